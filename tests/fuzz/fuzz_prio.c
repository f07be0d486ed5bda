// SPDX-License-Identifier: MIT
/*
 * fuzz_prio.c - libFuzzer target: the fixed-priority policy core
 * (kmod/hw/prio.c, the module's code) two ways, picked by the first byte:
 *
 *  - bit 0 clear: the rest is a JSON Lines event script for
 *    `nvsched prio simulate` (analysis/priosim/prio_sim.c), text or JSON output (bit 1)
 *    written to /dev/null;
 *  - bit 0 set: the rest is a list of operations straight on a small
 *    policy instance (2 runlists, 70 TSG ids so that bitmaps span two
 *    words, 8 task slots): task add/remove, TSG add/delete, keep, begin,
 *    end, capture begin/end, with arguments from the following bytes.
 *
 * After every event or operation the policy is checked against rules of
 * docs/priority.md computed here independently:
 *  - the running task is the real-time segment of highest priority, the
 *    earliest among equals, and -1 when no real-time segment is open;
 *  - at most one real-time task's segment runs, and no best-effort one
 *    while a real-time segment is open;
 *  - the allowed TSGs of each runlist are exactly the kept ones plus the
 *    running task's (so no other task's TSG is on while a real-time
 *    segment is active), and every TSG id when none is;
 *  - no bit beyond the last TSG id is set; each task's TSG count is the
 *    number of its bits; no TSG has two owners;
 *  - (operations) the TSG owners and the kept set match a model kept here.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "prio.h"
#include "prio_sim.h"

#define OP_NRL		2
#define OP_NTSGS	70
#define OP_TASKS	8

/* the checks are not what the fuzzer explores: no coverage callbacks */
#define NOCOV __attribute__((no_sanitize("coverage"), noinline))

static FILE *devnull;

static NOCOV int popcount64(uint64_t v)
{
	int n = 0;

	for (; v; v &= v - 1)
		n++;
	return n;
}

static NOCOV int bit(const uint64_t *bm, unsigned int i)
{
	return (int)((bm[i / 64] >> (i % 64)) & 1);
}

static NOCOV void check_policy(const struct nvs_prio *p, void *ctx)
{
	unsigned int nrl = p->cfg.nrl, ntsgs = p->cfg.ntsgs, words = p->words;
	int best = -1, nrt_run = 0;
	unsigned int i, rl, k;

	(void)ctx;
	if (words != (ntsgs + 63) / 64)
		abort();
	for (i = 0; i < p->cfg.max_tasks; i++) {
		const struct nvs_prio_task *t = &p->tasks[i];

		if (!t->used)
			continue;
		if (t->in_seg && t->prio >= 0) {
			if (t->prio > NVS_PRIO_MAX)
				abort();
			if (best < 0 || t->prio > p->tasks[best].prio ||
			    (t->prio == p->tasks[best].prio && t->seq < p->tasks[best].seq))
				best = (int)i;
		}
	}
	if (p->running != best)
		abort();
	for (i = 0; i < p->cfg.max_tasks; i++) {
		const struct nvs_prio_task *t = &p->tasks[i];
		bool runs = nvs_prio_task_runs(p, (int)i);

		if (!t->used) {
			if (runs)
				abort();
			continue;
		}
		if (runs && (!t->in_seg))
			abort();
		if (runs && t->prio >= 0)
			nrt_run++;
		if (runs && t->prio < 0 && best >= 0)
			abort();	/* best effort runs beside real time */
		if (!runs && t->in_seg && (best < 0 || (int)i == best))
			abort();
	}
	if (nrt_run > 1 || (best >= 0) != (nrt_run == 1))
		abort();
	for (rl = 0; rl < nrl; rl++) {
		const uint64_t *allowed = p->allowed + (size_t)rl * words;
		const uint64_t *keep = p->keep + (size_t)rl * words;

		for (k = 0; k < words; k++) {
			uint64_t ids = k + 1 < words || !(ntsgs % 64) ? ~0ull :
				       (1ull << (ntsgs % 64)) - 1;
			uint64_t seen = 0, want;

			for (i = 0; i < p->cfg.max_tasks; i++) {
				uint64_t own = p->tasks[i].tsgs[(size_t)rl * words + k];

				/* a free slot, two owners, a bit beyond the ids */
				if (own && (!p->tasks[i].used || (own & seen) || (own & ~ids)))
					abort();
				seen |= own;
			}
			if ((keep[k] & ~ids) || (allowed[k] & ~ids))
				abort();
			want = best < 0 ? ids :
			       keep[k] | p->tasks[best].tsgs[(size_t)rl * words + k];
			if (allowed[k] != want)
				abort();
		}
	}
	for (i = 0; i < p->cfg.max_tasks; i++) {
		int n = 0;

		if (!p->tasks[i].used)
			continue;
		for (k = 0; k < nrl * words; k++)
			n += popcount64(p->tasks[i].tsgs[k]);
		if (n != (int)p->tasks[i].ntsgs)
			abort();
	}
}

/* the model of the operation mode: TSG owners (-1 none) and the kept set */
struct model {
	int owner[OP_NRL][OP_NTSGS];
	bool keep[OP_NRL][OP_NTSGS];
	bool used[OP_TASKS];
};

static NOCOV void check_model(const struct nvs_prio *p, const struct model *m)
{
	for (unsigned int rl = 0; rl < OP_NRL; rl++)
		for (unsigned int k = 0; k < OP_NTSGS; k++) {
			int owner = -1;

			for (unsigned int i = 0; i < OP_TASKS; i++)
				if (p->tasks[i].used && bit(p->tasks[i].tsgs + rl * p->words, k))
					owner = (int)i;
			if (owner != m->owner[rl][k] ||
			    bit(p->keep + rl * p->words, k) != m->keep[rl][k])
				abort();
		}
	for (unsigned int i = 0; i < OP_TASKS; i++)
		if (p->tasks[i].used != m->used[i])
			abort();
}

static void run_ops(const uint8_t *d, size_t n)
{
	static uint64_t mem[32768];
	struct nvs_prio_cfg cfg = { .nrl = OP_NRL, .ntsgs = OP_NTSGS, .max_tasks = OP_TASKS };
	uint64_t now[OP_NRL * 2];
	struct model m;
	struct nvs_prio *p;
	uint32_t key = 0;
	size_t i = 0;

	if (nvs_prio_size(&cfg) > sizeof(mem))
		abort();
	p = nvs_prio_init(mem, sizeof(mem), &cfg);
	if (!p)
		abort();
	memset(&m, 0, sizeof(m));
	memset(m.owner, 0xff, sizeof(m.owner));
	check_policy(p, NULL);
	while (i + 3 <= n) {
		unsigned int op = d[i] % 9, slot = d[i + 1] % (OP_TASKS + 1);
		unsigned int rl = (d[i + 1] >> 4) % (OP_NRL + 1), tsg = d[i + 2] % (OP_NTSGS + 2);
		int prio = (int)d[i + 2] - 130;		/* -130..125: out of range both ways */
		int ret, r;

		i += 3;
		switch (op) {
		case 0:
			ret = nvs_prio_task_add(p, key++);
			if (ret >= 0) {
				if (ret >= OP_TASKS || m.used[ret])
					abort();
				m.used[ret] = true;
			} else if (ret != -ENOSPC) {
				abort();
			}
			break;
		case 1:
			ret = nvs_prio_task_remove(p, (int)slot);
			if ((ret == 0) != (slot < OP_TASKS && m.used[slot]))
				abort();
			if (!ret) {
				m.used[slot] = false;
				for (r = 0; r < OP_NRL; r++)
					for (unsigned int k = 0; k < OP_NTSGS; k++)
						if (m.owner[r][k] == (int)slot)
							m.owner[r][k] = -1;
			}
			break;
		case 2:
			ret = nvs_prio_tsg_add(p, (int)slot, rl, tsg);
			if (slot >= OP_TASKS || !m.used[slot] || rl >= OP_NRL || tsg >= OP_NTSGS) {
				if (ret != -EINVAL)
					abort();
			} else if (m.owner[rl][tsg] >= 0 && m.owner[rl][tsg] != (int)slot) {
				if (ret != -EBUSY)
					abort();
			} else {
				if (ret)
					abort();
				m.owner[rl][tsg] = (int)slot;
			}
			break;
		case 3:
			ret = nvs_prio_tsg_del(p, (int)slot, rl, tsg);
			if (slot >= OP_TASKS || !m.used[slot] || rl >= OP_NRL || tsg >= OP_NTSGS) {
				if (ret != -EINVAL)
					abort();
			} else if (m.owner[rl][tsg] != (int)slot) {
				if (ret != -ENOENT)
					abort();
			} else {
				if (ret)
					abort();
				m.owner[rl][tsg] = -1;
			}
			break;
		case 4:
			ret = nvs_prio_keep(p, rl, tsg, slot & 1);
			if ((ret == 0) != (rl < OP_NRL && tsg < OP_NTSGS))
				abort();
			if (!ret)
				m.keep[rl][tsg] = slot & 1;
			break;
		case 5: {
			bool was = slot < OP_TASKS && m.used[slot] && p->tasks[slot].in_seg;

			ret = nvs_prio_begin(p, (int)slot, prio);
			if (slot >= OP_TASKS || !m.used[slot] || prio > NVS_PRIO_MAX) {
				if (ret != -EINVAL)
					abort();
			} else if (ret != (was ? NVS_PRIO_W_REPRIO : 0) ||
				   p->tasks[slot].prio != (prio < 0 ? NVS_PRIO_BE : prio)) {
				abort();
			}
			break;
		}
		case 6: {
			bool was = slot < OP_TASKS && m.used[slot] && p->tasks[slot].in_seg;

			ret = nvs_prio_end(p, (int)slot);
			if (slot >= OP_TASKS || !m.used[slot]) {
				if (ret != -EINVAL)
					abort();
			} else if (ret != (was ? 0 : NVS_PRIO_W_NOSEG) || p->tasks[slot].in_seg) {
				abort();
			}
			break;
		}
		case 7:
		case 8: {
			/* the runlists "now": bits from the input, ids below OP_NTSGS */
			unsigned int added = 0;

			for (r = 0; r < OP_NRL * 2; r++)
				now[r] = (uint64_t)d[(i + r) % n] * 0x0101010101010101ull;
			for (r = 0; r < OP_NRL; r++)
				now[r * 2 + 1] &= (1ull << (OP_NTSGS - 64)) - 1;
			if (op == 7) {
				ret = nvs_prio_capture_begin(p, (int)slot, now);
				if (ret && ret != -EBUSY && ret != -EINVAL)
					abort();
				break;
			}
			ret = nvs_prio_capture_end(p, (int)slot, now, &added);
			if (ret && ret != -EINVAL)
				abort();
			/* what it gave the task: re-read the owners into the model */
			for (r = 0; r < OP_NRL; r++)
				for (unsigned int k = 0; k < OP_NTSGS; k++)
					if (!ret && m.owner[r][k] < 0 &&
					    bit(p->tasks[slot].tsgs + r * p->words, k)) {
						m.owner[r][k] = (int)slot;
						added--;
					}
			if (added)
				abort();
			break;
		}
		}
		check_policy(p, NULL);
		check_model(p, &m);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct prio_sim_opts o = { .after = check_policy };
	FILE *in;

	if (!size)
		return 0;
	if (!devnull) {
		devnull = fopen("/dev/null", "w");
		if (!devnull)
			abort();
	}
	if (data[0] & 1) {
		run_ops(data + 1, size - 1);
		return 0;
	}
	if (size == 1)
		return 0;
	o.json = data[0] & 2;
	o.out = o.err = devnull;
	in = fmemopen((void *)(data + 1), size - 1, "r");
	if (!in)
		abort();
	if (prio_sim_run(in, "fuzz", &o) > CLI_EXIT_USAGE)
		abort();
	fclose(in);
	return 0;
}
