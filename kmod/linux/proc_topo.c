// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * proc_topo.c - /proc/gpuX copy-engine and GR topology files
 * (CONTRACTS.md §6; nvdebug/libsmctrl-compatible names and formats):
 *
 *   copy_topology, pce_map, num_ces, lce_for_pce<N>, shared_lce_for_grce<N>,
 *   num_gpcs, num_tpc_per_gpc, gpc_mask, gpc<i>_tpc_mask,
 *   CWD_GPC_TPC_ID<k>, CWD_SM_ID<k>
 *
 * Every read is one fresh hardware read sequence under nvs_gpu_begin/end.
 * Values the hardware does not provide fail with EIO, never 0 or the PRI
 * error value.  Which per-index files exist is decided once, at load time,
 * from the hardware.  Each file's data is its (kind, index) key; the GPU
 * is the data of the parent directory /proc/gpuX.
 */
#include <linux/kernel.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/version.h>
#if LINUX_VERSION_CODE >= KERNEL_VERSION(5, 15, 0)
#include <linux/stdarg.h>
#else
#include <stdarg.h>
#endif

#include "nvs_gpu.h"
#include "nvs_proc.h"
#include "ce.h"
#include "gr.h"
#include "nvsched/regs/gr.h"

enum nvs_topo_kind {
	TK_COPY_TOPOLOGY = 1,	/* never 0: the key is a non-NULL pointer */
	TK_PCE_MAP,
	TK_NUM_CES,
	TK_LCE_FOR_PCE,
	TK_SHARED_LCE_FOR_GRCE,
	TK_NUM_GPCS,
	TK_NUM_TPC_PER_GPC,
	TK_GPC_MASK,
	TK_GPC_TPC_MASK,
	TK_CWD_GPC_TPC_ID,
	TK_CWD_SM_ID,
};

#define TK_KEY(kind, idx)	((void *)(uintptr_t)(((kind) << 8) | (idx)))
#define TK_KIND(key)		((unsigned int)((uintptr_t)(key) >> 8))
#define TK_IDX(key)		((unsigned int)((uintptr_t)(key) & 0xff))

/* called with the GPU lock held; prints into @m or returns an error */
static int nvs_topo_show_locked(struct seq_file *m, struct nvs_gpu *g,
				unsigned int kind, unsigned int idx)
{
	const struct nvs_caps *caps = g->ident.caps;
	struct nvs_ce ce;
	uint32_t v;
	int ret, lce;

	switch (kind) {
	case TK_COPY_TOPOLOGY:
		ret = nvs_ce_read(&g->io, caps, &ce);
		return ret ? ret : nvs_ce_format(&ce, nvs_seq_pr, m);
	case TK_PCE_MAP:
		ret = nvs_ce_pce_map(&g->io, caps, &v);
		break;
	case TK_NUM_CES:
		ret = nvs_ce_num_ces(&g->io, caps, &v);
		break;
	case TK_LCE_FOR_PCE:
	case TK_SHARED_LCE_FOR_GRCE:
		ret = kind == TK_LCE_FOR_PCE ?
			nvs_ce_lce_for_pce(&g->io, caps, idx, &lce) :
			nvs_ce_shared_lce_for_grce(&g->io, caps, idx, &lce);
		if (!ret)
			seq_printf(m, "%d\n", lce);
		return ret;
	case TK_NUM_GPCS:
		ret = nvs_gr_value(&g->io, &g->ident, NVS_GR_NUM_GPCS, 0, &v);
		break;
	case TK_NUM_TPC_PER_GPC:
		ret = nvs_gr_value(&g->io, &g->ident, NVS_GR_NUM_TPC_PER_GPC, 0, &v);
		break;
	case TK_GPC_MASK:
		ret = nvs_gr_value(&g->io, &g->ident, NVS_GR_GPC_MASK, 0, &v);
		break;
	case TK_GPC_TPC_MASK:
		ret = nvs_gr_value(&g->io, &g->ident, NVS_GR_TPC_MASK, idx, &v);
		break;
	case TK_CWD_GPC_TPC_ID:
		ret = nvs_gr_value(&g->io, &g->ident, NVS_GR_CWD_GPC_TPC_ID, idx, &v);
		break;
	case TK_CWD_SM_ID:
		ret = nvs_gr_value(&g->io, &g->ident, NVS_GR_CWD_SM_ID, idx, &v);
		break;
	default:
		return -EINVAL;
	}
	if (!ret)
		seq_printf(m, "0x%x\n", v);
	return ret;
}

static int nvs_topo_show(struct seq_file *m, void *unused)
{
	struct nvs_gpu *g = proc_get_parent_data(file_inode(m->file));
	int ret;

	if (!g)
		return -ENODEV;
	ret = nvs_topo_begin(g);
	if (ret)
		return ret;
	ret = nvs_topo_show_locked(m, g, TK_KIND(m->private), TK_IDX(m->private));
	nvs_gpu_end(g);
	/* ENODEV: unconfigured PCE / non-sharing GRCE (CONTRACTS.md §6);
	 * anything else the hardware could not answer is EIO */
	if (ret && ret != -ENODEV && ret != -EINTR)
		ret = -EIO;
	return ret;
}

static __printf(4, 5) int nvs_topo_file(struct nvs_gpu *g, unsigned int kind, unsigned int idx,
					 const char *fmt, ...)
{
	char name[32];
	va_list ap;

	va_start(ap, fmt);
	vscnprintf(name, sizeof(name), fmt, ap);
	va_end(ap);
	if (!proc_create_single_data(name, 0444, g->proc, nvs_topo_show, TK_KEY(kind, idx)))
		return -ENOMEM;
	return 0;
}

/* What the hardware says at load time: which per-index files to create. */
struct nvs_topo_plan {
	bool ce;			/* the chip has a CE map */
	unsigned int lce_files;		/* lce_for_pce0..N-1 */
	unsigned int grce_files;	/* shared_lce_for_grce0..N-1 */
	bool gr_fuses;			/* gpc_mask exists (Maxwell+) */
	bool gr_ok;			/* @gr was read */
	struct nvs_gr gr;
	unsigned int cwd_regs;		/* CWD table size of the generation */
};

static void nvs_topo_plan(struct nvs_gpu *g, struct nvs_topo_plan *p)
{
	struct nvs_ident id;
	struct nvs_ce ce;
	bool known;
	int ret;

	memset(p, 0, sizeof(*p));
	if (nvs_topo_begin(g)) {
		/* e.g. runtime-suspended: files from the generation alone (if
		 * the chip was identified at discovery); reads fail EIO until
		 * the GPU is readable */
		mutex_lock(&g->lock);
		known = !g->ident_err;
		id = g->ident;
		mutex_unlock(&g->lock);
		dev_info(g->dev,
			 "%s: GPU not readable at load: no gpc<i>_tpc_mask/CWD files\n", g->name);
		if (!known)
			return;
		p->ce = nvs_ce_num_pce_slots(id.caps) > 0;
		p->lce_files = nvs_ce_num_pce_slots(id.caps);
		p->grce_files = nvs_ce_num_grce_slots(id.caps);
		p->gr_fuses = nvs_gr_has_fuses(&id);
		return;
	}
	p->ce = nvs_ce_num_pce_slots(g->ident.caps) > 0;
	if (p->ce) {
		p->grce_files = nvs_ce_num_grce_slots(g->ident.caps);
		ret = nvs_ce_read(&g->io, g->ident.caps, &ce);
		if (!ret && ce.pce_map)
			p->lce_files = fls(ce.pce_map);	/* up to the highest PCE */
		else	/* PCE_MAP has no value yet: every slot, reads fail EIO */
			p->lce_files = nvs_ce_num_pce_slots(g->ident.caps);
	}
	ret = nvs_gr_read(&g->io, &g->ident, &p->gr);
	p->gr_fuses = nvs_gr_has_fuses(&g->ident);
	p->gr_ok = !ret;
	p->cwd_regs = nvs_gr_num_cwd_regs(&g->ident);
	nvs_gpu_end(g);
	if (p->gr_fuses && !p->gr_ok)
		dev_info(g->dev,
			 "%s: GR topology not readable at load (%d): no gpc<i>_tpc_mask/CWD files\n",
			 g->name, ret);
}

/**
 * nvs_proc_add_topology() - create the topology files in /proc/gpuX
 * @g: the GPU; g->proc exists and has @g as its data
 *
 * Return: 0 or -ENOMEM (the caller removes the directory).
 */
int nvs_proc_add_topology(struct nvs_gpu *g)
{
	struct nvs_topo_plan *p;
	unsigned int i, ncwd;
	int ret = -ENOMEM;

	p = kmalloc(sizeof(*p), GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	nvs_topo_plan(g, p);

	/* PTOP scal counts exist on every generation (regs-mmu-gr.md §6.1) */
	if (nvs_topo_file(g, TK_NUM_CES, 0, "num_ces") ||
	    nvs_topo_file(g, TK_NUM_GPCS, 0, "num_gpcs") ||
	    nvs_topo_file(g, TK_NUM_TPC_PER_GPC, 0, "num_tpc_per_gpc"))
		goto out;
	if (p->ce) {
		if (nvs_topo_file(g, TK_COPY_TOPOLOGY, 0, "copy_topology") ||
		    nvs_topo_file(g, TK_PCE_MAP, 0, "pce_map"))
			goto out;
		for (i = 0; i < p->lce_files; i++)
			if (nvs_topo_file(g, TK_LCE_FOR_PCE, i, "lce_for_pce%u", i))
				goto out;
		for (i = 0; i < p->grce_files; i++)
			if (nvs_topo_file(g, TK_SHARED_LCE_FOR_GRCE, i, "shared_lce_for_grce%u", i))
				goto out;
	}
	if (p->gr_fuses && nvs_topo_file(g, TK_GPC_MASK, 0, "gpc_mask"))
		goto out;
	if (p->gr_ok) {
		/* only enabled physical GPCs (libsmctrl reads exactly these) */
		for (i = 0; i < p->gr.num_gpcs; i++)
			if (!(p->gr.gpc_disable_mask & (1u << i)) &&
			    nvs_topo_file(g, TK_GPC_TPC_MASK, i, "gpc%u_tpc_mask", i))
				goto out;
		/* CWD_GPC_TPC_ID<k>: k = 0..ceil(enabled TPCs / 4) - 1 */
		ncwd = min(p->cwd_regs, DIV_ROUND_UP(p->gr.tpcs_enabled,
						     NV_PGRAPH_PRI_CWD_GPC_TPC_ID__ENTRIES));
		for (i = 0; i < ncwd; i++)
			if (nvs_topo_file(g, TK_CWD_GPC_TPC_ID, i, "CWD_GPC_TPC_ID%u", i))
				goto out;
		for (i = 0; i < p->cwd_regs; i++)
			if (nvs_topo_file(g, TK_CWD_SM_ID, i, "CWD_SM_ID%u", i))
				goto out;
	}
	ret = 0;
out:
	kfree(p);
	return ret;
}
