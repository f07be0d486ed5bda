// SPDX-License-Identifier: MIT
/*
 * test_rta.c - unit tests of `nvsched rta` (analysis/rta/rta.c, analysis/rta/cmd_rta.c):
 * hand-worked tasksets for every lemma of the GCAPS paper section 6, the
 * paper's Table 2, monotonicity properties, the artifact oracles in
 * compat mode and the JSON Lines batch mode.
 *
 * Fixtures: $RTA_FIXTURES or tests/fixtures/rta (from the repo root).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <sys/wait.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "json.h"
#include "rta.h"
#include "rta_gen.h"
#include "rta_ref.h"
#include "failalloc.h"

#define NUL NAN		/* expected "null" */

static const char *fixtures(void)
{
	const char *e = getenv("RTA_FIXTURES");

	return e && *e ? e : "tests/fixtures/rta";
}

/* parse doc and read it: 0, or -1 with the message in err */
static int read_doc(const char *doc, struct rta_taskset *ts, char *err, size_t errlen)
{
	struct json *j = json_parse(doc, strlen(doc), err, errlen);
	int rc;

	if (!j)
		fail_msg("json: %s (%s)", err, doc);
	memset(ts, 0, sizeof(*ts));
	rc = rta_taskset_from_json(j, ts, err, errlen);
	json_free(j);
	return rc;
}

static void load_str(const char *text, struct rta_taskset *ts)
{
	char err[256];

	/* rta.h: 0, or -1 with a message */
	if (read_doc(text, ts, err, sizeof(err)) != 0)
		fail_msg("taskset: %s", err);
}

static int find(const struct rta_taskset *ts, const char *name)
{
	for (int i = 0; i < ts->n; i++)
		if (!strcmp(ts->t[i].name, name))
			return i;
	fail_msg("no task %s", name);
	return -1;
}

/* Check a policy's bounds (NAN = null) in input order and the verdict. */
static void expect(const struct rta_taskset *ts, enum rta_policy p, enum rta_mode mode,
		   bool sched, const double *want)
{
	struct rta_result r;

	rta_result_init(&r, ts->n);
	rta_analyze(ts, p, mode, &r);
	for (int i = 0; i < ts->n; i++) {
		if (isnan(want[i])) {
			if (!isnan(r.R[i]))
				fail_msg("%s %s: got %.17g, want null", rta_policy_names[p],
					 ts->t[i].name, r.R[i]);
		} else if (!(fabs(r.R[i] - want[i]) <= 1e-9 * fmax(1, fabs(want[i])))) {
			fail_msg("%s %s: got %.17g, want %.17g", rta_policy_names[p],
				 ts->t[i].name, r.R[i], want[i]);
		}
	}
	if (r.schedulable != sched)
		fail_msg("%s: schedulable %d, want %d", rta_policy_names[p], r.schedulable, sched);
	rta_result_free(&r);
}

/* ---- Lemma 6 / Eq. (3),(5): interleaving, ceiling edge, BE in nu ---- */
static const char *ts_interleave =
	"{\"schema\":1,\"platform\":{\"cpus\":3,\"epsilon_ms\":1,\"theta_ms\":0.2,\"timeslice_ms\":1},"
	"\"tasks\":["
	"{\"name\":\"a\",\"cpu\":0,\"period_ms\":100,\"deadline_ms\":100,\"priority\":3,"
	" \"cpu_segments_ms\":[1],\"gpu_segments\":[{\"misc_ms\":0,\"exec_ms\":2.0}]},"
	"{\"name\":\"b\",\"cpu\":1,\"period_ms\":100,\"deadline_ms\":100,\"priority\":2,"
	" \"cpu_segments_ms\":[1],\"gpu_segments\":[{\"misc_ms\":0,\"exec_ms\":2.5}]},"
	"{\"name\":\"c\",\"cpu\":2,\"period_ms\":100,\"deadline_ms\":100,\"priority\":null,"
	" \"cpu_segments_ms\":[1],\"gpu_segments\":[{\"misc_ms\":0,\"exec_ms\":1}]}]}";

static void test_lemma6_interleave(void **state)
{
	struct rta_taskset ts;
	/* a: 1 + 2 + (1+0.2)*2*ceil(2/1)=4.8;  b: 1 + 2.5 + 1.2*2*ceil(2.5)=7.2 */
	const double want[] = { 7.8, 10.7, NUL };

	load_str(ts_interleave, &ts);
	expect(&ts, RTA_TSG_RR_BUSY, RTA_MODE_PAPER, true, want);
	expect(&ts, RTA_TSG_RR_SUSPEND, RTA_MODE_PAPER, true, want);
	expect(&ts, RTA_TSG_RR_BUSY, RTA_MODE_ARTIFACT, true, want);
	rta_taskset_free(&ts);
}

/* ---- Lemmas 9, 10, 12 (round-robin, same core) ---- */
static const char *ts_rr =
	"{\"schema\":1,\"platform\":{\"cpus\":2,\"epsilon_ms\":1,\"theta_ms\":0.2,\"timeslice_ms\":1},"
	"\"tasks\":["
	"{\"name\":\"r\",\"cpu\":1,\"period_ms\":100,\"deadline_ms\":100,\"priority\":4,"
	" \"cpu_segments_ms\":[1],\"gpu_segments\":[{\"misc_ms\":0,\"exec_ms\":1}]},"
	"{\"name\":\"h\",\"cpu\":0,\"period_ms\":10,\"deadline_ms\":10,\"priority\":3,"
	" \"cpu_segments_ms\":[1],\"gpu_segments\":[{\"misc_ms\":0.5,\"exec_ms\":1.5}]},"
	"{\"name\":\"h2\",\"cpu\":0,\"period_ms\":50,\"deadline_ms\":50,\"priority\":2,"
	" \"cpu_segments_ms\":[3],\"gpu_segments\":[]},"
	"{\"name\":\"i\",\"cpu\":0,\"period_ms\":100,\"deadline_ms\":100,\"priority\":1,"
	" \"cpu_segments_ms\":[2],\"gpu_segments\":[]}]}";

static void test_lemma9_10_rr_busy(void **state)
{
	struct rta_taskset ts;
	/*
	 * r: 1+1+1.2*1*1 = 3.2.  h: 1+2+1.2*1*2 = 5.4.
	 * Per job of h seen by h2 and i: C+G^m = 1.5 (Eq. 7) plus
	 * I(|{r}|+1 = 2, 1.5) = 1.2*2*2 = 4.8 (Eq. 6) = 6.3.
	 * h2: 3 + 6.3 = 9.3.  i: 2 + ceil(R/10)*6.3 + ceil(R/50)*3:
	 * 2 -> 11.3 -> 17.6 (ceil(1.76) = 2) -> 17.6.
	 */
	const double want[] = { 3.2, 5.4, 9.3, 17.6 };
	/*
	 * Artifact: D1 skips h2 for i; D2: N = |hp\hpp GPU| (r) + GPU tasks
	 * among sorted positions 0..n-pos-2; per job I(N) + G + C + G^m.
	 * h2 (pos 2): positions 0..0 = r -> N = 2: 4.8+2+1+0.5 = 8.3 per job:
	 * 3 -> 11.3 -> (ceil(1.13) = 2) 19.6 -> 19.6.
	 * i (pos 3): N = 1: 2.4+3.5 = 5.9 -> 2+5.9 = 7.9 -> 7.9.
	 */
	const double want_art[] = { 3.2, 5.4, 19.6, 7.9 };

	load_str(ts_rr, &ts);
	expect(&ts, RTA_TSG_RR_BUSY, RTA_MODE_PAPER, true, want);
	expect(&ts, RTA_TSG_RR_BUSY, RTA_MODE_ARTIFACT, true, want_art);
	rta_taskset_free(&ts);
}

/* Check tsg_rr_busy's bound of one task under a deviation mask. */
static void expect_dev_R(const struct rta_taskset *ts, unsigned dev, int i, double want)
{
	struct rta_result r;

	rta_result_init(&r, ts->n);
	rta_analyze_dev(ts, RTA_TSG_RR_BUSY, dev, &r);
	if (!(fabs(r.R[i] - want) <= 1e-9 * fmax(1, fabs(want))))
		fail_msg("dev %#x %s: got %.17g, want %.17g", dev, ts->t[i].name, r.R[i], want);
	rta_result_free(&r);
}

/* ---- D12: the artifact's best-effort tasks sit at the end of its list ---- */
static const char *ts_rr_be =
	"{\"schema\":1,\"platform\":{\"cpus\":2,\"epsilon_ms\":1,\"theta_ms\":0.2,\"timeslice_ms\":1},"
	"\"tasks\":["
	"{\"name\":\"b\",\"cpu\":1,\"period_ms\":100,\"deadline_ms\":100,\"priority\":null,"
	" \"cpu_segments_ms\":[1],\"gpu_segments\":[{\"misc_ms\":0,\"exec_ms\":1}]},"
	"{\"name\":\"g\",\"cpu\":1,\"period_ms\":100,\"deadline_ms\":100,\"priority\":3,"
	" \"cpu_segments_ms\":[1],\"gpu_segments\":[{\"misc_ms\":0,\"exec_ms\":1}]},"
	"{\"name\":\"h\",\"cpu\":0,\"period_ms\":20,\"deadline_ms\":20,\"priority\":2,"
	" \"cpu_segments_ms\":[1],\"gpu_segments\":[{\"misc_ms\":0.5,\"exec_ms\":1.5}]},"
	"{\"name\":\"i\",\"cpu\":0,\"period_ms\":100,\"deadline_ms\":100,\"priority\":1,"
	" \"cpu_segments_ms\":[2],\"gpu_segments\":[]}]}";

static void test_rr_busy_best_effort(void **state)
{
	struct rta_taskset ts;
	/*
	 * nu of Eq. (5) counts the BE GPU task b in both modes:
	 * g: 1 + 1 + 1.2*|{h,b}|*ceil(1) = 4.4;  h: 1 + 2 + 1.2*2*ceil(1.5) = 7.8.
	 * Paper, i: N = 1 + |{g, b}| (tau_h + the GPU tasks not in hpp) = 3;
	 * per job of h: C+G^m = 1.5 + 1.2*3*2 = 8.7: 2 -> 10.7 -> 10.7.
	 */
	const double want[] = { NUL, 4.4, 7.8, 10.7 };
	/*
	 * Artifact: its list is g, h, i (by priority) and then b; n = 4.
	 * i is at position 2: N = |hp\hpp GPU| = |{g}| = 1, plus the GPU
	 * tasks at positions 0..n-2-2 = 0..0 (D2: g) -> N = 2;
	 * per job of h (D2c): 1.2*2*2 + G 2 + C+G^m 1.5 = 8.3: 2 -> 10.3.
	 * Without D12 (n = 3 RT tasks) positions 0..-1 are empty: N = 1,
	 * 2.4 + 3.5 = 5.9 per job: 2 -> 7.9 -> 7.9.
	 */
	const double want_art[] = { NUL, 4.4, 7.8, 10.3 };
	/* "fixed" (no D2): lp = positions 3..n-1 = {b} with D12 -> N = 2, 10.3;
	 * without it lp is empty -> N = 1, 7.9 */
	const unsigned fixed = RTA_DEV_ARTIFACT & ~(RTA_DEV_D2 | RTA_DEV_D3);

	load_str(ts_rr_be, &ts);
	expect(&ts, RTA_TSG_RR_BUSY, RTA_MODE_PAPER, true, want);
	expect(&ts, RTA_TSG_RR_BUSY, RTA_MODE_ARTIFACT, true, want_art);
	expect_dev_R(&ts, RTA_DEV_ARTIFACT & ~RTA_DEV_D12, 3, 7.9);
	expect_dev_R(&ts, fixed, 3, 10.3);
	expect_dev_R(&ts, fixed & ~RTA_DEV_D12, 3, 7.9);
	rta_taskset_free(&ts);
}

static void test_lemma11_12_rr_suspend(void **state)
{
	struct rta_taskset ts;
	/*
	 * Eq. (8), J^c_h = R_h - (C_h + G^m_h) = 5.4 - 1.5 = 3.9.
	 * h2: 3 + ceil((R+3.9)/10)*1.5: 4.5 -> (8.4/10) 4.5.  J^c_h2 = 1.5.
	 * i: 2 + ceil((R+3.9)/10)*1.5 + ceil((R+1.5)/50)*3:
	 * 2 -> 6.5 -> (10.4/10 = 2) 8 -> 8.
	 */
	const double want[] = { 3.2, 5.4, 4.5, 8 };
	/* Artifact D4: J = T_h - (C_h+G^m_h) = 8.5 and 47:
	 * h2: 3 + ceil((R+8.5)/10)*1.5: 4.5 -> (13/10 = 2) 6 -> (14.5) 6.
	 * i: 2 + ceil((R+8.5)/10)*1.5 + ceil((R+47)/50)*3:
	 * 2 -> 2+1.5*2+3*1 = 8 -> (16.5: 2)*1.5 + (55/50: 2)*3 = 11 ->
	 * (19.5: 2) + (58: 2) = 11. */
	const double want_art[] = { 3.2, 5.4, 6, 11 };

	load_str(ts_rr, &ts);
	expect(&ts, RTA_TSG_RR_SUSPEND, RTA_MODE_PAPER, true, want);
	expect(&ts, RTA_TSG_RR_SUSPEND, RTA_MODE_ARTIFACT, true, want_art);
	rta_taskset_free(&ts);
}

/* ---- GCAPS, Lemmas 13-21 ---- */
static const char *ts_gcaps =
	"{\"schema\":1,\"platform\":{\"cpus\":2,\"epsilon_ms\":1,\"theta_ms\":0.2,\"timeslice_ms\":1},"
	"\"tasks\":["
	"{\"name\":\"r\",\"cpu\":1,\"period_ms\":50,\"deadline_ms\":50,\"priority\":4,"
	" \"cpu_segments_ms\":[1],\"gpu_segments\":[{\"misc_ms\":0.5,\"exec_ms\":2}]},"
	"{\"name\":\"h\",\"cpu\":0,\"period_ms\":20,\"deadline_ms\":20,\"priority\":3,"
	" \"cpu_segments_ms\":[1],\"gpu_segments\":[{\"misc_ms\":0.5,\"exec_ms\":1.5}]},"
	"{\"name\":\"i\",\"cpu\":0,\"period_ms\":100,\"deadline_ms\":100,\"priority\":2,"
	" \"cpu_segments_ms\":[2],\"gpu_segments\":[{\"misc_ms\":0,\"exec_ms\":1}]},"
	"{\"name\":\"k\",\"cpu\":0,\"period_ms\":200,\"deadline_ms\":200,\"priority\":1,"
	" \"cpu_segments_ms\":[5],\"gpu_segments\":[]}]}";

static void test_lemma13_18_gcaps_busy(void **state)
{
	struct rta_taskset ts;
	/*
	 * Own demand C + G + B + 2 eps eta = C + G + eps + 3 eps eta (Lemma 13).
	 * r: 1+2.5+1+3 = 7.5.
	 * h: 7 + ceil((R + J^g_r)/50)*G^e*_r, J^g_r = 7.5-2 = 5.5, G^e* = 4
	 *    (Eq. 10 second term): 7 -> 11 -> 11.
	 * i: 7 + ceil(R/20)*(C_h+G^m_h) [Eq. 12] + ceil(R/20)*G^e*_h [Eq. 10
	 *    first term] + ceil((R+5.5)/50)*4: 7 -> 7+1.5+3.5+4 = 16 -> 16.
	 * k (CPU only): 6 + ceil(R/20)*(1.5+3.5) [Eq. 12 + the busy-waiting
	 *    fix] + ceil(R/100)*(2+0+3) + ceil((R+5.5)/50)*4 [Eq. 11]:
	 *    6 -> 20 -> ceil(20/20) = 1 exactly: 20.
	 */
	const double want[] = { 7.5, 11, 16, 20 };

	load_str(ts_gcaps, &ts);
	expect(&ts, RTA_GCAPS_BUSY, RTA_MODE_PAPER, true, want);
	expect(&ts, RTA_GCAPS_BUSY, RTA_MODE_ARTIFACT, true, want);	/* D5: same here */
	rta_taskset_free(&ts);
}

static void test_lemma19_21_gcaps_suspend(void **state)
{
	struct rta_taskset ts;
	/*
	 * r: 7.5.  h: 7 + ceil((R+5.5)/50)*4 = 11.
	 * i: 7 + ceil((R+J^c_h)/20)*(C_h+G^m*_h = 3.5) [Eq. 14], J^c_h = 11-1.5
	 *    + ceil((R+J^g_h)/20)*G^e_h [Eq. 13 first], J^g_h = 11-1.5
	 *    + ceil((R+5.5)/50)*4 [Eq. 13 second]:
	 *    7 -> 16 -> (25.5/20 = 2) 7+7+3+4 = 21 -> 21.
	 * k: 6 + ceil((R+9.5)/20)*3.5 + ceil((R+J^c_i)/100)*(2+0+2),
	 *    J^c_i = 21-2 = 19: 6 -> 13.5 -> 17 -> 17.
	 */
	const double want[] = { 7.5, 11, 21, 17 };

	load_str(ts_gcaps, &ts);
	expect(&ts, RTA_GCAPS_SUSPEND, RTA_MODE_PAPER, true, want);
	expect(&ts, RTA_GCAPS_SUSPEND, RTA_MODE_ARTIFACT, true, want);
	rta_taskset_free(&ts);
}

/* CPU-only hpp tasks (Eq. (12), Eq. (14) first sum), exact ceiling edges */
static void test_cpu_only_hpp_edges(void **state)
{
	struct rta_taskset ts;
	const char *txt =
		"{\"schema\":1,\"platform\":{\"cpus\":1,\"epsilon_ms\":1,\"theta_ms\":0.2,\"timeslice_ms\":1},"
		"\"tasks\":["
		"{\"name\":\"c\",\"cpu\":0,\"period_ms\":10,\"priority\":3,"
		" \"cpu_segments_ms\":[2],\"gpu_segments\":[]},"
		"{\"name\":\"g\",\"cpu\":0,\"period_ms\":100,\"priority\":2,"
		" \"cpu_segments_ms\":[1, 0.5],\"gpu_segments\":[{\"misc_ms\":0.5,\"exec_ms\":2}]}]}";
	/*
	 * c: 2 + eps = 3.  g: 1.5 + 2.5 + 1 + 3 = 8, + ceil(R/10)*2: 10, and
	 * ceil(10/10) = 1 exactly, so the fixed point is 10 (not 12).
	 */
	const double gc[] = { 3, 10 };
	/* round-robin: c 2; g 1.5 + 2.5 + I(0, 2) = 4, + ceil(R/10)*2 = 6 */
	const double rr[] = { 2, 6 };
	const double late[] = { 3, NUL };

	load_str(txt, &ts);
	expect(&ts, RTA_GCAPS_BUSY, RTA_MODE_PAPER, true, gc);
	expect(&ts, RTA_GCAPS_SUSPEND, RTA_MODE_PAPER, true, gc);
	expect(&ts, RTA_GCAPS_BUSY, RTA_MODE_ARTIFACT, true, gc);
	expect(&ts, RTA_TSG_RR_BUSY, RTA_MODE_PAPER, true, rr);
	expect(&ts, RTA_TSG_RR_SUSPEND, RTA_MODE_PAPER, true, rr);
	/* the bound equal to the deadline passes; just below it fails */
	ts.t[1].D = 10;
	expect(&ts, RTA_GCAPS_BUSY, RTA_MODE_PAPER, true, gc);
	ts.t[1].D = 9.999;
	expect(&ts, RTA_GCAPS_SUSPEND, RTA_MODE_PAPER, false, late);
	rta_taskset_free(&ts);
}

/* Eq. (1) cut off at the deadline; tasks depending on an unbounded one. */
static void test_deadline_cutoff(void **state)
{
	struct rta_taskset ts;
	/* D of k lowered to 19.99: the fixed point 20 exceeds it */
	const char *txt =
		"{\"schema\":1,\"platform\":{\"cpus\":1,\"epsilon_ms\":1,\"theta_ms\":0.2,\"timeslice_ms\":1},"
		"\"tasks\":["
		"{\"name\":\"h\",\"cpu\":0,\"period_ms\":20,\"deadline_ms\":6.99,\"priority\":3,"
		" \"cpu_segments_ms\":[1],\"gpu_segments\":[{\"misc_ms\":0.5,\"exec_ms\":1.5}]},"
		"{\"name\":\"k\",\"cpu\":0,\"period_ms\":200,\"deadline_ms\":200,\"priority\":1,"
		" \"cpu_segments_ms\":[5],\"gpu_segments\":[]}]}";
	const double busy[] = { NUL, 11 };	/* h: 7 > 6.99; k: 6+5 (no jitter) */
	const double susp[] = { NUL, NUL };	/* k needs J^c_h = R_h - ... */

	load_str(txt, &ts);
	expect(&ts, RTA_GCAPS_BUSY, RTA_MODE_PAPER, false, busy);
	expect(&ts, RTA_GCAPS_SUSPEND, RTA_MODE_PAPER, false, susp);
	rta_taskset_free(&ts);
}

/* ---- the paper's Table 2 / Example 4 ---- */
static void table2(struct rta_taskset *ts)
{
	char path[1024], err[512];

	snprintf(path, sizeof(path), "%s/ts_paper_table2.json", fixtures());
	if (access(path, R_OK) != 0)
		fail_msg("fixture missing: %s (run from the repository root)", path);
	if (rta_taskset_load(path, ts, err, sizeof(err)) != 0)
		fail_msg("%s", err);
}

static void check_prio(const struct rta_taskset *ts, enum rta_policy p, enum rta_mode mode,
		       const int *want)
{
	struct rta_result r;

	rta_result_init(&r, ts->n);
	rta_analyze(ts, p, mode, &r);
	assert_true(r.schedulable);
	assert_true(r.audsley);
	assert_true(r.has_gpu_prio);
	for (int i = 0; i < ts->n; i++) {
		assert_int_equal(r.gpu_prio[i], want[i]);
		if (mode == RTA_MODE_PAPER)
			assert_true(r.R[i] <= ts->t[i].D);
	}
	rta_result_free(&r);
}

static void test_table2_artifact(void **state)
{
	struct rta_taskset ts;
	const double rrb[] = { 33.4, 70.2, NUL, 114.4 }, rrs[] = { 33.4, 66, NUL, 173.0 };
	const double gb[] = { 26, 64, 153, NUL }, gs[] = { 26, 58, 153, NUL };
	const int prio[] = { 4, 3, 1, 2 };

	table2(&ts);
	expect(&ts, RTA_TSG_RR_BUSY, RTA_MODE_ARTIFACT, false, rrb);
	expect(&ts, RTA_TSG_RR_SUSPEND, RTA_MODE_ARTIFACT, false, rrs);
	expect(&ts, RTA_GCAPS_BUSY, RTA_MODE_ARTIFACT, false, gb);
	expect(&ts, RTA_GCAPS_SUSPEND, RTA_MODE_ARTIFACT, false, gs);
	check_prio(&ts, RTA_GCAPS_BUSY_GPU_PRIO, RTA_MODE_ARTIFACT, prio);
	check_prio(&ts, RTA_GCAPS_SUSPEND_GPU_PRIO, RTA_MODE_ARTIFACT, prio);
	rta_taskset_free(&ts);
}

static void test_table2_paper(void **state)
{
	struct rta_taskset ts;
	/*
	 * tsg_rr_busy tau4: Lemma 10 keeps tau2 (D1) and Eq. (6) counts
	 * {tau3, tau4} + tau1: 54 + 2*34.6 + 2*40 = 203.2 > 200.
	 * tsg_rr_suspend tau4: J^c_1 = 33.4-13, J^c_2 = 53-40:
	 * 54 + 2*13 + 40 = 120.
	 */
	const double rrb[] = { 33.4, 74.6, NUL, NUL }, rrs[] = { 33.4, 53, NUL, 120 };
	const double gb[] = { 26, 64, 153, NUL }, gs[] = { 26, 58, 153, NUL };
	const int prio[] = { 4, 3, 1, 2 };	/* Example 4: tau3/tau4 swapped */

	table2(&ts);
	expect(&ts, RTA_TSG_RR_BUSY, RTA_MODE_PAPER, false, rrb);
	expect(&ts, RTA_TSG_RR_SUSPEND, RTA_MODE_PAPER, false, rrs);
	expect(&ts, RTA_GCAPS_BUSY, RTA_MODE_PAPER, false, gb);
	expect(&ts, RTA_GCAPS_SUSPEND, RTA_MODE_PAPER, false, gs);
	check_prio(&ts, RTA_GCAPS_BUSY_GPU_PRIO, RTA_MODE_PAPER, prio);
	check_prio(&ts, RTA_GCAPS_SUSPEND_GPU_PRIO, RTA_MODE_PAPER, prio);
	rta_taskset_free(&ts);
}

/* Input gpu_priority (section 6.4): Example 4's swapped order passes. */
static void test_input_gpu_priority(void **state)
{
	struct rta_taskset ts;
	struct rta_result r;

	table2(&ts);
	ts.t[2].has_gprio = true, ts.t[2].gprio = 0.5;	/* tau3 below tau4 */
	rta_result_init(&r, ts.n);
	rta_analyze(&ts, RTA_GCAPS_SUSPEND, RTA_MODE_PAPER, &r);
	assert_true(r.schedulable);
	rta_analyze(&ts, RTA_GCAPS_SUSPEND_GPU_PRIO, RTA_MODE_PAPER, &r);
	assert_true(r.schedulable);
	assert_false(r.audsley);
	assert_int_equal(r.gpu_prio[2], 1);
	assert_int_equal(r.gpu_prio[3], 2);
	rta_result_free(&r);
	rta_taskset_free(&ts);
}

/* A given GPU order that breaks the same-core CPU order is refused (5.3). */
static void test_gpu_priority_same_core_order(void **state)
{
	const char *txt =
		"{\"schema\":1,\"platform\":{\"cpus\":1,\"epsilon_ms\":1,\"theta_ms\":0.2,\"timeslice_ms\":1},"
		"\"tasks\":["
		"{\"name\":\"a\",\"cpu\":0,\"period_ms\":10,\"priority\":2,\"gpu_priority\":1,"
		" \"cpu_segments_ms\":[1],\"gpu_segments\":[{\"misc_ms\":0,\"exec_ms\":1}]},"
		"{\"name\":\"b\",\"cpu\":0,\"period_ms\":20,\"priority\":1,\"gpu_priority\":2,"
		" \"cpu_segments_ms\":[1],\"gpu_segments\":[{\"misc_ms\":0,\"exec_ms\":1}]}]}";
	char err[256];
	struct rta_taskset ts;
	struct json *j = json_parse(txt, strlen(txt), err, sizeof(err));

	assert_non_null(j);
	assert_int_equal(rta_taskset_from_json(j, &ts, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "same-core"));
	json_free(j);
}

/* ---- monotonicity: more load never makes a taskset schedulable ---- */
static void test_monotonic(void **state)
{
	struct rta_gen_params gp;
	uint64_t rng = 12345;
	int checked = 0;

	rta_gen_defaults(&gp);
	gp.util_min = 0.2, gp.util_max = 0.45;
	for (int k = 0; k < 150; k++) {
		struct rta_taskset ts;
		struct rta_result a, b;
		int victim;

		rta_generate(&gp, &rng, &ts);
		rta_result_init(&a, ts.n);
		rta_result_init(&b, ts.n);
		victim = (int)(rta_rng_next(&rng) % (uint64_t)ts.n);
		for (int p = 0; p < RTA_NPOLICIES; p++) {
			struct rta_task *t = &ts.t[victim];
			double oldC = t->C, oldG = t->G, oldge = t->ng ? t->ge[0] : 0, oldGe = t->Ge;

			rta_analyze(&ts, p, RTA_MODE_PAPER, &a);
			/* more load: longer CPU and GPU work of one task */
			t->C *= 1.3;
			if (t->ng) {
				t->ge[0] *= 1.5;
				t->Ge += t->ge[0] - oldge;
				t->G += t->ge[0] - oldge;
			}
			rta_analyze(&ts, p, RTA_MODE_PAPER, &b);
			if (b.schedulable && !a.schedulable)
				fail_msg("taskset %d policy %s: more load became schedulable", k,
					 rta_policy_names[p]);
			if (p < RTA_GCAPS_BUSY_GPU_PRIO)
				for (int i = 0; i < ts.n; i++)
					if (!isnan(b.R[i]) && !(isnan(a.R[i]) == false &&
								a.R[i] <= b.R[i] + 1e-9))
						fail_msg("taskset %d %s task %d: R %g -> %g", k,
							 rta_policy_names[p], i, a.R[i], b.R[i]);
			t->C = oldC, t->G = oldG, t->Ge = oldGe;
			if (t->ng)
				t->ge[0] = oldge;
			checked++;
		}
		/* an extra task never helps either */
		rta_result_free(&a);
		rta_result_free(&b);
		rta_taskset_free(&ts);
	}
	assert_int_equal(checked, 150 * RTA_NPOLICIES);
}

static void test_monotonic_add_task(void **state)
{
	struct rta_gen_params gp;
	uint64_t rng = 777;

	rta_gen_defaults(&gp);
	gp.util_min = 0.2, gp.util_max = 0.4;
	for (int k = 0; k < 100; k++) {
		struct rta_taskset ts, big;
		struct rta_result a, b;

		rta_generate(&gp, &rng, &ts);
		/* big = ts + one more GPU task at the top priority on CPU 0 */
		big = ts;
		big.n = ts.n + 1;
		big.t = calloc(big.n, sizeof(*big.t));
		memcpy(big.t, ts.t, ts.n * sizeof(*ts.t));
		big.t[ts.n] = (struct rta_task){
			.name = "extra", .cpu = 0, .T = 40, .D = 40, .prio = 1000, .nc = 1,
			.ng = 1, .C = 1, .G = 2, .Gm = 0.5, .Ge = 1.5,
		};
		double cs = 1, gm = 0.5, ge = 1.5;

		big.t[ts.n].cseg = &cs, big.t[ts.n].gm = &gm, big.t[ts.n].ge = &ge;
		rta_result_init(&a, ts.n);
		rta_result_init(&b, big.n);
		for (int p = 0; p < RTA_NPOLICIES; p++) {
			rta_analyze(&ts, p, RTA_MODE_PAPER, &a);
			rta_analyze(&big, p, RTA_MODE_PAPER, &b);
			if (b.schedulable && !a.schedulable)
				fail_msg("taskset %d %s: adding a task made it schedulable", k,
					 rta_policy_names[p]);
		}
		rta_result_free(&a);
		rta_result_free(&b);
		free(big.t);
		rta_taskset_free(&ts);
	}
}

/*
 * Audsley is optimal: whenever some GPU priority order that keeps the
 * same-core CPU order passes the section 6.4 test (input gpu_priority, D_h
 * jitters), the search finds one.  Brute force over all orders of small
 * random tasksets.
 */
static bool next_perm(int *a, int n)
{
	int i = n - 2, j = n - 1;

	while (i >= 0 && a[i] >= a[i + 1])
		i--;
	if (i < 0)
		return false;
	while (a[j] <= a[i])
		j--;
	int x = a[i];

	a[i] = a[j], a[j] = x;
	for (int l = i + 1, r = n - 1; l < r; l++, r--)
		x = a[l], a[l] = a[r], a[r] = x;
	return true;
}

static void test_audsley_optimal(void **state)
{
	struct rta_gen_params gp;
	uint64_t rng = 99;
	int found_by_brute = 0, audsley_ok = 0;

	rta_gen_defaults(&gp);
	gp.cpus = 2, gp.tasks_min = 1, gp.tasks_max = 3;
	gp.util_min = 0.5, gp.util_max = 0.9;
	for (int k = 0; k < 300; k++) {
		struct rta_taskset ts;
		int perm[8];

		rta_generate(&gp, &rng, &ts);
		for (int busy = 0; busy < 2; busy++) {
			enum rta_policy base = busy ? RTA_GCAPS_BUSY : RTA_GCAPS_SUSPEND;
			enum rta_policy gpp = busy ? RTA_GCAPS_BUSY_GPU_PRIO : RTA_GCAPS_SUSPEND_GPU_PRIO;
			struct rta_result r;
			bool any = false;

			for (int i = 0; i < ts.n; i++)
				perm[i] = i + 1;
			rta_result_init(&r, ts.n);
			do {
				bool keeps = true;

				for (int a = 0; a < ts.n; a++)
					for (int b = 0; b < ts.n; b++)
						if (ts.t[a].cpu == ts.t[b].cpu && ts.t[a].prio > ts.t[b].prio &&
						    perm[a] < perm[b])
							keeps = false;
				if (!keeps)
					continue;
				for (int i = 0; i < ts.n; i++)
					ts.t[i].has_gprio = true, ts.t[i].gprio = perm[i];
				rta_analyze(&ts, base, RTA_MODE_PAPER, &r);
				any |= r.schedulable;
			} while (!any && next_perm(perm, ts.n));
			for (int i = 0; i < ts.n; i++)
				ts.t[i].has_gprio = false;
			rta_analyze(&ts, gpp, RTA_MODE_PAPER, &r);
			if (any && !r.schedulable)
				fail_msg("taskset %d (%s): an order exists, Audsley found none", k,
					 busy ? "busy" : "suspend");
			if (r.schedulable && r.audsley) {
				/* the order found keeps the same-core order and passes */
				for (int a = 0; a < ts.n; a++)
					for (int b = 0; b < ts.n; b++)
						if (ts.t[a].cpu == ts.t[b].cpu &&
						    ts.t[a].prio > ts.t[b].prio)
							assert_true(r.gpu_prio[a] > r.gpu_prio[b]);
				for (int i = 0; i < ts.n; i++)
					ts.t[i].has_gprio = true, ts.t[i].gprio = r.gpu_prio[i];
				rta_analyze(&ts, base, RTA_MODE_PAPER, &r);
				assert_true(r.schedulable);
				for (int i = 0; i < ts.n; i++)
					ts.t[i].has_gprio = false;
				audsley_ok++;
			}
			found_by_brute += any;
			rta_result_free(&r);
		}
		rta_taskset_free(&ts);
	}
	print_message("audsley: %d orders exist by brute force, %d found by the search "
		      "(the rest passed the priority-ordered test)\n", found_by_brute, audsley_ok);
	assert_true(audsley_ok > 0);
}

/* ---- jw_double: its fast exact path against the snprintf/strtod loop ---- */
static void ref_double(double v, char *buf, size_t len)
{
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, len, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	if (!strpbrk(buf, ".eEn"))
		strcat(buf, ".0");
}

static void check_double(double v, long *n)
{
	char want[64], *got = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&got, &len);
	struct jw w;

	assert_non_null(f);
	jw_init(&w, f, false);
	jw_double(&w, v);
	fclose(f);
	ref_double(v, want, sizeof(want));
	if (strcmp(got, want))
		fail_msg("jw_double(%a): got %s, want %s", v, got, want);
	free(got);
	(*n)++;
}

static void test_json_double_format(void **state)
{
	static const double fixed[] = {
		0.001, 0.0010000000000000002, 1e-3 * (1 - 1e-16), 0.1, 0.2, 0.3, 0.30000000000000004,
		0.8200000000000001, 13.483099999999999, 14.6831, 1.0, 2.0, 4.0, 100.0, 1e12,
		9999999999999.998, 1e13, 0.5, 0.25, 0.125, 1.5, 2.5, 123456789012.345,
		4503599627370496.0 / 1048576.0, 0.0, -0.0, -4.14, 1e-5, 1e20, 99.99999999999999,
		9.999999999999998, 0.009999999999999998, 17.6, 19.599999999999998, 1.2,
	};
	uint64_t rng = 42;
	long n = 0;

	for (size_t i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++) {
		check_double(fixed[i], &n);
		check_double(nextafter(fixed[i], 0), &n);
		check_double(nextafter(fixed[i], INFINITY), &n);
	}
	for (int i = 0; i < 300000; i++) {
		uint64_t r = rta_rng_next(&rng);
		double v;

		switch (i % 4) {
		case 0:	/* any bit pattern with an exponent around the fast range */
			r = (r & 0x800fffffffffffffull) | ((uint64_t)(1000 + (r >> 52) % 70) << 52);
			memcpy(&v, &r, sizeof(v));
			break;
		case 1:	/* short decimals, as in the fixtures */
			v = (double)(r % 10000000) / 10000.0;
			break;
		case 2:	/* sums of short decimals, as the bounds are */
			v = (double)(r % 100000) / 100.0 + (double)((r >> 20) % 1000) * 0.0231 +
			    1.2 * (double)((r >> 40) % 7);
			break;
		default:	/* powers of two and their neighbours */
			v = ldexp(1.0, (int)(r % 60) - 12);
			if (r & (1ull << 40))
				v = nextafter(v, (r & (1ull << 41)) ? 0 : INFINITY);
			break;
		}
		check_double(v, &n);
	}
	print_message("jw_double: %ld values identical to the snprintf/strtod loop\n", n);
}

/* ---- the artifact's 200 oracles, compat mode ---- */
static bool near(double a, double b)
{
	return fabs(a - b) <= 1e-9 * fmax(1, fabs(b));
}

/*
 * variant 0: "shipped" (--compat artifact on the files as they are);
 * 1: "segsum" (C_i, G_i = the segment sums); 2: "fixed" (segsum without
 * D2 and D3) - the oracle's variants, made by changing state only.
 */
static void check_oracles(const char *corpus, int want_files, int variant, unsigned skip_pol)
{
	static const char *const vname[] = { NULL, "segsum", "fixed" };
	char dir[1024], path[1400], err[512];
	int files = 0, bad[RTA_NPOLICIES] = { 0 }, bounds = 0;
	unsigned dev = variant == 2 ? RTA_DEV_ARTIFACT & ~(RTA_DEV_D2 | RTA_DEV_D3) : RTA_DEV_ARTIFACT;

	snprintf(dir, sizeof(dir), "%s/%s", fixtures(), corpus);
	if (access(dir, R_OK) != 0)
		fail_msg("fixture missing: %s (run from the repository root)", dir);
	for (int k = 0; k < 10000; k++) {
		struct rta_taskset ts;
		struct json *o;
		const struct json *pols;

		snprintf(path, sizeof(path), "%s/ts_%04d.json", dir, k);
		if (access(path, R_OK) != 0)
			break;
		if (rta_taskset_load(path, &ts, err, sizeof(err)) < 0)
			fail_msg("%s", err);
		if (variant)
			for (int i = 0; i < ts.n; i++) {
				struct rta_task *t = &ts.t[i];

				t->C = 0;
				for (int j = 0; j < t->nc; j++)
					t->C += t->cseg[j];
				t->G = 0;
				for (int j = 0; j < t->ng; j++)
					t->G += t->gm[j] + t->ge[j];
			}
		snprintf(path, sizeof(path), "%s/ts_%04d.oracle.json", dir, k);
		o = json_parse_file(path, err, sizeof(err));
		assert_non_null(o);
		pols = json_get(o, "policies");
		if (variant)
			pols = json_get(json_get(json_get(o, "variants"), vname[variant]), "policies");
		assert_non_null(pols);
		for (int p = 0; p < RTA_NPOLICIES; p++) {
			const struct json *op = json_get(pols, rta_policy_names[p]), *rt, *gpr, *sch;
			const char *stage;
			struct rta_result r;
			bool ok = true;

			assert_non_null(op);
			if (skip_pol & (1u << p))
				continue;
			rta_result_init(&r, ts.n);
			rta_analyze_dev(&ts, p, dev, &r);
			sch = json_get(op, "schedulable");
			if (!sch || sch->b != r.schedulable)
				ok = false;
			stage = json_get_string(op, "stage");
			if (stage && strcmp(stage, r.audsley ? "audsley" : "rm"))
				ok = false;
			rt = json_get(op, "response_times_ms");
			for (size_t m = 0; rt && m < rt->n; m++) {
				int i = find(&ts, rt->keys[m]);
				const struct json *v = rt->items[m];

				bounds++;
				if (v->type == JSON_NULL ? !isnan(r.R[i]) : !near(r.R[i], v->num))
					ok = false;
			}
			gpr = json_get(op, "gpu_priorities");
			for (size_t m = 0; gpr && gpr->type == JSON_OBJECT && m < gpr->n; m++)
				if (r.gpu_prio[find(&ts, gpr->keys[m])] != (int)gpr->items[m]->num)
					ok = false;
			if (!ok) {
				bad[p]++;
				print_message("mismatch: ts_%04d %s\n", k, rta_policy_names[p]);
			}
			rta_result_free(&r);
		}
		json_free(o);
		rta_taskset_free(&ts);
		files++;
	}
	print_message("artifact oracles %s (%s): %d tasksets, %d bounds compared\n",
		      corpus, variant ? vname[variant] : "shipped", files, bounds);
	assert_int_equal(files, want_files);
	for (int p = 0; p < RTA_NPOLICIES; p++)
		assert_int_equal(bad[p], 0);
}

#define SEED1 "gcaps-artifact-seed1"
#define BE30 "gcaps-artifact-be30-seed7"

static void test_artifact_oracles(void **state)
{
	check_oracles(SEED1, 200, 0, 0);
}

static void test_artifact_oracles_segsum(void **state)
{
	check_oracles(SEED1, 200, 1, 0);
}

static void test_artifact_oracles_fixed(void **state)
{
	check_oracles(SEED1, 200, 2, 0);
}

static void test_artifact_oracles_be30(void **state)
{
	check_oracles(BE30, 100, 0, 0);
}

static void test_artifact_oracles_be30_segsum(void **state)
{
	check_oracles(BE30, 100, 1, 0);
}

static void test_artifact_oracles_be30_fixed(void **state)
{
	check_oracles(BE30, 100, 2, 0);
}

/* ---- CLI: batch mode (JSON Lines with "file"), contract keys ---- */
static char *capture(char **argv, int argc, int *rc)
{
	char tmpl[] = "/tmp/test_rta_XXXXXX";
	int fd = mkstemp(tmpl), saved;
	struct cli_global g = { 0 };
	char *buf;
	long len;
	FILE *f;

	assert_true(fd >= 0);
	fflush(stdout);
	saved = dup(1);
	dup2(fd, 1);
	*rc = cmd_rta(&g, argc, argv);
	fflush(stdout);
	dup2(saved, 1);
	close(saved);
	f = fdopen(fd, "r");
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	rewind(f);
	buf = calloc(len + 1, 1);
	assert_int_equal(fread(buf, 1, len, f), (size_t)len);
	fclose(f);
	unlink(tmpl);
	return buf;
}

static void test_cli_batch(void **state)
{
	char a[1100], b[1100];
	char *argv[] = { "rta", "-j", "--assign-gpu-priorities", a, b, a };
	char *out, *line, *save = NULL;
	const char *files[] = { a, b, a };
	int rc, nlines = 0;

	snprintf(a, sizeof(a), "%s/ts_paper_table2.json", fixtures());
	snprintf(b, sizeof(b), "%s/gcaps-artifact-seed1/ts_0001.json", fixtures());
	if (access(a, R_OK) || access(b, R_OK))
		fail_msg("fixture missing: %s or %s (run from the repository root)", a, b);
	out = capture(argv, 6, &rc);
	assert_int_equal(rc, 0);
	for (line = strtok_r(out, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char err[256];
		struct json *j = json_parse(line, strlen(line), err, sizeof(err));
		const struct json *pols, *v;
		double sch;

		if (!j)
			fail_msg("line %d: %s", nlines, err);
		assert_true(json_get_number(j, "schema", &sch) && sch == 1);
		assert_string_equal(json_get_string(j, "file"), files[nlines]);
		v = json_get(j, "gpu");
		assert_true(v && v->type == JSON_NULL);
		pols = json_get(j, "policies");
		assert_int_equal(pols->n, RTA_NPOLICIES);
		for (int p = 0; p < RTA_NPOLICIES; p++) {
			const struct json *tasks = json_get_array(json_get(pols, rta_policy_names[p]),
								  "tasks");

			assert_non_null(tasks);
			assert_true(tasks->n > 0);
			v = json_get(tasks->items[0], "gpu_priority");
			assert_true((v != NULL) == (p >= RTA_GCAPS_BUSY_GPU_PRIO));
		}
		json_free(j);
		nlines++;
	}
	assert_int_equal(nlines, 3);
	free(out);
}

/*
 * The taskset reader's checks, each on both sides of its bound, with its
 * message (docs/rta.md, "Input": periods, deadlines and the time slice
 * positive, constrained deadlines, other times >= 0, a task's CPU from 0
 * to 65535, the platform's CPU count from 0 to 65536).
 * One platform (P) and one task (T, "a" on CPU 0) are the defaults.
 */
#define RB_P "\"cpus\":2,\"epsilon_ms\":1,\"theta_ms\":0.2,\"timeslice_ms\":1"
#define RB_T "\"name\":\"a\",\"cpu\":0,\"period_ms\":10,\"priority\":1,\"cpu_segments_ms\":[1]," \
	"\"gpu_segments\":[{\"misc_ms\":0.5,\"exec_ms\":1}]"

static void test_reader_bounds(void **state)
{
	static const struct {
		const char *platform, *task, *err;	/* err NULL: accepted */
	} cases[] = {
		{ RB_P, "\"name\":\"a\",\"cpu\":0,\"period_ms\":0.5,\"priority\":1,\"cpu_segments_ms\":[0.1]", NULL },
		{ RB_P, "\"name\":\"a\",\"cpu\":0,\"period_ms\":1,\"priority\":1,\"cpu_segments_ms\":[0.1]", NULL },
		{ RB_P, "\"name\":\"a\",\"cpu\":0,\"period_ms\":0,\"priority\":1,\"cpu_segments_ms\":[0.1]",
		  "task a: \"period_ms\" must be a positive number" },
		{ RB_P, RB_T ",\"deadline_ms\":0.5", NULL },
		{ RB_P, RB_T ",\"deadline_ms\":0", "task a: \"deadline_ms\" must be a positive number" },
		{ RB_P, RB_T ",\"deadline_ms\":10", NULL },
		{ RB_P, RB_T ",\"deadline_ms\":10.5",
		  "task a: deadline_ms > period_ms (the analysis needs constrained deadlines)" },
		{ RB_P, RB_T ",\"cpu_total_ms\":0", NULL },
		{ RB_P, RB_T ",\"cpu_total_ms\":-1", "task a: \"cpu_total_ms\" must be a number >= 0" },
		{ RB_P, RB_T ",\"gpu_total_ms\":-0.5", "task a: \"gpu_total_ms\" must be a number >= 0" },
		{ RB_P, "\"name\":\"a\",\"cpu\":65535,\"period_ms\":10,\"priority\":1,\"cpu_segments_ms\":[1]", NULL },
		{ RB_P, "\"name\":\"a\",\"cpu\":65536,\"period_ms\":10,\"priority\":1,\"cpu_segments_ms\":[1]",
		  "task a: \"cpu\" must be an integer from 0 to 65535" },
		{ RB_P, "\"name\":\"a\",\"cpu\":-1,\"period_ms\":10,\"priority\":1,\"cpu_segments_ms\":[1]",
		  "task a: \"cpu\" must be an integer from 0 to 65535" },
		{ RB_P, "\"name\":\"a\",\"cpu\":0,\"period_ms\":10,\"priority\":1,\"cpu_segments_ms\":[0, -1]",
		  "task a: cpu_segments_ms[1] must be a number >= 0" },
		{ RB_P, "\"name\":\"a\",\"cpu\":0,\"period_ms\":10,\"priority\":1,\"cpu_segments_ms\":[1],"
		  "\"gpu_segments\":[{\"misc_ms\":0,\"exec_ms\":0},{\"misc_ms\":0,\"exec_ms\":-1}]",
		  "task a: gpu_segments[1] needs numbers misc_ms and exec_ms >= 0" },
		{ "\"cpus\":65536,\"epsilon_ms\":1,\"theta_ms\":0.2,\"timeslice_ms\":1", RB_T, NULL },
		{ "\"cpus\":0,\"epsilon_ms\":1,\"theta_ms\":0.2,\"timeslice_ms\":1", RB_T, NULL },
		{ "\"cpus\":65537,\"epsilon_ms\":1,\"theta_ms\":0.2,\"timeslice_ms\":1", RB_T,
		  "platform: \"cpus\" must be an integer from 0 to 65536" },
		{ "\"cpus\":-1,\"epsilon_ms\":1,\"theta_ms\":0.2,\"timeslice_ms\":1", RB_T,
		  "platform: \"cpus\" must be an integer from 0 to 65536" },
		{ "\"cpus\":2,\"epsilon_ms\":0,\"theta_ms\":0,\"timeslice_ms\":0.001", RB_T, NULL },
		{ "\"cpus\":2,\"epsilon_ms\":-1,\"theta_ms\":0.2,\"timeslice_ms\":1", RB_T,
		  "platform: \"epsilon_ms\" must be a number >= 0" },
		{ "\"cpus\":2,\"epsilon_ms\":1,\"theta_ms\":-0.1,\"timeslice_ms\":1", RB_T,
		  "platform: \"theta_ms\" must be a number >= 0" },
		{ "\"cpus\":2,\"epsilon_ms\":1,\"timeslice_ms\":1", RB_T,
		  "platform: \"theta_ms\" must be a number >= 0" },
		{ "\"cpus\":2,\"epsilon_ms\":1,\"theta_ms\":0.2,\"timeslice_ms\":0", RB_T,
		  "platform: \"timeslice_ms\" must be a positive number" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char doc[1024], err[256] = "";
		struct rta_taskset ts;
		int rc;

		snprintf(doc, sizeof(doc), "{\"schema\":1,\"platform\":{%s},\"tasks\":[{%s}]}",
			 cases[i].platform, cases[i].task);
		rc = read_doc(doc, &ts, err, sizeof(err));
		if (!cases[i].err) {
			if (rc != 0)
				fail_msg("case %zu (%s): refused: %s", i, cases[i].task, err);
			assert_int_equal(ts.n, 1);
			rta_taskset_free(&ts);
		} else {
			if (rc != -1)
				fail_msg("case %zu (%s): accepted, wanted '%s'", i, cases[i].task, cases[i].err);
			assert_string_equal(err, cases[i].err);
		}
	}
}

static void test_cli_single_and_errors(void **state)
{
	char a[1100];
	char *argv1[] = { "rta", "--json", a };
	char *argv2[] = { "rta", "/nonexistent.json" };
	char *argv3[] = { "rta", "--compat", "bogus", a };
	char *argv4[] = { "rta", "--help" };
	char *out;
	int rc;

	snprintf(a, sizeof(a), "%s/ts_paper_table2.json", fixtures());
	if (access(a, R_OK))
		fail_msg("fixture missing: %s (run from the repository root)", a);
	out = capture(argv1, 3, &rc);
	assert_int_equal(rc, 0);
	assert_null(strstr(out, "\"file\""));		/* one file: no "file" key */
	assert_null(strstr(out, "gpu_prio"));		/* only with -a */
	assert_non_null(strstr(out, "\"tau3\",\"response_time_ms\":null"));
	free(out);
	out = capture(argv2, 2, &rc);
	assert_int_equal(rc, CLI_EXIT_USAGE);
	free(out);
	out = capture(argv3, 4, &rc);
	assert_int_equal(rc, CLI_EXIT_USAGE);
	free(out);
	out = capture(argv4, 2, &rc);
	assert_int_equal(rc, 0);
	assert_non_null(strstr(out, "usage: nvsched rta"));
	free(out);
}

/* ---- CLI: --generate is reproducible and readable back, --sweep CSV ---- */
static void test_cli_generate_sweep(void **state)
{
	char *g1[] = { "rta", "--generate", "--count", "3", "--seed", "11", "--be-ratio", "0.2" };
	char *sw[] = { "rta", "--sweep", "util=0.2:0.6:0.2", "--count", "20", "--seed", "3" };
	char *bad[] = { "rta", "--sweep", "nope=1:2:1" };
	char *a, *b, *line, *save = NULL;
	int rc, n = 0;

	a = capture(g1, 8, &rc);
	assert_int_equal(rc, 0);
	b = capture(g1, 8, &rc);
	assert_string_equal(a, b);		/* same seed, same tasksets */
	for (line = strtok_r(a, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char err[256];
		struct json *j = json_parse(line, strlen(line), err, sizeof(err));
		struct rta_taskset ts;

		assert_non_null(j);
		assert_int_equal(rta_taskset_from_json(j, &ts, err, sizeof(err)), 0);
		rta_taskset_free(&ts);
		json_free(j);
		n++;
	}
	assert_int_equal(n, 3);
	free(a);
	free(b);

	a = capture(sw, 7, &rc);
	assert_int_equal(rc, 0);
	save = NULL;
	line = strtok_r(a, "\n", &save);
	assert_string_equal(line, "util,tsg_rr_busy,tsg_rr_suspend,gcaps_busy,gcaps_suspend,"
				  "gcaps_busy_gpu_prio,gcaps_suspend_gpu_prio,tasksets");
	n = 0;
	while ((line = strtok_r(NULL, "\n", &save))) {
		double v[8];

		assert_int_equal(sscanf(line, "%lf,%lf,%lf,%lf,%lf,%lf,%lf,%lf", &v[0], &v[1], &v[2],
					&v[3], &v[4], &v[5], &v[6], &v[7]), 8);
		assert_true(fabs(v[0] - 0.2 * (n + 1)) < 1e-9);
		assert_true(v[5] >= v[3] && v[6] >= v[4]);	/* Audsley only adds */
		assert_int_equal((int)v[7], 20);
		n++;
	}
	assert_int_equal(n, 3);
	free(a);
	a = capture(bad, 3, &rc);
	assert_int_equal(rc, CLI_EXIT_USAGE);
	free(a);
}

/* ---- generator: reproducible, Table 3 ranges ---- */
static void test_generate(void **state)
{
	struct rta_gen_params gp;
	uint64_t s1 = 42, s2 = 42;

	rta_gen_defaults(&gp);
	gp.be_ratio = 0.25;
	for (int k = 0; k < 50; k++) {
		struct rta_taskset a, b;
		int nbe = 0, ngpu = 0;
		double load[4] = { 0 };

		rta_generate(&gp, &s1, &a);
		rta_generate(&gp, &s2, &b);
		assert_int_equal(a.n, b.n);
		assert_true(a.n >= 12 && a.n <= 24);
		for (int i = 0; i < a.n; i++) {
			const struct rta_task *t = &a.t[i];

			assert_true(t->C == b.t[i].C && t->T == b.t[i].T && t->cpu == b.t[i].cpu);
			assert_true(t->T >= 30 && t->T <= 500);
			assert_true(t->ng <= 3);
			if (t->ng) {
				ngpu++;
				assert_int_equal(t->nc, t->ng + 1);
				assert_true(t->G / t->C >= 0.2 - 1e-9 && t->G / t->C <= 2 + 1e-9);
				assert_true(t->Gm / t->G >= 0.1 - 1e-9 && t->Gm / t->G <= 0.3 + 1e-9);
			}
			nbe += t->be;
			load[t->cpu] += (t->C + t->G) / t->T;
		}
		assert_int_equal(nbe, (int)lround(0.25 * a.n));
		assert_true(ngpu >= (int)(0.4 * a.n) - 1 && ngpu <= (int)(0.6 * a.n) + 1);
		for (int c = 0; c < 4; c++)
			assert_true(load[c] <= 1.2 + 1e-9);
		rta_taskset_free(&a);
		rta_taskset_free(&b);
	}
}

/* ---- the one-pass reader (rta_fast.c) against the general reader ---- */
static bool same_d(double a, double b)
{
	return !memcmp(&a, &b, sizeof(a));
}

/* 1: the same taskset, bit for bit */
static bool same_taskset(const struct rta_taskset *a, const struct rta_taskset *b)
{
	if (a->n != b->n || a->cpus != b->cpus || !same_d(a->eps, b->eps) ||
	    !same_d(a->theta, b->theta) || !same_d(a->L, b->L))
		return false;
	for (int i = 0; i < a->n; i++) {
		const struct rta_task *x = &a->t[i], *y = &b->t[i];

		if (strcmp(x->name, y->name) || x->cpu != y->cpu || !same_d(x->T, y->T) ||
		    !same_d(x->D, y->D) || x->be != y->be || !same_d(x->prio, y->prio) ||
		    x->has_gprio != y->has_gprio || !same_d(x->gprio, y->gprio) ||
		    x->nc != y->nc || x->ng != y->ng || !same_d(x->C, y->C) ||
		    !same_d(x->G, y->G) || !same_d(x->Gm, y->Gm) || !same_d(x->Ge, y->Ge))
			return false;
		for (int k = 0; k < x->nc; k++)
			if (!same_d(x->cseg[k], y->cseg[k]))
				return false;
		for (int k = 0; k < x->ng; k++)
			if (!same_d(x->gm[k], y->gm[k]) || !same_d(x->ge[k], y->ge[k]))
				return false;
	}
	return true;
}

/*
 * One text through both readers: when the one-pass reader takes it, the
 * general one must accept it and build the same taskset.  Returns 1 when
 * the one-pass reader took it.
 */
static int check_fast(const char *text, size_t len)
{
	struct rta_taskset a, b;
	char err[256];
	struct json *j = json_parse(text, len, err, sizeof(err));
	int dom = j && rta_taskset_from_json(j, &a, err, sizeof(err)) == 0;
	int fast = rta_taskset_fast(text, len, &b);

	if (fast && !dom)
		fail_msg("one-pass reader accepted what the general reader rejects: %s\n%.*s",
			 err, (int)len, text);
	if (fast && !same_taskset(&a, &b))
		fail_msg("one-pass reader built another taskset:\n%.*s", (int)len, text);
	if (fast)
		rta_taskset_free(&b);
	if (dom)
		rta_taskset_free(&a);
	json_free(j);
	return fast;
}

static void test_fast_reader(void **state)
{
	/* raw control characters too (tab, newline, CR, and NUL below) */
	static const char edits[] = "\"}]{[,:1.-e x\\n\t\n\r";
	const char *const files[] = {
		"ts_paper_table2.json", "gcaps-artifact-seed1/ts_0000.json",
		"gcaps-artifact-be30-seed7/ts_0003.json",
	};
	char path[1400], err[256];
	DIR *d;
	struct dirent *de;
	int taken = 0, files_ok = 0, variants = 0, vtaken = 0;

	/* every fixture file: taken, and the same taskset */
	for (int c = 0; c < 2; c++) {
		snprintf(path, sizeof(path), "%s/%s", fixtures(),
			 c ? "gcaps-artifact-seed1" : "gcaps-artifact-be30-seed7");
		d = opendir(path);
		assert_non_null(d);
		while ((de = readdir(d))) {
			char f[1700];
			size_t len;
			char *t;

			if (strncmp(de->d_name, "ts_", 3) || strstr(de->d_name, "oracle"))
				continue;
			snprintf(f, sizeof(f), "%s/%s", path, de->d_name);
			t = json_read_file(f, &len, err, sizeof(err));
			assert_non_null(t);
			taken += check_fast(t, len);
			files_ok++;
			free(t);
		}
		closedir(d);
	}
	assert_int_equal(taken, files_ok);
	assert_int_equal(files_ok, 300);
	/*
	 * Edited copies (each byte deleted, or replaced by one of edits[], in
	 * the small file; every 7th byte in the larger ones): most are invalid
	 * or change a value; the two readers must agree on every one.
	 */
	for (size_t fi = 0; fi < sizeof(files) / sizeof(files[0]); fi++) {
		size_t len;
		char *t, *v;

		snprintf(path, sizeof(path), "%s/%s", fixtures(), files[fi]);
		t = json_read_file(path, &len, err, sizeof(err));
		assert_non_null(t);
		v = malloc(len + 1);
		assert_non_null(v);
		for (size_t i = 0; i < len; i += fi ? 7 : 1) {
			memcpy(v, t, i);
			memcpy(v + i, t + i + 1, len - i - 1);	/* deleted */
			vtaken += check_fast(v, len - 1);
			variants++;
			for (size_t e = 0; e < sizeof(edits); e++) {	/* and NUL */
				memcpy(v, t, len);
				v[i] = edits[e];
				vtaken += check_fast(v, len);
				variants++;
			}
		}
		free(v);
		free(t);
	}
	print_message("one-pass reader: %d fixture files identical; %d edited copies, %d taken "
		      "(identical), the rest left to the general reader\n", files_ok, variants, vtaken);
	assert_true(vtaken > 0 && vtaken < variants);
}

/*
 * The fixed-point iteration's limit (docs/rta.md: at most 100000 rounds,
 * then no bound): tau_h (C = c, T = 1) over tau_i (C = 1) gives
 * R = 1 + ceil(R) c, which grows by c each round until ceil(R) stops
 * growing: after 1 / (1 - c) rounds.  c = 1 - 1e-5 needs the round of
 * index 100000 (a 100001st) to confirm, one past the limit; c = 1 -
 * 1.00000001e-5 confirms in round 99999 (worked with the same doubles by
 * hand-written Python: R = 99999 exactly).
 */
static void test_iteration_limit(void **state)
{
	static const struct {
		double c, R;
	} cases[] = {
		{ 0.999989999899999, 99999 }, { 0.99999, NAN },
		/* settles in the round of index 100000 too, and the round before
		 * already shows that no count moves (R below every fl(count T)):
		 * the skipped confirming round must not stretch the limit */
		{ 0.9999899999, NAN },
	};

	(void)state;
	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		double cs[2] = { cases[k].c, 1 };
		struct rta_task t[2] = {
			{ .name = "h", .cpu = 0, .T = 1, .D = 1, .prio = 2, .nc = 1, .cseg = &cs[0],
			  .C = cases[k].c },
			{ .name = "i", .cpu = 0, .T = 1e6, .D = 1e6, .prio = 1, .nc = 1, .cseg = &cs[1],
			  .C = 1 },
		};
		struct rta_taskset ts = { .cpus = 1, .eps = 0, .theta = 0, .L = 1, .n = 2, .t = t };
		const double want[] = { cases[k].c, cases[k].R };

		/* (the *_gpu_prio policies: their Audsley stage has no bounds when it fails) */
		for (int p = 0; p < RTA_NPOLICIES; p++)
			if (p < RTA_GCAPS_BUSY_GPU_PRIO || !isnan(cases[k].R))
				expect(&ts, p, RTA_MODE_PAPER, !isnan(cases[k].R), want);
	}
}

/* rta_result_init: no bound, nothing analysed, no GPU priorities */
static void test_result_init(void **state)
{
	struct rta_result r;

	(void)state;
	for (int n = 1; n <= 9; n += 4) {
		rta_result_init(&r, n);
		assert_false(r.schedulable || r.has_gpu_prio || r.audsley);
		for (int i = 0; i < n; i++) {
			assert_true(isnan(r.R[i]));
			assert_false(r.analysed[i]);
			assert_int_equal(r.gpu_prio[i], 0);
		}
		/* the three arrays do not overlap */
		for (int i = 0; i < n; i++)
			r.gpu_prio[i] = -1, r.analysed[i] = true;
		for (int i = 0; i < n; i++)
			assert_true(isnan(r.R[i]));
		rta_result_free(&r);
		assert_null(r.R);
	}
}

/* write text to a new temporary file; its path into path */
static void temp_file(char *path, size_t len, const char *text)
{
	int fd;
	FILE *f;

	snprintf(path, len, "%s/nvsched-rta-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	fd = mkstemp(path);
	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/*
 * rta_taskset_load: a file the one-pass reader leaves to the general one
 * reads as rta_taskset_from_json reads its text; each error names the file.
 */
static void test_load_paths(void **state)
{
	static const char *general =
		"{\"platform\":{\"epsilon_ms\":1,\"theta_ms\":0.5,\"timeslice_ms\":2},\"tasks\":["
		"{\"name\":null,\"cpu\":1,\"period_ms\":10,\"priority\":2,\"cpu_segments_ms\":[1,2],"
		" \"gpu_segments\":[{\"exec_ms\":3,\"misc_ms\":0.5}],\"gpu_total_ms\":4},"
		"{\"cpu\":0,\"period_ms\":20,\"cpu_segments_ms\":[0.5],\"x\":[1,{\"y\":null}],"
		" \"name\":\"x\\ty\"}]}";
	char path[256], err[512], want[600];
	struct rta_taskset ts, ref, tmp;

	(void)state;
	/* the general reader: the one-pass reader refuses this text */
	assert_int_equal(rta_taskset_fast(general, strlen(general), &tmp), 0);
	assert_null(tmp.t);
	temp_file(path, sizeof(path), general);
	if (rta_taskset_load(path, &ts, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	load_str(general, &ref);
	assert_int_equal(ts.n, 2);
	assert_int_equal(ts.cpus, 2);
	assert_true(ts.eps == 1 && ts.theta == 0.5 && ts.L == 2);
	for (int i = 0; i < 2; i++) {
		assert_string_equal(ts.t[i].name, ref.t[i].name);
		assert_int_equal(ts.t[i].cpu, ref.t[i].cpu);
		assert_int_equal(ts.t[i].be, ref.t[i].be);
		assert_true(ts.t[i].T == ref.t[i].T && ts.t[i].D == ref.t[i].D &&
			    ts.t[i].C == ref.t[i].C && ts.t[i].G == ref.t[i].G &&
			    ts.t[i].Gm == ref.t[i].Gm && ts.t[i].Ge == ref.t[i].Ge);
		assert_int_equal(ts.t[i].ng, ref.t[i].ng);
		assert_int_equal(ts.t[i].nc, ref.t[i].nc);
	}
	assert_string_equal(ts.t[0].name, "t0");
	assert_true(ts.t[0].G == 4 && ts.t[0].Ge == 3 && ts.t[0].C == 3);
	assert_string_equal(ts.t[1].name, "x\ty");	/* an escape: the general reader */
	assert_true(ts.t[1].be);
	rta_taskset_free(&ts);
	rta_taskset_free(&ref);
	unlink(path);

	/* a taskset error: "FILE: message" */
	temp_file(path, sizeof(path), "{\"platform\":{\"epsilon_ms\":1,\"theta_ms\":0,\"timeslice_ms\":1}}");
	assert_int_equal(rta_taskset_load(path, &ts, err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "%s: missing \"tasks\" array", path);
	assert_string_equal(err, want);
	assert_null(ts.t);
	unlink(path);
	/* a JSON error: "FILE: line L col C: ..." */
	temp_file(path, sizeof(path), "{\"platform\":\n{\"epsilon_ms\":}");
	assert_int_equal(rta_taskset_load(path, &ts, err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "%s: line 2 col ", path);
	if (strncmp(err, want, strlen(want)))
		fail_msg("got '%s', want '%s...'", err, want);
	unlink(path);
	/* no such file */
	assert_int_equal(rta_taskset_load(path, &ts, err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "%s: No such file or directory", path);
	assert_string_equal(err, want);
}

/* ---- the reader: every member of every task, against the document ---- */

static void check_segs(const double *got, const double *want, int n, const char *what)
{
	for (int k = 0; k < n; k++)
		if (got[k] != want[k])
			fail_msg("%s[%d]: %g, want %g", what, k, got[k], want[k]);
}

static void test_reader_fields(void **state)
{
	/*
	 * Keys in unusual orders, duplicates (the first counts), and near
	 * misses of every member name (ignored): cpux, cpu_x, cpu_segments,
	 * cpu_totals, gpu, gpu_x, gpu_prio, gpu_seg, p, pe, d, n, c, g.
	 */
	char name80[81], doc[4096], err[256];
	struct rta_taskset ts;
	const double cs0[] = { 1.5, 0, 2.25 }, gm1[] = { 0.5, 0 }, ge1[] = { 1, 3.5 };

	memset(name80, 'x', 80);
	name80[80] = '\0';
	snprintf(doc, sizeof(doc),
		 "{\"schema\":1,\"tasks\":["
		 "{\"gpu_segments\":[],\"cpux\":5,\"cpu_x\":7,\"cpu_segments\":[9],\"cpu_totals\":1,"
		 " \"cpu_segments_ms\":[1.5,0,2.25],\"cpu_segments_ms\":[8],\"p\":1,\"pe\":2,\"d\":3,"
		 " \"n\":\"no\",\"c\":1,\"g\":2,\"gpu\":3,\"gpu_x\":4,\"gpu_prio\":9,\"gpu_seg\":[],"
		 " \"priority\":7.5,\"priority\":1,\"period_ms\":40,\"period_ms\":1,\"cpu\":1,\"cpu\":0,"
		 " \"deadline_ms\":30,\"name\":\"first\",\"name\":\"second\",\"x\":null},"
		 "{\"name\":\"%s\",\"cpu\":3,\"period_ms\":100,\"deadline_ms\":null,\"priority\":2,"
		 " \"gpu_priority\":5,\"cpu_segments_ms\":[],"
		 " \"gpu_segments\":[{\"misc_ms\":0.5,\"exec_ms\":1},{\"exec_ms\":3.5,\"misc_ms\":0}]},"
		 "{\"cpu\":1,\"period_ms\":20,\"priority\":null,\"gpu_priority\":null,\"name\":null,"
		 " \"cpu_segments_ms\":[4],\"gpu_segments\":null,\"cpu_total_ms\":6,\"gpu_total_ms\":null},"
		 "{\"cpu\":1,\"period_ms\":20,\"cpu_segments_ms\":[1],"
		 " \"gpu_segments\":[{\"misc_ms\":1,\"exec_ms\":2}],\"gpu_total_ms\":10,\"cpu_total_ms\":null}],"
		 "\"platform\":{\"timeslice_ms\":2.5,\"theta_ms\":0.25,\"epsilon_ms\":0.75}}", name80);
	(void)state;
	if (read_doc(doc, &ts, err, sizeof(err)) < 0)
		fail_msg("refused: %s", err);
	assert_int_equal(ts.n, 4);
	assert_int_equal(ts.cpus, 4);	/* no "cpus": the highest task CPU + 1 */
	assert_true(ts.eps == 0.75 && ts.theta == 0.25 && ts.L == 2.5);

	assert_string_equal(ts.t[0].name, "first");
	assert_int_equal(ts.t[0].cpu, 1);
	assert_true(ts.t[0].T == 40 && ts.t[0].D == 30);
	assert_false(ts.t[0].be);
	assert_true(ts.t[0].prio == 7.5);
	assert_false(ts.t[0].has_gprio);
	assert_int_equal(ts.t[0].nc, 3);
	check_segs(ts.t[0].cseg, cs0, 3, "t0 cseg");
	assert_true(ts.t[0].C == 3.75);
	assert_int_equal(ts.t[0].ng, 0);
	assert_true(ts.t[0].G == 0 && ts.t[0].Gm == 0 && ts.t[0].Ge == 0);

	assert_string_equal(ts.t[1].name, name80);
	assert_int_equal(ts.t[1].cpu, 3);
	assert_true(ts.t[1].T == 100 && ts.t[1].D == 100);	/* deadline null: = period */
	assert_true(!ts.t[1].be && ts.t[1].prio == 2);
	assert_true(ts.t[1].has_gprio && ts.t[1].gprio == 5);
	assert_int_equal(ts.t[1].nc, 0);
	assert_true(ts.t[1].C == 0);
	assert_int_equal(ts.t[1].ng, 2);
	check_segs(ts.t[1].gm, gm1, 2, "t1 gm");
	check_segs(ts.t[1].ge, ge1, 2, "t1 ge");
	assert_true(ts.t[1].Gm == 0.5 && ts.t[1].Ge == 4.5 && ts.t[1].G == 5);

	assert_string_equal(ts.t[2].name, "t2");	/* null name: t<index> */
	assert_int_equal(ts.t[2].cpu, 1);
	assert_true(ts.t[2].T == 20 && ts.t[2].D == 20);
	assert_true(ts.t[2].be);	/* priority null: best effort */
	assert_false(ts.t[2].has_gprio);
	assert_int_equal(ts.t[2].nc, 1);
	assert_true(ts.t[2].cseg[0] == 4);
	assert_true(ts.t[2].C == 6);	/* cpu_total_ms replaces the sum */
	assert_int_equal(ts.t[2].ng, 0);
	assert_true(ts.t[2].G == 0);

	assert_string_equal(ts.t[3].name, "t3");	/* no name */
	assert_true(ts.t[3].be);	/* no priority */
	assert_true(ts.t[3].C == 1);	/* cpu_total_ms null: the sum */
	assert_int_equal(ts.t[3].ng, 1);
	assert_true(ts.t[3].gm[0] == 1 && ts.t[3].ge[0] == 2);
	assert_true(ts.t[3].Gm == 1 && ts.t[3].Ge == 2);
	assert_true(ts.t[3].G == 10);	/* gpu_total_ms replaces G only */
	rta_taskset_free(&ts);
	/* freed: empty, and a second free is harmless */
	assert_null(ts.t);
	assert_null(ts.blk);
	assert_int_equal(ts.n, 0);
	rta_taskset_free(&ts);
}

/* Names of any length and the t<index> default of an index with two digits. */
static void test_reader_names(void **state)
{
	static char doc[32768];
	char err[256];
	struct rta_taskset ts;
	size_t o;

	(void)state;
	o = (size_t)snprintf(doc, sizeof(doc),
			     "{\"platform\":{\"cpus\":1,\"epsilon_ms\":1,\"theta_ms\":0,\"timeslice_ms\":1},"
			     "\"tasks\":[");
	for (int i = 0; i < 12; i++) {
		o += (size_t)snprintf(doc + o, sizeof(doc) - o, "%s{", i ? "," : "");
		if (i % 3 == 0) {	/* names of 0, 300, 600 and 900 characters */
			o += (size_t)snprintf(doc + o, sizeof(doc) - o, "\"name\":\"");
			for (int c = 0; c < i * 100; c++)
				doc[o++] = (char)('a' + c % 26);
			o += (size_t)snprintf(doc + o, sizeof(doc) - o, "\",");
		}
		o += (size_t)snprintf(doc + o, sizeof(doc) - o,
				      "\"cpu\":0,\"period_ms\":%d,\"priority\":%d,\"cpu_segments_ms\":[0.01],"
				      "\"gpu_segments\":[{\"misc_ms\":0,\"exec_ms\":0.01},"
				      "{\"misc_ms\":0.01,\"exec_ms\":0.02}]}", 100 + i, 20 - i);
	}
	snprintf(doc + o, sizeof(doc) - o, "]}");
	if (read_doc(doc, &ts, err, sizeof(err)) < 0)
		fail_msg("refused: %s", err);
	assert_int_equal(ts.n, 12);
	assert_int_equal(ts.cpus, 1);
	for (int i = 0; i < 12; i++) {
		const struct rta_task *t = &ts.t[i];

		if (i % 3 == 0) {
			assert_int_equal(strlen(t->name), (size_t)i * 100);
			for (int c = 0; c < i * 100; c++)
				assert_int_equal(t->name[c], 'a' + c % 26);
		} else {
			char want[16];

			snprintf(want, sizeof(want), "t%d", i);
			assert_string_equal(t->name, want);
		}
		assert_true(t->T == 100 + i && t->prio == 20 - i);
		assert_true(t->gm[0] == 0 && t->ge[0] == 0.01 && t->gm[1] == 0.01 && t->ge[1] == 0.02);
		assert_true(t->cseg[0] == 0.01);
	}
	rta_taskset_free(&ts);
}

/* Every refusal of the reader with its message (the bounds: test_reader_bounds). */
static void test_reader_errors(void **state)
{
#define P_OK "\"platform\":{\"epsilon_ms\":1,\"theta_ms\":0.2,\"timeslice_ms\":1}"
#define T_OK "{\"name\":\"a\",\"cpu\":0,\"period_ms\":10,\"priority\":1,\"cpu_segments_ms\":[1]}"
	static const struct {
		const char *doc, *err;
	} cases[] = {
		{ "[]", "taskset must be a JSON object" },
		{ "{\"schema\":2," P_OK ",\"tasks\":[" T_OK "]}", "unsupported schema 2 (expected 1)" },
		{ "{\"schema\":0.5," P_OK ",\"tasks\":[" T_OK "]}", "unsupported schema 0.5 (expected 1)" },
		{ "{\"tasks\":[" T_OK "]}", "missing \"platform\" object" },
		{ "{\"platform\":[],\"tasks\":[" T_OK "]}", "missing \"platform\" object" },
		{ "{\"platform\":{\"cpus\":1.5,\"epsilon_ms\":1,\"theta_ms\":0,\"timeslice_ms\":1},"
		  "\"tasks\":[" T_OK "]}", "platform: \"cpus\" must be an integer from 0 to 65536" },
		{ "{\"platform\":{\"theta_ms\":0,\"timeslice_ms\":1},\"tasks\":[" T_OK "]}",
		  "platform: \"epsilon_ms\" must be a number >= 0" },
		{ "{\"platform\":{\"epsilon_ms\":\"1\",\"theta_ms\":0,\"timeslice_ms\":1},\"tasks\":[" T_OK "]}",
		  "platform: \"epsilon_ms\" must be a number >= 0" },
		{ "{\"platform\":{\"epsilon_ms\":1,\"theta_ms\":0},\"tasks\":[" T_OK "]}",
		  "platform: \"timeslice_ms\" must be a positive number" },
		{ "{" P_OK "}", "missing \"tasks\" array" },
		{ "{" P_OK ",\"tasks\":{}}", "missing \"tasks\" array" },
		{ "{" P_OK ",\"tasks\":[" T_OK ",3]}", "tasks[1]: not an object" },
		{ "{" P_OK ",\"tasks\":[" T_OK ",null]}", "tasks[1]: not an object" },
		{ "{" P_OK ",\"tasks\":[" T_OK ",{\"name\":7}]}", "tasks[1]: \"name\" must be a string" },
		{ "{" P_OK ",\"tasks\":[{\"name\":\"b\",\"cpu\":0.5,\"period_ms\":10}]}",
		  "task b: \"cpu\" must be an integer from 0 to 65535" },
		{ "{" P_OK ",\"tasks\":[{\"name\":\"b\",\"cpu\":\"0\",\"period_ms\":10}]}",
		  "task b: \"cpu\" must be an integer from 0 to 65535" },
		{ "{" P_OK ",\"tasks\":[{\"name\":\"b\",\"period_ms\":10}]}",
		  "task b: \"cpu\" must be an integer from 0 to 65535" },
		{ "{" P_OK ",\"tasks\":[{\"cpu\":0}]}", "task t0: \"period_ms\" must be a positive number" },
		{ "{" P_OK ",\"tasks\":[{\"cpu\":0,\"period_ms\":\"5\"}]}",
		  "task t0: \"period_ms\" must be a positive number" },
		{ "{" P_OK ",\"tasks\":[{\"cpu\":0,\"period_ms\":5,\"deadline_ms\":\"5\"}]}",
		  "task t0: \"deadline_ms\" must be a positive number" },
		{ "{" P_OK ",\"tasks\":[{\"cpu\":0,\"period_ms\":5,\"priority\":\"1\"}]}",
		  "task t0: \"priority\" must be a number or null" },
		{ "{" P_OK ",\"tasks\":[{\"cpu\":0,\"period_ms\":5,\"priority\":1,\"gpu_priority\":[]}]}",
		  "task t0: \"gpu_priority\" must be a number or null" },
		{ "{" P_OK ",\"tasks\":[{\"cpu\":0,\"period_ms\":5,\"priority\":1}]}",
		  "task t0: \"cpu_segments_ms\" must be an array" },
		{ "{" P_OK ",\"tasks\":[{\"cpu\":0,\"period_ms\":5,\"cpu_segments_ms\":1}]}",
		  "task t0: \"cpu_segments_ms\" must be an array" },
		{ "{" P_OK ",\"tasks\":[{\"cpu\":0,\"period_ms\":5,\"cpu_segments_ms\":[1,\"2\"]}]}",
		  "task t0: cpu_segments_ms[1] must be a number >= 0" },
		{ "{" P_OK ",\"tasks\":[{\"cpu\":0,\"period_ms\":5,\"cpu_segments_ms\":[],\"gpu_segments\":{}}]}",
		  "task t0: \"gpu_segments\" must be an array" },
		{ "{" P_OK ",\"tasks\":[{\"cpu\":0,\"period_ms\":5,\"cpu_segments_ms\":[],\"gpu_segments\":[1]}]}",
		  "task t0: gpu_segments[0] needs numbers misc_ms and exec_ms >= 0" },
		{ "{" P_OK ",\"tasks\":[{\"cpu\":0,\"period_ms\":5,\"cpu_segments_ms\":[],"
		  "\"gpu_segments\":[{\"exec_ms\":1}]}]}",
		  "task t0: gpu_segments[0] needs numbers misc_ms and exec_ms >= 0" },
		{ "{" P_OK ",\"tasks\":[{\"cpu\":0,\"period_ms\":5,\"cpu_segments_ms\":[],"
		  "\"gpu_segments\":[{\"misc_ms\":1}]}]}",
		  "task t0: gpu_segments[0] needs numbers misc_ms and exec_ms >= 0" },
		{ "{" P_OK ",\"tasks\":[{\"cpu\":0,\"period_ms\":5,\"cpu_segments_ms\":[],"
		  "\"gpu_segments\":[{\"misc_ms\":-1,\"exec_ms\":1}]}]}",
		  "task t0: gpu_segments[0] needs numbers misc_ms and exec_ms >= 0" },
		{ "{" P_OK ",\"tasks\":[{\"cpu\":0,\"period_ms\":5,\"cpu_segments_ms\":[],\"cpu_total_ms\":\"1\"}]}",
		  "task t0: \"cpu_total_ms\" must be a number >= 0" },
		{ "{" P_OK ",\"tasks\":[{\"cpu\":0,\"period_ms\":5,\"cpu_segments_ms\":[],\"gpu_total_ms\":[]}]}",
		  "task t0: \"gpu_total_ms\" must be a number >= 0" },
		/* the same-core order of given GPU priorities (paper 5.3): the first pair */
		{ "{" P_OK ",\"tasks\":["
		  "{\"name\":\"lo\",\"cpu\":0,\"period_ms\":10,\"priority\":1,\"gpu_priority\":9,\"cpu_segments_ms\":[1]},"
		  "{\"name\":\"hi\",\"cpu\":0,\"period_ms\":10,\"priority\":3,\"gpu_priority\":2,\"cpu_segments_ms\":[1]},"
		  "{\"name\":\"mid\",\"cpu\":0,\"period_ms\":10,\"priority\":2,\"cpu_segments_ms\":[1]}]}",
		  "tasks hi and lo: gpu_priority breaks the same-core CPU priority order (paper 5.3)" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char err[256] = "";
		struct rta_taskset ts;

		if (read_doc(cases[i].doc, &ts, err, sizeof(err)) != -1)
			fail_msg("case %zu: accepted, wanted '%s'", i, cases[i].err);
		assert_string_equal(err, cases[i].err);
		/* nothing is left allocated (LeakSanitizer under asan:test_rta) */
		assert_null(ts.blk);
		assert_null(ts.t);
	}
#undef P_OK
#undef T_OK
}

/*
 * rta_gprio_order_broken: the first pair (in index order) on one core with
 * CPU priority a > b and GPU priority a < b, where one of them has a
 * given GPU priority (the other's is its CPU priority).  Ties, other
 * cores and best-effort tasks never break the order.
 */
static void test_gprio_order_broken(void **state)
{
	struct rta_task t[4] = {
		{ .name = "a", .cpu = 0, .prio = 4 },
		{ .name = "b", .cpu = 0, .prio = 3 },
		{ .name = "c", .cpu = 1, .prio = 2 },
		{ .name = "d", .cpu = 0, .prio = 1 },
	};
	struct rta_taskset ts = { .n = 4, .t = t };
	int a = -1, b = -1;

	(void)state;
	assert_false(rta_gprio_order_broken(&ts, &a, &b));	/* none given */
	t[3].has_gprio = true, t[3].gprio = 3;			/* ties b: kept */
	assert_false(rta_gprio_order_broken(&ts, &a, &b));
	t[2].has_gprio = true, t[2].gprio = 100;		/* other core */
	assert_false(rta_gprio_order_broken(&ts, &a, &b));
	t[3].gprio = 3.5;					/* above b */
	assert_true(rta_gprio_order_broken(&ts, &a, &b));
	assert_int_equal(a, 1);
	assert_int_equal(b, 3);
	t[3].gprio = 5;						/* above a and b: a first */
	assert_true(rta_gprio_order_broken(&ts, &a, &b));
	assert_int_equal(a, 0);
	assert_int_equal(b, 3);
	t[0].be = true;						/* a is best effort */
	assert_true(rta_gprio_order_broken(&ts, &a, &b));
	assert_int_equal(a, 1);
	assert_int_equal(b, 3);
	t[3].be = true;						/* d too: kept */
	assert_false(rta_gprio_order_broken(&ts, &a, &b));
	t[0].be = t[3].be = false;
	t[3].has_gprio = false;					/* given for b only */
	t[1].has_gprio = true, t[1].gprio = 0.5;		/* b below d */
	assert_true(rta_gprio_order_broken(&ts, &a, &b));
	assert_int_equal(a, 1);
	assert_int_equal(b, 3);
	t[1].gprio = 1;						/* b = d: a tie, kept */
	assert_false(rta_gprio_order_broken(&ts, &a, &b));
	t[1].has_gprio = false;
	t[3].prio = 3, t[3].has_gprio = true, t[3].gprio = 3.5;	/* equal CPU priorities */
	assert_false(rta_gprio_order_broken(&ts, &a, &b));
}

/* --deviations: names (any case), "-NAME" removes, "all", "none"; -1 on an unknown one */
static void test_parse_deviations(void **state)
{
	static const struct {
		const char *s;
		long want;
	} cases[] = {
		{ "", 0 }, { "none", 0 }, { "NONE", 0 }, { "all", RTA_DEV_ARTIFACT },
		{ "D1", RTA_DEV_D1 }, { "d2", RTA_DEV_D2 }, { "D2b", RTA_DEV_D2B }, { "D2C", RTA_DEV_D2C },
		{ "D3", RTA_DEV_D3 }, { "D4", RTA_DEV_D4 }, { "D5", RTA_DEV_D5 }, { "D7", RTA_DEV_D7 },
		{ "D8", RTA_DEV_D8 }, { "D9", RTA_DEV_D9 }, { "D11", RTA_DEV_D11 }, { "D12", RTA_DEV_D12 },
		{ "literal", RTA_DEV_LITERAL }, { "Literal,D1", RTA_DEV_LITERAL | RTA_DEV_D1 },
		{ "all,-D2,-D3", RTA_DEV_ARTIFACT & ~(RTA_DEV_D2 | RTA_DEV_D3) },
		{ "-D2,all", RTA_DEV_ARTIFACT }, { "D1,,D4", RTA_DEV_D1 | RTA_DEV_D4 },
		{ "D4,D4,-D4", 0 }, { "all,-all", 0 }, { "D5,none", RTA_DEV_D5 },
		{ "D6", -1 }, { "D10", -1 }, { "D1,bogus", -1 }, { "-", -1 }, { "D1 ", -1 },
		{ "D", -1 }, { "D2d", -1 }, { "--D1", -1 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		long got = rta_parse_deviations(cases[i].s);

		if (got != cases[i].want)
			fail_msg("\"%s\": %#lx, want %#lx", cases[i].s, (unsigned long)got,
				 (unsigned long)cases[i].want);
	}
	/* the bits are distinct, and "all" is exactly D1..D12 */
	assert_int_equal(RTA_DEV_ARTIFACT,
			 RTA_DEV_D1 | RTA_DEV_D2 | RTA_DEV_D2B | RTA_DEV_D2C | RTA_DEV_D3 | RTA_DEV_D4 |
			 RTA_DEV_D5 | RTA_DEV_D7 | RTA_DEV_D8 | RTA_DEV_D9 | RTA_DEV_D11 | RTA_DEV_D12);
}

/* ---- a second implementation (rta_ref.c) on random tasksets, every deviation ---- */

/* same doubles, or both NAN */
static bool same_double(double a, double b)
{
	return (isnan(a) && isnan(b)) || a == b;
}

static void compare_ref(const struct rta_taskset *ts, enum rta_policy p, unsigned dev,
			const struct rta_result *got, const char *what, int k)
{
	struct rta_result want;

	rta_result_init(&want, ts->n);
	rta_ref_analyze(ts, p, dev, &want);
	if (got->schedulable != want.schedulable || got->audsley != want.audsley ||
	    got->has_gpu_prio != want.has_gpu_prio)
		fail_msg("%s taskset %d %s dev %#x: schedulable %d audsley %d has_gpu_prio %d, "
			 "reference %d %d %d", what, k, rta_policy_names[p], dev, got->schedulable,
			 got->audsley, got->has_gpu_prio, want.schedulable, want.audsley,
			 want.has_gpu_prio);
	for (int i = 0; i < ts->n; i++)
		if (!same_double(got->R[i], want.R[i]) || got->analysed[i] != want.analysed[i] ||
		    got->gpu_prio[i] != want.gpu_prio[i])
			fail_msg("%s taskset %d %s dev %#x task %d: R %.17g analysed %d gpu_prio %d, "
				 "reference %.17g %d %d", what, k, rta_policy_names[p], dev, i, got->R[i],
				 got->analysed[i], got->gpu_prio[i], want.R[i], want.analysed[i],
				 want.gpu_prio[i]);
	rta_result_free(&want);
}

/*
 * Variants of a generated taskset that reach the rarer paths: equal CPU
 * priorities (ties: input order), given GPU priorities for some real-time
 * tasks (ties, and orders that break the same-core CPU order, which the
 * analysis functions accept though the reader refuses them), best-effort
 * tasks with a GPU priority, CPU-only and GPU-only tasks, G_i = 0 with GPU
 * segments and G_i > 0 without (gpu_total_ms; D7 tells them apart),
 * deadlines below the periods, and (kind 16) some below C_i + G^m_i.
 */
static void vary(struct rta_taskset *ts, uint64_t *rng, int kind)
{
	for (int i = 0; i < ts->n; i++) {
		struct rta_task *t = &ts->t[i];
		uint64_t r = rta_rng_next(rng);

		if ((kind & 1) && r % 4 == 0)		/* ties */
			t->prio = (double)(int)(t->prio / 2);
		if ((kind & 2) && (r >> 8) % 3 != 0) {	/* given GPU priorities */
			t->has_gprio = true;
			t->gprio = (kind & 4) ? (double)((r >> 16) % 5) : t->prio + (double)((r >> 16) % 3);
		}
		if ((kind & 8) && (r >> 24) % 4 == 0)	/* gpu_total_ms: G > 0 iff eta > 0 broken */
			t->G = t->ng ? 0 : 1.5;
		if ((r >> 32) % 3 == 0)			/* constrained deadlines */
			t->D = t->T * (0.5 + 0.125 * (double)((r >> 40) % 4));
		if ((kind & 16) && (r >> 44) % 6 == 0)	/* below C + G^m: jitters from D < 0 */
			t->D = 0.5 * (t->C + t->Gm) + 0.001;
	}
}

static void test_reference_random(void **state)
{
	struct rta_gen_params gp;
	uint64_t rng = 4242;
	static const unsigned dev_bits[] = {
		RTA_DEV_D1, RTA_DEV_D2, RTA_DEV_D2B, RTA_DEV_D2C, RTA_DEV_D3, RTA_DEV_D4, RTA_DEV_D5,
		RTA_DEV_D7, RTA_DEV_D8, RTA_DEV_D9, RTA_DEV_D11, RTA_DEV_D12, RTA_DEV_LITERAL,
		RTA_DEV_D2B | RTA_DEV_D12, RTA_DEV_D2B | RTA_DEV_D2, RTA_DEV_D3 | RTA_DEV_D8,
	};
	enum { NDEV = sizeof(dev_bits) / sizeof(dev_bits[0]) };
	int runs = 0, sched[RTA_NPOLICIES] = { 0 }, aud = 0, aud_ok = 0;

	for (int k = 0; k < 480; k++) {
		struct rta_taskset ts;
		struct rta_result one, all[RTA_NPOLICIES];
		bool want[RTA_NPOLICIES];
		unsigned devs[3];
		int kind = k % 32;

		rta_gen_defaults(&gp);
		gp.cpus = 1 + k % 3;
		gp.tasks_min = 1, gp.tasks_max = 4 + k % 3;
		gp.util_min = 0.15 + 0.05 * (k % 5), gp.util_max = gp.util_min + 0.3;
		gp.be_ratio = (k / 8) % 3 == 0 ? 0.25 : 0;
		gp.gseg_max = 1 + k % 4;
		gp.gpu_ratio_min = (k / 3) % 4 == 0 ? 0 : 0.3;
		gp.gpu_ratio_max = (k / 3) % 4 == 0 ? 1 : 0.8;
		gp.eps = (k / 5) % 4 == 0 ? 0 : 0.5 + (k % 3);
		gp.theta = (k / 7) % 3 == 0 ? 0 : 0.2;
		gp.L = (k / 2) % 2 ? 1.024 : 2;
		if (k >= 240) {
			/*
			 * the second half: many Audsley searches (two or three
			 * cores, few tasks, high load), short periods so that
			 * small jitters (ε 0.05-0.3) move ceilings
			 */
			gp.cpus = 2 + k % 2;
			gp.tasks_min = 1, gp.tasks_max = 3;
			gp.util_min = 0.45 + 0.05 * (k % 4), gp.util_max = gp.util_min + 0.3;
			if (k % 2) {
				gp.period_min = 3, gp.period_max = 30;
				gp.eps = 0.05 * (1 + k % 6);
				gp.L = 0.5;
			}
		}
		rta_generate(&gp, &rng, &ts);
		vary(&ts, &rng, kind);
		rta_result_init(&one, ts.n);
		/* paper mode, then two deviation sets: one by one, all but one, random */
		devs[0] = 0;
		devs[1] = k % 3 == 0 ? dev_bits[(k / 3) % NDEV]
			: k % 3 == 1 ? RTA_DEV_ARTIFACT & ~dev_bits[(k / 3) % NDEV] : RTA_DEV_ARTIFACT;
		devs[2] = (unsigned)(rta_rng_next(&rng) >> 20) & (RTA_DEV_ARTIFACT | RTA_DEV_LITERAL);
		for (int d = 0; d < 3; d++) {
			for (int p = 0; p < RTA_NPOLICIES; p++) {
				rta_analyze_dev(&ts, p, devs[d], &one);
				compare_ref(&ts, p, devs[d], &one, "rta_analyze_dev", k);
				if (d == 0) {
					sched[p] += one.schedulable;
					aud += one.audsley;
					aud_ok += one.audsley && one.schedulable;
				}
				runs++;
			}
			/* the shared pass, with a random subset of the policies */
			for (int p = 0; p < RTA_NPOLICIES; p++) {
				want[p] = (rta_rng_next(&rng) >> 5) % 3 != 0;
				rta_result_init(&all[p], ts.n);
			}
			rta_analyze_all(&ts, devs[d], want, all);
			for (int p = 0; p < RTA_NPOLICIES; p++) {
				if (want[p])
					compare_ref(&ts, p, devs[d], &all[p], "rta_analyze_all", k);
				rta_result_free(&all[p]);
			}
		}
		rta_result_free(&one);
		rta_taskset_free(&ts);
	}
	print_message("reference: %d analyses; schedulable per policy %d %d %d %d %d %d; "
		      "Audsley %d (%d found an order)\n", runs, sched[0], sched[1], sched[2],
		      sched[3], sched[4], sched[5], aud, aud_ok);
	/* the sample reaches both verdicts of every policy and both Audsley outcomes */
	for (int p = 0; p < RTA_NPOLICIES; p++)
		assert_true(sched[p] > 20 && sched[p] < 460);
	assert_true(aud_ok > 5 && aud - aud_ok > 5);
}

/*
 * D3 (docs/rta.md): in the artifact's Audsley stage under self-suspension
 * (f is task 0: the stale values of every index count)
 * the same-core G^e term of tau_h has the jitter stale_h - G^e_h, unclamped,
 * with stale_h = R_h of the failed priority-ordered run, -1 for the task
 * that failed and 0 for those behind it (D11 stopped there).  Core 1: g;
 * core 0: f > h > i by CPU priority.  eps = theta = 0.
 *
 * Ordered run: g: 1 + 5 = 6.  f: 2 + ceil((2 + (6 - 5)) / 100) 5 = 7 > 6:
 * fails, h and i are behind it: stale = 6, -1, 0, 0.
 * Audsley (D8: every unassigned task but hpp(i) interferes; jitters D_h):
 * level 1: i: 4 + 5 (g) + 1 + 1 (f) + 1 + 0.5 (h) = 12.5 > 8; h: 1 + 5 (g)
 * + 1 + 0 (f: ceil(-1/50) = 0) + 2 (i) = 9 > 7; f: 2 + 5 > 6; g: 6 + 1 (f)
 * + 1 (h: ceil(12.5/7) = 2) + 2 (i) = 10 -> 10.5 (h: 3): level 1.
 * Level 2: i: 4 + 1 + 1 + 1 + 0.5 = 7.5; then h's G^e term is
 * ceil((7.5 + (0 - 0.5)) / 7) = 1 exactly, so 7.5 <= 8: level 2.  (With
 * stale_h = 1 the count is 2: 8 -> 8.5 > 8, and h, taking level 2 above an
 * unassigned i, fails the same-core order.)  h: 1 + 1 + 0 = 2 -> 2: level 3;
 * f alone: 2: level 4.
 */
static const char *ts_d3 =
	"{\"schema\":1,\"platform\":{\"epsilon_ms\":0,\"theta_ms\":0,\"timeslice_ms\":1},\"tasks\":["
	"{\"name\":\"f\",\"cpu\":0,\"priority\":3,\"period_ms\":%g,\"deadline_ms\":6,"
	" \"cpu_segments_ms\":[1],\"gpu_segments\":[{\"misc_ms\":0,\"exec_ms\":1}]},"
	"{\"name\":\"g\",\"cpu\":1,\"priority\":4,\"period_ms\":100,\"deadline_ms\":100,"
	" \"cpu_segments_ms\":[1],\"gpu_segments\":[{\"misc_ms\":0,\"exec_ms\":5}]},"
	"{\"name\":\"h\",\"cpu\":0,\"priority\":2,\"period_ms\":7,\"deadline_ms\":7,"
	" \"cpu_segments_ms\":[0.5],\"gpu_segments\":[{\"misc_ms\":0,\"exec_ms\":%g}]},"
	"{\"name\":\"i\",\"cpu\":0,\"priority\":1,\"period_ms\":200,\"deadline_ms\":%g,"
	" \"cpu_segments_ms\":[%g],\"gpu_segments\":[{\"misc_ms\":0,\"exec_ms\":%g}]}]}";

static void test_d3_stale_jitter(void **state)
{
	static const struct {
		double Tf, Geh, Di, Ci, Gei;
		bool sched;
	} cases[] = {
		{ 50, 0.5, 8, 2, 2, true },	/* worked above: stale_h = 0 decides */
		/* the failed f's stale -1 decides, against -2 and against 0
		 * (checked with rta_ref.c) */
		{ 6, 1, 16, 3, 2, false },
		{ 7, 0.5, 10, 3, 0.5, true },
	};
	const int want_prio[] = { 4, 1, 3, 2 };	/* f, g, h, i */

	(void)state;
	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		char doc[2048];
		struct rta_taskset ts;
		struct rta_result r;

		snprintf(doc, sizeof(doc), ts_d3, cases[k].Tf, cases[k].Geh, cases[k].Di, cases[k].Ci,
			 cases[k].Gei);
		load_str(doc, &ts);
		rta_result_init(&r, ts.n);
		rta_analyze(&ts, RTA_GCAPS_SUSPEND, RTA_MODE_ARTIFACT, &r);
		assert_false(r.schedulable);
		assert_true(r.analysed[0] && r.analysed[1] && !r.analysed[2] && !r.analysed[3]);
		rta_analyze(&ts, RTA_GCAPS_SUSPEND_GPU_PRIO, RTA_MODE_ARTIFACT, &r);
		compare_ref(&ts, RTA_GCAPS_SUSPEND_GPU_PRIO, RTA_DEV_ARTIFACT, &r, "d3", (int)k);
		assert_true(r.audsley);
		assert_int_equal(r.schedulable, cases[k].sched);
		for (int i = 0; i < ts.n && cases[k].sched; i++)
			assert_int_equal(r.gpu_prio[i], want_prio[i]);
		rta_result_free(&r);
		rta_taskset_free(&ts);
	}
}

/*
 * Out of memory: the analysis has no way back (rta.c xcalloc / work_alloc)
 * and exits with status 1 and a message.  Each case in a child process,
 * with the next allocation failing.
 */
static void oom_child(int what)
{
	struct rta_taskset ts;
	struct rta_result r;

	load_str(ts_gcaps, &ts);
	rta_result_init(&r, ts.n);
	fail_at = nalloc;	/* the next allocation fails */
	switch (what) {
	case 0:
		rta_result_init(&r, 3);
		break;
	case 1:			/* the work area (no given GPU priority) */
		rta_analyze(&ts, RTA_GCAPS_BUSY, RTA_MODE_PAPER, &r);
		break;
	case 2:			/* the given GPU priorities' array */
		ts.t[0].has_gprio = true;
		rta_analyze(&ts, RTA_GCAPS_BUSY, RTA_MODE_PAPER, &r);
		break;
	case 3:
		rta_parse_deviations("D1,D2");
		break;
	}
	_exit(0);	/* not reached when the allocation's failure is handled */
}

static void test_out_of_memory(void **state)
{
	(void)state;
	for (int what = 0; what < 4; what++) {
		int fds[2], status;
		char buf[256] = "";
		ssize_t got;
		pid_t pid;

		assert_int_equal(pipe(fds), 0);
		fflush(NULL);
		pid = fork();
		assert_true(pid >= 0);
		if (pid == 0) {
			dup2(fds[1], 2);
			close(fds[0]);
			oom_child(what);
		}
		close(fds[1]);
		got = read(fds[0], buf, sizeof(buf) - 1);
		close(fds[0]);
		assert_int_equal(waitpid(pid, &status, 0), pid);
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 1)
			fail_msg("case %d: status %#x, want exit 1", what, status);
		assert_true(got > 0);
		assert_string_equal(buf, "nvsched rta: out of memory\n");
	}
}

/* A lone task's own demand exactly at its deadline is a bound (Eq. (1) cut-off: > D only). */
static void test_own_demand_at_deadline(void **state)
{
	struct rta_taskset ts;
	const char *txt =
		"{\"platform\":{\"epsilon_ms\":0.5,\"theta_ms\":0,\"timeslice_ms\":1},\"tasks\":["
		"{\"name\":\"a\",\"cpu\":0,\"period_ms\":10,\"deadline_ms\":%g,\"priority\":1,"
		" \"cpu_segments_ms\":[2],\"gpu_segments\":[{\"misc_ms\":0.5,\"exec_ms\":1}]}]}";
	char doc[512];
	/* round robin: 2 + 1.5 + I(0) = 3.5; GCAPS: 3.5 + 0.5 + 3 * 0.5 = 5.5 */
	const double rr[] = { 3.5 }, gc[] = { 5.5 }, none[] = { NUL };

	(void)state;
	snprintf(doc, sizeof(doc), txt, 3.5);
	load_str(doc, &ts);
	expect(&ts, RTA_TSG_RR_BUSY, RTA_MODE_PAPER, true, rr);
	expect(&ts, RTA_TSG_RR_SUSPEND, RTA_MODE_PAPER, true, rr);
	expect(&ts, RTA_GCAPS_BUSY, RTA_MODE_PAPER, false, none);
	ts.t[0].D = 5.5;
	expect(&ts, RTA_GCAPS_BUSY, RTA_MODE_PAPER, true, gc);
	expect(&ts, RTA_GCAPS_SUSPEND, RTA_MODE_PAPER, true, gc);
	expect(&ts, RTA_GCAPS_SUSPEND_GPU_PRIO, RTA_MODE_PAPER, true, gc);
	ts.t[0].D = 3.4999999999999996;
	expect(&ts, RTA_TSG_RR_BUSY, RTA_MODE_PAPER, false, none);
	rta_taskset_free(&ts);
}

/* No tasks: nothing to analyse, schedulable; no "cpus": 0 CPUs. */
static void test_empty_taskset(void **state)
{
	struct rta_taskset ts;
	struct rta_result r;

	(void)state;
	load_str("{\"platform\":{\"epsilon_ms\":1,\"theta_ms\":0,\"timeslice_ms\":1},\"tasks\":[]}", &ts);
	assert_int_equal(ts.n, 0);
	assert_int_equal(ts.cpus, 0);
	rta_result_init(&r, 0);
	for (int p = 0; p < RTA_NPOLICIES; p++) {
		rta_analyze(&ts, p, RTA_MODE_PAPER, &r);
		assert_true(r.schedulable);
	}
	rta_result_free(&r);
	rta_taskset_free(&ts);
	load_str("{\"platform\":{\"cpus\":3,\"epsilon_ms\":1,\"theta_ms\":0,\"timeslice_ms\":1},"
		 "\"tasks\":[{\"cpu\":1,\"period_ms\":1,\"cpu_segments_ms\":[]}]}", &ts);
	assert_int_equal(ts.cpus, 3);	/* given, above the tasks' */
	rta_taskset_free(&ts);
}

/*
 * Section 6.4, Eq. (11) under GPU priorities: the remote interferers of a
 * CPU-only tau_i are the tasks above its lowest-GPU-priority hpp GPU task
 * when that one is below tau_i (here h, task 0, given a GPU priority that
 * breaks the same-core order: the reader refuses that, the analysis does
 * not rely on it).  eps = theta = 0, jitters from D.
 * h: 3 + ceil((R + 36) / 40) 4 (k above h): 3 -> 7 -> 11 -> 11.
 * i: 2 + ceil(R / 50) 3 (h busy-waits, Eq. (12) + Eq. (10)) + ceil((R + 36)
 *    / 40) 4 (k above ref = h, though below i): 2 -> 9 -> 13 -> 13.
 * k: 5 (above it only i, CPU-only: no GPU term).
 */
static const char *ts_ref_gp =
	"{\"platform\":{\"epsilon_ms\":0,\"theta_ms\":0,\"timeslice_ms\":1},\"tasks\":["
	"{\"name\":\"h\",\"cpu\":0,\"priority\":3,\"period_ms\":50,\"cpu_segments_ms\":[1],"
	" \"gpu_segments\":[{\"misc_ms\":0,\"exec_ms\":2}]},"
	"{\"name\":\"i\",\"cpu\":0,\"priority\":2,\"period_ms\":100,\"cpu_segments_ms\":[2]},"
	"{\"name\":\"k\",\"cpu\":1,\"priority\":1,\"period_ms\":40,\"cpu_segments_ms\":[1],"
	" \"gpu_segments\":[{\"misc_ms\":0,\"exec_ms\":4}]}]}";

static void test_cpu_only_ref_gpu_priority(void **state)
{
	struct rta_taskset ts;
	const double want[] = { 11, 13, 5 };

	(void)state;
	load_str(ts_ref_gp, &ts);
	ts.t[0].has_gprio = true, ts.t[0].gprio = 1;
	ts.t[1].has_gprio = true, ts.t[1].gprio = 5;
	ts.t[2].has_gprio = true, ts.t[2].gprio = 3;
	expect(&ts, RTA_GCAPS_BUSY, RTA_MODE_PAPER, true, want);
	rta_taskset_free(&ts);
}

/*
 * The fixed point in doubles: tau_i (C 0.27) under tau_h (C 0.01, T 0.1).
 * From R = 0.27: ceil(2.7) = 3 jobs, R = fl(0.27 + 0.03) =
 * 0.30000000000000004 = fl(3 x 0.1), and fl(R / 0.1) = 3.0000000000000004,
 * so the next round counts 4 jobs: R = 0.31, and 0.31 < fl(4 x 0.1) settles
 * it.  (The real-number answer is 0.3: rounding costs one job of tau_h,
 * pessimistic, never optimistic.)  The round that confirms a fixed point is
 * skipped only when R + J is below every fl(count T): here R equals it.
 */
static void test_fixed_point_rounding(void **state)
{
	struct rta_taskset ts;
	const double want[] = { 0.01, 0.31 };

	(void)state;
	load_str("{\"platform\":{\"epsilon_ms\":0,\"theta_ms\":0,\"timeslice_ms\":1},\"tasks\":["
		 "{\"name\":\"h\",\"cpu\":0,\"priority\":2,\"period_ms\":0.1,\"cpu_segments_ms\":[0.01]},"
		 "{\"name\":\"i\",\"cpu\":0,\"priority\":1,\"period_ms\":10,\"cpu_segments_ms\":[0.27]}]}",
		 &ts);
	for (int p = 0; p < RTA_NPOLICIES; p++)
		expect(&ts, p, RTA_MODE_PAPER, true, want);
	rta_taskset_free(&ts);
}

/* One given GPU priority (task 0's) switches to section 6.4's test. */
static void test_one_gpu_priority(void **state)
{
	struct rta_taskset ts;
	/* ts_ref_gp as in test_cpu_only_ref_gpu_priority; i and k: GPU priority = CPU priority */
	const double want[] = { 11, 13, 5 }, cpu[] = { 3, 5, 7 };

	(void)state;
	load_str(ts_ref_gp, &ts);
	/* CPU priorities: h 3, i 2 + 3 (h busy-waits), k 5 + ceil((R + 3 - 2) / 50) 2 = 7 */
	expect(&ts, RTA_GCAPS_BUSY, RTA_MODE_PAPER, true, cpu);
	ts.t[0].has_gprio = true, ts.t[0].gprio = 0.5;
	expect(&ts, RTA_GCAPS_BUSY, RTA_MODE_PAPER, true, want);
	rta_taskset_free(&ts);
}

/* A generated taskset (its arrays allocated one by one) frees to empty, twice. */
static void test_generated_free(void **state)
{
	struct rta_gen_params gp;
	struct rta_taskset ts;
	uint64_t rng = 3;

	(void)state;
	rta_gen_defaults(&gp);
	rta_generate(&gp, &rng, &ts);
	assert_true(ts.n > 0);
	assert_null(ts.blk);
	rta_taskset_free(&ts);
	assert_null(ts.t);
	assert_int_equal(ts.n, 0);
	rta_taskset_free(&ts);
}

/*
 * D3's unclamped jitters can make a count negative: for i, the failed f's
 * G^e term has the jitter -1 - 0.9 and, at R = own = 0.2, the count
 * ceil((0.2 - 1.9) / 1.2) = -1, so a sum over the terms could fall below
 * i's own demand.  But i's own demand, 0.2, is above its deadline, 0.15:
 * no bound at all (the cut-off comes before any term), and no GPU order.
 */
static void test_d3_own_demand_cutoff(void **state)
{
	struct rta_taskset ts;
	struct rta_result r;

	(void)state;
	load_str("{\"platform\":{\"epsilon_ms\":0,\"theta_ms\":0,\"timeslice_ms\":1},\"tasks\":["
		 "{\"name\":\"f\",\"cpu\":0,\"priority\":3,\"period_ms\":1.2,\"cpu_segments_ms\":[0.01],"
		 " \"gpu_segments\":[{\"misc_ms\":0,\"exec_ms\":0.9}]},"
		 "{\"name\":\"g\",\"cpu\":1,\"priority\":4,\"period_ms\":100,\"cpu_segments_ms\":[1],"
		 " \"gpu_segments\":[{\"misc_ms\":0,\"exec_ms\":0.7}]},"
		 "{\"name\":\"h\",\"cpu\":0,\"priority\":2,\"period_ms\":20,\"cpu_segments_ms\":[0.05],"
		 " \"gpu_segments\":[{\"misc_ms\":0,\"exec_ms\":0.3}]},"
		 "{\"name\":\"i\",\"cpu\":0,\"priority\":1,\"period_ms\":200,\"deadline_ms\":0.15,"
		 " \"cpu_segments_ms\":[0.1],\"gpu_segments\":[{\"misc_ms\":0,\"exec_ms\":0.1}]}]}", &ts);
	rta_result_init(&r, ts.n);
	rta_analyze(&ts, RTA_GCAPS_SUSPEND_GPU_PRIO, RTA_MODE_ARTIFACT, &r);
	compare_ref(&ts, RTA_GCAPS_SUSPEND_GPU_PRIO, RTA_DEV_ARTIFACT, &r, "d3 cut-off", 0);
	assert_true(r.audsley);
	assert_false(r.schedulable);
	rta_result_free(&r);
	rta_taskset_free(&ts);
}

/*
 * A jitter below 0 is 0 (paper mode): under GPU priorities the jitters come
 * from D_h, and h's deadline 0.5 is below its G^e_h = 1 (h itself has no
 * bound: 1.1 > 0.5).  i (CPU-only, other core, below h): 2 + ceil((R + 0) /
 * 3) 1: 2 -> 3 -> ceil(3/3) = 1: 3.  (A jitter of 1 would give
 * ceil(4/3) = 2 jobs: 4.)
 */
static void test_negative_jitter_zero(void **state)
{
	struct rta_taskset ts;
	const double want[] = { NUL, 3 };

	(void)state;
	load_str("{\"platform\":{\"epsilon_ms\":0,\"theta_ms\":0,\"timeslice_ms\":1},\"tasks\":["
		 "{\"name\":\"h\",\"cpu\":1,\"priority\":2,\"gpu_priority\":2,\"period_ms\":3,"
		 " \"deadline_ms\":0.5,\"cpu_segments_ms\":[0.1],\"gpu_segments\":[{\"misc_ms\":0,\"exec_ms\":1}]},"
		 "{\"name\":\"i\",\"cpu\":0,\"priority\":1,\"gpu_priority\":1,\"period_ms\":100,"
		 " \"cpu_segments_ms\":[2]}]}", &ts);
	expect(&ts, RTA_GCAPS_BUSY, RTA_MODE_PAPER, false, want);
	rta_taskset_free(&ts);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lemma6_interleave),
		cmocka_unit_test(test_lemma9_10_rr_busy),
		cmocka_unit_test(test_rr_busy_best_effort),
		cmocka_unit_test(test_json_double_format),
		cmocka_unit_test(test_lemma11_12_rr_suspend),
		cmocka_unit_test(test_lemma13_18_gcaps_busy),
		cmocka_unit_test(test_lemma19_21_gcaps_suspend),
		cmocka_unit_test(test_cpu_only_hpp_edges),
		cmocka_unit_test(test_deadline_cutoff),
		cmocka_unit_test(test_table2_artifact),
		cmocka_unit_test(test_table2_paper),
		cmocka_unit_test(test_input_gpu_priority),
		cmocka_unit_test(test_gpu_priority_same_core_order),
		cmocka_unit_test(test_monotonic),
		cmocka_unit_test(test_monotonic_add_task),
		cmocka_unit_test(test_audsley_optimal),
		cmocka_unit_test(test_artifact_oracles),
		cmocka_unit_test(test_artifact_oracles_segsum),
		cmocka_unit_test(test_artifact_oracles_fixed),
		cmocka_unit_test(test_artifact_oracles_be30),
		cmocka_unit_test(test_artifact_oracles_be30_segsum),
		cmocka_unit_test(test_artifact_oracles_be30_fixed),
		cmocka_unit_test(test_cli_batch),
		cmocka_unit_test(test_reader_bounds),
		cmocka_unit_test(test_cli_single_and_errors),
		cmocka_unit_test(test_cli_generate_sweep),
		cmocka_unit_test(test_generate),
		cmocka_unit_test(test_fast_reader),
		cmocka_unit_test(test_reference_random),
		cmocka_unit_test(test_reader_fields),
		cmocka_unit_test(test_reader_names),
		cmocka_unit_test(test_reader_errors),
		cmocka_unit_test(test_gprio_order_broken),
		cmocka_unit_test(test_parse_deviations),
		cmocka_unit_test(test_iteration_limit),
		cmocka_unit_test(test_result_init),
		cmocka_unit_test(test_d3_stale_jitter),
		cmocka_unit_test(test_load_paths),
		cmocka_unit_test(test_out_of_memory),
		cmocka_unit_test(test_own_demand_at_deadline),
		cmocka_unit_test(test_empty_taskset),
		cmocka_unit_test(test_cpu_only_ref_gpu_priority),
		cmocka_unit_test(test_fixed_point_rounding),
		cmocka_unit_test(test_one_gpu_priority),
		cmocka_unit_test(test_generated_free),
		cmocka_unit_test(test_d3_own_demand_cutoff),
		cmocka_unit_test(test_negative_jitter_zero),
	};

	return cmocka_run_group_tests_name("rta", tests, NULL, NULL);
}
