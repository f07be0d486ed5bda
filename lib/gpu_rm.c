// SPDX-License-Identifier: MIT
/*
 * gpu_rm.c - backend choice, and the rm backend of the CLI: GPUs opened
 * through the NVIDIA driver's RM ioctls (lib/rm_client.c), registers read
 * with READ_32 regops (lib/rm_io.c) for the unchanged kmod/hw decoders.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "gpu.h"
#include "gpu_rm.h"
#include "nvsched.h"
#include "ptop.h"
#include "runlist.h"
#include "rm_client.h"
#include "rm_io.h"

enum gpu_backend gpu_pick_backend(const struct gpu_select *g)
{
	const char *dev = getenv("NVSCHED_DEVICE");
	struct stat st;

	if (g->snapshot && !(g->backend && !strcmp(g->backend, "rm")))
		return GPU_BACKEND_SNAPSHOT;
	if (g->backend) {
		if (!strcmp(g->backend, "rm"))
			return GPU_BACKEND_RM;
		if (!strcmp(g->backend, "snapshot"))
			return GPU_BACKEND_SNAPSHOT;
		return GPU_BACKEND_MODULE;
	}
	if (stat(dev && *dev ? dev : NVSCHED_DEVICE, &st) == 0)
		return GPU_BACKEND_MODULE;
	if (rm_ctl_present())
		return GPU_BACKEND_RM;
	return GPU_BACKEND_MODULE;
}

/*
 * Registers a snapshot always holds besides what the decoders read: the
 * set of the earlier H100 capture (tests/fixtures/README.md).
 * Sources: BOOT regs-fifo.md §1; PRAMIN window regs regs-mmu-gr.md §1;
 * fuses and PTOP scal regs-mmu-gr.md §6.1/§6.3; CE regs-fifo.md §6; CWD
 * tables regs-mmu-gr.md §6.6.  All are plain status/config registers.
 */
static const struct { uint32_t lo, hi; } fixed_ranges[] = {
	{ 0x000000, 0x000008 }, { 0x000a00, 0x000a00 }, { 0x001700, 0x001700 },
	{ 0x021c1c, 0x021c1c }, { 0x021c38, 0x021c74 },
	{ 0x022400, 0x02245c }, { 0x0224fc, 0x0224fc },
	{ 0x104028, 0x10407c }, { 0x104100, 0x10417c }, { 0x1041c0, 0x1041cc },
	{ 0x10fd40, 0x10fd44 },
	{ 0x405000, 0x40505c }, { 0x405100, 0x40515c }, { 0x405b00, 0x405b00 },
	{ 0x405b60, 0x405bdc },
	{ 0x820c1c, 0x820c1c }, { 0x820c38, 0x820c74 },
};

/* NV_RUNLIST block layout A registers captured per runlist (regs-fifo.md
 * §3.3, §7.2): config/submit, PBDMA config, preempt, engine status x3. */
static const struct { uint32_t lo, hi; } rl_ranges[] = {
	{ 0x000, 0x02c }, { 0x080, 0x098 }, { 0x100, 0x100 }, { 0x108, 0x108 },
	{ 0x174, 0x174 }, { 0x200, 0x228 }, { 0x240, 0x268 }, { 0x280, 0x2a8 },
};
#define RM_CHRAM_CAPTURE 64	/* CHRAM entries per runlist in a snapshot */

/* offsets list builder: batches many ranges into full READ_32 calls */
struct offs {
	uint32_t *v;
	size_t n, cap;
};

static int offs_add_range(struct offs *o, uint32_t lo, uint32_t hi)
{
	uint32_t x;

	for (x = lo; x <= hi && x >= lo; x += 4) {
		if (o->n == o->cap) {
			size_t nc = o->cap ? 2 * o->cap : 1024;
			uint32_t *nv = realloc(o->v, nc * sizeof(*nv));

			if (!nv)
				return -ENOMEM;
			o->v = nv;
			o->cap = nc;
		}
		o->v[o->n++] = x;
	}
	return 0;
}

int gpu_rm_prefetch_fixed(struct gpu *c)
{
	struct offs o = { 0 };
	size_t i;
	int ret = 0;

	for (i = 0; !ret && i < sizeof(fixed_ranges) / sizeof(fixed_ranges[0]); i++)
		ret = offs_add_range(&o, fixed_ranges[i].lo, fixed_ranges[i].hi);
	if (!ret)
		ret = rm_io_prefetch(c->rmio, o.v, o.n);
	free(o.v);
	return ret;
}

/* PTOP table rows in one batch before the decoder walks them. */
static int prefetch_ptop(struct gpu *c)
{
	uint32_t cfg, rows;

	if (c->ident.caps->ptop == NVS_PTOP_LEGACY)
		return rm_io_prefetch_range(c->rmio, 0x22700, 0x227fc);	/* 64 entries */
	cfg = nvs_rd32(c->io, 0x224fc);		/* NV_PTOP_DEVICE_INFO_CFG */
	if (nvs_is_pri_error(cfg))
		return 0;
	rows = cfg >> 20;			/* NUM_ROWS 31:20 */
	if (!rows || rows > NVS_MAX_INFO2_ROWS)
		return 0;
	return rm_io_prefetch_range(c->rmio, 0x22800, 0x22800 + 4 * (rows - 1));
}

int gpu_rm_capture(struct gpu *c, struct nvs_topology *t)
{
	int16_t ids[NVS_MAX_ENGINES];
	unsigned int i, nids;
	int ret;

	ret = gpu_rm_prefetch_fixed(c);
	if (!ret)
		ret = prefetch_ptop(c);
	if (ret)
		return ret;
	ret = nvs_ptop_read(c->io, c->ident.caps, t);
	if (ret)
		return ret;
	if (c->ident.caps->rl_block == &nvs_rl_block_ga100) {	/* rl_ranges' layout */
		uint32_t bases[NVS_MAX_ENGINES];
		struct offs o = { 0 };
		unsigned int nb = 0, k;
		size_t r;

		for (i = 0; i < t->n; i++) {
			uint32_t b = t->eng[i].runlist_pri_base;

			if (!b)
				continue;
			for (k = 0; k < nb && bases[k] != b; k++)
				;
			if (k == nb)
				bases[nb++] = b;
		}
		for (k = 0; !ret && k < nb; k++)
			for (r = 0; !ret && r < sizeof(rl_ranges) / sizeof(rl_ranges[0]); r++)
				ret = offs_add_range(&o, bases[k] + rl_ranges[r].lo,
						     bases[k] + rl_ranges[r].hi);
		if (!ret)
			ret = rm_io_prefetch(c->rmio, o.v, o.n);
		free(o.v);
		if (ret)
			return ret;
	}
	/* what the runlist decoder reads, plus the first CHRAM entries */
	nids = nvs_ptop_runlists(t, ids);
	{
		struct offs o = { 0 };

		for (i = 0; !ret && i < nids; i++) {
			struct nvs_rl_loc loc;
			unsigned int m;

			if (nvs_runlist_locate(c->io, c->ident.caps, t, ids[i], &loc) ||
			    !loc.chram_base)
				continue;
			m = loc.num_channels < RM_CHRAM_CAPTURE ? loc.num_channels : RM_CHRAM_CAPTURE;
			if (m)
				ret = offs_add_range(&o, loc.chram_base, loc.chram_base + 4 * (m - 1));
		}
		if (!ret)
			ret = rm_io_prefetch(c->rmio, o.v, o.n);
		free(o.v);
		if (ret)
			return ret;
	}
	return rm_io_error(c->rmio);
}

/* CAP_SYS_ADMIN in the effective set (bit 21 of CapEff): RM's test for
 * register reads and PRIVILEGED controls (RM sources §1.5).  Without it
 * the READ_32 probe would only make RM log a refusal per offset.
 * $NVSCHED_RM_PROBE_REGS=1 probes anyway. */
static bool have_sys_admin(void)
{
	const char *force = getenv("NVSCHED_RM_PROBE_REGS");
	unsigned long long eff = 0;
	char line[256];
	bool found = false;
	FILE *f;

	if (force && !strcmp(force, "1"))
		return true;
	f = fopen("/proc/self/status", "r");
	if (!f)
		return true;	/* cannot tell: let RM decide */
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "CapEff: %llx", &eff) == 1) {
			found = true;
			break;
		}
	fclose(f);
	return !found || (eff >> 21 & 1);
}

static int open_one(const char *sel, const char *cmd, struct gpu *c)
{
	char err[512];
	uint32_t offs[2] = { 0x0, 0xa00 }, vals[2];
	uint8_t st[2];
	struct nvs_ident id;
	int ret;

	memset(c, 0, sizeof(*c));
	ret = rm_open(sel, &c->rm, err, sizeof(err));
	if (ret) {
		fprintf(stderr, "nvsched %s: rm backend: %s\n", cmd, err);
		return ret;
	}
	c->index = c->rm->gpu.index;
	snprintf(c->bdf, sizeof(c->bdf), "%s", c->rm->gpu.bdf);
	c->vendor = c->rm->gpu.vendor;
	c->device = c->rm->gpu.device;
	c->source = "rm";
	c->arch = "unknown";
	snprintf(c->chip, sizeof(c->chip), "unknown");
	/* Register access: RM executes READ_32 regops for CAP_SYS_ADMIN only;
	 * for others the per-op status is INVALID_OFFSET (RM sources §5). */
	if (!have_sys_admin()) {
		c->rm_regs_err = -EACCES;
		return 0;
	}
	ret = rm_read32(c->rm, offs, vals, st, 2);
	if (ret || st[0] != NV_REG_STATUS_SUCCESS) {
		c->rm_regs_err = ret && ret != -EACCES ? ret : -EACCES;
		return 0;
	}
	c->rmio = rm_io_new_client(c->rm);
	if (!c->rmio)
		return -ENOMEM;
	c->io = rm_io_ops(c->rmio);
	rm_io_prefetch_range(c->rmio, 0x0, 0x8);
	rm_io_prefetch_range(c->rmio, 0xa00, 0xa00);
	if (nvs_identify(c->io, &id) == 0 && id.caps) {
		gpu_set_ident(c, &id);
		prefetch_ptop(c);
	}
	return 0;
}

int gpu_rm_gpus_open(const struct gpu_select *g, const char *cmd, bool all,
		     struct gpu **gpus, int *n)
{
	struct rm_gpu_desc d[NV_CARD_INFO_MAX];
	struct gpu *list;
	char err[512], sel[16];
	int cnt = 0, i, nd = 0, ret;

	*gpus = NULL;
	*n = 0;
	if (!all) {
		list = calloc(1, sizeof(*list));
		if (!list)
			return GPU_FAIL;
		if (open_one(g->gpu, cmd, list)) {
			free(list);
			return GPU_FAIL;
		}
		*gpus = list;
		*n = 1;
		return GPU_OK;
	}
	ret = rm_list(d, NV_CARD_INFO_MAX, &nd, err, sizeof(err));
	if (ret) {
		fprintf(stderr, "nvsched %s: rm backend: %s\n", cmd, err);
		return GPU_FAIL;
	}
	list = calloc(nd ? nd : 1, sizeof(*list));
	if (!list)
		return GPU_FAIL;
	for (i = 0; i < nd; i++) {
		snprintf(sel, sizeof(sel), "%d", i);
		if (open_one(sel, cmd, &list[cnt]) == 0)
			cnt++;
	}
	*gpus = list;
	*n = cnt;
	return GPU_OK;
}

void gpu_rm_gpu_close(struct gpu *c)
{
	if (c->rmio) {
		if (rm_io_blocked_writes(c->rmio))	/* a decoder tried to write */
			fprintf(stderr, "nvsched: rm backend refused %lu register/memory write(s)\n",
				rm_io_blocked_writes(c->rmio));
		rm_io_free(c->rmio);
		c->rmio = NULL;
	}
	if (c->rm) {
		rm_close(c->rm);
		c->rm = NULL;
	}
	c->io = NULL;
}

const char *gpu_rm_root_note(void)
{
	return "register views (PTOP decode, runlist ids and pri bases, runlist state, snapshots) "
	       "need root (CAP_SYS_ADMIN) over the rm backend: RM rejects register reads and "
	       "GET_ENGINE_RUNLIST_PRI_BASE for other users";
}
