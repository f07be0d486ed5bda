// SPDX-License-Identifier: MIT
/*
 * Unit tests: PTOP device-table decode (kmod/hw/ptop.c).
 *
 * The GH100 test decodes the REAL register capture and compares with what
 * NVIDIA's own driver (RM) reported for the same GPU in the same run
 * (tests/fixtures/rmprobe_idle.txt): an independent answer.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "testio.h"

#include "chip.h"
#include "ptop.h"
#include "sim.h"

#define H100_SNAP "tests/fixtures/h100_idle.nvss"
#define H100_RM "tests/fixtures/rmprobe_idle.txt"

static struct nvs_sim *open_sim(const char *path)
{
	char err[256];
	struct nvs_sim *sim = nvs_sim_open(path, err, sizeof(err));

	if (!sim)
		fail_msg("%s: %s", path, err);
	return sim;
}

static const struct nvs_engine *find(const struct nvs_topology *t,
				     unsigned int type, unsigned int inst)
{
	unsigned int i;

	for (i = 0; i < t->n; i++)
		if (t->eng[i].type == type && t->eng[i].instance == inst)
			return &t->eng[i];
	return NULL;
}

/* RM engine name -> PTOP (type, instance): GR0, COPY3, NVDEC1, SEC2, ... */
static bool rm_name(const char *n, unsigned int *type, unsigned int *inst)
{
	static const struct { const char *pfx; unsigned int type; } map[] = {
		{ "GR", 0 }, { "COPY", 19 }, { "NVDEC", 16 }, { "NVJPG", 21 },
		{ "OFA", 22 }, { "NVENC", 14 },
	};
	size_t i;

	if (!strcmp(n, "SEC2")) {	/* RM's SEC2 is PTOP SEC instance 0 */
		*type = 13;
		*inst = 0;
		return true;
	}
	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
		size_t l = strlen(map[i].pfx);

		if (!strncmp(n, map[i].pfx, l) && n[l] >= '0' && n[l] <= '9') {
			*type = map[i].type;
			*inst = (unsigned int)atoi(n + l);
			return true;
		}
	}
	return false;
}

static void test_gh100_matches_rm(void **state)
{
	struct nvs_sim *sim;
	struct nvs_ident id;
	struct nvs_topology *t = malloc(sizeof(*t));
	FILE *f = fopen(H100_RM, "r");
	char line[512];
	int in = 0, checked = 0;

	if (!f)
		fail_msg("fixture missing: %s (run from the repository root)", H100_RM);
	sim = open_sim(H100_SNAP);
	assert_int_equal(nvs_identify(nvs_sim_io(sim), &id), 0);
	assert_int_equal(nvs_ptop_read(nvs_sim_io(sim), id.caps, t), 0);
	assert_true(t->info2);
	assert_int_equal(t->version, 2);
	assert_int_equal(t->rows, 134);		/* NUM_ROWS of CFG 0x08630312 */
	/* include/uapi/nvsched.h: engine_id is the host engine enum before
	 * Ampere and -1 otherwise; the INFO2 table has no ENGINE_ENUM */
	for (unsigned int i = 0; i < t->n; i++)
		assert_int_equal(t->eng[i].engine_id, -1);

	while (fgets(line, sizeof(line), f)) {
		char name[32];
		unsigned int type_rm, base, hweng, type, inst;
		int rl, fault;
		const struct nvs_engine *e;

		if (strstr(line, "Engine table"))
			in = 1;
		else if (in && strstr(line, "Runlists -> engines"))
			break;
		if (!in || sscanf(line, " %31s 0x%x %d 0x%x %u %d", name, &type_rm, &rl,
				  &base, &hweng, &fault) != 6)
			continue;
		if (rl < 0 || !rm_name(name, &type, &inst))
			continue;	/* SW: no hardware engine */
		e = find(t, type, inst);
		if (!e)
			fail_msg("RM engine %s not decoded", name);
		if (e->runlist != rl || e->runlist_pri_base != base || e->fault_id != fault)
			fail_msg("%s: decoded runlist %d base 0x%x fault %d, RM says %d 0x%x %d",
				 name, e->runlist, e->runlist_pri_base, e->fault_id, rl, base, fault);
		checked++;
	}
	fclose(f);
	assert_int_equal(checked, 22);	/* every engine RM lists, SW aside */

	/* devices without a runlist: IOCTRL, GSP, FLA, HSHUB, FSP */
	assert_non_null(find(t, 20, 0));
	assert_int_equal(find(t, 20, 0)->runlist, -1);
	assert_false(find(t, 20, 0)->is_engine);
	assert_int_equal(find(t, 18, 2)->runlist, -1);
	free(t);
	nvs_sim_free(sim);
}

/*
 * A hand-built legacy (pre-Ampere) table: entries encoded by hand from
 * regs-fifo.md §2.1, with holes and a device split by a NOT_VALID entry.
 *   GR: DATA(pri 0x400, fault 0 valid) ENUM(eng 0, rl 0, reset 12) TYPE 0
 *   LCE2: TYPE 19, DATA(inst 2, pri 0x104, fault 17), ENUM(eng 3, rl 5)
 */
struct regs { uint32_t v[64]; };

static uint32_t regs_rd(void *ctx, uint32_t off)
{
	struct regs *r = ctx;

	if (off >= 0x22700 && off < 0x22800)
		return r->v[(off - 0x22700) / 4];
	return 0xbadf5040;
}

static void regs_wr(void *ctx, uint32_t off, uint32_t v)
{
	fail_msg("decoder wrote 0x%x", off);
}

static void test_legacy_table(void **state)
{
	struct regs r = { { 0 } };
	struct nvs_io io = { .rd32 = regs_rd, .wr32 = regs_wr, .ctx = &r };
	struct nvs_topology *t = malloc(sizeof(*t));
	const struct nvs_chip *gp106 = nvs_chip_lookup(0x136);

	/* entry 0 hole; GR in entries 1-3 */
	r.v[1] = 0x80000000u | (0x400u << 12) | (1u << 2) | 1;	/* DATA, chain */
	r.v[2] = 0x80000000u | (0u << 26) | (0u << 21) | (12u << 9) | (1u << 5) |
		 (1u << 4) | (1u << 2) | 2;			/* ENUM, chain */
	r.v[3] = (0u << 2) | 3;					/* TYPE 0, last */
	/* LCE2 in entries 5, 6, 8 (7 is a hole inside the chain) */
	r.v[5] = 0x80000000u | (19u << 2) | 3;
	r.v[6] = 0x80000000u | (2u << 26) | (0x104u << 12) | (17u << 3) | (1u << 2) | 1;
	r.v[8] = (3u << 26) | (5u << 21) | (1u << 5) | (1u << 4) | 2;

	assert_int_equal(nvs_ptop_read(&io, gp106->caps, t), 0);
	assert_false(t->info2);
	assert_int_equal(t->n, 2);
	assert_int_equal(t->eng[0].type, 0);
	assert_int_equal(t->eng[0].pri_base, 0x400000);
	assert_int_equal(t->eng[0].fault_id, 0);
	assert_int_equal(t->eng[0].runlist, 0);
	assert_int_equal(t->eng[0].reset_id, 12);
	assert_int_equal(t->eng[1].type, 19);
	assert_int_equal(t->eng[1].instance, 2);
	assert_int_equal(t->eng[1].pri_base, 0x104000);
	assert_int_equal(t->eng[1].fault_id, 17);
	assert_int_equal(t->eng[1].runlist, 5);
	assert_int_equal(t->eng[1].engine_id, 3);
	assert_int_equal(t->eng[1].reset_id, -1);

	/* a chain left open at the end of the table is malformed */
	r.v[63] = 0x80000000u | 3;
	assert_int_equal(nvs_ptop_read(&io, gp106->caps, t), -EIO);
	r.v[63] = 0;
	/* a PRI error inside the table is not decoded as data */
	r.v[10] = 0xbadf1100;
	assert_int_equal(nvs_ptop_read(&io, gp106->caps, t), -EIO);
	free(t);
}

/*
 * The legacy table's counts and its header line: the table above has two
 * devices, and every one of the 64 entries is read (holes included), so
 * the header says "2 devices in 64 entries".  A table of 64 NOT_VALID
 * entries holds no device and no open chain: it decodes to nothing, not to
 * -EIO (regs-fifo.md §2.1: holes are skipped, never the end).
 */
static void test_legacy_counts(void **state)
{
	struct regs r = { { 0 } };
	struct nvs_io io = { .rd32 = regs_rd, .wr32 = regs_wr, .ctx = &r };
	struct nvs_topology *t = malloc(sizeof(*t));
	const struct nvs_chip *gp106 = nvs_chip_lookup(0x136);

	(void)state;
	assert_int_equal(nvs_ptop_read(&io, gp106->caps, t), 0);
	assert_false(t->info2);
	assert_int_equal(t->n, 0);
	assert_int_equal(t->rows, 64);

	/* GR in entries 1-3 and LCE2 in 5, 6, 8, as in test_legacy_table */
	r.v[1] = 0x80000000u | (0x400u << 12) | (1u << 2) | 1;
	r.v[2] = 0x80000000u | (12u << 9) | (1u << 5) | (1u << 4) | (1u << 2) | 2;
	r.v[3] = 3;
	r.v[5] = 0x80000000u | (19u << 2) | 3;
	r.v[6] = 0x80000000u | (2u << 26) | (0x104u << 12) | (17u << 3) | (1u << 2) | 1;
	r.v[8] = (3u << 26) | (5u << 21) | (1u << 5) | (1u << 4) | 2;
	/* NVENC in entries 10-11: an ENUM entry with only INTR_VALID (3) and
	 * INTR_ENUM 19:15 = 7, no DATA entry: no pri base, instance 0, no
	 * fault, engine, runlist or reset id, not a host engine (ptop.h), and
	 * nothing left over from the LCE2 before it */
	r.v[10] = 0x80000000u | (7u << 15) | (1u << 3) | 2;
	r.v[11] = (14u << 2) | 3;
	assert_int_equal(nvs_ptop_read(&io, gp106->caps, t), 0);
	assert_int_equal(t->n, 3);
	assert_int_equal(t->rows, 64);
	assert_true(t->eng[0].is_engine);	/* RUNLIST_VALID: has a runlist */
	assert_int_equal(t->eng[0].intr_id, -1);
	assert_int_equal(t->eng[1].intr_id, -1);
	assert_int_equal(t->eng[2].type, 14);
	assert_int_equal(t->eng[2].instance, 0);
	assert_int_equal(t->eng[2].pri_base, 0);
	assert_int_equal(t->eng[2].fault_id, -1);
	assert_int_equal(t->eng[2].engine_id, -1);
	assert_int_equal(t->eng[2].runlist, -1);
	assert_int_equal(t->eng[2].reset_id, -1);
	assert_int_equal(t->eng[2].intr_id, 7);
	assert_int_equal(t->eng[2].rleng_id, -1);
	assert_false(t->eng[2].is_engine);
	fmt_text[0] = 0;
	nvs_ptop_format(t, fmt_pr, NULL);
	if (strncmp(fmt_text, "PTOP DEVICE_INFO (legacy): 3 devices in 64 entries\n", 51))
		fail_msg("legacy header:\n%s", fmt_text);
	free(t);
}

/*
 * DEVICE_INFO2 with NUM_ROWS at the decoder's bound NVS_MAX_INFO2_ROWS
 * (1024, ptop.h) and one above.  CFG (regs-fifo.md §2.2, ga100 dev_top.h):
 * VERSION 3:0 = 2, NUM_ROWS 31:20, so 1024 rows is 0x400 << 20 | 2 =
 * 0x40000002 and 1025 is 0x40100002.  Rows 0-1022 are empty; row 1023 is a
 * one-row device (CHAIN 31 = LAST): TYPE_ENUM 30:24 = 19 (LCE),
 * INSTANCE_ID 23:16 = 1, FAULT_ID 10:0 = 5, i.e. 0x13010005.
 */
struct info2 { uint32_t cfg; uint32_t row[1025]; uint32_t db_off, db; };

static uint32_t info2_rd(void *ctx, uint32_t off)
{
	struct info2 *r = ctx;

	if (off == 0x224fc)
		return r->cfg;
	if (r->db_off && off == r->db_off)
		return r->db;
	if (off >= 0x22800 && off < 0x22800 + 4 * 1025)
		return r->row[(off - 0x22800) / 4];
	return 0xbadf5040;
}

static void test_info2_num_rows_bound(void **state)
{
	struct info2 *r = calloc(1, sizeof(*r));
	struct nvs_io io = { .rd32 = info2_rd, .wr32 = regs_wr, .ctx = r };
	struct nvs_topology *t = malloc(sizeof(*t));
	const struct nvs_caps *caps = nvs_chip_lookup(0x180)->caps;

	(void)state;
	r->cfg = 0x40000002;
	r->row[1023] = 0x13010005;
	assert_int_equal(nvs_ptop_read(&io, caps, t), 0);
	assert_int_equal(t->rows, 1024);
	assert_int_equal(t->n, 1);
	assert_int_equal(t->eng[0].type, 19);
	assert_int_equal(t->eng[0].instance, 1);
	assert_int_equal(t->eng[0].fault_id, 5);
	assert_int_equal(t->eng[0].runlist, -1);
	r->cfg = 0x40100002;		/* 1025 rows: past the bound */
	assert_int_equal(nvs_ptop_read(&io, caps, t), -EIO);
	r->cfg = 0x00100002;		/* 1 row: the smallest accepted table */
	r->row[0] = 0x13010005;
	assert_int_equal(nvs_ptop_read(&io, caps, t), 0);
	assert_int_equal(t->rows, 1);
	assert_int_equal(t->n, 1);
	r->cfg = 0x00000002;		/* 0 rows */
	assert_int_equal(nvs_ptop_read(&io, caps, t), -EIO);
	free(t);
	free(r);
}

/* INFO2 edge cases on a modified GH100 capture: bad NUM_ROWS, long chains,
 * unknown versions. */
struct patched { struct nvs_sim *sim; uint32_t off[5], val[5]; int n; };

static uint32_t patched_rd(void *ctx, uint32_t off)
{
	struct patched *p = ctx;
	int i;

	for (i = 0; i < p->n; i++)
		if (p->off[i] == off)
			return p->val[i];
	return nvs_sim_rd32(p->sim, off);
}

static void test_info2_malformed(void **state)
{
	struct patched p = { .sim = open_sim(H100_SNAP) };
	struct nvs_io io = { .rd32 = patched_rd, .wr32 = regs_wr, .ctx = &p };
	struct nvs_topology *t = malloc(sizeof(*t));
	const struct nvs_caps *caps = nvs_chip_lookup(0x180)->caps;

	p.n = 1;
	p.off[0] = 0x224fc;
	p.val[0] = 0x08630315;		/* VERSION 5: unknown */
	assert_int_equal(nvs_ptop_read(&io, caps, t), -EOPNOTSUPP);
	p.val[0] = 0xfff30312;		/* NUM_ROWS 4095 > bound */
	assert_int_equal(nvs_ptop_read(&io, caps, t), -EIO);
	p.val[0] = 0xbadf5040;
	assert_int_equal(nvs_ptop_read(&io, caps, t), -EIO);
	p.val[0] = 0x08630313;		/* VERSION 3: decoded, flagged */
	assert_int_equal(nvs_ptop_read(&io, caps, t), 0);
	assert_true(t->version_unconfirmed);
	/* four chained rows in a row: no device has more than three */
	p.n = 5;
	p.val[0] = 0x08630312;
	p.off[1] = 0x22800; p.val[1] = 0x80000001;
	p.off[2] = 0x22804; p.val[2] = 0x80000001;
	p.off[3] = 0x22808; p.val[3] = 0x80000001;
	p.off[4] = 0x2280c; p.val[4] = 0x80000001;
	assert_int_equal(nvs_ptop_read(&io, caps, t), -EIO);
	free(t);
	nvs_sim_free(p.sim);
}

/*
 * One three-row DEVICE_INFO2 device (regs-fifo.md §2.2, ga100 dev_top.h),
 * on a 4-row table (CFG 0x00400002: NUM_ROWS 4, VERSION 2):
 *   row 0 0x93000000: CHAIN MORE, TYPE_ENUM 30:24 = 19 (LCE), instance 0,
 *         FAULT_ID 10:0 = 0 (INVALID: no fault id)
 *   row 1 0xc0104000: CHAIN MORE, IS_ENGINE 30, DEVICE_PRI_BASE 25:8 =
 *         0x1040 (base 0x104000), RESET_ID 7:0 = 0 (INVALID)
 *   row 2 0x00110001: RUNLIST_PRI_BASE 25:10 = 0x440 (base 0x110000),
 *         RLENG_ID 1:0 = 1
 * The runlist id is DOORBELL_CONFIG.ID 31:16 at RUNLIST_PRI_BASE + 0x008
 * (top.h, GA100-GH100): 5 when it reads 0x00050000; -1 when it gives no
 * value or the chip has no NV_RUNLIST block.  INFO2 has no INTR or ENGINE
 * enum: both -1 (ptop.h).
 */
static void test_info2_device(void **state)
{
	struct info2 *r = calloc(1, sizeof(*r));
	struct nvs_io io = { .rd32 = info2_rd, .wr32 = regs_wr, .ctx = r };
	struct nvs_topology *t = malloc(sizeof(*t));
	struct nvs_caps caps = *nvs_chip_lookup(0x180)->caps;	/* GH100 */
	const struct nvs_engine *e = &t->eng[0];

	(void)state;
	r->cfg = 0x00400002;
	r->row[0] = 0x93000000;
	r->row[1] = 0xc0104000;
	r->row[2] = 0x00110001;
	r->db_off = 0x110008;
	r->db = 0x00050000;
	assert_int_equal(nvs_ptop_read(&io, &caps, t), 0);
	assert_int_equal(t->n, 1);
	assert_int_equal(t->rows, 4);
	assert_int_equal(e->type, 19);
	assert_int_equal(e->fault_id, -1);
	assert_int_equal(e->reset_id, -1);
	assert_int_equal(e->intr_id, -1);
	assert_int_equal(e->engine_id, -1);
	assert_true(e->is_engine);
	assert_int_equal(e->pri_base, 0x104000);
	assert_int_equal(e->runlist_pri_base, 0x110000);
	assert_int_equal(e->rleng_id, 1);
	assert_int_equal(e->runlist, 5);
	r->db = 0xbadf5040;		/* DOORBELL_CONFIG gives no value */
	assert_int_equal(nvs_ptop_read(&io, &caps, t), 0);
	assert_int_equal(e->runlist, -1);
	r->db = 0x00050000;
	caps.rl_block = NULL;		/* no NV_RUNLIST block known */
	assert_int_equal(nvs_ptop_read(&io, &caps, t), 0);
	assert_int_equal(e->runlist, -1);
	/* devices of one and two rows after it, and one of three rows that is
	 * not an engine: rows a device lacks are not taken from the one before
	 *   row 3 0x13010005: LCE1, FAULT_ID 5, last (one row)
	 *   rows 4-5 0x93020000 0x40105000: LCE2, IS_ENGINE, pri 0x105000, last
	 *   rows 6-8 0x93030000 0x80106000 0x00120002: LCE3, not an engine,
	 *   pri 0x106000, RUNLIST_PRI_BASE 0x120000 and RLENG_ID 2 not used */
	caps = *nvs_chip_lookup(0x180)->caps;
	r->cfg = 0x00900002;		/* NUM_ROWS 9 */
	r->row[3] = 0x13010005;
	r->row[4] = 0x93020000;
	r->row[5] = 0x40105000;
	r->row[6] = 0x93030000;
	r->row[7] = 0x80106000;
	r->row[8] = 0x00120002;
	assert_int_equal(nvs_ptop_read(&io, &caps, t), 0);
	assert_int_equal(t->n, 4);
	assert_int_equal(t->eng[1].fault_id, 5);
	assert_int_equal(t->eng[1].pri_base, 0);
	assert_int_equal(t->eng[1].reset_id, -1);
	assert_false(t->eng[1].is_engine);
	assert_int_equal(t->eng[2].type, 19);
	assert_int_equal(t->eng[2].instance, 2);
	assert_true(t->eng[2].is_engine);
	assert_int_equal(t->eng[2].pri_base, 0x105000);
	assert_int_equal(t->eng[2].runlist_pri_base, 0);
	assert_int_equal(t->eng[2].rleng_id, -1);
	assert_int_equal(t->eng[2].runlist, -1);
	assert_false(t->eng[3].is_engine);
	assert_int_equal(t->eng[3].pri_base, 0x106000);
	assert_int_equal(t->eng[3].runlist_pri_base, 0);
	assert_int_equal(t->eng[3].rleng_id, -1);
	assert_int_equal(t->eng[3].runlist, -1);
	/* four chained rows, the fourth marked last: still one row too many */
	r->cfg = 0x00400002;
	r->row[2] = 0x80110001;
	r->row[3] = 0x00000001;
	assert_int_equal(nvs_ptop_read(&io, &caps, t), -EIO);
	free(t);
	free(r);
}

/*
 * The paper's Tables II (GTX 1060 3GB, GP106) and III (Jetson Orin, GA10B),
 * typed here from papers/rtas24-demystifying-nvidia-gpu-internals.txt: each
 * runlist with its engines.  Table II's "N/A" runlist 4 is a device of a type
 * outside the enum (the profile uses 17); Table III puts LCE3 and GR1 on one
 * runlist, as printed.
 */
struct table_row { int runlist; const char *engines; };

static void check_table(const char *profile, const struct table_row *rows, size_t n)
{
	char err[256], got[128];
	struct nvs_sim *sim = nvs_sim_open(profile, err, sizeof(err));
	struct nvs_topology *t = malloc(sizeof(*t));
	struct nvs_ident id;
	int16_t ids[NVS_MAX_ENGINES];
	size_t r;
	unsigned int i, nrl;

	if (!sim)
		fail_msg("%s", err);
	assert_int_equal(nvs_identify(nvs_sim_io(sim), &id), 0);
	assert_int_equal(nvs_ptop_read(nvs_sim_io(sim), id.caps, t), 0);
	nrl = nvs_ptop_runlists(t, ids);
	assert_int_equal(nrl, n);
	for (r = 0; r < n; r++) {
		size_t k = 0;

		got[0] = 0;
		for (i = 0; i < t->n; i++) {
			const char *nm = nvs_engine_type_name(t->eng[i].type);

			if (t->eng[i].runlist != rows[r].runlist)
				continue;
			k += (size_t)snprintf(got + k, sizeof(got) - k, "%s%s%u", k ? " " : "",
					      nm ? nm : "N/A", t->eng[i].instance);
		}
		if (strcmp(got, rows[r].engines))
			fail_msg("%s runlist %d: '%s', the paper says '%s'", profile,
				 rows[r].runlist, got, rows[r].engines);
	}
	free(t);
	nvs_sim_free(sim);
}

static void test_paper_tables(void **state)
{
	static const struct table_row table2[] = {	/* GTX 1060 3GB */
		{ 0, "GRAPHICS0 LCE0 LCE1" }, { 1, "NVDEC0" }, { 2, "NVENC0" },
		{ 3, "SEC0" }, { 4, "N/A0" }, { 5, "LCE2" }, { 6, "LCE3" },
	};
	static const struct table_row table3[] = {	/* Jetson Orin */
		{ 0, "GRAPHICS0 LCE0 LCE1" }, { 1, "LCE2" }, { 2, "LCE3 GRAPHICS1" },
	};

	check_table("build/profiles/gp106.nvss", table2, sizeof(table2) / sizeof(table2[0]));
	check_table("build/profiles/ga10b.nvss", table3, sizeof(table3) / sizeof(table3[0]));
}

/* end columns of the blank-separated words of @line, at most @max */
static unsigned int word_ends(const char *line, size_t len, unsigned int *end, unsigned int max)
{
	unsigned int n = 0;
	size_t i;

	for (i = 0; i < len && n < max; i++)
		if (line[i] != ' ' && (i + 1 == len || line[i + 1] == ' '))
			end[n++] = (unsigned int)i;
	return n;
}

/*
 * The text table stays a table: under the header "dev type inst runlist
 * fault reset pri_base rl_base rleng", every row has nine words and each
 * right-aligned column (all but "type") ends where its header word ends,
 * "-" for absent ids included; on a legacy (GV100, no runlist pri base)
 * and a DEVICE_INFO2 chip (GA100, runlist pri bases and RLENG ids).
 */
static void check_format(const char *profile, bool info2)
{
	struct nvs_sim *sim = open_sim(profile);
	struct nvs_topology *t = malloc(sizeof(*t));
	struct nvs_ident id;
	unsigned int hend[9], rend[9], i, k, rows = 0, zeros = 0;
	char *line, *nl, *table;

	assert_int_equal(nvs_identify(nvs_sim_io(sim), &id), 0);
	assert_int_equal(nvs_ptop_read(nvs_sim_io(sim), id.caps, t), 0);
	fmt_text[0] = 0;
	nvs_ptop_format(t, fmt_pr, NULL);
	assert_non_null(strstr(fmt_text, info2 ? "PTOP DEVICE_INFO2 version " :
					       "PTOP DEVICE_INFO (legacy): "));
	table = strstr(fmt_text, "\ndev type");
	assert_non_null(table);
	table++;
	nl = strchr(table, '\n');
	assert_int_equal(word_ends(table, (size_t)(nl - table), hend, 9), 9);
	for (line = nl + 1; *line && *line != '\n'; line = nl + 1) {
		nl = strchr(line, '\n');
		assert_int_equal(word_ends(line, (size_t)(nl - line), rend, 9), 9);
		for (k = 0; k < 9; k++)
			if (k != 1 && rend[k] != hend[k])
				fail_msg("%s: column %u of \"%.*s\" ends at %u, its header at %u",
					 profile, k, (int)(nl - line), line, rend[k], hend[k]);
		/* ids: the number, 0 included, or "-" when absent (-1) */
		{
			const struct nvs_engine *e = &t->eng[rows];
			const int ids[4] = { e->runlist, e->fault_id, e->reset_id, e->rleng_id };
			const unsigned int col[4] = { 3, 4, 5, 8 };
			char want[16];
			size_t w;

			for (k = 0; k < 4; k++) {
				if (ids[k] >= 0)
					snprintf(want, sizeof(want), " %d", ids[k]);
				else
					snprintf(want, sizeof(want), " -");
				w = strlen(want);
				if (strncmp(line + rend[col[k]] + 1 - w, want, w))
					fail_msg("%s: column %u of \"%.*s\" is not \"%s\"", profile,
						 col[k], (int)(nl - line), line, want + 1);
			}
			zeros += e->runlist == 0;
		}
		rows++;
	}
	assert_int_equal(rows, t->n);
	assert_true(zeros > 0);		/* an engine on runlist 0 */
	/* "Runlist -> engines": each engine's runlist line, with the runlist's
	 * pri base on DEVICE_INFO2 chips (every engine of a runlist has the
	 * same) and none on legacy ones, names the engine (type 0: GRAPHICS) */
	for (i = 0; i < t->n; i++) {
		const struct nvs_engine *e = &t->eng[i];
		char want[64];
		const char *at, *end;

		if (e->runlist < 0)
			continue;
		if (info2)
			snprintf(want, sizeof(want), "\nRunlist %2d (0x%x):", e->runlist,
				 e->runlist_pri_base);
		else
			snprintf(want, sizeof(want), "\nRunlist %2d:", e->runlist);
		at = strstr(fmt_text, want);
		if (!at)
			fail_msg("%s: no \"%s\" in\n%s", profile, want + 1, fmt_text);
		end = strchr(at + 1, '\n');
		if (e->type == 0 && e->instance == 0 &&
		    !(strstr(at, " GRAPHICS0") && strstr(at, " GRAPHICS0") < end))
			fail_msg("%s: GRAPHICS0 not on its runlist line", profile);
	}
	for (i = 0; i < t->n; i++)
		if (info2 && t->eng[i].runlist_pri_base)
			break;
	assert_true(!info2 || i < t->n);	/* a row with every column filled */
	free(t);
	nvs_sim_free(sim);
}

/*
 * The type names against the profile generator's engine type enum
 * (tests/profiles/gen/regs.h, regs-fifo.md §2.3) and its names
 * (tests/profiles/gen/describe.c); 4-7 and 17 are in no table: unnamed.
 * The types past FSP that the generator does not describe, from NVIDIA's
 * headers in open-gpu-kernel-modules: TMR 0x1f, PBUS 0x33, HUBMMU 0x35
 * (blackwell/gb100/dev_top_zb.h, NV_PTOP_ZB_DEVICE_INFO_DEV_TYPE_ENUM_*);
 * the values around them have no name.
 */
static void test_type_names(void **state)
{
	static const struct { unsigned int type; const char *name; } names[] = {
		{ 0, "GRAPHICS" }, { 1, "COPY0" }, { 2, "COPY1" }, { 3, "COPY2" },
		{ 8, "MSPDEC" }, { 9, "MSPPP" }, { 10, "MSVLD" }, { 11, "MSENC" },
		{ 12, "VIC" }, { 13, "SEC" }, { 14, "NVENC" }, { 15, "NVENC1" },
		{ 16, "NVDEC" }, { 18, "IOCTRL" }, { 19, "LCE" }, { 20, "GSP" },
		{ 21, "NVJPG" }, { 22, "OFA" }, { 23, "FLA" }, { 24, "HSHUB" },
		{ 26, "FSP" }, { 0x1f, "TMR" }, { 0x33, "PBUS" }, { 0x35, "HUBMMU" },
		{ 4, NULL }, { 5, NULL }, { 6, NULL }, { 7, NULL }, { 17, NULL },
		{ 27, NULL }, { 30, NULL }, { 0x20, NULL }, { 0x32, NULL }, { 0x36, NULL },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		const char *n = nvs_engine_type_name(names[i].type);

		if (names[i].name ? !n || strcmp(n, names[i].name) : n != NULL)
			fail_msg("type %u: \"%s\", want \"%s\"", names[i].type, n ? n : "(none)",
				 names[i].name ? names[i].name : "(none)");
	}
	/* every value of the type fields (DEVICE_INFO2 TYPE_ENUM is 8 bits wide,
	 * legacy ENGINE_TYPE 31 bits): a name of capitals and digits or none,
	 * never a read past the table (make asan, make mutate's asan:test_ptop) */
	for (i = 0; i < 4096; i++) {
		const char *n = nvs_engine_type_name((unsigned int)i);

		if (n && (!*n || strspn(n, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") != strlen(n)))
			fail_msg("type %zu: name \"%s\"", i, n);
	}
	assert_null(nvs_engine_type_name(0xffffffffu));
}

/*
 * Names of devices whose type has none: the type column shows "TYPE<n>",
 * the runlist lines "TYPE<n>_<instance>" (ptop.c).  Type 17 is the GTX
 * 1060's "N/A" device of the paper's Table II (see test_paper_tables) and
 * 40 is past every type of regs-fifo.md §2.3; 19 is LCE (top.h
 * NV_PTOP_TYPE_LCE).  Two runlists (0 and 3, in ascending order), one
 * device on none.
 */
static void test_format_unknown_types(void **state)
{
	struct nvs_topology *t = calloc(1, sizeof(*t));
	const struct nvs_engine none = { .runlist = -1, .fault_id = -1, .reset_id = -1,
					 .engine_id = -1, .intr_id = -1, .rleng_id = -1 };
	static const char tail[] = "\nRunlist -> engines (2 runlists)\n"
				   "Runlist  0: TYPE17_5\n"
				   "Runlist  3: LCE2 TYPE40_1\n";
	int16_t ids[NVS_MAX_ENGINES];
	size_t len;

	(void)state;
	assert_null(nvs_engine_type_name(17));
	assert_null(nvs_engine_type_name(40));
	assert_null(nvs_engine_type_name(255));
	t->n = 4;
	t->rows = 64;
	t->eng[0] = none;
	t->eng[0].type = 19;
	t->eng[0].instance = 2;
	t->eng[0].runlist = 3;
	t->eng[1] = none;
	t->eng[1].type = 40;
	t->eng[1].instance = 1;
	t->eng[1].runlist = 3;
	t->eng[2] = none;
	t->eng[2].type = 17;
	t->eng[2].instance = 5;
	t->eng[2].runlist = 0;
	t->eng[3] = none;
	t->eng[3].type = 20;
	t->eng[4] = t->eng[0];		/* stale, past t->n: on no runlist list */
	t->eng[4].runlist = 9;
	memset(ids, 0, sizeof(ids));	/* what lies past the list must not count */
	assert_int_equal(nvs_ptop_runlists(t, ids), 2);
	assert_int_equal(ids[0], 0);
	assert_int_equal(ids[1], 3);
	fmt_text[0] = 0;
	nvs_ptop_format(t, fmt_pr, NULL);
	len = strlen(fmt_text);
	/* "%3u %-10s %4u": index, the type padded to 10, the instance in 4;
	 * the runlist lines end the text */
	if (!strstr(fmt_text, "\n  1 TYPE40        1 ") ||
	    !strstr(fmt_text, "\n  2 TYPE17        5 ") ||
	    !strstr(fmt_text, "\n  0 LCE           2 ") ||
	    len < sizeof(tail) - 1 || strcmp(fmt_text + len - (sizeof(tail) - 1), tail))
		fail_msg("unknown types:\n%s", fmt_text);
	free(t);
}

static void test_format_columns(void **state)
{
	struct nvs_topology *t = calloc(1, sizeof(*t));

	(void)state;
	/* one engine, alone on its runlist with a pri base; a stale entry
	 * past t->n (runlist 0, another base) is not part of the table */
	t->info2 = true;
	t->version = 2;
	t->n = 1;
	t->rows = 3;
	t->eng[0] = (struct nvs_engine){ .type = 0, .runlist = 0, .runlist_pri_base = 0x2000,
					 .fault_id = -1, .reset_id = -1, .rleng_id = 0,
					 .engine_id = -1, .intr_id = -1, .is_engine = true };
	t->eng[1] = t->eng[0];
	t->eng[1].runlist_pri_base = 0x9000;
	fmt_text[0] = 0;
	nvs_ptop_format(t, fmt_pr, NULL);
	if (!strstr(fmt_text, "\nRunlist  0 (0x2000): GRAPHICS0\n"))
		fail_msg("one-engine table:\n%s", fmt_text);
	free(t);
	check_format("build/profiles/gv100.nvss", false);
	check_format("build/profiles/ga100.nvss", true);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gh100_matches_rm),
		cmocka_unit_test(test_legacy_table),
		cmocka_unit_test(test_legacy_counts),
		cmocka_unit_test(test_info2_num_rows_bound),
		cmocka_unit_test(test_info2_device),
		cmocka_unit_test(test_info2_malformed),
		cmocka_unit_test(test_paper_tables),
		cmocka_unit_test(test_format_columns),
		cmocka_unit_test(test_format_unknown_types),
		cmocka_unit_test(test_type_names),
	};

	return cmocka_run_group_tests_name("ptop", tests, NULL, NULL);
}
