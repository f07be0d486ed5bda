// SPDX-License-Identifier: MIT
/*
 * Unit tests: the fixed-priority policy core (kmod/hw/prio.c) against the
 * semantics of docs/CONTRACTS.md section 5.
 *
 * Besides hand-worked cases and the two lost-update scenarios published
 * against GCAPS's Algorithm 1 (docs/priority.md, "Differences from GCAPS"),
 * an exhaustive small-scope check replays every interleaving of small
 * per-task programs (begin/re-prioritise/end/exit/new TSG, priorities best
 * effort, 1 and 2, up to 4 tasks) on the policy and on a deliberately naive
 * reference model written here (arrays of booleans, no bitmaps), and
 * compares after every event: which task runs, the allowed TSGs of every
 * runlist (ids in every bitmap word, the partial last word included) and
 * what each decision added and removed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "prio.h"

/* 200 TSG ids: four words, the last one partial */
#define NRL	2
#define NTSGS	200
#define MAXT	4
#define KEEP_RL	0
#define KEEP_ID	190

static struct nvs_prio *mk(unsigned int nrl, unsigned int ntsgs, unsigned int maxt, void **mem)
{
	struct nvs_prio_cfg cfg = { .nrl = nrl, .ntsgs = ntsgs, .max_tasks = maxt };
	size_t n = nvs_prio_size(&cfg);
	struct nvs_prio *p;

	assert_true(n > 0);
	*mem = malloc(n);
	assert_non_null(*mem);
	p = nvs_prio_init(*mem, n, &cfg);
	assert_ptr_equal(p, *mem);
	return p;
}

static bool all_allowed(const struct nvs_prio *p)
{
	unsigned int rl, id;

	for (rl = 0; rl < p->cfg.nrl; rl++)
		for (id = 0; id < p->cfg.ntsgs; id++)
			if (!nvs_bm_test(nvs_prio_allowed(p, rl), id))
				return false;
	return true;
}

static void test_cfg_limits(void **state)
{
	struct nvs_prio_cfg bad[] = {
		{ 0, 10, 1 }, { 1, 0, 1 }, { 1, 10, 0 },
		{ NVS_PRIO_MAX_RL + 1, 10, 1 }, { 1, NVS_PRIO_MAX_TSGS + 1, 1 },
		{ 1, 10, NVS_PRIO_MAX_TASKS + 1 },
	};
	struct nvs_prio_cfg ok = { 1, 64, 1 };
	uint64_t mem[256];
	size_t i;

	(void)state;
	for (i = 0; i < NVS_ARRAY_SIZE(bad); i++) {
		assert_int_equal(nvs_prio_size(&bad[i]), 0);
		assert_null(nvs_prio_init(mem, sizeof(mem), &bad[i]));
	}
	assert_true(nvs_prio_size(&ok) <= sizeof(mem));
	assert_null(nvs_prio_init(mem, nvs_prio_size(&ok) - 1, &ok));
	assert_non_null(nvs_prio_init(mem, sizeof(mem), &ok));
}

static void test_basic(void **state)
{
	void *mem;
	struct nvs_prio *p = mk(2, 4096, 8, &mem);
	int a, b, c;

	(void)state;
	assert_true(all_allowed(p));
	a = nvs_prio_task_add(p, 100);
	b = nvs_prio_task_add(p, 200);
	assert_true(a >= 0 && b >= 0 && a != b);
	assert_int_equal(nvs_prio_task_add(p, 100), -EEXIST);
	assert_int_equal(nvs_prio_task_find(p, 200), b);
	assert_int_equal(nvs_prio_task_find(p, 300), -ENOENT);

	/* ids in the last word of a 4096-bit map */
	assert_int_equal(nvs_prio_tsg_add(p, a, 1, 4095), 0);
	assert_int_equal(nvs_prio_tsg_add(p, a, 1, 4095), 0);
	assert_int_equal(nvs_prio_tsg_add(p, b, 1, 4095), -EBUSY);
	assert_int_equal(nvs_prio_tsg_add(p, b, 1, 4096), -EINVAL);
	assert_int_equal(nvs_prio_tsg_add(p, b, 2, 0), -EINVAL);
	assert_int_equal(nvs_prio_tsg_add(p, 7, 0, 0), -EINVAL);
	assert_int_equal(nvs_prio_tsg_add(p, b, 0, 3000), 0);
	assert_int_equal(nvs_prio_keep(p, 0, 5, true), 0);

	/* priorities: above the maximum is refused, negative is best effort */
	assert_int_equal(nvs_prio_begin(p, a, NVS_PRIO_MAX + 1), -EINVAL);
	assert_true(all_allowed(p));
	assert_int_equal(nvs_prio_begin(p, b, -7), 0);
	assert_int_equal(p->tasks[b].prio, NVS_PRIO_BE);
	assert_true(nvs_prio_task_runs(p, b));
	assert_true(all_allowed(p));

	assert_int_equal(nvs_prio_begin(p, a, 10), 0);
	assert_int_equal(p->running, a);
	assert_false(nvs_prio_task_runs(p, b));
	assert_true(nvs_bm_test(nvs_prio_allowed(p, 1), 4095));
	assert_true(nvs_bm_test(nvs_prio_allowed(p, 0), 5));
	assert_false(nvs_bm_test(nvs_prio_allowed(p, 0), 3000));
	assert_false(nvs_bm_test(nvs_prio_allowed(p, 0), 0));	/* unregistered */
	assert_true(nvs_prio_rl_changed(p, 0));
	assert_true(nvs_bm_test(p->removed, 3000));

	/* a new TSG of the running task joins at once; others' stay out */
	assert_int_equal(nvs_prio_tsg_add(p, a, 0, 70), 0);
	assert_true(nvs_bm_test(nvs_prio_allowed(p, 0), 70));
	assert_true(nvs_bm_test(p->added, 70));
	assert_false(nvs_prio_rl_changed(p, 1));
	assert_int_equal(nvs_prio_tsg_del(p, a, 0, 70), 0);
	assert_false(nvs_bm_test(nvs_prio_allowed(p, 0), 70));
	assert_int_equal(nvs_prio_tsg_del(p, a, 0, 70), -ENOENT);

	/* a third task, no segment: neither runs nor blocks */
	c = nvs_prio_task_add(p, 300);
	assert_false(nvs_prio_task_runs(p, c));
	assert_int_equal(nvs_prio_end(p, c), NVS_PRIO_W_NOSEG);
	assert_int_equal(nvs_prio_begin(p, a, 20), NVS_PRIO_W_REPRIO);
	assert_int_equal(p->running, a);

	/* exit of the running task: everything back */
	assert_int_equal(nvs_prio_task_remove(p, a), 0);
	assert_int_equal(nvs_prio_task_remove(p, a), -EINVAL);
	assert_int_equal(p->running, -1);
	assert_true(all_allowed(p));
	assert_true(nvs_prio_task_runs(p, b));
	/* the slot is reused clean */
	a = nvs_prio_task_add(p, 400);
	assert_int_equal(p->tasks[a].ntsgs, 0);
	assert_false(nvs_bm_test(p->tasks[a].tsgs + 4096 / 64, 4095));
	free(mem);
}

/*
 * Lost update 1 (Algorithm 1 line 24): two best-effort segments run, a
 * real-time one comes and goes; both best-effort tasks must run again.
 */
static void test_gcaps_lost_update_be(void **state)
{
	void *mem;
	struct nvs_prio *p = mk(1, 128, 4, &mem);
	int be1 = nvs_prio_task_add(p, 1), be2 = nvs_prio_task_add(p, 2);
	int hi = nvs_prio_task_add(p, 3);

	(void)state;
	nvs_prio_tsg_add(p, be1, 0, 1);
	nvs_prio_tsg_add(p, be2, 0, 65);
	nvs_prio_tsg_add(p, hi, 0, 127);
	nvs_prio_begin(p, be1, NVS_PRIO_BE);
	nvs_prio_begin(p, be2, NVS_PRIO_BE);
	nvs_prio_begin(p, hi, 50);
	assert_false(nvs_bm_test(nvs_prio_allowed(p, 0), 1));
	assert_false(nvs_bm_test(nvs_prio_allowed(p, 0), 65));
	nvs_prio_end(p, hi);
	assert_true(nvs_prio_task_runs(p, be1));
	assert_true(nvs_prio_task_runs(p, be2));
	assert_true(nvs_bm_test(nvs_prio_allowed(p, 0), 1));
	assert_true(nvs_bm_test(nvs_prio_allowed(p, 0), 65));
	assert_true(all_allowed(p));
	free(mem);
}

/*
 * Lost update 2 (the sibling branch): a preempted task ends its segment
 * while a third one is pending; the preemptor must keep running.
 */
static void test_gcaps_lost_update_preempted(void **state)
{
	void *mem;
	struct nvs_prio *p = mk(1, 128, 4, &mem);
	int lo = nvs_prio_task_add(p, 1), hi = nvs_prio_task_add(p, 2);
	int mid = nvs_prio_task_add(p, 3);

	(void)state;
	nvs_prio_tsg_add(p, lo, 0, 3);
	nvs_prio_tsg_add(p, hi, 0, 100);
	nvs_prio_tsg_add(p, mid, 0, 4);
	nvs_prio_begin(p, lo, 10);
	nvs_prio_begin(p, hi, 30);	/* preempts lo */
	nvs_prio_begin(p, mid, 20);	/* pending */
	nvs_prio_end(p, lo);		/* the preempted one ends */
	assert_int_equal(p->running, hi);
	assert_true(nvs_bm_test(nvs_prio_allowed(p, 0), 100));
	assert_false(nvs_bm_test(nvs_prio_allowed(p, 0), 4));
	assert_false(nvs_prio_rl_changed(p, 0));
	nvs_prio_end(p, hi);
	assert_int_equal(p->running, mid);
	assert_true(nvs_bm_test(nvs_prio_allowed(p, 0), 4));
	assert_false(nvs_bm_test(nvs_prio_allowed(p, 0), 100));
	nvs_prio_end(p, mid);
	assert_true(all_allowed(p));
	free(mem);
}

/* ---- exhaustive small-scope check against a reference model ---- */

enum op { OP_BEGIN, OP_BEGIN2, OP_END, OP_EXIT, OP_ADDTSG };

/* a program: up to 3 operations; OP_BEGIN uses prio a, OP_BEGIN2 prio b */
struct prog {
	int n;
	enum op ops[3];
};

static const struct prog shapes[] = {
	{ 2, { OP_BEGIN, OP_END } },
	{ 2, { OP_BEGIN, OP_EXIT } },
	{ 3, { OP_BEGIN, OP_BEGIN2, OP_END } },
	{ 3, { OP_BEGIN, OP_END, OP_EXIT } },
	{ 3, { OP_END, OP_BEGIN, OP_END } },
	{ 3, { OP_BEGIN, OP_ADDTSG, OP_END } },
};

static const int prios[] = { NVS_PRIO_BE, 1, 2 };

struct tprog {
	int shape;
	int a, b;	/* priorities */
};

/* the reference: booleans, a linear scan, no bitmaps, no sequence numbers */
struct ref {
	bool alive[MAXT];
	bool inseg[MAXT];
	int prio[MAXT];
	int arrival[MAXT];	/* position in the event sequence of the begin */
	bool own[MAXT][NRL][NTSGS];
	bool allowed[NRL][NTSGS];
};

static int ref_running(const struct ref *r)
{
	int i, best = -1;

	for (i = 0; i < MAXT; i++) {
		if (!r->alive[i] || !r->inseg[i] || r->prio[i] < 0)
			continue;
		if (best < 0 || r->prio[i] > r->prio[best] ||
		    (r->prio[i] == r->prio[best] && r->arrival[i] < r->arrival[best]))
			best = i;
	}
	return best;
}

static bool ref_allowed(const struct ref *r, int run, int rl, unsigned int id)
{
	return run < 0 || r->own[run][rl][id] || (rl == KEEP_RL && id == KEEP_ID);
}

/* the TSGs a task starts with, spread over every word */
static const unsigned int init_tsgs[MAXT][NRL][2] = {
	{ { 0, 64 }, { 1, 199 } },
	{ { 63, 128 }, { 2, 130 } },
	{ { 65, 191 }, { 3, 127 } },
	{ { 129, 192 }, { 4, 62 } },
};
/* the TSG an OP_ADDTSG gives, on runlist 1 */
#define ADD_ID(i)	(150u + (unsigned int)(i))

/* ids compared: every owned, kept or added one, neighbours, word edges */
static unsigned int probe[NRL][40];
static int nprobe[NRL];

static void add_probe(int rl, unsigned int id)
{
	int k;

	if (id >= NTSGS)
		return;
	for (k = 0; k < nprobe[rl]; k++)
		if (probe[rl][k] == id)
			return;
	probe[rl][nprobe[rl]++] = id;
}

static void init_probes(void)
{
	static const unsigned int edges[] = { 0, 5, 63, 64, 127, 128, 191, 192, 199 };
	int i, rl, k;

	for (rl = 0; rl < NRL; rl++) {
		nprobe[rl] = 0;
		for (k = 0; k < (int)NVS_ARRAY_SIZE(edges); k++)
			add_probe(rl, edges[k]);
		for (i = 0; i < MAXT; i++)
			for (k = 0; k < 2; k++) {
				add_probe(rl, init_tsgs[i][rl][k]);
				add_probe(rl, init_tsgs[i][rl][k] + 1);
			}
	}
	for (i = 0; i < MAXT; i++)
		add_probe(1, ADD_ID(i));
	add_probe(KEEP_RL, KEEP_ID);
}

static unsigned long long n_events, n_scen;

static void check_state(const struct nvs_prio *p, const struct ref *r, const int *slot,
			int ntasks, bool prev[NRL][NTSGS])
{
	int run = ref_running(r), i, rl, k;
	assert_int_equal(p->running, run < 0 ? -1 : slot[run]);
	for (i = 0; i < ntasks; i++) {
		bool runs = r->alive[i] && r->inseg[i] &&
			    (run < 0 ? r->prio[i] < 0 : run == i);

		if (r->alive[i])
			assert_int_equal(nvs_prio_task_runs(p, slot[i]), runs);
	}
	for (rl = 0; rl < NRL; rl++) {
		for (k = 0; k < nprobe[rl]; k++) {
			unsigned int id = probe[rl][k];
			bool want = ref_allowed(r, run, rl, id);

			/* plain comparisons: this runs ~10^9 times */
			if (nvs_bm_test(nvs_prio_allowed(p, rl), id) != want ||
			    nvs_bm_test(p->added + rl * p->words, id) != (want && !prev[rl][id]) ||
			    nvs_bm_test(p->removed + rl * p->words, id) != (!want && prev[rl][id]))
				fail_msg("runlist %d TSG %u: allowed/added/removed differ from the reference (want %d, before %d)",
					 rl, id, want, prev[rl][id]);
			prev[rl][id] = want;
		}
		/* nothing beyond the last id is ever set */
		assert_int_equal(nvs_prio_allowed(p, rl)[p->words - 1] >> (NTSGS % 64), 0);
	}
}

static void run_one(const struct tprog *tp, int ntasks, const int *order, int nev)
{
	static uint64_t mem[4096];
	struct nvs_prio_cfg cfg = { .nrl = NRL, .ntsgs = NTSGS, .max_tasks = MAXT };
	static struct ref r;
	bool prev[NRL][NTSGS];
	int slot[MAXT], pos[MAXT] = { 0 };
	struct nvs_prio *p;
	int i, rl, k, e;

	p = nvs_prio_init(mem, sizeof(mem), &cfg);
	assert_non_null(p);
	memset(&r, 0, sizeof(r));
	for (rl = 0; rl < NRL; rl++)
		for (k = 0; k < NTSGS; k++)
			prev[rl][k] = true;
	assert_int_equal(nvs_prio_keep(p, KEEP_RL, KEEP_ID, true), 0);
	for (i = 0; i < ntasks; i++) {
		slot[i] = nvs_prio_task_add(p, 1000u + (unsigned int)i);
		assert_true(slot[i] >= 0);
		r.alive[i] = true;
		for (rl = 0; rl < NRL; rl++)
			for (k = 0; k < 2; k++) {
				assert_int_equal(nvs_prio_tsg_add(p, slot[i], rl,
								  init_tsgs[i][rl][k]), 0);
				r.own[i][rl][init_tsgs[i][rl][k]] = true;
			}
	}
	for (e = 0; e < nev; e++) {
		int t = order[e];
		enum op op = shapes[tp[t].shape].ops[pos[t]++];
		int ret;

		switch (op) {
		case OP_BEGIN:
		case OP_BEGIN2: {
			int pr = op == OP_BEGIN ? tp[t].a : tp[t].b;

			ret = nvs_prio_begin(p, slot[t], pr);
			assert_int_equal(ret, r.inseg[t] ? NVS_PRIO_W_REPRIO : 0);
			if (!r.inseg[t])
				r.arrival[t] = e;
			r.inseg[t] = true;
			r.prio[t] = pr;
			break;
		}
		case OP_END:
			ret = nvs_prio_end(p, slot[t]);
			assert_int_equal(ret, r.inseg[t] ? 0 : NVS_PRIO_W_NOSEG);
			r.inseg[t] = false;
			break;
		case OP_EXIT:
			assert_int_equal(nvs_prio_task_remove(p, slot[t]), 0);
			r.alive[t] = false;
			r.inseg[t] = false;
			memset(r.own[t], 0, sizeof(r.own[t]));
			break;
		case OP_ADDTSG:
			assert_int_equal(nvs_prio_tsg_add(p, slot[t], 1, ADD_ID(t)), 0);
			r.own[t][1][ADD_ID(t)] = true;
			break;
		}
		if (op == OP_END && ret == NVS_PRIO_W_NOSEG) {
			/* a warning changes nothing: the last decision's diff stays */
			continue;
		}
		check_state(p, &r, slot, ntasks, prev);
		n_events++;
	}
	/* every program ends its segment: nothing is stranded */
	assert_int_equal(p->running, -1);
	assert_true(all_allowed(p));
	n_scen++;
}

/* every interleaving of the programs tp[0..ntasks-1] */
static void interleave(const struct tprog *tp, int ntasks, int *left, int *order, int depth,
		       int nev)
{
	int i;

	if (depth == nev) {
		run_one(tp, ntasks, order, nev);
		return;
	}
	for (i = 0; i < ntasks; i++) {
		if (!left[i])
			continue;
		left[i]--;
		order[depth] = i;
		interleave(tp, ntasks, left, order, depth + 1, nev);
		left[i]++;
	}
}

/* programs of the tasks as a non-decreasing sequence (tasks are symmetric) */
static void choose(struct tprog *tp, const struct tprog *all, int nall, int ntasks, int k,
		   int from, int maxlen)
{
	int i, left[MAXT], order[MAXT * 3], nev = 0;

	if (k == ntasks) {
		for (i = 0; i < ntasks; i++) {
			left[i] = shapes[tp[i].shape].n;
			nev += left[i];
		}
		interleave(tp, ntasks, left, order, 0, nev);
		return;
	}
	for (i = from; i < nall; i++) {
		if (shapes[all[i].shape].n > maxlen)
			continue;
		tp[k] = all[i];
		choose(tp, all, nall, ntasks, k + 1, i, maxlen);
	}
}

static void test_exhaustive(void **state)
{
	struct tprog all[64], tp[MAXT];
	int nall = 0, s, a, b, ntasks;

	(void)state;
	init_probes();
	for (s = 0; s < (int)NVS_ARRAY_SIZE(shapes); s++)
		for (a = 0; a < 3; a++)
			for (b = 0; b < 3; b++) {
				/* b only for re-prioritising, and different from a */
				if (shapes[s].ops[1] != OP_BEGIN2 ? b != 0 : a == b)
					continue;
				all[nall].shape = s;
				all[nall].a = prios[a];
				all[nall].b = prios[b];
				nall++;
			}
	/* 1-3 tasks with every program; 4 tasks with the 2-event programs */
	for (ntasks = 1; ntasks <= 3; ntasks++)
		choose(tp, all, nall, ntasks, 0, 0, 3);
	choose(tp, all, nall, 4, 0, 0, 2);
	printf("exhaustive: %llu scenarios, %llu events checked\n", n_scen, n_events);
	assert_true(n_scen > 100000);
}

/* the capture protocol: the TSGs that appeared meanwhile, one capture at a time */
static void test_capture(void **state)
{
	void *mem;
	struct nvs_prio *p = mk(2, 130, 4, &mem);
	uint64_t before[2][3] = { { 0 } }, after[2][3] = { { 0 } };
	int a = nvs_prio_task_add(p, 1), b = nvs_prio_task_add(p, 2);
	unsigned int n = 99;

	(void)state;
	/* on the runlists already: 3 (runlist 0) and 129 (runlist 1, last word) */
	nvs_bm_set(before[0], 3);
	nvs_bm_set(before[1], 129);
	memcpy(after, before, sizeof(after));
	assert_int_equal(nvs_prio_capture_end(p, a, after[0], &n), -EINVAL);	/* no begin */
	assert_int_equal(nvs_prio_capture_begin(p, a, before[0]), 0);
	assert_int_equal(nvs_prio_capture_begin(p, b, before[0]), -EBUSY);
	assert_int_equal(nvs_prio_capture_end(p, b, after[0], &n), -EINVAL);
	/* meanwhile: 64 and 128 appear; 100 appears but b owns it already */
	assert_int_equal(nvs_prio_tsg_add(p, b, 1, 100), 0);
	nvs_bm_set(after[0], 64);
	nvs_bm_set(after[1], 128);
	nvs_bm_set(after[1], 100);
	nvs_bm_clear(after[0], 3);	/* one went away: nothing for anybody */
	assert_int_equal(nvs_prio_capture_end(p, a, after[0], &n), 0);
	assert_int_equal(n, 2);
	assert_int_equal(p->tasks[a].ntsgs, 2);
	assert_true(nvs_bm_test(p->tasks[a].tsgs, 64));
	assert_true(nvs_bm_test(p->tasks[a].tsgs + p->words, 128));
	assert_false(nvs_bm_test(p->tasks[a].tsgs + p->words, 100));
	assert_false(nvs_bm_test(p->tasks[a].tsgs, 3));
	assert_false(nvs_bm_test(p->tasks[a].tsgs + p->words, 129));
	/* the capture is over: b may capture; b's exit ends its capture */
	assert_int_equal(nvs_prio_capture_begin(p, b, after[0]), 0);
	assert_int_equal(nvs_prio_task_remove(p, b), 0);
	assert_int_equal(nvs_prio_capture_begin(p, a, after[0]), 0);
	/* the captured TSGs are the task's: its segment runs them */
	assert_int_equal(nvs_prio_capture_end(p, a, after[0], &n), 0);
	assert_int_equal(n, 0);
	assert_int_equal(nvs_prio_begin(p, a, 1), 0);
	assert_true(nvs_bm_test(nvs_prio_allowed(p, 0), 64));
	assert_false(nvs_bm_test(nvs_prio_allowed(p, 0), 3));
	free(mem);
}

/* peek counts without giving; a cancelled capture cannot be ended */
static void test_capture_peek_cancel(void **state)
{
	void *mem;
	struct nvs_prio *p = mk(1, 100, 2, &mem);
	uint64_t before[2] = { 0 }, now[2] = { 0 };
	int a = nvs_prio_task_add(p, 1), b = nvs_prio_task_add(p, 2);
	unsigned int n = 99;

	(void)state;
	nvs_bm_set(before, 5);
	memcpy(now, before, sizeof(now));
	assert_int_equal(nvs_prio_capture_peek(p, a, now, &n), -EINVAL);	/* no begin */
	assert_int_equal(nvs_prio_capture_begin(p, a, before), 0);
	assert_int_equal(nvs_prio_capture_peek(p, a, now, &n), 0);
	assert_int_equal(n, 0);
	nvs_bm_set(now, 70);
	nvs_bm_set(now, 99);
	assert_int_equal(nvs_prio_capture_peek(p, a, now, &n), 0);
	assert_int_equal(n, 2);
	assert_int_equal(p->tasks[a].ntsgs, 0);		/* nothing given yet */
	assert_int_equal(nvs_prio_capture_peek(p, b, now, &n), -EINVAL);
	/* abandoned: b may begin, a's end fails and gives nothing */
	nvs_prio_capture_cancel(p);
	assert_int_equal(nvs_prio_capture_end(p, a, now, &n), -EINVAL);
	assert_int_equal(p->tasks[a].ntsgs, 0);
	assert_int_equal(nvs_prio_capture_begin(p, b, before), 0);
	assert_int_equal(nvs_prio_capture_end(p, b, now, &n), 0);
	assert_int_equal(n, 2);
	assert_true(nvs_bm_test(p->tasks[b].tsgs, 99));
	free(mem);
}

/* epsilon statistics: nearest-rank percentiles over the latest samples */
static void test_eps(void **state)
{
	static struct nvs_prio_eps e;
	uint32_t scratch[NVS_PRIO_EPS_RING];
	struct nvs_prio_eps_sum s;
	unsigned int i;

	(void)state;
	memset(&e, 0, sizeof(e));
	assert_int_equal(nvs_prio_eps_summary(&e, scratch, &s), 0);
	assert_int_equal(s.max, 0);
	/* 1..100 in a scrambled order: min 1, median 50, p99 99, max 100 */
	for (i = 0; i < 100; i++)
		nvs_prio_eps_add(&e, (i * 37u) % 100u + 1u);
	assert_int_equal(nvs_prio_eps_summary(&e, scratch, &s), 100);
	assert_int_equal(s.min, 1);
	assert_int_equal(s.median, 50);
	assert_int_equal(s.p99, 99);
	assert_int_equal(s.max, 100);
	assert_int_equal(s.total, 100);
	/* one sample */
	memset(&e, 0, sizeof(e));
	nvs_prio_eps_add(&e, 7000);
	nvs_prio_eps_summary(&e, scratch, &s);
	assert_true(s.min == 7000 && s.median == 7000 && s.p99 == 7000 && s.max == 7000);
	/* the ring keeps the latest: 1000 samples of 5 after one of 1e6, then
	 * one huge value saturates */
	nvs_prio_eps_add(&e, 1000000);
	for (i = 0; i < 1000; i++)
		nvs_prio_eps_add(&e, 5);
	nvs_prio_eps_summary(&e, scratch, &s);
	assert_int_equal(s.samples, NVS_PRIO_EPS_RING);
	assert_int_equal(s.total, 1002);
	assert_int_equal(s.max, 5);
	nvs_prio_eps_add(&e, 1ull << 40);
	nvs_prio_eps_summary(&e, scratch, &s);
	assert_int_equal(s.max, 0xffffffffu);
	assert_int_equal(s.p99, 5);	/* 1 of 256 is above the 99th percentile */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cfg_limits),
		cmocka_unit_test(test_basic),
		cmocka_unit_test(test_gcaps_lost_update_be),
		cmocka_unit_test(test_gcaps_lost_update_preempted),
		cmocka_unit_test(test_capture),
		cmocka_unit_test(test_capture_peek_cancel),
		cmocka_unit_test(test_eps),
		cmocka_unit_test(test_exhaustive),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
