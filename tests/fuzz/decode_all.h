/* SPDX-License-Identifier: MIT */
/*
 * decode_all.h - run every kmod/hw decoder and walker over one GPU (an
 * nvs_io of any origin), as the CLI and the module do: identity, PTOP, CE,
 * GR, every runlist (locate, fetch through the PRAMIN window, decode,
 * channel state, instance blocks with their page-table walks, text
 * format) and the control planner for each op.  Used by the fuzz targets;
 * anything it does must terminate and stay in bounds for any register and
 * memory contents.
 */
#ifndef NVS_FUZZ_DECODE_ALL_H
#define NVS_FUZZ_DECODE_ALL_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "chip.h"
#include "ce.h"
#include "control.h"
#include "gr.h"
#include "ptop.h"
#include "runlist.h"

static void fuzz_pr(void *ctx, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	*(size_t *)ctx += buf[0] != 0;
}

static void fuzz_runlist(const struct nvs_io *io, const struct nvs_caps *caps,
			 const struct nvs_topology *t, int id)
{
	static const enum nvs_ctl_op ops[] = {
		NVS_CTL_DISABLE_CHANNEL, NVS_CTL_ENABLE_CHANNEL, NVS_CTL_PREEMPT_TSG,
		NVS_CTL_PREEMPT_RUNLIST, NVS_CTL_RESUBMIT_RUNLIST, NVS_CTL_SCHED_DISABLE,
		NVS_CTL_SCHED_ENABLE,
	};
	struct nvs_rl_loc loc;
	struct nvs_rl_item *items = NULL;
	struct nvs_rl_inst *ri = NULL;
	struct nvs_plan plan;
	size_t lines = 0, i;
	void *raw = NULL;

	if (nvs_runlist_locate(io, caps, t, id, &loc))
		return;
	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		nvs_ctl_plan(io, caps, &loc, ops[i], (unsigned int)i * 7, &plan);
	raw = malloc(nvs_runlist_bytes(caps, &loc) + 1);
	items = calloc(loc.length + 1, sizeof(*items));
	ri = calloc(loc.length + 1, sizeof(*ri));
	if (!raw || !items || !ri)
		abort();
	if (!nvs_runlist_fetch(io, caps, &loc, raw, NULL)) {
		nvs_runlist_decode(caps, &loc, raw, items);
		nvs_runlist_read_states(io, caps, &loc, items);
		nvs_runlist_read_insts(io, caps, &loc, items, ri);
		nvs_runlist_format(&loc, items, ri, fuzz_pr, &lines);
		nvs_rl_has_chan(&loc, items, 3);
		nvs_rl_has_tsg(&loc, items, 3);
	}
	free(raw);
	free(items);
	free(ri);
}

static void fuzz_decode_all(const struct nvs_io *io)
{
	struct nvs_ident id;
	struct nvs_topology *t = calloc(1, sizeof(*t));
	struct nvs_ce *ce = calloc(1, sizeof(*ce));
	struct nvs_gr *gr = calloc(1, sizeof(*gr));
	int16_t ids[NVS_MAX_ENGINES];
	size_t lines = 0;
	unsigned int n, i;

	if (!t || !ce || !gr)
		abort();
	if (nvs_identify(io, &id))
		goto out;
	if (nvs_ptop_read(io, id.caps, t) == 0) {
		nvs_ptop_format(t, fuzz_pr, &lines);
		n = nvs_ptop_runlists(t, ids);
		for (i = 0; i < n && i < NVS_MAX_ENGINES; i++)
			fuzz_runlist(io, id.caps, t, ids[i]);
	} else {
		/* before Ampere the runlists are found without PTOP too */
		fuzz_runlist(io, id.caps, NULL, 0);
	}
	if (nvs_ce_read(io, id.caps, ce) == 0)
		nvs_ce_format(ce, fuzz_pr, &lines);
	nvs_gr_read(io, &id, gr);
out:
	free(t);
	free(ce);
	free(gr);
}

#endif
