// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * proc.c - /proc/gpuX/ files (formats: CONTRACTS.md §6).
 */
#include <linux/bitops.h>
#include <linux/mutex.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/version.h>
#if LINUX_VERSION_CODE >= KERNEL_VERSION(5, 15, 0)
#include <linux/stdarg.h>
#else
#include <stdarg.h>
#endif

#include "nvs_params.h"
#include "nvs_gpu.h"
#include "nvs_proc.h"
#include "pramin.h"

/*
 * chip: "NAME 0xCHIPID arch".  The identity is re-read from the GPU when
 * it could not be read at discovery (e.g. it was runtime-suspended then).
 */
static int nvs_proc_chip_show(struct seq_file *m, void *v)
{
	struct nvs_gpu *g = m->private;
	const struct nvs_ident *id = &g->ident;
	int ret;

	ret = nvs_gpu_begin(g);
	if (ret)
		return ret;
	if (g->ident_err)
		nvs_gpu_identify_locked(g);
	ret = g->ident_err;
	if (!ret)
		seq_printf(m, "%s 0x%x %s\n", id->chip ? id->chip->name : "unknown",
			   id->chip_id, nvs_arch_name(id->arch));
	nvs_gpu_end(g);
	return ret ? -EIO : 0;
}

/**
 * nvs_seq_pr() - the kmod/hw printers' output function for a seq_file
 * @ctx: the struct seq_file
 * @fmt: printf format
 */
__printf(2, 3) void nvs_seq_pr(void *ctx, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	seq_vprintf(ctx, fmt, ap);
	va_end(ap);
}

/* device_info: PTOP decode, then runlist -> engines (kmod/hw/ptop.c) */
static int nvs_proc_device_info_show(struct seq_file *m, void *v)
{
	struct nvs_gpu *g = m->private;
	struct nvs_topology *t;
	int ret;

	ret = nvs_gpu_topology(g, &t);
	if (ret)
		return ret == -ENOMEM || ret == -ENODEV || ret == -EINTR ? ret : -EIO;
	nvs_ptop_format(t, nvs_seq_pr, m);
	kfree(t);
	return 0;
}

/*
 * disabled_channels: what nvsched changed and has not undone, one line
 * each: "runlist R sched_disabled", or "runlist R channel C inst 0xADDR AP
 * pending|failed ERRNO" (failed: a restore found the id reused or gone).
 * No register is read.
 */
static int nvs_proc_disabled_show(struct seq_file *m, void *v)
{
	struct nvs_gpu *g = m->private;
	unsigned int i;
	u64 rls;

	if (mutex_lock_interruptible(&g->lock))
		return -EINTR;
	for (rls = g->sched_disabled; rls; rls &= rls - 1)
		seq_printf(m, "runlist %u sched_disabled\n", (unsigned int)__ffs64(rls));
	for (i = 0; i < g->ndisabled; i++) {
		const struct nvs_disabled *d = &g->disabled[i];

		seq_printf(m, "runlist %d channel %u", d->rl, d->chid);
		if (d->has_inst)
			seq_printf(m, " inst 0x%llx %s", (unsigned long long)d->inst,
				   nvs_aperture_name(d->inst_ap));
		else
			seq_puts(m, " inst unknown");
		if (d->err)
			seq_printf(m, " failed %d\n", d->err);
		else
			seq_puts(m, " pending\n");
	}
	mutex_unlock(&g->lock);
	return 0;
}

static int nvs_proc_pci_show(struct seq_file *m, void *v)
{
	struct nvs_gpu *g = m->private;

	seq_printf(m, "%s\n", pci_name(g->pdev));
	return 0;
}

/**
 * nvs_proc_add() - create /proc/gpuX and its files
 * @g: the GPU
 *
 * Return: 0 or -ENOMEM; on error nothing is left behind.
 */
int nvs_proc_add(struct nvs_gpu *g)
{
	g->proc = proc_mkdir_data(g->name, 0, NULL, g);	/* g: for proc_topo.c */
	if (!g->proc)
		return -ENOMEM;
	if (!proc_create_single_data("chip", 0444, g->proc, nvs_proc_chip_show, g) ||
	    (g->pdev && !proc_create_single_data("pci", 0444, g->proc, nvs_proc_pci_show, g)) ||
	    !proc_create_single_data("device_info", 0444, g->proc,
				     nvs_proc_device_info_show, g) ||
	    !proc_create_single_data("disabled_channels", 0400, g->proc,
				     nvs_proc_disabled_show, g) ||
	    nvs_proc_add_topology(g))
		goto err;
	if (nvs_proc_add_runlists(g, nvs_proc_gid()) || nvs_proc_add_control(g))
		goto err;
	return 0;
err:
	proc_remove(g->proc);
	g->proc = NULL;
	return -ENOMEM;
}

/**
 * nvs_proc_remove() - remove /proc/gpuX; waits for running readers
 * @g: the GPU
 */
void nvs_proc_remove(struct nvs_gpu *g)
{
	proc_remove(g->proc);
	g->proc = NULL;
}
