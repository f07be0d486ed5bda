// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * chip.c - chip identification and the const per-chip table.
 *
 * Chip ids and names: regs-fifo.md §1.4 (docs/register-sources.md;
 * the list itself: tests/fixtures/chip-ids.tsv)
 * ([OGKM] nv_arch.h / g_hal_archimpl.h, [OGD] ga100 dev_boot.ref.txt,
 * [NOUV] device/base.c).  Per-generation facts are cited on each caps
 * field below.
 */
#include "chip.h"
#include "nvsched/regs/boot.h"
#include "nvsched/regs/bus.h"
#include "nvsched/regs/fifo.h"
#include "nvsched/regs/top.h"

/* NV_RUNLIST block layouts (regs-fifo.md §3.3; offsets in regs/fifo.h, top.h):
 * each one is its chip's NV_RUNLIST_*_@chip registers */
#define RL_BLOCK(chip) { \
	.channel_config = NV_RUNLIST_CHANNEL_CONFIG_##chip, \
	.doorbell_config = NV_RUNLIST_DOORBELL_CONFIG_##chip, \
	.submit_base_lo = NV_RUNLIST_SUBMIT_BASE_LO_##chip, \
	.submit_base_hi = NV_RUNLIST_SUBMIT_BASE_HI_##chip, \
	.submit = NV_RUNLIST_SUBMIT_##chip, \
	.submit_info = NV_RUNLIST_SUBMIT_INFO_##chip, \
	.sched_disable = NV_RUNLIST_SCHED_DISABLE_##chip, \
	.preempt = NV_RUNLIST_PREEMPT_##chip, \
}

const struct nvs_rl_block nvs_rl_block_ga100 = RL_BLOCK(GA100);
const struct nvs_rl_block nvs_rl_block_gb20x = RL_BLOCK(GB202);

/*
 * Capability sets: one per layout combination, each read alone.  Sources
 * per field:
 *  window: regs-mmu-gr.md §1.2 (0x1700, BASE 23:0 + TARGET, Kepler-Ada) and
 *          §1.3 (0x10fd40; BASE 21:0 GH100, 22:0 GB10x/GB20x dGPU, 24:0 Tegra
 *          GB10B/GB20B/GB20C);
 *  ptop:   regs-fifo.md §2.1 (legacy, GK104-TU11x), §2.2 (INFO2, Ampere+);
 *  rl:     regs-fifo.md §3.1-§3.3 (registers, block layouts), entry
 *          formats §3.4, alignment and address width §3.5;
 *  ids:    regs-fifo.md §5 (PREEMPT ID 11:0, HW 10:0 from Ampere on);
 *  pccsr:  regs-fifo.md §4.1 (RUNLIST field RW on GK1xx), §4.3 (channel
 *          counts: 4096 on Kepler, NV_PFIFO_CFG1 from GM200, 2048 GM10x),
 *          §5.1 (NV_PFIFO_RUNLIST_PREEMPT absent on GK104);
 *  pt:     regs-mmu-gr.md §4 (v1 Kepler/Maxwell, v2 Pascal-Ada with the
 *          RAMIN bit choosing on Pascal, v3 Hopper+), big pages §3.1/§4.2/
 *          §4.3, huge pages §4.3/§4.4 (512 MiB in PD1 GA100+, 256 GiB in
 *          PD2 Blackwell);
 *  ramin/ramfc: regs-mmu-gr.md §3.1, §3.3;
 *  ce:     regs-fifo.md §6;  gr: regs-mmu-gr.md §6;
 *  chan:   regs-fifo.md §4.1/§4.2;
 *  gsp:    regs-fifo.md §1.3/§8.1 (BOOT_42.ARCH >= TU100, dGPU only;
 *          always GSP-owned from GH100 on).
 */
#define PRE_HOPPER_WINDOW \
	.window_reg = NV_PBUS_BAR0_WINDOW, .window_base_hi = 23, \
	.window_has_target = true
#define PCCSR(n) \
	.chan_ctl = NVS_CHAN_PCCSR, .pccsr_channels = (n), .tsgid_bits = 12
#define BLOCK_GA100 \
	.rl_regs = NVS_RL_BLOCK_GA100, .rl_block = &nvs_rl_block_ga100, \
	.chan_ctl = NVS_CHAN_CHRAM, .tsgid_bits = 11
#define BLOCK_GB20X \
	.rl_regs = NVS_RL_BLOCK_GB20X, .rl_block = &nvs_rl_block_gb20x, \
	.chan_ctl = NVS_CHAN_CHRAM, .tsgid_bits = 11
#define HI_BITS_GA100	.rl_base_hi_bits = NVS_WIDTH(NV_RUNLIST_SUBMIT_BASE_HI_PTR_HI_GA100)
#define HI_BITS_GH100	.rl_base_hi_bits = NVS_WIDTH(NV_RUNLIST_SUBMIT_BASE_HI_PTR_HI_GH100)

/* Kepler to Turing: the window at 0x1700, the legacy PTOP, 4 KiB runlist
 * alignment (the runlist registers, in NV_PFIFO, per generation) */
#define PRE_AMPERE \
	PRE_HOPPER_WINDOW, .ptop = NVS_PTOP_LEGACY, .rl_base_shift = 12
/* Maxwell on: the channel count in NV_PFIFO_CFG1, NV_PFIFO_RUNLIST_PREEMPT */
#define MAXWELL_FIFO	.has_cfg1 = true, .has_runlist_preempt = true
/* Pascal to Turing: PCCSR with 4096 channels where NV_PFIFO_CFG1 gives no
 * count, Maxwell's FIFO, v2 page tables, BOOT_42 */
#define PASCAL_TURING \
	PRE_AMPERE, PCCSR(NV_PCCSR_CHANNEL__SIZE_MAX), MAXWELL_FIFO, \
	.pt_version = 2, .has_boot42 = true

static const struct nvs_caps caps_kepler = {
	.arch = NVS_ARCH_KEPLER, PRE_AMPERE, .pt_version = 1, .big_page = NVS_BIG_PAGE_128K,
	.rl_regs = NVS_RL_PFIFO_SINGLE, .rl_entry = NVS_RL_ENTRY_GK104, .rl_entry_size = 8,
	PCCSR(NV_PCCSR_CHANNEL__SIZE_MAX), .pccsr_runlist_rw = true,
	.ramin = NVS_RAMIN_GK104, .ramfc = NVS_RAMFC_GK104, .ce = NVS_CE_NO_MAP, .gr = NVS_GR_GK104,
};

static const struct nvs_caps caps_maxwell = {
	.arch = NVS_ARCH_MAXWELL, PRE_AMPERE, .pt_version = 1, .big_page = NVS_BIG_PAGE_RAMIN,
	.rl_regs = NVS_RL_PFIFO_SINGLE, .rl_entry = NVS_RL_ENTRY_GK104, .rl_entry_size = 8,
	PCCSR(2048), MAXWELL_FIFO,
	.ramin = NVS_RAMIN_GK104, .ramfc = NVS_RAMFC_GK104, .ce = NVS_CE_NO_MAP, .gr = NVS_GR_GM107,
};

static const struct nvs_caps caps_pascal = {
	.arch = NVS_ARCH_PASCAL, PASCAL_TURING, .pt_ver2_bit = true, .big_page = NVS_BIG_PAGE_RAMIN,
	.rl_regs = NVS_RL_PFIFO_SINGLE, .rl_entry = NVS_RL_ENTRY_GK104, .rl_entry_size = 8,
	.ramin = NVS_RAMIN_GP100, .ramfc = NVS_RAMFC_GK104, .ce = NVS_CE_GP100, .gr = NVS_GR_GM107,
};

static const struct nvs_caps caps_volta = {
	.arch = NVS_ARCH_VOLTA, PASCAL_TURING, .big_page = NVS_BIG_PAGE_64K,
	.rl_regs = NVS_RL_PFIFO_SINGLE, .rl_entry = NVS_RL_ENTRY_GV100, .rl_entry_size = 16,
	.ramin = NVS_RAMIN_GV100, .ramfc = NVS_RAMFC_GV100, .ce = NVS_CE_GV100, .gr = NVS_GR_GV100,
};

static const struct nvs_caps caps_turing = {
	.arch = NVS_ARCH_TURING, PASCAL_TURING, .big_page = NVS_BIG_PAGE_64K, .gsp_capable = true,
	.rl_regs = NVS_RL_PFIFO_INDEXED, .rl_entry = NVS_RL_ENTRY_TU102, .rl_entry_size = 16,
	.ramin = NVS_RAMIN_TU102, .ramfc = NVS_RAMFC_TU102, .ce = NVS_CE_GV100, .gr = NVS_GR_GV100,
};

/* Ampere, Ada: the NV_RUNLIST block (layout GA100), CHRAM, 11-bit ids */
#define AMPERE_ADA(shift) \
	.ptop = NVS_PTOP_INFO2, BLOCK_GA100, HI_BITS_GA100, \
	.rl_entry = NVS_RL_ENTRY_GA100, .rl_entry_size = 16, .rl_base_shift = (shift), \
	.pt_version = 2, .big_page = NVS_BIG_PAGE_64K, .pt_page_512m = true, \
	.ramin = NVS_RAMIN_GV100, .ramfc = NVS_RAMFC_TU102, .ce = NVS_CE_GA100, \
	.has_boot42 = true

/* GA100: 4 KiB runlist alignment (ga100 NV_RAMRL_ENTRY_BASE_SHIFT 12) */
static const struct nvs_caps caps_ga100 = {
	.arch = NVS_ARCH_AMPERE, PRE_HOPPER_WINDOW, AMPERE_ADA(12),
	.gr = NVS_GR_GA100, .gsp_capable = true,
};

/* GA10x: 1 KiB alignment (ga102 NV_RAMRL_ENTRY_BASE_SHIFT 10) */
static const struct nvs_caps caps_ga10x = {
	.arch = NVS_ARCH_AMPERE, PRE_HOPPER_WINDOW, AMPERE_ADA(10),
	.gr = NVS_GR_GA100, .gsp_capable = true,
};

static const struct nvs_caps caps_ga10b = {
	.arch = NVS_ARCH_AMPERE, PRE_HOPPER_WINDOW, AMPERE_ADA(10),
	.gr = NVS_GR_GA100,
};

static const struct nvs_caps caps_ada = {
	.arch = NVS_ARCH_ADA, PRE_HOPPER_WINDOW, AMPERE_ADA(10),
	.gr = NVS_GR_AD102, .gsp_capable = true,
};

/* Hopper, Blackwell: the window at 0x10fd40, v3 page tables, 52-bit
 * runlist addresses, 1 KiB alignment unless stated */
#define HOPPER_PLUS \
	.window_reg = NV_XAL_EP_BAR0_WINDOW, .ptop = NVS_PTOP_INFO2, \
	HI_BITS_GH100, .rl_entry_size = 16, .pt_version = 3, \
	.big_page = NVS_BIG_PAGE_64K, .pt_page_512m = true, \
	.ce = NVS_CE_GA100, .has_boot42 = true

static const struct nvs_caps caps_hopper = {
	.arch = NVS_ARCH_HOPPER, HOPPER_PLUS,
	.window_base_hi = NVS_HI(NV_XAL_EP_BAR0_WINDOW_BASE_GH100),
	BLOCK_GA100, .rl_entry = NVS_RL_ENTRY_GH100, .rl_base_shift = 10,
	.ramin = NVS_RAMIN_GV100, .ramfc = NVS_RAMFC_GH100,
	.gr = NVS_GR_AD102, .gsp_capable = true, .gsp_always = true,
};

/* Blackwell: 256 GiB pages in PD2, its RAMIN, RAMFC and GR layouts; per
 * chip the window's BASE width (@win), the runlist block (@block), entry
 * format (@entry) and alignment (@shift) */
#define BLACKWELL(win, block, entry, shift) \
	.arch = NVS_ARCH_BLACKWELL, HOPPER_PLUS, .window_base_hi = NVS_HI(win), \
	block, .rl_entry = (entry), .rl_base_shift = (shift), .pt_page_256g = true, \
	.ramin = NVS_RAMIN_GB100, .ramfc = NVS_RAMFC_GB100, .gr = NVS_GR_GB100

static const struct nvs_caps caps_gb10x = {
	BLACKWELL(NV_XAL_EP_BAR0_WINDOW_BASE_GB100, BLOCK_GA100, NVS_RL_ENTRY_GH100, 10),
	.gsp_capable = true, .gsp_always = true,
};

static const struct nvs_caps caps_gb10b = {
	BLACKWELL(NV_XAL_EP_BAR0_WINDOW_BASE_GB10B, BLOCK_GA100, NVS_RL_ENTRY_GH100, 10),
};

/* GB20x: what changes against GB10x is the runlist block layout, the
 * runlist entry (VEID, narrower INST_PTR_HI) and a 256-byte alignment
 * (gb202 NV_RAMRL_ENTRY_BASE_SHIFT 8) */
static const struct nvs_caps caps_gb20x = {
	BLACKWELL(NV_XAL_EP_BAR0_WINDOW_BASE_GB100, BLOCK_GB20X, NVS_RL_ENTRY_GB20X, 8),
	.gsp_capable = true, .gsp_always = true,
};

static const struct nvs_caps caps_gb20b = {
	BLACKWELL(NV_XAL_EP_BAR0_WINDOW_BASE_GB10B, BLOCK_GB20X, NVS_RL_ENTRY_GB20X, 8),
};

#define DGPU(i, n, c)	{ .id = (i), .name = (n), .tegra = false, .caps = &(c) }
#define TEGRA(i, n, c)	{ .id = (i), .name = (n), .tegra = true, .caps = &(c) }

/* Every chip id of regs-fifo.md §1.4, in id order. */
static const struct nvs_chip chip_table[] = {
	DGPU(0x0e4, "GK104", caps_kepler),
	DGPU(0x0e6, "GK106", caps_kepler),
	DGPU(0x0e7, "GK107", caps_kepler),
	TEGRA(0x0ea, "GK20A", caps_kepler),
	DGPU(0x0f0, "GK110", caps_kepler),
	DGPU(0x0f1, "GK110B", caps_kepler),
	DGPU(0x106, "GK208B", caps_kepler),
	DGPU(0x108, "GK208", caps_kepler),
	DGPU(0x117, "GM107", caps_maxwell),
	DGPU(0x118, "GM108", caps_maxwell),
	DGPU(0x120, "GM200", caps_maxwell),
	DGPU(0x124, "GM204", caps_maxwell),
	DGPU(0x126, "GM206", caps_maxwell),
	TEGRA(0x12b, "GM20B", caps_maxwell),
	DGPU(0x130, "GP100", caps_pascal),
	DGPU(0x132, "GP102", caps_pascal),
	DGPU(0x134, "GP104", caps_pascal),
	DGPU(0x136, "GP106", caps_pascal),
	DGPU(0x137, "GP107", caps_pascal),
	DGPU(0x138, "GP108", caps_pascal),
	TEGRA(0x13b, "GP10B", caps_pascal),
	DGPU(0x140, "GV100", caps_volta),
	TEGRA(0x15b, "GV11B", caps_volta),
	DGPU(0x162, "TU102", caps_turing),
	DGPU(0x164, "TU104", caps_turing),
	DGPU(0x166, "TU106", caps_turing),
	DGPU(0x167, "TU117", caps_turing),
	DGPU(0x168, "TU116", caps_turing),
	DGPU(0x170, "GA100", caps_ga100),
	DGPU(0x172, "GA102", caps_ga10x),
	DGPU(0x173, "GA103", caps_ga10x),
	DGPU(0x174, "GA104", caps_ga10x),
	DGPU(0x176, "GA106", caps_ga10x),
	DGPU(0x177, "GA107", caps_ga10x),
	TEGRA(0x17b, "GA10B", caps_ga10b),
	DGPU(0x17f, "GA102F", caps_ga10x),
	DGPU(0x180, "GH100", caps_hopper),
	DGPU(0x192, "AD102", caps_ada),
	DGPU(0x193, "AD103", caps_ada),
	DGPU(0x194, "AD104", caps_ada),
	DGPU(0x196, "AD106", caps_ada),
	DGPU(0x197, "AD107", caps_ada),
	DGPU(0x1a0, "GB100", caps_gb10x),
	DGPU(0x1a2, "GB102", caps_gb10x),
	DGPU(0x1a3, "GB110", caps_gb10x),
	DGPU(0x1a4, "GB112", caps_gb10x),
	TEGRA(0x1ab, "GB10B", caps_gb10b),
	DGPU(0x1b2, "GB202", caps_gb20x),
	DGPU(0x1b3, "GB203", caps_gb20x),
	DGPU(0x1b5, "GB205", caps_gb20x),
	DGPU(0x1b6, "GB206", caps_gb20x),
	DGPU(0x1b7, "GB207", caps_gb20x),
	TEGRA(0x1bb, "GB20B", caps_gb20b),
	TEGRA(0x1bc, "GB20C", caps_gb20b),
};

/* Architecture field (BOOT arch, regs-fifo.md §1.1 table) -> arch and the
 * conservative capability guess for an id missing from the table. */
static const struct {
	uint8_t field;
	enum nvs_arch arch;
	const struct nvs_caps *caps;
} arch_table[] = {
	{ 0x0e, NVS_ARCH_KEPLER, &caps_kepler },	/* GK100 */
	{ 0x0f, NVS_ARCH_KEPLER, &caps_kepler },	/* GK110 */
	{ 0x10, NVS_ARCH_KEPLER, &caps_kepler },	/* GK200 */
	{ 0x11, NVS_ARCH_MAXWELL, &caps_maxwell },	/* GM100 */
	{ 0x12, NVS_ARCH_MAXWELL, &caps_maxwell },	/* GM200 */
	{ 0x13, NVS_ARCH_PASCAL, &caps_pascal },	/* GP100 */
	{ 0x14, NVS_ARCH_VOLTA, &caps_volta },		/* GV100 */
	{ 0x15, NVS_ARCH_VOLTA, &caps_volta },		/* GV110 */
	{ 0x16, NVS_ARCH_TURING, &caps_turing },	/* TU100 */
	{ 0x17, NVS_ARCH_AMPERE, &caps_ga10x },		/* GA100 */
	{ 0x18, NVS_ARCH_HOPPER, &caps_hopper },	/* GH100 */
	{ 0x19, NVS_ARCH_ADA, &caps_ada },		/* AD100 */
	{ 0x1a, NVS_ARCH_BLACKWELL, &caps_gb10x },	/* GB100 */
	{ 0x1b, NVS_ARCH_BLACKWELL, &caps_gb20x },	/* GB200 */
};

static const char *const arch_names[] = {
	[NVS_ARCH_UNKNOWN] = "unknown",
	[NVS_ARCH_KEPLER] = "kepler",
	[NVS_ARCH_MAXWELL] = "maxwell",
	[NVS_ARCH_PASCAL] = "pascal",
	[NVS_ARCH_VOLTA] = "volta",
	[NVS_ARCH_TURING] = "turing",
	[NVS_ARCH_AMPERE] = "ampere",
	[NVS_ARCH_ADA] = "ada",
	[NVS_ARCH_HOPPER] = "hopper",
	[NVS_ARCH_BLACKWELL] = "blackwell",
};

const char *nvs_arch_name(enum nvs_arch arch)
{
	return NVS_NAME(arch_names, (unsigned int)arch, "unknown");
}

bool nvs_is_pri_error(uint32_t v)
{
	return (v & NV_PRI_ERROR_MASK) == NV_PRI_ERROR_CODE;
}

bool nvs_reg_unreadable(uint32_t v)
{
	return v == NV_REG_VALUE_INVALID || nvs_is_pri_error(v);
}

const struct nvs_chip *nvs_chip_table(size_t *n)
{
	*n = NVS_ARRAY_SIZE(chip_table);
	return chip_table;
}

const struct nvs_chip *nvs_chip_lookup(uint16_t chip_id)
{
	size_t i;

	for (i = 0; i < NVS_ARRAY_SIZE(chip_table); i++)
		if (chip_table[i].id == chip_id)
			return &chip_table[i];
	return NULL;
}

static int arch_index(unsigned int field)
{
	size_t i;

	for (i = 0; i < NVS_ARRAY_SIZE(arch_table); i++)
		if (arch_table[i].field == field)
			return (int)i;
	return -1;
}

enum nvs_arch nvs_arch_from_field(unsigned int field)
{
	int i = arch_index(field);

	return i < 0 ? NVS_ARCH_UNKNOWN : arch_table[i].arch;
}

static bool boot42_valid(uint32_t v)
{
	return v != 0 && v != NV_REG_VALUE_INVALID && !nvs_is_pri_error(v) &&
	       NVS_GET(v, NV_PMC_BOOT_42_ARCHITECTURE) != 0;
}

int nvs_identify(const struct nvs_io *io, struct nvs_ident *id)
{
	unsigned int arch;
	int ai;

	memset(id, 0, sizeof(*id));
	id->boot0 = nvs_rd32(io, NV_PMC_BOOT_0);
	if (id->boot0 == NV_REG_VALUE_INVALID)
		return -ENODEV;
	if (id->boot0 == 0 || nvs_is_pri_error(id->boot0))
		return -EIO;

	id->boot42 = nvs_rd32(io, NV_PMC_BOOT_42);
	if (boot42_valid(id->boot42)) {
		id->from_boot42 = true;
		id->chip_id = NVS_GET(id->boot42, NV_PMC_BOOT_42_CHIP_ID);
		arch = NVS_GET(id->boot42, NV_PMC_BOOT_42_ARCHITECTURE);
	} else {
		id->boot42 = 0;
		arch = NVS_GET(id->boot0, NV_PMC_BOOT_0_ARCHITECTURE_0) |
		       (NVS_GET(id->boot0, NV_PMC_BOOT_0_ARCHITECTURE_1) << 5);
		id->chip_id = (arch << 4) |
			      NVS_GET(id->boot0, NV_PMC_BOOT_0_IMPLEMENTATION);
	}

	id->chip = nvs_chip_lookup(id->chip_id);
	if (id->chip) {
		id->caps = id->chip->caps;
		id->arch = id->caps->arch;
		return 0;
	}
	/* Unknown id: a conservative guess from the architecture, flagged. */
	ai = arch_index(arch);
	if (ai >= 0) {
		id->arch = arch_table[ai].arch;
		id->caps = arch_table[ai].caps;
		id->caps_guessed = true;
	}
	return 0;
}
