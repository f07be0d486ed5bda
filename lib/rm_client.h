/* SPDX-License-Identifier: MIT */
/*
 * rm_client.h - a minimal, read-only RM client over /dev/nvidiactl.
 *
 * For machines where nvsched.ko cannot load (Secure Boot lockdown, GSP):
 * the NVIDIA driver's own control interface still answers topology
 * questions and, for root, executes READ_32 register operations in GSP-RM
 * (docs/rm-backend.md, "RM sources").  This client only ever
 * allocates a client, a device and a subdevice, sends controls that read,
 * and builds READ_32 register ops; it never builds a write op.
 */
#ifndef NVSCHED_CLI_RM_CLIENT_H
#define NVSCHED_CLI_RM_CLIENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rm_abi.h"

/**
 * struct rm_branch - struct sizes of one driver branch
 * @prefix: version prefix ("580.")
 * @engine_list_max: NV2080_GPU_MAX_ENGINES_LIST_SIZE of the branch
 * @engines_v2_size: GPU_GET_ENGINES_V2 params size
 * @rlpri_size: GPU_GET_ENGINE_RUNLIST_PRI_BASE params size
 * @grfs_max_queries: GRMGR_GET_GR_FS_INFO query slots
 * @grfs_size: GRMGR_GET_GR_FS_INFO params size
 * @exec_reg_ops_size: GPU_EXEC_REG_OPS params size
 */
struct rm_branch {
	const char *prefix;
	unsigned int engine_list_max;
	size_t engines_v2_size;
	size_t rlpri_size;
	unsigned int grfs_max_queries;
	size_t grfs_size;
	size_t exec_reg_ops_size;
};

/* The branch whose layouts match @version, or NULL with @err saying which
 * branches are known (never a guessed layout). */
const struct rm_branch *rm_branch_for(const char *version, char *err, size_t errlen);
const struct rm_branch *rm_branch_table(size_t *n);

/** struct rm_gpu_desc - one GPU from NV_ESC_CARD_INFO */
struct rm_gpu_desc {
	int index;		/* position among the valid cards */
	uint32_t gpu_id;
	uint32_t minor;		/* /dev/nvidia<minor> */
	char bdf[16];
	uint16_t vendor, device;
};

struct rm_client {
	int ctl_fd;			/* /dev/nvidiactl: every escape */
	int dev_fd;			/* /dev/nvidiaN: RM requires it held open */
	char version[64];		/* running driver (QUERY, then STRICT) */
	const struct rm_branch *br;
	uint32_t h_client, h_device, h_subdevice;
	struct rm_gpu_desc gpu;
	unsigned long regop_calls;	/* EXEC_REG_OPS calls made */
	unsigned long regops;		/* READ_32 ops sent */
};

/* Injectable ioctl (unit tests); NULL restores ioctl(2). */
typedef int (*rm_ioctl_fn)(int fd, unsigned long req, void *arg);
void rm_set_ioctl(rm_ioctl_fn fn);

/* Device directory ($NVSCHED_NVIDIA_DEV_DIR or /dev) and helpers. */
const char *rm_dev_dir(void);
/* Does <dev dir>/nvidiactl exist (any file type)? */
bool rm_ctl_present(void);

/**
 * rm_open() - open the RM client for one GPU
 * @sel: NULL or "N" (index among the cards RM lists) or a PCI address
 * @out: the client
 * @err: message on failure
 *
 * Opens /dev/nvidiactl, performs the version handshake (QUERY, branch
 * lookup, STRICT with the running version), lists the cards, opens
 * /dev/nvidia<minor> and allocates client, device and subdevice.
 * Return: 0 or a negative errno.
 */
int rm_open(const char *sel, struct rm_client **out, char *err, size_t errlen);
void rm_close(struct rm_client *rm);

/* List the GPUs (up to @max).  Opens and closes its own handshake. */
int rm_list(struct rm_gpu_desc *out, int max, int *n, char *err, size_t errlen);

/* A control on @h_object; *status gets RM's status.  Return: 0 when the
 * escape ran (check *status), else a negative errno. */
int rm_ctrl(struct rm_client *rm, uint32_t h_object, uint32_t cmd, void *params,
	    uint32_t size, uint32_t *status);

/**
 * rm_read32() - read BAR0 registers through GSP-RM (READ_32 regops)
 * @offs: offsets; @vals: values; @st: per-op regStatus (may be NULL)
 * Batches NV_REG_OPS_BATCH ops per call.  Return: 0 when every call ran
 * with NV_OK (per-op status in @st), -EACCES when RM refused the control,
 * -EIO on other failures.
 */
int rm_read32(struct rm_client *rm, const uint32_t *offs, uint32_t *vals,
	      uint8_t *st, unsigned int n);

/* GPU_GET_ENGINES_V2: RM engine types. */
int rm_engines(struct rm_client *rm, uint32_t *types, unsigned int max, unsigned int *n,
	       uint32_t *status);
/* GPU_GET_ENGINE_RUNLIST_PRI_BASE (root): per engine type. */
int rm_runlists(struct rm_client *rm, const uint32_t *types, unsigned int n,
		uint32_t *pri_base, uint32_t *runlist, uint32_t *status);

/* GRMGR_GET_GR_FS_INFO: logical->physical GPC map, physical TPC enable masks
 * (indexed by logical GPC). */
#define RM_MAX_GPCS 32
struct rm_gr_fs {
	unsigned int num_gpcs;			/* enabled (logical) GPCs */
	uint32_t phys_gpc[RM_MAX_GPCS];		/* chiplet (physical) id */
	uint32_t tpc_mask[RM_MAX_GPCS];		/* physical TPC enable mask */
};
/* On any failure (return or *status) *fs is all zero. */
int rm_gr_fs(struct rm_client *rm, struct rm_gr_fs *fs, uint32_t *status);
/* CE_GET_CE_PCE_MASK for LCE @lce (COPY<lce>). */
int rm_ce_pce_mask(struct rm_client *rm, unsigned int lce, uint32_t *mask, uint32_t *status);

/* "NV_OK", "NV_ERR_INSUFFICIENT_PERMISSIONS", ... or "0x..". */
const char *rm_status_name(uint32_t status, char *buf, size_t len);
/* Engine type name ("GR0", "COPY3", "NVDEC1", ...) into @buf. */
const char *rm_engine_name(uint32_t type, char *buf, size_t len);

/* Build one READ_32 op (exported for tests: the only op builder). */
void rm_regop_read32(struct nv2080_reg_op *op, uint32_t off);

#endif /* NVSCHED_CLI_RM_CLIENT_H */
