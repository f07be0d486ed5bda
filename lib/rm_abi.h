/* SPDX-License-Identifier: MIT */
/*
 * rm_abi.h - the NVIDIA driver's RM escape ABI as nvsched uses it.
 *
 * Written from the facts in docs/rm-backend.md, "RM sources" (§1
 * ioctl mechanics, §1.4 struct sizes pinned against the open-gpu-kernel-
 * modules 580.142 headers, §6 regops).  Only what nvsched needs is declared;
 * every layout is pinned with a static assert.
 *
 * Layouts that differ between driver branches are NOT declared as C structs
 * here: their sizes come from the per-branch table in rm_client.c, selected
 * by the running driver's version string (an unknown branch is refused).
 */
#ifndef NVSCHED_CLI_RM_ABI_H
#define NVSCHED_CLI_RM_ABI_H

#include <stddef.h>
#include <stdint.h>
#include <sys/ioctl.h>

/* ---- escapes (RM sources §1.1) ------------------------------------- */
#define NV_IOCTL_MAGIC		'F'
#define NV_ESC_RM_FREE		0x29
#define NV_ESC_RM_CONTROL	0x2A
#define NV_ESC_RM_ALLOC		0x2B
#define NV_ESC_CARD_INFO	200
#define NV_ESC_CHECK_VERSION_STR 210

/* The kernel uses only _IOC_NR and _IOC_SIZE; the size must be exact. */
#define NV_RM_IOC(nr, size)	_IOC(_IOC_READ | _IOC_WRITE, NV_IOCTL_MAGIC, (nr), (size))

/* NV_ESC_CHECK_VERSION_STR commands and replies (§1.2) */
#define NV_RM_API_VERSION_CMD_STRICT	0
#define NV_RM_API_VERSION_CMD_RELAXED	'1'
#define NV_RM_API_VERSION_CMD_QUERY	'2'
#define NV_RM_API_VERSION_REPLY_RECOGNIZED 1

struct nv_rm_api_version {
	uint32_t cmd;
	uint32_t reply;
	char version[64];
};

/* nv_ioctl_card_info_t: one per GPU slot, array of >= #GPUs (§1.1, §2) */
struct nv_card_info {
	uint8_t valid;
	uint8_t pad0[3];
	uint32_t domain;
	uint8_t bus, slot, function, pad1;
	uint16_t vendor_id, device_id;
	uint32_t gpu_id;
	uint16_t interrupt_line;
	uint8_t pad2[2];
	uint64_t reg_address, reg_size;
	uint64_t fb_address, fb_size;
	uint32_t minor_number;
	uint8_t dev_name[10];
	uint8_t pad3[2];
};
#define NV_CARD_INFO_MAX	32

/* NVOS00: free */
struct nv_os00 {
	uint32_t h_root, h_object_parent, h_object_old, status;
};

/* NVOS21: alloc */
struct nv_os21 {
	uint32_t h_root, h_object_parent, h_object_new, h_class;
	uint64_t p_alloc_parms;		/* NvP64 */
	uint32_t params_size;
	uint32_t status;
};

/* NVOS54: control */
struct nv_os54 {
	uint32_t h_client, h_object, cmd, flags;
	uint64_t params;		/* NvP64 */
	uint32_t params_size;
	uint32_t status;
};

/* ---- classes and objects (§1.3) ----------------------------------------- */
#define NV01_ROOT_CLIENT	0x41
#define NV01_DEVICE_0		0x80
#define NV20_SUBDEVICE_0	0x2080

/* NV0080_ALLOC_PARAMETERS */
struct nv0080_alloc {
	uint32_t device_id;
	uint32_t h_client_share;
	uint32_t h_target_client;
	uint32_t h_target_device;
	uint32_t flags;
	uint32_t pad0;
	uint64_t va_space_size;
	uint64_t va_start_internal;
	uint64_t va_limit_internal;
	uint32_t va_mode;
	uint32_t pad1;
};

/* NV2080_ALLOC_PARAMETERS */
struct nv2080_alloc {
	uint32_t sub_device_id;
};

/* ---- controls ----------------------------------------------------------- */
#define NV0000_CTRL_CMD_GPU_GET_ATTACHED_IDS	0x00000201
#define NV0000_CTRL_CMD_GPU_GET_ID_INFO_V2	0x00000205
#define NV2080_CTRL_CMD_GPU_GET_ENGINES_V2	0x20800170
#define NV2080_CTRL_CMD_GPU_GET_ENGINE_RUNLIST_PRI_BASE 0x20800179
#define NV2080_CTRL_CMD_GPU_EXEC_REG_OPS	0x20800122
#define NV2080_CTRL_CMD_GRMGR_GET_GR_FS_INFO	0x20803801
#define NV2080_CTRL_CMD_CE_GET_CE_PCE_MASK	0x20802A02

/* NV0000_CTRL_GPU_GET_ID_INFO_V2_PARAMS */
struct nv0000_id_info_v2 {
	uint32_t gpu_id;
	uint32_t gpu_flags;
	uint32_t device_instance;
	uint32_t sub_device_instance;
	uint32_t sli_status;
	uint32_t board_id;
	uint32_t gpu_instance;
	int32_t numa_id;
};

/* NV2080_CTRL_CE_GET_CE_PCE_MASK_PARAMS */
struct nv2080_ce_pce_mask {
	uint32_t ce_engine_type;	/* NV2080_ENGINE_TYPE_COPYn */
	uint32_t pce_mask;
};

/* NV2080_CTRL_GR_ROUTE_INFO: flags, then an 8-byte aligned route */
struct nv2080_gr_route {
	uint32_t flags;
	uint32_t pad;
	uint64_t route;
};

/* NV2080_CTRL_GPU_REG_OP (§6): 32 bytes */
struct nv2080_reg_op {
	uint8_t reg_op;			/* only NV_REG_OP_READ_32 is ever built */
	uint8_t reg_type;
	uint8_t reg_status;
	uint8_t reg_quad;
	uint32_t reg_group_mask;
	uint32_t reg_sub_group_mask;
	uint32_t reg_offset;
	uint32_t reg_value_hi;
	uint32_t reg_value_lo;
	uint32_t reg_and_n_mask_hi;
	uint32_t reg_and_n_mask_lo;
};
#define NV_REG_OP_READ_32	0
#define NV_REG_TYPE_GLOBAL	0
#define NV_REG_STATUS_SUCCESS	0x00
#define NV_REG_STATUS_INVALID_OFFSET 0x04
#define NV_REG_OPS_BATCH	64	/* ops per EXEC_REG_OPS call (§6) */

/* NV2080_CTRL_GPU_EXEC_REG_OPS_PARAMS: 48 bytes, regOps pointer @24 */
struct nv2080_exec_reg_ops {
	uint32_t h_client_target;
	uint32_t h_channel_target;
	uint32_t b_non_transactional;
	uint32_t reserved00[2];
	uint32_t reg_op_count;
	uint64_t reg_ops;		/* NvP64 -> struct nv2080_reg_op[] */
	struct nv2080_gr_route gr_route;
};

/* GRMGR_GET_GR_FS_INFO query (20 bytes) and header (8 bytes) */
struct nv2080_grfs_query {
	uint16_t query_type;
	uint8_t reserved[2];
	uint32_t status;
	uint32_t data[3];		/* union: {gpcId, out} for the queries we use */
};
#define NV_GRFS_QUERY_GPC_COUNT		1
#define NV_GRFS_QUERY_CHIPLET_GPC_MAP	2
#define NV_GRFS_QUERY_TPC_MASK		3
#define NV_GRFS_HDR			8	/* numQueries u16 + reserved[6] */

/* NV2080 engine types used to map RM's engines onto PTOP devices */
#define NV2080_ENGINE_TYPE_GR0		0x01
#define NV2080_ENGINE_TYPE_GR7		0x08
#define NV2080_ENGINE_TYPE_COPY0	0x09
#define NV2080_ENGINE_TYPE_COPY9	0x12
#define NV2080_ENGINE_TYPE_NVDEC0	0x13
#define NV2080_ENGINE_TYPE_NVDEC7	0x1a
#define NV2080_ENGINE_TYPE_NVENC0	0x1b
#define NV2080_ENGINE_TYPE_NVENC2	0x1d
#define NV2080_ENGINE_TYPE_SW		0x22
#define NV2080_ENGINE_TYPE_SEC2		0x26
#define NV2080_ENGINE_TYPE_NVJPG0	0x2b
#define NV2080_ENGINE_TYPE_NVJPG7	0x32
#define NV2080_ENGINE_TYPE_OFA0		0x33
#define NV2080_ENGINE_TYPE_COPY10	0x34
#define NV2080_ENGINE_TYPE_COPY19	0x3d

#define NV_RUNLIST_PRI_BASE_NULL	0xffffffffu

/* RM status codes nvsched reports by name */
#define NV_OK				0x00
#define NV_ERR_INSUFFICIENT_PERMISSIONS	0x1b
#define NV_ERR_INVALID_PARAM_STRUCT	0x3a
#define NV_ERR_NOT_SUPPORTED		0x56

/* ---- pins (RM sources §1.1, §1.3, §1.4) ----------------------------- */
_Static_assert(sizeof(struct nv_rm_api_version) == 72, "rm_api_version");
_Static_assert(sizeof(struct nv_card_info) == 72, "card_info");
_Static_assert(offsetof(struct nv_card_info, gpu_id) == 16, "card_info.gpu_id");
_Static_assert(offsetof(struct nv_card_info, reg_address) == 24, "card_info.reg_address");
_Static_assert(offsetof(struct nv_card_info, minor_number) == 56, "card_info.minor");
_Static_assert(sizeof(struct nv_os00) == 16, "NVOS00");
_Static_assert(sizeof(struct nv_os21) == 32, "NVOS21");
_Static_assert(offsetof(struct nv_os21, p_alloc_parms) == 16, "NVOS21.pAllocParms");
_Static_assert(offsetof(struct nv_os21, params_size) == 24, "NVOS21.paramsSize");
_Static_assert(offsetof(struct nv_os21, status) == 28, "NVOS21.status");
_Static_assert(sizeof(struct nv_os54) == 32, "NVOS54");
_Static_assert(offsetof(struct nv_os54, params) == 16, "NVOS54.params");
_Static_assert(offsetof(struct nv_os54, params_size) == 24, "NVOS54.paramsSize");
_Static_assert(offsetof(struct nv_os54, status) == 28, "NVOS54.status");
_Static_assert(sizeof(struct nv0080_alloc) == 56, "NV0080_ALLOC_PARAMETERS");
_Static_assert(offsetof(struct nv0080_alloc, va_space_size) == 24, "NV0080.vaSpaceSize");
_Static_assert(sizeof(struct nv2080_alloc) == 4, "NV2080_ALLOC_PARAMETERS");
_Static_assert(sizeof(struct nv0000_id_info_v2) == 32, "GET_ID_INFO_V2");
_Static_assert(sizeof(struct nv2080_ce_pce_mask) == 8, "CE_GET_CE_PCE_MASK");
_Static_assert(sizeof(struct nv2080_gr_route) == 16, "GR_ROUTE_INFO");
_Static_assert(sizeof(struct nv2080_reg_op) == 32, "REG_OP");
_Static_assert(offsetof(struct nv2080_reg_op, reg_offset) == 12, "REG_OP.regOffset");
_Static_assert(offsetof(struct nv2080_reg_op, reg_value_lo) == 20, "REG_OP.regValueLo");
_Static_assert(sizeof(struct nv2080_exec_reg_ops) == 48, "EXEC_REG_OPS");
_Static_assert(offsetof(struct nv2080_exec_reg_ops, reg_ops) == 24, "EXEC_REG_OPS.regOps");
_Static_assert(sizeof(struct nv2080_grfs_query) == 20, "GRMGR query");

/* ioctl values observed on the H100 (RM sources §1.1 table) */
_Static_assert(NV_RM_IOC(NV_ESC_CARD_INFO, 72 * NV_CARD_INFO_MAX) == 0xC90046C8u, "CARD_INFO ioctl");
_Static_assert(NV_RM_IOC(NV_ESC_CHECK_VERSION_STR, sizeof(struct nv_rm_api_version)) == 0xC04846D2u,
	       "CHECK_VERSION_STR ioctl");
_Static_assert(NV_RM_IOC(NV_ESC_RM_FREE, sizeof(struct nv_os00)) == 0xC0104629u, "RM_FREE ioctl");
_Static_assert(NV_RM_IOC(NV_ESC_RM_CONTROL, sizeof(struct nv_os54)) == 0xC020462Au, "RM_CONTROL ioctl");
_Static_assert(NV_RM_IOC(NV_ESC_RM_ALLOC, sizeof(struct nv_os21)) == 0xC020462Bu, "RM_ALLOC ioctl");

#endif /* NVSCHED_CLI_RM_ABI_H */
