// SPDX-License-Identifier: MIT
/*
 * Unit tests: the runlist mechanism of priority scheduling
 * (kmod/hw/prio_rl.c) on the simulator, every profile, every non-empty
 * runlist: a filtered copy is written to new GPU memory, its submit plan
 * (at most 3 writes) is applied, and the runlist the GPU then reports (read
 * back through the submit registers, as the hardware would) holds exactly
 * the allowed TSGs, each entry byte for byte; restoring submits the
 * driver's runlist again.  Corrupt runlists and bad targets are refused.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "chip.h"
#include "control.h"
#include "prio.h"
#include "prio_rl.h"
#include "ptop.h"
#include "runlist.h"
#include "sim.h"

static const char *const profiles[] = {
	"gk104", "gm204", "gp106", "gp10b", "gv100", "gv11b", "tu104",
	"ga100", "ga10b", "ad102", "gh100", "gb202",
};

#define NBITS 4096

static bool nvs_gate_test(const uint64_t *bm, unsigned int bit)
{
	return (bm[bit / 64] >> (bit % 64)) & 1u;
}

struct rl {
	struct nvs_rl_loc loc;
	uint8_t *raw;
	struct nvs_rl_item *items;
};

static void rl_read(const struct nvs_io *io, const struct nvs_ident *id,
		    const struct nvs_topology *t, int rlid, struct rl *r)
{
	assert_int_equal(nvs_runlist_locate(io, id->caps, t, rlid, &r->loc), 0);
	r->raw = calloc(1, nvs_runlist_bytes(id->caps, &r->loc) + 16);
	r->items = calloc(r->loc.length + 1, sizeof(*r->items));
	assert_int_equal(nvs_runlist_fetch(io, id->caps, &r->loc, r->raw, NULL), 0);
	nvs_runlist_decode(id->caps, &r->loc, r->raw, r->items);
}

static void rl_free(struct rl *r)
{
	free(r->raw);
	free(r->items);
}

static void submit(struct nvs_sim *sim, const struct nvs_caps *caps,
		   const struct nvs_rl_loc *loc, const struct nvs_rl_loc *to)
{
	const struct nvs_io *io = nvs_sim_io(sim);
	struct nvs_plan p;
	int i;

	assert_int_equal(nvs_prio_rl_plan(caps, loc, to, &p), 0);
	assert_true(p.n >= 2 && p.n <= 3);
	assert_true(p.rewrites_runlist);
	nvs_sim_set_pending_ticks(sim, 2);
	nvs_plan_apply(io, &p);
	assert_true(nvs_plan_pending(io, &p));
	for (i = 0; i < 10 && nvs_plan_pending(io, &p); i++)
		nvs_sim_tick(sim);
	assert_false(nvs_plan_pending(io, &p));
}

/* the allowed sets tried on each runlist */
enum { A_ALL, A_NONE, A_ALTERNATE, A_LAST, A_COUNT };

static void check_one(const char *prof, struct nvs_sim *sim, const struct nvs_ident *id,
		      const struct nvs_topology *t, int rlid)
{
	const struct nvs_caps *caps = id->caps;
	const struct nvs_io *io = nvs_sim_io(sim);
	unsigned int es = caps->rl_entry_size;
	struct rl orig, now;
	int a;

	rl_read(io, id, t, rlid, &orig);
	for (a = 0; a < A_COUNT; a++) {
		uint64_t allowed[NBITS / 64] = { 0 };
		uint8_t *want = calloc(orig.loc.length + 1, es);
		uint8_t *out = calloc(orig.loc.length + 1, es);
		struct nvs_rl_loc to = orig.loc;
		unsigned int i, nwant = 0, ntsg = 0, last = 0;
		bool keep = true;
		int n;

		for (i = 0; i < orig.loc.length; i++)
			if (orig.items[i].kind == NVS_RL_TSG)
				last = orig.items[i].id;
		/* the expected copy, from the decode, independently */
		for (i = 0; i < orig.loc.length; i++) {
			const struct nvs_rl_item *it = &orig.items[i];

			if (it->kind == NVS_RL_TSG) {
				keep = a == A_ALL || (a == A_ALTERNATE && ntsg % 2 == 0) ||
				       (a == A_LAST && it->id == last);
				ntsg++;
				if (keep)
					allowed[it->id / 64] |= 1ull << (it->id % 64);
			}
			if (it->kind == NVS_RL_CHAN && it->tsg < 0)
				keep = true;
			if (keep)
				memcpy(want + (size_t)nwant++ * es, orig.raw + (size_t)i * es, es);
		}
		n = nvs_prio_rl_filter(caps, &orig.loc, orig.raw, orig.items, allowed, NBITS,
				       out, orig.loc.length);
		if (n != (int)nwant || memcmp(out, want, (size_t)nwant * es))
			fail_msg("%s runlist %d set %d: filter gave %d entries, want %u",
				 prof, rlid, a, n, nwant);

		/* our own buffer, 16 MiB above the driver's, then submit it */
		to.base = (orig.loc.base & ~(uint64_t)0xfffff) + 0x1000000;
		to.length = (uint32_t)n;
		to.offset = 0;
		if (n)
			assert_int_equal(nvs_sim_add_mem(sim, (enum nvs_aperture)to.aperture,
							 to.base, out, (size_t)n * es), 0);
		submit(sim, caps, &orig.loc, &to);
		rl_read(io, id, t, rlid, &now);
		assert_int_equal(now.loc.base, to.base);
		assert_int_equal(now.loc.length, nwant);
		if (memcmp(now.raw, want, (size_t)nwant * es))
			fail_msg("%s runlist %d set %d: the GPU's runlist differs", prof, rlid, a);
		for (i = 0; i < now.loc.length; i++)
			assert_int_equal(now.items[i].err, 0);
		/* restore the driver's runlist: base, length and offset as before */
		submit(sim, caps, &now.loc, &orig.loc);
		rl_free(&now);
		rl_read(io, id, t, rlid, &now);
		assert_int_equal(now.loc.base, orig.loc.base);
		assert_int_equal(now.loc.aperture, orig.loc.aperture);
		assert_int_equal(now.loc.length, orig.loc.length);
		assert_int_equal(now.loc.offset, orig.loc.offset);
		assert_memory_equal(now.raw, orig.raw, (size_t)orig.loc.length * es);
		rl_free(&now);
		free(want);
		free(out);
	}
	rl_free(&orig);
}

static void test_filter_submit_restore(void **state)
{
	size_t k;
	int checked = 0;

	(void)state;
	for (k = 0; k < NVS_ARRAY_SIZE(profiles); k++) {
		char path[128], err[256];
		struct nvs_topology t;
		struct nvs_ident id;
		struct nvs_sim *sim;
		int rlid;

		snprintf(path, sizeof(path), "build/profiles/%s.nvss", profiles[k]);
		sim = nvs_sim_open(path, err, sizeof(err));
		if (!sim)
			fail_msg("%s", err);
		assert_int_equal(nvs_identify(nvs_sim_io(sim), &id), 0);
		assert_int_equal(nvs_ptop_read(nvs_sim_io(sim), id.caps, &t), 0);
		for (rlid = 0; rlid < 16; rlid++) {
			struct nvs_rl_loc loc;

			if (nvs_runlist_locate(nvs_sim_io(sim), id.caps, &t, rlid, &loc) ||
			    !loc.length)
				continue;
			check_one(profiles[k], sim, &id, &t, rlid);
			checked++;
		}
		nvs_sim_free(sim);
	}
	assert_true(checked >= (int)NVS_ARRAY_SIZE(profiles));
}

/* the TSG set of a runlist, for the capture protocol */
static void test_tsgs(void **state)
{
	char err[256];
	struct nvs_sim *sim = nvs_sim_open("build/profiles/gv100.nvss", err, sizeof(err));
	uint64_t bm[NBITS / 64] = { 0 };
	struct nvs_topology t;
	struct nvs_ident id;
	struct rl r;
	unsigned int i, n = 0;

	(void)state;
	assert_non_null(sim);
	assert_int_equal(nvs_identify(nvs_sim_io(sim), &id), 0);
	assert_int_equal(nvs_ptop_read(nvs_sim_io(sim), id.caps, &t), 0);
	rl_read(nvs_sim_io(sim), &id, &t, 0, &r);
	assert_int_equal(nvs_prio_rl_tsgs(&r.loc, r.items, bm, NBITS), 0);
	for (i = 0; i < NBITS / 64; i++)
		n += (unsigned int)__builtin_popcountll(bm[i]);
	assert_int_equal(n, 3);		/* GV100 runlist 0: TSGs 10, 11 and 2047 */
	assert_true(nvs_gate_test(bm, 10) && nvs_gate_test(bm, 11) && nvs_gate_test(bm, 2047));
	assert_int_equal(nvs_prio_rl_tsgs(&r.loc, r.items, bm, 2047), -EIO);
	r.items[1].err = NVS_RLE_BAD_ID;
	assert_int_equal(nvs_prio_rl_tsgs(&r.loc, r.items, bm, NBITS), -EIO);
	rl_free(&r);
	nvs_sim_free(sim);
}

/* untrusted runlist memory: any inline problem refuses the copy */
static void test_corrupt(void **state)
{
	struct nvs_rl_item items[4];
	uint64_t allowed[1] = { ~0ull };
	uint8_t raw[64] = { 0 }, out[64];
	struct nvs_caps caps = { .rl_entry_size = 16 };
	struct nvs_rl_loc loc = { .length = 3 };

	(void)state;
	memset(items, 0, sizeof(items));
	items[0].kind = NVS_RL_TSG;
	items[0].id = 3;
	items[0].tsg = -1;
	items[0].length = 2;
	items[1].kind = NVS_RL_CHAN;
	items[1].tsg = 0;
	items[2].kind = NVS_RL_CHAN;
	items[2].tsg = 0;
	assert_int_equal(nvs_prio_rl_filter(&caps, &loc, raw, items, allowed, 64, out, 3), 3);
	assert_int_equal(nvs_prio_rl_filter(&caps, &loc, raw, items, allowed, 64, out, 2),
			 -ENOSPC);
	/* an id the bitmap does not cover is not allowed */
	assert_int_equal(nvs_prio_rl_filter(&caps, &loc, raw, items, allowed, 3, out, 3), 0);
	items[2].err = NVS_RLE_LENGTH_OVERRUN;
	assert_int_equal(nvs_prio_rl_filter(&caps, &loc, raw, items, allowed, 64, out, 3), -EIO);
	items[2].err = 0;
	items[2].tsg = 1;		/* points at a channel, not its header */
	assert_int_equal(nvs_prio_rl_filter(&caps, &loc, raw, items, allowed, 64, out, 3), -EIO);
	items[2].tsg = 0;
	items[1].kind = 7;
	assert_int_equal(nvs_prio_rl_filter(&caps, &loc, raw, items, allowed, 64, out, 3), -EIO);
	caps.rl_entry_size = 12;
	assert_int_equal(nvs_prio_rl_filter(&caps, &loc, raw, items, allowed, 64, out, 3),
			 -EINVAL);
}

/* targets the registers cannot express are refused before any write */
static void test_plan_limits(void **state)
{
	char err[256];
	struct nvs_sim *sim = nvs_sim_open("build/profiles/ga100.nvss", err, sizeof(err));
	struct nvs_topology t;
	struct nvs_ident id;
	struct nvs_rl_loc loc, to;
	struct nvs_plan p;

	(void)state;
	assert_non_null(sim);
	assert_int_equal(nvs_identify(nvs_sim_io(sim), &id), 0);
	assert_int_equal(nvs_ptop_read(nvs_sim_io(sim), id.caps, &t), 0);
	assert_int_equal(nvs_runlist_locate(nvs_sim_io(sim), id.caps, &t, 0, &loc), 0);
	to = loc;
	to.base |= 0x800;		/* misaligned */
	assert_int_equal(nvs_prio_rl_plan(id.caps, &loc, &to, &p), -EINVAL);
	to = loc;
	to.aperture = 1;		/* undefined target */
	assert_int_equal(nvs_prio_rl_plan(id.caps, &loc, &to, &p), -EINVAL);
	to = loc;
	to.base = 1ull << 41;		/* beyond GA100's 40-bit PTR_HI */
	assert_int_equal(nvs_prio_rl_plan(id.caps, &loc, &to, &p), -ERANGE);
	to = loc;
	to.length = 0x10000;
	assert_int_equal(nvs_prio_rl_plan(id.caps, &loc, &to, &p), -ERANGE);
	to = loc;
	assert_int_equal(nvs_prio_rl_plan(id.caps, &loc, &to, &p), 0);
	assert_int_equal(p.n, 3);
	assert_int_equal(p.w[2].off, loc.pri_base + 0x088);	/* the submit is last */
	nvs_sim_free(sim);
}

/* ---- the whole path: policy decisions applied to the simulated GPU ---- */

struct app {
	struct nvs_sim *sim;
	struct nvs_ident id;
	struct nvs_topology t;
	struct nvs_prio_rl_state s;
	struct nvs_prio *p;
	uint64_t pmem[2048];
	struct rl orig;
};

static int sim_publish(void *ctx, const struct nvs_prio_rl_buf *b, size_t bytes)
{
	struct app *a = ctx;

	return nvs_sim_mem_write(a->sim, (enum nvs_aperture)b->aperture, b->base, b->cpu, bytes);
}

static void sim_wait(void *ctx)
{
	struct app *a = ctx;

	nvs_sim_tick(a->sim);
}

/* the TSG ids of the runlist the GPU runs now, in order */
static unsigned int gpu_tsgs(struct app *a, unsigned int *ids, unsigned int max)
{
	struct rl now;
	unsigned int i, n = 0;

	rl_read(nvs_sim_io(a->sim), &a->id, &a->t, a->s.id, &now);
	for (i = 0; i < now.loc.length; i++) {
		assert_int_equal(now.items[i].err, 0);
		if (now.items[i].kind == NVS_RL_TSG && n < max)
			ids[n++] = now.items[i].id;
	}
	rl_free(&now);
	return n;
}

static int apply(struct app *a)
{
	return nvs_prio_rl_apply(nvs_sim_io(a->sim), a->id.caps, &a->t, &a->s,
				 nvs_prio_allowed(a->p, 0), a->p->cfg.ntsgs, a->p->running < 0);
}

static void expect_only(struct app *a, unsigned int tsg, const char *prof)
{
	unsigned int ids[64], n;

	assert_int_equal(apply(a), 0);
	n = gpu_tsgs(a, ids, 64);
	if (n != 1 || ids[0] != tsg)
		fail_msg("%s: the GPU runs %u TSGs (first %u), want only TSG %u", prof, n,
			 n ? ids[0] : 0, tsg);
}

static void expect_driver(struct app *a, const char *prof)
{
	struct rl now;

	assert_int_equal(apply(a), 0);
	rl_read(nvs_sim_io(a->sim), &a->id, &a->t, a->s.id, &now);
	if (now.loc.base != a->orig.loc.base || now.loc.length != a->orig.loc.length ||
	    memcmp(now.raw, a->orig.raw, (size_t)now.loc.length * a->id.caps->rl_entry_size))
		fail_msg("%s: the driver's runlist was not restored", prof);
	rl_free(&now);
}

static void test_apply(void **state)
{
	static const struct { const char *prof; int rl; } cases[] = {
		{ "gk104", 0 }, { "gv100", 0 }, { "tu104", 0 }, { "ga100", 0 },
		{ "gh100", 1 }, { "gb202", 0 },
	};
	size_t k;

	(void)state;
	for (k = 0; k < NVS_ARRAY_SIZE(cases); k++) {
		struct nvs_prio_cfg cfg = { .nrl = 1, .ntsgs = NBITS, .max_tasks = 4 };
		struct app *a = calloc(1, sizeof(*a));
		unsigned int es, i, first = 0, last = 0, ntsg = 0, entries = 1024;
		char path[128], err[256];
		int lo, hi, b;
		size_t nwr;

		snprintf(path, sizeof(path), "build/profiles/%s.nvss", cases[k].prof);
		a->sim = nvs_sim_open(path, err, sizeof(err));
		if (!a->sim)
			fail_msg("%s", err);
		assert_int_equal(nvs_identify(nvs_sim_io(a->sim), &a->id), 0);
		assert_int_equal(nvs_ptop_read(nvs_sim_io(a->sim), a->id.caps, &a->t), 0);
		es = a->id.caps->rl_entry_size;
		rl_read(nvs_sim_io(a->sim), &a->id, &a->t, cases[k].rl, &a->orig);
		for (i = 0; i < a->orig.loc.length; i++) {
			if (a->orig.items[i].kind != NVS_RL_TSG)
				continue;
			if (!ntsg++)
				first = a->orig.items[i].id;
			last = a->orig.items[i].id;
		}
		assert_true(ntsg >= 2);

		a->s.id = cases[k].rl;
		for (b = 0; b < 2; b++) {
			a->s.buf[b].base = (a->orig.loc.base & ~(uint64_t)0xfffff) +
					   0x1000000 * (uint64_t)(b + 1);
			a->s.buf[b].aperture = a->orig.loc.aperture;
			a->s.buf[b].cpu = calloc(entries, es);
			a->s.buf[b].entries = entries;
			assert_int_equal(nvs_sim_add_mem(a->sim, (enum nvs_aperture)a->orig.loc.aperture,
							 a->s.buf[b].base, a->s.buf[b].cpu,
							 (size_t)entries * es), 0);
		}
		a->s.raw = calloc(entries, es);
		a->s.items = calloc(entries, sizeof(*a->s.items));
		a->s.publish = sim_publish;
		a->s.wait = sim_wait;
		a->s.ctx = a;
		a->s.max_polls = 10;
		nvs_sim_set_pending_ticks(a->sim, 2);

		a->p = nvs_prio_init(a->pmem, sizeof(a->pmem), &cfg);
		assert_non_null(a->p);
		lo = nvs_prio_task_add(a->p, 1);
		hi = nvs_prio_task_add(a->p, 2);
		assert_int_equal(nvs_prio_tsg_add(a->p, lo, 0, first), 0);
		assert_int_equal(nvs_prio_tsg_add(a->p, hi, 0, last), 0);

		/* nothing active: nothing written */
		nvs_sim_log_clear(a->sim);
		assert_int_equal(apply(a), 0);
		nvs_sim_log(a->sim, &nwr);
		assert_int_equal(nwr, 0);

		nvs_prio_begin(a->p, lo, 10);
		expect_only(a, first, cases[k].prof);
		nvs_prio_begin(a->p, hi, 20);		/* preempts */
		expect_only(a, last, cases[k].prof);
		assert_int_equal(a->s.cur, 1);		/* the other buffer */
		nvs_prio_end(a->p, hi);
		expect_only(a, first, cases[k].prof);
		assert_int_equal(a->s.cur, 0);

		/* the driver resubmits its own list during the segment: seen, re-applied */
		{
			struct nvs_rl_loc now;
			struct nvs_plan p;

			assert_int_equal(nvs_runlist_locate(nvs_sim_io(a->sim), a->id.caps, &a->t,
							    a->s.id, &now), 0);
			assert_int_equal(nvs_prio_rl_plan(a->id.caps, &now, &a->orig.loc, &p), 0);
			nvs_plan_apply(nvs_sim_io(a->sim), &p);
			for (i = 0; i < 5; i++)
				nvs_sim_tick(a->sim);
		}
		expect_only(a, first, cases[k].prof);
		assert_int_equal(a->s.resubmits, 1);

		/* exit of the running task: the driver's list comes back */
		nvs_prio_task_remove(a->p, lo);
		expect_driver(a, cases[k].prof);
		assert_false(a->s.active);
		assert_int_equal(a->s.submits, 5);

		/* a corrupt driver runlist: -EIO and no register written */
		nvs_prio_begin(a->p, hi, 5);
		{
			uint8_t bad[16];

			memcpy(bad, a->orig.raw, es);
			/* the first TSG header claims far more channels than follow */
			if (es == 16)
				bad[4] = 0xff;		/* word 1: TSG_LENGTH */
			else
				bad[3] |= 0xf0;		/* TSG_LENGTH in the top bits */
			assert_int_equal(nvs_sim_mem_write(a->sim, (enum nvs_aperture)a->orig.loc.aperture,
							   a->orig.loc.base, bad, es), 0);
		}
		nvs_sim_log_clear(a->sim);
		assert_int_equal(apply(a), -EIO);
		nvs_sim_log(a->sim, &nwr);
		assert_int_equal(nwr, 0);
		assert_false(a->s.active);
		assert_int_equal(nvs_sim_mem_write(a->sim, (enum nvs_aperture)a->orig.loc.aperture,
						   a->orig.loc.base, a->orig.raw, es), 0);

		/* a submit that never completes: bounded, -ETIMEDOUT */
		nvs_sim_set_pending_ticks(a->sim, 1000);
		assert_int_equal(apply(a), -ETIMEDOUT);

		for (b = 0; b < 2; b++)
			free(a->s.buf[b].cpu);
		free(a->s.raw);
		free(a->s.items);
		rl_free(&a->orig);
		nvs_sim_free(a->sim);
		free(a);
	}
}

/* ---- the gate mechanism: channels disabled instead of a rewrite ---- */

static void states(struct nvs_sim *sim, const struct nvs_ident *id, const struct nvs_topology *t,
		   int rlid, struct rl *r)
{
	rl_read(nvs_sim_io(sim), id, t, rlid, r);
	nvs_runlist_read_states(nvs_sim_io(sim), id->caps, &r->loc, r->items);
}

static void tick(void *sim)
{
	nvs_sim_tick(sim);
}

static void test_gate(void **state)
{
	static const struct { const char *prof; int rl; } cases[] = {
		{ "gk104", 0 }, { "gv100", 0 }, { "tu104", 0 }, { "ga100", 0 },
		{ "gh100", 1 }, { "gb202", 0 },
	};
	size_t k;

	(void)state;
	for (k = 0; k < NVS_ARRAY_SIZE(cases); k++) {
		const char *prof = cases[k].prof;
		struct nvs_prio_gate_state *g = calloc(1, sizeof(*g));
		uint64_t allowed[NBITS / 64] = { 0 };
		unsigned int i, first = 0, ntsg = 0, driver_off = 0, expect_off = 0;
		char path[128], err[256];
		struct nvs_topology t;
		struct nvs_ident id;
		struct nvs_sim *sim;
		struct nvs_plan p;
		struct rl before, now;
		size_t nwr;

		snprintf(path, sizeof(path), "build/profiles/%s.nvss", prof);
		sim = nvs_sim_open(path, err, sizeof(err));
		if (!sim)
			fail_msg("%s", err);
		assert_int_equal(nvs_identify(nvs_sim_io(sim), &id), 0);
		assert_int_equal(nvs_ptop_read(nvs_sim_io(sim), id.caps, &t), 0);
		states(sim, &id, &t, cases[k].rl, &before);
		/* the driver itself disabled the last channel of the runlist */
		for (i = 0; i < before.loc.length; i++) {
			if (before.items[i].kind == NVS_RL_TSG && !ntsg++)
				first = before.items[i].id;
			if (before.items[i].kind == NVS_RL_CHAN && before.items[i].tsg >= 0)
				driver_off = before.items[i].id;
		}
		assert_true(ntsg >= 2);
		assert_int_equal(nvs_ctl_plan(nvs_sim_io(sim), id.caps, &before.loc,
					      NVS_CTL_DISABLE_CHANNEL, driver_off, &p), 0);
		nvs_plan_apply(nvs_sim_io(sim), &p);
		rl_free(&before);
		states(sim, &id, &t, cases[k].rl, &before);

		g->id = cases[k].rl;
		g->entries = 1024;
		g->raw = calloc(g->entries, 16);
		g->items = calloc(g->entries, sizeof(*g->items));
		g->preempt = true;
		g->wait = tick;
		g->ctx = sim;
		g->max_polls = 10;
		nvs_sim_set_pending_ticks(sim, 2);

		/* only the first TSG may run */
		allowed[first / 64] |= 1ull << (first % 64);
		assert_int_equal(nvs_prio_gate_apply(nvs_sim_io(sim), id.caps, &t, g, allowed,
						     NBITS, false), 0);
		states(sim, &id, &t, cases[k].rl, &now);
		for (i = 0; i < now.loc.length; i++) {
			const struct nvs_rl_item *c = &now.items[i];
			bool in_first;

			if (c->kind != NVS_RL_CHAN || c->tsg < 0)
				continue;
			in_first = now.items[c->tsg].id == first;
			if (in_first)
				assert_int_equal(c->st.enabled, before.items[i].st.enabled);
			else if (c->st.enabled)
				fail_msg("%s: channel %u of a held-back TSG is enabled", prof, c->id);
			if (!in_first && before.items[i].st.enabled)
				expect_off++;
		}
		assert_int_equal(g->ndisabled, expect_off);
		assert_false(nvs_gate_test(g->disabled, driver_off));	/* not ours */
		rl_free(&now);

		/* a second apply with the same set changes nothing */
		nvs_sim_log_clear(sim);
		assert_int_equal(nvs_prio_gate_apply(nvs_sim_io(sim), id.caps, &t, g, allowed,
						     NBITS, false), 0);
		nvs_sim_log(sim, &nwr);
		assert_int_equal(nwr, 0);

		/* no real-time segment: every channel as the driver left it */
		assert_int_equal(nvs_prio_gate_apply(nvs_sim_io(sim), id.caps, &t, g, allowed,
						     NBITS, true), 0);
		assert_int_equal(g->ndisabled, 0);
		states(sim, &id, &t, cases[k].rl, &now);
		for (i = 0; i < now.loc.length; i++)
			if (now.items[i].kind == NVS_RL_CHAN &&
			    now.items[i].st.enabled != before.items[i].st.enabled)
				fail_msg("%s: channel %u not restored", prof, now.items[i].id);
		rl_free(&now);

		/* GSP firmware: nothing may be disabled or preempted (-EPERM, no
		 * write); undoing what the gate disabled stays allowed */
		g->no_new_writes = true;
		nvs_sim_log_clear(sim);
		assert_int_equal(nvs_prio_gate_apply(nvs_sim_io(sim), id.caps, &t, g, allowed,
						     NBITS, false), -EPERM);
		nvs_sim_log(sim, &nwr);
		assert_int_equal(nwr, 0);
		assert_int_equal(g->ndisabled, 0);
		g->no_new_writes = false;
		assert_int_equal(nvs_prio_gate_apply(nvs_sim_io(sim), id.caps, &t, g, allowed,
						     NBITS, false), 0);
		g->no_new_writes = true;
		assert_int_equal(nvs_prio_gate_apply(nvs_sim_io(sim), id.caps, &t, g, allowed,
						     NBITS, true), 0);
		assert_int_equal(g->ndisabled, 0);
		g->no_new_writes = false;

		/* the driver's preempt is pending: the channels go off, but no
		 * preempt is written over it */
		nvs_sim_set_pending_ticks(sim, 1000);
		assert_int_equal(nvs_ctl_plan(nvs_sim_io(sim), id.caps, &before.loc,
					      NVS_CTL_PREEMPT_TSG, first, &p), 0);
		nvs_plan_apply(nvs_sim_io(sim), &p);
		nvs_sim_log_clear(sim);
		assert_int_equal(nvs_prio_gate_apply(nvs_sim_io(sim), id.caps, &t, g, allowed,
						     NBITS, false), 0);
		assert_int_equal(g->ndisabled, expect_off);
		{
			const struct nvs_sim_write *w = nvs_sim_log(sim, &nwr);
			size_t j;

			assert_int_equal(nwr, expect_off);	/* channel writes only */
			for (j = 0; j < nwr; j++)
				if (w[j].off == p.w[0].off)
					fail_msg("%s: preempt written over a pending one", prof);
		}
		nvs_sim_set_pending_ticks(sim, 0);
		assert_int_equal(nvs_prio_gate_apply(nvs_sim_io(sim), id.caps, &t, g, allowed,
						     NBITS, true), 0);

		/* a preempt that never completes: bounded; the channels are off */
		nvs_sim_set_pending_ticks(sim, 1000);
		g->max_polls = 3;
		assert_int_equal(nvs_prio_gate_apply(nvs_sim_io(sim), id.caps, &t, g, allowed,
						     NBITS, false),
				 -ETIMEDOUT);
		assert_int_equal(g->ndisabled, expect_off);
		nvs_sim_set_pending_ticks(sim, 0);
		assert_int_equal(nvs_prio_gate_apply(nvs_sim_io(sim), id.caps, &t, g, allowed,
						     NBITS, true), 0);

		/* a corrupt runlist: -EIO and no write */
		{
			uint8_t bad[16];
			unsigned int es = id.caps->rl_entry_size;

			memcpy(bad, before.raw, es);
			if (es == 16)
				bad[4] = 0xff;
			else
				bad[3] |= 0xf0;
			assert_int_equal(nvs_sim_mem_write(sim, (enum nvs_aperture)before.loc.aperture,
							   before.loc.base, bad, es), 0);
		}
		nvs_sim_log_clear(sim);
		assert_int_equal(nvs_prio_gate_apply(nvs_sim_io(sim), id.caps, &t, g, allowed,
						     NBITS, false), -EIO);
		nvs_sim_log(sim, &nwr);
		assert_int_equal(nwr, 0);

		rl_free(&before);
		free(g->raw);
		free(g->items);
		free(g);
		nvs_sim_free(sim);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_filter_submit_restore),
		cmocka_unit_test(test_tsgs),
		cmocka_unit_test(test_corrupt),
		cmocka_unit_test(test_plan_limits),
		cmocka_unit_test(test_apply),
		cmocka_unit_test(test_gate),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
