// SPDX-License-Identifier: MIT
/*
 * priolat GPU RL TSG N: the task of this process gets TSG RL:TSG, then N
 * times begins a real-time segment (priority 10) and ends it, timing each
 * NVSCHED_IOC_PRIO_SEG call (a decision: with the runlist mechanism a
 * copy submitted and the evicted TSGs preempted on begin, the driver's
 * runlist submitted again on end) and a null ioctl (NVSCHED_IOC_VERSION)
 * for comparison.  Prints "null|begin|end min median max" in microseconds.
 * Exit 0, or 1 when a call fails.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "uapi/nvsched.h"

#define MAXN 1000

static double now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void report(const char *name, double *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), cmp);
	printf("%s %.0f %.0f %.0f\n", name, v[0], v[n / 2], v[n - 1]);
}

int main(int argc, char **argv)
{
	static double tnull[MAXN], tbeg[MAXN], tend[MAXN];
	struct nvsched_prio_tsg t;
	struct nvsched_prio_seg s;
	struct nvsched_version v;
	int fd, n, i;
	double t0;

	if (argc != 5 || (n = atoi(argv[4])) < 1 || n > MAXN) {
		fprintf(stderr, "usage: priolat GPU RL TSG N (N <= %d)\n", MAXN);
		return 2;
	}
	fd = open("/dev/nvsched", O_RDWR);
	if (fd < 0) {
		perror("/dev/nvsched");
		return 1;
	}
	memset(&t, 0, sizeof(t));
	t.gpu = (unsigned int)atoi(argv[1]);
	t.runlist = atoi(argv[2]);
	t.tsgid = (unsigned int)atoi(argv[3]);
	if (ioctl(fd, NVSCHED_IOC_PRIO_TSG, &t)) {
		perror("NVSCHED_IOC_PRIO_TSG");
		return 1;
	}
	for (i = 0; i < n; i++) {
		t0 = now_us();
		if (ioctl(fd, NVSCHED_IOC_VERSION, &v))
			goto err;
		tnull[i] = now_us() - t0;
		memset(&s, 0, sizeof(s));
		s.gpu = NVSCHED_PRIO_FILE_GPU;
		s.op = NVSCHED_PRIO_BEGIN;
		s.prio = 10;
		t0 = now_us();
		if (ioctl(fd, NVSCHED_IOC_PRIO_SEG, &s))
			goto err;
		tbeg[i] = now_us() - t0;
		memset(&s, 0, sizeof(s));
		s.gpu = NVSCHED_PRIO_FILE_GPU;
		s.op = NVSCHED_PRIO_END;
		t0 = now_us();
		if (ioctl(fd, NVSCHED_IOC_PRIO_SEG, &s))
			goto err;
		tend[i] = now_us() - t0;
	}
	report("null", tnull, n);
	report("begin", tbeg, n);
	report("end", tend, n);
	close(fd);
	return 0;
err:
	fprintf(stderr, "priolat: call %d: %s\n", i, strerror(errno));
	return 1;
}
