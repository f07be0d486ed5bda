// SPDX-License-Identifier: MIT
/*
 * drvreq BDF RL: ask the host responder, playing the owning driver, to
 * create the next TSG it holds back on hardware runlist RL of the simulated
 * GPU at PCI address BDF (e.g. 0000:00:04.0) and resubmit that runlist
 * (nvss-responder --driver-tsg; sim/responder_driver.h has the
 * request words).  Prints the TSG id and exits 0, or prints why and exits 1.
 * The request words live in the ivshmem BAR's mailbox page, mapped through
 * the device's sysfs resource2.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

/* kmod/hw/simbox.h: NVS_SIMBOX_OFFSET; sim/responder_driver.h: the words */
#define BOX_OFFSET	0x1000000u
#define REQ		(0x20u / 4)
#define ARG		(0x24u / 4)
#define ACK		(0x28u / 4)
#define RES		(0x2cu / 4)

int main(int argc, char **argv)
{
	struct timespec ts = { 0, 1000000 };
	volatile uint32_t *box;
	char path[256];
	uint32_t seq;
	void *map;
	int fd, i;

	if (argc != 3) {
		fprintf(stderr, "usage: drvreq BDF RUNLIST\n");
		return 2;
	}
	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/resource2", argv[1]);
	fd = open(path, O_RDWR | O_SYNC);
	if (fd < 0) {
		printf("%s: %s\n", path, strerror(errno));
		return 1;
	}
	map = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, BOX_OFFSET);
	close(fd);
	if (map == MAP_FAILED) {
		printf("mmap %s: %s\n", path, strerror(errno));
		return 1;
	}
	box = map;
	seq = __atomic_load_n(&box[ACK], __ATOMIC_ACQUIRE) + 1;
	__atomic_store_n(&box[ARG], (uint32_t)strtoul(argv[2], NULL, 0), __ATOMIC_RELEASE);
	__atomic_store_n(&box[REQ], seq, __ATOMIC_RELEASE);
	for (i = 0; i < 20000 && __atomic_load_n(&box[ACK], __ATOMIC_ACQUIRE) != seq; i++)
		nanosleep(&ts, NULL);
	if (__atomic_load_n(&box[ACK], __ATOMIC_ACQUIRE) != seq) {
		printf("no answer from the responder (is it run with --driver-tsg?)\n");
		return 1;
	}
	if (box[RES] == 0xffffffffu) {
		printf("no TSG left to create on runlist %s\n", argv[2]);
		return 1;
	}
	printf("%u\n", box[RES]);
	return 0;
}
