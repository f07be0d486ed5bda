/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * nvs_dev.h - /dev/nvsched (dev.c) and its topology ioctls (dev_topo.c).
 * Uses nvs_control.h, nvs_prio.h, nvs_gpu.h and nvs_params.h.
 */
#ifndef NVS_DEV_H
#define NVS_DEV_H

#include <linux/compiler.h>

/* dev.c */
int nvs_dev_register(void);
void nvs_dev_unregister(void);

/* dev_topo.c: NVSCHED_IOC_CE / NVSCHED_IOC_GR; -ENOTTY for other commands */
long nvs_ioctl_topo(unsigned int cmd, void __user *arg);

#endif /* NVS_DEV_H */
