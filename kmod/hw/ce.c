// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * ce.c - copy-engine topology decode (Pascal packed nibbles, Volta/Turing
 * and Ampere+ NV_CE_PCE2LCE_CONFIG / NV_CE_GRCE_CONFIG register sets).
 * Register facts: include/nvsched/regs/ce.h (regs-fifo.md §6).
 */
#include "ce.h"
#include "nvsched/regs/ce.h"
#include "nvsched/regs/top.h"

static enum nvs_ce_layout ce_layout(const struct nvs_caps *caps)
{
	return caps ? caps->ce : NVS_CE_NO_MAP;
}

/* @gp100, @gv100 or @ga100, whichever is layout @l's; 0 without a PCE map */
static uint32_t ce_pick(enum nvs_ce_layout l, uint32_t gp100, uint32_t gv100, uint32_t ga100)
{
	switch (l) {
	case NVS_CE_GP100:
		return gp100;
	case NVS_CE_GV100:
		return gv100;
	case NVS_CE_GA100:
		return ga100;
	default:
		return 0;
	}
}

unsigned int nvs_ce_num_pce_slots(const struct nvs_caps *caps)
{
	return ce_pick(ce_layout(caps), NV_CE_PCE2LCE__SIZE_1_GP100,
		       NV_CE_PCE2LCE_CONFIG__SIZE_1_GV100, NV_CE_PCE2LCE_CONFIG__SIZE_1_GA100);
}

unsigned int nvs_ce_num_grce_slots(const struct nvs_caps *caps)
{
	return ce_pick(ce_layout(caps), NV_CE_GRCE_CONFIG__SIZE_1_GP100,
		       NV_CE_GRCE_CONFIG__SIZE_1_GV100, NV_CE_GRCE_CONFIG__SIZE_1_GA100);
}

/* the register of layout @l at ce_pick()'s offset into @v: 0, or NVS_CE_NOVAL
 * (no PCE map, or unreadable) */
static int ce_rd(const struct nvs_io *io, enum nvs_ce_layout l, uint32_t gp100, uint32_t gv100,
		 uint32_t ga100, uint32_t *v)
{
	uint32_t off = ce_pick(l, gp100, gv100, ga100);

	if (!off)
		return NVS_CE_NOVAL;
	*v = nvs_rd32(io, off);
	return nvs_reg_unreadable(*v) ? NVS_CE_NOVAL : 0;
}

/* @lce, or NVS_CE_NONE when it is the layout's "no LCE" value @none */
static int lce_or_none(unsigned int lce, unsigned int none)
{
	return lce == none ? NVS_CE_NONE : (int)lce;
}

/* LCE of PCE p from its register(s) */
static int pce_lce(const struct nvs_io *io, enum nvs_ce_layout l, unsigned int p)
{
	uint32_t v;

	if (ce_rd(io, l, NV_CE_PCE2LCE_GP100, NV_CE_PCE2LCE_CONFIG_GV100(p),
		  NV_CE_PCE2LCE_CONFIG_GA100(p), &v))
		return NVS_CE_NOVAL;
	if (l == NVS_CE_GP100)
		return lce_or_none(NVS_GET(v, NV_CE_PCE2LCE_PCE_GP100(p)),
				   NV_CE_PCE2LCE_PCE_NONE_GP100);
	return lce_or_none(NVS_GET(v, NV_CE_PCE2LCE_CONFIG_PCE_ASSIGNED_LCE),
			   NV_CE_PCE2LCE_CONFIG_PCE_ASSIGNED_LCE_NONE);
}

/* LCE that GRCE g shares according to its config register */
static int grce_lce(const struct nvs_io *io, enum nvs_ce_layout l, unsigned int g)
{
	uint32_t v;

	if (ce_rd(io, l, NV_CE_GRCE_CONFIG_GP100, NV_CE_GRCE_CONFIG_GV100(g),
		  NV_CE_GRCE_CONFIG_GA100(g), &v))
		return NVS_CE_NOVAL;
	if (l == NVS_CE_GP100)
		return NVS_TEST(v, NV_CE_GRCE_CONFIG_SHARED_GP100(g)) ?
		       (int)NVS_GET(v, NV_CE_GRCE_CONFIG_LCE_GP100(g)) : NVS_CE_NONE;
	if (!NVS_TEST(v, NV_CE_GRCE_CONFIG_SHARED))
		return NVS_CE_NONE;
	return lce_or_none(NVS_GET(v, NV_CE_GRCE_CONFIG_SHARED_LCE),
			   NV_CE_GRCE_CONFIG_SHARED_LCE_NONE);
}

/* one more LCE seen: raise *@max_lce to cover @lce (negative: none) */
static int8_t lce_seen(int lce, unsigned int *max_lce)
{
	if (lce >= 0 && (unsigned int)lce + 1 > *max_lce)
		*max_lce = (unsigned int)lce + 1;
	return (int8_t)lce;
}

int nvs_ce_read(const struct nvs_io *io, const struct nvs_caps *caps, struct nvs_ce *ce)
{
	enum nvs_ce_layout l = ce_layout(caps);
	unsigned int p, g, max_lce = 0;
	uint32_t v;

	memset(ce, 0, sizeof(*ce));
	if (l == NVS_CE_NO_MAP)
		return -EOPNOTSUPP;
	ce->num_pces = nvs_ce_num_pce_slots(caps);
	ce->num_grces = nvs_ce_num_grce_slots(caps);
	ce->pce_map_raw = nvs_rd32(io, NV_CE_PCE_MAP);
	if (nvs_reg_unreadable(ce->pce_map_raw))
		return -EIO;
	ce->pce_map = ce->pce_map_raw;
	if (ce->num_pces < 32)
		ce->pce_map &= (1u << ce->num_pces) - 1;

	for (p = 0; p < NVS_CE_MAX_PCES; p++) {
		ce->lce_for_pce[p] = NVS_CE_NONE;
		if (!(ce->pce_map & (1u << p)))
			continue;
		ce->lce_for_pce[p] = lce_seen(pce_lce(io, l, p), &max_lce);
	}
	for (g = 0; g < NVS_CE_MAX_GRCES; g++) {
		ce->grce_shared_lce[g] = NVS_CE_NONE;
		if (g >= ce->num_grces)
			continue;
		ce->grce_shared_lce[g] = lce_seen(grce_lce(io, l, g), &max_lce);
	}
	/* a GRCE with PCEs of its own does not share ([NVDBG] copy_topology_procfs.c) */
	for (g = 0; g < ce->num_grces; g++)
		if (nvs_ce_pces_of_lce(ce, g))
			ce->grce_shared_lce[g] = NVS_CE_NONE;

	/* NV_PTOP_SCAL_NUM_CES: LCE count on Pascal+ (regs-mmu-gr.md §6.1) */
	v = nvs_rd32(io, NV_PTOP_SCAL_NUM_CES);
	ce->num_lces = nvs_reg_unreadable(v) ? 0 : NVS_GET(v, NV_PTOP_SCAL_VALUE);
	if (ce->num_lces < max_lce)
		ce->num_lces = max_lce;
	if (ce->num_lces > NVS_CE_MAX_LCES)
		ce->num_lces = NVS_CE_MAX_LCES;
	return 0;
}

int nvs_ce_pce_map(const struct nvs_io *io, const struct nvs_caps *caps, uint32_t *out)
{
	uint32_t v;

	if (ce_layout(caps) == NVS_CE_NO_MAP)
		return -EOPNOTSUPP;
	v = nvs_rd32(io, NV_CE_PCE_MAP);
	if (nvs_reg_unreadable(v))
		return -EIO;
	*out = v;
	return 0;
}

int nvs_ce_num_ces(const struct nvs_io *io, const struct nvs_caps *caps, uint32_t *out)
{
	uint32_t v = nvs_rd32(io, NV_PTOP_SCAL_NUM_CES);

	if (nvs_reg_unreadable(v))
		return -EIO;
	*out = NVS_GET(v, NV_PTOP_SCAL_VALUE);
	return 0;
}

/* One decoded LCE value as the /proc accessors return it. */
static int lce_value(int8_t lce, int *out)
{
	if (lce == NVS_CE_NOVAL)
		return -EIO;
	if (lce == NVS_CE_NONE)
		return -ENODEV;
	*out = lce;
	return 0;
}

/* the LCE of PCE @i, or (@grce) the LCE that GRCE @i shares, read now */
static int ce_lce_of(const struct nvs_io *io, const struct nvs_caps *caps, bool grce,
		     unsigned int i, int *out)
{
	struct nvs_ce ce;
	int ret = nvs_ce_read(io, caps, &ce);

	if (ret)
		return ret;
	if (i >= (grce ? ce.num_grces : ce.num_pces))
		return -ERANGE;
	return lce_value(grce ? ce.grce_shared_lce[i] : ce.lce_for_pce[i], out);
}

int nvs_ce_lce_for_pce(const struct nvs_io *io, const struct nvs_caps *caps,
		       unsigned int pce, int *out)
{
	return ce_lce_of(io, caps, false, pce, out);
}

int nvs_ce_shared_lce_for_grce(const struct nvs_io *io, const struct nvs_caps *caps,
			       unsigned int grce, int *out)
{
	return ce_lce_of(io, caps, true, grce, out);
}

uint32_t nvs_ce_pces_of_lce(const struct nvs_ce *ce, unsigned int lce)
{
	uint32_t m = 0;
	unsigned int p;

	for (p = 0; p < NVS_CE_MAX_PCES; p++)
		if (ce->lce_for_pce[p] >= 0 && (unsigned int)ce->lce_for_pce[p] == lce)
			m |= 1u << p;
	return m;
}

bool nvs_ce_complete(const struct nvs_ce *ce)
{
	unsigned int i;

	for (i = 0; i < NVS_CE_MAX_PCES; i++)
		if (ce->lce_for_pce[i] == NVS_CE_NOVAL)
			return false;
	for (i = 0; i < NVS_CE_MAX_GRCES; i++)
		if (ce->grce_shared_lce[i] == NVS_CE_NOVAL)
			return false;
	return true;
}

int nvs_ce_format(const struct nvs_ce *ce, nvs_printf_fn pr, void *ctx)
{
	unsigned int lce, p;

	if (!nvs_ce_complete(ce))
		return -EIO;
	for (lce = 0; lce < ce->num_lces; lce++) {
		uint32_t m = nvs_ce_pces_of_lce(ce, lce);
		bool grce = lce < ce->num_grces;

		if (m) {
			if (grce)
				pr(ctx, "GRCE%u ->", lce);
			else
				pr(ctx, "LCE%02u ->", lce);
			for (p = 0; p < NVS_CE_MAX_PCES; p++)
				if (m & (1u << p))
					pr(ctx, " PCE%02u", p);
			pr(ctx, "\n");
		} else if (grce && ce->grce_shared_lce[lce] >= 0) {
			pr(ctx, "GRCE%u -> LCE%02d (shared)\n", lce, ce->grce_shared_lce[lce]);
		}
	}
	return 0;
}
