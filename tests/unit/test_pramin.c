// SPDX-License-Identifier: MIT
/*
 * Unit tests: PRAMIN window sessions (kmod/hw/pramin.c, issue 19 item 1).
 * A fake BAR0: a window register (0x1700 layout, regs-mmu-gr.md section 1:
 * BASE in 64 KiB units, TARGET 25:24) over a VRAM array, and a "driver"
 * that moves the window behind nvsched's back after a given read.  The
 * window must move once per 1 MiB span, be restored once, never be put
 * back over a value the driver wrote (-EBUSY), and a GPU that reads all
 * ones must stop the loop (-ENODEV).  Writes (nvs_win_write()) likewise,
 * and never into a window the driver moved.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "pramin.h"
#include "inst.h"

#define WIN_REG		0x1700u
#define PRAMIN		0x700000u
#define VRAM_SIZE	(4u << 20)

struct fake {
	uint32_t win;			/* window register */
	uint32_t vram[VRAM_SIZE / 4];
	unsigned int reads;		/* PRAMIN data reads */
	unsigned int rd_all;		/* every BAR0 read, the GPU gone or not */
	unsigned int win_writes;
	unsigned int writes;		/* PRAMIN data writes */
	unsigned int driver_after;	/* after this many data reads or writes (0: never) */
	uint32_t driver_win;		/* ... the driver writes this */
	bool gone;			/* fell off the bus: everything all ones */
};

static uint32_t f_rd(void *ctx, uint32_t off)
{
	struct fake *f = ctx;
	uint64_t a;

	f->rd_all++;
	if (f->gone)
		return 0xffffffffu;
	if (off == WIN_REG)
		return f->win;
	if (off >= PRAMIN && off < PRAMIN + 0x100000u) {
		a = ((uint64_t)(f->win & 0xffffffu) << 16) + (off - PRAMIN);
		f->reads++;
		if (f->driver_after && f->reads == f->driver_after) {
			f->win = f->driver_win;
			f->gone = f->win == 0xffffffffu;
		}
		return a < VRAM_SIZE ? f->vram[a / 4] : 0;
	}
	return 0;
}

static void f_wr(void *ctx, uint32_t off, uint32_t v)
{
	struct fake *f = ctx;
	uint64_t a;

	if (off == WIN_REG) {
		f->win = v;
		f->win_writes++;
	}
	if (off >= PRAMIN && off < PRAMIN + 0x100000u) {
		a = ((uint64_t)(f->win & 0xffffffu) << 16) + (off - PRAMIN);
		if (a < VRAM_SIZE)
			f->vram[a / 4] = v;
		f->writes++;
		if (f->driver_after && f->writes == f->driver_after)
			f->win = f->driver_win;
	}
}

static struct fake F;
static const struct nvs_caps caps = {
	.window_reg = WIN_REG, .window_base_hi = 23, .window_has_target = true,
};
static const struct nvs_io io = { .rd32 = f_rd, .wr32 = f_wr, .ctx = &F };

static int setup(void **state)
{
	unsigned int i;

	(void)state;
	memset(&F, 0, sizeof(F));
	for (i = 0; i < VRAM_SIZE / 4; i++)
		F.vram[i] = i;
	F.win = 0x30;		/* the driver's window: 3 MiB */
	return 0;
}

/* 64 dwords in one span: one move, one restore; 2 spans: two moves. */
static void test_once_per_span(void **state)
{
	static uint32_t buf[0x180000 / 4];
	unsigned int moves = 0;

	(void)state;
	assert_int_equal(nvs_vid_read(&io, &caps, NVS_AP_VID, 0x1000, buf, 256, &moves), 0);
	assert_int_equal(moves, 1);
	assert_int_equal(F.win_writes, 2);	/* move + restore */
	assert_int_equal(F.win, 0x30);
	assert_int_equal(buf[5], 0x1000 / 4 + 5);
	/* 1.5 MiB: more than one window span, two moves */
	moves = 0;
	F.win_writes = 0;
	assert_int_equal(nvs_vid_read(&io, &caps, NVS_AP_VID, 0x10000, buf, sizeof(buf),
				      &moves), 0);
	assert_int_equal(moves, 2);
	assert_int_equal(F.win_writes, 3);
	assert_int_equal(buf[sizeof(buf) / 4 - 1], (0x10000 + sizeof(buf)) / 4 - 1);
	assert_int_equal(F.win, 0x30);
	/* inside the driver's own window: no move at all */
	moves = 0;
	F.win_writes = 0;
	assert_int_equal(nvs_vid_read(&io, &caps, NVS_AP_VID, 0x300010, buf, 8, &moves), 0);
	assert_int_equal(moves, 0);
	assert_int_equal(F.win_writes, 0);
}

/*
 * The window register reads of a writing session (pramin.h): a write first
 * checks that the window still holds what nvsched wrote (the driver may
 * have moved it), except right after nvsched moved it itself; a move checks
 * before moving.  Writes at 64 KiB, 64 KiB + 4, 2 MiB + 64 KiB and
 * 2 MiB + 64 KiB + 4 (two 1 MiB windows, neither the driver's at 3 MiB):
 *   1st: the first read of the register (the original), move, no check
 *   2nd: same window, check                                      -> 2 reads
 *   3rd: check inside the move, move, no check                   -> 3 reads
 *   4th: same window, check                                      -> 4 reads
 * The session's end reads it once more before putting the original back.
 */
static void test_write_checks(void **state)
{
	static const uint64_t at[4] = { 0x10000, 0x10004, 0x210000, 0x210004 };
	struct nvs_win s;
	unsigned int i;
	uint32_t v;

	(void)state;
	nvs_win_begin(&s, &io, &caps);
	for (i = 0; i < 4; i++) {
		v = 0xc0de0000u + i;
		assert_int_equal(nvs_win_write(&s, NVS_AP_VID, at[i], &v, 4), 0);
		assert_int_equal(F.rd_all, i + 1);
		assert_int_equal(F.vram[at[i] / 4], v);
	}
	assert_int_equal(F.win_writes, 2);
	assert_int_equal(nvs_win_end(&s), 0);
	assert_int_equal(F.rd_all, 5);
	assert_int_equal(F.win_writes, 3);
	assert_int_equal(F.win, 0x30);
}

/* A session spanning several reads (an instance block) moves once. */
static void test_session(void **state)
{
	struct nvs_win s;
	uint32_t v;
	unsigned int i;

	(void)state;
	nvs_win_begin(&s, &io, &caps);
	for (i = 0; i < 46; i++)
		assert_int_equal(nvs_win_read(&s, NVS_AP_VID, 0x20000 + i * 8, &v, 4), 0);
	assert_int_equal(nvs_win_end(&s), 0);
	assert_int_equal(s.moves, 1);
	assert_int_equal(F.win_writes, 2);
	assert_int_equal(F.win, 0x30);
}

/* The driver moves the window mid-read: nvsched must not restore over it. */
static void test_driver_moved(void **state)
{
	static uint32_t buf[0x180000 / 4];

	(void)state;
	F.driver_after = 10;
	F.driver_win = 0x25;
	assert_int_equal(nvs_vid_read(&io, &caps, NVS_AP_VID, 0, buf, sizeof(buf), NULL),
			 -EBUSY);
	assert_int_equal(F.win, 0x25);		/* the driver's value survives */
	assert_int_equal(F.win_writes, 1);	/* our one move, no restore */

	/* moved after the last read, within one span: caught before restore */
	setup(state);
	F.driver_after = 4;
	F.driver_win = 0x26;
	assert_int_equal(nvs_vid_read(&io, &caps, NVS_AP_VID, 0, buf, 16, NULL), -EBUSY);
	assert_int_equal(F.win, 0x26);
	assert_int_equal(F.win_writes, 1);

	/*
	 * In a session: the driver moves the window during the first 1 MiB
	 * span, nvsched finds it at its second move (-EBUSY, @lost); then the
	 * driver maps nvsched's block itself, so the register holds nvsched's
	 * value again: the window is the driver's all the same, not put back.
	 */
	setup(state);
	F.driver_after = 10;
	F.driver_win = 0x25;
	{
		struct nvs_win s;

		nvs_win_begin(&s, &io, &caps);
		assert_int_equal(nvs_win_read(&s, NVS_AP_VID, 0, buf, sizeof(buf)), -EBUSY);
		assert_true(s.lost);
		assert_int_equal(s.cur, 0x0);	/* BASE 0, TARGET 0: the first span */
		F.win = s.cur;
		/* -EBUSY sticks (pramin.h @err): a later read in the session,
		 * even one the window covers, touches nothing */
		assert_int_equal(s.err, -EBUSY);
		F.reads = 0;
		assert_int_equal(nvs_win_read(&s, NVS_AP_VID, 0x1000, buf, 8), -EBUSY);
		assert_int_equal(F.reads, 0);
		assert_int_equal(nvs_win_end(&s), -EBUSY);
		assert_int_equal(F.win, 0x0);
		assert_int_equal(F.win_writes, 1);
	}
}

/* All ones from a GPU gone from the bus stops the loop at once. */
static void test_all_ones(void **state)
{
	static uint32_t buf[1024];

	(void)state;
	F.gone = true;
	assert_int_equal(nvs_vid_read(&io, &caps, NVS_AP_VID, 0, buf, sizeof(buf), NULL),
			 -ENODEV);
	assert_int_equal(F.win_writes, 0);
	/* real 0xffffffff data on a live GPU is data */
	setup(state);
	F.vram[4] = 0xffffffffu;
	assert_int_equal(nvs_vid_read(&io, &caps, NVS_AP_VID, 0, buf, 32, NULL), 0);
	assert_int_equal(buf[4], 0xffffffffu);
	/* the GPU falls off mid-read: stops after the first all-ones dword */
	setup(state);
	F.driver_after = 3;
	F.driver_win = 0xffffffffu;	/* the register reads all ones too */
	assert_int_equal(nvs_vid_read(&io, &caps, NVS_AP_VID, 0x300000, buf, sizeof(buf),
				      NULL), -ENODEV);
	assert_true(F.reads < 8);
	/* BAR0 reads in all: the window register, 3 data reads, the 4th (all
	 * ones) and the register once more, which tells that the GPU is gone;
	 * nothing to restore (0x300000 is in the driver's window at 3 MiB) */
	assert_int_equal(F.rd_all, 1 + 3 + 1 + 1);
}

/*
 * An instance block read through the window while the driver moves it:
 * every read lands (the window moves once, so nothing is re-checked
 * before the restore), and the restore's re-read finds the driver's value:
 * nvs_inst_read fails with -EBUSY and says why (inst.c).  Caps here name
 * no RAMIN/RAMFC extras (layout 0: Kepler).
 */
static void test_inst_driver_moved(void **state)
{
	struct nvs_inst in;
	char why[128];

	(void)state;
	F.driver_after = 2;
	F.driver_win = 0x25;
	assert_int_equal(nvs_inst_read(&io, &caps, 0x10000, NVS_AP_VID, &in, why, sizeof(why)),
			 -EBUSY);
	assert_string_equal(why, "instance block 0x10000: the driver moved the PRAMIN window meanwhile");
	assert_int_equal(F.win, 0x25);
	assert_int_equal(F.win_writes, 1);
}

/*
 * A backend that reads memory itself (nvs_io.h mem_read): system memory
 * comes from it, without the window; -EOPNOTSUPP (video memory here, as
 * the kernel's BAR2-less backend does) sends the read through the window;
 * any other error is the read's.
 */
static int b_mem(void *ctx, enum nvs_aperture ap, uint64_t addr, void *buf, size_t len)
{
	uint32_t *out = buf;
	size_t i;

	if (ap == NVS_AP_VID)
		return -EOPNOTSUPP;
	if (addr >= 0x100000)
		return -EIO;
	for (i = 0; i < len / 4; i++)
		out[i] = 0x5e000000u + (uint32_t)(addr / 4 + i);
	return 0;
}

static void test_backend(void **state)
{
	const struct nvs_io bio = { .rd32 = f_rd, .wr32 = f_wr, .mem_read = b_mem, .ctx = &F };
	uint32_t v[2];
	unsigned int moves = 0;

	(void)state;
	assert_int_equal(nvs_vid_read(&bio, &caps, NVS_AP_SYS_COH, 0x1000, v, 8, &moves), 0);
	assert_int_equal(v[0], 0x5e000400u);
	assert_int_equal(v[1], 0x5e000401u);
	assert_int_equal(moves, 0);
	assert_int_equal(F.rd_all + F.win_writes, 0);
	assert_int_equal(nvs_vid_read(&bio, &caps, NVS_AP_SYS_NONCOH, 0x100000, v, 4, &moves),
			 -EIO);
	assert_int_equal(F.rd_all + F.win_writes, 0);
	/* video memory: through the window */
	assert_int_equal(nvs_vid_read(&bio, &caps, NVS_AP_VID, 0x1000, v, 8, &moves), 0);
	assert_int_equal(v[1], 0x1000 / 4 + 1);
	assert_int_equal(moves, 1);
	assert_int_equal(F.reads, 2);
	assert_int_equal(F.win, 0x30);
}

static unsigned int yields;
static int f_yield(void *ctx)
{
	(void)ctx;
	return ++yields >= 2 ? -EINTR : 0;	/* a fatal signal arrives */
}

/* A dying caller stops a long read; the window is still put back. */
static void test_yield(void **state)
{
	static uint32_t buf[4096];
	const struct nvs_io yio = { .rd32 = f_rd, .wr32 = f_wr, .yield = f_yield, .ctx = &F };

	(void)state;
	yields = 0;
	assert_int_equal(nvs_vid_read(&yio, &caps, NVS_AP_VID, 0, buf, sizeof(buf), NULL),
			 -EINTR);
	assert_int_equal(F.reads, 2048);	/* stopped at the second yield */
	assert_int_equal(F.win, 0x30);		/* restored */
	assert_int_equal(F.win_writes, 2);
}

/*
 * Writes through the window (the runlist mechanism's test buffers): the
 * bytes land where asked, once per span, the window comes back; a window
 * the driver moved stops the write before anything lands in its window.
 */
static void test_write(void **state)
{
	static uint32_t buf[0x180000 / 4];
	struct nvs_win s;
	unsigned int i, driver_words;

	(void)state;
	for (i = 0; i < sizeof(buf) / 4; i++)
		buf[i] = 0xa5000000u + i;
	nvs_win_begin(&s, &io, &caps);
	assert_int_equal(nvs_win_write(&s, NVS_AP_VID, 0x10000, buf, sizeof(buf)), 0);
	assert_int_equal(nvs_win_end(&s), 0);
	assert_int_equal(s.moves, 2);
	assert_int_equal(F.win, 0x30);
	assert_int_equal(F.writes, sizeof(buf) / 4);
	for (i = 0; i < sizeof(buf) / 4; i++)
		assert_int_equal(F.vram[0x10000 / 4 + i], 0xa5000000u + i);
	assert_int_equal(F.vram[0x10000 / 4 - 1], 0x10000 / 4 - 1);	/* nothing before */
	assert_int_equal(F.vram[(0x10000 + sizeof(buf)) / 4], (0x10000 + sizeof(buf)) / 4);

	/* misaligned: nothing written, the window untouched */
	setup(state);
	nvs_win_begin(&s, &io, &caps);
	assert_int_equal(nvs_win_write(&s, NVS_AP_VID, 0x10002, buf, 8), -EINVAL);
	assert_int_equal(nvs_win_write(&s, NVS_AP_VID, 0x10000, buf, 6), -EINVAL);
	assert_int_equal(nvs_win_end(&s), 0);
	assert_int_equal(F.writes + F.win_writes, 0);

	/* the driver moves the window after our 3rd word: the 4th is not
	 * written (into the driver's window at 0x250000), and the driver's
	 * window is not restored over */
	setup(state);
	F.driver_after = 3;
	F.driver_win = 0x25;
	nvs_win_begin(&s, &io, &caps);
	assert_int_equal(nvs_win_write(&s, NVS_AP_VID, 0x10000, buf, 64), -EBUSY);
	assert_true(s.lost);
	assert_int_equal(nvs_win_end(&s), -EBUSY);
	assert_int_equal(F.writes, 3);
	assert_int_equal(F.win, 0x25);
	for (driver_words = 0, i = 0; i < 16; i++)
		driver_words += F.vram[0x250000 / 4 + i] != 0x250000 / 4 + i;
	assert_int_equal(driver_words, 0);

	/* the same, and then the driver maps nvsched's 64 KiB block itself
	 * (the register holds nvsched's value again): the window is still
	 * the driver's (pramin.h, @lost), so it is not put back either */
	setup(state);
	F.driver_after = 3;
	F.driver_win = 0x25;
	nvs_win_begin(&s, &io, &caps);
	assert_int_equal(nvs_win_write(&s, NVS_AP_VID, 0x10000, buf, 64), -EBUSY);
	assert_true(s.lost);
	F.win = s.cur;		/* = 0x1: BASE 0x10000 >> 16, TARGET 0 (VID) */
	assert_int_equal(s.cur, 0x1);
	assert_int_equal(nvs_win_end(&s), -EBUSY);
	assert_int_equal(F.win, 0x1);
	assert_int_equal(F.win_writes, 1);	/* our one move, no restore */
}

/*
 * System memory through the window (0x1700 layout, regs-mmu-gr.md section 1:
 * TARGET 25:24 = 2 coherent, 3 non-coherent, 0 video memory): the same
 * 64 KiB block in another aperture is another window position, so
 * switching aperture moves the window.  A window without TARGET (Hopper+:
 * always video memory) refuses system memory.
 */
static void test_sys_target(void **state)
{
	static const struct nvs_caps hopper = {
		.window_reg = WIN_REG, .window_base_hi = 23, .window_has_target = false,
	};
	struct nvs_win s;
	uint32_t v[2];

	(void)state;
	nvs_win_begin(&s, &io, &caps);
	assert_int_equal(nvs_win_read(&s, NVS_AP_SYS_COH, 0x20008, v, 8), 0);
	assert_int_equal(F.win, (2u << 24) | 0x2);
	assert_int_equal(nvs_win_read(&s, NVS_AP_SYS_NONCOH, 0x20010, v, 4), 0);
	assert_int_equal(F.win, (3u << 24) | 0x2);
	assert_int_equal(nvs_win_read(&s, NVS_AP_VID, 0x20010, v, 4), 0);
	assert_int_equal(F.win, 0x2);
	assert_int_equal(s.moves, 3);
	assert_int_equal(nvs_win_end(&s), 0);
	assert_int_equal(F.win, 0x30);

	F.win_writes = 0;
	assert_int_equal(nvs_vid_read(&io, &hopper, NVS_AP_SYS_COH, 0x20000, v, 4, NULL), -ERANGE);
	assert_int_equal(nvs_vid_read(&io, &hopper, NVS_AP_SYS_NONCOH, 0x20000, v, 4, NULL),
			 -ERANGE);
	assert_int_equal(F.win_writes, 0);
	assert_int_equal(nvs_vid_read(&io, &hopper, NVS_AP_VID, 0x20000, v, 8, NULL), 0);
	assert_int_equal(v[1], 0x20000 / 4 + 1);
	assert_int_equal(F.win_writes, 2);
	assert_int_equal(F.win, 0x30);
}

/*
 * The GPU falls off the bus between two reads (after the last read of the
 * first 1 MiB span, or after the last read of all): the window register
 * then reads all ones at the next move or at the restore, -ENODEV (not
 * -EBUSY: nobody moved the window), and nothing is written back.
 */
static void test_gone_between(void **state)
{
	static uint32_t buf[0x100000 / 4 + 4];

	(void)state;
	F.driver_after = 0x100000 / 4;		/* the last read at window BASE 0 */
	F.driver_win = 0xffffffffu;
	assert_int_equal(nvs_vid_read(&io, &caps, NVS_AP_VID, 0, buf, sizeof(buf), NULL),
			 -ENODEV);
	assert_int_equal(F.reads, 0x100000 / 4);
	assert_int_equal(F.win_writes, 1);
	setup(state);
	F.driver_after = 4;			/* the last of 4 reads */
	F.driver_win = 0xffffffffu;
	assert_int_equal(nvs_vid_read(&io, &caps, NVS_AP_VID, 0, buf, 16, NULL), -ENODEV);
	assert_int_equal(F.win_writes, 1);
}

/*
 * The window's reach: BASE is bits 23:0 in 64 KiB units (window_base_hi 23,
 * regs-mmu-gr.md section 1), so the last block it can map starts at
 * 0xffffff << 16 = 0xffffff0000; the block at 1 TiB is out of range.
 */
static void test_window_reach(void **state)
{
	uint32_t buf[4];
	unsigned int moves = 0;

	(void)state;
	assert_int_equal(nvs_vid_read(&io, &caps, NVS_AP_VID, 0xffffff0000ull, buf,
				      sizeof(buf), &moves), 0);
	assert_int_equal(moves, 1);
	assert_int_equal(F.win_writes, 2);	/* to BASE 0xffffff, then back */
	assert_int_equal(F.win, 0x30);
	moves = 0;
	F.win_writes = 0;
	assert_int_equal(nvs_vid_read(&io, &caps, NVS_AP_VID, 0x10000000000ull, buf,
				      sizeof(buf), &moves), -ERANGE);
	assert_int_equal(moves, 0);
	assert_int_equal(F.win, 0x30);

	/* -ERANGE does not stick (pramin.h @err: -EBUSY and -ENODEV do, and
	 * pramin.c's -EINTR): the next read of the session is served */
	{
		struct nvs_win s;

		nvs_win_begin(&s, &io, &caps);
		assert_int_equal(nvs_win_read(&s, NVS_AP_VID, 0x10000000000ull, buf, 4), -ERANGE);
		assert_int_equal(s.err, 0);
		assert_int_equal(nvs_win_read(&s, NVS_AP_VID, 0x1000, buf, 8), 0);
		assert_int_equal(buf[1], 0x1000 / 4 + 1);
		assert_int_equal(nvs_win_end(&s), 0);
		assert_int_equal(F.win, 0x30);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_write, setup),
		cmocka_unit_test_setup(test_once_per_span, setup),
		cmocka_unit_test_setup(test_session, setup),
		cmocka_unit_test_setup(test_driver_moved, setup),
		cmocka_unit_test_setup(test_all_ones, setup),
		cmocka_unit_test_setup(test_yield, setup),
		cmocka_unit_test_setup(test_window_reach, setup),
		cmocka_unit_test_setup(test_sys_target, setup),
		cmocka_unit_test_setup(test_gone_between, setup),
		cmocka_unit_test_setup(test_backend, setup),
		cmocka_unit_test_setup(test_inst_driver_moved, setup),
		cmocka_unit_test_setup(test_write_checks, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
