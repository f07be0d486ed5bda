/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * chip.h - chip identification and the per-generation capability table.
 *
 * Behaviour that differs between generations is selected once, from the
 * chip id, through a const struct nvs_caps: every layout choice is a field
 * of it, so "what changes on chip X" is answered by chip.c's table alone.  Never compare chip ids for
 * ordering: Ada (0x19x) sorts above Hopper (0x18x) but uses the older
 * layouts, and GB20x moved the per-runlist block.
 */
#ifndef NVS_HW_CHIP_H
#define NVS_HW_CHIP_H

#include "compat.h"
#include "nvs_io.h"

/** enum nvs_arch - GPU architecture (the names of CONTRACTS.md §2) */
enum nvs_arch {
	NVS_ARCH_UNKNOWN = 0,
	NVS_ARCH_KEPLER,
	NVS_ARCH_MAXWELL,
	NVS_ARCH_PASCAL,
	NVS_ARCH_VOLTA,
	NVS_ARCH_TURING,
	NVS_ARCH_AMPERE,
	NVS_ARCH_ADA,
	NVS_ARCH_HOPPER,
	NVS_ARCH_BLACKWELL,
};

/** enum nvs_ptop_fmt - how the device (engine) table is laid out */
enum nvs_ptop_fmt {
	NVS_PTOP_LEGACY,	/* NV_PTOP_DEVICE_INFO(i), GK104-TU11x */
	NVS_PTOP_INFO2,		/* NV_PTOP_DEVICE_INFO_CFG + DEVICE_INFO2(i), GA100+ */
};

/** enum nvs_rl_regs - where runlist base/submit registers live */
enum nvs_rl_regs {
	NVS_RL_PFIFO_SINGLE,	/* 0x2270/0x2274 submit, 0x2280+8i read-back: Kepler-Volta */
	NVS_RL_PFIFO_INDEXED,	/* 0x2B00+16i: Turing */
	NVS_RL_BLOCK_GA100,	/* NV_RUNLIST block, layout A (*_GA100): GA100-GH100, GB10x/GB11x */
	NVS_RL_BLOCK_GB20X,	/* NV_RUNLIST block, layout B (*_GB202): GB20x */
};

/** enum nvs_chan_ctl - where channel enable/state lives */
enum nvs_chan_ctl {
	NVS_CHAN_PCCSR,		/* NV_PCCSR_CHANNEL(i) 0x800004+8i, global ids: Kepler-Turing */
	NVS_CHAN_CHRAM,		/* NV_CHRAM_CHANNEL(i) per runlist: Ampere+ */
};

/**
 * enum nvs_rl_entry - runlist entry format (regs-fifo.md §3.4), named for
 * the first chip with it; the fields per format are in
 * include/nvsched/regs/fifo.h (NV_RAMRL_ENTRY_*_GK104 for 8-byte
 * entries, NV_RAMRL_ENTRY_*_GV100 and later codes for 16-byte ones)
 */
enum nvs_rl_entry {
	NVS_RL_ENTRY_GK104,	/* 8 bytes, no instance pointer: Kepler-Pascal */
	NVS_RL_ENTRY_GV100,	/* 16 bytes, 12-bit ids, USERD_PTR_HI 31:0 */
	NVS_RL_ENTRY_TU102,	/* USERD_PTR_HI 7:0 */
	NVS_RL_ENTRY_GA100,	/* 11-bit ids: GA100-AD10x */
	NVS_RL_ENTRY_GH100,	/* USERD_PTR_HI 19:0: GH100, GB10x */
	NVS_RL_ENTRY_GB20X,	/* INST_PTR_HI 19:0, VEID and CASID added */
};

/**
 * enum nvs_ramin - instance block (RAMIN) layout (regs-mmu-gr.md §3.1):
 * which dwords beyond the page directory base (all layouts) hold something
 */
enum nvs_ramin {
	NVS_RAMIN_GK104,	/* ADR_LIMIT: Kepler, Maxwell */
	NVS_RAMIN_GP100,	/* + FAULT_REPLAY_TEX/GCC */
	NVS_RAMIN_GV100,	/* FAULT_REPLAY, engine WFI, PASID, subcontexts;
				 * no ADR_LIMIT: Volta, Ampere, Ada, Hopper */
	NVS_RAMIN_TU102,	/* GV100 + ADR_LIMIT (RM still writes it on TU10x) */
	NVS_RAMIN_GB100,	/* GV100 + ENGINE_CTXSW_FW_MAGIC: Blackwell */
};

/** enum nvs_ramfc - RAMFC layout (regs-mmu-gr.md §3.3) */
enum nvs_ramfc {
	NVS_RAMFC_GK104,	/* GP_PUT/GET/BASE (+ LIMIT2), USERD: Kepler-Pascal */
	NVS_RAMFC_GV100,	/* + SET_CHANNEL_INFO */
	NVS_RAMFC_TU102,	/* + TARGET: Turing, Ampere, Ada */
	NVS_RAMFC_GH100,	/* GV100 less LIMIT2 (moved to GP_INFO) */
	NVS_RAMFC_GB100,	/* rearranged GP registers; no USERD, no CHANNEL_INFO */
};

/** enum nvs_ce_layout - copy-engine registers (regs-fifo.md §6) */
enum nvs_ce_layout {
	NVS_CE_NO_MAP,		/* Kepler, Maxwell: no PCE map */
	NVS_CE_GP100,		/* Pascal: packed nibbles, a byte per GRCE */
	NVS_CE_GV100,		/* Volta, Turing: 0x104040 + 4p, 0x104034 + 4g */
	NVS_CE_GA100,		/* Ampere-Blackwell: 0x104100 + 4p, 0x1041c0 + 4g */
};

/** enum nvs_gr_layout - GPC/TPC registers (regs-mmu-gr.md §6, kmod/hw/gr.c) */
enum nvs_gr_layout {
	NVS_GR_NONE,
	NVS_GR_GK104,		/* Kepler */
	NVS_GR_GM107,		/* Maxwell, Pascal */
	NVS_GR_GV100,		/* Volta, Turing */
	NVS_GR_GA100,		/* Ampere */
	NVS_GR_AD102,		/* Ada, Hopper */
	NVS_GR_GB100,		/* Blackwell */
};

/** enum nvs_big_page - how the big page size of an address space is known */
enum nvs_big_page {
	NVS_BIG_PAGE_64K,	/* fixed 64 KiB: Volta+ (regs-mmu-gr.md §4.3) */
	NVS_BIG_PAGE_RAMIN,	/* RAMIN BIG_PAGE_SIZE: Maxwell, Pascal (§3.1) */
	NVS_BIG_PAGE_128K,	/* global NV_PFB_PRI_MMU_CTRL; 128 KiB assumed:
				 * Kepler (§4.2, uncertain) */
};

/**
 * struct nvs_rl_block - register offsets inside the Ampere+ NV_RUNLIST
 * block (regs-fifo.md §3.3, §5.2), one instance per layout
 * (nvs_rl_block_ga100, nvs_rl_block_gb20x in chip.c).  Name a register as
 * NV_RUNLIST(loc->pri_base, caps->rl_block, submit).
 */
struct nvs_rl_block {
	uint16_t channel_config;
	uint16_t doorbell_config;
	uint16_t submit_base_lo;
	uint16_t submit_base_hi;
	uint16_t submit;
	uint16_t submit_info;
	uint16_t sched_disable;
	uint16_t preempt;
};

extern const struct nvs_rl_block nvs_rl_block_ga100;	/* GA100-GH100, GB10x/GB11x */
extern const struct nvs_rl_block nvs_rl_block_gb20x;	/* GB20x */

/* Register @reg (a member of struct nvs_rl_block) of the runlist block at
 * @base laid out as @blk: the base cannot be left out. */
#define NV_RUNLIST(base, blk, reg)	((base) + (uint32_t)(blk)->reg)

/**
 * struct nvs_caps - per-generation facts and behaviour selection
 *
 * Everything that differs between generations is a field here; the code
 * picks per-layout helpers from these fields and never compares
 * architectures.
 *
 * @arch: architecture (names only; no code branches on it)
 * @window_reg: PRAMIN window register (0x1700 or 0x10fd40)
 * @window_base_hi: high bit of the window BASE field (low bit is 0)
 * @window_has_target: the window register has a TARGET field (pre-Hopper)
 * @ptop: device table format
 * @rl_regs: runlist register layout
 * @rl_block: NV_RUNLIST block offsets (NVS_RL_BLOCK_*), NULL before
 * @rl_entry: runlist entry format
 * @rl_entry_size: bytes per runlist entry (8 pre-Volta, 16 Volta+)
 * @rl_base_shift: runlist buffer alignment shift (regs-fifo.md §3.5)
 * @tsgid_bits: width of the TSG ids PREEMPT takes (12; 11 from GA100 on:
 *	the register field is 11:0, the hardware decodes 10:0)
 * @rl_base_hi_bits: width of SUBMIT_BASE_HI.PTR_HI (Ampere+ block; 8, or
 *	20 from GH100 on: 52-bit physical addresses)
 * @pccsr_channels: PCCSR channel count when NV_PFIFO_CFG1 gives none
 *	(regs-fifo.md §4.3)
 * @has_cfg1: NV_PFIFO_CFG1.NUM_CHANNELS is implemented (not on Kepler)
 * @pccsr_runlist_rw: NV_PCCSR_CHANNEL.RUNLIST is RW and kept on writes (GK1xx)
 * @has_runlist_preempt: NV_PFIFO_RUNLIST_PREEMPT exists (Maxwell-Turing)
 * @pt_version: GMMU page-table format (1, 2 or 3; regs-mmu-gr.md §4)
 * @pt_ver2_bit: RAMIN USE_VER2_PT_FORMAT chooses v1 or v2 (Pascal)
 * @big_page: how the big page size is known
 * @pt_page_512m: PD1 entries may be 512 MiB pages (GA100+)
 * @pt_page_256g: PD2 entries may be 256 GiB pages (Blackwell)
 * @ramin: instance block layout
 * @ramfc: RAMFC layout
 * @ce: copy-engine register layout
 * @gr: GPC/TPC register layout
 * @chan_ctl: channel control registers
 * @has_boot42: NV_PMC_BOOT_42 is implemented (Pascal+)
 * @gsp_capable: GSP firmware may own the GPU (BOOT_42.ARCH >= TU100)
 * @gsp_always: GSP firmware always owns a dGPU of this kind (GH100+)
 */
struct nvs_caps {
	enum nvs_arch arch;
	uint32_t window_reg;
	uint8_t window_base_hi;
	bool window_has_target;
	enum nvs_ptop_fmt ptop;
	enum nvs_rl_regs rl_regs;
	const struct nvs_rl_block *rl_block;
	enum nvs_rl_entry rl_entry;
	uint8_t rl_entry_size;
	uint8_t rl_base_shift;
	uint8_t tsgid_bits;
	uint8_t rl_base_hi_bits;
	uint16_t pccsr_channels;
	bool has_cfg1;
	bool pccsr_runlist_rw;
	bool has_runlist_preempt;
	uint8_t pt_version;
	bool pt_ver2_bit;
	enum nvs_big_page big_page;
	bool pt_page_512m;
	bool pt_page_256g;
	enum nvs_ramin ramin;
	enum nvs_ramfc ramfc;
	enum nvs_ce_layout ce;
	enum nvs_gr_layout gr;
	enum nvs_chan_ctl chan_ctl;
	bool has_boot42;
	bool gsp_capable;
	bool gsp_always;
};

/** struct nvs_chip - one row of the chip table */
struct nvs_chip {
	uint16_t id;		/* (arch << 4) | impl */
	const char *name;	/* upper case, e.g. "GH100" */
	bool tegra;		/* integrated (Tegra / SoC) GPU */
	const struct nvs_caps *caps;
};

/**
 * struct nvs_ident - result of nvs_identify()
 * @boot0: NV_PMC_BOOT_0 as read
 * @boot42: NV_PMC_BOOT_42 as read (0 when not used)
 * @chip_id: (arch << 4) | impl
 * @from_boot42: the id came from BOOT_42
 * @chip: table row, or NULL for an unknown id
 * @caps: capabilities: the chip's, or a conservative guess from the
 *	architecture for an unknown id (NULL if the architecture is unknown)
 * @arch: architecture (NVS_ARCH_UNKNOWN when unknown)
 * @caps_guessed: @caps come from the architecture, not from the chip table
 */
struct nvs_ident {
	uint32_t boot0;
	uint32_t boot42;
	uint16_t chip_id;
	bool from_boot42;
	const struct nvs_chip *chip;
	const struct nvs_caps *caps;
	enum nvs_arch arch;
	bool caps_guessed;
};

/* Is v a PRI error read-back (0xbad0xxxx / 0xbadfxxxx, regs-fifo.md §8.3)? */
bool nvs_is_pri_error(uint32_t v);
/*
 * Did a register read give no value: a PRI error, or all-ones (the device
 * is off the bus or the offset is not decoded)?  The one predicate every
 * decoder and control path uses.
 */
bool nvs_reg_unreadable(uint32_t v);

/**
 * nvs_identify() - identify the GPU behind @io
 *
 * Reads BOOT_42 (0xA00) and uses it when valid (non-zero, not all-ones, not
 * a PRI error); otherwise BOOT_0[28:20] with the architecture MSB (bit 8).
 *
 * Return: 0 (also for unknown chips: @id->chip is NULL then), -ENODEV when
 * the GPU reads all-ones (fallen off the bus / powered down), -EIO when
 * BOOT_0 is not a plausible value.
 */
int nvs_identify(const struct nvs_io *io, struct nvs_ident *id);

/* Table lookup by chip id; NULL when unknown. */
const struct nvs_chip *nvs_chip_lookup(uint16_t chip_id);
/* The table itself (for listings and tests). */
const struct nvs_chip *nvs_chip_table(size_t *n);
/* Lower-case architecture name ("hopper"), "unknown" for NVS_ARCH_UNKNOWN. */
const char *nvs_arch_name(enum nvs_arch arch);
/* Architecture from the 6-bit BOOT architecture field (0x0e..0x1b). */
enum nvs_arch nvs_arch_from_field(unsigned int arch);

#endif /* NVS_HW_CHIP_H */
