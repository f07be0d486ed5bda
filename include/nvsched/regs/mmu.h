/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * mmu.h - instance block (RAMIN/RAMFC) and GMMU page-table entries.
 * Source (sections and their public files: docs/register-sources.md):
 * regs-mmu-gr.md ("mmu") §3.1 (RAMIN:
 * [OGKM] gm107/gp100 dev_ram.h, [OGD] gv100/tu104/ga100 dev_ram.ref.txt),
 * §3.3 (RAMFC, [OGD] ga100 dev_ram.ref.txt / dev_pbdma.ref.txt, [OGKM]
 * gh100/gb100 dev_ram.h), §4.1-4.4 (page tables, [OGKM] gm107/gp100/gh100
 * dev_mmu.h, [OGD] gv100/tu104 dev_mmu.ref.txt).
 *
 * Page-table entries are 8 or 16 bytes, read as little-endian 32-bit words.
 * Each field carries its word as NVIDIA's headers write it, (hi+w*32):
 * (lo+w*32) for bits hi:lo of word w, and is read with NVS_EGET(entry,
 * field) (field.h), which picks the word; the comment gives the manual's
 * bit range within the whole entry.  NV_MMU_PDE_* and NV_MMU_PTE_*
 * (version 1), NV_MMU_VER2_* and NV_MMU_VER3_* are NVIDIA's dev_mmu.h
 * names; chip codes as last suffix (NV_RAMFC_*_GB100) are ours (field.h).
 */
#ifndef NVSCHED_REGS_MMU_H
#define NVSCHED_REGS_MMU_H

#include "field.h"

/* ====================== RAMIN (mmu §3.1) ======================= */
#define NV_RAMIN_BASE_SHIFT			12
#define NV_RAMIN_ALLOC_SIZE			4096

/* dword 128: page directory base (all generations) */
#define NV_RAMIN_PAGE_DIR_BASE_LO		0x200
#define NV_RAMIN_PAGE_DIR_BASE_TARGET		1:0	/* RAMIN encoding (NV_RAMIN_TARGET_*) */
#define NV_RAMIN_PAGE_DIR_BASE_VOL		2:2
#define NV_RAMIN_FAULT_REPLAY_TEX		4:4	/* Pascal+ */
#define NV_RAMIN_FAULT_REPLAY_GCC		5:5	/* Pascal+ */
#define NV_RAMIN_USE_VER2_PT_FORMAT		10:10	/* Pascal+; not trusted on Hopper+ (mmu §3.1 notes) */
#define NV_RAMIN_BIG_PAGE_SIZE			11:11	/* GM20x+ */
#define NV_RAMIN_BIG_PAGE_SIZE_128KB		0
#define NV_RAMIN_BIG_PAGE_SIZE_64KB		1
#define NV_RAMIN_PAGE_DIR_BASE_ADDR_LO		31:12	/* PDB address bits 31:12 */
/* dword 129 */
#define NV_RAMIN_PAGE_DIR_BASE_HI		0x204
#define NV_RAMIN_PAGE_DIR_BASE_ADDR_HI		31:0	/* bits 63:32 (7:0 on GM107) */
/* dwords 130/131: VA limit, Kepler-Pascal (RM still writes it on TU10x) */
#define NV_RAMIN_ADR_LIMIT_LO			0x208
#define NV_RAMIN_ADR_LIMIT_LO_ADDR		31:12
#define NV_RAMIN_ADR_LIMIT_HI			0x20c
#define NV_RAMIN_ADR_LIMIT_HI_ADDR		31:0
/* dword 131 on Blackwell: NV_RAMIN_ENGINE_CTXSW_FW_MAGIC_VALUE */
#define NV_RAMIN_ENGINE_CTXSW_FW_MAGIC		0x20c
#define NV_RAMIN_ENGINE_CTXSW_FW_MAGIC_VALUE	0xcafeca11u
/* dwords 132-135: engine (GR) context pointer, Volta+ */
#define NV_RAMIN_ENGINE_WFI_LO			0x210
#define NV_RAMIN_ENGINE_WFI_TARGET		1:0
#define NV_RAMIN_ENGINE_WFI_MODE		2:2
#define NV_RAMIN_ENGINE_WFI_MODE_PHYSICAL	0
#define NV_RAMIN_ENGINE_WFI_MODE_VIRTUAL	1
#define NV_RAMIN_ENGINE_CS			3:3
#define NV_RAMIN_ENGINE_WFI_PTR_LO		31:12
#define NV_RAMIN_ENGINE_WFI_HI			0x214
#define NV_RAMIN_ENGINE_WFI_PTR_HI		7:0
#define NV_RAMIN_ENGINE_WFI_VEID_W		0x218
#define NV_RAMIN_ENGINE_WFI_VEID		5:0
#define NV_RAMIN_PASID_W			0x21c
#define NV_RAMIN_PASID				19:0
#define NV_RAMIN_ENABLE_ATS			31:31
/* subcontexts (VEIDs), Volta+ */
#define NV_RAMIN_SC_PDB_VALID(w)		(0x298 + 4 * (w))	/* w = 0, 1: bit i of 64 */
#define NV_RAMIN_SC_PAGE_DIR_BASE_LO(i)		(0x2a0 + 16 * (i))	/* same fields as dword 128 */
#define NV_RAMIN_SC_PAGE_DIR_BASE_HI(i)		(0x2a4 + 16 * (i))
#define NV_RAMIN_SC_PASID(i)			(0x2a8 + 16 * (i))
#define NV_RAMIN_SC_COUNT			64
#define NV_RAMIN_SC_END				0x6a0	/* 0x2a0 + 64 * 16 */

/* RAMIN / runlist INST_TARGET encoding (mmu §4.1, third row) */
#define NV_RAMIN_TARGET_VID_MEM			0
#define NV_RAMIN_TARGET_INVALID			1	/* Volta+: unbinds */
#define NV_RAMIN_TARGET_SYS_MEM_COHERENT	2
#define NV_RAMIN_TARGET_SYS_MEM_NONCOHERENT	3

/* ====================== RAMFC (mmu §3.3) ======================= */
#define NV_RAMFC_SIZE				0x200
#define NV_RAMFC_GP_PUT				0x000	/* dword 0 */
#define NV_RAMFC_USERD				0x008	/* PBDMA USERD +0x008 (regs-fifo.md §7.1) */
#define NV_RAMFC_USERD_TARGET			1:0
#define NV_RAMFC_USERD_ADDR			31:9	/* address bits 31:9 */
#define NV_RAMFC_USERD_HI			0x00c
#define NV_RAMFC_USERD_HI_ADDR			31:0
#define NV_RAMFC_GP_GET				0x014	/* dword 5 */
#define NV_RAMFC_GP_BASE			0x048	/* dword 18 */
#define NV_RAMFC_GP_BASE_OFFSET			31:3	/* GPFIFO VA bits 31:3 */
#define NV_RAMFC_GP_BASE_HI			0x04c	/* dword 19 */
#define NV_RAMFC_GP_BASE_HI_OFFSET		7:0	/* GPFIFO VA bits 39:32 */
#define NV_RAMFC_GP_BASE_HI_LIMIT2		20:16	/* log2 entries, pre-Hopper */
#define NV_RAMFC_TARGET				0x0ac	/* dword 43 */
#define NV_RAMFC_TARGET_ENGINE			4:0
#define NV_RAMFC_TARGET_ENGINE_SW		31
#define NV_RAMFC_TARGET_ENG_CTX_VALID		16:16
#define NV_RAMFC_TARGET_CE_CTX_VALID		17:17
#define NV_RAMFC_CONFIG				0x0f4	/* dword 61 */
#define NV_RAMFC_CONFIG_AUTH_LEVEL		8:8
#define NV_RAMFC_CONFIG_USERD_WRITEBACK		12:12
#define NV_RAMFC_SET_CHANNEL_INFO		0x0fc	/* dword 63, Volta-Hopper */
#define NV_RAMFC_SET_CHANNEL_INFO_SCG_TYPE	0:0
#define NV_RAMFC_SET_CHANNEL_INFO_VEID		13:8
#define NV_RAMFC_SET_CHANNEL_INFO_CHID		27:16	/* manual; nvdebug's 25:14 is wrong */
/* Blackwell (GB10x, GB20x): rearranged RAMFC */
#define NV_RAMFC_GP_BASE_GB100			0x090	/* dword 36 */
#define NV_RAMFC_GP_BASE_HI_GB100		0x094	/* dword 37 */
#define NV_RAMFC_GP_GET_GB100			0x098	/* dword 38 */
#define NV_RAMFC_DEBUG_STATE_GP_PUT_GB100	0x0c0	/* dword 48: DEBUG_STATE(0) = gp_put */

/* ================= GMMU aperture encodings (mmu §4.1) ============ */
#define NV_MMU_PDE_APERTURE_INVALID		0
#define NV_MMU_PDE_APERTURE_VIDEO_MEMORY	1
#define NV_MMU_PDE_APERTURE_SYSTEM_COHERENT	2
#define NV_MMU_PDE_APERTURE_SYSTEM_NONCOHERENT	3
#define NV_MMU_PTE_APERTURE_VIDEO_MEMORY	0
#define NV_MMU_PTE_APERTURE_PEER_MEMORY		1
#define NV_MMU_PTE_APERTURE_SYSTEM_COHERENT	2
#define NV_MMU_PTE_APERTURE_SYSTEM_NONCOHERENT	3

/* ============ version 1: Kepler, Maxwell (mmu §4.2) ==============
 * NVIDIA's names for the three formats: NV_MMU_PDE_* / NV_MMU_PTE_* (version
 * 1, no version word: gm107/gp100 dev_mmu.h), NV_MMU_VER2_* and NV_MMU_VER3_*
 * (gp100 and gh100 dev_mmu.h).  The version words are NVIDIA's, so these
 * names carry no chip code. */
/* PDE, 8 bytes: one entry points to a big-page PT and a 4K PT */
#define NV_MMU_PDE_APERTURE_BIG		(1+0*32):(0+0*32)	/* 1:0 */
#define NV_MMU_PDE_SIZE			(3+0*32):(2+0*32)	/* 3:2: the PT is FULL >> SIZE */
#define NV_MMU_PDE_SIZE_FULL		0
#define NV_MMU_PDE_SIZE_HALF		1
#define NV_MMU_PDE_SIZE_QUARTER		2
#define NV_MMU_PDE_SIZE_EIGHTH		3
#define NV_MMU_PDE_ADDRESS_BIG_SYS	(31+0*32):(4+0*32)	/* 31:4, << 12 */
#define NV_MMU_PDE_ADDRESS_BIG_VID	(28+0*32):(4+0*32)	/* 28:4, << 12 (peer 31:29) */
#define NV_MMU_PDE_APERTURE_SMALL	(1+1*32):(0+1*32)	/* 33:32 */
#define NV_MMU_PDE_VOL_SMALL		(2+1*32):(2+1*32)	/* 34 */
#define NV_MMU_PDE_VOL_BIG		(3+1*32):(3+1*32)	/* 35 */
#define NV_MMU_PDE_ADDRESS_SMALL_SYS	(31+1*32):(4+1*32)	/* 63:36, << 12 */
#define NV_MMU_PDE_ADDRESS_SMALL_VID	(28+1*32):(4+1*32)	/* 60:36, << 12 */
#define NV_MMU_PDE_ADDRESS_SHIFT	12
/* PTE, 8 bytes */
#define NV_MMU_PTE_ADDRESS_SHIFT	12
#define NV_MMU_PTE_VALID		(0+0*32):(0+0*32)	/* 0 */
#define NV_MMU_PTE_PRIVILEGE		(1+0*32):(1+0*32)	/* 1 */
#define NV_MMU_PTE_READ_ONLY		(2+0*32):(2+0*32)	/* 2 */
#define NV_MMU_PTE_ENCRYPTED		(3+0*32):(3+0*32)	/* 3 */
#define NV_MMU_PTE_ADDRESS_SYS		(31+0*32):(4+0*32)	/* 31:4, << 12 */
#define NV_MMU_PTE_ADDRESS_VID		(28+0*32):(4+0*32)	/* 28:4, << 12 */
#define NV_MMU_PTE_ADDRESS_VID_PEER	(31+0*32):(29+0*32)	/* 31:29 */
#define NV_MMU_PTE_VOL			(0+1*32):(0+1*32)	/* 32 */
#define NV_MMU_PTE_APERTURE		(2+1*32):(1+1*32)	/* 34:33, PTE encoding */
#define NV_MMU_PTE_LOCK			(3+1*32):(3+1*32)	/* 35 (ATOMIC_DISABLE) */
#define NV_MMU_PTE_KIND			(11+1*32):(4+1*32)	/* 43:36 */

/* ====== version 2: Pascal, Volta, Turing, Ampere, Ada (mmu §4.3) ====== */
/* PDE (PD3, PD2, PD1), 8 bytes */
#define NV_MMU_VER2_PDE_IS_PTE		(0+0*32):(0+0*32)	/* 0 */
#define NV_MMU_VER2_PDE_APERTURE	(2+0*32):(1+0*32)	/* 2:1, PDE encoding */
#define NV_MMU_VER2_PDE_VOL		(3+0*32):(3+0*32)	/* 3 (with aperture 0: sparse) */
#define NV_MMU_VER2_PDE_NO_ATS		(5+0*32):(5+0*32)	/* 5, Volta+ */
#define NV_MMU_VER2_PDE_ADDRESS_LO	(31+0*32):(8+0*32)	/* 31:8 = address bits 35:12 */
#define NV_MMU_VER2_PDE_ADDRESS_SYS_HI	(21+1*32):(0+1*32)	/* 53:32 = address bits 57:36 */
#define NV_MMU_VER2_PDE_ADDRESS_VID_HI	(0+1*32):(0+1*32)	/* 32 = address bit 36 */
#define NV_MMU_VER2_ADDRESS_SHIFT	12
/* dual PDE (PD0), 16 bytes */
#define NV_MMU_VER2_DUAL_PDE_IS_PTE	(0+0*32):(0+0*32)	/* 0: low 8 bytes are a 2M PTE */
#define NV_MMU_VER2_DUAL_PDE_APERTURE_BIG	(2+0*32):(1+0*32)	/* 2:1 */
#define NV_MMU_VER2_DUAL_PDE_VOL_BIG	(3+0*32):(3+0*32)	/* 3 */
#define NV_MMU_VER2_DUAL_PDE_ADDRESS_BIG_LO	(31+0*32):(4+0*32)	/* 31:4 = address bits 35:8 */
#define NV_MMU_VER2_DUAL_PDE_ADDRESS_BIG_SYS_HI	(21+1*32):(0+1*32)	/* 53:32 = address bits 57:36 */
#define NV_MMU_VER2_DUAL_PDE_ADDRESS_BIG_VID_HI	(0+1*32):(0+1*32)	/* 32 = address bit 36 */
#define NV_MMU_VER2_DUAL_PDE_ADDRESS_BIG_SHIFT	8
#define NV_MMU_VER2_DUAL_PDE_APERTURE_SMALL	(2+2*32):(1+2*32)	/* 66:65 */
#define NV_MMU_VER2_DUAL_PDE_VOL_SMALL	(3+2*32):(3+2*32)	/* 67 */
#define NV_MMU_VER2_DUAL_PDE_ADDRESS_SMALL_LO	(31+2*32):(8+2*32)	/* 95:72 = address bits 35:12 */
#define NV_MMU_VER2_DUAL_PDE_ADDRESS_SMALL_SYS_HI	(21+3*32):(0+3*32)	/* 117:96 = address bits 57:36 */
#define NV_MMU_VER2_DUAL_PDE_ADDRESS_SMALL_VID_HI	(0+3*32):(0+3*32)	/* 96 = address bit 36 */
/* PTE (PT_SMALL, PT_BIG, 2M in PD0, 512M in PD1 on GA100+), 8 bytes */
#define NV_MMU_VER2_PTE_VALID		(0+0*32):(0+0*32)	/* 0 */
#define NV_MMU_VER2_PTE_APERTURE	(2+0*32):(1+0*32)	/* 2:1, PTE encoding */
#define NV_MMU_VER2_PTE_VOL		(3+0*32):(3+0*32)	/* 3 (VALID 0 + VOL 1: sparse) */
#define NV_MMU_VER2_PTE_ENCRYPTED	(4+0*32):(4+0*32)	/* 4 */
#define NV_MMU_VER2_PTE_PRIVILEGE	(5+0*32):(5+0*32)	/* 5 (big PTE, VALID 0: no 4K PTEs) */
#define NV_MMU_VER2_PTE_READ_ONLY	(6+0*32):(6+0*32)	/* 6 */
#define NV_MMU_VER2_PTE_ATOMIC_DISABLE	(7+0*32):(7+0*32)	/* 7 */
#define NV_MMU_VER2_PTE_ADDRESS_LO	(31+0*32):(8+0*32)	/* 31:8 = address bits 35:12 */
#define NV_MMU_VER2_PTE_ADDRESS_SYS_HI	(21+1*32):(0+1*32)	/* 53:32 = address bits 57:36 */
#define NV_MMU_VER2_PTE_ADDRESS_VID_HI	(0+1*32):(0+1*32)	/* 32 = address bit 36 */
#define NV_MMU_VER2_PTE_ADDRESS_VID_PEER	(3+1*32):(1+1*32)	/* 35:33 */
#define NV_MMU_VER2_PTE_KIND		(31+1*32):(24+1*32)	/* 63:56 */

/* ========= version 3: Hopper, Blackwell (mmu §4.4) ============= */
/* PDE (PD4..PD1), 8 bytes */
#define NV_MMU_VER3_PDE_IS_PTE		(0+0*32):(0+0*32)	/* 0 */
#define NV_MMU_VER3_PDE_APERTURE	(2+0*32):(1+0*32)	/* 2:1, PDE encoding */
#define NV_MMU_VER3_PDE_PCF		(5+0*32):(3+0*32)	/* 5:3 */
#define NV_MMU_VER3_PDE_ADDRESS_LO	(31+0*32):(12+0*32)	/* 31:12 = address bits 31:12 */
#define NV_MMU_VER3_PDE_ADDRESS_HI	(19+1*32):(0+1*32)	/* 51:32 = address bits 51:32 */
#define NV_MMU_VER3_PDE_PCF_SPARSE_ATS_ALLOWED	1	/* with aperture INVALID */
#define NV_MMU_VER3_PDE_PCF_SPARSE_ATS_NOT_ALLOWED	3
/* dual PDE (PD0), 16 bytes */
#define NV_MMU_VER3_DUAL_PDE_IS_PTE	(0+0*32):(0+0*32)	/* 0 */
#define NV_MMU_VER3_DUAL_PDE_APERTURE_BIG	(2+0*32):(1+0*32)	/* 2:1 */
#define NV_MMU_VER3_DUAL_PDE_PCF_BIG	(5+0*32):(3+0*32)	/* 5:3 */
#define NV_MMU_VER3_DUAL_PDE_ADDRESS_BIG_LO	(31+0*32):(8+0*32)	/* 31:8 = address bits 31:8 */
#define NV_MMU_VER3_DUAL_PDE_ADDRESS_BIG_HI	(19+1*32):(0+1*32)	/* 51:32 = address bits 51:32 */
#define NV_MMU_VER3_DUAL_PDE_APERTURE_SMALL	(2+2*32):(1+2*32)	/* 66:65 */
#define NV_MMU_VER3_DUAL_PDE_PCF_SMALL	(5+2*32):(3+2*32)	/* 69:67 */
#define NV_MMU_VER3_DUAL_PDE_ADDRESS_SMALL_LO	(31+2*32):(12+2*32)	/* 95:76 = address bits 31:12 */
#define NV_MMU_VER3_DUAL_PDE_ADDRESS_SMALL_HI	(19+3*32):(0+3*32)	/* 115:96 = address bits 51:32 */
/* PTE, 8 bytes */
#define NV_MMU_VER3_PTE_VALID		(0+0*32):(0+0*32)	/* 0 */
#define NV_MMU_VER3_PTE_APERTURE	(2+0*32):(1+0*32)	/* 2:1, PTE encoding */
#define NV_MMU_VER3_PTE_PCF		(7+0*32):(3+0*32)	/* 7:3 */
#define NV_MMU_VER3_PTE_KIND		(11+0*32):(8+0*32)	/* 11:8 */
#define NV_MMU_VER3_PTE_ADDRESS_LO	(31+0*32):(12+0*32)	/* 31:12 = address bits 31:12 */
#define NV_MMU_VER3_PTE_ADDRESS_HI	(19+1*32):(0+1*32)	/* 51:32 = address bits 51:32 */
#define NV_MMU_VER3_PTE_PEER_ID		(31+1*32):(29+1*32)	/* 63:61 */
/* PTE PCF values when VALID = 0 */
#define NV_MMU_VER3_PTE_PCF_INVALID	0
#define NV_MMU_VER3_PTE_PCF_SPARSE	1
#define NV_MMU_VER3_PTE_PCF_MAPPING_NOWHERE	2
#define NV_MMU_VER3_PTE_PCF_NO_VALID_4KB_PAGE	3
/* UVM: "ADDRESS_VID 39:12" is what hardware maintains for video memory */
#define NV_MMU_VER3_VID_ADDRESS_BITS	40

#endif /* NVSCHED_REGS_MMU_H */
