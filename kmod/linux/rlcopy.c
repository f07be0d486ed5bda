// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * rlcopy.c - a private copy of one runlist, taken under the per-GPU lock:
 * registers, entries through the PRAMIN window, channel state.  Shared by
 * the /proc runlist files, the runlist ioctl and the priority runtime.
 */
#include <linux/mm.h>
#include <linux/slab.h>

#include "nvs_gpu.h"
#include "runlist.h"

/**
 * nvs_rlcopy_free() - free a snapshot from nvs_rlcopy_take()
 * @s: the snapshot or NULL
 */
void nvs_rlcopy_free(struct nvs_rlcopy *s)
{
	if (!s)
		return;
	kvfree(s->items);
	kvfree(s->insts);
	kfree(s);
}

/**
 * nvs_rlcopy_take() - copy runlist @id of @g into a private snapshot
 * @g: the GPU
 * @id: hardware runlist id
 * @insts: also read every channel's instance block (for the text)
 * @out: the snapshot (free with nvs_rlcopy_free())
 *
 * Registers, entries (through the PRAMIN window) and channel state are read
 * in one locked section; unreadable entries are recorded in @out->err.
 *
 * Return: 0, -ENOENT (no such runlist), -ENODEV, -EIO, -ENOMEM, -EINTR.
 */
int nvs_rlcopy_take(struct nvs_gpu *g, int id, bool insts, struct nvs_rlcopy **out)
{
	struct nvs_topology *t;
	struct nvs_rlcopy *s;
	void *raw = NULL;
	int ret;

	ret = nvs_gpu_topology(g, &t);
	if (ret)
		return ret;
	s = kzalloc(sizeof(*s), GFP_KERNEL_ACCOUNT);
	if (!s) {
		ret = -ENOMEM;
		goto out_topo;
	}
	ret = nvs_gpu_begin(g);
	if (ret)
		goto err;
	s->caps = g->ident.caps;
	ret = nvs_runlist_locate(&g->io, s->caps, t, id, &s->loc);
	if (ret)
		goto err_unlock;
	if (s->loc.length > NVS_RL_READ_MAX) {
		s->err = -EFBIG;	/* bounded: charged to the reader's cgroup */
	} else if (s->loc.length) {
		/* bounded: LENGTH is 16 bits, entries 8 or 16 bytes (<= 1 MiB) */
		raw = kvmalloc(nvs_runlist_bytes(s->caps, &s->loc), GFP_KERNEL_ACCOUNT);
		s->items = kvcalloc(s->loc.length, sizeof(*s->items), GFP_KERNEL_ACCOUNT);
		if (!raw || !s->items) {
			ret = -ENOMEM;
			goto err_unlock;
		}
		s->err = nvs_runlist_fetch(&g->io, s->caps, &s->loc, raw, &s->moves);
		if (!s->err) {
			nvs_runlist_decode(s->caps, &s->loc, raw, s->items);
			nvs_runlist_read_states(&g->io, s->caps, &s->loc, s->items);
			if (insts)
				s->insts = kvcalloc(s->loc.length, sizeof(*s->insts),
						    GFP_KERNEL_ACCOUNT);
			if (s->insts)	/* details are optional: skipped without memory */
				nvs_runlist_read_insts(&g->io, s->caps, &s->loc, s->items,
						       s->insts);
		}
	}
	nvs_gpu_end(g);
	kvfree(raw);
	kfree(t);
	if (s->moves)
		dev_dbg(g->dev, "%s: runlist%d: moved the PRAMIN window %u time(s), restored\n",
			g->name, id, s->moves);
	*out = s;
	return 0;

err_unlock:
	nvs_gpu_end(g);
err:
	kvfree(raw);
	nvs_rlcopy_free(s);
out_topo:
	kfree(t);
	return ret;
}
