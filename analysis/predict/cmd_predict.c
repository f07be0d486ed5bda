// SPDX-License-Identifier: MIT
/*
 * cmd_predict.c - `nvsched predict`: predict the SM of every thread block of
 * a sequence of concurrent kernels (CONTRACTS.md §4, docs/predict.md).
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "json.h"
#include "predict.h"

static void usage(FILE *f)
{
	fprintf(f,
		"usage: nvsched predict [-j] [-p] [-e] [-s] [-g PROFILE] FILE\n"
		"       nvsched predict -l [-j] [-p]\n"
		"Predict the thread block-to-SM assignment of concurrent kernels\n"
		"(Wang et al., Algorithm 1). FILE is a kernel sequence (JSON, '-' = stdin):\n"
		"  { \"schema\": 1, \"gpu\": \"ga102-rtx3090\" | {...},\n"
		"    \"kernels\": [ { \"name\": \"k1\", \"blocks\": 41, \"threads\": 256,\n"
		"                   \"regs\": 32, \"smem\": 0, \"lmem\": 0, \"duration\": 1.0 } ] }\n"
		"options:\n"
		"  -j, --json             JSON output (CONTRACTS.md 4)\n"
		"  -p, --pretty           indented JSON\n"
		"  -e, --events           also list block start/completion events\n"
		"  -s, --sm-likelihood    gpc-rotation order: probability of each predicted SM\n"
		"                         over the hidden rotation states (measured shares)\n"
		"  -g, --profile NAME     use this GPU profile instead of the file's \"gpu\"\n"
		"  -l, --list-profiles    list the built-in GPU profiles\n"
		"  -h, --help             this help\n");
}

static void write_gpu_ints(struct jw *w, const struct pred_gpu *g, size_t from, size_t to)
{
	size_t i;

	for (i = from; i < to; i++)
		jw_kint(w, pred_gpu_int_key(i), pred_gpu_int(g, i));
}

static void write_gpu_json(struct jw *w, const struct pred_gpu *g)
{
	int i;

	jw_obj_begin(w);
	jw_kstr(w, "name", g->name);
	write_gpu_ints(w, g, 0, PRED_GI_SMEM_ALLOC_UNIT);
	jw_key(w, "smem_configs");
	jw_arr_begin(w);
	for (i = 0; i < g->n_smem_configs; i++)
		jw_int(w, g->smem_configs[i]);
	jw_arr_end(w);
	write_gpu_ints(w, g, PRED_GI_SMEM_ALLOC_UNIT, PRED_GI_ORDER_START);
	jw_kstr(w, "smem_config_scope", g->smem_config_per_sm ? "sm" : "tpc");
	jw_kbool(w, "lmem_waits_for_idle", !g->lmem_no_wait);
	jw_kbool(w, "smem_config_sticky", g->smem_config_sticky);
	jw_kbool(w, "reconfig_wait_first", g->reconfig_wait_first);
	jw_kbool(w, "tie_break_next", g->tie_break_next);
	if (pred_gpc_order(g)) {
		jw_kstr(w, "sm_order", "gpc-rotation");
		write_gpu_ints(w, g, PRED_GI_ORDER_START, PRED_GI_N);
		jw_key(w, "sm_vgpc");
		jw_arr_begin(w);
		for (i = 0; i < g->sms; i++)
			jw_int(w, g->sm_vgpc[i]);
		jw_arr_end(w);
	}
	jw_obj_end(w);
}

static int list_profiles(bool json, bool pretty)
{
	size_t i;

	if (json) {
		struct jw w;

		jw_init(&w, stdout, pretty);
		jw_obj_begin(&w);
		jw_kint(&w, "schema", 1);
		jw_key(&w, "profiles");
		jw_arr_begin(&w);
		for (i = 0; i < pred_profile_count(); i++)
			write_gpu_json(&w, pred_profile(i));
		jw_arr_end(&w);
		jw_obj_end(&w);
		jw_end_doc(&w);
		return CLI_EXIT_OK;
	}
	printf("%-16s %5s %5s %7s %8s %9s  %s\n", "PROFILE", "SMs", "TPCs", "blk/SM",
	       "warp/SM", "regs/SM", "smem configs (KiB)");
	for (i = 0; i < pred_profile_count(); i++) {
		const struct pred_gpu *g = pred_profile(i);
		int j;

		printf("%-16s %5d %5d %7d %8d %9ld  ", g->name, g->sms,
		       (g->sms + g->sms_per_tpc - 1) / g->sms_per_tpc, g->max_blocks_per_sm,
		       g->max_warps_per_sm, g->regs_per_sm);
		for (j = 0; j < g->n_smem_configs; j++)
			printf("%s%ld", j ? "/" : "", g->smem_configs[j] / 1024);
		printf("\n%16s source: %s\n", "", pred_profile_source(g));
	}
	return CLI_EXIT_OK;
}

/* a time, or null when it is not known (< 0) */
static void write_time(struct jw *w, const char *key, double t)
{
	jw_key(w, key);
	if (t >= 0)
		jw_double(w, t);
	else
		jw_null(w);
}

static void write_block_json(struct jw *w, const struct pred_block *pb, long b,
			     const double *lik)
{
	jw_obj_begin(w);
	jw_kint(w, "block", b);
	jw_key(w, "sm");
	if (pb->sm >= 0)
		jw_int(w, pb->sm);
	else
		jw_null(w);
	write_time(w, "start", pb->start);
	write_time(w, "end", pb->end);
	if (lik)
		jw_kdouble(w, "sm_likelihood", lik[b]);
	jw_obj_end(w);
}

static void write_kernel_json(struct jw *w, const struct pred_input *in,
			      const struct pred_result *r, size_t k, double **lik)
{
	const struct pred_kinfo *ki = &r->info[k];
	long b;

	jw_obj_begin(w);
	jw_kstr(w, "name", in->kernels[k].name);
	jw_kint(w, "warps_per_block", ki->warps);
	jw_kint(w, "regs_per_warp", ki->regs_per_warp);
	jw_kint(w, "smem_per_block", ki->smem_per_block);
	jw_kint(w, "occupancy", ki->occupancy);
	jw_kint(w, "smem_config", ki->config_smem);
	if (in->gpu.smem_config_double_max)
		jw_kint(w, "smem_config_need", ki->config_need);
	jw_key(w, "blocks");
	jw_arr_begin(w);
	for (b = 0; b < in->kernels[k].blocks; b++)
		write_block_json(w, &r->blocks[k][b], b, lik ? lik[k] : NULL);
	jw_arr_end(w);
	jw_obj_end(w);
}

static void write_events_json(struct jw *w, const struct pred_input *in,
			      const struct pred_result *r)
{
	size_t i;

	jw_key(w, "events");
	jw_arr_begin(w);
	for (i = 0; i < r->nevents; i++) {
		const struct pred_event *e = &r->events[i];

		jw_obj_begin(w);
		jw_kdouble(w, "t", e->t);
		jw_kstr(w, "event", e->start ? "start" : "end");
		jw_kstr(w, "kernel", in->kernels[e->kernel].name);
		jw_kint(w, "block", e->block);
		jw_kint(w, "sm", e->sm);
		jw_obj_end(w);
	}
	jw_arr_end(w);
}

static void write_json(const struct pred_input *in, const struct pred_result *r,
		       bool pretty, bool events, double **lik)
{
	struct jw w;
	size_t k;

	jw_init(&w, stdout, pretty);
	jw_obj_begin(&w);
	jw_kint(&w, "schema", 1);
	jw_key(&w, "gpu");
	if (in->gpu_named)
		jw_str(&w, in->gpu.name);
	else
		write_gpu_json(&w, &in->gpu);
	jw_key(&w, "kernels");
	jw_arr_begin(&w);
	for (k = 0; k < in->nkernels; k++)
		write_kernel_json(&w, in, r, k, lik);
	jw_arr_end(&w);
	write_time(&w, "makespan", r->makespan);
	jw_kint(&w, "unplaced", (long long)r->unplaced);
	if (events)
		write_events_json(&w, in, r);
	jw_obj_end(&w);
	jw_end_doc(&w);
}

static void write_text(const struct pred_input *in, const struct pred_result *r, bool events,
		       double **lik)
{
	const struct pred_gpu *g = &in->gpu;
	size_t k, i;
	long b;

	printf("GPU %s: %d SMs in %d TPCs, %d processing blocks/SM, %d blocks/SM, %d warps/SM, %ld registers/SM\n",
	       g->name, g->sms, (g->sms + g->sms_per_tpc - 1) / g->sms_per_tpc,
	       g->processing_blocks_per_sm, g->max_blocks_per_sm, g->max_warps_per_sm,
	       g->regs_per_sm);
	for (k = 0; k < in->nkernels; k++) {
		const struct pred_kernel *kd = &in->kernels[k];
		const struct pred_kinfo *ki = &r->info[k];

		printf("\nkernel %s: %ld blocks x %d threads (%d warps), %d regs/thread, smem %ld B/block (%ld with runtime), lmem %ld B/thread",
		       kd->name, kd->blocks, kd->threads, ki->warps, kd->regs, kd->smem,
		       ki->smem_per_block, kd->lmem);
		if (kd->duration >= 0)
			printf(", %g s", kd->duration);
		printf("\n  occupancy %ld blocks/SM, shared-memory configuration %ld KiB",
		       ki->occupancy, ki->config_smem / 1024);
		if (ki->config_need != ki->config_smem)
			printf(" (needs %ld KiB)", ki->config_need / 1024);
		printf("\n");
		if (lik)
			printf("  %6s %5s %12s %12s %6s\n", "block", "SM", "start", "end", "P(SM)");
		else
			printf("  %6s %5s %12s %12s\n", "block", "SM", "start", "end");
		for (b = 0; b < kd->blocks; b++) {
			const struct pred_block *pb = &r->blocks[k][b];
			char sm[16], st[32], en[32];

			snprintf(sm, sizeof(sm), pb->sm >= 0 ? "%d" : "-", pb->sm);
			if (pb->start >= 0)
				snprintf(st, sizeof(st), "%g", pb->start);
			else
				snprintf(st, sizeof(st), "waits");
			if (pb->end >= 0)
				snprintf(en, sizeof(en), "%g", pb->end);
			else
				snprintf(en, sizeof(en), "-");
			if (lik)
				printf("  %6ld %5s %12s %12s %6.3f\n", b, sm, st, en, lik[k][b]);
			else
				printf("  %6ld %5s %12s %12s\n", b, sm, st, en);
		}
	}
	printf("\n");
	if (r->unplaced)
		printf("%zu block(s) wait for blocks that never finish (give durations to place them)\n",
		       r->unplaced);
	if (r->makespan >= 0)
		printf("all blocks done at %g s\n", r->makespan);
	if (events) {
		printf("\nevents:\n");
		for (i = 0; i < r->nevents; i++) {
			const struct pred_event *e = &r->events[i];

			printf("  %12g %-5s %s block %ld SM %d\n", e->t, e->start ? "start" : "end",
			       in->kernels[e->kernel].name, e->block, e->sm);
		}
	}
}

struct popts {
	bool json, pretty, events, list, likelihood;
	const char *profile;
};

/* -1: go on; otherwise the exit status (-h, or a usage error) */
static int parse_opts(struct popts *o, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "pretty", no_argument, NULL, 'p' },
		{ "events", no_argument, NULL, 'e' },
		{ "sm-likelihood", no_argument, NULL, 's' },
		{ "profile", required_argument, NULL, 'g' },
		{ "list-profiles", no_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	optind = 0;	/* full re-initialisation (GNU): argv[0] is the command */
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:jpesg:lh", opts, NULL)) != -1) {
		switch (c) {
		case 'j': o->json = true; break;
		case 'p': o->pretty = true; break;
		case 'e': o->events = true; break;
		case 's': o->likelihood = true; break;
		case 'g': o->profile = optarg; break;
		case 'l': o->list = true; break;
		case 'h': usage(stdout); return CLI_EXIT_OK;
		case ':':
			fprintf(stderr, "nvsched predict: option '%s' needs an argument\n",
				argv[optind - 1]);
			return CLI_EXIT_USAGE;
		default:
			fprintf(stderr, "nvsched predict: unknown option '%s'\n", argv[optind - 1]);
			usage(stderr);
			return CLI_EXIT_USAGE;
		}
	}
	if (o->pretty)
		o->json = true;
	return -1;
}

/* Read and check the kernel sequence file; 0 or the exit status. */
static int load_input(const char *path, const char *profile, struct pred_input *in)
{
	struct json *doc;
	char err[512];
	int rc = CLI_EXIT_OK;

	if (strcmp(path, "-")) {
		FILE *f = fopen(path, "r");

		if (!f) {
			fprintf(stderr, "nvsched predict: %s: %s\n", path, strerror(errno));
			return CLI_EXIT_FAIL;
		}
		fclose(f);
	}
	doc = json_parse_file(path, err, sizeof(err));
	if (!doc) {
		fprintf(stderr, "nvsched predict: %s\n", err);
		return CLI_EXIT_USAGE;
	}
	if (pred_input_parse(doc, profile, in, err, sizeof(err))) {
		fprintf(stderr, "nvsched predict: %s: %s\n", path, err);
		rc = CLI_EXIT_USAGE;
	}
	json_free(doc);
	return rc;
}

/* The message of a failed prediction; its exit status. */
static int run_failed(const char *path, const char *err)
{
	fprintf(stderr, "nvsched predict: %s: %s\n", path, err);
	return strstr(err, "out of memory") ? CLI_EXIT_FAIL : CLI_EXIT_USAGE;
}

static int predict(const struct popts *o, const char *path, struct pred_input *in)
{
	struct pred_result res;
	double **lik = NULL;
	char err[512];

	if (pred_run(&in->gpu, in->kernels, in->nkernels, &res, err, sizeof(err)))
		return run_failed(path, err);
	if (o->likelihood &&
	    pred_sm_likelihood(&in->gpu, in->kernels, in->nkernels, &res, &lik, err, sizeof(err))) {
		pred_result_free(&res);
		return run_failed(path, err);
	}
	if (o->json)
		write_json(in, &res, o->pretty, o->events, lik);
	else
		write_text(in, &res, o->events, lik);
	pred_likelihood_free(lik, in->nkernels);
	pred_result_free(&res);
	return fflush(stdout) ? CLI_EXIT_FAIL : CLI_EXIT_OK;
}

int cmd_predict(const struct cli_global *g, int argc, char **argv)
{
	struct popts o = { .json = g && g->json, .pretty = g && g->pretty };
	struct pred_input in;
	int rc = parse_opts(&o, argc, argv);

	if (rc >= 0)
		return rc;
	if (o.list)
		return list_profiles(o.json, o.pretty);
	if (optind != argc - 1) {
		fprintf(stderr, "nvsched predict: expected one kernel sequence file\n");
		usage(stderr);
		return CLI_EXIT_USAGE;
	}
	rc = load_input(argv[optind], o.profile, &in);
	if (rc)
		return rc;
	rc = predict(&o, argv[optind], &in);
	pred_input_free(&in);
	return rc;
}
