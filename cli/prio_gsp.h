/* SPDX-License-Identifier: MIT */
/* prio_gsp.h - the GSP backend of `nvsched prio` (cli/prio_gsp.c) */
#ifndef NVSCHED_CLI_PRIO_GSP_H
#define NVSCHED_CLI_PRIO_GSP_H

#include <stdbool.h>
#include <stdio.h>

#include "cli.h"

/*
 * `prio run`'s options opts[n] (fn(ctx, key, arg) each; no -j) up to CMD:
 * CLI_EXIT_OK with optind at CMD; -1 after help(stdout) for -h; else the
 * exit code (no CMD: a message on stderr).
 */
int prio_run_opts(struct cli_global *g, int argc, char **argv, const struct cli_opt *opts,
		  size_t n, cli_opt_fn fn, void *ctx, void (*help)(FILE *f));

/* `nvsched prio daemon ...` (argv[0] = "daemon") */
int prio_gsp_daemon(int argc, char **argv);
/* `nvsched prio run ...` without --tsg: CMD under the agent */
int prio_gsp_run(int argc, char **argv);
/* whether a `prio run` command line is for the GSP backend (no --tsg) */
bool prio_gsp_wanted(int argc, char **argv);
/* print the arbiter's status; < 0 (-errno) when no arbiter answers */
int prio_gsp_status(bool json);
/* the arbiter's socket path */
const char *prio_gsp_socket(void);

#endif
