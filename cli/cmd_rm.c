// SPDX-License-Identifier: MIT
/*
 * cmd_rm.c - what only the rm backend can do: `nvsched info --verify`
 * (register decode vs. the NVIDIA driver's own answers), the unprivileged
 * RM topology view, and `nvsched snapshot` (registers only).
 */
#include <errno.h>
#include <stdarg.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "gpu.h"
#include "gpu_rm.h"
#include "json.h"
#include "out.h"
#include "ptop.h"
#include "rm_client.h"
#include "rm_io.h"

#define MAX_RM_ENG 128

/* ---- RM engine type -> PTOP (type, instance) ----------------------------
 * PTOP type enums: regs-fifo.md §2.2 / regs-mmu-gr.md §6.10 (0 GRAPHICS,
 * 13 SEC, 14 NVENC, 16 NVDEC, 19 LCE, 21 NVJPG, 22 OFA).  RM's NV2080
 * engine numbering: RM sources §3 (GR0 0x01, COPYn 0x09+n, NVDECn
 * 0x13+n, SEC2 0x26, NVJPGn 0x2b+n, OFA0 0x33). */
static bool rm_to_ptop(uint32_t t, unsigned int *type, unsigned int *inst)
{
	if (t >= NV2080_ENGINE_TYPE_GR0 && t <= NV2080_ENGINE_TYPE_GR7) {
		*type = 0;
		*inst = t - NV2080_ENGINE_TYPE_GR0;
	} else if (t >= NV2080_ENGINE_TYPE_COPY0 && t <= NV2080_ENGINE_TYPE_COPY9) {
		*type = 19;
		*inst = t - NV2080_ENGINE_TYPE_COPY0;
	} else if (t >= NV2080_ENGINE_TYPE_COPY10 && t <= NV2080_ENGINE_TYPE_COPY19) {
		*type = 19;
		*inst = t - NV2080_ENGINE_TYPE_COPY10 + 10;
	} else if (t >= NV2080_ENGINE_TYPE_NVDEC0 && t <= NV2080_ENGINE_TYPE_NVDEC7) {
		*type = 16;
		*inst = t - NV2080_ENGINE_TYPE_NVDEC0;
	} else if (t >= NV2080_ENGINE_TYPE_NVENC0 && t <= NV2080_ENGINE_TYPE_NVENC2) {
		*type = 14;
		*inst = t - NV2080_ENGINE_TYPE_NVENC0;
	} else if (t >= NV2080_ENGINE_TYPE_NVJPG0 && t <= NV2080_ENGINE_TYPE_NVJPG7) {
		*type = 21;
		*inst = t - NV2080_ENGINE_TYPE_NVJPG0;
	} else if (t == NV2080_ENGINE_TYPE_OFA0) {
		*type = 22;
		*inst = 0;
	} else if (t == NV2080_ENGINE_TYPE_SEC2) {
		*type = 13;
		*inst = 0;
	} else {
		return false;
	}
	return true;
}

static const char *ptop_name(unsigned int type, char *buf, size_t len)
{
	const char *n = nvs_engine_type_name(type);

	if (n)
		return n;
	snprintf(buf, len, "TYPE%u", type);
	return buf;
}

/* ---- raw-register cross-check of GR and CE ------------------------------
 * Kept separate from the kmod/hw decoders (the ce/gr decoders live on
 * another branch); register facts:
 *  - NV_PTOP_SCAL_NUM_GPCS 0x22430 [4:0], NV_PTOP_SCAL_NUM_TPC_PER_GPC
 *    0x22434 [4:0]: design maxima (regs-mmu-gr.md §6.1).
 *  - NV_FUSE_STATUS_OPT_GPC 0x820C1C, NV_FUSE_STATUS_OPT_TPC_GPC(g)
 *    0x820C38+4g (GA100+; 0x21C1C / 0x21C38+4g Maxwell-Turing); set bit =
 *    floorswept, indexed by PHYSICAL GPC (regs-mmu-gr.md §6.3; confirmed on
 *    GH100 in gh100-confirmed.md).
 *  - NV_CE_PCE_MAP 0x104028; NV_CE_PCE2LCE_CONFIG(p) 0x104100+4p
 *    PCE_ASSIGNED_LCE [3:0] (0xF none); NV_CE_GRCE_CONFIG(g) 0x1041C0+4g
 *    SHARED_LCE [3:0], SHARED [30] (Ampere-Hopper; regs-fifo.md §6,
 *    confirmed on GH100 in gh100-confirmed.md).
 * RM reports enable masks by logical GPC with the chiplet (physical) id
 * (GRMGR_GET_GR_FS_INFO, RM sources §4.2) and a PCE mask per LCE
 * where a shared GRCE lists its partner LCE's PCEs (§4.5).
 */
struct reg_gr {
	bool ok;
	const char *why;
	unsigned int max_gpcs, max_tpcs;
	uint32_t gpc_disable;
	uint32_t tpc_disable[32];
};

static void regs_gr(const struct gpu *c, struct reg_gr *r)
{
	uint32_t gbase, tbase, v;
	unsigned int g;

	memset(r, 0, sizeof(*r));
	switch (c->ident.arch) {
	case NVS_ARCH_MAXWELL: case NVS_ARCH_PASCAL: case NVS_ARCH_VOLTA: case NVS_ARCH_TURING:
		gbase = 0x21c1c;
		tbase = 0x21c38;
		break;
	case NVS_ARCH_AMPERE: case NVS_ARCH_ADA: case NVS_ARCH_HOPPER: case NVS_ARCH_BLACKWELL:
		gbase = 0x820c1c;
		tbase = 0x820c38;
		break;
	default:
		r->why = "no fuse register facts for this architecture";
		return;
	}
	v = nvs_rd32(c->io, 0x22430);
	r->max_gpcs = v & 0x1f;
	v = nvs_rd32(c->io, 0x22434);
	r->max_tpcs = v & 0x1f;
	if (nvs_is_pri_error(v) || !r->max_gpcs || !r->max_tpcs || r->max_gpcs > 32) {
		r->why = "PTOP scal registers unreadable";
		return;
	}
	r->gpc_disable = nvs_rd32(c->io, gbase);
	if (nvs_is_pri_error(r->gpc_disable)) {
		r->why = "GPC fuse unreadable";
		return;
	}
	for (g = 0; g < r->max_gpcs; g++) {
		r->tpc_disable[g] = nvs_rd32(c->io, tbase + 4 * g);
		if (nvs_is_pri_error(r->tpc_disable[g])) {
			r->why = "TPC fuse unreadable";
			return;
		}
	}
	r->ok = true;
}

struct reg_ce {
	bool ok;
	const char *why;
	uint32_t pce_map;
	uint32_t direct[32];	/* PCEs per LCE */
	int shared[2];		/* GRCE g shares LCE n, -1 none */
};

static void regs_ce(const struct gpu *c, struct reg_ce *r)
{
	unsigned int p, g;
	uint32_t v;

	memset(r, 0, sizeof(*r));
	r->shared[0] = r->shared[1] = -1;
	if (c->ident.arch != NVS_ARCH_AMPERE && c->ident.arch != NVS_ARCH_ADA &&
	    c->ident.arch != NVS_ARCH_HOPPER) {
		r->why = "CE register offsets not confirmed for this architecture";
		return;
	}
	r->pce_map = nvs_rd32(c->io, 0x104028);
	if (nvs_is_pri_error(r->pce_map)) {
		r->why = "PCE_MAP unreadable";
		return;
	}
	for (p = 0; p < 32; p++) {
		if (!(r->pce_map & (1u << p)))
			continue;
		v = nvs_rd32(c->io, 0x104100 + 4 * p);
		if (nvs_is_pri_error(v) || (v & 0xf) == 0xf)
			continue;
		r->direct[v & 0xf] |= 1u << p;
	}
	for (g = 0; g < 2; g++) {
		v = nvs_rd32(c->io, 0x1041c0 + 4 * g);
		if (!nvs_is_pri_error(v) && (v >> 30 & 1) && (v & 0xf) != 0xf)
			r->shared[g] = (int)(v & 0xf);
	}
	r->ok = true;
}

static uint32_t reg_pces_of_lce(const struct reg_ce *r, unsigned int lce)
{
	uint32_t m = lce < 32 ? r->direct[lce] : 0;

	if (lce < 2 && r->shared[lce] >= 0)
		m |= r->direct[r->shared[lce]];
	return m;
}

/* ---- the comparison ----------------------------------------------------- */
struct vrow {
	char what[48];
	char rm[64];
	char regs[64];
	const char *verdict;	/* "ok", "MISMATCH", "not reported by the driver", ... */
};

struct verify {
	struct vrow *rows;
	unsigned int n, cap;
	unsigned int mismatches, compared;
	const char *needs_root;
};

static __attribute__((format(printf, 5, 6)))
void add(struct verify *v, const char *what, const char *verdict, const char *rm,
	 const char *fmt, ...)
{
	struct vrow *r;
	size_t len = 0;
	va_list ap;

	if (v->n == v->cap) {
		unsigned int nc = v->cap ? 2 * v->cap : 64;
		struct vrow *nr = realloc(v->rows, nc * sizeof(*nr));

		if (!nr)
			return;
		v->rows = nr;
		v->cap = nc;
	}
	r = &v->rows[v->n++];
	snprintf(r->what, sizeof(r->what), "%s", what);
	snprintf(r->rm, sizeof(r->rm), "%s", rm);
	va_start(ap, fmt);
	pr_vbuf(r->regs, sizeof(r->regs), &len, fmt, ap);
	va_end(ap);
	r->verdict = verdict;
	if (!strcmp(verdict, "ok"))
		v->compared++;
	else if (!strcmp(verdict, "MISMATCH"))
		v->mismatches++, v->compared++;
}

static void verify_engines(struct gpu *c, struct verify *v, const uint32_t *types,
			   unsigned int ne, const struct nvs_topology *t, bool have_t)
{
	uint32_t base[MAX_RM_ENG], rl[MAX_RM_ENG], st;
	bool used[NVS_MAX_ENGINES] = { false };
	char nb[32], rmv[64], sb[40];
	unsigned int i, j, ptype, pinst;
	int ret;

	ret = rm_runlists(c->rm, types, ne, base, rl, &st);
	if (ret || st != NV_OK) {
		for (i = 0; i < ne; i++) {
			rm_engine_name(types[i], nb, sizeof(nb));
			add(v, nb, st == NV_ERR_INSUFFICIENT_PERMISSIONS ? "needs root" : "RM error",
			    "runlist ?", "%s", ret ? strerror(-ret) : rm_status_name(st, sb, sizeof(sb)));
		}
		if (st == NV_ERR_INSUFFICIENT_PERMISSIONS)
			v->needs_root = gpu_rm_root_note();
		return;
	}
	for (i = 0; i < ne; i++) {
		const struct nvs_engine *e = NULL;

		rm_engine_name(types[i], nb, sizeof(nb));
		if (base[i] == NV_RUNLIST_PRI_BASE_NULL) {
			add(v, nb, "no runlist (RM)", "none", "-");
			continue;
		}
		snprintf(rmv, sizeof(rmv), "runlist %u @ 0x%x", rl[i], base[i]);
		if (!have_t) {
			add(v, nb, "needs root", rmv, "registers unreadable");
			continue;
		}
		if (!rm_to_ptop(types[i], &ptype, &pinst)) {
			add(v, nb, "not compared", rmv, "no PTOP mapping for this RM engine type");
			continue;
		}
		for (j = 0; j < t->n; j++)
			if (t->eng[j].type == ptype && t->eng[j].instance == pinst &&
			    t->eng[j].runlist >= 0) {
				e = &t->eng[j];
				used[j] = true;
				break;
			}
		if (!e) {
			add(v, nb, "MISMATCH", rmv, "not in PTOP");
			continue;
		}
		add(v, nb, (uint32_t)e->runlist == rl[i] && e->runlist_pri_base == base[i] ?
			   "ok" : "MISMATCH", rmv, "runlist %d @ 0x%x", e->runlist,
		    e->runlist_pri_base);
	}
	if (!have_t)
		return;
	for (j = 0; j < t->n; j++) {
		const struct nvs_engine *e = &t->eng[j];
		char what[48], tb[16];

		if (used[j] || e->runlist < 0)
			continue;
		snprintf(what, sizeof(what), "%s%u", ptop_name(e->type, tb, sizeof(tb)), e->instance);
		add(v, what, "not reported by the driver", "-", "runlist %d @ 0x%x", e->runlist,
		    e->runlist_pri_base);
	}
}

static void verify_gr(struct gpu *c, struct verify *v)
{
	struct rm_gr_fs fs;
	struct reg_gr r;
	uint32_t st, rm_phys = 0, reg_en;
	char sb[40], rmv[64], what[48];
	unsigned int l;
	int ret;

	ret = rm_gr_fs(c->rm, &fs, &st);
	if (ret || st != NV_OK) {
		add(v, "GR floorsweeping", "RM error", "-", "%s",
		    ret ? strerror(-ret) : rm_status_name(st, sb, sizeof(sb)));
		return;
	}
	for (l = 0; l < fs.num_gpcs; l++)
		rm_phys |= 1u << (fs.phys_gpc[l] & 31);
	if (!c->io) {
		for (l = 0; l < fs.num_gpcs; l++) {
			snprintf(what, sizeof(what), "GPC logical %u", l);
			snprintf(rmv, sizeof(rmv), "phys %u tpc_en 0x%x", fs.phys_gpc[l], fs.tpc_mask[l]);
			add(v, what, "needs root", rmv, "registers unreadable");
		}
		return;
	}
	regs_gr(c, &r);
	if (!r.ok) {
		add(v, "GR floorsweeping", "not compared", "-", "%s", r.why);
		return;
	}
	reg_en = ~r.gpc_disable & ((r.max_gpcs >= 32 ? 0 : 1u << r.max_gpcs) - 1);
	snprintf(rmv, sizeof(rmv), "enabled GPCs 0x%x (%u)", rm_phys, fs.num_gpcs);
	add(v, "GPC set (physical)", rm_phys == reg_en ? "ok" : "MISMATCH", rmv,
	    "fuse disable 0x%x -> enabled 0x%x", r.gpc_disable, reg_en);
	for (l = 0; l < fs.num_gpcs; l++) {
		unsigned int p = fs.phys_gpc[l];
		uint32_t tmask = (1u << r.max_tpcs) - 1;
		uint32_t en = p < r.max_gpcs ? ~r.tpc_disable[p] & tmask : 0;

		snprintf(what, sizeof(what), "TPCs of GPC %u (logical %u)", p, l);
		snprintf(rmv, sizeof(rmv), "enable 0x%x", fs.tpc_mask[l]);
		add(v, what, en == fs.tpc_mask[l] ? "ok" : "MISMATCH", rmv,
		    "fuse disable 0x%x -> enable 0x%x", p < r.max_gpcs ? r.tpc_disable[p] : 0, en);
	}
}

static void verify_ce(struct gpu *c, struct verify *v, const uint32_t *types, unsigned int ne)
{
	struct reg_ce r;
	char what[48], rmv[64], sb[40];
	unsigned int i, lce;
	uint32_t mask, st;
	int ret;

	if (c->io)
		regs_ce(c, &r);
	for (i = 0; i < ne; i++) {
		if (types[i] >= NV2080_ENGINE_TYPE_COPY0 && types[i] <= NV2080_ENGINE_TYPE_COPY9)
			lce = types[i] - NV2080_ENGINE_TYPE_COPY0;
		else if (types[i] >= NV2080_ENGINE_TYPE_COPY10 && types[i] <= NV2080_ENGINE_TYPE_COPY19)
			lce = types[i] - NV2080_ENGINE_TYPE_COPY10 + 10;
		else
			continue;
		snprintf(what, sizeof(what), "PCEs of LCE%u", lce);
		ret = rm_ce_pce_mask(c->rm, lce, &mask, &st);
		if (ret || st != NV_OK) {
			add(v, what, "RM error", "-", "%s",
			    ret ? strerror(-ret) : rm_status_name(st, sb, sizeof(sb)));
			continue;
		}
		snprintf(rmv, sizeof(rmv), "0x%x", mask);
		if (!c->io)
			add(v, what, "needs root", rmv, "registers unreadable");
		else if (!r.ok)
			add(v, what, "not compared", rmv, "%s", r.why);
		else
			add(v, what, reg_pces_of_lce(&r, lce) == mask ? "ok" : "MISMATCH", rmv,
			    "0x%x%s", reg_pces_of_lce(&r, lce),
			    lce < 2 && r.shared[lce] >= 0 ? " (GRCE, shared)" : "");
	}
}

/* the comparison's table (text) or checks (JSON), and the verdict */
static void verify_out(const struct cli_global *g, const struct gpu *c, const struct verify *v)
{
	bool nothing = v->needs_root && !c->io;	/* nothing could be compared */
	unsigned int i;
	struct out o;

	out_init(&o, g);
	out_begin(&o, c);
	out_text(&o, "gpu%d  %s  ", c->index, c->bdf);
	out_str(&o, "source", c->source, NULL);
	out_str(&o, "driver", c->rm->version, "driver %s  (rm backend)\n");
	out_text(&o, "%-30s %-28s %-38s %s\n", "ITEM", "RM (driver)", "REGISTERS (decode)", "VERDICT");
	out_obj_begin(&o, "verify");
	if (nothing)
		out_null(&o, "agree");
	else
		out_bool(&o, "agree", v->mismatches == 0, NULL, NULL, NULL);
	out_int(&o, "compared", v->compared, NULL);
	out_int(&o, "mismatches", v->mismatches, NULL);
	out_str(&o, "needs_root", v->needs_root, NULL);
	out_arr_begin(&o, "checks");
	for (i = 0; i < v->n; i++) {
		out_obj_begin(&o, NULL);
		out_str(&o, "item", v->rows[i].what, "%-30s ");
		out_str(&o, "rm", v->rows[i].rm, "%-28s ");
		out_str(&o, "registers", v->rows[i].regs, "%-38s ");
		out_str(&o, "verdict", v->rows[i].verdict, "%s\n");
		out_obj_end(&o);
	}
	out_arr_end(&o);
	out_obj_end(&o);
	if (nothing)
		out_text(&o, "\nnote: %s.\nThe RM topology view above is complete without root; nothing was compared.\n",
			 v->needs_root);
	else
		out_text(&o, "\n%s: %u compared, %u mismatch(es)%s\n",
			 v->mismatches ? "DISAGREEMENT" : "full agreement", v->compared,
			 v->mismatches, v->needs_root ? " (some checks need root)" : "");
	out_end(&o);
}

int cmd_rm_verify(const struct cli_global *g, struct gpu *c)
{
	uint32_t types[MAX_RM_ENG], st;
	struct nvs_topology *t = NULL;
	struct verify v = { 0 };
	unsigned int ne = 0;
	bool have_t = false;
	char sb[40];
	int ret;

	if (!c->rm) {
		fprintf(stderr, "nvsched info: --verify compares with the NVIDIA driver's RM answers: use --backend rm\n");
		return CLI_EXIT_USAGE;
	}
	ret = rm_engines(c->rm, types, MAX_RM_ENG, &ne, &st);
	if (ret || st != NV_OK) {
		fprintf(stderr, "nvsched info: GPU_GET_ENGINES_V2 failed: %s\n",
			ret ? strerror(-ret) : rm_status_name(st, sb, sizeof(sb)));
		return CLI_EXIT_FAIL;
	}
	if (c->io) {
		t = malloc(sizeof(*t));
		have_t = t && gpu_topology(c, t) == 0;
	}
	if (!c->io)
		v.needs_root = gpu_rm_root_note();
	verify_engines(c, &v, types, ne, t, have_t);
	verify_gr(c, &v);
	verify_ce(c, &v, types, ne);
	verify_out(g, c, &v);
	free(v.rows);
	free(t);
	if (v.mismatches)
		return CLI_EXIT_FAIL;
	return CLI_EXIT_OK;
}

/* engines over rm without root: RM's engine list, and what needs root */
int cmd_rm_engines_unpriv(const struct cli_global *g, struct gpu *c)
{
	uint32_t types[MAX_RM_ENG], st;
	struct out o;
	unsigned int ne = 0, i;
	char nb[32], sb[40];
	int ret;

	ret = rm_engines(c->rm, types, MAX_RM_ENG, &ne, &st);
	if (ret || st != NV_OK) {
		fprintf(stderr, "nvsched engines: GPU_GET_ENGINES_V2 failed: %s\n",
			ret ? strerror(-ret) : rm_status_name(st, sb, sizeof(sb)));
		return CLI_EXIT_FAIL;
	}
	out_init(&o, g);
	out_begin(&o, c);
	out_str(&o, "source", "rm", NULL);
	out_text(&o, "gpu%d  %s  engines reported by the NVIDIA driver (RM, %u):\n ", c->index,
		 c->bdf, ne);
	out_arr_begin(&o, "engines");
	out_arr_end(&o);
	out_arr_begin(&o, "runlists");
	out_arr_end(&o);
	out_arr_begin(&o, "rm_engines");
	for (i = 0; i < ne; i++) {
		out_obj_begin(&o, NULL);
		out_str(&o, "name", rm_engine_name(types[i], nb, sizeof(nb)), " %s");
		out_hex(&o, "rm_type", types[i], NULL);
		out_obj_end(&o);
	}
	out_arr_end(&o);
	out_str(&o, "error", gpu_rm_root_note(), "\n\nnote: %s.\n");
	out_end(&o);
	return CLI_EXIT_OK;
}

/* ---- nvsched snapshot ---------------------------------------------------- */
static int snapshot_opt(void *ctx, int key, char *arg)
{
	*(const char **)ctx = arg;	/* -o */
	return CLI_EXIT_OK;
}

int cmd_snapshot(const struct cli_global *g0, int argc, char **argv)
{
	static const struct cli_opt opts[] = {
		{ "output", required_argument, 'o' },
	};
	struct cli_global g = *g0;
	const char *out = NULL;
	struct gpu *gpus;
	char msg[256];
	int n, ret;

	ret = cli_opts(&g, argc, argv, opts, 1, CLI_OPTS_NO_JSON, snapshot_opt, &out);
	if (ret < 0) {
		printf("usage: nvsched [global options] snapshot -o FILE\n"
		       "Write a register snapshot (CONTRACTS.md section 1) of one GPU.\n"
		       "Over the rm backend (root): BOOT, PTOP, fuses, CE, CWD, every runlist\n"
		       "block and the first CHRAM entries, read with READ_32 regops; GPU memory\n"
		       "is not captured.  '-o -' writes to stdout.\n");
		return CLI_EXIT_OK;
	}
	if (ret)
		return ret;
	if (!out || optind != argc) {
		fprintf(stderr, "nvsched snapshot: usage: nvsched snapshot -o FILE\n");
		return CLI_EXIT_USAGE;
	}
	ret = gpu_open_selected(&g.sel, argv[0], false, &gpus, &n);
	if (ret)
		return ret;
	if (gpu_snapshot_save(&gpus[0], out, msg, sizeof(msg))) {
		fprintf(stderr, "nvsched snapshot: %s\n", msg);
		ret = CLI_EXIT_FAIL;
		goto done;
	}
	if (msg[0])
		fprintf(stderr, "nvsched snapshot: %s\n", msg);
	ret = CLI_EXIT_OK;
done:
	gpu_close_all(gpus, n);
	return ret;
}
