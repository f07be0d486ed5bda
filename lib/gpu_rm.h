/* SPDX-License-Identifier: MIT */
/* gpu_rm.h - rm backend helpers (lib/gpu_rm.c). */
#ifndef NVSCHED_LIB_GPU_RM_H
#define NVSCHED_LIB_GPU_RM_H

#include "gpu.h"

struct nvs_topology;

/* Read the snapshot register set into the rm cache (batched): fixed
 * ranges, PTOP, per-runlist blocks, CHRAM heads; @t gets the topology. */
int gpu_rm_capture(struct gpu *c, struct nvs_topology *t);
int gpu_rm_prefetch_fixed(struct gpu *c);
/* One line: which views need root over the rm backend. */
const char *gpu_rm_root_note(void);

#endif /* NVSCHED_LIB_GPU_RM_H */
