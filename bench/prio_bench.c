// SPDX-License-Identifier: MIT
/*
 * prio-bench: latency of the priority policy's decision path in user space
 * (kmod/hw/prio.c, the code the module runs under its per-runlist lock):
 * segment begin and end of a real-time task while other tasks hold
 * best-effort and lower-priority segments, for several sizes (tasks,
 * runlists, TSG ids).  Reports ns per event: min, median, p99, max.  The
 * decision path allocates nothing (all memory is given at init); the
 * sizes show how its cost scales with the bitmap words and task slots.
 *
 * With profile files as arguments it also counts, on the simulator, the
 * MMIO of each mechanism per decision (begin, preempting begin, end, end):
 * register writes, reads (runlist fetch through PRAMIN, state reads, pending
 * polls), for the runlist mechanism (target: one submit of at most 3
 * writes) and the gate mechanism (channel writes and preempts).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "chip.h"
#include "prio.h"
#include "prio_rl.h"
#include "ptop.h"
#include "runlist.h"
#include "sim.h"
#include "counting_io.h"

#define ROUNDS 20000

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

static void report(const char *what, const struct nvs_prio_cfg *cfg, long long *v, int n)
{
	qsort(v, n, sizeof(*v), cmp_ll);
	printf("%-6s %5u %3u %6u %8lld %8lld %8lld %8lld\n", what, cfg->max_tasks, cfg->nrl,
	       cfg->ntsgs, v[0], v[n / 2], v[(int)(n * 0.99)], v[n - 1]);
}

static void c_tick(void *ctx)
{
	struct counter *c = ctx;

	nvs_sim_tick(c->sim);
}

static int c_publish(void *ctx, const struct nvs_prio_rl_buf *b, size_t bytes)
{
	struct counter *c = ctx;

	return nvs_sim_mem_write(c->sim, (enum nvs_aperture)b->aperture, b->base, b->cpu, bytes);
}

/* one profile opened on the simulator, with its first runlist of two TSGs */
struct mmio_bench {
	const char *path;
	struct counter c;
	struct nvs_io io;
	struct nvs_ident id;
	struct nvs_topology t;
	struct nvs_rl_loc loc;
	int rl;
	unsigned int tsg[2];
};

/* the first and the last TSG on runlist @rl into @b->tsg: 0, or -1 when it
 * has fewer than two */
static int two_tsgs(struct mmio_bench *b, int rl)
{
	struct nvs_rl_item *items;
	unsigned int i, n = 0;
	void *raw;

	if (nvs_runlist_locate(&b->io, b->id.caps, &b->t, rl, &b->loc) || b->loc.length < 2)
		return -1;
	raw = calloc(b->loc.length, b->id.caps->rl_entry_size);
	items = calloc(b->loc.length, sizeof(*items));
	if (raw && items && !nvs_runlist_fetch(&b->io, b->id.caps, &b->loc, raw, NULL)) {
		nvs_runlist_decode(b->id.caps, &b->loc, raw, items);
		for (i = 0; i < b->loc.length; i++)
			if (items[i].kind == NVS_RL_TSG)
				b->tsg[n++ ? 1 : 0] = items[i].id;
	}
	free(raw);
	free(items);
	b->rl = rl;
	return n >= 2 ? 0 : -1;
}

/* mechanism @mech (0 runlist, 1 gate) through begin, preempting begin, end,
 * end of two tasks on @b's runlist, MMIO printed per step; 1 when a target
 * is missed */
static int mmio_mech(struct mmio_bench *b, int mech)
{
	static const char *const steps[] = { "begin 10", "begin 20", "end 20", "end 10" };
	static const struct nvs_prio_cfg cfg = { .nrl = 1, .ntsgs = 4096, .max_tasks = 4 };
	static uint64_t pmem[4096];
	struct nvs_prio_rl_state rs = { 0 };
	struct nvs_prio_gate_state *gs = calloc(1, sizeof(*gs));
	struct nvs_prio *p = nvs_prio_init(pmem, sizeof(pmem), &cfg);
	int lo = nvs_prio_task_add(p, 1), hi = nvs_prio_task_add(p, 2), s, k, fail = 0;

	nvs_prio_tsg_add(p, lo, 0, b->tsg[0]);
	nvs_prio_tsg_add(p, hi, 0, b->tsg[1]);
	rs.id = gs->id = b->rl;
	for (k = 0; k < 2; k++) {
		rs.buf[k].base = (b->loc.base & ~(uint64_t)0xfffff) + 0x1000000ull * (k + 1);
		rs.buf[k].aperture = b->loc.aperture;
		rs.buf[k].entries = 1024;
		rs.buf[k].cpu = calloc(1024, 16);
		nvs_sim_add_mem(b->c.sim, (enum nvs_aperture)b->loc.aperture, rs.buf[k].base,
				rs.buf[k].cpu, 1024 * 16);
	}
	rs.raw = gs->raw = calloc(1024, 16);
	rs.items = gs->items = calloc(1024, sizeof(*rs.items));
	gs->entries = 1024;
	rs.publish = c_publish;
	rs.wait = gs->wait = c_tick;
	rs.ctx = gs->ctx = &b->c;
	rs.max_polls = gs->max_polls = 100;
	gs->preempt = true;
	nvs_sim_set_pending_ticks(b->c.sim, 2);
	for (s = 0; s < 4; s++) {
		unsigned long r0, w0;
		int ret;

		if (s < 2)
			nvs_prio_begin(p, s ? hi : lo, s ? 20 : 10);
		else
			nvs_prio_end(p, s == 2 ? hi : lo);
		r0 = b->c.reads;
		w0 = b->c.writes;
		ret = mech ? nvs_prio_gate_apply(&b->io, b->id.caps, &b->t, gs, nvs_prio_allowed(p, 0),
						 cfg.ntsgs, p->running < 0) :
			     nvs_prio_rl_apply(&b->io, b->id.caps, &b->t, &rs, nvs_prio_allowed(p, 0),
					       cfg.ntsgs, p->running < 0);
		printf("%-28s %3d %-8s %-9s %6lu %6lu %s\n", b->path, b->rl,
		       mech ? "gate" : "runlist", steps[s], b->c.writes - w0, b->c.reads - r0,
		       ret ? "FAILED" : "");
		/* the runlist mechanism: one submit of at most 3 writes
		 * (plus PRAMIN window moves for the fetch) */
		if (ret || (!mech && b->c.writes - w0 > 3 + 2))
			fail = 1;
	}
	for (k = 0; k < 2; k++)
		free(rs.buf[k].cpu);
	free(rs.raw);
	free(rs.items);
	free(gs);
	return fail;
}

/* MMIO per decision of both mechanisms on one profile (its first runlist
 * with two TSGs); 1 when a target is missed */
static int mmio(const char *path)
{
	struct mmio_bench b = { .path = path };
	char err[256];
	int rl, fail = 0;

	b.io = (struct nvs_io){ .rd32 = c_rd, .wr32 = c_wr, .ctx = &b.c };
	b.c.sim = nvs_sim_open(path, err, sizeof(err));
	if (!b.c.sim || nvs_identify(&b.io, &b.id) || nvs_ptop_read(&b.io, b.id.caps, &b.t)) {
		fprintf(stderr, "prio-bench: %s: %s\n", path, b.c.sim ? "cannot identify" : err);
		return 1;
	}
	for (rl = 0; rl < 16; rl++)
		if (!two_tsgs(&b, rl)) {
			fail = mmio_mech(&b, 0) | mmio_mech(&b, 1);
			break;		/* one runlist per profile */
		}
	nvs_sim_free(b.c.sim);
	return fail;
}

int main(int argc, char **argv)
{
	static const struct nvs_prio_cfg cfgs[] = {
		{ .nrl = 1, .ntsgs = 64, .max_tasks = 4 },
		{ .nrl = 2, .ntsgs = 2048, .max_tasks = 16 },
		{ .nrl = 8, .ntsgs = 4096, .max_tasks = 64 },
		{ .nrl = 16, .ntsgs = 4096, .max_tasks = 256 },
	};
	static long long tb[ROUNDS], te[ROUNDS];
	size_t k;

	printf("%-6s %5s %3s %6s %8s %8s %8s %8s   (ns per event)\n", "event", "tasks", "rls",
	       "tsgs", "min", "median", "p99", "max");
	for (k = 0; k < sizeof(cfgs) / sizeof(cfgs[0]); k++) {
		const struct nvs_prio_cfg *cfg = &cfgs[k];
		size_t len = nvs_prio_size(cfg);
		void *mem = malloc(len);
		struct nvs_prio *p = mem ? nvs_prio_init(mem, len, cfg) : NULL;
		unsigned int i;
		int hi = -1, r;

		if (!p) {
			fprintf(stderr, "prio-bench: out of memory\n");
			return 2;
		}
		/* every slot used: one TSG each per runlist; half best effort,
		 * half real time at low priorities; the measured task on top */
		for (i = 0; i < cfg->max_tasks; i++) {
			int s = nvs_prio_task_add(p, i);
			unsigned int rl;

			for (rl = 0; rl < cfg->nrl; rl++)
				nvs_prio_tsg_add(p, s, rl, (i * 7u + rl) % cfg->ntsgs);
			if (i + 1 == cfg->max_tasks)
				hi = s;
			else
				nvs_prio_begin(p, s, i % 2 ? NVS_PRIO_BE : (int)(i % 50));
		}
		for (r = 0; r < ROUNDS; r++) {
			long long t0 = now_ns();

			nvs_prio_begin(p, hi, 90);
			tb[r] = now_ns() - t0;
			t0 = now_ns();
			nvs_prio_end(p, hi);
			te[r] = now_ns() - t0;
		}
		report("begin", cfg, tb, ROUNDS);
		report("end", cfg, te, ROUNDS);
		free(mem);
	}
	if (argc > 1) {
		int a, fail = 0;

		printf("\n%-28s %3s %-8s %-9s %6s %6s   (MMIO per decision)\n", "profile", "rl",
		       "mech", "event", "writes", "reads");
		for (a = 1; a < argc; a++)
			fail |= mmio(argv[a]);
		return fail;
	}
	return 0;
}
