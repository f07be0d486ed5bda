// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * test_sim.c - behavioural GPU model (sim/sim.c) and the QEMU
 * responder (build/bin/nvss-responder, end to end through a temp image).
 * Run from the repository root.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sys/prctl.h>
#include <cmocka.h>

#include "snapshot.h"
#include "sim.h"
#include "simbox.h"

static char err[512];

static struct nvs_sim *mk(const char *text)
{
	struct nvss *s;
	struct nvs_sim *sim;

	if (nvss_parse_buf(text, strlen(text), "snap", &s, err, sizeof(err)))
		fail_msg("parse: %s", err);
	sim = nvs_sim_new(s, NULL, err, sizeof(err));
	nvss_free(s);
	if (!sim)
		fail_msg("sim: %s", err);
	return sim;
}

/* GK104: chip id from BOOT_0 (no BOOT_42 line), window at 0x1700. */
static const char kepler[] =
	"nvsched-snapshot 1\n"
	"r 0x00000000 0x0e4000a1\n"
	"r 0x00001700 0x00000010\n"		/* VID 0x100000 */
	"r 0x00002284 0x00000000\n"
	"r 0x00002634 0x00000000\n"
	"r 0x00800000 0x80000100\n"		/* CHANNEL_INST(0) */
	"r 0x00800004 0x01000000\n"		/* CHANNEL(0): STATUS 1 */
	"r 0x0080000c 0x00c00001\n"		/* CHANNEL(1): faulted, enabled */
	"m vid 0x100000 efbeadde44332211\n"	/* 0xdeadbeef 0x11223344 */
	"m vid 0x100010 00000000\n"
	"m vid 0x1ffffc 01020304\n"		/* last word of the window */
	"m vid 0x200000 78563412\n"		/* 0x12345678 */
	"m sys 0x300000 0df0adba\n";		/* 0xbaadf00d */

/* GH100: BOOT_42, window at 0x10FD40, two runlists in DEVICE_INFO2. */
static const char hopper[] =
	"nvsched-snapshot 1\n"
	"r 0x00000000 0x180000a1\n"
	"r 0x00000a00 0x180a1000\n"
	"r 0x00001700 0x00000020\n"		/* plain register on Hopper */
	"r 0x0010fd40 0x00000010\n"		/* VID 0x100000 */
	"r 0x000224fc 0x00700000\n"		/* NUM_ROWS 7 */
	"r 0x00022800 0x80000001\n"		/* GR: fault id 1, chain */
	"r 0x00022804 0xc0400000\n"		/* is_engine, chain */
	"r 0x00022808 0x00c00000\n"		/* runlist pri 0xc00000, last */
	"r 0x0002280c 0x00000000\n"		/* empty row */
	"r 0x00022810 0x93000002\n"		/* LCE */
	"r 0x00022814 0xc0104000\n"
	"r 0x00022818 0x00c00401\n"		/* runlist pri 0xc00400, rleng 1 */
	"r 0x00c00004 0x00c2000b\n"		/* CHRAM 0xc20000, 2^11 ch */
	"r 0x00c0008c 0x00000003\n"		/* SUBMIT_INFO */
	"r 0x00c00098 0x00000000\n"		/* PREEMPT */
	"r 0x00c00404 0x00c2200b\n"		/* CHRAM 0xc22000 */
	"r 0x00c20014 0x000000c8\n"		/* CHRAM(5): BUSY ON_PBDMA ON_ENG */
	"m vid 0x100000 efbeadde44332211\n"
	"m vid 0x200000 78563412\n";

static void test_chip_id(void **state)
{
	struct nvs_sim *sim;

	sim = mk(kepler);
	assert_int_equal(nvs_sim_chip_id(sim), 0x0e4);
	assert_int_equal(nvs_sim_gen(sim), NVS_SIM_GEN_KEPLER);
	assert_int_equal(nvs_sim_window_reg(sim), 0x1700);
	nvs_sim_free(sim);

	sim = mk(hopper);
	assert_int_equal(nvs_sim_chip_id(sim), 0x180);
	assert_int_equal(nvs_sim_gen(sim), NVS_SIM_GEN_HOPPER);
	assert_int_equal(nvs_sim_window_reg(sim), 0x10fd40);
	assert_int_equal(nvs_sim_runlists(sim), 2);
	nvs_sim_free(sim);

	/* BOOT_42 zero or all-ones: BOOT_0 decides */
	sim = mk("nvsched-snapshot 1\nr 0x0 0x164000a1\nr 0xa00 0x0\n");
	assert_int_equal(nvs_sim_chip_id(sim), 0x164);
	assert_int_equal(nvs_sim_gen(sim), NVS_SIM_GEN_TURING);
	nvs_sim_free(sim);
	sim = mk("nvsched-snapshot 1\nr 0x0 0x172000a1\nr 0xa00 0xffffffff\n");
	assert_int_equal(nvs_sim_chip_id(sim), 0x172);
	assert_int_equal(nvs_sim_gen(sim), NVS_SIM_GEN_AMPERE);
	nvs_sim_free(sim);
	/* BOOT_42 wins over BOOT_0 */
	sim = mk("nvsched-snapshot 1\nr 0x0 0x0e4000a1\nr 0xa00 0x19410000\n");
	assert_int_equal(nvs_sim_chip_id(sim), 0x194);
	assert_int_equal(nvs_sim_gen(sim), NVS_SIM_GEN_ADA);
	nvs_sim_free(sim);
	/* ARCHITECTURE_1 (BOOT_0 bit 8) is the architecture MSB */
	sim = mk("nvsched-snapshot 1\nr 0x0 0x020001a1\n");
	assert_int_equal(nvs_sim_chip_id(sim), 0x220);
	assert_int_equal(nvs_sim_gen(sim), NVS_SIM_GEN_UNKNOWN);
	nvs_sim_free(sim);
	/* GB202 and GB10B */
	sim = mk("nvsched-snapshot 1\nr 0xa00 0x1b200000\n");
	assert_int_equal(nvs_sim_gen(sim), NVS_SIM_GEN_BLACKWELL_GB20X);
	nvs_sim_free(sim);
	sim = mk("nvsched-snapshot 1\nr 0xa00 0x1ab00000\n");
	assert_int_equal(nvs_sim_gen(sim), NVS_SIM_GEN_BLACKWELL);
	assert_int_equal(nvs_sim_window_reg(sim), 0x10fd40);
	nvs_sim_free(sim);
}

static void test_unlisted_and_plain(void **state)
{
	struct nvs_sim *sim = mk(kepler);

	assert_int_equal(nvs_sim_rd32(sim, 0x0), 0x0e4000a1);
	assert_int_equal(nvs_sim_rd32(sim, 0xa00), 0xbadf5040);
	assert_int_equal(nvs_sim_rd32(sim, 0x12340), 0xbadf5040);
	assert_int_equal(nvs_sim_rd32(sim, 0x1000000), 0xbadf5040);	/* beyond BAR0 */
	nvs_sim_wr32(sim, 0x12340, 0xcafe);
	assert_int_equal(nvs_sim_rd32(sim, 0x12340), 0xcafe);
	/* through the nvs_io vtable */
	{
		const struct nvs_io *io = nvs_sim_io(sim);

		assert_int_equal(nvs_rd32(io, 0x0), 0x0e4000a1);
		nvs_wr32(io, 0x12344, 7);
		assert_int_equal(nvs_rd32(io, 0x12344), 7);
		assert_non_null(io->mem_read);
		assert_non_null(io->mem_write);
	}
	nvs_sim_free(sim);
}

static void test_window_pre_hopper(void **state)
{
	struct nvs_sim *sim = mk(kepler);
	uint32_t w;

	assert_true(nvs_sim_window_base(sim) == 0x100000);
	assert_int_equal(nvs_sim_rd32(sim, 0x700000), 0xdeadbeef);
	assert_int_equal(nvs_sim_rd32(sim, 0x700004), 0x11223344);
	assert_int_equal(nvs_sim_rd32(sim, 0x700008), 0xbadf5040);	/* unbacked */
	assert_int_equal(nvs_sim_rd32(sim, 0x7ffffc), 0x04030201);
	assert_int_equal(nvs_sim_window_moves(sim), 0);

	/* same base again: reuse, no move */
	nvs_sim_wr32(sim, 0x1700, 0x10);
	assert_int_equal(nvs_sim_window_moves(sim), 0);

	/* write through the window lands in VID memory */
	nvs_sim_wr32(sim, 0x700010, 0xa5a5a5a5);
	assert_int_equal(nvs_sim_mem_read(sim, NVS_AP_VID, 0x100010, &w, 4), 0);
	assert_int_equal(w, 0xa5a5a5a5);
	assert_int_equal(nvs_sim_rd32(sim, 0x700010), 0xa5a5a5a5);
	/* unbacked: dropped and counted */
	nvs_sim_wr32(sim, 0x700020, 0x1);
	assert_int_equal(nvs_sim_unbacked_writes(sim), 1);
	assert_int_equal(nvs_sim_rd32(sim, 0x700020), 0xbadf5040);

	/* move */
	nvs_sim_wr32(sim, 0x1700, 0x20);
	assert_int_equal(nvs_sim_window_moves(sim), 1);
	assert_true(nvs_sim_window_base(sim) == 0x200000);
	assert_int_equal(nvs_sim_rd32(sim, 0x700000), 0x12345678);
	assert_int_equal(nvs_sim_rd32(sim, 0x700004), 0xbadf5040);
	assert_int_equal(nvs_sim_rd32(sim, 0x1700), 0x20);

	/* back: earlier writes are still there */
	nvs_sim_wr32(sim, 0x1700, 0x10);
	assert_int_equal(nvs_sim_window_moves(sim), 2);
	assert_int_equal(nvs_sim_rd32(sim, 0x700010), 0xa5a5a5a5);
	assert_int_equal(nvs_sim_rd32(sim, 0x700000), 0xdeadbeef);

	/* memory changed directly shows through the window */
	w = 0x55667788;
	assert_int_equal(nvs_sim_mem_write(sim, NVS_AP_VID, 0x100004, &w, 4), 0);
	assert_int_equal(nvs_sim_rd32(sim, 0x700004), 0x55667788);
	w = 0x01010101;
	assert_int_equal(nvs_sim_add_mem(sim, NVS_AP_VID, 0x100040, &w, 4), 0);
	assert_int_equal(nvs_sim_rd32(sim, 0x700040), 0x01010101);

	/* TARGET = SYS_MEM_COHERENT: the window reads system memory */
	nvs_sim_wr32(sim, 0x1700, 0x02000030);
	assert_int_equal(nvs_sim_window_moves(sim), 3);
	assert_int_equal(nvs_sim_rd32(sim, 0x700000), 0xbaadf00d);
	/* same base, other target is a move too */
	nvs_sim_wr32(sim, 0x1700, 0x00000030);
	assert_int_equal(nvs_sim_window_moves(sim), 4);
	assert_int_equal(nvs_sim_rd32(sim, 0x700000), 0xbadf5040);
	nvs_sim_free(sim);
}

static void test_window_hopper_and_ada(void **state)
{
	struct nvs_sim *sim = mk(hopper);

	assert_int_equal(nvs_sim_rd32(sim, 0x700000), 0xdeadbeef);
	/* 0x1700 is an ordinary register on Hopper */
	nvs_sim_wr32(sim, 0x1700, 0x00000010);
	assert_int_equal(nvs_sim_window_moves(sim), 0);
	assert_int_equal(nvs_sim_rd32(sim, 0x1700), 0x10);
	assert_int_equal(nvs_sim_rd32(sim, 0x700000), 0xdeadbeef);
	/* 0x10FD40 moves it; BASE is 21:0 on GH100 */
	nvs_sim_wr32(sim, 0x10fd40, 0xffc00020);
	assert_int_equal(nvs_sim_window_moves(sim), 1);
	assert_true(nvs_sim_window_base(sim) == 0x200000);
	assert_int_equal(nvs_sim_rd32(sim, 0x700000), 0x12345678);
	nvs_sim_wr32(sim, 0x10fd40, 0x20);	/* same base: reuse */
	assert_int_equal(nvs_sim_window_moves(sim), 1);
	nvs_sim_free(sim);

	/* Ada (0x19x) sorts above Hopper but uses 0x1700 */
	sim = mk("nvsched-snapshot 1\n"
		 "r 0x00000a00 0x19200000\n"
		 "r 0x00001700 0x00000010\n"
		 "r 0x0010fd40 0x00000020\n"
		 "m vid 0x100000 efbeadde\n"
		 "m vid 0x200000 78563412\n");
	assert_int_equal(nvs_sim_window_reg(sim), 0x1700);
	assert_int_equal(nvs_sim_rd32(sim, 0x700000), 0xdeadbeef);
	nvs_sim_wr32(sim, 0x10fd40, 0x30);
	assert_int_equal(nvs_sim_window_moves(sim), 0);
	assert_int_equal(nvs_sim_rd32(sim, 0x10fd40), 0x30);
	nvs_sim_wr32(sim, 0x1700, 0x20);
	assert_int_equal(nvs_sim_window_moves(sim), 1);
	assert_int_equal(nvs_sim_rd32(sim, 0x700000), 0x12345678);
	nvs_sim_free(sim);
}

static void test_pccsr(void **state)
{
	struct nvs_sim *sim = mk(kepler);

	/* ENABLE_SET: ENABLE goes to 1, STATUS kept, SET not read back */
	nvs_sim_wr32(sim, 0x800004, 0x400);
	assert_int_equal(nvs_sim_rd32(sim, 0x800004), 0x01000001);
	/* NEXT is RW; Kepler RUNLIST 19:16 is RW */
	nvs_sim_wr32(sim, 0x800004, 0x00030002);
	assert_int_equal(nvs_sim_rd32(sim, 0x800004), 0x01030003);
	/* read-only STATUS/BUSY/ENABLE ignore writes */
	nvs_sim_wr32(sim, 0x800004, 0x1f030002);
	assert_int_equal(nvs_sim_rd32(sim, 0x800004), 0x01030003);
	/* ENABLE_CLR */
	nvs_sim_wr32(sim, 0x800004, 0x00030800);
	assert_int_equal(nvs_sim_rd32(sim, 0x800004), 0x01030000);
	/* fault bits: writing 1 resets, writing 0 keeps */
	nvs_sim_wr32(sim, 0x80000c, 0x0);
	assert_int_equal(nvs_sim_rd32(sim, 0x80000c), 0x00c00001);
	nvs_sim_wr32(sim, 0x80000c, 0x00400000);
	assert_int_equal(nvs_sim_rd32(sim, 0x80000c), 0x00800001);
	nvs_sim_wr32(sim, 0x80000c, 0x00800000);
	assert_int_equal(nvs_sim_rd32(sim, 0x80000c), 0x00000001);
	/* CHANNEL_INST is a plain RW register */
	nvs_sim_wr32(sim, 0x800000, 0x80000200);
	assert_int_equal(nvs_sim_rd32(sim, 0x800000), 0x80000200);
	nvs_sim_free(sim);

	/* Maxwell: no RUNLIST field in PCCSR_CHANNEL */
	sim = mk("nvsched-snapshot 1\nr 0x0 0x117000a1\nr 0x800004 0x0\n");
	nvs_sim_wr32(sim, 0x800004, 0x00030400);
	assert_int_equal(nvs_sim_rd32(sim, 0x800004), 0x00000001);
	nvs_sim_free(sim);

	/* Turing: FORCE_*_FAULTED set the fault bits (never read back) */
	sim = mk("nvsched-snapshot 1\nr 0xa00 0x16400000\nr 0x800004 0x0\n");
	nvs_sim_wr32(sim, 0x800004, 0x00100000);
	assert_int_equal(nvs_sim_rd32(sim, 0x800004), 0x00400000);
	nvs_sim_wr32(sim, 0x800004, 0x00200000);
	assert_int_equal(nvs_sim_rd32(sim, 0x800004), 0x00c00000);
	nvs_sim_wr32(sim, 0x800004, 0x00c00000);
	assert_int_equal(nvs_sim_rd32(sim, 0x800004), 0x0);
	nvs_sim_free(sim);

	/* Ampere+ has no PCCSR: plain store */
	sim = mk(hopper);
	nvs_sim_wr32(sim, 0x800004, 0x400);
	assert_int_equal(nvs_sim_rd32(sim, 0x800004), 0x400);
	nvs_sim_free(sim);
}

static void test_chram(void **state)
{
	struct nvs_sim *sim = mk(hopper);
	const uint32_t ch5 = 0xc20014, ch0 = 0xc20000, rl1ch3 = 0xc2200c;

	assert_int_equal(nvs_sim_rd32(sim, ch5), 0xc8);
	nvs_sim_wr32(sim, ch5, 0x2);		/* ENABLE_CHANNEL */
	assert_int_equal(nvs_sim_rd32(sim, ch5), 0xca);
	nvs_sim_wr32(sim, ch5, 0x30);		/* ones set: both faults */
	assert_int_equal(nvs_sim_rd32(sim, ch5), 0xfa);
	nvs_sim_wr32(sim, ch5, 0x11);		/* RESET_PBDMA_FAULTED */
	assert_int_equal(nvs_sim_rd32(sim, ch5), 0xea);
	nvs_sim_wr32(sim, ch5, 0x21);		/* RESET_ENG_FAULTED */
	assert_int_equal(nvs_sim_rd32(sim, ch5), 0xca);
	nvs_sim_wr32(sim, ch5, 0xc8);		/* read-only bits: no effect */
	assert_int_equal(nvs_sim_rd32(sim, ch5), 0xca);
	nvs_sim_wr32(sim, ch5, 0xc9);		/* clearing read-only bits: no effect */
	assert_int_equal(nvs_sim_rd32(sim, ch5), 0xca);
	nvs_sim_wr32(sim, ch5, 0x1304);		/* NEXT, PENDING, CTX_RELOAD, ACQ_FAIL */
	assert_int_equal(nvs_sim_rd32(sim, ch5), 0x13ce);
	nvs_sim_wr32(sim, ch5, 0x3);		/* DISABLE_CHANNEL */
	assert_int_equal(nvs_sim_rd32(sim, ch5), 0x13cc);
	nvs_sim_wr32(sim, ch5, 0xffffffff);	/* CLEAR_CHANNEL */
	assert_int_equal(nvs_sim_rd32(sim, ch5), 0x0);
	/* an uncaptured CHRAM word reads the PRI error pattern; the first
	 * write treats it as 0 */
	assert_int_equal(nvs_sim_rd32(sim, ch0), 0xbadf5040);
	nvs_sim_wr32(sim, ch0, 0x2);
	assert_int_equal(nvs_sim_rd32(sim, ch0), 0x2);
	/* second runlist's CHRAM */
	nvs_sim_wr32(sim, rl1ch3, 0x2);
	assert_int_equal(nvs_sim_rd32(sim, rl1ch3), 0x2);
	/* beyond the 2048 channels of the second runlist: plain */
	nvs_sim_wr32(sim, 0xc24000, 0x3);
	assert_int_equal(nvs_sim_rd32(sim, 0xc24000), 0x3);
	nvs_sim_free(sim);
}

static void test_submit_pending(void **state)
{
	struct nvs_sim *sim = mk(hopper);
	int i;

	/* layout A: SUBMIT +0x88 -> SUBMIT_INFO +0x8C PENDING bit 15 */
	nvs_sim_wr32(sim, 0xc00080, 0xdb8a0000);
	nvs_sim_wr32(sim, 0xc00084, 0x13);
	nvs_sim_wr32(sim, 0xc00088, 0x2);
	assert_int_equal(nvs_sim_rd32(sim, 0xc00088), 0x2);
	nvs_sim_tick(sim);
	nvs_sim_tick(sim);
	assert_int_equal(nvs_sim_rd32(sim, 0xc0008c), 0x8003);
	nvs_sim_tick(sim);
	assert_int_equal(nvs_sim_rd32(sim, 0xc0008c), 0x0003);
	assert_int_equal(nvs_sim_pending(sim), 0);

	/* clears after N reads of the pending register */
	nvs_sim_set_pending_ticks(sim, 2);
	nvs_sim_wr32(sim, 0xc00088, 0x2);
	assert_int_equal(nvs_sim_rd32(sim, 0xc0008c), 0x8003);
	assert_int_equal(nvs_sim_rd32(sim, 0xc0008c), 0x8003);
	assert_int_equal(nvs_sim_rd32(sim, 0xc0008c), 0x0003);
	/* SUBMIT_INFO itself is read-only */
	nvs_sim_wr32(sim, 0xc0008c, 0xffffffff);
	assert_int_equal(nvs_sim_rd32(sim, 0xc0008c), 0x0003);

	/* 0 ticks: pending never seen */
	nvs_sim_set_pending_ticks(sim, 0);
	nvs_sim_wr32(sim, 0xc00488, 0x5);
	assert_int_equal(nvs_sim_rd32(sim, 0xc0048c) & 0x8000, 0);
	nvs_sim_free(sim);

	/* Kepler: 0x2270/0x2274; ENG_RUNLIST(id) shows base, length, PENDING */
	sim = mk(kepler);
	nvs_sim_wr32(sim, 0x2270, 0x00012345);
	nvs_sim_wr32(sim, 0x2274, (2u << 20) | 7);
	assert_int_equal(nvs_sim_rd32(sim, 0x2290), 0x00012345);
	assert_int_equal(nvs_sim_rd32(sim, 0x2294), 0x00100007);
	/* an uncaptured SUBMIT_INFO-like register starts from 0, not 0xbadf.... */
	for (i = 0; i < 3; i++)
		nvs_sim_tick(sim);
	assert_int_equal(nvs_sim_rd32(sim, 0x2294), 0x00000007);
	assert_int_equal(nvs_sim_rd32(sim, 0x2284), 0);	/* runlist 0 untouched */
	nvs_sim_free(sim);

	/* Turing: SUBMIT(i) 0x2B08+16i -> SUBMIT_INFO(i) bit 15 */
	sim = mk("nvsched-snapshot 1\nr 0xa00 0x16400000\nr 0x2b1c 0x0\n");
	nvs_sim_wr32(sim, 0x2b18, 0x10);
	assert_int_equal(nvs_sim_rd32(sim, 0x2b1c), 0x8000);
	for (i = 0; i < 3; i++)
		nvs_sim_tick(sim);
	assert_int_equal(nvs_sim_rd32(sim, 0x2b1c), 0x0);
	nvs_sim_free(sim);

	/* GB202 layout B: SUBMIT +0x08, SUBMIT_INFO +0x0C, CHANNEL_CONFIG +0x148 */
	sim = mk("nvsched-snapshot 1\n"
		 "r 0x00000a00 0x1b200000\n"
		 "r 0x000224fc 0x00300000\n"
		 "r 0x00022800 0x80000001\n"
		 "r 0x00022804 0xc0400000\n"
		 "r 0x00022808 0x00c00000\n"
		 "r 0x00c0000c 0x00000000\n"
		 "r 0x00c0008c 0x00000000\n"
		 "r 0x00c00014 0x00000000\n"
		 "r 0x00c00148 0x00c2000b\n"
		 "r 0x00c20000 0x00000000\n");
	assert_int_equal(nvs_sim_runlists(sim), 1);
	nvs_sim_wr32(sim, 0xc00088, 0x1);	/* layout A offset: plain here */
	assert_int_equal(nvs_sim_rd32(sim, 0xc0008c), 0x0);
	nvs_sim_wr32(sim, 0xc00008, 0x1);
	assert_int_equal(nvs_sim_rd32(sim, 0xc0000c), 0x8000);
	nvs_sim_wr32(sim, 0xc00014, 0x01000003);
	assert_int_equal(nvs_sim_rd32(sim, 0xc00014), 0x01100003);
	nvs_sim_wr32(sim, 0xc20000, 0x2);
	assert_int_equal(nvs_sim_rd32(sim, 0xc20000), 0x2);
	for (i = 0; i < 3; i++)
		nvs_sim_tick(sim);
	assert_int_equal(nvs_sim_rd32(sim, 0xc0000c), 0x0);
	assert_int_equal(nvs_sim_rd32(sim, 0xc00014), 0x01000003);
	nvs_sim_free(sim);
}

/* Submits are recorded as the registers say; the driver's are replayed. */
static void test_submit_record(void **state)
{
	struct nvs_sim_submit sb;
	struct nvs_sim *sim;
	size_t n;

	(void)state;
	/* Hopper block A: BASE_LO +0x80 (TARGET 1:0), BASE_HI +0x84, SUBMIT +0x88 */
	sim = mk("nvsched-snapshot 1\n"
		 "r 0x00000000 0x180000a1\n"
		 "r 0x00000a00 0x180a1000\n"
		 "r 0x000224fc 0x00300000\n"
		 "r 0x00022800 0x80000001\n"
		 "r 0x00022804 0xc0400000\n"
		 "r 0x00022808 0x00c00000\n"
		 "r 0x00c00004 0x00c2000b\n"
		 "r 0x00c00080 0xdb8a0000\n"
		 "r 0x00c00084 0x00000013\n"
		 "r 0x00c00088 0x00020006\n"	/* the driver's: length 6, offset 2 */
		 "r 0x00c0008c 0x00000000\n");
	assert_int_equal(nvs_sim_submits(sim, NULL), 0);
	nvs_sim_wr32(sim, 0xc00080, 0x40200000);
	nvs_sim_wr32(sim, 0xc00084, 0x0);
	assert_int_equal(nvs_sim_submits(sim, NULL), 0);	/* base only: no submit */
	nvs_sim_wr32(sim, 0xc00088, 0x3);
	assert_int_equal(nvs_sim_submits(sim, &sb), 1);
	assert_int_equal(sb.idx, 0);
	assert_int_equal(sb.base, 0x40200000);
	assert_int_equal(sb.ap, 0);
	assert_int_equal(sb.len, 3);
	assert_int_equal(sb.offset, 0);
	/* the driver submits its own again: exactly the snapshot's values */
	nvs_sim_log_clear(sim);
	assert_int_equal(nvs_sim_driver_resubmit(sim, 0), 0);
	assert_int_equal(nvs_sim_driver_resubmit(sim, 1), -1);
	assert_int_equal(nvs_sim_submits(sim, &sb), 2);
	assert_int_equal(sb.base, 0x13db8a0000ull);
	assert_int_equal(sb.len, 6);
	assert_int_equal(sb.offset, 2);
	assert_int_equal(nvs_sim_rd32(sim, 0xc00080), 0xdb8a0000);
	nvs_sim_log(sim, &n);
	assert_int_equal(n, 3);
	nvs_sim_free(sim);

	/* Volta: RUNLIST_BASE 0x2270 (PTR 27:0 << 12, TARGET 29:28), RUNLIST 0x2274 */
	sim = mk("nvsched-snapshot 1\n"
		 "r 0x00000000 0x140000a1\n"
		 "r 0x00002290 0x002f0000\n"	/* ENG_RUNLIST_BASE(2) */
		 "r 0x00002294 0x00000008\n");	/* ENG_RUNLIST(2): length 8 */
	nvs_sim_wr32(sim, 0x2270, 0x20040000);
	nvs_sim_wr32(sim, 0x2274, (1u << 20) | 5);
	assert_int_equal(nvs_sim_submits(sim, &sb), 1);
	assert_int_equal(sb.idx, 1);
	assert_int_equal(sb.base, 0x40000000);
	assert_int_equal(sb.ap, 2);
	assert_int_equal(sb.len, 5);
	assert_int_equal(nvs_sim_driver_resubmit(sim, 0), 0);
	assert_int_equal(nvs_sim_driver_resubmit(sim, 1), -1);
	assert_int_equal(nvs_sim_submits(sim, &sb), 2);
	assert_int_equal(sb.idx, 2);
	assert_int_equal(sb.base, 0x2f0000000ull);
	assert_int_equal(sb.len, 8);
	assert_int_equal(nvs_sim_rd32(sim, 0x2294) & 0xffff, 8);
	nvs_sim_free(sim);
}

static void test_preempt_pending(void **state)
{
	struct nvs_sim *sim = mk(hopper);
	int i;

	/* TYPE = TSG (1): TSG_PREEMPT_PENDING bit 20 */
	nvs_sim_wr32(sim, 0xc00098, 0x01000005);
	assert_int_equal(nvs_sim_rd32(sim, 0xc00098), 0x01100005);
	for (i = 0; i < 3; i++)
		nvs_sim_tick(sim);
	assert_int_equal(nvs_sim_rd32(sim, 0xc00098), 0x01000005);
	/* TYPE = RUNLIST (0): RUNLIST_PREEMPT_PENDING bit 21 */
	nvs_sim_wr32(sim, 0xc00098, 0x0);
	assert_int_equal(nvs_sim_rd32(sim, 0xc00098), 0x00200000);
	/* writing pending bits does not set them */
	nvs_sim_set_pending_ticks(sim, 0);
	assert_int_equal(nvs_sim_rd32(sim, 0xc00098), 0x0);
	nvs_sim_wr32(sim, 0xc00098, 0x02300000);	/* TYPE 2: nothing pends */
	assert_int_equal(nvs_sim_rd32(sim, 0xc00098), 0x02000000);
	nvs_sim_free(sim);

	/* uncaptured PREEMPT (second runlist): error pattern bits do not
	 * become pending bits */
	sim = mk(hopper);
	nvs_sim_wr32(sim, 0xc00498, 0x01000001);
	assert_int_equal(nvs_sim_rd32(sim, 0xc00498), 0x01100001);
	nvs_sim_free(sim);

	/* pre-Ampere NV_PFIFO_PREEMPT 0x2634 PENDING bit 20 */
	sim = mk(kepler);
	nvs_sim_wr32(sim, 0x2634, 0x01000007);
	assert_int_equal(nvs_sim_rd32(sim, 0x2634), 0x01100007);
	assert_int_equal(nvs_sim_rd32(sim, 0x2634), 0x01100007);
	assert_int_equal(nvs_sim_rd32(sim, 0x2634), 0x01100007);	/* 3 reads */
	assert_int_equal(nvs_sim_rd32(sim, 0x2634), 0x01000007);
	nvs_sim_free(sim);
}

static void test_write_log(void **state)
{
	struct nvs_sim *sim = mk(kepler);
	const struct nvs_sim_write *w;
	size_t n, i;

	w = nvs_sim_log(sim, &n);
	assert_int_equal(n, 0);
	nvs_sim_wr32(sim, 0x1700, 0x20);
	nvs_sim_wr32(sim, 0x800004, 0x400);
	nvs_sim_wr32(sim, 0x700000, 0x1);
	w = nvs_sim_log(sim, &n);
	assert_int_equal(n, 3);
	assert_int_equal(w[0].off, 0x1700);
	assert_int_equal(w[0].val, 0x20);
	assert_int_equal(w[1].off, 0x800004);
	assert_int_equal(w[1].val, 0x400);	/* raw value, not the result */
	assert_int_equal(w[2].off, 0x700000);
	nvs_sim_log_clear(sim);
	w = nvs_sim_log(sim, &n);
	assert_int_equal(n, 0);
	for (i = 0; i < 10000; i++)		/* grows without bound */
		nvs_sim_wr32(sim, 0x12340, (uint32_t)i);
	w = nvs_sim_log(sim, &n);
	assert_int_equal(n, 10000);
	assert_int_equal(w[9999].val, 9999);
	nvs_sim_free(sim);
}

static void test_mem(void **state)
{
	struct nvs_sim *sim = mk(kepler);
	uint8_t b[16];
	static const uint8_t nb[] = { 1, 2, 3, 4, 5, 6 };

	assert_int_equal(nvs_sim_mem_read(sim, NVS_AP_VID, 0x100000, b, 8), 0);
	assert_int_equal(b[0], 0xef);
	assert_int_equal(b[7], 0x11);
	assert_int_equal(nvs_sim_mem_read(sim, NVS_AP_VID, 0x100000, b, 9), -EIO);
	assert_int_equal(nvs_sim_mem_read(sim, NVS_AP_VID, 0x500000, b, 1), -EIO);
	assert_int_equal(nvs_sim_mem_read(sim, NVS_AP_SYS_COH, 0x100000, b, 4), -EIO);
	assert_int_equal(nvs_sim_mem_read(sim, NVS_AP_SYS_COH, 0x300000, b, 4), 0);
	assert_int_equal(nvs_sim_mem_read(sim, NVS_AP_SYS_NONCOH, 0x300000, b, 4), 0);
	assert_int_equal(b[0], 0x0d);
	assert_int_equal(nvs_sim_mem_write(sim, NVS_AP_VID, 0x500000, nb, 6), -EIO);
	/* add memory across a page boundary, then it reads back */
	assert_int_equal(nvs_sim_add_mem(sim, NVS_AP_VID, 0x500ffd, nb, 6), 0);
	assert_int_equal(nvs_sim_mem_read(sim, NVS_AP_VID, 0x500ffd, b, 6), 0);
	assert_memory_equal(b, nb, 6);
	assert_int_equal(nvs_sim_mem_read(sim, NVS_AP_VID, 0x500ffc, b, 6), -EIO);
	assert_int_equal(nvs_sim_mem_read(sim, NVS_AP_VID, 0x500ffd, b, 7), -EIO);
	/* wrap-around */
	assert_int_equal(nvs_sim_mem_read(sim, NVS_AP_VID, UINT64_MAX, b, 2), -EIO);
	nvs_sim_free(sim);
}

static void test_external_image(void **state)
{
	struct nvss *s;
	uint32_t *img = malloc(NVSS_BAR0_SIZE);
	struct nvs_sim *sim;

	assert_non_null(img);
	memset(img, 0, NVSS_BAR0_SIZE);
	assert_int_equal(nvss_parse_buf(kepler, strlen(kepler), "k", &s, err, sizeof(err)), 0);
	sim = nvs_sim_new(s, img, err, sizeof(err));
	nvss_free(s);
	assert_non_null(sim);
	assert_int_equal(img[0], 0x0e4000a1);
	assert_int_equal(img[0xa00 / 4], 0xbadf5040);
	assert_int_equal(img[0x700000 / 4], 0xdeadbeef);	/* window materialised */
	/* a guest stores the raw value first; the model fixes it up */
	img[0x800004 / 4] = 0x400;
	nvs_sim_wr32(sim, 0x800004, 0x400);
	assert_int_equal(img[0x800004 / 4], 0x01000001);
	img[0x1700 / 4] = 0x20;
	nvs_sim_wr32(sim, 0x1700, 0x20);
	assert_int_equal(img[0x700000 / 4], 0x12345678);
	assert_int_equal(img[0x700004 / 4], 0xbadf5040);
	/* unbacked PRAMIN write: the raw guest value is replaced again */
	img[0x700004 / 4] = 0x77;
	nvs_sim_wr32(sim, 0x700004, 0x77);
	assert_int_equal(img[0x700004 / 4], 0xbadf5040);
	/* pending bits appear and clear in the image too */
	nvs_sim_wr32(sim, 0x2634, 0x01000001);
	assert_int_equal(img[0x2634 / 4], 0x01100001);
	nvs_sim_tick(sim);
	nvs_sim_tick(sim);
	nvs_sim_tick(sim);
	assert_int_equal(img[0x2634 / 4], 0x01000001);
	nvs_sim_free(sim);
	free(img);
}

static void test_poke(void **state)
{
	struct nvs_sim *sim = mk(kepler);
	size_t n;

	nvs_sim_poke(sim, 0x800004, 0x15000001);	/* busy, ON_ENG: no semantics */
	assert_int_equal(nvs_sim_rd32(sim, 0x800004), 0x15000001);
	nvs_sim_poke(sim, 0x700000, 0x12121212);	/* into window memory */
	assert_int_equal(nvs_sim_rd32(sim, 0x700000), 0x12121212);
	nvs_sim_poke(sim, 0x1700, 0x20);		/* moves the window */
	assert_int_equal(nvs_sim_window_moves(sim), 1);
	assert_int_equal(nvs_sim_rd32(sim, 0x700000), 0x12345678);
	nvs_sim_log(sim, &n);
	assert_int_equal(n, 0);				/* pokes are not logged */
	nvs_sim_free(sim);
}

static void test_open_data_files(void **state)
{
	struct nvs_sim *sim;
	uint8_t b[16];

	sim = nvs_sim_open("tests/unit/data/snapshots/gk104-mini.nvss", err, sizeof(err));
	if (!sim)
		fail_msg("%s", err);
	assert_int_equal(nvs_sim_chip_id(sim), 0x0e4);
	assert_int_equal(nvs_sim_rd32(sim, 0x700000), 0x0600e000);	/* TSG header */
	assert_int_equal(nvs_sim_rd32(sim, 0x800004), 0x05000001);
	assert_int_equal(nvs_sim_mem_read(sim, NVS_AP_VID, 0x200000, b, 16), 0);
	nvs_sim_free(sim);

	sim = nvs_sim_open("tests/unit/data/snapshots/gh100-mini.nvss", err, sizeof(err));
	if (!sim)
		fail_msg("%s", err);
	assert_int_equal(nvs_sim_chip_id(sim), 0x180);
	assert_int_equal(nvs_sim_runlists(sim), 1);
	assert_int_equal(nvs_sim_rd32(sim, 0x700000), 0x80030001);
	assert_int_equal(nvs_sim_rd32(sim, 0x700018), 0x00200000);
	nvs_sim_wr32(sim, 0xc20000, 0x3);	/* disable channel 0 */
	assert_int_equal(nvs_sim_rd32(sim, 0xc20000), 0x0);
	nvs_sim_free(sim);

	/* errors come back with the file name and line */
	assert_null(nvs_sim_open("/nonexistent.nvss", err, sizeof(err)));
	assert_non_null(strstr(err, "/nonexistent.nvss"));
}

/* ---- responder end to end -------------------------------------------------- */

static const char *responder_path(void)
{
	const char *p = getenv("NVSS_RESPONDER");

#ifndef NVSS_RESPONDER_DEFAULT
#define NVSS_RESPONDER_DEFAULT "build/bin/nvss-responder"
#endif
	return p && *p ? p : NVSS_RESPONDER_DEFAULT;
}

static int wait_file(const char *path, int ms)
{
	while (ms > 0) {
		if (!access(path, F_OK))
			return 0;
		usleep(1000);
		ms--;
	}
	return -1;
}

struct guest {
	uint8_t *map;
};

static volatile uint32_t *gw(struct guest *g, uint32_t off)
{
	return (volatile uint32_t *)(g->map + off);
}

/* What the module does: iowrite32, ring record, head++, wait for tail. */
static int guest_wr32(struct guest *g, uint32_t off, uint32_t val)
{
	uint32_t head = __atomic_load_n(gw(g, NVS_SIMBOX_OFFSET + NVS_SIMBOX_HEAD_OFF),
					__ATOMIC_RELAXED);
	uint32_t rec = NVS_SIMBOX_OFFSET + NVS_SIMBOX_RING_OFF +
		       8 * (head & (NVS_SIMBOX_RING - 1));
	int i;

	__atomic_store_n(gw(g, off), val, __ATOMIC_RELAXED);
	__atomic_store_n(gw(g, rec), off, __ATOMIC_RELAXED);
	__atomic_store_n(gw(g, rec + 4), val, __ATOMIC_RELAXED);
	__atomic_store_n(gw(g, NVS_SIMBOX_OFFSET + NVS_SIMBOX_HEAD_OFF), head + 1,
			 __ATOMIC_RELEASE);
	for (i = 0; i < NVS_SIMBOX_TIMEOUT_MS * 10; i++) {
		if (__atomic_load_n(gw(g, NVS_SIMBOX_OFFSET + NVS_SIMBOX_TAIL_OFF),
				    __ATOMIC_ACQUIRE) == head + 1)
			return 0;
		usleep(100);
	}
	return -ETIMEDOUT;
}

static uint32_t guest_rd32(struct guest *g, uint32_t off)
{
	return __atomic_load_n(gw(g, off), __ATOMIC_ACQUIRE);
}

/* A failing assertion leaves test_responder early: the teardown stops
 * the responder so it does not outlive the test. */
static pid_t responder_pid;

static int stop_responder(void **state)
{
	if (responder_pid > 0) {
		kill(responder_pid, SIGKILL);
		waitpid(responder_pid, NULL, 0);
		responder_pid = 0;
	}
	return 0;
}

static pid_t spawn(char *const argv[])
{
	pid_t pid = fork();

	if (pid == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);	/* never outlive the test */
		execv(argv[0], argv);
		_exit(127);
	}
	return pid;
}

static void test_responder(void **state)
{
	char dir[] = "/tmp/nvss-resp-XXXXXX";
	char snap[256], img[256], ready[256], logp[256], inj[256];
	struct guest g;
	FILE *f;
	int fd, status, i;
	pid_t pid;

	if (access(responder_path(), X_OK))
		fail_msg("responder not built: %s", responder_path());
	assert_non_null(mkdtemp(dir));
	snprintf(snap, sizeof(snap), "%s/h.nvss", dir);
	snprintf(img, sizeof(img), "%s/bar.img", dir);
	snprintf(ready, sizeof(ready), "%s/ready", dir);
	snprintf(logp, sizeof(logp), "%s/writes.txt", dir);
	snprintf(inj, sizeof(inj), "%s/inject.nvss", dir);
	f = fopen(snap, "w");
	assert_non_null(f);
	fputs(hopper, f);
	fclose(f);

	/* --once: image only, no mailbox */
	{
		char *argv[] = { (char *)responder_path(), "--snapshot", snap,
				 "--image", img, "--once", NULL };
		struct stat st;
		uint32_t w[2];

		pid = spawn(argv);
		assert_true(pid > 0);
		assert_int_equal(waitpid(pid, &status, 0), pid);
		assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
		assert_int_equal(stat(img, &st), 0);
		assert_int_equal(st.st_size, NVS_SIMBOX_BAR_SIZE);
		fd = open(img, O_RDONLY);
		assert_true(fd >= 0);
		assert_int_equal(pread(fd, w, 4, 0xa00), 4);
		assert_int_equal(w[0], 0x180a1000);
		assert_int_equal(pread(fd, w, 4, 0x700000), 4);
		assert_int_equal(w[0], 0xdeadbeef);
		assert_int_equal(pread(fd, w, 4, NVS_SIMBOX_OFFSET + NVS_SIMBOX_MAGIC_OFF), 4);
		assert_int_equal(w[0], 0);
		close(fd);
	}

	{
		char *argv[] = { (char *)responder_path(), "--snapshot", snap,
				 "--image", img, "--ready", ready, "--log", logp,
				 "--pending-ms", "300", "--inject", inj, NULL };

		pid = spawn(argv);
		assert_true(pid > 0);
		responder_pid = pid;
	}
	if (wait_file(ready, 5000)) {
		stop_responder(NULL);
		fail_msg("responder did not become ready");
	}
	fd = open(img, O_RDWR);
	assert_true(fd >= 0);
	g.map = mmap(NULL, NVS_SIMBOX_BAR_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	close(fd);
	assert_true(g.map != MAP_FAILED);
	assert_int_equal(guest_rd32(&g, NVS_SIMBOX_OFFSET + NVS_SIMBOX_MAGIC_OFF),
			 NVS_SIMBOX_MAGIC);
	assert_int_equal(guest_rd32(&g, NVS_SIMBOX_OFFSET + NVS_SIMBOX_VERSION_OFF),
			 NVS_SIMBOX_VERSION);
	assert_int_equal(guest_rd32(&g, 0xa00), 0x180a1000);

	/* CHRAM enable: raw 0x2 stored by the guest becomes 0xca */
	assert_int_equal(guest_wr32(&g, 0xc20014, 0x2), 0);
	assert_int_equal(guest_rd32(&g, 0xc20014), 0xca);
	/* window move */
	assert_int_equal(guest_rd32(&g, 0x700000), 0xdeadbeef);
	assert_int_equal(guest_wr32(&g, 0x10fd40, 0x20), 0);
	assert_int_equal(guest_rd32(&g, 0x700000), 0x12345678);
	/* write through the window, move back and forth, it stays */
	assert_int_equal(guest_wr32(&g, 0x700000, 0xfeedf00d), 0);
	assert_int_equal(guest_wr32(&g, 0x10fd40, 0x10), 0);
	assert_int_equal(guest_rd32(&g, 0x700000), 0xdeadbeef);
	assert_int_equal(guest_wr32(&g, 0x10fd40, 0x20), 0);
	assert_int_equal(guest_rd32(&g, 0x700000), 0xfeedf00d);
	/* submit: pending is visible, then clears in wall time */
	{
		struct timespec t0, t1;
		double ms;

		clock_gettime(CLOCK_MONOTONIC, &t0);
		assert_int_equal(guest_wr32(&g, 0xc00088, 0x2), 0);
		assert_int_equal(guest_rd32(&g, 0xc0008c), 0x8003);
		for (i = 0; i < 3000 && (guest_rd32(&g, 0xc0008c) & 0x8000); i++)
			usleep(1000);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		assert_int_equal(guest_rd32(&g, 0xc0008c), 0x0003);
		ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
		if (ms < 250.0)		/* --pending-ms 300 */
			fail_msg("pending cleared after %.1f ms", ms);
	}

	/* SIGUSR1: the log so far, while still serving */
	kill(pid, SIGUSR1);
	if (wait_file(logp, 3000))
		fail_msg("no log after SIGUSR1");

	/* SIGUSR2: host-side injection of registers and memory */
	{
		char done[320], line[256];

		snprintf(done, sizeof(done), "%s.done", inj);
		f = fopen(inj, "w");
		assert_non_null(f);
		fputs("nvsched-snapshot 1\n"
		      "r 0x00c20020 0x000000c8\n"	/* channel 8 busy on PBDMA/eng */
		      "m vid 0x300000 11223344\n", f);	/* new memory */
		fclose(f);
		kill(pid, SIGUSR2);
		if (wait_file(done, 3000))
			fail_msg("no %s after SIGUSR2", done);
		f = fopen(done, "r");
		assert_non_null(f);
		assert_non_null(fgets(line, sizeof(line), f));
		fclose(f);
		assert_string_equal(line, "ok\n");
		assert_int_equal(guest_rd32(&g, 0xc20020), 0xc8);
		assert_int_equal(guest_wr32(&g, 0x10fd40, 0x30), 0);
		assert_int_equal(guest_rd32(&g, 0x700000), 0x44332211);
		unlink(inj);
		unlink(done);
	}

	kill(pid, SIGTERM);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	responder_pid = 0;
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_int_equal(guest_rd32(&g, NVS_SIMBOX_OFFSET + NVS_SIMBOX_MAGIC_OFF), 0);
	munmap(g.map, NVS_SIMBOX_BAR_SIZE);

	{
		static const char *const want[] = {
			"W 0x00c20014 0x00000002",
			"W 0x0010fd40 0x00000020",
			"W 0x00700000 0xfeedf00d",
			"W 0x0010fd40 0x00000010",
			"W 0x0010fd40 0x00000020",
			"W 0x00c00088 0x00000002",
			"W 0x0010fd40 0x00000030",
		};
		char line[128];
		size_t n = 0;

		f = fopen(logp, "r");
		assert_non_null(f);
		while (fgets(line, sizeof(line), f)) {
			line[strcspn(line, "\n")] = 0;
			assert_true(n < sizeof(want) / sizeof(want[0]));
			assert_string_equal(line, want[n]);
			n++;
		}
		fclose(f);
		assert_int_equal(n, sizeof(want) / sizeof(want[0]));
	}
	unlink(snap);
	unlink(img);
	unlink(ready);
	unlink(logp);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_chip_id),
		cmocka_unit_test(test_unlisted_and_plain),
		cmocka_unit_test(test_window_pre_hopper),
		cmocka_unit_test(test_window_hopper_and_ada),
		cmocka_unit_test(test_pccsr),
		cmocka_unit_test(test_chram),
		cmocka_unit_test(test_submit_pending),
		cmocka_unit_test(test_submit_record),
		cmocka_unit_test(test_preempt_pending),
		cmocka_unit_test(test_write_log),
		cmocka_unit_test(test_mem),
		cmocka_unit_test(test_external_image),
		cmocka_unit_test(test_poke),
		cmocka_unit_test(test_open_data_files),
		cmocka_unit_test_teardown(test_responder, stop_responder),
	};

	return cmocka_run_group_tests_name("sim", tests, NULL, NULL);
}
