// SPDX-License-Identifier: MIT
/*
 * rta_ref.c - the analyses written out plainly from the GCAPS
 * paper (ECRTS'24, section 6: Eq. (1)-(14), Lemmas 6-21, Audsley's search
 * of section 5.3 / 6.4) and docs/rta.md's soundness fixes, as a second
 * implementation for test_rta, with the artifact's deviations of docs/rta.md
 * (D1-D12, "literal") each where it applies.  See rta_ref.h.
 *
 * Every sum lists its terms in task index order (and, for one task, in the
 * order the paper's equations give them), as rta.c does, so that the two
 * give the same doubles and can be compared exactly.
 */
#include "rta_ref.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAXT 64			/* tasksets of the test: at most this many tasks */
#define MAXTERMS (2 * MAXT)

struct rterm {
	double T, J, cost;
};

struct rlist {
	int n;
	struct rterm t[MAXTERMS];
};

static void add(struct rlist *l, double T, double J, double cost)
{
	l->t[l->n].T = T;
	l->t[l->n].J = J;
	l->t[l->n].cost = cost;
	l->n++;
}

/* tau_a is analysed before tau_b: higher CPU priority, ties by index */
static bool cpu_before(const struct rta_taskset *ts, int a, int b)
{
	const struct rta_task *x = &ts->t[a], *y = &ts->t[b];

	return x->prio > y->prio || (x->prio == y->prio && a < b);
}

/* hp(i): real-time tasks analysed before tau_i */
static bool in_hp(const struct rta_taskset *ts, int k, int i)
{
	return k != i && !ts->t[k].be && !ts->t[i].be && cpu_before(ts, k, i);
}

/* hpp(i): the same-core tasks of hp(i) */
static bool in_hpp(const struct rta_taskset *ts, int k, int i)
{
	return in_hp(ts, k, i) && ts->t[k].cpu == ts->t[i].cpu;
}

/* Eq. (3) summed over tau_k's GPU segments, with nu interleaving tasks */
static double interleave(const struct rta_taskset *ts, int k, int nu)
{
	double s = 0;

	for (int j = 0; j < ts->t[k].ng; j++)
		s += (ts->L + ts->theta) * (double)nu * ceil(ts->t[k].ge[j] / ts->L);
	return s;
}

/* R = base + sum ceil((R + J) / T) cost, from R = base; NAN above D */
static double fixed_point(const struct rta_task *t, double base, const struct rlist *l)
{
	double R = base;

	if (isnan(base) || base > t->D)
		return NAN;
	for (int round = 0; round < 100000; round++) {
		double s = 0, next;

		for (int k = 0; k < l->n; k++)
			s += ceil((R + l->t[k].J) / l->t[k].T) * l->t[k].cost;
		next = base + s;
		if (isnan(next) || next > t->D)
			return NAN;
		if (next <= R)
			return next;
		R = next;
	}
	return NAN;
}

/* a jitter R_h - sub (or D_h - sub), not below 0 but under D3; NAN stays NAN */
static double jitter(unsigned dev, double Rh, double sub)
{
	double j = Rh - sub;

	return j < 0 && !(dev & RTA_DEV_D3) ? 0 : j;
}

/* ---- round-robin TSG scheduling (section 6.2) ---- */

static double rr_own(const struct rta_taskset *ts, int i)
{
	int nu = 0;

	for (int k = 0; k < ts->n; k++)
		nu += k != i && ts->t[k].ng > 0;
	/* C_i + G_i + I^ie_i (Lemma 6) */
	return ts->t[i].C + ts->t[i].G + interleave(ts, i, nu);
}

/*
 * The real-time tasks in CPU order (the order of the priority-ordered test),
 * then the best-effort ones in index order (the artifact's task list, D2b
 * and D12).  Returns the number of real-time tasks.
 */
static int cpu_order(const struct rta_taskset *ts, int *list)
{
	int m = 0, n;
	bool taken[MAXT] = { false };

	for (;;) {
		int best = -1;

		for (int k = 0; k < ts->n; k++)
			if (!ts->t[k].be && !taken[k] && (best < 0 || cpu_before(ts, k, best)))
				best = k;
		if (best < 0)
			break;
		taken[best] = true;
		list[m++] = best;
	}
	n = m;
	for (int k = 0; k < ts->n; k++)
		if (ts->t[k].be)
			list[n++] = k;
	return m;
}

/* GPU tasks at list positions [from, to) */
static int gpu_in(const struct rta_taskset *ts, const int *list, int from, int to)
{
	int c = 0;

	for (int a = from; a < to; a++)
		c += ts->t[list[a]].ng > 0;
	return c;
}

/* N of Eq. (6) (tasks that interleave with one GPU segment of tau_h) */
static int rr_nid(const struct rta_taskset *ts, int i, unsigned dev)
{
	int list[MAXT], m, pos = 0, nl, nid = 0;

	if (!(dev & RTA_DEV_D2B)) {
		/* the GPU tasks outside hpp(i), and tau_h */
		nid = 1;
		for (int k = 0; k < ts->n; k++)
			nid += ts->t[k].ng > 0 && !in_hpp(ts, k, i);
		return nid;
	}
	m = cpu_order(ts, list);
	while (list[pos] != i)
		pos++;
	nl = (dev & RTA_DEV_D12) ? ts->n : m;
	/* |hp(i) \ hpp(i) GPU| + |lp GPU| */
	for (int k = 0; k < ts->n; k++)
		nid += ts->t[k].ng > 0 && in_hp(ts, k, i) && !in_hpp(ts, k, i);
	if (dev & RTA_DEV_D2)	/* lp at positions 0 .. nl - pos - 2 */
		nid += gpu_in(ts, list, 0, nl - pos - 1);
	else			/* lp at positions pos + 1 .. nl - 1 */
		nid += gpu_in(ts, list, pos + 1, nl);
	return nid;
}

static void rr_terms(const struct rta_taskset *ts, int i, bool busy, unsigned dev,
		     const double *Rk, struct rlist *l)
{
	int nid = busy ? rr_nid(ts, i, dev) : 0;

	for (int h = 0; h < ts->n; h++) {
		const struct rta_task *th = &ts->t[h];

		if (!in_hpp(ts, h, i))
			continue;
		if (busy) {	/* Lemma 10: Eq. (7) + Eq. (6) */
			double job = th->C + th->Gm;

			if (th->ng == 0 && (dev & RTA_DEV_D1))
				continue;
			if (th->ng > 0)
				job += interleave(ts, h, nid);
			if (th->ng > 0 && (dev & RTA_DEV_D2C))
				job += th->G;
			add(l, th->T, 0, job);
		} else if (dev & RTA_DEV_D4) {
			add(l, th->T, th->T - (th->C + th->Gm), th->C + th->Gm);
		} else {	/* Lemma 12: Eq. (8) */
			add(l, th->T, jitter(dev, Rk[h], th->C + th->Gm), th->C + th->Gm);
		}
	}
}

/* ---- GCAPS (section 6.3) ---- */

static double gcaps_own(const struct rta_taskset *ts, int i)
{
	const struct rta_task *t = &ts->t[i];

	/* C_i + G*_i + B_i (Lemma 13) */
	return t->C + t->G + ts->eps + 3 * ts->eps * t->ng;
}

/*
 * The terms of tau_h for tau_i: same (h in hpp(i)) or remote.  J: the
 * jitter bases; Jdp: D3's stale bases of the same-core G^e term, or NULL.
 */
static void gcaps_h(const struct rta_taskset *ts, int i, int h, bool same, bool busy,
		    unsigned dev, const double *J, const double *Jdp, struct rlist *l)
{
	const struct rta_task *ti = &ts->t[i], *th = &ts->t[h];
	const double eps = ts->eps;

	if (!same) {	/* Eq. (10) second term, Eq. (11), Eq. (13) second sum */
		bool gpu = (dev & RTA_DEV_D7) ? th->G > 0 : th->ng > 0;

		if (gpu && (busy || ti->ng > 0))
			add(l, th->T, jitter(dev, J[h], th->Ge), th->Ge + 2 * eps * th->ng);
		return;
	}
	if (busy) {	/* Eq. (12) (+ Eq. (10) first term for a GPU tau_h) */
		if (th->ng == 0)
			add(l, th->T, 0, th->C + th->Gm);
		else if (dev & RTA_DEV_D5)
			add(l, th->T, 0, th->C + th->G + 2 * eps * th->ng);
		else if ((dev & RTA_DEV_LITERAL) && ti->ng == 0)
			add(l, th->T, 0, th->C + th->Gm);
		else
			add(l, th->T, 0, th->C + th->Gm + th->Ge + 2 * eps * th->ng);
		return;
	}
	if (th->ng == 0) {	/* Eq. (14) first sum */
		add(l, th->T, 0, th->C);
		return;
	}
	/* Eq. (14) second sum, Eq. (13) first sum */
	add(l, th->T, jitter(dev, J[h], th->C + th->Gm), th->C + th->Gm + 2 * eps * th->ng);
	if (ti->ng > 0)
		add(l, th->T, Jdp ? Jdp[h] - th->Ge : jitter(dev, J[h], th->Ge), th->Ge);
}

/* GPU priority of a above b; ties: the CPU order */
static bool gpu_above(const struct rta_taskset *ts, const double *gp, int a, int b)
{
	return gp[a] > gp[b] || (gp[a] == gp[b] && cpu_before(ts, a, b));
}

/*
 * The remote interferers of tau_i under GPU priorities gp (section 6.4):
 * real-time tasks on other cores above ref, where ref is tau_i or, for a
 * CPU-only tau_i, its hpp GPU task of lowest GPU priority if that is lower
 * (not under D8).
 */
static bool remote_by_gp(const struct rta_taskset *ts, const double *gp, unsigned dev, int i,
			 int k)
{
	int ref = i;

	if (ts->t[i].ng == 0 && !(dev & RTA_DEV_D8))
		for (int h = 0; h < ts->n; h++)
			if (in_hpp(ts, h, i) && ts->t[h].ng > 0 && gpu_above(ts, gp, ref, h))
				ref = h;
	return k != i && k != ref && !ts->t[k].be && ts->t[k].cpu != ts->t[i].cpu &&
	       gpu_above(ts, gp, k, ref);
}

/*
 * The priority-ordered test: every real-time task in CPU priority order.
 * gp: GPU priorities (remote sets by them, jitters from D_h) or NULL (remote
 * set hp(i) \ hpp(i), jitters from R_h).  GCAPS under D11 stops at the
 * first failure.
 */
static void ordered(const struct rta_taskset *ts, bool rr, bool busy, unsigned dev,
		    const double *gp, struct rta_result *out)
{
	double J[MAXT];
	int list[MAXT], m = cpu_order(ts, list);

	out->schedulable = true;
	for (int k = 0; k < ts->n; k++) {
		out->R[k] = NAN;
		out->analysed[k] = false;
		J[k] = gp ? ts->t[k].D : NAN;
	}
	for (int a = 0; a < m; a++) {
		int i = list[a];
		struct rlist l = { 0 };
		double R;

		if (rr) {
			rr_terms(ts, i, busy, dev, J, &l);
			R = fixed_point(&ts->t[i], rr_own(ts, i), &l);
		} else {
			for (int h = 0; h < ts->n; h++) {
				bool same = in_hpp(ts, h, i);
				bool remote = gp ? remote_by_gp(ts, gp, dev, i, h)
						 : in_hp(ts, h, i) && !same;

				if (same || remote)
					gcaps_h(ts, i, h, same, busy, dev, J, NULL, &l);
			}
			R = fixed_point(&ts->t[i], gcaps_own(ts, i), &l);
		}
		out->R[i] = R;
		out->analysed[i] = true;
		if (!gp)
			J[i] = R;
		if (isnan(R)) {
			out->schedulable = false;
			if (!rr && (dev & RTA_DEV_D11))
				break;
		}
	}
}

/*
 * Audsley's search: levels 1 (lowest) up; each to the first candidate,
 * from the lowest CPU priority up, that meets its deadline with the
 * unassigned remote tasks above it (jitters from D_h).  Paper: a task is a
 * candidate when its same-core tasks of lower CPU priority all have a
 * level.  D8: every unassigned task is a candidate, every unassigned task
 * outside hpp(i) interferes, and the same-core order is checked at the end.
 * D3 (suspend): the same-core G^e jitters from stale.
 */
static bool audsley(const struct rta_taskset *ts, bool busy, unsigned dev, const double *stale,
		    int *level)
{
	const bool d8 = dev & RTA_DEV_D8;
	const double *Jdp = (dev & RTA_DEV_D3) && !busy ? stale : NULL;
	double D[MAXT];
	int list[MAXT], m = cpu_order(ts, list);

	for (int k = 0; k < ts->n; k++) {
		D[k] = ts->t[k].D;
		level[k] = 0;
	}
	for (int lv = 1; lv <= m; lv++) {
		int pick = -1;

		/* the unassigned tasks from the lowest CPU priority up */
		for (int a = m - 1; a >= 0 && pick < 0; a--) {
			int i = list[a];
			bool blocked = false;
			struct rlist l = { 0 };

			if (level[i])
				continue;
			for (int k = 0; k < ts->n; k++)
				if (!ts->t[k].be && !level[k] && k != i &&
				    ts->t[k].cpu == ts->t[i].cpu && cpu_before(ts, i, k))
					blocked = true;
			if (blocked && !d8)
				continue;
			for (int h = 0; h < ts->n; h++) {
				bool same = in_hpp(ts, h, i);
				bool remote = h != i && !ts->t[h].be && !level[h] && !same &&
					      (d8 || ts->t[h].cpu != ts->t[i].cpu);

				if (same || remote)
					gcaps_h(ts, i, h, same, busy, dev, D, Jdp, &l);
			}
			if (!isnan(fixed_point(&ts->t[i], gcaps_own(ts, i), &l)))
				pick = i;
		}
		if (pick < 0)
			goto fail;
		level[pick] = lv;
	}
	/* D8: no same-core task of higher CPU priority with a lower level */
	if (d8)
		for (int a = 0; a < ts->n; a++)
			for (int b = 0; b < ts->n; b++)
				if (in_hpp(ts, a, b) && level[a] < level[b])
					goto fail;
	return true;
fail:
	memset(level, 0, ts->n * sizeof(*level));
	return false;
}

void rta_ref_analyze(const struct rta_taskset *ts, enum rta_policy p, unsigned dev,
		     struct rta_result *out)
{
	bool rr = p == RTA_TSG_RR_BUSY || p == RTA_TSG_RR_SUSPEND;
	bool busy = p == RTA_TSG_RR_BUSY || p == RTA_GCAPS_BUSY || p == RTA_GCAPS_BUSY_GPU_PRIO;
	bool gpu_prio_policy = p == RTA_GCAPS_BUSY_GPU_PRIO || p == RTA_GCAPS_SUSPEND_GPU_PRIO;
	double gp[MAXT];
	bool given = false;

	if (ts->n > MAXT)
		abort();
	/* given GPU priorities (section 6.4): a real-time task has one */
	for (int k = 0; k < ts->n; k++) {
		gp[k] = ts->t[k].has_gprio ? ts->t[k].gprio : ts->t[k].prio;
		given |= ts->t[k].has_gprio && !ts->t[k].be;
	}
	out->has_gpu_prio = false;
	out->audsley = false;
	memset(out->gpu_prio, 0, ts->n * sizeof(int));
	ordered(ts, rr, busy, dev, given && !rr ? gp : NULL, out);
	if (gpu_prio_policy && out->schedulable) {
		/* the levels in use: 1..m, by GPU priority (given) or CPU order */
		for (int i = 0; i < ts->n; i++) {
			if (ts->t[i].be)
				continue;
			out->gpu_prio[i] = 1;
			for (int k = 0; k < ts->n; k++)
				if (k != i && !ts->t[k].be &&
				    (given ? gpu_above(ts, gp, i, k) : cpu_before(ts, i, k)))
					out->gpu_prio[i]++;
		}
		out->has_gpu_prio = true;
	} else if (gpu_prio_policy) {
		int level[MAXT];
		double stale[MAXT];

		/* D3: R of the analysed tasks, -1 for the failed one, 0 behind it */
		for (int k = 0; k < ts->n; k++)
			stale[k] = !out->analysed[k] ? 0 : isnan(out->R[k]) ? -1 : out->R[k];
		out->audsley = true;
		out->schedulable = audsley(ts, busy, dev, stale, level);
		for (int k = 0; k < ts->n; k++) {
			out->R[k] = NAN;
			out->analysed[k] = false;
		}
		if (out->schedulable) {
			for (int k = 0; k < ts->n; k++)
				gp[k] = level[k];
			if (!(dev & RTA_DEV_D9))	/* the bounds under the levels found */
				ordered(ts, false, busy, dev, gp, out);
			memcpy(out->gpu_prio, level, ts->n * sizeof(int));
			out->has_gpu_prio = true;
		}
	}
	for (int k = 0; k < ts->n; k++)
		if (ts->t[k].be)
			out->R[k] = NAN;
}
