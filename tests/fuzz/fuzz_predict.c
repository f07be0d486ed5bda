// SPDX-License-Identifier: MIT
/*
 * fuzz_predict.c - libFuzzer target: a kernel-sequence file
 * (docs/CONTRACTS.md §4) through the JSON reader and the input checks,
 * then the placement model on the GPU it names.
 */
#include <stddef.h>
#include <stdint.h>

#include "json.h"
#include "predict.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct pred_input in;
	struct pred_result res;
	struct json *j;
	char err[256];

	j = json_parse((const char *)data, size, err, sizeof(err));
	if (!j)
		return 0;
	if (pred_input_parse(j, NULL, &in, err, sizeof(err)) == 0) {
		if (pred_run(&in.gpu, in.kernels, in.nkernels, &res, err, sizeof(err)) == 0)
			pred_result_free(&res);
		pred_input_free(&in);
	}
	json_free(j);
	return 0;
}
