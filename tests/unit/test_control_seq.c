// SPDX-License-Identifier: MIT
/*
 * test_control_seq.c - the exact register-write sequence of every control
 * operation, per generation, against the manuals (regs-fifo.md section 3
 * submit registers, section 4 PCCSR/CHRAM, section 5 preempt; nvdebug's
 * preempt_tsg/preempt_runlist).  Offsets and values below are written out
 * as numbers from those tables, never through include/nvsched/regs.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <string.h>
#include "chip.h"
#include "control.h"

/* a register file: reads from a small table (default 0), writes logged */
struct fake {
	uint32_t off[16], val[16];
	unsigned int n;
	unsigned int reads;
	uint32_t woff[8], wval[8];
	unsigned int nw;
};

static uint32_t f_rd(void *ctx, uint32_t off)
{
	struct fake *f = ctx;

	f->reads++;
	for (unsigned int i = 0; i < f->n; i++)
		if (f->off[i] == off)
			return f->val[i];
	return 0;
}

static void f_wr(void *ctx, uint32_t off, uint32_t val)
{
	struct fake *f = ctx;

	assert_true(f->nw < 8);
	f->woff[f->nw] = off;
	f->wval[f->nw++] = val;
}

static void set(struct fake *f, uint32_t off, uint32_t val)
{
	f->off[f->n] = off;
	f->val[f->n++] = val;
}

static const struct nvs_caps *caps_of(uint16_t id)
{
	const struct nvs_chip *c = nvs_chip_lookup(id);

	assert_non_null(c);
	return c->caps;
}

/* plan @op, check it equals the @n (off, val) pairs, the poll register and
 * mask, then apply it and check the same writes reached the registers */
static void plan_is(struct fake *f, uint16_t chip, struct nvs_rl_loc *loc, enum nvs_ctl_op op,
		    unsigned int id, unsigned int n, const uint32_t *w, uint32_t poll_off,
		    uint32_t poll_mask, bool rewrites)
{
	struct nvs_io io = { .rd32 = f_rd, .wr32 = f_wr, .ctx = f };
	struct nvs_plan p;

	assert_int_equal(nvs_ctl_plan(&io, caps_of(chip), loc, op, id, &p), 0);
	assert_int_equal(p.n, n);
	for (unsigned int i = 0; i < n; i++) {
		assert_int_equal(p.w[i].off, w[2 * i]);
		assert_int_equal(p.w[i].val, w[2 * i + 1]);
	}
	assert_int_equal(p.poll_off, poll_off);
	assert_int_equal(p.poll_mask, poll_mask);
	assert_int_equal(p.rewrites_runlist, rewrites);
	f->nw = 0;
	nvs_plan_apply(&io, &p);
	assert_int_equal(f->nw, n);
	for (unsigned int i = 0; i < n; i++) {
		assert_int_equal(f->woff[i], w[2 * i]);
		assert_int_equal(f->wval[i], w[2 * i + 1]);
	}
}

static int plan_rc(struct fake *f, uint16_t chip, struct nvs_rl_loc *loc, enum nvs_ctl_op op,
		   unsigned int id)
{
	struct nvs_io io = { .rd32 = f_rd, .wr32 = f_wr, .ctx = f };
	struct nvs_plan p;

	return nvs_ctl_plan(&io, caps_of(chip), loc, op, id, &p);
}

/* PCCSR (Kepler-Turing): 0x800004 + 8 chid; ENABLE_SET bit 10, ENABLE_CLR
 * bit 11; NEXT (bit 1) kept; the W1-reset fault bits 22/23, STATUS and BUSY
 * written as 0; Kepler also keeps RUNLIST 19:16 */
static void test_pccsr_channel(void **state)
{
	struct nvs_rl_loc loc = { .id = 0, .num_channels = 4096 };
	struct fake f = { 0 };

	/* on_eng, busy, both faulted, next, enabled */
	set(&f, 0x800004 + 8 * 5, 0x17c00003);
	plan_is(&f, 0x140, &loc, NVS_CTL_DISABLE_CHANNEL, 5, 1,
		(const uint32_t[]){ 0x80002c, 0x802 }, 0, 0, false);
	plan_is(&f, 0x140, &loc, NVS_CTL_ENABLE_CHANNEL, 5, 1,
		(const uint32_t[]){ 0x80002c, 0x402 }, 0, 0, false);
	/* the plan stays valid while the kept bits read as planned, whatever
	 * the others do (control.h, nvs_plan_check); NEXT cleared voids it */
	{
		struct nvs_io io = { .rd32 = f_rd, .wr32 = f_wr, .ctx = &f };
		struct nvs_plan p;

		assert_int_equal(nvs_ctl_plan(&io, caps_of(0x140), &loc, NVS_CTL_DISABLE_CHANNEL,
					      5, &p), 0);
		assert_int_equal(nvs_plan_check(&io, &p), 0);
		f.val[0] = 0x00000003;	/* status, busy, faults changed; NEXT set */
		assert_int_equal(nvs_plan_check(&io, &p), 0);
		f.val[0] = 0x17c00001;	/* NEXT cleared */
		assert_int_equal(nvs_plan_check(&io, &p), -EBUSY);
	}
	/* NEXT clear stays clear */
	f.n = 0;
	set(&f, 0x800004 + 8 * 4095, 0x00000001);
	plan_is(&f, 0x164, &loc, NVS_CTL_DISABLE_CHANNEL, 4095, 1,
		(const uint32_t[]){ 0x800004 + 8 * 4095, 0x800 }, 0, 0, false);
	/* Kepler: RUNLIST 19:16 kept as read */
	f.n = 0;
	set(&f, 0x800004 + 8 * 7, 0x00f30003);
	plan_is(&f, 0x0e4, &loc, NVS_CTL_DISABLE_CHANNEL, 7, 1,
		(const uint32_t[]){ 0x80003c, 0x30802 }, 0, 0, false);
	/* ...but not after Kepler: bits 19:16 are not RW there */
	plan_is(&f, 0x124, &loc, NVS_CTL_ENABLE_CHANNEL, 7, 1,
		(const uint32_t[]){ 0x80003c, 0x402 }, 0, 0, false);
	/* id equal to the channel count: refused; a PRI error read: -EIO */
	loc.num_channels = 512;
	assert_int_equal(plan_rc(&f, 0x140, &loc, NVS_CTL_DISABLE_CHANNEL, 512), -ERANGE);
	f.n = 0;
	set(&f, 0x800004 + 8 * 511, 0xbadf1100);
	assert_int_equal(plan_rc(&f, 0x140, &loc, NVS_CTL_DISABLE_CHANNEL, 511), -EIO);
	f.n = 0;
	set(&f, 0x800004 + 8 * 511, 0xffffffff);
	assert_int_equal(plan_rc(&f, 0x140, &loc, NVS_CTL_DISABLE_CHANNEL, 511), -EIO);
}

/* CHRAM (Ampere+): chram_base + 4 chid; the canned values ENABLE_CHANNEL 0x2
 * and DISABLE_CHANNEL 0x3 (write-one-clears + enable); no read */
static void test_chram_channel(void **state)
{
	struct nvs_rl_loc loc = { .id = 1, .chram_base = 0x3f0000, .num_channels = 2048 };
	struct fake f = { 0 };

	plan_is(&f, 0x180, &loc, NVS_CTL_DISABLE_CHANNEL, 2047, 1,
		(const uint32_t[]){ 0x3f0000 + 4 * 2047, 0x3 }, 0, 0, false);
	plan_is(&f, 0x170, &loc, NVS_CTL_ENABLE_CHANNEL, 0, 1,
		(const uint32_t[]){ 0x3f0000, 0x2 }, 0, 0, false);
	assert_int_equal(f.reads, 0);
	assert_int_equal(plan_rc(&f, 0x180, &loc, NVS_CTL_ENABLE_CHANNEL, 2048), -ERANGE);
}

/* TSG preempt: Kepler-Turing NV_PFIFO_PREEMPT 0x2634 = TYPE(25:24)=1 | ID,
 * poll PENDING bit 20; Ampere+ NV_RUNLIST_PREEMPT at the runlist pri base
 * +0x098 (layout A) / +0x014 (layout B), poll TSG_PENDING bit 20 */
static void test_preempt_tsg(void **state)
{
	struct nvs_rl_loc loc = { .id = 3, .pri_base = 0xc00800 };
	struct fake f = { 0 };

	plan_is(&f, 0x0e4, &loc, NVS_CTL_PREEMPT_TSG, 9, 1,
		(const uint32_t[]){ 0x2634, 0x1000009 }, 0x2634, 1u << 20, false);
	plan_is(&f, 0x164, &loc, NVS_CTL_PREEMPT_TSG, 4095, 1,
		(const uint32_t[]){ 0x2634, 0x1000fff }, 0x2634, 1u << 20, false);
	assert_int_equal(plan_rc(&f, 0x164, &loc, NVS_CTL_PREEMPT_TSG, 4096), -ERANGE);
	plan_is(&f, 0x180, &loc, NVS_CTL_PREEMPT_TSG, 2047, 1,
		(const uint32_t[]){ 0xc00898, 0x10007ff }, 0xc00898, 1u << 20, false);
	assert_int_equal(plan_rc(&f, 0x180, &loc, NVS_CTL_PREEMPT_TSG, 2048), -ERANGE);
	plan_is(&f, 0x170, &loc, NVS_CTL_PREEMPT_TSG, 1, 1,
		(const uint32_t[]){ 0xc00898, 0x1000001 }, 0xc00898, 1u << 20, false);
	plan_is(&f, 0x1b2, &loc, NVS_CTL_PREEMPT_TSG, 300, 1,
		(const uint32_t[]){ 0xc00814, 0x100012c }, 0xc00814, 1u << 20, false);
	assert_int_equal(nvs_max_tsgid(caps_of(0x180)), 2047);
	assert_int_equal(nvs_max_tsgid(caps_of(0x164)), 4095);
}

/* runlist preempt: Maxwell-Turing NV_PFIFO_RUNLIST_PREEMPT 0x2638 bit i, not
 * polled; absent on Kepler; Ampere+ NV_RUNLIST_PREEMPT TYPE 0, poll
 * RUNLIST_PENDING bit 21 */
static void test_preempt_runlist(void **state)
{
	struct nvs_rl_loc loc = { .id = 31, .pri_base = 0xc02400 };
	struct fake f = { 0 };

	plan_is(&f, 0x124, &loc, NVS_CTL_PREEMPT_RUNLIST, 0, 1,
		(const uint32_t[]){ 0x2638, 0x80000000 }, 0, 0, false);
	loc.id = 0;
	plan_is(&f, 0x164, &loc, NVS_CTL_PREEMPT_RUNLIST, 0, 1,
		(const uint32_t[]){ 0x2638, 0x1 }, 0, 0, false);
	assert_int_equal(plan_rc(&f, 0x0e4, &loc, NVS_CTL_PREEMPT_RUNLIST, 0), -EOPNOTSUPP);
	loc.id = 32;
	assert_int_equal(plan_rc(&f, 0x136, &loc, NVS_CTL_PREEMPT_RUNLIST, 0), -EOPNOTSUPP);
	loc.id = -1;
	assert_int_equal(plan_rc(&f, 0x136, &loc, NVS_CTL_PREEMPT_RUNLIST, 0), -EOPNOTSUPP);
	loc.id = 2;
	plan_is(&f, 0x180, &loc, NVS_CTL_PREEMPT_RUNLIST, 0, 1,
		(const uint32_t[]){ 0xc02498, 0 }, 0xc02498, 1u << 21, false);
	plan_is(&f, 0x1b2, &loc, NVS_CTL_PREEMPT_RUNLIST, 0, 1,
		(const uint32_t[]){ 0xc02414, 0 }, 0xc02414, 1u << 21, false);
}

/* scheduling: Kepler-Turing NV_PFIFO_SCHED_DISABLE 0x2630 bit i, a
 * read-modify-write keeping the other runlists' bits; Ampere+
 * NV_RUNLIST_SCHED_DISABLE (+0x094 A / +0x010 B) = 1 / 0 */
static void test_sched(void **state)
{
	struct nvs_rl_loc loc = { .id = 3, .pri_base = 0xc00c00 };
	struct fake f = { 0 };

	set(&f, 0x2630, 0x80000005);
	plan_is(&f, 0x140, &loc, NVS_CTL_SCHED_DISABLE, 0, 1,
		(const uint32_t[]){ 0x2630, 0x8000000d }, 0, 0, true);
	loc.id = 2;
	plan_is(&f, 0x164, &loc, NVS_CTL_SCHED_ENABLE, 0, 1,
		(const uint32_t[]){ 0x2630, 0x80000001 }, 0, 0, true);
	loc.id = 31;
	plan_is(&f, 0x0e4, &loc, NVS_CTL_SCHED_ENABLE, 0, 1,
		(const uint32_t[]){ 0x2630, 0x5 }, 0, 0, true);
	loc.id = 0;
	plan_is(&f, 0x136, &loc, NVS_CTL_SCHED_DISABLE, 0, 1,
		(const uint32_t[]){ 0x2630, 0x80000005 }, 0, 0, true);
	plan_is(&f, 0x136, &loc, NVS_CTL_SCHED_ENABLE, 0, 1,
		(const uint32_t[]){ 0x2630, 0x80000004 }, 0, 0, true);
	loc.id = -1;
	assert_int_equal(plan_rc(&f, 0x140, &loc, NVS_CTL_SCHED_DISABLE, 0), -ERANGE);
	loc.id = 32;
	assert_int_equal(plan_rc(&f, 0x140, &loc, NVS_CTL_SCHED_DISABLE, 0), -ERANGE);
	loc.id = 1;
	f.n = 0;
	set(&f, 0x2630, 0xbadf5040);
	assert_int_equal(plan_rc(&f, 0x140, &loc, NVS_CTL_SCHED_DISABLE, 0), -EIO);
	plan_is(&f, 0x180, &loc, NVS_CTL_SCHED_DISABLE, 0, 1,
		(const uint32_t[]){ 0xc00c94, 1 }, 0, 0, true);
	plan_is(&f, 0x170, &loc, NVS_CTL_SCHED_ENABLE, 0, 1,
		(const uint32_t[]){ 0xc00c94, 0 }, 0, 0, true);
	plan_is(&f, 0x1b2, &loc, NVS_CTL_SCHED_DISABLE, 0, 1,
		(const uint32_t[]){ 0xc00c10, 1 }, 0, 0, true);
}

/* resubmit: Kepler-Volta base (0x2270: PTR 27:0 = addr >> 12, TARGET 29:28)
 * then 0x2274 (ID 23:20, LENGTH 15:0), poll NV_PFIFO_ENG_RUNLIST(i)
 * 0x2284+8i PENDING bit 20; Turing SUBMIT 0x2b08+16i (LENGTH 15:0, OFFSET
 * 31:16), poll SUBMIT_INFO 0x2b0c+16i bit 15; Ampere+ SUBMIT at +0x088 (A) /
 * +0x008 (B), SUBMIT_INFO +0x08c / +0x00c */
static void resubmit_busy(uint16_t chip, struct nvs_rl_loc loc, uint32_t info, uint32_t pending)
{
	struct fake f = { 0 };
	struct nvs_io io = { .rd32 = f_rd, .wr32 = f_wr, .ctx = &f };
	struct nvs_plan p;

	set(&f, info, pending | 0x3);
	assert_int_equal(nvs_ctl_plan(&io, caps_of(chip), &loc, NVS_CTL_RESUBMIT_RUNLIST, 0, &p), 0);
	assert_int_equal(nvs_plan_check(&io, &p), -EBUSY);
	f.val[0] = 0x3;
	assert_int_equal(nvs_plan_check(&io, &p), 0);
}

static void test_resubmit(void **state)
{
	struct nvs_rl_loc loc = { .id = 4, .base = 0x7f0fd000, .aperture = 3, .length = 2 };
	struct fake f = { 0 };

	plan_is(&f, 0x140, &loc, NVS_CTL_RESUBMIT_RUNLIST, 0, 2,
		(const uint32_t[]){ 0x2270, 0x3007f0fd, 0x2274, 0x400002 }, 0x22a4, 1u << 20, true);
	loc.id = 15;
	loc.length = 0xffff;
	loc.base = 0xfffffff000ull;	/* PTR 27:0 at its maximum */
	loc.aperture = 0;
	plan_is(&f, 0x0e4, &loc, NVS_CTL_RESUBMIT_RUNLIST, 0, 2,
		(const uint32_t[]){ 0x2270, 0x0fffffff, 0x2274, 0xf0ffff }, 0x22fc, 1u << 20, true);
	loc.id = 16;
	assert_int_equal(plan_rc(&f, 0x140, &loc, NVS_CTL_RESUBMIT_RUNLIST, 0), -ERANGE);
	loc.id = 1;
	loc.base = 0x10000000000ull;	/* 2^40: beyond PTR 27:0 */
	assert_int_equal(plan_rc(&f, 0x140, &loc, NVS_CTL_RESUBMIT_RUNLIST, 0), -ERANGE);
	loc = (struct nvs_rl_loc){ .id = 2, .length = 9, .offset = 2 };
	plan_is(&f, 0x164, &loc, NVS_CTL_RESUBMIT_RUNLIST, 0, 1,
		(const uint32_t[]){ 0x2b28, 0x20009 }, 0x2b2c, 1u << 15, true);
	loc = (struct nvs_rl_loc){ .id = 1, .pri_base = 0xc00400, .length = 6, .offset = 0xffff };
	plan_is(&f, 0x180, &loc, NVS_CTL_RESUBMIT_RUNLIST, 0, 1,
		(const uint32_t[]){ 0xc00488, 0xffff0006 }, 0xc0048c, 1u << 15, true);
	plan_is(&f, 0x1b2, &loc, NVS_CTL_RESUBMIT_RUNLIST, 0, 1,
		(const uint32_t[]){ 0xc00408, 0xffff0006 }, 0xc0040c, 1u << 15, true);
	/* a submit still in flight (PENDING set in the register the plan polls)
	 * is not written over: nvs_plan_check() says EBUSY, 0 once it cleared */
	resubmit_busy(0x140, (struct nvs_rl_loc){ .id = 4, .base = 0x7f0fd000, .length = 2 },
		      0x22a4, 1u << 20);
	resubmit_busy(0x164, (struct nvs_rl_loc){ .id = 2, .length = 9, .offset = 2 },
		      0x2b2c, 1u << 15);
	resubmit_busy(0x180, (struct nvs_rl_loc){ .id = 1, .pri_base = 0xc00400, .length = 6 },
		      0xc0048c, 1u << 15);
	resubmit_busy(0x1b2, (struct nvs_rl_loc){ .id = 1, .pri_base = 0xc00400, .length = 6 },
		      0xc0040c, 1u << 15);
}

/* pending: the poll register masked; a PRI error counts as pending; no
 * poll register: never pending */
static void test_pending(void **state)
{
	struct fake f = { 0 };
	struct nvs_io io = { .rd32 = f_rd, .wr32 = f_wr, .ctx = &f };
	struct nvs_plan p = { .poll_off = 0x2634, .poll_mask = 1u << 20 };

	set(&f, 0x2634, 0x000fffff);
	assert_false(nvs_plan_pending(&io, &p));
	f.val[0] = 0x00100000;
	assert_true(nvs_plan_pending(&io, &p));
	f.val[0] = 0xbadf1200;
	assert_true(nvs_plan_pending(&io, &p));
	f.val[0] = 0xffffffff;
	assert_true(nvs_plan_pending(&io, &p));
	p.poll_off = 0;
	assert_false(nvs_plan_pending(&io, &p));
}

/* nvs_rl_has_chan / nvs_rl_has_tsg: only the runlist's @length items are
 * searched; channel and TSG ids are told apart; no items: nothing found */
static void test_rl_membership(void **state)
{
	struct nvs_rl_item items[4] = {
		{ .kind = NVS_RL_TSG, .id = 7 }, { .kind = NVS_RL_CHAN, .id = 3 },
		{ .kind = NVS_RL_CHAN, .id = 7 },
		{ .kind = NVS_RL_CHAN, .id = 9 },	/* beyond length: not in the runlist */
	};
	struct nvs_rl_loc loc = { .length = 3 };

	assert_true(nvs_rl_has_chan(&loc, items, 3));
	assert_true(nvs_rl_has_chan(&loc, items, 7));	/* the last item */
	assert_false(nvs_rl_has_chan(&loc, items, 9));
	assert_false(nvs_rl_has_chan(&loc, items, 4));
	assert_true(nvs_rl_has_tsg(&loc, items, 7));
	assert_false(nvs_rl_has_tsg(&loc, items, 3));
	assert_false(nvs_rl_has_chan(&loc, NULL, 3));
	assert_false(nvs_rl_has_tsg(&loc, NULL, 7));
	loc.length = 0;
	assert_false(nvs_rl_has_tsg(&loc, items, 7));
	/* the first item counts too (a bare channel, a TSG header) */
	loc.length = 3;
	assert_true(nvs_rl_has_chan(&loc, items + 1, 3));
	assert_true(nvs_rl_has_tsg(&loc, items, 7));
	loc.length = 1;
	assert_true(nvs_rl_has_chan(&loc, items + 1, 3));
	assert_false(nvs_rl_has_chan(&loc, items + 1, 7));
}

/* nvs_plan_check() reads exactly the @nexp expectations (then the busy
 * register): an entry beyond @nexp is not part of the plan, whatever it
 * holds (control.h: "@nexp: number of expectations") */
static void test_plan_check_count(void **state)
{
	struct fake f = { 0 };
	struct nvs_io io = { .rd32 = f_rd, .wr32 = f_wr, .ctx = &f };
	struct nvs_plan p;

	memset(&p, 0, sizeof(p));
	set(&f, 0x100, 0x12345678);
	set(&f, 0x200, 0xffffffff);
	p.nexp = 1;
	p.exp[0].off = 0x100;
	p.exp[0].mask = 0xff;
	p.exp[0].val = 0x78;
	/* not an expectation: would say -ENODEV (0x200 reads all ones) */
	p.exp[1].off = 0x200;
	p.exp[1].mask = 0xffffffff;
	p.exp[1].val = 0x5;
	assert_int_equal(nvs_plan_check(&io, &p), 0);
	assert_int_equal(f.reads, 1);
	/* no expectation at all: only the busy register is read */
	p.nexp = 0;
	p.exp[0].off = 0x200;
	p.busy_off = 0x100;
	p.busy_mask = 0x80000000;
	f.reads = 0;
	assert_int_equal(nvs_plan_check(&io, &p), 0);
	assert_int_equal(f.reads, 1);
	/* both expectations count when nexp is 2: the second one fails */
	p.nexp = 2;
	p.exp[0].off = 0x100;
	p.exp[1].off = 0x300;	/* reads 0, 0 & mask != 5 */
	f.reads = 0;
	assert_int_equal(nvs_plan_check(&io, &p), -EBUSY);
	assert_int_equal(f.reads, 2);
}

/* nvs_plan_wait (control.h): up to max_polls polls, wait() after each one
 * still pending, then one last poll; a register that clears after k waits */
struct countdown {
	unsigned int left, waits;
};

static uint32_t cd_rd(void *ctx, uint32_t off)
{
	struct countdown *c = ctx;

	assert_int_equal(off, 0x2634);
	return c->left ? 0x1 : 0x0;
}

static void cd_wait(void *ctx)
{
	struct countdown *c = ctx;

	c->waits++;
	if (c->left)
		c->left--;
}

static void test_plan_wait(void **state)
{
	struct countdown c;
	struct nvs_io io = { .rd32 = cd_rd, .wr32 = f_wr, .ctx = &c };
	struct nvs_plan p;

	(void)state;
	memset(&p, 0, sizeof(p));
	p.poll_off = 0x2634;
	p.poll_mask = 0x1;
	/* clears after exactly max_polls waits: the last poll sees it */
	c = (struct countdown){ .left = 4 };
	assert_int_equal(nvs_plan_wait(&io, &p, 4, cd_wait, &c), 0);
	assert_int_equal(c.waits, 4);
	/* one wait more than allowed: timed out after max_polls waits */
	c = (struct countdown){ .left = 5 };
	assert_int_equal(nvs_plan_wait(&io, &p, 4, cd_wait, &c), -ETIMEDOUT);
	assert_int_equal(c.waits, 4);
	/* not pending: no wait at all */
	c = (struct countdown){ .left = 0 };
	assert_int_equal(nvs_plan_wait(&io, &p, 4, cd_wait, &c), 0);
	assert_int_equal(c.waits, 0);
	/* nothing to poll */
	p.poll_off = 0;
	c = (struct countdown){ .left = 3 };
	assert_int_equal(nvs_plan_wait(&io, &p, 4, cd_wait, &c), 0);
	assert_int_equal(c.waits, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pccsr_channel),
		cmocka_unit_test(test_chram_channel),
		cmocka_unit_test(test_preempt_tsg),
		cmocka_unit_test(test_preempt_runlist),
		cmocka_unit_test(test_sched),
		cmocka_unit_test(test_resubmit),
		cmocka_unit_test(test_pending),
		cmocka_unit_test(test_rl_membership),
		cmocka_unit_test(test_plan_check_count),
		cmocka_unit_test(test_plan_wait),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
