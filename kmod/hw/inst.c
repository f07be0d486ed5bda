// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * inst.c - instance block (RAMIN) and RAMFC decode (regs-mmu-gr.md §3.1,
 * §3.3; fields in include/nvsched/regs/mmu.h).
 */
#include "inst.h"
#include "pramin.h"
#include "nvsched/regs/mmu.h"

struct rd {
	struct nvs_win *win;
	enum nvs_aperture ap;
	uint64_t base;
	int err;
	uint32_t bad_off;
};

/* One dword of the block; the first failure is remembered in r->err. */
static uint32_t rd(struct rd *r, uint32_t off)
{
	uint32_t v = 0;
	int ret;

	if (r->err)
		return 0;
	ret = nvs_win_read(r->win, r->ap, r->base + off, &v, 4);
	if (ret) {
		r->err = ret;
		r->bad_off = off;
		return 0;
	}
	return v;
}

static unsigned int popcount64(uint64_t v)
{
	unsigned int n = 0;

	for (; v; v &= v - 1)
		n++;
	return n;
}

#define FAILW(err, ...) ({ if (why && whylen) snprintf(why, whylen, __VA_ARGS__); (err); })

/* What each instance block layout holds beyond the page directory base
 * (enum nvs_ramin, regs-mmu-gr.md §3.1) */
static const struct {
	bool fault_replay;	/* FAULT_REPLAY_TEX/GCC in dword 128 */
	bool adr_limit;		/* dwords 130/131: VA limit */
	bool subctx;		/* engine WFI, PASID, subcontext PDBs */
	bool magic;		/* dword 131: ENGINE_CTXSW_FW_MAGIC */
} ramin_layouts[] = {
	[NVS_RAMIN_GK104] = { .adr_limit = true },
	[NVS_RAMIN_GP100] = { .fault_replay = true, .adr_limit = true },
	[NVS_RAMIN_GV100] = { .fault_replay = true, .subctx = true },
	[NVS_RAMIN_TU102] = { .fault_replay = true, .adr_limit = true, .subctx = true },
	[NVS_RAMIN_GB100] = { .fault_replay = true, .subctx = true, .magic = true },
};

/* What each RAMFC layout holds (enum nvs_ramfc, regs-mmu-gr.md §3.3) */
static const struct {
	bool gb;		/* Blackwell GP registers; no USERD */
	bool limit2;		/* GP_BASE_HI.LIMIT2 */
	bool chinfo;		/* SET_CHANNEL_INFO */
	bool target;		/* TARGET */
} ramfc_layouts[] = {
	[NVS_RAMFC_GK104] = { .limit2 = true },
	[NVS_RAMFC_GV100] = { .limit2 = true, .chinfo = true },
	[NVS_RAMFC_TU102] = { .limit2 = true, .chinfo = true, .target = true },
	[NVS_RAMFC_GH100] = { .chinfo = true },
	[NVS_RAMFC_GB100] = { .gb = true },
};

/* Volta+: engine context pointer, PASID, subcontexts (§3.1, §3.2) */
static void ramin_subctx(struct rd *r, struct nvs_inst *in)
{
	uint32_t v = rd(r, NV_RAMIN_ENGINE_WFI_LO), hi = rd(r, NV_RAMIN_ENGINE_WFI_HI);

	in->has_wfi = true;
	in->wfi_target = (uint8_t)NVS_GET(v, NV_RAMIN_ENGINE_WFI_TARGET);
	in->wfi_virtual = NVS_GET(v, NV_RAMIN_ENGINE_WFI_MODE) ==
			  NV_RAMIN_ENGINE_WFI_MODE_VIRTUAL;
	in->wfi_ptr = ((uint64_t)NVS_GET(hi, NV_RAMIN_ENGINE_WFI_PTR_HI) << 32) |
		      ((uint64_t)NVS_GET(v, NV_RAMIN_ENGINE_WFI_PTR_LO) << 12);
	in->wfi_veid = (uint8_t)NVS_GET(rd(r, NV_RAMIN_ENGINE_WFI_VEID_W),
					NV_RAMIN_ENGINE_WFI_VEID);
	v = rd(r, NV_RAMIN_PASID_W);
	in->pasid = NVS_GET(v, NV_RAMIN_PASID);
	in->ats = NVS_TEST(v, NV_RAMIN_ENABLE_ATS);
	in->has_subctx = true;
	in->sc_valid = rd(r, NV_RAMIN_SC_PDB_VALID(0)) |
		       ((uint64_t)rd(r, NV_RAMIN_SC_PDB_VALID(1)) << 32);
	in->sc_count = popcount64(in->sc_valid);
	nvs_mmu_pdb_decode(rd(r, NV_RAMIN_SC_PAGE_DIR_BASE_LO(0)),
			   rd(r, NV_RAMIN_SC_PAGE_DIR_BASE_HI(0)), &in->sc0);
	in->sc0_same = in->sc0.addr == in->pdb.addr && in->sc0.target == in->pdb.target;
}

/* RAMIN beyond the page directory base, as the layout in caps has it */
static void ramin_read(struct rd *r, const struct nvs_caps *caps, struct nvs_inst *in)
{
	uint32_t v, hi;

	if (ramin_layouts[caps->ramin].fault_replay) {
		in->fault_replay_tex = NVS_TEST(in->pdb_lo, NV_RAMIN_FAULT_REPLAY_TEX);
		in->fault_replay_gcc = NVS_TEST(in->pdb_lo, NV_RAMIN_FAULT_REPLAY_GCC);
	}
	if (ramin_layouts[caps->ramin].adr_limit) {
		v = rd(r, NV_RAMIN_ADR_LIMIT_LO);
		hi = rd(r, NV_RAMIN_ADR_LIMIT_HI);
		in->adr_limit = ((uint64_t)NVS_GET(hi, NV_RAMIN_ADR_LIMIT_HI_ADDR) << 32) |
				(v & 0xffffffffu);
		in->has_adr_limit = in->adr_limit != 0;
	}
	if (ramin_layouts[caps->ramin].magic) {
		in->has_magic = true;
		in->magic = rd(r, NV_RAMIN_ENGINE_CTXSW_FW_MAGIC);
	}
	if (ramin_layouts[caps->ramin].subctx)
		ramin_subctx(r, in);
}

/* RAMFC (§3.3), as the layout in caps has it */
static void ramfc_read(struct rd *r, const struct nvs_caps *caps, struct nvs_inst *in)
{
	uint32_t v, hi, u, uh;

	if (ramfc_layouts[caps->ramfc].gb) {
		v = rd(r, NV_RAMFC_GP_BASE_GB100);
		hi = rd(r, NV_RAMFC_GP_BASE_HI_GB100);
		in->gp_get = rd(r, NV_RAMFC_GP_GET_GB100);
		in->gp_put = rd(r, NV_RAMFC_DEBUG_STATE_GP_PUT_GB100);
	} else {
		v = rd(r, NV_RAMFC_GP_BASE);
		hi = rd(r, NV_RAMFC_GP_BASE_HI);
		in->gp_get = rd(r, NV_RAMFC_GP_GET);
		in->gp_put = rd(r, NV_RAMFC_GP_PUT);
		if (ramfc_layouts[caps->ramfc].limit2)
			in->gp_limit2 = (int)NVS_GET(hi, NV_RAMFC_GP_BASE_HI_LIMIT2);
		/* RAMFC mirrors PBDMA offsets; PBDMA USERD +0x008 */
		u = rd(r, NV_RAMFC_USERD);
		uh = rd(r, NV_RAMFC_USERD_HI);
		in->has_userd = true;
		in->userd_target = (uint8_t)NVS_GET(u, NV_RAMFC_USERD_TARGET);
		in->userd = ((uint64_t)NVS_GET(uh, NV_RAMFC_USERD_HI_ADDR) << 32) |
			    ((uint64_t)NVS_GET(u, NV_RAMFC_USERD_ADDR) << 9);
	}
	in->gp_base = ((uint64_t)NVS_GET(hi, NV_RAMFC_GP_BASE_HI_OFFSET) << 32) |
		      ((uint64_t)NVS_GET(v, NV_RAMFC_GP_BASE_OFFSET) << 3);
	if (ramfc_layouts[caps->ramfc].chinfo) {
		v = rd(r, NV_RAMFC_SET_CHANNEL_INFO);
		in->has_chinfo = true;
		in->veid = (uint8_t)NVS_GET(v, NV_RAMFC_SET_CHANNEL_INFO_VEID);
		in->chid = (uint16_t)NVS_GET(v, NV_RAMFC_SET_CHANNEL_INFO_CHID);
	}
	if (ramfc_layouts[caps->ramfc].target) {
		v = rd(r, NV_RAMFC_TARGET);
		in->has_target = true;
		in->engine = (uint8_t)NVS_GET(v, NV_RAMFC_TARGET_ENGINE);
	}
}

/* the decode, every read in the caller's window session */
static int inst_read(struct nvs_win *win, const struct nvs_caps *caps,
		     uint64_t addr, unsigned int ap, struct nvs_inst *in,
		     char *why, size_t whylen)
{
	struct rd r;

	if (why && whylen)
		why[0] = '\0';
	memset(in, 0, sizeof(*in));
	in->gp_limit2 = -1;
	in->addr = addr;
	/* runlist INST_TARGET: INVALID is silently VID (regs-mmu-gr.md §3.5) */
	in->ap = ap == NVS_AP_SYS_COH || ap == NVS_AP_SYS_NONCOH ? (uint8_t)ap : NVS_AP_VID;
	if (addr & (NV_RAMIN_ALLOC_SIZE - 1))
		return FAILW(-EIO, "instance block 0x%llx not 4 KiB aligned",
			     (unsigned long long)addr);
	memset(&r, 0, sizeof(r));
	r.win = win;
	r.ap = (enum nvs_aperture)in->ap;
	r.base = addr;

	/* page directory base, dwords 128/129 (§3.1) */
	in->pdb_lo = rd(&r, NV_RAMIN_PAGE_DIR_BASE_LO);
	in->pdb_hi = rd(&r, NV_RAMIN_PAGE_DIR_BASE_HI);
	if (r.err)
		goto rderr;
	if (nvs_is_pri_error(in->pdb_hi))
		return FAILW(-EIO, "instance block 0x%llx (%s) reads PRI error 0x%08x",
			     (unsigned long long)addr, nvs_aperture_name(in->ap), in->pdb_hi);
	nvs_mmu_pdb_decode(in->pdb_lo, in->pdb_hi, &in->pdb);
	if (in->pdb.addr >> 58)		/* widest PDE field: v2 sys 53:8 -> 58 bits */
		return FAILW(-EIO, "instance block 0x%llx: absurd PDB 0x%llx",
			     (unsigned long long)addr, (unsigned long long)in->pdb.addr);
	in->pt_version = (uint8_t)nvs_mmu_version(caps, &in->pdb);
	in->big_shift = (uint8_t)nvs_mmu_big_shift(caps, &in->pdb);
	ramin_read(&r, caps, in);
	ramfc_read(&r, caps, in);
	if (r.err)
		goto rderr;
	return 0;
rderr:
	return FAILW(r.err == -EBUSY || r.err == -ENODEV ? r.err : -EIO, "instance block 0x%llx (%s): read at +0x%x failed (error %d)",
		     (unsigned long long)addr, nvs_aperture_name(in->ap), r.bad_off, r.err);
}

int nvs_inst_read(const struct nvs_io *io, const struct nvs_caps *caps,
		  uint64_t addr, unsigned int ap, struct nvs_inst *in,
		  char *why, size_t whylen)
{
	struct nvs_win win;
	int ret, end;

	if (!io || !caps || !in)
		return -EINVAL;
	/* one session: the window moves once per 1 MiB span, not per dword */
	nvs_win_begin(&win, io, caps);
	ret = inst_read(&win, caps, addr, ap, in, why, whylen);
	end = nvs_win_end(&win);
	if (!ret && end)
		ret = FAILW(end, "instance block 0x%llx: %s", (unsigned long long)addr,
			    end == -EBUSY ? "the driver moved the PRAMIN window meanwhile" :
			    "GPU reads all ones");
	return ret;
}

void nvs_inst_resolve(const struct nvs_io *io, const struct nvs_caps *caps,
		      struct nvs_inst *in, struct nvs_mmu_cache *cache)
{
	enum nvs_aperture ap = NVS_AP_VID;

	in->gp_why[0] = '\0';
	in->gp_err = nvs_mmu_translate(io, caps, &in->pdb, in->gp_base, &in->gp_pa, &ap,
				       cache, in->gp_why, sizeof(in->gp_why));
	in->gp_pa_ap = (uint8_t)ap;
	if (in->gp_err)
		in->gp_pa = 0;
}

void nvs_inst_format(const struct nvs_inst *in, const char *ind,
		     nvs_printf_fn pr, void *ctx)
{
	pr(ctx, "%sinst 0x%llx (%s): PDB 0x%llx (%s) v%u, %u KiB big pages%s%s\n", ind,
	   (unsigned long long)in->addr, nvs_aperture_name(in->ap), (unsigned long long)in->pdb.addr,
	   nvs_aperture_name(in->pdb.target), in->pt_version, 1u << (in->big_shift - 10),
	   in->pdb.vol ? ", vol" : "", in->pdb.ver2 ? ", ver2 bit" : "");
	if (in->has_adr_limit)
		pr(ctx, "%s  VA limit 0x%llx\n", ind, (unsigned long long)in->adr_limit);
	if (in->has_magic && in->magic != NV_RAMIN_ENGINE_CTXSW_FW_MAGIC_VALUE)
		pr(ctx, "%s  ctxsw magic 0x%08x (expected 0x%08x)\n", ind, in->magic,
		   NV_RAMIN_ENGINE_CTXSW_FW_MAGIC_VALUE);
	if (in->has_subctx)
		pr(ctx, "%s  subcontexts: %u valid (mask 0x%016llx), SC0 PDB %s\n", ind,
		   in->sc_count, (unsigned long long)in->sc_valid,
		   in->sc0_same ? "same as base" : "differs from base");
	if (in->has_chinfo)
		pr(ctx, "%s  VEID %u, CHID %u\n", ind, in->veid, in->chid);
	if (in->has_wfi && (in->wfi_ptr || in->wfi_virtual))
		pr(ctx, "%s  engine context 0x%llx (%s, %s), WFI VEID %u\n", ind,
		   (unsigned long long)in->wfi_ptr, in->wfi_virtual ? "virtual" : "physical",
		   nvs_aperture_name(in->wfi_target), in->wfi_veid);
	if (in->has_target)
		pr(ctx, "%s  RAMFC target engine %u\n", ind, in->engine);
	if (in->has_userd)
		pr(ctx, "%s  RAMFC USERD 0x%llx (%s)\n", ind, (unsigned long long)in->userd,
		   nvs_aperture_name(in->userd_target));
	if (in->gp_limit2 >= 0)
		pr(ctx, "%s  GPFIFO VA 0x%llx, %u entries, GP_GET %u GP_PUT %u\n", ind,
		   (unsigned long long)in->gp_base, 1u << in->gp_limit2, in->gp_get, in->gp_put);
	else
		pr(ctx, "%s  GPFIFO VA 0x%llx, GP_GET %u GP_PUT %u\n", ind,
		   (unsigned long long)in->gp_base, in->gp_get, in->gp_put);
	if (!in->gp_err)
		pr(ctx, "%s  GPFIFO PA 0x%llx (%s)\n", ind, (unsigned long long)in->gp_pa,
		   nvs_aperture_name(in->gp_pa_ap));
	else if (in->gp_why[0])
		pr(ctx, "%s  GPFIFO PA unknown: %s\n", ind, in->gp_why);
}

void nvs_inst_format_box(const struct nvs_inst *in, const char *ind,
			 nvs_printf_fn pr, void *ctx)
{
	pr(ctx, "%s| Page Dir Base (v%u): |\n", ind, in->pt_version);
	pr(ctx, "%s|   0x%016llx|\n", ind, (unsigned long long)in->pdb.addr);
	pr(ctx, "%s| %20s|\n", ind, nvs_aperture_manual_name(in->pdb.target));
	pr(ctx, "%s| Big pages:  %4u KiB|\n", ind, 1u << (in->big_shift - 10));
	if (in->has_subctx)
		pr(ctx, "%s| Subcontexts:      %2u|\n", ind, in->sc_count);
	if (in->has_chinfo)
		pr(ctx, "%s| RAMFC VEID:       %2u|\n", ind, in->veid);
	pr(ctx, "%s| GPFIFO VA:          |\n", ind);
	pr(ctx, "%s|   0x%016llx|\n", ind, (unsigned long long)in->gp_base);
	if (in->gp_limit2 >= 0)
		pr(ctx, "%s| GPFIFO entries:%5u|\n", ind, 1u << in->gp_limit2);
	if (!in->gp_err) {
		pr(ctx, "%s| GPFIFO PA:          |\n", ind);
		pr(ctx, "%s|   0x%016llx|\n", ind, (unsigned long long)in->gp_pa);
		pr(ctx, "%s| %20s|\n", ind, nvs_aperture_manual_name(in->gp_pa_ap));
	} else {
		pr(ctx, "%s| GPFIFO PA: %-9s|  %s\n", ind,
		   in->gp_err == -ENOENT ? "unmapped" : "ERROR", in->gp_why);
	}
	pr(ctx, "%s| GP_GET: %12u|\n", ind, in->gp_get);
	pr(ctx, "%s| GP_PUT: %12u|\n", ind, in->gp_put);
	if (in->has_magic && in->magic != NV_RAMIN_ENGINE_CTXSW_FW_MAGIC_VALUE)
		pr(ctx, "%s| ctxsw magic wrong   |  0x%08x, expected 0x%08x\n", ind, in->magic,
		   NV_RAMIN_ENGINE_CTXSW_FW_MAGIC_VALUE);
}

int nvs_inst_describe(const struct nvs_io *io, const struct nvs_caps *caps,
		      uint64_t addr, unsigned int ap, struct nvs_mmu_cache *cache,
		      bool box, const char *ind, nvs_printf_fn pr, void *ctx)
{
	struct nvs_inst in;
	char why[96];
	int ret;

	ret = nvs_inst_read(io, caps, addr, ap, &in, why, sizeof(why));
	if (ret) {
		if (box)
			pr(ctx, "%s| Instance: ERROR     |  %s\n", ind, why);
		else
			pr(ctx, "%sinst 0x%llx: %s\n", ind, (unsigned long long)addr, why);
		return ret;
	}
	nvs_inst_resolve(io, caps, &in, cache);
	if (box)
		nvs_inst_format_box(&in, ind, pr, ctx);
	else
		nvs_inst_format(&in, ind, pr, ctx);
	return 0;
}
