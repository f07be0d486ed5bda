/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * nvs_prio.h - the priority-scheduling runtime (prio.c, NVSCHED_IOC_PRIO_*)
 * and its runlist mechanism (prio_runlist.c, docs/priority.md).  Uses
 * nvs_control.h and nvs_gpu.h.
 */
#ifndef NVS_PRIO_H
#define NVS_PRIO_H

#include "nvs_gpu.h"

/* prio.c: fixed-priority scheduling (NVSCHED_IOC_PRIO_*) */
struct file;
long nvs_prio_ioctl(struct file *file, unsigned int cmd, void __user *arg);
void nvs_prio_release(struct file *file);
void nvs_prio_gpu_free(struct nvs_gpu *g);

/* prio_runlist.c: the runlist mechanism's buffers (docs/priority.md) */
struct nvs_prio_rl_rt;
int nvs_prio_runlist_usable(struct nvs_gpu *g);
struct nvs_prio_rl_rt *nvs_prio_runlist_new(struct nvs_gpu *g, int rl);
void nvs_prio_runlist_free(struct nvs_prio_rl_rt *r);
int nvs_prio_runlist_apply(struct nvs_gpu *g, const struct nvs_topology *t,
			   struct nvs_prio_rl_rt *r, const u64 *allowed, const u64 *removed,
			   unsigned int nbits, bool all);
int nvs_prio_runlist_watch(struct nvs_gpu *g, const struct nvs_topology *t,
			   struct nvs_prio_rl_rt *r, const u64 *allowed, unsigned int nbits);
bool nvs_prio_runlist_has_tsg(struct nvs_gpu *g, const struct nvs_topology *t,
			      struct nvs_prio_rl_rt *r, unsigned int tsgid);
int nvs_prio_runlist_driver_tsgs(struct nvs_gpu *g, const struct nvs_topology *t,
				 struct nvs_prio_rl_rt *r, u64 *set, unsigned int ntsgs);
bool nvs_prio_runlist_stats(const struct nvs_prio_rl_rt *r, u64 *submits, u64 *resubmits,
			    u64 *preempts);

#endif /* NVS_PRIO_H */
