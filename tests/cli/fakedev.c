// SPDX-License-Identifier: MIT
/*
 * fakedev.c - a stand-in for the kernel module's /dev/nvsched, for the fast
 * tests of the CLI's module backend (tests/cli/test_cli.py, check_module).
 * Preloaded (LD_PRELOAD) into build/bin/nvsched run with
 * NVSCHED_DEVICE=/dev/null: every ioctl of the nvsched magic is answered
 * here with the fixed, hand-written GPU below (include/uapi/nvsched.h
 * field by field), every other ioctl goes to libc.  test_cli.py holds the
 * same values written out again and checks what nvsched prints for them.
 *
 * The GPU: gpu0, GV100 (chip 0x140, Volta) at 0000:3b:00.0.
 *   engines: GRAPHICS 0 (runlist 0, fault 0, reset 12, pri 0x400000),
 *            LCE 2 (runlist 1, fault 17, reset 21, pri 0x104000),
 *            LCE 3 (no runlist, no fault/reset id, pri 0x104000)
 *   runlist 0: base 0x2f0000000 VID, offset 2, 4 entries:
 *     TSG 10 (scale 3, timeout 128, length 2)
 *       channel 4095: runqueue 1, inst 0x2f0009000 VID, userd 0x2f0002000
 *         SYS_NONCOH, enabled, busy, PCCSR status 7 (on_eng), flags
 *         busy+on_eng
 *       channel 2048: runqueue 0, inst 0x3000a000 SYS_COH, no USERD,
 *         disabled, status 0 (idle)
 *     TSG 11 (scale 0, timeout 0, length 0: zero_length_tsg, err 1)
 *   runlist 1: base 0x1000 VID, 4 entries, not readable (error -EIO)
 *   runlist 2: empty
 *   With NVSCHED_TEST_RL_ERR0 set TSG 10 (entry 0 of runlist 0) carries
 *   error 2 (tsg_too_long) as well.
 *   With NVSCHED_TEST_RL_LONG set runlist 0 is 130 entries at 0x3000000
 *   VID instead: bare channels 1000..1129 (no TSG, no state), more
 *   objects than runlist --watch's first 64-element set holds; with
 *   NVSCHED_TEST_RL_CHANGE also set every second read (the 2nd, 4th, ...)
 *   answers channels 1001..1129 only (channel 1000, the first, gone).
 *   With NVSCHED_TEST_RL_CHANGE set, every second read of runlist 0 (the
 *   2nd, 4th, ...) answers it changed (3 entries): TSG 10 at scale 4
 *   (timeout 128, length 1) with channel 4095 now disabled, PCCSR status 5
 *   (on_pbdma), flags next+busy and bit 11 (above CONTRACTS.md's names:
 *   a newer module's, never shown); channel 2048 bare (no TSG) and without
 *   state; TSG 11 gone.  With NVSCHED_TEST_RL_FAIL=EPERM (or any other value: EFBIG)
 *   the RUNLIST ioctl of runlist 1 fails with that error; with
 *   NVSCHED_TEST_TOPO_FAIL the TOPOLOGY ioctl fails with EIO; with
 *   NVSCHED_TEST_TOPO_NONE it answers an empty device table (no engine,
 *   so no runlist); with NVSCHED_TEST_TOPO_LCE_FIRST LCE 2 comes first,
 *   before GRAPHICS 0; with NVSCHED_TEST_TOPO_LCE_HIGH=N the third
 *   engine is LCE N instead of LCE 3; with NVSCHED_TEST_TOPO_FULL the
 *   table has 256 rows (NVS_MAX_ENGINES, ptop.h): the three, then rows
 *   of type 14 and instance 3..255 on no runlist.
 *   CE: PCE_MAP 0x3b (PCEs 0, 1, 3, 4, 5), 6 PCE slots, 2 GRCEs, 5 LCEs;
 *       PCE -> LCE 2, 2, -, 3, 4, 4 (PCE 2 absent: NONE); GRCE0 shares
 *       LCE 3, GRCE1 shares none; with NVSCHED_TEST_CE_NOVAL set PCE 2
 *       and both GRCEs gave no value (NOVAL; =edges: PCEs 0 and 5 instead
 *       of PCE 2); with NVSCHED_TEST_CE_WIDE set
 *       GRCE1 shares LCE 6 (above the PCEs' LCEs and PTOP's LCE 3; with
 *       NVSCHED_TEST_CE_WIDE=0 GRCE0 shares LCE 6 instead of LCE 3);
 *       with NVSCHED_TEST_CE_NARROW set a two-LCE chip: the device table's
 *       LCEs are instances 0 (runlist 1) and 1 (no runlist) instead of 2
 *       and 3, PCE_MAP 0x3 with PCEs 0 and 1 on LCE 0 (GRCE0, so it
 *       shares none), GRCE1 shares LCE 0, 2 LCEs (with
 *       NVSCHED_TEST_TOPO_TWO also set the device table lists only the
 *       first two engines, GRAPHICS 0 and LCE 0); with
 *       NVSCHED_TEST_CE_SPARE set every PCE (0, 1, 3, 4, 5) is on LCE 2,
 *       GRCE0 shares LCE 2, GRCE1 none, 4 LCEs: the device table's LCE 3
 *       has no PCE and no GRCE refers to it; with NVSCHED_TEST_CE_HIGH
 *       set PCE 0 is on LCE 4 and PCE 1 on LCE 5 (the highest LCE, above
 *       the device table's 0..3, comes before lower ones in PCE order;
 *       =0: PCE 0 alone on LCE 5, the first PCE slot naming the highest);
 *       with NVSCHED_TEST_CE_NOGRCE set no GRCE (0 GRCE slots; with
 *       NVSCHED_TEST_CE_NOVAL too, the GRCE values still read NOVAL);
 *       with NVSCHED_TEST_CE_EMPTY set no PCE present (PCE_MAP 0) and no
 *       GRCE sharing: nothing refers to an LCE, the 5 LCEs are NUM_CES's
 *   GR: 3 GPCs x 4 TPCs, GPC 1 fused off (mask 0x2), 2 SMs per TPC;
 *       GPC 0 TPC mask 0x0 (4 TPCs), GPC 2 TPC mask 0x9 (TPCs 1, 2);
 *       logical ids GPC 0 -> 1, GPC 2 -> 0; CWD map of the 6 TPCs
 *   CONTROL: the plan is "write 0x00abc000 + id to 0x00800000 + 8 * op",
 *       resolved runlist 5 when asked for -1; RESTORE_CHANNELS re-enables
 *       3; a channel id of 77 answers EBUSY; id 78 is on no runlist
 *       (ENOENT) unless NVSCHED_CTL_FORCE; id 79 is beyond the chip
 *       (ERANGE); TSG/channel 80 completes after 1000 us: ETIMEDOUT
 *       (pending register 0x2634) when the timeout asked for is 1..999 us
 *       and NVSCHED_CTL_NO_WAIT is not set; runlist 9 does not exist
 *       (ENOENT); runlist 10 has no register for the operation
 *       (EOPNOTSUPP), runlist 11 unreadable (EIO), runlist 12 not
 *       permitted (EPERM); runlist 13 counts 6 writes, the 4 the ioctl
 *       carries at 0x00800000 + 8 * op + 4 k, value 0x00abc000 + id + k.
 *   PRIO_STATUS: mechanism runlist (gate with NVSCHED_TEST_PRIO_GATE set),
 *       slot 1 runs, 12345678901 decisions, 77 writes, 4 channels held
 *       disabled, 2 runlists, 6 submits, 5 resubmits, 7 preempts; tasks:
 *       slot 0 in a segment at prio 50, running, 2 TSGs; slot 1 in a
 *       segment, best effort (-1), 1 TSG; slot 7 no segment (prio 3 left
 *       over), no TSG
 *   PRIO_STATS: 256 samples of 999, epsilon min 1234, median 5678, p99
 *       91011, max 121314 ns; 3 captures, 2 abandoned, one in progress
 *       (ENOTTY, an older module, with NVSCHED_TEST_NO_PRIO_STATS set)
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <linux/types.h>
#include "uapi/nvsched.h"

static int fake_topology(struct nvsched_topology *t)
{
	static const struct nvsched_engine eng[3] = {
		{ .type = 0, .instance = 0, .runlist = 0, .fault_id = 0, .reset_id = 12,
		  .rleng_id = -1, .engine_id = 0, .flags = NVSCHED_ENGINE_IS_ENGINE,
		  .pri_base = 0x400000 },
		{ .type = 19, .instance = 2, .runlist = 1, .fault_id = 17, .reset_id = 21,
		  .rleng_id = -1, .engine_id = 3, .flags = NVSCHED_ENGINE_IS_ENGINE,
		  .pri_base = 0x104000 },
		{ .type = 19, .instance = 3, .runlist = -1, .fault_id = -1, .reset_id = -1,
		  .rleng_id = -1, .engine_id = -1, .flags = 0, .pri_base = 0x104000 },
	};

	/* NVSCHED_TEST_TOPO_TWO: the device table without its last LCE;
	 * NVSCHED_TEST_TOPO_NONE: an empty one */
	unsigned int n = getenv("NVSCHED_TEST_TOPO_NONE") ? 0 : getenv("NVSCHED_TEST_TOPO_TWO") ? 2 : 3;
	unsigned int i;

	/* NVSCHED_TEST_TOPO_FULL: 256 rows, the most nvsched keeps */
	if (getenv("NVSCHED_TEST_TOPO_FULL"))
		n = 256;

	if (t->gpu != 0)
		return -ENODEV;
	if (getenv("NVSCHED_TEST_TOPO_FAIL"))
		return -EIO;
	if (t->count < n) {
		t->count = n;
		return -ENOSPC;
	}
	for (i = 0; i < n; i++) {	/* rows past the third: engine type 14, no runlist */
		struct nvsched_engine *e = (void *)(uintptr_t)t->engines;

		e[i] = i < 3 ? eng[i] : (struct nvsched_engine){ .type = 14, .instance = i,
			.runlist = -1, .fault_id = -1, .reset_id = -1, .rleng_id = -1,
			.engine_id = -1 };
	}
	if (getenv("NVSCHED_TEST_TOPO_LCE_FIRST")) {
		struct nvsched_engine *e = (void *)(uintptr_t)t->engines;

		e[0] = eng[1];
		e[1] = eng[0];
	}
	if (getenv("NVSCHED_TEST_TOPO_LCE_HIGH")) {
		struct nvsched_engine *e = (void *)(uintptr_t)t->engines;

		e[2].instance = (__u32)atoi(getenv("NVSCHED_TEST_TOPO_LCE_HIGH"));
	}
	if (getenv("NVSCHED_TEST_CE_NARROW")) {
		struct nvsched_engine *e = (void *)(uintptr_t)t->engines;

		e[1].instance = 0;
		e[2].instance = 1;
	}
	t->count = n;
	t->version = 0;
	t->flags = 0;
	return 0;
}

/* NVSCHED_TEST_RL_LONG: runlist 0 holds 130 bare channels, ids 1000..1129
 * (with NVSCHED_TEST_RL_CHANGE every second read without channel 1000) */
#define FAKE_LONG_N 130

static int fake_long_runlist(struct nvsched_runlist *r)
{
	struct nvsched_rl_entry *e = (void *)(uintptr_t)r->entries;
	static unsigned int reads;	/* complete reads */
	unsigned int i, first = 0;

	r->base = 0x3000000;
	r->length = FAKE_LONG_N;
	if (r->count < FAKE_LONG_N) {
		r->count = FAKE_LONG_N;
		return -ENOSPC;
	}
	if (getenv("NVSCHED_TEST_RL_CHANGE") && reads++ % 2)
		first = 1;	/* channel 1000 gone */
	r->length = FAKE_LONG_N - first;
	r->count = FAKE_LONG_N - first;
	for (i = first; i < FAKE_LONG_N; i++)
		e[i - first] = (struct nvsched_rl_entry){ .kind = NVSCHED_RL_CHAN, .id = 1000 + i,
			.tsg = -1, .runqueue = -1, .veid = -1, .status = -1 };
	return 0;
}

static int fake_runlist(struct nvsched_runlist *r)
{
	struct nvsched_rl_entry e[4];
	unsigned int n = 0;

	static unsigned int reads;	/* complete reads of runlist 0 */
	const char *fail = getenv("NVSCHED_TEST_RL_FAIL");

	if (r->gpu != 0)
		return -ENODEV;
	if (fail && r->id == 1)
		return strcmp(fail, "EPERM") ? -EFBIG : -EPERM;
	memset(e, 0, sizeof(e));
	r->aperture = 0;
	r->num_channels = 4096;
	r->chram_base = 0;
	r->error = 0;
	r->offset = 0;
	switch (r->id) {
	case 0:
		if (getenv("NVSCHED_TEST_RL_LONG"))
			return fake_long_runlist(r);
		r->base = 0x2f0000000ull;
		r->offset = 2;
		n = 4;
		e[0] = (struct nvsched_rl_entry){ .kind = NVSCHED_RL_TSG, .id = 10, .length = 2,
			.scale = 3, .timeout = 128, .tsg = -1, .runqueue = -1, .veid = -1,
			.status = -1 };
		e[1] = (struct nvsched_rl_entry){ .kind = NVSCHED_RL_CHAN, .id = 4095, .tsg = 0,
			.runqueue = 1, .veid = -1, .status = 7, .inst_ap = 0, .userd_ap = 3,
			.chflags = (1u << 1) | (1u << 4), .raw = 0x17000001,
			.flags = NVSCHED_RLE_HAS_INST | NVSCHED_RLE_HAS_USERD | NVSCHED_RLE_STATE |
				 NVSCHED_RLE_ENABLED | NVSCHED_RLE_BUSY,
			.inst = 0x2f0009000ull, .userd = 0x2f0002000ull };
		e[2] = (struct nvsched_rl_entry){ .kind = NVSCHED_RL_CHAN, .id = 2048, .tsg = 0,
			.runqueue = 0, .veid = -1, .status = 0, .inst_ap = 2,
			.raw = 0x00000000, .flags = NVSCHED_RLE_HAS_INST | NVSCHED_RLE_STATE,
			.inst = 0x3000a000ull };
		e[3] = (struct nvsched_rl_entry){ .kind = NVSCHED_RL_TSG, .id = 11, .length = 0,
			.err = 1, .tsg = -1, .runqueue = -1, .veid = -1, .status = -1 };
		if (getenv("NVSCHED_TEST_RL_ERR0"))
			e[0].err = 2;	/* tsg_too_long on entry 0 */
		if (getenv("NVSCHED_TEST_RL_CHANGE") && reads % 2) {
			n = 3;
			e[0].scale = 4;
			e[0].length = 1;
			e[1].status = 5;
			e[1].chflags = (1u << 0) | (1u << 1) | (1u << 11);
			e[1].flags &= ~NVSCHED_RLE_ENABLED;
			e[2].tsg = -1;
			e[2].flags = NVSCHED_RLE_HAS_INST;
			e[2].status = -1;
		}
		if (r->count >= n)
			reads++;
		break;
	case 1:
		r->base = 0x1000;
		r->length = 4;
		r->error = -EIO;
		r->count = 0;
		return 0;
	case 2:
		r->base = 0;
		r->length = 0;
		r->count = 0;
		return 0;
	default:
		return -ENOENT;
	}
	r->length = n;
	if (r->count < n) {
		r->count = n;
		return -ENOSPC;
	}
	r->count = n;
	memcpy((void *)(uintptr_t)r->entries, e, n * sizeof(e[0]));
	return 0;
}

static int fake_ce(struct nvsched_ce *c)
{
	static const signed char pce[6] = { 2, 2, NVSCHED_CE_NONE, 3, 4, 4 };
	unsigned int i;

	if (c->gpu != 0)
		return -ENODEV;
	c->flags = 0;
	c->pce_map = 0x3b;
	c->num_pces = 6;
	c->num_grces = 2;
	c->num_lces = 5;
	for (i = 0; i < NVSCHED_CE_MAX_PCES; i++)
		c->lce_for_pce[i] = i < 6 ? pce[i] : NVSCHED_CE_NONE;
	for (i = 0; i < NVSCHED_CE_MAX_GRCES; i++)
		c->grce_shared_lce[i] = NVSCHED_CE_NONE;
	c->grce_shared_lce[0] = 3;
	if (getenv("NVSCHED_TEST_CE_WIDE"))	/* =0: GRCE0's instead */
		c->grce_shared_lce[strcmp(getenv("NVSCHED_TEST_CE_WIDE"), "0") ? 1 : 0] = 6;
	if (getenv("NVSCHED_TEST_CE_NARROW")) {
		c->pce_map = 0x3;
		c->num_lces = 2;
		for (i = 0; i < NVSCHED_CE_MAX_PCES; i++)
			c->lce_for_pce[i] = i < 2 ? 0 : NVSCHED_CE_NONE;
		c->grce_shared_lce[0] = NVSCHED_CE_NONE;
		c->grce_shared_lce[1] = 0;
	}
	if (getenv("NVSCHED_TEST_CE_SPARE")) {
		c->num_lces = 4;
		for (i = 0; i < 6; i++)
			if (c->lce_for_pce[i] >= 0)
				c->lce_for_pce[i] = 2;
		c->grce_shared_lce[0] = 2;
	}
	if (getenv("NVSCHED_TEST_CE_HIGH")) {
		if (!strcmp(getenv("NVSCHED_TEST_CE_HIGH"), "0")) {
			c->lce_for_pce[0] = 5;	/* PCE 0 alone on the highest */
		} else {
			c->lce_for_pce[0] = 4;
			c->lce_for_pce[1] = 5;
		}
	}
	if (getenv("NVSCHED_TEST_CE_NOGRCE")) {
		c->num_grces = 0;
		for (i = 0; i < NVSCHED_CE_MAX_GRCES; i++)
			c->grce_shared_lce[i] = NVSCHED_CE_NONE;
	}
	if (getenv("NVSCHED_TEST_CE_EMPTY")) {
		c->pce_map = 0;
		for (i = 0; i < NVSCHED_CE_MAX_PCES; i++)
			c->lce_for_pce[i] = NVSCHED_CE_NONE;
		for (i = 0; i < NVSCHED_CE_MAX_GRCES; i++)
			c->grce_shared_lce[i] = NVSCHED_CE_NONE;
	}
	if (getenv("NVSCHED_TEST_CE_NOVAL")) {
		if (!strcmp(getenv("NVSCHED_TEST_CE_NOVAL"), "edges")) {
			c->lce_for_pce[0] = NVSCHED_CE_NOVAL;	/* the first slot */
			c->lce_for_pce[5] = NVSCHED_CE_NOVAL;	/* the last present */
		} else {
			c->lce_for_pce[2] = NVSCHED_CE_NOVAL;
		}
		c->grce_shared_lce[0] = NVSCHED_CE_NOVAL;
		c->grce_shared_lce[1] = NVSCHED_CE_NOVAL;
	}
	return 0;
}

static int fake_gr(struct nvsched_gr *g)
{
	/* global TPC id -> (logical GPC << 4 | TPC): round robin over the
	 * logical GPCs 0 (physical 2: 2 TPCs) and 1 (physical 0: 4 TPCs) */
	static const uint8_t cwd[6] = { 0x00, 0x10, 0x01, 0x11, 0x12, 0x13 };

	if (g->gpu != 0)
		return -ENODEV;
	g->flags = NVSCHED_GR_LOGICAL_KNOWN;
	g->num_gpcs = 3;
	g->num_tpc_per_gpc = 4;
	g->gpc_disable_mask = 0x2;
	g->sms_per_tpc = 2;
	g->tpcs_enabled = 6;
	g->gpcs_enabled = 2;
	memset(g->tpc_disable_mask, 0, sizeof(g->tpc_disable_mask));
	g->tpc_disable_mask[1] = 0xf;
	g->tpc_disable_mask[2] = 0x9;
	memset(g->logical, -1, sizeof(g->logical));
	g->logical[0] = 1;
	g->logical[2] = 0;
	g->cwd_err = 0;
	g->cwd_tpcs = 6;
	memcpy(g->cwd_tpc_map, cwd, sizeof(cwd));
	return 0;
}

static int fake_control(struct nvsched_control *c)
{
	if (c->gpu != 0)
		return -ENODEV;
	if (c->op == NVSCHED_CTL_RESTORE_CHANNELS) {
		c->count = 3;
		c->nwrites = 0;
		c->resolved_runlist = -1;
		return 0;
	}
	if (c->op <= NVSCHED_CTL_PREEMPT_TSG) {
		if (c->id == 77)
			return -EBUSY;
		if (c->id == 78 && !(c->flags & NVSCHED_CTL_FORCE))
			return -ENOENT;
		if (c->id == 79)
			return -ERANGE;
		if (c->id == 80 && c->timeout_us && c->timeout_us < 1000 &&
		    !(c->flags & NVSCHED_CTL_NO_WAIT)) {
			c->pending = 0x2634;
			return -ETIMEDOUT;
		}
	} else {
		switch (c->runlist) {
		case 9: return -ENOENT;
		case 10: return -EOPNOTSUPP;
		case 11: return -EIO;
		case 12: return -EPERM;
		}
	}
	c->resolved_runlist = c->runlist >= 0 ? c->runlist : 5;
	c->nwrites = 1;
	c->writes[0].off = 0x800000 + 8 * c->op;
	c->writes[0].val = 0xabc000 + c->id;
	if (c->runlist == 13) {
		unsigned int k;

		c->nwrites = 6;
		for (k = 0; k < 4; k++) {
			c->writes[k].off = 0x800000 + 8 * c->op + 4 * k;
			c->writes[k].val = 0xabc000 + 13 + k;
		}
	}
	return 0;
}

static int fake_prio_status(struct nvsched_prio_status *s)
{
	static const struct nvsched_prio_task t[3] = {
		{ .slot = 0, .flags = NVSCHED_PRIO_T_IN_SEG | NVSCHED_PRIO_T_RUNNING, .prio = 50,
		  .ntsgs = 2 },
		{ .slot = 1, .flags = NVSCHED_PRIO_T_IN_SEG, .prio = -1, .ntsgs = 1 },
		{ .slot = 7, .flags = 0, .prio = 3, .ntsgs = 0 },
	};

	if (s->gpu != 0)
		return -ENODEV;
	if (s->count < 3)
		return -ENOSPC;
	memcpy((void *)(uintptr_t)s->tasks, t, sizeof(t));
	s->count = 3;
	s->running = 1;
	s->mechanism = getenv("NVSCHED_TEST_PRIO_GATE") ? NVSCHED_PRIO_MECH_GATE :
			NVSCHED_PRIO_MECH_RUNLIST;
	s->decisions = 12345678901ull;
	s->writes = 77;
	s->disabled = 4;
	s->runlists = 2;
	s->submits = 6;
	s->resubmits = 5;
	s->preempts = 7;
	return 0;
}

static int fake_prio_stats(struct nvsched_prio_stats *s)
{
	if (getenv("NVSCHED_TEST_NO_PRIO_STATS"))
		return -ENOTTY;
	if (s->gpu != 0)
		return -ENODEV;
	s->samples = 256;
	s->total = 999;
	s->min_ns = 1234;
	s->median_ns = 5678;
	s->p99_ns = 91011;
	s->max_ns = 121314;
	s->captures = 3;
	s->capturing = 1;
	s->abandoned = 2;
	return 0;
}

int ioctl(int fd, unsigned long req, ...)
{
	static int (*real)(int, unsigned long, ...);
	va_list ap;
	void *arg;
	int ret;

	va_start(ap, req);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (_IOC_TYPE(req) != NVSCHED_IOC_MAGIC) {
		if (!real)
			real = (int (*)(int, unsigned long, ...))dlsym(RTLD_NEXT, "ioctl");
		return real(fd, req, arg);
	}
	switch (req) {
	case NVSCHED_IOC_VERSION: {
		struct nvsched_version *v = arg;

		memset(v, 0, sizeof(*v));
		v->abi_version = NVSCHED_ABI_VERSION;
		v->ngpus = 1;
		ret = 0;
		break;
	}
	case NVSCHED_IOC_GPU_INFO: {
		struct nvsched_gpu_info *g = arg;

		if (g->gpu != 0) {
			ret = -ENODEV;
			break;
		}
		memset(g, 0, sizeof(*g));
		g->chip_id = 0x140;
		g->boot0 = 0x140000a1;
		g->arch = NVSCHED_ARCH_VOLTA;
		g->pci_bus = 0x3b;
		g->pci_devfn = 0;
		g->vendor = 0x10de;
		g->device = 0x1d81;
		g->bar0_size = 16u << 20;
		strcpy(g->name, "GV100");
		ret = 0;
		break;
	}
	case NVSCHED_IOC_TOPOLOGY:
		ret = fake_topology(arg);
		break;
	case NVSCHED_IOC_RUNLIST:
		ret = fake_runlist(arg);
		break;
	case NVSCHED_IOC_CE:
		ret = fake_ce(arg);
		break;
	case NVSCHED_IOC_GR:
		ret = fake_gr(arg);
		break;
	case NVSCHED_IOC_CONTROL:
		ret = fake_control(arg);
		break;
	case NVSCHED_IOC_PRIO_STATUS:
		ret = fake_prio_status(arg);
		break;
	case NVSCHED_IOC_PRIO_STATS:
		ret = fake_prio_stats(arg);
		break;
	default:
		ret = -ENOTTY;
	}
	if (ret) {
		errno = -ret;
		return -1;
	}
	return 0;
}
