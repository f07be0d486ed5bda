/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * gr.h - graphics topology: GPCs, TPCs, floorsweeping, CWD TPC/SM tables.
 */
#ifndef NVS_HW_GR_H
#define NVS_HW_GR_H

#include "compat.h"
#include "nvs_io.h"
#include "chip.h"

#define NVS_GR_MAX_GPCS		32	/* NV_PTOP_SCAL_NUM_GPCS is 5 bits */
#define NVS_GR_MAX_TPC_PER_GPC	31	/* NV_PTOP_SCAL_NUM_TPC_PER_GPC is 5 bits */
#define NVS_GR_MAX_CWD_TPCS	96	/* 24 CWD_GPC_TPC_ID registers x 4 entries */

/**
 * struct nvs_gr - decoded GR topology (physical GPC indexes = fuse order)
 * @num_gpcs: on-chip GPCs (NV_PTOP_SCAL_NUM_GPCS)
 * @num_tpc_per_gpc: on-chip TPCs per GPC (NV_PTOP_SCAL_NUM_TPC_PER_GPC)
 * @gpc_disable_mask: GPC fuse as read, set bit = disabled
 * @tpc_disable_mask: per physical GPC: the TPC fuse as read (set bit =
 *	disabled); for a disabled GPC every TPC (low @num_tpc_per_gpc bits)
 * @tpcs_enabled_gpc: enabled TPCs per physical GPC
 * @logical: logical GPC id of each physical GPC, -1 when disabled or unknown
 * @logical_known: @logical is known for every enabled GPC
 * @gpcs_enabled: enabled GPCs (< @num_gpcs, bit clear in the GPC fuse)
 * @tpcs_enabled: enabled TPCs in all enabled GPCs
 * @sms_per_tpc: SMs per TPC for this chip (regs-mmu-gr.md §6.9)
 * @cwd_err: 0 when @cwd_gpc/@cwd_tpc hold the CWD_GPC_TPC_ID table, else
 *	why not: -EOPNOTSUPP (not known on this chip), -EIO (no value / not
 *	programmed / inconsistent: a GPC beyond the enabled ones, a TPC twice)
 * @cwd_tpcs: entries in @cwd_gpc/@cwd_tpc (= @tpcs_enabled when valid)
 * @cwd_gpc: logical GPC of each global (virtual) TPC id, the numbering of
 *	CUDA's TPC masks
 * @cwd_tpc: TPC index within that logical GPC
 */
struct nvs_gr {
	unsigned int num_gpcs;
	unsigned int num_tpc_per_gpc;
	uint32_t gpc_disable_mask;
	uint32_t tpc_disable_mask[NVS_GR_MAX_GPCS];
	uint8_t tpcs_enabled_gpc[NVS_GR_MAX_GPCS];
	int8_t logical[NVS_GR_MAX_GPCS];
	bool logical_known;
	unsigned int gpcs_enabled;
	unsigned int tpcs_enabled;
	unsigned int sms_per_tpc;
	int cwd_err;
	unsigned int cwd_tpcs;
	uint8_t cwd_gpc[NVS_GR_MAX_CWD_TPCS];
	uint8_t cwd_tpc[NVS_GR_MAX_CWD_TPCS];
};

/**
 * nvs_gr_read() - read counts, fuses, the logical GPC map and (when the
 * chip has it and it is programmed) the CWD global TPC table
 * @io: register access
 * @id: the chip (generation selects the register set; GP100 has 2 SMs/TPC)
 * @gr: result
 * Return: 0; -EOPNOTSUPP when the generation's fuses are not known (Kepler,
 * unknown architecture); -EIO when a count or the fuse of an enabled GPC
 * gives no value (PRI error 0xbad0..../0xbadf...., all-ones) or the counts
 * are impossible (0 GPCs, 0 TPCs).
 */
int nvs_gr_read(const struct nvs_io *io, const struct nvs_ident *id, struct nvs_gr *gr);

/** enum nvs_gr_val - single values behind the /proc files */
enum nvs_gr_val {
	NVS_GR_NUM_GPCS,	/* PTOP scal, on-chip */
	NVS_GR_NUM_TPC_PER_GPC,	/* PTOP scal, on-chip */
	NVS_GR_GPC_MASK,	/* GPC fuse, set bit = disabled */
	NVS_GR_TPC_MASK,	/* TPC fuse of physical GPC idx */
	NVS_GR_CWD_GPC_TPC_ID,	/* CWD_GPC_TPC_ID(idx), raw */
	NVS_GR_CWD_SM_ID,	/* CWD_SM_ID(idx), raw */
};

/**
 * nvs_gr_value() - read one value
 * Return: 0 with *out set; -EIO when the hardware gives no value (PRI
 * error, all-ones; for the CWD tables also when no GR context has
 * programmed them: CWD_FS.NUM_TPCS reads 0, or a register whose entries
 * that should differ are all equal, e.g. all zero); -ERANGE for an index
 * beyond the chip's registers; -EOPNOTSUPP when the chip has no such
 * register (CWD tables on Kepler and Blackwell, fuses on Kepler).
 */
int nvs_gr_value(const struct nvs_io *io, const struct nvs_ident *id,
		 enum nvs_gr_val which, unsigned int idx, uint32_t *out);

/* Does this generation have the GPC/TPC fuse registers (Maxwell+)? */
bool nvs_gr_has_fuses(const struct nvs_ident *id);

/* Number of CWD_GPC_TPC_ID / CWD_SM_ID registers, 0 when not known. */
unsigned int nvs_gr_num_cwd_regs(const struct nvs_ident *id);

/**
 * nvs_gr_cwd_tpc() - decode entry @tpc (global TPC id) of the
 * CWD_GPC_TPC_ID table: logical GPC and TPC-in-GPC.
 * Return: 0, or the error of nvs_gr_value().
 */
int nvs_gr_cwd_tpc(const struct nvs_io *io, const struct nvs_ident *id,
		   unsigned int tpc, unsigned int *gpc, unsigned int *tpc_in_gpc);

#endif /* NVS_HW_GR_H */
