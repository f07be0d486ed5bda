/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * control.h - the register writes of every control operation, as plans.
 *
 * A plan is computed from the current hardware state (reads only), then
 * either printed (--dry-run) or applied by nvs_plan_apply(); the kernel and
 * the simulator run the same code.
 */
#ifndef NVS_HW_CONTROL_H
#define NVS_HW_CONTROL_H

#include "compat.h"
#include "nvs_io.h"
#include "chip.h"
#include "runlist.h"

#define NVS_PLAN_MAX_WRITES	4

enum nvs_ctl_op {
	NVS_CTL_DISABLE_CHANNEL = 1,
	NVS_CTL_ENABLE_CHANNEL,
	NVS_CTL_PREEMPT_TSG,
	NVS_CTL_PREEMPT_RUNLIST,
	NVS_CTL_RESUBMIT_RUNLIST,
	/* 6 is the ABI's RESTORE_CHANNELS, handled by the glue */
	NVS_CTL_SCHED_DISABLE = 7,	/* stop scheduling the runlist */
	NVS_CTL_SCHED_ENABLE = 8,
};

/**
 * struct nvs_plan - register writes of one operation and how to wait
 * @n: number of writes
 * @w: the writes, in order
 * @poll_off: register to poll for completion, 0 when none
 * @poll_mask: bits that stay set while the operation is pending
 * @rewrites_runlist: the plan submits a runlist or changes its scheduling
 *	state (refused under GSP firmware unless allowed)
 * @busy_off: register whose @busy_mask bits must read 0 when the plan is
 *	applied (a preempt or submit already in flight there), 0 when none
 * @busy_mask: see @busy_off
 * @nexp: number of expectations
 * @exp: registers a read-modify-write was computed from: @mask bits of
 *	@off must still read @val when the plan is applied (nvs_plan_check())
 */
struct nvs_plan {
	unsigned int n;
	struct {
		uint32_t off;
		uint32_t val;
	} w[NVS_PLAN_MAX_WRITES];
	uint32_t poll_off;
	uint32_t poll_mask;
	bool rewrites_runlist;
	uint32_t busy_off;
	uint32_t busy_mask;
	unsigned int nexp;
	struct {
		uint32_t off;
		uint32_t mask;
		uint32_t val;
	} exp[2];
};

/**
 * nvs_ctl_plan() - compute the writes of @op
 * @io: register access (reads only)
 * @caps: chip capabilities
 * @loc: the runlist (from nvs_runlist_locate()); its id for runlist ops,
 *	its CHRAM for Ampere+ channels, its submit registers for resubmit
 * @op: operation
 * @id: channel id (channel ops) or TSG id (TSG preempt); unused otherwise
 * @p: result
 *
 * Channel writes follow regs-fifo.md §4: PCCSR is a read-modify-write that
 * sets ENABLE_SET or ENABLE_CLR, keeps NEXT (and Kepler's RUNLIST field) as
 * read and writes 0 to the write-1-to-reset fault bits; CHRAM gets the
 * canned ENABLE_CHANNEL / DISABLE_CHANNEL values.
 *
 * Return: 0; -ERANGE for ids beyond the chip's limits; -EOPNOTSUPP when the
 * chip has no such register (runlist preempt on Kepler); -EIO when a
 * register read needed for the plan is a PRI error.
 */
int nvs_ctl_plan(const struct nvs_io *io, const struct nvs_caps *caps,
		 const struct nvs_rl_loc *loc, enum nvs_ctl_op op, unsigned int id,
		 struct nvs_plan *p);

/* Apply the writes of @p (no waiting). */
void nvs_plan_apply(const struct nvs_io *io, const struct nvs_plan *p);

/**
 * nvs_plan_check() - is the state @p was computed from still there?
 * @io: register access
 * @p: the plan
 *
 * Re-reads every expectation of @p (the PCCSR word of a channel, the
 * shared scheduling-disable register) and, for a runlist resubmit or a
 * preempt, the pending bits of that register (@p->busy_off): the owning
 * driver may have changed them since the plan was made, or may have a
 * preempt or submit of its own in flight, which a second write would
 * replace.  Call it just before nvs_plan_apply(), lock held.
 *
 * Return: 0; -EBUSY when a value changed or a preempt or submit is in
 * flight; -ENODEV when the GPU reads all ones; -EIO for a PRI error.
 */
int nvs_plan_check(const struct nvs_io *io, const struct nvs_plan *p);

/* Still pending? (@p->poll_off & @p->poll_mask), false when nothing to poll;
 * a PRI error while polling counts as pending. */
bool nvs_plan_pending(const struct nvs_io *io, const struct nvs_plan *p);

/* Poll nvs_plan_pending() at most @max_polls + 1 times, calling @wait
 * (may be NULL) with @ctx between polls.  Return: 0, or -ETIMEDOUT when
 * still pending. */
int nvs_plan_wait(const struct nvs_io *io, const struct nvs_plan *p,
		  unsigned int max_polls, void (*wait)(void *ctx), void *ctx);

/* Largest TSG id the chip accepts in PREEMPT (11-bit on Ampere+, 12 before). */
unsigned int nvs_max_tsgid(const struct nvs_caps *caps);

/* Is channel @chid / TSG @tsgid in the decoded runlist? */
bool nvs_rl_has_chan(const struct nvs_rl_loc *loc, const struct nvs_rl_item *items,
		     unsigned int chid);
bool nvs_rl_has_tsg(const struct nvs_rl_loc *loc, const struct nvs_rl_item *items,
		    unsigned int tsgid);

const char *nvs_ctl_op_name(enum nvs_ctl_op op);

#endif /* NVS_HW_CONTROL_H */
