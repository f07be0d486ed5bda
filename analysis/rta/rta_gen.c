// SPDX-License-Identifier: MIT
/*
 * rta_gen.c - random tasksets with the GCAPS paper's Table 3 parameters
 * (UUniFast per CPU, rate-monotonic priorities, WFD placement, optional
 * best-effort ratio) and the schedulability sweep (Fig. 8 shape).
 */
#include "rta_gen.h"
#include "cli.h"
#include "json.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* splitmix64: small, seedable, identical on every platform */
uint64_t rta_rng_next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

double rta_rng_uniform(uint64_t *s)
{
	return (rta_rng_next(s) >> 11) * (1.0 / 9007199254740992.0);
}

static double uni(uint64_t *s, double a, double b)
{
	return a + (b - a) * rta_rng_uniform(s);
}

static int uni_int(uint64_t *s, int a, int b)
{
	if (b <= a)
		return a;
	return a + (int)(rta_rng_next(s) % (uint64_t)(b - a + 1));
}

/* UUniFast (Bini & Buttazzo): n shares summing to total. */
static void uunifast(uint64_t *s, int n, double total, double *out)
{
	double sum = total;

	for (int i = 0; i < n - 1; i++) {
		double next = sum * pow(rta_rng_uniform(s), 1.0 / (n - i - 1));

		out[i] = sum - next;
		sum = next;
	}
	if (n > 0)
		out[n - 1] = sum;
}

static double round_to(double v, double q)
{
	return round(v / q) * q;
}

void rta_gen_defaults(struct rta_gen_params *p)
{
	*p = (struct rta_gen_params){
		.cpus = 4, .tasks_min = 3, .tasks_max = 6,
		.gpu_ratio_min = 0.4, .gpu_ratio_max = 0.6,
		.util_min = 0.4, .util_max = 0.6,
		.period_min = 30, .period_max = 500,
		.gseg_min = 1, .gseg_max = 3,
		.gc_min = 0.2, .gc_max = 2,
		.gm_min = 0.1, .gm_max = 0.3,
		.eps = 1, .theta = 0.2, .L = 1.024,
		.be_ratio = 0,
	};
}

/* Fisher-Yates shuffle of idx[0..n-1]. */
static void shuffle(uint64_t *rng, int *idx, int n)
{
	for (int i = n - 1; i > 0; i--) {
		int j = (int)(rta_rng_next(rng) % (uint64_t)(i + 1)), x = idx[i];

		idx[i] = idx[j];
		idx[j] = x;
	}
}

/* idx = 0..n-1, stably sorted (insertion) so that no element is before() its predecessor. */
static void order_by(int *idx, int n, bool (*before)(const void *, int, int), const void *ctx)
{
	for (int i = 0; i < n; i++)
		idx[i] = i;
	for (int a = 1; a < n; a++)
		for (int b = a; b > 0 && before(ctx, idx[b], idx[b - 1]); b--) {
			int x = idx[b];

			idx[b] = idx[b - 1];
			idx[b - 1] = x;
		}
}

static bool shorter_period(const void *ts, int a, int b)
{
	const struct rta_task *t = ((const struct rta_taskset *)ts)->t;

	return t[a].T < t[b].T;
}

static bool higher_util(const void *U, int a, int b)
{
	return ((const double *)U)[a] > ((const double *)U)[b];
}

/* GPU-using tasks: a random subset of the drawn ratio (idx: scratch). */
static bool *gen_gpu_tasks(const struct rta_gen_params *p, uint64_t *rng, int n, int *idx)
{
	int ng = (int)lround(uni(rng, p->gpu_ratio_min, p->gpu_ratio_max) * n);
	bool *gpu = calloc(n, sizeof(bool));

	for (int i = 0; i < n; i++)
		idx[i] = i;
	shuffle(rng, idx, n);
	for (int i = 0; i < ng && i < n; i++)
		gpu[idx[i]] = true;
	return gpu;
}

/*
 * The segments of a task of demand E: all on the CPU, or split into
 * C = E / (1 + G/C) over ng + 1 CPU segments and G = E - C over ng GPU
 * segments (misc share gm of each); then C, G, G^m, G^e as their sums.
 */
static void gen_segments(const struct rta_gen_params *p, uint64_t *rng, struct rta_task *t,
			 double E, bool gpu)
{
	if (gpu) {
		double r = uni(rng, p->gc_min, p->gc_max), gm = uni(rng, p->gm_min, p->gm_max);
		double C = E / (1 + r), G = E - C;
		double *sh;

		t->ng = uni_int(rng, p->gseg_min, p->gseg_max);
		t->nc = t->ng + 1;
		sh = calloc(t->nc, sizeof(double));
		t->cseg = calloc(t->nc, sizeof(double));
		t->gm = calloc(t->ng, sizeof(double));
		t->ge = calloc(t->ng, sizeof(double));
		uunifast(rng, t->nc, C, sh);
		for (int j = 0; j < t->nc; j++)
			t->cseg[j] = sh[j];
		uunifast(rng, t->ng, G, sh);
		for (int j = 0; j < t->ng; j++) {
			t->gm[j] = sh[j] * gm;
			t->ge[j] = sh[j] - t->gm[j];
		}
		free(sh);
	} else {
		t->nc = 1;
		t->cseg = calloc(1, sizeof(double));
		t->cseg[0] = E;
		t->gm = calloc(1, sizeof(double));
		t->ge = calloc(1, sizeof(double));
	}
	t->C = t->G = t->Gm = t->Ge = 0;
	for (int j = 0; j < t->nc; j++)
		t->C += t->cseg[j];
	for (int j = 0; j < t->ng; j++) {
		t->Gm += t->gm[j];
		t->Ge += t->ge[j];
		t->G += t->gm[j] + t->ge[j];
	}
}

/* WFD: decreasing utilisation, each to the least loaded CPU (idx: scratch, left in that order). */
static void assign_cpus_wfd(struct rta_taskset *ts, int cpus, const double *U, int *idx)
{
	double *cpu_load = calloc(cpus, sizeof(double));

	order_by(idx, ts->n, higher_util, U);
	for (int a = 0; a < ts->n; a++) {
		int best = 0;

		for (int c = 1; c < cpus; c++)
			if (cpu_load[c] < cpu_load[best])
				best = c;
		ts->t[idx[a]].cpu = best;
		cpu_load[best] += U[idx[a]];
	}
	free(cpu_load);
}

void rta_generate(const struct rta_gen_params *p, uint64_t *rng, struct rta_taskset *ts)
{
	int cpus = p->cpus > 0 ? p->cpus : 1;
	int *per = calloc(cpus, sizeof(int));
	int n = 0, k = 0, nbe;
	double *U;
	int *idx;
	bool *gpu;

	memset(ts, 0, sizeof(*ts));
	ts->cpus = cpus;
	ts->eps = p->eps;
	ts->theta = p->theta;
	ts->L = p->L;
	for (int c = 0; c < cpus; c++) {
		per[c] = uni_int(rng, p->tasks_min, p->tasks_max);
		n += per[c];
	}
	ts->n = n;
	ts->t = calloc(n, sizeof(*ts->t));
	U = calloc(n, sizeof(double));
	idx = calloc(n, sizeof(int));
	/* utilisation per CPU by UUniFast */
	for (int c = 0; c < cpus; c++) {
		uunifast(rng, per[c], uni(rng, p->util_min, p->util_max), U + k);
		k += per[c];
	}
	gpu = gen_gpu_tasks(p, rng, n, idx);
	for (int i = 0; i < n; i++) {
		struct rta_task *t = &ts->t[i];
		char name[16];

		snprintf(name, sizeof(name), "t%d", i);
		t->name = strdup(name);
		t->T = t->D = round_to(uni(rng, p->period_min, p->period_max), 0.001);
		if (U[i] < 1e-4)
			U[i] = 1e-4;
		gen_segments(p, rng, t, U[i] * t->T, gpu[i]);
	}
	/* rate-monotonic priorities: shorter period = higher (n..1) */
	order_by(idx, n, shorter_period, ts);
	for (int a = 0; a < n; a++)
		ts->t[idx[a]].prio = n - a;
	assign_cpus_wfd(ts, cpus, U, idx);
	/* best-effort tasks: a random subset */
	nbe = (int)lround(p->be_ratio * n);
	shuffle(rng, idx, n);
	for (int i = 0; i < nbe && i < n; i++)
		ts->t[idx[i]].be = true;
	free(per);
	free(U);
	free(idx);
	free(gpu);
}

static void write_task(struct jw *w, const struct rta_task *t)
{
	jw_obj_begin(w);
	jw_kstr(w, "name", t->name);
	jw_kint(w, "cpu", t->cpu);
	jw_kdouble(w, "period_ms", t->T);
	jw_kdouble(w, "deadline_ms", t->D);
	jw_key(w, "priority");
	if (t->be)
		jw_null(w);
	else if (t->prio == (double)(long long)t->prio)
		jw_int(w, (long long)t->prio);
	else
		jw_double(w, t->prio);
	if (t->has_gprio)
		jw_kdouble(w, "gpu_priority", t->gprio);
	jw_key(w, "cpu_segments_ms");
	jw_arr_begin(w);
	for (int j = 0; j < t->nc; j++)
		jw_double(w, t->cseg[j]);
	jw_arr_end(w);
	jw_key(w, "gpu_segments");
	jw_arr_begin(w);
	for (int j = 0; j < t->ng; j++) {
		jw_obj_begin(w);
		jw_kdouble(w, "misc_ms", t->gm[j]);
		jw_kdouble(w, "exec_ms", t->ge[j]);
		jw_obj_end(w);
	}
	jw_arr_end(w);
	jw_obj_end(w);
}

void rta_taskset_write(FILE *f, const struct rta_taskset *ts, bool pretty)
{
	struct jw w;

	jw_init(&w, f, pretty);
	jw_obj_begin(&w);
	jw_kint(&w, "schema", 1);
	jw_key(&w, "platform");
	jw_obj_begin(&w);
	jw_kint(&w, "cpus", ts->cpus);
	jw_kdouble(&w, "epsilon_ms", ts->eps);
	jw_kdouble(&w, "theta_ms", ts->theta);
	jw_kdouble(&w, "timeslice_ms", ts->L);
	jw_obj_end(&w);
	jw_key(&w, "tasks");
	jw_arr_begin(&w);
	for (int i = 0; i < ts->n; i++)
		write_task(&w, &ts->t[i]);
	jw_arr_end(&w);
	jw_obj_end(&w);
	jw_end_doc(&w);
}

void rta_gen_opts_init(struct rta_gen_opts *o)
{
	memset(o, 0, sizeof(*o));
	rta_gen_defaults(&o->p);
	o->seed = 1;
}

static bool parse_num(const char *s, double *v)
{
	char *end;

	errno = 0;
	*v = strtod(s, &end);
	return end != s && !*end && !errno && isfinite(*v);
}

/* "A:B" or "A" (A = B) */
static bool parse_range(const char *s, double *a, double *b)
{
	const char *colon = strchr(s, ':');
	char buf[64];

	if (!colon)
		return parse_num(s, a) && (*b = *a, true);
	if ((size_t)(colon - s) >= sizeof(buf))
		return false;
	memcpy(buf, s, colon - s);
	buf[colon - s] = 0;
	return parse_num(buf, a) && parse_num(colon + 1, b) && *a <= *b;
}

/*
 * The options that take one value: true when which is one of them, with
 * *err the message for a bad value (NULL: taken).
 */
static bool scalar_opt(struct rta_gen_opts *o, int which, const char *arg, const char **err)
{
	struct rta_gen_params *p = &o->p;
	double a;

	*err = NULL;
	switch (which) {
	case RTA_GO_COUNT:
		if (!parse_num(arg, &a) || a < 1 || a > 1e9)
			*err = "--count: expected a positive integer";
		else
			o->count = (int)a;
		return true;
	case RTA_GO_SEED: {
		char *end;

		errno = 0;
		o->seed = strtoull(arg, &end, 0);
		if (*end || errno || end == arg)
			*err = "--seed: expected an integer";
		return true;
	}
	case RTA_GO_OUT:
		o->out = arg;
		return true;
	case RTA_GO_CPUS:
		if (!parse_num(arg, &a) || a < 1 || a > 1024)
			*err = "--cpus: expected 1..1024";
		else
			p->cpus = (int)a;
		return true;
	case RTA_GO_BE:
		if (!parse_num(arg, &a) || a < 0 || a > 1)
			*err = "--be-ratio: expected 0..1";
		else
			p->be_ratio = a;
		return true;
	case RTA_GO_EPS:
		if (!parse_num(arg, &a) || a < 0)
			*err = "--epsilon: expected a number >= 0";
		else
			p->eps = a;
		return true;
	case RTA_GO_THETA:
		if (!parse_num(arg, &a) || a < 0)
			*err = "--theta: expected a number >= 0";
		else
			p->theta = a;
		return true;
	case RTA_GO_L:
		if (!parse_num(arg, &a) || !(a > 0))
			*err = "--timeslice: expected a number > 0";
		else
			p->L = a;
		return true;
	}
	return false;
}

/* The options that take a range A:B. */
static const char *range_opt(struct rta_gen_params *p, int which, const char *arg)
{
	double a, b;

	if (!parse_range(arg, &a, &b) || a < 0)
		return "expected a range A:B (A <= B, both >= 0)";
	switch (which) {
	case RTA_GO_TASKS:
		if (a < 1 || b > 10000)
			return "--tasks-per-cpu: expected A:B within 1..10000";
		p->tasks_min = (int)a, p->tasks_max = (int)b;
		break;
	case RTA_GO_UTIL:
		p->util_min = a, p->util_max = b;
		break;
	case RTA_GO_PERIOD:
		if (!(a > 0))
			return "--period: periods must be > 0";
		p->period_min = a, p->period_max = b;
		break;
	case RTA_GO_GPU_RATIO:
		if (b > 1)
			return "--gpu-ratio: expected fractions 0..1";
		p->gpu_ratio_min = a, p->gpu_ratio_max = b;
		break;
	case RTA_GO_GSEG:
		if (a < 1 || b > 1000)
			return "--gpu-segments: expected A:B within 1..1000";
		p->gseg_min = (int)a, p->gseg_max = (int)b;
		break;
	case RTA_GO_GC:
		p->gc_min = a, p->gc_max = b;
		break;
	case RTA_GO_GM:
		if (b > 1)
			return "--gm-ratio: expected fractions 0..1";
		p->gm_min = a, p->gm_max = b;
		break;
	default:
		return "unknown generator option";
	}
	return NULL;
}

const char *rta_gen_opt(struct rta_gen_opts *o, int which, const char *arg)
{
	const char *err;

	if (scalar_opt(o, which, arg, &err))
		return err;
	return range_opt(&o->p, which, arg);
}

int rta_cmd_generate(const struct rta_gen_opts *o, bool json, bool pretty)
{
	uint64_t rng = o->seed;
	int count = o->count ? o->count : 10;

	(void)json;
	if (o->out && mkdir(o->out, 0777) < 0 && errno != EEXIST) {
		fprintf(stderr, "nvsched rta: %s: %s\n", o->out, strerror(errno));
		return CLI_EXIT_FAIL;
	}
	for (int k = 0; k < count; k++) {
		struct rta_taskset ts;

		rta_generate(&o->p, &rng, &ts);
		if (o->out) {
			char path[4096];
			FILE *f;

			snprintf(path, sizeof(path), "%s/ts_%04d.json", o->out, k);
			f = fopen(path, "w");
			if (!f) {
				fprintf(stderr, "nvsched rta: %s: %s\n", path, strerror(errno));
				rta_taskset_free(&ts);
				return CLI_EXIT_FAIL;
			}
			rta_taskset_write(f, &ts, true);
			fclose(f);
		} else {
			rta_taskset_write(stdout, &ts, pretty);
		}
		rta_taskset_free(&ts);
	}
	return CLI_EXIT_OK;
}

static const char *const sweep_params[] = {
	"util", "tasks", "cpus", "gpu-ratio", "gc-ratio", "be-ratio", NULL,
};

static void sweep_apply(struct rta_gen_params *p, int which, double x)
{
	switch (which) {
	case 0: p->util_min = p->util_max = x; break;
	case 1: p->tasks_min = p->tasks_max = (int)lround(x); break;
	case 2: p->cpus = (int)lround(x); break;
	case 3: p->gpu_ratio_min = p->gpu_ratio_max = x; break;
	case 4: p->gc_min = p->gc_max = x; break;
	case 5: p->be_ratio = x; break;
	}
}

int rta_cmd_sweep(const struct rta_gen_opts *o, const char *spec, const bool *pol,
		  unsigned dev)
{
	const char *eq = strchr(spec, '=');
	char name[32], rest[128], *c1, *c2;
	double from, to, step;
	int which = -1, count = o->count ? o->count : 100;

	if (!eq || (size_t)(eq - spec) >= sizeof(name) || strlen(eq + 1) >= sizeof(rest))
		goto bad;
	memcpy(name, spec, eq - spec);
	name[eq - spec] = 0;
	strcpy(rest, eq + 1);
	for (int k = 0; sweep_params[k]; k++)
		if (!strcmp(name, sweep_params[k]))
			which = k;
	c1 = strchr(rest, ':');
	c2 = c1 ? strchr(c1 + 1, ':') : NULL;
	if (which < 0 || !c1 || !c2)
		goto bad;
	*c1 = *c2 = 0;
	if (!parse_num(rest, &from) || !parse_num(c1 + 1, &to) || !parse_num(c2 + 1, &step) ||
	    !(step > 0) || to < from || (to - from) / step > 1e6)
		goto bad;
	if ((which == 1 || which == 2) && from < 1)
		goto bad;

	printf("%s", name);
	for (int p = 0; p < RTA_NPOLICIES; p++)
		if (pol[p])
			printf(",%s", rta_policy_names[p]);
	printf(",tasksets\n");
	for (int s = 0;; s++) {
		double x = from + s * step;
		struct rta_gen_params gp = o->p;
		int ok[RTA_NPOLICIES] = { 0 };
		uint64_t rng = o->seed * 0x100000001b3ULL + (uint64_t)s;

		if (x > to + step * 1e-9)
			break;
		sweep_apply(&gp, which, x);
		for (int k = 0; k < count; k++) {
			struct rta_taskset ts;

			rta_generate(&gp, &rng, &ts);
			for (int p = 0; p < RTA_NPOLICIES; p++) {
				struct rta_result r;

				if (!pol[p])
					continue;
				rta_result_init(&r, ts.n);
				rta_analyze_dev(&ts, p, dev, &r);
				ok[p] += r.schedulable;
				rta_result_free(&r);
			}
			rta_taskset_free(&ts);
		}
		printf("%.10g", x);
		for (int p = 0; p < RTA_NPOLICIES; p++)
			if (pol[p])
				printf(",%.2f", 100.0 * ok[p] / count);
		printf(",%d\n", count);
		fflush(stdout);
	}
	return CLI_EXIT_OK;
bad:
	fprintf(stderr, "nvsched rta: --sweep: expected PARAM=FROM:TO:STEP with PARAM one of "
			"util, tasks, cpus, gpu-ratio, gc-ratio, be-ratio\n");
	return CLI_EXIT_USAGE;
}
