// SPDX-License-Identifier: MIT
/*
 * cmd_rta.c - `nvsched rta`: response-time analysis of CPU/GPU tasksets
 * (GCAPS paper section 6), CONTRACTS.md section 3.  See docs/rta.md.
 */
#include "cli.h"
#include "json.h"
#include "rta.h"
#include "rta_gen.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *f)
{
	fprintf(f,
"usage: nvsched rta [options] TASKSET.json...\n"
"       nvsched rta --generate [generator options]\n"
"       nvsched rta --sweep PARAM=FROM:TO:STEP [generator options]\n"
"\n"
"End-to-end response-time analysis of CPU/GPU tasksets (ECRTS'24 GCAPS, sec. 6)\n"
"for default round-robin TSG scheduling and GCAPS, busy-waiting and\n"
"self-suspension.  Taskset format: CONTRACTS.md section 3 (\"-\" = stdin).\n"
"\n"
"  -j, --json                 JSON output (JSON Lines with \"file\" for several files)\n"
"  -p, --pretty               indented JSON\n"
"  -a, --assign-gpu-priorities  add gcaps_*_gpu_prio (Audsley GPU priorities, sec. 5.3)\n"
"      --compat artifact      reproduce the authors' published Python analysis\n"
"      --compat paper         the default: the paper with the soundness fixes\n"
"      --policy NAME[,NAME]   analyse only these policies\n"
"      --deviations LIST      diagnostic: reproduce only these artifact deviations\n"
"                             (D1,D2,D2b,D2c,D3,D4,D5,D7,D8,D9,D11,D12; all; none;\n"
"                             -Dn removes one; literal = Eq. (12) as printed, unsound)\n"
"  -h, --help                 this help\n"
"\n"
"Generator (paper Table 3 defaults; see nvsched-rta(1)):\n"
"      --generate             write random tasksets (JSON Lines on stdout, or\n"
"                             files with --out DIR)\n"
"      --sweep PARAM=A:B:S    CSV of schedulability %% per policy; PARAM is one of\n"
"                             util, tasks, cpus, gpu-ratio, gc-ratio, be-ratio\n"
"      --count N              tasksets (per sweep point); default 10 / 100\n"
"      --seed N               random seed (default 1)\n"
"      --out DIR              --generate: write DIR/ts_NNNN.json\n"
"      --cpus N  --tasks-per-cpu A:B  --util A:B  --period A:B  --gpu-ratio A:B\n"
"      --gpu-segments A:B  --gc-ratio A:B  --gm-ratio A:B  --be-ratio R\n"
"      --epsilon MS  --theta MS  --timeslice MS\n");
}

static int err_usage(const char *fmt, const char *arg)
{
	fprintf(stderr, "nvsched rta: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\n");
	return CLI_EXIT_USAGE;
}

struct opts {
	bool json, pretty, assign;
	unsigned dev;		/* RTA_DEV_*: 0 = paper, RTA_DEV_ARTIFACT = --compat artifact */
	bool pol[RTA_NPOLICIES];
};

static void print_json(const struct opts *o, struct jw *wp, const char *file,
		       const struct rta_taskset *ts, struct rta_result *res)
{
	struct jw w = *wp;

	jw_obj_begin(&w);
	JW_KEY(&w, "schema");
	jw_int(&w, 1);
	if (file) {
		JW_KEY(&w, "file");
		jw_str(&w, file);
	}
	JW_KEY(&w, "gpu");
	jw_null(&w);
	if (o->dev == RTA_DEV_ARTIFACT) {
		JW_KEY(&w, "compat");
		jw_str(&w, "artifact");
	} else if (o->dev) {
		JW_KEY(&w, "deviations");
		jw_hex(&w, o->dev);
	}
	JW_KEY(&w, "policies");
	jw_obj_begin(&w);
	for (int p = 0; p < RTA_NPOLICIES; p++) {
		bool gp = p == RTA_GCAPS_BUSY_GPU_PRIO || p == RTA_GCAPS_SUSPEND_GPU_PRIO;

		if (!o->pol[p])
			continue;
		jw_key(&w, rta_policy_names[p]);
		jw_obj_begin(&w);
		JW_KEY(&w, "schedulable");
		jw_bool(&w, res[p].schedulable);
		if (gp) {
			JW_KEY(&w, "stage");
			jw_str(&w, res[p].audsley ? "audsley" : "rm");
		}
		JW_KEY(&w, "tasks");
		jw_arr_begin(&w);
		for (int i = 0; i < ts->n; i++) {
			jw_obj_begin(&w);
			JW_KEY(&w, "name");
			jw_str(&w, ts->t[i].name);
			JW_KEY(&w, "response_time_ms");
			if (isnan(res[p].R[i]))
				jw_null(&w);
			else
				jw_double(&w, res[p].R[i]);
			if (gp) {
				JW_KEY(&w, "gpu_priority");
				if (res[p].has_gpu_prio && res[p].gpu_prio[i] > 0)
					jw_int(&w, res[p].gpu_prio[i]);
				else
					jw_null(&w);
			}
			if (!res[p].analysed[i] && !ts->t[i].be) {
				JW_KEY(&w, "analysed");
				jw_bool(&w, false);
			}
			jw_obj_end(&w);
		}
		jw_arr_end(&w);
		jw_obj_end(&w);
	}
	jw_obj_end(&w);	/* policies */
	jw_obj_end(&w);
	jw_end_doc(&w);
	*wp = w;
}

static const char *short_name(int p)
{
	static const char *const s[RTA_NPOLICIES] = {
		"rr_busy", "rr_susp", "gcaps_busy", "gcaps_susp", "busy_gprio", "susp_gprio",
	};
	return s[p];
}

static void print_table(const struct opts *o, const char *file, const struct rta_taskset *ts,
			struct rta_result *res)
{
	int wn = 4;

	for (int i = 0; i < ts->n; i++)
		if ((int)strlen(ts->t[i].name) > wn)
			wn = (int)strlen(ts->t[i].name);
	if (file)
		printf("%s:\n", file);
	printf("%-*s %3s %6s %9s %9s", wn, "task", "cpu", "prio", "T", "D");
	for (int p = 0; p < RTA_NPOLICIES; p++)
		if (o->pol[p])
			printf(" %12s", short_name(p));
	printf("\n");
	for (int i = 0; i < ts->n; i++) {
		const struct rta_task *t = &ts->t[i];

		printf("%-*s %3d ", wn, t->name, t->cpu);
		if (t->be)
			printf("%6s", "BE");
		else
			printf("%6g", t->prio);
		printf(" %9g %9g", t->T, t->D);
		for (int p = 0; p < RTA_NPOLICIES; p++) {
			char buf[64];

			if (!o->pol[p])
				continue;
			if (t->be)
				snprintf(buf, sizeof(buf), "-");
			else if (!isnan(res[p].R[i]))
				snprintf(buf, sizeof(buf), "%.4f", res[p].R[i]);
			else if (!res[p].analysed[i] && res[p].audsley && res[p].schedulable)
				snprintf(buf, sizeof(buf), "ok");
			else if (!res[p].analysed[i] && res[p].audsley)
				snprintf(buf, sizeof(buf), "-");
			else if (!res[p].analysed[i])
				snprintf(buf, sizeof(buf), "n/a");
			else
				snprintf(buf, sizeof(buf), "> D");
			if (res[p].has_gpu_prio && res[p].gpu_prio[i] > 0 &&
			    (p == RTA_GCAPS_BUSY_GPU_PRIO || p == RTA_GCAPS_SUSPEND_GPU_PRIO)) {
				size_t l = strlen(buf);

				snprintf(buf + l, sizeof(buf) - l, " g%d", res[p].gpu_prio[i]);
			}
			printf(" %12s", buf);
		}
		printf("\n");
	}
	printf("%-*s %3s %6s %9s %9s", wn, "schedulable", "", "", "", "");
	for (int p = 0; p < RTA_NPOLICIES; p++) {
		char buf[32];

		if (!o->pol[p])
			continue;
		snprintf(buf, sizeof(buf), "%s%s", res[p].schedulable ? "yes" : "no",
			 (p >= RTA_GCAPS_BUSY_GPU_PRIO && res[p].audsley) ? " (aud)" : "");
		printf(" %12s", buf);
	}
	printf("\n");
}

static int parse_policies(struct opts *o, const char *arg)
{
	char *s = strdup(arg), *save = NULL;
	int rc = 0;

	memset(o->pol, 0, sizeof(o->pol));
	for (char *tok = strtok_r(s, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		int p;

		for (p = 0; p < RTA_NPOLICIES; p++)
			if (!strcmp(tok, rta_policy_names[p]))
				break;
		if (p == RTA_NPOLICIES) {
			rc = -1;
			break;
		}
		o->pol[p] = true;
	}
	free(s);
	return rc;
}

enum { O_COMPAT = 256, O_DEV, O_POLICY, O_GENERATE, O_SWEEP, O_GEN_BASE };

struct args {
	struct opts o;
	struct rta_gen_opts go;
	bool generate, pol_given;
	const char *sweep;
};

static int opt_compat(struct opts *o, const char *arg)
{
	if (!strcmp(arg, "artifact"))
		o->dev = RTA_DEV_ARTIFACT;
	else if (!strcmp(arg, "paper") || !strcmp(arg, "none"))
		o->dev = 0;
	else
		return err_usage("--compat: unknown mode '%s' (artifact, paper)", arg);
	return -1;
}

static int opt_deviations(struct opts *o, const char *arg)
{
	long m = rta_parse_deviations(arg);

	if (m < 0)
		return err_usage("--deviations: bad list '%s' (D1,D2,D2b,D2c,D3,D4,D5,D7,D8,D9,D11,all,none,literal)",
				 arg);
	o->dev = (unsigned)m;
	return -1;
}

/* One option; -1: go on, otherwise the exit status. */
static int apply_opt(struct args *a, int c, char **argv)
{
	switch (c) {
	case 'h':
		usage(stdout);
		return CLI_EXIT_OK;
	case 'j':
		a->o.json = true;
		return -1;
	case 'p':
		a->o.pretty = true;
		return -1;
	case 'a':
		a->o.assign = true;
		return -1;
	case O_COMPAT:
		return opt_compat(&a->o, optarg);
	case O_DEV:
		return opt_deviations(&a->o, optarg);
	case O_POLICY:
		if (parse_policies(&a->o, optarg) < 0)
			return err_usage("--policy: unknown policy in '%s'", optarg);
		a->pol_given = true;
		return -1;
	case O_GENERATE:
		a->generate = true;
		return -1;
	case O_SWEEP:
		a->sweep = optarg;
		return -1;
	case '?':
	case ':':
		fprintf(stderr, "nvsched rta: bad option '%s' (try --help)\n",
			argv[optind - 1 > 0 ? optind - 1 : 0]);
		return CLI_EXIT_USAGE;
	}
	if (c >= O_GEN_BASE) {
		const char *e = rta_gen_opt(&a->go, c - O_GEN_BASE, optarg);

		return e ? err_usage("%s", e) : -1;
	}
	return CLI_EXIT_USAGE;
}

/* -1: go on; otherwise the exit status (--help, or a usage error) */
static int parse_opts(struct args *a, int argc, char **argv)
{
	static const struct option lo[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "json", no_argument, NULL, 'j' },
		{ "pretty", no_argument, NULL, 'p' },
		{ "assign-gpu-priorities", no_argument, NULL, 'a' },
		{ "compat", required_argument, NULL, O_COMPAT },
		{ "policy", required_argument, NULL, O_POLICY },
		{ "deviations", required_argument, NULL, O_DEV },
		{ "generate", no_argument, NULL, O_GENERATE },
		{ "sweep", required_argument, NULL, O_SWEEP },
		RTA_GEN_LONGOPTS(O_GEN_BASE),
		{ NULL, 0, NULL, 0 },
	};
	int c, rc;

	rta_gen_opts_init(&a->go);
	optind = 0;	/* reinitialise getopt: cmd_rta may run several times */
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+hjpa", lo, NULL)) != -1) {
		rc = apply_opt(a, c, argv);
		if (rc >= 0)
			return rc;
	}
	return -1;
}

/* Without --policy: all but the *_gpu_prio ones (those too with -a). */
static void default_policies(struct args *a)
{
	struct opts *o = &a->o;

	if (!a->pol_given)
		for (int p = 0; p < RTA_NPOLICIES; p++)
			o->pol[p] = o->assign || (p != RTA_GCAPS_BUSY_GPU_PRIO &&
						  p != RTA_GCAPS_SUSPEND_GPU_PRIO);
	else if (!o->assign && (o->pol[RTA_GCAPS_BUSY_GPU_PRIO] ||
				o->pol[RTA_GCAPS_SUSPEND_GPU_PRIO]))
		o->assign = true;
}

static int sweep(const struct args *a)
{
	bool pol[RTA_NPOLICIES];

	for (int p = 0; p < RTA_NPOLICIES; p++)
		pol[p] = a->pol_given ? a->o.pol[p] : true;
	return rta_cmd_sweep(&a->go, a->sweep, pol, a->o.dev);
}

/* Analyse one taskset file and print its answer (file: its name, or NULL). */
static int analyse_file(const struct opts *o, struct jw *w, const char *path,
			const char *file, bool first)
{
	struct rta_taskset ts;
	struct rta_result res[RTA_NPOLICIES];
	char err[512];

	if (rta_taskset_load(path, &ts, err, sizeof(err)) < 0) {
		jw_flush(w);
		fflush(stdout);		/* keep stdout and stderr in order */
		fprintf(stderr, "nvsched rta: %s\n", err);
		return CLI_EXIT_USAGE;
	}
	for (int p = 0; p < RTA_NPOLICIES; p++)
		rta_result_init(&res[p], ts.n);
	rta_analyze_all(&ts, o->dev, o->pol, res);
	if (o->json) {
		print_json(o, w, file, &ts, res);
	} else {
		if (!first)
			printf("\n");
		print_table(o, file, &ts, res);
	}
	for (int p = 0; p < RTA_NPOLICIES; p++)
		rta_result_free(&res[p]);
	rta_taskset_free(&ts);
	return CLI_EXIT_OK;
}

static int analyse_files(const struct opts *o, int nfiles, char **files)
{
	/* JSON of all files collected here, written when full and at the end */
	size_t obcap = 256 * 1024;
	char *ob = o->json ? malloc(obcap) : NULL;
	int rc = CLI_EXIT_OK;
	struct jw w;

	jw_init(&w, stdout, o->pretty);
	if (ob)
		jw_buffer(&w, ob, obcap);
	for (int f = 0; f < nfiles; f++)
		if (analyse_file(o, &w, files[f], nfiles > 1 ? files[f] : NULL, f == 0))
			rc = CLI_EXIT_USAGE;
	jw_flush(&w);
	free(ob);
	return rc;
}

int cmd_rta(const struct cli_global *g, int argc, char **argv)
{
	struct args a = { .o = { .json = g && g->json, .pretty = g && g->pretty } };
	int rc = parse_opts(&a, argc, argv);

	if (rc >= 0)
		return rc;
	default_policies(&a);
	if (a.generate && a.sweep)
		return err_usage("%s", "--generate and --sweep are exclusive");
	if (a.generate)
		return rta_cmd_generate(&a.go, a.o.json, a.o.pretty);
	if (a.sweep)
		return sweep(&a);
	if (optind >= argc)
		return err_usage("%s", "no taskset file (try --help)");
	return analyse_files(&a.o, argc - optind, argv + optind);
}
