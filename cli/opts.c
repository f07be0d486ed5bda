// SPDX-License-Identifier: MIT
/*
 * opts.c - the one option parser of the commands (cli.h): the common
 * -j/--json, -p/--pretty, -h/--help and a command's own options from a table.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define MAX_OPTS 24

int cli_opts(struct cli_global *g, int argc, char **argv, const struct cli_opt *extra,
	     size_t nextra, unsigned int flags, cli_opt_fn fn, void *ctx)
{
	static const struct cli_opt common[] = {
		{ "json", no_argument, 'j' },
		{ "pretty", no_argument, 'p' },
		{ "help", no_argument, 'h' },
	};
	struct option lo[MAX_OPTS + 4];
	char so[2 * MAX_OPTS + 8];
	size_t i, n = 0, k = 0;
	int c, ret;

	if (nextra > MAX_OPTS)
		return CLI_EXIT_USAGE;
	/* options may follow operands only where asked ("+": in order); optind
	 * = 0 makes glibc read that again (it keeps the first parse's otherwise) */
	if (!(flags & CLI_OPTS_PERMUTE))
		so[k++] = '+';
	for (i = 0; i < nextra + 3; i++) {
		const struct cli_opt *o = i < nextra ? &extra[i] : &common[i - nextra];

		if ((flags & CLI_OPTS_NO_JSON) && (o->key == 'j' || o->key == 'p'))
			continue;
		lo[n++] = (struct option){ o->name, o->has_arg, NULL, o->key };
		if (o->key < CLI_OPT_LONG) {
			so[k++] = (char)o->key;
			if (o->has_arg == required_argument)
				so[k++] = ':';
		}
	}
	lo[n] = (struct option){ NULL, 0, NULL, 0 };
	so[k] = 0;
	optind = 0;
	while ((c = getopt_long(argc, argv, so, lo, NULL)) != -1) {
		switch (c) {
		case 'j':
			g->json = true;
			break;
		case 'p':
			g->json = g->pretty = true;
			break;
		case 'h':
			return -1;
		case '?':
			return CLI_EXIT_USAGE;
		default:
			ret = fn(ctx, c, optarg);
			if (ret)
				return ret;
		}
	}
	return CLI_EXIT_OK;
}

/* A decimal option value within bounds (cli.h). */
int cli_opt_long(const char *cmd, const char *name, const char *arg, long lo, long hi,
		 const char *unit, long *out)
{
	char *end;
	long v = strtol(arg, &end, 10);

	if (*end || !*arg || v < lo || v > hi) {
		fprintf(stderr, "%s: --%s takes %ld..%ld%s\n", cmd, name, lo, hi, unit);
		return CLI_EXIT_USAGE;
	}
	*out = v;
	return CLI_EXIT_OK;
}

/* Common options of the inspection commands: -j -p -h (cli.h). */
int cli_simple_opts(struct cli_global *g, int argc, char **argv, bool *help)
{
	int ret = cli_opts(g, argc, argv, NULL, 0, 0, NULL, NULL);

	*help = ret < 0;
	if (ret)
		return ret < 0 ? CLI_EXIT_OK : ret;
	if (optind != argc) {
		fprintf(stderr, "nvsched %s: unexpected argument '%s'\n", argv[0], argv[optind]);
		return CLI_EXIT_USAGE;
	}
	return CLI_EXIT_OK;
}
