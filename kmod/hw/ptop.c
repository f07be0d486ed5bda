// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * ptop.c - decode the PTOP device table (legacy DEVICE_INFO, GK104-TU11x;
 * DEVICE_INFO2, Ampere+) and the Ampere+ runlist ids.
 * Register facts: include/nvsched/regs/top.h (regs-fifo.md §2, §3.3).
 */
#include "ptop.h"
#include "nvsched/regs/top.h"

static const char *const type_names[] = {
	[0] = "GRAPHICS", [1] = "COPY0", [2] = "COPY1", [3] = "COPY2",
	[8] = "MSPDEC", [9] = "MSPPP", [10] = "MSVLD", [11] = "MSENC",
	[12] = "VIC", [13] = "SEC", [14] = "NVENC", [15] = "NVENC1",
	[16] = "NVDEC", [18] = "IOCTRL", [19] = "LCE", [20] = "GSP",
	[21] = "NVJPG", [22] = "OFA", [23] = "FLA", [24] = "HSHUB",
	[25] = "C2C", [26] = "FSP", [31] = "TMR", [51] = "PBUS",
	[52] = "PTOP", [53] = "HUBMMU",
};

const char *nvs_engine_type_name(unsigned int type)
{
	if (type >= NVS_ARRAY_SIZE(type_names))
		return NULL;
	return type_names[type];
}

static void engine_init(struct nvs_engine *e)
{
	memset(e, 0, sizeof(*e));
	e->runlist = -1;
	e->fault_id = -1;
	e->reset_id = -1;
	e->engine_id = -1;
	e->intr_id = -1;
	e->rleng_id = -1;
}

/* Legacy table: 64 sparse entries, devices chained with bit 31. */
static int ptop_legacy(const struct nvs_io *io, struct nvs_topology *t)
{
	struct nvs_engine cur;
	bool open = false;
	unsigned int i;

	engine_init(&cur);
	for (i = 0; i < NV_PTOP_DEVICE_INFO__SIZE_1; i++) {
		uint32_t v = nvs_rd32(io, NV_PTOP_DEVICE_INFO(i));

		if (nvs_reg_unreadable(v))
			return -EIO;
		t->rows++;
		switch (NVS_GET(v, NV_PTOP_DEVICE_INFO_ENTRY)) {
		case NV_PTOP_DEVICE_INFO_ENTRY_NOT_VALID:
			/* sparse: holes are skipped, never the end */
			continue;
		case NV_PTOP_DEVICE_INFO_ENTRY_DATA:
			/* only the ENUM2 data format exists */
			if (NVS_GET(v, NV_PTOP_DEVICE_INFO_DATA_TYPE) == NV_PTOP_DEVICE_INFO_DATA_TYPE_ENUM2) {
				cur.instance = NVS_GET(v, NV_PTOP_DEVICE_INFO_DATA_INST_ID);
				cur.pri_base = NVS_GET(v, NV_PTOP_DEVICE_INFO_DATA_PRI_BASE) << 12;
				if (NVS_TEST(v, NV_PTOP_DEVICE_INFO_DATA_FAULT_ID_VALID))
					cur.fault_id = NVS_GET(v, NV_PTOP_DEVICE_INFO_DATA_FAULT_ID);
			}
			break;
		case NV_PTOP_DEVICE_INFO_ENTRY_ENUM:
			if (NVS_TEST(v, NV_PTOP_DEVICE_INFO_ENGINE_VALID))
				cur.engine_id = NVS_GET(v, NV_PTOP_DEVICE_INFO_ENGINE_ENUM);
			if (NVS_TEST(v, NV_PTOP_DEVICE_INFO_RUNLIST_VALID)) {
				cur.runlist = NVS_GET(v, NV_PTOP_DEVICE_INFO_RUNLIST_ENUM);
				cur.is_engine = true;
			}
			if (NVS_TEST(v, NV_PTOP_DEVICE_INFO_INTR_VALID))
				cur.intr_id = NVS_GET(v, NV_PTOP_DEVICE_INFO_INTR_ENUM);
			if (NVS_TEST(v, NV_PTOP_DEVICE_INFO_RESET_VALID))
				cur.reset_id = NVS_GET(v, NV_PTOP_DEVICE_INFO_RESET_ENUM);
			break;
		case NV_PTOP_DEVICE_INFO_ENTRY_ENGINE_TYPE:
			cur.type = (uint8_t)NVS_GET(v, NV_PTOP_DEVICE_INFO_TYPE_ENUM);
			break;
		}
		open = true;
		if (NVS_TEST(v, NV_PTOP_DEVICE_INFO_CHAIN))
			continue;
		if (t->n == NVS_MAX_ENGINES)
			return -E2BIG;
		t->eng[t->n++] = cur;
		engine_init(&cur);
		open = false;
	}
	/* a chain still open at the end of the table is malformed */
	return open ? -EIO : 0;
}

static int16_t runlist_id(const struct nvs_io *io, const struct nvs_caps *caps,
			  uint32_t rl_base)
{
	uint32_t v;

	if (!caps->rl_block)
		return -1;
	v = nvs_rd32(io, NV_RUNLIST(rl_base, caps->rl_block, doorbell_config));
	if (nvs_reg_unreadable(v))
		return -1;
	return (int16_t)NVS_GET(v, NV_RUNLIST_DOORBELL_CONFIG_ID);
}

/* Ampere+: NUM_ROWS rows, 1-3 rows a device, zero rows between devices. */
static int ptop_info2(const struct nvs_io *io, const struct nvs_caps *caps,
		      struct nvs_topology *t)
{
	uint32_t cfg = nvs_rd32(io, NV_PTOP_DEVICE_INFO_CFG);
	uint32_t rows[3];
	unsigned int i, nrows, sub = 0;

	if (nvs_reg_unreadable(cfg))
		return -EIO;
	t->info2 = true;
	t->version = NVS_GET(cfg, NV_PTOP_DEVICE_INFO_CFG_VERSION);
	if (t->version != 2 && t->version != 3)
		return -EOPNOTSUPP;
	t->version_unconfirmed = t->version != 2;
	nrows = NVS_GET(cfg, NV_PTOP_DEVICE_INFO_CFG_NUM_ROWS);
	if (nrows == 0 || nrows > NVS_MAX_INFO2_ROWS)
		return -EIO;

	for (i = 0; i < nrows; i++) {
		uint32_t v = nvs_rd32(io, NV_PTOP_DEVICE_INFO2(i));
		struct nvs_engine *e;

		if (nvs_reg_unreadable(v))
			return -EIO;
		t->rows++;
		if (sub == 0 && v == 0)
			continue;	/* empty row between devices */
		if (sub == 3)
			return -EIO;	/* more than 3 chained rows */
		rows[sub++] = v;
		if (NVS_GET(v, NV_PTOP_DEVICE_INFO2_ROW_CHAIN) == NV_PTOP_DEVICE_INFO2_ROW_CHAIN_MORE)
			continue;

		if (t->n == NVS_MAX_ENGINES)
			return -E2BIG;
		e = &t->eng[t->n++];
		engine_init(e);
		e->type = NVS_GET(rows[0], NV_PTOP_DEVICE_INFO2_DEV_TYPE_ENUM);
		e->instance = NVS_GET(rows[0], NV_PTOP_DEVICE_INFO2_DEV_INSTANCE_ID);
		if (NVS_GET(rows[0], NV_PTOP_DEVICE_INFO2_DEV_FAULT_ID) !=
		    NV_PTOP_DEVICE_INFO2_DEV_FAULT_ID_INVALID)
			e->fault_id = NVS_GET(rows[0], NV_PTOP_DEVICE_INFO2_DEV_FAULT_ID);
		if (sub > 1) {
			if (NVS_GET(rows[1], NV_PTOP_DEVICE_INFO2_DEV_RESET_ID) !=
			    NV_PTOP_DEVICE_INFO2_DEV_RESET_ID_INVALID)
				e->reset_id = NVS_GET(rows[1], NV_PTOP_DEVICE_INFO2_DEV_RESET_ID);
			e->pri_base = NVS_GET(rows[1], NV_PTOP_DEVICE_INFO2_DEV_DEVICE_PRI_BASE) << 8;
			e->is_engine = NVS_TEST(rows[1], NV_PTOP_DEVICE_INFO2_DEV_IS_ENGINE);
		}
		if (sub > 2 && e->is_engine) {
			e->rleng_id = NVS_GET(rows[2], NV_PTOP_DEVICE_INFO2_DEV_RLENG_ID);
			e->runlist_pri_base =
				NVS_GET(rows[2], NV_PTOP_DEVICE_INFO2_DEV_RUNLIST_PRI_BASE) << 10;
			if (e->runlist_pri_base)
				e->runlist = runlist_id(io, caps, e->runlist_pri_base);
		}
		sub = 0;
	}
	return sub ? -EIO : 0;	/* a chain still open at the last row */
}

int nvs_ptop_read(const struct nvs_io *io, const struct nvs_caps *caps,
		  struct nvs_topology *t)
{
	memset(t, 0, sizeof(*t));
	if (!caps)
		return -EOPNOTSUPP;
	if (caps->ptop == NVS_PTOP_INFO2)
		return ptop_info2(io, caps, t);
	return ptop_legacy(io, t);
}

unsigned int nvs_ptop_runlists(const struct nvs_topology *t, int16_t *ids)
{
	unsigned int i, j, n = 0;

	for (i = 0; i < t->n; i++) {
		int16_t r = t->eng[i].runlist;

		if (r < 0)
			continue;
		for (j = 0; j < n && ids[j] != r; j++)
			;
		if (j < n)
			continue;
		/* insertion sort: the table is small */
		for (j = n; j > 0 && ids[j - 1] > r; j--)
			ids[j] = ids[j - 1];
		ids[j] = r;
		n++;
	}
	return n;
}

/* "LCE2", "GRAPHICS0"; unknown types as "TYPE40_1" */
static void name_of(const struct nvs_engine *e, char *buf, size_t len)
{
	const char *n = nvs_engine_type_name(e->type);

	if (n)
		snprintf(buf, len, "%s%u", n, e->instance);
	else
		snprintf(buf, len, "TYPE%u_%u", e->type, e->instance);
}

static void type_of(const struct nvs_engine *e, char *buf, size_t len)
{
	const char *n = nvs_engine_type_name(e->type);

	if (n)
		snprintf(buf, len, "%s", n);
	else
		snprintf(buf, len, "TYPE%u", e->type);
}

/* A table column: an id right-aligned in @width, "-" when absent (< 0). */
static void pr_id(nvs_printf_fn pr, void *ctx, int width, int id)
{
	if (id >= 0)
		pr(ctx, " %*d", width, id);
	else
		pr(ctx, " %*s", width, "-");
}

void nvs_ptop_format(const struct nvs_topology *t, nvs_printf_fn pr, void *ctx)
{
	int16_t ids[NVS_MAX_ENGINES];
	unsigned int i, j, nrl;

	if (t->info2)
		pr(ctx, "PTOP DEVICE_INFO2 version %u: %u devices in %u rows%s\n",
		   t->version, t->n, t->rows,
		   t->version_unconfirmed ? " (version not confirmed: decoded as version 2)" : "");
	else
		pr(ctx, "PTOP DEVICE_INFO (legacy): %u devices in %u entries\n", t->n, t->rows);
	pr(ctx, "%3s %-10s %4s %7s %5s %5s %10s %10s %5s\n", "dev", "type", "inst",
	   "runlist", "fault", "reset", "pri_base", "rl_base", "rleng");
	for (i = 0; i < t->n; i++) {
		const struct nvs_engine *e = &t->eng[i];
		char tbuf[16];

		type_of(e, tbuf, sizeof(tbuf));
		pr(ctx, "%3u %-10s %4u", i, tbuf, e->instance);
		pr_id(pr, ctx, 7, e->runlist);
		pr_id(pr, ctx, 5, e->fault_id);
		pr_id(pr, ctx, 5, e->reset_id);
		pr(ctx, " 0x%08x", e->pri_base);
		if (e->runlist_pri_base)
			pr(ctx, " 0x%08x", e->runlist_pri_base);
		else
			pr(ctx, " %10s", "-");
		pr_id(pr, ctx, 5, e->rleng_id);
		pr(ctx, "\n");
	}

	nrl = nvs_ptop_runlists(t, ids);
	pr(ctx, "\nRunlist -> engines (%u runlists)\n", nrl);
	for (i = 0; i < nrl; i++) {
		uint32_t base = 0;

		for (j = 0; j < t->n; j++)
			if (t->eng[j].runlist == ids[i] && t->eng[j].runlist_pri_base)
				base = t->eng[j].runlist_pri_base;
		if (base)
			pr(ctx, "Runlist %2d (0x%x):", ids[i], base);
		else
			pr(ctx, "Runlist %2d:", ids[i]);
		for (j = 0; j < t->n; j++) {
			char nb[24];

			if (t->eng[j].runlist != ids[i])
				continue;
			name_of(&t->eng[j], nb, sizeof(nb));
			pr(ctx, " %s", nb);
		}
		pr(ctx, "\n");
	}
}
