/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * nvs_proc.h - /proc/gpuX (proc.c) and its files: runlists
 * (proc_runlist.c), control (proc_ctl.c), topology (proc_topo.c).  Uses
 * nvs_control.h, nvs_gpu.h and nvs_params.h.
 */
#ifndef NVS_PROC_H
#define NVS_PROC_H

#include "nvs_gpu.h"

/* proc.c */
int nvs_proc_add(struct nvs_gpu *g);
void nvs_proc_remove(struct nvs_gpu *g);
__printf(2, 3) void nvs_seq_pr(void *ctx, const char *fmt, ...);

/* proc_runlist.c */
int nvs_proc_add_runlists(struct nvs_gpu *g, kgid_t gid);

/* proc_ctl.c */
int nvs_proc_add_control(struct nvs_gpu *g);

/* proc_topo.c: copy-engine and GR topology files (CONTRACTS.md §6) */
int nvs_proc_add_topology(struct nvs_gpu *g);

#endif /* NVS_PROC_H */
