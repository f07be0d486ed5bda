// SPDX-License-Identifier: MIT
/*
 * prioioc GPU: malformed NVSCHED_IOC_PRIO_SET / _STATUS requests on
 * /dev/nvsched must fail with EINVAL and change nothing (the mechanism
 * reported before and after must be equal).  One line per request:
 * "NAME ok" or "NAME FAIL: ...".  Exit 0 when every line is ok.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "uapi/nvsched.h"

static int fd, bad;

static int status(unsigned int gpu, struct nvsched_prio_status *st)
{
	memset(st, 0, sizeof(*st));
	st->gpu = gpu;
	/* no room for tasks: ENOSPC, the counters come back all the same */
	return ioctl(fd, NVSCHED_IOC_PRIO_STATUS, st) && errno != ENOSPC ? errno : 0;
}

static void expect_einval(const char *name, unsigned long cmd, void *req)
{
	int r = ioctl(fd, cmd, req) ? errno : 0;

	if (r == EINVAL) {
		printf("%s ok\n", name);
	} else {
		printf("%s FAIL: %s, want EINVAL\n", name, r ? strerror(r) : "accepted");
		bad = 1;
	}
}

int main(int argc, char **argv)
{
	struct nvsched_prio_status st0, st1, st;
	struct nvsched_prio_set s;
	unsigned int gpu;

	if (argc != 2) {
		fprintf(stderr, "usage: prioioc GPU\n");
		return 2;
	}
	gpu = (unsigned int)atoi(argv[1]);
	fd = open("/dev/nvsched", O_RDWR);
	if (fd < 0 || status(gpu, &st0)) {
		perror("/dev/nvsched");
		return 1;
	}
#define SET(field, val, op_) do { memset(&s, 0, sizeof(s)); s.gpu = gpu; \
	s.op = (op_); s.field = (val); } while (0)
	SET(mechanism, NVSCHED_PRIO_MECH_GATE, NVSCHED_PRIO_SET_KEEP);
	expect_einval("keep_with_mechanism", NVSCHED_IOC_PRIO_SET, &s);
	SET(mechanism, 7, NVSCHED_PRIO_SET_MECHANISM);
	expect_einval("unknown_mechanism", NVSCHED_IOC_PRIO_SET, &s);
	SET(mechanism, NVSCHED_PRIO_MECH_NONE, NVSCHED_PRIO_SET_MECHANISM);
	expect_einval("mechanism_none", NVSCHED_IOC_PRIO_SET, &s);
	SET(runlist, 1, NVSCHED_PRIO_SET_MECHANISM);
	s.mechanism = NVSCHED_PRIO_MECH_GATE;
	expect_einval("mechanism_with_runlist", NVSCHED_IOC_PRIO_SET, &s);
	SET(tsgid, 3, NVSCHED_PRIO_SET_MECHANISM);
	s.mechanism = NVSCHED_PRIO_MECH_GATE;
	expect_einval("mechanism_with_tsgid", NVSCHED_IOC_PRIO_SET, &s);
	SET(reserved[2], 1, NVSCHED_PRIO_SET_MECHANISM);
	s.mechanism = NVSCHED_PRIO_MECH_GATE;
	expect_einval("mechanism_reserved", NVSCHED_IOC_PRIO_SET, &s);
	SET(op, 9, 9);
	expect_einval("unknown_op", NVSCHED_IOC_PRIO_SET, &s);
	memset(&st, 0, sizeof(st));
	st.gpu = gpu;
	st.resubmits = 1;
	expect_einval("status_resubmits_in", NVSCHED_IOC_PRIO_STATUS, &st);
	memset(&st, 0, sizeof(st));
	st.gpu = gpu;
	st.reserved[0] = 1;
	expect_einval("status_reserved", NVSCHED_IOC_PRIO_STATUS, &st);
	if (status(gpu, &st1) || st1.mechanism != st0.mechanism || st1.submits != st0.submits) {
		printf("unchanged FAIL: mechanism %u -> %u, submits %u -> %u\n", st0.mechanism,
		       st1.mechanism, st0.submits, st1.submits);
		bad = 1;
	} else {
		printf("unchanged ok\n");
	}
	close(fd);
	return bad;
}
