// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * mmu.c - bounded GMMU page-table walks, versions 1, 2 and 3
 * (regs-mmu-gr.md §4; walk recipe §4.5).  Field definitions with their
 * sources are in include/nvsched/regs/mmu.h.
 */
#include "mmu.h"
#include "pramin.h"
#include "nvsched/regs/mmu.h"

#define NVS_MMU_MAX_TABLES 8	/* v3: PD4..PD0 + one PT = 6 */

struct walk {
	const struct nvs_io *io;
	const struct nvs_caps *caps;
	unsigned int ver;
	unsigned int big_shift;
	uint64_t va;
	struct {
		const char *name;
		uint64_t base, size;
		uint8_t ap;
	} seen[NVS_MMU_MAX_TABLES];
	unsigned int nseen;
	char msg[160];
};

/* The result of one leaf entry. */
struct leaf {
	uint64_t pa;
	unsigned int shift;
	uint8_t ap;
};

#define FAIL(w, err, ...) (snprintf((w)->msg, sizeof((w)->msg), __VA_ARGS__), (err))

static uint64_t va_bits(const struct walk *w, unsigned int hi, unsigned int lo)
{
	return (w->va >> lo) & ((1ull << (hi - lo + 1)) - 1);
}

void nvs_mmu_pdb_decode(uint32_t lo, uint32_t hi, struct nvs_mmu_pdb *pdb)
{
	/* mmu §3.1: PDB address = (word129 << 32) | (word128 & 0xfffff000) */
	pdb->addr = ((uint64_t)NVS_GET(hi, NV_RAMIN_PAGE_DIR_BASE_ADDR_HI) << 32) |
		    ((uint64_t)NVS_GET(lo, NV_RAMIN_PAGE_DIR_BASE_ADDR_LO) << NV_RAMIN_BASE_SHIFT);
	pdb->target = (uint8_t)NVS_GET(lo, NV_RAMIN_PAGE_DIR_BASE_TARGET);
	pdb->vol = NVS_TEST(lo, NV_RAMIN_PAGE_DIR_BASE_VOL);
	pdb->ver2 = NVS_TEST(lo, NV_RAMIN_USE_VER2_PT_FORMAT);
	pdb->big64 = NVS_TEST(lo, NV_RAMIN_BIG_PAGE_SIZE);
}

unsigned int nvs_mmu_version(const struct nvs_caps *caps, const struct nvs_mmu_pdb *pdb)
{
	if (!caps)
		return 0;
	/* mmu §4.5 step 2: by chip; bit 10 only chooses on Pascal */
	if (caps->pt_version == 2 && caps->pt_ver2_bit && !pdb->ver2)
		return 1;
	return caps->pt_version >= 1 && caps->pt_version <= 3 ? caps->pt_version : 0;
}

unsigned int nvs_mmu_big_shift(const struct nvs_caps *caps, const struct nvs_mmu_pdb *pdb)
{
	switch (caps->big_page) {
	case NVS_BIG_PAGE_128K:
		/* global NV_PFB_PRI_MMU_CTRL_VM_PG_SIZE; 128K is the default
		 * (mmu §4.2, uncertain) */
		return 17;
	case NVS_BIG_PAGE_RAMIN:
		return pdb->big64 ? 16 : 17;	/* RAMIN BIG_PAGE_SIZE (mmu §3.1) */
	default:
		return 16;	/* "Volta only supports 64KB for big pages" (mmu §4.3) */
	}
}

/* Note a table on the walk; refuse one overlapping a table already seen. */
static int add_table(struct walk *w, const char *name, uint8_t ap, uint64_t base,
		     uint64_t size)
{
	unsigned int i;

	if (base + size < base)
		return FAIL(w, -EIO, "%s table at 0x%llx wraps the address space", name,
			    (unsigned long long)base);
	for (i = 0; i < w->nseen; i++) {
		if (w->seen[i].ap != ap || base >= w->seen[i].base + w->seen[i].size ||
		    w->seen[i].base >= base + size)
			continue;
		return FAIL(w, -EIO, "cycle: %s table at 0x%llx (%s) overlaps the %s table at 0x%llx",
			    name, (unsigned long long)base, nvs_aperture_name(ap), w->seen[i].name,
			    (unsigned long long)w->seen[i].base);
	}
	if (w->nseen == NVS_MMU_MAX_TABLES)
		return FAIL(w, -EIO, "walk deeper than %d tables", NVS_MMU_MAX_TABLES);
	w->seen[w->nseen].name = name;
	w->seen[w->nseen].base = base;
	w->seen[w->nseen].size = size;
	w->seen[w->nseen].ap = ap;
	w->nseen++;
	return 0;
}

/* Read entry @idx (@esz bytes) of the table at @base. */
static int read_entry(struct walk *w, const char *name, uint8_t ap, uint64_t base,
		      uint64_t idx, unsigned int esz, uint32_t *wd)
{
	uint64_t at = base + idx * esz;
	unsigned int i;
	int ret;

	ret = nvs_vid_read(w->io, w->caps, (enum nvs_aperture)ap, at, wd, esz, NULL);
	if (ret == -ERANGE)
		return FAIL(w, -EIO, "%s entry at 0x%llx (%s) is beyond the PRAMIN window's reach",
			    name, (unsigned long long)at, nvs_aperture_name(ap));
	if (ret)
		return FAIL(w, -EIO, "%s entry at 0x%llx (%s) unreadable (error %d)", name,
			    (unsigned long long)at, nvs_aperture_name(ap), ret);
	/*
	 * A single dword may legitimately look like 0xbadxxxxx (an address
	 * field with PA bits near 0xbad in it); a whole 8-byte half of PRI
	 * error codes is a failed read (regs-fifo.md §8.3).
	 */
	for (i = 0; i + 1 < esz / 4; i += 2)
		if (nvs_is_pri_error(wd[i]) && nvs_is_pri_error(wd[i + 1]))
			return FAIL(w, -EIO, "%s entry at 0x%llx (%s) reads PRI error 0x%08x",
				    name, (unsigned long long)at, nvs_aperture_name(ap), wd[i]);
	return 0;
}

/* PDE aperture encoding -> enum nvs_aperture (mmu §4.1 first row); 0xff invalid */
static uint8_t pde_ap(unsigned int v)
{
	switch (v) {
	case NV_MMU_PDE_APERTURE_VIDEO_MEMORY:
		return NVS_AP_VID;
	case NV_MMU_PDE_APERTURE_SYSTEM_COHERENT:
		return NVS_AP_SYS_COH;
	case NV_MMU_PDE_APERTURE_SYSTEM_NONCOHERENT:
		return NVS_AP_SYS_NONCOH;
	default:
		return 0xff;
	}
}

/* Check a next-table address decoded from a PDE. */
static int check_table_addr(struct walk *w, const char *name, uint8_t ap, uint64_t addr)
{
	/* v3 has one 51:12 field; hardware keeps 39:12 for VID (mmu §4.4) */
	if (w->ver == 3 && ap == NVS_AP_VID && (addr >> NV_MMU_VER3_VID_ADDRESS_BITS))
		return FAIL(w, -EIO, "%s entry points to vid 0x%llx, beyond %d bits", name,
			    (unsigned long long)addr, NV_MMU_VER3_VID_ADDRESS_BITS);
	return 0;
}

/* The fields of one PTE that the walk looks at, whatever its version. */
struct pte {
	bool valid, sparse, nosmall;
	unsigned int aper, peer;
	uint64_t addr;
};

/* mmu §4.2 v1 PTE */
static void pte_v1(const uint32_t *wd, bool big, struct pte *p)
{
	p->valid = NVS_ETEST(wd, NV_MMU_PTE_VALID);
	p->aper = NVS_EGET(wd, NV_MMU_PTE_APERTURE);
	if (p->aper <= NV_MMU_PTE_APERTURE_PEER_MEMORY)	/* video or peer (0, 1) */
		p->addr = (uint64_t)NVS_EGET(wd, NV_MMU_PTE_ADDRESS_VID);
	else
		p->addr = (uint64_t)NVS_EGET(wd, NV_MMU_PTE_ADDRESS_SYS);
	p->addr <<= NV_MMU_PTE_ADDRESS_SHIFT;
	p->peer = NVS_EGET(wd, NV_MMU_PTE_ADDRESS_VID_PEER);
	/* nouveau: VALID 0 + PRIV 1 in a big PTE = ignore SPTEs;
	 * GM200+: VALID 0 + VOL 1 = sparse */
	p->nosmall = big && NVS_ETEST(wd, NV_MMU_PTE_PRIVILEGE);
	p->sparse = NVS_ETEST(wd, NV_MMU_PTE_VOL);
}

/* mmu §4.3 v2 PTE */
static void pte_v2(const uint32_t *wd, bool big, struct pte *p)
{
	p->valid = NVS_ETEST(wd, NV_MMU_VER2_PTE_VALID);
	p->aper = NVS_EGET(wd, NV_MMU_VER2_PTE_APERTURE);
	p->addr = (uint64_t)NVS_EGET(wd, NV_MMU_VER2_PTE_ADDRESS_LO) << 12;
	if (p->aper == NV_MMU_PTE_APERTURE_VIDEO_MEMORY ||
	    p->aper == NV_MMU_PTE_APERTURE_PEER_MEMORY) {
		p->addr |= (uint64_t)NVS_EGET(wd, NV_MMU_VER2_PTE_ADDRESS_VID_HI) << 36;
		p->peer = NVS_EGET(wd, NV_MMU_VER2_PTE_ADDRESS_VID_PEER);
	} else {
		p->addr |= (uint64_t)NVS_EGET(wd, NV_MMU_VER2_PTE_ADDRESS_SYS_HI) << 36;
	}
	/* mmu §4.5 step 6: VALID 0 + VOL 1 sparse; big PTE VALID 0 +
	 * PRIVILEGE 1: no 4K PTEs below */
	p->sparse = NVS_ETEST(wd, NV_MMU_VER2_PTE_VOL);
	p->nosmall = big && NVS_ETEST(wd, NV_MMU_VER2_PTE_PRIVILEGE);
}

/* mmu §4.4 v3 PTE */
static void pte_v3(const uint32_t *wd, struct pte *p)
{
	unsigned int pcf = NVS_EGET(wd, NV_MMU_VER3_PTE_PCF);

	p->valid = NVS_ETEST(wd, NV_MMU_VER3_PTE_VALID);
	p->aper = NVS_EGET(wd, NV_MMU_VER3_PTE_APERTURE);
	p->addr = ((uint64_t)NVS_EGET(wd, NV_MMU_VER3_PTE_ADDRESS_LO) << 12) |
		  ((uint64_t)NVS_EGET(wd, NV_MMU_VER3_PTE_ADDRESS_HI) << 32);
	p->peer = NVS_EGET(wd, NV_MMU_VER3_PTE_PEER_ID);
	if (!p->valid) {
		p->sparse = pcf == NV_MMU_VER3_PTE_PCF_SPARSE;
		p->nosmall = pcf == NV_MMU_VER3_PTE_PCF_NO_VALID_4KB_PAGE ||
			     pcf == NV_MMU_VER3_PTE_PCF_MAPPING_NOWHERE;
	}
}

/*
 * Decode the PTE in @wd (8 bytes) for a page of 1 << @shift bytes.
 * @big: a big-page PTE, where VALID 0 may tell "no 4K PTEs below".
 * Return: 0 (leaf filled), 1 (invalid: look at the 4K table), or an error.
 */
static int pte_decode(struct walk *w, const char *name, const uint32_t *wd,
		      unsigned int shift, bool big, struct leaf *lf)
{
	struct pte p;

	memset(&p, 0, sizeof(p));
	if (w->ver == 1)
		pte_v1(wd, big, &p);
	else if (w->ver == 2)
		pte_v2(wd, big, &p);
	else
		pte_v3(wd, &p);
	if (w->ver == 3 && p.valid && p.aper == NV_MMU_PTE_APERTURE_VIDEO_MEMORY &&
	    (p.addr >> NV_MMU_VER3_VID_ADDRESS_BITS))
		return FAIL(w, -EIO, "%s PTE maps vid 0x%llx, beyond %d bits", name,
			    (unsigned long long)p.addr, NV_MMU_VER3_VID_ADDRESS_BITS);
	if (!p.valid) {
		if (p.sparse)
			return FAIL(w, -ENOENT, "VA 0x%llx is sparse (%s PTE)",
				    (unsigned long long)w->va, name);
		if (p.nosmall)
			return FAIL(w, -ENOENT, "VA 0x%llx unmapped (%s PTE: no 4K PTEs below)",
				    (unsigned long long)w->va, name);
		if (big)
			return 1;
		return FAIL(w, -ENOENT, "VA 0x%llx unmapped (%s PTE invalid)",
			    (unsigned long long)w->va, name);
	}
	if (p.aper == NV_MMU_PTE_APERTURE_PEER_MEMORY)
		return FAIL(w, -EOPNOTSUPP, "VA 0x%llx maps peer memory (peer %u) 0x%llx",
			    (unsigned long long)w->va, p.peer, (unsigned long long)p.addr);
	if (p.addr & ((1ull << shift) - 1))
		return FAIL(w, -EIO, "%s PTE address 0x%llx not aligned to its %llu KiB page",
			    name, (unsigned long long)p.addr,
			    (unsigned long long)(1ull << (shift - 10)));
	lf->pa = p.addr;
	lf->shift = shift;
	lf->ap = p.aper == NV_MMU_PTE_APERTURE_VIDEO_MEMORY ? NVS_AP_VID :
		 p.aper == NV_MMU_PTE_APERTURE_SYSTEM_COHERENT ? NVS_AP_SYS_COH :
		 NVS_AP_SYS_NONCOH;
	return 0;
}

/* Read and decode entry @idx of the page table at @base. */
static int pt_leaf(struct walk *w, const char *name, uint8_t ap, uint64_t base,
		   uint64_t entries, uint64_t idx, unsigned int shift, bool big, struct leaf *lf)
{
	uint32_t wd[2];
	int ret;

	ret = add_table(w, name, ap, base, entries * 8);
	if (ret)
		return ret;
	ret = read_entry(w, name, ap, base, idx, 8, wd);
	if (ret)
		return ret;
	return pte_decode(w, name, wd, shift, big, lf);
}

/* ---- version 1: PD VA[39:pd_lo], big PT and small PT (mmu §4.2) ---- */
static int walk_v1(struct walk *w, uint8_t root_ap, uint64_t root, struct leaf *lf)
{
	unsigned int bs = w->big_shift, pd_lo = bs == 16 ? 26 : 27, size, apb, aps;
	uint32_t wd[2];
	uint64_t idx = va_bits(w, 39, pd_lo);
	int ret;

	ret = add_table(w, "PD", root_ap, root, (1ull << (40 - pd_lo)) * 8);
	if (ret)
		return ret;
	ret = read_entry(w, "PD", root_ap, root, idx, 8, wd);
	if (ret)
		return ret;
	size = NVS_EGET(wd, NV_MMU_PDE_SIZE);	/* PT is FULL >> SIZE */
	apb = pde_ap(NVS_EGET(wd, NV_MMU_PDE_APERTURE_BIG));
	aps = pde_ap(NVS_EGET(wd, NV_MMU_PDE_APERTURE_SMALL));
	if (apb != 0xff) {
		uint64_t base = (uint64_t)(apb == NVS_AP_VID ?
			NVS_EGET(wd, NV_MMU_PDE_ADDRESS_BIG_VID) :
			NVS_EGET(wd, NV_MMU_PDE_ADDRESS_BIG_SYS)) << NV_MMU_PDE_ADDRESS_SHIFT;
		uint64_t n = (1ull << (pd_lo - bs)) >> size, i = va_bits(w, pd_lo - 1, bs);

		if (i < n) {
			ret = pt_leaf(w, "PT_BIG", (uint8_t)apb, base, n, i, bs, true, lf);
			if (ret <= 0)
				return ret;
		}
	}
	if (aps != 0xff) {
		uint64_t base = (uint64_t)(aps == NVS_AP_VID ?
			NVS_EGET(wd, NV_MMU_PDE_ADDRESS_SMALL_VID) :
			NVS_EGET(wd, NV_MMU_PDE_ADDRESS_SMALL_SYS)) << NV_MMU_PDE_ADDRESS_SHIFT;
		uint64_t n = (1ull << (pd_lo - 12)) >> size, i = va_bits(w, pd_lo - 1, 12);

		if (i >= n)
			return FAIL(w, -ENOENT, "VA 0x%llx beyond the PDE's 1/%u-size page table",
				    (unsigned long long)w->va, 1u << size);
		return pt_leaf(w, "PT_SMALL", (uint8_t)aps, base, n, i, 12, false, lf);
	}
	if (apb == 0xff && NVS_ETEST(wd, NV_MMU_PDE_VOL_BIG))
		return FAIL(w, -ENOENT, "VA 0x%llx is sparse (PDE)", (unsigned long long)w->va);
	return FAIL(w, -ENOENT, "VA 0x%llx unmapped (PDE %llu: %s)", (unsigned long long)w->va,
		    (unsigned long long)idx, apb == 0xff ? "both halves invalid" :
		    "no 4K page table, big PTE invalid");
}

/* ---- versions 2 and 3 (mmu §4.3, §4.4) ---- */
struct pdlev {
	const char *name;
	unsigned int hi, lo;
};

static const struct pdlev v2_levels[] = {
	{ "PD3", 48, 47 }, { "PD2", 46, 38 }, { "PD1", 37, 29 },
};
static const struct pdlev v3_levels[] = {
	{ "PD4", 56, 56 }, { "PD3", 55, 47 }, { "PD2", 46, 38 }, { "PD1", 37, 29 },
};

/* Can this PD level (VA low bit @lo) hold a PTE (bit 0 = IS_PTE)? */
static bool level_holds_page(const struct walk *w, unsigned int lo)
{
	if (lo == 29)	/* 512 MiB: GA100/GA10x/AD10x (v2), all v3 */
		return w->caps->pt_page_512m;
	if (lo == 38)	/* 256 GiB: Blackwell only */
		return w->ver == 3 && w->caps->pt_page_256g;
	return false;
}

/* Next-table address of the 8-byte v2/v3 PDE @e (also the small half of
 * a PD0 dual entry, which has the PDE layout: @e = its word 2). */
static uint64_t pde_addr(const struct walk *w, const uint32_t *e, uint8_t ap)
{
	if (w->ver == 2)
		return ((uint64_t)NVS_EGET(e, NV_MMU_VER2_PDE_ADDRESS_LO) << 12) |
		       ((uint64_t)(ap == NVS_AP_VID ? NVS_EGET(e, NV_MMU_VER2_PDE_ADDRESS_VID_HI) :
				   NVS_EGET(e, NV_MMU_VER2_PDE_ADDRESS_SYS_HI)) << 36);
	return ((uint64_t)NVS_EGET(e, NV_MMU_VER3_PDE_ADDRESS_LO) << 12) |
	       ((uint64_t)NVS_EGET(e, NV_MMU_VER3_PDE_ADDRESS_HI) << 32);
}

/* Is an aperture-INVALID PDE (or the big half of PD0) marked sparse
 * (v2 VOL, v3 PCF)? */
static bool pde_sparse(const struct walk *w, const uint32_t *e)
{
	unsigned int pcf;

	if (w->ver == 2)
		return NVS_ETEST(e, NV_MMU_VER2_PDE_VOL);
	pcf = NVS_EGET(e, NV_MMU_VER3_PDE_PCF);
	return pcf == NV_MMU_VER3_PDE_PCF_SPARSE_ATS_ALLOWED ||
	       pcf == NV_MMU_VER3_PDE_PCF_SPARSE_ATS_NOT_ALLOWED;
}

/* PD levels above PD0: on return *ap and *base name PD0; 1 when a level held
 * the page itself (leaf filled), 0 to go on, or an error. */
static int walk_pd_levels(struct walk *w, uint8_t *ap, uint64_t *base, struct leaf *lf)
{
	const struct pdlev *lv = w->ver == 2 ? v2_levels : v3_levels;
	unsigned int nlv = w->ver == 2 ? NVS_ARRAY_SIZE(v2_levels) : NVS_ARRAY_SIZE(v3_levels);
	unsigned int i, aps;
	uint32_t wd[2];
	uint64_t idx;
	int ret;

	for (i = 0; i < nlv; i++) {
		idx = va_bits(w, lv[i].hi, lv[i].lo);
		ret = add_table(w, lv[i].name, *ap, *base, (1ull << (lv[i].hi - lv[i].lo + 1)) * 8);
		if (ret)
			return ret;
		ret = read_entry(w, lv[i].name, *ap, *base, idx, 8, wd);
		if (ret)
			return ret;
		/* mmu §4.5 step 5: bit 0 first */
		if (NVS_ETEST(wd, NV_MMU_VER2_PDE_IS_PTE)) {
			if (!level_holds_page(w, lv[i].lo))
				return FAIL(w, -EIO, "%s entry %llu has IS_PTE set, but %s cannot hold a page on this chip",
					    lv[i].name, (unsigned long long)idx, lv[i].name);
			ret = pte_decode(w, lv[i].name, wd, lv[i].lo, false, lf);
			return ret ? ret : 1;
		}
		/* same bits 2:1 in v2 and v3 */
		aps = pde_ap(NVS_EGET(wd, NV_MMU_VER2_PDE_APERTURE));
		if (aps == 0xff)
			return FAIL(w, -ENOENT, "VA 0x%llx %s (%s entry %llu invalid)",
				    (unsigned long long)w->va,
				    pde_sparse(w, wd) ? "is sparse" : "unmapped",
				    lv[i].name, (unsigned long long)idx);
		*base = pde_addr(w, wd, (uint8_t)aps);
		*ap = (uint8_t)aps;
		ret = check_table_addr(w, lv[i].name, *ap, *base);
		if (ret)
			return ret;
	}
	return 0;
}

/* Big-page table address of a PD0 dual entry (big half, mmu §4.3/§4.4). */
static uint64_t pd0_big_addr(const struct walk *w, const uint32_t *wd, uint8_t apb)
{
	if (w->ver == 2)
		return ((uint64_t)NVS_EGET(wd, NV_MMU_VER2_DUAL_PDE_ADDRESS_BIG_LO) << 8) |
		       ((uint64_t)(apb == NVS_AP_VID ?
			NVS_EGET(wd, NV_MMU_VER2_DUAL_PDE_ADDRESS_BIG_VID_HI) :
			NVS_EGET(wd, NV_MMU_VER2_DUAL_PDE_ADDRESS_BIG_SYS_HI)) << 36);
	return ((uint64_t)NVS_EGET(wd, NV_MMU_VER3_DUAL_PDE_ADDRESS_BIG_LO) << 8) |
	       ((uint64_t)NVS_EGET(wd, NV_MMU_VER3_DUAL_PDE_ADDRESS_BIG_HI) << 32);
}

/* PD0: 256 dual entries of 16 bytes, VA[28:21], then a page table */
static int walk_pd0(struct walk *w, uint8_t ap, uint64_t base, struct leaf *lf)
{
	unsigned int apb, aps, bs = w->big_shift;
	uint64_t idx = va_bits(w, 28, 21), pt;
	uint32_t wd[4];
	int ret;

	ret = add_table(w, "PD0", ap, base, 256 * 16);
	if (ret)
		return ret;
	ret = read_entry(w, "PD0", ap, base, idx, 16, wd);
	if (ret)
		return ret;
	if (NVS_ETEST(wd, NV_MMU_VER2_DUAL_PDE_IS_PTE))	/* 2 MiB page */
		return pte_decode(w, "PD0", wd, 21, false, lf);

	/* big half first (mmu §4.5 step 6) */
	apb = pde_ap(NVS_EGET(wd, NV_MMU_VER2_DUAL_PDE_APERTURE_BIG));
	if (apb != 0xff) {
		pt = pd0_big_addr(w, wd, (uint8_t)apb);
		ret = check_table_addr(w, "PD0", (uint8_t)apb, pt);
		if (ret)
			return ret;
		ret = pt_leaf(w, "PT_BIG", (uint8_t)apb, pt, 1ull << (21 - bs),
			      va_bits(w, 20, bs), bs, true, lf);
		if (ret <= 0)
			return ret;
	}
	/* small half: bits 66:65 etc., same place in v2 and v3 */
	aps = pde_ap(NVS_EGET(wd, NV_MMU_VER2_DUAL_PDE_APERTURE_SMALL));
	if (aps != 0xff) {
		/* v2 small LO/HI (W2/W3) have the PDE layout; v3 small LO is
		 * 31:12 of W2 and HI 19:0 of W3, also the PDE layout */
		pt = pde_addr(w, wd + 2, (uint8_t)aps);
		ret = check_table_addr(w, "PD0", (uint8_t)aps, pt);
		if (ret)
			return ret;
		return pt_leaf(w, "PT_SMALL", (uint8_t)aps, pt, 512, va_bits(w, 20, 12), 12,
			       false, lf);
	}
	if (apb == 0xff)
		return FAIL(w, -ENOENT, "VA 0x%llx %s (PD0 entry %llu: no page tables)",
			    (unsigned long long)w->va,
			    pde_sparse(w, wd) ? "is sparse" : "unmapped", (unsigned long long)idx);
	return FAIL(w, -ENOENT, "VA 0x%llx unmapped (big PTE invalid, no 4K page table)",
		    (unsigned long long)w->va);
}

static int walk_v23(struct walk *w, uint8_t ap, uint64_t base, struct leaf *lf)
{
	int ret = walk_pd_levels(w, &ap, &base, lf);

	if (ret)
		return ret > 0 ? 0 : ret;
	return walk_pd0(w, ap, base, lf);
}

static struct nvs_mmu_cache_ent *cache_find(struct nvs_mmu_cache *c,
					    const struct nvs_mmu_pdb *pdb,
					    unsigned int ver, uint64_t va)
{
	unsigned int i;

	for (i = 0; i < NVS_MMU_CACHE_SIZE; i++) {
		struct nvs_mmu_cache_ent *e = &c->ent[i];

		if (e->shift && e->pdb_addr == pdb->addr && e->pdb_target == pdb->target &&
		    e->version == ver && e->big64 == pdb->big64 && (va >> e->shift) == (e->va >> e->shift))
			return e;
	}
	return NULL;
}

static void cache_store(struct nvs_mmu_cache *cache, const struct nvs_mmu_pdb *pdb,
			unsigned int ver, uint64_t va, const struct leaf *lf)
{
	struct nvs_mmu_cache_ent *e = &cache->ent[cache->next];

	cache->next = (cache->next + 1) % NVS_MMU_CACHE_SIZE;
	e->pdb_addr = pdb->addr;
	e->pdb_target = pdb->target;
	e->version = (uint8_t)ver;
	e->va = va & ~((1ull << lf->shift) - 1);
	e->pa = lf->pa;
	e->shift = (uint8_t)lf->shift;
	e->ap = lf->ap;
	e->big64 = pdb->big64;
}

/* Aperture of the root table from the PDB's RAMIN target encoding (mmu
 * §4.1 third row); 0xff for INVALID. */
static uint8_t root_aperture(unsigned int target)
{
	switch (target) {
	case NV_RAMIN_TARGET_VID_MEM:
		return NVS_AP_VID;
	case NV_RAMIN_TARGET_SYS_MEM_COHERENT:
		return NVS_AP_SYS_COH;
	case NV_RAMIN_TARGET_SYS_MEM_NONCOHERENT:
		return NVS_AP_SYS_NONCOH;
	default:
		return 0xff;
	}
}

/* The walk itself, after the VA and the cache were checked. */
static int walk_tables(struct walk *w, const struct nvs_mmu_pdb *pdb, struct leaf *lf)
{
	uint8_t root_ap = root_aperture(pdb->target);
	int ret;

	if (root_ap == 0xff)
		return FAIL(w, -ENOENT, "PDB target INVALID (no address space bound)");
	if (pdb->addr & 0xfff)
		return FAIL(w, -EIO, "PDB 0x%llx not 4 KiB aligned", (unsigned long long)pdb->addr);
	w->big_shift = nvs_mmu_big_shift(w->caps, pdb);
	if (w->ver == 1) {
		ret = walk_v1(w, root_ap, pdb->addr, lf);
	} else {
		ret = check_table_addr(w, "PDB", root_ap, pdb->addr);
		if (!ret)
			ret = walk_v23(w, root_ap, pdb->addr, lf);
	}
	if (ret > 0)	/* "look at the 4K table" with none left */
		ret = FAIL(w, -ENOENT, "VA 0x%llx unmapped", (unsigned long long)w->va);
	return ret;
}

int nvs_mmu_translate(const struct nvs_io *io, const struct nvs_caps *caps,
		      const struct nvs_mmu_pdb *pdb, uint64_t va, uint64_t *pa,
		      enum nvs_aperture *ap, struct nvs_mmu_cache *cache,
		      char *why, size_t whylen)
{
	static const unsigned int va_width[4] = { 0, 40, 49, 57 };	/* mmu §4.2-4.4 */
	struct nvs_mmu_cache_ent *e;
	struct walk w;
	struct leaf lf;
	int ret;

	if (why && whylen)
		why[0] = '\0';
	if (!io || !caps || !pdb || !pa || !ap)
		return -EINVAL;
	memset(&w, 0, sizeof(w));
	w.io = io;
	w.caps = caps;
	w.va = va;
	w.ver = nvs_mmu_version(caps, pdb);
	if (!w.ver) {
		ret = FAIL(&w, -EIO, "no page-table format known for this chip");
		goto out;
	}
	if (va >> va_width[w.ver]) {
		ret = FAIL(&w, -EIO, "VA 0x%llx beyond the %u-bit v%u address space",
			   (unsigned long long)va, va_width[w.ver], w.ver);
		goto out;
	}
	e = cache ? cache_find(cache, pdb, w.ver, va) : NULL;
	if (e) {
		cache->hits++;
		*pa = e->pa | (va & ((1ull << e->shift) - 1));
		*ap = (enum nvs_aperture)e->ap;
		return 0;
	}
	if (cache)
		cache->misses++;
	ret = walk_tables(&w, pdb, &lf);
	if (ret)
		goto out;
	*pa = lf.pa | (va & ((1ull << lf.shift) - 1));
	*ap = (enum nvs_aperture)lf.ap;
	if (cache)
		cache_store(cache, pdb, w.ver, va, &lf);
	return 0;
out:
	if (why && whylen)
		snprintf(why, whylen, "%s", w.msg);
	return ret;
}
