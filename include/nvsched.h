/* SPDX-License-Identifier: MIT */
/*
 * nvsched.h - libnvsched, the C API over /dev/nvsched (CONTRACTS.md §7).
 *
 * All functions returning int return 0 or a negative errno.
 */
#ifndef NVSCHED_H
#define NVSCHED_H

#include <linux/types.h>
#include "uapi/nvsched.h"

#ifdef __cplusplus
extern "C" {
#endif

struct nvsched;

/* Open GPU @gpu (the X of /proc/gpuX).  NULL + errno on failure:
 * ENOENT when the module is not loaded, EACCES without permission,
 * ENODEV when there is no such GPU. */
struct nvsched *nvsched_open(int gpu);
void nvsched_close(struct nvsched *h);

/* The /dev/nvsched descriptor of @h (for the raw ioctls). */
int nvsched_fd(const struct nvsched *h);

/* Module ABI version and GPU count (no GPU handle needed). */
int nvsched_version(struct nvsched_version *out);

/* Identity and PCI location of the GPU behind @h. */
int nvsched_gpu_info(struct nvsched *h, struct nvsched_gpu_info *out);

/* One-line advice for an errno from nvsched_open()/nvsched_version(),
 * e.g. "module not loaded: run sudo modprobe nvsched". */
const char *nvsched_strerror(int err);

/* ---- inspection and control (nvsched(4) for the structures) ----
 * Each returns 0 or a negative errno (-EPERM: a capability is missing). */

/* The device table: *@engines is malloc'ed (free() it) and @out->count
 * says how many; @out->version and @out->flags as NVSCHED_IOC_TOPOLOGY. */
int nvsched_topology(struct nvsched *h, struct nvsched_topology *out,
		     struct nvsched_engine **engines);

/* Runlist @id, read by the module under its lock: *@entries is malloc'ed
 * (free() it; NULL when @out->count is 0) and @out has the runlist's
 * location and error.  @hint: entries to try first (0: 256); the call
 * grows the buffer as the module asks (CAP_SYS_RAWIO). */
int nvsched_runlist(struct nvsched *h, int id, unsigned int hint,
		    struct nvsched_runlist *out, struct nvsched_rl_entry **entries);

/* Copy-engine wiring and the GPC/TPC configuration. */
int nvsched_ce(struct nvsched *h, struct nvsched_ce *out);
int nvsched_gr(struct nvsched *h, struct nvsched_gr *out);

/* A control request (channel enable/disable, preempt, resubmit, ...;
 * CAP_SYS_ADMIN and CAP_SYS_RAWIO); @c->gpu is set from @h.  On success
 * and on -ETIMEDOUT @c comes back with the writes and pending bits. */
int nvsched_control(struct nvsched *h, struct nvsched_control *c);

/* ---- fixed-priority GPU scheduling (docs/priority.md) ----
 * One handle is one task on its GPU; closing it (or the process dying)
 * ends its segment and gives its TSGs back. */

/* Give TSG @tsgid of hardware runlist @runlist to @h's task (CAP_SYS_ADMIN:
 * a managing daemon).  -ENOENT: not on that runlist; -EBUSY: another
 * task's. */
int nvsched_prio_tsg(struct nvsched *h, int runlist, unsigned int tsgid);

/* The GPU's priority-scheduling state: @st (its @gpu, @count and @tasks
 * are filled here) and up to *@count tasks into @tasks; *@count becomes the
 * number of tasks (-ENOSPC when they do not fit). */
int nvsched_prio_status(struct nvsched *h, struct nvsched_prio_status *st,
			struct nvsched_prio_task *tasks, unsigned int *count);

/* Keep TSG @tsgid of runlist @runlist on the GPU whatever runs (@keep) or
 * not any more (CAP_SYS_ADMIN). */
int nvsched_prio_keep(struct nvsched *h, int runlist, unsigned int tsgid, int keep);

/* Use mechanism @mechanism (NVSCHED_PRIO_MECH_RUNLIST or _GATE) on the
 * GPU from now on (CAP_SYS_ADMIN; -EOPNOTSUPP for runlist where GSP
 * firmware owns the runlists). */
int nvsched_prio_mechanism(struct nvsched *h, unsigned int mechanism);

/* The capture protocol: the TSGs that appear on the GPU's runlists between
 * begin and end (the process creates its GPU context meanwhile) and that no
 * task owns become @h's task's; *@ntsgs says how many.  No capability
 * needed.  One capture per GPU at a time: -EBUSY while another task's is in
 * progress (retry; one held over 30 s is abandoned for the next begin, and
 * its end then fails with -ETIMEDOUT).  End without begin: -EINVAL.
 * Peek counts the TSGs end would give now and takes nothing (to wait until
 * a context's TSGs have all appeared).  -EIO: a runlist in GPU memory is
 * corrupt.  Closing @h ends a capture in progress. */
int nvsched_capture_begin(struct nvsched *h);
int nvsched_capture_end(struct nvsched *h, unsigned *ntsgs);
int nvsched_capture_peek(struct nvsched *h, unsigned *ntsgs);

/* Epsilon (decision to applied) over the latest 256 applied decisions:
 * min/median/p99/max in nanoseconds, and the capture counters. */
int nvsched_prio_stats(struct nvsched *h, struct nvsched_prio_stats *st);

/* Segment begin with GPU priority @gpu_prio (0..99, higher wins; needs
 * CAP_SYS_NICE) or best effort (< 0); end.  -ENOENT before the task has
 * a TSG (none named, or the capture gave none or has not ended). */
int nvsched_seg_begin(struct nvsched *h, int gpu_prio);
int nvsched_seg_end(struct nvsched *h);

/* On a raw /dev/nvsched descriptor (the GCAPS macros below): @op is
 * NVSCHED_PRIO_BEGIN or NVSCHED_PRIO_END, @prio as in struct
 * nvsched_prio_seg (NVSCHED_PRIO_THREAD: the thread's SCHED_FIFO priority). */
int nvsched_fd_seg(int fd, unsigned int op, int prio);

/* For code written against the GCAPS paper.  @pid is ignored: a task can
 * only ever act for itself (the descriptor's task), never name another. */
#define gcapsGpuSegBegin(fd, pid) \
	nvsched_fd_seg((fd), NVSCHED_PRIO_BEGIN, NVSCHED_PRIO_THREAD)
#define gcapsGpuSegEnd(fd, pid) nvsched_fd_seg((fd), NVSCHED_PRIO_END, 0)
#define gcapsGpuSegBeginPrio(fd, pid, gprio) \
	nvsched_fd_seg((fd), NVSCHED_PRIO_BEGIN, (gprio))

#ifdef __cplusplus
}
#endif

#endif /* NVSCHED_H */
