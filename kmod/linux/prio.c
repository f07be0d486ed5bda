// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * prio.c - the fixed-priority scheduling runtime (docs/priority.md): one
 * policy instance per GPU (kmod/hw/prio.c), one task per open /dev/nvsched,
 * and the "gate" mechanism (kmod/hw/prio_rl.c: the channels of held-back
 * TSGs are disabled, registers only) applied after every decision.
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
#include <linux/mm.h>
#include <linux/pm_runtime.h>
#include <linux/rtmutex.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "ioctl_check.h"
#include "nvs_linux.h"
#include "prio.h"
#include "prio_rl.h"
#include "../../include/uapi/nvsched.h"

#define NVS_PRIO_RUNLISTS	64
#define NVS_PRIO_TSGS		4096
#define NVS_PRIO_TASKS		64
#define NVS_PRIO_POLLS		2000	/* preempt poll bound, 50-100 us apart (100-200 ms) */

/**
 * struct nvs_prio_gpu - priority scheduling state of one GPU
 * @lock: the policy and @gate
 * @p: the policy (kvzalloc'ed)
 * @t: the device table (runlist blocks)
 * @next_key: identifiers of tasks
 * @gate: per hardware runlist id, allocated when a TSG of it is registered
 */
struct nvs_prio_gpu {
	struct rt_mutex lock;
	struct nvs_prio *p;
	struct nvs_topology *t;
	u32 next_key;
	struct nvs_prio_gate_state *gate[NVS_PRIO_RUNLISTS];
};

/**
 * struct nvs_prio_file - the task of one open /dev/nvsched
 * @g: its GPU (set by the first call)
 * @slot: its policy slot, -1 before its first TSG
 */
struct nvs_prio_file {
	struct nvs_gpu *g;
	int slot;
};

static_assert(sizeof(struct nvsched_prio_tsg) == 32);
static_assert(sizeof(struct nvsched_prio_seg) == 32);
static_assert(sizeof(struct nvsched_prio_task) == 16);
static_assert(sizeof(struct nvsched_prio_set) == 32);
static_assert(sizeof(struct nvsched_prio_status) == 64);
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
	if (g->gone) {
		mutex_unlock(&g->lock);
		return -ENODEV;
	}
	if (g->plat) {
		ret = pm_runtime_get_sync(g->dev);
		if (ret < 0) {
			pm_runtime_put_noidle(g->dev);
			mutex_unlock(&g->lock);
			return -EIO;
		}
		g->pm_ref = true;
	} else if (!g->test_dev) {
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 9, 0)
		ret = pm_runtime_get_if_active(g->dev);
#else
		ret = pm_runtime_get_if_active(g->dev, true);
#endif
		if (ret <= 0) {
			mutex_unlock(&g->lock);
			return -EAGAIN;
		}
		g->pm_ref = true;
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
		ret = nvs_prio_gate_apply(&g->io, g->ident.caps, pg->t, pg->gate[rl],
					  nvs_prio_allowed(pg->p, rl), NVS_PRIO_TSGS, all);
		nvs_gpu_end(g);
		if (ret == -ETIMEDOUT) {
			/* the channels are off; the TSG leaves at its timeslice's end */
			dev_warn_ratelimited(g->dev, "%s: preempt on runlist %d did not complete\n",
					     g->name, rl);
			ret = 0;
		}
		if (ret) {
			dev_warn_ratelimited(g->dev, "%s: priority gate on runlist %d failed (%d)\n",
					     g->name, rl, ret);
			err = err ? err : ret;
		}
	}
	return err;
}

/* the GPU's state, created on first use */
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

static int nvs_prio_ioc_tsg(struct file *file, void __user *arg)
{
	struct nvsched_prio_tsg req;
	struct nvs_prio_file *pf;
	struct nvs_prio_gpu *pg;
	struct nvs_rl_snap *snap;
	struct nvs_gpu *g;
	bool on_rl;
	int ret;

	if (copy_from_user(&req, arg, sizeof(req)))
		return -EFAULT;
	ret = nvs_ck_prio_tsg(&req);
	if (ret)
		return ret;
	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	ret = nvs_ck_prio_target(req.runlist, req.tsgid);
	if (ret)
		return ret;
	g = nvs_gpu_get_by_index(req.gpu);
	if (!g)
		return -ENODEV;
	pf = nvs_prio_file(file, g);
	if (IS_ERR(pf))
		return PTR_ERR(pf);
	pg = smp_load_acquire(&g->prio);
	if (!pg) {
		ret = nvs_prio_gpu_get(g, &pg);
		if (ret)
			return ret;
	}
	if (!(req.flags & NVSCHED_PRIO_TSG_REMOVE)) {
		/* the TSG must be on that runlist now */
		ret = nvs_rl_snap_take(g, req.runlist, false, &snap);
		if (ret)
			return ret;
		on_rl = !snap->err && nvs_rl_has_tsg(&snap->loc, snap->items, req.tsgid);
		ret = snap->err;
		nvs_rl_snap_free(snap);
		if (ret)
			return ret;
		if (!on_rl)
			return -ENOENT;
	}
	if (rt_mutex_lock_interruptible(&pg->lock))
		return -EINTR;
	if (!pg->gate[req.runlist]) {
		pg->gate[req.runlist] = nvs_prio_gate_new(req.runlist);
		if (!pg->gate[req.runlist]) {
			ret = -ENOMEM;
			goto out;
		}
	}
	if (pf->slot < 0) {
		ret = nvs_prio_task_add(pg->p, pg->next_key++);
		if (ret < 0)
			goto out;
		pf->slot = ret;
	}
	if (req.flags & NVSCHED_PRIO_TSG_REMOVE)
		ret = nvs_prio_tsg_del(pg->p, pf->slot, req.runlist, req.tsgid);
	else
		ret = nvs_prio_tsg_add(pg->p, pf->slot, req.runlist, req.tsgid);
	if (!ret)
		ret = nvs_prio_apply(g, pg);
out:
	rt_mutex_unlock(&pg->lock);
	return ret;
}

static int nvs_prio_ioc_seg(struct file *file, void __user *arg)
{
	struct nvsched_prio_seg req;
	struct nvs_prio_file *pf;
	struct nvs_prio_gpu *pg;
	struct nvs_gpu *g;
	int ret;

	if (copy_from_user(&req, arg, sizeof(req)))
		return -EFAULT;
	ret = nvs_ck_prio_seg(&req);
	if (ret)
		return ret;
	if (req.op == NVSCHED_PRIO_BEGIN) {
		if (req.prio == NVSCHED_PRIO_THREAD)
			req.prio = current->policy == SCHED_FIFO ?
				   (int)current->rt_priority : NVSCHED_PRIO_BEST_EFFORT;
		if (req.prio >= 0 && !capable(CAP_SYS_NICE))
			return -EPERM;
	}
	pf = READ_ONCE(file->private_data);
	g = req.gpu == NVSCHED_PRIO_FILE_GPU ? (pf ? pf->g : NULL) :
					       nvs_gpu_get_by_index(req.gpu);
	if (!g)
		return req.gpu == NVSCHED_PRIO_FILE_GPU ? -ENOENT : -ENODEV;
	pg = smp_load_acquire(&g->prio);
	if (!pf || pf->g != g || !pg)
		return -ENOENT;		/* no TSG registered: nothing to schedule */
	if (rt_mutex_lock_interruptible(&pg->lock))
		return -EINTR;
	if (pf->slot < 0)
		ret = -ENOENT;
	else if (req.op == NVSCHED_PRIO_BEGIN)
		ret = nvs_prio_begin(pg->p, pf->slot, req.prio);
	else
		ret = nvs_prio_end(pg->p, pf->slot);
	if (ret >= 0) {
		req.flags = ret == NVS_PRIO_W_REPRIO ? NVSCHED_PRIO_W_REPRIO :
			    ret == NVS_PRIO_W_NOSEG ? NVSCHED_PRIO_W_NOSEG : 0;
		req.running = nvs_prio_task_runs(pg->p, pf->slot);
		ret = ret == NVS_PRIO_W_NOSEG ? 0 : nvs_prio_apply(g, pg);
	}
	rt_mutex_unlock(&pg->lock);
	if (!ret && copy_to_user(arg, &req, sizeof(req)))
		ret = -EFAULT;
	return ret;
}

static int nvs_prio_ioc_set(void __user *arg)
{
	struct nvsched_prio_set req;
	struct nvs_prio_gpu *pg;
	struct nvs_gpu *g;
	int ret;

	if (copy_from_user(&req, arg, sizeof(req)))
		return -EFAULT;
	ret = nvs_ck_prio_set(&req);
	if (ret)
		return ret;
	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	ret = nvs_ck_prio_target(req.runlist, req.tsgid);
	if (ret)
		return ret;
	g = nvs_gpu_get_by_index(req.gpu);
	if (!g)
		return -ENODEV;
	pg = smp_load_acquire(&g->prio);
	if (!pg) {
		ret = nvs_prio_gpu_get(g, &pg);
		if (ret)
			return ret;
	}
	if (rt_mutex_lock_interruptible(&pg->lock))
		return -EINTR;
	ret = nvs_prio_keep(pg->p, req.runlist, req.tsgid, req.op == NVSCHED_PRIO_SET_KEEP);
	if (!ret)
		ret = nvs_prio_apply(g, pg);
	rt_mutex_unlock(&pg->lock);
	return ret;
}

static int nvs_prio_ioc_status(struct file *file, void __user *arg)
{
	struct nvsched_prio_status req;
	struct nvsched_prio_task *out = NULL;
	struct nvs_prio_file *pf = READ_ONCE(file->private_data);
	struct nvs_prio_gpu *pg;
	struct nvs_gpu *g;
	unsigned int i, n = 0;
	int rl, ret = 0;

	if (copy_from_user(&req, arg, sizeof(req)))
		return -EFAULT;
	ret = nvs_ck_prio_status(&req);
	if (ret)
		return ret;
	g = nvs_gpu_get_by_index(req.gpu);
	if (!g)
		return -ENODEV;
	req.running = -1;
	req.mechanism = NVSCHED_PRIO_MECH_NONE;
	req.decisions = req.writes = 0;
	req.disabled = req.runlists = 0;
	pg = smp_load_acquire(&g->prio);
	if (!pg) {
		req.count = 0;
		return copy_to_user(arg, &req, sizeof(req)) ? -EFAULT : 0;
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
	req.running = pg->p->running;
	req.decisions = pg->p->decisions;
	for (rl = 0; rl < NVS_PRIO_RUNLISTS; rl++) {
		if (!pg->gate[rl])
			continue;
		req.mechanism = NVSCHED_PRIO_MECH_GATE;
		req.runlists++;
		req.writes += pg->gate[rl]->writes;
		req.disabled += pg->gate[rl]->ndisabled;
	}
	rt_mutex_unlock(&pg->lock);
	if (n > req.count) {
		ret = -ENOSPC;
	} else if (n && copy_to_user(u64_to_user_ptr(req.tasks), out, n * sizeof(*out))) {
		ret = -EFAULT;
	}
	req.count = n;
	if ((!ret || ret == -ENOSPC) && copy_to_user(arg, &req, sizeof(req)))
		ret = -EFAULT;
	kfree(out);
	return ret;
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
	switch (cmd) {
	case NVSCHED_IOC_PRIO_TSG:
		return nvs_prio_ioc_tsg(file, arg);
	case NVSCHED_IOC_PRIO_SEG:
		return nvs_prio_ioc_seg(file, arg);
	case NVSCHED_IOC_PRIO_STATUS:
		return nvs_prio_ioc_status(file, arg);
	case NVSCHED_IOC_PRIO_SET:
		return nvs_prio_ioc_set(arg);
	}
	return -ENOTTY;
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
		rt_mutex_lock(&pg->lock);
		nvs_prio_task_remove(pg->p, pf->slot);
		nvs_prio_apply(pf->g, pg);
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
	for (i = 0; i < pg->p->cfg.max_tasks; i++)
		tasks += pg->p->tasks[i].used;
	for (rl = 0; rl < NVS_PRIO_RUNLISTS; rl++) {
		struct nvs_prio_gate_state *s = pg->gate[rl];

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
