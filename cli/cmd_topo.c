// SPDX-License-Identifier: MIT
/*
 * cmd_topo.c - `nvsched ce` (copy-engine topology) and `nvsched gr` (GPC /
 * TPC topology), human tables or JSON (CONTRACTS.md §2).  Live GPUs through
 * NVSCHED_IOC_CE / NVSCHED_IOC_GR; --snapshot decodes the snapshot's
 * registers with the same kmod/hw code the module runs.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gpu.h"
#include "json.h"
#include "out.h"
#include "nvsched.h"
#include "ce.h"
#include "gr.h"
#include "nvsched/regs/gr.h"
#include "nvsched/regs/top.h"
#include "ptop.h"

static int topo_usage(const char *cmd, const char *summary)
{
	printf("usage: nvsched [global options] %s [-j] [-p]\n%s\n", cmd, summary);
	return CLI_EXIT_OK;
}

static const char *err_text(int err)
{
	switch (err) {
	case -EOPNOTSUPP:
		return "not available on this GPU generation";
	case -EIO:
		return "the GPU gave no value (registers read PRI errors: powered down, idle or not yet used)";
	default:
		return strerror(-err);
	}
}

static const char *cwd_err_text(int err)
{
	switch (err) {
	case -EOPNOTSUPP:
		return "not known on this GPU generation";
	case -EIO:
		return "not readable (no GR context has programmed the table, or it is inconsistent)";
	default:
		return strerror(-err);
	}
}

/* the topology what of gpus[0] could not be read: say why, close, exit code */
static int topo_fail(const char *cmd, struct gpu *gpus, int n, const char *what, int err)
{
	fprintf(stderr, "nvsched %s: gpu%d: cannot read the %s topology: %s\n", cmd,
		gpus[0].index, what, err_text(err));
	gpu_close_all(gpus, n);
	return CLI_EXIT_FAIL;
}

/* ---- nvsched ce ---- */

/* runlist of each LCE from PTOP (-1: unknown); returns the LCE count PTOP has */
static unsigned int lce_runlists(const struct gpu *c, int *rl, unsigned int max)
{
	struct nvs_topology *t = malloc(sizeof(*t));
	unsigned int i, n = 0;

	for (i = 0; i < max; i++)
		rl[i] = -1;
	if (!t)
		return 0;
	if (gpu_topology(c, t) == 0) {
		for (i = 0; i < t->n; i++) {
			const struct nvs_engine *e = &t->eng[i];

			if (e->type != NV_PTOP_TYPE_LCE || e->instance >= max)
				continue;
			rl[e->instance] = e->runlist;
			if (e->instance + 1u > n)
				n = e->instance + 1u;
		}
	}
	free(t);
	return n;
}

/* one above the highest LCE any PCE or GRCE refers to, or a GRCE that
 * shares or has PCEs */
static unsigned int lces_referenced(const struct nvs_ce *ce)
{
	unsigned int i, n = 0;

	for (i = 0; i < NVS_CE_MAX_PCES; i++)
		if (ce->lce_for_pce[i] >= 0 && (unsigned int)ce->lce_for_pce[i] + 1 > n)
			n = (unsigned int)ce->lce_for_pce[i] + 1;
	for (i = 0; i < NVS_CE_MAX_GRCES; i++) {
		if (ce->grce_shared_lce[i] >= 0 && (unsigned int)ce->grce_shared_lce[i] + 1 > n)
			n = (unsigned int)ce->grce_shared_lce[i] + 1;
		if (ce->grce_shared_lce[i] >= 0 && i + 1 > n)
			n = i + 1;
	}
	return n;
}

/* one LCE: its PCEs, the LCE a GRCE shares, its runlist */
static void ce_lce(struct out *o, const struct nvs_ce *ce, const int *rl, unsigned int l)
{
	uint32_t m = nvs_ce_pces_of_lce(ce, l);
	bool grce = l < ce->num_grces;
	unsigned int p;

	out_obj_begin(o, NULL);
	out_int(o, "lce", l, "LCE%02lld  ");
	out_bool(o, "grce", grce, "%-5s ", "GRCE", "LCE");
	if (rl[l] >= 0)
		out_text(o, "%7d ", rl[l]);
	else
		out_text(o, "%7s ", "-");
	out_arr_begin(o, "pces");
	for (p = 0; p < NVS_CE_MAX_PCES; p++)
		if (m & (1u << p))
			out_int(o, NULL, p, " PCE%02lld");
	out_arr_end(o);
	if (!m && grce && ce->grce_shared_lce[l] >= 0)
		out_text(o, " shares LCE%02d", ce->grce_shared_lce[l]);
	else if (!m && grce && ce->grce_shared_lce[l] == NVS_CE_NOVAL)
		out_text(o, " (GRCE config unreadable)");
	else if (!m)
		out_text(o, " (unconfigured)");
	/* grce_shared_lce has NVS_CE_MAX_GRCES entries: index it for GRCEs only */
	out_opt_int(o, "shared_with_lce", grce && ce->grce_shared_lce[l] >= 0,
		    grce ? ce->grce_shared_lce[l] : 0, NULL, NULL);
	out_opt_int(o, "runlist", rl[l] >= 0, rl[l], NULL, NULL);
	out_text(o, "\n");
	out_obj_end(o);
}

static void ce_out(const struct cli_global *g, const struct gpu *c, const struct nvs_ce *ce,
		   const int *rl)
{
	unsigned int l, p, npce = 0, grces;
	struct out o;

	for (p = 0; p < NVS_CE_MAX_PCES; p++)
		npce += !!(ce->pce_map & (1u << p));
	out_init(&o, g);
	out_begin(&o, c);
	out_text(&o, "gpu%d %s: ", c->index, c->id_ok ? c->chip : "unknown");
	out_hex(&o, "pce_map", ce->pce_map, "PCE_MAP 0x%llx");
	out_text(&o, " (%u PCEs), %u LCEs ", npce, ce->num_lces);
	/* the GRCEs are the first LCEs (ce_lce): no more than there are LCEs */
	grces = ce->num_grces < ce->num_lces ? ce->num_grces : ce->num_lces;
	if (grces > 1)
		out_text(&o, "(LCE0-%u are GRCEs)\n", grces - 1);
	else if (grces)
		out_text(&o, "(LCE0 is a GRCE)\n");
	else
		out_text(&o, "(no GRCEs)\n");
	out_text(&o, "%-6s %-5s %7s  %s\n", "LCE", "kind", "runlist", "PCEs");
	out_arr_begin(&o, "lces");
	for (l = 0; l < ce->num_lces; l++)
		ce_lce(&o, ce, rl, l);
	out_arr_end(&o);
	/* PCEs / GRCEs whose registers gave no value (their LCE is unknown) */
	out_arr_begin(&o, "unreadable_pces");
	for (p = 0; p < NVS_CE_MAX_PCES; p++)
		if (ce->lce_for_pce[p] == NVS_CE_NOVAL)
			out_int(&o, NULL, p,
				"PCE%02lld: no value (register reads a PRI error; GPU not used since reset?)\n");
	out_arr_end(&o);
	out_arr_begin(&o, "unreadable_grces");
	for (p = 0; p < ce->num_grces; p++)
		if (ce->grce_shared_lce[p] == NVS_CE_NOVAL)
			out_int(&o, NULL, p, NULL);
	out_arr_end(&o);
	out_end(&o);
}

int cmd_ce(const struct cli_global *g0, int argc, char **argv)
{
	struct cli_global g = *g0;
	struct gpu *gpus;
	int rl[NVS_CE_MAX_LCES];
	unsigned int nptop;
	struct nvs_ce ce;
	int n, ret;

	ret = cli_simple_open(&g, argc, argv, false, &gpus, &n);
	if (ret < 0)
		return topo_usage(argv[0], "copy engines: PCE map, LCE -> PCEs, GRCE sharing");
	if (ret)
		return ret;
	ret = gpu_ce(&gpus[0], &ce);
	if (ret)
		return topo_fail(argv[0], gpus, n, "copy-engine", ret);
	/* one entry per LCE the chip has: the PTOP LCE devices when the
	 * device table is readable (NV_PTOP_SCAL_NUM_CES is wrong on some
	 * Tegra parts, regs-mmu-gr.md §6.1), but never fewer than the LCEs a
	 * PCE or GRCE refers to */
	nptop = lce_runlists(&gpus[0], rl, NVS_CE_MAX_LCES);
	if (nptop)
		ce.num_lces = nptop > lces_referenced(&ce) ? nptop : lces_referenced(&ce);
	ce_out(&g, &gpus[0], &ce, rl);
	gpu_close_all(gpus, n);
	return CLI_EXIT_OK;
}

/* ---- nvsched gr ---- */

/* global (virtual) TPC id -> logical GPC, TPC in GPC (CWD_GPC_TPC_ID): the
 * numbering of CUDA's TPC masks; null when not readable */
static void gr_tpc_map(struct out *o, const struct nvs_gr *gr)
{
	unsigned int i, l;

	if (gr->cwd_err) {
		out_null(o, "tpc_map");
		return;
	}
	out_text(o, "\nGlobal TPC id -> logical GPC.TPC (CWD_GPC_TPC_ID; CUDA's TPC mask bits):");
	out_arr_begin(o, "tpc_map");
	for (i = 0; i < gr->cwd_tpcs; i++) {
		out_obj_begin(o, NULL);
		out_text(o, "%s", i % 8 ? "  " : "\n  ");
		out_int(o, "tpc", i, "%3lld:");
		out_int(o, "logical_gpc", gr->cwd_gpc[i], "%lld.");
		out_int(o, "tpc_in_gpc", gr->cwd_tpc[i], "%lld");
		out_obj_end(o);
	}
	out_arr_end(o);
	out_text(o, "\nTPCs per logical GPC:");
	for (l = 0; l < gr->gpcs_enabled; l++) {
		unsigned int n = 0;

		for (i = 0; i < gr->cwd_tpcs; i++)
			n += gr->cwd_gpc[i] == l;
		out_text(o, " %u:%u", l, n);
	}
	out_text(o, "\n");
}

static void gr_out(const struct cli_global *g, const struct gpu *c, const struct nvs_gr *gr)
{
	unsigned int i;
	struct out o;

	out_init(&o, g);
	out_begin(&o, c);
	out_text(&o, "gpu%d %s: ", c->index, c->id_ok ? c->chip : "unknown");
	out_int(&o, "num_gpcs", gr->num_gpcs, "%lld GPCs x ");
	out_int(&o, "num_tpc_per_gpc", gr->num_tpc_per_gpc, "%lld TPCs on chip; ");
	out_text(&o, "%u GPCs, %u TPCs, %u SMs enabled (%u SMs/TPC)\n", gr->gpcs_enabled,
		 gr->tpcs_enabled, gr->tpcs_enabled * gr->sms_per_tpc, gr->sms_per_tpc);
	out_hex(&o, "gpc_disable_mask", gr->gpc_disable_mask,
		"GPC disable mask 0x%llx (set bit = floorswept)");
	out_text(&o, "%s\n", gr->logical_known ? "" : "; logical GPC ids not readable on this chip");
	out_text(&o, "%-4s %-7s %-7s %-16s %s\n", "GPC", "logical", "enabled", "tpc_disable_mask",
		 "TPCs");
	out_arr_begin(&o, "gpcs");
	for (i = 0; i < gr->num_gpcs; i++) {
		bool en = !(gr->gpc_disable_mask & (1u << i));

		out_obj_begin(&o, NULL);
		out_int(&o, "gpc", i, "%-4lld ");
		out_opt_int(&o, "logical", en && gr->logical[i] >= 0, gr->logical[i], "%-7lld ",
			    "-       ");
		out_bool(&o, "enabled", en, "%-7s ", "yes", "no");
		out_hex(&o, "tpc_disable_mask", gr->tpc_disable_mask[i], "0x%-14llx ");
		out_int(&o, "tpcs_enabled", en ? gr->tpcs_enabled_gpc[i] : 0, "%lld\n");
		out_obj_end(&o);
	}
	out_arr_end(&o);
	out_int(&o, "gpcs_enabled", gr->gpcs_enabled, NULL);
	out_int(&o, "tpcs_enabled", gr->tpcs_enabled, NULL);
	out_int(&o, "sms_per_tpc", gr->sms_per_tpc, NULL);
	out_int(&o, "sms_enabled", gr->tpcs_enabled * gr->sms_per_tpc, NULL);
	gr_tpc_map(&o, gr);
	out_str(&o, "tpc_map_error", gr->cwd_err ? cwd_err_text(gr->cwd_err) : NULL,
		"\nGlobal TPC ids (CWD_GPC_TPC_ID): %s\n");
	out_end(&o);
}

int cmd_gr(const struct cli_global *g0, int argc, char **argv)
{
	struct cli_global g = *g0;
	struct gpu *gpus;
	struct nvs_gr gr;
	int n, ret;

	ret = cli_simple_open(&g, argc, argv, false, &gpus, &n);
	if (ret < 0)
		return topo_usage(argv[0],
				  "GPC/TPC topology: on-chip counts, floorsweeping, logical GPC ids");
	if (ret)
		return ret;
	ret = gpu_gr(&gpus[0], &gr);
	if (ret)
		return topo_fail(argv[0], gpus, n, "GPC/TPC", ret);
	gr_out(&g, &gpus[0], &gr);
	gpu_close_all(gpus, n);
	return CLI_EXIT_OK;
}
