// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * main.c - nvsched module init/exit, parameters, device-removal notifier.
 */
#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/notifier.h>
#include <linux/pci.h>
#include <linux/platform_device.h>
#include <linux/pm_runtime.h>
#include <linux/security.h>

#include "nvs_linux.h"

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

/*
 * The module's only state outside the per-GPU structs: the list of GPUs,
 * built once at load and torn down at unload.  Entries are never removed
 * while the module is loaded (a removed device is marked gone instead), so
 * readers need no lock to walk it.
 */
static struct {
	struct list_head gpus;
	unsigned int ngpus;
	struct notifier_block nb;
	struct notifier_block plat_nb;
} nvs_mod = {
	.gpus = LIST_HEAD_INIT(nvs_mod.gpus),
};

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

struct nvs_gpu *nvs_gpu_get_by_index(unsigned int index)
{
	struct nvs_gpu *g;

	list_for_each_entry(g, &nvs_mod.gpus, node)
		if (g->index == index)
			return g;
	return NULL;
}

unsigned int nvs_gpu_count(void)
{
	return nvs_mod.ngpus;
}

static int nvs_bus_notify(struct notifier_block *nb, unsigned long action, void *data)
{
	struct device *dev = data;
	struct nvs_gpu *g;

	if (action != BUS_NOTIFY_DEL_DEVICE && action != BUS_NOTIFY_UNBIND_DRIVER)
		return NOTIFY_DONE;
	list_for_each_entry(g, &nvs_mod.gpus, node)
		if (g->dev == dev)
			nvs_gpu_mark_gone(g);
	return NOTIFY_DONE;
}

/* remove the files and undo nvsched's changes; the notifiers still watch */
static void nvs_remove_files(void)
{
	struct nvs_gpu *g;

	list_for_each_entry(g, &nvs_mod.gpus, node) {
		nvs_proc_remove(g);
		nvs_prio_gpu_free(g);
		/* nothing nvsched changed survives it: re-enable its channels */
		if (!g->ndisabled && !g->sched_disabled)
			continue;
		/* a runtime-suspended GPU is woken for it; each channel is still
		 * checked against its instance block before it is enabled */
		if (!g->gone && !g->test_dev)
			pm_runtime_get_sync(g->dev);
		if (nvs_restore_channels(g, NULL) || g->ndisabled)
			dev_warn(g->dev, "%s: could not re-enable every channel nvsched disabled (%u left)\n",
				 g->name, g->ndisabled);
		if (!g->gone && !g->test_dev)
			pm_runtime_put(g->dev);
	}
}

static void nvs_release_gpus(void)
{
	nvs_gpus_release(&nvs_mod.gpus);
	nvs_mod.ngpus = 0;
}

static int __init nvs_init(void)
{
	struct nvs_gpu *g;
	int ret;

	if (!prio_mechanism || (strcmp(prio_mechanism, "runlist") && strcmp(prio_mechanism, "gate"))) {
		pr_err("nvsched: prio_mechanism must be runlist or gate\n");
		return -EINVAL;
	}
	ret = nvs_gpus_discover(&nvs_mod.gpus, test_devices);
	if (ret)
		return ret;
	/* removal is watched before any file can reach a GPU */
	nvs_mod.nb.notifier_call = nvs_bus_notify;
	ret = bus_register_notifier(&pci_bus_type, &nvs_mod.nb);
	if (ret)
		goto err_gpus;
	nvs_mod.plat_nb.notifier_call = nvs_bus_notify;
	ret = bus_register_notifier(&platform_bus_type, &nvs_mod.plat_nb);
	if (ret)
		goto err_notifier;
	list_for_each_entry(g, &nvs_mod.gpus, node) {
		ret = nvs_proc_add(g);
		if (ret)
			goto err_plat_notifier;
		nvs_mod.ngpus++;
	}
	ret = nvs_dev_register();
	if (ret)
		goto err_plat_notifier;
	pr_info("nvsched: %u GPU(s)%s\n", nvs_mod.ngpus,
		nvs_test_devices_enabled() ? " (test devices enabled)" : "");
	return 0;

err_plat_notifier:
	nvs_remove_files();
	bus_unregister_notifier(&platform_bus_type, &nvs_mod.plat_nb);
err_notifier:
	bus_unregister_notifier(&pci_bus_type, &nvs_mod.nb);
err_gpus:
	nvs_release_gpus();
	return ret;
}

static void __exit nvs_exit(void)
{
	nvs_dev_unregister();
	nvs_remove_files();	/* restores while removal is still watched */
	bus_unregister_notifier(&platform_bus_type, &nvs_mod.plat_nb);
	bus_unregister_notifier(&pci_bus_type, &nvs_mod.nb);
	nvs_release_gpus();
	pr_info("nvsched: unloaded\n");
}

module_init(nvs_init);
module_exit(nvs_exit);

MODULE_LICENSE("Dual MIT/GPL");
MODULE_AUTHOR("nvsched developers");
MODULE_DESCRIPTION("Inspect and steer the NVIDIA GPU hardware scheduler");
