// SPDX-License-Identifier: MIT
/*
 * Unit tests: PRAMIN window reads and runlist locate/fetch/decode
 * (kmod/hw/pramin.c, kmod/hw/runlist.c) over the simulator.
 *
 * Runlist memory is encoded by hand in these tests from the entry tables of
 * regs-fifo.md §3.4 (an independent reading: the comments give each field).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "testio.h"

#include "chip.h"
#include "ptop.h"
#include "pramin.h"
#include "runlist.h"
#include "sim.h"
#include "snapshot.h"

#define H100_SNAP "tests/fixtures/h100_idle.nvss"
#define H100_RL0 0x13db8a0000ull	/* captured SUBMIT_BASE of runlist 0 */

/* An io over the simulator WITHOUT mem_read: forces the PRAMIN path, as in
 * the kernel. */
static uint32_t s_rd(void *ctx, uint32_t off) { return nvs_sim_rd32(ctx, off); }
static void s_wr(void *ctx, uint32_t off, uint32_t v) { nvs_sim_wr32(ctx, off, v); }

struct gpu {
	struct nvs_sim *sim;
	struct nvs_io pramin_io;
	struct nvs_ident id;
	struct nvs_topology t;
};

static void gpu_open_sim(struct gpu *g, struct nvs_sim *sim)
{
	g->sim = sim;
	g->pramin_io = (struct nvs_io){ .rd32 = s_rd, .wr32 = s_wr, .ctx = sim };
	assert_int_equal(nvs_identify(nvs_sim_io(sim), &g->id), 0);
	assert_int_equal(nvs_ptop_read(nvs_sim_io(sim), g->id.caps, &g->t), 0);
}

static void put32(uint8_t *b, uint32_t v)
{
	b[0] = v; b[1] = v >> 8; b[2] = v >> 16; b[3] = v >> 24;
}

/* 16-byte entries (§3.4.2) */
static void tsg16(uint8_t *e, unsigned int tsgid, unsigned int scale,
		  unsigned int timeout, unsigned int len)
{
	put32(e, 1u | (scale << 16) | (timeout << 24));	/* TYPE=TSG w0[0] */
	put32(e + 4, len);					/* TSG_LENGTH w1[7:0] */
	put32(e + 8, tsgid);					/* TSGID w2 */
	put32(e + 12, 0);
}

static void chan16(uint8_t *e, unsigned int chid, unsigned int rq, uint64_t inst,
		   uint64_t userd)
{
	put32(e, (rq << 1) | (uint32_t)(userd & 0xffffff00u));	/* targets VID (0) */
	put32(e + 4, (uint32_t)(userd >> 32));
	put32(e + 8, chid | (uint32_t)(inst & 0xfffff000u));
	put32(e + 12, (uint32_t)(inst >> 32));
}

static struct nvs_rl_item *decode(struct gpu *g, const struct nvs_io *io, int id,
				  struct nvs_rl_loc *loc, int *err, unsigned int *moves)
{
	struct nvs_rl_item *items;
	void *raw;

	assert_int_equal(nvs_runlist_locate(io, g->id.caps, &g->t, id, loc), 0);
	raw = calloc(1, nvs_runlist_bytes(g->id.caps, loc) + 16);
	items = calloc(loc->length + 1, sizeof(*items));
	*err = nvs_runlist_fetch(io, g->id.caps, loc, raw, moves);
	if (!*err) {
		nvs_runlist_decode(g->id.caps, loc, raw, items);
		nvs_runlist_read_states(io, g->id.caps, loc, items);
	}
	free(raw);
	return items;
}

/* GH100 capture + a hand-made runlist 0: TSG 5 (scale 3, timeout 128) with
 * channel 3 (its CHRAM word in the capture is 0x2: enabled). */
static void test_gh100_runlist_via_pramin(void **state)
{
	struct gpu g;
	struct nvs_rl_loc loc;
	uint8_t mem[32];
	struct nvs_rl_item *it;
	const struct nvs_sim_write *log;
	size_t nlog;
	unsigned int moves = 0;
	int err;

	gpu_open_sim(&g, nvs_sim_open(H100_SNAP, NULL, 0));
	tsg16(mem, 5, 3, 128, 1);
	chan16(mem + 16, 3, 1, 0x13dbb00000ull, 0x1312345600ull);
	assert_int_equal(nvs_sim_add_mem(g.sim, NVS_AP_VID, H100_RL0, mem, sizeof(mem)), 0);
	nvs_sim_log_clear(g.sim);

	it = decode(&g, &g.pramin_io, 0, &loc, &err, &moves);
	assert_int_equal(err, 0);
	assert_int_equal(loc.base, H100_RL0);
	assert_int_equal(loc.length, 2);
	assert_int_equal(loc.chram_base, 0xc20000);
	assert_int_equal(loc.num_channels, 2048);
	assert_int_equal(it[0].kind, NVS_RL_TSG);
	assert_int_equal(it[0].id, 5);
	assert_int_equal(it[0].length, 1);
	assert_int_equal(nvs_timeslice_ns(it[0].scale, it[0].timeout), 1048576);
	assert_int_equal(it[1].kind, NVS_RL_CHAN);
	assert_int_equal(it[1].id, 3);
	assert_int_equal(it[1].tsg, 0);
	assert_int_equal(it[1].runqueue, 1);
	assert_int_equal(it[1].inst, 0x13dbb00000ull);
	assert_int_equal(it[1].userd, 0x1312345600ull);
	assert_true(it[1].st.valid);
	assert_true(it[1].st.enabled);
	assert_int_equal(it[1].st.status, -1);	/* CHRAM has no status enum */
	assert_int_equal(it[1].err, 0);

	/* exactly one window move, then the driver's value written back */
	assert_int_equal(moves, 1);
	log = nvs_sim_log(g.sim, &nlog);
	assert_int_equal(nlog, 2);
	assert_int_equal(log[0].off, 0x10fd40);
	assert_int_equal(log[0].val, (uint32_t)(H100_RL0 >> 16));
	assert_int_equal(log[1].off, 0x10fd40);
	assert_int_equal(log[1].val, 0x13e960);
	assert_int_equal(nvs_sim_rd32(g.sim, 0x10fd40), 0x13e960);
	free(it);

	/* a window already covering the target is reused: no writes */
	nvs_sim_wr32(g.sim, 0x10fd40, (uint32_t)(H100_RL0 >> 16));
	nvs_sim_log_clear(g.sim);
	moves = 0;
	it = decode(&g, &g.pramin_io, 0, &loc, &err, &moves);
	assert_int_equal(err, 0);
	assert_int_equal(moves, 0);
	nvs_sim_log(g.sim, &nlog);
	assert_int_equal(nlog, 0);
	free(it);
	nvs_sim_free(g.sim);
}

/* The raw capture has no runlist memory: an error, never decoded garbage. */
static void test_unbacked_runlist_is_error(void **state)
{
	struct gpu g;
	struct nvs_rl_loc loc;
	struct nvs_rl_item *it;
	int err;

	gpu_open_sim(&g, nvs_sim_open(H100_SNAP, NULL, 0));
	it = decode(&g, nvs_sim_io(g.sim), 0, &loc, &err, NULL);	/* direct mem_read */
	assert_int_equal(err, -EIO);
	free(it);
	it = decode(&g, &g.pramin_io, 0, &loc, &err, NULL);	/* through PRAMIN */
	assert_int_equal(err, -EIO);
	assert_int_equal(nvs_sim_rd32(g.sim, 0x10fd40), 0x13e960);	/* restored */
	free(it);
	/* an id the chip does not have */
	assert_int_equal(nvs_runlist_locate(nvs_sim_io(g.sim), g.id.caps, &g.t, 4, &loc), -ENOENT);
	nvs_sim_free(g.sim);
}

/* An entry made only of PRI-error words is refused even when the word after
 * it is a PRI error too (the check looks at the entry's own words, 4 of
 * 16-byte entries, no further); three bad words and a good one decode. */
static void test_pri_error_entry(void **state)
{
	struct gpu g;
	struct nvs_rl_loc loc;
	uint8_t mem[32];
	struct nvs_rl_item *it;
	int err;

	gpu_open_sim(&g, nvs_sim_open(H100_SNAP, NULL, 0));
	chan16(mem + 16, 3, 1, 0x13dbb00000ull, 0x1312345600ull);
	for (int i = 0; i < 5; i++)
		put32(mem + 4 * i, 0xbadf1100);	/* entry 0 and entry 1's word 0 */
	assert_int_equal(nvs_sim_add_mem(g.sim, NVS_AP_VID, H100_RL0, mem, sizeof(mem)), 0);
	it = decode(&g, nvs_sim_io(g.sim), 0, &loc, &err, NULL);
	assert_int_equal(loc.length, 2);
	assert_int_equal(err, -EIO);
	free(it);
	nvs_sim_free(g.sim);

	gpu_open_sim(&g, nvs_sim_open(H100_SNAP, NULL, 0));
	tsg16(mem, 5, 3, 128, 1);
	chan16(mem + 16, 3, 1, 0x13dbb00000ull, 0x1312345600ull);
	for (int i = 0; i < 3; i++)	/* the channel entry: 3 of 4 words bad */
		put32(mem + 16 + 4 * i, 0xbadf1100);
	assert_int_equal(nvs_sim_add_mem(g.sim, NVS_AP_VID, H100_RL0, mem, sizeof(mem)), 0);
	it = decode(&g, nvs_sim_io(g.sim), 0, &loc, &err, NULL);
	assert_int_equal(err, 0);
	free(it);
	/* the second entry wholly PRI errors after a good first one: refused */
	tsg16(mem, 5, 3, 128, 1);
	for (int i = 0; i < 4; i++)
		put32(mem + 16 + 4 * i, 0xbadf1100);
	assert_int_equal(nvs_sim_add_mem(g.sim, NVS_AP_VID, H100_RL0, mem, sizeof(mem)), 0);
	it = decode(&g, nvs_sim_io(g.sim), 0, &loc, &err, NULL);
	assert_int_equal(err, -EIO);
	free(it);
	/* the channel entry's first word good, the other three bad: decoded */
	chan16(mem + 16, 3, 1, 0x13dbb00000ull, 0x1312345600ull);
	for (int i = 1; i < 4; i++)
		put32(mem + 16 + 4 * i, 0xbadf1100);
	assert_int_equal(nvs_sim_add_mem(g.sim, NVS_AP_VID, H100_RL0, mem, sizeof(mem)), 0);
	it = decode(&g, nvs_sim_io(g.sim), 0, &loc, &err, NULL);
	assert_int_equal(err, 0);
	free(it);
	/* only the list's own entries are checked: what the caller's buffer
	 * holds after them (here PRI-error words) is not part of the list */
	tsg16(mem, 5, 3, 128, 1);
	chan16(mem + 16, 3, 1, 0x13dbb00000ull, 0x1312345600ull);
	assert_int_equal(nvs_sim_add_mem(g.sim, NVS_AP_VID, H100_RL0, mem, sizeof(mem)), 0);
	assert_int_equal(nvs_runlist_locate(nvs_sim_io(g.sim), g.id.caps, &g.t, 0, &loc), 0);
	assert_int_equal(nvs_runlist_bytes(g.id.caps, &loc), 32);
	{
		uint32_t raw[16];

		for (int i = 0; i < 16; i++)
			raw[i] = 0xbadf1100;
		assert_int_equal(nvs_runlist_fetch(nvs_sim_io(g.sim), g.id.caps, &loc, raw, NULL), 0);
		assert_int_equal(raw[8], 0xbadf1100);	/* untouched */
	}
	nvs_sim_free(g.sim);
}

/*
 * INST_PTR_HI of a 16-byte channel entry (fifo.h, regs-fifo.md §3.4.2): all
 * of word 3 (31:0) up to GB10x, 19:0 on GB20x, whose word 3 also holds
 * CASID 31:26.  Word 2: CHID 10:0 = 7, INST_PTR_LO 31:12 = 0x12345.
 *   GH100 w3 0x00abcdef: instance 0x00abcdef12345000
 *   GB202 w3 (5 << 26) | 1 = 0x14000001: instance 0x112345000
 */
static void test_decode16_inst_hi(void **state)
{
	struct nvs_rl_loc loc = { .length = 1 };
	struct nvs_rl_item it;
	uint32_t e[4] = { 0, 0, 7u | 0x12345000u, 0x00abcdefu };

	(void)state;
	nvs_runlist_decode(nvs_chip_lookup(0x180)->caps, &loc, e, &it);
	assert_int_equal(it.kind, NVS_RL_CHAN);
	assert_int_equal(it.id, 7);
	assert_true(it.inst == 0x00abcdef12345000ull);
	e[3] = 0x14000001u;
	nvs_runlist_decode(nvs_chip_lookup(0x1b2)->caps, &loc, e, &it);
	assert_int_equal(it.id, 7);
	assert_true(it.inst == 0x112345000ull);
}

/*
 * The longest TSG (fifo.h): 32 channels with 8-byte entries
 * (NV_RAMRL_ENTRY_TSG_LENGTH_MAX_GK104 0x20, LENGTH 31:26, TYPE 13 = TSG),
 * 128 with 16-byte ones (NV_RAMRL_ENTRY_TSG_LENGTH_MAX_GV100 0x80, LENGTH
 * word 1 7:0, TYPE bit 0 = TSG); a TSG one channel longer is TSG_TOO_LONG.
 * The TSG is followed by as many channel entries (ids 1..len), so its
 * length is never overrun.
 */
static int tsg_err(uint16_t chip, unsigned int len)
{
	const struct nvs_caps *caps = nvs_chip_lookup(chip)->caps;
	unsigned int words = caps->rl_entry_size / 4, i;
	struct nvs_rl_loc loc = { .length = len + 1, .num_channels = 4096 };
	uint32_t *w = calloc((len + 1) * words, sizeof(*w));
	struct nvs_rl_item *items = calloc(len + 1, sizeof(*items));
	int err;

	if (words == 2) {
		w[0] = 9u | 1u << 13 | len << 26;
		for (i = 1; i <= len; i++)
			w[2 * i] = i;
	} else {
		w[0] = 1;
		w[1] = len;
		w[2] = 9;
		for (i = 1; i <= len; i++)
			w[4 * i + 2] = i;
	}
	nvs_runlist_decode(caps, &loc, w, items);
	for (i = 1; i <= len; i++)
		assert_int_equal(items[i].tsg, 0);
	err = items[0].err;
	free(items);
	free(w);
	return err;
}

static void test_tsg_length_max(void **state)
{
	(void)state;
	assert_int_equal(tsg_err(0x136, 32), 0);			/* GP106: 8-byte */
	assert_int_equal(tsg_err(0x136, 33), NVS_RLE_TSG_TOO_LONG);
	assert_int_equal(tsg_err(0x180, 33), 0);			/* GH100: 16-byte */
	assert_int_equal(tsg_err(0x180, 128), 0);
	assert_int_equal(tsg_err(0x180, 129), NVS_RLE_TSG_TOO_LONG);
}

/*
 * The first entry, a TSG of length 3 (16-byte entries, GH100), followed by
 * one channel and then the end of the list, or by one channel and another
 * TSG: its length is overrun either way (LENGTH_OVERRUN on entry 0).
 */
static void test_first_tsg_overrun(void **state)
{
	const struct nvs_caps *caps = nvs_chip_lookup(0x180)->caps;
	struct nvs_rl_loc loc = { .length = 2, .num_channels = 4096 };
	uint32_t w[16] = { 1, 3, 9, 0,  0, 0, 1, 0,  1, 1, 10, 0,  0, 0, 2, 0 };
	struct nvs_rl_item items[4];

	(void)state;
	nvs_runlist_decode(caps, &loc, w, items);
	assert_int_equal(items[0].kind, NVS_RL_TSG);
	assert_int_equal(items[0].err, NVS_RLE_LENGTH_OVERRUN);
	assert_int_equal(items[1].tsg, 0);
	loc.length = 4;
	nvs_runlist_decode(caps, &loc, w, items);
	assert_int_equal(items[0].err, NVS_RLE_LENGTH_OVERRUN);
	assert_int_equal(items[2].err, 0);	/* TSG 10, length 1, complete */
	assert_int_equal(items[3].tsg, 2);
}

/* Malformed Volta+ runlists: every inline error code. */
static void test_malformed_16(void **state)
{
	struct gpu g;
	struct nvs_rl_loc loc;
	struct nvs_rl_item *it;
	uint8_t mem[6 * 16];
	int err;

	gpu_open_sim(&g, nvs_sim_open(H100_SNAP, NULL, 0));
	chan16(mem, 3, 0, 0x1000, 0x2000);		/* 0: channel outside a TSG */
	tsg16(mem + 16, 1, 3, 128, 0);			/* 1: zero-length TSG */
	tsg16(mem + 32, 2, 3, 128, 3);			/* 2: wants 3, gets 1 */
	chan16(mem + 48, 4, 0, 0x1000, 0x2000);
	tsg16(mem + 64, 3, 3, 128, 2);			/* 4: wants 2, list ends */
	chan16(mem + 80, 2047, 0, 0x1000, 0x2000);	/* 5: last valid id */
	assert_int_equal(nvs_sim_add_mem(g.sim, NVS_AP_VID, H100_RL0, mem, sizeof(mem)), 0);
	/* SUBMIT: LENGTH 6 */
	nvs_sim_wr32(g.sim, 0xc00088, 6);
	nvs_sim_tick(g.sim);
	it = decode(&g, nvs_sim_io(g.sim), 0, &loc, &err, NULL);
	assert_int_equal(err, 0);
	assert_int_equal(loc.length, 6);
	assert_int_equal(it[0].err, NVS_RLE_CHANNEL_OUTSIDE_TSG);
	assert_int_equal(it[0].tsg, -1);
	assert_int_equal(it[1].err, NVS_RLE_ZERO_LENGTH_TSG);
	assert_int_equal(it[2].err, NVS_RLE_LENGTH_OVERRUN);
	assert_int_equal(it[3].tsg, 2);
	assert_int_equal(it[4].err, NVS_RLE_LENGTH_OVERRUN);
	assert_int_equal(it[5].tsg, 4);
	assert_int_equal(it[5].id, 2047);
	assert_int_equal(it[5].err, 0);
	assert_string_equal(nvs_rl_err_code(it[0].err), "channel_outside_tsg");
	/*
	 * runlist.h / uapi nvsched_rl_entry: a TSG entry has no channel state
	 * (status -1, not valid), no runqueue or VEID (-1) and unknown
	 * apertures (0xff); Ampere+ channels have no PCCSR STATUS (-1), and
	 * the VEID is GB20x only (-1 here).
	 */
	assert_false(it[1].st.valid);
	assert_int_equal(it[1].st.status, -1);
	assert_int_equal(it[1].runqueue, -1);
	assert_int_equal(it[1].veid, -1);
	assert_int_equal(it[1].inst_ap, 0xff);
	assert_int_equal(it[1].userd_ap, 0xff);
	assert_false(it[1].has_inst);
	assert_int_equal(it[3].st.status, -1);
	assert_int_equal(it[3].veid, -1);
	assert_int_equal(it[3].runqueue, 0);
	assert_int_equal(it[3].inst_ap, 0);
	assert_int_equal(it[3].userd_ap, 0);
	free(it);
	nvs_sim_free(g.sim);
}

/*
 * A hand-written Pascal (GP106) snapshot: legacy PTOP with GR on runlist 0,
 * NV_PFIFO_ENG_RUNLIST read-back registers, 8-byte entries (§3.4.1) with a
 * bare channel, PCCSR channel words (§4.1).
 */
static const char gp106_snap[] =
	"nvsched-snapshot 1\n"
	"r 0x00000000 0x136000a1\n"		/* BOOT_0: arch 0x13 impl 6 */
	"r 0x00000a00 0x136a1000\n"		/* BOOT_42 */
	"r 0x00001700 0x00000000\n"		/* PRAMIN window at 0 (VID) */
	"r 0x00002008 0x00001000\n"		/* CFG1: 4096 channels */
	/* PTOP: DATA(pri 0x400, chain) ENUM(rl 0 valid, chain) TYPE 0 */
	"r 0x00022700 0x80400001\n"
	"r 0x00022704 0x80000012\n"
	"r 0x00022708 0x00000003\n"
	/* runlist 0 at 0x200000 (PTR 0x200, VID), 4 entries */
	"r 0x00002280 0x00000200\n"
	"r 0x00002284 0x00000004\n"
	/* PCCSR: ch 1 bound at 0x300000, enabled, STATUS 7 (ON_ENG), BUSY;
	 * ch 2 disabled, idle, its INST word not bound (BIND 31 clear);
	 * ch 9 enabled, STATUS 1 (PENDING) + ENG_FAULTED, bound at 0x302000
	 * in system memory (TARGET 29:28 = 2, coherent) */
	"r 0x00800008 0x80000300\n"
	"r 0x0080000c 0x17000001\n"
	"r 0x00800010 0x00000301\n"
	"r 0x00800014 0x00000000\n"
	"r 0x00800048 0xa0000302\n"
	"r 0x0080004c 0x01800001\n"
	/* entries: TSG 7 (TYPE bit 13, scale 2 @14, timeout 100 @18, len 2 @26),
	 * ch 1, ch 2, bare ch 9 */
	"m vid 0x200000 "
	"07a0900900000000" "0100000000000000" "0200000000000000" "0900000000000000\n";

static void test_pascal_8byte(void **state)
{
	struct nvss *snap;
	struct gpu g;
	struct nvs_rl_loc loc;
	struct nvs_rl_item *it;
	char err[256];
	int e;

	char text[sizeof(gp106_snap) + 64 * 32];
	size_t len = sizeof(gp106_snap) - 1;
	unsigned int i;

	/* the rest of the 64-entry PTOP table reads 0 (NOT_VALID) */
	memcpy(text, gp106_snap, len);
	for (i = 3; i < 64; i++)
		len += (size_t)sprintf(text + len, "r 0x%08x 0x00000000\n", 0x22700 + i * 4);
	assert_int_equal(nvss_parse_buf(text, len, "gp106", &snap, err, sizeof(err)), 0);
	gpu_open_sim(&g, nvs_sim_new(snap, NULL, err, sizeof(err)));
	assert_int_equal(g.id.chip_id, 0x136);
	it = decode(&g, &g.pramin_io, 0, &loc, &e, NULL);
	assert_int_equal(e, 0);
	assert_int_equal(loc.base, 0x200000);
	assert_int_equal(loc.length, 4);
	assert_int_equal(it[0].kind, NVS_RL_TSG);
	assert_int_equal(it[0].id, 7);
	assert_int_equal(it[0].scale, 2);
	assert_int_equal(it[0].timeout, 100);
	assert_int_equal(it[0].length, 2);
	assert_false(it[0].st.valid);			/* TSG: no channel state */
	assert_int_equal(it[0].st.status, -1);
	/* 8-byte entries: no runqueue (Volta+), no USERD, no VEID */
	assert_int_equal(it[1].runqueue, -1);
	assert_int_equal(it[1].veid, -1);
	assert_int_equal(it[1].userd_ap, 0xff);
	assert_false(it[1].has_userd);
	assert_int_equal(it[1].id, 1);
	assert_int_equal(it[1].tsg, 0);
	assert_true(it[1].st.enabled);
	assert_string_equal(nvs_chan_status_name(it[1].st.status), "on_eng");
	assert_true(it[1].st.flags & NVS_CHF_BUSY);
	assert_true(it[1].has_inst);			/* from PCCSR INST */
	assert_int_equal(it[1].inst, 0x300000);
	assert_int_equal(it[1].inst_ap, NVS_AP_VID);
	assert_int_equal(it[2].id, 2);
	assert_false(it[2].st.enabled);
	assert_false(it[2].has_inst);			/* INST not bound */
	assert_true(it[3].has_inst);
	assert_int_equal(it[3].inst, 0x302000);
	assert_int_equal(it[3].inst_ap, NVS_AP_SYS_COH);
	assert_string_equal(nvs_chan_status_name(it[2].st.status), "idle");
	assert_int_equal(it[3].id, 9);
	assert_int_equal(it[3].tsg, -1);		/* bare channel: legal pre-Volta */
	assert_int_equal(it[3].err, 0);
	assert_string_equal(nvs_chan_status_name(it[3].st.status), "pending");
	assert_true(it[3].st.flags & NVS_CHF_ENG_FAULTED);
	assert_int_equal(nvs_sim_rd32(g.sim, 0x1700), 0);	/* window untouched */
	free(it);
	nvs_sim_free(g.sim);
	nvss_free(snap);
}

/* NV_PFIFO_CFG1 of 16 channels: a bare channel 16 is beyond them, so it
 * is an error and neither its PCCSR state nor its instance pointer is
 * read, even where PCCSR channel 16 holds a bound instance (regs-fifo.md
 * §4.1/§4.3: 8 bytes a channel from 0x800000) */
static void test_pascal_channel_beyond_cfg1(void **state)
{
	struct nvss *snap;
	struct gpu g;
	struct nvs_rl_loc loc;
	struct nvs_rl_item *it;
	char err[256], *at;
	int e;
	char text[sizeof(gp106_snap) + 64 * 32 + 64];
	size_t len = sizeof(gp106_snap) - 1;
	unsigned int i;

	(void)state;
	memcpy(text, gp106_snap, len + 1);
	at = strstr(text, "r 0x00002008 0x00001000");
	assert_non_null(at);
	memcpy(at, "r 0x00002008 0x00000010", 23);
	at = strstr(text, "0900000000000000\n");
	assert_non_null(at);
	memcpy(at, "10", 2);				/* ch 9 -> ch 16 */
	for (i = 3; i < 64; i++)
		len += (size_t)sprintf(text + len, "r 0x%08x 0x00000000\n", 0x22700 + i * 4);
	len += (size_t)sprintf(text + len, "r 0x00800080 0x80000310\nr 0x00800084 0x17000001\n");
	assert_int_equal(nvss_parse_buf(text, len, "gp106", &snap, err, sizeof(err)), 0);
	gpu_open_sim(&g, nvs_sim_new(snap, NULL, err, sizeof(err)));
	it = decode(&g, &g.pramin_io, 0, &loc, &e, NULL);
	assert_int_equal(e, 0);
	assert_int_equal(loc.num_channels, 16);
	assert_int_equal(it[3].id, 16);
	assert_int_equal(it[3].err, NVS_RLE_BAD_ID);
	assert_false(it[3].st.valid);
	assert_false(it[3].has_inst);
	assert_true(it[1].has_inst);			/* channel 1 < 16: read */
	free(it);
	nvs_sim_free(g.sim);
	nvss_free(snap);
}

/* Misaligned and out-of-reach reads are refused before touching hardware. */
static void test_pramin_limits(void **state)
{
	struct gpu g;
	uint32_t w;
	const struct nvs_sim_write *log;
	size_t n;

	gpu_open_sim(&g, nvs_sim_open(H100_SNAP, NULL, 0));
	nvs_sim_log_clear(g.sim);
	assert_int_equal(nvs_vid_read(&g.pramin_io, g.id.caps, NVS_AP_VID, 2, &w, 4, NULL), -EINVAL);
	/* GH100 BASE is 21:0: 2^38 is beyond its reach */
	assert_int_equal(nvs_vid_read(&g.pramin_io, g.id.caps, NVS_AP_VID, 1ull << 38, &w, 4, NULL),
			 -ERANGE);
	/* Hopper's window has no system-memory target */
	assert_int_equal(nvs_vid_read(&g.pramin_io, g.id.caps, NVS_AP_SYS_COH, 0x1000, &w, 4, NULL),
			 -ERANGE);
	/* a runlist's TARGET: 1 is undefined (-EIO, nothing read); 2, system
	 * memory coherent, is read through the window, which Hopper cannot
	 * point at system memory (-ERANGE, as above) */
	{
		struct nvs_rl_loc loc = { .length = 1, .base = 0x1000, .aperture = 1 };
		uint32_t raw[4];

		assert_int_equal(nvs_runlist_fetch(&g.pramin_io, g.id.caps, &loc, raw, NULL), -EIO);
		loc.aperture = NVS_AP_SYS_COH;
		assert_int_equal(nvs_runlist_fetch(&g.pramin_io, g.id.caps, &loc, raw, NULL),
				 -ERANGE);
	}
	log = nvs_sim_log(g.sim, &n);
	(void)log;
	assert_int_equal(n, 0);
	nvs_sim_free(g.sim);
}

/* A channel of a TSG whose instance block could not be read: its box
 * (indented two spaces under the TSG) says so with the reason at the end
 * of the line; a bare channel's box is not indented. */
static void test_format_inst_error(void **state)
{
	struct nvs_rl_loc loc = { .id = 0, .length = 4, .base = 0x1000 };
	struct nvs_rl_item it[4];
	struct nvs_rl_inst ri[4];
	const char *p;

	(void)state;
	memset(it, 0, sizeof(it));
	memset(ri, 0, sizeof(ri));
	/* timeslice 128 << 3 units of 1024 ns (regs-fifo.md §5.4) = 1048.576 us */
	it[0] = (struct nvs_rl_item){ .kind = NVS_RL_TSG, .id = 1, .length = 1, .tsg = -1,
				      .runqueue = -1, .veid = -1, .scale = 3, .timeout = 128 };
	it[1] = (struct nvs_rl_item){ .kind = NVS_RL_CHAN, .id = 5, .tsg = 0, .runqueue = -1,
				      .veid = -1 };
	it[2] = (struct nvs_rl_item){ .kind = NVS_RL_CHAN, .id = 6, .tsg = -1, .runqueue = -1,
				      .veid = -1 };
	it[3] = it[2];
	it[3].id = 7;		/* its instance block not read (ri[3] not valid) */
	ri[1].valid = true;
	ri[1].err = -EIO;
	snprintf(ri[1].why, sizeof(ri[1].why), "no instance here");
	ri[2] = ri[1];
	snprintf(ri[2].why, sizeof(ri[2].why), "nor here");
	fmt_text[0] = 0;
	nvs_runlist_format(&loc, it, ri, fmt_pr, NULL);
	assert_non_null(strstr(fmt_text, "\n| Slice us:   1048.576|\n"));
	p = strstr(fmt_text, "\n  +- Channel Entry 5");
	assert_non_null(p);
	p = strstr(p, "\n  | Instance: ERROR");
	if (!p || strncmp(strchr(p + 1, '\n') - 19, "|  no instance here", 19))
		fail_msg("no indented instance error line with its reason:\n%s", fmt_text);
	p = strstr(fmt_text, "\n+- Channel Entry 6");
	assert_non_null(p);
	p = strstr(p, "\n| Instance: ERROR");
	if (!p || strncmp(strchr(p + 1, '\n') - 11, "|  nor here", 11))
		fail_msg("no instance error line with its reason:\n%s", fmt_text);
	/* channel 7: no instance lines at all */
	p = strstr(fmt_text, "\n+- Channel Entry 7");
	assert_non_null(p);
	if (strstr(p, "Instance") || strstr(p, "Page Dir") || strstr(p, "GPFIFO"))
		fail_msg("instance lines for an unread instance block:\n%s", p);
}

/*
 * Only the list's own entries are touched: an entry past loc->length (a
 * channel whose state holds a marker) keeps it.  A list of no entries
 * prints its header and the "(empty: ...)" line; a list of one entry
 * prints that entry instead.
 */
static void test_list_bounds(void **state)
{
	struct gpu g;
	struct nvs_rl_loc loc = { .id = 3, .length = 1, .base = 0x1000, .num_channels = 0 };
	struct nvs_rl_item it[2];

	(void)state;
	gpu_open_sim(&g, nvs_sim_open(H100_SNAP, NULL, 0));
	memset(it, 0, sizeof(it));
	it[0] = (struct nvs_rl_item){ .kind = NVS_RL_CHAN, .id = 2, .tsg = -1, .runqueue = -1,
				      .veid = -1 };
	it[1] = it[0];
	it[1].st.status = 5;
	it[1].st.raw = 0x5a5a5a5a;
	nvs_runlist_read_states(nvs_sim_io(g.sim), g.id.caps, &loc, it);
	assert_int_equal(it[0].st.status, -1);		/* id 2 >= 0 channels: no state */
	assert_int_equal(it[1].st.status, 5);
	assert_int_equal(it[1].st.raw, 0x5a5a5a5a);
	nvs_sim_free(g.sim);

	fmt_text[0] = 0;
	nvs_runlist_format(&loc, it, NULL, fmt_pr, NULL);
	assert_null(strstr(fmt_text, "(empty"));
	assert_non_null(strstr(fmt_text, "+- Channel Entry 2"));
	loc.length = 0;
	fmt_text[0] = 0;
	nvs_runlist_format(&loc, it, NULL, fmt_pr, NULL);
	assert_string_equal(fmt_text, "Runlist 3: 0 entries at 0x1000 (vid)\n"
			    "(empty: no TSGs or channels are submitted on this runlist)\n");
}

/*
 * A channel box's optional lines at their smallest values: runqueue 0,
 * VEID 0, PCCSR STATUS 0 (idle, regs-fifo.md §4.1) and the first flag
 * (NVS_CHF_NEXT, bit 0), each printed; a flag bit past the known ones
 * (NVS_CHF_COUNT) is not.
 */
static void test_format_chan_fields(void **state)
{
	struct nvs_rl_loc loc = { .id = 0, .length = 1, .base = 0x1000 };
	struct nvs_rl_item it = { .kind = NVS_RL_CHAN, .id = 4, .tsg = -1, .runqueue = 0,
				  .veid = 0 };

	(void)state;
	it.st.valid = true;
	it.st.enabled = true;
	it.st.status = 0;
	it.st.flags = NVS_CHF_NEXT | 1u << NVS_CHF_COUNT;
	fmt_text[0] = 0;
	nvs_runlist_format(&loc, &it, NULL, fmt_pr, NULL);
	if (!strstr(fmt_text, "\n| Runqueue Selector: 0|\n") ||
	    !strstr(fmt_text, "\n| VEID:              0|\n") ||
	    !strstr(fmt_text, "\n| Enabled:           1|\n") ||
	    !strstr(fmt_text, "\n| Status:         idle|\n") ||
	    !strstr(fmt_text, "\n| next               |\n") || strstr(fmt_text, "unknown"))
		fail_msg("channel box:\n%s", fmt_text);
}

static unsigned int intr_calls;

static int intr_yield(void *ctx)
{
	(void)ctx;
	intr_calls++;
	return -EINTR;
}

/* Instance blocks are read for channels that have one, nothing else: a
 * TSG entry and a channel without an instance pointer stay !valid; an
 * unaligned pointer is read and fails (-EIO). */
static void test_read_insts_which(void **state)
{
	struct gpu g;
	struct nvs_rl_loc loc = { .id = 0, .length = 3 };
	struct nvs_rl_item it[3];
	struct nvs_rl_inst ri[3];

	(void)state;
	gpu_open_sim(&g, nvs_sim_open(H100_SNAP, NULL, 0));
	memset(it, 0, sizeof(it));
	it[0] = (struct nvs_rl_item){ .kind = NVS_RL_TSG, .id = 1, .length = 2, .tsg = -1 };
	it[1] = (struct nvs_rl_item){ .kind = NVS_RL_CHAN, .id = 2, .tsg = 0 };
	it[2] = (struct nvs_rl_item){ .kind = NVS_RL_CHAN, .id = 3, .tsg = 0, .has_inst = true,
				      .inst = 0x1234, .inst_ap = NVS_AP_VID };
	memset(ri, 0x5a, sizeof(ri));
	nvs_runlist_read_insts(nvs_sim_io(g.sim), g.id.caps, &loc, it, ri);
	assert_false(ri[0].valid);
	assert_false(ri[1].valid);
	assert_true(ri[2].valid);
	assert_int_equal(ri[2].err, -EIO);
	assert_non_null(strstr(ri[2].why, "aligned"));
	/* the same channel as the list's only (first) entry is read too */
	loc.length = 1;
	it[0] = it[2];
	memset(ri, 0x5a, sizeof(ri));
	nvs_runlist_read_insts(nvs_sim_io(g.sim), g.id.caps, &loc, it, ri);
	assert_true(ri[0].valid);
	assert_int_equal(ri[0].err, -EIO);
	loc.length = 3;
	/* a fatal signal (yield -EINTR) before the first read: none is read */
	{
		struct nvs_io yio = *nvs_sim_io(g.sim);

		yio.yield = intr_yield;
		nvs_runlist_read_insts(&yio, g.id.caps, &loc, it, ri);
		assert_false(ri[2].valid);
		assert_int_equal(intr_calls, 1);
	}
	nvs_sim_free(g.sim);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gh100_runlist_via_pramin),
		cmocka_unit_test(test_unbacked_runlist_is_error),
		cmocka_unit_test(test_pri_error_entry),
		cmocka_unit_test(test_decode16_inst_hi),
		cmocka_unit_test(test_tsg_length_max),
		cmocka_unit_test(test_first_tsg_overrun),
		cmocka_unit_test(test_list_bounds),
		cmocka_unit_test(test_format_chan_fields),
		cmocka_unit_test(test_malformed_16),
		cmocka_unit_test(test_pascal_8byte),
		cmocka_unit_test(test_pascal_channel_beyond_cfg1),
		cmocka_unit_test(test_pramin_limits),
		cmocka_unit_test(test_format_inst_error),
		cmocka_unit_test(test_read_insts_which),
	};

	return cmocka_run_group_tests_name("runlist", tests, NULL, NULL);
}
