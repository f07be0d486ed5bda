/* SPDX-License-Identifier: MIT */
/*
 * gpu_select.h - which GPU state a caller wants (lib/gpu.c, lib/gpu_rm.c),
 * and the status codes of the backend calls.  Kept apart from gpu.h so that
 * the command front end (cli/cli.h) and the analysis tools can name the
 * selection without the backends' types.
 */
#ifndef NVSCHED_LIB_GPU_SELECT_H
#define NVSCHED_LIB_GPU_SELECT_H

/**
 * struct gpu_select - the global options that choose a GPU (CONTRACTS.md §2)
 * @snapshot: --snapshot FILE, or NULL
 * @backend: --backend module|rm|snapshot, or NULL (automatic)
 * @gpu: --gpu N|BDF, or NULL (GPU 0)
 */
struct gpu_select {
	const char *snapshot;
	const char *backend;
	const char *gpu;
};

/* Status of the backend calls; equal to the CLI's exit codes (cli/cli.h). */
#define GPU_OK		0
#define GPU_FAIL	1	/* the operation failed (I/O, device, ...) */
#define GPU_USAGE	2	/* bad selection or malformed snapshot file */

#endif /* NVSCHED_LIB_GPU_SELECT_H */
