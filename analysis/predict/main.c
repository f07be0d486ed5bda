// SPDX-License-Identifier: MIT
/*
 * Standalone driver for `nvsched predict` until the nvsched main program
 * dispatches to cmd_predict(): nvsched-predict [-j] [-p] ... FILE
 */
#include <stdio.h>

#include "cli.h"

int main(int argc, char **argv)
{
	struct cli_global g = { 0 };

	argv[0] = "predict";
	return cmd_predict(&g, argc, argv);
}
