// SPDX-License-Identifier: MIT
/*
 * Unit tests: control plans (kmod/hw/control.c) applied to the simulator,
 * with the effect seen by the next runlist read, on every profile.
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
#include "ptop.h"
#include "runlist.h"
#include "sim.h"

static const char *const profiles[] = {
	"gk104", "gm204", "gp106", "gp10b", "gv100", "gv11b", "tu104",
	"ga100", "ga10b", "ad102", "gh100", "gb202",
};

struct gpu {
	struct nvs_sim *sim;
	const struct nvs_io *io;
	struct nvs_ident id;
	struct nvs_topology t;
	struct nvs_rl_loc loc;
	struct nvs_rl_item *items;
};

static void reread(struct gpu *g)
{
	void *raw;

	free(g->items);
	assert_int_equal(nvs_runlist_locate(g->io, g->id.caps, &g->t, 0, &g->loc), 0);
	raw = malloc(nvs_runlist_bytes(g->id.caps, &g->loc));
	g->items = calloc(g->loc.length, sizeof(*g->items));
	assert_int_equal(nvs_runlist_fetch(g->io, g->id.caps, &g->loc, raw, NULL), 0);
	nvs_runlist_decode(g->id.caps, &g->loc, raw, g->items);
	nvs_runlist_read_states(g->io, g->id.caps, &g->loc, g->items);
	free(raw);
}

static const struct nvs_rl_item *find(struct gpu *g, int kind, unsigned int id)
{
	unsigned int i;

	for (i = 0; i < g->loc.length; i++)
		if (g->items[i].kind == kind && g->items[i].id == id)
			return &g->items[i];
	return NULL;
}

static void open_gpu(struct gpu *g, const char *name)
{
	char path[128], err[256];

	memset(g, 0, sizeof(*g));
	snprintf(path, sizeof(path), "build/profiles/%s.nvss", name);
	g->sim = nvs_sim_open(path, err, sizeof(err));
	if (!g->sim)
		fail_msg("%s", err);
	g->io = nvs_sim_io(g->sim);
	assert_int_equal(nvs_identify(g->io, &g->id), 0);
	assert_int_equal(nvs_ptop_read(g->io, g->id.caps, &g->t), 0);
	reread(g);
}

static void close_gpu(struct gpu *g)
{
	free(g->items);
	nvs_sim_free(g->sim);
}

/* disable then enable the first channel of runlist 0: the next read shows it */
static void test_channel_toggle(void **state)
{
	size_t k;

	for (k = 0; k < sizeof(profiles) / sizeof(profiles[0]); k++) {
		struct gpu g;
		struct nvs_plan p;
		unsigned int i, chid = 0;

		open_gpu(&g, profiles[k]);
		for (i = 0; i < g.loc.length && g.items[i].kind != NVS_RL_CHAN; i++)
			;
		assert_true(i < g.loc.length);
		chid = g.items[i].id;

		assert_int_equal(nvs_ctl_plan(g.io, g.id.caps, &g.loc, NVS_CTL_DISABLE_CHANNEL,
					      chid, &p), 0);
		assert_int_equal(p.n, 1);
		nvs_plan_apply(g.io, &p);
		reread(&g);
		if (find(&g, NVS_RL_CHAN, chid)->st.enabled)
			fail_msg("%s: channel %u enabled after disable", profiles[k], chid);

		assert_int_equal(nvs_ctl_plan(g.io, g.id.caps, &g.loc, NVS_CTL_ENABLE_CHANNEL,
					      chid, &p), 0);
		nvs_plan_apply(g.io, &p);
		reread(&g);
		if (!find(&g, NVS_RL_CHAN, chid)->st.enabled)
			fail_msg("%s: channel %u disabled after enable", profiles[k], chid);
		/* beyond the channel count: refused before any write */
		assert_int_equal(nvs_ctl_plan(g.io, g.id.caps, &g.loc, NVS_CTL_DISABLE_CHANNEL,
					      g.loc.num_channels, &p), -ERANGE);
		close_gpu(&g);
	}
}

/* PCCSR read-modify-write must not reset fault bits (nvdebug's bug). */
static void test_pccsr_keeps_faults(void **state)
{
	struct gpu g;
	struct nvs_plan p;
	uint32_t off, v;

	open_gpu(&g, "gv100");
	off = 0x800004 + 8 * 4095;
	v = nvs_sim_rd32(g.sim, off);
	nvs_sim_poke(g.sim, off, v | (1u << 22) | (1u << 23) | (1u << 1));	/* faults + NEXT */
	assert_int_equal(nvs_ctl_plan(g.io, g.id.caps, &g.loc, NVS_CTL_DISABLE_CHANNEL,
				      4095, &p), 0);
	assert_int_equal(p.w[0].off, off);
	assert_int_equal(p.w[0].val & 0xc00000, 0);	/* W1-to-reset bits written as 0 */
	assert_int_equal(p.w[0].val, (1u << 11) | (1u << 1));	/* CLR + NEXT as read */
	nvs_plan_apply(g.io, &p);
	v = nvs_sim_rd32(g.sim, off);
	assert_int_equal(v & 0xc00000, 0xc00000);		/* faults survive */
	assert_int_equal(v & 1, 0);				/* disabled */
	close_gpu(&g);
}

/*
 * Issue 19 item 2: a read-modify-write plan is refused (EBUSY) when the
 * driver changed the register between the plan and the write: PCCSR NEXT,
 * the shared SCHED_DISABLE of Kepler-Volta; an all-ones GPU gives ENODEV.
 */
static void test_plan_check(void **state)
{
	struct gpu g;
	struct nvs_plan p;
	uint32_t off, v;

	(void)state;
	open_gpu(&g, "gv100");
	off = 0x800004 + 8 * 4095;
	assert_int_equal(nvs_ctl_plan(g.io, g.id.caps, &g.loc, NVS_CTL_DISABLE_CHANNEL,
				      4095, &p), 0);
	assert_int_equal(nvs_plan_check(g.io, &p), 0);
	v = nvs_sim_rd32(g.sim, off);
	nvs_sim_poke(g.sim, off, v ^ (1u << 1));	/* the driver flips NEXT */
	assert_int_equal(nvs_plan_check(g.io, &p), -EBUSY);
	nvs_sim_poke(g.sim, off, v | (1u << 22));	/* a fault bit: not ours to keep */
	assert_int_equal(nvs_plan_check(g.io, &p), 0);
	/* SCHED_DISABLE (0x2630): runlist 1 disabled by the driver meanwhile */
	assert_int_equal(nvs_ctl_plan(g.io, g.id.caps, &g.loc, NVS_CTL_SCHED_DISABLE, 0, &p), 0);
	assert_int_equal(nvs_plan_check(g.io, &p), 0);
	v = nvs_sim_rd32(g.sim, 0x2630);
	nvs_sim_poke(g.sim, 0x2630, v | 2);
	assert_int_equal(nvs_plan_check(g.io, &p), -EBUSY);
	nvs_sim_poke(g.sim, 0x2630, 0xffffffffu);	/* fell off the bus */
	assert_int_equal(nvs_plan_check(g.io, &p), -ENODEV);
	close_gpu(&g);
}

/* TSG ids: 12 bits before Ampere, 11 from Ampere on; 4096 is refused. */
static void test_tsg_limits_and_pending(void **state)
{
	struct gpu g;
	struct nvs_plan p;

	open_gpu(&g, "gv100");
	assert_int_equal(nvs_ctl_plan(g.io, g.id.caps, &g.loc, NVS_CTL_PREEMPT_TSG, 4096, &p),
			 -ERANGE);
	assert_int_equal(nvs_ctl_plan(g.io, g.id.caps, &g.loc, NVS_CTL_PREEMPT_TSG, 4095, &p), 0);
	assert_int_equal(p.w[0].off, 0x2634);
	assert_int_equal(p.w[0].val, 0x1000fff);
	nvs_sim_set_pending_ticks(g.sim, 2);
	nvs_plan_apply(g.io, &p);
	assert_true(nvs_plan_pending(g.io, &p));
	nvs_sim_tick(g.sim);
	nvs_sim_tick(g.sim);
	nvs_sim_tick(g.sim);
	assert_false(nvs_plan_pending(g.io, &p));
	close_gpu(&g);

	open_gpu(&g, "ga100");
	assert_int_equal(nvs_ctl_plan(g.io, g.id.caps, &g.loc, NVS_CTL_PREEMPT_TSG, 2048, &p),
			 -ERANGE);
	assert_int_equal(nvs_ctl_plan(g.io, g.id.caps, &g.loc, NVS_CTL_PREEMPT_RUNLIST, 0, &p), 0);
	assert_int_equal(p.w[0].off & 0x3ff, 0x098);
	assert_int_equal(p.poll_mask, 1u << 21);	/* runlist-preempt pending: bit 21 */
	close_gpu(&g);
}

/*
 * Issue 19 item 2: a preempt is not written while one is pending on the
 * same register (the owning driver's, or an earlier one that timed out):
 * nvs_plan_check() says EBUSY; once it completed, 0.  Kepler-Volta's
 * runlist preempt (NV_PFIFO_RUNLIST_PREEMPT, never polled) waits for a
 * pending channel/TSG preempt too.  Every profile with a TSG preempt.
 */
static void test_preempt_pending(void **state)
{
	size_t k;

	(void)state;
	for (k = 0; k < sizeof(profiles) / sizeof(profiles[0]); k++) {
		struct gpu g;
		struct nvs_plan drv, ours, rl;
		unsigned int i, tsg = 0;
		bool have_rl;

		open_gpu(&g, profiles[k]);
		for (i = 0; i < g.loc.length && g.items[i].kind != NVS_RL_TSG; i++)
			;
		if (i < g.loc.length)
			tsg = g.items[i].id;
		assert_int_equal(nvs_ctl_plan(g.io, g.id.caps, &g.loc, NVS_CTL_PREEMPT_TSG,
					      tsg, &drv), 0);
		have_rl = !nvs_ctl_plan(g.io, g.id.caps, &g.loc, NVS_CTL_PREEMPT_RUNLIST, 0, &rl);
		assert_int_equal(nvs_ctl_plan(g.io, g.id.caps, &g.loc, NVS_CTL_PREEMPT_TSG,
					      tsg, &ours), 0);
		assert_int_equal(nvs_plan_check(g.io, &ours), 0);	/* nothing pending */
		if (have_rl)
			assert_int_equal(nvs_plan_check(g.io, &rl), 0);
		/* the driver's preempt, completing after 1000 ticks */
		nvs_sim_set_pending_ticks(g.sim, 1000);
		nvs_plan_apply(g.io, &drv);
		assert_true(nvs_plan_pending(g.io, &drv));
		if (nvs_plan_check(g.io, &ours) != -EBUSY)
			fail_msg("%s: TSG preempt over a pending one", profiles[k]);
		if (have_rl && nvs_plan_check(g.io, &rl) != -EBUSY)
			fail_msg("%s: runlist preempt over a pending TSG preempt", profiles[k]);
		nvs_sim_set_pending_ticks(g.sim, 0);			/* completed */
		assert_int_equal(nvs_plan_check(g.io, &ours), 0);
		if (have_rl)
			assert_int_equal(nvs_plan_check(g.io, &rl), 0);
		close_gpu(&g);
	}
}

/* Resubmit rewrites the submit register of the runlist asked for. */
static void test_resubmit(void **state)
{
	struct gpu g;
	struct nvs_plan p;

	open_gpu(&g, "tu104");
	assert_int_equal(nvs_ctl_plan(g.io, g.id.caps, &g.loc, NVS_CTL_RESUBMIT_RUNLIST, 0, &p), 0);
	assert_true(p.rewrites_runlist);
	assert_int_equal(p.n, 1);
	assert_int_equal(p.w[0].off, 0x2b08);
	assert_int_equal(p.w[0].val, nvs_sim_rd32(g.sim, 0x2b08));	/* same length/offset */
	close_gpu(&g);

	open_gpu(&g, "gk104");
	g.loc.id = 4;
	assert_int_equal(nvs_runlist_locate(g.io, g.id.caps, &g.t, 4, &g.loc), 0);
	assert_int_equal(nvs_ctl_plan(g.io, g.id.caps, &g.loc, NVS_CTL_RESUBMIT_RUNLIST, 0, &p), 0);
	assert_int_equal(p.n, 2);
	assert_int_equal(p.w[0].off, 0x2270);
	assert_int_equal(p.w[1].off, 0x2274);
	assert_int_equal((p.w[1].val >> 20) & 0xf, 4);		/* runlist 4, not 0 */
	assert_int_equal(p.w[1].val & 0xffff, g.loc.length);
	assert_int_equal(nvs_ctl_plan(g.io, g.id.caps, &g.loc, NVS_CTL_PREEMPT_RUNLIST, 0, &p),
			 -EOPNOTSUPP);					/* none on GK104 */
	close_gpu(&g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_channel_toggle),
		cmocka_unit_test(test_pccsr_keeps_faults),
		cmocka_unit_test(test_plan_check),
		cmocka_unit_test(test_tsg_limits_and_pending),
		cmocka_unit_test(test_preempt_pending),
		cmocka_unit_test(test_resubmit),
	};

	return cmocka_run_group_tests_name("control", tests, NULL, NULL);
}
