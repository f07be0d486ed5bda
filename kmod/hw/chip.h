/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * chip.h - chip identification and the per-generation capability table.
 *
 * Behaviour that differs between generations is selected once, from the
 * chip id, through a const struct nvs_caps.  Never compare chip ids for
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
	NVS_RL_BLOCK_A,		/* NV_RUNLIST block, layout A: GA100-GH100, GB10x/GB11x */
	NVS_RL_BLOCK_B,		/* NV_RUNLIST block, layout B: GB20x */
};

/** enum nvs_chan_ctl - where channel enable/state lives */
enum nvs_chan_ctl {
	NVS_CHAN_PCCSR,		/* NV_PCCSR_CHANNEL(i) 0x800004+8i, global ids: Kepler-Turing */
	NVS_CHAN_CHRAM,		/* NV_CHRAM_CHANNEL(i) per runlist: Ampere+ */
};

/**
 * struct nvs_caps - per-generation facts and behaviour selection
 * @arch: architecture
 * @window_reg: PRAMIN window register (0x1700 or 0x10fd40)
 * @window_base_hi: high bit of the window BASE field (low bit is 0)
 * @window_has_target: the window register has a TARGET field (pre-Hopper)
 * @ptop: device table format
 * @rl_regs: runlist register layout
 * @rl_entry_size: bytes per runlist entry (8 pre-Volta, 16 Volta+)
 * @rl_base_shift: runlist buffer alignment shift (regs-fifo.md §3.5)
 * @pt_version: GMMU page-table format (1, 2 or 3; regs-mmu-gr.md §4)
 * @chan_ctl: channel control registers
 * @has_boot42: NV_PMC_BOOT_42 is implemented (Pascal+)
 * @gsp_capable: GSP firmware may own the GPU (BOOT_42.ARCH >= TU100)
 */
struct nvs_caps {
	enum nvs_arch arch;
	uint32_t window_reg;
	uint8_t window_base_hi;
	bool window_has_target;
	enum nvs_ptop_fmt ptop;
	enum nvs_rl_regs rl_regs;
	uint8_t rl_entry_size;
	uint8_t rl_base_shift;
	uint8_t pt_version;
	enum nvs_chan_ctl chan_ctl;
	bool has_boot42;
	bool gsp_capable;
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
