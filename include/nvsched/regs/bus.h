/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * bus.h - the PRAMIN window onto GPU memory.
 * Source (sections and their public files: docs/register-sources.md):
 * regs-mmu-gr.md §1.1-§1.3.
 */
#ifndef NVSCHED_REGS_BUS_H
#define NVSCHED_REGS_BUS_H

#include "field.h"

/* NV_PRAMIN: BAR0 0x700000-0x7fffff, 1 MiB ([OGKM] gm107..gb202 dev_ram.h) */
#define NV_PRAMIN_BASE			0x00700000
#define NV_PRAMIN_SIZE			0x00100000

/* Kepler-Ada: NV_PBUS_BAR0_WINDOW ([OGKM] gm107/dev_bus.h; [OGD] gv100,
 * tu104, ga100 dev_bus.ref.txt) */
#define NV_PBUS_BAR0_WINDOW		0x00001700
#define NV_PBUS_BAR0_WINDOW_BASE	23:0	/* base >> 16 */
#define NV_PBUS_BAR0_WINDOW_TARGET	25:24
#define NV_PBUS_BAR0_WINDOW_TARGET_VID_MEM		0
#define NV_PBUS_BAR0_WINDOW_TARGET_SYS_MEM_COHERENT	2
#define NV_PBUS_BAR0_WINDOW_TARGET_SYS_MEM_NONCOHERENT	3

/* Hopper/Blackwell: NV_XAL_EP_ZB_BAR0_WINDOW = NV_XAL_BASE_ADDRESS 0x10f000
 * + 0xd40 ([OGKM] gh100/hwproject.h, gh100/gb100/gb10b dev_nv_xal_ep_zb.h).
 * BASE is 21:0 on GH100, 22:0 on GB100/GB20x, 24:0 on GB10B/GB20B/GB20C;
 * always VID memory (no TARGET). */
#define NV_XAL_EP_BAR0_WINDOW		0x0010fd40
#define NV_XAL_EP_BAR0_WINDOW_BASE_GH100	21:0
#define NV_XAL_EP_BAR0_WINDOW_BASE_GB100	22:0
#define NV_XAL_EP_BAR0_WINDOW_BASE_GB10B	24:0

#define NV_BAR0_WINDOW_BASE_SHIFT	16

#endif /* NVSCHED_REGS_BUS_H */
