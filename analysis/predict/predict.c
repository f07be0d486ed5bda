// SPDX-License-Identifier: MIT
/*
 * predict.c - thread block-to-SM scheduling predictor: Algorithm 1 of
 * Wang et al. (see predict.h) with an event-driven clock for block
 * completions.
 *
 * Resources tracked, following the paper's Section V-B:
 *   - per SM: free thread-block slots, the round-robin warp pointer p,
 *     shared memory as a contiguous address range [0, TPC config) with
 *     first-fit allocation (Mechanism 4: blocks need one contiguous piece);
 *   - per processing block: free warp slots and free registers (a plain
 *     count: register renaming lets a warp combine freed fragments);
 *   - per TPC: the shared-memory configuration, changed only while the TPC
 *     holds no block (Mechanism 3; per SM with smem_config_per_sm, as
 *     measured on an H100, see docs/predict-h100-accuracy.md; sized by the
 *     driver's rule with smem_config_double_max and kept while the GPU is
 *     busy with smem_config_sticky);
 *   - GPU-wide: the local-memory configuration, grown only while the whole
 *     GPU is idle (Algorithm 1, line 1; off with lmem_no_wait, as measured
 *     on an H100 with driver 580).
 * Blocks that end at the same time are released together, or release_batch
 * at a time with waiting blocks placed in between (H100).  Mechanism 1's ties
 * go to the first SM in the visiting order, or with tie_break_next (H100) to
 * the first after the SM that took the kernel's previous block.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nvsched/errbuf.h"
#include "predict.h"

#define TIME_EPS 1e-9
#define PRED_MAX_SPT 4

int pred_sm_order(const struct pred_gpu *g, int i)
{
	int neven = (g->sms + 1) / 2;

	return i < neven ? 2 * i : 2 * (i - neven) + 1;
}

bool pred_gpc_order(const struct pred_gpu *g)
{
	return g->sm_vgpc && g->n_sm_vgpc == g->sms && g->n_vgpc >= 1;
}

/*
 * Blocks per virtual GPC in one layer (one SM per TPC): L blocks are
 * water-filled over the virtual GPCs, at most cap[v] (its TPCs) each, and
 * the remainder goes one each to the lowest virtual GPC ids (measured on
 * the H100: a 90-block grid puts 4+3 blocks in the 4-TPC GPC 0 and 8+3,
 * 8+3, 8+3, 8+2, ... in the others, whatever GPC comes first).
 */
static void waterfill(const int *cap, int nv, long L, int *q)
{
	long level = 0, sum = 0;
	int v;

	for (;;) {
		long next = 0;

		for (v = 0; v < nv; v++)
			next += cap[v] < level + 1 ? cap[v] : level + 1;
		if (next > L || next == sum)
			break;
		level++;
		sum = next;
	}
	for (v = 0; v < nv; v++) {
		q[v] = cap[v] < level ? cap[v] : (int)level;
		if (sum < L && cap[v] > level) {
			q[v]++;
			sum++;
		}
	}
}

/*
 * The GPC-rotation visiting order for a kernel of nblocks blocks, given the
 * SMs that have the most room for it when its first block is placed (elig):
 * singleton TPCs first (the half given by phase first), then the blocks of
 * one pass over the eligible SMs, GPC by GPC from virtual GPC start: each
 * GPC's quota of one eligible SM per TPC (first layer), then of the TPCs'
 * second eligible SMs (waterfill()), in ascending TPC order with the SMs of
 * a TPC together; then every other SM in the same GPC order, ascending.
 * Most room (Mechanism 1) still comes first: this is the tie-break order.
 */
static void gpc_order_fill(const struct pred_gpu *g, int start, int phase, long nblocks,
			   const unsigned char *elig, int *ord, unsigned char *used)
{
	int nsing = 0, nsing_e = 0, n = 0, half, i, v, j, spt = g->sms_per_tpc;
	int cap[PRED_MAX_SPT][256], q[PRED_MAX_SPT][256], cnt[PRED_MAX_SPT][256];
	long m, E = 0;

	memset(used, 0, g->sms);
	memset(cap, 0, sizeof(cap));
	memset(cnt, 0, sizeof(cnt));
	for (i = 0; i < g->sms; i++) {
		nsing += g->sm_vgpc[i] < 0;
		nsing_e += g->sm_vgpc[i] < 0 && elig[i];
		E += elig[i];
	}
	half = phase ? (nsing / 2) : 0;
	for (v = 0; v < nsing; v++) {
		int want = (v + half) % nsing, seen = 0;

		for (i = 0; i < g->sms; i++)
			if (g->sm_vgpc[i] < 0 && seen++ == want) {
				ord[n++] = i;
				used[i] = 1;
				break;
			}
	}
	for (i = 0; i + spt <= g->sms; i += spt) {
		int e = 0;

		if (g->sm_vgpc[i] < 0)
			continue;
		for (j = 0; j < spt; j++)
			e += elig[i + j] != 0;
		for (j = 0; j < e; j++)
			cap[j][g->sm_vgpc[i]]++;
	}
	m = (nblocks < E ? nblocks : E) - nsing_e;
	for (j = 0; j < spt; j++) {
		long T = 0, L;

		for (v = 0; v < g->n_vgpc; v++)
			T += cap[j][v];
		L = m < 0 ? 0 : m > T ? T : m;
		waterfill(cap[j], g->n_vgpc, L, q[j]);
		m -= L;
	}
	for (v = 0; v < g->n_vgpc; v++) {
		int vg = (start + v) % g->n_vgpc;

		for (i = 0; i + spt <= g->sms; i += spt) {
			int e = 0;

			if (g->sm_vgpc[i] != vg)
				continue;
			for (j = 0; j < spt; j++) {
				if (!elig[i + j])
					continue;
				if (cnt[e][vg]++ < q[e][vg] && !used[i + j]) {
					ord[n++] = i + j;
					used[i + j] = 1;
				}
				e++;
			}
		}
	}
	for (v = 0; v < g->n_vgpc; v++) {
		int vg = (start + v) % g->n_vgpc;

		for (i = 0; i < g->sms; i++)
			if (g->sm_vgpc[i] == vg && !used[i]) {
				ord[n++] = i;
				used[i] = 1;
			}
	}
}

int pred_gpu_check(const struct pred_gpu *g, char *err, size_t errlen)
{
	int i;

#define NEED(cond, what) do { if (!(cond)) { \
	nvs_seterr(err, errlen, "GPU '%s': %s", g->name, what); return -1; } } while (0)
	NEED(g->sms >= 1 && g->sms <= 4096, "sms must be 1..4096");
	NEED(g->sms_per_tpc >= 1 && g->sms_per_tpc <= 16, "sms_per_tpc must be 1..16");
	NEED(g->processing_blocks_per_sm >= 1 && g->processing_blocks_per_sm <= PRED_MAX_PBS,
	     "processing_blocks_per_sm must be 1..8");
	NEED(g->max_blocks_per_sm >= 1, "max_blocks_per_sm must be >= 1");
	NEED(g->max_warps_per_sm >= g->processing_blocks_per_sm,
	     "max_warps_per_sm must be >= processing_blocks_per_sm");
	NEED(g->max_warps_per_sm % g->processing_blocks_per_sm == 0,
	     "max_warps_per_sm must be a multiple of processing_blocks_per_sm");
	NEED(g->regs_per_sm >= 1, "regs_per_sm must be >= 1");
	NEED(g->regs_per_sm % g->processing_blocks_per_sm == 0,
	     "regs_per_sm must be a multiple of processing_blocks_per_sm");
	NEED(g->reg_alloc_unit >= 1, "reg_alloc_unit must be >= 1");
	NEED(g->max_regs_per_thread >= 1, "max_regs_per_thread must be >= 1");
	NEED(g->n_smem_configs >= 1, "smem_configs must list at least one size");
	for (i = 0; i < g->n_smem_configs; i++) {
		NEED(g->smem_configs[i] >= 0, "smem_configs must be >= 0");
		NEED(i == 0 || g->smem_configs[i] > g->smem_configs[i - 1],
		     "smem_configs must be strictly ascending");
	}
	NEED(g->smem_alloc_unit >= 1, "smem_alloc_unit must be >= 1");
	NEED(g->runtime_smem_per_block >= 0, "runtime_smem_per_block must be >= 0");
	NEED(g->warp_size >= 1, "warp_size must be >= 1");
	NEED(g->max_threads_per_block >= 1, "max_threads_per_block must be >= 1");
	NEED(g->max_smem_per_block >= 0, "max_smem_per_block must be >= 0");
	NEED(g->lmem_initial >= 0, "lmem_initial must be >= 0");
	NEED(g->smem_config_min >= 0, "smem_config_min must be >= 0");
	NEED(g->smem_config_double_max >= 0, "smem_config_double_max must be >= 0");
	NEED(g->release_batch >= 0, "release_batch must be >= 0");
	NEED(g->reconfig_wait_above >= 0, "reconfig_wait_above must be >= 0");
	if (pred_gpc_order(g)) {
		NEED(g->order_start >= 0 && g->order_start < g->n_vgpc,
		     "order_start must be 0..(virtual GPCs - 1)");
		NEED(g->order_phase == 0 || g->order_phase == 1, "order_phase must be 0 or 1");
		NEED(g->n_vgpc <= 256 && g->sms_per_tpc <= PRED_MAX_SPT,
		     "GPC-rotation order: at most 256 virtual GPCs and 4 SMs per TPC");
		for (i = 0; i < g->sms; i++)
			NEED(g->sm_vgpc[i] >= -1 && g->sm_vgpc[i] < g->n_vgpc,
			     "SM-to-virtual-GPC map out of range");
	}
#undef NEED
	return 0;
}

/* Index of the unit (TPC, or SM) that shares one shared-memory configuration. */
static int cfg_unit(const struct pred_gpu *g, int sm)
{
	return g->smem_config_per_sm ? sm : sm / g->sms_per_tpc;
}

static long ceil_div(long a, long b)
{
	return (a + b - 1) / b;
}

/* The smallest supported configuration of at least bytes (else the largest). */
static long smem_config_round(const struct pred_gpu *g, long bytes)
{
	int i;

	for (i = 0; i < g->n_smem_configs; i++)
		if (g->smem_configs[i] >= bytes)
			return g->smem_configs[i];
	return g->smem_configs[g->n_smem_configs - 1];
}

/* floor of a kernel without shared memory: 8 KB per 1024 threads, at most 32 KB */
#define DRV_NOSMEM_UNIT		(8L * 1024)
#define DRV_NOSMEM_MAX		(32L * 1024)

/*
 * The configuration the driver gives an idle SM for a kernel (Hopper,
 * smem_config_double_max > 0), measured on an H100 and an H200 with the
 * cfg2/cfg3/pair families (docs/predict-h100-accuracy.md, "Which kernel may
 * share an SM: measured directly"; it decides all 1 726 H100 and 660 H200
 * cases):
 *  - room for twice the occupancy (at most max_blocks_per_sm blocks),
 *    rounded up to a supported size;
 *  - but not above smem_config_double_max (the largest size not above it),
 *    unless the occupancy rule itself needs more;
 *  - what the occupancy rule needs when the kernel has one block per SM or
 *    a block has half the SM's warps or more (1024 threads);
 *  - without shared memory at least min(32 KB, 8 KB x (1024 / threads)).
 * A busy SM takes a block whose config_need is not above its configuration,
 * so config_smem only matters when the block finds the SM idle.
 */
static long smem_config_driver(const struct pred_gpu *g, const struct pred_kernel *k,
			       const struct pred_kinfo *o)
{
	long b = 2 * o->occupancy, c, cap = 0, f;
	int i;

	if (o->occupancy < 2 || 2L * o->warps >= g->max_warps_per_sm)
		return o->config_need;
	if (b > g->max_blocks_per_sm)
		b = g->max_blocks_per_sm;
	c = smem_config_round(g, b * o->smem_per_block);
	if (c > g->smem_config_double_max) {
		for (i = 0; i < g->n_smem_configs; i++)
			if (g->smem_configs[i] <= g->smem_config_double_max)
				cap = g->smem_configs[i];
		c = cap;
	}
	if (!k->smem) {
		f = DRV_NOSMEM_UNIT * (g->max_threads_per_block / k->threads);
		if (f < DRV_NOSMEM_UNIT)
			f = DRV_NOSMEM_UNIT;
		if (f > DRV_NOSMEM_MAX)
			f = DRV_NOSMEM_MAX;
		f = smem_config_round(g, f);
		if (f > c)
			c = f;
	}
	return c > o->config_need ? c : o->config_need;
}

int pred_kernel_info(const struct pred_gpu *g, const struct pred_kernel *k,
		     struct pred_kinfo *o, char *err, size_t errlen)
{
	int npb = g->processing_blocks_per_sm;
	long pb_w = g->max_warps_per_sm / npb, pb_r = g->regs_per_sm / npb;
	long maxconf = g->smem_configs[g->n_smem_configs - 1];
	long lim_pb, occ;

	memset(o, 0, sizeof(*o));
	if (k->blocks < 1) {
		nvs_seterr(err, errlen, "kernel '%s': blocks must be >= 1", k->name);
		return -1;
	}
	if (k->threads < 1 || k->threads > g->max_threads_per_block) {
		nvs_seterr(err, errlen, "kernel '%s': threads must be 1..%d", k->name,
		       g->max_threads_per_block);
		return -1;
	}
	if (k->regs < 0 || k->regs > g->max_regs_per_thread) {
		nvs_seterr(err, errlen, "kernel '%s': regs must be 0..%d", k->name,
		       g->max_regs_per_thread);
		return -1;
	}
	if (k->smem < 0 || (g->max_smem_per_block && k->smem > g->max_smem_per_block)) {
		nvs_seterr(err, errlen, "kernel '%s': smem must be 0..%ld bytes", k->name,
		       g->max_smem_per_block);
		return -1;
	}
	if (k->lmem < 0) {
		nvs_seterr(err, errlen, "kernel '%s': lmem must be >= 0", k->name);
		return -1;
	}
	/* Algorithm 1, lines 4-6 */
	o->warps = (k->threads + g->warp_size - 1) / g->warp_size;
	o->regs_per_warp = ceil_div(k->regs, g->reg_alloc_unit) * g->reg_alloc_unit *
			   g->warp_size;
	o->smem_per_block = ceil_div(k->smem, g->smem_alloc_unit) * g->smem_alloc_unit +
			    g->runtime_smem_per_block;
	o->config_lmem = k->lmem;

	/* blocks an empty SM holds (the occupancy of Mechanism 3) */
	lim_pb = pb_w;
	if (o->regs_per_warp && pb_r / o->regs_per_warp < lim_pb)
		lim_pb = pb_r / o->regs_per_warp;
	occ = lim_pb * npb / o->warps;
	if (occ > g->max_blocks_per_sm)
		occ = g->max_blocks_per_sm;
	if (o->smem_per_block && maxconf / o->smem_per_block < occ)
		occ = maxconf / o->smem_per_block;
	o->occupancy = occ;
	if (occ < 1) {
		if (lim_pb * npb < o->warps)
			nvs_seterr(err, errlen,
			       "kernel '%s': a block (%d warps, %ld registers per warp) does not fit in an SM (%ld warps of that size)",
			       k->name, o->warps, o->regs_per_warp, lim_pb * npb);
		else
			nvs_seterr(err, errlen,
			       "kernel '%s': a block needs %ld bytes of shared memory, the largest SM configuration is %ld",
			       k->name, o->smem_per_block, maxconf);
		return -1;
	}
	/* Mechanism 3: occupancy x s, rounded up to a supported configuration */
	o->config_need = smem_config_round(g, occ * o->smem_per_block > g->smem_config_min ?
					     occ * o->smem_per_block : g->smem_config_min);
	o->config_smem = o->config_need;
	if (g->smem_config_double_max > 0)
		o->config_smem = smem_config_driver(g, k, o);
	return 0;
}

/* ---- simulation state ---------------------------------------------------- */

struct seg {
	long off, size;
};

struct sm_state {
	int b;			/* free block slots */
	int p;			/* round-robin warp pointer */
	int w[PRED_MAX_PBS];	/* free warp slots per processing block */
	long r[PRED_MAX_PBS];	/* free registers per processing block */
	struct seg *segs;	/* shared-memory allocations, sorted by offset */
	size_t nseg, cap;
};

struct tpc_state {
	long config;		/* shared-memory configuration, bytes */
	int resident;
};

struct running {
	double end;
	size_t kernel;
	long block;
	int sm;
	int p0;			/* first processing block of its warps */
	long smem_off;
};

struct sim {
	const struct pred_gpu *g;
	struct sm_state *sm;
	struct tpc_state *tpc;
	long config_lmem;
	long resident;
	struct running *heap;	/* blocks with a known end, min-heap on end */
	size_t nheap, capheap;
	struct pred_result *res;
	size_t capev;
	int *ord;		/* GPC-rotation order of the current kernel, or NULL */
	unsigned char *used;	/* scratch of gpc_order_fill() */
	unsigned char *elig;	/* SMs with the most room at the kernel's first block */
	long *caps;		/* per SM capacity for the current kernel */
	int gpc_ptr;		/* next virtual GPC of the rotation */
	int tie_from;		/* tie_break_next: order position to search from */
	int tie_pos;		/* order position of choose_sm()'s last answer */
	double moment;		/* time of the last placement */
	long moment_placed;	/* blocks placed at that time */
	int phase;		/* singleton half that comes first */
};

/*
 * Room for one more of n elements of size sz in arr of capacity *cap (first
 * capacity first, then doubled): arr itself, its reallocation, or NULL (out
 * of memory; arr is left as it was).
 */
static void *grow(void *arr, size_t *cap, size_t n, size_t sz, size_t first)
{
	size_t nc;
	void *p;

	if (n < *cap)
		return arr;
	nc = *cap ? 2 * *cap : first;
	p = realloc(arr, nc * sz);
	if (p)
		*cap = nc;
	return p;
}

static int add_event(struct sim *s, double t, size_t k, long b, int sm, bool start)
{
	struct pred_result *r = s->res;
	struct pred_event *ne = grow(r->events, &s->capev, r->nevents, sizeof(*ne), 256);

	if (!ne)
		return -1;
	r->events = ne;
	r->events[r->nevents++] = (struct pred_event){ t, k, b, sm, start };
	return 0;
}

static bool heap_less(const struct running *a, const struct running *b)
{
	if (a->end != b->end)
		return a->end < b->end;
	if (a->kernel != b->kernel)
		return a->kernel < b->kernel;
	return a->block < b->block;
}

static int heap_push(struct sim *s, const struct running *x)
{
	struct running *nh = grow(s->heap, &s->capheap, s->nheap, sizeof(*nh), 256);
	size_t i;

	if (!nh)
		return -1;
	s->heap = nh;
	i = s->nheap++;
	while (i > 0 && heap_less(x, &s->heap[(i - 1) / 2])) {
		s->heap[i] = s->heap[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	s->heap[i] = *x;
	return 0;
}

static struct running heap_pop(struct sim *s)
{
	struct running top = s->heap[0], last = s->heap[--s->nheap];
	size_t i = 0;

	for (;;) {
		size_t c = 2 * i + 1;

		if (c >= s->nheap)
			break;
		if (c + 1 < s->nheap && heap_less(&s->heap[c + 1], &s->heap[c]))
			c++;
		if (!heap_less(&s->heap[c], &last))
			break;
		s->heap[i] = s->heap[c];
		i = c;
	}
	if (s->nheap)
		s->heap[i] = last;
	return top;
}

/* Largest free contiguous piece of an SM's shared memory of size cap. */
static long smem_largest(const struct sm_state *m, long cap)
{
	long best = 0, at = 0;
	size_t i;

	for (i = 0; i < m->nseg; i++) {
		if (m->segs[i].off - at > best)
			best = m->segs[i].off - at;
		at = m->segs[i].off + m->segs[i].size;
	}
	if (cap - at > best)
		best = cap - at;
	return best;
}

/* First fit; returns the offset or -1 (-2: out of memory). */
static long smem_alloc(struct sm_state *m, long cap, long size)
{
	struct seg *ns;
	long at = 0;
	size_t i;

	for (i = 0; i <= m->nseg; i++) {
		long next = i < m->nseg ? m->segs[i].off : cap;

		if (next - at >= size)
			break;
		if (i == m->nseg)
			return -1;
		at = m->segs[i].off + m->segs[i].size;
	}
	ns = grow(m->segs, &m->cap, m->nseg, sizeof(*ns), 8);
	if (!ns)
		return -2;
	m->segs = ns;
	memmove(&m->segs[i + 1], &m->segs[i], (m->nseg - i) * sizeof(*m->segs));
	m->segs[i] = (struct seg){ at, size };
	m->nseg++;
	return at;
}

static void smem_free(struct sm_state *m, long off)
{
	size_t i;

	for (i = 0; i < m->nseg; i++)
		if (m->segs[i].off == off) {
			memmove(&m->segs[i], &m->segs[i + 1],
				(m->nseg - i - 1) * sizeof(*m->segs));
			m->nseg--;
			return;
		}
}

/*
 * The configuration an idle SM (TPC) gets for a block of ki: ki's.  With
 * smem_config_sticky, while the GPU is busy an SM never goes down: it keeps
 * a larger configuration it had (docs/predict-h100-accuracy.md, "Which
 * kernel may share an SM": replaying run 5a's measured placements).  When
 * the whole GPU is idle the SM takes ki's.
 */
static long idle_config(const struct sim *s, const struct tpc_state *t,
			const struct pred_kinfo *ki)
{
	if (s->g->smem_config_sticky && s->resident && t->config > ki->config_smem)
		return t->config;
	return ki->config_smem;
}

/*
 * Algorithm 1: the SM for a block of kernel k, or -1 (CANNOT_SCHEDULE_NOW).
 */
static int choose_sm(struct sim *s, const struct pred_kinfo *ki, long *caps)
{
	const struct pred_gpu *g = s->g;
	int npb = g->processing_blocks_per_sm;
	long max_tb = 0;
	int smid = -1, v;

	if (caps)
		memset(caps, 0, g->sms * sizeof(*caps));
	if (!g->lmem_no_wait && s->resident && ki->config_lmem > s->config_lmem)
		return -1;
	for (v = 0; v < g->sms; v++) {
		int n = g->tie_break_next ? (v + s->tie_from) % g->sms : v;
		int i = s->ord ? s->ord[n] : pred_sm_order(g, n);
		const struct sm_state *m = &s->sm[i];
		const struct tpc_state *t = &s->tpc[cfg_unit(g, i)];
		long lim_b, lim_w, lim_s, lim_pb[PRED_MAX_PBS], mn, cur;
		int j;

		if (t->resident && ki->config_need > t->config)
			continue;
		lim_b = m->b;
		mn = -1;
		for (j = 0; j < npb; j++) {
			lim_pb[j] = m->w[j];
			if (ki->regs_per_warp && m->r[j] / ki->regs_per_warp < lim_pb[j])
				lim_pb[j] = m->r[j] / ki->regs_per_warp;
			if (mn < 0 || lim_pb[j] < mn)
				mn = lim_pb[j];
		}
		lim_w = 0;
		for (j = 0; j < npb; j++)
			if (lim_pb[(m->p + j) % npb] == mn) {
				lim_w = mn * npb + j;
				break;
			}
		lim_w /= ki->warps;	/* warps -> blocks */
		if (!ki->smem_per_block)
			lim_s = lim_b;	/* no shared memory: no limit */
		else if (t->resident)
			lim_s = smem_largest(m, t->config) / ki->smem_per_block;
		else
			lim_s = idle_config(s, t, ki) / ki->smem_per_block;
		cur = lim_b;
		if (lim_w < cur)
			cur = lim_w;
		if (lim_s < cur)
			cur = lim_s;
		if (caps)
			caps[i] = cur;
		if (cur > max_tb) {
			max_tb = cur;
			smid = i;
			s->tie_pos = n;
		}
	}
	return smid;
}

static int place(struct sim *s, const struct pred_kinfo *ki, const struct pred_kernel *kd,
		 size_t k, long b, int smid, double t)
{
	const struct pred_gpu *g = s->g;
	int npb = g->processing_blocks_per_sm, j;
	struct sm_state *m = &s->sm[smid];
	struct tpc_state *tp = &s->tpc[cfg_unit(g, smid)];
	struct pred_block *pb = &s->res->blocks[k][b];
	struct running run = { 0 };
	long off;

	if (!s->resident && ki->config_lmem > s->config_lmem)
		s->config_lmem = ki->config_lmem;
	if (!tp->resident)
		tp->config = idle_config(s, tp, ki);
	off = -1;
	if (ki->smem_per_block) {
		off = smem_alloc(m, tp->config, ki->smem_per_block);
		if (off < 0)
			return -1;	/* cannot happen after choose_sm; treat as OOM */
	}
	run.p0 = m->p;
	for (j = 0; j < ki->warps; j++) {
		int q = (m->p + j) % npb;

		m->w[q]--;
		m->r[q] -= ki->regs_per_warp;
	}
	m->p = (m->p + ki->warps) % npb;
	if (ki->warps % npb == 0)	/* Mechanism 2.2 */
		m->p = (m->p + 1) % npb;
	m->b--;
	tp->resident++;
	s->resident++;

	pb->sm = smid;
	pb->start = t;
	pb->end = kd->duration >= 0 ? t + kd->duration : -1;
	if (add_event(s, t, k, b, smid, true))
		return -1;
	if (kd->duration >= 0) {
		run.end = pb->end;
		run.kernel = k;
		run.block = b;
		run.sm = smid;
		run.smem_off = off;
		if (heap_push(s, &run))
			return -1;
	}
	return 0;
}

static int release(struct sim *s, const struct running *run)
{
	const struct pred_gpu *g = s->g;
	const struct pred_kinfo *ki = &s->res->info[run->kernel];
	int npb = g->processing_blocks_per_sm, j;
	struct sm_state *m = &s->sm[run->sm];

	for (j = 0; j < ki->warps; j++) {
		int q = (run->p0 + j) % npb;

		m->w[q]++;
		m->r[q] += ki->regs_per_warp;
	}
	if (run->smem_off >= 0)
		smem_free(m, run->smem_off);
	m->b++;
	s->tpc[cfg_unit(g, run->sm)].resident--;
	s->resident--;
	return add_event(s, run->end, run->kernel, run->block, run->sm, false);
}

void pred_result_free(struct pred_result *res)
{
	size_t i;

	if (res->blocks)
		for (i = 0; i < res->nkernels; i++)
			free(res->blocks[i]);
	free(res->blocks);
	free(res->info);
	free(res->events);
	memset(res, 0, sizeof(*res));
}

static int oom(char *err, size_t errlen)
{
	nvs_seterr(err, errlen, "out of memory");
	return -1;
}

static int check_block_total(const struct pred_kernel *kd, size_t nk, char *err, size_t errlen)
{
	size_t k;
	long b;

	for (k = 0, b = 0; k < nk; k++) {
		if (kd[k].blocks < 0 || kd[k].blocks > PRED_MAX_BLOCKS - b) {
			nvs_seterr(err, errlen, "more than %ld thread blocks in all kernels together",
				 PRED_MAX_BLOCKS);
			return -1;
		}
		b += kd[k].blocks;
	}
	return 0;
}

/* The GPC-rotation state: every SM in the order, the pointer, the phase. */
static int sim_alloc_gpc_order(struct sim *s)
{
	const struct pred_gpu *g = s->g;
	int i;

	s->ord = malloc(g->sms * sizeof(*s->ord));
	s->used = malloc(g->sms);
	s->elig = malloc(g->sms);
	s->caps = malloc(g->sms * sizeof(*s->caps));
	if (!s->ord || !s->used || !s->elig || !s->caps)
		return -1;
	for (i = 0; i < g->sms; i++)
		s->ord[i] = i;	/* a permutation: choose_sm() visits every SM */
	/* the first kernel that starts on a singleton continues at order_start */
	s->gpc_ptr = (g->order_start + 1) % g->n_vgpc;
	s->phase = g->order_phase;
	return 0;
}

/* Empty SMs and TPCs, and the result's arrays; -1: out of memory. */
static int sim_alloc(struct sim *s, size_t nk)
{
	const struct pred_gpu *g = s->g;
	struct pred_result *res = s->res;
	int ntpc, i, j;

	res->info = calloc(nk ? nk : 1, sizeof(*res->info));
	res->blocks = calloc(nk ? nk : 1, sizeof(*res->blocks));
	ntpc = g->smem_config_per_sm ? g->sms : (g->sms + g->sms_per_tpc - 1) / g->sms_per_tpc;
	s->sm = calloc(g->sms, sizeof(*s->sm));
	s->tpc = calloc(ntpc, sizeof(*s->tpc));
	if (!res->info || !res->blocks || !s->sm || !s->tpc)
		return -1;
	if (pred_gpc_order(g) && sim_alloc_gpc_order(s))
		return -1;
	for (i = 0; i < g->sms; i++) {
		s->sm[i].b = g->max_blocks_per_sm;
		for (j = 0; j < g->processing_blocks_per_sm; j++) {
			s->sm[i].w[j] = g->max_warps_per_sm / g->processing_blocks_per_sm;
			s->sm[i].r[j] = g->regs_per_sm / g->processing_blocks_per_sm;
		}
	}
	s->config_lmem = g->lmem_initial;
	return 0;
}

static void sim_free(struct sim *s)
{
	int i;

	if (s->sm)
		for (i = 0; i < s->g->sms; i++)
			free(s->sm[i].segs);
	free(s->sm);
	free(s->tpc);
	free(s->heap);
	free(s->ord);
	free(s->used);
	free(s->elig);
	free(s->caps);
}

/* Each kernel's Algorithm 1 inputs and its blocks, not placed yet. */
static int kernels_init(struct sim *s, const struct pred_kernel *kd, size_t nk, char *err,
			size_t errlen)
{
	struct pred_result *res = s->res;
	size_t k;
	long b;

	for (k = 0; k < nk; k++) {
		if (pred_kernel_info(s->g, &kd[k], &res->info[k], err, errlen))
			return -1;
		res->blocks[k] = malloc(kd[k].blocks * sizeof(**res->blocks));
		if (!res->blocks[k])
			return oom(err, errlen);
		for (b = 0; b < kd[k].blocks; b++)
			res->blocks[k][b] = (struct pred_block){ -1, -1, -1 };
	}
	return 0;
}

/* GPC-rotation order for kernel k from the SMs with the most room for it. */
static void gpc_kernel_order(struct sim *s, const struct pred_kinfo *ki, long nblocks)
{
	const struct pred_gpu *g = s->g;
	long mx = 0;
	int i;

	choose_sm(s, ki, s->caps);
	for (i = 0; i < g->sms; i++)
		if (s->caps[i] > mx)
			mx = s->caps[i];
	for (i = 0; i < g->sms; i++)
		s->elig[i] = mx > 0 && s->caps[i] == mx;
	gpc_order_fill(g, s->gpc_ptr, s->phase, nblocks, s->elig, s->ord, s->used);
}

/*
 * Rotation (measured, docs/predict-h100-accuracy.md) after a kernel's first
 * block went to smid: a kernel whose first block goes to a singleton TPC
 * searches the virtual GPCs from the pointer minus one and may flip the
 * singleton half; any other kernel searches from the pointer and advances it.
 */
static void gpc_rotate(struct sim *s, int smid, long nblocks)
{
	const struct pred_gpu *g = s->g;
	int nsing = 0, i;

	if (g->sm_vgpc[smid] >= 0) {
		s->gpc_ptr = (s->gpc_ptr + 1) % g->n_vgpc;
		return;
	}
	gpc_order_fill(g, (s->gpc_ptr + g->n_vgpc - 1) % g->n_vgpc,
		       s->phase, nblocks, s->elig, s->ord, s->used);
	for (i = 0; i < g->sms; i++)
		nsing += g->sm_vgpc[i] < 0;
	/* a kernel that spills into the second half flips it
	 * (1-block kernels do not: rotprobe, table2 case 0) */
	if (nblocks > nsing / 2)
		s->phase ^= 1;
}

/* Does the next completion fall at t (within the time tolerance)? */
static bool next_ends_at(const struct sim *s, double t)
{
	return s->nheap && s->heap[0].end <= t + TIME_EPS * (t > 1 ? t : 1);
}

/*
 * Complete the blocks that end at t (all of them with all), at most max of
 * them when max > 0 (release_batch); -1: OOM.
 */
static int release_until(struct sim *s, double t, bool all, long max)
{
	while (s->nheap && (all || next_ends_at(s, t))) {
		struct running run = heap_pop(s);

		if (release(s, &run))
			return -1;
		if (max > 0 && !--max)
			break;
	}
	return 0;
}

/*
 * With release_batch, whether a block for smid has to wait for the other
 * completions at t: more end then, and smid is idle and would have to
 * change its shared-memory configuration for ki.  With reconfig_wait_above
 * only if ki has no shared memory, the new configuration is above it, or,
 * with reconfig_wait_first, b is the kernel's first block and other blocks
 * were placed before it at t (docs/predict-h100-accuracy.md, "Which
 * reconfigurations wait, and Mechanism 1's ties"; fitted on the H100, no
 * mechanism measured).
 */
static bool wait_reconfig(const struct sim *s, const struct pred_kinfo *ki, int smid, double t,
			  long b)
{
	const struct pred_gpu *g = s->g;
	const struct tpc_state *tp = &s->tpc[cfg_unit(g, smid)];
	long c;

	if (!g->release_batch || !next_ends_at(s, t))
		return false;
	if (tp->resident)
		return false;
	c = idle_config(s, tp, ki);
	if (c == tp->config)
		return false;
	return !g->reconfig_wait_above || c > g->reconfig_wait_above ||
	       ki->smem_per_block <= g->runtime_smem_per_block ||
	       (g->reconfig_wait_first && b == 0 && s->moment == t && s->moment_placed > 0);
}

/*
 * Place every block strictly in launch order (the head block holds back
 * every later one), completing blocks when none fits; counts the blocks
 * that never start.  -1: out of memory.
 */
static int simulate(struct sim *s, const struct pred_kernel *kd, size_t nk)
{
	const struct pred_kinfo *info = s->res->info;
	double t = 0;
	size_t k = 0;
	long b = 0;

	while (k < nk) {
		int smid;

		if (s->ord && b == 0)
			gpc_kernel_order(s, &info[k], kd[k].blocks);
		if (b == 0)
			s->tie_from = 0;
		smid = choose_sm(s, &info[k], NULL);
		if (smid >= 0 && wait_reconfig(s, &info[k], smid, t, b)) {
			if (release_until(s, t, false, 0))
				return -1;
			continue;
		}
		if (smid >= 0) {
			if (place(s, &info[k], &kd[k], k, b, smid, t))
				return -1;
			s->tie_from = (s->tie_pos + 1) % s->g->sms;
			if (s->moment != t)
				s->moment_placed = 0;
			s->moment = t;
			s->moment_placed++;
			if (s->ord && b == 0)
				gpc_rotate(s, smid, kd[k].blocks);
			if (++b == kd[k].blocks) {
				k++;
				b = 0;
			}
			continue;
		}
		if (!s->nheap)
			break;	/* nothing will ever finish: the rest waits forever */
		t = s->heap[0].end;
		if (release_until(s, t, false, s->g->release_batch))
			return -1;
	}
	/* completions after the last placement */
	if (release_until(s, t, true, 0))
		return -1;
	for (; k < nk; k++, b = 0)
		s->res->unplaced += kd[k].blocks - b;
	return 0;
}

/* The last block's end, or -1 when a block never starts or never ends. */
static double makespan(const struct pred_result *res, const struct pred_kernel *kd, size_t nk)
{
	double m = 0;
	size_t k;
	long b;

	for (k = 0; k < nk; k++)
		for (b = 0; b < kd[k].blocks; b++) {
			const struct pred_block *pb = &res->blocks[k][b];

			if (pb->sm < 0 || (pb->end < 0 && pb->sm >= 0))
				m = -1;
			else if (m >= 0 && pb->end > m)
				m = pb->end;
		}
	return m;
}

static int sim_run(struct sim *s, const struct pred_kernel *kd, size_t nk, char *err,
		   size_t errlen)
{
	if (sim_alloc(s, nk))
		return oom(err, errlen);
	if (kernels_init(s, kd, nk, err, errlen))
		return -1;
	if (simulate(s, kd, nk))
		return oom(err, errlen);
	s->res->makespan = makespan(s->res, kd, nk);
	return 0;
}

int pred_run(const struct pred_gpu *g, const struct pred_kernel *kd, size_t nk,
	     struct pred_result *res, char *err, size_t errlen)
{
	struct sim s = { .g = g, .res = res };
	int rc;

	memset(res, 0, sizeof(*res));
	if (pred_gpu_check(g, err, errlen) || check_block_total(kd, nk, err, errlen))
		return -1;
	res->nkernels = nk;
	rc = sim_run(&s, kd, nk, err, errlen);
	sim_free(&s);
	if (rc)
		pred_result_free(res);
	return rc;
}

void pred_likelihood_free(double **lik, size_t nk)
{
	size_t k;

	if (!lik)
		return;
	for (k = 0; k < nk; k++)
		free(lik[k]);
	free(lik);
}

double pred_lik_calibrate(size_t kernel, double start, double m)
{
	double hit, miss, p;

	if (start > 0) {
		hit = PRED_LIK_WAIT_HIT;
		miss = PRED_LIK_WAIT_MISS;
	} else if (kernel == 0) {
		hit = PRED_LIK_K1_HIT;
		miss = PRED_LIK_K1_MISS;
	} else {
		hit = PRED_LIK_LAUNCH_HIT;
		miss = PRED_LIK_LAUNCH_MISS;
	}
	p = miss + (hit - miss) * m;
	return p < 0 ? 0 : p > 1 ? 1 : p;
}

int pred_sm_likelihood(const struct pred_gpu *g, const struct pred_kernel *kd, size_t nk,
		       const struct pred_result *res, double ***out, char *err, size_t errlen)
{
	struct pred_gpu h = *g;
	double **lik;
	size_t k;
	long b;
	int st, ph;

	*out = NULL;
	if (!pred_gpc_order(g)) {
		nvs_seterr(err, errlen, "GPU '%s': the SM likelihood needs the gpc-rotation order",
		       g->name);
		return -1;
	}
	lik = calloc(nk ? nk : 1, sizeof(*lik));
	if (!lik)
		goto oom;
	for (k = 0; k < nk; k++) {
		lik[k] = calloc(kd[k].blocks, sizeof(**lik));
		if (!lik[k])
			goto oom;
	}
	for (ph = 0; ph < 2; ph++)
		for (st = 0; st < g->n_vgpc; st++) {
			struct pred_result r;
			double w = (ph ? PRED_PHASE1_SHARE : 1 - PRED_PHASE1_SHARE) / g->n_vgpc;

			h.order_start = st;
			h.order_phase = ph;
			if (pred_run(&h, kd, nk, &r, err, errlen)) {
				pred_likelihood_free(lik, nk);
				return -1;
			}
			for (k = 0; k < nk; k++)
				for (b = 0; b < kd[k].blocks; b++)
					if (r.blocks[k][b].sm == res->blocks[k][b].sm)
						lik[k][b] += w;
			pred_result_free(&r);
		}
	for (k = 0; k < nk; k++)
		for (b = 0; b < kd[k].blocks; b++)
			lik[k][b] = res->blocks[k][b].start < 0 ? 0 :
				    pred_lik_calibrate(k, res->blocks[k][b].start, lik[k][b]);
	*out = lik;
	return 0;
oom:
	pred_likelihood_free(lik, nk);
	nvs_seterr(err, errlen, "out of memory");
	return -1;
}
