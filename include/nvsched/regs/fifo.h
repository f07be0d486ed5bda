/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * fifo.h - runlist registers, runlist entries, channel state.
 * Source (sections and their public files: docs/register-sources.md):
 * regs-fifo.md §3 (runlists), §3.4
 * (entries: [OGD] gv100/tu104/ga100 dev_ram.ref.txt, [OGKM] dev_ram.h,
 * [NVGPU-OE4T] hw_ram_gm20b/gp106.h), §4 (PCCSR, CHRAM).
 */
#ifndef NVSCHED_REGS_FIFO_H
#define NVSCHED_REGS_FIFO_H

#include "field.h"

/* ---- Kepler-Volta: NV_PFIFO runlist read-back (§3.1) ---- */
#define NV_PFIFO_ENG_RUNLIST_BASE(i)		(0x00002280 + (i) * 8)
#define NV_PFIFO_ENG_RUNLIST_BASE_PTR		27:0	/* address >> 12 */
#define NV_PFIFO_ENG_RUNLIST_BASE_TARGET	29:28
#define NV_PFIFO_ENG_RUNLIST(i)			(0x00002284 + (i) * 8)
#define NV_PFIFO_ENG_RUNLIST_LENGTH		15:0
#define NV_PFIFO_ENG_RUNLIST_PENDING		20:20
#define NV_PFIFO_ENG_RUNLIST__SIZE_1		16	/* RUNLIST_ENUM is 4 bits */
#define NV_PFIFO_CFG1				0x00002008	/* GM200+: NUM_CHANNELS */

/* ---- Turing: indexed submit registers (§3.2) ---- */
#define NV_PFIFO_RUNLIST_BASE_LO(i)		(0x00002b00 + (i) * 16)
#define NV_PFIFO_RUNLIST_BASE_LO_TARGET		1:0
#define NV_PFIFO_RUNLIST_BASE_LO_PTR_LO		31:12
#define NV_PFIFO_RUNLIST_BASE_HI(i)		(0x00002b04 + (i) * 16)
#define NV_PFIFO_RUNLIST_BASE_HI_PTR_HI		7:0	/* address bits 39:32 */
#define NV_PFIFO_RUNLIST_SUBMIT(i)		(0x00002b08 + (i) * 16)
#define NV_PFIFO_RUNLIST_SUBMIT_INFO(i)		(0x00002b0c + (i) * 16)
#define NV_PFIFO_RUNLIST_SUBMIT__SIZE_1		16

/* SUBMIT (Turing and the Ampere+ block) */
#define NV_RUNLIST_SUBMIT_LENGTH		15:0
#define NV_RUNLIST_SUBMIT_OFFSET		31:16
/* SUBMIT_BASE_LO/HI (Ampere+ block); PTR_LO starts at the chip's
 * NV_RAMRL_ENTRY_BASE_SHIFT (12 GA100, 10 GA10x-GB1xx, 8 GB20x, §3.5) */
#define NV_RUNLIST_SUBMIT_BASE_LO_TARGET	1:0
#define NV_RUNLIST_SUBMIT_BASE_HI_PTR_HI_GA100	7:0	/* GA100/GA10B/Ada */
#define NV_RUNLIST_SUBMIT_BASE_HI_PTR_HI_GH100	19:0	/* GH100+, 52-bit PA */

/*
 * ---- Ampere+ NV_RUNLIST block (§3.3, §5.2) ----
 * Offsets from the block's base (PTOP RUNLIST_PRI_BASE), per layout: _GA100
 * for GA100-GH100 and GB10x/GB11x ([OGD] ga100 dev_runlist.ref.txt),
 * _GB202 for GB20x ([OGKM] gb202 dev_runlist.h).  Code reaches them
 * through struct nvs_rl_block (kmod/hw/chip.h), with the base as an
 * argument: NV_RUNLIST(loc->pri_base, caps->rl_block, submit).
 */
#define NV_RUNLIST_CHANNEL_CONFIG_GA100		0x004
#define NV_RUNLIST_CHANNEL_CONFIG_GB202	0x148
#define NV_RUNLIST_CHANNEL_CONFIG_NUM_CHANNELS_LOG2	3:0
#define NV_RUNLIST_CHANNEL_CONFIG_CHRAM_BAR0_OFFSET	31:4	/* base = reg & ~0xf */
#define NV_RUNLIST_SUBMIT_BASE_LO_GA100		0x080
#define NV_RUNLIST_SUBMIT_BASE_HI_GA100		0x084
#define NV_RUNLIST_SUBMIT_GA100			0x088
#define NV_RUNLIST_SUBMIT_BASE_LO_GB202	0x000
#define NV_RUNLIST_SUBMIT_BASE_HI_GB202	0x004
#define NV_RUNLIST_SUBMIT_GB202		0x008

/* aperture (TARGET) values: VID 0, SYS_COH 2, SYS_NONCOH 3 (§3.1) */
#define NV_TARGET_VID_MEM			0
#define NV_TARGET_SYS_MEM_COHERENT		2
#define NV_TARGET_SYS_MEM_NONCOHERENT		3

/*
 * ---- 8-byte runlist entries, Kepler-Pascal (§3.4.1) ----
 * dev_ram.h calls the fields of both entry formats NV_RAMRL_ENTRY_*, so
 * every field carries the first chip of its format: _GK104 here, _GV100
 * (or a later chip where a field changed) for 16-byte entries below.
 */
#define NV_RAMRL_ENTRY_ID_GK104				11:0	/* CHID or TSGID */
#define NV_RAMRL_ENTRY_TYPE_GK104			13:13
#define NV_RAMRL_ENTRY_TYPE_CHID_GK104			0
#define NV_RAMRL_ENTRY_TYPE_TSG_GK104			1
#define NV_RAMRL_ENTRY_TIMESLICE_SCALE_GK104		17:14
#define NV_RAMRL_ENTRY_TIMESLICE_TIMEOUT_GK104		25:18
#define NV_RAMRL_ENTRY_TSG_LENGTH_GK104			31:26
#define NV_RAMRL_ENTRY_TSG_LENGTH_MAX_GK104		0x20

/*
 * ---- 16-byte runlist entries, Volta+ (§3.4.2) ----
 * Each field carries its 32-bit word as NVIDIA's dev_ram.h writes it,
 * (hi+w*32):(lo+w*32); read them with NVS_EGET(entry, field), which picks
 * the word (field.h).  Suffixes name the first chip of a field's layout
 * (enum nvs_rl_entry).
 */
#define NV_RAMRL_ENTRY_TYPE_GV100			(0+0*32):(0+0*32)
#define NV_RAMRL_ENTRY_TYPE_CHAN_GV100			0
#define NV_RAMRL_ENTRY_TYPE_TSG_GV100			1
#define NV_RAMRL_ENTRY_CHAN_RUNQUEUE_SELECTOR_GV100	(1+0*32):(1+0*32)
#define NV_RAMRL_ENTRY_CHAN_INST_TARGET_GV100		(5+0*32):(4+0*32)
#define NV_RAMRL_ENTRY_CHAN_USERD_TARGET_GV100		(7+0*32):(6+0*32)
#define NV_RAMRL_ENTRY_CHAN_USERD_PTR_LO_GV100		(31+0*32):(8+0*32)	/* USERD bits 31:8 */
#define NV_RAMRL_ENTRY_CHAN_USERD_PTR_HI_GV100		(31+1*32):(0+1*32)
#define NV_RAMRL_ENTRY_CHAN_USERD_PTR_HI_TU102		(7+1*32):(0+1*32)	/* TU10x/GA100/Ada */
#define NV_RAMRL_ENTRY_CHAN_USERD_PTR_HI_GH100		(19+1*32):(0+1*32)	/* GH100+ */
#define NV_RAMRL_ENTRY_CHAN_VEID_GB202			(31+1*32):(26+1*32)
#define NV_RAMRL_ENTRY_CHAN_CHID_GV100			(11+2*32):(0+2*32)	/* GV100/TU10x */
#define NV_RAMRL_ENTRY_CHAN_CHID_GA100			(10+2*32):(0+2*32)	/* GA100+ */
#define NV_RAMRL_ENTRY_CHAN_INST_PTR_LO_GV100		(31+2*32):(12+2*32)	/* inst bits 31:12 */
#define NV_RAMRL_ENTRY_CHAN_INST_PTR_HI_GV100		(31+3*32):(0+3*32)
#define NV_RAMRL_ENTRY_CHAN_INST_PTR_HI_GB202		(19+3*32):(0+3*32)
#define NV_RAMRL_ENTRY_CHAN_CASID_GB202			(31+3*32):(26+3*32)
#define NV_RAMRL_ENTRY_TSG_TIMESLICE_SCALE_GV100	(19+0*32):(16+0*32)
#define NV_RAMRL_ENTRY_TSG_TIMESLICE_TIMEOUT_GV100	(31+0*32):(24+0*32)
#define NV_RAMRL_ENTRY_TSG_LENGTH_GV100			(7+1*32):(0+1*32)
#define NV_RAMRL_ENTRY_TSG_LENGTH_MAX_GV100		0x80
#define NV_RAMRL_ENTRY_TSG_TSGID_GV100			(11+2*32):(0+2*32)
#define NV_RAMRL_ENTRY_TSG_TSGID_GA100			(10+2*32):(0+2*32)	/* GA100+ */

/* ---- NV_PCCSR, Kepler-Turing (§4.1) ---- */
#define NV_PCCSR_CHANNEL_INST(i)		(0x00800000 + (i) * 8)
#define NV_PCCSR_CHANNEL_INST_PTR		27:0
#define NV_PCCSR_CHANNEL_INST_TARGET		29:28
#define NV_PCCSR_CHANNEL_INST_BIND		31:31
#define NV_PCCSR_CHANNEL(i)			(0x00800004 + (i) * 8)
#define NV_PCCSR_CHANNEL_ENABLE			0:0
#define NV_PCCSR_CHANNEL_NEXT			1:1
#define NV_PCCSR_CHANNEL_PBDMA_FAULTED		22:22
#define NV_PCCSR_CHANNEL_ENG_FAULTED		23:23
#define NV_PCCSR_CHANNEL_STATUS			27:24
#define NV_PCCSR_CHANNEL_BUSY			28:28
#define NV_PCCSR_CHANNEL__SIZE_MAX		4096

/* ---- NV_CHRAM_CHANNEL, Ampere+ (§4.2) ---- */
#define NV_CHRAM_CHANNEL(base, i)		((base) + (i) * 4)
#define NV_CHRAM_CHANNEL_ENABLE			1:1
#define NV_CHRAM_CHANNEL_NEXT			2:2
#define NV_CHRAM_CHANNEL_BUSY			3:3
#define NV_CHRAM_CHANNEL_PBDMA_FAULTED		4:4
#define NV_CHRAM_CHANNEL_ENG_FAULTED		5:5
#define NV_CHRAM_CHANNEL_ON_PBDMA		6:6
#define NV_CHRAM_CHANNEL_ON_ENG			7:7
#define NV_CHRAM_CHANNEL_PENDING		8:8
#define NV_CHRAM_CHANNEL_CTX_RELOAD		9:9
#define NV_CHRAM_CHANNEL_PBDMA_BUSY		10:10
#define NV_CHRAM_CHANNEL_ENG_BUSY		11:11
#define NV_CHRAM_CHANNEL_ACQUIRE_FAIL		12:12

/* ---- control: channel enable (§4.1, §4.2) ---- */
#define NV_PCCSR_CHANNEL_RUNLIST_GK104	19:16	/* RW on GK104/GK110/GK208 (nouveau) */
#define NV_PCCSR_CHANNEL_ENABLE_SET		10:10	/* W: write 1 to enable */
#define NV_PCCSR_CHANNEL_ENABLE_CLR		11:11	/* W: write 1 to disable */
/* bits 22/23 (PBDMA/ENG_FAULTED) are write-1-to-reset: always write 0 */
#define NV_CHRAM_CHANNEL_UPDATE_ENABLE_CHANNEL	0x00000002u
#define NV_CHRAM_CHANNEL_UPDATE_DISABLE_CHANNEL	0x00000003u

/* ---- preemption and submit (§3.1-§3.3, §5) ---- */
#define NV_PFIFO_RUNLIST_BASE			0x00002270	/* Kepler-Volta submit base */
#define NV_PFIFO_RUNLIST_BASE_PTR		27:0
#define NV_PFIFO_RUNLIST_BASE_TARGET		29:28
#define NV_PFIFO_RUNLIST			0x00002274	/* writing submits */
#define NV_PFIFO_RUNLIST_LENGTH			15:0
#define NV_PFIFO_RUNLIST_ID			23:20
#define NV_PFIFO_PREEMPT			0x00002634	/* Kepler-Turing */
#define NV_PFIFO_PREEMPT_ID			11:0
#define NV_PFIFO_PREEMPT_PENDING		20:20
#define NV_PFIFO_PREEMPT_TYPE			25:24
#define NV_PFIFO_PREEMPT_TYPE_CHANNEL		0
#define NV_PFIFO_PREEMPT_TYPE_TSG		1
#define NV_PFIFO_RUNLIST_PREEMPT		0x00002638	/* bit i: runlist i; never polled */
#define NV_PFIFO_SCHED_DISABLE			0x00002630	/* bit i: runlist i disabled */
#define NV_PFIFO_RUNLIST_SUBMIT_INFO_PENDING	15:15	/* Turing and Ampere+ SUBMIT_INFO */
#define NV_RUNLIST_SUBMIT_INFO_GA100		0x08c
#define NV_RUNLIST_SUBMIT_INFO_GB202	0x00c
#define NV_RUNLIST_SCHED_DISABLE_GA100		0x094
#define NV_RUNLIST_SCHED_DISABLE_GB202	0x010
#define NV_RUNLIST_SCHED_DISABLE_RUNLIST	0:0
#define NV_RUNLIST_SCHED_DISABLE_RUNLIST_ENABLED	0
#define NV_RUNLIST_SCHED_DISABLE_RUNLIST_DISABLED	1
#define NV_RUNLIST_PREEMPT_GA100		0x098
#define NV_RUNLIST_PREEMPT_GB202	0x014
#define NV_RUNLIST_PREEMPT_ID			11:0	/* HW 10:0 */
#define NV_RUNLIST_PREEMPT_TSG_PENDING		20:20
#define NV_RUNLIST_PREEMPT_RUNLIST_PENDING	21:21
#define NV_RUNLIST_PREEMPT_TYPE			25:24
#define NV_RUNLIST_PREEMPT_TYPE_RUNLIST		0
#define NV_RUNLIST_PREEMPT_TYPE_TSG		1

#endif /* NVSCHED_REGS_FIFO_H */
