// SPDX-License-Identifier: MIT
/* smctrl_read FILE: read a /proc/gpuX value exactly as libsmctrl does
 * (open, ONE read of 18 bytes at offset 0, strtoll base 16) and print it in
 * decimal; exit 1 with the errno text when that fails. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char buf[19] = { 0 };
	ssize_t n;
	int fd;

	if (argc != 2)
		return 2;
	fd = open(argv[1], O_RDONLY);
	if (fd < 0) {
		printf("open: %s\n", strerror(errno));
		return 1;
	}
	n = read(fd, buf, 18);
	close(fd);
	if (n <= 0) {
		printf("read: %s\n", n < 0 ? strerror(errno) : "empty");
		return 1;
	}
	printf("%lld\n", strtoll(buf, NULL, 16));
	return 0;
}
