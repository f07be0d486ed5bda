// SPDX-License-Identifier: MIT
/*
 * snapshot_module.c - `nvsched snapshot` over the module: run every decoder
 * through the raw read ioctls (module_io.c), which record each register and
 * each piece of GPU memory they read, and write all of it as a snapshot, so
 * `nvsched --snapshot FILE <command>` reproduces the live output.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gpu.h"
#include "module_io.h"
#include "snapshot.h"
#include "chip.h"
#include "ptop.h"
#include "runlist.h"
#include "ce.h"
#include "gr.h"

static void put_reg(void *ctx, uint32_t off, uint32_t val)
{
	nvss_add_reg(ctx, off, val);
}

static void put_mem(void *ctx, uint64_t addr, const void *buf, size_t len)
{
	nvss_add_mem(ctx, NVS_AP_VID, addr, buf, len);
}

/* Every decoder, so that everything they read is recorded. */
static void run_decoders(const struct nvs_io *io, const struct nvs_ident *id)
{
	struct nvs_topology *t = malloc(sizeof(*t));
	struct nvs_ce *ce = malloc(sizeof(*ce));
	struct nvs_gr *gr = malloc(sizeof(*gr));
	int16_t ids[NVS_MAX_ENGINES];
	unsigned int i, n;

	if (!t || !ce || !gr)
		goto out;
	nvs_ce_read(io, id->caps, ce);
	nvs_gr_read(io, id, gr);
	if (nvs_ptop_read(io, id->caps, t))
		goto out;
	n = nvs_ptop_runlists(t, ids);
	for (i = 0; i < n; i++) {
		struct nvs_rl_loc loc;
		struct nvs_rl_item *items;
		struct nvs_rl_inst *ri;
		void *raw;

		if (nvs_runlist_locate(io, id->caps, t, ids[i], &loc) || !loc.length)
			continue;
		raw = malloc(nvs_runlist_bytes(id->caps, &loc));
		items = calloc(loc.length, sizeof(*items));
		ri = calloc(loc.length, sizeof(*ri));
		if (raw && items && ri && !nvs_runlist_fetch(io, id->caps, &loc, raw, NULL)) {
			nvs_runlist_decode(id->caps, &loc, raw, items);
			nvs_runlist_read_states(io, id->caps, &loc, items);
			nvs_runlist_read_insts(io, id->caps, &loc, items, ri);
		}
		free(raw);
		free(items);
		free(ri);
	}
out:
	free(t);
	free(ce);
	free(gr);
}

/**
 * gpu_snapshot_module() - capture GPU @c through the module into @s
 * @c: a module-backend GPU
 * @s: the snapshot to fill
 * @err: message on failure
 * @errlen: size of @err
 *
 * Return: 0 or a negative errno (-EPERM: needs root with CAP_SYS_RAWIO and
 * no kernel lockdown).
 */
int gpu_snapshot_module(const struct gpu *c, struct nvss *s, char *err, size_t errlen)
{
	struct mod_io *m = mod_io_open(c->index);
	struct nvs_ident id;
	int ret;

	if (!m) {
		ret = -errno;
		snprintf(err, errlen, "%s", ret == -EPERM ?
			 "raw register reads need root with CAP_SYS_RAWIO and no kernel lockdown" :
			 strerror(-ret));
		return ret;
	}
	ret = nvs_identify(mod_io_io(m), &id);
	if (ret) {
		snprintf(err, errlen, "cannot identify the GPU: %s", strerror(-ret));
		goto out;
	}
	run_decoders(mod_io_io(m), &id);
	gpu_snapshot_meta(c, s, "module", id.chip ? id.chip->name : "unknown", NULL);
	mod_io_foreach_reg(m, put_reg, s);
	mod_io_foreach_mem(m, put_mem, s);
out:
	mod_io_close(m);
	return ret;
}
