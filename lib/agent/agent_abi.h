/* SPDX-License-Identifier: MIT */
/*
 * agent_abi.h - the parts of the NVIDIA RM escape ABI that the in-process
 * agent (libnvsched-agent.so) reads and issues, beyond lib/rm_abi.h.
 *
 * Written from NVIDIA open-gpu-kernel-modules, tag 580.142 (our own
 * definitions, each pinned by size with a static assert):
 *   kernel-open/common/inc/nv-ioctl-numbers.h   NV_ESC_IOCTL_XFER_CMD (200+11)
 *   kernel-open/common/inc/nv-ioctl.h           nv_ioctl_xfer_t {cmd,size,ptr}
 *   src/common/sdk/nvidia/inc/nvos.h            NVOS00/NVOS21/NVOS54/NVOS64
 *   src/common/sdk/nvidia/inc/alloc/alloc_channel.h
 *                                               NV_CHANNEL_GROUP_ALLOCATION_PARAMETERS
 *   src/common/sdk/nvidia/inc/ctrl/ctrla06c.h   NVA06C_CTRL_CMD_SET/GET_TIMESLICE
 *   src/common/sdk/nvidia/inc/ctrl/ctrl2080/ctrl2080fifo.h
 *                                               NV2080_CTRL_CMD_FIFO_DISABLE_CHANNELS
 *   src/common/sdk/nvidia/inc/class/cla06c.h    KEPLER_CHANNEL_GROUP_A
 * Which of these controls work on a GSP GPU, and what they cost, is in
 * docs/priority-gsp.md.
 */
#ifndef NVSCHED_AGENT_ABI_H
#define NVSCHED_AGENT_ABI_H

#include <assert.h>
#include <stddef.h>
#include <stdint.h>

#include "rm_abi.h"

#define NV_ESC_IOCTL_XFER_CMD	211

/* nv_ioctl_xfer_t: the escape number, its payload size and pointer */
struct nv_ioctl_xfer {
	uint32_t cmd;
	uint32_t size;
	uint64_t ptr;			/* NvP64 */
};
static_assert(sizeof(struct nv_ioctl_xfer) == 16, "nv_ioctl_xfer_t");

/* NVOS64: NVOS21 plus pRightsRequested and flags; status last */
struct nv_os64 {
	uint32_t h_root, h_object_parent, h_object_new, h_class;
	uint64_t p_alloc_parms;		/* NvP64 */
	uint64_t p_rights_requested;	/* NvP64 */
	uint32_t params_size;
	uint32_t flags;
	uint32_t status;
	uint32_t pad;
};
static_assert(sizeof(struct nv_os64) == 48, "NVOS64");
static_assert(offsetof(struct nv_os64, status) == 40, "NVOS64 status");
static_assert(sizeof(struct nv_os21) == 32, "NVOS21");
static_assert(sizeof(struct nv_os00) == 16, "NVOS00");
static_assert(sizeof(struct nv_os54) == 32, "NVOS54");

/* classes */
#define NV01_ROOT		0x0
#define NV01_ROOT_NON_PRIV	0x1
#define KEPLER_CHANNEL_GROUP_A	0xA06C
/* every GPFIFO channel class ends in 0x6F (KEPLER_CHANNEL_GPFIFO_A 0xA06F ...
 * HOPPER_CHANNEL_GPFIFO_A 0xC86F ...); a channel's parent is its TSG */
#define NV_CHANNEL_CLASS_LOW	0x6F

/* NV_CHANNEL_GROUP_ALLOCATION_PARAMETERS: engineType at byte 12 */
#define NV_TSG_ALLOC_ENGINE_OFF	12
#define NV_TSG_ALLOC_MIN_SIZE	16

/* NVA06C_CTRL_TIMESLICE_PARAMS {NvU64 timesliceUs} */
#define NVA06C_CTRL_CMD_SET_TIMESLICE	0xA06C0103
#define NVA06C_CTRL_CMD_GET_TIMESLICE	0xA06C0104
struct nva06c_timeslice {
	uint64_t timeslice_us;
};

/* NV2080_CTRL_FIFO_DISABLE_CHANNELS_PARAMS (subdevice) */
#define NV2080_CTRL_CMD_FIFO_DISABLE_CHANNELS	0x2080110B
#define NV2080_FIFO_DISABLE_MAX		64
struct nv2080_fifo_disable_channels {
	uint8_t b_disable;
	uint8_t pad0[3];
	uint32_t num_channels;
	uint8_t b_only_disable_scheduling;
	uint8_t b_rewind_gp_put;
	uint8_t pad1[6];
	uint64_t p_runlist_preempt_event;	/* NvP64, 0 from user space */
	uint32_t h_client_list[NV2080_FIFO_DISABLE_MAX];
	uint32_t h_channel_list[NV2080_FIFO_DISABLE_MAX];
};
static_assert(sizeof(struct nv2080_fifo_disable_channels) == 536, "DISABLE_CHANNELS");


#endif /* NVSCHED_AGENT_ABI_H */
