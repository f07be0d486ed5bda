// SPDX-License-Identifier: MIT
/*
 * Unit tests: GR topology (kmod/hw/gr.c).
 *
 * The GH100 test decodes the REAL register capture and compares it with
 * what NVIDIA's own driver (RM) reported for the same GPU in the same run
 * (rmprobe_idle.txt, parsed here; floorsweeping differs between H100s, so
 * nothing is hard-coded).  The other tests use register sets encoded by
 * hand from regs-mmu-gr.md §6.
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
#include "gr.h"
#include "sim.h"
#include "topo_fixture.h"

#define MAXG NVS_GR_MAX_GPCS

/* What rmprobe_idle.txt says. */
struct rm_gr {
	unsigned int litter_gpcs, litter_tpcs, sm_per_tpc, total_tpcs;
	uint32_t phys_gpc_mask;			/* enabled physical GPCs */
	int tpc_mask[MAXG];			/* enabled TPCs, by physical GPC; -1 absent */
	int log2phys[MAXG];			/* -1 absent */
	int tpcs_for_logical[MAXG];		/* -1 absent */
	int tpc_gpc[512];			/* global TPC -> logical GPC; -1 absent */
	unsigned int ntpc_order;
};

static void parse_rm_gr(const char *path, struct rm_gr *rm)
{
	FILE *f = fopen(path, "r");
	char line[2048];

	assert_non_null(f);
	memset(rm, 0, sizeof(*rm));
	memset(rm->tpc_mask, -1, sizeof(rm->tpc_mask));
	memset(rm->log2phys, -1, sizeof(rm->log2phys));
	memset(rm->tpcs_for_logical, -1, sizeof(rm->tpcs_for_logical));
	memset(rm->tpc_gpc, -1, sizeof(rm->tpc_gpc));
	while (fgets(line, sizeof(line), f)) {
		unsigned int a, b, c;
		const char *p;

		if (sscanf(line, " LITTER_NUM_GPCS = %u", &a) == 1)
			rm->litter_gpcs = a;
		else if (sscanf(line, " LITTER_NUM_TPC_PER_GPC = %u", &a) == 1)
			rm->litter_tpcs = a;
		else if (sscanf(line, " LITTER_NUM_SM_PER_TPC = %u", &a) == 1)
			rm->sm_per_tpc = a;
		else if (sscanf(line, " total TPCs from masks = %u", &a) == 1)
			rm->total_tpcs = a;
		else if (sscanf(line, " phys GPC mask (syspipe 0) = 0x%x", &a) == 1)
			rm->phys_gpc_mask = a;
		else if (sscanf(line, " GPC%u tpcMask=0x%x", &a, &b) == 2 && a < MAXG)
			rm->tpc_mask[a] = (int)b;
		else if (sscanf(line, " logical GPC %u -> chiplet(phys) GPC %u", &a, &b) == 2 &&
			 a < MAXG)
			rm->log2phys[a] = (int)b;
		else if ((p = strstr(line, "GR_GET_NUM_TPCS_FOR_GPC by logical GPC index:"))) {
			int off = 0, k = 0;

			p = strchr(p, ':') + 1;
			while (k < MAXG && sscanf(p, "%u%n", &a, &off) == 1) {
				rm->tpcs_for_logical[k++] = (int)a;
				p += off;
			}
		} else if (strstr(line, "    SM")) {
			/* "SM12   0.0 .0 (  6, 6, 0,0,0, 0)" (several per line):
			 * SM id, logical GPC . local TPC . SM-in-TPC (global TPC, ...) */
			p = line;
			while ((p = strstr(p, "SM"))) {
				unsigned int sm, gpc, ltpc, smi, gtpc;

				if (sscanf(p, "SM%u %u.%u .%u ( %u,", &sm, &gpc, &ltpc, &smi, &gtpc) == 5 &&
				    gtpc < 512) {
					rm->tpc_gpc[gtpc] = (int)gpc;
					if (gtpc + 1 > rm->ntpc_order)
						rm->ntpc_order = gtpc + 1;
				}
				p += 2;
			}
		}
		(void)c;
	}
	fclose(f);
}

/* CWD_SM_ID(i) on GV100 is the raw register at 0x405ba0 + 4 i (the
 * generator's description: "CWD_SM_ID at 0x405ba0+4i"); every index reads
 * its own register */
static void test_cwd_sm_id_offsets(void **state)
{
	char err[256];
	struct nvs_sim *sim;
	const struct nvs_io *io;
	struct nvs_ident id;
	unsigned int t, n, m;
	uint32_t v;

	(void)state;
	sim = nvs_sim_open("build/profiles/gv100.nvss", err, sizeof(err));
	if (!sim)
		fail_msg("%s (run from the repository root after make unit)", err);
	io = nvs_sim_io(sim);
	assert_int_equal(nvs_identify(io, &id), 0);
	n = nvs_gr_num_cwd_regs(&id);
	assert_true(n > 1);
	for (t = 0, m = 0; t < n; t++) {
		uint32_t raw = nvs_rd32(io, 0x405ba0 + 4 * t);

		if ((raw & 0xfff00000u) == 0xbad00000u || raw == 0xffffffffu) {
			/* not in the capture: a PRI error, -EIO */
			assert_int_equal(nvs_gr_value(io, &id, NVS_GR_CWD_SM_ID, t, &v), -EIO);
			continue;
		}
		assert_int_equal(nvs_gr_value(io, &id, NVS_GR_CWD_SM_ID, t, &v), 0);
		assert_int_equal(v, raw);
		m++;
	}
	assert_true(m > 1);	/* at least two programmed registers compared */
	assert_int_equal(nvs_gr_value(io, &id, NVS_GR_CWD_SM_ID, n, &v), -ERANGE);
	nvs_sim_free(sim);
}

static void test_gh100_matches_rm(void **state)
{
	char snap[512], rmpath[512], err[256];
	struct rm_gr rm;
	struct nvs_sim *sim;
	const struct nvs_io *io;
	struct nvs_ident id;
	struct nvs_gr gr;
	unsigned int g, l, t, cnt[MAXG], tpc_seen[MAXG];
	uint32_t tpc_all, v;

	if (fixture_path("h100_idle.nvss", snap, sizeof(snap)) ||
	    fixture_path("rmprobe_idle.txt", rmpath, sizeof(rmpath)))
		fail_msg("fixture missing: %s or %s (run from the repository root)", snap, rmpath);
	parse_rm_gr(rmpath, &rm);
	assert_true(rm.litter_gpcs > 0 && rm.total_tpcs > 0 && rm.ntpc_order > 0);
	assert_true(rm.sm_per_tpc > 0 && rm.phys_gpc_mask != 0);
	assert_true(rm.log2phys[0] >= 0 && rm.tpcs_for_logical[0] >= 0 && rm.tpc_mask[0] >= 0);

	sim = nvs_sim_open(snap, err, sizeof(err));
	if (!sim)
		fail_msg("%s", err);
	io = nvs_sim_io(sim);
	assert_int_equal(nvs_identify(io, &id), 0);
	assert_int_equal(nvs_gr_read(io, &id, &gr), 0);

	/* on-chip counts and SMs per TPC = RM's LITTER values */
	assert_int_equal(gr.num_gpcs, rm.litter_gpcs);
	assert_int_equal(gr.num_tpc_per_gpc, rm.litter_tpcs);
	assert_int_equal(gr.sms_per_tpc, rm.sm_per_tpc);
	assert_int_equal(gr.tpcs_enabled, rm.total_tpcs);
	/* GPC fuse (set bit = disabled) = complement of RM's physical mask */
	tpc_all = (1u << gr.num_tpc_per_gpc) - 1;
	assert_int_equal(~gr.gpc_disable_mask & ((1u << gr.num_gpcs) - 1), rm.phys_gpc_mask);
	/* per physical GPC: TPC fuse = complement of RM's enabled-TPC mask */
	for (g = 0; g < gr.num_gpcs; g++) {
		if (!(rm.phys_gpc_mask & (1u << g)))
			continue;
		assert_true(rm.tpc_mask[g] >= 0);
		assert_int_equal(gr.tpc_disable_mask[g] & tpc_all, ~(uint32_t)rm.tpc_mask[g] & tpc_all);
		assert_int_equal(nvs_gr_value(io, &id, NVS_GR_TPC_MASK, g, &v), 0);
		assert_int_equal(v, gr.tpc_disable_mask[g]);
	}
	/* The logical map is not readable on Hopper (SMCARB offsets unconfirmed):
	 * it must be unknown, or else equal RM's */
	for (l = 0; l < MAXG; l++) {
		if (rm.log2phys[l] < 0)
			continue;
		if (gr.logical_known)
			assert_int_equal(gr.logical[rm.log2phys[l]], (int)l);
		else
			assert_int_equal(gr.logical[rm.log2phys[l]], -1);
		/* RM's logical map + our fuse decode give RM's per-logical count */
		assert_int_equal(gr.tpcs_enabled_gpc[rm.log2phys[l]], rm.tpcs_for_logical[l]);
	}

	/* CWD_GPC_TPC_ID: global TPC -> logical GPC as in RM's global SM order */
	memset(cnt, 0, sizeof(cnt));
	memset(tpc_seen, 0, sizeof(tpc_seen));
	assert_int_equal(rm.ntpc_order, gr.tpcs_enabled);
	for (t = 0; t < gr.tpcs_enabled; t++) {
		unsigned int gpc, lt;

		assert_int_equal(nvs_gr_cwd_tpc(io, &id, t, &gpc, &lt), 0);
		if ((int)gpc != rm.tpc_gpc[t])
			fail_msg("global TPC %u: CWD says logical GPC %u, RM %d", t, gpc, rm.tpc_gpc[t]);
		assert_true(gpc < MAXG && lt < 32);
		cnt[gpc]++;
		/* TPC-in-GPC ids are distinct within a GPC */
		assert_false(tpc_seen[gpc] & (1u << lt));
		tpc_seen[gpc] |= 1u << lt;
	}
	for (l = 0; l < MAXG; l++)
		if (rm.tpcs_for_logical[l] >= 0)
			assert_int_equal(cnt[l], rm.tpcs_for_logical[l]);
	/* the same table as decoded by nvs_gr_read() */
	assert_int_equal(gr.cwd_err, 0);
	assert_int_equal(gr.cwd_tpcs, gr.tpcs_enabled);
	for (t = 0; t < gr.cwd_tpcs; t++)
		assert_int_equal(gr.cwd_gpc[t], rm.tpc_gpc[t]);
	/* ceil(66/4) = 17 registers; the table has 24 */
	assert_int_equal(nvs_gr_num_cwd_regs(&id), 24);
	assert_int_equal(nvs_gr_value(io, &id, NVS_GR_CWD_SM_ID, 0, &v), 0);
	assert_int_equal(nvs_gr_value(io, &id, NVS_GR_CWD_SM_ID, 24, &v), -ERANGE);
	nvs_sim_free(sim);
}

static struct nvs_ident ident_of(uint16_t chip_id)
{
	const struct nvs_chip *c = nvs_chip_lookup(chip_id);
	struct nvs_ident id;

	assert_non_null(c);
	memset(&id, 0, sizeof(id));
	id.chip_id = chip_id;
	id.chip = c;
	id.caps = c->caps;
	id.arch = c->caps->arch;
	return id;
}

/* Turing TU104: 6 GPCs x 6 TPCs, GPC2 fused off; fuses at 0x21c1c/0x21c38 */
static void turing_regs(struct fake_regs *r)
{
	fake_set(r, 0x22430, 6);
	fake_set(r, 0x22434, 6);
	fake_set(r, 0x21c1c, 0x4);
	fake_set(r, 0x21c38, 0x00);
	fake_set(r, 0x21c3c, 0x20);
	fake_set(r, 0x21c40, 0xbadf1300);	/* floorswept GPC: client floorswept */
	fake_set(r, 0x21c44, 0x01);
	fake_set(r, 0x21c48, 0x00);
	fake_set(r, 0x21c4c, 0x30);
	fake_set(r, 0x820c1c, 0x3f);		/* Ampere set: must not be used */
}

static void test_turing(void **state)
{
	struct fake_regs r = { .n = 0 };
	struct nvs_io io = fake_io(&r);
	struct nvs_ident id = ident_of(0x164);
	struct nvs_gr gr;
	unsigned int gpc, lt;
	uint32_t v;

	turing_regs(&r);
	assert_int_equal(nvs_gr_read(&io, &id, &gr), 0);
	assert_int_equal(gr.num_gpcs, 6);
	assert_int_equal(gr.gpcs_enabled, 5);
	assert_int_equal(gr.tpcs_enabled, 6 + 5 + 5 + 6 + 4);
	assert_int_equal(gr.tpcs_enabled_gpc[1], 5);
	assert_int_equal(gr.tpcs_enabled_gpc[2], 0);
	assert_int_equal(gr.tpc_disable_mask[2], 0x3f);
	assert_int_equal(gr.sms_per_tpc, 2);
	/* pre-Ampere: logical = order of the enabled physical GPCs */
	assert_true(gr.logical_known);
	assert_int_equal(gr.logical[0], 0);
	assert_int_equal(gr.logical[1], 1);
	assert_int_equal(gr.logical[2], -1);
	assert_int_equal(gr.logical[3], 2);
	assert_int_equal(gr.logical[5], 4);
	assert_int_equal(nvs_gr_value(&io, &id, NVS_GR_GPC_MASK, 0, &v), 0);
	assert_int_equal(v, 0x4);
	assert_int_equal(nvs_gr_value(&io, &id, NVS_GR_TPC_MASK, 2, &v), -EIO);

	/* CWD: no GR context (CWD_FS 0 and the table 0): EIO, never 0 */
	fake_set(&r, 0x405b00, 0);
	fake_set(&r, 0x405b60, 0);
	assert_int_equal(nvs_gr_value(&io, &id, NVS_GR_CWD_GPC_TPC_ID, 0, &v), -EIO);
	assert_int_equal(nvs_gr_value(&io, &id, NVS_GR_CWD_SM_ID, 0, &v), -EIO);
	/* programmed: 26 TPCs in 5 GPCs */
	fake_set(&r, 0x405b00, 26 << 8 | 5);
	fake_set(&r, 0x405b60, 0x30201000);
	fake_set(&r, 0x405b64, 0x0);		/* programmed FS, table still zero */
	fake_set(&r, 0x405b78, 0x00001121);	/* entries 24, 25 valid */
	fake_set(&r, 0x405ba0, 0x0);
	assert_int_equal(nvs_gr_value(&io, &id, NVS_GR_CWD_GPC_TPC_ID, 0, &v), 0);
	assert_int_equal(v, 0x30201000);
	assert_int_equal(nvs_gr_value(&io, &id, NVS_GR_CWD_GPC_TPC_ID, 1, &v), -EIO);
	assert_int_equal(nvs_gr_value(&io, &id, NVS_GR_CWD_GPC_TPC_ID, 6, &v), 0);
	assert_int_equal(nvs_gr_value(&io, &id, NVS_GR_CWD_GPC_TPC_ID, 16, &v), -ERANGE);
	assert_int_equal(nvs_gr_value(&io, &id, NVS_GR_CWD_SM_ID, 0, &v), 0);
	assert_int_equal(nvs_gr_cwd_tpc(&io, &id, 2, &gpc, &lt), 0);
	assert_int_equal(gpc, 2);
	assert_int_equal(lt, 0);
	assert_int_equal(nvs_gr_cwd_tpc(&io, &id, 24, &gpc, &lt), 0);
	assert_int_equal(gpc, 2);
	assert_int_equal(lt, 1);
	assert_int_equal(nvs_gr_num_cwd_regs(&id), 16);
	/* a partly programmed table is not a map */
	assert_int_equal(nvs_gr_read(&io, &id, &gr), 0);
	assert_int_equal(gr.cwd_err, -EIO);
	assert_int_equal(gr.cwd_tpcs, 0);
}

/* Turing with a complete, consistent CWD table (round robin over the
 * logical GPCs, as the pre-Volta numbering does) */
static void test_turing_cwd_map(void **state)
{
	static const unsigned int cnt[5] = { 6, 5, 5, 6, 4 };	/* by logical GPC */
	struct fake_regs r = { .n = 0 };
	struct nvs_io io = fake_io(&r);
	struct nvs_ident id = ident_of(0x164);
	uint32_t regs[16] = { 0 };
	unsigned int t = 0, tpc, l;
	struct nvs_gr gr;

	turing_regs(&r);
	for (tpc = 0; tpc < 6; tpc++)
		for (l = 0; l < 5; l++)
			if (tpc < cnt[l]) {
				regs[t / 4] |= (l << 4 | tpc) << (8 * (t % 4));
				t++;
			}
	assert_int_equal(t, 26);
	fake_set(&r, 0x405b00, 26 << 8 | 5);
	for (l = 0; l < 16; l++)
		fake_set(&r, 0x405b60 + 4 * l, regs[l]);
	assert_int_equal(nvs_gr_read(&io, &id, &gr), 0);
	assert_int_equal(gr.cwd_err, 0);
	assert_int_equal(gr.cwd_tpcs, 26);
	assert_int_equal(gr.cwd_gpc[0], 0);
	assert_int_equal(gr.cwd_gpc[4], 4);
	assert_int_equal(gr.cwd_gpc[25], 3);
	assert_int_equal(gr.cwd_tpc[25], 5);
	/* the same (GPC, TPC) twice: inconsistent, no map */
	fake_set(&r, 0x405b60, regs[0] & ~0xff00u);
	assert_int_equal(nvs_gr_read(&io, &id, &gr), 0);
	assert_int_equal(gr.cwd_err, -EIO);
	/* a logical GPC beyond the 5 enabled ones */
	fake_set(&r, 0x405b60, regs[0] | 0x50);
	assert_int_equal(nvs_gr_read(&io, &id, &gr), 0);
	assert_int_equal(gr.cwd_err, -EIO);
	/* Blackwell: no known table; fuses at the GA100 offsets */
	id = ident_of(0x1a0);
	fake_set(&r, 0x820c1c, 0x3e);
	fake_set(&r, 0x820c38, 0x0);
	assert_int_equal(nvs_gr_read(&io, &id, &gr), 0);
	assert_int_equal(gr.cwd_err, -EOPNOTSUPP);
	assert_int_equal(gr.tpcs_enabled, 6);
	assert_int_equal(gr.sms_per_tpc, 2);	/* regs-mmu-gr.md §6.9 (uncertain) */
}

/*
 * CWD_SM_ID(i) on Ada/Hopper is the register at 0x405100 + 4 i (gr.h,
 * NVDEBUG on AD102), 24 of them; CWD_FS (0x405b00) reading a PRI error
 * while the table is readable is the idle Ada case (gr.c cwd_programmed).
 */
static void test_cwd_sm_id_ad102(void **state)
{
	struct fake_regs r = { .n = 0 };
	struct nvs_io io = fake_io(&r);
	struct nvs_ident id = ident_of(0x192);	/* AD102 */
	uint32_t v = 0;

	(void)state;
	fake_set(&r, 0x405b00, 0xbadf1201);
	fake_set(&r, 0x405100, 0x11);
	fake_set(&r, 0x405104, 0x22);
	fake_set(&r, 0x40515c, 0x33);		/* 0x405100 + 4 * 23 */
	assert_int_equal(nvs_gr_num_cwd_regs(&id), 24);
	assert_int_equal(nvs_gr_value(&io, &id, NVS_GR_CWD_SM_ID, 0, &v), 0);
	assert_int_equal(v, 0x11);
	assert_int_equal(nvs_gr_value(&io, &id, NVS_GR_CWD_SM_ID, 1, &v), 0);
	assert_int_equal(v, 0x22);
	assert_int_equal(nvs_gr_value(&io, &id, NVS_GR_CWD_SM_ID, 23, &v), 0);
	assert_int_equal(v, 0x33);
	assert_int_equal(nvs_gr_value(&io, &id, NVS_GR_CWD_SM_ID, 2, &v), -EIO);
	assert_int_equal(nvs_gr_value(&io, &id, NVS_GR_CWD_SM_ID, 24, &v), -ERANGE);
	/* CWD_GPC_TPC_ID(0) at 0x405000 with CWD_FS unreadable (no TPC count):
	 * four equal entries are an unprogrammed table, distinct ones a value */
	fake_set(&r, 0x405000, 0x00000000);
	assert_int_equal(nvs_gr_value(&io, &id, NVS_GR_CWD_GPC_TPC_ID, 0, &v), -EIO);
	fake_set(&r, 0x405000, 0x11111111);
	assert_int_equal(nvs_gr_value(&io, &id, NVS_GR_CWD_GPC_TPC_ID, 0, &v), -EIO);
	fake_set(&r, 0x405000, 0x30201000);
	assert_int_equal(nvs_gr_value(&io, &id, NVS_GR_CWD_GPC_TPC_ID, 0, &v), 0);
	assert_int_equal(v, 0x30201000);
}

/*
 * A CWD_GPC_TPC_ID table exactly as long as the chip's: @ngpc GPCs of @ntpc
 * TPCs, none fused off (GPC fuse 0, every TPC fuse 0), CWD_FS.NUM_TPCS
 * 15:8 = ngpc * ntpc, global TPC t = (GPC t % ngpc, TPC t / ngpc) in entry
 * t % 4 of register t / 4 (GPC 7:4, TPC 3:0 of each byte; regs-mmu-gr.md
 * §6.6, ga100 pri_cwd.ref.txt).
 */
static void full_cwd_regs(struct fake_regs *r, uint32_t gpc_fuse, uint32_t tpc_fuse0,
			  uint32_t cwd0, unsigned int ngpc, unsigned int ntpc)
{
	uint32_t regs[24] = { 0 };
	unsigned int g, t;

	fake_set(r, 0x22430, ngpc);
	fake_set(r, 0x22434, ntpc);
	fake_set(r, gpc_fuse, 0);
	for (g = 0; g < ngpc; g++)
		fake_set(r, tpc_fuse0 + 4 * g, 0);
	fake_set(r, 0x405b00, ngpc * ntpc << 8 | ngpc);
	for (t = 0; t < ngpc * ntpc; t++)
		regs[t / 4] |= ((t % ngpc) << 4 | t / ngpc) << (8 * (t % 4));
	for (t = 0; t < (ngpc * ntpc + 3) / 4; t++)
		fake_set(r, cwd0 + 4 * t, regs[t]);
}

/*
 * The CWD table's capacity: 16 registers of 4 entries (64 TPCs) up to
 * Ampere (0x405b60), 24 (96 TPCs, NVS_GR_MAX_CWD_TPCS) on Ada/Hopper
 * (0x405000).  A chip with exactly that many enabled TPCs has a map; one
 * TPC more cannot be described by the table: -EIO.
 */
static void test_cwd_map_capacity(void **state)
{
	struct fake_regs r = { .n = 0 };
	struct nvs_io io = fake_io(&r);
	struct nvs_ident id = ident_of(0x164);	/* TU104 */
	struct nvs_gr gr;

	(void)state;
	/* 8 GPCs x 8 TPCs = 64 = 16 x 4 */
	full_cwd_regs(&r, 0x21c1c, 0x21c38, 0x405b60, 8, 8);
	assert_int_equal(nvs_gr_read(&io, &id, &gr), 0);
	assert_int_equal(gr.tpcs_enabled, 64);
	assert_int_equal(gr.cwd_err, 0);
	assert_int_equal(gr.cwd_tpcs, 64);
	assert_int_equal(gr.cwd_gpc[63], 7);	/* 63 % 8 */
	assert_int_equal(gr.cwd_tpc[63], 7);	/* 63 / 8 */
	/* 9 TPCs per GPC, TPC 8 (bit 8) fused off in GPCs 1-7: 9 + 7 * 8 = 65 */
	fake_set(&r, 0x22434, 9);
	for (unsigned int g = 1; g < 8; g++)
		fake_set(&r, 0x21c38 + 4 * g, 0x100);
	assert_int_equal(nvs_gr_read(&io, &id, &gr), 0);
	assert_int_equal(gr.tpcs_enabled, 65);
	assert_int_equal(gr.cwd_err, -EIO);
	assert_int_equal(gr.cwd_tpcs, 0);

	/* AD102: 12 GPCs x 8 TPCs = 96 = 24 x 4; GA100-style fuses */
	r.n = 0;
	id = ident_of(0x192);
	full_cwd_regs(&r, 0x820c1c, 0x820c38, 0x405000, 12, 8);
	assert_int_equal(nvs_gr_read(&io, &id, &gr), 0);
	assert_int_equal(gr.tpcs_enabled, 96);
	assert_int_equal(gr.cwd_err, 0);
	assert_int_equal(gr.cwd_tpcs, 96);
	assert_int_equal(gr.cwd_gpc[95], 11);	/* 95 % 12 */
	assert_int_equal(gr.cwd_tpc[95], 7);	/* 95 / 12 */
	/* 9 TPCs per GPC, TPC 8 fused off in GPCs 1-11: 9 + 11 * 8 = 97 */
	fake_set(&r, 0x22434, 9);
	for (unsigned int g = 1; g < 12; g++)
		fake_set(&r, 0x820c38 + 4 * g, 0x100);
	assert_int_equal(nvs_gr_read(&io, &id, &gr), 0);
	assert_int_equal(gr.tpcs_enabled, 97);
	assert_int_equal(gr.cwd_err, -EIO);
}

/*
 * CWD_FS.NUM_TPCS (15:8) = 10 on TU104: register 2 (0x405b68) holds global
 * TPCs 8-11, of which only 8 and 9 exist (entries 0 and 1, bits 15:0).
 * Those two equal is an unprogrammed table (-EIO) whatever entries 2 and 3
 * (TPCs 10 and 11, beyond NUM_TPCS) hold; those two distinct is a value.
 * Register 1 (TPCs 4-7) lies wholly below 10: all four entries count.
 */
static void test_cwd_partial_register(void **state)
{
	struct fake_regs r = { .n = 0 };
	struct nvs_io io = fake_io(&r);
	struct nvs_ident id = ident_of(0x164);	/* TU104 */
	uint32_t v = 0;

	(void)state;
	fake_set(&r, 0x405b00, 10 << 8 | 2);
	fake_set(&r, 0x405b68, 0x00001111);	/* 8, 9: GPC 1 TPC 1 twice */
	assert_int_equal(nvs_gr_value(&io, &id, NVS_GR_CWD_GPC_TPC_ID, 2, &v), -EIO);
	fake_set(&r, 0x405b68, 0x11112010);	/* 8: GPC 1 TPC 0, 9: GPC 2 TPC 0 */
	assert_int_equal(nvs_gr_value(&io, &id, NVS_GR_CWD_GPC_TPC_ID, 2, &v), 0);
	assert_int_equal(v, 0x11112010);
	fake_set(&r, 0x405b64, 0x01010000);	/* 4, 5 equal; 6, 7 equal; not all */
	assert_int_equal(nvs_gr_value(&io, &id, NVS_GR_CWD_GPC_TPC_ID, 1, &v), 0);
	fake_set(&r, 0x405b64, 0x10101010);
	assert_int_equal(nvs_gr_value(&io, &id, NVS_GR_CWD_GPC_TPC_ID, 1, &v), -EIO);
	/* CWD_FS all-ones (no device answering): no table, whatever it reads */
	fake_set(&r, 0x405b00, 0xffffffff);
	fake_set(&r, 0x405ba8, 0x03020100);	/* CWD_SM_ID(2) */
	assert_int_equal(nvs_gr_value(&io, &id, NVS_GR_CWD_GPC_TPC_ID, 2, &v), -EIO);
	assert_int_equal(nvs_gr_value(&io, &id, NVS_GR_CWD_SM_ID, 2, &v), -EIO);
}

/* Pascal: 1 SM per TPC except GP100 */
static void test_pascal(void **state)
{
	struct fake_regs r = { .n = 0 };
	struct nvs_io io = fake_io(&r);
	struct nvs_ident gp104 = ident_of(0x134), gp100 = ident_of(0x130);
	struct nvs_gr gr;

	turing_regs(&r);
	assert_int_equal(nvs_gr_read(&io, &gp104, &gr), 0);
	assert_int_equal(gr.sms_per_tpc, 1);
	assert_int_equal(nvs_gr_read(&io, &gp100, &gr), 0);
	assert_int_equal(gr.sms_per_tpc, 2);
}

/* Ampere: fuses at 0x820c1c/0x820c38, logical map from SMCARB 0xcc00 */
static void test_ampere(void **state)
{
	struct fake_regs r = { .n = 0 };
	struct nvs_io io = fake_io(&r);
	struct nvs_ident id = ident_of(0x170);	/* GA100 */
	struct nvs_gr gr;

	fake_set(&r, 0x22430, 4);
	fake_set(&r, 0x22434, 8);
	fake_set(&r, 0x820c1c, 0x2);		/* GPC1 off */
	fake_set(&r, 0x820c38, 0x80);
	fake_set(&r, 0x820c40, 0x00);
	fake_set(&r, 0x820c44, 0x03);
	fake_set(&r, 0x21c1c, 0x0);		/* pre-Ampere set: must not be used */
	/* logical 0 -> phys 3, 1 -> phys 0, 2 -> phys 2 (VALID bit 31) */
	fake_set(&r, 0xcc00, 0x80000000 | 3 << 16);
	fake_set(&r, 0xcc04, 0x80000000 | 0 << 16);
	fake_set(&r, 0xcc08, 0x80000000 | 2 << 16);
	assert_int_equal(nvs_gr_read(&io, &id, &gr), 0);
	assert_int_equal(gr.gpcs_enabled, 3);
	assert_int_equal(gr.tpcs_enabled, 7 + 8 + 6);
	assert_int_equal(gr.sms_per_tpc, 2);	/* GA100: 2 SMs per TPC, regs-mmu-gr.md §6.9 */
	assert_true(gr.logical_known);
	assert_int_equal(gr.logical[3], 0);
	assert_int_equal(gr.logical[0], 1);
	assert_int_equal(gr.logical[2], 2);
	assert_int_equal(gr.logical[1], -1);
	/* an invalid entry, a disabled or repeated GPC: map unknown, not guessed */
	fake_set(&r, 0xcc08, 2 << 16);
	assert_int_equal(nvs_gr_read(&io, &id, &gr), 0);
	assert_false(gr.logical_known);
	assert_int_equal(gr.logical[3], -1);
	fake_set(&r, 0xcc08, 0x80000000 | 1 << 16);
	assert_int_equal(nvs_gr_read(&io, &id, &gr), 0);
	assert_false(gr.logical_known);
	fake_set(&r, 0xcc08, 0xbadf5040);
	assert_int_equal(nvs_gr_read(&io, &id, &gr), 0);
	assert_false(gr.logical_known);
	assert_int_equal(gr.tpcs_enabled, 21);
	/* physical GPC 3 again, the one logical GPC 0 named: repeated */
	fake_set(&r, 0xcc08, 0x80000000 | 3 << 16);
	assert_int_equal(nvs_gr_read(&io, &id, &gr), 0);
	assert_false(gr.logical_known);
	/* physical GPC 4 of 4 (NUM_GPCS): beyond the chip, not a map */
	fake_set(&r, 0xcc08, 0x80000000 | 4 << 16);
	assert_int_equal(nvs_gr_read(&io, &id, &gr), 0);
	assert_false(gr.logical_known);
}

/* PRI errors / all-ones / idle: -EIO, never 0 or the error value */
static void test_errors(void **state)
{
	struct fake_regs r = { .n = 0 };
	struct nvs_io io = fake_io(&r);
	struct nvs_ident id = ident_of(0x180);
	struct nvs_gr gr;
	uint32_t v = 0x1234;

	/* nothing readable */
	assert_int_equal(nvs_gr_read(&io, &id, &gr), -EIO);
	assert_int_equal(nvs_gr_value(&io, &id, NVS_GR_NUM_GPCS, 0, &v), -EIO);
	assert_int_equal(nvs_gr_value(&io, &id, NVS_GR_GPC_MASK, 0, &v), -EIO);
	assert_int_equal(nvs_gr_value(&io, &id, NVS_GR_CWD_GPC_TPC_ID, 0, &v), -EIO);
	assert_int_equal(v, 0x1234);
	/* counts fine, GPC fuse a PRI error */
	fake_set(&r, 0x22430, 8);
	fake_set(&r, 0x22434, 9);
	fake_set(&r, 0x820c1c, 0xbad00f00);
	assert_int_equal(nvs_gr_read(&io, &id, &gr), -EIO);
	/* GPC fuse fine, the TPC fuse of an enabled GPC all-ones */
	fake_set(&r, 0x820c1c, 0xfe);
	fake_set(&r, 0x820c38, 0xffffffff);
	assert_int_equal(nvs_gr_read(&io, &id, &gr), -EIO);
	/* the one enabled GPC with its 9 TPCs all fused off (0x1ff, a value):
	 * a GPC but no TPC is no reading either; TPC 8 left on is one */
	fake_set(&r, 0x820c38, 0x1ff);
	assert_int_equal(nvs_gr_read(&io, &id, &gr), -EIO);
	fake_set(&r, 0x820c38, 0x0ff);
	assert_int_equal(nvs_gr_read(&io, &id, &gr), 0);
	assert_int_equal(gr.gpcs_enabled, 1);
	assert_int_equal(gr.tpcs_enabled, 1);
	fake_set(&r, 0x820c38, 0x0);
	assert_int_equal(nvs_gr_read(&io, &id, &gr), 0);
	assert_int_equal(gr.tpcs_enabled, 9);
	assert_false(gr.logical_known);
	/* TPC fuse of GPC i at 0x820c38 + 4i (GA100+): GPC 31 is the last of
	 * the 5-bit NUM_GPCS range, 32 is beyond it; an unknown value: -EINVAL */
	fake_set(&r, 0x820cb4, 0x5);
	assert_int_equal(nvs_gr_value(&io, &id, NVS_GR_TPC_MASK, 31, &v), 0);
	assert_int_equal(v, 0x5);
	v = 0x1234;
	assert_int_equal(nvs_gr_value(&io, &id, NVS_GR_TPC_MASK, 32, &v), -ERANGE);
	assert_int_equal(v, 0x1234);
	assert_int_equal(nvs_gr_value(&io, &id, (enum nvs_gr_val)99, 0, &v), -EINVAL);
	/* a count of 0 is not a reading */
	fake_set(&r, 0x22434, 0);
	assert_int_equal(nvs_gr_read(&io, &id, &gr), -EIO);
	assert_int_equal(nvs_gr_value(&io, &id, NVS_GR_NUM_TPC_PER_GPC, 0, &v), -EIO);
	/* idle Ada: CWD registers read 0xbadf1201 */
	id = ident_of(0x192);
	fake_set(&r, 0x405b00, 0xbadf1201);
	fake_set(&r, 0x405000, 0xbadf1201);
	assert_int_equal(nvs_gr_value(&io, &id, NVS_GR_CWD_GPC_TPC_ID, 0, &v), -EIO);
	/* generations without the registers */
	assert_true(nvs_gr_has_fuses(&id));
	id = ident_of(0x0e4);			/* GK104 */
	assert_false(nvs_gr_has_fuses(&id));
	assert_int_equal(nvs_gr_read(&io, &id, &gr), -EOPNOTSUPP);
	assert_int_equal(nvs_gr_value(&io, &id, NVS_GR_GPC_MASK, 0, &v), -EOPNOTSUPP);
	id = ident_of(0x1a0);			/* GB100: CWD not confirmed */
	assert_int_equal(nvs_gr_num_cwd_regs(&id), 0);
	assert_int_equal(nvs_gr_value(&io, &id, NVS_GR_CWD_SM_ID, 0, &v), -EOPNOTSUPP);
	/* a layout past the last one chip.h names (NVS_GR_GB100): no registers */
	{
		struct nvs_caps caps = *id.caps;

		caps.gr = (enum nvs_gr_layout)(NVS_GR_GB100 + 1);
		id.caps = &caps;
		assert_false(nvs_gr_has_fuses(&id));
		assert_int_equal(nvs_gr_num_cwd_regs(&id), 0);
		assert_int_equal(nvs_gr_read(&io, &id, &gr), -EOPNOTSUPP);
		assert_int_equal(nvs_gr_value(&io, &id, NVS_GR_NUM_GPCS, 0, &v), -EOPNOTSUPP);
	}
}

/* Random register images (some values PRI errors, some all-ones, small
 * counts likely): decoders must stay in bounds and never report a value
 * taken from an error read-back. */
static uint32_t rnd_rd(void *ctx, uint32_t off)
{
	uint64_t x = *(uint64_t *)ctx ^ ((uint64_t)off * 0x9e3779b97f4a7c15ull);

	x ^= x >> 31;
	x *= 0xbf58476d1ce4e5b9ull;
	x ^= x >> 29;
	switch (x & 7) {
	case 0:
		return 0xbadf0000u | (uint32_t)(x >> 40 & 0xffff);
	case 1:
		return 0xffffffffu;
	case 2:
	case 3:
		return (uint32_t)(x >> 32) & 0x1f;	/* plausible small counts */
	default:
		return (uint32_t)(x >> 32);
	}
}

static void test_random_images(void **state)
{
	size_t nchips, c;
	const struct nvs_chip *chips = nvs_chip_table(&nchips);
	unsigned int ok = 0, cwd_ok = 0;
	uint64_t seed;

	for (seed = 1; seed <= 3000; seed++) {
		struct nvs_io io = { .rd32 = rnd_rd, .wr32 = fake_wr, .ctx = &seed };

		for (c = 0; c < nchips; c++) {
			struct nvs_ident id = ident_of(chips[c].id);
			struct nvs_gr gr;
			unsigned int g, t;
			uint32_t v;

			if (nvs_gr_read(&io, &id, &gr) == 0) {
				ok++;
				cwd_ok += !gr.cwd_err;
				assert_true(gr.num_gpcs > 0 && gr.num_gpcs < NVS_GR_MAX_GPCS);
				assert_true(gr.tpcs_enabled <= gr.num_gpcs * gr.num_tpc_per_gpc);
				assert_true(gr.cwd_tpcs <= NVS_GR_MAX_CWD_TPCS);
				assert_true(gr.cwd_err || gr.cwd_tpcs == gr.tpcs_enabled);
				for (t = 0; t < gr.cwd_tpcs; t++)
					assert_true(gr.cwd_gpc[t] < gr.gpcs_enabled);
				for (g = 0; g < NVS_GR_MAX_GPCS; g++)
					assert_true(gr.logical[g] < (int)gr.gpcs_enabled);
			}
			for (g = 0; g < 24; g++) {
				if (nvs_gr_value(&io, &id, NVS_GR_CWD_GPC_TPC_ID, g, &v) == 0)
					assert_false(v == 0xffffffffu || (v >> 20) == 0xbad);
				if (nvs_gr_value(&io, &id, NVS_GR_TPC_MASK, g, &v) == 0)
					assert_false(v == 0xffffffffu || (v >> 20) == 0xbad);
			}
		}
	}
	assert_true(ok > 1000);	/* the images do exercise the decoder */
	print_message("random images: %u decoded, %u with a CWD map\n", ok, cwd_ok);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gh100_matches_rm),
		cmocka_unit_test(test_cwd_sm_id_offsets),
		cmocka_unit_test(test_turing),
		cmocka_unit_test(test_turing_cwd_map),
		cmocka_unit_test(test_cwd_map_capacity),
		cmocka_unit_test(test_cwd_sm_id_ad102),
		cmocka_unit_test(test_cwd_partial_register),
		cmocka_unit_test(test_pascal),
		cmocka_unit_test(test_ampere),
		cmocka_unit_test(test_errors),
		cmocka_unit_test(test_random_images),
	};

	return cmocka_run_group_tests_name("gr", tests, NULL, NULL);
}
