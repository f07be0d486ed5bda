/* SPDX-License-Identifier: MIT */
/*
 * nvss-gen: encode one chip description (chips.c) into a snapshot.
 * Every register value is composed from regs.h fields; section references
 * are to regs-fifo.md ("fifo") and regs-mmu-gr.md ("mmu"), indexed with their
 * public sources in docs/register-sources.md.
 */
#include <string.h>
#include "chip.h"
#include "regs.h"

/* GPU VAs of each TSG's address space (mapped by the page tables below) */
#define VA_USERD 0x1000000000ull
#define VA_GPFIFO 0x1000001000ull
#define GPFIFO_LIMIT2 6         /* 64 entries x 8 bytes = 512 bytes per channel */

#define BLOCK_BASE(k) (0xc00000u + 0x400u * (k))       /* NV_RUNLIST blocks (as on GH100) */
#define CHRAM_BASE(k) (0xc20000u + 0x2000u * (k))      /* 2048 x 4 bytes per runlist */
#define PBDMA_BASE(i) (0x040000u + 0x800u * (i))       /* fifo §7.2 (GA100) */

static int is_ampere_plus(enum gen g) { return g >= G_AMPERE; }
static int pccsr_gen(enum gen g) { return g <= G_TURING; }
static int rl16(enum gen g) { return g >= G_VOLTA; }

static struct field fshift(const struct field *f, unsigned by)
{
	struct field r = *f;

	r.hi += by;
	r.lo += by;
	return r;
}

static uint32_t pccsr_word(const struct chip *c, enum chst st, int rl);
static uint32_t chram_word(enum chst st);

/* ---------------------------------------------------------------- alloc */
static uint64_t valloc(struct alloc *a, uint64_t size, uint64_t align)
{
	uint64_t p = (a->next + align - 1) & ~(align - 1);

	a->next = p + size;
	return p;
}

/* ----------------------------------------------------------- chip id */
static void build_ids(const struct chip *c, struct snap *s)
{
	uint32_t arch = c->chip_id >> 4, impl = c->chip_id & 0xf;

	/* fifo §1.1 */
	reg_set(s, PMC_BOOT_0, enc(&BOOT0_MINOR_REV, (uint64_t)c->minor_rev) |
		enc(&BOOT0_MAJOR_REV, (uint64_t)c->major_rev) | enc(&BOOT0_ARCH_1, arch >> 5) |
		enc(&BOOT0_IMPL, impl) | enc(&BOOT0_ARCH_0, arch & 0x1f));
	/* fifo §1.2: bare metal, not a VF */
	reg_set(s, PMC_BOOT_1, enc(&BOOT1_VGPU, 0));
	/* fifo §1.3 */
	if (c->boot42 == 1)
		reg_set(s, PMC_BOOT_42, enc(&BOOT42_MINOR_EXT_REV, 0) |
			enc(&BOOT42_MINOR_REV, (uint64_t)c->minor_rev) |
			enc(&BOOT42_MAJOR_REV, (uint64_t)c->major_rev) |
			enc(&BOOT42_IMPL, impl) | enc(&BOOT42_ARCH, arch));
	else if (c->boot42 == 2)
		reg_set(s, PMC_BOOT_42, enc(&BOOT42_ARCH, 0));
}

/* ------------------------------------------------------- runlist index */
struct rlinfo {
	int n;
	int id[32];
	int first_dev[32];
	int nengs[32];
};

static void collect_runlists(const struct chip *c, struct rlinfo *ri)
{
	int i, k;

	memset(ri, 0, sizeof(*ri));
	for (i = 0; i < c->ndev; i++) {
		const struct dev *d = &c->dev[i];

		if (d->type == HOLE || d->rl == NONE)
			continue;
		for (k = 0; k < ri->n; k++)
			if (ri->id[k] == d->rl)
				break;
		if (k == ri->n) {
			ri->id[k] = d->rl;
			ri->first_dev[k] = i;
			ri->n++;
		}
		ri->nengs[k]++;
	}
}

static int rl_index(const struct rlinfo *ri, int id)
{
	int k;

	for (k = 0; k < ri->n; k++)
		if (ri->id[k] == id)
			return k;
	die("runlist %d has no engine", id);
}

/* -------------------------------------------------- legacy PTOP (fifo §2.1) */
static void build_ptop_legacy(const struct chip *c, struct snap *s)
{
	uint32_t rows[PTOP_DEVICE_INFO_N];
	int n = 0, i, eng = 0, j;

	memset(rows, 0, sizeof(rows));
	for (i = 0; i < c->ndev; i++) {
		const struct dev *d = &c->dev[i];
		uint32_t data, en, type, e[3];
		int has_rl = d->rl != NONE;

		if (d->type == HOLE) {
			rows[n++] = enc(&PTOP_INFO_ENTRY, PTOP_ENTRY_NOT_VALID);
			continue;
		}
		data = enc(&PTOP_INFO_ENTRY, PTOP_ENTRY_DATA) | enc(&PTOP_DATA_TYPE, 0) |
		       enc(&PTOP_DATA_INST_ID, (uint64_t)d->inst) |
		       enc_addr(&PTOP_DATA_PRI_BASE, d->pri_base) |
		       enc(&PTOP_DATA_FAULT_ID, has_rl ? (uint64_t)d->fault : 0) |
		       enc(&PTOP_DATA_FAULT_ID_VALID, has_rl ? 1 : 0);
		en = enc(&PTOP_INFO_ENTRY, PTOP_ENTRY_ENUM) |
		     enc(&PTOP_ENUM_ENGINE, has_rl ? (uint64_t)eng : 0) |
		     enc(&PTOP_ENUM_RUNLIST, has_rl ? (uint64_t)d->rl : 0) |
		     enc(&PTOP_ENUM_INTR, (uint64_t)d->intr) |
		     enc(&PTOP_ENUM_RESET, (uint64_t)d->reset) |
		     enc(&PTOP_ENUM_ENGINE_VALID, has_rl) | enc(&PTOP_ENUM_RUNLIST_VALID, has_rl) |
		     enc(&PTOP_ENUM_INTR_VALID, d->intr != 0 || d->type == ET_GRAPHICS) |
		     enc(&PTOP_ENUM_RESET_VALID, d->reset != 0);
		type = enc(&PTOP_INFO_ENTRY, PTOP_ENTRY_ENGINE_TYPE) |
		       enc(&PTOP_TYPE_ENUM, (uint64_t)d->type);
		if (has_rl)
			eng++;
		/* entries are tagged, so their order within a chain is free; the last
		 * device of each chip uses a different order to exercise that */
		if (i == c->ndev - 1) {
			e[0] = en; e[1] = type; e[2] = data;
		} else {
			e[0] = data; e[1] = en; e[2] = type;
		}
		for (j = 0; j < 3; j++) {
			if (n >= PTOP_DEVICE_INFO_N)
				die("PTOP table full");
			rows[n++] = e[j] | enc(&PTOP_INFO_CHAIN, j < 2);
		}
	}
	/* all 64 entries are readable; the tail is NOT_VALID */
	for (i = 0; i < PTOP_DEVICE_INFO_N; i++)
		reg_set(s, PTOP_DEVICE_INFO(i), rows[i]);
}

/* ---------------------------------------------- DEVICE_INFO2 (fifo §2.2) */
static void build_ptop_info2(const struct chip *c, struct snap *s, const struct rlinfo *ri)
{
	int n = 0, i, ndevs = 0;

	for (i = 0; i < c->ndev; i++) {
		const struct dev *d = &c->dev[i];
		int has_rl = d->rl != NONE;

		if (d->type == HOLE) {
			reg_set(s, PTOP_DEVICE_INFO2(n++), enc(&PTOP_INFO2_ROW_CHAIN, 0));
			continue;
		}
		ndevs++;
		reg_set(s, PTOP_DEVICE_INFO2(n++),
			enc(&PTOP_INFO2_ROW0_FAULT_ID, (uint64_t)d->fault) |
			enc(&PTOP_INFO2_ROW0_GROUP_ID, 0) |
			enc(&PTOP_INFO2_ROW0_INSTANCE_ID, (uint64_t)d->inst) |
			enc(&PTOP_INFO2_ROW0_TYPE_ENUM, (uint64_t)d->type) |
			enc(&PTOP_INFO2_ROW_CHAIN, 1));
		reg_set(s, PTOP_DEVICE_INFO2(n++),
			enc(&PTOP_INFO2_ROW1_RESET_ID, (uint64_t)d->reset) |
			enc_addr(&PTOP_INFO2_ROW1_PRI_BASE, d->pri_base) |
			enc(&PTOP_INFO2_ROW1_IS_ENGINE, has_rl) |
			enc(&PTOP_INFO2_ROW_CHAIN, has_rl));
		if (has_rl)
			reg_set(s, PTOP_DEVICE_INFO2(n++),
				enc(&PTOP_INFO2_ROW2_RLENG_ID, (uint64_t)d->rleng) |
				enc_addr(&PTOP_INFO2_ROW2_RUNLIST_PRI_BASE,
					 BLOCK_BASE(rl_index(ri, d->rl))) |
				enc(&PTOP_INFO2_ROW_CHAIN, 0));
	}
	/* one trailing empty row, counted in NUM_ROWS */
	reg_set(s, PTOP_DEVICE_INFO2(n++), enc(&PTOP_INFO2_ROW_CHAIN, 0));
	reg_set(s, PTOP_DEVICE_INFO_CFG, enc(&PTOP_CFG_VERSION, 2) |
		enc(&PTOP_CFG_MAX_DEVICES, (uint64_t)ndevs) |
		enc(&PTOP_CFG_MAX_ROWS_PER_DEVICE, 3) | enc(&PTOP_CFG_NUM_ROWS, (uint64_t)n));
}

/* -------------------------------------------- scal, CE, fuses, CWD */
static void build_scal(const struct chip *c, struct snap *s)
{
	/* fifo §2.4, mmu §6.1 */
	reg_set(s, PTOP_SCAL_NUM_GPCS, enc(&PTOP_SCAL_VALUE, (uint64_t)c->ngpc));
	reg_set(s, PTOP_SCAL_NUM_TPC_PER_GPC, enc(&PTOP_SCAL_VALUE, (uint64_t)c->ntpc));
	if (c->num_ces)
		reg_set(s, PTOP_SCAL_NUM_CES, enc(&PTOP_SCAL_VALUE, (uint64_t)c->num_ces));
}

static void build_ce(const struct chip *c, struct snap *s)
{
	int i;

	if (c->gen <= G_MAXWELL)
		return;         /* COPY0..2 only: no LCE/PCE map (fifo §9) */
	reg_set(s, CE_PCE_MAP, enc(&CE_PCE_MAP_VALUE, c->pce_map));
	if (c->gen == G_PASCAL) {
		/* fifo §6: packed nibbles and one byte per GRCE (nvdebug; uncertain) */
		uint32_t v = 0, g = 0;

		for (i = 0; i < c->npce; i++) {
			struct field f = fshift(&CE_PASCAL_PCE2LCE_NIBBLE, 4u * (unsigned)i);

			v |= enc(&f, (uint64_t)c->pce2lce[i]);
		}
		reg_set(s, CE_PASCAL_PCE2LCE, v);
		for (i = 0; i < c->ngrce; i++) {
			struct field fl = fshift(&CE_PASCAL_GRCE_LCE, 8u * (unsigned)i);
			struct field fs = fshift(&CE_PASCAL_GRCE_SHARED, 8u * (unsigned)i);

			if (c->grce_shared[i] != NONE)
				g |= enc(&fl, (uint64_t)c->grce_shared[i]) | enc(&fs, 1);
		}
		reg_set(s, CE_PASCAL_GRCE, g);
		return;
	}
	for (i = 0; i < c->npce; i++)
		reg_set(s, is_ampere_plus(c->gen) ? CE_AMPERE_PCE2LCE(i) : CE_VOLTA_PCE2LCE(i),
			enc(&CE_PCE2LCE_ASSIGNED_LCE, (uint64_t)c->pce2lce[i]));
	for (i = 0; i < c->ngrce; i++) {
		int sh = c->grce_shared[i] != NONE;

		reg_set(s, is_ampere_plus(c->gen) ? CE_AMPERE_GRCE(i) : CE_VOLTA_GRCE(i),
			enc(&CE_GRCE_SHARED_LCE, sh ? (uint64_t)c->grce_shared[i] : 0xf) |
			enc(&CE_GRCE_SHARED, sh));
	}
	if (c->gen == G_BLACKWELL) {
		/* GRCE_MASK at the LCE pri base (fifo §6): LCE0 and LCE1 are GRCEs */
		uint32_t lce_base = 0;

		for (i = 0; i < c->ndev; i++)
			if (c->dev[i].type == ET_LCE)
				lce_base = c->dev[i].pri_base;
		reg_set(s, lce_base + CE_GB202_GRCE_MASK_OFF, enc(&CE_GRCE_MASK_VALUE, 0x3));
	}
}

static void build_gr(const struct chip *c, struct snap *s)
{
	int g, t, lg = 0, total = 0, tmax = 0;
	int cnt[16];
	uint32_t gpc_tpc[32], sm_id[16];
	int nsm_id = 0;
	int old = c->gen < G_AMPERE;

	memset(gpc_tpc, 0, sizeof(gpc_tpc));
	memset(sm_id, 0, sizeof(sm_id));
	/* mmu §6.3: set bit = disabled; Kepler assumed at the Maxwell offsets */
	reg_set(s, old ? FUSE_GPC_OLD : FUSE_GPC_NEW, enc(&FUSE_MASK, c->gpc_fuse));
	for (g = 0; g < c->ngpc; g++)
		reg_set(s, old ? FUSE_TPC_GPC_OLD(g) : FUSE_TPC_GPC_NEW(g),
			enc(&FUSE_MASK, c->tpc_fuse[g]));

	/* logical GPC = rank among enabled GPCs (mmu §6.4); count enabled TPCs */
	for (g = 0; g < c->ngpc; g++) {
		if (c->gpc_fuse & (1u << g))
			continue;
		cnt[lg] = 0;
		for (t = 0; t < c->ntpc; t++)
			if (!(c->tpc_fuse[g] & (1u << t)))
				cnt[lg]++;
		if (cnt[lg] > tmax)
			tmax = cnt[lg];
		lg++;
	}
	if (c->gen < G_PASCAL)
		return;         /* no CWD tables modelled before Pascal */
	/* global TPC ids: round robin over logical GPCs (mmu §6.6, pre-Volta loop;
	 * used here for every generation: the generator's choice, see docs) */
	for (t = 0; t < tmax; t++)
		for (g = 0; g < lg; g++) {
			struct field ft, fg;

			if (t >= cnt[g])
				continue;
			ft = fshift(&CWD_ENTRY_TPC, 8u * (unsigned)(total % 4));
			fg = fshift(&CWD_ENTRY_GPC, 8u * (unsigned)(total % 4));
			gpc_tpc[total / 4] |= enc(&ft, (uint64_t)t) | enc(&fg, (uint64_t)g);
			if (c->gen <= G_AMPERE) {
				int idx = g + lg * ((t & 4) >> 2);
				struct field fs = { "CWD_SM_ID_ENTRY", 8u * (unsigned)(t & 3) + 7,
						    8u * (unsigned)(t & 3), 0 };

				if (idx >= 16)
					die("CWD_SM_ID index overflow");
				sm_id[idx] |= enc(&fs, (uint64_t)total);
				if (idx + 1 > nsm_id)
					nsm_id = idx + 1;
			}
			total++;
		}
	reg_set(s, CWD_FS, enc(&CWD_FS_NUM_GPCS, (uint64_t)lg) |
		enc(&CWD_FS_NUM_TPCS, (uint64_t)total));
	for (g = 0; g < (total + 3) / 4; g++)
		reg_set(s, c->gen <= G_AMPERE ? CWD_GPC_TPC_ID(g) : CWD_GPC_TPC_ID_ADA(g),
			gpc_tpc[g]);
	for (g = 0; g < nsm_id; g++)
		reg_set(s, CWD_SM_ID(g), sm_id[g]);
}

/* ---------------------------------------------------- page tables */
struct lev { unsigned hi, lo, esz; uint64_t size; };
struct ptnode { int level; uint64_t key, pa; };
struct pt {
	struct snap *s;
	struct alloc *a;
	int ver;                /* 1, 2, 3 */
	int nlev;
	struct lev lev[6];
	struct ptnode node[64];
	int nnode;
};

static void pt_init(struct pt *p, struct snap *s, struct alloc *a, const struct chip *c)
{
	memset(p, 0, sizeof(*p));
	p->s = s;
	p->a = a;
	if (c->gen <= G_MAXWELL) {
		/* mmu §4.2 v1: Kepler 128K big pages (PD VA[39:27], PT VA[26:12]);
		 * GM20x selects 64K per instance block (PD VA[39:26], PT VA[25:12]) */
		int big64 = c->gen == G_MAXWELL;

		p->ver = 1;
		p->nlev = 2;
		p->lev[0] = (struct lev){ 39, big64 ? 26 : 27, 8, big64 ? 16384 * 8 : 8192 * 8 };
		p->lev[1] = (struct lev){ big64 ? 25 : 26, 12, 8, big64 ? 16384 * 8 : 32768 * 8 };
	} else if (c->gen <= G_ADA) {
		/* mmu §4.3 v2 */
		p->ver = 2;
		p->nlev = 5;
		p->lev[0] = (struct lev){ 48, 47, 8, 4096 };    /* PD3 (RM allocates a full page) */
		p->lev[1] = (struct lev){ 46, 38, 8, 4096 };
		p->lev[2] = (struct lev){ 37, 29, 8, 4096 };
		p->lev[3] = (struct lev){ 28, 21, 16, 4096 };   /* PD0, dual */
		p->lev[4] = (struct lev){ 20, 12, 8, 4096 };
	} else {
		/* mmu §4.4 v3 */
		p->ver = 3;
		p->nlev = 6;
		p->lev[0] = (struct lev){ 56, 56, 8, 4096 };    /* PD4 */
		p->lev[1] = (struct lev){ 55, 47, 8, 4096 };
		p->lev[2] = (struct lev){ 46, 38, 8, 4096 };
		p->lev[3] = (struct lev){ 37, 29, 8, 4096 };
		p->lev[4] = (struct lev){ 28, 21, 16, 4096 };   /* PD0, dual */
		p->lev[5] = (struct lev){ 20, 12, 8, 4096 };
	}
}

static uint64_t pt_table(struct pt *p, int level, uint64_t va)
{
	uint64_t key = p->lev[level].hi >= 63 ? 0 : va >> (p->lev[level].hi + 1);
	int i;

	for (i = 0; i < p->nnode; i++)
		if (p->node[i].level == level && p->node[i].key == key)
			return p->node[i].pa;
	if (p->nnode == 64)
		die("too many page tables");
	p->node[p->nnode] = (struct ptnode){ level, key, valloc(p->a, p->lev[level].size, 4096) };
	/* the first page of every table is present (zeros = invalid entries) */
	mem_touch(p->s, AP_VID, p->node[p->nnode].pa, 4096);
	return p->node[p->nnode++].pa;
}

static void pt_entry(struct pt *p, int level, uint64_t va, uint64_t child_or_pa)
{
	const struct lev *l = &p->lev[level];
	uint64_t idx = (va >> l->lo) & ((1ull << (l->hi - l->lo + 1)) - 1);
	uint64_t at = pt_table(p, level, va) + idx * l->esz;
	uint8_t e[16];
	int leaf = level == p->nlev - 1;

	memset(e, 0, sizeof(e));
	if (p->ver == 1) {
		if (leaf) {
			put_field(e, 8, &V1_PTE_VALID, 1);
			put_addr(e, 8, &V1_PTE_ADDRESS_VID, child_or_pa);
			put_field(e, 8, &V1_PTE_APERTURE, PTE_AP_VID);
			put_field(e, 8, &V1_PTE_KIND, 0);
		} else {
			put_field(e, 8, &V1_PDE_APERTURE_BIG, PDE_AP_INVALID);
			put_field(e, 8, &V1_PDE_SIZE, 0);
			put_field(e, 8, &V1_PDE_APERTURE_SMALL, PDE_AP_VID);
			put_addr(e, 8, &V1_PDE_ADDRESS_SMALL_VID, child_or_pa);
		}
	} else if (p->ver == 2) {
		if (leaf) {
			put_field(e, 8, &V2_PTE_VALID, 1);
			put_field(e, 8, &V2_PTE_APERTURE, PTE_AP_VID);
			put_addr(e, 8, &V2_PTE_ADDRESS_VID, child_or_pa);
		} else if (l->esz == 16) {
			put_field(e, 16, &V2_DPDE_APERTURE_BIG, PDE_AP_INVALID);
			put_field(e, 16, &V2_DPDE_APERTURE_SMALL, PDE_AP_VID);
			put_addr(e, 16, &V2_DPDE_ADDRESS_SMALL_VID, child_or_pa);
		} else {
			put_field(e, 8, &V2_PDE_IS_PTE, 0);
			put_field(e, 8, &V2_PDE_APERTURE, PDE_AP_VID);
			put_addr(e, 8, &V2_PDE_ADDRESS_VID, child_or_pa);
		}
	} else {
		if (leaf) {
			put_field(e, 8, &V3_PTE_VALID, 1);
			put_field(e, 8, &V3_PTE_APERTURE, PTE_AP_VID);
			put_field(e, 8, &V3_PTE_PCF, 0);
			put_addr(e, 8, &V3_PTE_ADDRESS, child_or_pa);
		} else if (l->esz == 16) {
			put_field(e, 16, &V3_DPDE_APERTURE_BIG, PDE_AP_INVALID);
			put_field(e, 16, &V3_DPDE_APERTURE_SMALL, PDE_AP_VID);
			put_field(e, 16, &V3_DPDE_PCF_SMALL, 2);
			put_addr(e, 16, &V3_DPDE_ADDRESS_SMALL, child_or_pa);
		} else {
			put_field(e, 8, &V3_PDE_IS_PTE, 0);
			put_field(e, 8, &V3_PDE_APERTURE, PDE_AP_VID);
			put_field(e, 8, &V3_PDE_PCF, 2);
			put_addr(e, 8, &V3_PDE_ADDRESS, child_or_pa);
		}
	}
	mem_write(p->s, AP_VID, at, e, l->esz);
}

static void pt_map(struct pt *p, uint64_t va, uint64_t pa)
{
	int l;

	for (l = 0; l < p->nlev - 1; l++)
		pt_entry(p, l, va, pt_table(p, l + 1, va));
	pt_entry(p, p->nlev - 1, va, pa);
}

/* ------------------------------------------------ instance block (mmu §3) */
static void put32(struct snap *s, uint64_t inst, uint32_t off, uint32_t v)
{
	mem_wr32(s, AP_VID, inst + off, v);
}

static uint32_t pdb_word(const struct chip *c, uint64_t pdb, int sc)
{
	int v2 = c->gen >= G_PASCAL && c->gen <= G_ADA;
	/* RM writes USE_VER2 = 0 for the base PDB on Hopper+, 1 for subcontexts */
	int ver2bit = v2 || (sc && c->gen >= G_HOPPER);
	int big64 = c->gen >= G_MAXWELL;

	return enc(&RAMIN_PDB_TARGET, RAMIN_TARGET_VID) | enc(&RAMIN_PDB_VOL, 0) |
	       enc(&RAMIN_USE_VER2_PT_FORMAT, c->gen >= G_PASCAL ? (uint64_t)ver2bit : 0) |
	       enc(&RAMIN_BIG_PAGE_SIZE, (uint64_t)big64) |
	       enc_addr(&RAMIN_PDB_LO, pdb & 0xfffff000ull);
}

static void build_inst(const struct chip *c, struct snap *s, uint64_t inst, uint64_t pdb,
		       int chid, int veid, uint64_t userd, int userd_target, uint64_t gpfifo_va)
{
	int i;

	mem_touch(s, AP_VID, inst, RAMIN_SIZE);
	if (chid < 0)
		die("bad chid");
	/* RAMFC (mmu §3.3) */
	put32(s, inst, RAMFC_USERD, enc(&RAMFC_USERD_TARGET, (uint64_t)userd_target) |
	      enc_addr(&RAMFC_USERD_ADDR, userd & 0xffffffffull));
	put32(s, inst, RAMFC_USERD_HI, enc(&RAMFC_USERD_HI_ADDR, userd >> 32));
	if (c->gen == G_BLACKWELL) {
		put32(s, inst, RAMFC_GB_GP_BASE, enc(&RAMFC_GP_BASE_OFFSET, (gpfifo_va & 0xffffffffull) >> 3));
		put32(s, inst, RAMFC_GB_GP_BASE_HI, enc(&RAMFC_GP_BASE_HI_OFFSET, gpfifo_va >> 32));
	} else {
		put32(s, inst, RAMFC_GP_BASE, enc(&RAMFC_GP_BASE_OFFSET, (gpfifo_va & 0xffffffffull) >> 3));
		put32(s, inst, RAMFC_GP_BASE_HI, enc(&RAMFC_GP_BASE_HI_OFFSET, gpfifo_va >> 32) |
		      enc(&RAMFC_GP_BASE_HI_LIMIT2, c->gen == G_HOPPER ? 0 : GPFIFO_LIMIT2));
	}
	if (c->gen >= G_VOLTA && c->gen != G_BLACKWELL)
		put32(s, inst, RAMFC_SET_CHANNEL_INFO, enc(&RAMFC_CHINFO_VEID, (uint64_t)veid) |
		      enc(&RAMFC_CHINFO_CHID, (uint64_t)chid));
	/* page directory base (mmu §3.1) */
	put32(s, inst, RAMIN_PDB, pdb_word(c, pdb, 0));
	put32(s, inst, RAMIN_PDB_HI, enc(&RAMIN_PDB_HI_VAL, pdb >> 32));
	if (c->gen <= G_PASCAL || c->gen == G_TURING) {
		uint64_t limit = (c->gen <= G_MAXWELL ? (1ull << 40) : (1ull << 49)) - 1;

		put32(s, inst, RAMIN_ADR_LIMIT_LO, enc_addr(&RAMIN_ADR_LIMIT_LO_VAL,
			(limit & 0xffffffffull) & ~0xfffull) |
		      enc(&RAMIN_ADR_LIMIT_LO_FILL, 0xfff));
		put32(s, inst, RAMIN_ADR_LIMIT_HI, enc(&RAMIN_ADR_LIMIT_HI_VAL, limit >> 32));
	}
	if (c->gen == G_BLACKWELL)
		put32(s, inst, RAMIN_MAGIC, enc(&RAMIN_MAGIC_VALUE, RAMIN_MAGIC_CAFECA11));
	if (c->gen >= G_VOLTA) {
		/* subcontext 0 = the channel's VA space; 1..63 TARGET INVALID (nouveau gv100) */
		put32(s, inst, RAMIN_SC_PDB_VALID, enc(&RAMIN_SC_PDB_VALID_BIT0, 1));
		put32(s, inst, RAMIN_SC_PDB(0), pdb_word(c, pdb, 1));
		put32(s, inst, RAMIN_SC_PDB_HI(0), enc(&RAMIN_PDB_HI_VAL, pdb >> 32));
		for (i = 1; i < 64; i++)
			put32(s, inst, RAMIN_SC_PDB(i), enc(&RAMIN_PDB_TARGET, RAMIN_TARGET_INVALID));
	}
}

/* -------------------------------------------------------- runlists */

static void put_rl8_tsg(uint8_t *e, const struct tsg *t)
{
	put_field(e, 8, &RL8_ID, (uint64_t)t->tsgid);
	put_field(e, 8, &RL8_TYPE, 1);
	put_field(e, 8, &RL8_TSG_TIMESLICE_SCALE, (uint64_t)t->scale);
	put_field(e, 8, &RL8_TSG_TIMESLICE_TIMEOUT, (uint64_t)t->timeout);
	put_field(e, 8, &RL8_TSG_LENGTH, (uint64_t)t->nch);
}

static void put_rl16_tsg(uint8_t *e, const struct tsg *t)
{
	put_field(e, 16, &RL16_TYPE, 1);
	put_field(e, 16, &RL16_TSG_GFID, 0);
	put_field(e, 16, &RL16_TSG_TIMESLICE_SCALE, (uint64_t)t->scale);
	put_field(e, 16, &RL16_TSG_TIMESLICE_TIMEOUT, (uint64_t)t->timeout);
	put_field(e, 16, &RL16_TSG_LENGTH, (uint64_t)t->nch);
	put_field(e, 16, &RL16_ID, (uint64_t)t->tsgid);
}

void build_runlist_mem(const struct chip *c, struct snap *s, struct alloc *a,
		       const struct rl *r, struct rlres *res, uint32_t chram_base)
{
	size_t esz = rl16(c->gen) ? 16 : 8;
	int nent = 0, i, j, e = 0;
	uint8_t ent[16];

	memset(res, 0, sizeof(*res));
	res->on_eng_id = -1;
	for (i = 0; i < r->ntsg; i++)
		nent += r->tsg[i].nch + (r->tsg[i].tsgid != NONE);
	if (r->base) {
		res->base = r->base;
	} else {
		res->base = valloc(a, 4096, 4096) + r->base_misalign;
		valloc(a, 4096, 4096);  /* keep the next page for long runlists */
	}
	res->len = nent;
	mem_touch(s, AP_VID, res->base, (uint64_t)nent * esz);
	snap_note(s, "%s", "");
	snap_note(s, "Runlist %d: base 0x%llx (vid), %d entries of %zu bytes, SUBMIT offset %d.",
		  r->id, (unsigned long long)res->base, nent, esz, r->offset);
	snap_note(s, "%s", "");
	snap_note(s, "| entry | kind | tsgid | scale/timeout | timeslice_us | chid | state | %s | runqueue | inst | userd |",
		  pccsr_gen(c->gen) ? "PCCSR_CHANNEL" : "CHRAM");
	snap_note(s, "|---|---|---|---|---|---|---|---|---|---|---|");

	for (i = 0; i < r->ntsg; i++) {
		const struct tsg *t = &r->tsg[i];
		struct pt pt;
		uint64_t userd_page = valloc(a, 4096, 4096), gpfifo_page = valloc(a, 4096, 4096);
		uint64_t pdb;

		if (t->tsgid == NONE && rl16(c->gen))
			die("bare channels do not exist from Volta on");
		/* one VA space per TSG: USERD and GPFIFO pages mapped */
		pt_init(&pt, s, a, c);
		pdb = pt_table(&pt, 0, 0);
		pt_map(&pt, VA_USERD, userd_page);
		pt_map(&pt, VA_GPFIFO, gpfifo_page);
		mem_touch(s, AP_VID, userd_page, 4096);
		mem_touch(s, AP_VID, gpfifo_page, 4096);

		if (t->tsgid != NONE) {
			memset(ent, 0, sizeof(ent));
			if (esz == 8)
				put_rl8_tsg(ent, t);
			else
				put_rl16_tsg(ent, t);
			snap_note(s, "| %d | TSG | %d | %d/%d | %.3f | | | | | | |", e, t->tsgid, t->scale,
				  t->timeout, (double)((uint64_t)t->timeout << t->scale) * 1.024);
			mem_write(s, AP_VID, res->base + (uint64_t)e++ * esz, ent, esz);
		}
		for (j = 0; j < t->nch; j++) {
			const struct chan *ch = &t->ch[j];
			uint64_t inst = ch->fixed_inst ? ch->fixed_inst : valloc(a, RAMIN_SIZE, 4096);
			uint64_t userd = ch->userd_sys ? ch->sys_userd : userd_page + USERD_SIZE * (uint64_t)j;
			int utgt = ch->userd_sys ? TARGET_SYS_NONCOH : RAMIN_TARGET_VID;

			if (ch->userd_sys)
				mem_touch(s, AP_SYS, userd, USERD_SIZE);
			build_inst(c, s, inst, pdb, ch->chid, j, userd, utgt,
				   VA_GPFIFO + USERD_SIZE * (uint64_t)j);
			memset(ent, 0, sizeof(ent));
			if (esz == 8) {
				put_field(ent, 8, &RL8_ID, (uint64_t)ch->chid);
				put_field(ent, 8, &RL8_TYPE, 0);
				if (c->gen != G_KEPLER) {   /* GK104: w1 = 0 (nouveau) */
					put_addr(ent, 8, &RL8_CHAN_INST_PTR_LO, inst);
					put_field(ent, 8, &RL8_CHAN_INST_TARGET, RAMIN_TARGET_VID);
				}
			} else {
				put_field(ent, 16, &RL16_TYPE, 0);
				put_field(ent, 16, &RL16_CHAN_RUNQUEUE, (uint64_t)ch->runqueue);
				put_field(ent, 16, &RL16_CHAN_INST_TARGET, RAMIN_TARGET_VID);
				put_field(ent, 16, &RL16_CHAN_USERD_TARGET, (uint64_t)utgt);
				put_addr(ent, 16, &RL16_CHAN_USERD_PTR_LO, userd & 0xffffffffull);
				put_field(ent, 16, &RL16_ID, (uint64_t)ch->chid);
				put_addr(ent, 16, &RL16_CHAN_INST_PTR_LO, inst & 0xffffffffull);
				if (c->gen == G_BLACKWELL) {
					put_field(ent, 16, &RL16_CHAN_USERD_PTR_HI_GB20X, userd >> 32);
					put_field(ent, 16, &RL16_CHAN_VEID_GB20X, (uint64_t)j);
					put_field(ent, 16, &RL16_CHAN_INST_PTR_HI_GB20X, inst >> 32);
					put_field(ent, 16, &RL16_CHAN_CASID_GB20X, (uint64_t)j);
				} else {
					put_field(ent, 16, &RL16_CHAN_USERD_PTR_HI, userd >> 32);
					put_field(ent, 16, &RL16_CHAN_INST_PTR_HI, inst >> 32);
				}
			}
			{
				static const char *const stn[] = { "idle", "pending", "on_pbdma", "on_eng",
								   "disabled" };
				char ub[64];
				uint32_t ctlword = pccsr_gen(c->gen) ? pccsr_word(c, ch->st, r->id) :
						   chram_word(ch->st);

				/* GH100: the CHRAM word is the captured one */
				if (chram_base)
					reg_get(s, chram_base + 4u * (unsigned)ch->chid, &ctlword);

				if (rl16(c->gen))
					snprintf(ub, sizeof(ub), "0x%llx (%s)", (unsigned long long)userd,
						 ch->userd_sys ? "sys_noncoh" : "vid");
				else
					snprintf(ub, sizeof(ub), "(RAMFC: 0x%llx)", (unsigned long long)userd);
				snap_note(s, "| %d | %s | %s | | | %d | %s | 0x%08x | %s | 0x%llx | %s |", e,
					  t->tsgid == NONE ? "bare channel" : "channel",
					  t->tsgid == NONE ? "-" : "", ch->chid, stn[ch->st],
					  ctlword,
					  rl16(c->gen) ? (ch->runqueue ? "1" : "0") : "-",
					  (unsigned long long)inst, ub);
			}
			mem_write(s, AP_VID, res->base + (uint64_t)e++ * esz, ent, esz);
			if (res->nch == 40)
				die("too many channels");
			res->ch[res->nch++] = (struct chanres){ ch->chid, ch->st, inst, t->tsgid };
			if (ch->st == CS_ON_ENG) {
				res->on_eng_id = t->tsgid != NONE ? t->tsgid : ch->chid;
				res->on_eng_is_tsg = t->tsgid != NONE;
			}
		}
	}
}

static uint32_t pccsr_word(const struct chip *c, enum chst st, int rl)
{
	uint32_t v = 0;

	switch (st) {
	case CS_IDLE:
		v = enc(&PCCSR_CHAN_ENABLE, 1) | enc(&PCCSR_CHAN_STATUS, PCCSR_ST_IDLE);
		break;
	case CS_PENDING:
		v = enc(&PCCSR_CHAN_ENABLE, 1) | enc(&PCCSR_CHAN_NEXT, 1) |
		    enc(&PCCSR_CHAN_STATUS, PCCSR_ST_PENDING);
		break;
	case CS_ON_PBDMA:
		v = enc(&PCCSR_CHAN_ENABLE, 1) | enc(&PCCSR_CHAN_STATUS, PCCSR_ST_ON_PBDMA) |
		    enc(&PCCSR_CHAN_BUSY, 1);
		break;
	case CS_ON_ENG:
		v = enc(&PCCSR_CHAN_ENABLE, 1) | enc(&PCCSR_CHAN_STATUS, PCCSR_ST_ON_ENG) |
		    enc(&PCCSR_CHAN_BUSY, 1);
		break;
	case CS_DISABLED:
		v = enc(&PCCSR_CHAN_ENABLE, 0) | enc(&PCCSR_CHAN_STATUS, PCCSR_ST_IDLE);
		break;
	}
	if (c->gen == G_KEPLER)
		v |= enc(&PCCSR_CHAN_RUNLIST_KEPLER, (uint64_t)rl);
	return v;
}

static uint32_t chram_word(enum chst st)
{
	switch (st) {
	case CS_IDLE:
		return enc(&CHRAM_ENABLE, 1);
	case CS_PENDING:
		return enc(&CHRAM_ENABLE, 1) | enc(&CHRAM_PENDING, 1);
	case CS_ON_PBDMA:
		return enc(&CHRAM_ENABLE, 1) | enc(&CHRAM_BUSY, 1) | enc(&CHRAM_ON_PBDMA, 1) |
		       enc(&CHRAM_PBDMA_BUSY, 1);
	case CS_ON_ENG:
		return enc(&CHRAM_ENABLE, 1) | enc(&CHRAM_BUSY, 1) | enc(&CHRAM_ON_PBDMA, 1) |
		       enc(&CHRAM_ON_ENG, 1) | enc(&CHRAM_ENG_BUSY, 1);
	case CS_DISABLED:
		break;
	}
	return enc(&CHRAM_ENABLE, 0);
}

static const struct rl_layout layout_a = {
	.channel_config = RLA_CHANNEL_CONFIG, .doorbell_config = RLA_DOORBELL_CONFIG,
	.pbdma_config0 = RLA_PBDMA_CONFIG0, .submit_base_lo = RLA_SUBMIT_BASE_LO,
	.submit_base_hi = RLA_SUBMIT_BASE_HI, .submit = RLA_SUBMIT, .submit_info = RLA_SUBMIT_INFO,
	.sched_disable = RLA_SCHED_DISABLE, .preempt = RLA_PREEMPT,
	.engine_status0 = RLA_ENGINE_STATUS0, .engine_status_channel = RLA_ENGINE_STATUS_CHANNEL,
};
static const struct rl_layout layout_b = {
	.channel_config = RLB_CHANNEL_CONFIG, .doorbell_config = RLB_DOORBELL_CONFIG,
	.pbdma_config0 = RLB_PBDMA_CONFIG0, .submit_base_lo = RLB_SUBMIT_BASE_LO,
	.submit_base_hi = RLB_SUBMIT_BASE_HI, .submit = RLB_SUBMIT, .submit_info = RLB_SUBMIT_INFO,
	.sched_disable = RLB_SCHED_DISABLE, .preempt = RLB_PREEMPT,
	.engine_status0 = RLB_ENGINE_STATUS0, .engine_status_channel = 0, /* not known */
};

static const struct rl *find_rl(const struct chip *c, int id)
{
	int i;

	for (i = 0; i < c->nrl; i++)
		if (c->rl[i].id == id)
			return &c->rl[i];
	return NULL;
}

static void build_fifo_ampere(const struct chip *c, struct snap *s, struct alloc *a,
			      const struct rlinfo *ri)
{
	const struct rl_layout *L = c->gen == G_BLACKWELL ? &layout_b : &layout_a;
	int k, i, pbdma = 0;

	for (k = 0; k < ri->n; k++) {
		uint32_t b = BLOCK_BASE(k), chram = CHRAM_BASE(k);
		const struct rl *r = find_rl(c, ri->id[k]);
		struct rlres res;
		uint32_t chv[2048];
		int npb = k == 0 ? 2 : 1, e;

		memset(&res, 0, sizeof(res));
		res.on_eng_id = -1;
		snap_note(s, "- runlist id %d: NV_RUNLIST block 0x%x, CHRAM 0x%x (2^11 channels)%s",
			  ri->id[k], b, chram, r ? "" : ", empty (SUBMIT length 0)");
		if (r)
			build_runlist_mem(c, s, a, r, &res, 0);
		reg_set(s, b + L->channel_config,
			enc(&RL_CHANNEL_CONFIG_NUM_CHANNELS_LOG2, 11) |
			enc_addr(&RL_CHANNEL_CONFIG_CHRAM_BAR0_OFFSET, chram));
		reg_set(s, b + L->doorbell_config, enc(&RL_DOORBELL_CONFIG_ID, (uint64_t)ri->id[k]));
		for (i = 0; i < npb; i++) {
			if (pbdma >= c->num_pbdma)
				die("%s: not enough PBDMAs", c->name);
			reg_set(s, b + L->pbdma_config0 + 4u * (unsigned)i,
				enc(&RL_PBDMA_CONFIG_ID, (uint64_t)pbdma) |
				enc_addr(&RL_PBDMA_CONFIG_PBDMA_BAR0_OFFSET, PBDMA_BASE(pbdma)) |
				enc(&RL_PBDMA_CONFIG_VALID, 1));
			pbdma++;
		}
		/* submit registers (fifo §3.3/§3.5) */
		{
			uint32_t lo = enc(&RL_SUBMIT_BASE_LO_TARGET, RAMIN_TARGET_VID);
			uint64_t lo32 = res.base & 0xffffffffull;

			if (c->gen == G_BLACKWELL)
				lo |= enc_addr(&RL_SUBMIT_BASE_LO_PTR_LO_B8, lo32);
			else if (!strcmp(c->name, "ga100"))
				lo |= enc_addr(&RL_SUBMIT_BASE_LO_PTR_LO_A12, lo32);
			else
				lo |= enc_addr(&RL_SUBMIT_BASE_LO_PTR_LO_A10, lo32);
			reg_set(s, b + L->submit_base_lo, lo);
			reg_set(s, b + L->submit_base_hi, c->gen >= G_HOPPER ?
				enc(&RL_SUBMIT_BASE_HI_PTR_HI_20, res.base >> 32) :
				enc(&RL_SUBMIT_BASE_HI_PTR_HI_8, res.base >> 32));
			reg_set(s, b + L->submit, enc(&RL_SUBMIT_LENGTH, (uint64_t)res.len) |
				enc(&RL_SUBMIT_OFFSET, r ? (uint64_t)r->offset : 0));
			reg_set(s, b + L->submit_info, enc(&RL_SUBMIT_INFO_PENDING, 0));
			reg_set(s, b + L->sched_disable, 0);
			reg_set(s, b + L->preempt, enc(&RL_PREEMPT_TYPE, 0) | enc(&RL_PREEMPT_ID, 0));
		}
		/* engine status for each engine of the runlist (rleng order) */
		for (e = 0; e < ri->nengs[k]; e++) {
			int busy = e == 0 && res.on_eng_id >= 0;
			int chid = -1;

			for (i = 0; i < res.nch; i++)
				if (res.ch[i].st == CS_ON_ENG)
					chid = res.ch[i].chid;
			reg_set(s, b + L->engine_status0 + 64u * (unsigned)e,
				busy ? enc(&RL_ENG_STATUS0_TSGID, (uint64_t)res.on_eng_id) |
				       enc(&RL_ENG_STATUS0_CTX_STATUS, 1) |
				       enc(&RL_ENG_STATUS0_NEXT_TSGID, (uint64_t)res.on_eng_id) |
				       enc(&RL_ENG_STATUS0_ENGINE, 1) : 0);
			if (L->engine_status_channel)
				reg_set(s, b + L->engine_status_channel + 64u * (unsigned)e,
					busy ? enc(&RL_ENG_STATUS_CHAN_CHID, (uint64_t)chid) |
					       enc(&RL_ENG_STATUS_CHAN_VALID, 1) : 0);
		}
		/* CHRAM (fifo §4.2): entries 0..63 plus every used channel */
		memset(chv, 0, sizeof(chv));
		for (i = 0; i < res.nch; i++)
			chv[res.ch[i].chid] = chram_word(res.ch[i].st);
		for (i = 0; i < 2048; i++) {
			int used = 0, j;

			for (j = 0; j < res.nch; j++)
				used |= res.ch[j].chid == i;
			if (i < 64 || used)
				reg_set(s, chram + 4u * (unsigned)i, chv[i]);
		}
	}
}

static void build_fifo_legacy(const struct chip *c, struct snap *s, struct alloc *a,
			      const struct rlinfo *ri)
{
	uint32_t pinst[4096], pchan[4096];
	uint8_t used[4096];
	int i, k, last = -1, eng;
	struct rlres res[3];

	memset(pinst, 0, sizeof(pinst));
	memset(pchan, 0, sizeof(pchan));
	memset(used, 0, sizeof(used));
	for (i = 0; i < c->nrl; i++) {
		const struct rl *r = &c->rl[i];
		int j;

		build_runlist_mem(c, s, a, r, &res[i], 0);
		for (j = 0; j < res[i].nch; j++) {
			const struct chanres *ch = &res[i].ch[j];

			if ((uint32_t)ch->chid >= c->num_channels)
				die("chid %d >= %u", ch->chid, c->num_channels);
			if (used[ch->chid])
				die("chid %d used twice", ch->chid);
			used[ch->chid] = 1;
			pinst[ch->chid] = enc_addr(&PCCSR_INST_PTR, ch->inst) |
				enc(&PCCSR_INST_TARGET, RAMIN_TARGET_VID) | enc(&PCCSR_INST_BIND, 1);
			pchan[ch->chid] = pccsr_word(c, ch->st, r->id);
		}
		last = i;
	}
	/* PCCSR (fifo §4.1): channels 0..63 plus every used channel */
	for (i = 0; i < (int)c->num_channels; i++)
		if (i < 64 || used[i]) {
			reg_set(s, PCCSR_CHANNEL_INST(i), pinst[i]);
			reg_set(s, PCCSR_CHANNEL(i), pchan[i]);
		}

	if (c->gen == G_TURING) {
		/* fifo §3.2 */
		for (k = 0; k < c->num_rl_regs; k++) {
			uint64_t base = 0;
			int len = 0, off = 0;

			for (i = 0; i < c->nrl; i++)
				if (c->rl[i].id == k) {
					base = res[i].base;
					len = res[i].len;
					off = c->rl[i].offset;
				}
			reg_set(s, PFIFO_RUNLIST_BASE_LO(k),
				enc(&TU_RUNLIST_BASE_LO_TARGET, RAMIN_TARGET_VID) |
				enc_addr(&TU_RUNLIST_BASE_LO_PTR_LO, base & 0xffffffffull));
			reg_set(s, PFIFO_RUNLIST_BASE_HI(k), enc(&TU_RUNLIST_BASE_HI_PTR_HI, base >> 32));
			reg_set(s, PFIFO_RUNLIST_SUBMIT(k), enc(&RL_SUBMIT_LENGTH, (uint64_t)len) |
				enc(&RL_SUBMIT_OFFSET, (uint64_t)off));
			reg_set(s, PFIFO_RUNLIST_SUBMIT_INFO(k), enc(&RL_SUBMIT_INFO_PENDING, 0));
		}
	} else {
		/* fifo §3.1: the submit port holds the last submit; per-runlist read-back */
		reg_set(s, PFIFO_RUNLIST_BASE, enc_addr(&PFIFO_RUNLIST_BASE_PTR, res[last].base) |
			enc(&PFIFO_RUNLIST_BASE_TARGET, RAMIN_TARGET_VID));
		reg_set(s, PFIFO_RUNLIST, enc(&PFIFO_RUNLIST_LENGTH, (uint64_t)res[last].len) |
			enc(&PFIFO_RUNLIST_ID, (uint64_t)c->rl[last].id));
		for (k = 0; k < c->num_rl_regs; k++) {
			uint64_t base = 0;
			int len = 0;

			for (i = 0; i < c->nrl; i++)
				if (c->rl[i].id == k) {
					base = res[i].base;
					len = res[i].len;
				}
			reg_set(s, PFIFO_ENG_RUNLIST_BASE(k), enc_addr(&PFIFO_RUNLIST_BASE_PTR, base) |
				enc(&PFIFO_RUNLIST_BASE_TARGET, RAMIN_TARGET_VID));
			reg_set(s, PFIFO_ENG_RUNLIST(k), enc(&PFIFO_ENG_RUNLIST_LENGTH, (uint64_t)len) |
				enc(&PFIFO_ENG_RUNLIST_PENDING, 0));
		}
	}
	/* PBDMA map: runlist (in order of appearance) k is served by PBDMA k % num_pbdma */
	for (k = 0; k < c->num_pbdma; k++) {
		uint64_t mask = 0;

		for (i = 0; i < ri->n; i++)
			if (i % c->num_pbdma == k)
				mask |= 1ull << ri->id[i];
		reg_set(s, PFIFO_PBDMA_MAP(k), enc(&PFIFO_PBDMA_MAP_RUNLISTS, mask));
	}
	/* every runlist scheduled: NV_PFIFO_SCHED_DISABLE all zero (fifo §5.1) */
	reg_set(s, PFIFO_SCHED_DISABLE, enc(&PFIFO_SCHED_DISABLE_RUNLISTS, 0));
	/* no channel/TSG preempt pending (fifo §5): the module reads it first */
	if (c->gen < G_AMPERE)
		reg_set(s, PFIFO_PREEMPT, 0);
	if (c->gen >= G_MAXWELL) {
		reg_set(s, PFIFO_CFG0, enc(&PFIFO_CFG0_NUM_PBDMA, (uint64_t)c->num_pbdma));
		reg_set(s, PFIFO_CFG1, enc(&PFIFO_CFG1_NUM_CHANNELS, c->num_channels));
	}
	/* engine status (fifo §7.1), ENGINE_ENUM order */
	eng = 0;
	for (i = 0; i < c->ndev; i++) {
		const struct dev *d = &c->dev[i];
		uint32_t v = 0;

		if (d->type == HOLE || d->rl == NONE)
			continue;
		for (k = 0; k < c->nrl; k++)
			if (c->rl[k].id == d->rl && res[k].on_eng_id >= 0 &&
			    ri->first_dev[rl_index(ri, d->rl)] == i)
				v = enc(&ENG_STATUS_ID, (uint64_t)res[k].on_eng_id) |
				    enc(&ENG_STATUS_ID_TYPE, (uint64_t)res[k].on_eng_is_tsg) |
				    enc(&ENG_STATUS_CTX_STATUS, 1) |
				    enc(&ENG_STATUS_NEXT_ID, (uint64_t)res[k].on_eng_id) |
				    enc(&ENG_STATUS_NEXT_ID_TYPE, (uint64_t)res[k].on_eng_is_tsg) |
				    enc(&ENG_STATUS_ENGINE, 1);
		reg_set(s, PFIFO_ENGINE_STATUS(eng), v);
		eng++;
	}
}

static void build_window(const struct chip *c, struct snap *s)
{
	if (c->gen <= G_ADA)
		reg_set(s, PBUS_BAR0_WINDOW, enc_addr(&BAR0_WINDOW_BASE, c->window_base) |
			enc(&BAR0_WINDOW_TARGET, RAMIN_TARGET_VID));
	else if (c->gen == G_BLACKWELL)
		reg_set(s, XAL_EP_BAR0_WINDOW, enc_addr(&XAL_WINDOW_BASE_GB, c->window_base));
	else
		reg_set(s, XAL_EP_BAR0_WINDOW, enc_addr(&XAL_WINDOW_BASE_GH100, c->window_base));
}

int build_chip(const struct chip *c, struct snap *s)
{
	struct rlinfo ri;
	struct alloc a = { c->vram_region };

	snap_meta(s, "name", "sim-%s", c->name);
	snap_meta(s, "source", "simulator");
	snap_meta(s, "pci_id", "%s", c->pci_id);
	snap_meta(s, "bdf", "0000:01:00.0");
	snap_comment(s, "product: %s", c->product);
	if (c->note)
		snap_comment(s, "%s", c->note);
	collect_runlists(c, &ri);
	build_ids(c, s);
	if (is_ampere_plus(c->gen))
		build_ptop_info2(c, s, &ri);
	else
		build_ptop_legacy(c, s);
	build_scal(c, s);
	build_ce(c, s);
	build_gr(c, s);
	build_window(c, s);
	if (pccsr_gen(c->gen))
		build_fifo_legacy(c, s, &a, &ri);
	else
		build_fifo_ampere(c, s, &a, &ri);
	return 0;
}
