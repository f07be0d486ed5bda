// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * params.c - the module parameters and the permission check every path that
 * changes GPU state shares.  The bottom of kmod/linux: it includes no other
 * nvsched header but its own (docs/architecture.md).
 */
#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/moduleparam.h>
#include <linux/security.h>
#include <linux/string.h>
#include <linux/uidgid.h>

#include "nvs_params.h"

static char *test_devices;
module_param(test_devices, charp, 0444);
MODULE_PARM_DESC(test_devices,
		 "TEST ONLY: treat PCI devices VENDOR:DEVICE:BAR[,...] (hex ids) as simulated GPUs whose BAR holds a register image, e.g. 1af4:1110:2 for QEMU ivshmem");

static bool allow_gsp_runlist_writes;
module_param(allow_gsp_runlist_writes, bool, 0444);
MODULE_PARM_DESC(allow_gsp_runlist_writes,
		 "Allow scheduling writes (channel enable/disable, preempt, runlist resubmit, scheduling disable, priority scheduling) on GPUs whose runlists GSP firmware owns (races the firmware; default off)");

static int proc_gid;
module_param(proc_gid, int, 0444);
MODULE_PARM_DESC(proc_gid,
		 "Group allowed to read /proc/gpuX/runlist<N> (mode 0440; default 0 = root only)");

static bool test_strict_owner;
module_param(test_strict_owner, bool, 0444);
MODULE_PARM_DESC(test_strict_owner,
		 "TEST ONLY: apply the owning-driver check (nvidia or nouveau bound, enabled) to test_devices too");

static unsigned long long test_runlist_vid;
module_param(test_runlist_vid, ullong, 0444);
MODULE_PARM_DESC(test_runlist_vid,
		 "TEST ONLY: on test_devices, the priority runlist mechanism's buffers are simulated video memory from this address (written through PRAMIN; 2 MiB per runlist id from it); 0 = the mechanism is not used on test devices");

static char *prio_mechanism = "runlist";
module_param(prio_mechanism, charp, 0444);
MODULE_PARM_DESC(prio_mechanism,
		 "Default priority-scheduling mechanism per GPU: runlist (where allowed; else gate) or gate");

bool nvs_allow_gsp_runlist_writes(void)
{
	return allow_gsp_runlist_writes;
}

bool nvs_test_devices_enabled(void)
{
	return test_devices && *test_devices;
}

bool nvs_test_strict_owner(void)
{
	return test_strict_owner;
}

u64 nvs_test_runlist_vid(void)
{
	return test_runlist_vid;
}

bool nvs_prio_default_gate(void)
{
	return prio_mechanism && !strcmp(prio_mechanism, "gate");
}

/**
 * nvs_hw_access_allowed() - may this file move the PRAMIN window or write
 *	scheduling registers?
 * @file: the open file; its opener's credentials are checked, not only
 *	the caller's (a descriptor handed to a less privileged process, or a
 *	setuid program writing to stdout, gains nothing)
 *
 * Both the opener and the caller need CAP_SYS_RAWIO in the initial user
 * namespace (root in a container does not qualify), and the kernel must
 * not be locked down: these paths change GPU state the owning driver
 * shares (docs/security.md).
 *
 * Return: 0 or -EPERM.
 */
int nvs_hw_access_allowed(const struct file *file)
{
	if (!file_ns_capable(file, &init_user_ns, CAP_SYS_RAWIO) || !capable(CAP_SYS_RAWIO))
		return -EPERM;
	if (security_locked_down(LOCKDOWN_PCI_ACCESS))
		return -EPERM;
	return 0;
}

kgid_t nvs_proc_gid(void)
{
	kgid_t gid = make_kgid(&init_user_ns, proc_gid);

	return gid_valid(gid) ? gid : GLOBAL_ROOT_GID;
}

/**
 * nvs_test_devices() - the test_devices= parameter
 *
 * Return: the string, or NULL when unset.
 */
const char *nvs_test_devices(void)
{
	return test_devices;
}

/**
 * nvs_params_check() - reject parameter values the module cannot use
 *
 * Return: 0, or -EINVAL after logging which parameter is wrong.
 */
int nvs_params_check(void)
{
	if (!prio_mechanism || (strcmp(prio_mechanism, "runlist") && strcmp(prio_mechanism, "gate"))) {
		pr_err("nvsched: prio_mechanism must be runlist or gate\n");
		return -EINVAL;
	}
	return 0;
}
