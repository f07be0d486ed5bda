/* SPDX-License-Identifier: MIT */
/*
 * nvss-gen: the simulated chips. Everything here is plain data (ids, counts,
 * masks, which engine is on which runlist); gen.c turns it into register
 * values through the field tables of regs.h.
 *
 * Topologies are plausible, not captures (except GH100, which comes from the
 * real capture tests/fixtures/h100_idle.nvss). GP106 follows the RTAS'24
 * paper Table II, GA10B its Table III, both as printed.
 */
#include "chip.h"
#include "regs.h"

#define D(t, i, r, e, pri, f, rs, in) { t, i, r, e, pri, f, rs, in }
#define H { HOLE, 0, NONE, 0, 0, 0, 0, 0 }
#define C(id, s) { id, s, 0, 0, 0, 0 }
#define CQ(id, s, rq) { id, s, rq, 0, 0, 0 }
#define CSYS(id, s, rq, a) { id, s, rq, 1, a, 0 }
#define T(id, sc, to, n, ...) { id, sc, to, n, { __VA_ARGS__ } }
#define BARE(ch) { NONE, 0, 0, 1, { ch } }

const struct chip chips[] = {
{
	.name = "gk104", .product = "GeForce GTX 670 (GK104)", .chip_id = 0x0e4,
	.major_rev = 0xa, .minor_rev = 2, .pci_id = "10de:1189", .gen = G_KEPLER, .boot42 = 2,
	.note = "BOOT_42 modelled as reading 0 (pre-Pascal: not valid); runlist 4 (COPY0) holds "
		"only bare channels, as nouveau's gk104 runlist code writes no TSG headers",
	.ndev = 11,
	.dev = {
		D(ET_GRAPHICS, 0, 0, 0, 0x400000, 0x00, 12, 12),
		H,
		D(ET_MSPDEC, 0, 1, 0, 0x085000, 0x11, 17, 17),
		D(ET_MSPPP, 0, 2, 0, 0x086000, 0x12, 1, 1),
		D(ET_MSVLD, 0, 3, 0, 0x084000, 0x10, 15, 15),
		H, H,
		D(ET_COPY0, 0, 4, 0, 0x104000, 0x15, 6, 5),
		D(ET_COPY1, 0, 5, 0, 0x105000, 0x16, 7, 6),
		D(ET_COPY2, 0, 0, 0, 0x106000, 0x17, 21, 7),
		D(ET_MSENC, 0, 6, 0, 0x1c2000, 0x1b, 18, 16),
	},
	.num_rl_regs = 7, .num_pbdma = 3,
	.ngpc = 4, .ntpc = 2, .gpc_fuse = 0x0, .tpc_fuse = { 0, 0, 0, 0x2 },
	.num_ces = 3,
	.num_channels = 4096, .vram_region = 0x7f000000ull, .window_base = 0x7f000000ull,
	.nrl = 2,
	.rl = {
		{ .id = 0, .ntsg = 3, .tsg = {
			T(2, 3, 128, 2, C(5, CS_ON_ENG), C(6, CS_IDLE)),
			T(9, 1, 200, 2, C(17, CS_PENDING), C(18, CS_DISABLED)),
			BARE(C(30, CS_ON_PBDMA)),
		} },
		{ .id = 4, .ntsg = 2, .tsg = {
			BARE(C(40, CS_IDLE)),
			BARE(C(41, CS_PENDING)),
		} },
	},
},
{
	.name = "gm204", .product = "GeForce GTX 970 (GM204)", .chip_id = 0x124,
	.major_rev = 0xa, .minor_rev = 1, .pci_id = "10de:13c2", .gen = G_MAXWELL, .boot42 = 0,
	.note = "no BOOT_42 line (pre-Pascal): a read returns 0xbadf5040",
	.ndev = 8,
	.dev = {
		D(ET_GRAPHICS, 0, 0, 0, 0x400000, 0x00, 12, 12),
		D(ET_COPY0, 0, 1, 0, 0x104000, 0x15, 6, 5),
		D(ET_COPY1, 0, 2, 0, 0x105000, 0x16, 7, 6),
		H,
		D(ET_COPY2, 0, 0, 0, 0x106000, 0x1b, 21, 7),
		D(ET_NVDEC, 0, 3, 0, 0x084000, 0x10, 15, 15),
		D(ET_NVENC0, 0, 4, 0, 0x1c2000, 0x11, 18, 16),
		D(ET_NVENC1, 1, 5, 0, 0x1c3000, 0x12, 19, 17),
	},
	.num_rl_regs = 6, .num_pbdma = 3,
	.ngpc = 4, .ntpc = 4, .gpc_fuse = 0x0, .tpc_fuse = { 0x8, 0x0, 0xa, 0x0 },
	.num_ces = 3,
	.num_channels = 4096, .vram_region = 0xf0000000ull, .window_base = 0xe0000000ull,
	.nrl = 1,
	.rl = {
		{ .id = 0, .ntsg = 3, .tsg = {
			T(0, 3, 128, 3, C(1, CS_ON_ENG), C(2, CS_IDLE), C(3, CS_IDLE)),
			T(5, 2, 200, 2, C(300, CS_ON_PBDMA), C(301, CS_DISABLED)),
			BARE(C(12, CS_PENDING)),
		} },
	},
},
{
	.name = "gp106", .product = "GeForce GTX 1060 3GB (GP106)", .chip_id = 0x136,
	.major_rev = 0xa, .minor_rev = 1, .pci_id = "10de:1c02", .gen = G_PASCAL, .boot42 = 1,
	.note = "engines/runlists as printed in RTAS'24 Table II; its 'N/A' engine on runlist 4 "
		"is modelled as a device of unknown TYPE_ENUM 17; 'Sequencer' as SEC",
	.ndev = 10,
	.dev = {
		D(ET_GRAPHICS, 0, 0, 0, 0x400000, 0x00, 12, 12),
		D(ET_LCE, 0, 0, 0, 0x104000, 0x1b, 6, 5),
		D(ET_LCE, 1, 0, 0, 0x104000, 0x1c, 7, 6),
		D(ET_NVDEC, 0, 1, 0, 0x084000, 0x10, 15, 15),
		H,
		D(ET_NVENC0, 0, 2, 0, 0x1c2000, 0x11, 18, 16),
		D(ET_SEC, 0, 3, 0, 0x087000, 0x0e, 14, 14),
		D(ET_UNKNOWN17, 0, 4, 0, 0x088000, 0x0f, 16, 13),
		D(ET_LCE, 2, 5, 0, 0x104000, 0x1d, 21, 7),
		D(ET_LCE, 3, 6, 0, 0x104000, 0x1e, 22, 8),
	},
	.num_rl_regs = 7, .num_pbdma = 4,
	.ngpc = 2, .ntpc = 5, .gpc_fuse = 0x0, .tpc_fuse = { 0x0, 0x10 },
	.num_ces = 4, .pce_map = 0x3, .npce = 8,
	.pce2lce = { 2, 3, 7, 7, 7, 7, 7, 7 },   /* Pascal nibble 0x7 = unconfigured */
	.ngrce = 2, .grce_shared = { 2, 3 },
	.num_channels = 4096, .vram_region = 0xbe000000ull, .window_base = 0xbe000000ull,
	.nrl = 1,
	.rl = {
		{ .id = 0, .ntsg = 4, .tsg = {
			T(1, 3, 128, 2, C(0x100, CS_ON_ENG), C(0x101, CS_IDLE)),
			T(3, 4, 100, 2, C(0x102, CS_PENDING), C(0x103, CS_DISABLED)),
			T(4, 0, 255, 1, C(0x104, CS_ON_PBDMA)),
			BARE(C(7, CS_IDLE)),
		} },
	},
},
{
	.name = "gp10b", .product = "Jetson TX2 iGPU (GP10B)", .chip_id = 0x13b,
	.major_rev = 0xa, .minor_rev = 1, .pci_id = "10de:0000", .gen = G_PASCAL, .boot42 = 1,
	.tegra = 1,
	.note = "Tegra platform device: pci_id is a placeholder. GR and LCE0 share the only "
		"runlist (paper: TX2 has two engines on one runlist). SCAL_NUM_CES reads 3 while "
		"PTOP lists 1 LCE (nvdebug errata). No floorsweeping (2 TPCs, all enabled)",
	.ndev = 3,
	.dev = {
		D(ET_GRAPHICS, 0, 0, 0, 0x400000, 0x00, 12, 12),
		H,
		D(ET_LCE, 0, 0, 0, 0x104000, 0x1b, 6, 5),
	},
	.num_rl_regs = 1, .num_pbdma = 1,
	.ngpc = 1, .ntpc = 2, .gpc_fuse = 0x0, .tpc_fuse = { 0x0 },
	.num_ces = 3, .pce_map = 0x1, .npce = 8,
	.pce2lce = { 0, 7, 7, 7, 7, 7, 7, 7 },
	.ngrce = 1, .grce_shared = { NONE },
	.num_channels = 512, .vram_region = 0x70000000ull, .window_base = 0x60000000ull,
	.nrl = 1,
	.rl = {
		{ .id = 0, .ntsg = 3, .tsg = {
			T(0, 3, 128, 2, C(2, CS_ON_ENG), C(3, CS_IDLE)),
			T(1, 2, 64, 2, C(4, CS_ON_PBDMA), C(5, CS_DISABLED)),
			BARE(C(1, CS_PENDING)),
		} },
	},
},
{
	.name = "gv100", .product = "TITAN V (GV100)", .chip_id = 0x140,
	.major_rev = 0xa, .minor_rev = 1, .pci_id = "10de:1d81", .gen = G_VOLTA, .boot42 = 1,
	.ndev = 15,
	.dev = {
		D(ET_GRAPHICS, 0, 0, 0, 0x400000, 0x00, 12, 12),
		D(ET_LCE, 0, 0, 0, 0x104000, 0x0f, 6, 5),
		D(ET_LCE, 1, 0, 0, 0x104000, 0x10, 7, 6),
		H,
		D(ET_LCE, 2, 1, 0, 0x104000, 0x11, 21, 7),
		D(ET_LCE, 3, 2, 0, 0x104000, 0x12, 22, 8),
		D(ET_LCE, 4, 3, 0, 0x104000, 0x13, 23, 9),
		D(ET_LCE, 5, 4, 0, 0x104000, 0x14, 24, 10),
		D(ET_NVDEC, 0, 5, 0, 0x084000, 0x25, 15, 15),
		D(ET_NVENC0, 0, 6, 0, 0x1c2000, 0x1b, 18, 16),
		D(ET_NVENC1, 1, 7, 0, 0x1c3000, 0x1c, 19, 17),
		H,
		D(ET_SEC, 0, 8, 0, 0x087000, 0x0e, 14, 14),
		D(ET_IOCTRL, 0, NONE, 0, 0x0a0000, 0, 0, 0),
		D(ET_IOCTRL, 1, NONE, 0, 0x0a1000, 0, 0, 0),
	},
	.num_rl_regs = 13, .num_pbdma = 9,
	.ngpc = 6, .ntpc = 7, .gpc_fuse = 0x0, .tpc_fuse = { 0, 0, 0x40, 0, 0, 0x08 },
	.num_ces = 6, .pce_map = 0xff, .npce = 8,
	.pce2lce = { 2, 2, 3, 3, 4, 4, 5, 0xf },
	.ngrce = 2, .grce_shared = { 2, 3 },
	.num_channels = 4096, .vram_region = 0x2f0000000ull, .window_base = 0x2f0000000ull,
	.nrl = 1,
	.rl = {
		{ .id = 0, .ntsg = 3, .tsg = {
			T(10, 3, 128, 2, C(4095, CS_ON_ENG), C(0x800, CS_IDLE)),
			T(11, 5, 30, 2, CQ(32, CS_PENDING, 1), C(33, CS_DISABLED)),
			T(0x7ff, 0, 1, 1, C(100, CS_ON_PBDMA)),
		} },
	},
},
{
	.name = "gv11b", .product = "Jetson Xavier NX iGPU (GV11B)", .chip_id = 0x15b,
	.major_rev = 0xa, .minor_rev = 1, .pci_id = "10de:0000", .gen = G_VOLTA, .boot42 = 1,
	.tegra = 1,
	.note = "Tegra platform device: pci_id is a placeholder; 512 channels",
	.ndev = 4,
	.dev = {
		D(ET_GRAPHICS, 0, 0, 0, 0x400000, 0x00, 12, 12),
		D(ET_LCE, 0, 0, 0, 0x104000, 0x0f, 6, 5),
		D(ET_LCE, 1, 0, 0, 0x104000, 0x10, 7, 6),
		D(ET_LCE, 2, 1, 0, 0x104000, 0x11, 21, 7),
	},
	.num_rl_regs = 2, .num_pbdma = 3,
	.ngpc = 2, .ntpc = 2, .gpc_fuse = 0x0, .tpc_fuse = { 0, 0x2 },
	.num_ces = 3, .pce_map = 0x1, .npce = 1,
	.pce2lce = { 2 },
	.ngrce = 2, .grce_shared = { 2, 2 },
	.num_channels = 512, .vram_region = 0x3e0000000ull, .window_base = 0x3d0000000ull,
	.nrl = 1,
	.rl = {
		{ .id = 0, .ntsg = 3, .tsg = {
			T(0, 3, 128, 2, C(500, CS_ON_ENG), C(501, CS_IDLE)),
			T(2, 4, 64, 2, CQ(502, CS_ON_PBDMA, 1), C(503, CS_DISABLED)),
			T(3, 2, 200, 1, C(504, CS_PENDING)),
		} },
	},
},
{
	.name = "tu104", .product = "GeForce RTX 2070 SUPER (TU104)", .chip_id = 0x164,
	.major_rev = 0xa, .minor_rev = 1, .pci_id = "10de:1e84", .gen = G_TURING, .boot42 = 1,
	.ndev = 11,
	.dev = {
		D(ET_GRAPHICS, 0, 0, 0, 0x400000, 0x00, 12, 12),
		D(ET_LCE, 0, 0, 0, 0x104000, 0x0f, 6, 5),
		D(ET_LCE, 1, 0, 0, 0x104000, 0x10, 7, 6),
		D(ET_LCE, 2, 1, 0, 0x104000, 0x11, 21, 7),
		D(ET_LCE, 3, 2, 0, 0x104000, 0x12, 22, 8),
		D(ET_LCE, 4, 3, 0, 0x104000, 0x13, 23, 9),
		H,
		D(ET_NVDEC, 0, 4, 0, 0x084000, 0x25, 15, 15),
		D(ET_NVENC0, 0, 5, 0, 0x1c2000, 0x1b, 18, 16),
		D(ET_SEC, 0, 6, 0, 0x087000, 0x0e, 14, 14),
		D(ET_GSP, 0, NONE, 0, 0x110000, 0, 0, 0),
	},
	.num_rl_regs = 11, .num_pbdma = 7,
	.ngpc = 6, .ntpc = 4, .gpc_fuse = 0x20, .tpc_fuse = { 0, 0, 0, 0, 0, 0xf },
	.num_ces = 5, .pce_map = 0xf, .npce = 4,
	.pce2lce = { 2, 3, 4, 2 },
	.ngrce = 2, .grce_shared = { 2, 3 },
	.num_channels = 4096, .vram_region = 0x1f0000000ull, .window_base = 0x1e0000000ull,
	.nrl = 1,
	.rl = {
		{ .id = 0, .offset = 2, .ntsg = 3, .tsg = {
			T(1, 3, 128, 2, C(0xabc, CS_ON_ENG), CQ(0xabd, CS_IDLE, 1)),
			T(0x123, 6, 17, 2, C(4, CS_PENDING), C(5, CS_DISABLED)),
			T(2, 1, 255, 2, C(6, CS_ON_PBDMA), C(7, CS_IDLE)),
		} },
	},
},
{
	.name = "ga100", .product = "A100-SXM4-40GB (GA100)", .chip_id = 0x170,
	.major_rev = 0xa, .minor_rev = 1, .pci_id = "10de:20b0", .gen = G_AMPERE, .boot42 = 1,
	.note = "runlist ids (DOORBELL_CONFIG.ID) are sparse and differ from the block order; "
		"runlists 0 and 1 both use CHID 0 (per-runlist CHRAM namespace)",
	.ndev = 16,
	.dev = {
		D(ET_GRAPHICS, 0, 0, 0, 0x400000, 0x40, 0x0c, 0),
		D(ET_LCE, 0, 0, 1, 0x104000, 0x0f, 0x20, 0),
		D(ET_LCE, 1, 0, 2, 0x104000, 0x10, 0x21, 0),
		D(ET_LCE, 2, 1, 0, 0x104000, 0x11, 0x22, 0),
		H,
		D(ET_LCE, 3, 2, 0, 0x104000, 0x12, 0x23, 0),
		D(ET_LCE, 4, 3, 0, 0x104000, 0x13, 0x24, 0),
		D(ET_LCE, 5, 4, 0, 0x104000, 0x14, 0x25, 0),
		D(ET_NVDEC, 0, 6, 0, 0x848000, 0x25, 0x30, 0),
		D(ET_NVJPG, 0, 7, 0, 0x840000, 0x29, 0x34, 0),
		H,
		D(ET_OFA, 0, 9, 0, 0x844000, 0x2d, 0x38, 0),
		D(ET_SEC, 0, 11, 0, 0x840000 + 0x7000, 0x0e, 0x0e, 0),
		D(ET_IOCTRL, 0, NONE, 0, 0xa00000, 0, 0x40, 0),
		D(ET_GSP, 0, NONE, 0, 0x110000, 0, 0, 0),
		D(ET_FLA, 0, NONE, 0, 0x1f0000, 0, 0, 0),
	},
	.num_pbdma = 14,
	.ngpc = 8, .ntpc = 8, .gpc_fuse = 0x80,
	.tpc_fuse = { 0, 0x4, 0, 0, 0x80, 0, 0, 0xff },
	.num_ces = 6, .pce_map = 0xffff, .npce = 18,
	.pce2lce = { 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 0, 0xf, 0xf },
	.ngrce = 2, .grce_shared = { NONE, 3 },
	.num_channels = 2048, .vram_region = 0x9f0000000ull, .window_base = 0x9f0000000ull,
	.nrl = 2,
	.rl = {
		{ .id = 0, .ntsg = 3, .tsg = {
			T(0, 3, 128, 2, C(0, CS_ON_ENG), CQ(1, CS_IDLE, 1)),
			T(0x7ff, 2, 100, 2, C(0x7fe, CS_PENDING), C(0x7ff, CS_DISABLED)),
			T(5, 0, 255, 1, CSYS(9, CS_ON_PBDMA, 0, 0xf123456000ull)),
		} },
		{ .id = 1, .ntsg = 1, .tsg = {
			T(0, 3, 128, 1, C(0, CS_IDLE)),
		} },
	},
},
{
	.name = "ga10b", .product = "Jetson AGX Orin iGPU (GA10B)", .chip_id = 0x17b,
	.major_rev = 0xa, .minor_rev = 1, .pci_id = "10de:0000", .gen = G_AMPERE, .boot42 = 1,
	.tegra = 1,
	.note = "engines/runlists as printed in RTAS'24 Table III: LCE3 and GR1 both on runlist 2 "
		"(one NV_RUNLIST block, RLENG_ID 0 and 1). Tegra: pci_id is a placeholder. Runlist "
		"base 1 KiB aligned but not 4 KiB aligned (SUBMIT_BASE_LO PTR_LO 31:10)",
	.ndev = 6,
	.dev = {
		D(ET_GRAPHICS, 0, 0, 0, 0x400000, 0x40, 0x0c, 0),
		D(ET_LCE, 0, 0, 1, 0x104000, 0x0f, 0x20, 0),
		D(ET_LCE, 1, 0, 2, 0x104000, 0x10, 0x21, 0),
		D(ET_LCE, 2, 1, 0, 0x104000, 0x11, 0x22, 0),
		D(ET_LCE, 3, 2, 0, 0x104000, 0x12, 0x23, 0),
		D(ET_GRAPHICS, 1, 2, 1, 0x400000, 0x41, 0x0d, 0),
	},
	.num_pbdma = 4,
	.ngpc = 2, .ntpc = 4, .gpc_fuse = 0x0, .tpc_fuse = { 0, 0x8 },
	.num_ces = 4, .pce_map = 0x3, .npce = 2,
	.pce2lce = { 2, 3 },
	.ngrce = 2, .grce_shared = { 2, 3 },
	.num_channels = 2048, .vram_region = 0x7e0000000ull, .window_base = 0x7d0000000ull,
	.nrl = 1,
	.rl = {
		{ .id = 0, .base_misalign = 0x400, .ntsg = 3, .tsg = {
			T(0, 3, 128, 2, C(0, CS_ON_ENG), CQ(1, CS_IDLE, 1)),
			T(1, 4, 64, 2, C(2, CS_PENDING), C(3, CS_DISABLED)),
			T(2, 2, 200, 1, C(1023, CS_ON_PBDMA)),
		} },
	},
},
{
	.name = "ad102", .product = "GeForce RTX 4090 (AD102)", .chip_id = 0x192,
	.major_rev = 0xa, .minor_rev = 1, .pci_id = "10de:2684", .gen = G_ADA, .boot42 = 1,
	.note = "Ada: chip id 0x19x sorts above Hopper but uses the pre-Hopper layouts "
		"(PRAMIN 0x1700, v2 page tables); CWD GPC_TPC_ID at 0x405000 (nvdebug, Ada). "
		"Runlist base 1 KiB aligned, not 4 KiB aligned",
	.ndev = 17,
	.dev = {
		D(ET_GRAPHICS, 0, 0, 0, 0x400000, 0x40, 0x0c, 0),
		D(ET_LCE, 0, 0, 1, 0x104000, 0x0f, 0x20, 0),
		D(ET_LCE, 1, 0, 2, 0x104000, 0x10, 0x21, 0),
		D(ET_LCE, 2, 1, 0, 0x104000, 0x11, 0x22, 0),
		D(ET_LCE, 3, 2, 0, 0x104000, 0x12, 0x23, 0),
		D(ET_LCE, 4, 3, 0, 0x104000, 0x13, 0x24, 0),
		H,
		D(ET_NVDEC, 0, 4, 0, 0x848000, 0x25, 0x30, 0),
		D(ET_NVDEC, 1, 5, 0, 0x84c000, 0x26, 0x31, 0),
		D(ET_NVDEC, 2, 6, 0, 0x850000, 0x27, 0x32, 0),
		D(ET_NVENC0, 0, 7, 0, 0x1c8000, 0x1b, 0x2c, 0),
		D(ET_NVENC0, 1, 8, 0, 0x1cc000, 0x1c, 0x2d, 0),
		D(ET_NVJPG, 0, 9, 0, 0x840000, 0x29, 0x34, 0),
		D(ET_OFA, 0, 10, 0, 0x844000, 0x2d, 0x38, 0),
		D(ET_SEC, 0, 11, 0, 0x847000, 0x0e, 0x0e, 0),
		D(ET_GSP, 0, NONE, 0, 0x110000, 0, 0, 0),
		D(ET_FLA, 0, NONE, 0, 0x1f0000, 0, 0, 0),
	},
	.num_pbdma = 14,
	.ngpc = 12, .ntpc = 6, .gpc_fuse = 0x800,
	.tpc_fuse = { 0, 0, 0x20, 0, 0, 0, 0x01, 0, 0, 0, 0, 0x3f },
	.num_ces = 5, .pce_map = 0xf, .npce = 6,
	.pce2lce = { 2, 3, 4, 2, 0xf, 0xf },
	.ngrce = 2, .grce_shared = { 2, 3 },
	.num_channels = 2048, .vram_region = 0x5f0000000ull, .window_base = 0x5e0000000ull,
	.nrl = 1,
	.rl = {
		{ .id = 0, .base_misalign = 0xc00, .offset = 4, .ntsg = 3, .tsg = {
			T(3, 3, 128, 2, C(10, CS_ON_ENG), C(11, CS_IDLE)),
			T(4, 5, 8, 2, C(12, CS_ON_PBDMA), C(13, CS_PENDING)),
			T(0x400, 1, 100, 1, C(0x7ff, CS_DISABLED)),
		} },
	},
},
{
	.name = "gh100", .product = "H100 80GB HBM3 (GH100)", .chip_id = 0x180,
	.major_rev = 0xa, .minor_rev = 1, .pci_id = "10de:2330", .gen = G_HOPPER, .boot42 = 1,
	.nrl = 2,
	.rl = {
		/* runlist 0 (pri base 0xc00000): SUBMIT_BASE 0x13db8a0000, LENGTH 2; CHRAM: chid 3
		 * enabled. TSG id 7 from the captured PREEMPT (TYPE TSG, ID 7) / ENGINE_STATUS0. */
		{ .id = 0, .base = 0x13db8a0000ull, .ntsg = 1, .tsg = {
			T(7, 3, 128, 1, C(3, CS_IDLE)),
		} },
		/* runlist 1 (0xc00400, LCE2): SUBMIT_BASE 0x13da950000, LENGTH 6, OFFSET 2; CHRAM
		 * chid 0 and 2 enabled, chid 1 0xc6 (on PBDMA+engine); ENGINE_STATUS0 TSG 1 valid,
		 * STATUS_CHANNEL chid 1, STATUS_INST 0x13d890b000 valid. */
		{ .id = 1, .base = 0x13da950000ull, .offset = 2, .ntsg = 3, .tsg = {
			T(0, 3, 128, 1, C(0, CS_IDLE)),
			T(1, 3, 128, 1, { 1, CS_ON_ENG, 0, 0, 0, 0x13d890b000ull }),
			T(2, 3, 128, 1, CSYS(2, CS_IDLE, 0, 0x0008123456789a00ull)),
		} },
	},
	.vram_region = 0x13d8a00000ull,
},
{
	.name = "gb202", .product = "GeForce RTX 5090 (GB202)", .chip_id = 0x1b2,
	.major_rev = 0xa, .minor_rev = 1, .pci_id = "10de:2b85", .gen = G_BLACKWELL, .boot42 = 1,
	.note = "GB20x NV_RUNLIST layout B (offsets inferred from GB20C nvgpu, fifo §3.3); "
		"DEVICE_INFO_CFG VERSION 2 assumed; CE registers at the LCE pri base 0x104000; "
		"16-byte entries carry VEID/CASID (GB20C source); runlist base 256 B aligned",
	.ndev = 14,
	.dev = {
		D(ET_GRAPHICS, 0, 0, 0, 0x400000, 0x40, 0x0c, 0),
		D(ET_LCE, 0, 0, 1, 0x104000, 0x0f, 0x20, 0),
		D(ET_LCE, 1, 0, 2, 0x104000, 0x10, 0x21, 0),
		D(ET_LCE, 2, 1, 0, 0x104000, 0x11, 0x22, 0),
		D(ET_LCE, 3, 2, 0, 0x104000, 0x12, 0x23, 0),
		H,
		D(ET_NVDEC, 0, 4, 0, 0x848000, 0x25, 0x30, 0),
		D(ET_NVENC0, 0, 5, 0, 0x1c8000, 0x1b, 0x2c, 0),
		D(ET_NVJPG, 0, 6, 0, 0x840000, 0x29, 0x34, 0),
		D(ET_OFA, 0, 7, 0, 0x844000, 0x2d, 0x38, 0),
		D(ET_SEC, 0, 8, 0, 0x847000, 0x0e, 0x0e, 0),
		D(ET_GSP, 0, NONE, 0, 0x110000, 0, 0, 0),
		D(ET_FSP, 0, NONE, 0, 0x8f0000, 0, 0, 0),
		D(ET_HSHUB, 0, NONE, 0, 0x870000, 0, 0, 0),
	},
	.num_pbdma = 10,
	.ngpc = 12, .ntpc = 8, .gpc_fuse = 0x400,
	.tpc_fuse = { 0x40, 0, 0, 0x80, 0, 0, 0, 0x01, 0, 0, 0xff, 0 },
	.num_ces = 4, .pce_map = 0xf, .npce = 4,
	.pce2lce = { 2, 2, 3, 3 },
	.ngrce = 4, .grce_shared = { 2, 3, NONE, NONE },
	.num_channels = 2048, .vram_region = 0x7f0000000ull, .window_base = 0x7f0000000ull,
	.nrl = 1,
	.rl = {
		{ .id = 0, .base_misalign = 0x100, .ntsg = 3, .tsg = {
			T(1, 3, 128, 2, C(1, CS_ON_ENG), CQ(2, CS_IDLE, 1)),
			T(2, 2, 50, 2, C(3, CS_PENDING), C(4, CS_DISABLED)),
			T(0x7fe, 4, 250, 1, CSYS(0x7ff, CS_ON_PBDMA, 0, 0x0008123456789a00ull)),
		} },
	},
},
};

const int nchips = (int)(sizeof(chips) / sizeof(chips[0]));
