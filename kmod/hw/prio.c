// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * prio.c - the fixed-priority GPU scheduling policy (see prio.h).
 *
 * Every event recomputes the decision from the whole state (which task runs)
 * and moves each runlist's allowed set to the new one by set difference and
 * union, word by word over every word: what the GCAPS paper's Algorithm 1
 * (section 5) means to do, without its wholesale assignments of the running
 * set that lose updates (docs/priority.md, "Differences from GCAPS").
 */
#include "prio.h"

#define NVS_BM_WORDS(n)	(((n) + 63u) / 64u)

void nvs_bm_or(uint64_t *dst, const uint64_t *src, unsigned int words)
{
	unsigned int i;

	for (i = 0; i < words; i++)
		dst[i] |= src[i];
}

void nvs_bm_andnot(uint64_t *dst, const uint64_t *src, unsigned int words)
{
	unsigned int i;

	for (i = 0; i < words; i++)
		dst[i] &= ~src[i];
}

bool nvs_bm_empty(const uint64_t *bm, unsigned int words)
{
	unsigned int i;

	for (i = 0; i < words; i++)
		if (bm[i])
			return false;
	return true;
}

bool nvs_bm_test(const uint64_t *bm, unsigned int bit)
{
	return (bm[bit / 64u] >> (bit % 64u)) & 1u;
}

void nvs_bm_set(uint64_t *bm, unsigned int bit)
{
	bm[bit / 64u] |= (uint64_t)1 << (bit % 64u);
}

void nvs_bm_clear(uint64_t *bm, unsigned int bit)
{
	bm[bit / 64u] &= ~((uint64_t)1 << (bit % 64u));
}

static bool nvs_prio_cfg_ok(const struct nvs_prio_cfg *cfg)
{
	return cfg->nrl && cfg->nrl <= NVS_PRIO_MAX_RL &&
	       cfg->ntsgs && cfg->ntsgs <= NVS_PRIO_MAX_TSGS &&
	       cfg->max_tasks && cfg->max_tasks <= NVS_PRIO_MAX_TASKS;
}

static size_t nvs_prio_hdr_size(void)
{
	return (sizeof(struct nvs_prio) + 7u) & ~(size_t)7u;
}

static size_t nvs_prio_tasks_size(const struct nvs_prio_cfg *cfg)
{
	return ((sizeof(struct nvs_prio_task) * cfg->max_tasks) + 7u) & ~(size_t)7u;
}

size_t nvs_prio_size(const struct nvs_prio_cfg *cfg)
{
	size_t set;

	if (!cfg || !nvs_prio_cfg_ok(cfg))
		return 0;
	/* one set = one bitmap per runlist */
	set = (size_t)cfg->nrl * NVS_BM_WORDS(cfg->ntsgs) * sizeof(uint64_t);
	/* tasks' sets, keep, allowed, added, removed, capture */
	return nvs_prio_hdr_size() + nvs_prio_tasks_size(cfg) +
	       set * ((size_t)cfg->max_tasks + 5u);
}

/* bits 0..ntsgs-1 of word @w */
static uint64_t nvs_prio_word_mask(const struct nvs_prio *p, unsigned int w)
{
	unsigned int rem = p->cfg.ntsgs % 64u;

	if (w + 1 < p->words || !rem)
		return ~(uint64_t)0;
	return ((uint64_t)1 << rem) - 1;
}

static uint64_t *nvs_prio_set(uint64_t *base, const struct nvs_prio *p, unsigned int rl)
{
	return base + (size_t)rl * p->words;
}

struct nvs_prio *nvs_prio_init(void *mem, size_t len, const struct nvs_prio_cfg *cfg)
{
	struct nvs_prio *p = mem;
	size_t need = nvs_prio_size(cfg);
	uint64_t *bm;
	size_t set;
	unsigned int i, rl, w;

	if (!mem || !need || len < need)
		return NULL;
	memset(mem, 0, need);
	p->cfg = *cfg;
	p->words = NVS_BM_WORDS(cfg->ntsgs);
	p->running = -1;
	p->tasks = (struct nvs_prio_task *)((char *)mem + nvs_prio_hdr_size());
	bm = (uint64_t *)((char *)p->tasks + nvs_prio_tasks_size(cfg));
	set = (size_t)cfg->nrl * p->words;
	for (i = 0; i < cfg->max_tasks; i++) {
		p->tasks[i].tsgs = bm;
		bm += set;
	}
	p->keep = bm;
	p->allowed = bm + set;
	p->added = bm + 2 * set;
	p->removed = bm + 3 * set;
	p->capture = bm + 4 * set;
	p->capturing = -1;
	for (rl = 0; rl < cfg->nrl; rl++)
		for (w = 0; w < p->words; w++)
			nvs_prio_set(p->allowed, p, rl)[w] = nvs_prio_word_mask(p, w);
	return p;
}

static bool nvs_prio_slot_ok(const struct nvs_prio *p, int slot)
{
	return slot >= 0 && (unsigned int)slot < p->cfg.max_tasks && p->tasks[slot].used;
}

/* the real-time segment that runs: highest priority, then earliest arrival */
static int nvs_prio_pick(const struct nvs_prio *p)
{
	const struct nvs_prio_task *t, *best = NULL;
	int ibest = -1;
	unsigned int i;

	for (i = 0; i < p->cfg.max_tasks; i++) {
		t = &p->tasks[i];
		if (!t->used || !t->in_seg || t->prio < 0)
			continue;
		if (!best || t->prio > best->prio ||
		    (t->prio == best->prio && t->seq < best->seq)) {
			best = t;
			ibest = (int)i;
		}
	}
	return ibest;
}

/*
 * Decide again and move every runlist's allowed set to the decision by set
 * difference (what leaves) and union (what joins), every word.
 */
static void nvs_prio_decide(struct nvs_prio *p)
{
	int run = nvs_prio_pick(p);
	const struct nvs_prio_task *t = run >= 0 ? &p->tasks[run] : NULL;
	bool changed = false;
	unsigned int rl, w;

	p->running = run;
	for (rl = 0; rl < p->cfg.nrl; rl++) {
		uint64_t *allowed = nvs_prio_set(p->allowed, p, rl);
		uint64_t *added = nvs_prio_set(p->added, p, rl);
		uint64_t *removed = nvs_prio_set(p->removed, p, rl);
		const uint64_t *keep = nvs_prio_set(p->keep, p, rl);
		const uint64_t *own = t ? nvs_prio_set(t->tsgs, p, rl) : NULL;

		for (w = 0; w < p->words; w++) {
			uint64_t want = own ? (keep[w] | own[w]) : nvs_prio_word_mask(p, w);

			added[w] = want & ~allowed[w];
			removed[w] = allowed[w] & ~want;
			if (added[w] | removed[w])
				changed = true;
		}
		nvs_bm_andnot(allowed, removed, p->words);
		nvs_bm_or(allowed, added, p->words);
	}
	if (changed)
		p->decisions++;
}

int nvs_prio_task_add(struct nvs_prio *p, uint32_t key)
{
	unsigned int i;
	int free_slot = -1;

	for (i = 0; i < p->cfg.max_tasks; i++) {
		if (!p->tasks[i].used) {
			if (free_slot < 0)
				free_slot = (int)i;
		} else if (p->tasks[i].key == key) {
			return -EEXIST;
		}
	}
	if (free_slot < 0)
		return -ENOSPC;
	p->tasks[free_slot].used = true;
	p->tasks[free_slot].key = key;
	p->tasks[free_slot].in_seg = false;
	p->tasks[free_slot].prio = NVS_PRIO_BE;
	p->tasks[free_slot].seq = 0;
	p->tasks[free_slot].ntsgs = 0;
	memset(p->tasks[free_slot].tsgs, 0,
	       (size_t)p->cfg.nrl * p->words * sizeof(uint64_t));
	return free_slot;
}

int nvs_prio_task_find(const struct nvs_prio *p, uint32_t key)
{
	unsigned int i;

	for (i = 0; i < p->cfg.max_tasks; i++)
		if (p->tasks[i].used && p->tasks[i].key == key)
			return (int)i;
	return -ENOENT;
}

int nvs_prio_task_remove(struct nvs_prio *p, int slot)
{
	struct nvs_prio_task *t;

	if (!nvs_prio_slot_ok(p, slot))
		return -EINVAL;
	t = &p->tasks[slot];
	if (p->capturing == slot)
		p->capturing = -1;
	t->used = false;
	t->in_seg = false;
	t->ntsgs = 0;
	memset(t->tsgs, 0, (size_t)p->cfg.nrl * p->words * sizeof(uint64_t));
	nvs_prio_decide(p);
	return 0;
}

static int nvs_prio_tsg_args(const struct nvs_prio *p, int slot, unsigned int rl,
			     unsigned int tsgid)
{
	if (!nvs_prio_slot_ok(p, slot) || rl >= p->cfg.nrl || tsgid >= p->cfg.ntsgs)
		return -EINVAL;
	return 0;
}

int nvs_prio_tsg_add(struct nvs_prio *p, int slot, unsigned int rl, unsigned int tsgid)
{
	struct nvs_prio_task *t;
	unsigned int i;

	if (nvs_prio_tsg_args(p, slot, rl, tsgid))
		return -EINVAL;
	for (i = 0; i < p->cfg.max_tasks; i++) {
		t = &p->tasks[i];
		if (!t->used || !nvs_bm_test(nvs_prio_set(t->tsgs, p, rl), tsgid))
			continue;
		return (int)i == slot ? 0 : -EBUSY;
	}
	t = &p->tasks[slot];
	nvs_bm_set(nvs_prio_set(t->tsgs, p, rl), tsgid);
	t->ntsgs++;
	nvs_prio_decide(p);
	return 0;
}

int nvs_prio_tsg_del(struct nvs_prio *p, int slot, unsigned int rl, unsigned int tsgid)
{
	struct nvs_prio_task *t;
	uint64_t *own;

	if (nvs_prio_tsg_args(p, slot, rl, tsgid))
		return -EINVAL;
	t = &p->tasks[slot];
	own = nvs_prio_set(t->tsgs, p, rl);
	if (!nvs_bm_test(own, tsgid))
		return -ENOENT;
	nvs_bm_clear(own, tsgid);
	t->ntsgs--;
	nvs_prio_decide(p);
	return 0;
}

int nvs_prio_keep(struct nvs_prio *p, unsigned int rl, unsigned int tsgid, bool on)
{
	uint64_t *keep;

	if (rl >= p->cfg.nrl || tsgid >= p->cfg.ntsgs)
		return -EINVAL;
	keep = nvs_prio_set(p->keep, p, rl);
	if (on)
		nvs_bm_set(keep, tsgid);
	else
		nvs_bm_clear(keep, tsgid);
	nvs_prio_decide(p);
	return 0;
}

int nvs_prio_begin(struct nvs_prio *p, int slot, int prio)
{
	struct nvs_prio_task *t;
	int ret = 0;

	if (!nvs_prio_slot_ok(p, slot) || prio > NVS_PRIO_MAX)
		return -EINVAL;
	if (prio < 0)
		prio = NVS_PRIO_BE;
	t = &p->tasks[slot];
	if (t->in_seg) {
		ret = NVS_PRIO_W_REPRIO;
	} else {
		t->in_seg = true;
		t->seq = ++p->seq;
	}
	t->prio = prio;
	nvs_prio_decide(p);
	return ret;
}

int nvs_prio_end(struct nvs_prio *p, int slot)
{
	struct nvs_prio_task *t;

	if (!nvs_prio_slot_ok(p, slot))
		return -EINVAL;
	t = &p->tasks[slot];
	if (!t->in_seg)
		return NVS_PRIO_W_NOSEG;
	t->in_seg = false;
	t->prio = NVS_PRIO_BE;
	nvs_prio_decide(p);
	return 0;
}

bool nvs_prio_task_runs(const struct nvs_prio *p, int slot)
{
	const struct nvs_prio_task *t;

	if (!nvs_prio_slot_ok(p, slot))
		return false;
	t = &p->tasks[slot];
	if (!t->in_seg)
		return false;
	if (p->running < 0)
		return t->prio < 0;
	return p->running == slot;
}

bool nvs_prio_rl_changed(const struct nvs_prio *p, unsigned int rl)
{
	if (rl >= p->cfg.nrl)
		return false;
	return !nvs_bm_empty(p->added + (size_t)rl * p->words, p->words) ||
	       !nvs_bm_empty(p->removed + (size_t)rl * p->words, p->words);
}

int nvs_prio_capture_begin(struct nvs_prio *p, int slot, const uint64_t *now)
{
	if (!nvs_prio_slot_ok(p, slot) || !now)
		return -EINVAL;
	if (p->capturing >= 0 && p->capturing != slot)
		return -EBUSY;
	p->capturing = slot;
	memcpy(p->capture, now, (size_t)p->cfg.nrl * p->words * sizeof(uint64_t));
	return 0;
}

/*
 * The TSGs in @now that were not on the runlists when the capture began
 * and that no task owns (set difference over every word): counted, and
 * given to @slot when @commit.
 */
static unsigned int nvs_prio_capture_fresh(struct nvs_prio *p, int slot, const uint64_t *now,
					   bool commit)
{
	struct nvs_prio_task *t = &p->tasks[slot];
	unsigned int rl, w, i, n = 0;

	for (rl = 0; rl < p->cfg.nrl; rl++) {
		uint64_t *own = nvs_prio_set(t->tsgs, p, rl);

		for (w = 0; w < p->words; w++) {
			uint64_t fresh = now[(size_t)rl * p->words + w] &
					 ~p->capture[(size_t)rl * p->words + w] &
					 nvs_prio_word_mask(p, w);

			/* never another task's TSG */
			for (i = 0; i < p->cfg.max_tasks && fresh; i++)
				if (p->tasks[i].used && (int)i != slot)
					fresh &= ~nvs_prio_set(p->tasks[i].tsgs, p, rl)[w];
			fresh &= ~own[w];
			if (commit)
				own[w] |= fresh;
			for (; fresh; fresh &= fresh - 1)
				n++;
		}
	}
	return n;
}

int nvs_prio_capture_end(struct nvs_prio *p, int slot, const uint64_t *now,
			 unsigned int *added)
{
	unsigned int n;

	if (!nvs_prio_slot_ok(p, slot) || !now || p->capturing != slot)
		return -EINVAL;
	n = nvs_prio_capture_fresh(p, slot, now, true);
	p->tasks[slot].ntsgs += n;
	p->capturing = -1;
	if (added)
		*added = n;
	nvs_prio_decide(p);
	return 0;
}

int nvs_prio_capture_peek(struct nvs_prio *p, int slot, const uint64_t *now,
			  unsigned int *count)
{
	if (!nvs_prio_slot_ok(p, slot) || !now || !count || p->capturing != slot)
		return -EINVAL;
	*count = nvs_prio_capture_fresh(p, slot, now, false);
	return 0;
}

void nvs_prio_capture_cancel(struct nvs_prio *p)
{
	p->capturing = -1;
}

/* ---- decision-to-applied latencies (epsilon) ---- */

void nvs_prio_eps_add(struct nvs_prio_eps *e, uint64_t ns)
{
	e->ring[e->head % NVS_PRIO_EPS_RING] = ns > 0xffffffffu ? 0xffffffffu : (uint32_t)ns;
	e->head = (e->head + 1) % NVS_PRIO_EPS_RING;
	if (e->n < NVS_PRIO_EPS_RING)
		e->n++;
	e->total++;
}

/* the sample of rank @q/100 (nearest rank) of @n sorted values */
static uint32_t nvs_prio_eps_rank(const uint32_t *v, unsigned int n, unsigned int q)
{
	unsigned int k = (n * q + 99u) / 100u;

	return v[k ? k - 1 : 0];
}

unsigned int nvs_prio_eps_summary(const struct nvs_prio_eps *e, uint32_t *scratch,
				  struct nvs_prio_eps_sum *sum)
{
	unsigned int n = e->n, i, j;
	uint32_t v;

	memset(sum, 0, sizeof(*sum));
	sum->total = e->total;
	if (n > NVS_PRIO_EPS_RING)
		n = NVS_PRIO_EPS_RING;
	memcpy(scratch, e->ring, n * sizeof(*scratch));
	/* insertion sort: at most NVS_PRIO_EPS_RING values, off the decision path */
	for (i = 1; i < n; i++) {
		v = scratch[i];
		for (j = i; j > 0 && scratch[j - 1] > v; j--)
			scratch[j] = scratch[j - 1];
		scratch[j] = v;
	}
	sum->samples = n;
	if (!n)
		return 0;
	sum->min = scratch[0];
	sum->median = nvs_prio_eps_rank(scratch, n, 50);
	sum->p99 = nvs_prio_eps_rank(scratch, n, 99);
	sum->max = scratch[n - 1];
	return n;
}
