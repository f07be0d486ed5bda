// SPDX-License-Identifier: MIT
/* sysbuf HEX: put the bytes HEX encodes at the start of a locked, zeroed
 * page of this process, print the page's physical address (from
 * /proc/self/pagemap, root only) and wait to be killed.  Lets guest cases
 * point a simulated GPU's structures at real system RAM (issue 19: reads
 * of system memory go through the CPU, RAM only). */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long psz = sysconf(_SC_PAGESIZE);
	unsigned char *p;
	uint64_t ent;
	size_t i, n;
	unsigned int b;
	int fd;

	if (argc != 2 || strlen(argv[1]) % 2 || strlen(argv[1]) / 2 > (size_t)psz) {
		fprintf(stderr, "usage: sysbuf HEX (at most one page)\n");
		return 2;
	}
	p = mmap(NULL, (size_t)psz, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED || mlock(p, (size_t)psz)) {
		perror("sysbuf: mmap/mlock");
		return 1;
	}
	memset(p, 0, (size_t)psz);
	n = strlen(argv[1]) / 2;
	for (i = 0; i < n; i++) {
		if (sscanf(argv[1] + 2 * i, "%2x", &b) != 1) {
			fprintf(stderr, "sysbuf: bad hex at %zu\n", 2 * i);
			return 2;
		}
		p[i] = (unsigned char)b;
	}
	fd = open("/proc/self/pagemap", O_RDONLY);
	if (fd < 0 || pread(fd, &ent, sizeof(ent),
			    (off_t)((uintptr_t)p / (uintptr_t)psz * sizeof(ent))) != sizeof(ent)) {
		perror("sysbuf: pagemap");
		return 1;
	}
	close(fd);
	if (!(ent >> 63) || !(ent & ((1ull << 55) - 1))) {
		fprintf(stderr, "sysbuf: page not present or PFN hidden\n");
		return 1;
	}
	printf("0x%llx\n", (unsigned long long)((ent & ((1ull << 55) - 1)) * (uint64_t)psz));
	fflush(stdout);
	for (;;)
		pause();
}
