// SPDX-License-Identifier: MIT
/* wr FILE STRING: open FILE for writing, write STRING (C escapes not
 * interpreted) in ONE write(2), print "ok" or strerror(errno), exit 0/1. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int fd;
	ssize_t n;

	if (argc != 3) {
		fprintf(stderr, "usage: wr FILE STRING\n");
		return 2;
	}
	fd = open(argv[1], O_WRONLY);
	if (fd < 0) {
		printf("open: %s\n", strerror(errno));
		return 1;
	}
	n = write(fd, argv[2], strlen(argv[2]));
	if (n < 0) {
		printf("%s\n", strerror(errno));
		close(fd);
		return 1;
	}
	close(fd);
	printf("ok\n");
	return 0;
}
