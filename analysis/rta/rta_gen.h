/* SPDX-License-Identifier: MIT */
/*
 * rta_gen.h - random taskset generator (GCAPS paper Table 3) and the
 * schedulability sweep of `nvsched rta --generate / --sweep`.
 */
#ifndef NVSCHED_RTA_GEN_H
#define NVSCHED_RTA_GEN_H

#include "rta.h"

#include <stdbool.h>
#include <stdio.h>

struct rta_gen_opts {
	struct rta_gen_params p;
	int count;		/* 0 = default (10 for --generate, 100 per sweep point) */
	uint64_t seed;
	const char *out;	/* --generate: directory, or NULL for stdout */
};

enum {
	RTA_GO_COUNT, RTA_GO_SEED, RTA_GO_OUT, RTA_GO_CPUS, RTA_GO_TASKS, RTA_GO_UTIL,
	RTA_GO_PERIOD, RTA_GO_GPU_RATIO, RTA_GO_GSEG, RTA_GO_GC, RTA_GO_GM, RTA_GO_BE,
	RTA_GO_EPS, RTA_GO_THETA, RTA_GO_L, RTA_GO_N
};

#define RTA_GEN_LONGOPTS(base) \
	{ "count", required_argument, NULL, (base) + RTA_GO_COUNT }, \
	{ "seed", required_argument, NULL, (base) + RTA_GO_SEED }, \
	{ "out", required_argument, NULL, (base) + RTA_GO_OUT }, \
	{ "cpus", required_argument, NULL, (base) + RTA_GO_CPUS }, \
	{ "tasks-per-cpu", required_argument, NULL, (base) + RTA_GO_TASKS }, \
	{ "util", required_argument, NULL, (base) + RTA_GO_UTIL }, \
	{ "period", required_argument, NULL, (base) + RTA_GO_PERIOD }, \
	{ "gpu-ratio", required_argument, NULL, (base) + RTA_GO_GPU_RATIO }, \
	{ "gpu-segments", required_argument, NULL, (base) + RTA_GO_GSEG }, \
	{ "gc-ratio", required_argument, NULL, (base) + RTA_GO_GC }, \
	{ "gm-ratio", required_argument, NULL, (base) + RTA_GO_GM }, \
	{ "be-ratio", required_argument, NULL, (base) + RTA_GO_BE }, \
	{ "epsilon", required_argument, NULL, (base) + RTA_GO_EPS }, \
	{ "theta", required_argument, NULL, (base) + RTA_GO_THETA }, \
	{ "timeslice", required_argument, NULL, (base) + RTA_GO_L }

void rta_gen_opts_init(struct rta_gen_opts *o);
/* Apply one generator option; NULL or an error message. */
const char *rta_gen_opt(struct rta_gen_opts *o, int which, const char *arg);
/* Write a taskset as a CONTRACTS.md §3 document. */
void rta_taskset_write(FILE *f, const struct rta_taskset *ts, bool pretty);
int rta_cmd_generate(const struct rta_gen_opts *o, bool json, bool pretty);
int rta_cmd_sweep(const struct rta_gen_opts *o, const char *spec, const bool *pol,
		  unsigned dev);

#endif /* NVSCHED_RTA_GEN_H */
