// SPDX-License-Identifier: MIT
/*
 * fakeapp.c - allocates RM objects the way libcuda does (client, device,
 * subdevice, one GR TSG with 8 channels and three CE TSGs with 4 each,
 * NVOS21 directly and NVOS64 through NV_ESC_IOCTL_XFER_CMD), against
 * libfakerm.so, then:
 *   fakeapp SECONDS                      stays SECONDS and exits
 *   fakeapp SECONDS BEGIN_MS PRIO END_MS  opens a segment (libnvsched's
 *                                        path: nvsched_agent_segment) at
 *                                        BEGIN_MS, closes it at END_MS
 * and prints "ready" on stdout once its objects exist.
 */
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "agent_abi.h"

static int fd;

static uint32_t alloc(uint32_t root, uint32_t parent, uint32_t h, uint32_t cls, uint32_t engine,
		      int via_xfer)
{
	uint32_t params[5] = { 0, 0, 0, engine, 0 };

	if (!via_xfer) {
		struct nv_os21 r = { root, parent, h, cls, (uint64_t)(uintptr_t)params, 20, 0xff };

		if (ioctl(fd, NV_RM_IOC(NV_ESC_RM_ALLOC, sizeof(r)), &r) || r.status)
			exit(3);
		return r.h_object_new;
	} else {
		struct nv_os64 r;
		struct nv_ioctl_xfer x = { NV_ESC_RM_ALLOC, sizeof(r), (uint64_t)(uintptr_t)&r };

		memset(&r, 0, sizeof(r));
		r.h_root = root;
		r.h_object_parent = parent;
		r.h_object_new = h;
		r.h_class = cls;
		r.p_alloc_parms = (uint64_t)(uintptr_t)params;
		r.params_size = 20;
		r.status = 0xff;
		if (ioctl(fd, NV_RM_IOC(NV_ESC_IOCTL_XFER_CMD, sizeof(x)), &x) || r.status)
			exit(3);
		return r.h_object_new;
	}
}

static void sleep_ms(long ms)
{
	struct timespec t = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&t, &t))
		;
}

int main(int argc, char **argv)
{
	static const uint32_t ce[3] = { 11, 12, 13 };
	int (*seg)(int, int) = (int (*)(int, int))dlsym(RTLD_DEFAULT, "nvsched_agent_segment");
	uint32_t cl, dev, tsg;
	long secs, b = -1, e = -1, t = 0;
	int prio = -1, i, k;

	if (argc != 2 && argc != 5)
		return 2;
	secs = atol(argv[1]);
	if (argc == 5) {
		b = atol(argv[2]);
		prio = atoi(argv[3]);
		e = atol(argv[4]);
	}
	fd = open("/dev/null", O_RDWR);	/* stands in for /dev/nvidiactl */
	cl = alloc(0, 0, 0, NV01_ROOT_CLIENT, 0, 0);
	dev = alloc(cl, cl, 0x5c000001, NV01_DEVICE_0, 0, 0);
	alloc(cl, dev, 0x5c000002, NV20_SUBDEVICE_0, 0, 0);
	tsg = alloc(cl, dev, 0x5c000100, KEPLER_CHANNEL_GROUP_A, 1, 0);
	for (k = 0; k < 8; k++)
		alloc(cl, tsg, 0x5c000200 + (uint32_t)k, 0xC86F, 0, 0);
	for (i = 0; i < 3; i++) {
		tsg = alloc(cl, dev, 0x5c000310 + (uint32_t)i * 0x20, KEPLER_CHANNEL_GROUP_A, ce[i], 1);
		for (k = 0; k < 4; k++)
			alloc(cl, tsg, 0x5c000400 + (uint32_t)(i * 8 + k), 0xC86F, 0, 1);
	}
	printf("ready\n");
	fflush(stdout);
	for (t = 0; t < secs * 1000; t += 10) {
		if (t == b && seg)
			seg(1, prio);
		if (t == e && seg)
			seg(0, 0);
		sleep_ms(10);
	}
	return 0;
}
