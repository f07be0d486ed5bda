/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * nvsched_trace.h - tracepoints of the priority-scheduling runtime
 * (kmod/linux/prio.c): one event per decision the module applies, visible
 * to perf and trace-cmd as nvsched:nvsched_prio_decision, and one per
 * capture step (nvsched:nvsched_prio_capture).  docs/priority.md,
 * "Tracing", lists the fields.
 *
 * Built out of tree: the module's Kbuild puts this directory on the include
 * path, so TRACE_INCLUDE_PATH is "." (the define_trace.h convention of the
 * kernel's samples/trace_events).
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM nvsched

#if !defined(NVSCHED_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define NVSCHED_TRACE_H

#include <linux/tracepoint.h>

/* what made the policy decide (nvsched_prio_decision's @event) */
#define NVS_TRACE_EV_BEGIN	1	/* segment begin */
#define NVS_TRACE_EV_END	2	/* segment end */
#define NVS_TRACE_EV_EXIT	3	/* task gone: file closed or process died */
#define NVS_TRACE_EV_TSG	4	/* TSG given or taken back (daemon) */
#define NVS_TRACE_EV_CAPTURE	5	/* capture end gave TSGs */
#define NVS_TRACE_EV_KEEP	6	/* always-kept set changed */

/*
 * How both events name their caller: @gpu, @pid and @slot, the first three
 * fields of each (expanded where used, so in every pass of the multi-read)
 */
#define NVS_TRACE_WHO_FIELDS		\
	__field(unsigned int, gpu)	\
	__field(int, pid)		\
	__field(int, slot)
#define NVS_TRACE_WHO_ASSIGN		\
	__entry->gpu = gpu;		\
	__entry->pid = pid;		\
	__entry->slot = slot;
#define NVS_TRACE_WHO_FMT	"gpu=%u pid=%d slot=%d "
#define NVS_TRACE_WHO_ARGS	__entry->gpu, __entry->pid, __entry->slot

/**
 * nvsched_prio_decision - the policy decided and the mechanism applied it
 * @gpu:      GPU index
 * @pid:      thread group of the caller (0 for a release without a task)
 * @slot:     policy slot of the task the event is about
 * @prio:     its segment's priority (-1 best effort or none)
 * @event:    NVS_TRACE_EV_*
 * @running:  slot of the real-time task that runs now, -1 when none (then
 *	      every TSG runs: the driver's own runlists)
 * @added:    TSGs the decision let run again, counting the TSGs tasks own
 *	      or that are kept, on the runlists under control
 * @removed:  TSGs it held back, counted the same way
 * @held:     channels the mechanism holds disabled after applying it (the
 *	      TSGs nobody registered included)
 * @apply_ns: decision to mechanism applied (the epsilon of the statistics)
 * @err:      0 or the mechanism's errno
 */
TRACE_EVENT(nvsched_prio_decision,
	TP_PROTO(unsigned int gpu, int pid, int slot, int prio, int event, int running,
		 unsigned int added, unsigned int removed, unsigned int held, u64 apply_ns,
		 int err),
	TP_ARGS(gpu, pid, slot, prio, event, running, added, removed, held, apply_ns, err),
	TP_STRUCT__entry(
		NVS_TRACE_WHO_FIELDS
		__field(int, prio)
		__field(int, event)
		__field(int, running)
		__field(unsigned int, added)
		__field(unsigned int, removed)
		__field(unsigned int, held)
		__field(u64, apply_ns)
		__field(int, err)
	),
	TP_fast_assign(
		NVS_TRACE_WHO_ASSIGN
		__entry->prio = prio;
		__entry->event = event;
		__entry->running = running;
		__entry->added = added;
		__entry->removed = removed;
		__entry->held = held;
		__entry->apply_ns = apply_ns;
		__entry->err = err;
	),
	TP_printk(NVS_TRACE_WHO_FMT "prio=%d event=%s running=%d added=%u removed=%u held=%u apply_ns=%llu err=%d",
		  NVS_TRACE_WHO_ARGS, __entry->prio,
		  __print_symbolic(__entry->event,
				   { NVS_TRACE_EV_BEGIN, "begin" },
				   { NVS_TRACE_EV_END, "end" },
				   { NVS_TRACE_EV_EXIT, "exit" },
				   { NVS_TRACE_EV_TSG, "tsg" },
				   { NVS_TRACE_EV_CAPTURE, "capture" },
				   { NVS_TRACE_EV_KEEP, "keep" }),
		  __entry->running, __entry->added, __entry->removed, __entry->held,
		  (unsigned long long)__entry->apply_ns, __entry->err)
);

/**
 * nvsched_prio_capture - a capture step
 * @gpu:   GPU index
 * @pid:   thread group of the caller
 * @slot:  its policy slot (-1 before it has one)
 * @op:    1 begin, 2 end, 3 peek
 * @ntsgs: TSGs that appeared (end: given to the task)
 * @ret:   0 or the errno returned
 */
TRACE_EVENT(nvsched_prio_capture,
	TP_PROTO(unsigned int gpu, int pid, int slot, unsigned int op, unsigned int ntsgs, int ret),
	TP_ARGS(gpu, pid, slot, op, ntsgs, ret),
	TP_STRUCT__entry(
		NVS_TRACE_WHO_FIELDS
		__field(unsigned int, op)
		__field(unsigned int, ntsgs)
		__field(int, ret)
	),
	TP_fast_assign(
		NVS_TRACE_WHO_ASSIGN
		__entry->op = op;
		__entry->ntsgs = ntsgs;
		__entry->ret = ret;
	),
	TP_printk(NVS_TRACE_WHO_FMT "op=%s ntsgs=%u ret=%d", NVS_TRACE_WHO_ARGS,
		  __print_symbolic(__entry->op, { 1, "begin" }, { 2, "end" }, { 3, "peek" }),
		  __entry->ntsgs, __entry->ret)
);

#endif /* NVSCHED_TRACE_H */

/* this part must be outside the include guard */
#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE nvsched_trace
#include <trace/define_trace.h>
