/* SPDX-License-Identifier: MIT */
/*
 * rta.h - end-to-end response-time analysis of CPU/GPU tasksets
 * (ECRTS'24 GCAPS paper, section 6) for `nvsched rta`.
 *
 * Two modes:
 *  - RTA_MODE_PAPER (default): the paper's Eq. (1)-(14) with the soundness
 *    fixes documented in docs/rta.md;
 *  - RTA_MODE_ARTIFACT (--compat artifact): reproduces the authors'
 *    published Python analysis, deviations D1-D11 included
 *    (docs/rta.md; corpora in tests/fixtures/rta/).
 */
#ifndef NVSCHED_RTA_H
#define NVSCHED_RTA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct json;

/* CPUs a taskset may name (task "cpu" < this); keeps cpu + 1 in int */
#define RTA_MAX_CPUS 65536

struct rta_task {
	char *name;
	int cpu;
	double T, D;
	bool be;		/* best effort (priority null/absent) */
	double prio;		/* CPU priority, higher = more important */
	bool has_gprio;
	double gprio;		/* GPU segment priority (input) */
	int nc, ng;		/* eta^c, eta^g */
	double *cseg;		/* nc CPU segments */
	double *gm, *ge;	/* ng GPU segments: misc, exec */
	double C, G;		/* C_i, G_i (totals, possibly from *_total_ms) */
	double Gm, Ge;		/* sums of misc / exec */
};

struct rta_taskset {
	int cpus;
	double eps, theta, L;
	int n;
	struct rta_task *t;
	void *blk;		/* rta_taskset_from_json(): t, names, segments in one block */
};

enum rta_policy {
	RTA_TSG_RR_BUSY,
	RTA_TSG_RR_SUSPEND,
	RTA_GCAPS_BUSY,
	RTA_GCAPS_SUSPEND,
	RTA_GCAPS_BUSY_GPU_PRIO,
	RTA_GCAPS_SUSPEND_GPU_PRIO,
	RTA_NPOLICIES
};

enum rta_mode { RTA_MODE_PAPER, RTA_MODE_ARTIFACT };

extern const char *const rta_policy_names[RTA_NPOLICIES];

/* Per-policy result; arrays indexed by input task index. */
struct rta_result {
	bool schedulable;
	double *R;		/* bound in ms, or NAN (null): unschedulable/BE */
	bool *analysed;		/* false: not analysed (artifact aborts, D11) */
	int *gpu_prio;		/* *_gpu_prio only: 1..n, 0 = none (BE) */
	bool has_gpu_prio;	/* gpu_prio filled (schedulable with an order) */
	bool audsley;		/* *_gpu_prio: stage was the Audsley search */
};

/* Parse a §3 taskset; returns 0 or -1 with a message in err. */
int rta_taskset_from_json(const struct json *j, struct rta_taskset *ts,
			  char *err, size_t errlen);
int rta_taskset_load(const char *path, struct rta_taskset *ts, char *err, size_t errlen);
/*
 * The one-pass reader of rta_taskset_load() (rta_fast.c): 1 with ts as
 * rta_taskset_from_json() builds it, or 0 (ts empty) for every input it
 * leaves to the general reader (all invalid ones among them).
 */
int rta_taskset_fast(const char *text, size_t len, struct rta_taskset *ts);
void rta_taskset_free(struct rta_taskset *ts);
/*
 * Given GPU priorities must keep the same-core CPU order (paper 5.3): true
 * with *a, *b the first pair (CPU priority a > b, GPU priority a < b) that
 * breaks it.
 */
bool rta_gprio_order_broken(const struct rta_taskset *ts, int *a, int *b);

void rta_result_init(struct rta_result *r, int n);
void rta_result_free(struct rta_result *r);

/* Run one policy. */
void rta_analyze(const struct rta_taskset *ts, enum rta_policy p, enum rta_mode mode,
		 struct rta_result *out);

/*
 * The artifact's deviations from the paper (fixtures README D1-D11, D12), one
 * bit each, so that their effects can be measured one at a time
 * (`--deviations`, docs/rta.md).  RTA_MODE_ARTIFACT = RTA_DEV_ARTIFACT.
 */
#define RTA_DEV_D1	(1u << 0)	/* tsg_rr busy: CPU-only hpp tasks ignored */
#define RTA_DEV_D2	(1u << 1)	/* tsg_rr busy: lp of N_id from relative indices (with D2b) */
#define RTA_DEV_D2B	(1u << 10)	/* tsg_rr busy: N_id = |hp\hpp GPU| + |lp GPU| */
#define RTA_DEV_D2C	(1u << 2)	/* tsg_rr busy: G_h charged on top (G^m twice) */
#define RTA_DEV_D3	(1u << 3)	/* Audsley suspend: stale R in same-core dp jitter; no clamp */
#define RTA_DEV_D4	(1u << 4)	/* tsg_rr suspend: J^c = T_h - (C_h + G^m_h) */
#define RTA_DEV_D5	(1u << 5)	/* gcaps busy: same-core GPU h charged C_h + G_h + 2 eps eta_h */
#define RTA_DEV_D7	(1u << 6)	/* gcaps: remote "uses the GPU" = G_h > 0 */
#define RTA_DEV_D8	(1u << 7)	/* Audsley: candidates/interferers as the artifact */
#define RTA_DEV_D9	(1u << 8)	/* Audsley: no response times reported */
#define RTA_DEV_D11	(1u << 9)	/* gcaps: stop at the first failure */
#define RTA_DEV_D12	(1u << 11)	/* tsg_rr busy (with D2b): best-effort tasks at the end of the
					 * task list, counted in n (lp reaches them) */
#define RTA_DEV_ARTIFACT 0xfffu
#define RTA_DEV_LITERAL	(1u << 16)	/* not artifact: Eq. (12) as printed (unsound) */

void rta_analyze_dev(const struct rta_taskset *ts, enum rta_policy p, unsigned dev,
		     struct rta_result *out);
/*
 * The policies with want[p] set, in one pass that shares the work between
 * them (out[p] initialised by the caller); results identical to
 * rta_analyze_dev() for each.
 */
void rta_analyze_all(const struct rta_taskset *ts, unsigned dev, const bool want[RTA_NPOLICIES],
		     struct rta_result out[RTA_NPOLICIES]);
/* "D1,D2,..." -> mask; "all" = artifact, "none" = 0; -1 on error */
long rta_parse_deviations(const char *s);

/* ---- generator (Table 3) ---- */
struct rta_gen_params {
	int cpus;
	int tasks_min, tasks_max;	/* per CPU */
	double gpu_ratio_min, gpu_ratio_max;	/* fraction of GPU-using tasks */
	double util_min, util_max;	/* per CPU */
	double period_min, period_max;	/* ms */
	int gseg_min, gseg_max;
	double gc_min, gc_max;		/* G_i / C_i */
	double gm_min, gm_max;		/* G^m / G */
	double eps, theta, L;
	double be_ratio;		/* fraction of best-effort tasks */
};

void rta_gen_defaults(struct rta_gen_params *p);
/* Generate one taskset (caller frees with rta_taskset_free). */
void rta_generate(const struct rta_gen_params *p, uint64_t *rng, struct rta_taskset *ts);
uint64_t rta_rng_next(uint64_t *s);
double rta_rng_uniform(uint64_t *s);	/* [0,1) */

#endif /* NVSCHED_RTA_H */
