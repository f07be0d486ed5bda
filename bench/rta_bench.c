// SPDX-License-Identifier: MIT
/*
 * rta_bench.c - analysis-only timing of `nvsched rta` per policy over a set
 * of taskset files, to compare with the artifact's recorded python_s
 * (which times their verdict calls only).  Also times the JSON reading.
 *
 * usage: rta-bench [--compat artifact] [-n REPS] FILE...
 * Prints "policy seconds_per_taskset" lines (best of 7 trials): each policy
 * alone (rta_analyze_dev), then "all_six" (one rta_analyze_all pass).
 */
#include "json.h"
#include "rta.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);	/* CPU time: robust on a busy machine */
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* one pass over the @n tasksets: policy @p alone, or all six in one
 * rta_analyze_all() pass (as `nvsched rta -a` runs them) when @p < 0;
 * returns the schedulable count (kept alive by the caller) */
static int pass(struct rta_taskset *ts, int n, int p, unsigned int dev)
{
	struct rta_result res[RTA_NPOLICIES];
	bool want[RTA_NPOLICIES];
	int sink = 0;

	for (int q = 0; q < RTA_NPOLICIES; q++)
		want[q] = true;
	for (int i = 0; i < n; i++) {
		int nres = p < 0 ? RTA_NPOLICIES : 1;

		for (int q = 0; q < nres; q++)
			rta_result_init(&res[q], ts[i].n);
		if (p < 0)
			rta_analyze_all(&ts[i], dev, want, res);
		else
			rta_analyze_dev(&ts[i], p, dev, &res[0]);
		for (int q = 0; q < nres; q++) {
			sink += res[q].schedulable;
			rta_result_free(&res[q]);
		}
	}
	return sink;
}

/* seconds per taskset of pass(@p), best of 7 trials of @reps passes: robust
 * against a busy machine */
static double best_of_7(struct rta_taskset *ts, int n, int reps, int p, unsigned int dev,
			volatile int *sink)
{
	double best = 1e30, t0;

	for (int trial = 0; trial < 7; trial++) {
		t0 = now();
		for (int r = 0; r < reps; r++)
			*sink += pass(ts, n, p, dev);
		t0 = (now() - t0) / ((double)n * reps);
		if (t0 < best)
			best = t0;
	}
	return best;
}

int main(int argc, char **argv)
{
	int reps = 50, a = 1, n;
	unsigned dev = 0;
	struct rta_taskset *ts;
	volatile int sink = 0;
	double t0;

	for (; a < argc && argv[a][0] == '-'; a++) {
		if (!strcmp(argv[a], "--compat") && a + 1 < argc)
			dev = !strcmp(argv[++a], "artifact") ? RTA_DEV_ARTIFACT : 0;
		else if (!strcmp(argv[a], "-n") && a + 1 < argc)
			reps = atoi(argv[++a]);
		else {
			fprintf(stderr, "usage: rta-bench [--compat artifact] [-n REPS] FILE...\n");
			return 2;
		}
	}
	n = argc - a;
	if (n <= 0 || reps <= 0)
		return 2;
	ts = calloc(n, sizeof(*ts));
	t0 = now();
	for (int i = 0; i < n; i++) {
		char err[512];

		if (rta_taskset_load(argv[a + i], &ts[i], err, sizeof(err)) < 0) {
			fprintf(stderr, "rta-bench: %s\n", err);
			return 1;
		}
	}
	printf("%-24s %.6e\n", "load_json", (now() - t0) / n);
	for (int p = 0; p < RTA_NPOLICIES; p++)
		printf("%-24s %.6e\n", rta_policy_names[p], best_of_7(ts, n, reps, p, dev, &sink));
	printf("%-24s %.6e\n", "all_six", best_of_7(ts, n, reps, -1, dev, &sink));
	for (int i = 0; i < n; i++)
		rta_taskset_free(&ts[i]);
	free(ts);
	return sink < 0;	/* keeps the results alive */
}
