/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * ce.h - copy-engine topology: which logical copy engine (LCE) each physical
 * copy engine (PCE) serves, and which LCE a graphics copy engine (GRCE)
 * shares.  Source (sections and their public files: docs/register-sources.md):
 * regs-fifo.md §6 ([OGD] tu104 and
 * ga102 dev_ce.ref.txt, [NVDBG] copy_topology_procfs.c, [NVGPU-FR] gb20c),
 * nvdebug copy_topology_procfs.c; GH100 offsets confirmed on hardware in gh100-confirmed.md
 * ("copy engines").  Pascal+; Kepler/Maxwell have no PCE map.
 * NV_CE_PCE2LCE_CONFIG and NV_CE_GRCE_CONFIG are NVIDIA's names (dev_ce);
 * the Pascal registers have no NVIDIA name, so they take the nearest one.
 * The chip code at the end of a name is the first chip of its layout
 * (field.h).
 */
#ifndef NVSCHED_REGS_CE_H
#define NVSCHED_REGS_CE_H

#include "field.h"

/* NV_CE_PCE_MAP: bit i = PCE i present (regs-fifo.md §6, all Pascal+;
 * "may be bogus if the GPU has not been used since reset" [NVDBG]) */
#define NV_CE_PCE_MAP				0x00104028

/* ---- Pascal (regs-fifo.md §6 "(uncertain; no NVIDIA doc)", [NVDBG]) ---- */
/* LCE-for-PCE packed: 4 bits per PCE, nibble p = PCE p; 0x7 = unconfigured */
#define NV_CE_PCE2LCE_GP100			0x0010402c
#define NV_CE_PCE2LCE_PCE_GP100(p)		(4 * (p) + 3):(4 * (p))
#define NV_CE_PCE2LCE_PCE_NONE_GP100		0x7
#define NV_CE_PCE2LCE__SIZE_1_GP100		8	/* 8 nibbles in one word */
/* GRCE config: one byte per GRCE g; bit 3 = shared, bits 2:0 = LCE */
#define NV_CE_GRCE_CONFIG_GP100			0x00104034
#define NV_CE_GRCE_CONFIG_SHARED_GP100(g)	(8 * (g) + 3):(8 * (g) + 3)
#define NV_CE_GRCE_CONFIG_LCE_GP100(g)		(8 * (g) + 2):(8 * (g))
#define NV_CE_GRCE_CONFIG__SIZE_1_GP100		2

/* ---- Volta, Turing: NV_CE_PCE2LCE_CONFIG(i), NV_CE_GRCE_CONFIG(i)
 * ([OGD] tu104 dev_ce; GV100 per [NVDBG]) ---- */
#define NV_CE_PCE2LCE_CONFIG_GV100(i)		(0x00104040 + (i) * 4)
#define NV_CE_PCE2LCE_CONFIG__SIZE_1_GV100	16	/* 0x104040-0x10407c (inferred) */
#define NV_CE_GRCE_CONFIG_GV100(i)		(0x00104034 + (i) * 4)
#define NV_CE_GRCE_CONFIG__SIZE_1_GV100		2	/* TU102 __SIZE_1 2 */

/* ---- Ampere -> Blackwell ([OGD] ga102 dev_ce, [NVGPU-FR] gb20c; GH100
 * confirmed on hardware; GB20x derives its base from PTOP, not handled) ---- */
#define NV_CE_PCE2LCE_CONFIG_GA100(i)		(0x00104100 + (i) * 4)
#define NV_CE_PCE2LCE_CONFIG__SIZE_1_GA100	32	/* up to the GRCE block */
#define NV_CE_GRCE_CONFIG_GA100(i)		(0x001041c0 + (i) * 4)
#define NV_CE_GRCE_CONFIG__SIZE_1_GA100		2

/* Volta+ field layout (same from GV100 to Blackwell, regs-fifo.md §6) */
#define NV_CE_PCE2LCE_CONFIG_PCE_ASSIGNED_LCE	3:0
#define NV_CE_PCE2LCE_CONFIG_PCE_ASSIGNED_LCE_NONE	0xf
#define NV_CE_GRCE_CONFIG_SHARED_LCE		3:0
#define NV_CE_GRCE_CONFIG_SHARED_LCE_NONE	0xf
#define NV_CE_GRCE_CONFIG_SHARED		30:30
#define NV_CE_GRCE_CONFIG_TIMESLICE		31:31
#define NV_CE_GRCE_CONFIG_TIMESLICE_SHORT	0
#define NV_CE_GRCE_CONFIG_TIMESLICE_LONG	1

/* GRCEs are LCE0 and LCE1 (regs-fifo.md §6 "Semantics") */
#define NV_CE_NUM_GRCES				2

#endif /* NVSCHED_REGS_CE_H */
