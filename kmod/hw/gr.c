// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * gr.c - GR topology decode: on-chip counts, GPC/TPC floorsweeping fuses,
 * enabled counts, SMs per TPC, CWD GPC_TPC_ID / SM_ID tables and the
 * logical -> physical GPC map.  Register facts: include/nvsched/regs/gr.h
 * and top.h (regs-mmu-gr.md §6, gh100-confirmed.md).
 */
#include "gr.h"
#include "nvsched/regs/gr.h"
#include "nvsched/regs/top.h"

enum gr_logical {
	LOGICAL_UNKNOWN,	/* no source read for this generation */
	LOGICAL_FUSE_ORDER,	/* pre-Ampere: k-th enabled physical GPC (§6.4) */
	LOGICAL_SMCARB,		/* GA100/GA10B: NV_PSMCARB_SMC_PARTITION_GPC_MAP (§6.4) */
};

/* Per-generation register set (selected once from the architecture). */
struct gr_layout {
	uint32_t gpc_fuse;		/* 0: fuses not known */
	uint32_t tpc_fuse0;		/* TPC fuse of GPC 0 */
	uint32_t tpc_fuse_stride;
	uint32_t cwd_gpc_tpc0;		/* CWD_GPC_TPC_ID(0), 0: not known */
	uint32_t cwd_sm0;		/* CWD_SM_ID(0) */
	unsigned int cwd_n;		/* registers in each CWD table */
	enum gr_logical logical;
	uint8_t sms_per_tpc;		/* §6.9 */
};

#define FUSES_GM107 \
	.gpc_fuse = NV_FUSE_STATUS_OPT_GPC_GM107, \
	.tpc_fuse0 = NV_FUSE_STATUS_OPT_TPC_GPC_GM107(0), \
	.tpc_fuse_stride = NV_FUSE_STATUS_OPT_TPC_GPC_GM107(1) - NV_FUSE_STATUS_OPT_TPC_GPC_GM107(0)
#define FUSES_GA100 \
	.gpc_fuse = NV_FUSE_STATUS_OPT_GPC_GA100, \
	.tpc_fuse0 = NV_FUSE_STATUS_OPT_TPC_GPC_GA100(0), \
	.tpc_fuse_stride = NV_FUSE_STATUS_OPT_TPC_GPC_GA100(1) - NV_FUSE_STATUS_OPT_TPC_GPC_GA100(0)
/* cwd_n counts the registers of both CWD tables */
_Static_assert(NV_PGRAPH_PRI_CWD_GPC_TPC_ID__SIZE_1_GM107 ==
	       NV_PGRAPH_PRI_CWD_SM_ID__SIZE_1_GM107 &&
	       NV_PGRAPH_PRI_CWD_GPC_TPC_ID__SIZE_1_AD102 ==
	       NV_PGRAPH_PRI_CWD_SM_ID__SIZE_1_AD102, "CWD tables differ in size");
#define CWD_GM107 \
	.cwd_gpc_tpc0 = NV_PGRAPH_PRI_CWD_GPC_TPC_ID_GM107(0), \
	.cwd_sm0 = NV_PGRAPH_PRI_CWD_SM_ID_GM107(0), \
	.cwd_n = NV_PGRAPH_PRI_CWD_GPC_TPC_ID__SIZE_1_GM107
#define CWD_AD102 \
	.cwd_gpc_tpc0 = NV_PGRAPH_PRI_CWD_GPC_TPC_ID_AD102(0), \
	.cwd_sm0 = NV_PGRAPH_PRI_CWD_SM_ID_AD102(0), \
	.cwd_n = NV_PGRAPH_PRI_CWD_GPC_TPC_ID__SIZE_1_AD102

/* Kepler: no fuse or CWD registers in any source read (nvdebug: Maxwell+) */
static const struct gr_layout gr_kepler = { .sms_per_tpc = 1 };
/* Maxwell, Pascal (GP102+; GP100 has 2 SMs per TPC, see sms_per_tpc()) */
static const struct gr_layout gr_maxwell = {
	FUSES_GM107, CWD_GM107, .logical = LOGICAL_FUSE_ORDER, .sms_per_tpc = 1,
};
static const struct gr_layout gr_volta = {
	FUSES_GM107, CWD_GM107, .logical = LOGICAL_FUSE_ORDER, .sms_per_tpc = 2,
};
static const struct gr_layout gr_ampere = {
	FUSES_GA100, CWD_GM107, .logical = LOGICAL_SMCARB, .sms_per_tpc = 2,
};
/* Ada and Hopper: CWD tables at 0x405000/0x405100; the SMCARB map is not
 * confirmed there (§6.4 "(uncertain)"), so the logical map stays unknown */
static const struct gr_layout gr_ada_hopper = {
	FUSES_GA100, CWD_AD102, .logical = LOGICAL_UNKNOWN, .sms_per_tpc = 2,
};
/* Blackwell: fuses as GA100 (GB10B confirmed); CWD tables not confirmed
 * (nvgpu gb20c hw_gr_gb20c.h has no CWD_GPC_TPC_ID); 2 SMs/TPC is
 * (uncertain) per §6.9 */
static const struct gr_layout gr_blackwell = {
	FUSES_GA100, .logical = LOGICAL_UNKNOWN, .sms_per_tpc = 2,
};

/* enum nvs_gr_layout (caps->gr) -> its registers */
static const struct gr_layout *const gr_layouts[] = {
	[NVS_GR_NONE] = NULL,
	[NVS_GR_GK104] = &gr_kepler,
	[NVS_GR_GM107] = &gr_maxwell,
	[NVS_GR_GV100] = &gr_volta,
	[NVS_GR_GA100] = &gr_ampere,
	[NVS_GR_AD102] = &gr_ada_hopper,
	[NVS_GR_GB100] = &gr_blackwell,
};

static const struct gr_layout *gr_layout(const struct nvs_ident *id)
{
	if (!id || !id->caps || (unsigned int)id->caps->gr >= NVS_ARRAY_SIZE(gr_layouts))
		return NULL;
	return gr_layouts[id->caps->gr];
}

#define NVS_CHIP_GP100	0x130	/* the one Pascal with 2 SMs per TPC (§6.9) */

static unsigned int sms_per_tpc(const struct nvs_ident *id, const struct gr_layout *l)
{
	if (id->chip_id == NVS_CHIP_GP100)
		return 2;
	return l->sms_per_tpc;
}

static uint32_t low_bits(unsigned int n)
{
	return n >= 32 ? 0xffffffffu : (1u << n) - 1;
}

static unsigned int popcount32(uint32_t v)
{
	unsigned int n = 0;

	for (; v; v &= v - 1)
		n++;
	return n;
}

bool nvs_gr_has_fuses(const struct nvs_ident *id)
{
	const struct gr_layout *l = gr_layout(id);

	return l && l->gpc_fuse;
}

unsigned int nvs_gr_num_cwd_regs(const struct nvs_ident *id)
{
	const struct gr_layout *l = gr_layout(id);

	return l && l->cwd_gpc_tpc0 ? l->cwd_n : 0;
}

/* a PTOP scal count: no value or 0 -> -EIO */
static int scal(const struct nvs_io *io, uint32_t reg, uint32_t *out)
{
	uint32_t v = nvs_rd32(io, reg);

	if (nvs_reg_unreadable(v) || NVS_GET(v, NV_PTOP_SCAL_VALUE) == 0)
		return -EIO;
	*out = NVS_GET(v, NV_PTOP_SCAL_VALUE);
	return 0;
}

/*
 * CWD tables are written by the driver/ucode into the GR context (§6.6):
 * with no context they read 0 (Pascal-Ampere) or a PRI error (Ada).
 * CWD_FS.NUM_TPCS = 0 means "not programmed".  *ntpcs = NUM_TPCS, or 0 when
 * CWD_FS itself is not readable on this chip.
 */
static int cwd_programmed(const struct nvs_io *io, unsigned int *ntpcs)
{
	uint32_t v = nvs_rd32(io, NV_PGRAPH_PRI_CWD_FS);

	*ntpcs = 0;
	if (v == 0xffffffffu)
		return -EIO;
	if (nvs_is_pri_error(v))
		return 0;
	*ntpcs = NVS_GET(v, NV_PGRAPH_PRI_CWD_FS_NUM_TPCS);
	return *ntpcs ? 0 : -EIO;
}

static int cwd_gpc_tpc(const struct nvs_io *io, const struct gr_layout *l,
		       unsigned int k, uint32_t *out)
{
	unsigned int ntpcs, valid, j;
	uint32_t v;
	int ret;

	ret = cwd_programmed(io, &ntpcs);
	if (ret)
		return ret;
	v = nvs_rd32(io, l->cwd_gpc_tpc0 + 4 * k);
	if (nvs_reg_unreadable(v))
		return -EIO;
	/* distinct global TPCs map to distinct (GPC, TPC) pairs: entries
	 * that are all equal (e.g. all zero) are an unprogrammed table */
	valid = NV_PGRAPH_PRI_CWD_GPC_TPC_ID__ENTRIES;
	if (ntpcs && ntpcs < 4 * k + valid)
		valid = ntpcs > 4 * k ? ntpcs - 4 * k : 0;
	if (valid >= 2) {
		bool same = true;

		for (j = 1; j < valid; j++)
			if (NVS_GET(v, NV_PGRAPH_PRI_CWD_GPC_TPC_ID_ENTRY(j)) !=
			    NVS_GET(v, NV_PGRAPH_PRI_CWD_GPC_TPC_ID_ENTRY(0)))
				same = false;
		if (same)
			return -EIO;
	}
	*out = v;
	return 0;
}

int nvs_gr_value(const struct nvs_io *io, const struct nvs_ident *id,
		 enum nvs_gr_val which, unsigned int idx, uint32_t *out)
{
	const struct gr_layout *l = gr_layout(id);
	unsigned int ntpcs;
	uint32_t v;
	int ret;

	if (!l)
		return -EOPNOTSUPP;
	switch (which) {
	case NVS_GR_NUM_GPCS:
		return scal(io, NV_PTOP_SCAL_NUM_GPCS, out);
	case NVS_GR_NUM_TPC_PER_GPC:
		return scal(io, NV_PTOP_SCAL_NUM_TPC_PER_GPC, out);
	case NVS_GR_GPC_MASK:
	case NVS_GR_TPC_MASK:
		if (!l->gpc_fuse)
			return -EOPNOTSUPP;
		if (which == NVS_GR_TPC_MASK && idx >= NVS_GR_MAX_GPCS)
			return -ERANGE;
		v = nvs_rd32(io, which == NVS_GR_GPC_MASK ? l->gpc_fuse :
			     l->tpc_fuse0 + idx * l->tpc_fuse_stride);
		if (nvs_reg_unreadable(v))
			return -EIO;
		*out = v;
		return 0;
	case NVS_GR_CWD_GPC_TPC_ID:
	case NVS_GR_CWD_SM_ID:
		if (!l->cwd_gpc_tpc0)
			return -EOPNOTSUPP;
		if (idx >= l->cwd_n)
			return -ERANGE;
		if (which == NVS_GR_CWD_GPC_TPC_ID)
			return cwd_gpc_tpc(io, l, idx, out);
		ret = cwd_programmed(io, &ntpcs);
		if (ret)
			return ret;
		v = nvs_rd32(io, l->cwd_sm0 + 4 * idx);
		if (nvs_reg_unreadable(v))
			return -EIO;
		*out = v;
		return 0;
	}
	return -EINVAL;
}

int nvs_gr_cwd_tpc(const struct nvs_io *io, const struct nvs_ident *id,
		   unsigned int tpc, unsigned int *gpc, unsigned int *tpc_in_gpc)
{
	unsigned int j = tpc % NV_PGRAPH_PRI_CWD_GPC_TPC_ID__ENTRIES;
	uint32_t v;
	int ret;

	ret = nvs_gr_value(io, id, NVS_GR_CWD_GPC_TPC_ID,
			   tpc / NV_PGRAPH_PRI_CWD_GPC_TPC_ID__ENTRIES, &v);
	if (ret)
		return ret;
	*gpc = NVS_GET(v, NV_PGRAPH_PRI_CWD_GPC_TPC_ID_GPC(j));
	*tpc_in_gpc = NVS_GET(v, NV_PGRAPH_PRI_CWD_GPC_TPC_ID_TPC(j));
	return 0;
}

/* GA100/GA10B: logical GPC l -> physical from SMCARB; all or nothing */
static void logical_smcarb(const struct nvs_io *io, struct nvs_gr *gr)
{
	int8_t map[NVS_GR_MAX_GPCS];
	unsigned int l, p;

	memset(map, -1, sizeof(map));
	for (l = 0; l < gr->gpcs_enabled; l++) {
		uint32_t v = nvs_rd32(io, NV_PSMCARB_SMC_PARTITION_GPC_MAP(l));

		if (nvs_reg_unreadable(v) || !NVS_TEST(v, NV_PSMCARB_SMC_PARTITION_GPC_MAP_VALID))
			return;
		p = NVS_GET(v, NV_PSMCARB_SMC_PARTITION_GPC_MAP_PHYSICAL_GPC_ID);
		/* must name an enabled physical GPC, each once */
		if (p >= gr->num_gpcs || (gr->gpc_disable_mask & (1u << p)) || map[p] >= 0)
			return;
		map[p] = (int8_t)l;
	}
	memcpy(gr->logical, map, sizeof(map));
	gr->logical_known = true;
}

/* The CWD_GPC_TPC_ID table for every enabled TPC, checked for consistency:
 * logical GPCs below the enabled count, each (GPC, TPC) pair once. */
static int cwd_map(const struct nvs_io *io, const struct nvs_ident *id, struct nvs_gr *gr)
{
	uint32_t seen[NVS_GR_MAX_GPCS] = { 0 };
	unsigned int n = gr->tpcs_enabled, t, j, gpc, tpc;
	uint32_t v = 0;
	int ret;

	if (!nvs_gr_num_cwd_regs(id))
		return -EOPNOTSUPP;
	if (n > NVS_GR_MAX_CWD_TPCS ||
	    n > nvs_gr_num_cwd_regs(id) * NV_PGRAPH_PRI_CWD_GPC_TPC_ID__ENTRIES)
		return -EIO;
	for (t = 0; t < n; t++) {
		j = t % NV_PGRAPH_PRI_CWD_GPC_TPC_ID__ENTRIES;
		if (j == 0) {
			ret = nvs_gr_value(io, id, NVS_GR_CWD_GPC_TPC_ID,
					   t / NV_PGRAPH_PRI_CWD_GPC_TPC_ID__ENTRIES, &v);
			if (ret)
				return ret;
		}
		gpc = NVS_GET(v, NV_PGRAPH_PRI_CWD_GPC_TPC_ID_GPC(j));
		tpc = NVS_GET(v, NV_PGRAPH_PRI_CWD_GPC_TPC_ID_TPC(j));
		if (gpc >= gr->gpcs_enabled || (seen[gpc] & (1u << tpc)))
			return -EIO;
		seen[gpc] |= 1u << tpc;
		gr->cwd_gpc[t] = (uint8_t)gpc;
		gr->cwd_tpc[t] = (uint8_t)tpc;
	}
	return 0;
}

int nvs_gr_read(const struct nvs_io *io, const struct nvs_ident *id, struct nvs_gr *gr)
{
	const struct gr_layout *l = gr_layout(id);
	uint32_t v, tpc_all;
	unsigned int g;
	int ret;

	memset(gr, 0, sizeof(*gr));
	memset(gr->logical, -1, sizeof(gr->logical));
	if (!l || !l->gpc_fuse)
		return -EOPNOTSUPP;
	gr->sms_per_tpc = sms_per_tpc(id, l);
	ret = scal(io, NV_PTOP_SCAL_NUM_GPCS, &v);
	if (ret)
		return ret;
	gr->num_gpcs = v;
	ret = scal(io, NV_PTOP_SCAL_NUM_TPC_PER_GPC, &v);
	if (ret)
		return ret;
	gr->num_tpc_per_gpc = v;
	tpc_all = low_bits(gr->num_tpc_per_gpc);

	gr->gpc_disable_mask = nvs_rd32(io, l->gpc_fuse);
	if (nvs_reg_unreadable(gr->gpc_disable_mask))
		return -EIO;
	for (g = 0; g < gr->num_gpcs; g++) {
		if (gr->gpc_disable_mask & (1u << g)) {
			gr->tpc_disable_mask[g] = tpc_all;
			continue;
		}
		v = nvs_rd32(io, l->tpc_fuse0 + g * l->tpc_fuse_stride);
		if (nvs_reg_unreadable(v))
			return -EIO;
		gr->tpc_disable_mask[g] = v;
		gr->tpcs_enabled_gpc[g] = (uint8_t)popcount32(~v & tpc_all);
		gr->tpcs_enabled += gr->tpcs_enabled_gpc[g];
		gr->gpcs_enabled++;
	}
	if (!gr->gpcs_enabled || !gr->tpcs_enabled)
		return -EIO;	/* everything fused off: not a real reading */

	switch (l->logical) {
	case LOGICAL_FUSE_ORDER:
		v = 0;
		for (g = 0; g < gr->num_gpcs; g++)
			if (!(gr->gpc_disable_mask & (1u << g)))
				gr->logical[g] = (int8_t)v++;
		gr->logical_known = true;
		break;
	case LOGICAL_SMCARB:
		logical_smcarb(io, gr);
		break;
	case LOGICAL_UNKNOWN:
		break;
	}
	gr->cwd_err = cwd_map(io, id, gr);
	gr->cwd_tpcs = gr->cwd_err ? 0 : gr->tpcs_enabled;
	return 0;
}
