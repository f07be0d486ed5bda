// SPDX-License-Identifier: MIT
/*
 * Unit tests: copy-engine topology (kmod/hw/ce.c).
 *
 * The GH100 test decodes the REAL register capture and compares it with the
 * per-LCE PCE masks NVIDIA's own driver (RM) reported for the same GPU in
 * the same run (rmprobe_idle.txt, parsed here, nothing hard-coded).  The
 * other tests use register sets encoded by hand from regs-fifo.md §6.
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
#include "ce.h"
#include "sim.h"
#include "topo_fixture.h"

static const struct nvs_caps *caps_of(uint16_t chip_id)
{
	const struct nvs_chip *c = nvs_chip_lookup(chip_id);

	assert_non_null(c);
	return c->caps;
}

struct rm_lce {
	bool present;
	bool grce;
	uint32_t pce_mask;
};

/* "    COPY3   caps=SHARED|... pceMask=0xa000 {13,15} shim=0 localLce=3 ..." */
static unsigned int parse_rm_ce(const char *path, struct rm_lce *lce, unsigned int max)
{
	FILE *f = fopen(path, "r");
	char line[1024];
	unsigned int n = 0;

	assert_non_null(f);
	while (fgets(line, sizeof(line), f)) {
		const char *caps = strstr(line, "caps=");
		const char *pm = strstr(line, "pceMask=");
		const char *ll = strstr(line, "localLce=");
		unsigned int mask, l;

		if (strncmp(line, "    COPY", 8) || !caps || !pm || !ll)
			continue;
		if (sscanf(pm, "pceMask=0x%x", &mask) != 1 || sscanf(ll, "localLce=%u", &l) != 1)
			continue;
		assert_true(l < max);
		lce[l].present = true;
		lce[l].pce_mask = mask;
		/* "caps=GRCE|..." : the GRCE flag is the first capability */
		lce[l].grce = !strncmp(caps, "caps=GRCE", 9);
		n++;
	}
	fclose(f);
	return n;
}

static void test_gh100_matches_rm(void **state)
{
	char snap[512], rm[512], err[256];
	struct rm_lce rml[NVS_CE_MAX_LCES];
	struct nvs_sim *sim;
	struct nvs_ident id;
	struct nvs_ce ce;
	struct strbuf out = { .n = 0 };
	unsigned int l, n, checked = 0;
	int v;

	if (fixture_path("h100_idle.nvss", snap, sizeof(snap)) ||
	    fixture_path("rmprobe_idle.txt", rm, sizeof(rm)))
		fail_msg("fixture missing: %s or %s (run from the repository root)", snap, rm);
	memset(rml, 0, sizeof(rml));
	n = parse_rm_ce(rm, rml, NVS_CE_MAX_LCES);
	assert_true(n >= 2);

	sim = nvs_sim_open(snap, err, sizeof(err));
	if (!sim)
		fail_msg("%s", err);
	assert_int_equal(nvs_identify(nvs_sim_io(sim), &id), 0);
	assert_int_equal(nvs_ce_read(nvs_sim_io(sim), id.caps, &ce), 0);
	assert_true(nvs_ce_complete(&ce));

	for (l = 0; l < NVS_CE_MAX_LCES; l++) {
		uint32_t mine = nvs_ce_pces_of_lce(&ce, l);

		if (!rml[l].present) {
			/* LCEs RM does not list have no PCEs and share nothing */
			assert_int_equal(mine, 0);
			continue;
		}
		assert_true(l < ce.num_lces);
		if (rml[l].grce) {
			/* RM reports a sharing GRCE with the shared LCE's PCEs */
			int s = ce.grce_shared_lce[l];

			assert_true(l < ce.num_grces);
			assert_int_equal(mine, 0);
			assert_true(s >= 0);
			assert_int_equal(nvs_ce_pces_of_lce(&ce, (unsigned int)s), rml[l].pce_mask);
			assert_false(rml[s].grce);
			assert_int_equal(nvs_ce_shared_lce_for_grce(nvs_sim_io(sim), id.caps, l, &v), 0);
			assert_int_equal(v, s);
		} else {
			assert_int_equal(mine, rml[l].pce_mask);
		}
		checked++;
	}
	assert_int_equal(checked, n);
	/* every PCE of PCE_MAP belongs to an LCE RM knows */
	for (l = 0; l < NVS_CE_MAX_PCES; l++) {
		if (!(ce.pce_map & (1u << l)))
			continue;
		assert_int_equal(nvs_ce_lce_for_pce(nvs_sim_io(sim), id.caps, l, &v), 0);
		assert_true(rml[v].present && (rml[v].pce_mask & (1u << l)));
	}
	/* a PCE slot that PCE_MAP does not list: ENODEV */
	assert_int_equal(nvs_ce_lce_for_pce(nvs_sim_io(sim), id.caps, 20, &v), -ENODEV);

	/* the copy_topology text: one line per configured LCE / sharing GRCE */
	assert_int_equal(nvs_ce_format(&ce, sb_pr, &out), 0);
	for (l = 0; l < NVS_CE_MAX_LCES; l++) {
		char want[64];

		if (!rml[l].present)
			continue;
		if (rml[l].grce)
			snprintf(want, sizeof(want), "GRCE%u -> LCE%02d (shared)\n", l,
				 ce.grce_shared_lce[l]);
		else
			snprintf(want, sizeof(want), "LCE%02u -> PCE", l);
		if (!strstr(out.s, want))
			fail_msg("copy_topology lacks \"%s\":\n%s", want, out.s);
	}
	nvs_sim_free(sim);
}

/* Pascal: packed nibbles at 0x10402c, 0x7 unconfigured; GRCE byte config */
static void test_pascal(void **state)
{
	struct fake_regs r = { .n = 0 };
	struct nvs_io io = fake_io(&r);
	const struct nvs_caps *caps = caps_of(0x134);	/* GP104 */
	struct strbuf out = { .n = 0 };
	struct nvs_ce ce;
	int v;

	fake_set(&r, 0x104028, 0x1f);		/* PCE0-4 */
	/* PCE0->LCE2, PCE1->LCE3, PCE2 unconfigured, PCE3->LCE4, PCE4->LCE0 */
	fake_set(&r, 0x10402c, 0x2 | 0x3 << 4 | 0x7 << 8 | 0x4 << 12 | 0x0 << 16 | 0x7777u << 20);
	/* GRCE0: not shared; GRCE1: shared (bit 3) with LCE3 */
	fake_set(&r, 0x104034, 0x0b00);
	fake_set(&r, 0x22444, 5);
	assert_int_equal(nvs_ce_read(&io, caps, &ce), 0);
	assert_int_equal(ce.num_lces, 5);
	assert_int_equal(nvs_ce_pces_of_lce(&ce, 0), 0x10);
	assert_int_equal(nvs_ce_pces_of_lce(&ce, 2), 0x1);
	assert_int_equal(nvs_ce_pces_of_lce(&ce, 3), 0x2);
	assert_int_equal(nvs_ce_pces_of_lce(&ce, 4), 0x8);
	assert_int_equal(ce.grce_shared_lce[0], NVS_CE_NONE);
	assert_int_equal(ce.grce_shared_lce[1], 3);
	assert_int_equal(nvs_ce_lce_for_pce(&io, caps, 2, &v), -ENODEV);
	assert_int_equal(nvs_ce_lce_for_pce(&io, caps, 3, &v), 0);
	assert_int_equal(v, 4);
	assert_int_equal(nvs_ce_lce_for_pce(&io, caps, 8, &v), -ERANGE);
	assert_int_equal(nvs_ce_shared_lce_for_grce(&io, caps, 0, &v), -ENODEV);
	assert_int_equal(nvs_ce_format(&ce, sb_pr, &out), 0);
	assert_string_equal(out.s, "GRCE0 -> PCE04\nGRCE1 -> LCE03 (shared)\n"
			    "LCE02 -> PCE00\nLCE03 -> PCE01\nLCE04 -> PCE03\n");

	/* the whole packed register unreadable */
	fake_set(&r, 0x10402c, 0xbadf3000);
	assert_int_equal(nvs_ce_lce_for_pce(&io, caps, 0, &v), -EIO);
	assert_int_equal(nvs_ce_read(&io, caps, &ce), 0);
	assert_false(nvs_ce_complete(&ce));
	assert_int_equal(nvs_ce_format(&ce, sb_pr, &out), -EIO);
}

/* nvs_ce_complete (ce.h): false as soon as one PCE or one GRCE gave no
 * value (NVS_CE_NOVAL), each alone, at the first and the last slot; NONE
 * (absent, not shared) is a value */
static void test_complete(void **state)
{
	struct nvs_ce ce;
	unsigned int i;

	memset(&ce, 0, sizeof(ce));
	for (i = 0; i < NVS_CE_MAX_PCES; i++)
		ce.lce_for_pce[i] = NVS_CE_NONE;
	for (i = 0; i < NVS_CE_MAX_GRCES; i++)
		ce.grce_shared_lce[i] = NVS_CE_NONE;
	assert_true(nvs_ce_complete(&ce));
	for (i = 0; i < NVS_CE_MAX_PCES; i += NVS_CE_MAX_PCES - 1) {
		ce.lce_for_pce[i] = NVS_CE_NOVAL;
		assert_false(nvs_ce_complete(&ce));
		ce.lce_for_pce[i] = 3;
		assert_true(nvs_ce_complete(&ce));
	}
	for (i = 0; i < NVS_CE_MAX_GRCES; i++) {
		ce.grce_shared_lce[i] = NVS_CE_NOVAL;
		assert_false(nvs_ce_complete(&ce));
		ce.grce_shared_lce[i] = NVS_CE_NONE;
	}
	assert_true(nvs_ce_complete(&ce));
}

/* NV_PTOP_SCAL_NUM_CES (0x22444) below the highest LCE a PCE or a shared
 * GRCE names, or unreadable: the LCE count is the highest LCE + 1 */
static void test_num_lces_bound(void **state)
{
	struct fake_regs r = { .n = 0 };
	struct nvs_io io = fake_io(&r);
	const struct nvs_caps *caps = caps_of(0x134);	/* GP104 */
	struct nvs_ce ce;

	fake_set(&r, 0x104028, 0x3);		/* PCE0-1 */
	/* PCE0->LCE2, PCE1->LCE2, the rest unconfigured */
	fake_set(&r, 0x10402c, 0x2 | 0x2 << 4 | 0x777777u << 8);
	/* GRCE0: not shared; GRCE1: shared with LCE4 (the highest LCE named) */
	fake_set(&r, 0x104034, 0x0c00);
	fake_set(&r, 0x22444, 0xbadf1100);
	assert_int_equal(nvs_ce_read(&io, caps, &ce), 0);
	assert_int_equal(ce.grce_shared_lce[1], 4);
	assert_int_equal(ce.num_lces, 5);
	fake_set(&r, 0x22444, 2);
	assert_int_equal(nvs_ce_read(&io, caps, &ce), 0);
	assert_int_equal(ce.num_lces, 5);
	fake_set(&r, 0x22444, 6);
	assert_int_equal(nvs_ce_read(&io, caps, &ce), 0);
	assert_int_equal(ce.num_lces, 6);
	/* PCE mapped to the highest LCE, no sharing GRCE */
	fake_set(&r, 0x104034, 0x0000);
	fake_set(&r, 0x10402c, 0x5 | 0x7777777u << 4);
	fake_set(&r, 0x22444, 0);
	assert_int_equal(nvs_ce_read(&io, caps, &ce), 0);
	assert_int_equal(ce.num_lces, 6);
}

/* Volta/Turing: 0x104040 + 4p, GRCE 0x104034 + 4g; 0xf NONE; 0xbadf3000 */
static void test_volta_turing(void **state)
{
	struct fake_regs r = { .n = 0 };
	struct nvs_io io = fake_io(&r);
	const struct nvs_caps *caps = caps_of(0x164);	/* TU104 */
	struct strbuf out = { .n = 0 };
	struct nvs_ce ce;
	int v;

	fake_set(&r, 0x104028, 0xf);
	fake_set(&r, 0x104040, 0x2);
	fake_set(&r, 0x104044, 0xf);		/* unconfigured */
	fake_set(&r, 0x104048, 0x3);
	fake_set(&r, 0x10404c, 0x4);
	fake_set(&r, 0x104034, 0x40000003);	/* GRCE0 shares LCE3 */
	fake_set(&r, 0x104038, 0x0000000f);	/* GRCE1: none */
	fake_set(&r, 0x104100, 0x0);		/* Ampere set: must not be used */
	fake_set(&r, 0x22444, 0x9);
	assert_int_equal(nvs_ce_read(&io, caps, &ce), 0);
	assert_int_equal(ce.num_lces, 9);
	assert_int_equal(nvs_ce_lce_for_pce(&io, caps, 0, &v), 0);
	assert_int_equal(v, 2);
	assert_int_equal(nvs_ce_lce_for_pce(&io, caps, 1, &v), -ENODEV);
	assert_int_equal(nvs_ce_shared_lce_for_grce(&io, caps, 0, &v), 0);
	assert_int_equal(v, 3);
	assert_int_equal(nvs_ce_shared_lce_for_grce(&io, caps, 1, &v), -ENODEV);
	assert_int_equal(nvs_ce_format(&ce, sb_pr, &out), 0);
	assert_string_equal(out.s, "GRCE0 -> LCE03 (shared)\nLCE02 -> PCE00\n"
			    "LCE03 -> PCE02\nLCE04 -> PCE03\n");

	/* GV100 before first use: 0xbadf3000 is no value, not LCE 0 */
	fake_set(&r, 0x10404c, 0xbadf3000);
	assert_int_equal(nvs_ce_lce_for_pce(&io, caps, 3, &v), -EIO);
	assert_int_equal(nvs_ce_lce_for_pce(&io, caps, 0, &v), 0);
	assert_int_equal(nvs_ce_read(&io, caps, &ce), 0);
	assert_int_equal(ce.lce_for_pce[3], NVS_CE_NOVAL);
	assert_int_equal(nvs_ce_format(&ce, sb_pr, &out), -EIO);
	fake_set(&r, 0x104034, 0xbadf1100);
	assert_int_equal(nvs_ce_shared_lce_for_grce(&io, caps, 0, &v), -EIO);
}

/*
 * A GRCE may share any LCE, LCE 0 included: the shared-LCE field is a
 * number like any other (TU104: GRCE1_CONFIG 0x104038, SHARED bit 30,
 * SHARED_LCE 3:0 = 0).  GRCE0 (LCE 0) has PCE0, GRCE1 none of its own.
 */
static void test_shares_lce0(void **state)
{
	struct fake_regs r = { .n = 0 };
	struct nvs_io io = fake_io(&r);
	const struct nvs_caps *caps = caps_of(0x164);	/* TU104 */
	struct strbuf out = { .n = 0 };
	struct nvs_ce ce;
	int v;

	(void)state;
	fake_set(&r, 0x104028, 0x3);		/* PCE0-1 */
	fake_set(&r, 0x104040, 0x0);		/* PCE0 -> LCE0 */
	fake_set(&r, 0x104044, 0x2);		/* PCE1 -> LCE2 */
	fake_set(&r, 0x104034, 0x0000000f);	/* GRCE0: none */
	fake_set(&r, 0x104038, 0x40000000);	/* GRCE1 shares LCE0 */
	fake_set(&r, 0x22444, 3);
	assert_int_equal(nvs_ce_read(&io, caps, &ce), 0);
	assert_int_equal(ce.grce_shared_lce[0], NVS_CE_NONE);
	assert_int_equal(ce.grce_shared_lce[1], 0);
	assert_int_equal(nvs_ce_shared_lce_for_grce(&io, caps, 1, &v), 0);
	assert_int_equal(v, 0);
	assert_int_equal(nvs_ce_format(&ce, sb_pr, &out), 0);
	assert_string_equal(out.s, "GRCE0 -> PCE00\nGRCE1 -> LCE00 (shared)\nLCE02 -> PCE01\n");

	/* NV_PTOP_SCAL_NUM_CES 1 and nothing referring past LCE0: one LCE,
	 * so GRCE1 (LCE1) is not there, whatever its register says */
	fake_set(&r, 0x104028, 0x1);		/* PCE0 only */
	fake_set(&r, 0x22444, 1);
	assert_int_equal(nvs_ce_read(&io, caps, &ce), 0);
	assert_int_equal(ce.num_lces, 1);
	out.n = 0;
	out.s[0] = 0;
	assert_int_equal(nvs_ce_format(&ce, sb_pr, &out), 0);
	assert_string_equal(out.s, "GRCE0 -> PCE00\n");
}

/* Ampere+: 0x104100 + 4p, GRCE 0x1041c0 + 4g; SHARED bit 30 required */
static void test_ampere(void **state)
{
	struct fake_regs r = { .n = 0 };
	struct nvs_io io = fake_io(&r);
	const struct nvs_caps *caps = caps_of(0x172);	/* GA102 */
	struct strbuf out = { .n = 0 };
	struct nvs_ce ce;
	int v;

	fake_set(&r, 0x104028, 0x7);
	fake_set(&r, 0x104100, 0x2);
	fake_set(&r, 0x104104, 0x0);		/* GRCE0 has its own PCE */
	fake_set(&r, 0x104108, 0xf);
	fake_set(&r, 0x104040, 0x5);		/* Volta set: must not be used */
	fake_set(&r, 0x1041c0, 0x40000002);	/* says shared, but has a PCE */
	fake_set(&r, 0x1041c4, 0x00000002);	/* SHARED clear: not shared */
	/* no NUM_CES register: count from the highest LCE referred to */
	assert_int_equal(nvs_ce_read(&io, caps, &ce), 0);
	assert_int_equal(ce.num_lces, 3);
	assert_int_equal(ce.grce_shared_lce[0], NVS_CE_NONE);
	assert_int_equal(ce.grce_shared_lce[1], NVS_CE_NONE);
	assert_int_equal(nvs_ce_format(&ce, sb_pr, &out), 0);
	assert_string_equal(out.s, "GRCE0 -> PCE01\nLCE02 -> PCE00\n");
	fake_set(&r, 0x1041c4, 0x40000002);
	assert_int_equal(nvs_ce_shared_lce_for_grce(&io, caps, 1, &v), 0);
	assert_int_equal(v, 2);
	assert_int_equal(nvs_ce_shared_lce_for_grce(&io, caps, 2, &v), -ERANGE);
	assert_int_equal(nvs_ce_lce_for_pce(&io, caps, 2, &v), -ENODEV);
}

/*
 * No PCE present and no GRCE sharing: no LCE is referred to, so with
 * NV_PTOP_SCAL_NUM_CES (0x22444) unreadable or 0 the LCE count is 0 (ce.h:
 * NUM_CES, at least one above the highest LCE referred to).  TU104 layout:
 * GRCE_CONFIG 0x104034 + 4g, SHARED_LCE 3:0 = 0xf is none (ce.h), even
 * with SHARED (30) set.
 */
static void test_no_lce(void **state)
{
	struct fake_regs r = { .n = 0 };
	struct nvs_io io = fake_io(&r);
	const struct nvs_caps *caps = caps_of(0x164);	/* TU104 */
	struct nvs_ce ce;

	(void)state;
	fake_set(&r, 0x104028, 0);		/* PCE_MAP: no PCE */
	fake_set(&r, 0x104034, 0x0000000f);	/* GRCE0: none */
	fake_set(&r, 0x104038, 0x4000000f);	/* GRCE1: SHARED 30, but LCE none */
	fake_set(&r, 0x22444, 0xbadf1100);	/* NUM_CES: a PRI error */
	assert_int_equal(nvs_ce_read(&io, caps, &ce), 0);
	assert_int_equal(ce.num_lces, 0);
	assert_int_equal(ce.grce_shared_lce[1], NVS_CE_NONE);
	fake_set(&r, 0x22444, 0);
	assert_int_equal(nvs_ce_read(&io, caps, &ce), 0);
	assert_int_equal(ce.num_lces, 0);
	fake_set(&r, 0x22444, 1);
	assert_int_equal(nvs_ce_read(&io, caps, &ce), 0);
	assert_int_equal(ce.num_lces, 1);
}

/*
 * The whole decoded structure on GA102 (Ampere layout, ce.h: PCE2LCE_CONFIG
 * 0x104100 + 4p with ASSIGNED_LCE 3:0, GRCE_CONFIG 0x1041c0 + 4g with
 * SHARED 30 and SHARED_LCE 3:0), compared byte for byte with a structure
 * zeroed and filled by hand: the decoder writes these fields and nothing
 * else (no byte past grce_shared_lce[]).
 *   PCE_MAP 0x5: PCE0 -> LCE2, PCE2 -> LCE0 (GRCE0 has a PCE of its own)
 *   GRCE0 0x0000000f: not shared; GRCE1 0x40000002: shares LCE2
 *   NUM_CES 4 (above the highest LCE referred to, 2)
 */
static void test_whole_struct(void **state)
{
	struct fake_regs r = { .n = 0 };
	struct nvs_io io = fake_io(&r);
	const struct nvs_caps *caps = caps_of(0x172);	/* GA102 */
	struct nvs_ce ce, want;
	unsigned int p;

	(void)state;
	fake_set(&r, 0x104028, 0x5);
	fake_set(&r, 0x104100, 0x2);
	fake_set(&r, 0x104108, 0x0);
	fake_set(&r, 0x1041c0, 0x0000000f);
	fake_set(&r, 0x1041c4, 0x40000002);
	fake_set(&r, 0x22444, 4);
	memset(&want, 0, sizeof(want));
	want.pce_map = 0x5;
	want.pce_map_raw = 0x5;
	want.num_pces = 32;		/* NV_CE_PCE2LCE_CONFIG__SIZE_1_GA100 */
	want.num_grces = 2;
	want.num_lces = 4;
	for (p = 0; p < NVS_CE_MAX_PCES; p++)
		want.lce_for_pce[p] = NVS_CE_NONE;
	want.lce_for_pce[0] = 2;
	want.lce_for_pce[2] = 0;
	want.grce_shared_lce[0] = NVS_CE_NONE;
	want.grce_shared_lce[1] = 2;
	memset(&ce, 0x5a, sizeof(ce));
	assert_int_equal(nvs_ce_read(&io, caps, &ce), 0);
	assert_int_equal(ce.num_lces, 4);
	assert_int_equal(ce.grce_shared_lce[1], 2);
	assert_memory_equal(&ce, &want, sizeof(ce));
}

/*
 * ce.h: pce_map is NV_CE_PCE_MAP limited to the layout's PCE slots, 16 on
 * Volta/Turing (NV_CE_PCE2LCE_CONFIG__SIZE_1_GV100) and 8 on Pascal (8
 * nibbles); pce_map_raw keeps every bit.  Bits 16 and 17 on TU104, bit 8
 * on GP104, name no PCE.
 */
static void test_pce_map_limit(void **state)
{
	struct fake_regs r = { .n = 0 };
	struct nvs_io io = fake_io(&r);
	struct nvs_ce ce;

	(void)state;
	fake_set(&r, 0x104028, 0x00038001);	/* PCE0, PCE15, bits 16-17 */
	fake_set(&r, 0x104040, 0x2);		/* PCE0 -> LCE2 */
	fake_set(&r, 0x10407c, 0x3);		/* PCE15 -> LCE3 */
	fake_set(&r, 0x104080, 0x4);		/* past the PCE registers */
	fake_set(&r, 0x104084, 0x4);
	assert_int_equal(nvs_ce_read(&io, caps_of(0x164), &ce), 0);
	assert_int_equal(ce.num_pces, 16);
	assert_int_equal(ce.pce_map_raw, 0x00038001);
	assert_int_equal(ce.pce_map, 0x8001);
	assert_int_equal(ce.lce_for_pce[15], 3);
	assert_int_equal(ce.lce_for_pce[16], NVS_CE_NONE);
	assert_int_equal(ce.lce_for_pce[17], NVS_CE_NONE);
	assert_int_equal(nvs_ce_pces_of_lce(&ce, 4), 0);
	/* GP104: nibble p of 0x10402c; PCE_MAP bit 8 is past the 8 slots */
	r.n = 0;
	fake_set(&r, 0x104028, 0x181);		/* PCE0, PCE7, bit 8 */
	fake_set(&r, 0x10402c, 0x27777772);	/* PCE0 -> LCE2, PCE7 -> LCE2 */
	fake_set(&r, 0x104034, 0);
	assert_int_equal(nvs_ce_read(&io, caps_of(0x134), &ce), 0);
	assert_int_equal(ce.num_pces, 8);
	assert_int_equal(ce.pce_map, 0x81);
	assert_int_equal(ce.lce_for_pce[8], NVS_CE_NONE);
	assert_int_equal(nvs_ce_pces_of_lce(&ce, 2), 0x81);
}

static void test_errors(void **state)
{
	struct fake_regs r = { .n = 0 };
	struct nvs_io io = fake_io(&r);
	struct nvs_ce ce;
	uint32_t v;
	int lce;

	/* PCE_MAP missing (PRI error) or all-ones: -EIO, never a value */
	assert_int_equal(nvs_ce_read(&io, caps_of(0x180), &ce), -EIO);
	assert_int_equal(nvs_ce_pce_map(&io, caps_of(0x180), &v), -EIO);
	assert_int_equal(nvs_ce_lce_for_pce(&io, caps_of(0x180), 0, &lce), -EIO);
	fake_set(&r, 0x104028, 0xffffffff);
	assert_int_equal(nvs_ce_read(&io, caps_of(0x164), &ce), -EIO);
	fake_set(&r, 0x104028, 0xbad00100);
	assert_int_equal(nvs_ce_pce_map(&io, caps_of(0x164), &v), -EIO);
	assert_int_equal(nvs_ce_num_ces(&io, caps_of(0x164), &v), -EIO);
	/* a readable PCE_MAP is returned as read (bit i = PCE i), 0 too */
	fake_set(&r, 0x104028, 0x0000f00f);
	v = 0;
	assert_int_equal(nvs_ce_pce_map(&io, caps_of(0x164), &v), 0);
	assert_int_equal(v, 0xf00f);
	fake_set(&r, 0x104028, 0);
	assert_int_equal(nvs_ce_pce_map(&io, caps_of(0x164), &v), 0);
	assert_int_equal(v, 0);
	/* no PCE map before Pascal: -EOPNOTSUPP, nothing read */
	assert_int_equal(nvs_ce_pce_map(&io, caps_of(0x124), &v), -EOPNOTSUPP);
	/* NV_PTOP_SCAL_NUM_CES (0x22444): VALUE 4:0 (the generator's table) */
	fake_set(&r, 0x22444, 0x000000e6);
	v = 0;
	assert_int_equal(nvs_ce_num_ces(&io, caps_of(0x164), &v), 0);
	assert_int_equal(v, 6);
	fake_set(&r, 0x22444, 0x1f);
	assert_int_equal(nvs_ce_num_ces(&io, caps_of(0x164), &v), 0);
	assert_int_equal(v, 31);
	/* no CE map before Pascal */
	assert_int_equal(nvs_ce_read(&io, caps_of(0x124), &ce), -EOPNOTSUPP);	/* GM204 */
	assert_int_equal(nvs_ce_num_pce_slots(caps_of(0x0e4)), 0);		/* GK104 */
}

static uint32_t rnd_rd(void *ctx, uint32_t off)
{
	uint64_t x = *(uint64_t *)ctx ^ ((uint64_t)off * 0x9e3779b97f4a7c15ull);

	x ^= x >> 31;
	x *= 0xbf58476d1ce4e5b9ull;
	x ^= x >> 29;
	switch (x & 7) {
	case 0:
		return 0xbadf3000u;
	case 1:
		return 0xffffffffu;
	default:
		return (uint32_t)(x >> 32);
	}
}

/* Random register images: everything stays in range, errors are NOVAL */
static void test_random_images(void **state)
{
	size_t nchips, c;
	const struct nvs_chip *chips = nvs_chip_table(&nchips);
	unsigned int ok = 0;
	uint64_t seed;

	for (seed = 1; seed <= 3000; seed++) {
		struct nvs_io io = { .rd32 = rnd_rd, .wr32 = fake_wr, .ctx = &seed };

		for (c = 0; c < nchips; c++) {
			struct strbuf out = { .n = 0 };
			struct nvs_ce ce;
			unsigned int p;
			int v;

			if (nvs_ce_read(&io, chips[c].caps, &ce))
				continue;
			ok++;
			assert_true(ce.num_lces <= NVS_CE_MAX_LCES);
			assert_true(ce.num_pces <= NVS_CE_MAX_PCES);
			for (p = 0; p < NVS_CE_MAX_PCES; p++) {
				assert_true(ce.lce_for_pce[p] >= NVS_CE_NOVAL &&
					    ce.lce_for_pce[p] < (int)ce.num_lces);
				if (!(ce.pce_map & (1u << p)))
					assert_int_equal(ce.lce_for_pce[p], NVS_CE_NONE);
			}
			for (p = 0; p < NVS_CE_MAX_GRCES; p++)
				assert_true(ce.grce_shared_lce[p] < (int)ce.num_lces);
			assert_int_equal(nvs_ce_format(&ce, sb_pr, &out) == 0, nvs_ce_complete(&ce));
			for (p = 0; p < ce.num_pces; p++)
				if (nvs_ce_lce_for_pce(&io, chips[c].caps, p, &v) == 0)
					assert_true(v >= 0 && v < NVS_CE_MAX_LCES);
		}
	}
	assert_true(ok > 1000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gh100_matches_rm),
		cmocka_unit_test(test_pascal),
		cmocka_unit_test(test_num_lces_bound),
		cmocka_unit_test(test_no_lce),
		cmocka_unit_test(test_whole_struct),
		cmocka_unit_test(test_pce_map_limit),
		cmocka_unit_test(test_volta_turing),
		cmocka_unit_test(test_ampere),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_random_images),
		cmocka_unit_test(test_complete),
		cmocka_unit_test(test_shares_lce0),
	};

	return cmocka_run_group_tests_name("ce", tests, NULL, NULL);
}
