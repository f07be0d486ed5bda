// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * main.c - nvsched module init/exit and the device-removal notifier.
 *
 * The top of kmod/linux: main -> dev, proc -> control, prio -> gpu -> params
 * (docs/architecture.md); nothing includes main.c's functions.
 */
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/notifier.h>
#include <linux/pci.h>
#include <linux/platform_device.h>
#include <linux/pm_runtime.h>

#include "nvs_control.h"
#include "nvs_dev.h"
#include "nvs_gpu.h"
#include "nvs_params.h"
#include "nvs_prio.h"
#include "nvs_proc.h"

/*
 * The bus notifiers that mark a removed GPU gone; the list of GPUs itself
 * is gpu.c's.
 */
static struct {
	struct notifier_block nb;
	struct notifier_block plat_nb;
} nvs_mod;

static int nvs_bus_notify(struct notifier_block *nb, unsigned long action, void *data)
{
	struct device *dev = data;
	struct nvs_gpu *g = NULL;

	if (action != BUS_NOTIFY_DEL_DEVICE && action != BUS_NOTIFY_UNBIND_DRIVER)
		return NOTIFY_DONE;
	while ((g = nvs_gpu_next(g)))
		if (g->dev == dev)
			nvs_gpu_mark_gone(g);
	return NOTIFY_DONE;
}

/* remove the files and undo nvsched's changes; the notifiers still watch */
static void nvs_remove_files(void)
{
	struct nvs_gpu *g = NULL;

	while ((g = nvs_gpu_next(g))) {
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

static int __init nvs_init(void)
{
	struct nvs_gpu *g = NULL;
	int ret;

	ret = nvs_params_check();
	if (ret)
		return ret;
	ret = nvs_gpus_discover(nvs_test_devices());
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
	while ((g = nvs_gpu_next(g))) {
		ret = nvs_proc_add(g);
		if (ret)
			goto err_plat_notifier;
	}
	ret = nvs_dev_register();
	if (ret)
		goto err_plat_notifier;
	pr_info("nvsched: %u GPU(s)%s\n", nvs_gpu_count(),
		nvs_test_devices_enabled() ? " (test devices enabled)" : "");
	return 0;

err_plat_notifier:
	nvs_remove_files();
	bus_unregister_notifier(&platform_bus_type, &nvs_mod.plat_nb);
err_notifier:
	bus_unregister_notifier(&pci_bus_type, &nvs_mod.nb);
err_gpus:
	nvs_gpus_release();
	return ret;
}

static void __exit nvs_exit(void)
{
	nvs_dev_unregister();
	nvs_remove_files();	/* restores while removal is still watched */
	bus_unregister_notifier(&platform_bus_type, &nvs_mod.plat_nb);
	bus_unregister_notifier(&pci_bus_type, &nvs_mod.nb);
	nvs_gpus_release();
	pr_info("nvsched: unloaded\n");
}

module_init(nvs_init);
module_exit(nvs_exit);

MODULE_LICENSE("Dual MIT/GPL");
MODULE_AUTHOR("nvsched developers");
MODULE_DESCRIPTION("Inspect and steer the NVIDIA GPU hardware scheduler");
