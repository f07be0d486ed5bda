/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * mmu.h - GPU virtual-to-physical translation (GMMU page-table walks).
 *
 * Three table formats (regs-mmu-gr.md §4): version 1 (Kepler, Maxwell,
 * and Pascal instance blocks without USE_VER2_PT_FORMAT; 2 levels, 40-bit
 * VA), version 2 (Pascal-Ada; 5 levels with the 16-byte dual PD0, 49-bit
 * VA) and version 3 (Hopper, Blackwell; 6 levels, PCF fields, 57-bit VA).
 * The version comes from the chip's capabilities (caps->pt_version); the
 * PDB's USE_VER2_PT_FORMAT bit only matters on Pascal, the one generation
 * that has both (mmu §3.1 notes: RM writes 0 on Hopper+ for a v3 tree).
 *
 * Every walk reads a fixed number of levels, refuses tables that overlap a
 * table already visited on the same walk (cycles, self-references), checks
 * addresses against the format's widths, and treats an entry that reads
 * back as PRI errors as a failed read.  Nothing searches tables in reverse.
 */
#ifndef NVS_HW_MMU_H
#define NVS_HW_MMU_H

#include "compat.h"
#include "nvs_io.h"
#include "chip.h"

/**
 * struct nvs_mmu_pdb - a page directory base, as the instance block holds it
 * @addr: address of the root table (4 KiB aligned)
 * @target: RAMIN encoding (mmu §4.1 third row): 0 VID, 1 INVALID,
 *	2 SYS_COH, 3 SYS_NONCOH
 * @ver2: USE_VER2_PT_FORMAT (bit 10; only decides on Pascal)
 * @big64: BIG_PAGE_SIZE (bit 11): 64 KiB big pages (GM20x+; Volta+ always)
 * @vol: PAGE_DIR_BASE_VOL
 */
struct nvs_mmu_pdb {
	uint64_t addr;
	uint8_t target;
	bool ver2;
	bool big64;
	bool vol;
};

/* Decode RAMIN dwords 128/129 (or SC_PAGE_DIR_BASE(i)) into @pdb. */
void nvs_mmu_pdb_decode(uint32_t lo, uint32_t hi, struct nvs_mmu_pdb *pdb);

/* Table format used for @pdb on this chip: 1, 2 or 3; 0 if unknown. */
unsigned int nvs_mmu_version(const struct nvs_caps *caps, const struct nvs_mmu_pdb *pdb);

/* Big page shift (16 or 17) used for @pdb on this chip. */
unsigned int nvs_mmu_big_shift(const struct nvs_caps *caps, const struct nvs_mmu_pdb *pdb);

#define NVS_MMU_CACHE_SIZE 16

/**
 * struct nvs_mmu_cache - small translation cache, owned by the caller
 *
 * Holds the last NVS_MMU_CACHE_SIZE successful translations (one per
 * page, any page size), keyed by PDB and VA.  Failures are never cached.
 * The caller clears it (nvs_mmu_cache_init()) whenever the page tables may
 * have changed, e.g. at the start of every runlist read.  Not locked: use
 * one per reader, under the per-GPU lock.
 */
struct nvs_mmu_cache {
	struct nvs_mmu_cache_ent {
		uint64_t pdb_addr;
		uint64_t va;		/* page base */
		uint64_t pa;		/* page base */
		uint8_t pdb_target;
		uint8_t version;
		uint8_t shift;		/* page shift; 0 = empty slot */
		uint8_t ap;		/* enum nvs_aperture */
		bool big64;
	} ent[NVS_MMU_CACHE_SIZE];
	unsigned int next;		/* round-robin victim */
	unsigned int hits;
	unsigned int misses;
};

static inline void nvs_mmu_cache_init(struct nvs_mmu_cache *c)
{
	memset(c, 0, sizeof(*c));
}

/**
 * nvs_mmu_translate() - translate GPU virtual address @va
 * @io: register/memory access (tables are read with nvs_vid_read())
 * @caps: chip capabilities (select the format)
 * @pdb: the address space's page directory base
 * @va: GPU virtual address
 * @pa: result: physical address
 * @ap: result: its aperture (VID, SYS_COH or SYS_NONCOH)
 * @cache: translation cache, or NULL
 * @why: on failure, a one-line reason (may be NULL)
 * @whylen: size of @why
 *
 * The caller holds the per-GPU lock (the PRAMIN window may move).
 *
 * Return: 0; -ENOENT when @va is not mapped (invalid, sparse or unmapped
 * entries, PDB target INVALID); -EOPNOTSUPP when it maps peer memory;
 * -EIO for anything malformed or unreadable: VA beyond the format's
 * width, a table overlapping one already on the walk (cycle or
 * self-reference), an address beyond the format's range or the window's
 * reach, unbacked memory, PRI-error read-back, IS_PTE at a level that
 * cannot hold a page, a misaligned page address; -EINVAL for bad
 * arguments.
 */
int nvs_mmu_translate(const struct nvs_io *io, const struct nvs_caps *caps,
		      const struct nvs_mmu_pdb *pdb, uint64_t va, uint64_t *pa,
		      enum nvs_aperture *ap, struct nvs_mmu_cache *cache,
		      char *why, size_t whylen);

#endif /* NVS_HW_MMU_H */
