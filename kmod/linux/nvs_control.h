/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * nvs_control.h - channel, TSG and runlist control and the GSP-ownership
 * policy of every scheduling write (control.c).  Uses nvs_gpu.h only.
 */
#ifndef NVS_CONTROL_H
#define NVS_CONTROL_H

#include "nvs_gpu.h"

struct nvsched_control;

int nvs_control(struct nvs_gpu *g, struct nvsched_control *c);
int nvs_restore_channels(struct nvs_gpu *g, unsigned int *count);
bool nvs_gsp_owned(struct nvs_gpu *g);
int nvs_gsp_refuse(struct nvs_gpu *g, const char *what, int rl);
bool nvs_gsp_blocks_writes(struct nvs_gpu *g);
void nvs_gsp_log(struct nvs_gpu *g, const char *what, int rl);

#endif /* NVS_CONTROL_H */
