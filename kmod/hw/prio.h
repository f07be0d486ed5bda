/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * prio.h - the fixed-priority GPU scheduling policy (GCAPS-style), as pure
 * logic: tasks own TSG sets per runlist, open and close segments with a GPU
 * priority, and the policy says which TSGs belong on each runlist.
 *
 * Semantics are those of docs/CONTRACTS.md section 5 and docs/priority.md:
 * real-time segments (priority >= 0, higher = more important) run one task
 * at a time, the highest priority, ties in arrival order (FIFO); best-effort
 * segments, registered tasks outside a segment and TSGs nobody registered run
 * only while no real-time segment is active; a configurable set of TSGs is
 * always kept.  This is Algorithm 1 of "GCAPS: GPU Context-Aware Preemptive
 * Priority-Based Scheduling for Real-Time Tasks" (ECRTS 2024, section 5)
 * with its lost updates fixed: the decision is recomputed from the whole
 * state on every event and the allowed sets change only by set union and
 * difference, over every bitmap word.
 *
 * All memory is given by the caller once (nvs_prio_size()/nvs_prio_init());
 * no function allocates, so the decision path can run under a lock with
 * preemption concerns only.  Not thread-safe: the caller serialises.
 */
#ifndef NVS_HW_PRIO_H
#define NVS_HW_PRIO_H

#include "compat.h"

/* segment priority meaning "best effort" */
#define NVS_PRIO_BE		(-1)
/* highest real-time priority accepted (as SCHED_FIFO's 1..99, plus 0) */
#define NVS_PRIO_MAX		99
/* limits of one policy instance (the size is computed, these bound it) */
#define NVS_PRIO_MAX_RL		64
#define NVS_PRIO_MAX_TSGS	65536
#define NVS_PRIO_MAX_TASKS	1024

/* positive returns of nvs_prio_begin()/nvs_prio_end(): a warning, no error */
#define NVS_PRIO_W_REPRIO	1	/* begin in a segment: priority changed */
#define NVS_PRIO_W_NOSEG	2	/* end without a segment: nothing changed */

/**
 * struct nvs_prio_cfg - the dimensions of a policy instance
 * @nrl:       number of runlists (indexes 0..@nrl-1; the caller maps
 *             hardware runlist ids onto them)
 * @ntsgs:     TSG ids per runlist are 0..@ntsgs-1
 * @max_tasks: task slots
 */
struct nvs_prio_cfg {
	unsigned int nrl;
	unsigned int ntsgs;
	unsigned int max_tasks;
};

/**
 * struct nvs_prio_task - one task (a process, or an fd of one)
 * @key:    the caller's identifier (a tgid, say); unique among used slots
 * @used:   slot in use
 * @in_seg: a segment is open
 * @prio:   its priority (NVS_PRIO_BE or 0..NVS_PRIO_MAX) while @in_seg
 * @seq:    arrival order of the open segment (FIFO among equal priorities)
 * @ntsgs:  number of TSGs the task owns, all runlists together
 * @tsgs:   @nrl bitmaps of @words words each: the TSGs it owns
 */
struct nvs_prio_task {
	uint32_t key;
	bool used;
	bool in_seg;
	int prio;
	uint64_t seq;
	unsigned int ntsgs;
	uint64_t *tsgs;
};

/**
 * struct nvs_prio - a policy instance (lives at the start of the caller's
 *                   memory block, followed by its arrays)
 * @cfg:      the dimensions
 * @words:    64-bit words per bitmap
 * @seq:      arrival counter
 * @running:  slot of the real-time task that runs, -1 when none
 * @tasks:    @cfg.max_tasks slots
 * @keep:     @cfg.nrl bitmaps: TSGs always kept on the runlist
 * @allowed:  @cfg.nrl bitmaps: TSGs that belong on each runlist now (all
 *            ones while no real-time segment is active)
 * @added:    @cfg.nrl bitmaps: what the last decision added to @allowed
 * @removed:  @cfg.nrl bitmaps: what the last decision removed from @allowed
 * @decisions: number of decisions that changed @allowed
 * @capturing: slot of the task in a capture, -1 when none
 * @capture:  @cfg.nrl bitmaps: the TSGs on the runlists when it began
 */
struct nvs_prio {
	struct nvs_prio_cfg cfg;
	unsigned int words;
	uint64_t seq;
	int running;
	struct nvs_prio_task *tasks;
	uint64_t *keep;
	uint64_t *allowed;
	uint64_t *added;
	uint64_t *removed;
	uint64_t decisions;
	int capturing;
	uint64_t *capture;
};

/* ---- bitmaps of any number of 64-bit words ---- */
void nvs_bm_or(uint64_t *dst, const uint64_t *src, unsigned int words);
void nvs_bm_andnot(uint64_t *dst, const uint64_t *src, unsigned int words);
bool nvs_bm_empty(const uint64_t *bm, unsigned int words);
bool nvs_bm_test(const uint64_t *bm, unsigned int bit);
void nvs_bm_set(uint64_t *bm, unsigned int bit);
void nvs_bm_clear(uint64_t *bm, unsigned int bit);

/**
 * nvs_prio_size() - bytes of memory a policy instance needs
 * @cfg: its dimensions
 *
 * Return: the size, or 0 when a dimension is 0 or above its NVS_PRIO_MAX_*.
 */
size_t nvs_prio_size(const struct nvs_prio_cfg *cfg);

/**
 * nvs_prio_init() - lay out a policy instance in @mem
 * @mem: nvs_prio_size(@cfg) bytes, 8-byte aligned
 * @len: their number
 * @cfg: the dimensions
 *
 * No task, nothing kept, everything allowed.
 *
 * Return: the instance (== @mem), NULL when @len is too small or @cfg bad.
 */
struct nvs_prio *nvs_prio_init(void *mem, size_t len, const struct nvs_prio_cfg *cfg);

/**
 * nvs_prio_task_add() - take a task slot
 * @p:   the instance
 * @key: the task's identifier
 *
 * Return: the slot (>= 0); -EEXIST when @key has one; -ENOSPC when full.
 */
int nvs_prio_task_add(struct nvs_prio *p, uint32_t key);

/**
 * nvs_prio_task_find() - the slot of a task
 * @p:   the instance
 * @key: the task's identifier
 *
 * Return: the slot, or -ENOENT.
 */
int nvs_prio_task_find(const struct nvs_prio *p, uint32_t key);

/**
 * nvs_prio_task_remove() - a task exits or closes: drop its segment and its
 *                          TSGs, free the slot, decide again
 * @p:    the instance
 * @slot: its slot
 *
 * Return: 0; -EINVAL for a slot not in use.
 */
int nvs_prio_task_remove(struct nvs_prio *p, int slot);

/**
 * nvs_prio_tsg_add() - give a TSG to a task
 * @p:     the instance
 * @slot:  the task
 * @rl:    runlist index
 * @tsgid: TSG id
 *
 * Decides again (a running task's new TSG joins the runlist at once).
 *
 * Return: 0 (also when the task already owns it); -EINVAL for a bad slot,
 * runlist or id; -EBUSY when another task owns the TSG.
 */
int nvs_prio_tsg_add(struct nvs_prio *p, int slot, unsigned int rl, unsigned int tsgid);

/**
 * nvs_prio_tsg_del() - take a TSG from a task (it becomes best effort)
 * @p:     the instance
 * @slot:  the task
 * @rl:    runlist index
 * @tsgid: TSG id
 *
 * Return: 0; -EINVAL for bad arguments; -ENOENT when the task does not own it.
 */
int nvs_prio_tsg_del(struct nvs_prio *p, int slot, unsigned int rl, unsigned int tsgid);

/**
 * nvs_prio_keep() - put a TSG into or out of the always-kept set
 * @p:     the instance
 * @rl:    runlist index
 * @tsgid: TSG id
 * @on:    kept or not
 *
 * Return: 0; -EINVAL for bad arguments.
 */
int nvs_prio_keep(struct nvs_prio *p, unsigned int rl, unsigned int tsgid, bool on);

/**
 * nvs_prio_begin() - a task opens a segment
 * @p:    the instance
 * @slot: the task
 * @prio: 0..NVS_PRIO_MAX (real time, higher wins) or NVS_PRIO_BE (any
 *        negative value)
 *
 * A begin while a segment is open changes its priority and keeps its
 * arrival order.
 *
 * Return: 0; NVS_PRIO_W_REPRIO for a begin inside a segment; -EINVAL for a
 * bad slot or a priority above NVS_PRIO_MAX.
 */
int nvs_prio_begin(struct nvs_prio *p, int slot, int prio);

/**
 * nvs_prio_end() - a task closes its segment
 * @p:    the instance
 * @slot: the task
 *
 * Return: 0; NVS_PRIO_W_NOSEG when no segment was open (nothing changes);
 * -EINVAL for a bad slot.
 */
int nvs_prio_end(struct nvs_prio *p, int slot);

/**
 * nvs_prio_task_runs() - whether a task's segment runs now
 * @p:    the instance
 * @slot: the task
 *
 * Return: true for the running real-time task, and for every best-effort
 * segment while no real-time segment is active; false otherwise (also for
 * a task outside a segment).
 */
bool nvs_prio_task_runs(const struct nvs_prio *p, int slot);

/**
 * nvs_prio_allowed() - the TSGs that belong on a runlist now
 * @p:  the instance
 * @rl: runlist index (< cfg.nrl)
 *
 * Return: a bitmap of p->words words; all ones while no real-time segment
 * is active (the driver's own runlist applies).
 */
static inline const uint64_t *nvs_prio_allowed(const struct nvs_prio *p, unsigned int rl)
{
	return p->allowed + (size_t)rl * p->words;
}

/**
 * nvs_prio_rl_changed() - whether the last decision changed a runlist's set
 * @p:  the instance
 * @rl: runlist index
 *
 * Return: true when the last event added or removed TSGs on @rl.
 */
bool nvs_prio_rl_changed(const struct nvs_prio *p, unsigned int rl);

/**
 * nvs_prio_capture_begin() - a task is about to create its GPU context
 * @p:    the instance
 * @slot: the task
 * @now:  @cfg.nrl bitmaps (p->words words each): every TSG on the
 *        runlists now
 *
 * One capture at a time, so that two processes creating contexts at once
 * cannot be given each other's TSGs: the second waits (-EBUSY) and retries.
 *
 * Return: 0; -EBUSY while another task captures; -EINVAL for a bad slot.
 */
int nvs_prio_capture_begin(struct nvs_prio *p, int slot, const uint64_t *now);

/**
 * nvs_prio_capture_end() - give a task the TSGs that appeared since its
 *                          capture began
 * @p:     the instance
 * @slot:  the task
 * @now:   @cfg.nrl bitmaps: every TSG on the runlists now
 * @added: number of TSGs the task got (may be NULL)
 *
 * The task gets every TSG in @now that was not there when the capture
 * began and that no task owns (set difference, every word), then the
 * policy decides again.
 *
 * Return: 0; -EINVAL when @slot is not the capturing task.
 */
int nvs_prio_capture_end(struct nvs_prio *p, int slot, const uint64_t *now,
			 unsigned int *added);

/**
 * nvs_prio_capture_peek() - how many TSGs a capture would give now
 * @p:     the instance
 * @slot:  the capturing task
 * @now:   @cfg.nrl bitmaps: every TSG on the runlists now
 * @count: out: TSGs nvs_prio_capture_end() would give with this @now
 *
 * Changes nothing (a caller waits for the count to settle before ending).
 *
 * Return: 0; -EINVAL when @slot is not the capturing task.
 */
int nvs_prio_capture_peek(struct nvs_prio *p, int slot, const uint64_t *now,
			  unsigned int *count);

/**
 * nvs_prio_capture_cancel() - abandon the capture in progress, if any
 * @p: the instance
 *
 * The capturing task keeps what it owns; its nvs_prio_capture_end() then
 * fails with -EINVAL.  For a capture held too long (another task waits).
 */
void nvs_prio_capture_cancel(struct nvs_prio *p);

/* decision-to-applied latencies kept (a power of two) */
#define NVS_PRIO_EPS_RING	256u

/**
 * struct nvs_prio_eps - the latest decision-to-applied latencies (epsilon)
 * @ring:  nanoseconds, saturated at U32_MAX
 * @head:  next slot of @ring
 * @n:     valid samples (at most NVS_PRIO_EPS_RING)
 * @total: samples ever added
 *
 * Fixed size, no allocation: filled on the decision path.
 */
struct nvs_prio_eps {
	uint32_t ring[NVS_PRIO_EPS_RING];
	unsigned int head;
	unsigned int n;
	uint64_t total;
};

/**
 * struct nvs_prio_eps_sum - summary of struct nvs_prio_eps (nanoseconds)
 * @samples: values summarised (the latest, at most NVS_PRIO_EPS_RING)
 * @total:   samples ever added
 * @min:     smallest
 * @median:  nearest-rank 50th percentile
 * @p99:     nearest-rank 99th percentile
 * @max:     largest
 */
struct nvs_prio_eps_sum {
	unsigned int samples;
	uint64_t total;
	uint32_t min, median, p99, max;
};

/**
 * nvs_prio_eps_add() - record one decision-to-applied latency
 * @e:  the ring
 * @ns: nanoseconds
 */
void nvs_prio_eps_add(struct nvs_prio_eps *e, uint64_t ns);

/**
 * nvs_prio_eps_summary() - min, median, 99th percentile and max
 * @e:       the ring
 * @scratch: NVS_PRIO_EPS_RING values of room (sorted copy)
 * @sum:     out: the summary (zeros without samples)
 *
 * Return: the number of samples summarised.
 */
unsigned int nvs_prio_eps_summary(const struct nvs_prio_eps *e, uint32_t *scratch,
				  struct nvs_prio_eps_sum *sum);

#endif /* NVS_HW_PRIO_H */
