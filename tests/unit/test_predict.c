// SPDX-License-Identifier: MIT
/*
 * test_predict.c - nvsched predict: the paper's Table II cases (Wang et al.)
 * and hand-derived cases for each mechanism of Algorithm 1.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "json.h"
#include "predict.h"

#define KB 1024L

/* allocation failures (fail_at, nalloc): failalloc.h */
#include "failalloc.h"
#define NODUR (-1.0)

static struct pred_kernel K(const char *name, long blocks, int threads, int regs, long smem,
			    double dur)
{
	struct pred_kernel k = { .blocks = blocks, .threads = threads, .regs = regs,
				 .smem = smem, .lmem = 0, .duration = dur };

	snprintf(k.name, sizeof(k.name), "%s", name);
	return k;
}

static const struct pred_gpu *rtx3090(void)
{
	const struct pred_gpu *g = pred_profile_find("ga102-rtx3090");

	assert_non_null(g);
	return g;
}

/* A small GPU with the RTX 3090's per-SM limits. */
static struct pred_gpu small_gpu(int sms, int per_tpc)
{
	struct pred_gpu g = *rtx3090();

	snprintf(g.name, sizeof(g.name), "small");
	g.sms = sms;
	g.sms_per_tpc = per_tpc;
	return g;
}

/*
 * Every run's event list agrees with its block table: one start event per
 * placed block, on its SM at its start time, and one completion event per
 * block that ends, on the same SM at its end time.
 */
static void check_events(const struct pred_kernel *k, size_t n, const struct pred_result *r)
{
	size_t e, starts = 0, ends = 0, placed = 0, ended = 0, i;

	for (i = 0; i < n; i++)
		for (long b = 0; b < k[i].blocks; b++) {
			placed += r->blocks[i][b].sm >= 0;
			ended += r->blocks[i][b].sm >= 0 && r->blocks[i][b].end >= 0;
		}
	for (e = 0; e < r->nevents; e++) {
		const struct pred_event *ev = &r->events[e];
		const struct pred_block *pb;

		assert_true(ev->kernel < n && ev->block >= 0 && ev->block < k[ev->kernel].blocks);
		pb = &r->blocks[ev->kernel][ev->block];
		assert_int_equal(ev->sm, pb->sm);
		assert_true(ev->t == (ev->start ? pb->start : pb->end));
		starts += ev->start;
		ends += !ev->start;
	}
	assert_int_equal(starts, placed);
	assert_int_equal(ends, ended);
}

static void run(const struct pred_gpu *g, const struct pred_kernel *k, size_t n,
		struct pred_result *r)
{
	char err[256] = "";
	int rc = pred_run(g, k, n, r, err, sizeof(err));

	if (rc)
		fail_msg("pred_run: %s", err);
	check_events(k, n, r);
}

/* Block b of a kernel in Algorithm 1's order: 0, 2, .., 80, 1, 3, .., 81 */
static int even_odd(int b)
{
	return b < 41 ? 2 * b : 2 * (b - 41) + 1;
}

/* ---- SM order and derived quantities ---- */

static void test_sm_order(void **state)
{
	struct pred_gpu g5 = small_gpu(5, 1);
	int i;

	(void)state;
	for (i = 0; i < 82; i++)
		assert_int_equal(pred_sm_order(rtx3090(), i), even_odd(i));
	assert_int_equal(pred_sm_order(&g5, 0), 0);
	assert_int_equal(pred_sm_order(&g5, 2), 4);
	assert_int_equal(pred_sm_order(&g5, 3), 1);
	assert_int_equal(pred_sm_order(&g5, 4), 3);
}

static void test_kernel_info(void **state)
{
	struct pred_kinfo ki;
	struct pred_kernel k;
	char err[256];

	(void)state;
	/* Section II-C: 512 threads, 32 regs, 32 KB smem: 3 blocks per SM */
	k = K("occ", 1, 512, 32, 32 * KB, NODUR);
	assert_int_equal(pred_kernel_info(rtx3090(), &k, &ki, err, sizeof(err)), 0);
	assert_int_equal(ki.warps, 16);
	assert_int_equal(ki.regs_per_warp, 1024);
	assert_int_equal(ki.smem_per_block, 33 * KB);
	assert_int_equal(ki.occupancy, 3);
	assert_int_equal(ki.config_smem, 100 * KB);
	/* Case 3: 16 blocks x 1 KB -> 16 KB; 16 x 2 KB -> 32 KB */
	k = K("c3k1", 1, 1, 32, 0, NODUR);
	assert_int_equal(pred_kernel_info(rtx3090(), &k, &ki, err, sizeof(err)), 0);
	assert_int_equal(ki.occupancy, 16);
	assert_int_equal(ki.config_smem, 16 * KB);
	k = K("c3k2", 1, 1, 32, 1 * KB, NODUR);
	assert_int_equal(pred_kernel_info(rtx3090(), &k, &ki, err, sizeof(err)), 0);
	assert_int_equal(ki.config_smem, 32 * KB);
	/* a minimum configuration (as in the gh100 profile) */
	{
		struct pred_gpu g = *rtx3090();

		g.smem_config_min = 40 * KB;
		k = K("c3k1", 1, 1, 32, 0, NODUR);
		assert_int_equal(pred_kernel_info(&g, &k, &ki, err, sizeof(err)), 0);
		assert_int_equal(ki.config_smem, 64 * KB);
	}
	/* register rounding: 33 regs -> 40 per thread -> 1280 per warp */
	k = K("r33", 1, 33, 33, 1, NODUR);
	assert_int_equal(pred_kernel_info(rtx3090(), &k, &ki, err, sizeof(err)), 0);
	assert_int_equal(ki.warps, 2);
	assert_int_equal(ki.regs_per_warp, 1280);
	assert_int_equal(ki.smem_per_block, 128 + 1 * KB);
	/* 255 regs: 2 warps per processing block, 8 per SM */
	k = K("r255", 1, 64, 255, 0, NODUR);
	assert_int_equal(pred_kernel_info(rtx3090(), &k, &ki, err, sizeof(err)), 0);
	assert_int_equal(ki.regs_per_warp, 8192);
	assert_int_equal(ki.occupancy, 4);
}

/*
 * pred_kernel_info against the CUDA occupancy rules of compute capability
 * 8.6 (the RTX 3090 profile: 48 warps, 16 blocks, 64 K registers in 4
 * processing blocks, registers allocated per warp in units of 8 per thread,
 * shared memory in 128-byte units plus the 1 KiB runtime reservation, a
 * 100 KiB largest configuration): each limit reached exactly, then missed
 * by one; every input bound on both sides, with its message.
 */
static void test_kernel_info_limits(void **state)
{
	const struct pred_gpu *g = rtx3090();
	struct pred_kinfo ki;
	struct pred_kernel k;
	char err[256];

	(void)state;
#define INFO_OK(...) do { k = K("t", __VA_ARGS__, NODUR); \
	if (pred_kernel_info(g, &k, &ki, err, sizeof(err))) fail_msg("%s", err); } while (0)
#define INFO_BAD(msg, ...) do { k = K("t", __VA_ARGS__, NODUR); err[0] = 0; \
	assert_int_equal(pred_kernel_info(g, &k, &ki, err, sizeof(err)), -1); \
	if (!strstr(err, msg)) fail_msg("want '%s', got '%s'", msg, err); } while (0)
	/* warps: ceil(threads / 32) */
	INFO_OK(1, 32, 8, 0);
	assert_int_equal(ki.warps, 1);
	INFO_OK(1, 33, 8, 0);
	assert_int_equal(ki.warps, 2);
	/* registers per warp: ceil(regs / 8) * 8 * 32 */
	INFO_OK(1, 32, 0, 0);
	assert_int_equal(ki.regs_per_warp, 0);
	assert_int_equal(ki.occupancy, 16);	/* no register limit */
	INFO_OK(1, 32, 8, 0);
	assert_int_equal(ki.regs_per_warp, 256);
	INFO_OK(1, 32, 9, 0);
	assert_int_equal(ki.regs_per_warp, 512);
	/* s: ceil(smem / 128) * 128 + 1024 */
	INFO_OK(1, 32, 8, 0);
	assert_int_equal(ki.smem_per_block, 1024);
	INFO_OK(1, 32, 8, 1);
	assert_int_equal(ki.smem_per_block, 1152);
	INFO_OK(1, 32, 8, 128);
	assert_int_equal(ki.smem_per_block, 1152);
	INFO_OK(1, 32, 8, 129);
	assert_int_equal(ki.smem_per_block, 1280);
	/* block slots: 3 warps -> 16 blocks (48 warps), 2 warps -> 24 capped at 16 */
	INFO_OK(1, 96, 8, 0);
	assert_int_equal(ki.occupancy, 16);
	INFO_OK(1, 64, 8, 0);
	assert_int_equal(ki.occupancy, 16);
	INFO_OK(1, 160, 8, 0);		/* 5 warps: 48 / 5 = 9 */
	assert_int_equal(ki.occupancy, 9);
	/* registers: 256 threads x 64 regs = 16 K per block -> 4; 72 regs -> 3 */
	INFO_OK(1, 256, 64, 0);
	assert_int_equal(ki.occupancy, 4);
	INFO_OK(1, 256, 65, 0);
	assert_int_equal(ki.regs_per_warp, 2304);
	assert_int_equal(ki.occupancy, 3);
	/* shared memory: 24 KiB + 1 KiB = 25 KiB -> 4 in 100 KiB; one byte more -> 3 */
	INFO_OK(1, 32, 8, 24 * KB);
	assert_int_equal(ki.occupancy, 4);
	assert_int_equal(ki.config_smem, 100 * KB);
	INFO_OK(1, 32, 8, 24 * KB + 1);
	assert_int_equal(ki.occupancy, 3);
	assert_int_equal(ki.config_smem, 100 * KB);	/* 3 x 25.125 KiB */
	/* TB.config_s: occupancy x s rounded up to a configuration, equal counts */
	INFO_OK(1, 32, 8, 3 * KB);	/* 16 x 4 KiB = 64 KiB exactly */
	assert_int_equal(ki.occupancy, 16);
	assert_int_equal(ki.config_smem, 64 * KB);
	INFO_OK(1, 32, 8, 3 * KB + 1);	/* 16 x 4.125 KiB = 66 KiB -> 100 KiB */
	assert_int_equal(ki.config_smem, 100 * KB);
	INFO_OK(1, 32, 8, 0);		/* 16 KiB: the 16 KiB entry, not 32 */
	assert_int_equal(ki.config_smem, 16 * KB);
	INFO_OK(1, 32, 8, 0);
	assert_int_equal(ki.config_lmem, 0);
	k.lmem = 4096;
	assert_int_equal(pred_kernel_info(g, &k, &ki, err, sizeof(err)), 0);
	assert_int_equal(ki.config_lmem, 4096);

	/* input bounds, each on both sides */
	INFO_OK(1, 1, 8, 0);
	INFO_BAD("kernel 't': blocks must be >= 1", 0, 32, 8, 0);
	INFO_BAD("blocks must be >= 1", -1, 32, 8, 0);
	INFO_OK(1, 1024, 8, 0);
	INFO_BAD("kernel 't': threads must be 1..1024", 1, 0, 8, 0);
	INFO_BAD("threads must be 1..1024", 1, 1025, 8, 0);
	INFO_OK(1, 32, 0, 0);
	INFO_OK(1, 32, 255, 0);
	INFO_BAD("kernel 't': regs must be 0..255", 1, 32, -1, 0);
	INFO_BAD("regs must be 0..255", 1, 32, 256, 0);
	INFO_OK(1, 32, 8, 99 * KB);
	INFO_BAD("kernel 't': smem must be 0..101376 bytes", 1, 32, 8, 99 * KB + 1);
	INFO_BAD("smem must be 0..101376 bytes", 1, 32, 8, -1);
	k = K("t", 1, 32, 8, 0, NODUR);
	k.lmem = -1;
	assert_int_equal(pred_kernel_info(g, &k, &ki, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "kernel 't': lmem must be >= 0"));
	/* a block that fits no SM: the message names the limit */
	INFO_BAD("kernel 't': a block (32 warps, 8192 registers per warp) does not fit in an SM (8 warps of that size)",
		 1, 1024, 255, 0);
	{
		struct pred_gpu h = *g;

		h.max_smem_per_block = 0;	/* no per-block limit: the configuration decides;
					 * 99 KiB + 1 B -> 793 x 128 B + 1 KiB = 102528 B */
		g = &h;
		INFO_OK(1, 32, 8, 99 * KB);
		assert_int_equal(ki.occupancy, 1);
		INFO_BAD("kernel 't': a block needs 102528 bytes of shared memory, the largest SM configuration is 102400",
			 1, 32, 8, 99 * KB + 1);
		h.max_threads_per_block = 2048;	/* 64 warps > 48 */
		INFO_BAD("a block (64 warps, 256 registers per warp) does not fit in an SM (48 warps of that size)",
			 1, 2048, 8, 0);
		INFO_OK(1, 1536, 8, 0);	/* 48 warps exactly */
		assert_int_equal(ki.occupancy, 1);
		/*
		 * Both limits at once: the message names the warps only when they
		 * do not fit.  48 warps of 256 registers: min(12 warps, 16384 /
		 * 256 = 64) = 12 per processing block, 12 x 4 = 48 = the block's
		 * warps, so they fit and the 102528 B of shared memory is the
		 * limit; 49 warps (1537 threads) do not fit: warps named.
		 */
		INFO_BAD("kernel 't': a block needs 102528 bytes of shared memory, the largest SM configuration is 102400",
			 1, 1536, 8, 99 * KB + 1);
		INFO_BAD("kernel 't': a block (49 warps, 256 registers per warp) does not fit in an SM (48 warps of that size)",
			 1, 1537, 8, 99 * KB + 1);
	}
#undef INFO_OK
#undef INFO_BAD
}

/*
 * Each profile's largest shared memory per block, from the CUDA C++
 * Programming Guide's table of technical specifications per compute
 * capability ("Maximum amount of shared memory per thread block"): 8.6
 * (RTX 3090) 99 KB, 8.0 (A100) and 8.7 (Orin) 163 KB, 9.0 (H100) 227 KB.
 * At the limit the block fits (plus the 1 KB runtime reservation it is the
 * largest configuration: 100, 164, 164, 228 KB); one byte more is refused.
 */
static void test_profile_smem_limits(void **state)
{
	static const struct {
		const char *name;
		long max;
	} lim[] = {
		{ "ga102-rtx3090", 99 * KB }, { "ga100-a100", 163 * KB },
		{ "gh100-h100-sxm", 227 * KB }, { "ga10b-orin", 163 * KB },
	};
	struct pred_kinfo ki;
	struct pred_kernel k;
	char err[256], want[128];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(lim) / sizeof(lim[0]); i++) {
		const struct pred_gpu *g = pred_profile_find(lim[i].name);

		assert_non_null(g);
		assert_int_equal(g->max_smem_per_block, lim[i].max);
		k = K("t", 1, 32, 8, lim[i].max, NODUR);
		if (pred_kernel_info(g, &k, &ki, err, sizeof(err)))
			fail_msg("%s: %s", lim[i].name, err);
		assert_int_equal(ki.occupancy, 1);
		assert_int_equal(ki.smem_per_block, g->smem_configs[g->n_smem_configs - 1]);
		k = K("t", 1, 32, 8, lim[i].max + 1, NODUR);
		assert_int_equal(pred_kernel_info(g, &k, &ki, err, sizeof(err)), -1);
		snprintf(want, sizeof(want), "kernel 't': smem must be 0..%ld bytes", lim[i].max);
		assert_string_equal(err, want);
	}
}

static void test_never_fits(void **state)
{
	struct pred_kernel k[2];
	struct pred_result r;
	char err[256];

	(void)state;
	k[0] = K("ok", 1, 32, 32, 0, NODUR);
	k[1] = K("huge", 1, 1024, 255, 0, NODUR);	/* 32 warps, only 8 fit */
	assert_int_equal(pred_run(rtx3090(), k, 2, &r, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "'huge'"));
	k[1] = K("bigsmem", 1, 32, 32, 100 * KB, NODUR);	/* 99 KB max */
	assert_int_equal(pred_run(rtx3090(), k, 2, &r, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "'bigsmem'"));
	k[1] = K("threads", 1, 1025, 32, 0, NODUR);
	assert_int_equal(pred_run(rtx3090(), k, 2, &r, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "'threads'"));
	k[1] = K("regs", 1, 32, 256, 0, NODUR);
	assert_int_equal(pred_run(rtx3090(), k, 2, &r, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "'regs'"));
	/* the largest block that fits: 99 KB + 1 KB runtime = 100 KB */
	k[1] = K("max", 1, 1024, 64, 99 * KB, NODUR);
	assert_int_equal(pred_run(rtx3090(), k, 2, &r, err, sizeof(err)), 0);
	assert_int_equal(r.blocks[1][0].sm, 2);
	pred_result_free(&r);
}

/* ---- Table II ---- */

static void test_case_1_1(void **state)
{
	struct pred_kernel k[3] = {
		K("k1", 41, 256, 32, 0, 1), K("k2", 41, 256, 32, 0, 1), K("k3", 1, 256, 32, 0, 1),
	};
	struct pred_result r;
	int b;

	(void)state;
	run(rtx3090(), k, 3, &r);
	for (b = 0; b < 41; b++) {
		assert_int_equal(r.blocks[0][b].sm, 2 * b);	/* 0, 2, .., 80 */
		assert_int_equal(r.blocks[1][b].sm, 2 * b + 1);	/* 1, 3, .., 81 */
		assert_true(r.blocks[0][b].start == 0 && r.blocks[1][b].start == 0);
	}
	assert_int_equal(r.blocks[2][0].sm, 0);
	assert_true(r.blocks[2][0].start == 0);
	assert_true(r.makespan == 1);
	pred_result_free(&r);
}

static void test_case_1_2(void **state)
{
	struct pred_kernel k[3] = {
		K("k1", 41, 512, 32, 0, 1), K("k2", 41, 256, 32, 0, 1), K("k3", 1, 256, 32, 0, 1),
	};
	struct pred_result r;
	int b;

	(void)state;
	run(rtx3090(), k, 3, &r);
	for (b = 0; b < 41; b++) {
		assert_int_equal(r.blocks[0][b].sm, 2 * b);
		assert_int_equal(r.blocks[1][b].sm, 2 * b + 1);
	}
	assert_int_equal(r.blocks[2][0].sm, 1);
	assert_true(r.blocks[2][0].start == 0);
	pred_result_free(&r);
}

/* Case 1.3 (row withheld; kernels reconstructed from the text's arithmetic). */
static void test_case_1_3_text(void **state)
{
	struct pred_kernel k[3] = {
		K("k1", 41, 256, 128, 0, 1), K("k2", 41, 256, 64, 0, 1), K("k3", 1, 256, 64, 0, 1),
	};
	struct pred_result r;
	int b;

	(void)state;
	run(rtx3090(), k, 3, &r);
	for (b = 0; b < 41; b++) {
		assert_int_equal(r.blocks[0][b].sm, 2 * b);
		assert_int_equal(r.blocks[1][b].sm, 2 * b + 1);
	}
	assert_int_equal(r.blocks[2][0].sm, 1);
	pred_result_free(&r);
}

/* Case 1.4 (row withheld; 48 KB / 24 KB / 24 KB from the text). */
static void test_case_1_4_text(void **state)
{
	struct pred_kernel k[3] = {
		K("k1", 41, 32, 32, 48 * KB, 1), K("k2", 41, 32, 32, 24 * KB, 1),
		K("k3", 1, 32, 32, 24 * KB, 1),
	};
	struct pred_result r;
	int b;

	(void)state;
	run(rtx3090(), k, 3, &r);
	for (b = 0; b < 41; b++) {
		assert_int_equal(r.blocks[0][b].sm, 2 * b);
		assert_int_equal(r.blocks[1][b].sm, 2 * b + 1);
	}
	assert_int_equal(r.blocks[2][0].sm, 1);
	pred_result_free(&r);
}

static void test_case_2_1(void **state)
{
	struct pred_kernel k[5] = {
		K("k1", 82, 64, 255, 0, 2), K("k2", 82, 64, 255, 0, 1),
		K("k3", 82, 64, 255, 0, 2), K("k4", 82, 64, 255, 0, 1),
		K("k5", 82, 128, 255, 0, 1),
	};
	struct pred_result r;
	int b, i, seen[82];

	(void)state;
	run(rtx3090(), k, 5, &r);
	for (i = 0; i < 4; i++)
		for (b = 0; b < 82; b++) {
			assert_int_equal(r.blocks[i][b].sm, even_odd(b));
			assert_true(r.blocks[i][b].start == 0);
		}
	/* Kernel 5 waits for t = 2 although kernels 2/4 free PBs 2 and 3 at t = 1 */
	memset(seen, 0, sizeof(seen));
	for (b = 0; b < 82; b++) {
		assert_true(r.blocks[4][b].start == 2);
		assert_true(r.blocks[4][b].end == 3);
		assert_int_equal(r.blocks[4][b].sm, even_odd(b));
		seen[r.blocks[4][b].sm]++;
	}
	for (i = 0; i < 82; i++)
		assert_int_equal(seen[i], 1);
	assert_true(r.makespan == 3);
	pred_result_free(&r);

	/* without durations, kernel 5 never starts */
	for (i = 0; i < 5; i++)
		k[i].duration = NODUR;
	run(rtx3090(), k, 5, &r);
	assert_int_equal(r.unplaced, 82);
	assert_int_equal(r.blocks[4][0].sm, -1);
	assert_true(r.blocks[4][0].start < 0);
	assert_true(r.makespan < 0);
	pred_result_free(&r);
}

/* Case 2.2 (row withheld; 1, 4 and 3 warps per block as in the text / Fig. 5). */
static void test_case_2_2_text(void **state)
{
	struct pred_kernel k[3] = {
		K("k1", 82, 32, 255, 0, 1), K("k2", 82, 128, 255, 0, 1), K("k3", 82, 96, 255, 0, 1),
	};
	struct pred_result r;
	int b;

	(void)state;
	run(rtx3090(), k, 3, &r);
	for (b = 0; b < 82; b++) {
		assert_int_equal(r.blocks[0][b].sm, even_odd(b));
		assert_int_equal(r.blocks[1][b].sm, even_odd(b));
		assert_true(r.blocks[2][b].start == 1);	/* after kernels 1 and 2 */
	}
	pred_result_free(&r);
	/* with 2 warps, kernel 3 fits into processing blocks 2 and 3 at once */
	k[2].threads = 64;
	run(rtx3090(), k, 3, &r);
	for (b = 0; b < 82; b++) {
		assert_true(r.blocks[2][b].start == 0);
		assert_int_equal(r.blocks[2][b].sm, even_odd(b));
	}
	pred_result_free(&r);
}

static void test_case_3(void **state)
{
	struct pred_kernel k[2] = {
		K("k1", 41, 1, 32, 0, 1), K("k2", 1, 1, 32, 1 * KB, 1),
	};
	struct pred_result r;
	int b;

	(void)state;
	run(rtx3090(), k, 2, &r);
	for (b = 0; b < 41; b++)
		assert_int_equal(r.blocks[0][b].sm, 2 * b);	/* 0, 2, .., 80 */
	/* kernel 2 (32 KB configuration) cannot run next to kernel 1 (16 KB) */
	assert_true(r.blocks[1][0].start == 1);
	assert_int_equal(r.blocks[1][0].sm, 0);
	pred_result_free(&r);
}

/* ---- own cases, derived by hand from Algorithm 1 ---- */

/* Mechanism 1: one block per SM fills SMs in the order 0,2,..,1,3,.. */
static void test_m1_order_and_most_room(void **state)
{
	struct pred_kernel k[3] = {
		K("full", 82, 1024, 32, 0, NODUR),	/* 32 of 48 warps: one per SM */
		K("a", 2, 256, 32, 0, NODUR),		/* 2 blocks of 8 warps */
		K("b", 1, 192, 32, 0, NODUR),		/* 6 warps: config 8 KB */
	};
	struct pred_result r;
	int b;

	(void)state;
	run(rtx3090(), k, 3, &r);
	for (b = 0; b < 82; b++)
		assert_int_equal(r.blocks[0][b].sm, even_odd(b));
	/* every SM holds 2 more blocks of 'a': ties -> SM0, then SM2 */
	assert_int_equal(r.blocks[1][0].sm, 0);
	assert_int_equal(r.blocks[1][1].sm, 2);
	/* 'b': SM0/SM2 have 8 warps left (one block), the others 16 -> SM4 */
	assert_int_equal(r.blocks[2][0].sm, 4);
	pred_result_free(&r);
}

/* Mechanism 1: the block-slot limit counts like any other resource. */
static void test_m1_block_slots(void **state)
{
	struct pred_gpu g = small_gpu(2, 2);
	struct pred_kernel k[3] = {
		K("tiny", 15, 32, 32, 0, NODUR),	/* all 15 alternate SM0/SM1 */
		K("next", 1, 32, 32, 0, NODUR),
		K("last", 1, 32, 32, 0, NODUR),
	};
	struct pred_result r;
	int b;

	(void)state;
	run(&g, k, 3, &r);
	for (b = 0; b < 15; b++)
		assert_int_equal(r.blocks[0][b].sm, b % 2);	/* tie -> 0, then 1, ... */
	/* SM0 has 8 blocks, SM1 7: SM1 has more slots left */
	assert_int_equal(r.blocks[1][0].sm, 1);
	assert_int_equal(r.blocks[2][0].sm, 0);
	pred_result_free(&r);
}

/* Mechanism 2.1: the pointer stays on a full processing block. */
static void test_m2_strict_round_robin(void **state)
{
	struct pred_gpu g = small_gpu(1, 1);
	struct pred_kernel k[4] = {
		K("a", 1, 64, 255, 0, 5),	/* PB0, PB1 (2 warps each fill a PB) */
		K("b", 1, 64, 255, 0, 1),	/* PB2, PB3 */
		K("c", 1, 64, 255, 0, 5),	/* PB0, PB1: now full; pointer at PB2 */
		K("d", 1, 96, 255, 0, 1),	/* 3 warps: PB2, PB3, PB0 */
	};
	struct pred_result r;

	(void)state;
	run(&g, k, 4, &r);
	assert_true(r.blocks[2][0].start == 0);
	/* at t=1 'b' frees PB2/PB3 (2 warps each) but PB0 is still full */
	assert_true(r.blocks[3][0].start == 5);
	pred_result_free(&r);
	/* 2 warps fit into the free slots of PB2 and PB3 at once */
	k[3].threads = 64;
	run(&g, k, 4, &r);
	assert_true(r.blocks[3][0].start == 0);
	pred_result_free(&r);
}

/* Mechanism 2.2: a block of 8 warps moves the pointer one extra step. */
static void test_m2_divisible_skip(void **state)
{
	struct pred_gpu g = small_gpu(1, 1);
	/* 128 regs: 4096 per warp, 4 warps per processing block */
	struct pred_kernel k[3] = {
		K("one", 1, 32, 128, 0, 9),	/* PB0; pointer 1 */
		K("eight", 1, 256, 128, 0, 9),	/* PB1,2,3,0,1,2,3,0; pointer 1+8+1 = 2 */
		K("seven", 1, 224, 128, 0, 1),	/* PB2,3,0,1,2,3,0: PB0 would need 5 */
	};
	struct pred_result r;

	(void)state;
	run(&g, k, 3, &r);
	assert_true(r.blocks[1][0].start == 0);
	/* without the skip (pointer 1) it would fit: PB0 gets only one warp */
	assert_true(r.blocks[2][0].start == 9);
	pred_result_free(&r);
	/* 6 warps from PB2: 2, 2, 1, 1 -> PB0 reaches exactly 4 */
	k[2].threads = 192;
	run(&g, k, 3, &r);
	assert_true(r.blocks[2][0].start == 0);
	pred_result_free(&r);
	/*
	 * A first block of 2 warps (PB0, PB1; pointer 2): "eight" puts two more
	 * on each PB (PB0 and PB1 at 3, PB2 and PB3 at 2) and ends at pointer
	 * 2 + 8 + 1 = 3.  Six warps from PB3 give PB3 and PB0 two each: PB0
	 * would need 5, so "six" waits for t = 9.  Without the skip (pointer 2,
	 * which "one" above happened to give as well) they would fit, 4 each.
	 */
	k[0] = K("two", 1, 64, 128, 0, 9);
	k[2] = K("six", 1, 192, 128, 0, 1);
	run(&g, k, 3, &r);
	assert_true(r.blocks[1][0].start == 0);
	assert_true(r.blocks[2][0].start == 9);
	pred_result_free(&r);
}

/*
 * The most processing blocks a profile may have (PRED_MAX_PBS, 8): each
 * gets an eighth of the SM (RTX 3090: 6 warps, 8192 registers).  A block of
 * 8 warps of 255 registers (8192 a warp, allocated in units of 256) puts
 * one warp on each and fills them all, so the second block waits for the
 * first; with 7 warps the last processing block keeps its registers and a
 * 1-warp kernel starts at once.
 */
static void test_m2_max_pbs(void **state)
{
	struct pred_gpu g = small_gpu(1, 1);
	struct pred_kernel k[2] = {
		K("full", 2, 256, 255, 0, 3),
		K("one", 1, 32, 255, 0, 1),
	};
	struct pred_result r;

	(void)state;
	g.processing_blocks_per_sm = PRED_MAX_PBS;
	run(&g, k, 1, &r);
	assert_true(r.blocks[0][0].start == 0);
	assert_true(r.blocks[0][1].start == 3);
	pred_result_free(&r);
	k[0] = K("seven", 1, 224, 255, 0, 3);
	run(&g, k, 2, &r);
	assert_true(r.blocks[1][0].start == 0);
	pred_result_free(&r);
}

/* Mechanism 3: per-TPC shared-memory configuration, shared by both SMs. */
static void test_m3_tpc_config(void **state)
{
	struct pred_gpu g = small_gpu(4, 2);	/* TPC0 = SM0,1; TPC1 = SM2,3 */
	struct pred_kernel k[4] = {
		K("small", 1, 32, 32, 0, NODUR),	/* config 16 KB -> TPC0 */
		K("big", 1, 32, 32, 20 * KB, NODUR),	/* config 100 KB: not TPC0 */
		K("big2", 1, 32, 32, 20 * KB, NODUR),	/* SM3 (79 KB vs 100 KB) */
		K("small2", 1, 32, 32, 0, NODUR),	/* 16 KB <= both configs */
	};
	struct pred_result r;

	(void)state;
	run(&g, k, 4, &r);
	assert_int_equal(r.blocks[0][0].sm, 0);
	assert_int_equal(r.blocks[1][0].sm, 2);
	assert_int_equal(r.blocks[2][0].sm, 3);
	/* SM0 15 slots, SM2/SM3 15, SM1 16 (TPC0 config 16 KB suffices) */
	assert_int_equal(r.blocks[3][0].sm, 1);
	pred_result_free(&r);
}

/* Mechanism 3: the TPC is reconfigured once it is idle again. */
static void test_m3_reconfigure_when_idle(void **state)
{
	struct pred_gpu g = small_gpu(2, 2);
	struct pred_kernel k[3] = {
		K("small", 1, 32, 32, 0, 1),
		K("small_long", 1, 32, 32, 0, 3),	/* SM1, same TPC */
		K("big", 1, 32, 32, 20 * KB, 1),	/* waits for the whole TPC */
	};
	struct pred_result r;

	(void)state;
	run(&g, k, 3, &r);
	assert_int_equal(r.blocks[1][0].sm, 1);
	assert_true(r.blocks[2][0].start == 3);
	assert_int_equal(r.blocks[2][0].sm, 0);
	assert_true(r.makespan == 4);
	pred_result_free(&r);
}

/* Mechanism 3 per SM (smem_config_scope "sm", as measured on an H100). */
static void test_m3_per_sm_scope(void **state)
{
	struct pred_gpu g = small_gpu(4, 2);
	struct pred_kernel k[3] = {
		K("small", 1, 32, 32, 0, NODUR),	/* SM0: config 16 KB */
		K("big", 1, 32, 32, 20 * KB, NODUR),	/* SM2 (order 0,2,1,3) */
		K("big2", 1, 32, 32, 20 * KB, NODUR),	/* SM1: idle, TPC0 busy */
	};
	struct pred_result r;

	(void)state;
	g.smem_config_per_sm = true;
	run(&g, k, 3, &r);
	assert_int_equal(r.blocks[0][0].sm, 0);
	assert_int_equal(r.blocks[1][0].sm, 2);
	assert_int_equal(r.blocks[2][0].sm, 1);	/* per TPC it would be SM3 */
	pred_result_free(&r);
}

/* Mechanism 4: register fragments combine (Case 4.1 shape on one SM). */
static void test_m4_register_renaming(void **state)
{
	struct pred_gpu g = small_gpu(1, 1);
	struct pred_kernel k[9];
	struct pred_result r;
	int i;

	(void)state;
	/* 8 kernels x 4 warps x 64 regs: one warp of each per PB, registers full */
	for (i = 0; i < 8; i++) {
		char n[8];

		snprintf(n, sizeof(n), "k%d", i + 1);
		k[i] = K(n, 1, 128, 64, 0, i % 2 ? 2 : 1);	/* odd kernels (k1,k3,..) 1 s */
	}
	k[8] = K("k9", 1, 128, 255, 0, 1);	/* 256 regs per thread = four fragments */
	run(&g, k, 9, &r);
	for (i = 0; i < 8; i++)
		assert_true(r.blocks[i][0].start == 0);
	assert_true(r.blocks[8][0].start == 1);	/* runs next to k2/k4/k6/k8 */
	pred_result_free(&r);
}

/* Mechanism 4: shared memory must be contiguous (Case 4.2 shape). */
static void test_m4_smem_contiguous(void **state)
{
	struct pred_gpu g = small_gpu(1, 1);
	struct pred_kernel k[9];
	struct pred_result r;
	int i;

	(void)state;
	/* 8 blocks x (11 KB + 1 KB) = 96 KB of the 100 KB configuration */
	for (i = 0; i < 8; i++) {
		char n[8];

		snprintf(n, sizeof(n), "k%d", i + 1);
		k[i] = K(n, 1, 32, 32, 11 * KB, i % 2 ? 2 : 1);
	}
	/* 24 KB: 52 KB are free at t=1, but in 12 KB pieces (and 4 KB) */
	k[8] = K("k9", 1, 32, 32, 23 * KB, 1);
	run(&g, k, 9, &r);
	assert_true(r.blocks[8][0].start == 2);
	pred_result_free(&r);
	/* 11 KB fits into a freed 12 KB piece at t=1 */
	k[8] = K("k9", 1, 32, 32, 11 * KB, 1);
	run(&g, k, 9, &r);
	assert_true(r.blocks[8][0].start == 1);
	pred_result_free(&r);
}

/*
 * Mechanism 4, exact fits: a 25 KiB block (24 KiB + the 1 KiB reservation)
 * fits a freed 25 KiB piece of the 100 KiB configuration, at the start
 * ([0, 25) KiB), in the middle ([25, 50) or [50, 75) KiB) or at the end
 * ([75, 100) KiB) of the SM's shared memory.
 */
static void test_m4_smem_exact_fit(void **state)
{
	struct pred_gpu g = small_gpu(1, 1);
	struct pred_kernel k[6];
	struct pred_result r;
	int i, hole;

	(void)state;
	for (hole = 0; hole <= 3; hole++) {
		/* four blocks at 0, 25, 50 and 75 KiB; the one at hole*25 KiB ends at 1 */
		for (i = 0; i < 4; i++)
			k[i] = K("f", 1, 32, 32, 24 * KB, i == hole ? 1 : 5);
		k[4] = K("exact", 1, 32, 32, 24 * KB, 1);
		/* the SM is full again: one more waits for "exact" (t = 2) */
		k[5] = K("more", 1, 32, 32, 24 * KB, 1);
		run(&g, k, 6, &r);
		for (i = 0; i < 4; i++)
			assert_true(r.blocks[i][0].start == 0);
		assert_true(r.blocks[4][0].start == 1);
		assert_true(r.blocks[5][0].start == 2);
		pred_result_free(&r);
		/* 128 bytes more does not fit the piece: it waits for t = 5 */
		k[4].smem = 24 * KB + 1;
		run(&g, k, 5, &r);
		assert_true(r.blocks[4][0].start == 5);
		pred_result_free(&r);
	}
}

/*
 * Blocks that end at the same time complete together (the clock jumps to
 * the completion and releases every block ending then), listed in launch
 * order (kernel, then block); ends up to 1e-9 apart (relative, at t > 1)
 * count as the same time.
 */
static void test_simultaneous_completions(void **state)
{
	struct pred_gpu g = small_gpu(1, 1);
	struct pred_kernel k[3] = {
		K("a", 2, 384, 32, 0, 1), K("b", 1, 384, 32, 0, 1), K("c", 1, 1024, 64, 0, 1),
	};
	struct pred_result r;
	size_t e, n = 0;
	static const size_t kern[3] = { 0, 0, 1 };
	static const long blk[3] = { 0, 1, 0 };

	(void)state;
	/* a0, a1, b: 12 warps of 1024 registers each; c needs every register of
	 * the SM (32 warps x 2048), so all three gone */
	run(&g, k, 3, &r);
	for (e = 0; e < r.nevents; e++) {
		if (r.events[e].start)
			continue;
		if (n < 3) {
			assert_true(r.events[e].t == 1);
			assert_int_equal(r.events[e].kernel, kern[n]);
			assert_int_equal(r.events[e].block, blk[n]);
		}
		n++;
	}
	assert_int_equal(n, 4);
	assert_true(r.blocks[2][0].start == 1);
	pred_result_free(&r);
	/* b ends 5e-10 later: still the same completion time */
	k[1].duration = 1 + 5e-10;
	run(&g, k, 3, &r);
	assert_true(r.blocks[2][0].start == 1);
	pred_result_free(&r);
	/* 1e-9 later: the tolerance's edge, still the same time */
	k[1].duration = 1 + 1e-9;
	run(&g, k, 3, &r);
	assert_true(r.blocks[2][0].start == 1);
	pred_result_free(&r);
	/* 2e-9 later: c waits for it */
	k[1].duration = 1 + 2e-9;
	run(&g, k, 3, &r);
	assert_true(r.blocks[2][0].start == 1 + 2e-9);
	pred_result_free(&r);
	/* at t = 2 the tolerance is relative: 1e-9 x 2 = 2e-9, so b ending
	 * 1.5e-9 after a is the same time, 3e-9 after is not */
	k[0].duration = 2;
	k[1].duration = 2 + 1.5e-9;
	run(&g, k, 3, &r);
	assert_true(r.blocks[2][0].start == 2);
	pred_result_free(&r);
	k[1].duration = 2 + 3e-9;
	run(&g, k, 3, &r);
	assert_true(r.blocks[2][0].start == 2 + 3e-9);
	pred_result_free(&r);
}

/* Local-memory configuration: grows only while the GPU is idle. */
static void test_lmem_config(void **state)
{
	struct pred_gpu g = small_gpu(4, 2);
	struct pred_kernel k[3] = {
		K("a", 1, 32, 32, 0, 1), K("b", 1, 32, 32, 0, 1), K("c", 1, 32, 32, 0, 1),
	};
	struct pred_result r;

	(void)state;
	k[1].lmem = 512;	/* more than a's: waits for the GPU to drain */
	run(&g, k, 3, &r);
	assert_true(r.blocks[1][0].start == 1);
	assert_true(r.blocks[2][0].start == 1);	/* held back behind b */
	assert_int_equal(r.blocks[1][0].sm, 0);
	assert_int_equal(r.blocks[2][0].sm, 2);
	pred_result_free(&r);
	g.lmem_no_wait = true;	/* as measured on an H100 */
	run(&g, k, 3, &r);
	assert_true(r.blocks[1][0].start == 0);
	pred_result_free(&r);
	g.lmem_no_wait = false;
	k[0].lmem = 1024;	/* the first kernel sets a larger configuration */
	run(&g, k, 3, &r);
	assert_true(r.blocks[1][0].start == 0);
	assert_true(r.blocks[2][0].start == 0);
	pred_result_free(&r);
	/* the configuration the GPU starts with (lmem_initial): b's 512 fits
	 * into 512 (no wait), not into 511 (waits for a to drain) */
	k[0].lmem = 0;
	g.lmem_initial = 512;
	run(&g, k, 3, &r);
	assert_true(r.blocks[1][0].start == 0);
	assert_true(r.blocks[2][0].start == 0);
	pred_result_free(&r);
	g.lmem_initial = 511;
	run(&g, k, 3, &r);
	assert_true(r.blocks[1][0].start == 1);
	pred_result_free(&r);
}

/* Launch order: a waiting block holds back all later ones. */
static void test_in_order_dispatch(void **state)
{
	struct pred_gpu g = small_gpu(1, 1);
	struct pred_kernel k[3] = {
		K("a", 1, 1024, 32, 0, NODUR), K("b", 1, 1024, 32, 0, NODUR),
		K("tiny", 1, 32, 32, 0, NODUR),
	};
	struct pred_result r;

	(void)state;
	run(&g, k, 3, &r);
	assert_int_equal(r.blocks[0][0].sm, 0);
	assert_int_equal(r.blocks[1][0].sm, -1);
	assert_int_equal(r.blocks[2][0].sm, -1);	/* would fit, but waits */
	assert_int_equal(r.unplaced, 2);
	pred_result_free(&r);
	k[0].duration = 0.5;
	k[1].duration = 0.25;
	run(&g, k, 3, &r);
	assert_true(r.blocks[1][0].start == 0.5);
	/* 'tiny' would fit next to 'b', but its shared-memory configuration
	 * (16 blocks x 1 KB = 16 KB) exceeds the TPC's 8 KB (Mechanism 3):
	 * it starts when 'b' leaves the TPC idle */
	assert_true(r.blocks[2][0].start == 0.75);
	assert_true(r.makespan < 0);	/* 'tiny' has no duration */
	/* events: start a, end a, start b, end b, start tiny (never ends) */
	assert_int_equal(r.nevents, 5);
	assert_true(r.events[1].t == 0.5 && !r.events[1].start);
	pred_result_free(&r);
}

/* Durations: many blocks cycle through the SMs as blocks complete. */
static void test_waves(void **state)
{
	struct pred_gpu g = small_gpu(2, 2);
	struct pred_kernel k[1] = { K("w", 5, 1024, 32, 0, 1) };	/* 1 per SM */
	struct pred_result r;

	(void)state;
	run(&g, k, 1, &r);
	assert_int_equal(r.blocks[0][0].sm, 0);
	assert_int_equal(r.blocks[0][1].sm, 1);
	assert_true(r.blocks[0][2].start == 1 && r.blocks[0][2].sm == 0);
	assert_true(r.blocks[0][3].start == 1 && r.blocks[0][3].sm == 1);
	assert_true(r.blocks[0][4].start == 2 && r.blocks[0][4].sm == 0);
	assert_true(r.makespan == 3);
	pred_result_free(&r);
}

/* ---- input parsing ---- */

static int parse(const char *text, const char *profile, struct pred_input *in, char *err)
{
	char perr[256];
	struct json *doc = json_parse(text, strlen(text), perr, sizeof(perr));
	int rc;

	if (!doc)
		fail_msg("json: %s", perr);
	rc = pred_input_parse(doc, profile, in, err, 256);
	json_free(doc);
	return rc;
}

static void test_input(void **state)
{
	struct pred_input in;
	char err[256];
	size_t i;

	(void)state;
	assert_int_equal(parse("{\"schema\":1,\"gpu\":\"gh100-h100-sxm\",\"kernels\":["
			       "{\"name\":\"x\",\"blocks\":3,\"threads\":64,\"regs\":40,"
			       "\"smem\":100,\"lmem\":16,\"duration\":0.5},"
			       "{\"blocks\":1,\"threads\":1,\"regs\":8,\"duration\":null}]}",
			       NULL, &in, err), 0);
	assert_true(in.gpu_named);
	assert_int_equal(in.gpu.sms, 132);
	assert_int_equal(in.nkernels, 2);
	assert_string_equal(in.kernels[0].name, "x");
	assert_int_equal(in.kernels[0].smem, 100);
	assert_int_equal(in.kernels[0].lmem, 16);
	assert_true(in.kernels[0].duration == 0.5);
	assert_string_equal(in.kernels[1].name, "k2");
	assert_true(in.kernels[1].duration < 0);
	pred_input_free(&in);

	/* explicit GPU object with the contract's keys */
	assert_int_equal(parse("{\"schema\":1,\"gpu\":{\"sms\":4,\"sms_per_tpc\":2,"
			       "\"processing_blocks_per_sm\":4,\"max_blocks_per_sm\":16,"
			       "\"max_warps_per_sm\":48,\"regs_per_sm\":65536,\"reg_alloc_unit\":8,"
			       "\"max_regs_per_thread\":255,\"smem_configs\":[8192,16384,102400],"
			       "\"smem_alloc_unit\":128,\"runtime_smem_per_block\":1024},"
			       "\"kernels\":[]}", NULL, &in, err), 0);
	assert_false(in.gpu_named);
	assert_string_equal(in.gpu.name, "custom");
	assert_int_equal(in.gpu.n_smem_configs, 3);
	assert_int_equal(in.gpu.max_smem_per_block, 101376);
	assert_int_equal(in.gpu.warp_size, 32);
	pred_input_free(&in);

	/* base profile plus overrides */
	assert_int_equal(parse("{\"schema\":1,\"gpu\":{\"base\":\"gh100-h100-sxm\",\"sms\":114},"
			       "\"kernels\":[]}", NULL, &in, err), 0);
	assert_int_equal(in.gpu.sms, 114);
	assert_int_equal(in.gpu.max_blocks_per_sm, 32);
	pred_input_free(&in);
	assert_int_equal(parse("{\"schema\":1,\"gpu\":{\"base\":\"ga100-a100\","
			       "\"smem_config_scope\":\"sm\"},\"kernels\":[]}", NULL, &in, err), 0);
	assert_true(in.gpu.smem_config_per_sm);
	assert_false(in.gpu.lmem_no_wait);
	pred_input_free(&in);
	assert_int_equal(parse("{\"schema\":1,\"gpu\":{\"base\":\"gh100-h100-sxm\","
			       "\"smem_config_scope\":\"tpc\",\"lmem_waits_for_idle\":true},"
			       "\"kernels\":[]}", NULL, &in, err), 0);
	assert_false(in.gpu.smem_config_per_sm);
	assert_false(in.gpu.lmem_no_wait);
	pred_input_free(&in);
	assert_int_equal(parse("{\"schema\":1,\"gpu\":\"gh100-h100-sxm\",\"kernels\":[]}",
			       NULL, &in, err), 0);
	assert_true(in.gpu.smem_config_per_sm);
	assert_true(in.gpu.lmem_no_wait);
	assert_int_equal(in.gpu.smem_config_min, 0);
	assert_int_equal(in.gpu.smem_config_double_max, 132 * KB);
	assert_true(in.gpu.smem_config_sticky);
	assert_int_equal(in.gpu.release_batch, 4);
	assert_int_equal(in.gpu.reconfig_wait_above, 132 * KB);
	assert_true(in.gpu.reconfig_wait_first);
	assert_true(in.gpu.tie_break_next);
	pred_input_free(&in);
	assert_int_equal(parse("{\"schema\":1,\"gpu\":{\"base\":\"gh100-h100-sxm\","
			       "\"smem_config_sticky\":false,\"smem_config_double_max\":0,"
			       "\"release_batch\":0,\"reconfig_wait_first\":false,"
			       "\"tie_break_next\":false},\"kernels\":[]}", NULL, &in, err), 0);
	assert_false(in.gpu.reconfig_wait_first);
	assert_false(in.gpu.tie_break_next);
	assert_false(in.gpu.smem_config_sticky);
	assert_int_equal(in.gpu.smem_config_double_max, 0);
	assert_int_equal(in.gpu.release_batch, 0);
	pred_input_free(&in);
	assert_int_equal(parse("{\"schema\":1,\"gpu\":{\"base\":\"gh100-h100-sxm\","
			       "\"release_batch\":-1},\"kernels\":[]}", NULL, &in, err), -1);
	assert_non_null(strstr(err, "\"release_batch\" out of range"));
	assert_int_equal(parse("{\"schema\":1,\"gpu\":{\"base\":\"gh100-h100-sxm\","
			       "\"smem_config_sticky\":1},\"kernels\":[]}", NULL, &in, err), -1);
	assert_non_null(strstr(err, "\"smem_config_sticky\" must be true or false"));
	assert_int_equal(parse("{\"schema\":1,\"gpu\":{\"base\":\"gh100-h100-sxm\","
			       "\"reconfig_wait_first\":0},\"kernels\":[]}", NULL, &in, err), -1);
	assert_non_null(strstr(err, "\"reconfig_wait_first\" must be true or false"));
	assert_int_equal(parse("{\"schema\":1,\"gpu\":{\"base\":\"gh100-h100-sxm\","
			       "\"tie_break_next\":\"yes\"},\"kernels\":[]}", NULL, &in, err), -1);
	assert_non_null(strstr(err, "\"tie_break_next\" must be true or false"));
	assert_int_equal(parse("{\"schema\":1,\"gpu\":\"ga100-a100\",\"kernels\":[]}",
			       NULL, &in, err), 0);
	assert_false(in.gpu.reconfig_wait_first);	/* other profiles: off */
	assert_false(in.gpu.tie_break_next);
	assert_int_equal(in.gpu.reconfig_wait_above, 0);
	pred_input_free(&in);
	assert_int_equal(parse("{\"schema\":1,\"gpu\":{\"base\":\"ga100-a100\","
			       "\"smem_config_scope\":\"gpc\"},\"kernels\":[]}", NULL, &in, err), -1);

	/* profile override from the command line */
	assert_int_equal(parse("{\"schema\":1,\"gpu\":\"nope\",\"kernels\":[]}",
			       "ga10b-orin", &in, err), 0);
	assert_int_equal(in.gpu.sms, 16);
	pred_input_free(&in);

	/* errors */
	assert_int_equal(parse("{\"schema\":2,\"gpu\":\"ga100-a100\",\"kernels\":[]}",
			       NULL, &in, err), -1);
	assert_non_null(strstr(err, "schema"));
	assert_int_equal(parse("{\"schema\":1,\"gpu\":\"rtx9999\",\"kernels\":[]}",
			       NULL, &in, err), -1);
	assert_non_null(strstr(err, "rtx9999"));
	assert_int_equal(parse("{\"schema\":1,\"gpu\":{\"sms\":4},\"kernels\":[]}",
			       NULL, &in, err), -1);
	assert_non_null(strstr(err, "missing"));
	assert_int_equal(parse("{\"schema\":1,\"gpu\":\"ga100-a100\",\"kernels\":["
			       "{\"name\":\"bad\",\"blocks\":1.5,\"threads\":1,\"regs\":8}]}",
			       NULL, &in, err), -1);
	assert_non_null(strstr(err, "'bad'"));
	assert_int_equal(parse("{\"schema\":1,\"gpu\":\"ga100-a100\",\"kernels\":["
			       "{\"name\":\"nothreads\",\"blocks\":1,\"regs\":8}]}",
			       NULL, &in, err), -1);
	assert_non_null(strstr(err, "'nothreads'"));
	assert_int_equal(parse("{\"schema\":1,\"gpu\":\"ga100-a100\",\"kernels\":["
			       "{\"name\":\"neg\",\"blocks\":1,\"threads\":1,\"regs\":8,"
			       "\"duration\":-1}]}", NULL, &in, err), -1);
	assert_non_null(strstr(err, "duration"));

	/* every profile is consistent */
	for (i = 0; i < pred_profile_count(); i++)
		assert_int_equal(pred_gpu_check(pred_profile(i), err, sizeof(err)), 0);
	assert_non_null(pred_profile_find("ga102-rtx3090"));
	assert_non_null(pred_profile_find("ga100-a100"));
	assert_non_null(pred_profile_find("gh100-h100-sxm"));
	assert_non_null(pred_profile_find("ga10b-orin"));
}

/* Ten one-block kernels that all fit on one SM at once, durations 10 s down
 * to 1 s: every block starts at 0, and the completions come in time order
 * 1, 2, .., 10 (kernel 9 first, kernel 0 last) - the running set is a
 * priority queue by end time, and every order but this one is wrong. */
static void test_completion_order(void **state)
{
	struct pred_gpu g = small_gpu(1, 1);
	struct pred_kernel k[10];
	struct pred_result r;
	size_t n = 0;

	memset(k, 0, sizeof(k));
	for (int i = 0; i < 10; i++) {
		snprintf(k[i].name, sizeof(k[i].name), "k%d", i);
		k[i].blocks = 1;
		k[i].threads = 32;
		k[i].regs = 8;
		k[i].duration = 10 - i;
	}
	run(&g, k, 10, &r);
	for (int i = 0; i < 10; i++) {
		assert_int_equal(r.blocks[i][0].sm, 0);
		assert_true(r.blocks[i][0].start == 0.0);
		assert_true(r.blocks[i][0].end == 10.0 - i);
	}
	for (size_t e = 0; e < r.nevents; e++) {
		if (r.events[e].start)
			continue;
		assert_true(r.events[e].t == (double)(n + 1));
		assert_int_equal(r.events[e].kernel, 9 - n);
		n++;
	}
	assert_int_equal(n, 10);
	assert_true(r.makespan == 10.0);
	pred_result_free(&r);
}

/* pred_gpu_check: every bound on both sides (a copy of a valid profile with
 * one field changed at a time) */
static void test_gpu_check_bounds(void **state)
{
	char err[256];
	struct pred_gpu g;
	const struct pred_gpu *base = pred_profile_find("ga100-a100");

	assert_non_null(base);
#define OK(stmt) do { g = *base; stmt; assert_int_equal(pred_gpu_check(&g, err, sizeof(err)), 0); } while (0)
#define BAD(stmt, msg) do { g = *base; stmt; assert_int_equal(pred_gpu_check(&g, err, sizeof(err)), -1); \
		assert_non_null(strstr(err, msg)); } while (0)
	OK(g.sms = 1);
	OK(g.sms = 4096);
	BAD(g.sms = 0, "sms must be 1..4096");
	BAD(g.sms = 4097, "sms must be 1..4096");
	OK(g.sms_per_tpc = 1);
	OK(g.sms_per_tpc = 16);
	BAD(g.sms_per_tpc = 0, "sms_per_tpc must be 1..16");
	BAD(g.sms_per_tpc = 17, "sms_per_tpc must be 1..16");
	OK((g.processing_blocks_per_sm = 1, g.max_warps_per_sm = 1, g.regs_per_sm = 1));
	OK((g.processing_blocks_per_sm = 8, g.max_warps_per_sm = 8, g.regs_per_sm = 8));
	BAD(g.processing_blocks_per_sm = 0, "processing_blocks_per_sm must be 1..8");
	BAD((g.processing_blocks_per_sm = 9, g.max_warps_per_sm = 72), "processing_blocks_per_sm must be 1..8");
	BAD((g.processing_blocks_per_sm = 4, g.max_warps_per_sm = 2), "max_warps_per_sm must be >=");
	BAD((g.processing_blocks_per_sm = 4, g.max_warps_per_sm = 6), "multiple of processing_blocks_per_sm");
	BAD((g.processing_blocks_per_sm = 4, g.regs_per_sm = 65534), "regs_per_sm must be a multiple");
	OK(g.max_blocks_per_sm = 1);
	BAD(g.max_blocks_per_sm = 0, "max_blocks_per_sm must be >= 1");
	BAD(g.regs_per_sm = 0, "regs_per_sm must be >= 1");
	OK(g.reg_alloc_unit = 1);
	BAD(g.reg_alloc_unit = 0, "reg_alloc_unit must be >= 1");
	OK(g.max_regs_per_thread = 1);
	BAD(g.max_regs_per_thread = 0, "max_regs_per_thread must be >= 1");
	OK(g.n_smem_configs = 1);
	BAD(g.n_smem_configs = 0, "at least one size");
	OK(g.smem_configs[0] = 0);
	BAD(g.smem_configs[0] = -1, "smem_configs must be >= 0");
	BAD(g.smem_configs[1] = g.smem_configs[0], "strictly ascending");
	BAD(g.smem_configs[g.n_smem_configs - 1] = g.smem_configs[g.n_smem_configs - 2], "strictly ascending");
	OK(g.smem_alloc_unit = 1);
	BAD(g.smem_alloc_unit = 0, "smem_alloc_unit must be >= 1");
	OK(g.runtime_smem_per_block = 0);
	BAD(g.runtime_smem_per_block = -1, "runtime_smem_per_block must be >= 0");
	OK(g.warp_size = 1);
	BAD(g.warp_size = 0, "warp_size must be >= 1");
	OK(g.max_threads_per_block = 1);
	BAD(g.max_threads_per_block = 0, "max_threads_per_block must be >= 1");
	OK(g.max_smem_per_block = 0);
	BAD(g.max_smem_per_block = -1, "max_smem_per_block must be >= 0");
	OK(g.lmem_initial = 0);
	BAD(g.lmem_initial = -1, "lmem_initial must be >= 0");
	OK(g.smem_config_min = 0);
	BAD(g.smem_config_min = -1, "smem_config_min must be >= 0");
	OK(g.smem_config_double_max = 0);
	BAD(g.smem_config_double_max = -1, "smem_config_double_max must be >= 0");
	/* the message names the GPU */
	BAD(g.sms = 0, "GPU 'ga100-a100': ");
	/* the SM-to-virtual-GPC map (gh100): -1 (a singleton TPC) up to
	 * n_vgpc - 1 are valid, one past either end is not */
	{
		const struct pred_gpu *h = pred_profile_find("gh100-h100-sxm");
		signed char map[4096];

		assert_non_null(h);
		assert_true(h->n_sm_vgpc == h->sms && h->sms <= (int)sizeof(map));
		memcpy(map, h->sm_vgpc, (size_t)h->sms);
		base = h;
		OK((g.sm_vgpc = map, map[5] = -1));
		OK((g.sm_vgpc = map, map[5] = (signed char)(h->n_vgpc - 1)));
		BAD((g.sm_vgpc = map, map[5] = (signed char)h->n_vgpc), "SM-to-virtual-GPC map out of range");
		BAD((g.sm_vgpc = map, map[5] = -2), "SM-to-virtual-GPC map out of range");
		/* every SM is checked, the first and the last one included (one
		 * wrong entry at a time: the map is restored before each) */
#define MAP_BAD(sm, val) BAD((memcpy(map, h->sm_vgpc, (size_t)h->sms), g.sm_vgpc = map, \
			      map[sm] = (signed char)(val)), "SM-to-virtual-GPC map out of range")
		MAP_BAD(0, -2);
		MAP_BAD(0, h->n_vgpc);
		MAP_BAD(h->sms - 1, -2);
		MAP_BAD(h->sms - 1, h->n_vgpc);
#undef MAP_BAD
		OK((memcpy(map, h->sm_vgpc, (size_t)h->sms), g.sm_vgpc = map));
		/* the rotation state and the order's array limits */
		OK(g.order_start = 0);
		OK(g.order_start = h->n_vgpc - 1);
		BAD(g.order_start = -1, "order_start must be 0..(virtual GPCs - 1)");
		BAD(g.order_start = h->n_vgpc, "order_start must be 0..(virtual GPCs - 1)");
		OK(g.order_phase = 1);
		BAD(g.order_phase = 2, "order_phase must be 0 or 1");
		BAD(g.order_phase = -1, "order_phase must be 0 or 1");
		OK(g.sms_per_tpc = 4);
		BAD(g.sms_per_tpc = 5, "at most 256 virtual GPCs and 4 SMs per TPC");
		OK(g.n_vgpc = 256);
		BAD(g.n_vgpc = 257, "at most 256 virtual GPCs and 4 SMs per TPC");
		/* without the map (paper order) none of these is checked */
		OK((g.sm_vgpc = NULL, g.order_start = -1, g.order_phase = 2, g.sms_per_tpc = 5));
	}
#undef OK
#undef BAD
}

/* A GPU without a runtime reservation and kernels without shared memory. */
static void test_no_smem(void **state)
{
	struct pred_gpu g = small_gpu(2, 2);
	struct pred_kernel k[3] = {
		K("a", 20, 32, 32, 0, 1), K("b", 2, 32, 32, 256, 1), K("c", 40, 32, 32, 0, 1),
	};
	struct pred_result r;

	(void)state;
	g.runtime_smem_per_block = 0;
	run(&g, k, 3, &r);
	/* configurations: 'a' and 'c' 8 KB (smallest), 'b' 16 x 256 B -> 8 KB.
	 * 20 + 2 blocks fill 22 of 32 slots; 'c' gets the other 10 at once */
	assert_true(r.blocks[1][0].start == 0 && r.blocks[1][1].start == 0);
	assert_true(r.blocks[2][9].start == 0);
	assert_true(r.blocks[2][10].start == 1);
	assert_true(r.blocks[2][39].start == 1);
	assert_true(r.makespan == 2);
	pred_result_free(&r);
}

/* Profiles: one block per SM over the whole GPU follows the even/odd order. */
static void test_profiles_fill(void **state)
{
	size_t i;

	(void)state;
	/* predict_gpu.c lists four profiles; pred_profile() is NULL past the last */
	assert_int_equal(pred_profile_count(), 4);
	assert_non_null(pred_profile(3));
	assert_null(pred_profile(4));
	for (i = 0; i < pred_profile_count(); i++) {
		const struct pred_gpu *g = pred_profile(i);
		struct pred_kernel k = K("fill", g->sms, 1024, 64, 0, NODUR);
		struct pred_result r;
		int b;

		if (pred_gpc_order(g))
			continue;	/* test_h100_gpc_order */
		run(g, &k, 1, &r);
		for (b = 0; b < g->sms; b++)
			assert_int_equal(r.blocks[0][b].sm, pred_sm_order(g, b));
		pred_result_free(&r);
	}
}


/* the H100 profile cut to two SMs in one plain order (the 2-SM hand-worked cases) */
/* block b of kernel k was placed on SM sm at start */
static void assert_placed(const struct pred_result *r, int k, int b, int sm, double start)
{
	assert_int_equal(r->blocks[k][b].sm, sm);
	assert_true(r->blocks[k][b].start == start);
}

static struct pred_gpu h100_two_sms(void)
{
	struct pred_gpu g = *pred_profile_find("gh100-h100-sxm");

	g.sms = 2;
	g.sm_vgpc = NULL;
	g.n_sm_vgpc = 0;
	return g;
}

/*
 * A block that waits for a reconfiguration (release_batch) waits for every
 * completion at that time, not one more group: then it takes the first SM
 * of the order on the idle GPU.  Three H100 SMs (paper order 0, 2, 1),
 * release_batch 1, every reconfiguration waits (reconfig_wait_above 0),
 * the driver's rule off (configuration = occupancy x s rounded up), sticky
 * configurations on.  Every block takes a whole SM (1024 threads x 64
 * registers: 32 warps of 2048 registers, 8 per processing block); s is the
 * shared memory + 1 KB: 1 KB -> 8 KB, B 101 KB -> 132 KB, C 51 KB -> 64 KB.
 *  - t = 0: Z0 (0.75 s) SM 0, Z2 (0.5 s) SM 2, A (1 s) SM 1.
 *  - 0.5: Z2 ends, B (0.5 s) to SM 2 (132 KB); 0.75: Z0 ends, Cc (0.25 s)
 *    to SM 0.  A, B and Cc all end at 1.
 *  - 1: one group: A ends; C's only idle SM is SM 1 (8 KB -> 64 KB), B and
 *    Cc end at 1 too: C waits for both.  The GPU is idle, no SM keeps its
 *    size, all have room 1: SM 0, the first.  (Releasing only B first would
 *    offer SM 2, idle but still 132 KB while Cc runs: no change, so C
 *    would start there.)
 */
static void test_h100_reconfig_wait_all(void **state)
{
	struct pred_gpu g = h100_two_sms();
	struct pred_kernel k[6] = {
		K("Z0", 1, 1024, 64, 0, 0.75), K("Z2", 1, 1024, 64, 0, 0.5),
		K("A", 1, 1024, 64, 0, 1.0), K("B", 1, 1024, 64, 100 * KB, 0.5),
		K("Cc", 1, 1024, 64, 0, 0.25), K("C", 1, 1024, 64, 50 * KB, 1.0),
	};
	struct pred_result r;

	(void)state;
	g.sms = 3;
	g.release_batch = 1;
	g.reconfig_wait_above = 0;
	g.smem_config_double_max = 0;
	assert_true(g.smem_config_sticky && g.smem_config_per_sm);
	run(&g, k, 6, &r);
	assert_int_equal(r.info[0].config_smem, 8 * KB);
	assert_int_equal(r.info[3].config_smem, 132 * KB);
	assert_int_equal(r.info[5].config_smem, 64 * KB);
	assert_placed(&r, 0, 0, 0, 0.0);
	assert_placed(&r, 1, 0, 2, 0.0);
	assert_placed(&r, 2, 0, 1, 0.0);
	assert_placed(&r, 3, 0, 2, 0.5);
	assert_placed(&r, 4, 0, 0, 0.75);
	assert_placed(&r, 5, 0, 0, 1.0);
	pred_result_free(&r);
}

/*
 * reconfig_wait_above limits the reconfiguration exception of release_batch
 * to kernels without shared memory and to new configurations above it.
 * Same two SMs and kA, kC as test_h100_release_batch, one block at a time.
 * kB with 20 KB (idle SM: 8 KB -> 100 KB): with 132 KB it does not wait, so
 * both kB go to SM 0 at t = 1 and kC to SM 1 at t = 1 (as without the
 * exception); with 64 KB (100 KB is above) it waits: kB spreads, kC waits
 * for kB's block on SM 0 (t = 2).  kB without shared memory, 512 threads
 * of 64 registers (4 warps x 2048 per processing block: 8192 > 6144 left
 * beside kA, two fit on an empty SM): idle size 16 KB (floor 8 KB x 1024 /
 * 512) > 8 KB, so it waits even with 132 KB: kB on SM 0 and SM 1, kC on
 * SM 0 at t = 2 (SM 0 keeps 16 KB while kB runs on SM 1: no change).
 */
static void test_h100_reconfig_wait_above(void **state)
{
	struct pred_gpu g = h100_two_sms();
	struct pred_kernel k[3];
	struct pred_result r;
	char err[256];

	(void)state;
	g.release_batch = 1;
	assert_int_equal(g.reconfig_wait_above, 132 * KB);
	g.reconfig_wait_first = false;	/* test_h100_reconfig_wait_first */
	g.tie_break_next = false;
	k[0] = K("kA", 2, 1024, 40, 0, 1.0);
	k[1] = K("kB", 2, 768, 40, 20 * KB, 1.0);
	k[2] = K("kC", 1, 1024, 40, 0, 1.0);
	g.reconfig_wait_above = 132 * KB;
	run(&g, k, 3, &r);
	assert_int_equal(r.info[1].config_smem, 100 * KB);
	assert_placed(&r, 1, 0, 0, 1.0);
	assert_placed(&r, 1, 1, 0, 1.0);
	assert_placed(&r, 2, 0, 1, 1.0);
	pred_result_free(&r);
	g.reconfig_wait_above = 64 * KB;
	run(&g, k, 3, &r);
	assert_placed(&r, 1, 0, 0, 1.0);
	assert_placed(&r, 1, 1, 1, 1.0);
	assert_placed(&r, 2, 0, 0, 2.0);
	pred_result_free(&r);
	g.reconfig_wait_above = 100 * KB;	/* exactly kB's size: not above it */
	run(&g, k, 3, &r);
	assert_placed(&r, 1, 0, 0, 1.0);
	assert_placed(&r, 1, 1, 0, 1.0);
	assert_placed(&r, 2, 0, 1, 1.0);
	pred_result_free(&r);
	g.reconfig_wait_above = 132 * KB;
	k[1] = K("kB", 2, 512, 64, 0, 1.0);
	run(&g, k, 3, &r);
	assert_int_equal(r.info[0].config_smem, 8 * KB);
	assert_int_equal(r.info[1].config_smem, 16 * KB);
	assert_placed(&r, 1, 0, 0, 1.0);
	assert_placed(&r, 1, 1, 1, 1.0);
	assert_placed(&r, 2, 0, 0, 2.0);
	pred_result_free(&r);
	g.reconfig_wait_above = -1;
	assert_int_equal(pred_run(&g, k, 3, &r, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "reconfig_wait_above"));
}

/*
 * reconfig_wait_first: with reconfig_wait_above, the reconfiguration
 * exception also holds for a kernel's first block when other blocks were
 * placed before it at that moment; not for a later block, nor for a first
 * block that is the moment's first placement.  One block freed at a time.
 * Head of the moment (the two SMs of test_h100_reconfig_wait_above, kB with
 * 20 KB: idle size 100 KB, not above 132 KB): kB's block 0 is the first
 * placement at t = 1, so it does not wait with or without the key: both kB
 * on SM 0 at t = 1, kC on SM 1 at t = 1.
 * After another placement: three SMs (paper order 0, 2, 1).  kA (one per
 * SM) takes all three (8 KB) until t = 1.  kW (768 threads, 40 registers,
 * no shared memory: 7680 registers per processing block, 6144 left beside
 * kA) waits; kB (as above, 2 blocks) and kC (like kA) wait behind it.  At
 * t = 1 kA's block 0 frees SM 0 and kW takes it (8 KB, no change).  kA's
 * block 1 frees SM 2; kB's block 0 would set it to 100 KB: with the key it
 * waits (kW was placed at t = 1), kA's block 2 frees SM 1, and kB spreads
 * (SM 2, SM 1); kC waits for t = 2 (SM 0).  Without the key kB's blocks
 * both go to SM 2 and kC to SM 1 at t = 1.
 * A later block: three SMs.  kA takes SM 0 and SM 2 until t = 1.  kB (4
 * blocks) puts blocks 0 and 1 on SM 1 (100 KB) at t = 0; blocks 2 and 3
 * wait.  kC: 2 blocks like kA.  At t = 1 all four end; kA's block 0 frees
 * SM 0 first (8 KB -> 100 KB).  kB's block 2 is not the first of its
 * kernel: with the key it does not wait, blocks 2 and 3 fill SM 0, kC
 * takes SM 2 and SM 1 at t = 1.  With the exception for every
 * reconfiguration (reconfig_wait_above 0) all four are released first:
 * kB's blocks 2 and 3 spread to SM 0 and SM 2, kC's block 0 takes SM 1 at
 * t = 1 and block 1 waits until t = 2.
 */
static void test_h100_reconfig_wait_first(void **state)
{
	struct pred_gpu g = h100_two_sms();
	struct pred_kernel k[4];
	struct pred_result r;

	(void)state;
	assert_true(g.reconfig_wait_first);
	g.release_batch = 1;
	g.tie_break_next = false;
	k[0] = K("kA", 2, 1024, 40, 0, 1.0);
	k[1] = K("kB", 2, 768, 40, 20 * KB, 1.0);
	k[2] = K("kC", 1, 1024, 40, 0, 1.0);
	run(&g, k, 3, &r);
	assert_placed(&r, 1, 0, 0, 1.0);
	assert_placed(&r, 1, 1, 0, 1.0);
	assert_placed(&r, 2, 0, 1, 1.0);
	pred_result_free(&r);

	g.sms = 3;
	k[0] = K("kA", 3, 1024, 40, 0, 1.0);
	k[1] = K("kW", 1, 768, 40, 0, 1.0);
	k[2] = K("kB", 2, 768, 40, 20 * KB, 1.0);
	k[3] = K("kC", 1, 1024, 40, 0, 1.0);
	run(&g, k, 4, &r);
	assert_placed(&r, 0, 0, 0, 0.0);
	assert_placed(&r, 0, 1, 2, 0.0);
	assert_placed(&r, 0, 2, 1, 0.0);
	assert_placed(&r, 1, 0, 0, 1.0);
	assert_placed(&r, 2, 0, 2, 1.0);
	assert_placed(&r, 2, 1, 1, 1.0);
	assert_placed(&r, 3, 0, 0, 2.0);
	pred_result_free(&r);
	g.reconfig_wait_first = false;
	run(&g, k, 4, &r);
	assert_placed(&r, 1, 0, 0, 1.0);
	assert_placed(&r, 2, 0, 2, 1.0);
	assert_placed(&r, 2, 1, 2, 1.0);
	assert_placed(&r, 3, 0, 1, 1.0);
	pred_result_free(&r);

	g.reconfig_wait_first = true;
	k[0] = K("kA", 2, 1024, 40, 0, 1.0);
	k[1] = K("kB", 4, 768, 40, 20 * KB, 1.0);
	k[2] = K("kC", 2, 1024, 40, 0, 1.0);
	run(&g, k, 3, &r);
	assert_placed(&r, 0, 0, 0, 0.0);
	assert_placed(&r, 0, 1, 2, 0.0);
	assert_placed(&r, 1, 0, 1, 0.0);
	assert_placed(&r, 1, 1, 1, 0.0);
	assert_placed(&r, 1, 2, 0, 1.0);
	assert_placed(&r, 1, 3, 0, 1.0);
	assert_placed(&r, 2, 0, 2, 1.0);
	assert_placed(&r, 2, 1, 1, 1.0);
	pred_result_free(&r);
	g.reconfig_wait_above = 0;
	run(&g, k, 3, &r);
	assert_placed(&r, 1, 2, 0, 1.0);
	assert_placed(&r, 1, 3, 2, 1.0);
	assert_placed(&r, 2, 0, 1, 1.0);
	assert_placed(&r, 2, 1, 0, 2.0);
	pred_result_free(&r);
}

/*
 * A profile with the most shared-memory configurations a GPU description may
 * list (PRED_MAX_SMEM_CONFIGS, 32: 8 KB steps up to 256 KB here).  A block
 * of 100 KB (+ 1 KB reserve) has occupancy 2, so it needs 202 KB -> 208 KB.
 * Room for twice the occupancy (404 KB) is above the largest size: the
 * search for it must stop at the last entry (the UBSan build checks the
 * bound); the driver rule then takes the need, which is above 132 KB.
 */
static void test_h100_max_smem_configs(void **state)
{
	struct pred_gpu g = h100_two_sms();
	struct pred_kernel k = K("big", 1, 512, 32, 100 * KB, 1.0);
	struct pred_result r;
	int i;

	(void)state;
	g.n_smem_configs = PRED_MAX_SMEM_CONFIGS;
	for (i = 0; i < PRED_MAX_SMEM_CONFIGS; i++)
		g.smem_configs[i] = 8 * KB * (i + 1);
	g.max_smem_per_block = 200 * KB;
	run(&g, &k, 1, &r);
	assert_int_equal(r.info[0].config_smem, 208 * KB);
	assert_true(r.blocks[0][0].start == 0);
	pred_result_free(&r);
}

/*
 * tie_break_next (H100): Mechanism 1 ties go to the first SM with the most
 * room from the one after the SM that took the kernel's previous block.
 * Four SMs (paper order 0, 2, 1, 3), 64 warps, 4 x 16384 registers each.
 * kS (32 warps x 64 registers: all registers of every processing block)
 * fills SM 0 and SM 2 until t = 1; kL (32 warps x 32 registers) takes SM 1
 * and SM 3 (half of them) until t = 5.  kH (like kS) needs an empty SM:
 * it waits and holds kB back.  At t = 1 kH takes SM 0 (first in the order).
 * kB (16 warps x 32 registers): room 4 on SM 2, 2 beside kL, 0 beside kH.
 * Blocks 0 and 1 go to SM 2 (4, then 3 > 2); then SM 2, SM 1 and SM 3
 * tie at 2.  From the start of the order (the paper's first fit) block 2
 * goes to SM 2 again and block 3 to SM 1; with tie_break_next the search
 * starts after SM 2: block 2 goes to SM 1, block 3 to SM 3.
 */
static void test_h100_tie_break_next(void **state)
{
	struct pred_gpu g = h100_two_sms();
	struct pred_kernel k[4];
	struct pred_result r;

	(void)state;
	assert_true(g.tie_break_next);
	g.sms = 4;
	k[0] = K("kS", 2, 1024, 64, 0, 1.0);
	k[1] = K("kL", 2, 1024, 32, 0, 5.0);
	k[2] = K("kH", 1, 1024, 64, 0, 1.0);
	k[3] = K("kB", 4, 512, 32, 0, 1.0);
	run(&g, k, 4, &r);
	assert_placed(&r, 0, 0, 0, 0.0);
	assert_placed(&r, 0, 1, 2, 0.0);
	assert_placed(&r, 1, 0, 1, 0.0);
	assert_placed(&r, 1, 1, 3, 0.0);
	assert_placed(&r, 2, 0, 0, 1.0);
	assert_placed(&r, 3, 0, 2, 1.0);
	assert_placed(&r, 3, 1, 2, 1.0);
	assert_placed(&r, 3, 2, 1, 1.0);
	assert_placed(&r, 3, 3, 3, 1.0);
	pred_result_free(&r);
	g.tie_break_next = false;
	run(&g, k, 4, &r);
	assert_placed(&r, 3, 0, 2, 1.0);
	assert_placed(&r, 3, 1, 2, 1.0);
	assert_placed(&r, 3, 2, 2, 1.0);
	assert_placed(&r, 3, 3, 1, 1.0);
	pred_result_free(&r);
}

/*
 * The integer keys of a GPU description (pred_gpu_int_key and friends): each
 * index names its member, in the contract's order, and set/get reach it.
 */
static void test_gpu_int_keys(void **state)
{
	static const char *const keys[PRED_GI_N] = {
		"sms", "sms_per_tpc", "processing_blocks_per_sm", "max_blocks_per_sm",
		"max_warps_per_sm", "regs_per_sm", "reg_alloc_unit", "max_regs_per_thread",
		"smem_alloc_unit", "runtime_smem_per_block", "warp_size",
		"max_threads_per_block", "max_smem_per_block", "lmem_initial",
		"smem_config_min", "smem_config_double_max", "release_batch",
		"reconfig_wait_above", "order_start", "order_phase",
	};
	struct pred_gpu g;
	size_t i;

	(void)state;
	memset(&g, 0, sizeof(g));
	for (i = 0; i < PRED_GI_N; i++) {
		assert_string_equal(pred_gpu_int_key(i), keys[i]);
		pred_gpu_set_int(&g, i, 1000 + (long)i);
	}
	for (i = 0; i < PRED_GI_N; i++)
		assert_int_equal(pred_gpu_int(&g, i), 1000 + (long)i);
	assert_int_equal(g.sms, 1000);
	assert_int_equal(g.regs_per_sm, 1005);
	assert_int_equal(g.max_regs_per_thread, 1007);
	assert_int_equal(g.smem_alloc_unit, 1008);
	assert_int_equal(g.max_smem_per_block, 1012);
	assert_int_equal(g.smem_config_min, 1014);
	assert_int_equal(g.smem_config_double_max, 1015);
	assert_int_equal(g.release_batch, 1016);
	assert_int_equal(g.reconfig_wait_above, 1017);
	assert_int_equal(g.order_phase, 1019);
	pred_gpu_set_int(&g, 5, 0x7fffffffL);
	assert_int_equal(g.regs_per_sm, 0x7fffffffL);
	assert_int_equal(g.max_warps_per_sm, 1004);	/* neighbours untouched */
	assert_int_equal(g.reg_alloc_unit, 1006);
}

/*
 * The H100 driver's shared-memory configuration (smem_config_double_max,
 * docs/predict-h100-accuracy.md, "Which kernel may share an SM"), worked by
 * hand on the gh100 profile (64 warps and 64 K registers in 4 processing
 * blocks, 32 blocks, registers in units of 8 per thread, 1 KB reserved per
 * block, sizes 0/8/16/32/64/100/132/164/196/228 KB, doubling up to 132 KB).
 * Each shape is a cfg3 k1 whose measured ceiling is the chosen size.
 */
static void test_h100_smem_config_driver(void **state)
{
	static const struct {
		int threads, regs;
		long smem, occ, chosen, need;
	} c[] = {
		/* 4 warps, 768 regs/warp: 16 per PB -> 16 blocks x 3 KB = 48 -> 64;
		 * doubled: 32 (the block limit) x 3 = 96 -> 100 */
		{ 128, 24, 2 * KB, 16, 100 * KB, 64 * KB },
		/* 3072 regs/warp: 5 warps per PB -> 5 blocks x 15 KB = 75 -> 100;
		 * doubled 150 -> 164 is above 132: the largest size <= 132 */
		{ 128, 96, 14 * KB, 5, 132 * KB, 100 * KB },
		/* 1536 regs/warp: 10 per PB -> 10 x 15 = 150 -> 164 (above 132
		 * already: the occupancy rule's size) */
		{ 128, 48, 14 * KB, 10, 164 * KB, 164 * KB },
		/* 32 warps = half the SM: not doubled, 2 x 3 = 6 -> 8 */
		{ 1024, 24, 2 * KB, 2, 8 * KB, 8 * KB },
		/* one block per SM (24 warps x 1536): 7 -> 8, not doubled */
		{ 768, 48, 6 * KB, 1, 8 * KB, 8 * KB },
		/* no shared memory: 4 blocks x 1 KB -> 8; doubled 8 -> 8; at least
		 * 8 KB x 1024 / 512 = 16 */
		{ 512, 24, 0, 4, 16 * KB, 8 * KB },
		/* no shared memory, 2 blocks (3072 regs/warp, 8 warps): at least
		 * min(32, 8 x 4) = 32 */
		{ 256, 96, 0, 2, 32 * KB, 8 * KB },
		/* one warp: 32 blocks x 1 KB = 32 both ways */
		{ 32, 24, 0, 32, 32 * KB, 32 * KB },
	};
	const struct pred_gpu *g = pred_profile_find("gh100-h100-sxm");
	struct pred_gpu off;
	struct pred_kinfo ki;
	struct pred_kernel k;
	char err[256];
	size_t i;

	(void)state;
	assert_non_null(g);
	off = *g;
	off.smem_config_double_max = 0;
	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		k = K("k", 1, c[i].threads, c[i].regs, c[i].smem, NODUR);
		assert_int_equal(pred_kernel_info(g, &k, &ki, err, sizeof(err)), 0);
		assert_int_equal(ki.occupancy, c[i].occ);
		assert_int_equal(ki.config_smem, c[i].chosen);
		assert_int_equal(ki.config_need, c[i].need);
		/* without the rule the SM gets what the occupancy rule needs */
		assert_int_equal(pred_kernel_info(&off, &k, &ki, err, sizeof(err)), 0);
		assert_int_equal(ki.config_smem, c[i].need);
		assert_int_equal(ki.config_need, c[i].need);
	}
	/* the rule is on from a cap of 1 byte: 256 threads x 96 regs, no shared
	 * memory (the 32 KB case above): doubled 4 x 1 KB -> 8 KB is above 1 B,
	 * so the largest size <= 1 B (0) is taken, but without shared memory
	 * at least min(32, 8 x 1024 / 256) = 32 KB; with 0 the rule is off: 8 */
	off = *g;
	off.smem_config_double_max = 1;
	k = K("k", 1, 256, 96, 0, NODUR);
	assert_int_equal(pred_kernel_info(&off, &k, &ki, err, sizeof(err)), 0);
	assert_int_equal(ki.config_need, 8 * KB);
	assert_int_equal(ki.config_smem, 32 * KB);
	off.smem_config_double_max = 0;
	assert_int_equal(pred_kernel_info(&off, &k, &ki, err, sizeof(err)), 0);
	assert_int_equal(ki.config_smem, 8 * KB);
	/* doubled past the largest size (228 KB), with the cap at 228 KB: one
	 * warp x 91 KB: 2 blocks (182 -> 196 needed), doubled 4 x 91 = 364,
	 * above every size: the largest, 228 */
	off = *g;
	off.smem_config_double_max = 228 * KB;
	k = K("k", 1, 32, 24, 90 * KB, NODUR);
	assert_int_equal(pred_kernel_info(&off, &k, &ki, err, sizeof(err)), 0);
	assert_int_equal(ki.occupancy, 2);
	assert_int_equal(ki.config_need, 196 * KB);
	assert_int_equal(ki.config_smem, 228 * KB);
}

/*
 * Sharing and the sticky configuration on a 2-SM H100 (paper order 0, 1):
 *  kA 128 thr x 24 regs x 2 KB (chosen 100, need 64), 1 unit: SM 0 at 0.
 *  kB 1024 thr x 24 regs, no smem (8 KB), 4 units: SM 1 (room 2 > 1) at 0.
 *  kP 256 thr x 24 regs x 7 KB: 8 blocks x 8 KB = 64 needed (doubled:
 *     128 -> 132 chosen): needs 64 <= 100, so it joins kA on SM 0 at 0
 *     (comparing chosen sizes, 132 > 100, it would wait), 1 unit.
 *  kC 2 x (1024 thr x 24 regs), 1 unit: SM 0 has 52 free warps (room 1),
 *     SM 1 32 (room 1): block 0 to SM 0 (first in the order), block 1 to
 *     SM 1, both at 0; SM 0's blocks all leave at 1.
 *  kD 1024 thr x 24 regs, 1 unit: no room at 0; at 1 SM 0 is idle (room 2)
 *     while kB keeps the GPU busy: SM 0 keeps 100 KB (sticky) instead of 8.
 *  kE 32 thr x 32 regs x 2 KB: 32 x 3 = 96 -> 100 needed: joins kD on SM 0
 *     at 1 when sticky; otherwise SM 0 has 8 KB and SM 1 8 KB until they
 *     are idle: SM 0 at 2.
 */
static void test_h100_smem_config_sharing(void **state)
{
	struct pred_gpu g = h100_two_sms();
	struct pred_kernel k[6];
	struct pred_result r;

	(void)state;
	k[0] = K("kA", 1, 128, 24, 2 * KB, 1.0);
	k[1] = K("kB", 1, 1024, 24, 0, 4.0);
	k[2] = K("kP", 1, 256, 24, 7 * KB, 1.0);
	k[3] = K("kC", 2, 1024, 24, 0, 1.0);
	k[4] = K("kD", 1, 1024, 24, 0, 1.0);
	k[5] = K("kE", 1, 32, 32, 2 * KB, 1.0);
	run(&g, k, 6, &r);
	assert_int_equal(r.info[2].config_need, 64 * KB);
	assert_int_equal(r.info[2].config_smem, 132 * KB);
	assert_int_equal(r.blocks[0][0].sm, 0);
	assert_int_equal(r.blocks[1][0].sm, 1);
	assert_placed(&r, 2, 0, 0, 0.0);
	assert_placed(&r, 3, 0, 0, 0.0);
	assert_placed(&r, 3, 1, 1, 0.0);
	assert_placed(&r, 4, 0, 0, 1.0);
	assert_placed(&r, 5, 0, 0, 1.0);
	pred_result_free(&r);
	g.smem_config_sticky = false;
	run(&g, k, 6, &r);
	assert_placed(&r, 4, 0, 0, 1.0);
	assert_placed(&r, 5, 0, 0, 2.0);
	pred_result_free(&r);
}

/*
 * release_batch (H100): blocks that end at the same time free their room
 * one group at a time, and the waiting blocks fill the first SM that frees.
 * Two SMs, 64 warps and 4 x 16384 registers each.  kA: one block per SM
 * (32 warps x 1280 registers: 8 warps, 10240 registers per processing
 * block), until t = 1.  kB (24 warps x 1280: 6 warps, 7680 registers per
 * processing block) does not fit beside kA (6144 left); two kB fit on an
 * empty SM (15360).  kC (like kA) fits only on an empty SM.
 * All at once (0): at t = 1 kB spreads, SM 0 and SM 1, and kC waits for
 * kB (t = 2).  One at a time (1): kA's block 0 ends first, both kB go to
 * SM 0, kA's block 1 ends, kC starts on SM 1 at t = 1.  With 20 KB of
 * shared memory kB sets an idle SM to 100 KB (needs 64 KB), SM 0 was set
 * to 8 KB by kA: it must be reconfigured, so kB waits for the rest of
 * t = 1 and spreads as with 0.
 */
static void test_h100_release_batch(void **state)
{
	struct pred_gpu g = h100_two_sms();
	struct pred_kernel k[3];
	struct pred_result r;

	(void)state;
	assert_int_equal(g.release_batch, 4);
	/* the exception for every reconfiguration; its limits: the next tests */
	g.reconfig_wait_above = 0;
	g.tie_break_next = false;	/* test_h100_tie_break_next */
	k[0] = K("kA", 2, 1024, 40, 0, 1.0);
	k[1] = K("kB", 2, 768, 40, 0, 1.0);
	k[2] = K("kC", 1, 1024, 40, 0, 1.0);
	g.release_batch = 0;
	run(&g, k, 3, &r);
	assert_int_equal(r.info[0].config_smem, r.info[1].config_smem);
	assert_int_equal(r.blocks[0][0].sm, 0);
	assert_int_equal(r.blocks[0][1].sm, 1);
	assert_placed(&r, 1, 0, 0, 1.0);
	assert_placed(&r, 1, 1, 1, 1.0);
	assert_placed(&r, 2, 0, 0, 2.0);
	pred_result_free(&r);
	g.release_batch = 1;
	run(&g, k, 3, &r);
	assert_placed(&r, 1, 0, 0, 1.0);
	assert_placed(&r, 1, 1, 0, 1.0);
	assert_placed(&r, 2, 0, 1, 1.0);
	pred_result_free(&r);
	k[1] = K("kB", 2, 768, 40, 20 * KB, 1.0);
	run(&g, k, 3, &r);
	assert_int_equal(r.info[0].config_smem, 8 * KB);
	assert_int_equal(r.info[1].config_need, 64 * KB);	/* 2 x 21 KB */
	assert_int_equal(r.info[1].config_smem, 100 * KB);	/* 4 x 21 KB */
	assert_int_equal(r.blocks[1][0].sm, 0);
	assert_int_equal(r.blocks[1][1].sm, 1);
	assert_placed(&r, 2, 0, 0, 2.0);
	pred_result_free(&r);
}

/*
 * H100 GPC-rotation order: one 1024-thread block per SM, rotation state
 * (order_start 7, phase 0).  Expected: the %smid of every block as measured
 * on the H100 (docs/hw/h100-run2, case 30).
 */
static void test_h100_gpc_order(void **state)
{
	static const int measured[132] = {
		124, 125, 126, 127, 128, 129, 130, 131, 14, 15, 30, 31, 46, 47, 62, 63,
		76, 77, 90, 91, 104, 105, 118, 119, 122, 123, 0, 1, 16, 17, 32, 33, 48, 49,
		2, 3, 18, 19, 34, 35, 50, 51, 64, 65, 78, 79, 92, 93, 106, 107, 4, 5, 20, 21,
		36, 37, 52, 53, 66, 67, 80, 81, 94, 95, 108, 109, 6, 7, 22, 23, 38, 39, 54, 55,
		68, 69, 82, 83, 96, 97, 110, 111, 8, 9, 24, 25, 40, 41, 56, 57, 70, 71, 84, 85,
		98, 99, 112, 113, 10, 11, 26, 27, 42, 43, 58, 59, 72, 73, 86, 87, 100, 101,
		114, 115, 12, 13, 28, 29, 44, 45, 60, 61, 74, 75, 88, 89, 102, 103, 116, 117,
		120, 121,
	};
	struct pred_gpu g = *pred_profile_find("gh100-h100-sxm");
	struct pred_kernel k = K("fill", 132, 1024, 64, 0, NODUR);
	struct pred_result r;
	int b;

	(void)state;
	assert_true(pred_gpc_order(&g));
	g.order_start = 7;
	g.order_phase = 0;
	run(&g, &k, 1, &r);
	for (b = 0; b < 132; b++)
		assert_int_equal(r.blocks[0][b].sm, measured[b]);
	pred_result_free(&r);
	/* phase 1: the second half of the singleton TPCs comes first */
	g.order_phase = 1;
	run(&g, &k, 1, &r);
	assert_int_equal(r.blocks[0][0].sm, 128);
	assert_int_equal(r.blocks[0][4].sm, 124);
	assert_int_equal(r.blocks[0][8].sm, 14);
	pred_result_free(&r);
	/* a GPU description with another SM count falls back to the paper's order */
	g.sms = 130;
	assert_false(pred_gpc_order(&g));
}

static double dabs(double x)
{
	return x < 0 ? -x : x;
}

/*
 * -s: the measured hit rate per class, MISS + (HIT - MISS) * m for the
 * state share m (constants fitted on the H100 runs 2 and 3, see predict.h):
 * first kernel at launch 0.011..0.995, later kernel at launch 0..0.704,
 * waiting block 0.008..0.058; clamped to 0..1.
 */
static void test_h100_likelihood(void **state)
{
	struct pred_gpu g = *pred_profile_find("gh100-h100-sxm");
	struct pred_kernel k[2] = { K("fill", 264, 1024, 32, 0, 1.0),
				    K("late", 1, 1024, 32, 0, 1.0) };
	struct pred_kernel q[2] = { K("a", 8, 32, 32, 0, 1.0), K("b", 8, 32, 32, 0, 1.0) };
	struct pred_result r, s;
	double **lik, m;
	char err[128];
	int st, ph;

	(void)state;
	assert_true(dabs(pred_lik_calibrate(0, 0.0, 0.0) - 0.011) < 1e-12);
	assert_true(dabs(pred_lik_calibrate(0, 0.0, 1.0) - 0.995) < 1e-12);
	assert_true(dabs(pred_lik_calibrate(0, 0.0, 0.5) - 0.503) < 1e-12);
	assert_true(dabs(pred_lik_calibrate(3, 0.0, 0.0) - 0.0) < 1e-12);
	assert_true(dabs(pred_lik_calibrate(3, 0.0, 1.0) - 0.704) < 1e-12);
	assert_true(dabs(pred_lik_calibrate(1, 0.0, 0.5) - 0.352) < 1e-12);
	assert_true(dabs(pred_lik_calibrate(0, 2.5, 0.0) - 0.008) < 1e-12);
	assert_true(dabs(pred_lik_calibrate(1, 0.5, 1.0) - 0.058) < 1e-12);
	assert_true(dabs(pred_lik_calibrate(0, 0.5, 0.5) - 0.033) < 1e-12);
	assert_true(pred_lik_calibrate(0, 0.0, 2.0) == 1.0);
	assert_true(pred_lik_calibrate(1, 0.0, -1.0) == 0.0);

	/* kernel 2's block waits for kernel 1 (two 32-warp blocks fill an SM) */
	run(&g, k, 2, &r);
	assert_true(r.blocks[1][0].start > 0.5);
	assert_int_equal(pred_sm_likelihood(&g, k, 2, &r, &lik, err, sizeof(err)), 0);
	m = 0;
	for (ph = 0; ph < 2; ph++)
		for (st = 0; st < 8; st++) {
			struct pred_gpu h = g;

			h.order_start = st;
			h.order_phase = ph;
			run(&h, k, 2, &s);
			if (s.blocks[1][0].sm == r.blocks[1][0].sm)
				m += (ph ? 0.08 : 0.92) / 8;
			pred_result_free(&s);
		}
	assert_true(m > 0);
	assert_true(dabs(lik[1][0] - (0.008 + 0.05 * m)) < 1e-9);
	pred_likelihood_free(lik, 2);
	pred_result_free(&r);

	/* both kernels start at launch: kernel 2's blocks are of the 0..0.704 class */
	run(&g, q, 2, &r);
	assert_true(r.blocks[1][0].start == 0);
	assert_int_equal(pred_sm_likelihood(&g, q, 2, &r, &lik, err, sizeof(err)), 0);
	m = 0;
	for (ph = 0; ph < 2; ph++)
		for (st = 0; st < 8; st++) {
			struct pred_gpu h = g;

			h.order_start = st;
			h.order_phase = ph;
			run(&h, q, 2, &s);
			if (s.blocks[1][7].sm == r.blocks[1][7].sm)
				m += (ph ? 0.08 : 0.92) / 8;
			pred_result_free(&s);
		}
	assert_true(m > 0);
	assert_true(dabs(lik[1][7] - 0.704 * m) < 1e-9);
	/* a first-kernel singleton block: SM 124 in every phase-0 state */
	assert_int_equal(r.blocks[0][0].sm, 124);
	assert_true(dabs(lik[0][0] - (0.011 + 0.984 * 0.92)) < 1e-9);
	pred_likelihood_free(lik, 2);
	pred_result_free(&r);

	/* refusals: the paper's order has no rotation state; a kernel that
	 * cannot run fails every state's run (the message names it) */
	run(rtx3090(), q, 2, &r);
	lik = (double **)1;
	err[0] = 0;
	assert_int_equal(pred_sm_likelihood(rtx3090(), q, 2, &r, &lik, err, sizeof(err)), -1);
	assert_null(lik);
	assert_string_equal(err, "GPU 'ga102-rtx3090': the SM likelihood needs the gpc-rotation order");
	pred_result_free(&r);
	run(&g, q, 2, &r);
	q[1].threads = 1025;
	lik = (double **)1;
	err[0] = 0;
	assert_int_equal(pred_sm_likelihood(&g, q, 2, &r, &lik, err, sizeof(err)), -1);
	assert_null(lik);
	assert_non_null(strstr(err, "kernel 'b': threads must be 1..1024"));
	pred_result_free(&r);
	/* no kernels: nothing to weigh, an empty table */
	run(&g, q, 0, &r);
	assert_int_equal(pred_sm_likelihood(&g, q, 0, &r, &lik, err, sizeof(err)), 0);
	assert_non_null(lik);
	pred_likelihood_free(lik, 0);
	pred_result_free(&r);
	pred_likelihood_free(NULL, 3);
}

/*
 * Out of memory: every allocation of a prediction fails in turn (the
 * GPC-rotation arrays, 300 blocks with durations: more than 256 events and
 * running blocks; ten shared-memory pieces on one SM: more than 8), and of
 * the SM likelihood; each gives -1, "out of memory", an empty result, and
 * frees what it had (the ASan build checks for leaks).
 */
static void test_out_of_memory(void **state)
{
	struct pred_gpu h = *pred_profile_find("gh100-h100-sxm"), one = small_gpu(1, 1);
	struct pred_kernel kh[2] = { K("a", 300, 32, 32, 1 * KB, 1.0), K("b", 2, 1024, 32, 0, 1.0) };
	struct pred_kernel k1[1] = { K("s", 10, 32, 32, 1 * KB, 1.0) };
	const struct { const struct pred_gpu *g; const struct pred_kernel *k; size_t n; } runs[2] = {
		{ &h, kh, 2 }, { &one, k1, 1 },
	};
	struct pred_result r;
	char err[128];
	double **lik;
	long k;
	int i, rc;

	(void)state;
	for (i = 0; i < 2; i++)
		for (k = 0;; k++) {
			nalloc = 0;
			fail_at = k;
			err[0] = 0;
			rc = pred_run(runs[i].g, runs[i].k, runs[i].n, &r, err, sizeof(err));
			fail_at = -1;
			if (nalloc <= k) {
				assert_int_equal(rc, 0);
				assert_int_equal(r.unplaced, 0);
				pred_result_free(&r);
				break;
			}
			if (rc != -1 || strcmp(err, "out of memory") || r.blocks || r.info || r.events)
				fail_msg("run %d, allocation %ld failed: rc %d, '%s'", i, k, rc, err);
		}
	kh[0].blocks = 2;	/* small: the likelihood runs 16 predictions */
	run(&h, kh, 2, &r);
	for (k = 0;; k++) {
		nalloc = 0;
		fail_at = k;
		err[0] = 0;
		lik = (double **)1;
		rc = pred_sm_likelihood(&h, kh, 2, &r, &lik, err, sizeof(err));
		fail_at = -1;
		if (nalloc <= k) {
			assert_int_equal(rc, 0);
			pred_likelihood_free(lik, 2);
			break;
		}
		if (rc != -1 || lik || strcmp(err, "out of memory"))
			fail_msg("likelihood, allocation %ld failed: rc %d, '%s'", k, rc, err);
	}
	pred_result_free(&r);
}

/*
 * The running-block heap after a pop whose last element's sibling is the
 * smaller child: four blocks started in the order of their ends 1, 3, 2, 4
 * (array [1, 3, 2, 4]); popping 1 must move 2, not 3, to the top.  One SM
 * of 16 block slots: 'e' takes the 12 free slots at 0, its 13th block the
 * slot of 'a' at 1 and its 14th the slot of 'c' at 2 (not of 'b' at 3);
 * completions are reported in time order.
 */
static void test_heap_sibling_order(void **state)
{
	struct pred_gpu g = small_gpu(1, 1);
	struct pred_kernel k[5] = {
		K("a", 1, 32, 32, 0, 1), K("b", 1, 32, 32, 0, 3), K("c", 1, 32, 32, 0, 2),
		K("d", 1, 32, 32, 0, 4), K("e", 14, 32, 32, 0, NODUR),
	};
	struct pred_result r;
	double last = 0;
	size_t e, ends = 0;

	(void)state;
	run(&g, k, 5, &r);
	assert_true(r.blocks[4][11].start == 0);
	assert_true(r.blocks[4][12].start == 1);
	assert_true(r.blocks[4][13].start == 2);
	for (e = 0; e < r.nevents; e++) {
		if (r.events[e].start)
			continue;
		assert_true(r.events[e].t >= last);
		last = r.events[e].t;
		ends++;
	}
	assert_int_equal(ends, 4);
	assert_true(last == 4);
	pred_result_free(&r);
}

/*
 * A duration of 0 is a duration: the block ends where it starts and frees
 * its slot at once.  One SM, 'a' (1024 threads x 32 registers: 32 of the
 * 48 warps) ends at 0 and 'b' (the same size) starts at 0.
 */
static void test_zero_duration(void **state)
{
	struct pred_gpu g = small_gpu(1, 1);
	struct pred_kernel k[2] = { K("a", 1, 1024, 32, 0, 0), K("b", 1, 1024, 32, 0, 5) };
	struct pred_result r;

	(void)state;
	run(&g, k, 2, &r);
	assert_true(r.blocks[0][0].start == 0 && r.blocks[0][0].end == 0);
	assert_int_equal(r.blocks[1][0].sm, 0);
	assert_true(r.blocks[1][0].start == 0 && r.blocks[1][0].end == 5);
	assert_int_equal(r.unplaced, 0);
	assert_true(r.makespan == 5);
	pred_result_free(&r);
}

/*
 * Blocks that never start are counted per kernel, also for the kernel that
 * got some SMs: one SM of 16 slots, 'x' (20 blocks, no duration) places 16
 * and 'y' (3) none: 4 + 3 never start.  Every never-placed block reads
 * SM -1 (predict.h).
 */
static void test_unplaced_partial(void **state)
{
	struct pred_gpu g = small_gpu(1, 1);
	struct pred_kernel k[2] = { K("x", 20, 32, 32, 0, NODUR), K("y", 3, 32, 32, 0, NODUR) };
	struct pred_result r;

	(void)state;
	run(&g, k, 2, &r);
	assert_int_equal(r.blocks[0][15].sm, 0);
	assert_int_equal(r.blocks[0][16].sm, -1);
	assert_int_equal(r.blocks[1][2].sm, -1);
	assert_int_equal(r.unplaced, 7);
	pred_result_free(&r);
}

/*
 * The block total (PRED_MAX_BLOCKS, 2^20): exactly the limit is accepted,
 * one more is refused, in the first kernel as in a later one; a kernel of
 * 0 blocks gets the kernel's own message, not the total's.
 */
static void test_block_total(void **state)
{
	struct pred_gpu g = small_gpu(1, 1);
	struct pred_kernel k[2] = { K("big", PRED_MAX_BLOCKS, 32, 32, 0, NODUR),
				    K("more", 1, 32, 32, 0, NODUR) };
	struct pred_result r;
	char err[256];

	(void)state;
	assert_int_equal(pred_run(&g, k, 1, &r, err, sizeof(err)), 0);
	assert_int_equal(r.unplaced, PRED_MAX_BLOCKS - 16);
	pred_result_free(&r);
	err[0] = 0;
	assert_int_equal(pred_run(&g, k, 2, &r, err, sizeof(err)), -1);
	assert_string_equal(err, "more than 1048576 thread blocks in all kernels together");
	k[0].blocks = PRED_MAX_BLOCKS + 1;
	err[0] = 0;
	assert_int_equal(pred_run(&g, k, 1, &r, err, sizeof(err)), -1);
	assert_string_equal(err, "more than 1048576 thread blocks in all kernels together");
	k[0].blocks = PRED_MAX_BLOCKS - 1;
	assert_int_equal(pred_run(&g, k, 2, &r, err, sizeof(err)), 0);
	assert_int_equal(r.unplaced, PRED_MAX_BLOCKS - 16);
	pred_result_free(&r);
	k[0].blocks = 0;
	assert_int_equal(pred_run(&g, k, 2, &r, err, sizeof(err)), -1);
	assert_string_equal(err, "kernel 'big': blocks must be >= 1");
}

/*
 * @g (a profile's copy) on the SM-to-virtual-GPC map @map of @sms SMs in
 * @n_vgpc virtual GPCs, the rotation at virtual GPC @start, phase 0: a
 * GPC-rotation GPU that pred_gpu_check accepts.
 */
static void set_gpc_map(struct pred_gpu *g, const signed char *map, int sms, int n_vgpc,
			int start)
{
	char err[128];

	g->sms = sms;
	g->sm_vgpc = map;
	g->n_sm_vgpc = sms;
	g->n_vgpc = n_vgpc;
	g->order_start = start;
	g->order_phase = 0;
	assert_true(pred_gpc_order(g));
	assert_int_equal(pred_gpu_check(g, err, sizeof(err)), 0);
}

/*
 * One virtual GPC is a GPC order too: SMs 0 and 1 are singleton TPCs, 2 and
 * 3 one TPC of virtual GPC 0.  A kernel of one block per SM visits the
 * singletons first, then the TPC's two SMs (0, 1, 2, 3), where the paper's
 * order would give 0, 2, 1, 3.  Without a virtual GPC the map is ignored.
 */
static void test_gpc_order_one_vgpc(void **state)
{
	static const signed char map[4] = { -1, -1, 0, 0 };
	struct pred_gpu g = *pred_profile_find("gh100-h100-sxm");
	struct pred_kernel k = K("one", 4, 1024, 64, 0, NODUR);
	struct pred_result r;
	int b;

	(void)state;
	set_gpc_map(&g, map, 4, 1, 0);
	run(&g, &k, 1, &r);
	for (b = 0; b < 4; b++)
		assert_int_equal(r.blocks[0][b].sm, b);
	pred_result_free(&r);
	/*
	 * The singleton half flips after a kernel of more blocks than half the
	 * singletons (here 1) whose first block went to one: one-SM blocks,
	 * K1 (1 block, 1 s) to SM 0 (no flip), W (3 blocks, 1 s) to SMs 1, 2,
	 * 3 (first on singleton SM 1: flip to phase 1).  At 1 all four end and
	 * K2's order starts with the second singleton: SM 1.
	 */
	{
		struct pred_kernel f[3] = { K("K1", 1, 1024, 64, 0, 1), K("W", 3, 1024, 64, 0, 1),
					    K("K2", 1, 1024, 64, 0, 1) };

		run(&g, f, 3, &r);
		assert_placed(&r, 0, 0, 0, 0);
		assert_placed(&r, 1, 0, 1, 0);
		assert_placed(&r, 2, 0, 1, 1);
		pred_result_free(&r);
	}
	g.n_vgpc = 0;
	assert_false(pred_gpc_order(&g));
}

/*
 * The most virtual GPCs (256), so the layer sums run over the arrays' full
 * width.  The map is signed char (ids up to 127): 256 SMs in 128 TPCs, TPC
 * v (SMs 2v, 2v + 1) alone in virtual GPC v, GPCs 128..255 empty, no
 * singletons; order_start 255, so the first kernel starts at GPC 0.
 * 150 one-SM blocks (1024 threads x 64 registers, as test_h100_gpc_order)
 * on the idle GPU: every SM is eligible, each layer holds one SM in each
 * of GPCs 0..127 (T = 128).  First layer: L = min(150, 128) = 128, quota 1
 * in GPCs 0..127; second layer: L = 150 - 128 = 22, one each to GPCs 0..21
 * (waterfill's remainder to the lowest ids).  Order: 0, 1, .., 43 (both
 * SMs of GPCs 0..21), 44, 46, .., 254 (the first SM of GPCs 22..127), then
 * 45, 47, .., 255; one block per SM in that order (tie_break_next).
 */
static void test_gpc_order_256_vgpcs(void **state)
{
	static signed char map[256];
	struct pred_gpu g = *pred_profile_find("gh100-h100-sxm");
	struct pred_kernel k = K("fill", 150, 1024, 64, 0, NODUR);
	struct pred_result r;
	char err[128];
	int i;

	(void)state;
	for (i = 0; i < 256; i++)
		map[i] = (signed char)(i / 2);
	set_gpc_map(&g, map, 256, 256, 255);
	run(&g, &k, 1, &r);
	for (i = 0; i < 44; i++)
		assert_int_equal(r.blocks[0][i].sm, i);
	for (i = 44; i < 150; i++)
		assert_int_equal(r.blocks[0][i].sm, 2 * (i - 44 + 22));
	assert_int_equal(r.unplaced, 0);
	pred_result_free(&r);
	/*
	 * Water-filling over 256 virtual GPCs, two of them with 3 TPCs: SMs
	 * 0..5 in GPC 0, 6..11 in GPC 1, 12 SMs.  6 blocks, all 12 SMs
	 * eligible: first layer cap 3, 3 (T = 6), L = 6: levels 1, 2, 3 give
	 * 2, 4, 6 <= 6, level 4 adds nothing: quota 3, 3; second layer L = 0.
	 * Order 0, 2, 4 (GPC 0's first SMs), 6, 8, 10, then the rest.
	 */
	g.sms = 12;
	g.n_sm_vgpc = 12;
	for (i = 0; i < 12; i++)
		map[i] = (signed char)(i / 6);
	k = K("fill", 6, 1024, 64, 0, NODUR);
	assert_int_equal(pred_gpu_check(&g, err, sizeof(err)), 0);
	run(&g, &k, 1, &r);
	for (i = 0; i < 6; i++)
		assert_int_equal(r.blocks[0][i].sm, 2 * i);
	pred_result_free(&r);
	/*
	 * And with 4 SMs per TPC (the most, so all four layers are used): SMs
	 * 0..3 in GPC 0, 4..7 in GPC 1.  3 blocks, all 8 SMs eligible: each
	 * layer has cap 1, 1.  Layer 0: L = 2, quota 1, 1; layer 1: L = 1,
	 * the remainder to GPC 0; layers 2 and 3: L = 0.  Order: 0, 1 (GPC 0's
	 * first and second SMs), 4, then 2, 3, 5, 6, 7.
	 */
	g.sms = 8;
	g.n_sm_vgpc = 8;
	g.sms_per_tpc = 4;
	for (i = 0; i < 8; i++)
		map[i] = (signed char)(i / 4);
	k = K("fill", 3, 1024, 64, 0, NODUR);
	assert_int_equal(pred_gpu_check(&g, err, sizeof(err)), 0);
	run(&g, &k, 1, &r);
	assert_int_equal(r.blocks[0][0].sm, 0);
	assert_int_equal(r.blocks[0][1].sm, 1);
	assert_int_equal(r.blocks[0][2].sm, 4);
	pred_result_free(&r);
}

/*
 * The singleton half flips after a kernel whose first block went to a
 * singleton TPC and that has more blocks than half the singletons, rounded
 * down (predict.h: "singleton TPCs (half order_phase first)"): with three
 * singletons, 2 blocks flip it and 1 block does not.  Three SMs, all
 * singletons, one virtual GPC without SMs; H100 blocks of 1024 threads x
 * 64 registers (32 warps x 2048 registers: 8 warps per processing block,
 * 32 per SM) take a whole SM.  Phase 0 visits the singletons 0, 1, 2;
 * phase 1 starts at singleton 3 / 2 = 1: 1, 2, 0.
 *  - K1 (2 blocks, 1 s): SMs 0 and 1; 2 > 1: phase 1.  W (1 block) to SM 2:
 *    1 > 1 is false, no flip.  At 1 all three end together (release_batch
 *    4) and K2 finds every SM idle: its order starts with SM 1.
 *  - K1 (1 block) to SM 0, W1 and W2 (1 block each) to SMs 1 and 2: no
 *    flip; at 1 K2 takes SM 0.
 */
static void test_gpc_order_odd_singletons(void **state)
{
	static const signed char map[3] = { -1, -1, -1 };
	struct pred_gpu g = *pred_profile_find("gh100-h100-sxm");
	struct pred_kernel f[4] = { K("K1", 2, 1024, 64, 0, 1), K("W", 1, 1024, 64, 0, 1),
				    K("K2", 1, 1024, 64, 0, 1) };
	struct pred_result r;

	(void)state;
	set_gpc_map(&g, map, 3, 1, 0);
	run(&g, f, 3, &r);
	assert_placed(&r, 0, 0, 0, 0);
	assert_placed(&r, 0, 1, 1, 0);
	assert_placed(&r, 1, 0, 2, 0);
	assert_placed(&r, 2, 0, 1, 1);
	pred_result_free(&r);
	f[0] = K("K1", 1, 1024, 64, 0, 1);
	f[1] = K("W1", 1, 1024, 64, 0, 1);
	f[2] = K("W2", 1, 1024, 64, 0, 1);
	f[3] = K("K2", 1, 1024, 64, 0, 1);
	run(&g, f, 4, &r);
	assert_placed(&r, 0, 0, 0, 0);
	assert_placed(&r, 1, 0, 1, 0);
	assert_placed(&r, 2, 0, 2, 0);
	assert_placed(&r, 3, 0, 0, 1);
	pred_result_free(&r);
}

/*
 * -s gives a block that never starts the likelihood 0 (it has no SM): the
 * H100 holds two blocks of 1024 threads x 32 registers per SM (64 warps),
 * 264 in all, so block 264 of 265 without durations never starts.
 */
static void test_h100_likelihood_unplaced(void **state)
{
	const struct pred_gpu *g = pred_profile_find("gh100-h100-sxm");
	struct pred_kernel k = K("over", 265, 1024, 32, 0, NODUR);
	struct pred_result r;
	double **lik;
	char err[128];

	(void)state;
	run(g, &k, 1, &r);
	assert_int_equal(r.unplaced, 1);
	assert_int_equal(r.blocks[0][264].sm, -1);
	assert_int_equal(pred_sm_likelihood(g, &k, 1, &r, &lik, err, sizeof(err)), 0);
	assert_true(lik[0][264] == 0.0);
	/* a placed block of the first kernel: between the class's miss and hit rates */
	assert_true(lik[0][0] >= 0.011 && lik[0][0] <= 0.995);
	pred_likelihood_free(lik, 1);
	pred_result_free(&r);
}

/*
 * The GPC-rotation order of a kernel whose first block finds SM 0 alone
 * with the most room (SM 0 is an SM like the others when the most room is
 * taken).  RTX 3090 limits (48 warps, 4 x 16384 registers), no runtime
 * shared memory, SMs 0..5 in TPCs (0,1) (2,3) (4,5) of virtual GPCs 0, 1, 0,
 * order_start 0 (the first kernel searches from virtual GPC 1), and the
 * H100's "search from the SM after the previous block" tie-break.
 * P blocks: 24 warps x 1024 registers (2 per idle SM); B blocks: 24 warps x
 * 2560 registers (15360 per processing block: only on an idle SM).
 *  - P1 (1 block, 1 s): every SM has room 2; one eligible SM per GPC's
 *    first layer goes by waterfill to the lowest GPC: order 0, 2, 3, 1, 4,
 *    5: SM 0.  The pointer moves to GPC 0.
 *  - P2 (5 blocks, 10 s): SMs 1..5 have the most room (2): order 1, 4, 5,
 *    2, 3, 0 from GPC 0; one block each on 1, 4, 5, 2, 3.  Pointer: GPC 1.
 *  - B (2 blocks, 20 s) fits nowhere until P1 ends at 1: then SM 0 alone
 *    has room (1): its order from GPC 1 is 0 (its quota), then 2, 3, 1, 4,
 *    5; block 0 to SM 0 at 1.  Block 1 waits for P2's blocks (10): all of
 *    SMs 1..5 have room 1, and the search starts after SM 0's place in
 *    the order: SM 2.  (Without SM 0 among the SMs with the most room, the
 *    order would be 2, 3, 0, 1, 4, 5 and block 1 would go to SM 1.)
 */
static void test_gpc_order_sm0_most_room(void **state)
{
	static const signed char map[6] = { 0, 0, 1, 1, 0, 0 };
	struct pred_gpu g = small_gpu(6, 2);
	struct pred_kernel k[3] = {
		K("P1", 1, 768, 32, 0, 1), K("P2", 5, 768, 32, 0, 10), K("B", 2, 768, 80, 0, 20),
	};
	struct pred_result r;

	(void)state;
	g.runtime_smem_per_block = 0;
	g.tie_break_next = true;
	set_gpc_map(&g, map, 6, 2, 0);
	run(&g, k, 3, &r);
	assert_placed(&r, 0, 0, 0, 0);
	assert_placed(&r, 1, 0, 1, 0);
	assert_placed(&r, 1, 1, 4, 0);
	assert_placed(&r, 1, 2, 5, 0);
	assert_placed(&r, 1, 3, 2, 0);
	assert_placed(&r, 1, 4, 3, 0);
	assert_placed(&r, 2, 0, 0, 1);
	assert_placed(&r, 2, 1, 2, 10);
	pred_result_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sm_order),
		cmocka_unit_test(test_h100_smem_config_driver),
		cmocka_unit_test(test_h100_smem_config_sharing),
		cmocka_unit_test(test_h100_release_batch),
		cmocka_unit_test(test_h100_reconfig_wait_above),
		cmocka_unit_test(test_h100_reconfig_wait_all),
		cmocka_unit_test(test_h100_reconfig_wait_first),
		cmocka_unit_test(test_h100_tie_break_next),
		cmocka_unit_test(test_h100_max_smem_configs),
		cmocka_unit_test(test_h100_gpc_order),
		cmocka_unit_test(test_h100_likelihood),
		cmocka_unit_test(test_kernel_info),
		cmocka_unit_test(test_never_fits),
		cmocka_unit_test(test_kernel_info_limits),
		cmocka_unit_test(test_profile_smem_limits),
		cmocka_unit_test(test_case_1_1),
		cmocka_unit_test(test_case_1_2),
		cmocka_unit_test(test_case_1_3_text),
		cmocka_unit_test(test_case_1_4_text),
		cmocka_unit_test(test_case_2_1),
		cmocka_unit_test(test_case_2_2_text),
		cmocka_unit_test(test_case_3),
		cmocka_unit_test(test_m1_order_and_most_room),
		cmocka_unit_test(test_m1_block_slots),
		cmocka_unit_test(test_m2_strict_round_robin),
		cmocka_unit_test(test_m2_divisible_skip),
		cmocka_unit_test(test_m2_max_pbs),
		cmocka_unit_test(test_m3_tpc_config),
		cmocka_unit_test(test_m3_reconfigure_when_idle),
		cmocka_unit_test(test_m3_per_sm_scope),
		cmocka_unit_test(test_m4_register_renaming),
		cmocka_unit_test(test_m4_smem_contiguous),
		cmocka_unit_test(test_m4_smem_exact_fit),
		cmocka_unit_test(test_simultaneous_completions),
		cmocka_unit_test(test_lmem_config),
		cmocka_unit_test(test_in_order_dispatch),
		cmocka_unit_test(test_waves),
		cmocka_unit_test(test_no_smem),
		cmocka_unit_test(test_gpu_check_bounds),
		cmocka_unit_test(test_completion_order),
		cmocka_unit_test(test_input),
		cmocka_unit_test(test_profiles_fill),
		cmocka_unit_test(test_gpu_int_keys),
		cmocka_unit_test(test_out_of_memory),
		cmocka_unit_test(test_heap_sibling_order),
		cmocka_unit_test(test_zero_duration),
		cmocka_unit_test(test_unplaced_partial),
		cmocka_unit_test(test_block_total),
		cmocka_unit_test(test_gpc_order_one_vgpc),
		cmocka_unit_test(test_gpc_order_odd_singletons),
		cmocka_unit_test(test_gpc_order_256_vgpcs),
		cmocka_unit_test(test_h100_likelihood_unplaced),
		cmocka_unit_test(test_gpc_order_sm0_most_room),
	};

	return cmocka_run_group_tests_name("predict", tests, NULL, NULL);
}
