// SPDX-License-Identifier: MIT
/*
 * simcmd GPU resubmit|corrupt|repair: ask the host model of test GPU
 * number GPU (the GPU-th ivshmem device 1af4:1110 in bus order, as
 * /proc/gpuN) to play the owning driver and submit its runlists again, to
 * corrupt the first entry of each of the driver's runlists, or to repair
 * them (NVS_SIMBOX_HOSTCMD_*, kmod/hw/simbox.h).  Goes through the BAR
 * (sysfs resource2), not through the module.  Prints the number of
 * runlists concerned; exit 0, or 1 with a message.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../../../kmod/hw/simbox.h"

static int is_test_gpu(const char *dev)
{
	char p[512], v[32] = "", d[32] = "";
	FILE *f;

	snprintf(p, sizeof(p), "/sys/bus/pci/devices/%s/vendor", dev);
	f = fopen(p, "r");
	if (!f || !fgets(v, sizeof(v), f)) {
		if (f)
			fclose(f);
		return 0;
	}
	fclose(f);
	snprintf(p, sizeof(p), "/sys/bus/pci/devices/%s/device", dev);
	f = fopen(p, "r");
	if (!f || !fgets(d, sizeof(d), f)) {
		if (f)
			fclose(f);
		return 0;
	}
	fclose(f);
	return !strncmp(v, "0x1af4", 6) && !strncmp(d, "0x1110", 6);
}

int main(int argc, char **argv)
{
	struct dirent **ents;
	volatile uint32_t *cmd;
	char path[512];
	int n, i, k = 0, want, fd;
	uint8_t *map;
	uint32_t v, c;

	if (argc != 3) {
		fprintf(stderr, "usage: simcmd GPU resubmit|corrupt|repair\n");
		return 2;
	}
	if (!strcmp(argv[2], "resubmit")) {
		c = NVS_SIMBOX_HOSTCMD_RESUBMIT;
	} else if (!strcmp(argv[2], "corrupt")) {
		c = NVS_SIMBOX_HOSTCMD_CORRUPT;
	} else if (!strcmp(argv[2], "repair")) {
		c = NVS_SIMBOX_HOSTCMD_REPAIR;
	} else {
		fprintf(stderr, "usage: simcmd GPU resubmit|corrupt|repair\n");
		return 2;
	}
	v = c;
	want = atoi(argv[1]);
	n = scandir("/sys/bus/pci/devices", &ents, NULL, alphasort);
	if (n < 0) {
		perror("scandir");
		return 1;
	}
	path[0] = 0;
	for (i = 0; i < n; i++) {
		if (ents[i]->d_name[0] != '.' && is_test_gpu(ents[i]->d_name) && k++ == want)
			snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/resource2",
				 ents[i]->d_name);
		free(ents[i]);
	}
	free(ents);
	if (!path[0]) {
		fprintf(stderr, "simcmd: no test GPU %d\n", want);
		return 1;
	}
	fd = open(path, O_RDWR | O_SYNC);
	if (fd < 0) {
		perror(path);
		return 1;
	}
	map = mmap(NULL, NVS_SIMBOX_OFFSET + 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (map == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	cmd = (volatile uint32_t *)(map + NVS_SIMBOX_OFFSET + NVS_SIMBOX_HOSTCMD_OFF);
	*cmd = v;
	for (i = 0; i < 10000 && (v = *cmd) == c; i++)
		usleep(1000);
	if (!(v & NVS_SIMBOX_HOSTCMD_DONE)) {
		fprintf(stderr, "simcmd: the host model did not answer (0x%x)\n", v);
		return 1;
	}
	*cmd = 0;
	printf("%u\n", v & ~NVS_SIMBOX_HOSTCMD_DONE);
	return 0;
}
