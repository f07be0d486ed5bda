// SPDX-License-Identifier: MIT
/*
 * predict_gpu.c - built-in GPU profiles of nvsched predict.
 *
 * Sources (docs/predict.md repeats them per value):
 *  - ga102-rtx3090: Table I of Wang et al. (Nsight Compute occupancy
 *    calculator values for compute capability 8.6).
 *  - ga100-a100, gh100-h100-sxm, ga10b-orin: SM counts from NVIDIA's A100
 *    and H100 architecture whitepapers and the Jetson AGX Orin data sheet;
 *    per-SM limits (blocks, threads, registers, shared-memory carve-outs,
 *    per-block limit, 1 KB runtime reservation) from the CUDA C++
 *    Programming Guide, "Compute Capabilities" (8.0, 8.7, 9.0).
 *  - gh100-h100-sxm differs from the paper's Ampere model in three points,
 *    all from measurements with tests/hw on an H100 80GB HBM3 (driver
 *    580.159.04): the shared-memory configuration is per SM, not per TPC
 *    (inferred from replaying random sequences); the driver gives an idle
 *    SM a larger configuration than the occupancy rule needs (about twice
 *    the occupancy, up to 132 KB), a busy SM takes a block whose needed
 *    size fits, and an SM keeps a larger configuration while the GPU is
 *    busy (docs/predict-h100-accuracy.md, "Which kernel may share an SM":
 *    measured directly by the cfg2/cfg3/pair cases; this replaces the
 *    earlier 32 KB minimum); and a kernel needing more local memory does
 *    not wait for an idle GPU (measured directly).
 */
#include <stddef.h>
#include <string.h>

#include "predict.h"

#define KB 1024L

/*
 * H100 SXM5 (132 SMs): virtual GPC of every SM id, -1 for the four
 * singleton TPCs (virtual GPCs 11, 14, 17, 19), from RM's
 * NV2080_CTRL_CMD_GR_GET_GLOBAL_SM_ORDER on the measured card
 * (tests/fixtures/rmprobe_idle.txt).  The layout follows the chip's
 * floor-sweeping and may differ on another H100.
 */
static const signed char gh100_h100_sxm_vgpc[132] = {
	 0,  0,  1,  1,  2,  2,  3,  3,  4,  4,  5,  5,  6,  6,  7,  7,
	 0,  0,  1,  1,  2,  2,  3,  3,  4,  4,  5,  5,  6,  6,  7,  7,
	 0,  0,  1,  1,  2,  2,  3,  3,  4,  4,  5,  5,  6,  6,  7,  7,
	 0,  0,  1,  1,  2,  2,  3,  3,  4,  4,  5,  5,  6,  6,  7,  7,
	 1,  1,  2,  2,  3,  3,  4,  4,  5,  5,  6,  6,  7,  7,  1,  1,
	 2,  2,  3,  3,  4,  4,  5,  5,  6,  6,  7,  7,  1,  1,  2,  2,
	 3,  3,  4,  4,  5,  5,  6,  6,  7,  7,  1,  1,  2,  2,  3,  3,
	 4,  4,  5,  5,  6,  6,  7,  7,  6,  6,  7,  7, -1, -1, -1, -1,
	-1, -1, -1, -1,
};

/*
 * What all profiles share (Wang et al., Table I, and the CUDA C++ Programming
 * Guide for 8.0, 8.7 and 9.0): 2 SMs per TPC, 4 processing blocks per SM,
 * 64 K registers per SM allocated in units of 8 per thread, at most 255 per
 * thread, shared memory allocated in 128-byte units with 1 KB reserved per
 * block by the runtime, 32-thread warps, at most 1024 threads per block, no
 * local memory configured at start.
 */
#define SM_COMMON \
	.sms_per_tpc = 2, .processing_blocks_per_sm = 4, \
	.regs_per_sm = 65536, .reg_alloc_unit = 8, .max_regs_per_thread = 255, \
	.smem_alloc_unit = 128, .runtime_smem_per_block = 1 * KB, \
	.warp_size = 32, .max_threads_per_block = 1024, .lmem_initial = 0

/* shared-memory carve-outs of compute capability 8.0 and 8.7 (9.0 adds two) */
#define CC80_SMEM_CONFIGS 0, 8 * KB, 16 * KB, 32 * KB, 64 * KB, 100 * KB, 132 * KB, 164 * KB

static const struct pred_gpu profiles[] = {
	{
		.name = "ga102-rtx3090", SM_COMMON,
		.sms = 82, .max_blocks_per_sm = 16, .max_warps_per_sm = 48,
		.n_smem_configs = 5,
		.smem_configs = { 8 * KB, 16 * KB, 32 * KB, 64 * KB, 100 * KB },
		.max_smem_per_block = 99 * KB,
	},
	{
		.name = "ga100-a100", SM_COMMON,
		.sms = 108, .max_blocks_per_sm = 32, .max_warps_per_sm = 64,
		.n_smem_configs = 8, .smem_configs = { CC80_SMEM_CONFIGS },
		.max_smem_per_block = 163 * KB,
	},
	{
		.name = "gh100-h100-sxm", SM_COMMON,
		.sms = 132, .max_blocks_per_sm = 32, .max_warps_per_sm = 64,
		.n_smem_configs = 10,
		.smem_configs = { CC80_SMEM_CONFIGS, 196 * KB, 228 * KB },
		.max_smem_per_block = 227 * KB,
		/* measured on an H100 SXM5 (docs/predict-h100-accuracy.md) */
		.smem_config_per_sm = true, .lmem_no_wait = true,
		.smem_config_double_max = 132 * KB,
		.smem_config_sticky = true,
		.release_batch = 4,
		.reconfig_wait_above = 132 * KB, .reconfig_wait_first = true,
		.tie_break_next = true,
		/* GPC-rotation visiting order, fitted on runs 2 and 3; default state =
		 * a fresh process (tests/hw/rotprobe.cu, docs/hw/h100-probe) */
		.sm_vgpc = gh100_h100_sxm_vgpc,
		.n_sm_vgpc = sizeof(gh100_h100_sxm_vgpc) / sizeof(gh100_h100_sxm_vgpc[0]),
		.n_vgpc = 8,
		.order_start = 0, .order_phase = 0,
	},
	{
		.name = "ga10b-orin", SM_COMMON,
		.sms = 16, .max_blocks_per_sm = 16, .max_warps_per_sm = 48,
		.n_smem_configs = 8, .smem_configs = { CC80_SMEM_CONFIGS },
		.max_smem_per_block = 163 * KB,
	},
};

static const char *const sources[] = {
	"Wang et al., Table I (RTX 3090, compute capability 8.6)",
	"A100 whitepaper (108 SMs); CUDA Programming Guide, compute capability 8.0",
	"H100 whitepaper (SXM5: 132 SMs); CUDA Programming Guide, compute capability 9.0; "
	"per-SM shared-memory configuration of at least 32 KB, no local-memory wait and the "
	"GPC-rotation visiting order: measured on an H100 (docs/predict-h100-accuracy.md)",
	"Jetson AGX Orin 64GB data sheet (2048 CUDA cores = 16 SMs); CUDA Programming Guide, compute capability 8.7",
};

size_t pred_profile_count(void)
{
	return sizeof(profiles) / sizeof(profiles[0]);
}

const struct pred_gpu *pred_profile(size_t i)
{
	return i < pred_profile_count() ? &profiles[i] : NULL;
}

const struct pred_gpu *pred_profile_find(const char *name)
{
	size_t i;

	for (i = 0; i < pred_profile_count(); i++)
		if (!strcmp(profiles[i].name, name))
			return &profiles[i];
	return NULL;
}

const char *pred_profile_source(const struct pred_gpu *g)
{
	size_t i;

	for (i = 0; i < pred_profile_count(); i++)
		if (g == &profiles[i])
			return sources[i];
	return "";
}

#define GPU_INT(f) { #f, offsetof(struct pred_gpu, f), sizeof(((struct pred_gpu *)0)->f) }

/* the integer fields, in the order of the PRED_GI_* indices (predict.h) */
static const struct gpu_int {
	const char *key;
	size_t off, size;	/* an int or a long member */
} gpu_ints[PRED_GI_N] = {
	GPU_INT(sms), GPU_INT(sms_per_tpc), GPU_INT(processing_blocks_per_sm),
	GPU_INT(max_blocks_per_sm), GPU_INT(max_warps_per_sm), GPU_INT(regs_per_sm),
	GPU_INT(reg_alloc_unit), GPU_INT(max_regs_per_thread),
	GPU_INT(smem_alloc_unit), GPU_INT(runtime_smem_per_block),
	/* optional extensions */
	GPU_INT(warp_size), GPU_INT(max_threads_per_block), GPU_INT(max_smem_per_block),
	GPU_INT(lmem_initial), GPU_INT(smem_config_min), GPU_INT(smem_config_double_max),
	GPU_INT(release_batch), GPU_INT(reconfig_wait_above), GPU_INT(order_start),
	GPU_INT(order_phase),
};

const char *pred_gpu_int_key(size_t i)
{
	return gpu_ints[i].key;
}

long pred_gpu_int(const struct pred_gpu *g, size_t i)
{
	const char *p = (const char *)g + gpu_ints[i].off;
	long l;
	int n;

	if (gpu_ints[i].size == sizeof(n)) {
		memcpy(&n, p, sizeof(n));
		return n;
	}
	memcpy(&l, p, sizeof(l));
	return l;
}

void pred_gpu_set_int(struct pred_gpu *g, size_t i, long v)
{
	char *p = (char *)g + gpu_ints[i].off;
	int n = (int)v;

	if (gpu_ints[i].size == sizeof(n))
		memcpy(p, &n, sizeof(n));
	else
		memcpy(p, &v, sizeof(v));
}
