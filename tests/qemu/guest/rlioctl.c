// SPDX-License-Identifier: MIT
/* rlioctl GPU RUNLIST RESERVED: one NVSCHED_IOC_RUNLIST call with
 * reserved[0] = RESERVED; prints "ok" or strerror(errno).  Lets guest
 * cases check that reserved input fields must be zero (issue 19). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "uapi/nvsched.h"

int main(int argc, char **argv)
{
	static struct nvsched_rl_entry e[4096];
	struct nvsched_runlist r;
	int fd;

	if (argc != 4) {
		fprintf(stderr, "usage: rlioctl GPU RUNLIST RESERVED\n");
		return 2;
	}
	fd = open("/dev/nvsched", O_RDWR);
	if (fd < 0) {
		printf("open: %s\n", strerror(errno));
		return 1;
	}
	memset(&r, 0, sizeof(r));
	r.gpu = (unsigned int)atoi(argv[1]);
	r.id = atoi(argv[2]);
	r.count = 4096;
	r.entries = (unsigned long)e;
	r.reserved[0] = (unsigned int)strtoul(argv[3], NULL, 0);
	if (ioctl(fd, NVSCHED_IOC_RUNLIST, &r)) {
		printf("%s\n", strerror(errno));
		return 1;
	}
	printf("ok\n");
	return 0;
}
