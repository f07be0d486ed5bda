// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * nvss-tool - small helper for nvsched snapshot files.
 *
 *   nvss-tool check FILE          validate; print a one-line summary
 *   nvss-tool fmt FILE            print the canonical form to stdout
 *   nvss-tool image FILE OUT.img  write a 32 MiB ivshmem image whose first
 *                                 16 MiB are the BAR0 register image (the
 *                                 mailbox page stays zero: no responder)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/mman.h>

#include "sim.h"
#include "simbox.h"

static int usage(void)
{
	fprintf(stderr, "usage: nvss-tool check FILE\n"
			"       nvss-tool fmt FILE\n"
			"       nvss-tool image FILE OUT.img\n");
	return 2;
}

int main(int argc, char **argv)
{
	char err[512];
	struct nvss *s;

	if (argc < 3)
		return usage();
	if (nvss_parse_file(argv[2], &s, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	if (!strcmp(argv[1], "check") && argc == 3) {
		struct nvs_sim *sim = nvs_sim_new(s, NULL, err, sizeof(err));
		size_t i, bytes = 0;

		if (!sim) {
			fprintf(stderr, "%s: %s\n", argv[2], err);
			nvss_free(s);
			return 1;
		}
		for (i = 0; i < s->nmems; i++)
			bytes += s->mems[i].len;
		printf("%s: ok: %zu registers, %zu memory ranges (%zu bytes), %zu meta; "
		       "chip 0x%x (%s), %zu runlist blocks\n",
		       argv[2], s->nregs, s->nmems, bytes, s->nmeta,
		       nvs_sim_chip_id(sim), nvs_sim_gen_name(nvs_sim_gen(sim)),
		       nvs_sim_runlists(sim));
		nvs_sim_free(sim);
	} else if (!strcmp(argv[1], "fmt") && argc == 3) {
		if (nvss_write(stdout, s) || fflush(stdout)) {
			nvss_free(s);
			return 1;
		}
	} else if (!strcmp(argv[1], "image") && argc == 4) {
		int fd = open(argv[3], O_RDWR | O_CREAT, 0644);
		struct nvs_sim *sim;
		void *map;

		if (fd < 0 || ftruncate(fd, NVS_SIMBOX_BAR_SIZE)) {
			fprintf(stderr, "%s: %s\n", argv[3], strerror(errno));
			nvss_free(s);
			return 1;
		}
		map = mmap(NULL, NVS_SIMBOX_BAR_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
		close(fd);
		if (map == MAP_FAILED) {
			fprintf(stderr, "%s: mmap: %s\n", argv[3], strerror(errno));
			nvss_free(s);
			return 1;
		}
		memset((char *)map + NVS_SIMBOX_OFFSET, 0, NVS_SIMBOX_BAR_SIZE - NVS_SIMBOX_OFFSET);
		sim = nvs_sim_new(s, map, err, sizeof(err));
		if (!sim) {
			fprintf(stderr, "%s: %s\n", argv[2], err);
			munmap(map, NVS_SIMBOX_BAR_SIZE);
			nvss_free(s);
			return 1;
		}
		nvs_sim_free(sim);
		msync(map, NVS_SIMBOX_BAR_SIZE, MS_SYNC);
		munmap(map, NVS_SIMBOX_BAR_SIZE);
	} else {
		nvss_free(s);
		return usage();
	}
	nvss_free(s);
	return 0;
}
