// SPDX-License-Identifier: MIT
/*
 * Unit tests: the responder playing the owning driver
 * (sim/responder_driver.c, nvss-responder --driver-tsg) on the
 * simulator: the named TSG is off the runlist the GPU reports after start,
 * a request in the mailbox words brings back the driver's runlist entry for
 * entry, further requests find nothing left, bad specs are refused.
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
#include "ptop.h"
#include "runlist.h"
#include "responder_driver.h"
#include "sim.h"

struct rl {
	struct nvs_rl_loc loc;
	uint8_t *raw;
	struct nvs_rl_item *items;
};

static void rl_read(struct nvs_sim *sim, const struct nvs_ident *id,
		    const struct nvs_topology *t, int rlid, struct rl *r)
{
	const struct nvs_io *io = nvs_sim_io(sim);

	assert_int_equal(nvs_runlist_locate(io, id->caps, t, rlid, &r->loc), 0);
	r->raw = calloc(1, nvs_runlist_bytes(id->caps, &r->loc) + 16);
	r->items = calloc(r->loc.length + 1, sizeof(*r->items));
	assert_int_equal(nvs_runlist_fetch(io, id->caps, &r->loc, r->raw, NULL), 0);
	nvs_runlist_decode(id->caps, &r->loc, r->raw, r->items);
}

static bool rl_has(const struct rl *r, unsigned int tsgid)
{
	unsigned int i;

	for (i = 0; i < r->loc.length; i++)
		if (r->items[i].kind == NVS_RL_TSG && r->items[i].id == tsgid)
			return true;
	return false;
}

static uint32_t request(struct rdrv *d, struct nvs_sim *sim, uint32_t *box, uint32_t rl)
{
	int i;

	box[RDRV_ARG_OFF / 4] = rl;
	box[RDRV_REQ_OFF / 4]++;
	rdrv_poll(d, sim, box);
	assert_int_equal(box[RDRV_ACK_OFF / 4], box[RDRV_REQ_OFF / 4]);
	for (i = 0; i < 100; i++)	/* the submit's pending bit runs out */
		nvs_sim_tick(sim);
	return box[RDRV_RES_OFF / 4];
}

static void check_profile(const char *prof, unsigned int hide)
{
	char path[128], err[256], spec[32];
	uint32_t box[1024] = { 0 };
	struct rdrv *d = NULL;
	struct nvs_topology t;
	struct nvs_ident id;
	struct nvs_sim *sim;
	struct rl orig, now;
	size_t es;

	snprintf(path, sizeof(path), "build/profiles/%s.nvss", prof);
	sim = nvs_sim_open(path, err, sizeof(err));
	if (!sim)
		fail_msg("%s", err);
	assert_int_equal(nvs_identify(nvs_sim_io(sim), &id), 0);
	assert_int_equal(nvs_ptop_read(nvs_sim_io(sim), id.caps, &t), 0);
	es = id.caps->rl_entry_size;
	rl_read(sim, &id, &t, 0, &orig);
	assert_true(rl_has(&orig, hide));

	snprintf(spec, sizeof(spec), "0:%u", hide);
	assert_int_equal(rdrv_add(&d, spec), 0);
	assert_int_equal(rdrv_start(d, sim, err, sizeof(err)), 0);
	/* the driver has not created it yet: everything else, entry for entry */
	rl_read(sim, &id, &t, 0, &now);
	assert_false(rl_has(&now, hide));
	assert_true(now.loc.length < orig.loc.length);
	assert_true(now.loc.base != orig.loc.base);
	free(now.raw);
	free(now.items);
	/* a runlist with nothing held back: nothing created, still acknowledged */
	assert_int_equal(request(d, sim, box, 5), RDRV_NONE);
	/* the process creates its context: the driver's whole runlist again */
	assert_int_equal(request(d, sim, box, 0), hide);
	rl_read(sim, &id, &t, 0, &now);
	assert_true(rl_has(&now, hide));
	assert_int_equal(now.loc.length, orig.loc.length);
	assert_memory_equal(now.raw, orig.raw, (size_t)orig.loc.length * es);
	free(now.raw);
	free(now.items);
	/* nothing left to create */
	assert_int_equal(request(d, sim, box, 0), RDRV_NONE);
	/* no request pending: nothing happens */
	box[RDRV_RES_OFF / 4] = 7;
	rdrv_poll(d, sim, box);
	assert_int_equal(box[RDRV_RES_OFF / 4], 7);
	rdrv_free(d);
	free(orig.raw);
	free(orig.items);
	nvs_sim_free(sim);
}

static void test_create(void **state)
{
	(void)state;
	check_profile("gv100", 2047);	/* Volta: one submit port */
	check_profile("ga100", 2047);	/* Ampere: runlist registers per runlist */
	check_profile("ga100", 5);	/* the last TSG of the list */
}

static void test_bad(void **state)
{
	char err[256], path[] = "build/profiles/gv100.nvss";
	struct rdrv *d = NULL;
	struct nvs_sim *sim;

	(void)state;
	assert_int_equal(rdrv_add(&d, "0"), -1);
	assert_int_equal(rdrv_add(&d, "64:1"), -1);
	assert_int_equal(rdrv_add(&d, "0:4096"), -1);
	assert_int_equal(rdrv_add(&d, "0:x"), -1);
	/* a TSG the runlist does not have: start refuses */
	assert_int_equal(rdrv_add(&d, "0:12"), 0);
	sim = nvs_sim_open(path, err, sizeof(err));
	assert_non_null(sim);
	assert_int_equal(rdrv_start(d, sim, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "not on runlist 0"));
	rdrv_free(d);
	nvs_sim_free(sim);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_create),
		cmocka_unit_test(test_bad),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
