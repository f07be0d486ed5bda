// SPDX-License-Identifier: MIT
/* qexit VALUE: write VALUE to QEMU's isa-debug-exit port (iobase 0xf4).
 * QEMU then exits with status (VALUE << 1) | 1.  The harness writes 16 + rc
 * so that a pass is 33 and never collides with QEMU's own exit statuses. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/io.h>

int main(int argc, char **argv)
{
	int v = argc > 1 ? atoi(argv[1]) : 0;

	if (ioperm(0xf4, 1, 1)) {
		perror("qexit: ioperm");
		return 1;
	}
	outb((unsigned char)v, 0xf4);
	return 0;	/* only reached without isa-debug-exit */
}
