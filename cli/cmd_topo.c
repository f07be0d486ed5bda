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
#include "nvsched.h"
#include "ce.h"
#include "gr.h"
#include "nvsched/regs/gr.h"
#include "nvsched/regs/top.h"
#include "ptop.h"

static int topo_opts(struct cli_global *g, int argc, char **argv, const char *usage)
{
	bool help;
	int ret = cli_simple_opts(g, argc, argv, &help);

	if (!ret && help) {
		printf("usage: nvsched [global options] %s [-j] [-p]\n%s\n", argv[0], usage);
		return -1;
	}
	return ret;
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

static void ce_json(const struct cli_global *g, const struct gpu *c,
		    const struct nvs_ce *ce, const int *rl)
{
	unsigned int l, p;
	struct jw w;

	gpu_json_begin(&w, g->pretty, c);
	jw_key(&w, "pce_map");
	jw_hex(&w, ce->pce_map);
	jw_key(&w, "lces");
	jw_arr_begin(&w);
	for (l = 0; l < ce->num_lces; l++) {
		uint32_t m = nvs_ce_pces_of_lce(ce, l);
		bool grce = l < ce->num_grces;

		jw_obj_begin(&w);
		jw_key(&w, "lce");
		jw_int(&w, l);
		jw_key(&w, "grce");
		jw_bool(&w, grce);
		jw_key(&w, "pces");
		jw_arr_begin(&w);
		for (p = 0; p < NVS_CE_MAX_PCES; p++)
			if (m & (1u << p))
				jw_int(&w, p);
		jw_arr_end(&w);
		jw_key(&w, "shared_with_lce");
		if (grce && ce->grce_shared_lce[l] >= 0)
			jw_int(&w, ce->grce_shared_lce[l]);
		else
			jw_null(&w);
		jw_key(&w, "runlist");
		if (rl[l] >= 0)
			jw_int(&w, rl[l]);
		else
			jw_null(&w);
		jw_obj_end(&w);
	}
	jw_arr_end(&w);
	/* PCEs / GRCEs whose registers gave no value (their LCE is unknown) */
	jw_key(&w, "unreadable_pces");
	jw_arr_begin(&w);
	for (p = 0; p < NVS_CE_MAX_PCES; p++)
		if (ce->lce_for_pce[p] == NVS_CE_NOVAL)
			jw_int(&w, p);
	jw_arr_end(&w);
	jw_key(&w, "unreadable_grces");
	jw_arr_begin(&w);
	for (p = 0; p < ce->num_grces; p++)
		if (ce->grce_shared_lce[p] == NVS_CE_NOVAL)
			jw_int(&w, p);
	jw_arr_end(&w);
	jw_obj_end(&w);
	jw_end_doc(&w);
}

static void ce_text(const struct gpu *c, const struct nvs_ce *ce, const int *rl)
{
	unsigned int l, p, npce = 0;

	for (p = 0; p < NVS_CE_MAX_PCES; p++)
		npce += !!(ce->pce_map & (1u << p));
	printf("gpu%d %s: PCE_MAP 0x%x (%u PCEs), %u LCEs (LCE0-%u are GRCEs)\n", c->index,
	       c->id_ok ? c->chip : "unknown", ce->pce_map, npce, ce->num_lces,
	       ce->num_grces ? ce->num_grces - 1 : 0);
	printf("%-6s %-5s %7s  %s\n", "LCE", "kind", "runlist", "PCEs");
	for (l = 0; l < ce->num_lces; l++) {
		uint32_t m = nvs_ce_pces_of_lce(ce, l);
		bool grce = l < ce->num_grces;

		printf("LCE%02u  %-5s ", l, grce ? "GRCE" : "LCE");
		if (rl[l] >= 0)
			printf("%7d ", rl[l]);
		else
			printf("%7s ", "-");
		if (m) {
			for (p = 0; p < NVS_CE_MAX_PCES; p++)
				if (m & (1u << p))
					printf(" PCE%02u", p);
		} else if (grce && ce->grce_shared_lce[l] >= 0) {
			printf(" shares LCE%02d", ce->grce_shared_lce[l]);
		} else if (grce && ce->grce_shared_lce[l] == NVS_CE_NOVAL) {
			printf(" (GRCE config unreadable)");
		} else {
			printf(" (unconfigured)");
		}
		printf("\n");
	}
	for (p = 0; p < NVS_CE_MAX_PCES; p++)
		if (ce->lce_for_pce[p] == NVS_CE_NOVAL)
			printf("PCE%02u: no value (register reads a PRI error; GPU not used since reset?)\n",
			       p);
}

int cmd_ce(const struct cli_global *g0, int argc, char **argv)
{
	struct cli_global g = *g0;
	struct gpu *gpus;
	int rl[NVS_CE_MAX_LCES];
	unsigned int nptop;
	struct nvs_ce ce;
	int n, ret;

	ret = topo_opts(&g, argc, argv, "copy engines: PCE map, LCE -> PCEs, GRCE sharing");
	if (ret)
		return ret < 0 ? CLI_EXIT_OK : ret;
	ret = gpu_open_selected(&g.sel, argv[0], false, &gpus, &n);
	if (ret)
		return ret;
	ret = gpu_ce(&gpus[0], &ce);
	if (ret) {
		fprintf(stderr, "nvsched ce: gpu%d: cannot read the copy-engine topology: %s\n",
			gpus[0].index, err_text(ret));
		gpu_close_all(gpus, n);
		return CLI_EXIT_FAIL;
	}
	/* one entry per LCE the chip has: the PTOP LCE devices when the
	 * device table is readable (NV_PTOP_SCAL_NUM_CES is wrong on some
	 * Tegra parts, regs-mmu-gr.md §6.1), but never fewer than the LCEs a
	 * PCE or GRCE refers to */
	nptop = lce_runlists(&gpus[0], rl, NVS_CE_MAX_LCES);
	if (nptop)
		ce.num_lces = nptop > lces_referenced(&ce) ? nptop : lces_referenced(&ce);
	if (g.json)
		ce_json(&g, &gpus[0], &ce, rl);
	else
		ce_text(&gpus[0], &ce, rl);
	gpu_close_all(gpus, n);
	return CLI_EXIT_OK;
}

/* ---- nvsched gr ---- */

static void gr_json(const struct cli_global *g, const struct gpu *c, const struct nvs_gr *gr)
{
	unsigned int i;
	struct jw w;

	gpu_json_begin(&w, g->pretty, c);
	jw_key(&w, "num_gpcs");
	jw_int(&w, gr->num_gpcs);
	jw_key(&w, "num_tpc_per_gpc");
	jw_int(&w, gr->num_tpc_per_gpc);
	jw_key(&w, "gpc_disable_mask");
	jw_hex(&w, gr->gpc_disable_mask);
	jw_key(&w, "gpcs");
	jw_arr_begin(&w);
	for (i = 0; i < gr->num_gpcs; i++) {
		bool en = !(gr->gpc_disable_mask & (1u << i));

		jw_obj_begin(&w);
		jw_key(&w, "gpc");
		jw_int(&w, i);
		jw_key(&w, "logical");
		if (en && gr->logical[i] >= 0)
			jw_int(&w, gr->logical[i]);
		else
			jw_null(&w);
		jw_key(&w, "enabled");
		jw_bool(&w, en);
		jw_key(&w, "tpc_disable_mask");
		jw_hex(&w, gr->tpc_disable_mask[i]);
		jw_key(&w, "tpcs_enabled");
		jw_int(&w, en ? gr->tpcs_enabled_gpc[i] : 0);
		jw_obj_end(&w);
	}
	jw_arr_end(&w);
	jw_key(&w, "gpcs_enabled");
	jw_int(&w, gr->gpcs_enabled);
	jw_key(&w, "tpcs_enabled");
	jw_int(&w, gr->tpcs_enabled);
	jw_key(&w, "sms_per_tpc");
	jw_int(&w, gr->sms_per_tpc);
	jw_key(&w, "sms_enabled");
	jw_int(&w, gr->tpcs_enabled * gr->sms_per_tpc);
	/* global (virtual) TPC id -> logical GPC, TPC in GPC (CWD_GPC_TPC_ID):
	 * the numbering of CUDA's TPC masks; null when not readable */
	jw_key(&w, "tpc_map");
	if (gr->cwd_err) {
		jw_null(&w);
	} else {
		jw_arr_begin(&w);
		for (i = 0; i < gr->cwd_tpcs; i++) {
			jw_obj_begin(&w);
			jw_key(&w, "tpc");
			jw_int(&w, i);
			jw_key(&w, "logical_gpc");
			jw_int(&w, gr->cwd_gpc[i]);
			jw_key(&w, "tpc_in_gpc");
			jw_int(&w, gr->cwd_tpc[i]);
			jw_obj_end(&w);
		}
		jw_arr_end(&w);
	}
	jw_key(&w, "tpc_map_error");
	jw_str(&w, gr->cwd_err ? cwd_err_text(gr->cwd_err) : NULL);
	jw_obj_end(&w);
	jw_end_doc(&w);
}

static void gr_text(const struct gpu *c, const struct nvs_gr *gr)
{
	unsigned int i, l;

	printf("gpu%d %s: %u GPCs x %u TPCs on chip; %u GPCs, %u TPCs, %u SMs enabled (%u SMs/TPC)\n",
	       c->index, c->id_ok ? c->chip : "unknown", gr->num_gpcs, gr->num_tpc_per_gpc,
	       gr->gpcs_enabled, gr->tpcs_enabled, gr->tpcs_enabled * gr->sms_per_tpc,
	       gr->sms_per_tpc);
	printf("GPC disable mask 0x%x (set bit = floorswept)%s\n", gr->gpc_disable_mask,
	       gr->logical_known ? "" : "; logical GPC ids not readable on this chip");
	printf("%-4s %-7s %-7s %-16s %s\n", "GPC", "logical", "enabled", "tpc_disable_mask",
	       "TPCs");
	for (i = 0; i < gr->num_gpcs; i++) {
		bool en = !(gr->gpc_disable_mask & (1u << i));
		char lg[8] = "-";

		if (en && gr->logical[i] >= 0)
			snprintf(lg, sizeof(lg), "%d", gr->logical[i]);
		printf("%-4u %-7s %-7s 0x%-14x %u\n", i, lg, en ? "yes" : "no",
		       gr->tpc_disable_mask[i], en ? gr->tpcs_enabled_gpc[i] : 0u);
	}
	if (gr->cwd_err) {
		printf("\nGlobal TPC ids (CWD_GPC_TPC_ID): %s\n", cwd_err_text(gr->cwd_err));
		return;
	}
	printf("\nGlobal TPC id -> logical GPC.TPC (CWD_GPC_TPC_ID; CUDA's TPC mask bits):");
	for (i = 0; i < gr->cwd_tpcs; i++)
		printf("%s%3u:%u.%u", i % 8 ? "  " : "\n  ", i, gr->cwd_gpc[i], gr->cwd_tpc[i]);
	printf("\nTPCs per logical GPC:");
	for (l = 0; l < gr->gpcs_enabled; l++) {
		unsigned int n = 0;

		for (i = 0; i < gr->cwd_tpcs; i++)
			n += gr->cwd_gpc[i] == l;
		printf(" %u:%u", l, n);
	}
	printf("\n");
}

int cmd_gr(const struct cli_global *g0, int argc, char **argv)
{
	struct cli_global g = *g0;
	struct gpu *gpus;
	struct nvs_gr gr;
	int n, ret;

	ret = topo_opts(&g, argc, argv,
			"GPC/TPC topology: on-chip counts, floorsweeping, logical GPC ids");
	if (ret)
		return ret < 0 ? CLI_EXIT_OK : ret;
	ret = gpu_open_selected(&g.sel, argv[0], false, &gpus, &n);
	if (ret)
		return ret;
	ret = gpu_gr(&gpus[0], &gr);
	if (ret) {
		fprintf(stderr, "nvsched gr: gpu%d: cannot read the GPC/TPC topology: %s\n",
			gpus[0].index, err_text(ret));
		gpu_close_all(gpus, n);
		return CLI_EXIT_FAIL;
	}
	if (g.json)
		gr_json(&g, &gpus[0], &gr);
	else
		gr_text(&gpus[0], &gr);
	gpu_close_all(gpus, n);
	return CLI_EXIT_OK;
}
