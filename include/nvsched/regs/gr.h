/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * gr.h - graphics topology: GPC/TPC floorsweeping fuses, CWD TPC/SM id
 * tables, logical->physical GPC map.
 * Source (sections and their public files: docs/register-sources.md):
 * regs-mmu-gr.md §6 (NVGPU hw_fuse_{gm20b..ga10b}.h,
 * hw_gr_{gv100,tu104,ga100}.h, hw_smcarb_ga100.h, [OGD] ga100 pri_cwd.ref.txt, NVDEBUG nvdebug.h);
 * GH100 facts confirmed on hardware in gh100-confirmed.md ("GPC/TPC fuses",
 * "CWD (GR)").  On-chip counts: NV_PTOP_SCAL_NUM_GPCS / _TPC_PER_GPC in top.h.
 */
#ifndef NVSCHED_REGS_GR_H
#define NVSCHED_REGS_GR_H

#include "field.h"

/* ---- fuses (§6.3): set bit = disabled (floorswept), physical indexes ---- */
/* Maxwell -> Turing */
#define NV_FUSE_STATUS_OPT_GPC_GM107		0x00021c1c
#define NV_FUSE_STATUS_OPT_TPC_GPC_GM107(g)	(0x00021c38 + (g) * 4)
/* GA100 -> Blackwell (GH100 confirmed: gh100-confirmed.md) */
#define NV_FUSE_STATUS_OPT_GPC_GA100		0x00820c1c
#define NV_FUSE_STATUS_OPT_TPC_GPC_GA100(g)	(0x00820c38 + (g) * 4)

/* ---- CWD (§6.6): written by the driver/ucode, may be absent while idle ---- */
#define NV_PGRAPH_PRI_CWD_FS			0x00405b00
#define NV_PGRAPH_PRI_CWD_FS_NUM_GPCS		7:0
#define NV_PGRAPH_PRI_CWD_FS_NUM_TPCS		15:8
/* Maxwell -> Ampere ([OGD] ga100 pri_cwd.ref.txt, 16 registers) */
#define NV_PGRAPH_PRI_CWD_GPC_TPC_ID_GM107(i)	(0x00405b60 + (i) * 4)
#define NV_PGRAPH_PRI_CWD_SM_ID_GM107(i)	(0x00405ba0 + (i) * 4)
#define NV_PGRAPH_PRI_CWD_GPC_TPC_ID__SIZE_1_GM107	16
#define NV_PGRAPH_PRI_CWD_SM_ID__SIZE_1_GM107	16
/* Ada, Hopper (NVDEBUG, reverse-engineered on AD102; GPC_TPC_ID confirmed
 * on GH100 in gh100-confirmed.md; 24 registers) */
#define NV_PGRAPH_PRI_CWD_GPC_TPC_ID_AD102(i)	(0x00405000 + (i) * 4)
#define NV_PGRAPH_PRI_CWD_SM_ID_AD102(i)	(0x00405100 + (i) * 4)
#define NV_PGRAPH_PRI_CWD_GPC_TPC_ID__SIZE_1_AD102	24
#define NV_PGRAPH_PRI_CWD_SM_ID__SIZE_1_AD102	24
/* GPC_TPC_ID: 4 entries per register, entry j (global TPC 4i+j) */
#define NV_PGRAPH_PRI_CWD_GPC_TPC_ID_ENTRY(j)	(8 * (j) + 7):(8 * (j))
#define NV_PGRAPH_PRI_CWD_GPC_TPC_ID_TPC(j)	(8 * (j) + 3):(8 * (j))
#define NV_PGRAPH_PRI_CWD_GPC_TPC_ID_GPC(j)	(8 * (j) + 7):(8 * (j) + 4)
#define NV_PGRAPH_PRI_CWD_GPC_TPC_ID__ENTRIES	4

/* ---- logical -> physical GPC (§6.4), GA100/GA10B; Hopper+ (uncertain) ---- */
#define NV_PSMCARB_SMC_PARTITION_GPC_MAP(i)	(0x0000cc00 + (i) * 4)	/* i = logical */
#define NV_PSMCARB_SMC_PARTITION_GPC_MAP_SYS_PIPE_LOCAL_GPC_ID	4:0
#define NV_PSMCARB_SMC_PARTITION_GPC_MAP_SYS_PIPE_ID		12:8
#define NV_PSMCARB_SMC_PARTITION_GPC_MAP_PHYSICAL_GPC_ID	20:16
#define NV_PSMCARB_SMC_PARTITION_GPC_MAP_UGPU_ID		24:24
#define NV_PSMCARB_SMC_PARTITION_GPC_MAP_VALID			31:31

#endif /* NVSCHED_REGS_GR_H */
