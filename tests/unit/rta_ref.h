/* SPDX-License-Identifier: MIT */
/*
 * rta_ref.h - a second, deliberately plain implementation of the
 * response-time analyses (GCAPS paper, ECRTS'24, section 6; the soundness
 * fixes and the artifact's deviations of docs/rta.md), for test_rta to
 * compare analysis/rta/rta.c with on random tasksets.  It has none of rta.c's structure: no work area, no
 * term cache, no index lists, no skipped rounds, no retry bookkeeping in
 * Audsley's search; every set is recomputed from its definition.
 */
#ifndef NVSCHED_RTA_REF_H
#define NVSCHED_RTA_REF_H

#include "rta.h"

/*
 * Policy p under the deviations dev (RTA_DEV_*; 0: paper mode): out as
 * rta_analyze_dev() fills it (R, analysed, schedulable, gpu_prio,
 * has_gpu_prio, audsley); out's arrays sized for ts->n (rta_result_init).
 */
void rta_ref_analyze(const struct rta_taskset *ts, enum rta_policy p, unsigned dev,
		     struct rta_result *out);

#endif /* NVSCHED_RTA_REF_H */
