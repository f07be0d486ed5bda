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
#include "prio_rl.h"
#include "ptop.h"
#include "runlist.h"
#include "sim.h"

static const char *const profiles[] = {
	"gk104", "gm204", "gp106", "gp10b", "gv100", "gv11b", "tu104",
	"ga100", "ga10b", "ad102", "gh100", "gb202",
};

#define NBITS 4096

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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_filter_submit_restore),
		cmocka_unit_test(test_corrupt),
		cmocka_unit_test(test_plan_limits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
