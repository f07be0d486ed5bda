// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * main.c - nvsched module init/exit, parameters, device-removal notifier.
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/notifier.h>
#include <linux/pci.h>
#include <linux/platform_device.h>

#include "nvs_linux.h"

static char *test_devices;
module_param(test_devices, charp, 0444);
MODULE_PARM_DESC(test_devices,
		 "TEST ONLY: treat PCI devices VENDOR:DEVICE:BAR[,...] (hex ids) as simulated GPUs whose BAR holds a register image, e.g. 1af4:1110:2 for QEMU ivshmem");

static bool allow_gsp_runlist_writes;
module_param(allow_gsp_runlist_writes, bool, 0444);
MODULE_PARM_DESC(allow_gsp_runlist_writes,
		 "Allow runlist resubmission and scheduling disable on GPUs whose runlists GSP firmware owns (races the firmware; default off)");

static int proc_gid;
module_param(proc_gid, int, 0444);
MODULE_PARM_DESC(proc_gid,
		 "Group allowed to read /proc/gpuX/runlist<N> (mode 0440; default 0 = root only)");

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

static void nvs_remove_all(void)
{
	struct nvs_gpu *g;

	list_for_each_entry(g, &nvs_mod.gpus, node) {
		nvs_proc_remove(g);
		nvs_prio_gpu_free(g);
		/* nothing nvsched changed survives it: re-enable its channels */
		if ((g->ndisabled || g->sched_disabled) && nvs_restore_channels(g, NULL))
			dev_warn(g->dev, "%s: could not re-enable the channels nvsched disabled\n",
				 g->name);
	}
	nvs_gpus_release(&nvs_mod.gpus);
	nvs_mod.ngpus = 0;
}

static int __init nvs_init(void)
{
	struct nvs_gpu *g;
	int ret;

	ret = nvs_gpus_discover(&nvs_mod.gpus, test_devices);
	if (ret)
		return ret;
	list_for_each_entry(g, &nvs_mod.gpus, node) {
		ret = nvs_proc_add(g);
		if (ret)
			goto err_proc;
		nvs_mod.ngpus++;
	}
	nvs_mod.nb.notifier_call = nvs_bus_notify;
	ret = bus_register_notifier(&pci_bus_type, &nvs_mod.nb);
	if (ret)
		goto err_proc;
	nvs_mod.plat_nb.notifier_call = nvs_bus_notify;
	ret = bus_register_notifier(&platform_bus_type, &nvs_mod.plat_nb);
	if (ret)
		goto err_notifier;
	ret = nvs_dev_register();
	if (ret)
		goto err_plat_notifier;
	pr_info("nvsched: %u GPU(s)%s\n", nvs_mod.ngpus,
		nvs_test_devices_enabled() ? " (test devices enabled)" : "");
	return 0;

err_plat_notifier:
	bus_unregister_notifier(&platform_bus_type, &nvs_mod.plat_nb);
err_notifier:
	bus_unregister_notifier(&pci_bus_type, &nvs_mod.nb);
err_proc:
	nvs_remove_all();
	return ret;
}

static void __exit nvs_exit(void)
{
	nvs_dev_unregister();
	bus_unregister_notifier(&platform_bus_type, &nvs_mod.plat_nb);
	bus_unregister_notifier(&pci_bus_type, &nvs_mod.nb);
	nvs_remove_all();
	pr_info("nvsched: unloaded\n");
}

module_init(nvs_init);
module_exit(nvs_exit);

MODULE_LICENSE("Dual MIT/GPL");
MODULE_AUTHOR("nvsched developers");
MODULE_DESCRIPTION("Inspect and steer the NVIDIA GPU hardware scheduler");
