// SPDX-License-Identifier: MIT
/*
 * GMMU walkers (kmod/hw/mmu.c) and instance-block decode (kmod/hw/inst.c).
 *
 * 1. Every profile: the generator (tests/profiles/gen/gen.c,
 *    build_runlist_mem) gave each TSG one address space mapping
 *    VA 0x1000000000 -> the TSG's USERD page and VA 0x1000001000 -> its
 *    GPFIFO page (allocated right after the USERD page), and wrote the
 *    channel's GP_BASE = 0x1000001000 + 512 * j into RAMFC.  Expected
 *    addresses come from sources other than the page tables: the runlist
 *    entry's USERD pointer (Volta+), the RAMFC USERD pointer (all), and the
 *    chip generation from the generator's own chip table.  Both the direct
 *    memory path and the PRAMIN window path are walked.
 * 2. Fault injection on hand-built tables (entries encoded here from
 *    regs-mmu-gr.md §4 by plain arithmetic, not with the walker's macros):
 *    cycles, self-references, PRI errors mid-walk, unbacked memory,
 *    out-of-range VAs and addresses, IS_PTE where no page can be,
 *    misaligned pages - each -EIO after a bounded number of reads.
 * 3. Big pages, 2M/512M pages, sparse/unmapped, Pascal v1/v2 by PDB bit,
 *    Hopper v3 regardless of the bit, and the translation cache.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../profiles/gen/chip.h"	/* the generator's chip descriptions */
#include "chip.h"			/* kmod/hw */
#include "ptop.h"
#include "runlist.h"
#include "mmu.h"
#include "inst.h"
#include "sim.h"

#define VA_USERD 0x1000000000ull	/* gen.c */
#define VA_GPFIFO 0x1000001000ull

/* ------------------------------------------------ counting io wrapper */
struct cio {
	struct nvs_io io;
	const struct nvs_io *in;
	unsigned int rd32, mem;
};

static uint32_t c_rd32(void *ctx, uint32_t off)
{
	struct cio *c = ctx;

	c->rd32++;
	return c->in->rd32(c->in->ctx, off);
}

static void c_wr32(void *ctx, uint32_t off, uint32_t v)
{
	struct cio *c = ctx;

	c->in->wr32(c->in->ctx, off, v);
}

static int c_mem(void *ctx, enum nvs_aperture ap, uint64_t a, void *b, size_t n)
{
	struct cio *c = ctx;

	c->mem++;
	return c->in->mem_read(c->in->ctx, ap, a, b, n);
}

/* @pramin: hide mem_read so that nvs_vid_read() uses the window */
static void cio_init(struct cio *c, const struct nvs_io *in, bool pramin)
{
	memset(c, 0, sizeof(*c));
	c->in = in;
	c->io.rd32 = c_rd32;
	c->io.wr32 = c_wr32;
	c->io.mem_read = pramin ? NULL : c_mem;
	c->io.ctx = c;
}

static unsigned int cio_reads(const struct cio *c)
{
	return c->rd32 + c->mem;
}

/* ------------------------------------------------ 1. all profiles */
static unsigned int gen_version(enum gen g)
{
	return g <= G_MAXWELL ? 1 : g <= G_ADA ? 2 : 3;	/* gen.c pt_init */
}

static void xlat_ok(const struct nvs_io *io, const struct nvs_caps *caps,
		    const struct nvs_mmu_pdb *pdb, struct nvs_mmu_cache *cache,
		    uint64_t va, uint64_t want, const char *chip, unsigned int chid)
{
	enum nvs_aperture ap = 99;
	uint64_t pa = 0;
	char why[128];
	int ret;

	/* why holds a reason only for a failure of this call: a success, and a
	 * refusal of bad arguments (no pa), leave it empty, not the caller's
	 * old text */
	strcpy(why, "stale");
	ret = nvs_mmu_translate(io, caps, pdb, va, &pa, &ap, cache, why, sizeof(why));
	if (ret || pa != want || ap != NVS_AP_VID || why[0])
		fail_msg("%s chid %u: VA 0x%llx -> %d 0x%llx ap %d (%s), want 0x%llx vid", chip,
			 chid, (unsigned long long)va, ret, (unsigned long long)pa, ap, why,
			 (unsigned long long)want);
	strcpy(why, "stale");
	ret = nvs_mmu_translate(io, caps, pdb, va, NULL, &ap, cache, why, sizeof(why));
	if (ret != -EINVAL || why[0])
		fail_msg("%s chid %u: VA 0x%llx without pa -> %d (%s), want -EINVAL and no reason",
			 chip, chid, (unsigned long long)va, ret, why);
}

struct textbuf {
	char s[4096];
	size_t n;
};

static void tb_pr(void *ctx, const char *fmt, ...)
{
	struct textbuf *t = ctx;
	va_list ap;
	int k;

	va_start(ap, fmt);
	k = vsnprintf(t->s + t->n, sizeof(t->s) - t->n, fmt, ap);
	va_end(ap);
	if (k > 0)
		t->n += (size_t)k < sizeof(t->s) - t->n ? (size_t)k : sizeof(t->s) - t->n - 1;
}

/* Box lines are as wide as nvs_runlist_format()'s channel box:
 * "+- Channel Entry %-4u-+" is 23 characters, so is every "|...|". */
static void check_box(const struct chip *c, const struct nvs_inst *in)
{
	struct textbuf tb = { .n = 0 };
	char *line, *save = NULL;
	unsigned int n = 0;

	nvs_inst_format_box(in, "", tb_pr, &tb);
	for (line = strtok_r(tb.s, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *bar = strchr(line + 1, '|');

		if (line[0] != '|' || !bar || bar - line != 22)
			fail_msg("%s: box line not 23 wide: \"%s\"", c->name, line);
		n++;
	}
	assert_true(n >= 8);
}

/* The channel's USERD as the runlist (Volta+) or RAMFC gives it; its
 * aperture through @ap. */
static uint64_t chan_userd(const struct nvs_rl_item *it, const struct nvs_inst *in,
			   unsigned int *ap)
{
	if (it->has_userd) {
		if (in->has_userd) {	/* two independent copies agree */
			assert_int_equal(in->userd, it->userd);
			assert_int_equal(in->userd_target, it->userd_ap);
		}
		*ap = it->userd_ap;
		return it->userd;
	}
	assert_true(in->has_userd);
	*ap = in->userd_target;
	return in->userd;
}

/* USERD page of each address space, from channels whose USERD is in VID
 * memory (gen.c: USERD of channel j = userd_page + 512 * j; channels with
 * USERD in system memory still map the TSG's VID userd_page). */
struct space {
	uint64_t pdb, page;
};

static void read_inst(const struct chip *c, const struct nvs_io *io,
		      const struct nvs_caps *caps, const struct nvs_rl_item *it,
		      struct nvs_inst *in)
{
	char why[128];
	int ret;

	assert_true(it->has_inst);
	ret = nvs_inst_read(io, caps, it->inst, it->inst_ap, in, why, sizeof(why));
	if (ret)
		fail_msg("%s chid %u: inst 0x%llx: %s", c->name, it->id,
			 (unsigned long long)it->inst, why);
}

static unsigned int check_channel(const struct chip *c, struct nvs_sim *sim,
				  const struct nvs_caps *caps, const struct nvs_rl_item *it,
				  const struct space *sp, unsigned int nsp, int pos, bool pramin)
{
	struct cio cio;
	struct nvs_inst in;
	struct nvs_mmu_cache cache;
	char why[128];
	uint64_t userd, page = 0;
	enum nvs_aperture ap;
	uint64_t pa;
	unsigned int before, uap, i;
	int ret;

	cio_init(&cio, nvs_sim_io(sim), pramin);
	nvs_mmu_cache_init(&cache);
	read_inst(c, &cio.io, caps, it, &in);
	assert_int_equal(in.pt_version, gen_version(c->gen));
	assert_int_equal(in.pdb.target, 0);
	assert_true(in.has_userd || c->gen == G_BLACKWELL);
	userd = chan_userd(it, &in, &uap);
	for (i = 0; i < nsp; i++)
		if (sp[i].pdb == in.pdb.addr)
			page = sp[i].page;
	if (!page) {
		/* every channel of this TSG has its USERD in system memory
		 * (ga100): the USERD page is known only from the walk; the
		 * GPFIFO page must still follow it (gen.c allocation order) */
		ret = nvs_mmu_translate(&cio.io, caps, &in.pdb, VA_USERD, &page, &ap, NULL,
					why, sizeof(why));
		if (ret || ap != NVS_AP_VID || (page & 0xfff))
			fail_msg("%s chid %u: VA_USERD: %d 0x%llx (%s)", c->name, it->id, ret,
				 (unsigned long long)page, why);
		print_message("  %s chid %u: USERD in sysmem, VID USERD page from the walk only\n",
			      c->name, it->id);
	}

	xlat_ok(&cio.io, caps, &in.pdb, &cache, VA_USERD, page, c->name, it->id);
	if (uap == NVS_AP_VID)
		xlat_ok(&cio.io, caps, &in.pdb, &cache, VA_USERD + (userd & 0xfff), userd,
			c->name, it->id);
	else
		xlat_ok(&cio.io, caps, &in.pdb, &cache, VA_USERD + 0x200, page + 0x200,
			c->name, it->id);
	xlat_ok(&cio.io, caps, &in.pdb, &cache, VA_GPFIFO, page + 0x1000, c->name, it->id);
	/* GP_BASE from RAMFC: in the GPFIFO page */
	assert_int_equal(in.gp_base & ~0xfffull, VA_GPFIFO);
	xlat_ok(&cio.io, caps, &in.pdb, &cache, in.gp_base, page + 0x1000 + (in.gp_base & 0xfff),
		c->name, it->id);
	nvs_inst_resolve(&cio.io, caps, &in, &cache);
	assert_int_equal(in.gp_err, 0);
	assert_int_equal(in.gp_pa, page + 0x1000 + (in.gp_base & 0xfff));
	assert_int_equal(cache.misses, 2);	/* one walk per page */
	assert_int_equal(cache.hits, 3);
	/* cached: no register or memory access at all */
	before = cio_reads(&cio);
	xlat_ok(&cio.io, caps, &in.pdb, &cache, VA_USERD + 0x10, page + 0x10, c->name, it->id);
	assert_int_equal(cio_reads(&cio), before);
	/* next page: unmapped, and not cached */
	ret = nvs_mmu_translate(&cio.io, caps, &in.pdb, VA_GPFIFO + 0x1000, &pa, &ap, &cache,
				why, sizeof(why));
	if (ret != -ENOENT)
		fail_msg("%s: unmapped VA gave %d (%s)", c->name, ret, why);
	/* Volta+: subcontext 0 is the channel's address space (gen.c build_inst) */
	if (c->gen >= G_VOLTA) {
		assert_true(in.has_subctx);
		assert_int_equal(in.sc_valid, 1);
		assert_true(in.sc0_same);
	}
	if (in.has_chinfo) {
		assert_int_equal(in.chid, it->id);
		/* gen.c build_inst: VEID = the channel's index in its TSG */
		assert_int_equal(in.veid, pos);
	}
	if (c->gen == G_BLACKWELL)
		assert_int_equal(in.magic, 0xcafeca11u);
	{
		struct textbuf tb = { .n = 0 };
		char want[64];

		nvs_inst_format(&in, "  ", tb_pr, &tb);
		snprintf(want, sizeof(want), "GPFIFO PA 0x%llx (vid)",
			 (unsigned long long)(page + 0x1000 + (in.gp_base & 0xfff)));
		if (!strstr(tb.s, want))
			fail_msg("%s: formatted text lacks \"%s\":\n%s", c->name, want, tb.s);
		check_box(c, &in);
	}
	return 1;
}

static void check_chip(const struct chip *c, bool pramin)
{
	char path[256], err[256];
	struct nvs_sim *sim;
	struct nvs_ident id;
	struct nvs_topology *t = malloc(sizeof(*t));
	unsigned int nch = 0, nsp = 0;
	struct space sp[64];
	int r;

	snprintf(path, sizeof(path), "build/profiles/%s.nvss", c->name);
	sim = nvs_sim_open(path, err, sizeof(err));
	if (!sim)
		fail_msg("%s", err);
	assert_int_equal(nvs_identify(nvs_sim_io(sim), &id), 0);
	assert_non_null(id.caps);
	assert_int_equal(id.caps->pt_version, gen_version(c->gen));
	assert_int_equal(nvs_ptop_read(nvs_sim_io(sim), id.caps, t), 0);
	for (r = 0; r < c->nrl; r++) {
		struct nvs_rl_loc loc;
		struct nvs_rl_item *items;
		void *raw;
		unsigned int k;

		assert_int_equal(nvs_runlist_locate(nvs_sim_io(sim), id.caps, t, c->rl[r].id,
						    &loc), 0);
		raw = malloc(nvs_runlist_bytes(id.caps, &loc));
		items = calloc(loc.length, sizeof(*items));
		assert_int_equal(nvs_runlist_fetch(nvs_sim_io(sim), id.caps, &loc, raw, NULL), 0);
		nvs_runlist_decode(id.caps, &loc, raw, items);
		nvs_runlist_read_states(nvs_sim_io(sim), id.caps, &loc, items);
		for (k = 0; k < loc.length; k++) {
			struct nvs_inst in;
			unsigned int uap, i;
			uint64_t u;

			if (items[k].kind != NVS_RL_CHAN)
				continue;
			read_inst(c, nvs_sim_io(sim), id.caps, &items[k], &in);
			u = chan_userd(&items[k], &in, &uap);
			for (i = 0; i < nsp && sp[i].pdb != in.pdb.addr; i++)
				;
			if (uap == NVS_AP_VID && i == nsp && nsp < 64)
				sp[nsp++] = (struct space){ in.pdb.addr, u & ~0xfffull };
		}
		for (k = 0; k < loc.length; k++)
			if (items[k].kind == NVS_RL_CHAN)
				nch += check_channel(c, sim, id.caps, &items[k], sp, nsp,
						     (int)k - items[k].tsg - 1, pramin);
		free(items);
		free(raw);
	}
	print_message("profile %s (%s): %u channels translated\n", c->name,
		      pramin ? "PRAMIN" : "direct", nch);
	assert_true(nch > 0);
	free(t);
	nvs_sim_free(sim);
}

static void test_profiles_direct(void **state)
{
	int i;

	for (i = 0; i < nchips; i++)
		check_chip(&chips[i], false);
	assert_true(nchips >= 12);
}

static void test_profiles_pramin(void **state)
{
	int i;

	for (i = 0; i < nchips; i++)
		check_chip(&chips[i], true);
}

/* ------------------------------------------------ hand-built tables */
struct fx {
	struct nvs_sim *sim;
	struct nvs_ident id;
	struct cio cio;
	struct nvs_mmu_pdb pdb;
	uint64_t next;		/* next free 4 KiB page for tables */
};

static struct fx *fx_open(const char *chip)
{
	struct fx *f = calloc(1, sizeof(*f));
	char path[256], err[256];

	snprintf(path, sizeof(path), "build/profiles/%s.nvss", chip);
	f->sim = nvs_sim_open(path, err, sizeof(err));
	if (!f->sim)
		fail_msg("%s", err);
	assert_int_equal(nvs_identify(nvs_sim_io(f->sim), &f->id), 0);
	cio_init(&f->cio, nvs_sim_io(f->sim), false);
	f->next = 0x30000000;	/* far above what the generator allocated */
	return f;
}

static void fx_close(struct fx *f)
{
	nvs_sim_free(f->sim);
	free(f);
}

/* a zeroed table page (backed memory) */
static uint64_t tbl(struct fx *f)
{
	static const uint8_t zero[4096];
	uint64_t a = f->next;

	f->next += 4096;
	assert_int_equal(nvs_sim_add_mem(f->sim, NVS_AP_VID, a, zero, sizeof(zero)), 0);
	return a;
}

static void put64(struct fx *f, uint64_t at, uint64_t v)
{
	assert_int_equal(nvs_sim_add_mem(f->sim, NVS_AP_VID, at, &v, 8), 0);
}

static uint64_t idx(uint64_t va, unsigned int hi, unsigned int lo)
{
	return (va >> lo) & ((1ull << (hi - lo + 1)) - 1);
}

/* mmu §4.3: PDE/PTE address = (entry & mask) << 4 */
static uint64_t v2_pde(uint64_t pa) { return (pa >> 4) | (1ull << 1); }	/* aperture VID */
static uint64_t v2_pte(uint64_t pa) { return (pa >> 4) | 1; }		/* valid, VID */
/* mmu §4.4: address in place */
static uint64_t v3_pde(uint64_t pa) { return pa | (1ull << 1) | (2ull << 3); }
static uint64_t v3_pte(uint64_t pa) { return pa | 1; }

/*
 * A v3 (Hopper) walk for va down to PD0: five new tables t[0..4] chained
 * PD4 -> PD3 -> PD2 -> PD1 -> PD0 at va's indexes (mmu §4.4: bits 56,
 * 55:47, 46:38, 37:29), the PDB at t[0].  Returns the address of va's
 * 16-byte dual PDE in PD0 (bits 28:21).
 */
static uint64_t v3_chain(struct fx *f, uint64_t va, uint64_t t[5])
{
	int i;

	for (i = 0; i < 5; i++)
		t[i] = tbl(f);
	f->pdb = (struct nvs_mmu_pdb){ .addr = t[0] };
	put64(f, t[0] + idx(va, 56, 56) * 8, v3_pde(t[1]));
	put64(f, t[1] + idx(va, 55, 47) * 8, v3_pde(t[2]));
	put64(f, t[2] + idx(va, 46, 38) * 8, v3_pde(t[3]));
	put64(f, t[3] + idx(va, 37, 29) * 8, v3_pde(t[4]));
	return t[4] + idx(va, 28, 21) * 16;
}

static int xl(struct fx *f, uint64_t va, uint64_t *pa, char *why)
{
	enum nvs_aperture ap;

	return nvs_mmu_translate(&f->cio.io, f->id.caps, &f->pdb, va, pa, &ap, NULL, why, 128);
}

static void expect_err(struct fx *f, uint64_t va, int err, const char *needle,
		       unsigned int max_reads)
{
	uint64_t pa = 0;
	char why[128];
	unsigned int before = cio_reads(&f->cio);
	int ret = xl(f, va, &pa, why);

	print_message("  %s VA 0x%llx: %d \"%s\" (%u reads)\n", f->id.chip->name,
		      (unsigned long long)va, ret, why, cio_reads(&f->cio) - before);
	if (ret != err || !strstr(why, needle))
		fail_msg("VA 0x%llx: got %d \"%s\", want %d \"...%s...\"",
			 (unsigned long long)va, ret, why, err, needle);
	assert_true(cio_reads(&f->cio) - before <= max_reads);
}

static void expect_pa(struct fx *f, uint64_t va, uint64_t want)
{
	uint64_t pa = 0;
	char why[128];
	int ret = xl(f, va, &pa, why);

	if (ret || pa != want)
		fail_msg("VA 0x%llx: %d 0x%llx (%s), want 0x%llx", (unsigned long long)va, ret,
			 (unsigned long long)pa, why, (unsigned long long)want);
}

/* v2 tree for VA: returns the PD tables in t[0..3] (PD3, PD2, PD1, PD0) */
static void v2_tree(struct fx *f, uint64_t va, uint64_t t[4])
{
	int i;

	for (i = 0; i < 4; i++)
		t[i] = tbl(f);
	f->pdb = (struct nvs_mmu_pdb){ .addr = t[0], .target = 0, .ver2 = true, .big64 = true };
	put64(f, t[0] + idx(va, 48, 47) * 8, v2_pde(t[1]));
	put64(f, t[1] + idx(va, 46, 38) * 8, v2_pde(t[2]));
	put64(f, t[2] + idx(va, 37, 29) * 8, v2_pde(t[3]));
}

static void test_v2_faults(void **state)
{
	struct fx *f = fx_open("gv100");
	uint64_t t[4], pt, va = 0x1234567000ull, pd0e;

	v2_tree(f, va, t);
	pt = tbl(f);
	pd0e = t[3] + idx(va, 28, 21) * 16;
	put64(f, pd0e + 8, v2_pde(pt));		/* small half: bits 66:65 */
	put64(f, pt + idx(va, 20, 12) * 8, v2_pte(0x5000000));
	expect_pa(f, va + 0x123, 0x5000123);

	/* unmapped neighbour, sparse PD1 entry */
	expect_err(f, va + 0x1000, -ENOENT, "unmapped", 8);
	put64(f, t[2] + idx(va + (1ull << 29), 37, 29) * 8, 1ull << 3);	/* aperture 0, VOL 1 */
	expect_err(f, va + (1ull << 29), -ENOENT, "sparse", 8);

	/* VA beyond 49 bits */
	expect_err(f, 1ull << 49, -EIO, "beyond the 49-bit", 0);

	/* PRI errors mid-walk (the PD1 entry) */
	put64(f, t[2] + idx(va, 37, 29) * 8, 0xbadf5040badf5040ull);
	expect_err(f, va, -EIO, "PRI error", 8);
	/* cycle: PD1 entry points back to the PD3 table */
	put64(f, t[2] + idx(va, 37, 29) * 8, v2_pde(t[0]));
	expect_err(f, va, -EIO, "cycle", 8);
	/* self-reference: PD2 entry points to its own table */
	put64(f, t[1] + idx(va, 46, 38) * 8, v2_pde(t[1]));
	expect_err(f, va, -EIO, "cycle", 8);
	/* PD3 entry points to itself */
	put64(f, t[0] + idx(va, 48, 47) * 8, v2_pde(t[0]));
	expect_err(f, va, -EIO, "cycle", 8);
	/* next table in unbacked memory */
	put64(f, t[0] + idx(va, 48, 47) * 8, v2_pde(0x1f00000000ull));
	expect_err(f, va, -EIO, "unreadable", 8);
	/* the same through the PRAMIN window: unbacked memory reads back PRI errors */
	cio_init(&f->cio, nvs_sim_io(f->sim), true);
	expect_err(f, va, -EIO, "PRI error", 64);
	cio_init(&f->cio, nvs_sim_io(f->sim), false);
	/* IS_PTE at PD2: no page there */
	put64(f, t[0] + idx(va, 48, 47) * 8, v2_pde(t[1]));
	put64(f, t[1] + idx(va, 46, 38) * 8, v2_pte(0x40000000));
	expect_err(f, va, -EIO, "IS_PTE", 8);
	/* PD1 512M page: refused on Volta (GA100+ only) */
	put64(f, t[1] + idx(va, 46, 38) * 8, v2_pde(t[2]));
	put64(f, t[2] + idx(va, 37, 29) * 8, v2_pte(0x40000000));
	expect_err(f, va, -EIO, "IS_PTE", 8);
	/* 2M page at PD0, misaligned then aligned */
	put64(f, t[2] + idx(va, 37, 29) * 8, v2_pde(t[3]));
	put64(f, pd0e, v2_pte(0x40001000));
	/* a 2 MiB page is 2048 KiB */
	expect_err(f, va, -EIO, "PD0 PTE address 0x40001000 not aligned to its 2048 KiB page", 8);
	put64(f, pd0e, v2_pte(0x40000000));
	expect_pa(f, va, 0x40000000 + (va & 0x1fffff));
	/*
	 * A PEER PTE (aperture 1, mmu 4.3): like video memory its word 1 holds
	 * address bit 36 in bit 32 and the peer id in bits 35:33, so
	 * W1 = 0x3 is peer 1 at 0x1000000000 + the low part (not address
	 * bits 37:36 of a system-memory PTE).
	 */
	put64(f, pd0e, 0);			/* big half empty, small half -> pt */
	put64(f, pt + idx(va, 20, 12) * 8, (0x3ull << 32) | (0x5000000 >> 4) | (1u << 1) | 1);
	expect_err(f, va, -EOPNOTSUPP, "(peer 1) 0x1005000000", 8);
	/* PDB target INVALID */
	f->pdb.target = 1;
	expect_err(f, va, -ENOENT, "INVALID", 0);
	fx_close(f);
}

/*
 * PRI errors in table entries (regs-fifo.md §8.3: 0xbad0xxxx/0xbadfxxxx):
 * a whole 8-byte half of them is a failed read, in either half of a
 * 16-byte PD0 entry; one such dword next to a plain one is data: a v2 PDE
 * word 0 of 0xbad00002 is aperture 1 (VID) and address bits 35:12 =
 * 0xbad000, the table at 0xbad000000 (mmu §4.3).
 */
static void test_pri_error_halves(void **state)
{
	static const uint8_t zero[4096];
	struct fx *f = fx_open("gv100");
	uint64_t t[4], pt, va = 0x1234567000ull, pd0e;

	v2_tree(f, va, t);
	pt = tbl(f);
	pd0e = t[3] + idx(va, 28, 21) * 16;
	put64(f, pd0e + 8, v2_pde(pt));
	put64(f, pt + idx(va, 20, 12) * 8, v2_pte(0x5000000));
	expect_pa(f, va, 0x5000000);
	/* the small half (words 2, 3) of the PD0 entry reads PRI errors */
	put64(f, pd0e + 8, 0xbadf5040badf5040ull);
	expect_err(f, va, -EIO, "reads PRI error 0xbadf5040", 8);
	/* the big half does */
	put64(f, pd0e + 8, v2_pde(pt));
	put64(f, pd0e, 0xbad00100bad00100ull);
	expect_err(f, va, -EIO, "reads PRI error 0xbad00100", 8);
	put64(f, pd0e, 0);
	/* PD2's entry word 0 = 0xbad00002, word 1 = 0: PD1 at 0xbad000000 */
	assert_int_equal(nvs_sim_add_mem(f->sim, NVS_AP_VID, 0xbad000000ull, zero, sizeof(zero)),
			 0);
	put64(f, 0xbad000000ull + idx(va, 37, 29) * 8, v2_pde(t[3]));
	put64(f, t[1] + idx(va, 46, 38) * 8, 0xbad00002ull);
	expect_pa(f, va + 0x10, 0x5000010);
	/* and word 1 alone (word 0 plain): 0xbad00001 is address bit 36 set */
	put64(f, t[1] + idx(va, 46, 38) * 8, (0xbad00001ull << 32) | v2_pde(t[2]));
	expect_err(f, va, -EIO, "unreadable", 8);	/* 0x1000000000 + t[2]: not backed */
	fx_close(f);
}

/*
 * Tables that touch without overlapping are no cycle (mmu.h: only tables
 * overlapping one already visited are refused).  v2 (mmu §4.3): PD3 has
 * 4 entries, PD2 and PD1 512 of 8 bytes, PD0 256 of 16 bytes (4 KiB), a
 * 64 KiB-page table 2^(21-16) = 32 entries (256 bytes, its address 256-byte
 * aligned: dual PDE bits 31:4 = address 35:8), a 4 KiB-page table 512.
 * Pages a .. a + 0x5000: PD3, PD2, PD1, the big PT in the last 256 bytes
 * of the fourth page (ending where PD0 begins), PD0, the small PT right
 * after PD0's end.
 */
static void test_adjacent_tables(void **state)
{
	struct fx *f = fx_open("gv100");
	uint64_t a = tbl(f), va = 0x1234567000ull, pd0, big, small, pd0e;
	int i;

	for (i = 1; i < 6; i++)
		assert_int_equal(tbl(f), a + 0x1000 * i);
	pd0 = a + 0x4000;
	big = pd0 - 0x100;
	small = pd0 + 0x1000;
	f->pdb = (struct nvs_mmu_pdb){ .addr = a, .target = 0, .ver2 = true, .big64 = true };
	put64(f, a + idx(va, 48, 47) * 8, v2_pde(a + 0x1000));
	put64(f, a + 0x1000 + idx(va, 46, 38) * 8, v2_pde(a + 0x2000));
	put64(f, a + 0x2000 + idx(va, 37, 29) * 8, v2_pde(pd0));
	pd0e = pd0 + idx(va, 28, 21) * 16;
	put64(f, pd0e, (big >> 4) | (1ull << 1));
	put64(f, pd0e + 8, v2_pde(small));
	put64(f, big + idx(va, 20, 16) * 8, v2_pte(0x60000000));
	put64(f, small + idx(va + 0x10000, 20, 12) * 8, v2_pte(0x7000000));
	/* the big PT ends at PD0's base */
	expect_pa(f, va, 0x60000000 + (va & 0xffff));
	/* the big PTE of the next 64 KiB is invalid: the small PT, which
	 * begins at PD0's end, decides */
	expect_pa(f, va + 0x10000, 0x7000000 + (va & 0xfff));
	/* a big PT 256 bytes higher is PD0's first 256 bytes: a cycle */
	put64(f, pd0e, ((big + 0x100) >> 4) | (1ull << 1));
	expect_err(f, va, -EIO, "overlaps the PD0 table", 8);
	fx_close(f);
}

/*
 * v2 (mmu §4.3): PD3 is indexed by VA bits 48:47, PD2 by 46:38, so VA
 * 0x1804000000000 + x uses PD3 entry 3 and an odd PD2 entry (bit 38 set);
 * PD3 can hold no page, so IS_PTE (bit 0) there is refused.  A small PT that ends where PD0 begins touches it only.
 */
static void test_v2_top_levels(void **state)
{
	struct fx *f = fx_open("gv100");
	uint64_t t[4], pt, va = 0x1804000000000ull | 0x1234567000ull, pd0e, hole, va2;

	v2_tree(f, va, t);
	assert_int_equal(idx(va, 48, 47), 3);
	assert_int_equal(idx(va, 46, 38) & 1, 1);
	pt = tbl(f);
	pd0e = t[3] + idx(va, 28, 21) * 16;
	put64(f, pd0e + 8, v2_pde(pt));
	put64(f, pt + idx(va, 20, 12) * 8, v2_pte(0x5000000));
	expect_pa(f, va + 0x123, 0x5000123);
	put64(f, t[0] + 3 * 8, v2_pte(0x40000000));
	expect_err(f, va, -EIO, "PD3 entry 3 has IS_PTE set, but PD3 cannot hold a page", 8);
	put64(f, t[0] + 3 * 8, v2_pde(t[1]));
	/*
	 * The next 2 MiB (PD0 entry + 1) through a small PT in the page just
	 * below PD0 (t[2], PD1's table, moved up by one page: PD1 now at a
	 * fresh page, PD0 at t[3]): [t[3] - 4 KiB, t[3]).
	 */
	hole = tbl(f);
	put64(f, t[1] + idx(va, 46, 38) * 8, v2_pde(hole));
	put64(f, hole + idx(va, 37, 29) * 8, v2_pde(t[3]));
	va2 = va + 0x200000;
	put64(f, t[3] + idx(va2, 28, 21) * 16 + 8, v2_pde(t[2]));
	put64(f, t[2] + idx(va2, 20, 12) * 8, v2_pte(0x6000000));
	expect_pa(f, va2 + 0x10, 0x6000010);
	fx_close(f);
}

/* one translation through @c: its result, and the cache's counters after */
static void xl_cached(struct fx *f, struct nvs_mmu_cache *c, uint64_t va, uint64_t want,
		      enum nvs_aperture want_ap, unsigned int hits, unsigned int misses)
{
	enum nvs_aperture ap = 99;
	uint64_t pa = 0;
	char why[128];
	int ret = nvs_mmu_translate(&f->cio.io, f->id.caps, &f->pdb, va, &pa, &ap, c, why,
				    sizeof(why));

	if (ret || pa != want || ap != want_ap || c->hits != hits || c->misses != misses)
		fail_msg("VA 0x%llx: %d 0x%llx ap %d (%s) hits %u misses %u, want 0x%llx ap %d hits %u misses %u",
			 (unsigned long long)va, ret, (unsigned long long)pa, ap, why, c->hits,
			 c->misses, (unsigned long long)want, want_ap, hits, misses);
}

/*
 * The translation cache is keyed by PDB address, PDB target, format and
 * big-page bit (mmu.h): a root table at the same address in system memory
 * (RAMIN target 2) is another address space.  Here the VID PD3 at t[0]
 * leads to a 4 KiB page in video memory, the system-memory PD3 at the same
 * address to a 64 KiB page in coherent system memory (v2 PTE aperture 2,
 * address 35:12 in 31:8: (pa >> 4) | 2 << 1 | 1).
 */
static void test_cache_keys(void **state)
{
	static const uint8_t zero[4096];
	struct fx *f = fx_open("gv100");
	uint64_t t[4], pt, big, va = 0x1234567000ull, pd0e, e;
	struct nvs_mmu_cache c;
	unsigned int before;

	v2_tree(f, va, t);
	pt = tbl(f);
	pd0e = t[3] + idx(va, 28, 21) * 16;
	put64(f, pd0e + 8, v2_pde(pt));
	put64(f, pt + idx(va, 20, 12) * 8, v2_pte(0x5000000));
	/* the system-memory PD3 at t[0]: its entry to a PD2 (a VID page) whose
	 * PD1 entry is PD0 = a page holding a big half only */
	big = tbl(f);
	{
		uint64_t pd2 = tbl(f), pd1 = tbl(f), pd0 = tbl(f);

		assert_int_equal(nvs_sim_add_mem(f->sim, NVS_AP_SYS_COH, t[0], zero, sizeof(zero)),
				 0);
		e = v2_pde(pd2);
		assert_int_equal(nvs_sim_add_mem(f->sim, NVS_AP_SYS_COH, t[0] + idx(va, 48, 47) * 8,
						 &e, 8), 0);
		put64(f, pd2 + idx(va, 46, 38) * 8, v2_pde(pd1));
		put64(f, pd1 + idx(va, 37, 29) * 8, v2_pde(pd0));
		put64(f, pd0 + idx(va, 28, 21) * 16, (big >> 4) | (1ull << 1));
		put64(f, big + idx(va, 20, 16) * 8, (0x7770000ull >> 4) | (2ull << 1) | 1);
	}
	nvs_mmu_cache_init(&c);
	f->pdb.target = 2;			/* SYS_MEM_COHERENT */
	xl_cached(f, &c, va + 0x10, 0x7770000 + ((va + 0x10) & 0xffff), NVS_AP_SYS_COH, 0, 1);
	before = cio_reads(&f->cio);
	xl_cached(f, &c, va + 0x21, 0x7770000 + ((va + 0x21) & 0xffff), NVS_AP_SYS_COH, 1, 1);
	assert_int_equal(cio_reads(&f->cio), before);
	f->pdb.target = 0;			/* VID at the same address: a miss */
	xl_cached(f, &c, va + 0x10, 0x5000010, NVS_AP_VID, 1, 2);
	xl_cached(f, &c, va + 0x21, 0x5000021, NVS_AP_VID, 2, 2);	/* odd: bit 0 kept */
	/* the big-page bit is part of the key too (Volta: 64 KiB either way) */
	f->pdb.big64 = false;
	xl_cached(f, &c, va + 0x30, 0x5000030, NVS_AP_VID, 2, 3);
	f->pdb.big64 = true;
	xl_cached(f, &c, va + 0x40, 0x5000040, NVS_AP_VID, 3, 3);
	fx_close(f);
}

/*
 * Cycles are per aperture (mmu.h: a table overlapping one already visited):
 * a system-memory PD3 (RAMIN target 2) at 0x1987654000 whose entry points
 * to itself (PDE aperture 2, coherent) is a cycle; a video-memory PD2 at the
 * same address (PDE aperture 1; bit 36 is the top a v2 video-memory PDE
 * holds) is another table.
 */
static void test_sys_cycle(void **state)
{
	static const uint8_t zero[4096];
	struct fx *f = fx_open("gv100");
	uint64_t s = 0x1987654000ull, va = 0x1234567000ull, e, pd1, pd0, pt;

	assert_int_equal(nvs_sim_add_mem(f->sim, NVS_AP_SYS_COH, s, zero, sizeof(zero)), 0);
	assert_int_equal(nvs_sim_add_mem(f->sim, NVS_AP_VID, s, zero, sizeof(zero)), 0);
	f->pdb = (struct nvs_mmu_pdb){ .addr = s, .target = 2, .ver2 = true, .big64 = true };
	e = (s >> 4) | (2ull << 1);
	assert_int_equal(nvs_sim_add_mem(f->sim, NVS_AP_SYS_COH, s + idx(va, 48, 47) * 8, &e, 8),
			 0);
	expect_err(f, va, -EIO, "cycle: PD2 table at 0x1987654000 (sys_coh) overlaps the PD3 table",
		   8);
	/* the same address in video memory (PDE aperture 1) */
	e = (s >> 4) | (1ull << 1);
	assert_int_equal(nvs_sim_add_mem(f->sim, NVS_AP_SYS_COH, s + idx(va, 48, 47) * 8, &e, 8),
			 0);
	pd1 = tbl(f);
	pd0 = tbl(f);
	pt = tbl(f);
	put64(f, s + idx(va, 46, 38) * 8, v2_pde(pd1));
	put64(f, pd1 + idx(va, 37, 29) * 8, v2_pde(pd0));
	put64(f, pd0 + idx(va, 28, 21) * 16 + 8, v2_pde(pt));
	put64(f, pt + idx(va, 20, 12) * 8, v2_pte(0x5000000));
	expect_pa(f, va + 0x44, 0x5000044);
	/* the root read as non-coherent system memory (RAMIN target 3): the
	 * same system memory */
	f->pdb.target = 3;
	expect_pa(f, va + 0x48, 0x5000048);
	fx_close(f);
}

/*
 * The cache holds the last NVS_MMU_CACHE_SIZE (16) translations (mmu.h):
 * 16 pages walked once are all found again without a read; a 17th evicts
 * the oldest (round robin), and only that one.
 */
static void test_cache_capacity(void **state)
{
	struct fx *f = fx_open("gv100");
	uint64_t t[4], pt, va = 0x1234500000ull;
	struct nvs_mmu_cache c;
	unsigned int i, before;

	v2_tree(f, va, t);
	pt = tbl(f);
	put64(f, t[3] + idx(va, 28, 21) * 16 + 8, v2_pde(pt));
	for (i = 0; i <= 16; i++)
		put64(f, pt + (idx(va, 20, 12) + i) * 8, v2_pte(0x5000000 + i * 0x1000));
	nvs_mmu_cache_init(&c);
	for (i = 0; i < 16; i++)
		xl_cached(f, &c, va + i * 0x1000 + 8, 0x5000008 + i * 0x1000, NVS_AP_VID, 0, i + 1);
	before = cio_reads(&f->cio);
	for (i = 0; i < 16; i++)
		xl_cached(f, &c, va + i * 0x1000, 0x5000000 + i * 0x1000, NVS_AP_VID, i + 1, 16);
	assert_int_equal(cio_reads(&f->cio), before);
	/* page 16: a walk, stored over page 0 */
	xl_cached(f, &c, va + 16 * 0x1000, 0x5010000, NVS_AP_VID, 16, 17);
	for (i = 1; i <= 16; i++)
		xl_cached(f, &c, va + i * 0x1000 + 4, 0x5000004 + i * 0x1000, NVS_AP_VID, 16 + i, 17);
	xl_cached(f, &c, va + 4, 0x5000004, NVS_AP_VID, 32, 18);
	fx_close(f);
}

/*
 * nvs_mmu_translate's arguments (mmu.h): io, caps, pdb, pa and ap are
 * required (-EINVAL); why may be NULL and whylen 0, and then nothing is
 * written there, whether the translation succeeds or fails.
 */
static void test_translate_args(void **state)
{
	struct fx *f = fx_open("gv100");
	uint64_t t[4], pt, va = 0x1234567000ull, pa;
	enum nvs_aperture ap;
	char why[16];
	const struct nvs_io *io = &f->cio.io;
	const struct nvs_caps *caps = f->id.caps;

	v2_tree(f, va, t);
	pt = tbl(f);
	put64(f, t[3] + idx(va, 28, 21) * 16 + 8, v2_pde(pt));
	put64(f, pt + idx(va, 20, 12) * 8, v2_pte(0x5000000));
	assert_int_equal(nvs_mmu_translate(NULL, caps, &f->pdb, va, &pa, &ap, NULL, NULL, 0),
			 -EINVAL);
	assert_int_equal(nvs_mmu_translate(io, NULL, &f->pdb, va, &pa, &ap, NULL, NULL, 0),
			 -EINVAL);
	assert_int_equal(nvs_mmu_translate(io, caps, NULL, va, &pa, &ap, NULL, NULL, 0), -EINVAL);
	assert_int_equal(nvs_mmu_translate(io, caps, &f->pdb, va, NULL, &ap, NULL, NULL, 0),
			 -EINVAL);
	assert_int_equal(nvs_mmu_translate(io, caps, &f->pdb, va, &pa, NULL, NULL, NULL, 0),
			 -EINVAL);
	/* no reason buffer: success and failure */
	pa = 0;
	assert_int_equal(nvs_mmu_translate(io, caps, &f->pdb, va, &pa, &ap, NULL, NULL,
					   sizeof(why)), 0);
	assert_int_equal(pa, 0x5000000);
	assert_int_equal(nvs_mmu_translate(io, caps, &f->pdb, va + 0x1000, &pa, &ap, NULL, NULL,
					   sizeof(why)), -ENOENT);
	/* a buffer of length 0 is left alone */
	strcpy(why, "untouched");
	assert_int_equal(nvs_mmu_translate(io, caps, &f->pdb, va + 0x1000, &pa, &ap, NULL, why, 0),
			 -ENOENT);
	assert_string_equal(why, "untouched");
	assert_int_equal(nvs_mmu_translate(io, caps, &f->pdb, va, &pa, &ap, NULL, why, 0), 0);
	assert_string_equal(why, "untouched");
	/* a short one holds the start of the reason */
	assert_int_equal(nvs_mmu_translate(io, caps, &f->pdb, va + 0x1000, &pa, &ap, NULL, why,
					   sizeof(why)), -ENOENT);
	assert_string_equal(why, "VA 0x1234568000");
	fx_close(f);
}

static void test_v2_big_pages(void **state)
{
	struct fx *f = fx_open("ga100");
	uint64_t t[4], big, small, va = 0x2000010000ull, pd0e;

	v2_tree(f, va, t);
	big = tbl(f);
	small = tbl(f);
	pd0e = t[3] + idx(va, 28, 21) * 16;
	/* dual PDE: big PT (<< 8) in the low half, small PT in the high half */
	put64(f, pd0e, (big >> 4) | (1ull << 1));
	put64(f, pd0e + 8, v2_pde(small));
	put64(f, big + idx(va, 20, 16) * 8, v2_pte(0x60000000));	/* 64K page */
	put64(f, small + idx(va + 0x10000, 20, 12) * 8, v2_pte(0x7000000));
	expect_pa(f, va + 0xfedc, 0x6000fedc);
	/* big PTE invalid (all zero): the 4K table decides */
	expect_pa(f, va + 0x10000, 0x7000000);
	/* big PTE VALID 0 + PRIVILEGE 1: no 4K PTEs below */
	put64(f, big + idx(va + 0x20000, 20, 16) * 8, 1ull << 5);
	expect_err(f, va + 0x20000, -ENOENT, "no 4K", 8);
	/* a big PTE 4 KiB past a 64 KiB boundary */
	put64(f, big + idx(va + 0x20000, 20, 16) * 8, v2_pte(0x60031000));
	expect_err(f, va + 0x20000, -EIO, "PT_BIG PTE address 0x60031000 not aligned to its 64 KiB page",
		   8);
	/* 512M page at PD1 on Ampere */
	put64(f, t[2] + idx(va, 37, 29) * 8, v2_pte(0x80000000ull));
	expect_pa(f, va, 0x80000000ull + (va & 0x1fffffff));
	/* a big PT that overlaps PD0's table: cycle */
	put64(f, t[2] + idx(va, 37, 29) * 8, v2_pde(t[3]));
	put64(f, pd0e, (t[3] >> 4) | (1ull << 1));
	expect_err(f, va, -EIO, "cycle", 8);
	fx_close(f);
}

/* Pascal: bit 10 chooses v1 or v2 (mmu §3.1, §4.5 step 2) */
static void test_pascal_formats(void **state)
{
	struct fx *f = fx_open("gp106");
	struct nvs_mmu_pdb p = { .ver2 = false, .big64 = true };

	assert_int_equal(nvs_mmu_version(f->id.caps, &p), 1);
	p.ver2 = true;
	assert_int_equal(nvs_mmu_version(f->id.caps, &p), 2);
	p.big64 = false;
	assert_int_equal(nvs_mmu_big_shift(f->id.caps, &p), 17);
	fx_close(f);
}

/*
 * The format by chip (mmu.h): USE_VER2_PT_FORMAT decides on Pascal only, so
 * Volta and Turing walk v2 tables with the bit clear; a chip whose caps
 * name no format 1-3 gets 0, and a translation there fails without a read.
 */
static void test_version_by_chip(void **state)
{
	static const char *const v2[] = { "gv100", "tu104", "ga100", "ad102" };
	struct nvs_mmu_pdb p = { .ver2 = false, .big64 = true };
	struct fx *g = fx_open("gv100"), *f;
	struct nvs_caps caps = *g->id.caps;
	enum nvs_aperture ap;
	uint64_t pa;
	char why[128];
	unsigned int i;

	for (i = 0; i < NVS_ARRAY_SIZE(v2); i++) {
		f = fx_open(v2[i]);
		p.ver2 = false;
		assert_int_equal(nvs_mmu_version(f->id.caps, &p), 2);
		p.ver2 = true;
		assert_int_equal(nvs_mmu_version(f->id.caps, &p), 2);
		fx_close(f);
	}
	assert_int_equal(nvs_mmu_version(NULL, &p), 0);
	for (i = 0; i <= 4; i++) {
		caps.pt_version = i;
		assert_int_equal(nvs_mmu_version(&caps, &p), i >= 1 && i <= 3 ? i : 0);
	}
	caps.pt_version = 0;
	g->cio.rd32 = g->cio.mem = 0;
	assert_int_equal(nvs_mmu_translate(&g->cio.io, &caps, &p, 0x1000, &pa, &ap, NULL, why,
					   sizeof(why)), -EIO);
	assert_string_equal(why, "no page-table format known for this chip");
	assert_int_equal(cio_reads(&g->cio), 0);
	fx_close(g);
}

static void test_v3(void **state)
{
	struct fx *f = fx_open("gh100");
	uint64_t t[5], pt, va = 0x0100123456789000ull & ((1ull << 57) - 1), pd0e;
	struct nvs_mmu_pdb p = { .ver2 = false };

	/* Hopper: v3 whatever bit 10 says */
	assert_int_equal(nvs_mmu_version(f->id.caps, &p), 3);
	p.ver2 = true;
	assert_int_equal(nvs_mmu_version(f->id.caps, &p), 3);

	pd0e = v3_chain(f, va, t);
	pt = tbl(f);
	put64(f, pd0e + 8, v3_pde(pt));	/* small half: aperture 66:65, PCF 69:67, addr 115:76 */
	put64(f, pt + idx(va, 20, 12) * 8, v3_pte(0x9000000));
	expect_pa(f, va + 0xabc, 0x9000abc);

	expect_err(f, 1ull << 57, -EIO, "beyond the 57-bit", 0);
	/* PTE VALID 0, PCF SPARSE */
	put64(f, pt + idx(va + 0x1000, 20, 12) * 8, 1ull << 3);
	expect_err(f, va + 0x1000, -ENOENT, "sparse", 8);
	/* PRI errors at PD2 */
	put64(f, t[2] + idx(va, 46, 38) * 8, 0xbadf1100badf1100ull);
	expect_err(f, va, -EIO, "PRI error", 8);
	/* PD2 -> PD4 table: cycle */
	put64(f, t[2] + idx(va, 46, 38) * 8, v3_pde(t[0]));
	expect_err(f, va, -EIO, "cycle", 8);
	/* VID table beyond 40 bits */
	put64(f, t[2] + idx(va, 46, 38) * 8, v3_pde(1ull << 44));
	expect_err(f, va, -EIO, "beyond 40 bits", 8);
	/* 256G page at PD2: Blackwell only */
	put64(f, t[2] + idx(va, 46, 38) * 8, v3_pte(0));
	expect_err(f, va, -EIO, "IS_PTE", 8);
	/* 512M page at PD1 */
	put64(f, t[2] + idx(va, 46, 38) * 8, v3_pde(t[3]));
	put64(f, t[3] + idx(va, 37, 29) * 8, v3_pte(0xa0000000ull));
	expect_pa(f, va, 0xa0000000ull + (va & 0x1fffffff));
	/* big page via the dual PDE low half (<< 8 address) */
	put64(f, t[3] + idx(va, 37, 29) * 8, v3_pde(t[4]));
	put64(f, pd0e, pt | (1ull << 1) | (2ull << 3));	/* big PT = the 4K PT's page */
	expect_err(f, va, -EIO, "cycle", 8);	/* same table again */
	{
		uint64_t big = tbl(f);

		put64(f, pd0e, (big + 0x100) | (1ull << 1) | (2ull << 3));	/* 256-byte aligned */
		put64(f, big + 0x100 + idx(va, 20, 16) * 8, v3_pte(0xb0000000ull));
		expect_pa(f, va, 0xb0000000ull + (va & 0xffff));
		/* PCF NO_VALID_4KB_PAGE: stop */
		put64(f, big + 0x100 + idx(va, 20, 16) * 8, 3ull << 3);
		expect_err(f, va, -ENOENT, "no 4K", 8);
		/* a big PTE with VALID 0 and PCF 7:3 = 2 (MAPPING_NOWHERE) stops
		 * too, 1 (SPARSE) is sparse, 0 (INVALID) leaves it to the small
		 * PT (mmu §4.4; gh100 dev_mmu.h values) */
		put64(f, big + 0x100 + idx(va, 20, 16) * 8, 2ull << 3);
		expect_err(f, va, -ENOENT, "unmapped (PT_BIG PTE: no 4K PTEs below)", 8);
		put64(f, big + 0x100 + idx(va, 20, 16) * 8, 1ull << 3);
		expect_err(f, va, -ENOENT, "is sparse (PT_BIG PTE)", 8);
		put64(f, big + 0x100 + idx(va, 20, 16) * 8, 0);
		put64(f, pd0e + 8, v3_pde(pt));
		expect_pa(f, va + 0xabc, 0x9000abc);
	}

	/* through the PRAMIN window: a table beyond the window's reach */
	cio_init(&f->cio, nvs_sim_io(f->sim), true);
	put64(f, t[2] + idx(va, 46, 38) * 8, v3_pde(1ull << 39));
	expect_err(f, va, -EIO, "PRAMIN window", 64);
	fx_close(f);
}

/*
 * System-memory leaves and sparse/unmapped directory entries, entries
 * encoded by hand from regs-mmu-gr.md §4 (dev_mmu.h of gp100/gh100):
 * v2 PTE aperture 2:1 (2 = SYSTEM_COHERENT, 3 = NONCOHERENT), address bits
 * 35:12 in word 0 bits 31:8 and, for system memory, bits 57:36 in word 1
 * bits 21:0; v2 PDE aperture 0 with VOL (bit 3) is sparse; v3 PDE aperture
 * 0 is sparse when PCF 5:3 is 1 or 3 (SPARSE_ATS_ALLOWED / _NOT_ALLOWED),
 * not when it is 2.
 */
static void expect_leaf(struct fx *f, uint64_t va, uint64_t want, enum nvs_aperture want_ap)
{
	enum nvs_aperture ap = 99;
	uint64_t pa = 0;
	char why[128];
	int ret = nvs_mmu_translate(&f->cio.io, f->id.caps, &f->pdb, va, &pa, &ap, NULL, why,
				    sizeof(why));

	if (ret || pa != want || ap != want_ap)
		fail_msg("VA 0x%llx: %d 0x%llx ap %d (%s), want 0x%llx ap %d",
			 (unsigned long long)va, ret, (unsigned long long)pa, ap, why,
			 (unsigned long long)want, want_ap);
}

static void test_v2_sysmem_and_sparse(void **state)
{
	struct fx *f = fx_open("gv100");
	uint64_t t[4], pt, va = 0x2345678000ull, pd0e, pa = 0x2a987654000ull;

	v2_tree(f, va, t);
	pt = tbl(f);
	pd0e = t[3] + idx(va, 28, 21) * 16;
	put64(f, pd0e + 8, v2_pde(pt));
	/* pa = 0x2a987654000: bits 57:36 = 0x2a, bits 35:12 = 0x987654 */
	put64(f, pt + idx(va, 20, 12) * 8, (0x2aull << 32) | (0x987654ull << 8) | (2u << 1) | 1);
	expect_leaf(f, va + 0x321, pa + 0x321, NVS_AP_SYS_COH);
	put64(f, pt + idx(va, 20, 12) * 8, (0x2aull << 32) | (0x987654ull << 8) | (3u << 1) | 1);
	expect_leaf(f, va + 0x321, pa + 0x321, NVS_AP_SYS_NONCOH);
	/* a PTE with VALID 0 and VOL (bit 3): sparse */
	put64(f, pt + idx(va, 20, 12) * 8, 1ull << 3);
	expect_err(f, va + 0x321, -ENOENT, "is sparse (PT_SMALL PTE)", 8);
	/* word 1 bit 21 is address bit 57 (the top of SYS_HI) */
	put64(f, pt + idx(va, 20, 12) * 8, (0x200000ull << 32) | (2u << 1) | 1);
	expect_leaf(f, va, 1ull << 57, NVS_AP_SYS_COH);
	/* PD0 with both halves invalid: unmapped, or sparse with VOL_BIG (bit 3) */
	put64(f, pd0e + 8, 0);
	expect_err(f, va, -ENOENT, "unmapped (PD0 entry", 8);
	put64(f, pd0e, 1ull << 3);
	expect_err(f, va, -ENOENT, "is sparse (PD0 entry", 8);
	/* big half valid (its PTE invalid), no small half: not "no page tables" */
	put64(f, pd0e, (tbl(f) >> 4) | (1ull << 1) | (1ull << 3));
	expect_err(f, va, -ENOENT, "big PTE invalid, no 4K page table", 8);
	/* PD2 entry aperture 0: VOL decides */
	put64(f, t[1] + idx(va, 46, 38) * 8, 0);
	expect_err(f, va, -ENOENT, "unmapped (PD2 entry", 8);
	put64(f, t[1] + idx(va, 46, 38) * 8, 1ull << 3);
	expect_err(f, va, -ENOENT, "is sparse (PD2 entry", 8);
	/* VOL with NO_ATS (bit 5) too: still sparse; NO_ATS alone is not */
	put64(f, t[1] + idx(va, 46, 38) * 8, (1ull << 5) | (1ull << 3));
	expect_err(f, va, -ENOENT, "is sparse (PD2 entry", 8);
	put64(f, t[1] + idx(va, 46, 38) * 8, 1ull << 5);
	expect_err(f, va, -ENOENT, "unmapped (PD2 entry", 8);
	fx_close(f);
}

/*
 * v3 leaves above 2^40 (mmu §4.4, gh100 dev_mmu.h): the PTE address field is
 * 51:12, but hardware keeps only 39:12 for video memory (UVM's ADDRESS_VID
 * 39:12), so a valid VID PTE at 1 << 40 is refused and one at 1 << 40 less
 * 4 KiB is not; system memory keeps all 52 bits.  PTE: VALID bit 0,
 * APERTURE 2:1 (0 VID, 2 SYSTEM_COHERENT), address bits in place.
 */
static void test_v3_pte_address_bits(void **state)
{
	struct fx *f = fx_open("gh100");
	uint64_t t[5], pt, pte, va = 0x0000654321000ull, pd0e;

	pd0e = v3_chain(f, va, t);
	pt = tbl(f);
	put64(f, pd0e + 8, v3_pde(pt));
	pte = pt + idx(va, 20, 12) * 8;

	/* the root table itself in video memory at 2^40: refused before any
	 * read; just below, it is read (and unbacked there) */
	f->pdb.addr = 1ull << 40;
	expect_err(f, va, -EIO, "PDB entry points to vid 0x10000000000, beyond 40 bits", 0);
	f->pdb.addr = (1ull << 40) - 0x1000;
	expect_err(f, va, -EIO, "PD4 entry at 0xfffffff000 (vid) unreadable", 8);
	f->pdb.addr = t[0];
	/* PD4 holds no page: IS_PTE refused */
	put64(f, t[0] + idx(va, 56, 56) * 8, v3_pte(0));
	expect_err(f, va, -EIO, "PD4 entry 0 has IS_PTE set, but PD4 cannot hold a page", 8);
	put64(f, t[0] + idx(va, 56, 56) * 8, v3_pde(t[1]));
	/* the small PT in the last VID page below 2^40 (PDE bits 51:32 =
	 * address 51:32), then in the first one past it */
	{
		static const uint8_t zero[4096];
		uint64_t top = 0xfffffff000ull;

		assert_int_equal(nvs_sim_add_mem(f->sim, NVS_AP_VID, top, zero, sizeof(zero)), 0);
		put64(f, top + idx(va, 20, 12) * 8, v3_pte(0x7000000));
		put64(f, pd0e + 8, v3_pde(top));
		expect_leaf(f, va + 0xabc, 0x7000abc, NVS_AP_VID);
		put64(f, pd0e + 8, v3_pde(top + 0x1000));
		expect_err(f, va + 0xabc, -EIO, "PD0 entry points to vid 0x10000000000, beyond 40 bits",
			   8);
		put64(f, pd0e + 8, v3_pde(pt));
	}
	put64(f, pte, v3_pte(0xfffffff000ull));			/* last VID page below 2^40 */
	expect_leaf(f, va + 0xabc, 0xfffffffabcull, NVS_AP_VID);
	put64(f, pte, v3_pte(1ull << 40));			/* first VID page past it */
	expect_err(f, va + 0xabc, -EIO, "PT_SMALL PTE maps vid 0x10000000000, beyond 40 bits", 8);
	put64(f, pte, v3_pte(1ull << 40) | (2ull << 1));	/* SYSTEM_COHERENT */
	expect_leaf(f, va + 0xabc, (1ull << 40) + 0xabc, NVS_AP_SYS_COH);
	put64(f, pte, v3_pte(1ull << 51) | (3ull << 1));	/* NONCOHERENT, bit 51 */
	expect_leaf(f, va + 0xabc, (1ull << 51) + 0xabc, NVS_AP_SYS_NONCOH);
	/* not valid (bit 0 clear): unmapped, whatever the address */
	put64(f, pte, 1ull << 40);
	expect_err(f, va + 0xabc, -ENOENT, "PT_SMALL PTE invalid", 8);
	fx_close(f);
}

/*
 * v2 directories above 64 GiB (mmu §4.3, gp100 dev_mmu.h): a PDE holds
 * address bits 35:12 in word 0 bits 31:8, and bit 36 (video memory, word 1
 * bit 0) or bits 57:36 (system memory, word 1 bits 21:0); the dual PDE's big
 * half bits 35:8 in word 0 bits 31:4 and the same high bits.  So every
 * address here is encoded as (address >> 4) | aperture << 1: PD1 in video
 * memory at 0x1030000000 (bit 36 set), PD0 in system memory at
 * 0x2a987654000 (bits 57:36 = 0x2a), its big-page table at 0x2a987656000
 * and its 4 KiB table at 2^57 + 0x3000 (address bit 57 = word 1 bit 21).
 */
static void test_v2_tables_above_64g(void **state)
{
	static const uint8_t zero[4096];
	struct fx *f = fx_open("gv100");
	uint64_t t0, t1, pd1 = 0x1030000000ull, pd0 = 0x2a987654000ull;
	uint64_t big = 0x2a987656000ull, small = (1ull << 57) + 0x3000;
	uint64_t va = 0x3456789000ull, e;

	t0 = tbl(f);
	t1 = tbl(f);
	assert_int_equal(nvs_sim_add_mem(f->sim, NVS_AP_VID, pd1, zero, sizeof(zero)), 0);
	assert_int_equal(nvs_sim_add_mem(f->sim, NVS_AP_SYS_COH, pd0, zero, sizeof(zero)), 0);
	assert_int_equal(nvs_sim_add_mem(f->sim, NVS_AP_SYS_COH, big, zero, sizeof(zero)), 0);
	assert_int_equal(nvs_sim_add_mem(f->sim, NVS_AP_SYS_COH, small, zero, sizeof(zero)), 0);
	f->pdb = (struct nvs_mmu_pdb){ .addr = t0, .target = 0, .ver2 = true, .big64 = true };
	put64(f, t0 + idx(va, 48, 47) * 8, v2_pde(t1));
	put64(f, t1 + idx(va, 46, 38) * 8, v2_pde(pd1));	/* word 1 = 0x1 */
	/* PD0 non-coherent (PDE aperture 3), the tables below it coherent (2):
	 * one system memory either way */
	put64(f, pd1 + idx(va, 37, 29) * 8, (pd0 >> 4) | (3ull << 1));	/* word 1 = 0x2a */
	e = (big >> 4) | (2ull << 1);				/* big half */
	assert_int_equal(nvs_sim_add_mem(f->sim, NVS_AP_SYS_COH, pd0 + idx(va, 28, 21) * 16, &e,
					 8), 0);
	e = (small >> 4) | (2ull << 1);				/* word 3 = 0x200000 */
	assert_int_equal(nvs_sim_add_mem(f->sim, NVS_AP_SYS_COH, pd0 + idx(va, 28, 21) * 16 + 8,
					 &e, 8), 0);
	/* a 64 KiB page in system memory at 0x2a987650000 for VA bits 20:16 */
	e = (0x2a987650000ull >> 4) | (2ull << 1) | 1;
	assert_int_equal(nvs_sim_add_mem(f->sim, NVS_AP_SYS_COH, big + idx(va, 20, 16) * 8, &e, 8),
			 0);
	/* the next 64 KiB: big PTE invalid, the 4 KiB PTE maps video memory */
	e = v2_pte(0x5000000);
	assert_int_equal(nvs_sim_add_mem(f->sim, NVS_AP_SYS_COH,
					 small + idx(va + 0x10000, 20, 12) * 8, &e, 8), 0);
	expect_leaf(f, va + 0x123, 0x2a987650000ull + ((va + 0x123) & 0xffff), NVS_AP_SYS_COH);
	expect_leaf(f, va + 0x10123, 0x5000123, NVS_AP_VID);
	fx_close(f);
}

static void test_v3_sparse_pdes(void **state)
{
	static const struct {
		unsigned int pcf;
		const char *what;
	} pcfs[] = { { 0, "unmapped" }, { 1, "is sparse" }, { 2, "unmapped" },
		     { 3, "is sparse" }, { 4, "unmapped" }, { 5, "unmapped" },
		     { 6, "unmapped" }, { 7, "unmapped" } };
	struct fx *f = fx_open("gh100");
	uint64_t t[5], va = 0x00fedcba98765000ull & ((1ull << 57) - 1), pd0e;
	char want[64];
	unsigned int i;

	pd0e = v3_chain(f, va, t);
	{
		/* a big-page table above 4 GiB: dual PDE word 0 holds address
		 * bits 31:8, word 1 bits 51:32 (mmu §4.4) */
		static const uint8_t zero[4096];
		uint64_t big = 0x123456000ull;

		assert_int_equal(nvs_sim_add_mem(f->sim, NVS_AP_VID, big, zero, sizeof(zero)), 0);
		put64(f, pd0e, ((big >> 32) << 32) | (big & 0xffffff00u) | (1ull << 1) | (2ull << 3));
		put64(f, big + idx(va, 20, 16) * 8, v3_pte(0xb0000000ull));
		expect_pa(f, va, 0xb0000000ull + (va & 0xffff));
	}
	for (i = 0; i < NVS_ARRAY_SIZE(pcfs); i++) {
		/* PD0 both halves aperture 0; the big half's PCF 5:3 decides */
		put64(f, pd0e, (uint64_t)pcfs[i].pcf << 3);
		snprintf(want, sizeof(want), "%s (PD0 entry", pcfs[i].what);
		expect_err(f, va, -ENOENT, want, 8);
		/* a PD1 entry with aperture 0 */
		put64(f, t[3] + idx(va, 37, 29) * 8, (uint64_t)pcfs[i].pcf << 3);
		snprintf(want, sizeof(want), "%s (PD1 entry", pcfs[i].what);
		expect_err(f, va, -ENOENT, want, 8);
		put64(f, t[3] + idx(va, 37, 29) * 8, v3_pde(t[4]));
	}
	fx_close(f);
}

/* v1 with 64K big pages: Maxwell (PDB bit 11), and Pascal with
 * USE_VER2_PT_FORMAT = 0 (the same walker, chosen by the bit there only) */
static void v1_walk(const char *chip)
{
	struct fx *f = fx_open(chip);
	uint64_t pd, bpt, spt, va = 0x12345670000ull & ((1ull << 40) - 1);
	uint64_t b511 = (va & ~0x3ff0000ull) | (511ull << 16);	/* big PT entry 511 */
	uint64_t b512 = (va & ~0x3ff0000ull) | (512ull << 16);	/* and 512 */

	pd = f->next;
	f->next += 128 * 1024;	/* 16384 x 8 bytes */
	{
		uint8_t *z = calloc(1, 128 * 1024);

		assert_int_equal(nvs_sim_add_mem(f->sim, NVS_AP_VID, pd, z, 128 * 1024), 0);
		free(z);
	}
	bpt = tbl(f);
	tbl(f);		/* the big PT is 1024 x 8 bytes */
	spt = f->next;
	f->next += 128 * 1024;
	{
		uint8_t *z = calloc(1, 128 * 1024);

		assert_int_equal(nvs_sim_add_mem(f->sim, NVS_AP_VID, spt, z, 128 * 1024), 0);
		free(z);
	}
	f->pdb = (struct nvs_mmu_pdb){ .addr = pd, .big64 = true, .ver2 = false };
	assert_int_equal(nvs_mmu_version(f->id.caps, &f->pdb), 1);
	/* PDE: big aperture 1:0, big addr 31:4 (>>12); small aperture 33:32, addr 63:36 */
	put64(f, pd + idx(va, 39, 26) * 8,
	      ((spt >> 12) << 36) | (1ull << 32) | ((bpt >> 12) << 4) | 1);
	/* PTE: valid 0, addr 31:4 (>>12), aperture 34:33 = VID */
	put64(f, bpt + idx(va, 25, 16) * 8, ((0x3000000ull >> 12) << 4) | 1);
	put64(f, spt + idx(va + 0x10000, 25, 12) * 8, ((0x4000000ull >> 12) << 4) | 1);
	expect_pa(f, va + 0x1234, 0x3001234);
	expect_pa(f, va + 0x10008, 0x4000008);
	expect_err(f, va + 0x11000, -ENOENT, "unmapped", 8);
	/*
	 * VALID 0 with VOL (bit 32) is sparse (GM20x+), in a small or a big
	 * PTE; VALID 0 with PRIVILEGE (bit 1) in a big PTE: no 4K PTEs below,
	 * in a small PTE just invalid (mmu 4.2).
	 */
	put64(f, spt + idx(va + 0x11000, 25, 12) * 8, 1ull << 32);
	expect_err(f, va + 0x11000, -ENOENT, "is sparse (PT_SMALL PTE)", 8);
	put64(f, spt + idx(va + 0x11000, 25, 12) * 8, 1ull << 1);
	expect_err(f, va + 0x11000, -ENOENT, "unmapped (PT_SMALL PTE invalid)", 8);
	put64(f, bpt + idx(va + 0x30000, 25, 16) * 8, 1ull << 32);
	put64(f, spt + idx(va + 0x30000, 25, 12) * 8, ((0x4000000ull >> 12) << 4) | 1);
	expect_err(f, va + 0x30000, -ENOENT, "is sparse (PT_BIG PTE)", 8);
	put64(f, bpt + idx(va + 0x30000, 25, 16) * 8, 1ull << 1);
	expect_err(f, va + 0x30000, -ENOENT, "unmapped (PT_BIG PTE: no 4K PTEs below)", 8);
	put64(f, bpt + idx(va + 0x30000, 25, 16) * 8, 0);	/* the 4K PTE decides */
	expect_pa(f, va + 0x30000, 0x4000000);
	/*
	 * System memory and peer PTEs: APERTURE 34:33 (2 coherent, 3
	 * non-coherent, 1 peer); a system address has bits 39:12 in 31:4, a
	 * video or peer one 36:12 in 28:4 and the peer id in 31:29.
	 */
	put64(f, spt + idx(va + 0x12000, 25, 12) * 8, (2ull << 33) | 0xe1234560u | 1);
	expect_leaf(f, va + 0x12abc, 0xe123456abcull, NVS_AP_SYS_COH);
	put64(f, spt + idx(va + 0x12000, 25, 12) * 8, (3ull << 33) | 0xe1234560u | 1);
	expect_leaf(f, va + 0x12abc, 0xe123456abcull, NVS_AP_SYS_NONCOH);
	put64(f, spt + idx(va + 0x12000, 25, 12) * 8, (1ull << 33) | (5u << 29) | 0x300000u | 1);
	expect_err(f, va + 0x12abc, -EOPNOTSUPP, "(peer 5) 0x30000000", 8);
	/*
	 * Page tables in system memory above 2^39: PDE big aperture 1:0 = 2
	 * (coherent) with address bits 39:12 in 31:4, small aperture 33:32 =
	 * 3 (non-coherent) with bits 39:12 in 63:36 (a video-memory PDE has
	 * only 28:4 / 60:36).  Only the entries read are backed.
	 */
	{
		uint64_t sb = 0xe000010000ull, ss = 0xe000100000ull, z = 0, e;
		uint64_t pde = pd + idx(va, 39, 26) * 8, old;

		assert_int_equal(nvs_sim_mem_read(f->sim, NVS_AP_VID, pde, &old, 8), 0);
		put64(f, pde, ((ss >> 12) << 36) | (3ull << 32) | ((sb >> 12) << 4) | 2);
		e = ((0x8000000ull >> 12) << 4) | 1;
		assert_int_equal(nvs_sim_add_mem(f->sim, NVS_AP_SYS_COH,
						 sb + idx(va + 0x50000, 25, 16) * 8, &e, 8), 0);
		assert_int_equal(nvs_sim_add_mem(f->sim, NVS_AP_SYS_COH,
						 sb + idx(va + 0x60000, 25, 16) * 8, &z, 8), 0);
		e = ((0x9000000ull >> 12) << 4) | 1;
		assert_int_equal(nvs_sim_add_mem(f->sim, NVS_AP_SYS_NONCOH,
						 ss + idx(va + 0x60000, 25, 12) * 8, &e, 8), 0);
		expect_pa(f, va + 0x50123, 0x8000123);
		expect_pa(f, va + 0x60123, 0x9000123);
		put64(f, pde, old);
	}
	expect_err(f, 1ull << 40, -EIO, "beyond the 40-bit", 0);
	/*
	 * The big PT of a full-size PDE has 2^(26-16) = 1024 entries, indexed
	 * by VA bits 25:16: entries 511 and 512 (VA bit 25 clear, then set).
	 */
	put64(f, bpt + 511 * 8, ((0x5000000ull >> 12) << 4) | 1);
	put64(f, bpt + 512 * 8, ((0x6000000ull >> 12) << 4) | 1);
	expect_pa(f, b511 + 0x34, 0x5000034);
	expect_pa(f, b512 + 0x34, 0x6000034);
	/*
	 * PDE SIZE 3:2 = 1 (HALF, mmu 4.1): the small PT holds 2^(26-12) / 2 =
	 * 8192 entries, so VA bit 25 set (index 0x1670 + 8192) is beyond it;
	 * the big PT 1024 / 2 = 512, so entry 511 is used and entry 512 is not
	 * (nor is small entry 0x2000 for that VA).
	 */
	put64(f, pd + idx(va, 39, 26) * 8, ((spt >> 12) << 36) | (1ull << 32) | (1ull << 2));
	expect_pa(f, va + 0x10008, 0x4000008);
	expect_err(f, va + 0x2010008, -ENOENT, "1/2-size", 8);
	put64(f, pd + idx(va, 39, 26) * 8,
	      ((spt >> 12) << 36) | (1ull << 32) | ((bpt >> 12) << 4) | (1ull << 2) | 1);
	expect_pa(f, b511 + 0x34, 0x5000034);
	expect_err(f, b512 + 0x34, -ENOENT, "1/2-size", 8);
	/*
	 * Both apertures INVALID (1:0 and 33:32 zero): unmapped, or sparse
	 * when VOL_BIG (bit 35) is set; a valid big half whose PTE is invalid
	 * and no small half is neither, VOL_BIG or not.
	 */
	put64(f, pd + idx(va, 39, 26) * 8, 0);
	expect_err(f, va, -ENOENT, "both halves invalid", 8);
	put64(f, pd + idx(va, 39, 26) * 8, 1ull << 35);
	expect_err(f, va, -ENOENT, "is sparse (PDE)", 8);
	put64(f, pd + idx(va, 39, 26) * 8, (1ull << 35) | ((bpt >> 12) << 4) | 1);
	expect_err(f, va + 0x20000, -ENOENT, "no 4K page table, big PTE invalid", 8);
	/* small PT pointing back to the PD */
	put64(f, pd + idx(va, 39, 26) * 8, ((pd >> 12) << 36) | (1ull << 32));
	expect_err(f, va, -EIO, "cycle", 8);
	/* PRI errors in the PD */
	put64(f, pd + idx(va, 39, 26) * 8, 0xbad00100bad00100ull);
	expect_err(f, va, -EIO, "PRI error", 8);
	fx_close(f);
}

static void test_v1(void **state)
{
	v1_walk("gm204");
	v1_walk("gp106");
}

/* Blackwell: 256G pages at PD2 (mmu §4.4) */
static void test_v3_256g(void **state)
{
	struct fx *f = fx_open("gb202");
	uint64_t t[3], va = 0x00abcdef12345678ull & ((1ull << 57) - 1);
	int i;

	for (i = 0; i < 3; i++)
		t[i] = tbl(f);
	f->pdb = (struct nvs_mmu_pdb){ .addr = t[0] };
	put64(f, t[0] + idx(va, 56, 56) * 8, v3_pde(t[1]));
	put64(f, t[1] + idx(va, 55, 47) * 8, v3_pde(t[2]));
	put64(f, t[2] + idx(va, 46, 38) * 8, v3_pte(0xc000000000ull) | (2ull << 1));	/* sys_coh */
	expect_pa(f, va, 0xc000000000ull + (va & ((1ull << 38) - 1)));
	put64(f, t[2] + idx(va, 46, 38) * 8, v3_pte(0xc000001000ull));
	/* 256 GiB = 2^38 bytes = 2^28 KiB */
	expect_err(f, va, -EIO, "PD2 PTE address 0xc000001000 not aligned to its 268435456 KiB page",
		   8);
	/* peer memory (aperture 1), PEER_ID 63:61 = 5 */
	put64(f, t[2] + idx(va, 46, 38) * 8, v3_pte(0xc000000000ull) | (1ull << 1) | (5ull << 61));
	expect_err(f, va, -EOPNOTSUPP, "(peer 5) 0xc000000000", 8);
	fx_close(f);
}

/* Runaway protection: the worst a walk reads is bounded, whatever the data */
static void test_read_bound(void **state)
{
	struct fx *f = fx_open("gb202");
	uint64_t t = tbl(f), pa;
	char why[128];
	int i;

	/* a table whose every entry is a PDE pointing to itself */
	for (i = 0; i < 512; i++)
		put64(f, t + i * 8, v3_pde(t));
	f->pdb = (struct nvs_mmu_pdb){ .addr = t };
	f->cio.mem = f->cio.rd32 = 0;
	assert_int_equal(xl(f, 0x123456789000ull, &pa, why), -EIO);
	assert_true(cio_reads(&f->cio) <= 2);
	print_message("  self-map: \"%s\" after %u reads\n", why, cio_reads(&f->cio));
	fx_close(f);
}

/* The first channel of gv100's first runlist, its instance block read */
static void first_channel(struct fx *f, const char *chip, struct nvs_rl_item *out,
			  struct nvs_inst *in)
{
	struct nvs_topology *t = malloc(sizeof(*t));
	const struct chip *c = NULL;
	struct nvs_rl_loc loc;
	struct nvs_rl_item *items;
	void *raw;
	unsigned int k;
	int i;

	for (i = 0; i < nchips; i++)
		if (!strcmp(chips[i].name, chip))
			c = &chips[i];
	assert_non_null(c);
	assert_int_equal(nvs_ptop_read(&f->cio.io, f->id.caps, t), 0);
	assert_int_equal(nvs_runlist_locate(&f->cio.io, f->id.caps, t, c->rl[0].id, &loc), 0);
	raw = malloc(nvs_runlist_bytes(f->id.caps, &loc));
	items = calloc(loc.length, sizeof(*items));
	assert_int_equal(nvs_runlist_fetch(&f->cio.io, f->id.caps, &loc, raw, NULL), 0);
	nvs_runlist_decode(f->id.caps, &loc, raw, items);
	for (k = 0; k < loc.length && items[k].kind != NVS_RL_CHAN; k++)
		;
	assert_true(k < loc.length);
	*out = items[k];
	read_inst(c, &f->cio.io, f->id.caps, out, in);
	free(items);
	free(raw);
	free(t);
}

/*
 * nvs_inst_describe() and the GPFIFO lines of both formats.  Expected PA:
 * gen.c maps VA_GPFIFO to the page after the TSG's USERD page, and the
 * Volta runlist entry gives the channel's USERD (in video memory here);
 * VA_GPFIFO + 0x1000 is not mapped, and gv100 (v2) VAs end at bit 48.
 */
static void test_inst_describe(void **state)
{
	struct fx *f = fx_open("gv100");
	struct nvs_rl_item it;
	struct nvs_inst in;
	struct textbuf tb = { .n = 0 };
	char want[96];
	uint64_t pa;

	first_channel(f, "gv100", &it, &in);
	assert_true(it.has_userd);
	assert_int_equal(it.userd_ap, NVS_AP_VID);
	pa = (it.userd & ~0xfffull) + 0x1000 + (in.gp_base & 0xfff);

	assert_int_equal(nvs_inst_describe(&f->cio.io, f->id.caps, it.inst, it.inst_ap, NULL,
					   false, "  ", tb_pr, &tb), 0);
	snprintf(want, sizeof(want), "  inst 0x%llx (vid): PDB 0x", (unsigned long long)it.inst);
	if (strncmp(tb.s, want, strlen(want)))
		fail_msg("text does not start with \"%s\":\n%s", want, tb.s);
	snprintf(want, sizeof(want), "\n    GPFIFO PA 0x%llx (vid)\n", (unsigned long long)pa);
	if (!strstr(tb.s, want))
		fail_msg("text lacks \"%s\":\n%s", want, tb.s);

	tb.n = 0;
	tb.s[0] = 0;
	assert_int_equal(nvs_inst_describe(&f->cio.io, f->id.caps, it.inst, it.inst_ap, NULL,
					   true, "  ", tb_pr, &tb), 0);
	snprintf(want, sizeof(want), "  | GPFIFO PA:          |\n  |   0x%016llx|\n",
		 (unsigned long long)pa);
	if (strncmp(tb.s, "  | Page Dir Base (v2): |\n", 26) || !strstr(tb.s, want))
		fail_msg("box lacks \"%s\":\n%s", want, tb.s);

	/* an instance block that cannot be read: the reason, in both forms */
	tb.n = 0;
	tb.s[0] = 0;
	assert_int_equal(nvs_inst_describe(&f->cio.io, f->id.caps, 0x1234, 0, NULL, false, "  ",
					   tb_pr, &tb), -EIO);
	if (strncmp(tb.s, "  inst 0x1234: ", 15) || !strstr(tb.s, "aligned"))
		fail_msg("unaligned instance: \"%s\"", tb.s);
	tb.n = 0;
	tb.s[0] = 0;
	assert_int_equal(nvs_inst_describe(&f->cio.io, f->id.caps, 0x1234, 0, NULL, true, "  ",
					   tb_pr, &tb), -EIO);
	if (strncmp(tb.s, "  | Instance: ERROR     |  ", 27) || !strstr(tb.s, "aligned"))
		fail_msg("unaligned instance (box): \"%s\"", tb.s);

	/* GPFIFO VA not mapped: -ENOENT, "unmapped" in the box */
	in.gp_base = VA_GPFIFO + 0x1000;
	nvs_inst_resolve(&f->cio.io, f->id.caps, &in, NULL);
	assert_int_equal(in.gp_err, -ENOENT);
	tb.n = 0;
	tb.s[0] = 0;
	nvs_inst_format(&in, "  ", tb_pr, &tb);
	if (!strstr(tb.s, "\n    GPFIFO PA unknown: VA 0x1000002000 unmapped"))
		fail_msg("unmapped GPFIFO: \"%s\"", tb.s);
	tb.n = 0;
	tb.s[0] = 0;
	nvs_inst_format_box(&in, "  ", tb_pr, &tb);
	if (!strstr(tb.s, "\n  | GPFIFO PA: unmapped |  VA 0x1000002000 unmapped"))
		fail_msg("unmapped GPFIFO (box): \"%s\"", tb.s);
	/* beyond the 49-bit VA: -EIO, "ERROR" */
	in.gp_base = 1ull << 49;
	nvs_inst_resolve(&f->cio.io, f->id.caps, &in, NULL);
	assert_int_equal(in.gp_err, -EIO);
	tb.n = 0;
	tb.s[0] = 0;
	nvs_inst_format_box(&in, "  ", tb_pr, &tb);
	if (!strstr(tb.s, "\n  | GPFIFO PA: ERROR    |  ") || !strstr(tb.s, "49-bit"))
		fail_msg("GPFIFO beyond the VA space (box): \"%s\"", tb.s);
	fx_close(f);
}

/* inst decode failures */
static void test_inst_faults(void **state)
{
	struct fx *f = fx_open("tu104");
	struct nvs_inst in;
	char why[128];
	uint32_t bad[2] = { 0xbadf5040, 0xbadf5040 };

	assert_int_equal(nvs_inst_read(&f->cio.io, f->id.caps, 0x1234, 0, &in, why, sizeof(why)),
			 -EIO);
	assert_non_null(strstr(why, "aligned"));
	assert_int_equal(nvs_inst_read(&f->cio.io, f->id.caps, 0x1f00000000ull, 0, &in, why,
				       sizeof(why)), -EIO);
	assert_non_null(strstr(why, "failed"));
	tbl(f);
	assert_int_equal(nvs_sim_add_mem(f->sim, NVS_AP_VID, 0x30000200, bad, 8), 0);
	assert_int_equal(nvs_inst_read(&f->cio.io, f->id.caps, 0x30000000, 0, &in, why,
				       sizeof(why)), -EIO);
	assert_non_null(strstr(why, "PRI error"));
	fx_close(f);
}

/* a GPU gone from the bus: every BAR0 read is all ones */
static uint32_t gone_rd32(void *ctx, uint32_t off)
{
	return 0xffffffffu;
}

static void gone_wr32(void *ctx, uint32_t off, uint32_t v)
{
}

/*
 * An instance block read through the PRAMIN window of a GPU that fell off
 * the bus: the window register reads all ones, which pramin.h reports as
 * -ENODEV, and nvs_inst_read passes that on (not -EIO: the caller must
 * stop using the GPU, not skip one channel); other read errors are -EIO.
 */
static void test_inst_gone(void **state)
{
	struct fx *f = fx_open("tu104");
	const struct nvs_io gone = { .rd32 = gone_rd32, .wr32 = gone_wr32 };
	struct nvs_inst in;
	char why[128], want[96];

	assert_int_equal(nvs_inst_read(&gone, f->id.caps, 0x30000000, 0, &in, why, sizeof(why)),
			 -ENODEV);
	snprintf(want, sizeof(want), "instance block 0x%x (vid): read at +0x200 failed (error %d)",
		 0x30000000, -ENODEV);
	if (strcmp(why, want))
		fail_msg("reason: \"%s\", want \"%s\"", why, want);
	/*
	 * A live GPU, a block beyond the window's reach (Turing: BASE 23:0 in
	 * 64 KiB units, regs-mmu-gr.md §1, so 1 TiB is out): the window's
	 * -ERANGE is an unreadable block, -EIO.
	 */
	cio_init(&f->cio, nvs_sim_io(f->sim), true);
	assert_int_equal(nvs_inst_read(&f->cio.io, f->id.caps, 1ull << 40, 0, &in, why,
				       sizeof(why)), -EIO);
	snprintf(want, sizeof(want), "instance block 0x%llx (vid): read at +0x200 failed (error %d)",
		 1ull << 40, -ERANGE);
	if (strcmp(why, want))
		fail_msg("reason: \"%s\", want \"%s\"", why, want);
	fx_close(f);
}

/*
 * An instance block in system memory (runlist INST_TARGET 2/3, RAMIN
 * encoding, mmu.h) is read there, not from video memory at the same
 * address; INVALID (1) reads video memory (inst.h, regs-mmu-gr.md §3.5).
 * Dword 128 (0x200): PDB address bits 31:12, TARGET 1:0, VER2 bit 10,
 * BIG_PAGE_SIZE 11 (1 = 64 KiB); dword 129 (0x204): bits 63:32 (mmu §3.1).
 * RAMFC GP_BASE 0x048 = VA bits 31:3, GP_BASE_HI 0x04c bits 7:0 = VA 39:32
 * and LIMIT2 20:16 (mmu §3.3).
 */
static void put_inst(struct fx *f, enum nvs_aperture ap, uint64_t at, uint64_t pdb,
		     uint32_t gp_hi)
{
	uint32_t blk[1024];

	memset(blk, 0, sizeof(blk));
	blk[0x200 / 4] = (uint32_t)(pdb & 0xfffff000u) | (1u << 11) | (1u << 10);
	blk[0x204 / 4] = (uint32_t)(pdb >> 32);
	blk[0x048 / 4] = 0x00002000;
	blk[0x04c / 4] = gp_hi;
	assert_int_equal(nvs_sim_add_mem(f->sim, ap, at, blk, sizeof(blk)), 0);
}

static void test_inst_sysmem(void **state)
{
	static const struct {
		unsigned int target;
		uint8_t ap;
		uint64_t pdb, gp_base;
		int limit2;
	} cases[] = {
		{ 0, NVS_AP_VID, 0x7777000ull, 0x3300002000ull, 5 },
		{ 1, NVS_AP_VID, 0x7777000ull, 0x3300002000ull, 5 },	/* INVALID */
		{ 2, NVS_AP_SYS_COH, 0x1234567000ull, 0x1000002000ull, 9 },
		{ 3, NVS_AP_SYS_NONCOH, 0x1234567000ull, 0x1000002000ull, 9 },
	};
	struct fx *f = fx_open("tu104");
	uint64_t at = 0x2000000000ull;
	struct nvs_inst in;
	char why[128];
	unsigned int i;

	put_inst(f, NVS_AP_SYS_COH, at, 0x1234567000ull, 0x10 | (9u << 16));
	put_inst(f, NVS_AP_VID, at, 0x7777000ull, 0x33 | (5u << 16));	/* a decoy */
	for (i = 0; i < NVS_ARRAY_SIZE(cases); i++) {
		/* a reason only for a failure of this call, as nvs_mmu_translate */
		strcpy(why, "stale");
		if (nvs_inst_read(&f->cio.io, f->id.caps, at, cases[i].target, &in, why,
				  sizeof(why)) || why[0])
			fail_msg("target %u: \"%s\"", cases[i].target, why);
		assert_int_equal(in.ap, cases[i].ap);
		assert_int_equal(in.pdb.addr, cases[i].pdb);
		assert_int_equal(in.pdb.target, 0);
		assert_int_equal(in.pt_version, 2);
		assert_int_equal(in.big_shift, 16);
		assert_int_equal(in.gp_base, cases[i].gp_base);
		assert_int_equal(in.gp_limit2, cases[i].limit2);
	}
	/* 4 KiB alignment (NV_RAMIN_ALLOC_SIZE): bit 0 counts as much as bit 11 */
	assert_int_equal(nvs_inst_read(&f->cio.io, f->id.caps, at + 1, 2, &in, why, sizeof(why)),
			 -EIO);
	assert_string_equal(why, "instance block 0x2000000001 not 4 KiB aligned");
	/* the same address in system memory without a block there: the read fails */
	assert_int_equal(nvs_inst_read(&f->cio.io, f->id.caps, at + 0x1000, 2, &in, why,
				       sizeof(why)), -EIO);
	assert_non_null(strstr(why, "(sys_coh): read at +0x200 failed"));
	fx_close(f);
}

/*
 * The GPFIFO size lines: RAMFC GP_BASE_HI LIMIT2 20:16 is log2 of the
 * entry count (mmu §3.3), so LIMIT2 0 is a GPFIFO of 1 entry and 1 of 2;
 * GP_BASE 0x048 = VA bits 31:3 (0x2000), GP_BASE_HI 7:0 = VA 39:32 (0x10).
 */
static void test_inst_gpfifo_entries(void **state)
{
	static const struct {
		uint32_t gp_hi;
		const char *line, *box;
	} cases[] = {
		{ 0x10, "\n  GPFIFO VA 0x1000002000, 1 entries, GP_GET 0 GP_PUT 0\n",
		  "\n| GPFIFO entries:    1|\n" },
		{ 0x10 | (1u << 16), "\n  GPFIFO VA 0x1000002000, 2 entries, GP_GET 0 GP_PUT 0\n",
		  "\n| GPFIFO entries:    2|\n" },
	};
	struct fx *f = fx_open("tu104");
	uint64_t at = 0x40000000;
	struct nvs_inst in;
	char why[128];
	unsigned int i;

	for (i = 0; i < NVS_ARRAY_SIZE(cases); i++) {
		struct textbuf tb = { .n = 0 }, box = { .n = 0 };

		put_inst(f, NVS_AP_VID, at, 0x1234567000ull, cases[i].gp_hi);
		if (nvs_inst_read(&f->cio.io, f->id.caps, at, 0, &in, why, sizeof(why)))
			fail_msg("case %u: %s", i, why);
		assert_int_equal(in.gp_limit2, (int)i);
		nvs_inst_format(&in, "", tb_pr, &tb);
		nvs_inst_format_box(&in, "", tb_pr, &box);
		if (!strstr(tb.s, cases[i].line) || !strstr(box.s, cases[i].box))
			fail_msg("case %u: want \"%s\" and \"%s\":\n%s\n%s", i, cases[i].line,
				 cases[i].box, tb.s, box.s);
	}
	fx_close(f);
}

/* dwords of a 4 KiB block at @at in video memory, (offset, value) pairs */
static void put_words(struct fx *f, uint64_t at, const uint32_t (*w)[2], unsigned int n)
{
	uint32_t blk[1024];
	unsigned int i;

	memset(blk, 0, sizeof(blk));
	for (i = 0; i < n; i++)
		blk[w[i][0] / 4] = w[i][1];
	assert_int_equal(nvs_sim_add_mem(f->sim, NVS_AP_VID, at, blk, sizeof(blk)), 0);
}

static void read_format(struct fx *f, uint64_t at, const char *text, const char *box)
{
	struct textbuf tb = { .n = 0 }, bx = { .n = 0 };
	struct nvs_inst in;
	char why[128];

	if (nvs_inst_read(&f->cio.io, f->id.caps, at, 0, &in, why, sizeof(why)))
		fail_msg("%s", why);
	in.gp_err = -ENOENT;		/* as nvs_inst_resolve leaves an unmapped GPFIFO */
	strcpy(in.gp_why, "why");
	nvs_inst_format(&in, "", tb_pr, &tb);
	nvs_inst_format_box(&in, "", tb_pr, &bx);
	if (strcmp(tb.s, text))
		fail_msg("text:\n%s\nwant:\n%s", tb.s, text);
	if (strcmp(bx.s, box))
		fail_msg("box:\n%s\nwant:\n%s", bx.s, box);
}

/*
 * Every line of nvs_inst_format and nvs_inst_format_box, from instance
 * blocks written here field by field (mmu §3.1 RAMIN, §3.3 RAMFC; the
 * offsets and fields of include/nvsched/regs/mmu.h):
 *
 * Turing (tu104: RAMIN with VA limit and subcontexts, RAMFC with LIMIT2,
 * SET_CHANNEL_INFO and TARGET): dword 0x200 = PDB address 31:12 0x34567,
 * VOL (bit 2), USE_VER2_PT_FORMAT (10), BIG_PAGE_SIZE 64 KiB (11), TARGET
 * 0; 0x204 = 0x12, so PDB 0x1234567000; ADR_LIMIT 0x208/0x20c =
 * 0xfffff000/0x1: VA limit 0x1fffff000; SC_PDB_VALID 0x298/0x29c = bits 0,
 * 2 and 63: 3 subcontexts, mask 0x8000000000000005; SC0 PDB 0x2a0/0x2a4 the
 * base's; RAMFC GP_PUT 0x000 = 7, USERD 0x008 = 0x12345600 | TARGET 2
 * (sys_coh) with USERD_HI 0x00c = 3: 0x312345600; GP_GET 0x014 = 3,
 * GP_BASE 0x048 = 0x2000, GP_BASE_HI 0x04c = VA 39:32 0x10 | LIMIT2 4 (16
 * entries); TARGET 0x0ac ENGINE 4:0 = 19; SET_CHANNEL_INFO 0x0fc = CHID
 * 27:16 0x123 (291) | VEID 13:8 7.
 *
 * Blackwell (gb202: RAMIN with the ctxsw magic, RAMFC GP registers at
 * 0x090/0x094/0x098, GP_PUT in DEBUG_STATE 0x0c0, no USERD, LIMIT2,
 * channel info or target): the magic 0xcafeca12 (0xcafeca11 expected), SC0
 * PDB 0x1234568000 (differs), no subcontext valid, big pages 64 KiB by
 * chip, page tables v3 whatever bit 10 says.
 */
static void test_inst_format_lines(void **state)
{
	static const uint32_t tu[][2] = {
		{ 0x200, 0x34567c04 }, { 0x204, 0x12 }, { 0x208, 0xfffff000 }, { 0x20c, 0x1 },
		{ 0x298, 0x5 }, { 0x29c, 0x80000000 }, { 0x2a0, 0x34567c04 }, { 0x2a4, 0x12 },
		{ 0x000, 7 }, { 0x008, 0x12345602 }, { 0x00c, 3 }, { 0x014, 3 }, { 0x048, 0x2000 },
		{ 0x04c, 0x10 | (4u << 16) }, { 0x0ac, 19 }, { 0x0fc, 0x01230700 },
	};
	static const uint32_t gb[][2] = {
		{ 0x200, 0x34567000 }, { 0x204, 0x12 }, { 0x20c, 0xcafeca12 },
		{ 0x2a0, 0x34568000 }, { 0x2a4, 0x12 },
		{ 0x090, 0x2000 }, { 0x094, 0x10 }, { 0x098, 5 }, { 0x0c0, 6 },
	};
	struct fx *f = fx_open("tu104");

	put_words(f, 0x40000000, tu, NVS_ARRAY_SIZE(tu));
	read_format(f, 0x40000000,
		    "inst 0x40000000 (vid): PDB 0x1234567000 (vid) v2, 64 KiB big pages, vol, ver2 bit\n"
		    "  VA limit 0x1fffff000\n"
		    "  subcontexts: 3 valid (mask 0x8000000000000005), SC0 PDB same as base\n"
		    "  VEID 7, CHID 291\n"
		    "  RAMFC target engine 19\n"
		    "  RAMFC USERD 0x312345600 (sys_coh)\n"
		    "  GPFIFO VA 0x1000002000, 16 entries, GP_GET 3 GP_PUT 7\n"
		    "  GPFIFO PA unknown: why\n",
		    "| Page Dir Base (v2): |\n"
		    "|   0x0000001234567000|\n"
		    "|              VID_MEM|\n"
		    "| Big pages:    64 KiB|\n"
		    "| Subcontexts:       3|\n"
		    "| RAMFC VEID:        7|\n"
		    "| GPFIFO VA:          |\n"
		    "|   0x0000001000002000|\n"
		    "| GPFIFO entries:   16|\n"
		    "| GPFIFO PA: unmapped |  why\n"
		    "| GP_GET:            3|\n"
		    "| GP_PUT:            7|\n");
	fx_close(f);

	f = fx_open("gb202");
	put_words(f, 0x40000000, gb, NVS_ARRAY_SIZE(gb));
	read_format(f, 0x40000000,
		    "inst 0x40000000 (vid): PDB 0x1234567000 (vid) v3, 64 KiB big pages\n"
		    "  ctxsw magic 0xcafeca12 (expected 0xcafeca11)\n"
		    "  subcontexts: 0 valid (mask 0x0000000000000000), SC0 PDB differs from base\n"
		    "  GPFIFO VA 0x1000002000, GP_GET 5 GP_PUT 6\n"
		    "  GPFIFO PA unknown: why\n",
		    "| Page Dir Base (v3): |\n"
		    "|   0x0000001234567000|\n"
		    "|              VID_MEM|\n"
		    "| Big pages:    64 KiB|\n"
		    "| Subcontexts:       0|\n"
		    "| GPFIFO VA:          |\n"
		    "|   0x0000001000002000|\n"
		    "| GPFIFO PA: unmapped |  why\n"
		    "| GP_GET:            5|\n"
		    "| GP_PUT:            6|\n"
		    "| ctxsw magic wrong   |  0xcafeca12, expected 0xcafeca11\n");
	fx_close(f);
}

/*
 * A GPFIFO in system memory: nvs_inst_resolve gives its aperture with the
 * address.  A v2 tree (tu104) maps GP_BASE's page to coherent system
 * memory (PTE aperture 2: (pa >> 4) | 2 << 1 | 1, mmu §4.3); the block's
 * PDB (dword 0x200 address 31:12, 0x204 bits 63:32) is the tree's root.
 */
static void test_inst_gpfifo_sysmem(void **state)
{
	struct fx *f = fx_open("tu104");
	uint64_t t[4], pt, va = 0x1000002000ull, at = 0x40000000;
	struct textbuf tb = { .n = 0 };
	struct nvs_inst in;
	char why[128];

	v2_tree(f, va, t);
	pt = tbl(f);
	put64(f, t[3] + idx(va, 28, 21) * 16 + 8, v2_pde(pt));
	put64(f, pt + idx(va, 20, 12) * 8, (0x2a987654000ull >> 4) | (2ull << 1) | 1);
	put_inst(f, NVS_AP_VID, at, t[0], 0x10);	/* GP_BASE 0x1000002000 */
	if (nvs_inst_read(&f->cio.io, f->id.caps, at, 0, &in, why, sizeof(why)))
		fail_msg("%s", why);
	assert_int_equal(in.pdb.addr, t[0]);
	nvs_inst_resolve(&f->cio.io, f->id.caps, &in, NULL);
	assert_int_equal(in.gp_err, 0);
	assert_int_equal(in.gp_pa, 0x2a987654000ull);
	assert_int_equal(in.gp_pa_ap, NVS_AP_SYS_COH);
	nvs_inst_format(&in, "", tb_pr, &tb);
	if (!strstr(tb.s, "\n  GPFIFO PA 0x2a987654000 (sys_coh)\n"))
		fail_msg("%s", tb.s);
	fx_close(f);
}

/*
 * The engine context line of nvs_inst_format: printed when the instance
 * block's engine context pointer is set or its mode is virtual, not when
 * both are zero.  Turing RAMIN (mmu §3.1, tu104 dev_ram.ref.txt): dword
 * 0x210 TARGET 1:0, MODE 2:2 (1 virtual), PTR_LO 31:12 (address 31:12);
 * 0x214 PTR_HI 7:0 (address 39:32); 0x218 VEID 5:0.
 */
static void test_inst_engine_ctx(void **state)
{
	static const struct {
		uint32_t lo, hi, veid;
		const char *want;	/* NULL: no such line */
	} cases[] = {
		{ 0x12345000u | 2, 0x07, 5,
		  "\n  engine context 0x712345000 (physical, sys_coh), WFI VEID 5\n" },
		{ 1u << 2, 0, 0, "\n  engine context 0x0 (virtual, vid), WFI VEID 0\n" },
		{ 0, 0, 0, NULL },
	};
	struct fx *f = fx_open("tu104");
	uint64_t at = 0x40000000;
	struct nvs_inst in;
	char why[128];
	unsigned int i;

	for (i = 0; i < NVS_ARRAY_SIZE(cases); i++) {
		struct textbuf tb = { .n = 0 };
		uint32_t w[3] = { cases[i].lo, cases[i].hi, cases[i].veid };

		put_inst(f, NVS_AP_VID, at, 0x1234567000ull, 0x10);
		assert_int_equal(nvs_sim_add_mem(f->sim, NVS_AP_VID, at + 0x210, w, sizeof(w)), 0);
		if (nvs_inst_read(&f->cio.io, f->id.caps, at, 0, &in, why, sizeof(why)))
			fail_msg("case %u: %s", i, why);
		nvs_inst_format(&in, "", tb_pr, &tb);
		/* ADR_LIMIT 0x208/0x20c are 0 here: read as no limit set, so no
		 * "VA limit" line (inst.c sets has_adr_limit for a non-zero
		 * limit only; inst.h's "ADR_LIMIT is decoded" does not say so) */
		assert_false(in.has_adr_limit);
		if (strstr(tb.s, "VA limit"))
			fail_msg("case %u: a VA limit of 0 printed:\n%s", i, tb.s);
		if (cases[i].want ? !strstr(tb.s, cases[i].want) : !!strstr(tb.s, "engine context"))
			fail_msg("case %u: want %s:\n%s", i, cases[i].want ? cases[i].want : "none",
				 tb.s);
	}
	fx_close(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_profiles_direct),
		cmocka_unit_test(test_profiles_pramin),
		cmocka_unit_test(test_v2_faults),
		cmocka_unit_test(test_pri_error_halves),
		cmocka_unit_test(test_adjacent_tables),
		cmocka_unit_test(test_v2_top_levels),
		cmocka_unit_test(test_cache_keys),
		cmocka_unit_test(test_cache_capacity),
		cmocka_unit_test(test_translate_args),
		cmocka_unit_test(test_sys_cycle),
		cmocka_unit_test(test_v2_big_pages),
		cmocka_unit_test(test_pascal_formats),
		cmocka_unit_test(test_version_by_chip),
		cmocka_unit_test(test_v3),
		cmocka_unit_test(test_v2_sysmem_and_sparse),
		cmocka_unit_test(test_v3_sparse_pdes),
		cmocka_unit_test(test_v3_pte_address_bits),
		cmocka_unit_test(test_v2_tables_above_64g),
		cmocka_unit_test(test_v1),
		cmocka_unit_test(test_v3_256g),
		cmocka_unit_test(test_read_bound),
		cmocka_unit_test(test_inst_faults),
		cmocka_unit_test(test_inst_sysmem),
		cmocka_unit_test(test_inst_gone),
		cmocka_unit_test(test_inst_engine_ctx),
		cmocka_unit_test(test_inst_gpfifo_entries),
		cmocka_unit_test(test_inst_gpfifo_sysmem),
		cmocka_unit_test(test_inst_format_lines),
		cmocka_unit_test(test_inst_describe),
	};

	return cmocka_run_group_tests_name("mmu", tests, NULL, NULL);
}
