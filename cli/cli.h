/* SPDX-License-Identifier: MIT */
/*
 * cli.h - shared definitions of the nvsched command-line front end.
 *
 * cli/nvsched.c parses the global options and dispatches to one
 * cmd_<name>() per subcommand through a single table (help, man page and
 * completion come from the same table).
 */
#ifndef NVSCHED_CLI_H
#define NVSCHED_CLI_H

#include <stdbool.h>

/** struct cli_global - options given before the command (CONTRACTS.md §2) */
struct cli_global {
	bool json;		/* -j/--json (commands also accept -j after their name) */
	bool pretty;		/* -p/--pretty */
	const char *snapshot;	/* --snapshot FILE or NULL */
	const char *backend;	/* --backend module|rm|snapshot or NULL (auto) */
	const char *gpu;	/* --gpu N|BDF or NULL (0) */
};

/* Exit codes of every command. */
#define CLI_EXIT_OK	0
#define CLI_EXIT_FAIL	1	/* the operation failed (I/O, device, ...) */
#define CLI_EXIT_USAGE	2	/* bad command line or malformed input file */

/*
 * A command: argv[0] is the command name, the rest its own arguments.
 * It must accept -h/--help (usage on stdout, exit 0) and -j/-p, and print
 * errors as "nvsched CMD: message" on stderr.
 */
typedef int (*cli_cmd_fn)(const struct cli_global *g, int argc, char **argv);

/* Parse a command's -j/-p/-h (no other arguments); *help set for -h. */
int cli_simple_opts(struct cli_global *g, int argc, char **argv, bool *help);

int cmd_runlist(const struct cli_global *g, int argc, char **argv);
int cmd_runlist_ctl(const struct cli_global *g, int argc, char **argv);
int cmd_channel(const struct cli_global *g, int argc, char **argv);
int cmd_tsg(const struct cli_global *g, int argc, char **argv);
int cmd_rta(const struct cli_global *g, int argc, char **argv);
int cmd_predict(const struct cli_global *g, int argc, char **argv);
/* cli/cmd_prio.c: fixed-priority GPU scheduling (simulate) */
int cmd_prio(const struct cli_global *g, int argc, char **argv);
/* cli/cmd_topo.c: copy-engine and GPC/TPC topology */
int cmd_ce(const struct cli_global *g, int argc, char **argv);
int cmd_gr(const struct cli_global *g, int argc, char **argv);

#endif /* NVSCHED_CLI_H */
