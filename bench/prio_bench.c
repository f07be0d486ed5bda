// SPDX-License-Identifier: MIT
/*
 * prio-bench: latency of the priority policy's decision path in user space
 * (kmod/hw/prio.c, the code the module runs under its per-runlist lock):
 * segment begin and end of a real-time task while other tasks hold
 * best-effort and lower-priority segments, for several sizes (tasks,
 * runlists, TSG ids).  Reports ns per event: min, median, p99, max.  The
 * decision path allocates nothing (all memory is given at init); the
 * sizes show how its cost scales with the bitmap words and task slots.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "prio.h"

#define ROUNDS 20000

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

static void report(const char *what, const struct nvs_prio_cfg *cfg, long long *v, int n)
{
	qsort(v, n, sizeof(*v), cmp_ll);
	printf("%-6s %5u %3u %6u %8lld %8lld %8lld %8lld\n", what, cfg->max_tasks, cfg->nrl,
	       cfg->ntsgs, v[0], v[n / 2], v[(int)(n * 0.99)], v[n - 1]);
}

int main(void)
{
	static const struct nvs_prio_cfg cfgs[] = {
		{ .nrl = 1, .ntsgs = 64, .max_tasks = 4 },
		{ .nrl = 2, .ntsgs = 2048, .max_tasks = 16 },
		{ .nrl = 8, .ntsgs = 4096, .max_tasks = 64 },
		{ .nrl = 16, .ntsgs = 4096, .max_tasks = 256 },
	};
	static long long tb[ROUNDS], te[ROUNDS];
	size_t k;

	printf("%-6s %5s %3s %6s %8s %8s %8s %8s   (ns per event)\n", "event", "tasks", "rls",
	       "tsgs", "min", "median", "p99", "max");
	for (k = 0; k < sizeof(cfgs) / sizeof(cfgs[0]); k++) {
		const struct nvs_prio_cfg *cfg = &cfgs[k];
		size_t len = nvs_prio_size(cfg);
		void *mem = malloc(len);
		struct nvs_prio *p = mem ? nvs_prio_init(mem, len, cfg) : NULL;
		unsigned int i;
		int hi = -1, r;

		if (!p) {
			fprintf(stderr, "prio-bench: out of memory\n");
			return 2;
		}
		/* every slot used: one TSG each per runlist; half best effort,
		 * half real time at low priorities; the measured task on top */
		for (i = 0; i < cfg->max_tasks; i++) {
			int s = nvs_prio_task_add(p, i);
			unsigned int rl;

			for (rl = 0; rl < cfg->nrl; rl++)
				nvs_prio_tsg_add(p, s, rl, (i * 7u + rl) % cfg->ntsgs);
			if (i + 1 == cfg->max_tasks)
				hi = s;
			else
				nvs_prio_begin(p, s, i % 2 ? NVS_PRIO_BE : (int)(i % 50));
		}
		for (r = 0; r < ROUNDS; r++) {
			long long t0 = now_ns();

			nvs_prio_begin(p, hi, 90);
			tb[r] = now_ns() - t0;
			t0 = now_ns();
			nvs_prio_end(p, hi);
			te[r] = now_ns() - t0;
		}
		report("begin", cfg, tb, ROUNDS);
		report("end", cfg, te, ROUNDS);
		free(mem);
	}
	return 0;
}
