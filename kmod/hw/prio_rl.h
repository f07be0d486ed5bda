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

#endif /* NVS_HW_PRIO_RL_H */
