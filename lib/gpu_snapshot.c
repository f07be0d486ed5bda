// SPDX-License-Identifier: MIT
/*
 * gpu_snapshot.c - `nvsched snapshot`: one GPU's registers (and, over the
 * module, the memory its runlists and instance blocks live in) as a
 * snapshot file (CONTRACTS.md §1, docs/snapshot-format.md), per backend.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gpu.h"
#include "gpu_rm.h"
#include "rm_client.h"
#include "rm_io.h"
#include "ptop.h"
#include "snapshot.h"

static void add_reg(void *ctx, uint32_t off, uint32_t val)
{
	nvss_add_reg(ctx, off, val);
}

static int snapshot_rm(struct gpu *c, struct nvss *s)
{
	struct nvs_topology *t = malloc(sizeof(*t));
	int ret;

	if (!t)
		return -ENOMEM;
	ret = gpu_rm_capture(c, t);
	free(t);
	if (ret)
		return ret;
	gpu_snapshot_meta(c, s, "rm", c->id_ok ? c->chip : "unknown", c->rm->version);
	nvss_add_meta(s, "memory",
		      "not captured: the rm backend reads registers only (READ_32 regops); GPU memory needs the PRAMIN window, which it never moves");
	rm_io_foreach(c->rmio, add_reg, s);
	return 0;
}

/**
 * gpu_snapshot_save() - capture @c and write the snapshot to @path
 * @c: the GPU (module: raw reads through the module; rm as root: READ_32
 *	regops; snapshot backend: the opened file again)
 * @path: output file, "-" for stdout; not created when the capture fails
 * @msg: on success what was captured ("" when nothing to say), else why not
 * @len: size of @msg
 *
 * Return: 0, or -1 with @msg set.
 */
int gpu_snapshot_save(struct gpu *c, const char *path, char *msg, size_t len)
{
	struct nvss *s = NULL;
	FILE *f;
	int ret = -1;

	msg[0] = 0;
	if (c->rm && !c->io) {
		snprintf(msg, len, "%s", gpu_rm_root_note());
		return -1;
	}
	if (!c->rm && !c->snap) {	/* module backend: raw reads */
		char err[160];

		s = nvss_new();
		if (!s || gpu_snapshot_module(c, s, err, sizeof(err))) {
			snprintf(msg, len, "%s", s ? err : "out of memory");
			goto out;
		}
	}
	if (c->rm) {
		int r;

		s = nvss_new();
		r = s ? snapshot_rm(c, s) : -ENOMEM;
		if (r) {
			snprintf(msg, len, "register capture failed: %s", strerror(-r));
			goto out;
		}
	}
	f = strcmp(path, "-") ? fopen(path, "w") : stdout;
	if (!f) {
		snprintf(msg, len, "%s: %s", path, strerror(errno));
		goto out;
	}
	ret = nvss_write(f, s ? s : c->snap);
	if (f != stdout && fclose(f))
		ret = -EIO;
	if (ret) {
		snprintf(msg, len, "%s: write failed", path);
		ret = -1;
		goto out;
	}
	if (s && c->rm)
		snprintf(msg, len, "%zu registers from gpu%d (%s) in %lu READ_32 call(s); GPU memory was not captured (rm backend: registers only)",
			 s->nregs, c->index, c->bdf, c->rm->regop_calls);
	else if (s)
		snprintf(msg, len, "%zu registers and %zu memory ranges from gpu%d (%s)",
			 s->nregs, s->nmems, c->index, c->bdf);
out:
	if (s)
		nvss_free(s);
	return ret;
}
