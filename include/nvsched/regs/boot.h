/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * boot.h - chip identification registers (NV_PMC_BOOT_*).
 * Source (sections and their public files: docs/register-sources.md):
 * regs-fifo.md §1 ([OGKM] nv_ref.h,
 * [OGD] ga100/dev_boot.ref.txt); GB100 calls them NV_PMC_ZB_BOOT_0/42 at the
 * same offsets ([OGKM] blackwell/gb100/dev_boot_zb.h).  All generations.
 */
#ifndef NVSCHED_REGS_BOOT_H
#define NVSCHED_REGS_BOOT_H

#include "field.h"

#define NV_PMC_BOOT_0				0x00000000
#define NV_PMC_BOOT_0_MINOR_REVISION		3:0
#define NV_PMC_BOOT_0_MAJOR_REVISION		7:4
#define NV_PMC_BOOT_0_ARCHITECTURE_1		8:8	/* arch bit 5 */
#define NV_PMC_BOOT_0_IMPLEMENTATION		23:20
#define NV_PMC_BOOT_0_ARCHITECTURE_0		28:24	/* arch bits 4:0 */

#define NV_PMC_BOOT_1				0x00000004
#define NV_PMC_BOOT_1_VGPU			17:16
#define NV_PMC_BOOT_1_VGPU_VF			2

#define NV_PMC_BOOT_42				0x00000a00	/* Pascal+ */
#define NV_PMC_BOOT_42_MINOR_EXTENDED_REVISION	11:8
#define NV_PMC_BOOT_42_MINOR_REVISION		15:12
#define NV_PMC_BOOT_42_MAJOR_REVISION		19:16
#define NV_PMC_BOOT_42_IMPLEMENTATION		23:20
#define NV_PMC_BOOT_42_ARCHITECTURE		29:24
#define NV_PMC_BOOT_42_CHIP_ID			29:20

/* PRI error read-backs: (v & 0xfff00000) == 0xbad00000 ([OGKM] g_gpu_nvoc.h
 * GPU_READ_PRI_ERROR_MASK/_CODE; regs-fifo.md §8.3). */
#define NV_PRI_ERROR_MASK			0xfff00000u
#define NV_PRI_ERROR_CODE			0xbad00000u
/* "no such register" value that simulators return for holes (CONTRACTS §1) */
#define NV_PRI_ERROR_DECODE			0xbadf5040u
/* fallen off the bus / in reset ([OGKM] osapi.c rm_is_supported_device) */
#define NV_REG_VALUE_INVALID			0xffffffffu

#endif /* NVSCHED_REGS_BOOT_H */
