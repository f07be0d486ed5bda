/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * gsp.h - is GSP firmware running?  The GSP's RISC-V core reports it.
 * Source: NVIDIA open-gpu-kernel-modules, src/common/inc/swref/published/
 * turing/tu102, ampere/ga100, ampere/ga102 dev_riscv_pri.h
 * (NV_FALCON2_GSP_BASE, NV_PRISCV_RISCV_CPUCTL).
 */
#ifndef NVSCHED_REGS_GSP_H
#define NVSCHED_REGS_GSP_H

#include "field.h"

/* the GSP's RISC-V register block, Turing-Ada ([OGKM] tu102/ga102
 * dev_riscv_pri.h) */
#define NV_FALCON2_GSP_BASE			0x00111000
/* CPUCTL in the RISC-V block at @base ([OGKM] tu102..gh100 dev_riscv_pri.h) */
#define NV_PRISCV_RISCV_CPUCTL(base)		((base) + 0x00000388)
#define NV_PRISCV_RISCV_CPUCTL_ACTIVE_STAT	7:7
#define NV_PRISCV_RISCV_CPUCTL_ACTIVE_STAT_INACTIVE 0
#define NV_PRISCV_RISCV_CPUCTL_ACTIVE_STAT_ACTIVE 1	/* the core runs */

#endif /* NVSCHED_REGS_GSP_H */
