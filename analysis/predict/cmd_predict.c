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

static void write_gpu_json(struct jw *w, const struct pred_gpu *g)
{
	int i;

	jw_obj_begin(w);
	jw_key(w, "name"); jw_str(w, g->name);
	jw_key(w, "sms"); jw_int(w, g->sms);
	jw_key(w, "sms_per_tpc"); jw_int(w, g->sms_per_tpc);
	jw_key(w, "processing_blocks_per_sm"); jw_int(w, g->processing_blocks_per_sm);
	jw_key(w, "max_blocks_per_sm"); jw_int(w, g->max_blocks_per_sm);
	jw_key(w, "max_warps_per_sm"); jw_int(w, g->max_warps_per_sm);
	jw_key(w, "regs_per_sm"); jw_int(w, g->regs_per_sm);
	jw_key(w, "reg_alloc_unit"); jw_int(w, g->reg_alloc_unit);
	jw_key(w, "max_regs_per_thread"); jw_int(w, g->max_regs_per_thread);
	jw_key(w, "smem_configs");
	jw_arr_begin(w);
	for (i = 0; i < g->n_smem_configs; i++)
		jw_int(w, g->smem_configs[i]);
	jw_arr_end(w);
	jw_key(w, "smem_alloc_unit"); jw_int(w, g->smem_alloc_unit);
	jw_key(w, "runtime_smem_per_block"); jw_int(w, g->runtime_smem_per_block);
	jw_key(w, "warp_size"); jw_int(w, g->warp_size);
	jw_key(w, "max_threads_per_block"); jw_int(w, g->max_threads_per_block);
	jw_key(w, "max_smem_per_block"); jw_int(w, g->max_smem_per_block);
	jw_key(w, "lmem_initial"); jw_int(w, g->lmem_initial);
	jw_key(w, "smem_config_min"); jw_int(w, g->smem_config_min);
	jw_key(w, "smem_config_scope"); jw_str(w, g->smem_config_per_sm ? "sm" : "tpc");
	jw_key(w, "lmem_waits_for_idle"); jw_bool(w, !g->lmem_no_wait);
	if (pred_gpc_order(g)) {
		jw_key(w, "sm_order"); jw_str(w, "gpc-rotation");
		jw_key(w, "order_start"); jw_int(w, g->order_start);
		jw_key(w, "order_phase"); jw_int(w, g->order_phase);
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
		jw_key(&w, "schema"); jw_int(&w, 1);
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

static void write_json(const struct pred_input *in, const struct pred_result *r,
		       bool pretty, bool events, double **lik)
{
	struct jw w;
	size_t k, i;
	long b;

	jw_init(&w, stdout, pretty);
	jw_obj_begin(&w);
	jw_key(&w, "schema"); jw_int(&w, 1);
	jw_key(&w, "gpu");
	if (in->gpu_named)
		jw_str(&w, in->gpu.name);
	else
		write_gpu_json(&w, &in->gpu);
	jw_key(&w, "kernels");
	jw_arr_begin(&w);
	for (k = 0; k < in->nkernels; k++) {
		const struct pred_kinfo *ki = &r->info[k];

		jw_obj_begin(&w);
		jw_key(&w, "name"); jw_str(&w, in->kernels[k].name);
		jw_key(&w, "warps_per_block"); jw_int(&w, ki->warps);
		jw_key(&w, "regs_per_warp"); jw_int(&w, ki->regs_per_warp);
		jw_key(&w, "smem_per_block"); jw_int(&w, ki->smem_per_block);
		jw_key(&w, "occupancy"); jw_int(&w, ki->occupancy);
		jw_key(&w, "smem_config"); jw_int(&w, ki->config_smem);
		jw_key(&w, "blocks");
		jw_arr_begin(&w);
		for (b = 0; b < in->kernels[k].blocks; b++) {
			const struct pred_block *pb = &r->blocks[k][b];

			jw_obj_begin(&w);
			jw_key(&w, "block"); jw_int(&w, b);
			jw_key(&w, "sm");
			if (pb->sm >= 0)
				jw_int(&w, pb->sm);
			else
				jw_null(&w);
			jw_key(&w, "start");
			if (pb->start >= 0)
				jw_double(&w, pb->start);
			else
				jw_null(&w);
			jw_key(&w, "end");
			if (pb->end >= 0)
				jw_double(&w, pb->end);
			else
				jw_null(&w);
			if (lik) {
				jw_key(&w, "sm_likelihood");
				jw_double(&w, lik[k][b]);
			}
			jw_obj_end(&w);
		}
		jw_arr_end(&w);
		jw_obj_end(&w);
	}
	jw_arr_end(&w);
	jw_key(&w, "makespan");
	if (r->makespan >= 0)
		jw_double(&w, r->makespan);
	else
		jw_null(&w);
	jw_key(&w, "unplaced"); jw_int(&w, (long long)r->unplaced);
	if (events) {
		jw_key(&w, "events");
		jw_arr_begin(&w);
		for (i = 0; i < r->nevents; i++) {
			const struct pred_event *e = &r->events[i];

			jw_obj_begin(&w);
			jw_key(&w, "t"); jw_double(&w, e->t);
			jw_key(&w, "event"); jw_str(&w, e->start ? "start" : "end");
			jw_key(&w, "kernel"); jw_str(&w, in->kernels[e->kernel].name);
			jw_key(&w, "block"); jw_int(&w, e->block);
			jw_key(&w, "sm"); jw_int(&w, e->sm);
			jw_obj_end(&w);
		}
		jw_arr_end(&w);
	}
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
		printf("\n  occupancy %ld blocks/SM, shared-memory configuration %ld KiB\n",
		       ki->occupancy, ki->config_smem / 1024);
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

int cmd_predict(const struct cli_global *g, int argc, char **argv)
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
	bool json = g && g->json, pretty = g && g->pretty, events = false, list = false;
	bool likelihood = false;
	double **lik = NULL;
	const char *profile = NULL, *path;
	struct pred_input in;
	struct pred_result res;
	struct json *doc;
	char err[512];
	int c;

	optind = 0;	/* full re-initialisation (GNU): argv[0] is the command */
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:jpesg:lh", opts, NULL)) != -1) {
		switch (c) {
		case 'j': json = true; break;
		case 'p': pretty = true; break;
		case 'e': events = true; break;
		case 's': likelihood = true; break;
		case 'g': profile = optarg; break;
		case 'l': list = true; break;
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
	if (pretty)
		json = true;
	if (list)
		return list_profiles(json, pretty);
	if (optind != argc - 1) {
		fprintf(stderr, "nvsched predict: expected one kernel sequence file\n");
		usage(stderr);
		return CLI_EXIT_USAGE;
	}
	path = argv[optind];
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
	if (pred_input_parse(doc, profile, &in, err, sizeof(err))) {
		fprintf(stderr, "nvsched predict: %s: %s\n", path, err);
		json_free(doc);
		return CLI_EXIT_USAGE;
	}
	json_free(doc);
	if (pred_run(&in.gpu, in.kernels, in.nkernels, &res, err, sizeof(err))) {
		fprintf(stderr, "nvsched predict: %s: %s\n", path, err);
		pred_input_free(&in);
		return strstr(err, "out of memory") ? CLI_EXIT_FAIL : CLI_EXIT_USAGE;
	}
	if (likelihood &&
	    pred_sm_likelihood(&in.gpu, in.kernels, in.nkernels, &res, &lik, err, sizeof(err))) {
		fprintf(stderr, "nvsched predict: %s: %s\n", path, err);
		pred_result_free(&res);
		pred_input_free(&in);
		return strstr(err, "out of memory") ? CLI_EXIT_FAIL : CLI_EXIT_USAGE;
	}
	if (json)
		write_json(&in, &res, pretty, events, lik);
	else
		write_text(&in, &res, events, lik);
	pred_likelihood_free(lik, in.nkernels);
	pred_result_free(&res);
	pred_input_free(&in);
	return fflush(stdout) ? CLI_EXIT_FAIL : CLI_EXIT_OK;
}
