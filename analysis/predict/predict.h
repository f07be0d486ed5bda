/* SPDX-License-Identifier: MIT */
/*
 * predict.h - thread block-to-SM scheduling predictor (nvsched predict).
 *
 * Implements the scheduler model of Wang et al., "Randomized Testing
 * Framework for Dissecting NVIDIA GPGPU Thread Block-To-SM Scheduling
 * Mechanisms": Algorithm 1 with Mechanism 1 (resource-aware SM choice in
 * the order 0,2,4,..,1,3,5,..), Mechanism 2 (strict round-robin warp to
 * processing-block dispatch, one extra step when the block's warp count is
 * divisible by the number of processing blocks), Mechanism 3 (per-TPC
 * shared-memory configuration, set only while the TPC is idle), Mechanism 4
 * (registers are counted per processing block, fragments may be combined;
 * shared memory must be contiguous) and the GPU-wide local-memory
 * configuration.  Blocks are dispatched strictly in launch order; with
 * durations, block completions are simulated as events.
 */
#ifndef NVSCHED_PREDICT_H
#define NVSCHED_PREDICT_H

#include <stdbool.h>
#include <stddef.h>

#define PRED_MAX_SMEM_CONFIGS	32
#define PRED_MAX_PBS		8
#define PRED_NAME_LEN		64
/*
 * Thread blocks of all kernels of one prediction: every block's placement
 * and two events are kept (about 100 bytes a block), so the input cannot
 * ask for unbounded memory (a fuzz finding: 2^31 blocks in a 300-byte file).
 */
#define PRED_MAX_BLOCKS		(1L << 20)

/* Limits of one GPU (CONTRACTS.md §4 explicit GPU object keys). */
struct pred_gpu {
	char name[PRED_NAME_LEN];
	int sms;
	int sms_per_tpc;
	int processing_blocks_per_sm;
	int max_blocks_per_sm;
	int max_warps_per_sm;
	long regs_per_sm;
	int reg_alloc_unit;		/* registers per thread, allocated per warp */
	int max_regs_per_thread;
	int n_smem_configs;
	long smem_configs[PRED_MAX_SMEM_CONFIGS];	/* bytes, ascending */
	long smem_alloc_unit;
	long runtime_smem_per_block;
	/* extensions (optional keys, defaults from the profile) */
	int warp_size;			/* 32 */
	int max_threads_per_block;	/* 1024 */
	long max_smem_per_block;	/* kernel smem limit in bytes (opt-in limit) */
	long lmem_initial;		/* local memory per thread configured at start */
	long smem_config_min;		/* TB.config_s is at least this (bytes) */
	/*
	 * > 0: the driver's choice of configuration (Hopper, measured; see
	 * pred_kernel_info): a kernel sets an idle SM to a larger size than it
	 * needs, by doubling its occupancy up to this size (bytes); a busy SM
	 * takes a block whose needed size is not above its configuration.
	 * 0: the paper's occupancy rule (chosen = needed).
	 */
	long smem_config_double_max;
	/*
	 * > 0: blocks that end at the same time free their room this many at
	 * a time, and waiting blocks are placed after each group; an SM that
	 * would have to change its shared-memory configuration waits for the
	 * rest of that moment's completions (H100, measured).  0: all at once.
	 */
	long release_batch;
	/*
	 * > 0: that exception only holds for a block of a kernel without shared
	 * memory or whose idle configuration is above this many bytes; other
	 * blocks take the SM at once.  0: it always holds.
	 */
	long reconfig_wait_above;
	/*
	 * With reconfig_wait_above > 0: the exception also holds for the first
	 * block of a kernel when other blocks were placed before it at that
	 * moment (fitted on the H100 runs 2-5; see predict.c).
	 */
	bool reconfig_wait_first;
	/*
	 * Mechanism 1 ties: the first SM with the most room in the visiting
	 * order from the one after the SM that took the kernel's previous block
	 * (next fit; H100), instead of from the start of the order.
	 */
	bool tie_break_next;
	bool smem_config_per_sm;	/* Mechanism 3 scope: false = per TPC (paper), true = per SM */
	bool lmem_no_wait;		/* a larger local-memory need does not wait for an idle GPU */
	bool smem_config_sticky;	/* an idle SM keeps its configuration while the GPU is busy */
	/*
	 * Hopper visiting order (docs/predict-h100-accuracy.md): per SM its
	 * virtual GPC (0..n_vgpc-1) or -1 for a singleton TPC, from RM's
	 * global SM order; NULL or n_sm_vgpc != sms: the paper's order.
	 * The order is: singleton TPCs (half order_phase first), then the
	 * virtual GPCs cyclically from a pointer, each in ascending SM id.
	 * order_start is the virtual GPC after the singletons for the first
	 * kernel; the pointer advances per kernel (see predict.c).
	 */
	const signed char *sm_vgpc;
	int n_sm_vgpc;
	int n_vgpc;
	int order_start;
	int order_phase;
};

struct pred_kernel {
	char name[PRED_NAME_LEN];
	long blocks;
	int threads;
	int regs;
	long smem;		/* bytes per block, without the runtime reservation */
	long lmem;		/* local memory per thread, bytes */
	double duration;	/* seconds per block; < 0: not given */
};

/* Where and when one block ran. */
struct pred_block {
	int sm;			/* -1: never placed (it waits forever) */
	double start;		/* < 0: not placed */
	double end;		/* < 0: unknown (no duration or not placed) */
};

/* Derived per-kernel quantities (Algorithm 1 inputs). */
struct pred_kinfo {
	int warps;		/* w */
	long regs_per_warp;	/* r */
	long smem_per_block;	/* s (rounded, runtime reservation added) */
	long occupancy;		/* blocks an empty SM can hold */
	long config_smem;	/* TB.config_s: set on an idle SM */
	long config_need;	/* an SM in use takes the block if its config >= this */
	long config_lmem;	/* TB.config_l */
};

/* A block start or completion, in simulation order. */
struct pred_event {
	double t;
	size_t kernel;
	long block;
	int sm;
	bool start;		/* true: placed on sm; false: completed */
};

struct pred_result {
	size_t nkernels;
	struct pred_kinfo *info;	/* per kernel */
	struct pred_block **blocks;	/* per kernel, per block */
	double makespan;		/* last completion, < 0 unknown */
	size_t unplaced;		/* blocks that never got an SM */
	struct pred_event *events;
	size_t nevents;
};

/* Built-in profiles. */
size_t pred_profile_count(void);
const struct pred_gpu *pred_profile(size_t i);
const struct pred_gpu *pred_profile_find(const char *name);
/* Human-readable source note of a profile ("" if none). */
const char *pred_profile_source(const struct pred_gpu *g);

/*
 * The integer fields of a GPU description by JSON key (CONTRACTS.md §4), in
 * the contract's order, read and written by index: the first
 * PRED_GI_REQUIRED are required in an explicit "gpu" object, from
 * PRED_GI_SMEM_ALLOC_UNIT on they follow "smem_configs" in the output and
 * from PRED_GI_ORDER_START on they are the gpc-rotation state.
 */
enum {
	PRED_GI_SMEM_ALLOC_UNIT = 8,
	PRED_GI_REQUIRED = 10,
	PRED_GI_ORDER_START = 18,
	PRED_GI_N = 20,
};
const char *pred_gpu_int_key(size_t i);
long pred_gpu_int(const struct pred_gpu *g, size_t i);
void pred_gpu_set_int(struct pred_gpu *g, size_t i, long v);

/* Check a GPU description; 0 or -1 with a message in err. */
int pred_gpu_check(const struct pred_gpu *g, char *err, size_t errlen);

/*
 * Derive the Algorithm 1 inputs of a kernel; -1 with a message (naming the
 * kernel) when a block can never be placed on an empty SM.
 */
int pred_kernel_info(const struct pred_gpu *g, const struct pred_kernel *k,
		     struct pred_kinfo *out, char *err, size_t errlen);

/*
 * Run the prediction.  Returns 0, or -1 with a message in err (input
 * error naming the kernel, or out of memory).
 */
int pred_run(const struct pred_gpu *g, const struct pred_kernel *k, size_t nk,
	     struct pred_result *res, char *err, size_t errlen);
void pred_result_free(struct pred_result *res);

/* ---- input (CONTRACTS.md §4), predict_input.c ---- */
struct json;

struct pred_input {
	struct pred_gpu gpu;
	bool gpu_named;		/* "gpu" was a profile name */
	struct pred_kernel *kernels;
	size_t nkernels;
};

/*
 * Fill a GPU description from an explicit JSON object.  With "base": NAME
 * the object starts from that profile and every key is optional;
 * otherwise the contract's keys are required.
 */
int pred_gpu_from_json(const struct json *o, struct pred_gpu *g, char *err, size_t errlen);
/* Parse a kernel sequence document; profile (may be NULL) overrides "gpu". */
int pred_input_parse(const struct json *doc, const char *profile, struct pred_input *in,
		     char *err, size_t errlen);
void pred_input_free(struct pred_input *in);

/* SM visiting order of Algorithm 1 (even SMs, then odd): the i-th SM id. */
int pred_sm_order(const struct pred_gpu *g, int i);
/* true when the GPC-rotation (Hopper) visiting order is in effect */
bool pred_gpc_order(const struct pred_gpu *g);

/*
 * GPC-rotation order: the rotation state at the first kernel is hidden, so
 * run the prediction for every state (order_start 0..n_vgpc-1, phase 0/1),
 * weighted by the measured share of each (PRED_PHASE1_SHARE, starts
 * uniform).  The weight of the states that put block b where res does is its
 * state share m; even given the right state the order is not reproducible
 * (two runs of identical inputs on the H100 disagree on most SM ids of blocks
 * that wait), so the probability stored per kernel and block (lik[k][b],
 * freed with pred_likelihood_free) is pred_lik_calibrate()'s: the hit rate
 * measured for m in the block's class.  0, or -1 with a message.
 */
#define PRED_PHASE1_SHARE 0.08
/*
 * Measured probability that a predicted SM id is right, by class (fitted by
 * least squares on the H100 runs 2 and 3, 495 009 blocks): hit = MISS +
 * (HIT - MISS) * m.  Classes: a block of the first kernel placed at launch;
 * a block of a later kernel placed at launch; a block that waits.
 */
#define PRED_LIK_K1_HIT 0.995
#define PRED_LIK_K1_MISS 0.011
#define PRED_LIK_LAUNCH_HIT 0.704
#define PRED_LIK_LAUNCH_MISS 0.0
#define PRED_LIK_WAIT_HIT 0.058
#define PRED_LIK_WAIT_MISS 0.008
double pred_lik_calibrate(size_t kernel, double start, double m);
int pred_sm_likelihood(const struct pred_gpu *g, const struct pred_kernel *k, size_t nk,
		       const struct pred_result *res, double ***lik, char *err, size_t errlen);
void pred_likelihood_free(double **lik, size_t nk);

#endif /* NVSCHED_PREDICT_H */
