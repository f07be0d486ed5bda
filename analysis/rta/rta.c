// SPDX-License-Identifier: MIT
/*
 * rta.c - taskset reader and the response-time analyses of the GCAPS
 * paper (ECRTS'24, section 6).  See rta.h and docs/rta.md.
 *
 * Notation follows the paper: C_i, G_i, G^m_i, G^e_i, eta^g_i (ng), T, D,
 * eps (runlist update), theta (TSG switch), L (timeslice).
 */
#include "rta.h"
#include "json.h"
#include "nvsched/errbuf.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

const char *const rta_policy_names[RTA_NPOLICIES] = {
	"tsg_rr_busy", "tsg_rr_suspend", "gcaps_busy", "gcaps_suspend",
	"gcaps_busy_gpu_prio", "gcaps_suspend_gpu_prio",
};

/* ------------------------------------------------------------------ input */

/* the message into err (nvsched/errbuf.h), then -1 */
#define fail(err, errlen, ...) (nvs_seterr(err, errlen, __VA_ARGS__), -1)

/* The analysis has no way back from a failed allocation: a message, exit 1. */
static void *need(void *p)
{
	if (!p) {
		fprintf(stderr, "nvsched rta: out of memory\n");
		exit(1);
	}
	return p;
}

static void *xcalloc(size_t n, size_t sz)
{
	return need(calloc(n ? n : 1, sz));
}

static bool num_ok(double v)
{
	return isfinite(v) && v >= 0;
}

/* The members of a task object that the reader uses (first occurrence). */
enum { K_NAME, K_CPU, K_PERIOD, K_DEADLINE, K_PRIO, K_GPRIO, K_CSEG, K_GSEG, K_CTOT, K_GTOT, NK };

static const char *const task_keys[NK] = {
	"name", "cpu", "period_ms", "deadline_ms", "priority", "gpu_priority",
	"cpu_segments_ms", "gpu_segments", "cpu_total_ms", "gpu_total_ms",
};

/*
 * v[k] = json_get(jt, task_keys[k]) for every k, in one pass over jt; v
 * comes zeroed (NULL: absent).
 */
static void task_members(const struct json *jt, const struct json **v)
{
	for (size_t m = 0; m < jt->n; m++) {
		const char *key = jt->keys[m];
		int k;

		/* the one candidate by the first letters, then compared whole */
		switch (key[0]) {
		case 'n':
			k = K_NAME;
			break;
		case 'c':	/* cpu, cpu_segments_ms, cpu_total_ms */
			if (key[1] != 'p' || key[2] != 'u')
				continue;
			k = !key[3] ? K_CPU : key[3] != '_' ? -1 : key[4] == 's' ? K_CSEG : K_CTOT;
			break;
		case 'p':	/* period_ms, priority */
			k = key[1] == 'e' ? K_PERIOD : K_PRIO;
			break;
		case 'd':
			k = K_DEADLINE;
			break;
		case 'g':	/* gpu_priority, gpu_segments, gpu_total_ms */
			if (key[1] != 'p' || key[2] != 'u' || key[3] != '_')
				continue;
			k = key[4] == 'p' ? K_GPRIO : key[4] == 's' ? K_GSEG : K_GTOT;
			break;
		default:
			continue;
		}
		if (k >= 0 && !v[k] && !strcmp(key, task_keys[k]))
			v[k] = jt->items[m];
	}
}

static bool num_of(const struct json *v, double *out)
{
	if (!v || v->type != JSON_NUMBER)
		return false;
	*out = v->num;
	return true;
}

/* The task's name, or "t<idx>" when it has none, copied to *nmem. */
static int task_name(const struct json *const *v, int idx, struct rta_task *t, char **nmem,
		     char *err, size_t errlen)
{
	if (v[K_NAME] && v[K_NAME]->type == JSON_STRING) {
		size_t l = strlen(v[K_NAME]->str) + 1;

		t->name = memcpy(*nmem, v[K_NAME]->str, l);
		*nmem += l;
	} else if (!v[K_NAME] || v[K_NAME]->type == JSON_NULL) {
		t->name = *nmem;
		*nmem += snprintf(*nmem, 32, "t%d", idx) + 1;
	} else {
		return fail(err, errlen, "tasks[%d]: \"name\" must be a string", idx);
	}
	return 0;
}

/* cpu, period_ms and deadline_ms (constrained: D <= T). */
static int task_timing(const struct json *const *v, struct rta_task *t, char *err, size_t errlen)
{
	const struct json *a;
	double x;

	if (!num_of(v[K_CPU], &x) || !json_is_int(v[K_CPU]) || x < 0 || x >= RTA_MAX_CPUS)
		return fail(err, errlen, "task %s: \"cpu\" must be an integer from 0 to %d",
			    t->name, RTA_MAX_CPUS - 1);
	t->cpu = (int)x;
	if (!num_of(v[K_PERIOD], &t->T) || !(t->T > 0) || !isfinite(t->T))
		return fail(err, errlen, "task %s: \"period_ms\" must be a positive number", t->name);
	a = v[K_DEADLINE];
	if (!a || a->type == JSON_NULL)
		t->D = t->T;
	else if (a->type != JSON_NUMBER || !(a->num > 0) || !isfinite(a->num))
		return fail(err, errlen, "task %s: \"deadline_ms\" must be a positive number", t->name);
	else
		t->D = a->num;
	if (t->D > t->T)
		return fail(err, errlen, "task %s: deadline_ms > period_ms (the analysis needs constrained deadlines)",
			    t->name);
	return 0;
}

/* priority (null: best effort) and gpu_priority (optional). */
static int task_prios(const struct json *const *v, struct rta_task *t, char *err, size_t errlen)
{
	const struct json *a = v[K_PRIO];

	if (!a || a->type == JSON_NULL) {
		t->be = true;
	} else if (a->type == JSON_NUMBER && isfinite(a->num)) {
		t->prio = a->num;
	} else {
		return fail(err, errlen, "task %s: \"priority\" must be a number or null", t->name);
	}
	a = v[K_GPRIO];
	if (a && a->type == JSON_NUMBER && isfinite(a->num)) {
		t->has_gprio = true;
		t->gprio = a->num;
	} else if (a && a->type != JSON_NULL) {
		return fail(err, errlen, "task %s: \"gpu_priority\" must be a number or null", t->name);
	}
	return 0;
}

/* cpu_segments_ms into *dmem; C = their sum (t comes zeroed, as below). */
static int task_cpu_segments(const struct json *a, struct rta_task *t, double **dmem,
			     char *err, size_t errlen)
{
	if (!a || a->type != JSON_ARRAY)
		return fail(err, errlen, "task %s: \"cpu_segments_ms\" must be an array", t->name);
	t->nc = (int)a->n;
	t->cseg = *dmem;
	*dmem += a->n;
	for (size_t k = 0; k < a->n; k++) {
		if (a->items[k]->type != JSON_NUMBER || !num_ok(a->items[k]->num))
			return fail(err, errlen, "task %s: cpu_segments_ms[%zu] must be a number >= 0",
				    t->name, k);
		t->cseg[k] = a->items[k]->num;
		t->C += t->cseg[k];
	}
	return 0;
}

/* gpu_segments (null or absent: none) into *dmem; G^m, G^e, G = their sums. */
static int task_gpu_segments(const struct json *a, struct rta_task *t, double **dmem,
			     char *err, size_t errlen)
{
	if (a && a->type == JSON_NULL)
		a = NULL;
	if (a && a->type != JSON_ARRAY)
		return fail(err, errlen, "task %s: \"gpu_segments\" must be an array", t->name);
	t->ng = a ? (int)a->n : 0;
	t->gm = *dmem;
	t->ge = t->gm + t->ng;
	*dmem += 2 * t->ng;
	for (int k = 0; k < t->ng; k++) {
		const struct json *s = a->items[k];

		if (s->type != JSON_OBJECT || !json_get_number(s, "misc_ms", &t->gm[k]) ||
		    !json_get_number(s, "exec_ms", &t->ge[k]) || !num_ok(t->gm[k]) || !num_ok(t->ge[k]))
			return fail(err, errlen,
				    "task %s: gpu_segments[%d] needs numbers misc_ms and exec_ms >= 0",
				    t->name, k);
		t->Gm += t->gm[k];
		t->Ge += t->ge[k];
		t->G += t->gm[k] + t->ge[k];
	}
	return 0;
}

/* An optional total (cpu_total_ms, gpu_total_ms) that replaces the segments' sum. */
static int task_total(const struct json *a, const char *key, const struct rta_task *t,
		      double *out, char *err, size_t errlen)
{
	if (!a || a->type == JSON_NULL)
		return 0;
	if (a->type != JSON_NUMBER || !num_ok(a->num))
		return fail(err, errlen, "task %s: \"%s\" must be a number >= 0", t->name, key);
	*out = a->num;
	return 0;
}

/*
 * One task; v: its members (task_members); its segments go to *dmem and
 * its name to *nmem (room for them counted by rta_taskset_from_json).
 */
static int task_from_json(const struct json *jt, const struct json *const *v, int idx,
			  struct rta_task *t, double **dmem, char **nmem, char *err, size_t errlen)
{
	if (!jt || jt->type != JSON_OBJECT)
		return fail(err, errlen, "tasks[%d]: not an object", idx);
	if (task_name(v, idx, t, nmem, err, errlen) < 0 || task_timing(v, t, err, errlen) < 0 ||
	    task_prios(v, t, err, errlen) < 0 ||
	    task_cpu_segments(v[K_CSEG], t, dmem, err, errlen) < 0 ||
	    task_gpu_segments(v[K_GSEG], t, dmem, err, errlen) < 0 ||
	    task_total(v[K_CTOT], task_keys[K_CTOT], t, &t->C, err, errlen) < 0 ||
	    task_total(v[K_GTOT], task_keys[K_GTOT], t, &t->G, err, errlen) < 0)
		return -1;
	return 0;
}

/* schema and the platform object: cpus (optional), epsilon, theta, L. */
static int platform_from_json(const struct json *j, struct rta_taskset *ts, char *err, size_t errlen)
{
	const struct json *pl;
	double x;

	if (!j || j->type != JSON_OBJECT)
		return fail(err, errlen, "taskset must be a JSON object");
	if (json_get_number(j, "schema", &x) && x != 1)
		return fail(err, errlen, "unsupported schema %g (expected 1)", x);
	pl = json_get(j, "platform");
	if (!pl || pl->type != JSON_OBJECT)
		return fail(err, errlen, "missing \"platform\" object");
	if (json_get_number(pl, "cpus", &x)) {	/* else 0 (ts zeroed) */
		/* a double outside int's range must not reach the cast (C11 6.3.1.4) */
		if (!json_is_int(json_get(pl, "cpus")) || x < 0 || x > RTA_MAX_CPUS)
			return fail(err, errlen, "platform: \"cpus\" must be an integer from 0 to %d",
				    RTA_MAX_CPUS);
		ts->cpus = (int)x;
	}
	if (!json_get_number(pl, "epsilon_ms", &ts->eps) || !num_ok(ts->eps))
		return fail(err, errlen, "platform: \"epsilon_ms\" must be a number >= 0");
	if (!json_get_number(pl, "theta_ms", &ts->theta) || !num_ok(ts->theta))
		return fail(err, errlen, "platform: \"theta_ms\" must be a number >= 0");
	if (!json_get_number(pl, "timeslice_ms", &ts->L) || !(ts->L > 0) || !isfinite(ts->L))
		return fail(err, errlen, "platform: \"timeslice_ms\" must be a positive number");
	return 0;
}

/*
 * The members of every task (mv, NK a task) and the room their segments
 * (*nd doubles) and names (*nn bytes) need in the taskset's block.
 */
static void tasks_members(const struct json *tasks, const struct json **mv, size_t *nd, size_t *nn)
{
	for (size_t i = 0; i < tasks->n; i++) {
		const struct json *jt = tasks->items[i], **v = mv + i * NK;

		if (jt->type != JSON_OBJECT)
			continue;
		task_members(jt, v);
		*nn += 32 + (v[K_NAME] && v[K_NAME]->type == JSON_STRING ? strlen(v[K_NAME]->str) : 0);
		if (v[K_CSEG] && v[K_CSEG]->type == JSON_ARRAY)
			*nd += v[K_CSEG]->n;
		if (v[K_GSEG] && v[K_GSEG]->type == JSON_ARRAY)
			*nd += 2 * v[K_GSEG]->n;
	}
}

bool rta_gprio_order_broken(const struct rta_taskset *ts, int *ia, int *ib)
{
	for (int a = 0; a < ts->n; a++)
		for (int b = 0; b < ts->n; b++) {
			const struct rta_task *x = &ts->t[a], *y = &ts->t[b];
			double gx = x->has_gprio ? x->gprio : x->prio;
			double gy = y->has_gprio ? y->gprio : y->prio;

			if ((x->has_gprio || y->has_gprio) && !x->be && !y->be &&
			    x->cpu == y->cpu && x->prio > y->prio && gx < gy) {
				*ia = a;
				*ib = b;
				return true;
			}
		}
	return false;
}

int rta_taskset_from_json(const struct json *j, struct rta_taskset *ts, char *err, size_t errlen)
{
	const struct json *tasks;
	const struct json **mv;
	size_t nd = 0, nn = 0;
	double *dmem;
	char *nmem;
	int a, b;

	memset(ts, 0, sizeof(*ts));
	if (platform_from_json(j, ts, err, errlen) < 0)
		return -1;
	tasks = json_get_array(j, "tasks");
	if (!tasks)
		return fail(err, errlen, "missing \"tasks\" array");
	/*
	 * One allocation for the tasks, their names and segments: the members
	 * of every task first (mv), to size it.
	 */
	mv = xcalloc(tasks->n * NK, sizeof(*mv));
	tasks_members(tasks, mv, &nd, &nn);
	/* tasks, then the segments (doubles), then the names */
	ts->blk = xcalloc(1, tasks->n * sizeof(*ts->t) + nd * sizeof(double) + nn + 1);
	ts->t = ts->blk;
	dmem = (void *)(ts->t + tasks->n);
	nmem = (char *)(dmem + nd);
	ts->n = (int)tasks->n;
	for (int i = 0; i < ts->n; i++) {
		if (task_from_json(tasks->items[i], mv + (size_t)i * NK, i, &ts->t[i], &dmem, &nmem,
				   err, errlen) < 0) {
			free(mv);
			rta_taskset_free(ts);
			return -1;
		}
		if (ts->t[i].cpu >= ts->cpus)
			ts->cpus = ts->t[i].cpu + 1;
	}
	free(mv);
	if (rta_gprio_order_broken(ts, &a, &b)) {
		nvs_seterr(err, errlen,
			   "tasks %s and %s: gpu_priority breaks the same-core CPU priority order (paper 5.3)",
			   ts->t[a].name, ts->t[b].name);
		rta_taskset_free(ts);
		return -1;
	}
	return 0;
}

int rta_taskset_load(const char *path, struct rta_taskset *ts, char *err, size_t errlen)
{
	char e[256];
	size_t len;
	char *text = json_read_file(path, &len, e, sizeof(e));
	struct json *j;
	int rc;

	if (!text)
		return fail(err, errlen, "%s", e);
	/* the common file in one pass (rta_fast.c), else the general reader */
	if (rta_taskset_fast(text, len, ts)) {
		free(text);
		return 0;
	}
	j = json_parse_buffer(text, len, path, e, sizeof(e));
	if (!j)
		return fail(err, errlen, "%s", e);
	rc = rta_taskset_from_json(j, ts, e, sizeof(e));
	json_free(j);
	if (rc < 0)
		return fail(err, errlen, "%s: %s", path, e);
	return 0;
}

void rta_taskset_free(struct rta_taskset *ts)
{
	if (ts->blk) {	/* rta_taskset_from_json: everything in one block */
		free(ts->blk);
		ts->blk = NULL;
		ts->t = NULL;
		ts->n = 0;
		return;
	}
	if (!ts->t)
		return;
	for (int i = 0; i < ts->n; i++) {
		free(ts->t[i].name);
		free(ts->t[i].cseg);
		free(ts->t[i].gm);
		free(ts->t[i].ge);
	}
	free(ts->t);
	ts->t = NULL;
	ts->n = 0;
}

void rta_result_init(struct rta_result *r, int n)
{
	/* one allocation: R, gpu_prio, analysed (freed with R) */
	void *blk = xcalloc(1, (size_t)n * (sizeof(double) + sizeof(int) + sizeof(bool)));

	memset(r, 0, sizeof(*r));
	r->R = blk;
	r->gpu_prio = (void *)(r->R + n);
	r->analysed = (void *)(r->gpu_prio + n);
	for (int i = 0; i < n; i++)
		r->R[i] = NAN;
}

void rta_result_free(struct rta_result *r)
{
	free(r->R);	/* the block of all three arrays */
	memset(r, 0, sizeof(*r));
}

/* --------------------------------------------------------------- analysis */

/*
 * Per-task analysis context.  hpp[k]: tau_k is a same-core task of higher
 * CPU priority.  rhp[k]: tau_k is a remote task whose GPU segments have
 * higher priority (hp(i) \ hpp(i), by GPU priority under section 6.4).
 * RJ[k]: the response time used in tau_k's jitters (R_k, or D_k under
 * section 6.4; NAN = unknown/unbounded).  RJdp: artifact D3 only.
 */
/* Interference terms ceil((R + J[k]) / T[k]) * cost[k] of one task. */
struct term {
	double T, J, cost;
};

struct terms {
	int n;
	struct term *t;
	double *P;		/* solve_built() scratch: fl(count T) per term */
};

static inline void emit(struct terms *tl, double T, double J, double cost)
{
	tl->t[tl->n].T = T;
	tl->t[tl->n].J = J;
	tl->t[tl->n].cost = cost;
	tl->n++;
}

struct work;

struct ctx {
	struct terms *tl;	/* scratch: up to 2 terms per task */
	const struct work *w;	/* per-taskset constants (work_init) */
	const struct rta_taskset *ts;
	unsigned dev;		/* RTA_DEV_* of the artifact to reproduce */
	bool busy;
	const bool *hpp, *rhp;
	const double *RJ;
	const double *RJdp;	/* artifact: jitter base of the same-core dp term */
	/* tsg_rr, artifact D2: */
	int nrt, pos;		/* number of RT tasks, position of tau_i */
};

static inline double ceil_div(double a, double b)
{
	return ceil(a / b);
}

/* Eq. (3) summed over the GPU segments of tau_k. */
static double interleave(const struct rta_taskset *ts, const struct rta_task *k, double nu)
{
	double s = 0;

	for (int j = 0; j < k->ng; j++)
		s += (ts->L + ts->theta) * nu * ceil_div(k->ge[j], ts->L);
	return s;
}

static bool uses_gpu(const struct ctx *c, const struct rta_task *t)
{
	return t->ng > 0;
}

/* Jitter base R_h (or D_h); NAN when unknown. */
static double jit(const struct ctx *c, int h, double sub)
{
	double j = c->RJ[h] - sub;

	if (!(c->dev & RTA_DEV_D3) && j < 0)
		j = 0;
	return j;
}

/* an SSE4.1 clone of the fixed-point loop where the compiler can make one
 * (x86-64); elsewhere plain C (the operations and their order are the same) */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__cppcheck__)
#define RTA_X86_CLONES __attribute__((target_clones("sse4.1", "default")))
#else
#define RTA_X86_CLONES
#endif

RTA_X86_CLONES
static double solve_built(const struct rta_task *t, double base, const struct terms *tl);

/*
 * Fixed-point iteration R = base + I(R), from R = base, cut off at D_i.
 * Returns NAN when the bound exceeds D_i or depends on an unbounded task.
 */
static double solve(const struct ctx *c, int i, double base,
		    void (*build)(const struct ctx *, int, struct terms *))
{
	struct terms *tl = c->tl;

	tl->n = 0;
	build(c, i, tl);
	return solve_built(&c->ts->t[i], base, tl);
}

/*
 * The fixed point of R = base + the terms of tl (see solve): from R = base,
 * s = the sum of ceil((R + J_k) / T_k) cost_k in list order, next = base +
 * s; NAN when next is NAN (a NAN jitter: a term of an unbounded task) or
 * above D; done when next <= R; at most 100000 rounds.
 *
 * The round that only confirms a fixed point is skipped when it cannot
 * change a count: with P_k = fl(c_k T_k), R + J_k < P_k implies R + J_k <=
 * c_k T_k exactly, so the rounded quotient is <= c_k, and it is > c_k - 1
 * as R only grows: every count, hence s and next = R, would be the same.
 */
RTA_X86_CLONES
static double solve_built(const struct rta_task *t, double base, const struct terms *tl)
{
	const int n = tl->n;
	const struct term *tm = tl->t;
	double *P = tl->P;
	double R = base;

	if (isnan(base) || R > t->D)
		return NAN;
	for (int it = 0; it < 100000; it++) {
		double s = 0, next;
		bool moves = false;

		/* same summation order as the terms were listed */
		for (int k = 0; k < n; k++) {
			double c = ceil_div(R + tm[k].J, tm[k].T);

			P[k] = c * tm[k].T;
			s += c * tm[k].cost;
		}
		next = base + s;
		if (isnan(next) || next > t->D)
			return NAN;
		if (next <= R)
			return next;
		R = next;
		/* the next round would return R unless a count moves */
		for (int k = 0; k < n; k++)
			moves |= !(R + tm[k].J < P[k]);
		if (!moves && it + 1 < 100000)
			return R;
	}
	return NAN;
}

/* ---- default round-robin TSG scheduling (section 6.2) ---- */

static double nu_others(const struct rta_taskset *ts, int i)
{
	int nu = 0;

	for (int k = 0; k < ts->n; k++)
		if (k != i && ts->t[k].ng > 0)
			nu++;
	return nu;
}

static void rr_busy_terms(const struct ctx *c, int i, struct terms *tl);
static void rr_suspend_terms(const struct ctx *c, int i, struct terms *tl);

/* ---- GCAPS (section 6.3) ---- */

/*
 * The GPU term of a task h in the remote set of tau_i: Eq. (10) second term
 * (eta_i > 0), Eq. (11) (eta_i = 0), Eq. (13) second sum; with D7 any task
 * with GPU time counts.
 */
static void remote_gpu_term(const struct ctx *c, int h, struct terms *tl)
{
	const struct rta_task *th = &c->ts->t[h];
	bool g = (c->dev & RTA_DEV_D7) ? th->G > 0 : th->ng > 0;	/* D7 */

	if (g)
		emit(tl, th->T, jit(c, h, th->Ge), th->Ge + 2 * c->ts->eps * th->ng);
}

/* A busy-waiting job of tau_h in hpp(i): Eq. (12) and its variants. */
static double gcaps_busy_job(const struct ctx *c, const struct rta_task *ti,
			     const struct rta_task *th)
{
	const double eps = c->ts->eps;

	if (th->ng == 0)
		return th->C + th->Gm;		/* Eq. (12) */
	if (c->dev & RTA_DEV_D5)
		return th->C + th->G + 2 * eps * th->ng;	/* D5 */
	if ((c->dev & RTA_DEV_LITERAL) && ti->ng == 0)
		return th->C + th->Gm;	/* Eq. (12) as printed */
	/* Eq. (12) + Eq. (10) first term for every tau_i: a busy-waiting
	 * tau_h holds the CPU during G^e*_h whether or not tau_i uses the GPU. */
	return th->C + th->Gm + th->Ge + 2 * eps * th->ng;
}

/* The terms of one task h for tau_i (in hpp(i), or in the remote set). */
static void gcaps_busy_h(const struct ctx *c, const struct rta_task *ti, int h, bool hpp,
			 bool rhp, struct terms *tl)
{
	if (hpp)
		emit(tl, c->ts->t[h].T, 0, gcaps_busy_job(c, ti, &c->ts->t[h]));
	else if (rhp)
		remote_gpu_term(c, h, tl);
}

static void gcaps_suspend_h(const struct ctx *c, const struct rta_task *ti, int h, bool hpp,
			    bool rhp, struct terms *tl)
{
	const struct rta_task *th = &c->ts->t[h];

	if (!hpp) {
		if (rhp && uses_gpu(c, ti))	/* hp and not hpp, as in Eq. (10) */
			remote_gpu_term(c, h, tl);
		return;
	}
	if (th->ng == 0) {
		emit(tl, th->T, 0, th->C);	/* Eq. (14) first sum */
		return;
	}
	/* Eq. (14) second sum */
	emit(tl, th->T, jit(c, h, th->C + th->Gm), th->C + th->Gm + 2 * c->ts->eps * th->ng);
	/* Eq. (13) first sum */
	if (uses_gpu(c, ti)) {
		double J = c->RJdp ? c->RJdp[h] - th->Ge : jit(c, h, th->Ge);

		emit(tl, th->T, J, th->Ge);
	}
}

typedef void gcaps_h_fn(const struct ctx *c, const struct rta_task *ti, int h, bool hpp,
			bool rhp, struct terms *tl);

/*
 * The terms of every other task for tau_i under GPU priorities, one
 * (gcaps_busy_h or gcaps_suspend_h) per task by its hpp and rhp.  (Under
 * CPU priorities the remote set is hp(i) \ hpp(i) and ordered_test takes
 * the terms from the cache instead.)
 */
static inline void gcaps_terms(const struct ctx *c, int i, struct terms *tl, gcaps_h_fn *one)
{
	const struct rta_task *ti = &c->ts->t[i];

	for (int h = 0; h < c->ts->n; h++)
		one(c, ti, h, c->hpp[h], c->rhp[h], tl);
}

static void gcaps_busy_terms(const struct ctx *c, int i, struct terms *tl)
{
	gcaps_terms(c, i, tl, gcaps_busy_h);
}

static void gcaps_suspend_terms(const struct ctx *c, int i, struct terms *tl)
{
	gcaps_terms(c, i, tl, gcaps_suspend_h);
}

static double own_demand(const struct rta_taskset *ts, bool gcaps, int i)
{
	const struct rta_task *t = &ts->t[i];

	if (gcaps)	/* C_i + G*_i + B_i, B_i = (eta_i + 1) eps (Lemma 13) */
		return t->C + t->G + ts->eps + 3 * ts->eps * t->ng;
	/* C_i + G_i + I^ie_i (Lemma 6) */
	return t->C + t->G + interleave(ts, t, nu_others(ts, i));
}

/* RT tasks sorted by CPU priority, highest first; ties: input order. */
static int rt_order(const struct rta_taskset *ts, int *order)
{
	int m = 0;

	for (int i = 0; i < ts->n; i++)
		if (!ts->t[i].be)
			order[m++] = i;
	/* insertion sort (stable: ties keep the input order) */
	for (int a = 1; a < m; a++) {
		int x = order[a], b = a;

		while (b > 0 && ts->t[order[b - 1]].prio < ts->t[x].prio) {
			order[b] = order[b - 1];
			b--;
		}
		order[b] = x;
	}
	/* then the best-effort tasks, in input order (artifact D12 only) */
	for (int i = 0, b = m; i < ts->n; i++)
		if (ts->t[i].be)
			order[b++] = i;
	return m;
}

/* A task's Audsley terms in one role (at most 2 per task), see audsley(). */
struct cterms {
	int n;
	struct term t[2];
};

struct work {
	int m;			/* real-time tasks */
	int *order, *rank;	/* rank[i]: position in order (real-time tasks) */
	bool *hpp, *rhp;	/* hpp: row of hppm (cpu_sets) */
	bool *hppm;		/* n x n: hpp(i) of every task, computed once */
	/*
	 * The same sets as index lists in index order (the order in which the
	 * builders list the terms): hpl + i n holds hp(i) (hpn[i] tasks),
	 * hppl + i n hpp(i) (hppn[i] tasks, hppg[i] of them use the GPU);
	 * rows of real-time tasks only.
	 */
	int *hpl, *hpn, *hppl, *hppn, *hppg;
	int *gpre;		/* gpre[x]: GPU tasks among order[0 .. x-1], x = 0..n */
	int totgpu;		/* tasks with GPU segments (BE ones included) */
	int *cjo;		/* cj + cjo[k]: ceil(G^e_{k,j} / L) of tau_k's segments */
	double *cj;
	double *own[2];		/* own_demand(ts, rr = 0 / gcaps = 1, i), computed once */
	void *blk;		/* every array here, one allocation */
	double *RJ;
	/* Audsley / *_gpu_prio scratch */
	bool *assigned;
	bool *fsame;		/* the candidate failed and its terms are unchanged since */
	struct cterms *cache;	/* cache_task() */
	double *stale, *gpd;
	int *level, *ord;
	struct terms tl;
};

/* Eq. (3) summed over the GPU segments of tau_k (interleave(), from cj). */
static inline double interleave_w(const struct work *w, const struct rta_taskset *ts, int k,
				  double nu)
{
	const double *cj = w->cj + w->cjo[k];
	double s = 0;

	for (int j = 0; j < ts->t[k].ng; j++)
		s += (ts->L + ts->theta) * nu * cj[j];
	return s;
}

/* The next count objects of sz bytes at the cursor *at. */
static void *take(char **at, size_t count, size_t sz)
{
	void *p = *at;

	*at += count * sz;
	return p;
}

/*
 * The work arrays of a taskset in one block, initialised where they are
 * read: the structs of doubles, the doubles, the ints, then the bools, so
 * that each array starts aligned.  The block's size is counted once, and
 * the arrays taken from it must fill it exactly.
 */
static void work_alloc(struct work *w, const struct rta_taskset *ts)
{
	const size_t n = ts->n;
	size_t nseg = 0, sz;
	char *blk, *at;

	for (size_t k = 0; k < n; k++)
		nseg += ts->t[k].ng;
	sz = 4 * n * sizeof(struct cterms) + 2 * n * sizeof(struct term) +
	     (7 * n + nseg) * sizeof(double) + (9 * n + 1 + 2 * n * n) * sizeof(int) +
	     (3 * n + n * n) * sizeof(bool);
	blk = need(malloc(sz ? sz : 1));
	at = blk;
	w->blk = blk;
	w->cache = take(&at, 4 * n, sizeof(*w->cache));
	w->tl.t = take(&at, 2 * n, sizeof(*w->tl.t));
	w->RJ = take(&at, n, sizeof(*w->RJ));
	w->own[0] = take(&at, n, sizeof(*w->own[0]));
	w->own[1] = take(&at, n, sizeof(*w->own[1]));
	w->stale = take(&at, n, sizeof(*w->stale));
	w->gpd = take(&at, n, sizeof(*w->gpd));
	w->cj = take(&at, nseg, sizeof(*w->cj));
	w->tl.P = take(&at, 2 * n, sizeof(*w->tl.P));
	w->order = take(&at, n, sizeof(*w->order));
	w->rank = take(&at, n, sizeof(*w->rank));
	w->hpn = take(&at, n, sizeof(*w->hpn));
	w->hppn = take(&at, n, sizeof(*w->hppn));
	w->hppg = take(&at, n, sizeof(*w->hppg));
	w->cjo = take(&at, n, sizeof(*w->cjo));
	w->level = take(&at, n, sizeof(*w->level));
	w->ord = take(&at, n, sizeof(*w->ord));
	w->gpre = take(&at, n + 1, sizeof(*w->gpre));
	w->hpl = take(&at, n * n, sizeof(*w->hpl));
	w->hppl = take(&at, n * n, sizeof(*w->hppl));
	w->rhp = take(&at, n, sizeof(*w->rhp));
	w->hppm = take(&at, n * n, sizeof(*w->hppm));
	w->assigned = take(&at, n, sizeof(*w->assigned));
	w->fsame = take(&at, n, sizeof(*w->fsame));
	if (at != blk + sz)	/* a size that does not match the arrays */
		abort();
	memset(w->hppm, 0, n * n);
	memset(w->cache, 0, 4 * n * sizeof(*w->cache));	/* BE tasks' stay empty */
}

/* CPU priority order and ranks, GPU-task prefix counts, ceil(G^e_k,j / L) per segment. */
static void work_order(struct work *w, const struct rta_taskset *ts)
{
	w->m = rt_order(ts, w->order);
	for (int a = 0; a < w->m; a++)
		w->rank[w->order[a]] = a;
	w->totgpu = 0;
	w->gpre[0] = 0;
	for (int a = 0; a < ts->n; a++) {
		w->gpre[a + 1] = w->gpre[a] + (ts->t[w->order[a]].ng > 0);
		w->totgpu += ts->t[a].ng > 0;
	}
	for (int k = 0, o = 0; k < ts->n; k++) {
		w->cjo[k] = o;
		for (int j = 0; j < ts->t[k].ng; j++)
			w->cj[o++] = ceil_div(ts->t[k].ge[j], ts->L);
	}
}

/*
 * hp(order[a]) = order[0 .. a-1], kept sorted by index (the previous
 * task's list with order[a-1] inserted); hpp(i): its same-core tasks.
 * BE tasks: not listed (their rows are never read).
 */
static void work_hp_sets(struct work *w, const struct rta_taskset *ts)
{
	for (int a = 0; a < w->m; a++) {
		int i = w->order[a], nhp = 0, g = 0;
		int *hpl = w->hpl + (size_t)i * ts->n, *hppl = w->hppl + (size_t)i * ts->n;
		bool *hpp = w->hppm + (size_t)i * ts->n;

		if (a > 0) {
			const int *prev = w->hpl + (size_t)w->order[a - 1] * ts->n;
			int last = w->order[a - 1], pos;

			for (pos = 0; pos < a - 1 && prev[pos] < last; pos++)
				hpl[pos] = prev[pos];
			hpl[pos] = last;
			memcpy(hpl + pos + 1, prev + pos, (size_t)(a - 1 - pos) * sizeof(int));
		}
		for (int q = 0; q < a; q++) {	/* branch-free filter */
			int k = hpl[q];
			bool same = ts->t[k].cpu == ts->t[i].cpu;

			hpp[k] = same;
			hppl[nhp] = k;
			nhp += same;
			g += same & (ts->t[k].ng > 0);
		}
		w->hpn[i] = a;
		w->hppn[i] = nhp;
		w->hppg[i] = g;
	}
}

static void work_init(struct work *w, const struct rta_taskset *ts)
{
	work_alloc(w, ts);
	work_order(w, ts);
	work_hp_sets(w, ts);
	for (int i = 0; i < ts->n; i++) {
		/* own_demand(): C_i + G_i + I^ie_i (Lemma 6) / C_i + G*_i + B_i */
		w->own[0][i] = ts->t[i].C + ts->t[i].G +
			       interleave_w(w, ts, i, w->totgpu - (ts->t[i].ng > 0));
		w->own[1][i] = own_demand(ts, true, i);
	}
}

/* ---- default round-robin TSG scheduling (section 6.2) ---- */

static void rr_busy_terms(const struct ctx *c, int i, struct terms *tl)
{
	const struct rta_taskset *ts = c->ts;
	const struct work *w = c->w;
	const int *hppl = w->hppl + (size_t)i * ts->n;
	int n_id;

	if (!(c->dev & RTA_DEV_D2B)) {
		/* Eq. (6): nu = |{k not in hpp(i), eta_k > 0} u {tau_h}| */
		n_id = 1 + w->totgpu - w->hppg[i];
	} else {
		/*
		 * artifact D2b: N_id = |hp\hpp GPU| + |lp GPU| (neither tau_h
		 * nor tau_i); D2: lp = the sorted positions 0..n-pos-2 (relative
		 * lp indices used as absolute ones) instead of pos+1..n-1.  D12:
		 * the artifact's task list is the RT tasks by priority and then
		 * the best-effort ones (prio -1), and its n counts them all.
		 * hp(i) is order[0 .. pos-1].
		 */
		int nl = (c->dev & RTA_DEV_D12) ? ts->n : c->nrt;

		n_id = w->gpre[c->pos] - w->hppg[i];
		if (c->dev & RTA_DEV_D2)	/* pos < nrt <= nl, gpre[0] = 0 */
			n_id += w->gpre[nl - c->pos - 1];
		else
			n_id += w->gpre[nl] - w->gpre[c->pos + 1];
	}
	for (int q = 0; q < w->hppn[i]; q++) {
		int h = hppl[q];
		const struct rta_task *th = &ts->t[h];
		double job;

		if (th->ng == 0 && (c->dev & RTA_DEV_D1))	/* D1 */
			continue;
		job = th->C + th->Gm;			/* Eq. (7) */
		if (th->ng > 0)
			job += interleave_w(w, ts, h, n_id);	/* Eq. (6) */
		if (th->ng > 0 && (c->dev & RTA_DEV_D2C))
			job += th->G;				/* D2c */
		emit(tl, th->T, 0, job);
	}
}

static void rr_suspend_terms(const struct ctx *c, int i, struct terms *tl)
{
	const struct rta_taskset *ts = c->ts;
	const struct work *w = c->w;
	const int *hppl = w->hppl + (size_t)i * ts->n;

	for (int q = 0; q < w->hppn[i]; q++) {
		int h = hppl[q];
		const struct rta_task *th = &ts->t[h];
		double J;

		if (!(c->dev & RTA_DEV_D4))
			J = jit(c, h, th->C + th->Gm);		/* Eq. (8) */
		else
			J = th->T - (th->C + th->Gm);		/* D4 */
		emit(tl, th->T, J, (th->C + th->Gm));
	}
}

/*
 * The GCAPS terms of tau_k for a tau_i of class cls (eta_i > 0 or not) in
 * role hpp (k in hpp(i)) or remote depend on nothing else about tau_i (the
 * builders read only eta_i), so they are built once per (k, role, class)
 * as soon as tau_k's jitter base is known: cache[k 4 + !hpp 2 + cls].
 */
static const struct rta_task cls_task[2] = { { .ng = 0 }, { .ng = 1 } };

static void cache_task(const struct ctx *c, struct cterms *cache, int k)
{
	for (int q = 0; q < 4; q++) {
		struct cterms *ct = &cache[k * 4 + q];
		struct terms one = { 0, ct->t, NULL };
		bool hpp = !(q >> 1);

		if (c->busy)	/* direct calls: inlined */
			gcaps_busy_h(c, &cls_task[q & 1], k, hpp, !hpp, &one);
		else
			gcaps_suspend_h(c, &cls_task[q & 1], k, hpp, !hpp, &one);
		ct->n = one.n;

	}
}

/*
 * Append e's terms to tl when take (branch-free: both slots are copied,
 * tl has room for 2 per task).
 */
static inline void gather(struct terms *tl, const struct cterms *e, bool take)
{
	int n = tl->n;

	tl->t[n] = e->t[0];
	tl->t[n + 1] = e->t[1];
	tl->n = n + (take ? e->n : 0);
}

static void work_free(struct work *w)
{
	free(w->blk);
}

/* hpp(i) and hp(i) by CPU priority (rows computed in work_init). */
static void cpu_sets(const struct rta_taskset *ts, struct work *w, int i, struct ctx *c)
{
	w->hpp = w->hppm + (size_t)i * ts->n;
	c->hpp = w->hpp;
}

/* GPU priority of tau_a above tau_b (ties: CPU priority order). */
static bool gp_higher(const struct work *w, const double *gp, int a, int b)
{
	return gp[a] > gp[b] || (gp[a] == gp[b] && w->rank[a] < w->rank[b]);
}

/*
 * Priority-ordered test of one policy (tsg_rr_* / gcaps_*).  gpu_prio:
 * GPU priorities for the remote sets (section 6.4) or NULL for the CPU
 * priorities.  Fills out->R / analysed / schedulable.  With use_deadline,
 * jitters use D_h.  In artifact mode gcaps stops at the first failure
 * (D11).
 */
static void ordered_test(const struct rta_taskset *ts, struct work *w, bool rr, bool busy,
			 unsigned dev, const double *gpu_prio, bool use_deadline,
			 struct rta_result *out)
{
	struct ctx c = {
		.tl = &w->tl, .w = w, .ts = ts, .dev = dev, .busy = busy, .hpp = w->hpp,
		.rhp = w->rhp, .RJ = w->RJ, .nrt = w->m,
	};
	void (*f)(const struct ctx *, int, struct terms *);

	f = rr ? (busy ? rr_busy_terms : rr_suspend_terms)
	       : (busy ? gcaps_busy_terms : gcaps_suspend_terms);
	out->schedulable = true;
	for (int k = 0; k < ts->n; k++) {
		out->R[k] = NAN;
		out->analysed[k] = false;
		w->RJ[k] = use_deadline ? ts->t[k].D : NAN;
	}
	for (int a = 0; a < w->m; a++) {
		int i = w->order[a];
		double R;

		cpu_sets(ts, w, i, &c);
		/*
		 * GPU priorities: the remote GPU interferers are the tasks above
		 * ref = tau_i; for a CPU-only tau_i (Eq. (11): remote tasks that
		 * preempt the GPU segments of its busy-waiting hpp tasks) ref is
		 * the lower of tau_i and its lowest-GPU-priority hpp GPU task,
		 * so that the set stays sound whatever tau_i's own GPU priority
		 * (with the same-core order checked on input, ref is tau_i).
		 */
		int ref = i;

		if (gpu_prio && ts->t[i].ng == 0 && !(dev & RTA_DEV_D8))
			for (int h = 0; h < ts->n; h++)
				if (w->hpp[h] && ts->t[h].ng > 0 && gp_higher(w, gpu_prio, ref, h))
					ref = h;
		/* rhp: GCAPS under GPU priorities (else hp(i) \ hpp(i), from the cache) */
		for (int k = 0; k < ts->n && !rr && gpu_prio; k++) {
			bool higher = k != i && k != ref && !ts->t[k].be &&
				      gp_higher(w, gpu_prio, k, ref);

			w->rhp[k] = higher && ts->t[k].cpu != ts->t[i].cpu;
		}
		c.pos = a;
		if (!rr && !gpu_prio) {
			/* hp(i): hpp or remote, terms from the cache */
			const int *hl = w->hpl + (size_t)i * ts->n;
			int cls = ts->t[i].ng > 0;

			w->tl.n = 0;
			for (int q = 0; q < w->hpn[i]; q++) {
				int k = hl[q];

				gather(&w->tl, &w->cache[k * 4 + !w->hpp[k] * 2 + cls], true);
			}
			R = solve_built(&ts->t[i], w->own[1][i], &w->tl);
		} else {
			R = solve(&c, i, w->own[!rr][i], f);
		}
		out->R[i] = R;
		out->analysed[i] = true;
		if (!use_deadline)
			w->RJ[i] = R;
		if (!rr)
			cache_task(&c, w->cache, i);	/* its jitter base is known */
		if (isnan(R)) {
			out->schedulable = false;
			if (!rr && (dev & RTA_DEV_D11))
				break;		/* D11 */
		}
	}
}

/* A same-core task of lower CPU priority than order[a] has no GPU level yet. */
static inline bool lower_same_core_unassigned(const struct rta_taskset *ts, const struct work *w,
					      int a)
{
	int i = w->order[a];

	for (int b = a + 1; b < w->m; b++) {
		int k = w->order[b];

		if (ts->t[k].cpu == ts->t[i].cpu && !w->assigned[k])
			return true;
	}
	return false;
}

/*
 * R_i at the level under test: the terms of every k in hpp(i) or among the
 * remote interferers, in index order as the builders list them, from the
 * cache (jitters use D_k, or D3's stale R, throughout).
 */
static inline double audsley_response(const struct rta_taskset *ts, struct work *w, unsigned dev,
				      int i)
{
	const struct rta_task *ti = &ts->t[i];
	const bool d8 = dev & RTA_DEV_D8;
	int cls = ti->ng > 0;
	struct terms *tl = &w->tl;

	tl->n = 0;
	for (int k = 0; k < ts->n; k++) {
		bool hpp = w->hpp[k];
		bool rhp = (k != i) & !ts->t[k].be & !w->assigned[k] & !hpp &
			   (d8 | (ts->t[k].cpu != ti->cpu));

		gather(tl, &w->cache[k * 4 + !hpp * 2 + cls], hpp | rhp);
	}
	return solve_built(ti, w->own[1][i], tl);
}

/*
 * tau_i was given a level: it leaves the remote terms of the others, so
 * the tasks whose last try failed with it among them are tried again.
 */
static inline void audsley_retry_others(const struct rta_taskset *ts, struct work *w,
					unsigned dev, int i)
{
	for (int b = 0; b < w->m; b++) {
		int y = w->order[b];

		if (w->fsame[y] && !w->hppm[(size_t)y * ts->n + i] &&
		    ((dev & RTA_DEV_D8) || ts->t[y].cpu != ts->t[i].cpu))
			w->fsame[y] = false;
	}
}

/*
 * Audsley's search (section 5.3): GPU priority levels 1 (lowest) .. m,
 * each given to the first unassigned task, from the lowest CPU priority
 * up, that meets its deadline when every other unassigned task has a
 * higher GPU priority.  Jitters use D_h (section 6.4).
 *
 * Paper mode: a task is a candidate only when its same-core tasks of lower
 * CPU priority already have lower GPU priorities (same-core order kept),
 * and the remote interferers are the unassigned remote tasks.
 * Artifact mode (D8): every unassigned task is a candidate, the
 * interferers are all unassigned tasks but the same-core hpp(i), the
 * same-core order is checked at the end (failure = unschedulable); under
 * self-suspension the same-core GPU term uses the stale R of the failed
 * priority-ordered run (D3): stale[] as given.
 */
static bool audsley(const struct rta_taskset *ts, struct work *w, bool busy, unsigned dev,
		    const double *stale, int *level)
{
	bool *assigned = w->assigned;
	bool ok = true;
	struct ctx c = {
		.tl = &w->tl, .w = w, .ts = ts, .dev = dev, .busy = busy, .hpp = w->hpp, .rhp = w->rhp,
		.RJ = w->RJ, .nrt = w->m,
		.RJdp = ((dev & RTA_DEV_D3) && !busy) ? stale : NULL,
	};

	for (int k = 0; k < ts->n; k++) {
		w->RJ[k] = ts->t[k].D;
		level[k] = 0;
		assigned[k] = false;
		w->fsame[k] = false;
	}
	for (int a = 0; a < w->m; a++)
		cache_task(&c, w->cache, w->order[a]);
	for (int lv = 1; lv <= w->m && ok; lv++) {
		bool found = false;

		for (int a = w->m - 1; a >= 0 && !found; a--) {
			int i = w->order[a];

			if (assigned[i])
				continue;
			if (!(dev & RTA_DEV_D8) && lower_same_core_unassigned(ts, w, a))
				continue;
			if (w->fsame[i])
				continue;	/* the terms of its last try, which failed */
			cpu_sets(ts, w, i, &c);
			c.pos = a;
			if (isnan(audsley_response(ts, w, dev, i))) {
				w->fsame[i] = true;
				continue;
			}
			assigned[i] = true;
			level[i] = lv;
			found = true;
			audsley_retry_others(ts, w, dev, i);
			/*
			 * D8: the same-core order is checked only at the end,
			 * and fails the search if a same-core task of higher
			 * CPU priority has a lower level.  Levels only grow and
			 * success needs every task assigned, so the result is
			 * known as soon as a task is assigned while a same-core
			 * task of lower CPU priority is not (it would get a
			 * higher level, or none).
			 */
			if ((dev & RTA_DEV_D8) && lower_same_core_unassigned(ts, w, a))
				ok = false;
		}
		if (!found)
			ok = false;
	}
	/* (D8's check at the end is the one above: a search that assigns
	 * every task without failing it keeps the same-core order) */
	if (!ok)
		for (int k = 0; k < ts->n; k++)
			level[k] = 0;
	return ok;
}

void rta_analyze(const struct rta_taskset *ts, enum rta_policy p, enum rta_mode mode,
		 struct rta_result *out)
{
	rta_analyze_dev(ts, p, mode == RTA_MODE_ARTIFACT ? RTA_DEV_ARTIFACT : 0, out);
}

/* Input GPU priorities (section 6.4; missing ones: CPU priority) or NULL. */
static double *input_gprio(const struct rta_taskset *ts)
{
	bool any = false;
	double *gprio;

	for (int k = 0; k < ts->n; k++)
		if (ts->t[k].has_gprio && !ts->t[k].be)
			any = true;
	if (!any)
		return NULL;
	gprio = xcalloc(ts->n, sizeof(double));
	for (int k = 0; k < ts->n; k++)
		gprio[k] = ts->t[k].has_gprio ? ts->t[k].gprio : ts->t[k].prio;
	return gprio;
}

/*
 * One policy on a prepared work area.  same: the result of the policy
 * whose priority-ordered test is this one's first stage (gcaps_busy for
 * gcaps_busy_gpu_prio, gcaps_suspend for gcaps_suspend_gpu_prio, same
 * deviations), or NULL to run it.
 */
static void analyze_one(const struct rta_taskset *ts, enum rta_policy p, unsigned dev,
			struct work *wp, const double *gprio, const struct rta_result *same,
			struct rta_result *out)
{
	struct work w = *wp;
	bool busy = p == RTA_TSG_RR_BUSY || p == RTA_GCAPS_BUSY || p == RTA_GCAPS_BUSY_GPU_PRIO;
	bool rr = p == RTA_TSG_RR_BUSY || p == RTA_TSG_RR_SUSPEND;

	if (rr)
		gprio = NULL;
	out->has_gpu_prio = false;
	out->audsley = false;
	for (int k = 0; k < ts->n; k++)
		out->gpu_prio[k] = 0;
	if (same) {
		out->schedulable = same->schedulable;
		memcpy(out->R, same->R, ts->n * sizeof(double));
		memcpy(out->analysed, same->analysed, ts->n * sizeof(bool));
	} else {
		ordered_test(ts, &w, rr, busy, dev, gprio, gprio != NULL, out);
	}

	if (p == RTA_GCAPS_BUSY_GPU_PRIO || p == RTA_GCAPS_SUSPEND_GPU_PRIO) {
		if (out->schedulable) {
			/* stage "rm": the GPU priorities in use, as ranks 1..m */
			int m = w.m;
			int *ord = w.ord;

			for (int a = 0; a < m; a++)
				ord[a] = w.order[a];
			if (gprio) {
				/* sort by GPU priority, ties by CPU rank */
				for (int a = 1; a < m; a++)
					for (int b = a; b > 0; b--) {
						int x = ord[b - 1], y = ord[b];

						if (gprio[y] > gprio[x])
							ord[b - 1] = y, ord[b] = x;
						else
							break;
					}
			}
			for (int a = 0; a < m; a++)
				out->gpu_prio[ord[a]] = m - a;
			out->has_gpu_prio = true;
		} else {
			double *stale = w.stale;
			int *level = w.level;

			/* D3: R of analysed tasks, -1 for the failed one, 0 behind it */
			for (int k = 0; k < ts->n; k++)
				stale[k] = out->analysed[k] ? (isnan(out->R[k]) ? -1 : out->R[k]) : 0;
			out->audsley = true;
			out->schedulable = audsley(ts, &w, busy, dev, stale, level);
			for (int k = 0; k < ts->n; k++) {
				out->R[k] = NAN;
				out->analysed[k] = false;
			}
			if (out->schedulable) {
				memcpy(out->gpu_prio, level, ts->n * sizeof(int));
				out->has_gpu_prio = true;
				if (!(dev & RTA_DEV_D9)) {
					/* bounds under the assignment found (D_h jitters) */
					double *gp = w.gpd;
					bool s;

					for (int k = 0; k < ts->n; k++)
						gp[k] = level[k];
					ordered_test(ts, &w, false, busy, dev, gp, true, out);
					s = out->schedulable;
					out->schedulable = s;	/* true by construction */
				}
			}
		}
	}
	for (int k = 0; k < ts->n; k++)
		if (ts->t[k].be)
			out->R[k] = NAN;
}

void rta_analyze_dev(const struct rta_taskset *ts, enum rta_policy p, unsigned dev,
		     struct rta_result *out)
{
	struct work w;
	double *gprio = input_gprio(ts);

	work_init(&w, ts);
	analyze_one(ts, p, dev, &w, gprio, NULL, out);
	free(gprio);
	work_free(&w);
}

void rta_analyze_all(const struct rta_taskset *ts, unsigned dev, const bool want[RTA_NPOLICIES],
		     struct rta_result out[RTA_NPOLICIES])
{
	struct work w;
	double *gprio = input_gprio(ts);

	work_init(&w, ts);
	for (int p = 0; p < RTA_NPOLICIES; p++) {
		const struct rta_result *same = NULL;

		if (!want[p])
			continue;
		/* the *_gpu_prio policies start with their base policy's test */
		if (p == RTA_GCAPS_BUSY_GPU_PRIO && want[RTA_GCAPS_BUSY])
			same = &out[RTA_GCAPS_BUSY];
		if (p == RTA_GCAPS_SUSPEND_GPU_PRIO && want[RTA_GCAPS_SUSPEND])
			same = &out[RTA_GCAPS_SUSPEND];
		analyze_one(ts, p, dev, &w, gprio, same, &out[p]);
	}
	free(gprio);
	work_free(&w);
}

long rta_parse_deviations(const char *s)
{
	static const struct { const char *name; unsigned bit; } tab[] = {
		{ "D1", RTA_DEV_D1 }, { "D2", RTA_DEV_D2 }, { "D2b", RTA_DEV_D2B },
		{ "D2c", RTA_DEV_D2C },
		{ "D3", RTA_DEV_D3 }, { "D4", RTA_DEV_D4 }, { "D5", RTA_DEV_D5 },
		{ "D7", RTA_DEV_D7 }, { "D8", RTA_DEV_D8 }, { "D9", RTA_DEV_D9 },
		{ "D11", RTA_DEV_D11 }, { "D12", RTA_DEV_D12 }, { "all", RTA_DEV_ARTIFACT }, { "none", 0 },
		{ "literal", RTA_DEV_LITERAL },
	};
	char *dup = need(strdup(s)), *save = NULL;
	long mask = 0;

	for (char *tok = strtok_r(dup, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		size_t k;
		bool neg = tok[0] == '-';

		for (k = 0; k < sizeof(tab) / sizeof(tab[0]); k++)
			if (!strcasecmp(tok + neg, tab[k].name))
				break;
		if (k == sizeof(tab) / sizeof(tab[0])) {
			free(dup);
			return -1;
		}
		if (neg)
			mask &= ~(long)tab[k].bit;
		else
			mask |= tab[k].bit;
	}
	free(dup);
	return mask;
}
