// SPDX-License-Identifier: MIT
/*
 * fuzz_rta.c - libFuzzer target: a taskset file (docs/CONTRACTS.md §3)
 * through the JSON reader and the taskset checks, then every policy of the
 * analysis in both modes, with and without GPU-priority assignment.  The
 * one-pass reader (analysis/rta/rta_fast.c) reads the same bytes: when it takes
 * them, the general reader must accept them and build the same taskset,
 * bit for bit (else abort).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "rta.h"

static int same_d(double a, double b)
{
	return !memcmp(&a, &b, sizeof(a));
}

static void same_or_abort(const struct rta_taskset *a, const struct rta_taskset *b)
{
	if (a->n != b->n || a->cpus != b->cpus || !same_d(a->eps, b->eps) ||
	    !same_d(a->theta, b->theta) || !same_d(a->L, b->L))
		abort();
	for (int i = 0; i < a->n; i++) {
		const struct rta_task *x = &a->t[i], *y = &b->t[i];

		if (strcmp(x->name, y->name) || x->cpu != y->cpu || !same_d(x->T, y->T) ||
		    !same_d(x->D, y->D) || x->be != y->be || !same_d(x->prio, y->prio) ||
		    x->has_gprio != y->has_gprio || !same_d(x->gprio, y->gprio) ||
		    x->nc != y->nc || x->ng != y->ng || !same_d(x->C, y->C) ||
		    !same_d(x->G, y->G) || !same_d(x->Gm, y->Gm) || !same_d(x->Ge, y->Ge))
			abort();
		for (int k = 0; k < x->nc; k++)
			if (!same_d(x->cseg[k], y->cseg[k]))
				abort();
		for (int k = 0; k < x->ng; k++)
			if (!same_d(x->gm[k], y->gm[k]) || !same_d(x->ge[k], y->ge[k]))
				abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rta_taskset ts, fs;
	struct json *j;
	char err[256];
	int fast = rta_taskset_fast((const char *)data, size, &fs);

	j = json_parse((const char *)data, size, err, sizeof(err));
	if (!j) {
		if (fast)
			abort();	/* the one-pass reader took invalid JSON */
		return 0;
	}
	if (rta_taskset_from_json(j, &ts, err, sizeof(err)) != 0 && fast)
		abort();		/* ... or a taskset the checks reject */
	if (fast) {
		same_or_abort(&ts, &fs);
		rta_taskset_free(&fs);
	}
	if (ts.t) {
		for (int m = 0; m < 2; m++)
			for (int p = 0; p < RTA_NPOLICIES; p++) {
				struct rta_result r;

				rta_result_init(&r, ts.n);
				rta_analyze(&ts, p, m ? RTA_MODE_ARTIFACT : RTA_MODE_PAPER, &r);
				rta_result_free(&r);
			}
		rta_taskset_free(&ts);
	}
	json_free(j);
	return 0;
}
