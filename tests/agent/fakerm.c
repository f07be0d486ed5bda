// SPDX-License-Identifier: MIT
/*
 * fakerm.c - libfakerm.so, a recording stand-in for the NVIDIA RM ioctls,
 * preloaded after libnvsched-agent.so in the process tests
 * (tests/agent/run.sh): the agent's "real" ioctl() is this one.
 *
 * RM escapes ('F') succeed: allocs get a handle when they ask for none,
 * GET_TIMESLICE answers the last SET (2048 us before any, 1024 us for TSGs
 * whose handle has bit 4 set), and every control is appended as one line
 *   <CLOCK_MONOTONIC ns> <pid> SET|GET|DISABLE|ENABLE <client> <object> <value>
 * to $NVSCHED_FAKERM_LOG.  Every other ioctl goes to libc.
 */
#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "agent_abi.h"

typedef int (*ioctl_fn)(int, unsigned long, ...);

#define NTS 256
static struct { uint32_t h; uint64_t us; } ts[NTS];
static uint32_t next_handle = 0xcaf00000;

static void logline(const char *what, uint32_t client, uint32_t obj, unsigned long long v)
{
	const char *path = getenv("NVSCHED_FAKERM_LOG");
	struct timespec t;
	char buf[160];
	int fd, n;

	if (!path)
		return;
	clock_gettime(CLOCK_MONOTONIC, &t);
	n = snprintf(buf, sizeof(buf), "%llu %d %s %#x %#x %llu\n",
		     (unsigned long long)t.tv_sec * 1000000000ull + (unsigned long long)t.tv_nsec,
		     (int)getpid(), what, client, obj, v);
	fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
	if (fd >= 0) {
		if (write(fd, buf, (size_t)n) != n)
			n = 0;
		close(fd);
	}
}

static uint64_t *ts_of(uint32_t h)
{
	unsigned int i;

	for (i = 0; i < NTS; i++)
		if (ts[i].h == h)
			return &ts[i].us;
	for (i = 0; i < NTS; i++)
		if (!ts[i].h) {
			ts[i].h = h;
			ts[i].us = (h & 0x10) ? 1024 : 2048;
			return &ts[i].us;
		}
	return &ts[0].us;
}

static int escape(unsigned int nr, void *p, uint32_t size)
{
	if (!p)
		return -1;
	if (nr == NV_ESC_RM_ALLOC && (size == 32 || size == 48)) {
		struct nv_os21 *r = p;

		if (!r->h_object_new)
			r->h_object_new = next_handle++;
		if (size == 32)
			r->status = 0;
		else
			((struct nv_os64 *)p)->status = 0;
		return 0;
	}
	if (nr == NV_ESC_RM_FREE && size == 16) {
		((struct nv_os00 *)p)->status = 0;
		return 0;
	}
	if (nr == NV_ESC_RM_CONTROL && size == 32) {
		struct nv_os54 *r = p;
		void *prm = (void *)(uintptr_t)r->params;

		r->status = 0;
		if (r->cmd == NVA06C_CTRL_CMD_GET_TIMESLICE && r->params_size == 8) {
			((struct nva06c_timeslice *)prm)->timeslice_us = *ts_of(r->h_object);
			logline("GET", r->h_client, r->h_object, *ts_of(r->h_object));
		} else if (r->cmd == NVA06C_CTRL_CMD_SET_TIMESLICE && r->params_size == 8) {
			*ts_of(r->h_object) = ((struct nva06c_timeslice *)prm)->timeslice_us;
			logline("SET", r->h_client, r->h_object, *ts_of(r->h_object));
		} else if (r->cmd == NV2080_CTRL_CMD_FIFO_DISABLE_CHANNELS && r->params_size == 536) {
			struct nv2080_fifo_disable_channels *d = prm;

			logline(d->b_disable ? "DISABLE" : "ENABLE", r->h_client, r->h_object,
				d->num_channels);
		} else {
			r->status = 0x56;	/* NV_ERR_NOT_SUPPORTED */
		}
		return 0;
	}
	return -1;
}

__attribute__((visibility("default"))) int ioctl(int fd, unsigned long req, ...)
{
	static ioctl_fn real;
	va_list ap;
	void *arg;

	va_start(ap, req);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (_IOC_TYPE(req) == NV_IOCTL_MAGIC) {
		if (_IOC_NR(req) == NV_ESC_IOCTL_XFER_CMD) {
			struct nv_ioctl_xfer *x = arg;

			return _IOC_SIZE(req) == sizeof(*x) && x ?
			       escape(x->cmd, (void *)(uintptr_t)x->ptr, x->size) : -1;
		}
		return escape(_IOC_NR(req), arg, _IOC_SIZE(req));
	}
	if (!real)
		real = (ioctl_fn)dlsym(RTLD_NEXT, "ioctl");
	return real(fd, req, arg);
}
