// SPDX-License-Identifier: MIT
/* libnvsched.c - the C library over /dev/nvsched (see include/nvsched.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <stddef.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "nvsched.h"

struct nvsched {
	int fd;
	int gpu;
};

static int dev_open(void)
{
	const char *path = getenv("NVSCHED_DEVICE");

	return open(path && *path ? path : NVSCHED_DEVICE, O_RDWR | O_CLOEXEC);
}

int nvsched_version(struct nvsched_version *out)
{
	int fd = dev_open(), ret = 0;

	if (fd < 0)
		return -errno;
	if (ioctl(fd, NVSCHED_IOC_VERSION, out))
		ret = -errno;
	close(fd);
	return ret;
}

struct nvsched *nvsched_open(int gpu)
{
	struct nvsched_gpu_info info;
	struct nvsched *h;
	int err;

	if (gpu < 0) {
		errno = EINVAL;
		return NULL;
	}
	h = calloc(1, sizeof(*h));
	if (!h)
		return NULL;
	h->gpu = gpu;
	h->fd = dev_open();
	if (h->fd < 0)
		goto fail;
	memset(&info, 0, sizeof(info));
	info.gpu = (unsigned int)gpu;
	if (ioctl(h->fd, NVSCHED_IOC_GPU_INFO, &info))
		goto fail;
	return h;
fail:
	err = errno;
	if (h->fd >= 0)
		close(h->fd);
	free(h);
	errno = err;
	return NULL;
}

void nvsched_close(struct nvsched *h)
{
	if (!h)
		return;
	close(h->fd);
	free(h);
}

int nvsched_fd(const struct nvsched *h)
{
	return h->fd;
}

int nvsched_topology(struct nvsched *h, struct nvsched_topology *out,
		     struct nvsched_engine **engines)
{
	unsigned int cap = 64;

	*engines = NULL;
	for (;;) {
		struct nvsched_engine *e = realloc(*engines, cap * sizeof(*e));

		if (!e)
			goto nomem;
		*engines = e;
		memset(out, 0, sizeof(*out));
		out->gpu = (unsigned int)h->gpu;
		out->count = cap;
		out->engines = (uintptr_t)e;
		if (!ioctl(h->fd, NVSCHED_IOC_TOPOLOGY, out))
			return 0;
		if (errno != ENOSPC || out->count <= cap)
			break;
		cap = out->count;	/* the module says how many */
	}
	free(*engines);
	*engines = NULL;
	return -errno;
nomem:
	free(*engines);
	*engines = NULL;
	return -ENOMEM;
}

int nvsched_runlist(struct nvsched *h, int id, unsigned int hint,
		    struct nvsched_runlist *out, struct nvsched_rl_entry **entries)
{
	unsigned int cap = hint ? hint : 256;
	int ret;

	*entries = NULL;
	for (;;) {
		struct nvsched_rl_entry *e = realloc(*entries, cap * sizeof(*e));

		if (!e) {
			ret = -ENOMEM;
			break;
		}
		*entries = e;
		memset(out, 0, sizeof(*out));
		out->gpu = (unsigned int)h->gpu;
		out->id = id;
		out->count = cap;
		out->entries = (uintptr_t)e;
		if (!ioctl(h->fd, NVSCHED_IOC_RUNLIST, out)) {
			if (!out->count) {
				free(*entries);
				*entries = NULL;
			}
			return 0;
		}
		ret = -errno;
		if (ret != -ENOSPC || out->count <= cap)
			break;
		cap = out->count;	/* size negotiation */
	}
	free(*entries);
	*entries = NULL;
	return ret;
}

/* a request that is only "which GPU" in, the answer out (gpu comes first) */
static int ask(struct nvsched *h, unsigned long cmd, void *req, size_t size)
{
	memset(req, 0, size);
	*(__u32 *)req = (__u32)h->gpu;
	return ioctl(h->fd, cmd, req) ? -errno : 0;
}
_Static_assert(offsetof(struct nvsched_ce, gpu) == 0, "gpu first");
_Static_assert(offsetof(struct nvsched_gr, gpu) == 0, "gpu first");
_Static_assert(offsetof(struct nvsched_gpu_info, gpu) == 0, "gpu first");

int nvsched_ce(struct nvsched *h, struct nvsched_ce *out)
{
	return ask(h, NVSCHED_IOC_CE, out, sizeof(*out));
}

int nvsched_gr(struct nvsched *h, struct nvsched_gr *out)
{
	return ask(h, NVSCHED_IOC_GR, out, sizeof(*out));
}

int nvsched_control(struct nvsched *h, struct nvsched_control *c)
{
	c->gpu = (unsigned int)h->gpu;
	return ioctl(h->fd, NVSCHED_IOC_CONTROL, c) ? -errno : 0;
}

int nvsched_gpu_info(struct nvsched *h, struct nvsched_gpu_info *out)
{
	return ask(h, NVSCHED_IOC_GPU_INFO, out, sizeof(*out));
}

const char *nvsched_strerror(int err)
{
	if (err < 0)
		err = -err;
	switch (err) {
	case ENOENT:
		return "module not loaded: run sudo modprobe nvsched";
	case EACCES:
		return "permission denied on /dev/nvsched: run as root or join the nvsched group";
	case EPERM:	/* from an ioctl: the node opened, a capability is missing */
		return "not permitted: needs CAP_SYS_RAWIO (runlists, raw reads; control also CAP_SYS_ADMIN) and no kernel lockdown: run as root";
	case ENODEV:
		return "no such GPU: see nvsched list";
	case ENOTTY:
		return "the loaded nvsched module is too old for this tool: reinstall both";
	default:
		return strerror(err);
	}
}

int nvsched_prio_tsg(struct nvsched *h, int runlist, unsigned int tsgid)
{
	struct nvsched_prio_tsg req;

	memset(&req, 0, sizeof(req));
	req.gpu = (unsigned int)h->gpu;
	req.runlist = runlist;
	req.tsgid = tsgid;
	return ioctl(h->fd, NVSCHED_IOC_PRIO_TSG, &req) ? -errno : 0;
}

static int capture(struct nvsched *h, unsigned int op, unsigned int *ntsgs)
{
	struct nvsched_prio_capture req;

	memset(&req, 0, sizeof(req));
	req.size = sizeof(req);
	req.version = NVSCHED_PRIO_CAPTURE_VERSION;
	req.gpu = (unsigned int)h->gpu;
	req.op = op;
	if (ioctl(h->fd, NVSCHED_IOC_PRIO_CAPTURE, &req))
		return -errno;
	if (ntsgs)
		*ntsgs = req.ntsgs;
	return 0;
}

int nvsched_capture_begin(struct nvsched *h)
{
	return capture(h, NVSCHED_PRIO_CAPTURE_BEGIN, NULL);
}

int nvsched_capture_end(struct nvsched *h, unsigned *ntsgs)
{
	if (ntsgs)
		*ntsgs = 0;
	return capture(h, NVSCHED_PRIO_CAPTURE_END, ntsgs);
}

int nvsched_capture_peek(struct nvsched *h, unsigned *ntsgs)
{
	if (ntsgs)
		*ntsgs = 0;
	return capture(h, NVSCHED_PRIO_CAPTURE_PEEK, ntsgs);
}

int nvsched_prio_stats(struct nvsched *h, struct nvsched_prio_stats *st)
{
	memset(st, 0, sizeof(*st));
	st->size = sizeof(*st);
	st->version = NVSCHED_PRIO_STATS_VERSION;
	st->gpu = (unsigned int)h->gpu;
	return ioctl(h->fd, NVSCHED_IOC_PRIO_STATS, st) ? -errno : 0;
}

int nvsched_fd_seg(int fd, unsigned int op, int prio)
{
	struct nvsched_prio_seg req;

	memset(&req, 0, sizeof(req));
	req.gpu = NVSCHED_PRIO_FILE_GPU;
	req.op = op;
	req.prio = op == NVSCHED_PRIO_BEGIN ? prio : 0;
	return ioctl(fd, NVSCHED_IOC_PRIO_SEG, &req) ? -errno : 0;
}

int nvsched_seg_begin(struct nvsched *h, int gpu_prio)
{
	return nvsched_fd_seg(h->fd, NVSCHED_PRIO_BEGIN,
			      gpu_prio < 0 ? NVSCHED_PRIO_BEST_EFFORT : gpu_prio);
}

int nvsched_seg_end(struct nvsched *h)
{
	return nvsched_fd_seg(h->fd, NVSCHED_PRIO_END, 0);
}

int nvsched_prio_status(struct nvsched *h, struct nvsched_prio_status *st,
			struct nvsched_prio_task *tasks, unsigned int *count)
{
	int ret = 0;

	memset(st, 0, sizeof(*st));
	st->gpu = (unsigned int)h->gpu;
	st->count = *count;
	st->tasks = (__u64)(uintptr_t)tasks;
	if (ioctl(h->fd, NVSCHED_IOC_PRIO_STATUS, st))
		ret = -errno;
	*count = st->count;
	return ret;
}

/* one NVSCHED_IOC_PRIO_SET request: 0 or -errno */
static int prio_set(struct nvsched *h, unsigned int op, int runlist, unsigned int tsgid,
		    unsigned int mechanism)
{
	struct nvsched_prio_set req;

	memset(&req, 0, sizeof(req));
	req.gpu = (unsigned int)h->gpu;
	req.op = op;
	req.runlist = runlist;
	req.tsgid = tsgid;
	req.mechanism = mechanism;
	return ioctl(h->fd, NVSCHED_IOC_PRIO_SET, &req) ? -errno : 0;
}

int nvsched_prio_keep(struct nvsched *h, int runlist, unsigned int tsgid, int keep)
{
	return prio_set(h, keep ? NVSCHED_PRIO_SET_KEEP : NVSCHED_PRIO_SET_UNKEEP, runlist,
			tsgid, 0);
}

int nvsched_prio_mechanism(struct nvsched *h, unsigned int mechanism)
{
	return prio_set(h, NVSCHED_PRIO_SET_MECHANISM, 0, 0, mechanism);
}
