// SPDX-License-Identifier: MIT
/* Standalone driver: `nvsched-rta ARGS` = `nvsched rta ARGS`. */
#include "cli.h"

int main(int argc, char **argv)
{
	struct cli_global g = { 0 };

	argv[0] = "rta";
	return cmd_rta(&g, argc, argv);
}
