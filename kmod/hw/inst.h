/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * inst.h - channel instance block (RAMIN) decode: page directory base,
 * subcontexts (VEIDs), engine context pointer and the RAMFC highlights of
 * regs-mmu-gr.md §3.1-3.3; the channel's GPFIFO VA translated through
 * its own page tables (mmu.h).
 */
#ifndef NVS_HW_INST_H
#define NVS_HW_INST_H

#include "compat.h"
#include "nvs_io.h"
#include "chip.h"
#include "mmu.h"
#include "ptop.h"	/* nvs_printf_fn */

/**
 * struct nvs_inst - decoded instance block
 * @addr: instance block address
 * @ap: its aperture (NVS_AP_*)
 * @pdb_lo: RAMIN dword 128 as read
 * @pdb_hi: RAMIN dword 129 as read
 * @pdb: base page directory (Host, CE, video engines)
 * @pt_version: table format used for @pdb on this chip (1, 2, 3)
 * @big_shift: big page shift used for @pdb (16 or 17)
 * @fault_replay_tex: FAULT_REPLAY_TEX (Pascal+)
 * @fault_replay_gcc: FAULT_REPLAY_GCC (Pascal+)
 * @has_adr_limit: ADR_LIMIT is decoded (Kepler-Pascal, TU10x) and not zero
 * @adr_limit: VA limit (inclusive, the low 12 bits as RM writes them)
 * @has_magic: Blackwell: NV_RAMIN_ENGINE_CTXSW_FW_MAGIC_VALUE is expected
 * @magic: dword 131 as read (0xcafeca11 when RM set the instance up)
 * @has_subctx: Volta+: subcontext (VEID) PDB array present
 * @sc_valid: SC_PDB_VALID, bit i = subcontext i
 * @sc_count: number of bits set in @sc_valid
 * @sc0: SC_PAGE_DIR_BASE(0)
 * @sc0_same: @sc0 points to the same tree as @pdb
 * @has_wfi: Volta+: engine context pointer decoded
 * @wfi_ptr: ENGINE_WFI_PTR (GR context buffer)
 * @wfi_target: ENGINE_WFI_TARGET
 * @wfi_virtual: ENGINE_WFI_MODE is VIRTUAL
 * @wfi_veid: ENGINE_WFI_VEID
 * @pasid: PASID
 * @ats: ENABLE_ATS
 * @gp_base: RAMFC GP_BASE: GPFIFO VA
 * @gp_limit2: log2 of GPFIFO entries (pre-Hopper), -1 when unknown
 * @gp_get: RAMFC GP_GET
 * @gp_put: RAMFC GP_PUT (Blackwell: DEBUG_STATE(0))
 * @has_userd: RAMFC USERD decoded (pre-Blackwell)
 * @userd: RAMFC USERD address
 * @userd_target: RAMFC USERD target
 * @has_chinfo: RAMFC SET_CHANNEL_INFO decoded (Volta-Hopper)
 * @veid: SET_CHANNEL_INFO VEID
 * @chid: SET_CHANNEL_INFO CHID
 * @has_target: RAMFC TARGET decoded (Turing-Ada, GA100 layout)
 * @engine: RAMFC TARGET ENGINE (31 = SW)
 * @gp_err: 0 when @gp_pa is valid; the nvs_mmu_translate() error
 *	otherwise (set by nvs_inst_resolve())
 * @gp_pa: GPFIFO physical address
 * @gp_pa_ap: its aperture
 * @gp_why: reason text when @gp_err
 */
struct nvs_inst {
	uint64_t addr;
	uint8_t ap;
	uint32_t pdb_lo, pdb_hi;
	struct nvs_mmu_pdb pdb;
	uint8_t pt_version;
	uint8_t big_shift;
	bool fault_replay_tex, fault_replay_gcc;
	bool has_adr_limit;
	uint64_t adr_limit;
	bool has_magic;
	uint32_t magic;
	bool has_subctx;
	uint64_t sc_valid;
	unsigned int sc_count;
	struct nvs_mmu_pdb sc0;
	bool sc0_same;
	bool has_wfi;
	uint64_t wfi_ptr;
	uint8_t wfi_target;
	bool wfi_virtual;
	uint8_t wfi_veid;
	uint32_t pasid;
	bool ats;
	uint64_t gp_base;
	int gp_limit2;
	uint32_t gp_get, gp_put;
	bool has_userd;
	uint64_t userd;
	uint8_t userd_target;
	bool has_chinfo;
	uint8_t veid;
	uint16_t chid;
	bool has_target;
	uint8_t engine;
	int gp_err;
	uint64_t gp_pa;
	uint8_t gp_pa_ap;
	char gp_why[96];
};

/**
 * nvs_inst_read() - read and decode the instance block at @addr
 * @ap: runlist/PCCSR INST_TARGET (RAMIN encoding; 1 INVALID reads as VID,
 *	as the hardware does, regs-mmu-gr.md §3.5)
 * @why: one-line reason on failure (may be NULL)
 *
 * Reads about 25 dwords (no more: each is one PRAMIN read); the caller
 * holds the per-GPU lock.
 *
 * Return: 0; -EBUSY when the owning driver moved the PRAMIN window during
 * the read; -ENODEV when the GPU is gone from the bus (registers read all
 * ones); -EIO when the block is misaligned, unreadable, reads PRI errors
 * or holds an absurd PDB; -EINVAL for bad arguments.
 */
int nvs_inst_read(const struct nvs_io *io, const struct nvs_caps *caps,
		  uint64_t addr, unsigned int ap, struct nvs_inst *in,
		  char *why, size_t whylen);

/* Translate @in->gp_base through @in->pdb (Host uses the base PDB) into
 * gp_err/gp_pa/gp_pa_ap/gp_why.  @cache may be NULL. */
void nvs_inst_resolve(const struct nvs_io *io, const struct nvs_caps *caps,
		      struct nvs_inst *in, struct nvs_mmu_cache *cache);

/* Text lines, each prefixed by @ind. */
void nvs_inst_format(const struct nvs_inst *in, const char *ind,
		     nvs_printf_fn pr, void *ctx);

/* The same as lines of the runlist text's channel box (21 characters
 * between the bars, like nvs_runlist_format()'s); reasons that do not fit
 * follow the closing bar, as the box's ERROR line does. */
void nvs_inst_format_box(const struct nvs_inst *in, const char *ind,
			 nvs_printf_fn pr, void *ctx);

/* All of it for one channel: read, resolve, format (@box: the box lines),
 * or one line with the reason the block could not be read.  Bounded: about
 * 25 dword reads plus one walk of GP_BASE (at most 7 entry reads; none
 * when @cache holds the page).  Return: nvs_inst_read()'s. */
int nvs_inst_describe(const struct nvs_io *io, const struct nvs_caps *caps,
		      uint64_t addr, unsigned int ap, struct nvs_mmu_cache *cache,
		      bool box, const char *ind, nvs_printf_fn pr, void *ctx);

#endif /* NVS_HW_INST_H */
