/* SPDX-License-Identifier: MIT */
/*
 * prio_sim.h - `nvsched prio simulate`: the module's policy core
 * (kmod/hw/prio.c) run offline on a JSON Lines event script
 * (docs/CONTRACTS.md section 5).  Split from cmd_prio.c so that the
 * libFuzzer target `prio` runs the same code.
 */
#ifndef NVSCHED_PRIO_SIM_H
#define NVSCHED_PRIO_SIM_H

#include <stdbool.h>
#include <stdio.h>

#include "prio.h"

/* tasks a script may name at once */
#define SIM_MAX_TASKS	256

/**
 * struct prio_sim_opts - how a script runs
 * @json:   one JSON object per event (else one text line)
 * @pretty: indented JSON
 * @out:    where the events go
 * @err:    where error messages go ("nvsched prio simulate: PATH: line N: ...")
 * @after:  called after each accepted event with the policy (may be NULL)
 * @ctx:    passed to @after
 */
struct prio_sim_opts {
	bool json;
	bool pretty;
	FILE *out;
	FILE *err;
	void (*after)(const struct nvs_prio *p, void *ctx);
	void *ctx;
};

/**
 * prio_sim_run() - run an event script
 * @in:   the script
 * @path: its name, for messages
 * @o:    options
 *
 * Return: CLI_EXIT_OK; CLI_EXIT_USAGE for a malformed event (after its
 * message); CLI_EXIT_FAIL on a read error or no memory.
 */
int prio_sim_run(FILE *in, const char *path, const struct prio_sim_opts *o);

#endif /* NVSCHED_PRIO_SIM_H */
