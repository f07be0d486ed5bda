/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * nvs_params.h - module parameters and the hardware-access permission
 * check (params.c).  Includes no other nvsched header.
 */
#ifndef NVS_PARAMS_H
#define NVS_PARAMS_H

#include <linux/types.h>
#include <linux/uidgid.h>

struct file;

int nvs_params_check(void);
const char *nvs_test_devices(void);
bool nvs_test_devices_enabled(void);
bool nvs_test_strict_owner(void);
u64 nvs_test_runlist_vid(void);
bool nvs_allow_gsp_runlist_writes(void);
bool nvs_prio_default_gate(void);
kgid_t nvs_proc_gid(void);
int nvs_hw_access_allowed(const struct file *file);

#endif /* NVS_PARAMS_H */
