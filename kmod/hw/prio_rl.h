/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * prio_rl.h - the runlist mechanism of priority scheduling: a filtered copy
 * of the driver's runlist (only the TSGs the policy allows, each with all
 * its channels) and the register writes that submit it, or that submit the
 * driver's own runlist again.  Pure: the caller owns every buffer, reads
 * the runlist, holds the per-GPU lock and applies the plan.
 */
#ifndef NVS_HW_PRIO_RL_H
#define NVS_HW_PRIO_RL_H

#include "compat.h"
#include "chip.h"
#include "runlist.h"
#include "control.h"

/**
 * nvs_prio_rl_filter() - copy the allowed TSGs of a runlist
 * @caps:    chip capabilities (entry size)
 * @loc:     the runlist read (loc->length entries)
 * @raw:     its entries as nvs_runlist_fetch() read them
 * @items:   their decode (nvs_runlist_decode())
 * @allowed: bitmap of allowed TSG ids (64-bit words)
 * @nbits:   ids the bitmap covers; a TSG id at or above it is not allowed
 * @out:     the copy (@out_entries entries of caps->rl_entry_size bytes)
 * @out_entries: room in @out
 *
 * Every TSG header whose id is allowed is copied with the channel entries
 * that follow it (its TSG_LENGTH, unchanged); other TSGs are left out with
 * their channels.  Channels outside any TSG (possible before Volta) are
 * kept: the policy cannot own them.  The runlist is untrusted GPU memory:
 * any inline decode problem, or a channel whose TSG header is not before
 * it, makes the copy fail rather than submit something the hardware would
 * reject.
 *
 * Return: the number of entries written; -EIO for a corrupt runlist;
 * -ENOSPC when @out is too small; -EINVAL for bad arguments.
 */
int nvs_prio_rl_filter(const struct nvs_caps *caps, const struct nvs_rl_loc *loc,
		       const void *raw, const struct nvs_rl_item *items,
		       const uint64_t *allowed, unsigned int nbits,
		       void *out, unsigned int out_entries);

/**
 * nvs_prio_rl_tsgs() - the set of TSGs on a decoded runlist
 * @loc:   the runlist (loc->length entries)
 * @items: its decode
 * @bm:    bitmap to set the ids in (64-bit words; not cleared first)
 * @nbits: ids the bitmap covers
 *
 * For the capture protocol (nvs_prio_capture_begin()/_end()).
 *
 * Return: 0; -EIO for an inline decode problem or a TSG id at or above
 * @nbits (the bitmap may then be partly set).
 */
int nvs_prio_rl_tsgs(const struct nvs_rl_loc *loc, const struct nvs_rl_item *items,
		     uint64_t *bm, unsigned int nbits);

/**
 * nvs_prio_rl_plan() - the writes that make the GPU run another runlist
 * @caps: chip capabilities
 * @loc:  the runlist as located now (its id, its NV_RUNLIST block)
 * @to:   what to submit: @to->base, @to->aperture, @to->length and (Turing+)
 *        @to->offset; the driver's own runlist to restore it
 * @p:    the plan: at most 3 writes (base low, base high, submit; 2 before
 *        Turing), the submit last, and the pending bit to poll
 *
 * Return: 0; -EINVAL for a base not aligned as the chip requires or an
 * undefined aperture; -ERANGE for a base, length, offset or runlist id
 * the registers cannot hold; -EOPNOTSUPP for an unknown register layout.
 */
int nvs_prio_rl_plan(const struct nvs_caps *caps, const struct nvs_rl_loc *loc,
		     const struct nvs_rl_loc *to, struct nvs_plan *p);

/**
 * struct nvs_prio_rl_buf - one GPU-visible buffer for a runlist copy
 * @base: its GPU address (aligned as the chip requires)
 * @aperture: NVS_AP_* of @base
 * @cpu: the CPU's view (what nvs_prio_rl_filter() writes)
 * @entries: room, in runlist entries
 */
struct nvs_prio_rl_buf {
	uint64_t base;
	uint8_t aperture;
	void *cpu;
	unsigned int entries;
};

/*
 * NVS_PRIO_MECH_COMMON: the members that both mechanisms' runlist states
 * (struct nvs_prio_rl_state, struct nvs_prio_gate_state) begin with: the
 * runlist, scratch to read and decode its entries, and the bound of a poll
 * (what nvs_runlist_fetch(), nvs_runlist_decode() and nvs_plan_wait() take):
 *   id         hardware runlist id
 *   raw        scratch for the runlist's entries
 *   items      scratch for their decode
 *   wait       called between polls of a pending bit
 *   ctx        for wait (and the runlist mechanism's publish)
 *   max_polls  bound of each poll
 */
#define NVS_PRIO_MECH_COMMON \
	int id; \
	void *raw; \
	struct nvs_rl_item *items; \
	void (*wait)(void *ctx); \
	void *ctx; \
	unsigned int max_polls

/**
 * struct nvs_prio_rl_state - one runlist under priority control
 * @NVS_PRIO_MECH_COMMON: id, raw, items, wait, ctx and max_polls (above):
 *	raw and items hold @buf[0].entries, wait runs between polls of the
 *	submit's pending bit
 * @active: our copy is what the GPU runs; the driver's is in @drv
 * @drv: the driver's runlist: the latest base/length/offset it submitted
 * @cur: index in @buf of our submitted copy
 * @buf: two buffers (double buffering: the next copy never overwrites the
 *	one the GPU may still be reading)
 * @publish: make @buf's first @bytes bytes visible to the GPU (a write
 *	barrier for coherent memory); 0 or a negative errno
 * @submits: submits of our copies and restores
 * @resubmits: times the driver was found to have resubmitted over ours
 */
struct nvs_prio_rl_state {
	NVS_PRIO_MECH_COMMON;
	bool active;
	struct nvs_rl_loc drv;
	unsigned int cur;
	struct nvs_prio_rl_buf buf[2];
	int (*publish)(void *ctx, const struct nvs_prio_rl_buf *b, size_t bytes);
	uint64_t submits;
	uint64_t resubmits;
};

/**
 * nvs_prio_rl_apply() - make the GPU run the allowed TSGs of a runlist
 * @io:      register and memory access; the caller holds the per-GPU lock
 * @caps:    chip capabilities
 * @t:       device table (Ampere+ runlist blocks)
 * @s:       the runlist's state
 * @allowed: the policy's allowed set (nvs_prio_allowed())
 * @nbits:   ids it covers
 * @all:     no real-time segment is active: restore the driver's runlist
 *
 * Reads the submit registers first: when our copy is active but the GPU
 * runs another buffer, the driver resubmitted; that one becomes the
 * driver's runlist (never a stale copy) and @s->resubmits counts it.  Then
 * either restores the driver's runlist (@all) or reads the driver's
 * entries, filters them into the buffer not in use, publishes it and
 * submits it (at most 3 writes), and polls the pending bit at most
 * @s->max_polls times.  Nothing is written when the driver's runlist is
 * unreadable or corrupt.
 *
 * Return: 0; -EIO for unreadable registers or a corrupt runlist; -ENOSPC
 * when the driver's runlist does not fit the buffers; -ETIMEDOUT when the
 * submit stayed pending (it was written: @s says which list it was);
 * other errors of nvs_prio_rl_plan() or @publish.
 */
int nvs_prio_rl_apply(const struct nvs_io *io, const struct nvs_caps *caps,
		      const struct nvs_topology *t, struct nvs_prio_rl_state *s,
		      const uint64_t *allowed, unsigned int nbits, bool all);

/* channel ids the gate mechanism can remember (12-bit ids) */
#define NVS_PRIO_GATE_CHANNELS	4096

/**
 * struct nvs_prio_gate_state - one runlist under the "gate" mechanism:
 *	the channels of held-back TSGs are disabled instead of the runlist
 *	being rewritten (for GPUs whose runlists GSP firmware owns)
 * @NVS_PRIO_MECH_COMMON: id, raw, items, wait, ctx and max_polls (above):
 *	raw and items hold @entries, wait runs between polls of a preempt's
 *	pending bit
 * @disabled: channels this mechanism disabled (and only those: a channel
 *	that was already disabled is left alone and never re-enabled)
 * @ndisabled: bits set in @disabled
 * @entries: room in @raw and @items
 * @preempt: preempt a TSG whose channels were just disabled (so that it
 *	leaves the engine now, not at the end of its timeslice)
 * @no_new_writes: only re-enable channels this mechanism disabled; a
 *	disable or preempt the decision needs fails with -EPERM (set by the
 *	caller per apply: GSP firmware owns the runlists)
 * @writes: register writes done
 */
struct nvs_prio_gate_state {
	NVS_PRIO_MECH_COMMON;
	uint64_t disabled[NVS_PRIO_GATE_CHANNELS / 64];
	unsigned int ndisabled;
	unsigned int entries;
	bool preempt;
	bool no_new_writes;
	uint64_t writes;
};

/**
 * nvs_prio_gate_apply() - enable the channels of allowed TSGs and disable
 *			   those of the others
 * @io:      register and memory access; the caller holds the per-GPU lock
 * @caps:    chip capabilities
 * @t:       device table
 * @s:       the runlist's state
 * @allowed: the policy's allowed set
 * @nbits:   ids it covers
 * @all:     no real-time segment is active: re-enable every channel this
 *	     mechanism disabled (also ones no longer on the runlist)
 *
 * Channels outside any TSG are never touched.  Nothing is written when the
 * runlist is unreadable or corrupt.  A preempt is not written while one
 * is already pending (the TSG then leaves at its timeslice's end).
 *
 * Return: 0; -EIO (unreadable or corrupt runlist, or a channel id beyond
 * NVS_PRIO_GATE_CHANNELS); -ENOSPC when the runlist does not fit the
 * scratch; -ETIMEDOUT when a preempt stayed pending (the channels are
 * disabled all the same); -EPERM when @s->no_new_writes is set and the
 * decision needs a channel disabled (nothing disabled; channels to
 * re-enable before it may have been).
 */
int nvs_prio_gate_apply(const struct nvs_io *io, const struct nvs_caps *caps,
			const struct nvs_topology *t, struct nvs_prio_gate_state *s,
			const uint64_t *allowed, unsigned int nbits, bool all);

#endif /* NVS_HW_PRIO_RL_H */
