// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * prio.c - the fixed-priority scheduling runtime (docs/priority.md): one
 * policy instance per GPU (kmod/hw/prio.c), one task per open /dev/nvsched,
 * and one of two mechanisms per GPU applied after every decision: "runlist"
 * (prio_runlist.c: a filtered runlist copy is submitted) or "gate"
 * (kmod/hw/prio_rl.c: the channels of held-back TSGs are disabled,
 * registers only).
 *
 * Locks: the policy's rt_mutex (priority inheritance for real-time callers),
 * then the per-GPU lock around each runlist's MMIO sequence.  Memory is
 * allocated when a task registers a TSG, never on begin/end.  Closing the
 * file (also on process death) removes the task and re-applies; unloading
 * re-enables everything the mechanism disabled.
 */
#include <linux/capability.h>
#include <linux/delay.h>
#include <linux/fs.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/mm.h>
#include <linux/pm_runtime.h>
#include <linux/rtmutex.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/workqueue.h>

#include "ioctl_check.h"
#include "nvs_params.h"
#include "nvs_gpu.h"
#include "nvs_control.h"
#include "nvs_prio.h"
#include "prio.h"
#include "prio_rl.h"
#include "../../include/uapi/nvsched.h"
#include "nvsched_trace.h"

#define NVS_PRIO_RUNLISTS	64
#define NVS_PRIO_TSGS		4096
#define NVS_PRIO_TASKS		64
#define NVS_PRIO_POLLS		2000	/* preempt poll bound, 50-100 us apart (100-200 ms) */
/* a capture held longer than this is abandoned when another task begins one */
#define NVS_PRIO_CAPTURE_MAX	(30 * HZ)
#define NVS_PRIO_WATCH_MS	10	/* runlist mechanism: driver-resubmit check period */

/**
 * struct nvs_prio_gpu - priority scheduling state of one GPU
 * @lock: the policy and @gate
 * @p: the policy (kvzalloc'ed)
 * @t: the device table (runlist blocks)
 * @next_key: identifiers of tasks
 * @gate: per hardware runlist id, allocated when a TSG of it is registered
 * @eps: decision-to-applied latencies (fixed ring, filled on the decision path)
 * @capture_since: jiffies when the capture in progress began
 * @captures: captures ended
 * @abandoned: captures abandoned (held longer than NVS_PRIO_CAPTURE_MAX)
 * @mech: NVSCHED_PRIO_MECH_GATE or _RUNLIST (prio_runlist.c)
 * @rl: runlist mechanism per hardware runlist id, allocated with @gate
 *	while @mech is RUNLIST (or when it becomes RUNLIST)
 * @g: the GPU
 * @watch: while a runlist copy runs, looks every NVS_PRIO_WATCH_MS for a
 *	driver resubmit over it and re-applies (under @lock)
 * @stopping: unload: @watch is not armed again
 * @evict_all: the next apply preempts every TSG its copy leaves out, not
 *	only what the last decision removed (set by a mechanism switch)
 */
struct nvs_prio_gpu {
	struct rt_mutex lock;
	struct nvs_prio *p;
	struct nvs_topology *t;
	u32 next_key;
	struct nvs_prio_gate_state *gate[NVS_PRIO_RUNLISTS];
	struct nvs_prio_eps eps;
	unsigned long capture_since;
	u64 captures;
	u32 abandoned;
	u32 mech;
	struct nvs_prio_rl_rt *rl[NVS_PRIO_RUNLISTS];
	struct nvs_gpu *g;
	struct delayed_work watch;
	bool stopping;
	bool evict_all;
};

/**
 * struct nvs_prio_file - the task of one open /dev/nvsched
 * @g: its GPU (set by the first call)
 * @slot: its policy slot, -1 before its first TSG or capture
 * @capturing: it began a capture that has not ended
 */
struct nvs_prio_file {
	struct nvs_gpu *g;
	int slot;
	bool capturing;
};

/* the ABI sizes of the priority requests: dev.c */
static_assert(NVSCHED_PRIO_MAX == NVS_PRIO_MAX);
static_assert(NVS_PRIO_RUNLISTS == NVS_CK_PRIO_RUNLISTS && NVS_PRIO_TSGS == NVS_CK_PRIO_TSGS);

/* between preempt polls: sleeping is fine, only mutexes are held */
static void nvs_prio_poll_wait(void *ctx)
{
	usleep_range(50, 100);
}

/*
 * The per-GPU lock without interruption: the release of a killed
 * process's file must restore the channels although a fatal signal is
 * pending.  Test devices and platform GPUs as nvs_gpu_begin(); a PCI GPU
 * that is runtime-suspended is skipped (-EAGAIN: its channels are saved
 * and restored by its driver).
 */
static int nvs_prio_hw_lock(struct nvs_gpu *g)
{
	int ret;

	mutex_lock(&g->lock);
	ret = g->gone ? -ENODEV : nvs_gpu_power_locked(g, true);
	if (ret) {
		mutex_unlock(&g->lock);
		return ret;
	}
	if (g->ident_err)
		nvs_gpu_identify_locked(g);
	if (g->ident_err || !g->ident.caps) {
		nvs_gpu_end(g);
		return -EIO;
	}
	return 0;
}

/* apply the policy's decision to every runlist under control; pg->lock held */
static int nvs_prio_apply(struct nvs_gpu *g, struct nvs_prio_gpu *pg)
{
	bool all = pg->p->running < 0;
	int rl, ret, err = 0;

	for (rl = 0; rl < NVS_PRIO_RUNLISTS; rl++) {
		if (!pg->gate[rl])
			continue;
		ret = nvs_prio_hw_lock(g);
		if (ret) {
			err = err ? err : ret;
			continue;
		}
		/* under GSP firmware only undoing is allowed (control.c rule) */
		pg->gate[rl]->no_new_writes = nvs_gsp_blocks_writes(g);
		if (pg->mech == NVSCHED_PRIO_MECH_RUNLIST && pg->rl[rl])
			ret = nvs_prio_runlist_apply(g, pg->t, pg->rl[rl],
						     nvs_prio_allowed(pg->p, rl), pg->evict_all ? NULL :
						     pg->p->removed + (size_t)rl * pg->p->words,
						     NVS_PRIO_TSGS, all);
		else
			ret = nvs_prio_gate_apply(&g->io, g->ident.caps, pg->t, pg->gate[rl],
						  nvs_prio_allowed(pg->p, rl), NVS_PRIO_TSGS, all);
		if (ret == -EPERM)
			nvs_gsp_log(g, "hold back TSGs for priority scheduling", rl);
		nvs_gpu_end(g);
		if (ret == -ETIMEDOUT) {
			/* the channels are off; the TSG leaves at its timeslice's end */
			dev_warn_ratelimited(g->dev, "%s: a submit or preempt on runlist %d did not complete\n",
					     g->name, rl);
			ret = 0;
		}
		if (ret && ret != -EPERM)
			dev_warn_ratelimited(g->dev, "%s: priority %s on runlist %d failed (%d)\n",
					     g->name, pg->mech == NVSCHED_PRIO_MECH_RUNLIST ?
					     "runlist" : "gate", rl, ret);
		if (ret)
			err = err ? err : ret;
	}
	pg->evict_all = false;
	if (pg->mech == NVSCHED_PRIO_MECH_RUNLIST && !all && !pg->stopping)
		schedule_delayed_work(&pg->watch, msecs_to_jiffies(NVS_PRIO_WATCH_MS));
	return err;
}

/*
 * Registering a TSG or keeping one asks for writes later: refused at once
 * under GSP firmware (unless allow_gsp_runlist_writes=1), so that the
 * caller learns it now rather than at its first segment.
 */
static int nvs_prio_gsp_check(struct nvs_gpu *g, int rl)
{
	int ret = nvs_gpu_begin(g);

	if (ret)
		return ret;
	ret = nvs_gsp_refuse(g, "schedule TSGs by priority", rl);
	nvs_gpu_end(g);
	return ret;
}

/*
 * What the last decision added to and removed from the allowed sets, in
 * TSGs that a task owns or that are kept, on the runlists under control
 * (tracing only: the sets themselves are all ones while no real-time
 * segment is active, whatever is on the runlists).
 */
static void nvs_prio_counts(const struct nvs_prio_gpu *pg, unsigned int *added,
			    unsigned int *removed)
{
	const struct nvs_prio *p = pg->p;
	unsigned int i, w;
	int rl;

	*added = 0;
	*removed = 0;
	for (rl = 0; rl < NVS_PRIO_RUNLISTS; rl++) {
		size_t o = (size_t)rl * p->words;

		if (!pg->gate[rl])
			continue;
		for (w = 0; w < p->words; w++) {
			u64 a = p->added[o + w], r = p->removed[o + w], known = p->keep[o + w];

			if (!(a | r))
				continue;
			for (i = 0; i < p->cfg.max_tasks; i++)
				if (p->tasks[i].used)
					known |= p->tasks[i].tsgs[o + w];
			*added += hweight64(a & known);
			*removed += hweight64(r & known);
		}
	}
}

/*
 * Apply the decision the policy just took (at @t0, for the task in @slot,
 * because of @event), record its latency in the epsilon ring and trace it.
 * pg->lock held; no allocation.
 */
static int nvs_prio_applied(struct nvs_gpu *g, struct nvs_prio_gpu *pg, int slot, int event,
			    u64 t0)
{
	const struct nvs_prio *p = pg->p;
	int ret = nvs_prio_apply(g, pg);
	u64 ns = ktime_get_ns() - t0;
	int prio = NVS_PRIO_BE;
	int rl;

	for (rl = 0; rl < NVS_PRIO_RUNLISTS; rl++) {
		if (pg->gate[rl]) {
			nvs_prio_eps_add(&pg->eps, ns);
			break;
		}
	}
	if (trace_nvsched_prio_decision_enabled()) {
		unsigned int added, removed, held = 0;

		if (slot >= 0 && p->tasks[slot].used && p->tasks[slot].in_seg)
			prio = p->tasks[slot].prio;
		nvs_prio_counts(pg, &added, &removed);
		for (rl = 0; rl < NVS_PRIO_RUNLISTS; rl++)
			if (pg->gate[rl])
				held += pg->gate[rl]->ndisabled;
		trace_nvsched_prio_decision(g->index, event == NVS_TRACE_EV_EXIT ? 0 : current->tgid,
					    slot, prio, event, p->running, added, removed, held,
					    ns, ret);
	}
	return ret;
}

/*
 * Runlist mechanism: the owning driver may submit its own runlist over our
 * copy at any time (a process created a context, say); without a decision
 * to notice it the held-back TSGs would run.  While a copy runs, look at
 * the submit registers every NVS_PRIO_WATCH_MS and re-apply (counted).
 */
static void nvs_prio_watch(struct work_struct *work)
{
	struct nvs_prio_gpu *pg = container_of(to_delayed_work(work), struct nvs_prio_gpu, watch);
	struct nvs_gpu *g = pg->g;
	bool again = false;
	u64 n = 0;
	int rl, ret;

	rt_mutex_lock(&pg->lock);
	for (rl = 0; rl < NVS_PRIO_RUNLISTS && pg->mech == NVSCHED_PRIO_MECH_RUNLIST &&
	     pg->p->running >= 0; rl++) {
		if (!pg->rl[rl] || !nvs_prio_runlist_stats(pg->rl[rl], &n, &n, &n))
			continue;
		ret = nvs_prio_hw_lock(g);
		/* a GPU gone from the bus: nothing to watch any more */
		again = again || ret != -ENODEV;
		if (ret)
			continue;
		ret = nvs_prio_runlist_watch(g, pg->t, pg->rl[rl], nvs_prio_allowed(pg->p, rl),
					     NVS_PRIO_TSGS);
		nvs_gpu_end(g);
		if (ret < 0)
			dev_warn_ratelimited(g->dev, "%s: priority runlist %d: re-apply after a driver resubmit failed (%d)\n",
					     g->name, rl, ret);
	}
	if (again && !pg->stopping)
		schedule_delayed_work(&pg->watch, msecs_to_jiffies(NVS_PRIO_WATCH_MS));
	rt_mutex_unlock(&pg->lock);
}

/* the GPU's state, created on first use (lockless when it exists) */
static int nvs_prio_gpu_get(struct nvs_gpu *g, struct nvs_prio_gpu **out)
{
	struct nvs_prio_cfg cfg = {
		.nrl = NVS_PRIO_RUNLISTS, .ntsgs = NVS_PRIO_TSGS, .max_tasks = NVS_PRIO_TASKS,
	};
	struct nvs_prio_gpu *pg;
	struct nvs_topology *t;
	size_t len = nvs_prio_size(&cfg);
	void *mem;
	int ret;

	*out = smp_load_acquire(&g->prio);
	if (*out)
		return 0;
	ret = nvs_gpu_topology(g, &t);
	if (ret)
		return ret;
	pg = kzalloc(sizeof(*pg), GFP_KERNEL);
	mem = kvzalloc(len, GFP_KERNEL);
	if (!pg || !mem) {
		ret = -ENOMEM;
		goto err;
	}
	ret = nvs_gpu_begin(g);
	if (ret)
		goto err;
	if (g->prio) {			/* another caller was first */
		nvs_gpu_end(g);
		ret = 0;
		goto err;
	}
	rt_mutex_init(&pg->lock);
	pg->p = nvs_prio_init(mem, len, &cfg);
	pg->t = t;
	pg->g = g;
	INIT_DELAYED_WORK(&pg->watch, nvs_prio_watch);
	pg->mech = !nvs_prio_default_gate() && !nvs_prio_runlist_usable(g) ?
		   NVSCHED_PRIO_MECH_RUNLIST : NVSCHED_PRIO_MECH_GATE;
	/* published initialised: lockless readers use smp_load_acquire() */
	smp_store_release(&g->prio, pg);
	nvs_gpu_end(g);
	*out = pg;
	return 0;
err:
	kvfree(mem);
	kfree(pg);
	kfree(t);
	if (!ret)
		*out = g->prio;
	return ret;
}

/*
 * The GPU's state for a request that, when @writes, asks for writes later
 * on runlist @rl (-1: any): refused first under GSP (nvs_prio_gsp_check())
 */
static int nvs_prio_gpu_for(struct nvs_gpu *g, bool writes, int rl, struct nvs_prio_gpu **pg)
{
	if (writes) {
		int ret = nvs_prio_gsp_check(g, rl);

		if (ret)
			return ret;
	}
	return nvs_prio_gpu_get(g, pg);
}

static struct nvs_prio_gate_state *nvs_prio_gate_new(int rl)
{
	struct nvs_prio_gate_state *s = kzalloc(sizeof(*s), GFP_KERNEL);

	if (!s)
		return NULL;
	s->id = rl;
	s->entries = NVS_RL_MAX_ENTRIES;
	s->raw = kvmalloc_array(s->entries, 16, GFP_KERNEL);
	s->items = kvcalloc(s->entries, sizeof(*s->items), GFP_KERNEL);
	s->preempt = true;
	s->wait = nvs_prio_poll_wait;
	s->max_polls = NVS_PRIO_POLLS;
	if (!s->raw || !s->items) {
		kvfree(s->raw);
		kvfree(s->items);
		kfree(s);
		return NULL;
	}
	return s;
}

/* the file's task state; @g must be the file's GPU */
static struct nvs_prio_file *nvs_prio_file(struct file *file, struct nvs_gpu *g)
{
	struct nvs_prio_file *pf = READ_ONCE(file->private_data), *n;

	if (!pf) {
		n = kzalloc(sizeof(*n), GFP_KERNEL);
		if (!n)
			return ERR_PTR(-ENOMEM);
		n->g = g;
		n->slot = -1;
		pf = cmpxchg(&file->private_data, NULL, n);
		if (pf) {
			kfree(n);
		} else {
			pf = n;
			atomic_inc(&g->prio_files);
		}
	}
	if (pf->g != g)
		return ERR_PTR(-EINVAL);	/* one GPU per open file */
	return pf;
}

/*
 * TSG and SET: the request's own check (@checked: its nvs_ck_prio_*()
 * result, before the capability), CAP_SYS_ADMIN, a runlist and TSG id in
 * range, the GPU and its state for a request that @writes (nvs_prio_gpu_for())
 */
static int nvs_prio_admin_target(int checked, unsigned int gpu, int rl, unsigned int tsgid,
				 bool writes, struct nvs_gpu **g, struct nvs_prio_gpu **pg)
{
	int ret;

	if (checked)
		return checked;
	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	ret = nvs_ck_prio_target(rl, tsgid);
	if (ret)
		return ret;
	*g = nvs_gpu_get_by_index(gpu);
	if (!*g)
		return -ENODEV;
	return nvs_prio_gpu_for(*g, writes, rl, pg);
}

/* is @tsgid on runlist @rl of @g now (the driver's runlist)? 0 or errno */
static int nvs_prio_tsg_on_runlist(struct nvs_gpu *g, int rl, unsigned int tsgid, bool *on_rl)
{
	struct nvs_rlcopy *snap;
	int ret = nvs_rlcopy_take(g, rl, false, &snap);

	if (ret)
		return ret;
	*on_rl = !snap->err && nvs_rl_has_tsg(&snap->loc, snap->items, tsgid);
	ret = snap->err;
	nvs_rlcopy_free(snap);
	return ret;
}

/* the runtime state of runlist @rl: its gate, and its copy under the
 * runlist mechanism; under pg->lock */
static int nvs_prio_rl_state(struct nvs_gpu *g, struct nvs_prio_gpu *pg, int rl)
{
	if (!pg->gate[rl]) {
		pg->gate[rl] = nvs_prio_gate_new(rl);
		if (!pg->gate[rl])
			return -ENOMEM;
	}
	if (pg->mech == NVSCHED_PRIO_MECH_RUNLIST && !pg->rl[rl]) {
		pg->rl[rl] = nvs_prio_runlist_new(g, rl);
		if (!pg->rl[rl])
			return -ENOMEM;
	}
	return 0;
}

static int nvs_prio_ioc_tsg(struct file *file, void *data)
{
	struct nvsched_prio_tsg *req = data;
	struct nvs_prio_file *pf;
	struct nvs_prio_gpu *pg;
	struct nvs_gpu *g;
	bool on_rl = true;
	u64 t0;
	int ret;

	ret = nvs_prio_admin_target(nvs_ck_prio_tsg(req), req->gpu, req->runlist, req->tsgid,
				    !(req->flags & NVSCHED_PRIO_TSG_REMOVE), &g, &pg);
	if (ret)
		return ret;
	pf = nvs_prio_file(file, g);
	if (IS_ERR(pf))
		return PTR_ERR(pf);
	if (!(req->flags & NVSCHED_PRIO_TSG_REMOVE)) {
		/* the TSG must be on that runlist now */
		ret = nvs_prio_tsg_on_runlist(g, req->runlist, req->tsgid, &on_rl);
		if (ret)
			return ret;
	}
	if (rt_mutex_lock_interruptible(&pg->lock))
		return -EINTR;
	if (!on_rl && pg->rl[req->runlist]) {
		/* the GPU runs our copy: the driver's runlist decides */
		ret = nvs_prio_hw_lock(g);
		if (ret)
			goto out;
		on_rl = nvs_prio_runlist_has_tsg(g, pg->t, pg->rl[req->runlist], req->tsgid);
		nvs_gpu_end(g);
	}
	if (!on_rl) {
		ret = -ENOENT;
		goto out;
	}
	t0 = ktime_get_ns();
	ret = nvs_prio_rl_state(g, pg, req->runlist);
	if (ret)
		goto out;
	if (pf->slot < 0) {
		ret = nvs_prio_task_add(pg->p, pg->next_key++);
		if (ret < 0)
			goto out;
		pf->slot = ret;
	}
	if (req->flags & NVSCHED_PRIO_TSG_REMOVE)
		ret = nvs_prio_tsg_del(pg->p, pf->slot, req->runlist, req->tsgid);
	else
		ret = nvs_prio_tsg_add(pg->p, pf->slot, req->runlist, req->tsgid);
	if (!ret)
		ret = nvs_prio_applied(g, pg, pf->slot, NVS_TRACE_EV_TSG, t0);
out:
	rt_mutex_unlock(&pg->lock);
	return ret;
}

static int nvs_prio_ioc_seg(struct file *file, void *data)
{
	struct nvsched_prio_seg *req = data;
	struct nvs_prio_file *pf;
	struct nvs_prio_gpu *pg;
	struct nvs_gpu *g;
	u64 t0;
	int ret;

	ret = nvs_ck_prio_seg(req);
	if (ret)
		return ret;
	if (req->op == NVSCHED_PRIO_BEGIN) {
		if (req->prio == NVSCHED_PRIO_THREAD)
			req->prio = current->policy == SCHED_FIFO ?
				   (int)current->rt_priority : NVSCHED_PRIO_BEST_EFFORT;
		if (req->prio >= 0 && !capable(CAP_SYS_NICE))
			return -EPERM;
	}
	pf = READ_ONCE(file->private_data);
	g = req->gpu == NVSCHED_PRIO_FILE_GPU ? (pf ? pf->g : NULL) :
					       nvs_gpu_get_by_index(req->gpu);
	if (!g)
		return req->gpu == NVSCHED_PRIO_FILE_GPU ? -ENOENT : -ENODEV;
	pg = smp_load_acquire(&g->prio);
	if (!pf || pf->g != g || !pg)
		return -ENOENT;		/* no TSG registered: nothing to schedule */
	if (rt_mutex_lock_interruptible(&pg->lock))
		return -EINTR;
	t0 = ktime_get_ns();
	if (pf->slot < 0 || (req->op == NVSCHED_PRIO_BEGIN && !pg->p->tasks[pf->slot].ntsgs))
		ret = -ENOENT;	/* no TSG yet (a capture gave none, or has not ended) */
	else if (req->op == NVSCHED_PRIO_BEGIN)
		ret = nvs_prio_begin(pg->p, pf->slot, req->prio);
	else
		ret = nvs_prio_end(pg->p, pf->slot);
	if (ret >= 0) {
		req->flags = ret == NVS_PRIO_W_REPRIO ? NVSCHED_PRIO_W_REPRIO :
			    ret == NVS_PRIO_W_NOSEG ? NVSCHED_PRIO_W_NOSEG : 0;
		req->running = nvs_prio_task_runs(pg->p, pf->slot);
		ret = ret == NVS_PRIO_W_NOSEG ? 0 :
		      nvs_prio_applied(g, pg, pf->slot, req->op == NVSCHED_PRIO_BEGIN ?
				       NVS_TRACE_EV_BEGIN : NVS_TRACE_EV_END, t0);
	}
	rt_mutex_unlock(&pg->lock);
	return ret;
}

/*
 * Switch the GPU's mechanism (pg->lock held): the old one gives back what
 * it held (the driver's runlists, the channels it disabled), the caller
 * then applies the policy with the new one.
 */
static int nvs_prio_set_mech(struct nvs_gpu *g, struct nvs_prio_gpu *pg, u32 mech)
{
	static const u64 none[1];
	int rl, ret;

	if (mech == pg->mech)
		return 0;
	if (mech == NVSCHED_PRIO_MECH_RUNLIST) {
		ret = nvs_prio_hw_lock(g);
		if (ret)
			return ret;
		ret = nvs_prio_runlist_usable(g);
		nvs_gpu_end(g);
		if (ret) {
			dev_info_ratelimited(g->dev, "%s: priority mechanism runlist refused: %s\n",
					     g->name, g->test_dev ?
					     "test device without test_runlist_vid" :
					     "GSP firmware owns the runlists (allow_gsp_runlist_writes=1 overrides)");
			return ret;
		}
		for (rl = 0; rl < NVS_PRIO_RUNLISTS; rl++) {
			if (!pg->gate[rl] || pg->rl[rl])
				continue;
			pg->rl[rl] = nvs_prio_runlist_new(g, rl);
			if (!pg->rl[rl])
				return -ENOMEM;
		}
	}
	for (rl = 0; rl < NVS_PRIO_RUNLISTS; rl++) {
		if (!pg->gate[rl] || nvs_prio_hw_lock(g))
			continue;
		if (pg->mech == NVSCHED_PRIO_MECH_RUNLIST && pg->rl[rl])
			nvs_prio_runlist_apply(g, pg->t, pg->rl[rl], none, NULL, 0, true);
		else
			nvs_prio_gate_apply(&g->io, g->ident.caps, pg->t, pg->gate[rl], none, 0, true);
		nvs_gpu_end(g);
	}
	pg->mech = mech;
	pg->evict_all = true;
	return 0;
}

static int nvs_prio_ioc_set(struct file *file, void *data)
{
	struct nvsched_prio_set *req = data;
	struct nvs_prio_gpu *pg;
	struct nvs_gpu *g;
	u64 t0;
	int ret;

	ret = nvs_prio_admin_target(nvs_ck_prio_set(req), req->gpu, req->runlist, req->tsgid,
				    req->op == NVSCHED_PRIO_SET_KEEP, &g, &pg);
	if (ret)
		return ret;
	if (rt_mutex_lock_interruptible(&pg->lock))
		return -EINTR;
	t0 = ktime_get_ns();
	if (req->op == NVSCHED_PRIO_SET_MECHANISM)
		ret = nvs_prio_set_mech(g, pg, req->mechanism);
	else
		ret = nvs_prio_keep(pg->p, req->runlist, req->tsgid, req->op == NVSCHED_PRIO_SET_KEEP);
	if (!ret)
		ret = nvs_prio_applied(g, pg, -1, NVS_TRACE_EV_KEEP, t0);
	rt_mutex_unlock(&pg->lock);
	return ret;
}

static int nvs_prio_ioc_status(struct file *file, void *data)
{
	struct nvsched_prio_status *req = data;
	struct nvsched_prio_task *out = NULL;
	struct nvs_prio_file *pf = READ_ONCE(file->private_data);
	struct nvs_prio_gpu *pg;
	struct nvs_gpu *g;
	unsigned int i, n = 0;
	u64 submits = 0, resubmits = 0, preempts = 0;
	int rl, ret = 0;

	ret = nvs_ck_prio_status(req);
	if (ret)
		return ret;
	g = nvs_gpu_get_by_index(req->gpu);
	if (!g)
		return -ENODEV;
	req->running = -1;
	req->mechanism = NVSCHED_PRIO_MECH_NONE;
	req->decisions = req->writes = 0;
	req->disabled = req->runlists = 0;
	pg = smp_load_acquire(&g->prio);
	if (!pg) {
		req->count = 0;
		return 0;
	}
	/* bounded by the task slots; allocated before the lock */
	out = kcalloc(NVS_PRIO_TASKS, sizeof(*out), GFP_KERNEL);
	if (!out)
		return -ENOMEM;
	if (rt_mutex_lock_interruptible(&pg->lock)) {
		kfree(out);
		return -EINTR;
	}
	for (i = 0; i < pg->p->cfg.max_tasks; i++) {
		const struct nvs_prio_task *t = &pg->p->tasks[i];

		if (!t->used)
			continue;
		out[n].slot = i;
		out[n].flags = (t->in_seg ? NVSCHED_PRIO_T_IN_SEG : 0) |
			       (nvs_prio_task_runs(pg->p, i) ? NVSCHED_PRIO_T_RUNNING : 0) |
			       (pf && pf->g == g && pf->slot == (int)i ? NVSCHED_PRIO_T_SELF : 0);
		out[n].prio = t->in_seg ? t->prio : NVSCHED_PRIO_BEST_EFFORT;
		out[n].ntsgs = t->ntsgs;
		n++;
	}
	req->running = pg->p->running;
	req->decisions = pg->p->decisions;
	for (rl = 0; rl < NVS_PRIO_RUNLISTS; rl++) {
		if (!pg->gate[rl])
			continue;
		req->mechanism = pg->mech;
		req->runlists++;
		req->writes += pg->gate[rl]->writes;
		req->disabled += pg->gate[rl]->ndisabled;
		if (pg->rl[rl])
			nvs_prio_runlist_stats(pg->rl[rl], &submits, &resubmits, &preempts);
	}
	req->submits = (u32)min_t(u64, submits, U32_MAX);
	req->resubmits = (u32)min_t(u64, resubmits, U32_MAX);
	req->preempts = (u32)min_t(u64, preempts, U32_MAX);
	rt_mutex_unlock(&pg->lock);
	if (n > req->count) {
		ret = -ENOSPC;
	} else if (n && copy_to_user(u64_to_user_ptr(req->tasks), out, n * sizeof(*out))) {
		ret = -EFAULT;
	}
	req->count = n;
	kfree(out);
	return ret;
}

/*
 * Every TSG on every runlist of the GPU into @now (NVS_PRIO_RUNLISTS
 * bitmaps of pg->p->words words).  For BEGIN and END pg->lock is held, so
 * that no decision and no other capture interleaves.  Allocates (one
 * snapshot at a time): the capture is not the decision path.
 */
static int nvs_prio_snapshot(struct nvs_gpu *g, struct nvs_prio_gpu *pg, u64 *now,
			     bool locked)
{
	unsigned int i, words = pg->p->words;
	struct nvs_rlcopy *snap;
	u64 seen = 0;
	int rl, ret;

	memset(now, 0, array_size(NVS_PRIO_RUNLISTS * words, sizeof(*now)));
	for (i = 0; i < pg->t->n && i < NVS_MAX_ENGINES; i++) {
		rl = pg->t->eng[i].runlist;
		if (rl < 0 || rl >= NVS_PRIO_RUNLISTS || (seen & BIT_ULL(rl)))
			continue;
		seen |= BIT_ULL(rl);
		/*
		 * The runlist mechanism's copy lacks the held-back TSGs: with
		 * pg->lock held (it serialises the mechanism's scratch) read
		 * the driver's list instead.  A peek (not locked) reads what
		 * the GPU runs: an estimate for the settle wait only.
		 */
		if (locked && pg->mech == NVSCHED_PRIO_MECH_RUNLIST && pg->rl[rl]) {
			ret = nvs_prio_hw_lock(g);
			if (ret)
				return ret;
			ret = nvs_prio_runlist_driver_tsgs(g, pg->t, pg->rl[rl],
							   now + (size_t)rl * words, NVS_PRIO_TSGS);
			nvs_gpu_end(g);
			if (ret < 0)
				return ret;
			if (ret)
				continue;
		}
		ret = nvs_rlcopy_take(g, rl, false, &snap);
		if (ret == -ENOENT)
			continue;	/* an engine without a runlist block */
		if (ret)
			return ret;
		/* corrupt or oversized runlist memory: -EIO, nothing decided */
		ret = snap->err ? -EIO :
		      nvs_prio_rl_tsgs(&snap->loc, snap->items, now + (size_t)rl * words,
				       NVS_PRIO_TSGS);
		nvs_rlcopy_free(snap);
		if (ret)
			return ret;
	}
	return 0;
}

/* gate state for every runlist on which a TSG appeared since the capture began */
static int nvs_prio_capture_gates(struct nvs_prio_gpu *pg, const u64 *now)
{
	unsigned int w, words = pg->p->words;
	int rl;

	for (rl = 0; rl < NVS_PRIO_RUNLISTS; rl++) {
		const u64 *a = now + (size_t)rl * words;
		const u64 *b = pg->p->capture + (size_t)rl * words;

		if (pg->gate[rl])
			continue;
		for (w = 0; w < words; w++)
			if (a[w] & ~b[w])
				break;
		if (w == words)
			continue;
		pg->gate[rl] = nvs_prio_gate_new(rl);
		if (!pg->gate[rl])
			return -ENOMEM;
	}
	return 0;
}

/*
 * One capture step under pg->lock; @now is scratch, except for PEEK: the
 * snapshot the caller took without the lock (a count only, so the policy
 * lock is not held through the runlist reads of a polling capturer).
 */
static int nvs_prio_capture_op(struct nvs_gpu *g, struct nvs_prio_gpu *pg,
			       struct nvs_prio_file *pf, struct nvsched_prio_capture *req,
			       u64 *now)
{
	struct nvs_prio *p = pg->p;
	u64 t0;
	int ret;

	if (req->op == NVSCHED_PRIO_CAPTURE_BEGIN) {
		if (pf->slot < 0) {
			ret = nvs_prio_task_add(p, pg->next_key++);
			if (ret < 0)
				return ret;
			pf->slot = ret;
		}
		if (p->capturing >= 0 && p->capturing != pf->slot &&
		    time_after(jiffies, pg->capture_since + NVS_PRIO_CAPTURE_MAX)) {
			nvs_prio_capture_cancel(p);
			pg->abandoned++;
		}
		if (p->capturing >= 0 && p->capturing != pf->slot)
			return -EBUSY;
		ret = nvs_prio_snapshot(g, pg, now, true);
		if (ret)
			return ret;
		ret = nvs_prio_capture_begin(p, pf->slot, now);
		if (ret)
			return ret;
		pg->capture_since = jiffies;
		pf->capturing = true;
		return 0;
	}
	/* END and PEEK: only the task that began the capture */
	if (pf->slot < 0 || p->capturing != pf->slot)
		return pf->capturing ? -ETIMEDOUT : -EINVAL;
	if (req->op == NVSCHED_PRIO_CAPTURE_PEEK)
		return nvs_prio_capture_peek(p, pf->slot, now, &req->ntsgs);
	ret = nvs_prio_snapshot(g, pg, now, true);
	if (ret)
		return ret;
	ret = nvs_prio_capture_gates(pg, now);
	if (ret)
		return ret;
	t0 = ktime_get_ns();
	ret = nvs_prio_capture_end(p, pf->slot, now, &req->ntsgs);
	if (ret)
		return ret;
	pf->capturing = false;
	pg->captures++;
	return nvs_prio_applied(g, pg, pf->slot, NVS_TRACE_EV_CAPTURE, t0);
}

static int nvs_prio_ioc_capture(struct file *file, void *data)
{
	struct nvsched_prio_capture *req = data;
	struct nvs_prio_file *pf;
	struct nvs_prio_gpu *pg;
	struct nvs_gpu *g;
	u64 *now;
	int ret;

	if (req->size != sizeof(*req) || req->version != NVSCHED_PRIO_CAPTURE_VERSION ||
	    req->ntsgs || req->flags || req->reserved[0] || req->reserved[1])
		return -EINVAL;
	if (req->op < NVSCHED_PRIO_CAPTURE_BEGIN || req->op > NVSCHED_PRIO_CAPTURE_PEEK)
		return -EINVAL;
	g = nvs_gpu_get_by_index(req->gpu);
	if (!g)
		return -ENODEV;
	pf = nvs_prio_file(file, g);
	if (IS_ERR(pf))
		return PTR_ERR(pf);
	/* a capture registers TSGs: refused under GSP like NVSCHED_IOC_PRIO_TSG */
	ret = nvs_prio_gpu_for(g, req->op == NVSCHED_PRIO_CAPTURE_BEGIN, -1, &pg);
	if (ret)
		return ret;
	now = kvcalloc(array_size(NVS_PRIO_RUNLISTS, pg->p->words), sizeof(*now), GFP_KERNEL);
	if (!now)
		return -ENOMEM;
	if (req->op == NVSCHED_PRIO_CAPTURE_PEEK) {
		ret = nvs_prio_snapshot(g, pg, now, false);
		if (ret) {
			kvfree(now);
			return ret;
		}
	}
	if (rt_mutex_lock_interruptible(&pg->lock)) {
		kvfree(now);
		return -EINTR;
	}
	ret = nvs_prio_capture_op(g, pg, pf, req, now);
	trace_nvsched_prio_capture(g->index, current->tgid, pf->slot, req->op, req->ntsgs, ret);
	rt_mutex_unlock(&pg->lock);
	kvfree(now);
	return ret;
}

static int nvs_prio_ioc_stats(struct file *file, void *data)
{
	struct nvsched_prio_stats *req = data;
	struct nvs_prio_eps_sum sum;
	struct nvs_prio_gpu *pg;
	struct nvs_prio_eps *e;
	struct nvs_gpu *g;
	u32 *scratch;

	if (req->size != sizeof(*req) || req->version != NVSCHED_PRIO_STATS_VERSION ||
	    memchr_inv(&req->samples, 0, sizeof(*req) - offsetof(struct nvsched_prio_stats, samples)))
		return -EINVAL;
	g = nvs_gpu_get_by_index(req->gpu);
	if (!g)
		return -ENODEV;
	pg = smp_load_acquire(&g->prio);
	if (pg) {
		/* copied under the lock, summarised (sorted) outside it */
		e = kmalloc(sizeof(*e), GFP_KERNEL);
		scratch = kmalloc_array(NVS_PRIO_EPS_RING, sizeof(*scratch), GFP_KERNEL);
		if (!e || !scratch) {
			kfree(e);
			kfree(scratch);
			return -ENOMEM;
		}
		if (rt_mutex_lock_interruptible(&pg->lock)) {
			kfree(e);
			kfree(scratch);
			return -EINTR;
		}
		*e = pg->eps;
		req->captures = pg->captures;
		req->capturing = pg->p->capturing >= 0;
		req->abandoned = pg->abandoned;
		rt_mutex_unlock(&pg->lock);
		nvs_prio_eps_summary(e, scratch, &sum);
		req->samples = sum.samples;
		req->total = sum.total;
		req->min_ns = sum.min;
		req->median_ns = sum.median;
		req->p99_ns = sum.p99;
		req->max_ns = sum.max;
		kfree(e);
		kfree(scratch);
	}
	return 0;
}

/**
 * nvs_prio_ioctl() - the priority-scheduling ioctls
 * @file: the open /dev/nvsched (its task)
 * @cmd: the command
 * @arg: user pointer
 *
 * Return: 0, a negative errno, or -ENOTTY for another command.
 */
long nvs_prio_ioctl(struct file *file, unsigned int cmd, void __user *arg)
{
	/*
	 * Each command with its handler, which works on a kernel copy of the
	 * request; @out_nospc: the request is copied back on -ENOSPC too (the
	 * task array was too small: the count says how many there are)
	 */
	static const struct {
		unsigned int cmd;
		int (*fn)(struct file *file, void *data);
		bool out_nospc;
	} ioc[] = {
		{ NVSCHED_IOC_PRIO_TSG, nvs_prio_ioc_tsg },
		{ NVSCHED_IOC_PRIO_SEG, nvs_prio_ioc_seg },
		{ NVSCHED_IOC_PRIO_STATUS, nvs_prio_ioc_status, true },
		{ NVSCHED_IOC_PRIO_SET, nvs_prio_ioc_set },
		{ NVSCHED_IOC_PRIO_CAPTURE, nvs_prio_ioc_capture },
		{ NVSCHED_IOC_PRIO_STATS, nvs_prio_ioc_stats },
	};
	union {
		struct nvsched_prio_tsg tsg;
		struct nvsched_prio_seg seg;
		struct nvsched_prio_status status;
		struct nvsched_prio_set set;
		struct nvsched_prio_capture capture;
		struct nvsched_prio_stats stats;
	} req;
	unsigned int i, size = _IOC_SIZE(cmd);
	int ret;

	for (i = 0; i < ARRAY_SIZE(ioc) && ioc[i].cmd != cmd; i++)
		;
	if (i == ARRAY_SIZE(ioc))
		return -ENOTTY;
	/* the command encodes its struct's size (include/uapi/nvsched.h): one in @req */
	if (WARN_ON_ONCE(size > sizeof(req)))
		return -ENOTTY;
	if (copy_from_user(&req, arg, size))
		return -EFAULT;
	ret = ioc[i].fn(file, &req);
	if ((_IOC_DIR(cmd) & _IOC_READ) && (!ret || (ret == -ENOSPC && ioc[i].out_nospc)) &&
	    copy_to_user(arg, &req, size))
		ret = -EFAULT;
	return ret;
}

/**
 * nvs_prio_release() - an open /dev/nvsched is closed (or its process
 *			died): remove its task and re-apply the policy
 * @file: the file
 */
void nvs_prio_release(struct file *file)
{
	struct nvs_prio_file *pf = file->private_data;
	struct nvs_prio_gpu *pg;

	if (!pf)
		return;
	pg = smp_load_acquire(&pf->g->prio);
	if (pg && pf->slot >= 0) {
		u64 t0;

		rt_mutex_lock(&pg->lock);
		t0 = ktime_get_ns();
		nvs_prio_task_remove(pg->p, pf->slot);	/* also ends its capture */
		nvs_prio_applied(pf->g, pg, pf->slot, NVS_TRACE_EV_EXIT, t0);
		rt_mutex_unlock(&pg->lock);
	}
	atomic_dec(&pf->g->prio_files);
	kfree(pf);
	file->private_data = NULL;
}

/**
 * nvs_prio_gpu_free() - re-enable what the mechanism disabled and free the
 *			 GPU's state (module unload: no file is open)
 * @g: the GPU
 *
 * The module's own accounting is checked on the way: a file still counted,
 * a policy task slot still used or a channel still disabled after the
 * restore is reported as one warning line ("... leaked at unload ...").
 */
void nvs_prio_gpu_free(struct nvs_gpu *g)
{
	struct nvs_prio_gpu *pg = g->prio;
	unsigned int i, tasks = 0, disabled = 0;
	int rl, files = atomic_read(&g->prio_files);

	if (!pg) {
		if (files)
			dev_warn(g->dev, "%s: priority scheduling state leaked at unload: %d task file(s)\n",
				 g->name, files);
		return;
	}
	rt_mutex_lock(&pg->lock);
	pg->stopping = true;
	rt_mutex_unlock(&pg->lock);
	cancel_delayed_work_sync(&pg->watch);
	rt_mutex_lock(&pg->lock);
	for (i = 0; i < pg->p->cfg.max_tasks; i++)
		tasks += pg->p->tasks[i].used;
	for (rl = 0; rl < NVS_PRIO_RUNLISTS; rl++) {
		struct nvs_prio_gate_state *s = pg->gate[rl];

		if (pg->rl[rl]) {
			static const u64 none[1];

			if (!nvs_prio_hw_lock(g)) {
				if (nvs_prio_runlist_apply(g, pg->t, pg->rl[rl], none, NULL, 0, true))
					dev_warn(g->dev, "%s: could not restore the driver's runlist %d\n",
						 g->name, rl);
				nvs_gpu_end(g);
			}
			nvs_prio_runlist_free(pg->rl[rl]);
		}
		if (!s)
			continue;
		if (s->ndisabled && !nvs_prio_hw_lock(g)) {
			if (nvs_prio_gate_apply(&g->io, g->ident.caps, pg->t, s, NULL, 0, true))
				dev_warn(g->dev, "%s: could not re-enable the channels priority scheduling disabled on runlist %d\n",
					 g->name, rl);
			nvs_gpu_end(g);
		}
		if (!g->gone)
			disabled += s->ndisabled;
		kvfree(s->raw);
		kvfree(s->items);
		kfree(s);
	}
	rt_mutex_unlock(&pg->lock);
	if (files || tasks || disabled)
		dev_warn(g->dev, "%s: priority scheduling state leaked at unload: %d task file(s), %u policy task(s), %u channel(s) still disabled\n",
			 g->name, files, tasks, disabled);
	kvfree(pg->p);
	kfree(pg->t);
	kfree(pg);
	g->prio = NULL;
}
