// SPDX-License-Identifier: MIT
/*
 * sizes.c - the sizes of the structures the CLI allocates whole, for
 * failmalloc.c's NVSCHED_TEST_FAIL_MALLOC (test_cli.py): "NAME BYTES" lines.
 */
#include <stdio.h>

#include "ptop.h"

int main(void)
{
	printf("nvs_topology %zu\n", sizeof(struct nvs_topology));
	return 0;
}
