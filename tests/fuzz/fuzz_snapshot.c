// SPDX-License-Identifier: MIT
/*
 * fuzz_snapshot.c - libFuzzer target: a snapshot file (docs/CONTRACTS.md
 * §1) through the parser, then, when it parses, every decoder over the
 * simulated GPU it describes (the --snapshot backend's whole path).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "decode_all.h"
#include "sim.h"
#include "snapshot.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct nvss *s = NULL;
	struct nvs_sim *sim;
	char err[256];

	if (nvss_parse_buf((const char *)data, size, "fuzz", &s, err, sizeof(err)) || !s)
		return 0;
	/* one register image for all runs: the model overwrites all of it */
	static uint32_t *bar0;

	if (!bar0)
		bar0 = malloc(16u << 20);
	sim = nvs_sim_new(s, bar0, err, sizeof(err));
	if (sim) {
		fuzz_decode_all(nvs_sim_io(sim));
		nvs_sim_free(sim);
	}
	nvss_free(s);
	return 0;
}
