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

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

const char *const rta_policy_names[RTA_NPOLICIES] = {
	"tsg_rr_busy", "tsg_rr_suspend", "gcaps_busy", "gcaps_suspend",
	"gcaps_busy_gpu_prio", "gcaps_suspend_gpu_prio",
};

/* ------------------------------------------------------------------ input */

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

static void *xcalloc(size_t n, size_t sz)
{
	void *p = calloc(n ? n : 1, sz);

	if (!p) {
		fprintf(stderr, "nvsched rta: out of memory\n");
		exit(1);
	}
	return p;
}

static bool num_ok(double v)
{
	return isfinite(v) && v >= 0;
}

static int task_from_json(const struct json *jt, int idx, struct rta_task *t,
			  char *err, size_t errlen)
{
	const struct json *v, *a;
	double x;

	if (!jt || jt->type != JSON_OBJECT)
		return fail(err, errlen, "tasks[%d]: not an object", idx);
	v = json_get(jt, "name");
	if (v && v->type == JSON_STRING) {
		t->name = strdup(v->str);
	} else if (!v || v->type == JSON_NULL) {
		char buf[32];

		snprintf(buf, sizeof(buf), "t%d", idx);
		t->name = strdup(buf);
	} else {
		return fail(err, errlen, "tasks[%d]: \"name\" must be a string", idx);
	}
	if (!json_get_number(jt, "cpu", &x) || !json_is_int(json_get(jt, "cpu")) || x < 0 ||
	    x >= RTA_MAX_CPUS)
		return fail(err, errlen, "task %s: \"cpu\" must be an integer from 0 to %d",
			    t->name, RTA_MAX_CPUS - 1);
	t->cpu = (int)x;
	if (!json_get_number(jt, "period_ms", &t->T) || !(t->T > 0) || !isfinite(t->T))
		return fail(err, errlen, "task %s: \"period_ms\" must be a positive number", t->name);
	v = json_get(jt, "deadline_ms");
	if (!v || v->type == JSON_NULL)
		t->D = t->T;
	else if (v->type != JSON_NUMBER || !(v->num > 0) || !isfinite(v->num))
		return fail(err, errlen, "task %s: \"deadline_ms\" must be a positive number", t->name);
	else
		t->D = v->num;
	if (t->D > t->T)
		return fail(err, errlen, "task %s: deadline_ms > period_ms (the analysis needs constrained deadlines)",
			    t->name);
	v = json_get(jt, "priority");
	if (!v || v->type == JSON_NULL) {
		t->be = true;
	} else if (v->type == JSON_NUMBER && isfinite(v->num)) {
		t->prio = v->num;
	} else {
		return fail(err, errlen, "task %s: \"priority\" must be a number or null", t->name);
	}
	v = json_get(jt, "gpu_priority");
	if (v && v->type == JSON_NUMBER && isfinite(v->num)) {
		t->has_gprio = true;
		t->gprio = v->num;
	} else if (v && v->type != JSON_NULL) {
		return fail(err, errlen, "task %s: \"gpu_priority\" must be a number or null", t->name);
	}
	a = json_get(jt, "cpu_segments_ms");
	if (!a || a->type != JSON_ARRAY)
		return fail(err, errlen, "task %s: \"cpu_segments_ms\" must be an array", t->name);
	t->nc = (int)a->n;
	t->cseg = xcalloc(a->n, sizeof(double));
	t->C = 0;
	for (size_t k = 0; k < a->n; k++) {
		if (a->items[k]->type != JSON_NUMBER || !num_ok(a->items[k]->num))
			return fail(err, errlen, "task %s: cpu_segments_ms[%zu] must be a number >= 0",
				    t->name, k);
		t->cseg[k] = a->items[k]->num;
		t->C += t->cseg[k];
	}
	a = json_get(jt, "gpu_segments");
	if (a && a->type == JSON_NULL)
		a = NULL;
	if (a && a->type != JSON_ARRAY)
		return fail(err, errlen, "task %s: \"gpu_segments\" must be an array", t->name);
	t->ng = a ? (int)a->n : 0;
	t->gm = xcalloc(t->ng, sizeof(double));
	t->ge = xcalloc(t->ng, sizeof(double));
	t->Gm = t->Ge = t->G = 0;
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
	v = json_get(jt, "cpu_total_ms");
	if (v && v->type != JSON_NULL) {
		if (v->type != JSON_NUMBER || !num_ok(v->num))
			return fail(err, errlen, "task %s: \"cpu_total_ms\" must be a number >= 0", t->name);
		t->C = v->num;
	}
	v = json_get(jt, "gpu_total_ms");
	if (v && v->type != JSON_NULL) {
		if (v->type != JSON_NUMBER || !num_ok(v->num))
			return fail(err, errlen, "task %s: \"gpu_total_ms\" must be a number >= 0", t->name);
		t->G = v->num;
	}
	return 0;
}

int rta_taskset_from_json(const struct json *j, struct rta_taskset *ts, char *err, size_t errlen)
{
	const struct json *pl, *tasks;
	double x;

	memset(ts, 0, sizeof(*ts));
	if (!j || j->type != JSON_OBJECT)
		return fail(err, errlen, "taskset must be a JSON object");
	if (json_get_number(j, "schema", &x) && x != 1)
		return fail(err, errlen, "unsupported schema %g (expected 1)", x);
	pl = json_get(j, "platform");
	if (!pl || pl->type != JSON_OBJECT)
		return fail(err, errlen, "missing \"platform\" object");
	ts->cpus = 0;
	if (json_get_number(pl, "cpus", &x)) {
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
	tasks = json_get_array(j, "tasks");
	if (!tasks)
		return fail(err, errlen, "missing \"tasks\" array");
	ts->n = (int)tasks->n;
	ts->t = xcalloc(tasks->n, sizeof(*ts->t));
	for (int i = 0; i < ts->n; i++) {
		if (task_from_json(tasks->items[i], i, &ts->t[i], err, errlen) < 0) {
			rta_taskset_free(ts);
			return -1;
		}
		if (ts->t[i].cpu >= ts->cpus)
			ts->cpus = ts->t[i].cpu + 1;
	}
	/* given GPU priorities must keep the same-core CPU order (paper 5.3) */
	for (int a = 0; a < ts->n; a++)
		for (int b = 0; b < ts->n; b++) {
			const struct rta_task *x = &ts->t[a], *y = &ts->t[b];
			double gx = x->has_gprio ? x->gprio : x->prio;
			double gy = y->has_gprio ? y->gprio : y->prio;

			if ((x->has_gprio || y->has_gprio) && !x->be && !y->be &&
			    x->cpu == y->cpu && x->prio > y->prio && gx < gy) {
				fail(err, errlen,
				     "tasks %s and %s: gpu_priority breaks the same-core CPU priority order (paper 5.3)",
				     x->name, y->name);
				rta_taskset_free(ts);
				return -1;
			}
		}
	return 0;
}

int rta_taskset_load(const char *path, struct rta_taskset *ts, char *err, size_t errlen)
{
	char e[256];
	struct json *j = json_parse_file(path, e, sizeof(e));
	int rc;

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
	memset(r, 0, sizeof(*r));
	r->R = xcalloc(n, sizeof(double));
	r->analysed = xcalloc(n, sizeof(bool));
	r->gpu_prio = xcalloc(n, sizeof(int));
	for (int i = 0; i < n; i++)
		r->R[i] = NAN;
}

void rta_result_free(struct rta_result *r)
{
	free(r->R);
	free(r->analysed);
	free(r->gpu_prio);
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
struct terms {
	int n;
	double *T, *J, *cost;
};

static inline void emit(struct terms *tl, double T, double J, double cost)
{
	tl->T[tl->n] = T;
	tl->J[tl->n] = J;
	tl->cost[tl->n] = cost;
	tl->n++;
}

struct ctx {
	struct terms *tl;	/* scratch: up to 2 terms per task */
	const struct rta_taskset *ts;
	unsigned dev;		/* RTA_DEV_* of the artifact to reproduce */
	bool busy;
	const bool *hpp, *rhp;
	const double *RJ;
	const double *RJdp;	/* artifact: jitter base of the same-core dp term */
	/* tsg_rr, artifact D2: */
	const int *order;	/* RT tasks in priority order, then the BE tasks */
	int nrt, pos;		/* number of RT tasks, position of tau_i */
	const bool *hp;		/* higher CPU priority, any core */
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

static double solve_built(const struct rta_task *t, double base, const struct terms *tl);

/*
 * Fixed-point iteration R = base + I(R), from R = base, cut off at D_i.
 * Returns NAN when the bound exceeds D_i or depends on an unbounded task.
 */
static double solve(const struct ctx *c, int i, double base,
		    void (*build)(const struct ctx *, int, struct terms *))
{
	const struct rta_task *t = &c->ts->t[i];
	struct terms *tl = c->tl;
	double R = base;

	if (isnan(base) || R > t->D)
		return NAN;
	tl->n = 0;
	build(c, i, tl);
	return solve_built(t, base, tl);
}

/* The fixed point of R = base + the terms of tl (see solve). */
static double solve_built(const struct rta_task *t, double base, const struct terms *tl)
{
	double R = base;

	if (isnan(base) || R > t->D)
		return NAN;
	for (int k = 0; k < tl->n; k++)
		if (isnan(tl->J[k]))
			return NAN;	/* needs the jitter of an unbounded task */
	for (int it = 0; it < 100000; it++) {
		double s = 0, next;

		/* same summation order as the terms were listed */
		for (int k = 0; k < tl->n; k++)
			s += ceil_div(R + tl->J[k], tl->T[k]) * tl->cost[k];
		next = base + s;
		if (isnan(next) || next > t->D)
			return NAN;
		if (next <= R)
			return next;
		R = next;
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

static void rr_busy_terms(const struct ctx *c, int i, struct terms *tl)
{
	const struct rta_taskset *ts = c->ts;

	if (!(c->dev & RTA_DEV_D2B)) {
		/* Eq. (6): nu = |{k not in hpp(i), eta_k > 0} u {tau_h}| */
		int n_id = 1;

		for (int k = 0; k < ts->n; k++)
			if (!c->hpp[k] && ts->t[k].ng > 0)
				n_id++;
		for (int h = 0; h < ts->n; h++) {
			const struct rta_task *th = &ts->t[h];
			double job;

			if (!c->hpp[h] || (th->ng == 0 && (c->dev & RTA_DEV_D1)))
				continue;
			job = th->C + th->Gm;			/* Eq. (7) */
			if (th->ng > 0)
				job += interleave(ts, th, n_id);	/* Eq. (6) */
			if (th->ng > 0 && (c->dev & RTA_DEV_D2C))
				job += th->G;
			emit(tl, th->T, 0, job);
		}
		return;
	}
	/* artifact D2b: N_id = |hp\hpp GPU| + |lp GPU| (neither tau_h nor
	 * tau_i); D2: lp = the sorted positions 0..n-pos-2 (relative lp
	 * indices used as absolute ones) instead of pos+1..n-1 */
	int n_id = 0;
	/* D12: the artifact's task list is the RT tasks by priority and then
	 * the best-effort ones (prio -1), and its n counts them all */
	int nl = (c->dev & RTA_DEV_D12) ? ts->n : c->nrt;

	for (int k = 0; k < ts->n; k++)
		if (c->hp[k] && !c->hpp[k] && ts->t[k].ng > 0)
			n_id++;
	if (c->dev & RTA_DEV_D2) {
		for (int a = 0; a <= nl - c->pos - 2; a++)
			if (ts->t[c->order[a]].ng > 0)
				n_id++;
	} else {
		for (int a = c->pos + 1; a < nl; a++)
			if (ts->t[c->order[a]].ng > 0)
				n_id++;
	}
	for (int h = 0; h < ts->n; h++) {
		const struct rta_task *th = &ts->t[h];
		double job;

		if (!c->hpp[h] || (th->ng == 0 && (c->dev & RTA_DEV_D1)))	/* D1 */
			continue;
		job = th->C + th->Gm;
		if (th->ng > 0)
			job += interleave(ts, th, n_id);
		if (th->ng > 0 && (c->dev & RTA_DEV_D2C))
			job += th->G;				/* D2c */
		emit(tl, th->T, 0, job);
	}
}

static void rr_suspend_terms(const struct ctx *c, int i, struct terms *tl)
{
	const struct rta_taskset *ts = c->ts;

	for (int h = 0; h < ts->n; h++) {
		const struct rta_task *th = &ts->t[h];
		double J;

		if (!c->hpp[h])
			continue;
		if (!(c->dev & RTA_DEV_D4))
			J = jit(c, h, th->C + th->Gm);		/* Eq. (8) */
		else
			J = th->T - (th->C + th->Gm);		/* D4 */
		emit(tl, th->T, J, (th->C + th->Gm));
	}
}

/* ---- GCAPS (section 6.3) ---- */

/* The terms of one task h for tau_i (in hpp(i), or in the remote set). */
static void gcaps_busy_h(const struct ctx *c, const struct rta_task *ti, int h, bool hpp,
			 bool rhp, struct terms *tl)
{
	const struct rta_taskset *ts = c->ts;
	const double eps = ts->eps;

	{
		const struct rta_task *th = &ts->t[h];

		if (hpp) {
			double job;

			if (th->ng == 0)
				job = th->C + th->Gm;		/* Eq. (12) */
			else if (c->dev & RTA_DEV_D5)
				job = th->C + th->G + 2 * eps * th->ng;	/* D5 */
			else if ((c->dev & RTA_DEV_LITERAL) && ti->ng == 0)
				job = th->C + th->Gm;	/* Eq. (12) as printed */
			else
				/* Eq. (12) + Eq. (10) first term for every tau_i:
				 * a busy-waiting tau_h holds the CPU during
				 * G^e*_h whether or not tau_i uses the GPU. */
				job = th->C + th->Gm + th->Ge + 2 * eps * th->ng;
			emit(tl, th->T, 0, job);
		} else if (rhp) {
			bool g = (c->dev & RTA_DEV_D7) ? th->G > 0 : th->ng > 0;	/* D7 */

			/* Eq. (10) second term (eta_i > 0) / Eq. (11) (eta_i = 0) */
			if (g)
				emit(tl, th->T, jit(c, h, th->Ge), th->Ge + 2 * eps * th->ng);
		}
	}
}

static void gcaps_busy_terms(const struct ctx *c, int i, struct terms *tl)
{
	for (int h = 0; h < c->ts->n; h++)
		gcaps_busy_h(c, &c->ts->t[i], h, c->hpp[h], c->rhp[h], tl);
}

static void gcaps_suspend_h(const struct ctx *c, const struct rta_task *ti, int h, bool hpp,
			    bool rhp, struct terms *tl)
{
	const struct rta_taskset *ts = c->ts;
	const double eps = ts->eps;

	{
		const struct rta_task *th = &ts->t[h];

		if (hpp) {
			if (th->ng == 0) {
				emit(tl, th->T, 0, th->C);	/* Eq. (14) first sum */
				return;
			}
			/* Eq. (14) second sum */
			emit(tl, th->T, jit(c, h, th->C + th->Gm), th->C + th->Gm + 2 * eps * th->ng);
			/* Eq. (13) first sum */
			if (uses_gpu(c, ti)) {
				double J = c->RJdp ? c->RJdp[h] - th->Ge : jit(c, h, th->Ge);

				emit(tl, th->T, J, th->Ge);
			}
		} else if (rhp && uses_gpu(c, ti)) {
			bool g = (c->dev & RTA_DEV_D7) ? th->G > 0 : th->ng > 0;

			/* Eq. (13) second sum (hp and not hpp, as in Eq. (10)) */
			if (g)
				emit(tl, th->T, jit(c, h, th->Ge), th->Ge + 2 * eps * th->ng);
		}
	}
}

static void gcaps_suspend_terms(const struct ctx *c, int i, struct terms *tl)
{
	for (int h = 0; h < c->ts->n; h++)
		gcaps_suspend_h(c, &c->ts->t[i], h, c->hpp[h], c->rhp[h], tl);
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
static const struct rta_taskset *sort_ts;
static int cmp_prio(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	double px = sort_ts->t[x].prio, py = sort_ts->t[y].prio;

	if (px != py)
		return px > py ? -1 : 1;
	return x - y;
}

static int rt_order(const struct rta_taskset *ts, int *order)
{
	int m = 0;

	for (int i = 0; i < ts->n; i++)
		if (!ts->t[i].be)
			order[m++] = i;
	sort_ts = ts;
	qsort(order, m, sizeof(int), cmp_prio);
	/* then the best-effort tasks, in input order (artifact D12 only) */
	for (int i = 0, b = m; i < ts->n; i++)
		if (ts->t[i].be)
			order[b++] = i;
	return m;
}

struct work {
	int n, m;
	int *order, *rank;	/* rank[i]: position in order, -1 for BE */
	bool *hpp, *rhp, *hp;	/* hpp, hp: rows of hppm, hpm (cpu_sets) */
	bool *hppm, *hpm;	/* n x n: hpp(i), hp(i) of every task, computed once */
	double *own[2];		/* own_demand(ts, rr = 0 / gcaps = 1, i), computed once */
	void *blk;		/* every array above, one allocation */
	double *RJ;
	int *gp;		/* GPU priority per task (higher = more important) */
	struct terms tl;
};

static void work_init(struct work *w, const struct rta_taskset *ts)
{
	size_t n = ts->n, nd = 9 * n, ni = 3 * n, nb = n + 2 * (n * n + 1);
	void *blk = xcalloc(1, nd * sizeof(double) + ni * sizeof(int) + nb);	/* one block */
	double *d = blk;
	void *ip = d + nd, *bp;	/* doubles first, then ints, then bools: aligned */
	int *iv = ip;
	bool *b;

	bp = iv + ni;
	b = bp;

	w->blk = blk;
	w->n = ts->n;
	w->RJ = d;
	w->tl.T = d + n;
	w->tl.J = d + 3 * n;
	w->tl.cost = d + 5 * n;
	w->own[0] = d + 7 * n;
	w->own[1] = d + 8 * n;
	w->order = iv;
	w->rank = iv + n;
	w->gp = iv + 2 * n;
	w->rhp = b;
	w->hppm = b + n;
	w->hpm = b + n + (n * n + 1);
	w->m = rt_order(ts, w->order);
	for (int i = 0; i < ts->n; i++)
		w->rank[i] = -1;
	for (int a = 0; a < w->m; a++)
		w->rank[w->order[a]] = a;
	for (int i = 0; i < ts->n; i++) {
		bool *hp = w->hpm + (size_t)i * ts->n, *hpp = w->hppm + (size_t)i * ts->n;

		for (int k = 0; k < ts->n; k++) {
			bool higher = k != i && w->rank[k] >= 0 && w->rank[i] >= 0 &&
				      w->rank[k] < w->rank[i];

			hp[k] = higher;
			hpp[k] = higher && ts->t[k].cpu == ts->t[i].cpu;
		}
		w->own[0][i] = own_demand(ts, false, i);
		w->own[1][i] = own_demand(ts, true, i);
	}
}

static void work_free(struct work *w)
{
	free(w->blk);
}

/* hpp(i) and hp(i) by CPU priority (rows computed in work_init). */
static void cpu_sets(const struct rta_taskset *ts, struct work *w, int i, struct ctx *c)
{
	w->hp = w->hpm + (size_t)i * ts->n;
	w->hpp = w->hppm + (size_t)i * ts->n;
	c->hp = w->hp;
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
		.tl = &w->tl, .ts = ts, .dev = dev, .busy = busy, .hpp = w->hpp, .rhp = w->rhp,
		.RJ = w->RJ, .order = w->order, .nrt = w->m, .hp = w->hp,
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
		for (int k = 0; k < ts->n && !rr; k++) {	/* rhp: GCAPS only */
			bool higher;

			if (!gpu_prio)
				higher = w->hp[k];
			else
				higher = k != i && k != ref && !ts->t[k].be &&
					 gp_higher(w, gpu_prio, k, ref);
			w->rhp[k] = higher && ts->t[k].cpu != ts->t[i].cpu;
		}
		c.pos = a;
		R = solve(&c, i, w->own[!rr][i], f);
		out->R[i] = R;
		out->analysed[i] = true;
		if (!use_deadline)
			w->RJ[i] = R;
		if (isnan(R)) {
			out->schedulable = false;
			if (!rr && (dev & RTA_DEV_D11))
				break;		/* D11 */
		}
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
/* Terms of one task in one role (at most 2 per task), see audsley(). */
struct cterms {
	bool done;
	int n;
	double T[2], J[2], cost[2];
};

static bool audsley(const struct rta_taskset *ts, struct work *w, bool busy, unsigned dev,
		    const double *stale, int *level)
{
	bool *assigned = xcalloc(ts->n, sizeof(bool));
	struct cterms *cache = xcalloc((size_t)ts->n * 4, sizeof(*cache));
	bool ok = true;
	struct ctx c = {
		.tl = &w->tl, .ts = ts, .dev = dev, .busy = busy, .hpp = w->hpp, .rhp = w->rhp,
		.RJ = w->RJ, .order = w->order, .nrt = w->m, .hp = w->hp,
		.RJdp = ((dev & RTA_DEV_D3) && !busy) ? stale : NULL,
	};

	for (int k = 0; k < ts->n; k++) {
		w->RJ[k] = ts->t[k].D;
		level[k] = 0;
	}
	for (int lv = 1; lv <= w->m && ok; lv++) {
		bool found = false;

		for (int a = w->m - 1; a >= 0 && !found; a--) {
			int i = w->order[a];
			double R;

			if (assigned[i])
				continue;
			if (!(dev & RTA_DEV_D8)) {
				bool skip = false;

				for (int b = a + 1; b < w->m; b++) {
					int k = w->order[b];

					if (ts->t[k].cpu == ts->t[i].cpu && !assigned[k])
						skip = true;
				}
				if (skip)
					continue;
			}
			cpu_sets(ts, w, i, &c);
			c.pos = a;
			/*
			 * The terms of every h, in index order as the builders
			 * list them; each h's terms depend only on its role
			 * (hpp / remote) and on whether tau_i uses the GPU (and
			 * on tau_i itself under "literal"), and the jitters use
			 * D_h (or D3's stale R) throughout: built once per
			 * (h, role, class) and copied.
			 */
			{
				const struct rta_task *ti = &ts->t[i];
				int cls = ti->ng > 0;
				struct terms *tl = &w->tl;

				tl->n = 0;
				for (int k = 0; k < ts->n; k++) {
					bool hpp = w->hpp[k];
					bool rhp = k != i && !ts->t[k].be && !assigned[k] && !hpp &&
						   ((dev & RTA_DEV_D8) || ts->t[k].cpu != ti->cpu);
					struct cterms *ct;

					if (!hpp && !rhp)
						continue;
					if (dev & RTA_DEV_LITERAL) {
						(busy ? gcaps_busy_h : gcaps_suspend_h)(&c, ti, k, hpp, rhp, tl);
						continue;
					}
					ct = &cache[(k * 2 + !hpp) * 2 + cls];
					if (!ct->done) {
						struct terms one = { 0, ct->T, ct->J, ct->cost };

						(busy ? gcaps_busy_h : gcaps_suspend_h)(&c, ti, k, hpp, rhp, &one);
						ct->n = one.n;
						ct->done = true;
					}
					for (int q = 0; q < ct->n; q++)
						emit(tl, ct->T[q], ct->J[q], ct->cost[q]);
				}
				R = solve_built(ti, w->own[1][i], tl);
			}
			if (!isnan(R)) {
				assigned[i] = true;
				level[i] = lv;
				found = true;
				/*
				 * D8: the same-core order is checked only at the
				 * end, and fails the search if a same-core task of
				 * higher CPU priority has a lower level.  Levels only
				 * grow and success needs every task assigned, so the
				 * result is known as soon as a task is assigned while
				 * a same-core task of lower CPU priority is not (it
				 * would get a higher level, or none).
				 */
				if (dev & RTA_DEV_D8)
					for (int b = a + 1; b < w->m && ok; b++) {
						int y = w->order[b];

						if (ts->t[y].cpu == ts->t[i].cpu && !assigned[y])
							ok = false;
					}
			}
		}
		if (!found)
			ok = false;
	}
	if (ok && (dev & RTA_DEV_D8)) {
		for (int a = 0; a < w->m && ok; a++)
			for (int b = a + 1; b < w->m; b++) {
				int x = w->order[a], y = w->order[b];

				if (ts->t[x].cpu == ts->t[y].cpu && level[x] < level[y])
					ok = false;
			}
	}
	free(assigned);
	free(cache);
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
			int *ord = xcalloc(ts->n, sizeof(int));

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
			free(ord);
		} else {
			double *stale = xcalloc(ts->n, sizeof(double));
			int *level = xcalloc(ts->n, sizeof(int));

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
					double *gp = xcalloc(ts->n, sizeof(double));
					bool s;

					for (int k = 0; k < ts->n; k++)
						gp[k] = level[k];
					ordered_test(ts, &w, false, busy, dev, gp, true, out);
					s = out->schedulable;
					out->schedulable = s;	/* true by construction */
					free(gp);
				}
			}
			free(stale);
			free(level);
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
	char *dup = strdup(s), *save = NULL;
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
