/* SPDX-License-Identifier: MIT */
/*
 * nvss-gen --describe CHIP: a markdown summary of what a profile is meant to
 * decode to (engines, runlists, CE map, GPC/TPC, runlist contents). Used to
 * write docs/profiles.md; the facts come from the chip tables, the runlist
 * notes recorded while building, and the encoded BOOT registers.
 */
#include <stdio.h>
#include <string.h>
#include "chip.h"
#include "regs.h"

static const char *type_name(int t, char *buf, size_t n)
{
	switch (t) {
	case ET_GRAPHICS: return "GRAPHICS";
	case ET_COPY0: return "COPY0";
	case ET_COPY1: return "COPY1";
	case ET_COPY2: return "COPY2";
	case ET_MSPDEC: return "MSPDEC";
	case ET_MSPPP: return "MSPPP";
	case ET_MSVLD: return "MSVLD";
	case ET_MSENC: return "MSENC";
	case ET_SEC: return "SEC";
	case ET_NVENC0: return "NVENC";
	case ET_NVENC1: return "NVENC1";
	case ET_NVDEC: return "NVDEC";
	case ET_IOCTRL: return "IOCTRL";
	case ET_LCE: return "LCE";
	case ET_GSP: return "GSP";
	case ET_NVJPG: return "NVJPG";
	case ET_OFA: return "OFA";
	case ET_FLA: return "FLA";
	case ET_HSHUB: return "HSHUB";
	case ET_FSP: return "FSP";
	}
	snprintf(buf, n, "TYPE%d", t);
	return buf;
}

static const char *gen_name(enum gen g)
{
	static const char *const n[] = { "kepler", "maxwell", "pascal", "volta", "turing",
					 "ampere", "ada", "hopper", "blackwell" };
	return n[g];
}

static void describe_engines2(const struct chip *c, FILE *o)
{
	int i, n = 0, row = 0, engenum = 0;
	char tb[16];

	fprintf(o, "\n**Engines** (PTOP order, as `nvsched engines -j` should list them; `row` is the "
		"first %s of the device; holes are NOT_VALID entries / zero rows):\n\n",
		c->gen >= G_AMPERE ? "DEVICE_INFO2 row" : "DEVICE_INFO entry");
	fprintf(o, "| # | row | type | instance | runlist | pri_base | fault_id | reset_id | %s |\n",
		c->gen >= G_AMPERE ? "rleng_id" : "engine_enum");
	fprintf(o, "|---|---|---|---|---|---|---|---|---|\n");
	for (i = 0; i < c->ndev; i++) {
		const struct dev *d = &c->dev[i];
		char rl[16], fault[16], last[16], rs[16];
		int has = d->rl != NONE;

		if (d->type == HOLE) {
			row++;
			continue;
		}
		snprintf(rl, sizeof(rl), has ? "%d" : "null", d->rl);
		if (c->gen >= G_AMPERE)
			snprintf(fault, sizeof(fault), d->fault ? "%d" : "null", d->fault);
		else
			snprintf(fault, sizeof(fault), has ? "%d" : "null", d->fault);
		if (c->gen >= G_AMPERE)
			snprintf(last, sizeof(last), has ? "%d" : "null", d->rleng);
		else
			snprintf(last, sizeof(last), has ? "%d" : "null", engenum);
		fprintf(o, "| %d | %d | %s | %d | %s | 0x%x | %s | %s | %s |\n", n, row,
			type_name(d->type, tb, sizeof(tb)), d->inst, rl, d->pri_base, fault,
			d->reset ? (snprintf(rs, sizeof(rs), "%d", d->reset), rs) : "null", last);
		n++;
		if (has)
			engenum++;
		row += c->gen >= G_AMPERE ? (has ? 3 : 2) : 3;
	}
}

static void describe_runlist_map(const struct chip *c, FILE *o)
{
	int ids[32], n = 0, i, k, j;
	char tb[16];

	for (i = 0; i < c->ndev; i++) {
		const struct dev *d = &c->dev[i];

		if (d->type == HOLE || d->rl == NONE)
			continue;
		for (k = 0; k < n; k++)
			if (ids[k] == d->rl)
				break;
		if (k == n)
			ids[n++] = d->rl;
	}
	/* sort ids */
	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			if (ids[j] < ids[i]) {
				k = ids[i]; ids[i] = ids[j]; ids[j] = k;
			}
	fprintf(o, "\n**Runlists → engines** (sorted by id; TYPE#instance):\n\n| runlist | engines |\n|---|---|\n");
	for (k = 0; k < n; k++) {
		fprintf(o, "| %d |", ids[k]);
		for (i = 0; i < c->ndev; i++)
			if (c->dev[i].type != HOLE && c->dev[i].rl == ids[k])
				fprintf(o, " %s#%d", type_name(c->dev[i].type, tb, sizeof(tb)), c->dev[i].inst);
		fprintf(o, " |\n");
	}
}

static void describe_ce(const struct chip *c, FILE *o)
{
	int i, p;

	if (c->gen <= G_MAXWELL) {
		fprintf(o, "\n**Copy engines:** COPY0..COPY2 PTOP devices only; no PCE/LCE map registers. "
			"SCAL_NUM_CES = %d.\n", c->num_ces);
		return;
	}
	fprintf(o, "\n**Copy engines:** PCE_MAP 0x%x, SCAL_NUM_CES %d.\n\n", c->pce_map, c->num_ces);
	fprintf(o, "| lce | grce | pces | shared_with_lce |\n|---|---|---|---|\n");
	for (i = 0; i < c->ndev; i++) {
		const struct dev *d = &c->dev[i];
		int l = d->inst, any = 0, grce = l < 2 && l < c->ngrce;

		if (d->type != ET_LCE)
			continue;
		fprintf(o, "| %d | %s | [", l, grce ? "true" : "false");
		for (p = 0; p < c->npce; p++)
			if ((c->pce_map >> p & 1) && c->pce2lce[p] == l) {
				fprintf(o, "%s%d", any ? ", " : "", p);
				any = 1;
			}
		if (grce && c->grce_shared[l] != NONE)
			fprintf(o, "] | %d |\n", c->grce_shared[l]);
		else
			fprintf(o, "] | null |\n");
	}
}

static void describe_gr(const struct chip *c, FILE *o)
{
	int g, t, lg = 0, total = 0;

	fprintf(o, "\n**GPC/TPC:** %d GPCs x %d TPCs on chip (SCAL), gpc_disable_mask 0x%x (fuses at %s).\n\n",
		c->ngpc, c->ntpc, c->gpc_fuse, c->gen < G_AMPERE ? "0x21c1c/0x21c38+4g" :
		"0x820c1c/0x820c38+4g");
	fprintf(o, "| gpc | logical | enabled | tpc_disable_mask | tpcs_enabled |\n|---|---|---|---|---|\n");
	for (g = 0; g < c->ngpc; g++) {
		int en = !(c->gpc_fuse >> g & 1), n = 0;

		for (t = 0; t < c->ntpc; t++)
			n += !(c->tpc_fuse[g] >> t & 1);
		if (!en)
			n = 0;
		total += n;
		if (en)
			fprintf(o, "| %d | %d | true | 0x%x | %d |\n", g, lg++, c->tpc_fuse[g], n);
		else
			fprintf(o, "| %d | null | false | 0x%x | 0 |\n", g, c->tpc_fuse[g]);
	}
	fprintf(o, "\nTotal TPCs enabled: %d (SMs per TPC: %d).", total,
		c->gen <= G_MAXWELL || c->gen == G_PASCAL ? 1 : 2);
	if (c->gen >= G_PASCAL)
		fprintf(o, " CWD_FS = %d GPCs / %d TPCs; CWD_GPC_TPC_ID at %s, global TPC ids assigned "
			"round-robin over logical GPCs (TPC 0 of each logical GPC, then TPC 1, ...), "
			"TPC field = logical (compacted) TPC index%s.", lg, total,
			c->gen <= G_AMPERE ? "0x405b60+4i" : "0x405000+4i",
			c->gen <= G_AMPERE ? "; CWD_SM_ID at 0x405ba0+4i (inverse map)" : "; no CWD_SM_ID");
	else
		fprintf(o, " No CWD tables.");
	fprintf(o, "\n");
}

int describe_chip(const struct chip *c, const char *fixture, FILE *o)
{
	struct snap *s = snap_new();
	uint32_t b0 = 0, b42 = 0;
	int has42;

	if (c->gen == G_HOPPER)
		build_gh100(c, s, fixture);
	else
		build_chip(c, s);
	reg_get(s, PMC_BOOT_0, &b0);
	has42 = reg_get(s, PMC_BOOT_42, &b42);
	fprintf(o, "\n## %s — %s\n\n", c->name, c->product);
	fprintf(o, "`meta name sim-%s`, pci_id %s, arch %s, chip_id 0x%x. BOOT_0 0x%08x, BOOT_42 %s",
		c->name, c->pci_id, gen_name(c->gen), c->chip_id, b0, has42 ? "" : "absent (reads 0xbadf5040)");
	if (has42)
		fprintf(o, "0x%08x", b42);
	fprintf(o, ".\n");
	if (c->note)
		fprintf(o, "\nNotes: %s.\n", c->note);
	if (c->gen == G_HOPPER) {
		fprintf(o, "\nAll registers come unchanged from the real capture "
			"(tests/fixtures/h100_idle.nvss); engines, runlist ids, CE map and GPC/TPC are "
			"those of the capture — see tests/fixtures/README.md, "
			"tests/fixtures/rmprobe_idle.txt and docs/register-sources.md (gh100-confirmed.md). PRAMIN window "
			"(0x10fd40) = 0x13e960 → base 0x13e9600000 (does not cover the runlists). "
			"Added memory:\n");
	} else {
		describe_engines2(c, o);
		describe_runlist_map(c, o);
		describe_ce(c, o);
		describe_gr(c, o);
		fprintf(o, "\n**Channels:** %u%s. **PRAMIN window** (%s) base 0x%llx.\n",
			c->num_channels, c->gen >= G_AMPERE ? " per runlist (CHRAM, NUM_CHANNELS_LOG2 11)" :
			c->gen >= G_MAXWELL ? " (PFIFO_CFG1)" : " (no CFG1 register; PCCSR size)",
			c->gen <= G_ADA ? "0x1700" : "0x10fd40", (unsigned long long)c->window_base);
		fprintf(o, "\n**Runlist memory:**\n");
	}
	snap_print_notes(s, o);
	return 0;
}
