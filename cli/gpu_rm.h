/* SPDX-License-Identifier: MIT */
/* gpu_rm.h - rm backend helpers shared by the commands (cli/gpu_rm.c). */
#ifndef NVSCHED_CLI_GPU_RM_H
#define NVSCHED_CLI_GPU_RM_H

#include "gpu.h"

struct nvs_topology;

/* Read the snapshot register set into the rm cache (batched): fixed
 * ranges, PTOP, per-runlist blocks, CHRAM heads; @t gets the topology. */
int cli_rm_capture(struct cli_gpu *c, struct nvs_topology *t);
int cli_rm_prefetch_fixed(struct cli_gpu *c);
/* One line: which views need root over the rm backend. */
const char *cli_rm_root_note(void);

/* nvsched info --verify and the unprivileged RM views (cli/cmd_rm.c). */
int cli_rm_verify(const struct cli_global *g, struct cli_gpu *c);
int cli_rm_engines_unpriv(const struct cli_global *g, struct cli_gpu *c);
int cmd_snapshot(const struct cli_global *g, int argc, char **argv);

#endif /* NVSCHED_CLI_GPU_RM_H */
