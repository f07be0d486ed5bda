// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * prio_runlist.c - the "runlist" mechanism of priority scheduling
 * (docs/priority.md): per runlist, a filtered copy of the driver's runlist
 * (only the TSGs the policy allows) is built in the module's own buffers
 * and submitted; the driver's latest runlist is submitted again when no
 * real-time segment is active.  The decision path is nvs_prio_rl_apply()
 * (kmod/hw/prio_rl.c); this file holds its buffers and callbacks.
 *
 * Buffers: two per runlist (the next copy never overwrites the one the GPU
 * may still read), each room for NVS_RL_MAX_ENTRIES entries, allocated
 * with dma_alloc_coherent() when the runlist's first TSG is registered,
 * submitted with the SYS_MEM_COHERENT aperture.  TEST ONLY: the simulated
 * GPU of a QEMU test device cannot see guest RAM, so with
 * test_runlist_vid=ADDR a test device's buffers are simulated video memory
 * at ADDR (the responder backs it): the copy is built in kernel memory and
 * written through the PRAMIN window before the submit.
 */
#include <linux/delay.h>
#include <linux/dma-mapping.h>
#include <linux/mm.h>
#include <linux/sizes.h>
#include <linux/slab.h>

#include "nvs_params.h"
#include "nvs_gpu.h"
#include "nvs_control.h"
#include "nvs_prio.h"
#include "control.h"
#include "pramin.h"
#include "prio_rl.h"

#define NVS_PRIO_RL_POLLS	2000	/* submit poll bound, 50-100 us apart */

/**
 * struct nvs_prio_rl_rt - the runlist mechanism on one runlist
 * @s: the portable state (buffers, the driver's runlist, counters)
 * @g: its GPU
 * @vid: test device: @s.buf are video memory written through PRAMIN
 * @dma: bus addresses of the DMA buffers (not @vid)
 * @bytes: size of each buffer
 * @preempts: TSG preempts issued for evicted TSGs
 */
struct nvs_prio_rl_rt {
	struct nvs_prio_rl_state s;
	struct nvs_gpu *g;
	bool vid;
	dma_addr_t dma[2];
	size_t bytes;
	u64 preempts;
};

static void nvs_prio_rl_wait(void *ctx)
{
	usleep_range(50, 100);
}

/* coherent memory: order the copy before the submit's MMIO writes */
static int nvs_prio_rl_publish_dma(void *ctx, const struct nvs_prio_rl_buf *b, size_t bytes)
{
	wmb();
	return 0;
}

/* test devices: the copy goes to simulated video memory through PRAMIN */
static int nvs_prio_rl_publish_vid(void *ctx, const struct nvs_prio_rl_buf *b, size_t bytes)
{
	struct nvs_prio_rl_rt *r = ctx;
	struct nvs_win w;
	int ret, end;

	nvs_win_begin(&w, &r->g->io, r->g->ident.caps);
	ret = nvs_win_write(&w, NVS_AP_VID, b->base, b->cpu, bytes);
	end = nvs_win_end(&w);
	return ret ? ret : end;
}

/**
 * nvs_prio_runlist_usable() - may the runlist mechanism run on this GPU?
 * @g: the GPU; the caller holds its lock and it is identified
 *
 * Return: 0; -EOPNOTSUPP when GSP firmware owns the runlists and
 * allow_gsp_runlist_writes is not set, or for a test device without
 * test_runlist_vid (its simulated GPU could not read the copy).
 */
int nvs_prio_runlist_usable(struct nvs_gpu *g)
{
	if (!g->ident.caps || !g->ident.caps->rl_entry_size)
		return -EOPNOTSUPP;
	if (g->test_dev && !nvs_test_runlist_vid())
		return -EOPNOTSUPP;
	if (nvs_gsp_owned(g) && !nvs_allow_gsp_runlist_writes())
		return -EOPNOTSUPP;
	return 0;
}

/**
 * nvs_prio_runlist_new() - allocate the mechanism's state of one runlist
 * @g: the GPU (identified)
 * @rl: hardware runlist id
 *
 * Sleeps; not on the decision path (called when a runlist's first TSG is
 * registered, or when the mechanism is switched on).
 *
 * Return: the state, or NULL when out of memory.
 */
struct nvs_prio_rl_rt *nvs_prio_runlist_new(struct nvs_gpu *g, int rl)
{
	const struct nvs_caps *caps = g->ident.caps;
	struct nvs_prio_rl_rt *r;
	unsigned int entries = NVS_RL_MAX_ENTRIES, i;
	u64 vid = nvs_test_runlist_vid();

	if (!caps || !caps->rl_entry_size)
		return NULL;
	r = kzalloc(sizeof(*r), GFP_KERNEL);
	if (!r)
		return NULL;
	r->g = g;
	r->s.id = rl;
	r->s.wait = nvs_prio_rl_wait;
	r->s.ctx = r;
	r->s.max_polls = NVS_PRIO_RL_POLLS;
	/* 64 KiB apart: any runlist base alignment, one PRAMIN step */
	r->bytes = ALIGN((size_t)entries * caps->rl_entry_size, SZ_64K);
	r->vid = g->test_dev && vid;
	r->s.raw = kvmalloc_array(entries, caps->rl_entry_size, GFP_KERNEL);
	r->s.items = kvcalloc(entries, sizeof(*r->s.items), GFP_KERNEL);
	if (!r->s.raw || !r->s.items)
		goto err;
	for (i = 0; i < 2; i++) {
		struct nvs_prio_rl_buf *b = &r->s.buf[i];

		b->entries = entries;
		if (r->vid) {
			/* from test_runlist_vid: runlist id rl's two buffers at 2 * rl */
			b->base = ALIGN(vid, SZ_64K) + ((u64)rl * 2 + i) * r->bytes;
			b->aperture = NVS_AP_VID;
			b->cpu = kvzalloc(r->bytes, GFP_KERNEL);
		} else {
			b->aperture = NVS_AP_SYS_COH;
			b->cpu = dma_alloc_coherent(g->dev, r->bytes, &r->dma[i], GFP_KERNEL);
			b->base = r->dma[i];
		}
		if (!b->cpu)
			goto err;
	}
	r->s.publish = r->vid ? nvs_prio_rl_publish_vid : nvs_prio_rl_publish_dma;
	return r;
err:
	nvs_prio_runlist_free(r);
	return NULL;
}

/**
 * nvs_prio_runlist_free() - free the state (the driver's runlist must be
 *			     back first: nvs_prio_runlist_apply() with @all)
 * @r: the state, or NULL
 */
void nvs_prio_runlist_free(struct nvs_prio_rl_rt *r)
{
	unsigned int i;

	if (!r)
		return;
	for (i = 0; i < 2; i++) {
		if (!r->s.buf[i].cpu)
			continue;
		if (r->vid)
			kvfree(r->s.buf[i].cpu);
		else
			dma_free_coherent(r->g->dev, r->bytes, r->s.buf[i].cpu, r->dma[i]);
	}
	kvfree(r->s.raw);
	kvfree(r->s.items);
	kfree(r);
}

/*
 * After a copy was submitted: a TSG it left out may still be on the engine
 * until its timeslice ends; preempt each one that is on the driver's
 * runlist (just decoded into r->s.items by nvs_prio_rl_apply()), so that
 * it leaves now: those in @bm (what the decision removed), or with
 * @held_back those not in @bm (the allowed set: after a driver resubmit
 * or a mechanism switch any held-back TSG may run).  A TSG that is not
 * running completes its preempt at once.  Bounded poll per TSG.
 */
static int nvs_prio_runlist_evict(struct nvs_gpu *g, const struct nvs_topology *t,
				  struct nvs_prio_rl_rt *r, const u64 *bm, unsigned int nbits,
				  bool held_back)
{
	const struct nvs_caps *caps = g->ident.caps;
	struct nvs_rl_loc loc;
	struct nvs_plan p;
	unsigned int i, k;
	int ret, err = 0;

	ret = nvs_runlist_locate(&g->io, caps, t, r->s.id, &loc);
	if (ret)
		return ret;
	for (i = 0; i < r->s.drv.length; i++) {
		const struct nvs_rl_item *it = &r->s.items[i];

		if (it->kind != NVS_RL_TSG ||
		    (it->id < nbits && ((bm[it->id / 64] >> (it->id % 64)) & 1)) != !held_back)
			continue;
		if (nvs_ctl_plan(&g->io, caps, &loc, NVS_CTL_PREEMPT_TSG, it->id, &p))
			return 0;	/* no TSG preempt here: the timeslice ends it */
		nvs_plan_apply(&g->io, &p);
		r->preempts++;
		for (k = 0; k < r->s.max_polls && nvs_plan_pending(&g->io, &p); k++)
			r->s.wait(r->s.ctx);
		if (nvs_plan_pending(&g->io, &p))
			err = -ETIMEDOUT;
	}
	return err;
}

/**
 * nvs_prio_runlist_apply() - make the runlist follow the policy
 * @g: the GPU; the caller holds its lock (nvs_gpu_begin() or equivalent)
 * @t: the device table
 * @r: the runlist's state
 * @allowed: the policy's allowed set of this runlist
 * @removed: what the decision took off this runlist (TSGs to preempt
 *	after the submit), or NULL: every TSG left out (after a mechanism
 *	switch)
 * @nbits: ids @allowed and @removed cover
 * @all: no real-time segment is active: the driver's runlist again
 *
 * One submit at most (bounded poll), then a TSG preempt (bounded poll) for
 * each TSG of @removed (or left out) on the driver's runlist.  A runlist the driver
 * submitted over ours becomes the driver's runlist and is counted
 * (@r->s.resubmits).
 *
 * Return: 0, nvs_prio_rl_apply()'s error, or -ETIMEDOUT when a preempt
 * stayed pending (the copy runs all the same).
 */
int nvs_prio_runlist_apply(struct nvs_gpu *g, const struct nvs_topology *t,
			   struct nvs_prio_rl_rt *r, const u64 *allowed, const u64 *removed,
			   unsigned int nbits, bool all)
{
	int ret;

	ret = nvs_prio_rl_apply(&g->io, g->ident.caps, t, &r->s, allowed, nbits, all);
	if (ret || all)
		return ret;
	return removed ? nvs_prio_runlist_evict(g, t, r, removed, nbits, false) :
			 nvs_prio_runlist_evict(g, t, r, allowed, nbits, true);
}

/**
 * nvs_prio_runlist_watch() - re-apply when the driver submitted over our copy
 * @g: the GPU; the caller holds its lock
 * @t: the device table
 * @r: the runlist's state
 * @allowed: the policy's allowed set of this runlist
 * @nbits: ids @allowed covers
 *
 * Reads only the submit registers while the GPU still runs our copy; when
 * it runs another list, nvs_prio_rl_apply() takes that as the driver's new
 * runlist (counted in @r->s.resubmits) and submits a copy filtered from it,
 * then preempts the TSGs left out (they may have run meanwhile).
 *
 * Return: 1 when our copy runs (after any re-apply), 0 when none is
 * active, or nvs_prio_rl_apply()'s error.
 */
int nvs_prio_runlist_watch(struct nvs_gpu *g, const struct nvs_topology *t,
			   struct nvs_prio_rl_rt *r, const u64 *allowed, unsigned int nbits)
{
	struct nvs_rl_loc now;
	int ret;

	if (!r->s.active)
		return 0;
	ret = nvs_runlist_locate(&g->io, g->ident.caps, t, r->s.id, &now);
	if (ret)
		return ret;
	if (now.base == r->s.buf[r->s.cur].base && now.aperture == r->s.buf[r->s.cur].aperture)
		return 1;
	ret = nvs_prio_rl_apply(&g->io, g->ident.caps, t, &r->s, allowed, nbits, false);
	if (!ret)
		ret = nvs_prio_runlist_evict(g, t, r, allowed, nbits, true);
	return ret ? ret : 1;
}

/**
 * nvs_prio_runlist_has_tsg() - is a TSG on the driver's runlist?
 * @g: the GPU; the caller holds its lock
 * @t: the device table
 * @r: the runlist's state (the caller serialises its scratch)
 * @tsgid: the TSG
 *
 * While our copy runs, the runlist the GPU shows lacks the held-back TSGs:
 * this reads the driver's latest runlist instead (a corrupt or unreadable
 * one has no TSG).
 *
 * Return: whether @tsgid is on it.
 */
bool nvs_prio_runlist_has_tsg(struct nvs_gpu *g, const struct nvs_topology *t,
			      struct nvs_prio_rl_rt *r, unsigned int tsgid)
{
	const struct nvs_caps *caps = g->ident.caps;
	struct nvs_rl_loc now, loc;
	unsigned int i;

	if (nvs_runlist_locate(&g->io, caps, t, r->s.id, &now))
		return false;
	/* ours active and still what the GPU runs: the driver's is r->s.drv */
	loc = r->s.active && now.base == r->s.buf[r->s.cur].base &&
	      now.aperture == r->s.buf[r->s.cur].aperture ? r->s.drv : now;
	if (loc.length > r->s.buf[0].entries ||
	    nvs_runlist_fetch(&g->io, caps, &loc, r->s.raw, NULL))
		return false;
	nvs_runlist_decode(caps, &loc, r->s.raw, r->s.items);
	for (i = 0; i < loc.length; i++)
		if (r->s.items[i].err)
			return false;
	return nvs_rl_has_tsg(&loc, r->s.items, tsgid);
}

/**
 * nvs_prio_runlist_driver_tsgs() - the TSGs of the driver's runlist while
 *				    our copy runs (for a capture)
 * @g: the GPU; the caller holds its lock
 * @t: the device table
 * @r: the runlist's state (the caller serialises its scratch)
 * @set: bitmap of @ntsgs bits; the driver's TSGs are added to it
 * @ntsgs: bits in @set
 *
 * A capture compares the TSGs on the runlists before and after; the copy
 * the GPU runs lacks the held-back TSGs, which would then seem to appear
 * when the copy is replaced.  While the copy runs, the driver's list counts.
 *
 * Return: 1 when @set now holds the driver's TSGs; 0 when the GPU runs
 * the driver's own list (nothing done: read that one); -EIO when the
 * driver's list cannot be read or is corrupt.
 */
int nvs_prio_runlist_driver_tsgs(struct nvs_gpu *g, const struct nvs_topology *t,
				 struct nvs_prio_rl_rt *r, u64 *set, unsigned int ntsgs)
{
	const struct nvs_caps *caps = g->ident.caps;
	struct nvs_rl_loc now, loc;
	unsigned int i;

	if (nvs_runlist_locate(&g->io, caps, t, r->s.id, &now) || !r->s.active ||
	    now.base != r->s.buf[r->s.cur].base || now.aperture != r->s.buf[r->s.cur].aperture)
		return 0;
	loc = r->s.drv;
	if (loc.length > r->s.buf[0].entries ||
	    nvs_runlist_fetch(&g->io, caps, &loc, r->s.raw, NULL))
		return -EIO;
	nvs_runlist_decode(caps, &loc, r->s.raw, r->s.items);
	for (i = 0; i < loc.length; i++)
		if (r->s.items[i].err)
			return -EIO;
	return nvs_prio_rl_tsgs(&loc, r->s.items, set, ntsgs) ?: 1;
}

/**
 * nvs_prio_runlist_stats() - counters of one runlist
 * @r: the state
 * @submits: incremented by its submits (copies and restores)
 * @resubmits: incremented by the driver resubmits it detected
 * @preempts: incremented by the preempts of evicted TSGs
 *
 * Return: whether our copy is what the GPU runs.
 */
bool nvs_prio_runlist_stats(const struct nvs_prio_rl_rt *r, u64 *submits, u64 *resubmits,
			    u64 *preempts)
{
	*submits += r->s.submits;
	*resubmits += r->s.resubmits;
	*preempts += r->preempts;
	return r->s.active;
}
