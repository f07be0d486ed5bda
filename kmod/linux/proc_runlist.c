// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * proc_runlist.c - /proc/gpuX/runlist<N>, one file per hardware runlist.
 *
 * Each open takes a private snapshot of the runlist under the per-GPU lock
 * (registers, entries through the PRAMIN window, channel state); reading
 * formats from that copy, so concurrent readers share nothing.
 */
#include <linux/mm.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uidgid.h>

#include "nvs_params.h"
#include "nvs_gpu.h"
#include "nvs_proc.h"
#include "runlist.h"

static int nvs_proc_rl_show(struct seq_file *m, void *v)
{
	struct nvs_rlcopy *s = m->private;

	if (s->err) {
		seq_printf(m, "Runlist %d: %u entries at 0x%llx (%s)\n", s->loc.id,
			   s->loc.length, (unsigned long long)s->loc.base,
			   nvs_aperture_name(s->loc.aperture));
		seq_printf(m, "error: %s\n", nvs_rl_fetch_err_text(s->err));
		return 0;
	}
	nvs_runlist_format(&s->loc, s->items, s->insts, nvs_seq_pr, m);
	return 0;
}

static int nvs_proc_rl_open(struct inode *inode, struct file *file)
{
	struct nvs_proc_rl_file *f = nvs_pde_data(inode);
	struct nvs_rlcopy *s;
	int ret;

	/* reading moves the PRAMIN window the owning driver shares */
	ret = nvs_hw_access_allowed(file);
	if (ret)
		return ret;
	ret = nvs_rlcopy_take(f->g, f->id, true, &s);
	if (ret)
		return ret;
	ret = single_open(file, nvs_proc_rl_show, s);
	if (ret)
		nvs_rlcopy_free(s);
	return ret;
}

static int nvs_proc_rl_release(struct inode *inode, struct file *file)
{
	struct seq_file *m = file->private_data;

	nvs_rlcopy_free(m->private);
	return single_release(inode, file);
}

static const struct proc_ops nvs_proc_rl_ops = {
	.proc_open = nvs_proc_rl_open,
	.proc_read = seq_read,
	.proc_lseek = seq_lseek,
	.proc_release = nvs_proc_rl_release,
};

/**
 * nvs_proc_add_runlists() - one runlist<N> file per hardware runlist id
 * @g: the GPU (its /proc directory exists)
 * @gid: group that may read the files (mode 0440)
 *
 * A GPU whose device table cannot be read gets no runlist files (a
 * warning says why); that is not an error for the module.
 *
 * Return: 0 or -ENOMEM.
 */
int nvs_proc_add_runlists(struct nvs_gpu *g, kgid_t gid)
{
	struct nvs_topology *t;
	int16_t *ids;
	unsigned int i, n;
	int ret = 0;

	if (nvs_gpu_topology(g, &t))
		return 0;
	ids = kcalloc(NVS_MAX_ENGINES, sizeof(*ids), GFP_KERNEL);
	if (!ids) {
		kfree(t);
		return -ENOMEM;
	}
	n = nvs_ptop_runlists(t, ids);
	for (i = 0; i < n && i < NVS_MAX_RUNLIST_FILES; i++) {
		struct nvs_proc_rl_file *f = &g->rl_files[i];
		struct proc_dir_entry *pde;
		char name[16];

		f->g = g;
		f->id = ids[i];
		snprintf(name, sizeof(name), "runlist%d", ids[i]);
		pde = proc_create_data(name, 0440, g->proc, &nvs_proc_rl_ops, f);
		if (!pde) {
			ret = -ENOMEM;
			break;
		}
		proc_set_user(pde, GLOBAL_ROOT_UID, gid);
	}
	kfree(ids);
	kfree(t);
	return ret;
}
