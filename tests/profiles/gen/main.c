/* SPDX-License-Identifier: MIT */
/*
 * nvss-gen: write the simulated chip profile CHIP as a CONTRACTS.md §1
 * snapshot on stdout.
 *
 *   nvss-gen [--fixture H100_CAPTURE] CHIP
 *   nvss-gen [--fixture H100_CAPTURE] --describe CHIP   (markdown summary)
 *   nvss-gen --list
 */
#include <stdio.h>
#include <string.h>
#include "chip.h"

int main(int argc, char **argv)
{
	const char *fixture = "tests/fixtures/h100_idle.nvss";
	const char *name = NULL;
	int describe = 0;
	struct snap *s;
	int i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--fixture") && i + 1 < argc) {
			fixture = argv[++i];
		} else if (!strcmp(argv[i], "--describe")) {
			describe = 1;
		} else if (!strcmp(argv[i], "--list")) {
			for (i = 0; i < nchips; i++)
				printf("%s\n", chips[i].name);
			return 0;
		} else if (argv[i][0] == '-') {
			die("usage: nvss-gen [--fixture FILE] [--describe] CHIP | --list");
		} else {
			name = argv[i];
		}
	}
	if (!name)
		die("usage: nvss-gen [--fixture FILE] [--describe] CHIP | --list");
	for (i = 0; i < nchips; i++)
		if (!strcmp(chips[i].name, name))
			break;
	if (i == nchips)
		die("unknown chip '%s' (try --list)", name);
	if (describe)
		return describe_chip(&chips[i], fixture, stdout);
	s = snap_new();
	if (chips[i].gen == G_HOPPER)
		build_gh100(&chips[i], s, fixture);
	else
		build_chip(&chips[i], s);
	snap_write(s, stdout);
	if (fflush(stdout) || ferror(stdout))
		die("write error");
	return 0;
}
