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
	/* best of 7 trials of reps passes: robust against a busy machine */
	for (int p = 0; p < RTA_NPOLICIES; p++) {
		double best = 1e30;

		for (int trial = 0; trial < 7; trial++) {
			t0 = now();
			for (int r = 0; r < reps; r++)
				for (int i = 0; i < n; i++) {
					struct rta_result res;

					rta_result_init(&res, ts[i].n);
					rta_analyze_dev(&ts[i], p, dev, &res);
					sink += res.schedulable;
					rta_result_free(&res);
				}
			t0 = (now() - t0) / ((double)n * reps);
			if (t0 < best)
				best = t0;
		}
		printf("%-24s %.6e\n", rta_policy_names[p], best);
	}
	/* all six in one rta_analyze_all() pass, as `nvsched rta -a` runs them */
	{
		double best = 1e30;
		bool want[RTA_NPOLICIES];

		for (int p = 0; p < RTA_NPOLICIES; p++)
			want[p] = true;
		for (int trial = 0; trial < 7; trial++) {
			t0 = now();
			for (int r = 0; r < reps; r++)
				for (int i = 0; i < n; i++) {
					struct rta_result res[RTA_NPOLICIES];

					for (int p = 0; p < RTA_NPOLICIES; p++)
						rta_result_init(&res[p], ts[i].n);
					rta_analyze_all(&ts[i], dev, want, res);
					for (int p = 0; p < RTA_NPOLICIES; p++) {
						sink += res[p].schedulable;
						rta_result_free(&res[p]);
					}
				}
			t0 = (now() - t0) / ((double)n * reps);
			if (t0 < best)
				best = t0;
		}
		printf("%-24s %.6e\n", "all_six", best);
	}
	for (int i = 0; i < n; i++)
		rta_taskset_free(&ts[i]);
	free(ts);
	return sink < 0;	/* keeps the results alive */
}
