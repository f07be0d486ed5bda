// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * prio_rl.c - filtered runlist copies and their submit plans (prio_rl.h).
 * Facts: include/nvsched/regs/fifo.h (submit registers per generation) and
 * the runlist entry formats decoded by runlist.c.
 */
#include "prio_rl.h"
#include "nvsched/regs/fifo.h"

int nvs_prio_rl_filter(const struct nvs_caps *caps, const struct nvs_rl_loc *loc,
		       const void *raw, const struct nvs_rl_item *items,
		       const uint64_t *allowed, unsigned int nbits,
		       void *out, unsigned int out_entries)
{
	const uint8_t *src = raw;
	uint8_t *dst = out;
	unsigned int i, n = 0, es;
	bool keep_tsg = false;
	int cur_tsg = -1;

	if (!caps || !loc || !allowed || (loc->length && (!raw || !items || !out)))
		return -EINVAL;
	es = caps->rl_entry_size;
	if (es != 8 && es != 16)
		return -EINVAL;
	if (loc->length > NVS_RL_MAX_ENTRIES)
		return -EIO;
	for (i = 0; i < loc->length; i++) {
		const struct nvs_rl_item *it = &items[i];
		bool keep;

		if (it->err)
			return -EIO;
		if (it->kind == NVS_RL_TSG) {
			cur_tsg = (int)i;
			keep_tsg = it->id < nbits &&
				   ((allowed[it->id / 64u] >> (it->id % 64u)) & 1u);
			keep = keep_tsg;
		} else if (it->kind == NVS_RL_CHAN) {
			if (it->tsg < 0) {
				keep = true;	/* bare channel: not ownable */
			} else if (it->tsg != cur_tsg) {
				return -EIO;
			} else {
				keep = keep_tsg;
			}
		} else {
			return -EIO;
		}
		if (!keep)
			continue;
		if (n >= out_entries)
			return -ENOSPC;
		memcpy(dst + (size_t)n * es, src + (size_t)i * es, es);
		n++;
	}
	return (int)n;
}

int nvs_prio_rl_tsgs(const struct nvs_rl_loc *loc, const struct nvs_rl_item *items,
		     uint64_t *bm, unsigned int nbits)
{
	unsigned int i;

	for (i = 0; i < loc->length; i++) {
		if (items[i].err)
			return -EIO;
		if (items[i].kind != NVS_RL_TSG)
			continue;
		if (items[i].id >= nbits)
			return -EIO;
		bm[items[i].id / 64u] |= (uint64_t)1 << (items[i].id % 64u);
	}
	return 0;
}

static void plan_add(struct nvs_plan *p, uint32_t off, uint32_t val)
{
	p->w[p->n].off = off;
	p->w[p->n].val = val;
	p->n++;
}

int nvs_prio_rl_plan(const struct nvs_caps *caps, const struct nvs_rl_loc *loc,
		     const struct nvs_rl_loc *to, struct nvs_plan *p)
{
	uint32_t lo_off, hi_off, sub_off, info_off, hi_max, shift;
	uint64_t base;

	if (!caps || !loc || !to || !p)
		return -EINVAL;
	memset(p, 0, sizeof(*p));
	p->rewrites_runlist = true;
	base = to->base;
	if (to->aperture == 1 || to->aperture > 3)
		return -EINVAL;
	if (to->length > NVS_MASK(NV_RUNLIST_SUBMIT_LENGTH))
		return -ERANGE;
	switch (caps->rl_regs) {
	case NVS_RL_PFIFO_SINGLE:
		/* one shared submit port: base, then id + length (submits) */
		if (base & 0xfff)
			return -EINVAL;
		if (loc->id < 0 || loc->id > (int)NVS_MASK(NV_PFIFO_RUNLIST_ID) ||
		    (base >> 12) > NVS_MASK(NV_PFIFO_RUNLIST_BASE_PTR) || to->offset)
			return -ERANGE;
		plan_add(p, NV_PFIFO_RUNLIST_BASE,
			 NVS_SET(NV_PFIFO_RUNLIST_BASE_PTR, (uint32_t)(base >> 12)) |
			 NVS_SET(NV_PFIFO_RUNLIST_BASE_TARGET, to->aperture));
		plan_add(p, NV_PFIFO_RUNLIST, NVS_SET(NV_PFIFO_RUNLIST_ID, (uint32_t)loc->id) |
			 NVS_SET(NV_PFIFO_RUNLIST_LENGTH, to->length));
		p->poll_off = NV_PFIFO_ENG_RUNLIST(loc->id);
		p->poll_mask = NVS_FMASK(NV_PFIFO_ENG_RUNLIST_PENDING);
		return 0;
	case NVS_RL_PFIFO_INDEXED:
		if (loc->id < 0 || loc->id >= NV_PFIFO_RUNLIST_SUBMIT__SIZE_1)
			return -ERANGE;
		lo_off = NV_PFIFO_RUNLIST_BASE_LO(loc->id);
		hi_off = NV_PFIFO_RUNLIST_BASE_HI(loc->id);
		sub_off = NV_PFIFO_RUNLIST_SUBMIT(loc->id);
		info_off = NV_PFIFO_RUNLIST_SUBMIT_INFO(loc->id);
		hi_max = NVS_MASK(NV_PFIFO_RUNLIST_BASE_HI_PTR_HI);
		shift = 12;
		break;
	case NVS_RL_BLOCK_GA100:
	case NVS_RL_BLOCK_GB20X:
		if (!loc->pri_base || !caps->rl_block)
			return -ERANGE;
		lo_off = NV_RUNLIST(loc->pri_base, caps->rl_block, submit_base_lo);
		hi_off = NV_RUNLIST(loc->pri_base, caps->rl_block, submit_base_hi);
		sub_off = NV_RUNLIST(loc->pri_base, caps->rl_block, submit);
		info_off = NV_RUNLIST(loc->pri_base, caps->rl_block, submit_info);
		/* SUBMIT_BASE_HI.PTR_HI: 7:0, or 19:0 from GH100 on */
		hi_max = (uint32_t)(((uint64_t)1 << caps->rl_base_hi_bits) - 1);
		shift = caps->rl_base_shift;
		break;
	default:
		return -EOPNOTSUPP;
	}
	if (shift < 2 || shift > 31 || (base & (((uint64_t)1 << shift) - 1)))
		return -EINVAL;
	if ((base >> 32) > hi_max)
		return -ERANGE;
	if (to->offset > NVS_MASK(NV_RUNLIST_SUBMIT_OFFSET))
		return -ERANGE;
	/* the target sits in the low bits the alignment leaves free */
	plan_add(p, lo_off, (uint32_t)base | NVS_SET(NV_RUNLIST_SUBMIT_BASE_LO_TARGET, to->aperture));
	plan_add(p, hi_off, (uint32_t)(base >> 32));
	plan_add(p, sub_off, NVS_SET(NV_RUNLIST_SUBMIT_LENGTH, to->length) |
		 NVS_SET(NV_RUNLIST_SUBMIT_OFFSET, to->offset));
	p->poll_off = info_off;
	p->poll_mask = NVS_FMASK(NV_PFIFO_RUNLIST_SUBMIT_INFO_PENDING);
	return 0;
}

static int nvs_prio_rl_submit(const struct nvs_io *io, const struct nvs_caps *caps,
			      struct nvs_prio_rl_state *s, const struct nvs_rl_loc *now,
			      const struct nvs_rl_loc *to)
{
	struct nvs_plan p;
	int ret;

	ret = nvs_prio_rl_plan(caps, now, to, &p);
	if (ret)
		return ret;
	nvs_plan_apply(io, &p);
	s->submits++;
	return nvs_plan_wait(io, &p, s->max_polls, s->wait, s->ctx);
}

int nvs_prio_rl_apply(const struct nvs_io *io, const struct nvs_caps *caps,
		      const struct nvs_topology *t, struct nvs_prio_rl_state *s,
		      const uint64_t *allowed, unsigned int nbits, bool all)
{
	struct nvs_prio_rl_buf *b;
	struct nvs_rl_loc now, to;
	unsigned int next;
	int ret, n;

	ret = nvs_runlist_locate(io, caps, t, s->id, &now);
	if (ret)
		return ret;
	if (!s->active) {
		s->drv = now;
	} else if (now.base != s->buf[s->cur].base ||
		   now.aperture != s->buf[s->cur].aperture) {
		/* the owning driver submitted its own list over ours */
		s->drv = now;
		s->active = false;
		s->resubmits++;
	}
	if (all) {
		if (!s->active)
			return 0;
		s->active = false;
		return nvs_prio_rl_submit(io, caps, s, &now, &s->drv);
	}
	if (s->drv.length > s->buf[0].entries || s->drv.length > s->buf[1].entries)
		return -ENOSPC;
	ret = nvs_runlist_fetch(io, caps, &s->drv, s->raw, NULL);
	if (ret)
		return ret;
	nvs_runlist_decode(caps, &s->drv, s->raw, s->items);
	next = s->active ? !s->cur : 0;
	b = &s->buf[next];
	n = nvs_prio_rl_filter(caps, &s->drv, s->raw, s->items, allowed, nbits, b->cpu,
			       b->entries);
	if (n < 0)
		return n;
	if (s->publish) {
		ret = s->publish(s->ctx, b, (size_t)n * caps->rl_entry_size);
		if (ret)
			return ret;
	}
	to = s->drv;
	to.base = b->base;
	to.aperture = b->aperture;
	to.length = (uint32_t)n;
	to.offset = 0;
	s->cur = next;
	s->active = true;
	return nvs_prio_rl_submit(io, caps, s, &now, &to);
}

static bool nvs_gate_test(const uint64_t *bm, unsigned int bit)
{
	return (bm[bit / 64u] >> (bit % 64u)) & 1u;
}

static int nvs_gate_chan(const struct nvs_io *io, const struct nvs_caps *caps,
			 const struct nvs_rl_loc *loc, struct nvs_prio_gate_state *s,
			 unsigned int chid, bool enable)
{
	uint64_t bit = (uint64_t)1 << (chid % 64u);
	struct nvs_plan p;
	int ret;

	if (!enable && s->no_new_writes)
		return -EPERM;	/* only undoing is allowed (GSP firmware) */
	ret = nvs_ctl_plan(io, caps, loc, enable ? NVS_CTL_ENABLE_CHANNEL :
			   NVS_CTL_DISABLE_CHANNEL, chid, &p);
	if (ret)
		return ret;
	nvs_plan_apply(io, &p);
	s->writes += p.n;
	if (enable) {
		s->disabled[chid / 64u] &= ~bit;
		s->ndisabled--;
	} else {
		s->disabled[chid / 64u] |= bit;
		s->ndisabled++;
	}
	return 0;
}

static int nvs_gate_preempt(const struct nvs_io *io, const struct nvs_caps *caps,
			    const struct nvs_rl_loc *loc, struct nvs_prio_gate_state *s,
			    unsigned int tsgid)
{
	struct nvs_plan p;

	if (s->no_new_writes)
		return -EPERM;
	if (nvs_ctl_plan(io, caps, loc, NVS_CTL_PREEMPT_TSG, tsgid, &p))
		return 0;	/* no TSG preempt here: the timeslice ends it */
	/* a preempt already in flight (the driver's) is not replaced: the
	 * channels are off, the TSG leaves at its timeslice's end */
	if (nvs_plan_check(io, &p))
		return 0;
	nvs_plan_apply(io, &p);
	s->writes += p.n;
	return nvs_plan_wait(io, &p, s->max_polls, s->wait, s->ctx);
}

int nvs_prio_gate_apply(const struct nvs_io *io, const struct nvs_caps *caps,
			const struct nvs_topology *t, struct nvs_prio_gate_state *s,
			const uint64_t *allowed, unsigned int nbits, bool all)
{
	struct nvs_rl_loc loc;
	unsigned int i, w;
	int ret, err = 0;

	ret = nvs_runlist_locate(io, caps, t, s->id, &loc);
	if (ret)
		return ret;
	if (all) {
		/* every channel we disabled, on the runlist or not */
		for (w = 0; w < NVS_PRIO_GATE_CHANNELS / 64u; w++)
			while (s->disabled[w]) {
				unsigned int b = 0;

				while (!((s->disabled[w] >> b) & 1u))
					b++;
				ret = nvs_gate_chan(io, caps, &loc, s, w * 64u + b, true);
				if (ret) {
					/* cannot re-enable (gone from the chip): forget it */
					s->disabled[w] &= ~((uint64_t)1 << b);
					s->ndisabled--;
					err = err ? err : ret;
				}
			}
		return err;
	}
	if (loc.length > s->entries)
		return -ENOSPC;
	ret = nvs_runlist_fetch(io, caps, &loc, s->raw, NULL);
	if (ret)
		return ret;
	nvs_runlist_decode(caps, &loc, s->raw, s->items);
	for (i = 0; i < loc.length; i++)
		if (s->items[i].err || (s->items[i].kind == NVS_RL_CHAN &&
					s->items[i].id >= NVS_PRIO_GATE_CHANNELS))
			return -EIO;
	nvs_runlist_read_states(io, caps, &loc, s->items);
	for (i = 0; i < loc.length; i++) {
		const struct nvs_rl_item *it = &s->items[i], *tsg;
		bool want, ours, evicted = false;
		unsigned int k;

		if (it->kind != NVS_RL_TSG)
			continue;
		want = it->id < nbits && nvs_gate_test(allowed, it->id);
		for (k = i + 1; k < loc.length && s->items[k].kind == NVS_RL_CHAN &&
		     s->items[k].tsg == (int32_t)i; k++) {
			tsg = &s->items[k];
			ours = nvs_gate_test(s->disabled, tsg->id);
			if (want && ours) {
				ret = nvs_gate_chan(io, caps, &loc, s, tsg->id, true);
			} else if (!want && !ours && tsg->st.valid && tsg->st.enabled) {
				ret = nvs_gate_chan(io, caps, &loc, s, tsg->id, false);
				evicted = true;
			} else {
				ret = 0;
			}
			if (ret)
				return ret;
		}
		if (evicted && s->preempt) {
			ret = nvs_gate_preempt(io, caps, &loc, s, it->id);
			if (ret)
				err = err ? err : ret;
		}
	}
	return err;
}
