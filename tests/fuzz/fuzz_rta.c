// SPDX-License-Identifier: MIT
/*
 * fuzz_rta.c - libFuzzer target: a taskset file (docs/CONTRACTS.md §3)
 * through the JSON reader and the taskset checks, then every policy of the
 * analysis in both modes, with and without GPU-priority assignment.
 */
#include <stddef.h>
#include <stdint.h>

#include "json.h"
#include "rta.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rta_taskset ts;
	struct json *j;
	char err[256];

	j = json_parse((const char *)data, size, err, sizeof(err));
	if (!j)
		return 0;
	if (rta_taskset_from_json(j, &ts, err, sizeof(err)) == 0) {
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
