/* SPDX-License-Identifier: MIT */
/*
 * cli.h - shared definitions of the nvsched command-line front end.
 *
 * cli/nvsched.c parses the global options and dispatches to one
 * cmd_<name>() per subcommand through a single table (help, man page and
 * completion come from the same table); an object's verbs are a table of
 * their own (struct cli_verbs), options are parsed by cli_opts() (opts.c)
 * and output goes field by field through cli/out.h.
 */
#ifndef NVSCHED_CLI_H
#define NVSCHED_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "gpu_select.h"

/** struct cli_global - options given before the command (CONTRACTS.md §2) */
struct cli_global {
	bool json;		/* -j/--json (commands also accept -j after their name) */
	bool pretty;		/* -p/--pretty */
	struct gpu_select sel;	/* --snapshot, --backend, --gpu */
};

/* Exit codes of every command. */
#define CLI_EXIT_OK	GPU_OK
#define CLI_EXIT_FAIL	GPU_FAIL	/* the operation failed (I/O, device, ...) */
#define CLI_EXIT_USAGE	GPU_USAGE	/* bad command line or malformed input file */

/*
 * A command: argv[0] is the command name, the rest its own arguments.
 * It must accept -h/--help (usage on stdout, exit 0) and -j/-p, and print
 * errors as "nvsched CMD: message" on stderr.
 */
typedef int (*cli_cmd_fn)(const struct cli_global *g, int argc, char **argv);

/*
 * Verbs of an object (`nvsched channel disable`, `nvsched prio run`, ...):
 * one table per object, run by cli_verb_dispatch().  A verb's handler gets
 * argv[0] = the verb.
 */
struct cli_verb {
	const char *name;
	cli_cmd_fn fn;
	const char *help;	/* one line: what the verb does */
};

struct cli_verbs {
	const struct cli_verb *v;
	size_t n;
	/*
	 * No verb, -h/--help or an unknown verb go to fallback with the whole
	 * command line where there is one (`nvsched runlist [-r N]`); else no
	 * verb prints usage to stderr (exit 2), -h/--help to stdout (exit 0),
	 * an unknown verb the message unknown (a printf format taking the verb)
	 * or, NULL, usage to stderr (exit 2).
	 */
	cli_cmd_fn fallback;
	void (*usage)(FILE *f);
	const char *unknown;
	const char *name;	/* "channel", "prio set": heading of the verb list */
};

/* Run the verb argv[1] of vs with argc - 1, argv + 1 (argv[0]: the command). */
int cli_verb_dispatch(const struct cli_global *g, const struct cli_verbs *vs, int argc,
		      char **argv);
/*
 * The end of the object's --help (after usage; cli_verb_dispatch() prints
 * it, a fallback prints it itself): "\nNAME verbs:\n" and one line per
 * verb, its name and help, from the table.
 */
void cli_verbs_help(const struct cli_verbs *vs, FILE *f);

/*
 * A command's own option for cli_opts(): long name, getopt's has_arg, and
 * the key handed to the command; a key below CLI_OPT_LONG is also the short
 * option.
 */
#define CLI_OPT_LONG 256
struct cli_opt {
	const char *name;
	int has_arg;
	int key;
};
#define CLI_OPTS_NO_JSON	1u	/* no -j/-p (commands that print no JSON) */
#define CLI_OPTS_PERMUTE	2u	/* options may follow the operands */
/*
 * a command's option: CLI_EXIT_OK, else the exit code to stop with, or
 * CLI_OPTS_DONE: the option did all there was to do (exit 0)
 */
typedef int (*cli_opt_fn)(void *ctx, int key, char *arg);
#define CLI_OPTS_DONE	(-2)
/*
 * Parse -j/--json, -p/--pretty, -h/--help and extra[nextra] (fn(ctx, key,
 * optarg) for each of those) from argv[1] on.  CLI_EXIT_OK with optind at
 * the first operand; -1 for -h (the caller prints its help, exit 0);
 * CLI_EXIT_USAGE for an unknown option or a missing argument (getopt said
 * which), or fn's code.
 */
int cli_opts(struct cli_global *g, int argc, char **argv, const struct cli_opt *extra,
	     size_t nextra, unsigned int flags, cli_opt_fn fn, void *ctx);

/*
 * An option's decimal value in lo..hi: CLI_EXIT_OK with *out set, else
 * "CMD: --NAME takes LO..HI[UNIT]" on stderr and CLI_EXIT_USAGE.
 */
int cli_opt_long(const char *cmd, const char *name, const char *arg, long lo, long hi,
		 const char *unit, long *out);

/* Parse a command's -j/-p/-h (no other arguments); *help set for -h. */
int cli_simple_opts(struct cli_global *g, int argc, char **argv, bool *help);

struct gpu;
/*
 * cli_simple_opts(), then open the GPU --gpu selects (all: every GPU):
 * CLI_EXIT_OK with *gpus[*n] open (gpu_close_all() them), -1 for -h (the
 * caller prints its help, exit 0), else the exit code.
 */
int cli_simple_open(struct cli_global *g, int argc, char **argv, bool all,
		    struct gpu **gpus, int *n);

int cmd_runlist(const struct cli_global *g, int argc, char **argv);
/* cli/cmd_ctl.c: the control verbs of nvsched runlist (argv[0] = the verb) */
int cmd_runlist_preempt(const struct cli_global *g, int argc, char **argv);
int cmd_runlist_resubmit(const struct cli_global *g, int argc, char **argv);
int cmd_runlist_disable(const struct cli_global *g, int argc, char **argv);
int cmd_runlist_enable(const struct cli_global *g, int argc, char **argv);
int cmd_channel(const struct cli_global *g, int argc, char **argv);
int cmd_tsg(const struct cli_global *g, int argc, char **argv);
int cmd_rta(const struct cli_global *g, int argc, char **argv);
int cmd_predict(const struct cli_global *g, int argc, char **argv);
/* cli/cmd_prio.c: fixed-priority GPU scheduling (simulate) */
int cmd_prio(const struct cli_global *g, int argc, char **argv);
/* cli/cmd_rm.c: nvsched snapshot, info --verify, unprivileged RM views */
int cmd_snapshot(const struct cli_global *g, int argc, char **argv);
int cmd_rm_verify(const struct cli_global *g, struct gpu *c);
int cmd_rm_engines_unpriv(const struct cli_global *g, struct gpu *c);
/* cli/cmd_topo.c: copy-engine and GPC/TPC topology */
int cmd_ce(const struct cli_global *g, int argc, char **argv);
int cmd_gr(const struct cli_global *g, int argc, char **argv);

#endif /* NVSCHED_CLI_H */
