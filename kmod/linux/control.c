// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * control.c - channel enable/disable, preemption and resubmission on a GPU
 * nvsched does not own: checked, audited, bounded, and undone on unload.
 */
#include <linux/cred.h>
#include <linux/bitops.h>
#include <linux/delay.h>
#include <linux/ktime.h>
#include <linux/sched.h>
#include <linux/slab.h>

#include "nvs_params.h"
#include "nvs_gpu.h"
#include "nvs_control.h"
#include "control.h"
#include "nvsched/regs/gsp.h"
#include "../../include/uapi/nvsched.h"

/**
 * nvs_gsp_owned() - does firmware (GSP) own this GPU's runlists?
 * @g: the GPU, its lock held
 *
 * Hopper and Blackwell dGPUs always run GSP-RM; Turing/Ampere/Ada may, under NVIDIA's
 * driver or nouveau: the GSP's RISC-V core says whether it runs
 * (NV_PRISCV_RISCV_CPUCTL.ACTIVE_STAT, include/nvsched/regs/gsp.h).  When
 * that register does not answer, NVIDIA's driver is taken to mean GSP (its
 * open flavour requires it).
 *
 * Return: true when firmware owns them.
 */
bool nvs_gsp_owned(struct nvs_gpu *g)
{
	const struct nvs_caps *caps = g->ident.caps;
	const char *drv = g->dev->driver ? g->dev->driver->name : NULL;
	u32 v;

	if (!caps || !caps->gsp_capable || (g->ident.chip && g->ident.chip->tegra))
		return false;
	if (caps->gsp_always)
		return true;
	v = nvs_rd32(&g->io, NV_PRISCV_RISCV_CPUCTL(NV_FALCON2_GSP_BASE));
	if (!nvs_reg_unreadable(v))
		return NVS_GET(v, NV_PRISCV_RISCV_CPUCTL_ACTIVE_STAT) ==
		       NV_PRISCV_RISCV_CPUCTL_ACTIVE_STAT_ACTIVE;
	return drv && !strcmp(drv, "nvidia");
}

/**
 * nvs_gsp_blocks_writes() - does GSP firmware forbid scheduling writes on @g?
 * @g: the GPU, lock held
 *
 * Return: true when GSP firmware owns the runlists (detected from the
 * hardware, see nvs_gsp_owned()) and allow_gsp_runlist_writes is 0.
 */
bool nvs_gsp_blocks_writes(struct nvs_gpu *g)
{
	return !nvs_allow_gsp_runlist_writes() && nvs_gsp_owned(g);
}

/**
 * nvs_gsp_log() - say why a write was refused under GSP and what to do
 * @g: the GPU
 * @what: the operation
 * @rl: its runlist, or -1 for none in particular
 */
void nvs_gsp_log(struct nvs_gpu *g, const char *what, int rl)
{
	if (rl < 0)
		dev_notice_ratelimited(g->dev,
				       "%s: refusing to %s: GSP firmware owns the runlists; load nvsched with allow_gsp_runlist_writes=1 to write them anyway (the firmware does not expect it)\n",
				       g->name, what);
	else
		dev_notice_ratelimited(g->dev,
				       "%s: refusing to %s on runlist %d: GSP firmware owns the runlists; load nvsched with allow_gsp_runlist_writes=1 to write them anyway (the firmware does not expect it)\n",
				       g->name, what, rl);
}

/**
 * nvs_gsp_refuse() - may nvsched write @g's scheduling registers?
 * @g: the GPU, lock held
 * @what: the operation, for the log
 * @rl: its runlist
 *
 * Under GSP firmware the firmware owns the runlists and the channel and
 * preempt registers behind them; nvsched writes none of them unless the
 * module parameter allow_gsp_runlist_writes=1 says so.  Undoing what
 * nvsched itself disabled (restore, unload) does not ask.
 *
 * Return: 0 when allowed; -EPERM (logged, rate-limited) otherwise.
 */
int nvs_gsp_refuse(struct nvs_gpu *g, const char *what, int rl)
{
	if (!nvs_gsp_blocks_writes(g))
		return 0;
	nvs_gsp_log(g, what, rl);
	return -EPERM;
}

static void nvs_audit(struct nvs_gpu *g, const char *what, int rl, unsigned int id,
		      const struct nvs_plan *p, int ret)
{
	char buf[96];
	unsigned int i;
	int n = 0;

	buf[0] = 0;
	for (i = 0; i < p->n && n < (int)sizeof(buf) - 24; i++)
		n += scnprintf(buf + n, sizeof(buf) - n, " 0x%x<-0x%x", p->w[i].off, p->w[i].val);
	/* every state change is logged, never rate-limited */
	dev_notice(g->dev, "%s: %s %u on runlist %d by uid %u pid %d (%s):%s%s\n",
		   g->name, what, id, rl, from_kuid(&init_user_ns, current_uid()),
		   task_pid_nr(current), current->comm, buf,
		   ret == -ETIMEDOUT ? " (completion timed out)" : "");
}

/* the channel entry @chid of a decoded runlist, or NULL */
static const struct nvs_rl_item *nvs_find_chan(const struct nvs_rl_loc *loc,
					       const struct nvs_rl_item *items, unsigned int chid)
{
	unsigned int i;

	for (i = 0; items && i < loc->length; i++)
		if (items[i].kind == NVS_RL_CHAN && items[i].id == chid)
			return &items[i];
	return NULL;
}

/* remember / forget a channel nvsched disabled (lock held) */
static int nvs_remember(struct nvs_gpu *g, int rl, unsigned int chid, bool disabled,
			const struct nvs_rl_item *it)
{
	unsigned int i;

	for (i = 0; i < g->ndisabled; i++)
		if (g->disabled[i].rl == rl && g->disabled[i].chid == chid)
			break;
	if (!disabled) {
		if (i < g->ndisabled)
			g->disabled[i] = g->disabled[--g->ndisabled];
		return 0;
	}
	if (i < g->ndisabled)
		return 0;
	if (g->ndisabled == g->cap_disabled) {
		unsigned int cap = g->cap_disabled ? g->cap_disabled * 2 : 16;
		struct nvs_disabled *d;

		if (cap > NVS_MAX_REMEMBERED)
			return -ENOSPC;
		d = krealloc(g->disabled, cap * sizeof(*d), GFP_KERNEL_ACCOUNT);
		if (!d)
			return -ENOMEM;
		g->disabled = d;
		g->cap_disabled = cap;
	}
	memset(&g->disabled[g->ndisabled], 0, sizeof(g->disabled[0]));
	g->disabled[g->ndisabled].rl = rl;
	g->disabled[g->ndisabled].chid = chid;
	if (it && it->has_inst) {
		g->disabled[g->ndisabled].inst = it->inst;
		g->disabled[g->ndisabled].inst_ap = it->inst_ap;
		g->disabled[g->ndisabled].has_inst = true;
	}
	g->ndisabled++;
	return 0;
}

/*
 * Snapshot of runlist @rl, lock held.  Return: the locate error (no such
 * runlist, registers unreadable) or -ENOMEM; 0 otherwise, with *fetch_err
 * telling whether the entries could be read (*items NULL if not).
 */
static int nvs_ctl_rl_read_locked(struct nvs_gpu *g, const struct nvs_topology *t, int rl,
			      struct nvs_rl_loc *loc, struct nvs_rl_item **items, int *fetch_err)
{
	const struct nvs_caps *caps = g->ident.caps;
	void *raw;
	int ret;

	*items = NULL;
	*fetch_err = 0;
	ret = nvs_runlist_locate(&g->io, caps, t, rl, loc);
	if (ret || !loc->length)
		return ret;
	if (loc->length > NVS_RL_READ_MAX) {
		*fetch_err = -EFBIG;
		return 0;
	}
	raw = kvmalloc(nvs_runlist_bytes(caps, loc), GFP_KERNEL_ACCOUNT);
	*items = kvcalloc(loc->length, sizeof(**items), GFP_KERNEL_ACCOUNT);
	if (!raw || !*items) {
		kvfree(raw);
		kvfree(*items);
		*items = NULL;
		return -ENOMEM;
	}
	*fetch_err = nvs_runlist_fetch(&g->io, caps, loc, raw, NULL);
	if (!*fetch_err) {
		nvs_runlist_decode(caps, loc, raw, *items);
		/* channel state and, before Ampere, the PCCSR instance pointer */
		nvs_runlist_read_states(&g->io, caps, loc, *items);
	} else {
		kvfree(*items);
		*items = NULL;
	}
	kvfree(raw);
	return 0;
}

static int nvs_wait(struct nvs_gpu *g, const struct nvs_plan *p, unsigned int timeout_us,
		    u32 *pending)
{
	ktime_t end = ktime_add_us(ktime_get(), timeout_us);

	for (;;) {
		if (!nvs_plan_pending(&g->io, p))
			return 0;
		if (ktime_after(ktime_get(), end)) {
			*pending = nvs_rd32(&g->io, p->poll_off);
			return -ETIMEDOUT;
		}
		usleep_range(10, 50);
	}
}

/* find the runlist holding a channel/TSG (pre-Ampere global ids) */
static int nvs_find_runlist(struct nvs_gpu *g, const struct nvs_topology *t, bool tsg,
			    unsigned int id)
{
	int16_t ids[NVS_MAX_ENGINES];
	unsigned int i, n = nvs_ptop_runlists(t, ids);

	for (i = 0; i < n; i++) {
		struct nvs_rl_loc loc;
		struct nvs_rl_item *items;
		int ferr;
		bool hit;

		if (nvs_ctl_rl_read_locked(g, t, ids[i], &loc, &items, &ferr) || !items)
			continue;
		hit = tsg ? nvs_rl_has_tsg(&loc, items, id) : nvs_rl_has_chan(&loc, items, id);
		kvfree(items);
		if (hit)
			return ids[i];
	}
	return -ENOENT;
}

/*
 * Just before writing, lock held: is the state the plan was computed from
 * still the GPU's?  The runlist fetch takes long enough for the owning
 * driver to resubmit, and a read-modify-write must not undo its change.
 */
static int nvs_recheck(struct nvs_gpu *g, const struct nvs_topology *t, int rl,
		       const struct nvs_rl_loc *loc, const struct nvs_plan *p,
		       enum nvs_ctl_op op)
{
	struct nvs_rl_loc now;
	int ret;

	if (op == NVS_CTL_RESUBMIT_RUNLIST) {
		ret = nvs_runlist_locate(&g->io, g->ident.caps, t, rl, &now);
		if (ret)
			return ret;
		if (now.base != loc->base || now.aperture != loc->aperture ||
		    now.length != loc->length || now.offset != loc->offset)
			return -EBUSY;
	}
	return nvs_plan_check(&g->io, p);
}

/* the runlist of a request without one (-1): bare channel/TSG ids only */
static int nvs_ctl_pick_runlist(struct nvs_gpu *g, const struct nvs_topology *t,
				const struct nvsched_control *c, bool chan, bool tsg)
{
	int rl;

	if (!chan && !tsg)
		return -EINVAL;
	if (g->ident.caps->chan_ctl == NVS_CHAN_CHRAM)
		return 0;	/* per-runlist ids: bare ID means runlist 0 */
	rl = nvs_find_runlist(g, t, tsg, c->id);
	if (rl < 0 && (c->flags & NVSCHED_CTL_FORCE))
		rl = g->ident.caps->chan_ctl == NVS_CHAN_PCCSR ? 0 : rl;
	if (rl < 0)
		return c->id > (chan ? 4095u : nvs_max_tsgid(g->ident.caps)) ? -ERANGE : -ENOENT;
	return rl;
}

/* the channel or TSG must be on the runlist (unless forced) */
static int nvs_ctl_check_target(struct nvs_gpu *g, const struct nvsched_control *c,
				const struct nvs_rl_loc *loc, const struct nvs_rl_item *items,
				int fetch_err, bool chan, bool tsg)
{
	if ((!chan && !tsg) || (c->flags & NVSCHED_CTL_FORCE))
		return 0;
	if (chan && c->id >= loc->num_channels)
		return -ERANGE;
	if (tsg && c->id > nvs_max_tsgid(g->ident.caps))
		return -ERANGE;
	if (fetch_err)
		return fetch_err;	/* cannot check membership */
	if (chan ? !nvs_rl_has_chan(loc, items, c->id) : !nvs_rl_has_tsg(loc, items, c->id))
		return -ENOENT;
	return 0;
}

/* recheck, remember for the restore, write, wait, audit; under the lock */
static int nvs_ctl_commit(struct nvs_gpu *g, const struct nvs_topology *t, int rl,
			  const struct nvs_rl_loc *loc, const struct nvs_rl_item *items,
			  struct nvs_plan *p, struct nvsched_control *c, unsigned int timeout)
{
	enum nvs_ctl_op op = c->op;
	bool chan = op == NVS_CTL_DISABLE_CHANNEL || op == NVS_CTL_ENABLE_CHANNEL;
	int ret = nvs_recheck(g, t, rl, loc, p, op);

	if (ret) {
		if (ret == -EBUSY)
			dev_notice_ratelimited(g->dev,
					       "%s: %s on runlist %d refused: %s\n",
					       g->name, nvs_ctl_op_name(op), rl,
					       op == NVS_CTL_PREEMPT_TSG || op == NVS_CTL_PREEMPT_RUNLIST ?
					       "a preempt is already pending" :
					       "the driver changed the registers meanwhile");
		return ret;
	}
	if (chan) {
		ret = nvs_remember(g, rl, c->id, op == NVS_CTL_DISABLE_CHANNEL,
				   nvs_find_chan(loc, items, c->id));
		if (ret)
			return ret;
	}
	if (op == NVS_CTL_SCHED_DISABLE || op == NVS_CTL_SCHED_ENABLE) {
		if (rl >= 64)
			return -ERANGE;	/* cannot be remembered for the restore */
		if (op == NVS_CTL_SCHED_DISABLE)
			g->sched_disabled |= BIT_ULL(rl);
		else
			g->sched_disabled &= ~BIT_ULL(rl);
	}
	nvs_plan_apply(&g->io, p);
	if (!(c->flags & NVSCHED_CTL_NO_WAIT))
		ret = nvs_wait(g, p, timeout, &c->pending);
	nvs_audit(g, nvs_ctl_op_name(op), rl,
		  chan || op == NVS_CTL_PREEMPT_TSG ? c->id : (unsigned int)rl, p, ret);
	return ret;
}

/**
 * nvs_control() - perform one control operation on @g
 * @g: the GPU
 * @c: the request (struct nvsched_control in/out fields)
 *
 * Ids are checked against the chip's limits (-ERANGE) and, unless FORCE,
 * against the runlist's current contents (-ENOENT).  On a GPU whose
 * runlists GSP firmware owns, every operation (channel enable/disable,
 * preempt, resubmit, scheduling) needs allow_gsp_runlist_writes (-EPERM,
 * also for a dry run).  Just before writing, the registers the plan was
 * computed from are re-read (-EBUSY when the owning driver changed them or
 * a preempt or submit is already pending, nothing written).  Completion is
 * awaited for at most c->timeout_us (-ETIMEDOUT, c->pending set).
 *
 * Return: 0 or a negative errno; on error before the first write nothing
 * was written.
 */
int nvs_control(struct nvs_gpu *g, struct nvsched_control *c)
{
	enum nvs_ctl_op op = c->op;
	struct nvs_topology *t;
	struct nvs_rl_item *items = NULL;
	struct nvs_rl_loc loc;
	struct nvs_plan p;
	bool chan = op == NVS_CTL_DISABLE_CHANNEL || op == NVS_CTL_ENABLE_CHANNEL;
	bool tsg = op == NVS_CTL_PREEMPT_TSG;
	unsigned int timeout = c->timeout_us ? c->timeout_us : NVSCHED_CTL_TIMEOUT_US_DEFAULT;
	int rl = c->runlist, ret, fetch_err = 0;

	if (op < NVS_CTL_DISABLE_CHANNEL || op > NVS_CTL_SCHED_ENABLE)
		return -EINVAL;
	timeout = min_t(unsigned int, timeout, NVSCHED_CTL_TIMEOUT_US_MAX);
	ret = nvs_gpu_topology(g, &t);
	if (ret)
		return ret;
	ret = nvs_gpu_begin(g);
	if (ret)
		goto out_topo;
	ret = -EOPNOTSUPP;
	if (!g->ident.caps)
		goto out;
	if (rl < 0) {
		ret = rl = nvs_ctl_pick_runlist(g, t, c, chan, tsg);
		if (rl < 0)
			goto out;
	}
	ret = nvs_ctl_rl_read_locked(g, t, rl, &loc, &items, &fetch_err);
	if (ret)
		goto out;	/* -ENOENT: no such runlist; -EIO: registers unreadable */
	ret = nvs_ctl_check_target(g, c, &loc, items, fetch_err, chan, tsg);
	if (ret)
		goto out;
	ret = nvs_ctl_plan(&g->io, g->ident.caps, &loc, op, c->id, &p);
	if (ret)
		goto out;
	ret = nvs_gsp_refuse(g, nvs_ctl_op_name(op), rl);
	if (ret)
		goto out;
	c->resolved_runlist = rl;
	c->nwrites = p.n;
	memcpy(c->writes, p.w, sizeof(p.w));
	if (!(c->flags & NVSCHED_CTL_DRY_RUN))
		ret = nvs_ctl_commit(g, t, rl, &loc, items, &p, c, timeout);
out:
	nvs_gpu_end(g);
	kvfree(items);
out_topo:
	kfree(t);
	return ret;
}

/*
 * Re-enable one remembered channel, lock held, only while it is still the
 * channel nvsched disabled: on its runlist, with the same instance block
 * (the id may have been reused by another process, or the driver may have
 * torn the channel down for recovery).
 */
static int nvs_restore_one(struct nvs_gpu *g, const struct nvs_topology *t,
			   const struct nvs_disabled *d)
{
	const struct nvs_rl_item *it;
	struct nvs_rl_item *items;
	struct nvs_rl_loc loc;
	struct nvs_plan p;
	int ret, ferr;

	ret = nvs_ctl_rl_read_locked(g, t, d->rl, &loc, &items, &ferr);
	if (ret)
		return ret;
	if (ferr) {
		ret = ferr;
		goto out;
	}
	it = nvs_find_chan(&loc, items, d->chid);
	if (!it) {
		ret = -ENOENT;
		goto out;
	}
	if (d->has_inst && (!it->has_inst || it->inst != d->inst || it->inst_ap != d->inst_ap)) {
		ret = -ESTALE;
		goto out;
	}
	ret = nvs_ctl_plan(&g->io, g->ident.caps, &loc, NVS_CTL_ENABLE_CHANNEL, d->chid, &p);
	if (!ret)
		ret = nvs_plan_check(&g->io, &p);
	if (ret)
		goto out;
	nvs_plan_apply(&g->io, &p);
	nvs_audit(g, "restore: enable channel", d->rl, d->chid, &p, 0);
out:
	kvfree(items);
	return ret;
}

/* re-enable every channel and runlist nvsched disabled; lock held */
static unsigned int nvs_restore_locked(struct nvs_gpu *g, const struct nvs_topology *t)
{
	unsigned int done = 0, i;

	while (g->sched_disabled) {
		int rl = __ffs64(g->sched_disabled);
		struct nvs_rl_loc loc;
		struct nvs_plan p;

		g->sched_disabled &= ~BIT_ULL(rl);
		if (nvs_runlist_locate(&g->io, g->ident.caps, t, rl, &loc) ||
		    nvs_ctl_plan(&g->io, g->ident.caps, &loc, NVS_CTL_SCHED_ENABLE, 0, &p)) {
			dev_warn(g->dev, "%s: cannot re-enable scheduling of runlist %d\n",
				 g->name, rl);
			continue;
		}
		nvs_plan_apply(&g->io, &p);
		nvs_audit(g, "restore: enable scheduling of runlist", rl, rl, &p, 0);
		done++;
	}

	for (i = 0; i < g->ndisabled;) {
		struct nvs_disabled *d = &g->disabled[i];
		int err = nvs_restore_one(g, t, d);

		cond_resched();
		if (!err) {
			g->disabled[i] = g->disabled[--g->ndisabled];
			done++;
			continue;
		}
		/* kept, and shown in /proc/gpuX/disabled_channels */
		d->err = err;
		dev_warn(g->dev, "%s: not re-enabling channel %u of runlist %d: %s (%d)\n",
			 g->name, d->chid, d->rl,
			 err == -ESTALE ? "the id now names another instance block" :
			 err == -ENOENT ? "no longer on its runlist" : "cannot read the runlist", err);
		i++;
	}
	return done;
}

/**
 * nvs_restore_channels() - re-enable every channel nvsched disabled on @g
 * @g: the GPU
 * @count: channels re-enabled (may be NULL)
 *
 * Return: 0 or the errno of reading the GPU.
 */
int nvs_restore_channels(struct nvs_gpu *g, unsigned int *count)
{
	struct nvs_topology *t;
	unsigned int n;
	int ret;

	ret = nvs_gpu_topology(g, &t);
	if (ret)
		return ret;
	ret = nvs_gpu_begin(g);
	if (!ret) {
		n = nvs_restore_locked(g, t);
		if (count)
			*count = n;
		nvs_gpu_end(g);
	}
	kfree(t);
	return ret;
}
