/* SPDX-License-Identifier: MIT */
/*
 * nvss-gen: the GH100 profile = every register of the real capture
 * (tests/fixtures/h100_idle.nvss, read at generation time, values unchanged)
 * plus the GPU memory the capture lacks: runlist 0 and runlist 1 buffers at the
 * captured SUBMIT_BASE addresses, instance blocks and v3 page tables.
 * The runlist contents are chosen to agree with the captured CHRAM words,
 * SUBMIT lengths/offsets and ENGINE_STATUS registers; the generator checks this
 * by decoding the captured registers with its own field tables.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "chip.h"
#include "regs.h"


static uint64_t fget32(uint32_t v, const struct field *f)
{
	uint8_t b[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };

	return get_field(b, 4, f);
}

static uint32_t must_reg(const struct snap *s, uint32_t off)
{
	uint32_t v;

	if (!reg_get(s, off, &v))
		die("gh100: capture lacks register 0x%x", off);
	return v;
}

static void load_fixture(struct snap *s, const char *path)
{
	FILE *f = fopen(path, "r");
	char line[4096];
	int lineno = 0;

	if (!f)
		die("cannot open fixture %s", path);
	while (fgets(line, sizeof(line), f)) {
		char kind[16], a[64], b[64];
		int n;

		lineno++;
		line[strcspn(line, "\r\n")] = 0;
		if (!line[0])
			continue;
		if (line[0] == '#') {
			snap_comment(s, "capture: %s", line + 1 + (line[1] == ' '));
			continue;
		}
		if (!strncmp(line, "nvsched-snapshot ", 17)) {
			if (strcmp(line, "nvsched-snapshot 1"))
				die("%s:%d: unsupported version", path, lineno);
			continue;
		}
		n = sscanf(line, "%15s %63s %63s", kind, a, b);
		if (!strcmp(kind, "meta") && n >= 2) {
			const char *v = line + 5 + strlen(a);

			while (*v == ' ' || *v == '\t')
				v++;
			/* keep the capture's own keys under new names */
			if (!strcmp(a, "source"))
				snap_meta(s, "capture_source", "%s", v);
			else if (strcmp(a, "name") && strcmp(a, "pci_id") && strcmp(a, "bdf"))
				snap_meta(s, a, "%s", v);
			continue;
		}
		if (!strcmp(kind, "r") && n == 3) {
			char *e1, *e2;
			unsigned long off = strtoul(a, &e1, 16), val = strtoul(b, &e2, 16);

			if (*e1 || *e2 || off > 0xffffffffUL || val > 0xffffffffUL)
				die("%s:%d: malformed r line", path, lineno);
			reg_set(s, (uint32_t)off, (uint32_t)val);
			continue;
		}
		die("%s:%d: unexpected line kind '%s' in the capture", path, lineno, kind);
	}
	fclose(f);
}

/* find the NV_RUNLIST block whose DOORBELL_CONFIG.ID is id (layout A) */
static uint32_t find_block(const struct snap *s, uint32_t ptop_rows, int id, uint32_t *chram)
{
	uint32_t i;

	for (i = 0; i < ptop_rows; i++) {
		uint32_t r2, base, v;

		if (!reg_get(s, PTOP_DEVICE_INFO2(i), &r2))
			continue;
		/* a row 2 follows a row 1 with IS_ENGINE; look at every row-2 candidate */
		if (i < 2 || !reg_get(s, PTOP_DEVICE_INFO2(i - 1), &v) ||
		    !fget32(v, &PTOP_INFO2_ROW1_IS_ENGINE) || !fget32(v, &PTOP_INFO2_ROW_CHAIN))
			continue;
		base = (uint32_t)(fget32(r2, &PTOP_INFO2_ROW2_RUNLIST_PRI_BASE) <<
				  PTOP_INFO2_ROW2_RUNLIST_PRI_BASE.shift);
		if (!reg_get(s, base + RLA_DOORBELL_CONFIG, &v))
			continue;
		if ((int)fget32(v, &RL_DOORBELL_CONFIG_ID) == id) {
			*chram = (uint32_t)(fget32(must_reg(s, base + RLA_CHANNEL_CONFIG),
						   &RL_CHANNEL_CONFIG_CHRAM_BAR0_OFFSET) <<
					   RL_CHANNEL_CONFIG_CHRAM_BAR0_OFFSET.shift);
			return base;
		}
	}
	die("gh100: no runlist block with id %d in the capture", id);
}


int build_gh100(const struct chip *c, struct snap *s, const char *fixture)
{
	struct alloc a = { c->vram_region };
	uint32_t cfg, rows;
	int i, j;

	snap_meta(s, "name", "sim-%s", c->name);
	snap_meta(s, "source", "simulator");
	snap_meta(s, "pci_id", "%s", c->pci_id);
	snap_meta(s, "bdf", "0000:00:06.0");
	snap_comment(s, "product: %s", c->product);
	snap_comment(s, "registers: all from the real capture %s, unchanged", "tests/fixtures/h100_idle.nvss");
	snap_comment(s, "memory: runlists 0 and 1, instance blocks, v3 page tables added by nvss-gen");
	snap_comment(s, "runlist 1 channel 2 has its USERD in SYS memory at a 52-bit address "
		     "(USERD_PTR_HI 19:0, fifo §3.4.2); all TSGs use the RM default timeslice");
	load_fixture(s, fixture);

	/* sanity: this is the GH100 capture */
	if (fget32(must_reg(s, PMC_BOOT_42), &BOOT42_ARCH) != (c->chip_id >> 4) ||
	    fget32(must_reg(s, PMC_BOOT_42), &BOOT42_IMPL) != (c->chip_id & 0xf))
		die("gh100: fixture BOOT_42 is not GH100");
	cfg = must_reg(s, PTOP_DEVICE_INFO_CFG);
	rows = (uint32_t)fget32(cfg, &PTOP_CFG_NUM_ROWS);

	for (i = 0; i < c->nrl; i++) {
		const struct rl *r = &c->rl[i];
		struct rlres res;
		uint32_t chram, blk = find_block(s, rows, r->id, &chram);
		uint32_t lo = must_reg(s, blk + RLA_SUBMIT_BASE_LO), hi = must_reg(s, blk + RLA_SUBMIT_BASE_HI);
		uint32_t sub = must_reg(s, blk + RLA_SUBMIT);
		uint64_t base = (fget32(lo, &RL_SUBMIT_BASE_LO_PTR_LO_A10) << RL_SUBMIT_BASE_LO_PTR_LO_A10.shift) |
				(fget32(hi, &RL_SUBMIT_BASE_HI_PTR_HI_20) << 32);

		if (base != r->base)
			die("gh100: runlist %d base 0x%llx != captured 0x%llx", r->id,
			    (unsigned long long)r->base, (unsigned long long)base);
		if (fget32(lo, &RL_SUBMIT_BASE_LO_TARGET) != RAMIN_TARGET_VID)
			die("gh100: runlist %d not in VID memory", r->id);
		build_runlist_mem(c, s, &a, r, &res, chram);
		if ((uint64_t)res.len != fget32(sub, &RL_SUBMIT_LENGTH) ||
		    (uint64_t)r->offset != fget32(sub, &RL_SUBMIT_OFFSET))
			die("gh100: runlist %d length/offset disagree with SUBMIT 0x%x", r->id, sub);
		/* CHRAM: the channels in the runlist are exactly the enabled ones */
		for (j = 0; j < 64; j++) {
			uint32_t w = must_reg(s, chram + 4u * (unsigned)j);
			int k, in = 0;

			for (k = 0; k < res.nch; k++)
				if (res.ch[k].chid == j)
					in = 1;
			if ((int)fget32(w, &CHRAM_ENABLE) != in)
				die("gh100: runlist %d chid %d: CHRAM 0x%x vs runlist", r->id, j, w);
			if (in && fget32(w, &CHRAM_ON_ENG))
				for (k = 0; k < res.nch; k++)
					if (res.ch[k].chid == j && res.ch[k].st != CS_ON_ENG)
						die("gh100: chid %d is on the engine in CHRAM", j);
		}
		snap_comment(s, "runlist %d: block 0x%x, CHRAM 0x%x, base 0x%llx, %d entries",
			     r->id, blk, chram, (unsigned long long)base, res.len);
	}
	return 0;
}
