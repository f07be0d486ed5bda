// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * control.c - channel enable/disable, TSG/runlist preempt, runlist resubmit
 * as register-write plans.  Facts: include/nvsched/regs/fifo.h
 * (regs-fifo.md §3.1-§3.3 submit registers, §4 PCCSR/CHRAM, §5 preempt).
 */
#include "control.h"
#include "nvsched/regs/fifo.h"

/* the plan is only valid while (@off & @mask) still reads @val */
static void expect(struct nvs_plan *p, uint32_t off, uint32_t mask, uint32_t val)
{
	p->exp[p->nexp].off = off;
	p->exp[p->nexp].mask = mask;
	p->exp[p->nexp].val = val & mask;
	p->nexp++;
}

/* the plan must not be written while (@off & @mask) reads non-zero */
static void busy(struct nvs_plan *p, uint32_t off, uint32_t mask)
{
	p->busy_off = off;
	p->busy_mask = mask;
}

static void add(struct nvs_plan *p, uint32_t off, uint32_t val)
{
	p->w[p->n].off = off;
	p->w[p->n].val = val;
	p->n++;
}

unsigned int nvs_max_tsgid(const struct nvs_caps *caps)
{
	/* ID 11:0 pre-Ampere; HW 10:0 from Ampere on (regs-fifo.md §5) */
	return (1u << caps->tsgid_bits) - 1;
}

static int plan_channel(const struct nvs_io *io, const struct nvs_caps *caps,
			const struct nvs_rl_loc *loc, bool enable, unsigned int chid,
			struct nvs_plan *p)
{
	uint32_t v, keep;

	if (chid >= loc->num_channels)
		return -ERANGE;
	if (caps->chan_ctl == NVS_CHAN_CHRAM) {
		add(p, NV_CHRAM_CHANNEL(loc->chram_base, chid),
		    enable ? NV_CHRAM_CHANNEL_UPDATE_ENABLE_CHANNEL :
			     NV_CHRAM_CHANNEL_UPDATE_DISABLE_CHANNEL);
		return 0;
	}
	v = nvs_rd32(io, NV_PCCSR_CHANNEL(chid));
	if (nvs_reg_unreadable(v))
		return -EIO;
	/* RW fields as read; W1-to-reset fault bits and W-only bits as 0 */
	keep = NVS_FMASK(NV_PCCSR_CHANNEL_NEXT);
	if (caps->pccsr_runlist_rw)
		keep |= NVS_FMASK(NV_PCCSR_CHANNEL_RUNLIST_GK104);
	expect(p, NV_PCCSR_CHANNEL(chid), keep, v);
	add(p, NV_PCCSR_CHANNEL(chid), (v & keep) |
	    (enable ? NVS_FMASK(NV_PCCSR_CHANNEL_ENABLE_SET) :
		      NVS_FMASK(NV_PCCSR_CHANNEL_ENABLE_CLR)));
	return 0;
}

static int plan_preempt(const struct nvs_caps *caps, const struct nvs_rl_loc *loc,
			bool tsg, unsigned int id, struct nvs_plan *p)
{
	uint32_t off;

	if (tsg && id > nvs_max_tsgid(caps))
		return -ERANGE;
	if (caps->rl_block) {
		off = NV_RUNLIST(loc->pri_base, caps->rl_block, preempt);
		add(p, off, tsg ? NVS_SET(NV_RUNLIST_PREEMPT_TYPE, NV_RUNLIST_PREEMPT_TYPE_TSG) |
			    NVS_SET(NV_RUNLIST_PREEMPT_ID, id) :
			    NVS_SET(NV_RUNLIST_PREEMPT_TYPE, NV_RUNLIST_PREEMPT_TYPE_RUNLIST));
		/* one register for both kinds: either pending blocks a new one */
		busy(p, off, NVS_FMASK(NV_RUNLIST_PREEMPT_TSG_PENDING) |
			     NVS_FMASK(NV_RUNLIST_PREEMPT_RUNLIST_PENDING));
		p->poll_off = off;
		p->poll_mask = tsg ? NVS_FMASK(NV_RUNLIST_PREEMPT_TSG_PENDING) :
				     NVS_FMASK(NV_RUNLIST_PREEMPT_RUNLIST_PENDING);
		return 0;
	}
	/* a channel/TSG preempt in flight (NV_PFIFO_PREEMPT.PENDING) blocks both */
	busy(p, NV_PFIFO_PREEMPT, NVS_FMASK(NV_PFIFO_PREEMPT_PENDING));
	if (tsg) {
		add(p, NV_PFIFO_PREEMPT, NVS_SET(NV_PFIFO_PREEMPT_TYPE, NV_PFIFO_PREEMPT_TYPE_TSG) |
		    NVS_SET(NV_PFIFO_PREEMPT_ID, id));
		p->poll_off = NV_PFIFO_PREEMPT;
		p->poll_mask = NVS_FMASK(NV_PFIFO_PREEMPT_PENDING);
		return 0;
	}
	/* NV_PFIFO_RUNLIST_PREEMPT: absent on GK104 ([NVDBG]); the manual says
	 * not to poll it, so this preempt is issued without waiting */
	if (!caps->has_runlist_preempt || loc->id < 0 || loc->id > 31)
		return -EOPNOTSUPP;
	add(p, NV_PFIFO_RUNLIST_PREEMPT, 1u << loc->id);
	return 0;
}

static int plan_resubmit(const struct nvs_io *io, const struct nvs_caps *caps,
			 const struct nvs_rl_loc *loc, struct nvs_plan *p)
{
	uint32_t sub, info;

	p->rewrites_runlist = true;
	switch (caps->rl_regs) {
	case NVS_RL_PFIFO_SINGLE:
		/* the submit port is shared: base first, then length + id */
		if (loc->id > 15 || (loc->base >> 12) > NVS_MASK(NV_PFIFO_RUNLIST_BASE_PTR))
			return -ERANGE;
		add(p, NV_PFIFO_RUNLIST_BASE,
		    NVS_SET(NV_PFIFO_RUNLIST_BASE_PTR, (uint32_t)(loc->base >> 12)) |
		    NVS_SET(NV_PFIFO_RUNLIST_BASE_TARGET, loc->aperture));
		add(p, NV_PFIFO_RUNLIST, NVS_SET(NV_PFIFO_RUNLIST_ID, loc->id) |
		    NVS_SET(NV_PFIFO_RUNLIST_LENGTH, loc->length));
		p->poll_off = NV_PFIFO_ENG_RUNLIST(loc->id);
		p->poll_mask = NVS_FMASK(NV_PFIFO_ENG_RUNLIST_PENDING);
		busy(p, p->poll_off, p->poll_mask);
		return 0;
	case NVS_RL_PFIFO_INDEXED:
		sub = NV_PFIFO_RUNLIST_SUBMIT(loc->id);
		info = NV_PFIFO_RUNLIST_SUBMIT_INFO(loc->id);
		break;
	case NVS_RL_BLOCK_GA100:
	case NVS_RL_BLOCK_GB20X:
		if (!caps->rl_block)
			return -EOPNOTSUPP;
		sub = NV_RUNLIST(loc->pri_base, caps->rl_block, submit);
		info = NV_RUNLIST(loc->pri_base, caps->rl_block, submit_info);
		break;
	default:
		return -EOPNOTSUPP;
	}
	/* rewrite SUBMIT of this runlist with its current length and offset */
	add(p, sub, NVS_SET(NV_RUNLIST_SUBMIT_LENGTH, loc->length) |
	    NVS_SET(NV_RUNLIST_SUBMIT_OFFSET, loc->offset));
	busy(p, info, NVS_FMASK(NV_PFIFO_RUNLIST_SUBMIT_INFO_PENDING));
	p->poll_off = info;
	p->poll_mask = NVS_FMASK(NV_PFIFO_RUNLIST_SUBMIT_INFO_PENDING);
	(void)io;
	return 0;
}

static int plan_sched(const struct nvs_io *io, const struct nvs_caps *caps,
		      const struct nvs_rl_loc *loc, bool disable, struct nvs_plan *p)
{
	uint32_t v;

	p->rewrites_runlist = true;
	if (caps->rl_block) {
		/* NV_RUNLIST_SCHED_DISABLE.RUNLIST, one register per runlist */
		add(p, NV_RUNLIST(loc->pri_base, caps->rl_block, sched_disable),
		    NVS_SET(NV_RUNLIST_SCHED_DISABLE_RUNLIST,
			    disable ? NV_RUNLIST_SCHED_DISABLE_RUNLIST_DISABLED :
				      NV_RUNLIST_SCHED_DISABLE_RUNLIST_ENABLED));
		return 0;
	}
	/* NV_PFIFO_SCHED_DISABLE: bit i per runlist, a read-modify-write */
	if (loc->id < 0 || loc->id > 31)
		return -ERANGE;
	v = nvs_rd32(io, NV_PFIFO_SCHED_DISABLE);
	if (nvs_reg_unreadable(v))
		return -EIO;
	expect(p, NV_PFIFO_SCHED_DISABLE, 0xffffffffu, v);
	add(p, NV_PFIFO_SCHED_DISABLE, disable ? v | (1u << loc->id) : v & ~(1u << loc->id));
	return 0;
}

int nvs_ctl_plan(const struct nvs_io *io, const struct nvs_caps *caps,
		 const struct nvs_rl_loc *loc, enum nvs_ctl_op op, unsigned int id,
		 struct nvs_plan *p)
{
	memset(p, 0, sizeof(*p));
	if (!caps)
		return -EOPNOTSUPP;
	switch (op) {
	case NVS_CTL_DISABLE_CHANNEL:
	case NVS_CTL_ENABLE_CHANNEL:
		return plan_channel(io, caps, loc, op == NVS_CTL_ENABLE_CHANNEL, id, p);
	case NVS_CTL_PREEMPT_TSG:
		return plan_preempt(caps, loc, true, id, p);
	case NVS_CTL_PREEMPT_RUNLIST:
		return plan_preempt(caps, loc, false, 0, p);
	case NVS_CTL_RESUBMIT_RUNLIST:
		return plan_resubmit(io, caps, loc, p);
	case NVS_CTL_SCHED_DISABLE:
	case NVS_CTL_SCHED_ENABLE:
		return plan_sched(io, caps, loc, op == NVS_CTL_SCHED_DISABLE, p);
	}
	return -EINVAL;
}

void nvs_plan_apply(const struct nvs_io *io, const struct nvs_plan *p)
{
	unsigned int i;

	for (i = 0; i < p->n; i++)
		nvs_wr32(io, p->w[i].off, p->w[i].val);
}

int nvs_plan_check(const struct nvs_io *io, const struct nvs_plan *p)
{
	unsigned int i;
	uint32_t v;

	for (i = 0; i < p->nexp; i++) {
		v = nvs_rd32(io, p->exp[i].off);
		if (v == 0xffffffffu)
			return -ENODEV;
		if ((v & p->exp[i].mask) != p->exp[i].val)
			return -EBUSY;
	}
	if (p->busy_off) {
		/* a submit or preempt in flight (the driver's, or an earlier
		 * one of ours that timed out): do not write over it */
		v = nvs_rd32(io, p->busy_off);
		if (v == 0xffffffffu)
			return -ENODEV;
		if (nvs_is_pri_error(v))
			return -EIO;
		if (v & p->busy_mask)
			return -EBUSY;
	}
	return 0;
}

bool nvs_plan_pending(const struct nvs_io *io, const struct nvs_plan *p)
{
	uint32_t v;

	if (!p->poll_off)
		return false;
	v = nvs_rd32(io, p->poll_off);
	return nvs_reg_unreadable(v) || (v & p->poll_mask);
}

int nvs_plan_wait(const struct nvs_io *io, const struct nvs_plan *p,
		  unsigned int max_polls, void (*wait)(void *ctx), void *ctx)
{
	unsigned int i;

	for (i = 0; i < max_polls; i++) {
		if (!nvs_plan_pending(io, p))
			return 0;
		if (wait)
			wait(ctx);
	}
	return nvs_plan_pending(io, p) ? -ETIMEDOUT : 0;
}

static bool rl_has(const struct nvs_rl_loc *loc, const struct nvs_rl_item *items,
		   enum nvs_rl_kind kind, unsigned int id)
{
	unsigned int i;

	for (i = 0; items && i < loc->length; i++)
		if (items[i].kind == kind && items[i].id == id)
			return true;
	return false;
}

bool nvs_rl_has_chan(const struct nvs_rl_loc *loc, const struct nvs_rl_item *items,
		     unsigned int chid)
{
	return rl_has(loc, items, NVS_RL_CHAN, chid);
}

bool nvs_rl_has_tsg(const struct nvs_rl_loc *loc, const struct nvs_rl_item *items,
		    unsigned int tsgid)
{
	return rl_has(loc, items, NVS_RL_TSG, tsgid);
}

static const char *const ctl_op_names[] = {
	[NVS_CTL_DISABLE_CHANNEL] = "disable channel",
	[NVS_CTL_ENABLE_CHANNEL] = "enable channel",
	[NVS_CTL_PREEMPT_TSG] = "preempt TSG",
	[NVS_CTL_PREEMPT_RUNLIST] = "preempt runlist",
	[NVS_CTL_RESUBMIT_RUNLIST] = "resubmit runlist",
	[NVS_CTL_SCHED_DISABLE] = "disable scheduling of runlist",
	[NVS_CTL_SCHED_ENABLE] = "enable scheduling of runlist",
};

const char *nvs_ctl_op_name(enum nvs_ctl_op op)
{
	return NVS_NAME(ctl_op_names, (unsigned int)op, "unknown");
}
