// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * sim.c - behavioural GPU model for tests (see sim.h).
 *
 * This is an independent reading of the register references in
 * docs/register-sources.md (regs-fifo.md, regs-mmu-gr.md): every constant is
 * defined here, next to the section it comes from.  Nothing from
 * include/nvsched/regs or kmod/hw (other than the nvs_io/compat headers)
 * is used, so a decoder bug and a model bug do not cancel out.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <inttypes.h>

#include "nvsched/errbuf.h"
#include "sim.h"

/* ---- register facts ------------------------------------------------------ */

/* regs-fifo.md 1.1: NV_PMC_BOOT_0, chip id = BOOT_0[28:20], ARCHITECTURE_1
 * (the architecture MSB) in bit 8. */
#define SIM_PMC_BOOT_0			0x000000u
#define SIM_BOOT_0_CHIP_SHIFT		20
#define SIM_BOOT_0_CHIP_MASK		0x1ffu
#define SIM_BOOT_0_ARCH1_BIT		8
/* regs-fifo.md 1.3: NV_PMC_BOOT_42, CHIP_ID 29:20; used when non-zero and
 * not all-ones (and, here, not a 0xBAD..... PRI error, regs-fifo.md 8.3). */
#define SIM_PMC_BOOT_42			0x000a00u
#define SIM_BOOT_42_CHIP_SHIFT		20
#define SIM_BOOT_42_CHIP_MASK		0x3ffu

/* regs-mmu-gr.md 1.1: NV_PRAMIN, BAR0 0x700000-0x7fffff, 1 MiB. */
#define SIM_PRAMIN_BASE			0x700000u
#define SIM_PRAMIN_SIZE			0x100000u
/* regs-mmu-gr.md 1.2: NV_PBUS_BAR0_WINDOW (Kepler-Ada) BASE 23:0 (<<16),
 * TARGET 25:24: 0 VID_MEM, 2 SYS_MEM_COHERENT, 3 SYS_MEM_NONCOHERENT. */
#define SIM_PBUS_BAR0_WINDOW		0x001700u
#define SIM_PBUS_WINDOW_BASE_MASK	0x00ffffffu
#define SIM_PBUS_WINDOW_TARGET_SHIFT	24
#define SIM_WINDOW_BASE_SHIFT		16
/* regs-mmu-gr.md 1.3 (and regs-fifo.md 3.5): NV_XAL_EP_ZB_BAR0_WINDOW
 * (Hopper/Blackwell) = 0x10F000 + 0xD40, BASE 21:0 on GH100, 22:0 on
 * GB100/GB102/GB11x/GB20x dGPUs, 24:0 on GB10B/GB20B/GB20C; always VIDMEM. */
#define SIM_XAL_BAR0_WINDOW		0x10fd40u
#define SIM_XAL_BASE_MASK_GH100		0x003fffffu
#define SIM_XAL_BASE_MASK_GB100		0x007fffffu
#define SIM_XAL_BASE_MASK_TEGRA		0x01ffffffu

/* regs-fifo.md 2.2: NV_PTOP_DEVICE_INFO_CFG NUM_ROWS 31:20;
 * NV_PTOP_DEVICE_INFO2(i) rows, ROW_CHAIN bit 31, row 2 RUNLIST_PRI_BASE
 * = row2 & 0x03FFFC00. */
#define SIM_PTOP_DEVICE_INFO_CFG	0x0224fcu
#define SIM_PTOP_CFG_NUM_ROWS_SHIFT	20
#define SIM_PTOP_DEVICE_INFO2		0x022800u
#define SIM_PTOP_ROW_CHAIN		0x80000000u
#define SIM_PTOP_RUNLIST_PRI_MASK	0x03fffc00u
#define SIM_PTOP_MAX_ROWS		1024u	/* sanity bound (GB100: 353) */

/* regs-fifo.md 3.1: Kepler-Volta runlist submit.  RUNLIST_BASE 0x2270 (RW),
 * RUNLIST 0x2274 (RW, LENGTH 15:0, ID 23:20; writing submits),
 * ENG_RUNLIST_BASE(i) 0x2280+8i (R), ENG_RUNLIST(i) 0x2284+8i (R,
 * LENGTH 15:0, PENDING 20). */
#define SIM_PFIFO_RUNLIST_BASE		0x002270u
#define SIM_PFIFO_RUNLIST		0x002274u
#define SIM_PFIFO_RUNLIST_LEN_MASK	0x0000ffffu
#define SIM_PFIFO_RUNLIST_ID_SHIFT	20
#define SIM_PFIFO_RUNLIST_ID_MASK	0xfu
#define SIM_PFIFO_ENG_RUNLIST_BASE(i)	(0x002280u + 8u * (i))
#define SIM_PFIFO_ENG_RUNLIST(i)	(0x002284u + 8u * (i))
#define SIM_PFIFO_ENG_RUNLIST_PENDING	(1u << 20)
#define SIM_PFIFO_NUM_RUNLISTS		16u	/* ID is 4 bits */

/* regs-fifo.md 3.2: Turing RUNLIST_BASE_LO/HI(i) 0x2B00/0x2B04 + 16i,
 * SUBMIT(i) 0x2B08 + 16i (writing submits), SUBMIT_INFO(i) 0x2B0C + 16i
 * (R, PENDING 15). */
#define SIM_TU_RUNLIST_BASE_LO(i)	(0x002b00u + 16u * (i))
#define SIM_TU_RUNLIST_SUBMIT(i)	(0x002b08u + 16u * (i))
#define SIM_TU_RUNLIST_SUBMIT_INFO(i)	(0x002b0cu + 16u * (i))
#define SIM_TU_NUM_RUNLISTS		16u	/* TU104 has 11 */
#define SIM_SUBMIT_INFO_PENDING		(1u << 15)

/* regs-fifo.md 3.3: Ampere+ NV_RUNLIST block at RUNLIST_PRI_BASE.
 * Layout A (GA100..GH100, GB10x/GB11x) and layout B (GB20x). */
#define SIM_RL_A_CHANNEL_CONFIG		0x004u
#define SIM_RL_A_SUBMIT			0x088u
#define SIM_RL_A_SUBMIT_INFO		0x08cu
#define SIM_RL_A_PREEMPT		0x098u
#define SIM_RL_B_CHANNEL_CONFIG		0x148u
#define SIM_RL_B_SUBMIT			0x008u
#define SIM_RL_B_SUBMIT_INFO		0x00cu
#define SIM_RL_B_PREEMPT		0x014u

/* The block offsets per layout, chosen once per model (the model keeps its
 * own copy of these facts: it is the oracle kmod/hw's decoders are tested
 * against). */
struct sim_rl_layout {
	uint32_t channel_config, submit, submit_info, preempt;
};
static const struct sim_rl_layout sim_rl_layout_a = {
	SIM_RL_A_CHANNEL_CONFIG, SIM_RL_A_SUBMIT, SIM_RL_A_SUBMIT_INFO, SIM_RL_A_PREEMPT,
};
static const struct sim_rl_layout sim_rl_layout_b = {
	SIM_RL_B_CHANNEL_CONFIG, SIM_RL_B_SUBMIT, SIM_RL_B_SUBMIT_INFO, SIM_RL_B_PREEMPT,
};
/* regs-fifo.md 3.3: CHANNEL_CONFIG NUM_CHANNELS_LOG2 3:0, CHRAM base =
 * reg & 0xFFFFFFF0 (absolute BAR0). */
#define SIM_RL_CHCFG_LOG2_MASK		0xfu
#define SIM_RL_CHCFG_BASE_MASK		0xfffffff0u
/* regs-fifo.md 3.3 / 5.2: NV_RUNLIST_PREEMPT TSG_PREEMPT_PENDING 20,
 * RUNLIST_PREEMPT_PENDING 21, TYPE 25:24 (0 RUNLIST, 1 TSG). */
#define SIM_RL_PREEMPT_TSG_PENDING	(1u << 20)
#define SIM_RL_PREEMPT_RUNLIST_PENDING	(1u << 21)
#define SIM_RL_PREEMPT_TYPE_SHIFT	24
#define SIM_RL_PREEMPT_TYPE_MASK	3u
#define SIM_RL_PREEMPT_TYPE_RUNLIST	0u
#define SIM_RL_PREEMPT_TYPE_TSG		1u

/* regs-fifo.md 5.1: NV_PFIFO_PREEMPT 0x2634, PENDING 20 (R). */
#define SIM_PFIFO_PREEMPT		0x002634u
#define SIM_PFIFO_PREEMPT_PENDING	(1u << 20)

/* regs-fifo.md 4.1: NV_PCCSR (0x800000-0x80FFFF); NV_PCCSR_CHANNEL(i) =
 * 0x800004 + 8i. */
#define SIM_PCCSR_BASE			0x800000u
#define SIM_PCCSR_SIZE			0x010000u
#define SIM_PCCSR_CHANNEL_WORD		4u	/* (off & 7) of CHANNEL(i) */
#define SIM_PCCSR_ENABLE		(1u << 0)	/* R */
#define SIM_PCCSR_NEXT			(1u << 1)	/* RW */
#define SIM_PCCSR_FORCE_CTX_RELOAD	(1u << 8)	/* W */
#define SIM_PCCSR_ENABLE_SET		(1u << 10)	/* W */
#define SIM_PCCSR_ENABLE_CLR		(1u << 11)	/* W */
#define SIM_PCCSR_RUNLIST_MASK		(0xfu << 16)	/* RW, Kepler only */
#define SIM_PCCSR_FORCE_PBDMA_FAULTED	(1u << 20)	/* W, TU10x */
#define SIM_PCCSR_FORCE_ENG_FAULTED	(1u << 21)	/* W, TU10x */
#define SIM_PCCSR_PBDMA_FAULTED		(1u << 22)	/* R, W1 = reset */
#define SIM_PCCSR_ENG_FAULTED		(1u << 23)	/* R, W1 = reset */
#define SIM_PCCSR_STATUS_MASK		(0xfu << 24)	/* R */
#define SIM_PCCSR_BUSY			(1u << 28)	/* R */
#define SIM_PCCSR_W_ONLY		(SIM_PCCSR_FORCE_CTX_RELOAD | \
					 SIM_PCCSR_ENABLE_SET | SIM_PCCSR_ENABLE_CLR | \
					 SIM_PCCSR_FORCE_PBDMA_FAULTED | \
					 SIM_PCCSR_FORCE_ENG_FAULTED)

/* regs-fifo.md 4.2: NV_CHRAM_CHANNEL(i) = CHRAM base + 4i. */
#define SIM_CHRAM_WRITE_CONTROL		(1u << 0)	/* W: 1 = ones clear */
#define SIM_CHRAM_ENABLE		(1u << 1)	/* RW */
#define SIM_CHRAM_NEXT			(1u << 2)	/* RW */
#define SIM_CHRAM_PBDMA_FAULTED		(1u << 4)	/* RW */
#define SIM_CHRAM_ENG_FAULTED		(1u << 5)	/* RW */
#define SIM_CHRAM_PENDING		(1u << 8)	/* RW */
#define SIM_CHRAM_CTX_RELOAD		(1u << 9)	/* RW */
#define SIM_CHRAM_ACQUIRE_FAIL		(1u << 12)	/* RW */
#define SIM_CHRAM_RW_MASK		(SIM_CHRAM_ENABLE | SIM_CHRAM_NEXT | \
					 SIM_CHRAM_PBDMA_FAULTED | SIM_CHRAM_ENG_FAULTED | \
					 SIM_CHRAM_PENDING | SIM_CHRAM_CTX_RELOAD | \
					 SIM_CHRAM_ACQUIRE_FAIL)
#define SIM_CHRAM_CLEAR_CHANNEL		0xffffffffu

#define SIM_BAD				NVSS_BAD_REG
#define SIM_BAR0_WORDS			(NVSS_BAR0_SIZE / 4)

/* ---- model state --------------------------------------------------------- */

#define PAGE_SHIFT_SIM	12
#define PAGE_SIZE_SIM	(1u << PAGE_SHIFT_SIM)

struct page {
	uint64_t addr;				/* page aligned */
	uint8_t data[PAGE_SIZE_SIM];
	uint8_t valid[PAGE_SIZE_SIM / 8];	/* one bit per byte */
};

struct store {
	struct page **pages;			/* sorted by addr */
	size_t n, cap;
};

enum win_ap { WIN_NONE = 0, WIN_VID, WIN_SYS };

enum special_kind {
	SP_WINDOW,
	SP_PFIFO_SUBMIT,	/* Kepler-Volta 0x2274 */
	SP_READ_ONLY,		/* ENG_RUNLIST*, SUBMIT_INFO: writes ignored */
	SP_TU_SUBMIT,		/* Turing SUBMIT(i) */
	SP_RL_SUBMIT,		/* Ampere+ SUBMIT, idx = runlist block */
	SP_PFIFO_PREEMPT,	/* pre-Ampere 0x2634 */
	SP_RL_PREEMPT,		/* Ampere+ PREEMPT */
};

struct special {
	uint32_t off;
	enum special_kind kind;
	unsigned idx;
};

struct runlist_blk {
	uint32_t pri;
	uint32_t submit, info, preempt;
	uint32_t chram;		/* 0 = none */
	uint32_t nch;
};

struct pend {
	uint32_t off, mask;
	unsigned left;
};

/* the register writes that submit one runlist as the snapshot shows it */
struct drv_submit {
	uint32_t off[3], val[3];
	unsigned n;
};

struct nvs_sim {
	uint32_t *regs;		/* the model's register file */
	uint32_t *img;		/* external image, or == regs */
	int own_img;
	struct store vid, sys;

	uint32_t chip;
	enum nvs_sim_gen gen;

	uint32_t win_reg;	/* 0 = no window */
	uint32_t win_base_mask;
	enum win_ap win_ap;
	uint64_t win_base;
	unsigned win_moves, unbacked_writes;

	struct special *sp;
	size_t nsp;
	struct runlist_blk *rl;
	size_t nrl;

	struct pend *pend;
	size_t npend, cap_pend;
	unsigned pending_ticks;

	struct nvs_sim_write *log;
	size_t nlog, cap_log;

	unsigned long npreempts;	/* TSG preempts started */
	unsigned last_preempt_tsg;
	unsigned long nsubmits;		/* runlist submits applied */
	struct nvs_sim_submit last_submit;
	struct drv_submit *drv;		/* the snapshot's submits, per runlist */
	size_t ndrv;

	struct nvs_io io;
};

/* ---- register file ------------------------------------------------------- */

static int pri_error(uint32_t v)
{
	/* regs-fifo.md 8.3: (v >> 20) == 0xBAD is "no data" */
	return (v >> 20) == 0xbad;
}


static inline uint32_t reg_get(const struct nvs_sim *sim, uint32_t off)
{
	return sim->regs[off >> 2];
}

static inline void reg_set(struct nvs_sim *sim, uint32_t off, uint32_t val)
{
	sim->regs[off >> 2] = val;
	if (sim->img != sim->regs)
		__atomic_store_n(&sim->img[off >> 2], val, __ATOMIC_RELEASE);
}

/* ---- sparse memory ------------------------------------------------------- */

static struct store *store_for(struct nvs_sim *sim, enum nvs_aperture ap)
{
	switch (ap) {
	case NVS_AP_VID:
		return &sim->vid;
	case NVS_AP_SYS_COH:
	case NVS_AP_SYS_NONCOH:
		return &sim->sys;	/* one system memory, bus addresses */
	}
	return NULL;
}

static size_t store_lower(const struct store *st, uint64_t pa)
{
	size_t lo = 0, hi = st->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (st->pages[mid]->addr < pa)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static struct page *store_find(const struct store *st, uint64_t pa)
{
	size_t i = store_lower(st, pa);

	return i < st->n && st->pages[i]->addr == pa ? st->pages[i] : NULL;
}

static struct page *store_get(struct store *st, uint64_t pa)
{
	size_t i = store_lower(st, pa);
	struct page *pg;

	if (i < st->n && st->pages[i]->addr == pa)
		return st->pages[i];
	if (st->n == st->cap) {
		size_t ncap = st->cap ? st->cap * 2 : 64;
		struct page **np = realloc(st->pages, ncap * sizeof(*np));

		if (!np)
			return NULL;
		st->pages = np;
		st->cap = ncap;
	}
	pg = calloc(1, sizeof(*pg));
	if (!pg)
		return NULL;
	pg->addr = pa;
	memmove(&st->pages[i + 1], &st->pages[i], (st->n - i) * sizeof(*st->pages));
	st->pages[i] = pg;
	st->n++;
	return pg;
}

static void store_free(struct store *st)
{
	size_t i;

	for (i = 0; i < st->n; i++)
		free(st->pages[i]);
	free(st->pages);
	memset(st, 0, sizeof(*st));
}

static inline int pg_valid(const struct page *pg, unsigned o)
{
	return pg->valid[o >> 3] >> (o & 7) & 1;
}

/* All of [addr, addr+len) backed? */
static int store_backed(const struct store *st, uint64_t addr, size_t len)
{
	while (len) {
		uint64_t pa = addr & ~(uint64_t)(PAGE_SIZE_SIM - 1);
		unsigned o = (unsigned)(addr - pa);
		size_t n = PAGE_SIZE_SIM - o;
		const struct page *pg = store_find(st, pa);
		size_t k;

		if (n > len)
			n = len;
		if (!pg)
			return 0;
		for (k = 0; k < n; k++)
			if (!pg_valid(pg, o + (unsigned)k))
				return 0;
		addr += n;
		len -= n;
	}
	return 1;
}

static int range_ok(uint64_t addr, size_t len)
{
	return !len || addr + (len - 1) >= addr;
}

/* Copy bytes; @create: make pages and mark bytes valid. */
static int store_write(struct store *st, uint64_t addr, const uint8_t *src,
		       size_t len, int create)
{
	while (len) {
		uint64_t pa = addr & ~(uint64_t)(PAGE_SIZE_SIM - 1);
		unsigned o = (unsigned)(addr - pa);
		size_t n = PAGE_SIZE_SIM - o;
		struct page *pg = create ? store_get(st, pa) : store_find(st, pa);
		size_t k;

		if (n > len)
			n = len;
		if (!pg)
			return create ? -ENOMEM : -EIO;
		memcpy(pg->data + o, src, n);
		if (create)
			for (k = 0; k < n; k++)
				pg->valid[(o + k) >> 3] |= (uint8_t)(1u << ((o + k) & 7));
		addr += n;
		src += n;
		len -= n;
	}
	return 0;
}

static void store_read(const struct store *st, uint64_t addr, uint8_t *dst,
		       size_t len)
{
	while (len) {
		uint64_t pa = addr & ~(uint64_t)(PAGE_SIZE_SIM - 1);
		unsigned o = (unsigned)(addr - pa);
		size_t n = PAGE_SIZE_SIM - o;
		const struct page *pg = store_find(st, pa);

		if (n > len)
			n = len;
		if (pg)
			memcpy(dst, pg->data + o, n);
		addr += n;
		dst += n;
		len -= n;
	}
}

/* ---- PRAMIN window ------------------------------------------------------- */

static struct store *win_store(struct nvs_sim *sim)
{
	if (sim->win_ap == WIN_VID)
		return &sim->vid;
	if (sim->win_ap == WIN_SYS)
		return &sim->sys;
	return NULL;
}

/* Word of window memory at window offset @wo, or SIM_BAD if unbacked. */
static uint32_t win_fetch(const struct page *pg, unsigned o)
{
	if (!pg || !pg_valid(pg, o) || !pg_valid(pg, o + 1) ||
	    !pg_valid(pg, o + 2) || !pg_valid(pg, o + 3))
		return SIM_BAD;
	return (uint32_t)pg->data[o] | (uint32_t)pg->data[o + 1] << 8 |
	       (uint32_t)pg->data[o + 2] << 16 | (uint32_t)pg->data[o + 3] << 24;
}

/* Refresh the register words for window bytes [wo, wo+len). */
static void win_fill(struct nvs_sim *sim, uint32_t wo, uint32_t len)
{
	struct store *st = win_store(sim);
	uint32_t w, end = (wo + len + 3) & ~3u;

	if (end > SIM_PRAMIN_SIZE)
		end = SIM_PRAMIN_SIZE;
	wo &= ~3u;
	for (w = wo; w < end; ) {
		uint64_t a = sim->win_base + w;
		uint64_t pa = a & ~(uint64_t)(PAGE_SIZE_SIM - 1);
		const struct page *pg = st ? store_find(st, pa) : NULL;
		uint32_t stop = w + (uint32_t)(PAGE_SIZE_SIM - (a - pa));

		if (stop > end)
			stop = end;
		for (; w < stop; w += 4)
			reg_set(sim, SIM_PRAMIN_BASE + w,
				win_fetch(pg, (unsigned)(sim->win_base + w - pa)));
	}
}

/* Write the window's backed words back into memory (the register image is
 * what an external agent sees and writes). */
static void win_writeback(struct nvs_sim *sim)
{
	struct store *st = win_store(sim);
	uint32_t w;

	if (!st)
		return;
	for (w = 0; w < SIM_PRAMIN_SIZE; w += PAGE_SIZE_SIM) {
		uint64_t a = sim->win_base + w;
		struct page *pg = store_find(st, a);
		unsigned o;

		if (!pg)
			continue;
		for (o = 0; o < PAGE_SIZE_SIM; o += 4) {
			uint32_t v;

			if (!pg_valid(pg, o) || !pg_valid(pg, o + 1) ||
			    !pg_valid(pg, o + 2) || !pg_valid(pg, o + 3))
				continue;
			v = reg_get(sim, SIM_PRAMIN_BASE + w + o);
			pg->data[o] = (uint8_t)v;
			pg->data[o + 1] = (uint8_t)(v >> 8);
			pg->data[o + 2] = (uint8_t)(v >> 16);
			pg->data[o + 3] = (uint8_t)(v >> 24);
		}
	}
}

static void win_decode(const struct nvs_sim *sim, uint32_t v, enum win_ap *ap,
		       uint64_t *base)
{
	*base = (uint64_t)(v & sim->win_base_mask) << SIM_WINDOW_BASE_SHIFT;
	if (sim->win_reg == SIM_PBUS_BAR0_WINDOW) {
		switch ((v >> SIM_PBUS_WINDOW_TARGET_SHIFT) & 3) {
		case 0:
			*ap = WIN_VID;
			break;
		case 2:
		case 3:
			*ap = WIN_SYS;
			break;
		default:
			*ap = WIN_NONE;	/* TARGET 1 is undefined */
			break;
		}
	} else if (sim->win_reg) {
		*ap = WIN_VID;
	} else {
		*ap = WIN_NONE;
	}
}

/* Window register written (or model created): move if the target changed. */
static void win_update(struct nvs_sim *sim, int initial)
{
	enum win_ap ap;
	uint64_t base;

	if (!sim->win_reg) {
		if (initial) {
			sim->win_ap = WIN_NONE;
			win_fill(sim, 0, SIM_PRAMIN_SIZE);
		}
		return;
	}
	win_decode(sim, reg_get(sim, sim->win_reg), &ap, &base);
	if (!initial && ap == sim->win_ap && base == sim->win_base)
		return;		/* reuse: same window */
	if (!initial) {
		win_writeback(sim);
		sim->win_moves++;
	}
	sim->win_ap = ap;
	sim->win_base = base;
	win_fill(sim, 0, SIM_PRAMIN_SIZE);
}

/* Memory changed behind the window: refresh the overlapping words. */
static void win_refresh(struct nvs_sim *sim, struct store *st, uint64_t addr,
			size_t len)
{
	uint64_t lo, hi;

	if (!len || st != win_store(sim))
		return;
	lo = addr > sim->win_base ? addr : sim->win_base;
	hi = addr + len;
	if (hi < addr || hi > sim->win_base + SIM_PRAMIN_SIZE)
		hi = sim->win_base + SIM_PRAMIN_SIZE;
	if (lo >= hi)
		return;
	win_fill(sim, (uint32_t)(lo - sim->win_base), (uint32_t)(hi - lo));
}

static void pramin_write(struct nvs_sim *sim, uint32_t off, uint32_t val)
{
	struct store *st = win_store(sim);
	uint64_t a = sim->win_base + (off - SIM_PRAMIN_BASE);
	uint8_t b[4] = { (uint8_t)val, (uint8_t)(val >> 8), (uint8_t)(val >> 16),
			 (uint8_t)(val >> 24) };

	if (!st || !store_backed(st, a, 4)) {
		sim->unbacked_writes++;
		/* restore what the register image shows for this word (an
		 * external writer may already have stored the raw value) */
		reg_set(sim, off, reg_get(sim, off));
		return;
	}
	store_write(st, a, b, 4, 0);
	reg_set(sim, off, val);
}

/* ---- pending bits -------------------------------------------------------- */


static void pend_set(struct nvs_sim *sim, uint32_t off, uint32_t mask)
{
	size_t i;

	/* a register the snapshot did not capture starts from 0 here */
	if (pri_error(reg_get(sim, off)))
		reg_set(sim, off, 0);
	if (!sim->pending_ticks) {
		reg_set(sim, off, reg_get(sim, off) & ~mask);
		return;
	}
	reg_set(sim, off, reg_get(sim, off) | mask);
	for (i = 0; i < sim->npend; i++) {
		if (sim->pend[i].off == off && sim->pend[i].mask == mask) {
			sim->pend[i].left = sim->pending_ticks;
			return;
		}
	}
	if (sim->npend == sim->cap_pend) {
		size_t ncap = sim->cap_pend ? sim->cap_pend * 2 : 16;
		struct pend *np = realloc(sim->pend, ncap * sizeof(*np));

		if (!np) {	/* cannot track it: clear at once */
			reg_set(sim, off, reg_get(sim, off) & ~mask);
			return;
		}
		sim->pend = np;
		sim->cap_pend = ncap;
	}
	sim->pend[sim->npend].off = off;
	sim->pend[sim->npend].mask = mask;
	sim->pend[sim->npend].left = sim->pending_ticks;
	sim->npend++;
}

/* Count down entries (all, or those of register @off); clear at zero. */
static void pend_step(struct nvs_sim *sim, int only_off, uint32_t off)
{
	size_t i = 0;

	while (i < sim->npend) {
		struct pend *p = &sim->pend[i];

		if (only_off && p->off != off) {
			i++;
			continue;
		}
		if (p->left)
			p->left--;
		if (!p->left) {
			reg_set(sim, p->off, reg_get(sim, p->off) & ~p->mask);
			*p = sim->pend[--sim->npend];
			continue;
		}
		i++;
	}
}

void nvs_sim_tick(struct nvs_sim *sim)
{
	pend_step(sim, 0, 0);
}

void nvs_sim_set_pending_ticks(struct nvs_sim *sim, unsigned n)
{
	sim->pending_ticks = n;
	if (!n) {
		size_t i;

		for (i = 0; i < sim->npend; i++)
			reg_set(sim, sim->pend[i].off,
				reg_get(sim, sim->pend[i].off) & ~sim->pend[i].mask);
		sim->npend = 0;
	} else {
		size_t i;

		for (i = 0; i < sim->npend; i++)
			if (sim->pend[i].left > n)
				sim->pend[i].left = n;
	}
}

unsigned nvs_sim_pending(const struct nvs_sim *sim)
{
	return (unsigned)sim->npend;
}

/* ---- chip identification ------------------------------------------------- */

static uint32_t chip_from_regs(const struct nvs_sim *sim)
{
	uint32_t b42 = reg_get(sim, SIM_PMC_BOOT_42);
	uint32_t b0 = reg_get(sim, SIM_PMC_BOOT_0);

	if (b42 && b42 != 0xffffffffu && !pri_error(b42))
		return (b42 >> SIM_BOOT_42_CHIP_SHIFT) & SIM_BOOT_42_CHIP_MASK;
	if (!b0 || b0 == 0xffffffffu || pri_error(b0))
		return 0;
	return ((b0 >> SIM_BOOT_0_CHIP_SHIFT) & SIM_BOOT_0_CHIP_MASK) |
	       ((b0 >> SIM_BOOT_0_ARCH1_BIT) & 1) << 9;
}

/* regs-fifo.md 1.1 architecture table (ARCH = chip id >> 4). */
static enum nvs_sim_gen gen_of(uint32_t chip)
{
	switch (chip >> 4) {
	case 0x0e:	/* GK10x */
	case 0x0f:	/* GK11x */
	case 0x10:	/* GK20x */
		return NVS_SIM_GEN_KEPLER;
	case 0x11:	/* GM10x */
	case 0x12:	/* GM20x */
		return NVS_SIM_GEN_MAXWELL;
	case 0x13:
		return NVS_SIM_GEN_PASCAL;
	case 0x14:	/* GV100 */
	case 0x15:	/* GV11B */
		return NVS_SIM_GEN_VOLTA;
	case 0x16:
		return NVS_SIM_GEN_TURING;
	case 0x17:
		return NVS_SIM_GEN_AMPERE;
	case 0x18:
		return NVS_SIM_GEN_HOPPER;
	case 0x19:	/* Ada sorts above Hopper */
		return NVS_SIM_GEN_ADA;
	case 0x1a:
		return NVS_SIM_GEN_BLACKWELL;
	case 0x1b:
		return NVS_SIM_GEN_BLACKWELL_GB20X;
	}
	return NVS_SIM_GEN_UNKNOWN;
}

const char *nvs_sim_gen_name(enum nvs_sim_gen gen)
{
	static const char *const names[] = {
		[NVS_SIM_GEN_UNKNOWN] = "unknown",
		[NVS_SIM_GEN_KEPLER] = "kepler",
		[NVS_SIM_GEN_MAXWELL] = "maxwell",
		[NVS_SIM_GEN_PASCAL] = "pascal",
		[NVS_SIM_GEN_VOLTA] = "volta",
		[NVS_SIM_GEN_TURING] = "turing",
		[NVS_SIM_GEN_AMPERE] = "ampere",
		[NVS_SIM_GEN_ADA] = "ada",
		[NVS_SIM_GEN_HOPPER] = "hopper",
		[NVS_SIM_GEN_BLACKWELL] = "blackwell",
		[NVS_SIM_GEN_BLACKWELL_GB20X] = "blackwell",
	};

	return NVS_NAME(names, (unsigned int)gen, "unknown");
}

static int is_pre_ampere(enum nvs_sim_gen g)
{
	return g >= NVS_SIM_GEN_KEPLER && g <= NVS_SIM_GEN_TURING;
}

static int is_ampere_plus(enum nvs_sim_gen g)
{
	return g >= NVS_SIM_GEN_AMPERE;
}

/* ---- special-register table ---------------------------------------------- */

static int sp_add(struct nvs_sim *sim, size_t *cap, uint32_t off,
		  enum special_kind kind, unsigned idx)
{
	if (sim->nsp == *cap) {
		size_t ncap = *cap ? *cap * 2 : 64;
		struct special *n = realloc(sim->sp, ncap * sizeof(*n));

		if (!n)
			return -ENOMEM;
		sim->sp = n;
		*cap = ncap;
	}
	sim->sp[sim->nsp].off = off;
	sim->sp[sim->nsp].kind = kind;
	sim->sp[sim->nsp].idx = idx;
	sim->nsp++;
	return 0;
}

static int cmp_sp(const void *a, const void *b)
{
	const struct special *x = a, *y = b;

	return x->off < y->off ? -1 : x->off > y->off;
}

static const struct special *sp_find(const struct nvs_sim *sim, uint32_t off)
{
	size_t lo = 0, hi = sim->nsp;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (sim->sp[mid].off == off)
			return &sim->sp[mid];
		if (sim->sp[mid].off < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* Ampere+: runlist blocks from PTOP DEVICE_INFO2 (regs-fifo.md 2.2). */
static int find_runlists(struct nvs_sim *sim, char *err, size_t errlen)
{
	uint32_t cfg = reg_get(sim, SIM_PTOP_DEVICE_INFO_CFG);
	uint32_t nrows, i, row[3];
	unsigned nr = 0;
	size_t cap = 0;
	const struct sim_rl_layout *lay = sim->gen == NVS_SIM_GEN_BLACKWELL_GB20X ?
					  &sim_rl_layout_b : &sim_rl_layout_a;

	if (pri_error(cfg) || cfg == 0xffffffffu)
		return 0;
	nrows = cfg >> SIM_PTOP_CFG_NUM_ROWS_SHIFT;
	if (nrows > SIM_PTOP_MAX_ROWS)
		nrows = SIM_PTOP_MAX_ROWS;
	for (i = 0; i < nrows; i++) {
		uint32_t v = reg_get(sim, SIM_PTOP_DEVICE_INFO2 + 4 * i);
		uint32_t pri;
		size_t k;

		if (pri_error(v)) {	/* unreadable row: drop the device */
			nr = 0;
			continue;
		}
		if (!v && !nr)
			continue;	/* empty row between devices */
		if (nr < 3)
			row[nr] = v;
		nr++;
		if (v & SIM_PTOP_ROW_CHAIN)
			continue;
		/* last row of a device */
		if (nr >= 3) {
			pri = row[2] & SIM_PTOP_RUNLIST_PRI_MASK;
			for (k = 0; k < sim->nrl; k++)
				if (sim->rl[k].pri == pri)
					break;
			if (pri && k == sim->nrl && pri < NVSS_BAR0_SIZE - 0x1000) {
				struct runlist_blk *n;

				if (sim->nrl == cap) {
					cap = cap ? cap * 2 : 16;
					n = realloc(sim->rl, cap * sizeof(*n));
					if (!n) {
						nvs_seterr(err, errlen, "out of memory");
						return -ENOMEM;
					}
					sim->rl = n;
				}
				n = &sim->rl[sim->nrl++];
				memset(n, 0, sizeof(*n));
				n->pri = pri;
				n->submit = pri + lay->submit;
				n->info = pri + lay->submit_info;
				n->preempt = pri + lay->preempt;
			}
		}
		nr = 0;
	}
	/* CHRAM of each runlist from CHANNEL_CONFIG (regs-fifo.md 3.3, 4.2) */
	for (i = 0; i < sim->nrl; i++) {
		struct runlist_blk *r = &sim->rl[i];
		uint32_t cc = reg_get(sim, r->pri + lay->channel_config);
		uint32_t base = cc & SIM_RL_CHCFG_BASE_MASK;
		uint64_t n = 1ull << (cc & SIM_RL_CHCFG_LOG2_MASK);

		if (pri_error(cc) || cc == 0xffffffffu || !base)
			continue;
		if ((uint64_t)base + 4 * n > NVSS_BAR0_SIZE)
			continue;
		if (base < SIM_PRAMIN_BASE + SIM_PRAMIN_SIZE &&
		    base + 4 * n > SIM_PRAMIN_BASE)
			continue;
		r->chram = base;
		r->nch = (uint32_t)n;
	}
	return 0;
}

static int build_specials(struct nvs_sim *sim, char *err, size_t errlen)
{
	enum nvs_sim_gen g = sim->gen;
	size_t cap = 0;
	unsigned i;
	int ret = 0;

	if (sim->win_reg)
		ret |= sp_add(sim, &cap, sim->win_reg, SP_WINDOW, 0);
	if (g >= NVS_SIM_GEN_KEPLER && g <= NVS_SIM_GEN_VOLTA) {
		ret |= sp_add(sim, &cap, SIM_PFIFO_RUNLIST, SP_PFIFO_SUBMIT, 0);
		for (i = 0; i < SIM_PFIFO_NUM_RUNLISTS; i++) {
			ret |= sp_add(sim, &cap, SIM_PFIFO_ENG_RUNLIST_BASE(i), SP_READ_ONLY, i);
			ret |= sp_add(sim, &cap, SIM_PFIFO_ENG_RUNLIST(i), SP_READ_ONLY, i);
		}
	}
	if (g == NVS_SIM_GEN_TURING) {
		for (i = 0; i < SIM_TU_NUM_RUNLISTS; i++) {
			ret |= sp_add(sim, &cap, SIM_TU_RUNLIST_SUBMIT(i), SP_TU_SUBMIT, i);
			ret |= sp_add(sim, &cap, SIM_TU_RUNLIST_SUBMIT_INFO(i), SP_READ_ONLY, i);
		}
	}
	if (is_pre_ampere(g))
		ret |= sp_add(sim, &cap, SIM_PFIFO_PREEMPT, SP_PFIFO_PREEMPT, 0);
	if (is_ampere_plus(g)) {
		ret |= find_runlists(sim, err, errlen);
		if (ret)
			return ret;
		for (i = 0; i < sim->nrl; i++) {
			ret |= sp_add(sim, &cap, sim->rl[i].submit, SP_RL_SUBMIT, i);
			ret |= sp_add(sim, &cap, sim->rl[i].info, SP_READ_ONLY, i);
			ret |= sp_add(sim, &cap, sim->rl[i].preempt, SP_RL_PREEMPT, i);
		}
	}
	if (ret) {
		nvs_seterr(err, errlen, "out of memory");
		return -ENOMEM;
	}
	if (sim->nsp)
		qsort(sim->sp, sim->nsp, sizeof(*sim->sp), cmp_sp);
	return 0;
}

/* ---- writes with semantics ----------------------------------------------- */

/* regs-fifo.md 4.1 NV_PCCSR_CHANNEL write. */
static uint32_t pccsr_channel_write(const struct nvs_sim *sim, uint32_t old,
				    uint32_t val)
{
	uint32_t rw = SIM_PCCSR_NEXT;
	uint32_t nv;

	if (sim->gen == NVS_SIM_GEN_KEPLER)
		rw |= SIM_PCCSR_RUNLIST_MASK;
	/* read-only and reserved bits keep their value; W-only never stick */
	nv = (old & ~rw & ~SIM_PCCSR_W_ONLY) | (val & rw);
	if (val & SIM_PCCSR_ENABLE_SET)
		nv |= SIM_PCCSR_ENABLE;
	if (val & SIM_PCCSR_ENABLE_CLR)
		nv &= ~SIM_PCCSR_ENABLE;
	/* PBDMA_FAULTED / ENG_FAULTED: write 1 resets, 0 keeps */
	nv &= ~(val & (SIM_PCCSR_PBDMA_FAULTED | SIM_PCCSR_ENG_FAULTED));
	if (sim->gen == NVS_SIM_GEN_TURING) {
		if (val & SIM_PCCSR_FORCE_PBDMA_FAULTED)
			nv |= SIM_PCCSR_PBDMA_FAULTED;
		if (val & SIM_PCCSR_FORCE_ENG_FAULTED)
			nv |= SIM_PCCSR_ENG_FAULTED;
	}
	return nv;
}

/* regs-fifo.md 4.2 NV_CHRAM_CHANNEL write. */
static uint32_t chram_write(uint32_t old, uint32_t val)
{
	uint32_t nv;

	if (val == SIM_CHRAM_CLEAR_CHANNEL)
		return 0;
	if (val & SIM_CHRAM_WRITE_CONTROL)
		nv = old & ~(val & SIM_CHRAM_RW_MASK);
	else
		nv = old | (val & SIM_CHRAM_RW_MASK);
	return nv & ~SIM_CHRAM_WRITE_CONTROL;
}

static int in_chram(const struct nvs_sim *sim, uint32_t off)
{
	size_t i;

	for (i = 0; i < sim->nrl; i++)
		if (sim->rl[i].chram && off >= sim->rl[i].chram &&
		    off - sim->rl[i].chram < 4 * sim->rl[i].nch)
			return 1;
	return 0;
}

static int log_append(struct nvs_sim *sim, uint32_t off, uint32_t val)
{
	if (sim->nlog == sim->cap_log) {
		size_t ncap = sim->cap_log ? sim->cap_log * 2 : 256;
		struct nvs_sim_write *n = realloc(sim->log, ncap * sizeof(*n));

		if (!n)
			return -ENOMEM;
		sim->log = n;
		sim->cap_log = ncap;
	}
	sim->log[sim->nlog].off = off;
	sim->log[sim->nlog].val = val;
	sim->nlog++;
	return 0;
}

/* regs-fifo.md 3.1-3.3: what a submit made the GPU run */
static void record_submit(struct nvs_sim *sim, unsigned idx, uint64_t base, unsigned ap,
			  uint32_t len, uint32_t offset)
{
	sim->nsubmits++;
	sim->last_submit.idx = idx;
	sim->last_submit.base = base;
	sim->last_submit.ap = ap;
	sim->last_submit.len = len;
	sim->last_submit.offset = offset;
}

/* SP_PFIFO_SUBMIT (regs-fifo.md 3.1): the runlist named by ID is pending */
static void pfifo_submit_write(struct nvs_sim *sim, uint32_t off, uint32_t val)
{
	uint32_t id = (val >> SIM_PFIFO_RUNLIST_ID_SHIFT) & SIM_PFIFO_RUNLIST_ID_MASK;
	uint32_t eng = SIM_PFIFO_ENG_RUNLIST(id);
	uint32_t lo;

	reg_set(sim, off, val);
	reg_set(sim, SIM_PFIFO_ENG_RUNLIST_BASE(id),
		reg_get(sim, SIM_PFIFO_RUNLIST_BASE));
	/* the read-back has only LENGTH and PENDING */
	reg_set(sim, eng, val & SIM_PFIFO_RUNLIST_LEN_MASK);
	pend_set(sim, eng, SIM_PFIFO_ENG_RUNLIST_PENDING);
	lo = reg_get(sim, SIM_PFIFO_RUNLIST_BASE);
	record_submit(sim, id, (uint64_t)(lo & 0x0fffffffu) << 12, (lo >> 28) & 3u,
		      val & SIM_PFIFO_RUNLIST_LEN_MASK, 0);
}

/* SP_TU_SUBMIT (regs-fifo.md 3.2): Turing's per-runlist submit */
static void tu_submit_write(struct nvs_sim *sim, const struct special *sp,
			    uint32_t off, uint32_t val)
{
	uint32_t lo, hi;

	reg_set(sim, off, val);
	pend_set(sim, SIM_TU_RUNLIST_SUBMIT_INFO(sp->idx), SIM_SUBMIT_INFO_PENDING);
	lo = reg_get(sim, SIM_TU_RUNLIST_BASE_LO(sp->idx));
	hi = reg_get(sim, SIM_TU_RUNLIST_BASE_LO(sp->idx) + 4);
	record_submit(sim, sp->idx, ((uint64_t)(hi & 0xffu) << 32) | (lo & ~0xfffu),
		      lo & 3u, val & 0xffffu, val >> 16);
}

/* SP_RL_SUBMIT (regs-fifo.md 3.3): a runlist's own submit register */
static void rl_submit_write(struct nvs_sim *sim, const struct special *sp,
			    uint32_t off, uint32_t val)
{
	uint32_t lo, hi;

	reg_set(sim, off, val);
	pend_set(sim, sim->rl[sp->idx].info, SIM_SUBMIT_INFO_PENDING);
	/* BASE_LO/HI: 8 and 4 bytes before SUBMIT in both layouts */
	lo = reg_get(sim, off - 8);
	hi = reg_get(sim, off - 4);
	record_submit(sim, sp->idx, ((uint64_t)(hi & 0xfffffu) << 32) | (lo & ~0xffu),
		      lo & 3u, val & 0xffffu, val >> 16);
}

/* SP_PFIFO_PREEMPT: PENDING is read-only: keep its state, then start a preempt */
static void pfifo_preempt_write(struct nvs_sim *sim, uint32_t off, uint32_t val, uint32_t old)
{
	reg_set(sim, off, (val & ~SIM_PFIFO_PREEMPT_PENDING) |
			  (old & SIM_PFIFO_PREEMPT_PENDING));
	pend_set(sim, off, SIM_PFIFO_PREEMPT_PENDING);
	/* regs-fifo.md 5.1: ID 11:0, TYPE 25:24 (1 TSG) */
	if (((val >> 24) & 3u) == 1u) {
		sim->npreempts++;
		sim->last_preempt_tsg = val & 0xfffu;
	}
}

/* SP_RL_PREEMPT: the pending bits are read-only; a TSG or runlist preempt */
static void rl_preempt_write(struct nvs_sim *sim, uint32_t off, uint32_t val, uint32_t old)
{
	uint32_t pbits = SIM_RL_PREEMPT_TSG_PENDING | SIM_RL_PREEMPT_RUNLIST_PENDING;
	uint32_t type = (val >> SIM_RL_PREEMPT_TYPE_SHIFT) & SIM_RL_PREEMPT_TYPE_MASK;

	reg_set(sim, off, (val & ~pbits) | (old & pbits));
	if (type == SIM_RL_PREEMPT_TYPE_TSG) {
		pend_set(sim, off, SIM_RL_PREEMPT_TSG_PENDING);
		sim->npreempts++;
		sim->last_preempt_tsg = val & 0xfffu;	/* ID 11:0 */
	}
	else if (type == SIM_RL_PREEMPT_TYPE_RUNLIST)
		pend_set(sim, off, SIM_RL_PREEMPT_RUNLIST_PENDING);
}

/* special_write - a write to a register with semantics (@old: its value) */
static void special_write(struct nvs_sim *sim, const struct special *sp,
			  uint32_t off, uint32_t val, uint32_t old)
{
	switch (sp->kind) {
	case SP_WINDOW:
		reg_set(sim, off, val);
		win_update(sim, 0);
		break;
	case SP_READ_ONLY:
		reg_set(sim, off, reg_get(sim, off));	/* undo an external raw store */
		break;
	case SP_PFIFO_SUBMIT:
		pfifo_submit_write(sim, off, val);
		break;
	case SP_TU_SUBMIT:
		tu_submit_write(sim, sp, off, val);
		break;
	case SP_RL_SUBMIT:
		rl_submit_write(sim, sp, off, val);
		break;
	case SP_PFIFO_PREEMPT:
		pfifo_preempt_write(sim, off, val, old);
		break;
	case SP_RL_PREEMPT:
		rl_preempt_write(sim, off, val, old);
		break;
	}
}

void nvs_sim_wr32(struct nvs_sim *sim, uint32_t off, uint32_t val)
{
	const struct special *sp;
	uint32_t old;

	log_append(sim, off, val);
	if (off >= NVSS_BAR0_SIZE)
		return;
	off &= ~3u;
	old = reg_get(sim, off);

	if (off >= SIM_PRAMIN_BASE && off < SIM_PRAMIN_BASE + SIM_PRAMIN_SIZE) {
		pramin_write(sim, off, val);
		return;
	}
	/*
	 * A register with semantics that the snapshot did not capture (or
	 * captured as a PRI error, regs-fifo.md 8.3) starts from 0: its error
	 * pattern must not turn into enable, fault or pending bits.
	 */
	if (pri_error(old))
		old = 0;
	if (is_pre_ampere(sim->gen) && off >= SIM_PCCSR_BASE &&
	    off < SIM_PCCSR_BASE + SIM_PCCSR_SIZE) {
		if ((off & 7) == SIM_PCCSR_CHANNEL_WORD)
			reg_set(sim, off, pccsr_channel_write(sim, old, val));
		else
			reg_set(sim, off, val);	/* CHANNEL_INST: plain RW */
		return;
	}
	if (sim->nrl && in_chram(sim, off)) {
		reg_set(sim, off, chram_write(old, val));
		return;
	}
	sp = sim->nsp ? sp_find(sim, off) : NULL;
	if (!sp) {
		reg_set(sim, off, val);
		return;
	}
	special_write(sim, sp, off, val, old);
}

void nvs_sim_poke(struct nvs_sim *sim, uint32_t off, uint32_t val)
{
	if (off >= NVSS_BAR0_SIZE)
		return;
	off &= ~3u;
	if (off >= SIM_PRAMIN_BASE && off < SIM_PRAMIN_BASE + SIM_PRAMIN_SIZE) {
		pramin_write(sim, off, val);
		return;
	}
	reg_set(sim, off, val);
	if (sim->win_reg && off == sim->win_reg)
		win_update(sim, 0);
}

uint32_t nvs_sim_rd32(struct nvs_sim *sim, uint32_t off)
{
	uint32_t v;

	if (off >= NVSS_BAR0_SIZE)
		return SIM_BAD;
	off &= ~3u;
	v = reg_get(sim, off);
	if (sim->npend)
		pend_step(sim, 1, off);
	return v;
}

/* ---- memory API ---------------------------------------------------------- */

int nvs_sim_mem_read(struct nvs_sim *sim, enum nvs_aperture ap, uint64_t addr,
		     void *buf, size_t len)
{
	struct store *st = store_for(sim, ap);

	if (!st)
		return -EINVAL;
	if (!range_ok(addr, len) || !store_backed(st, addr, len))
		return -EIO;
	store_read(st, addr, buf, len);
	return 0;
}

int nvs_sim_mem_write(struct nvs_sim *sim, enum nvs_aperture ap, uint64_t addr,
		      const void *buf, size_t len)
{
	struct store *st = store_for(sim, ap);
	int ret;

	if (!st)
		return -EINVAL;
	if (!range_ok(addr, len) || !store_backed(st, addr, len))
		return -EIO;
	ret = store_write(st, addr, buf, len, 0);
	if (!ret)
		win_refresh(sim, st, addr, len);
	return ret;
}

int nvs_sim_add_mem(struct nvs_sim *sim, enum nvs_aperture ap, uint64_t addr,
		    const void *buf, size_t len)
{
	struct store *st = store_for(sim, ap);
	int ret;

	if (!st)
		return -EINVAL;
	if (!range_ok(addr, len))
		return -EINVAL;
	ret = store_write(st, addr, buf, len, 1);
	if (!ret)
		win_refresh(sim, st, addr, len);
	return ret;
}

/* ---- io vtable ----------------------------------------------------------- */

static uint32_t io_rd32(void *ctx, uint32_t off)
{
	return nvs_sim_rd32(ctx, off);
}

static void io_wr32(void *ctx, uint32_t off, uint32_t val)
{
	nvs_sim_wr32(ctx, off, val);
}

static int io_mem_read(void *ctx, enum nvs_aperture ap, uint64_t addr,
		       void *buf, size_t len)
{
	return nvs_sim_mem_read(ctx, ap, addr, buf, len);
}

static int io_mem_write(void *ctx, enum nvs_aperture ap, uint64_t addr,
			const void *buf, size_t len)
{
	return nvs_sim_mem_write(ctx, ap, addr, buf, len);
}

const struct nvs_io *nvs_sim_io(struct nvs_sim *sim)
{
	return &sim->io;
}

/* ---- the owning driver's submits ------------------------------------------ */

static int drv_add(struct nvs_sim *sim, const uint32_t *off, const uint32_t *val, unsigned n)
{
	struct drv_submit *d;
	unsigned i;

	d = realloc(sim->drv, (sim->ndrv + 1) * sizeof(*d));
	if (!d)
		return -ENOMEM;
	sim->drv = d;
	d = &sim->drv[sim->ndrv++];
	d->n = n;
	for (i = 0; i < n; i++) {
		d->off[i] = off[i];
		d->val[i] = val[i];
	}
	return 0;
}

/*
 * capture_submit3 - the BASE_LO, BASE_HI (4 bytes after it) and SUBMIT
 * writes of one runlist, remembered when the snapshot shows it with entries
 */
static int capture_submit3(struct nvs_sim *sim, uint32_t base_lo, uint32_t submit)
{
	uint32_t off[3] = { base_lo, base_lo + 4, submit }, val[3];

	val[0] = reg_get(sim, off[0]);
	val[1] = reg_get(sim, off[1]);
	val[2] = reg_get(sim, off[2]);
	if (pri_error(val[0]) || pri_error(val[1]) || pri_error(val[2]) ||
	    !(val[2] & 0xffffu))
		return 0;
	return drv_add(sim, off, val, 3) ? -ENOMEM : 0;
}

/*
 * Remember, per runlist with entries, the writes that submit it as the
 * snapshot shows it (regs-fifo.md 3.1-3.3), for nvs_sim_driver_resubmit().
 */
static int capture_driver_submits(struct nvs_sim *sim)
{
	uint32_t off[3], val[3];
	unsigned i;

	if (sim->gen >= NVS_SIM_GEN_KEPLER && sim->gen <= NVS_SIM_GEN_VOLTA) {
		for (i = 0; i < SIM_PFIFO_NUM_RUNLISTS; i++) {
			uint32_t b = reg_get(sim, SIM_PFIFO_ENG_RUNLIST_BASE(i));
			uint32_t l = reg_get(sim, SIM_PFIFO_ENG_RUNLIST(i));

			if (pri_error(b) || pri_error(l) || !(l & SIM_PFIFO_RUNLIST_LEN_MASK))
				continue;
			off[0] = SIM_PFIFO_RUNLIST_BASE;
			val[0] = b & 0x3fffffffu;
			off[1] = SIM_PFIFO_RUNLIST;
			val[1] = (i << SIM_PFIFO_RUNLIST_ID_SHIFT) | (l & SIM_PFIFO_RUNLIST_LEN_MASK);
			if (drv_add(sim, off, val, 2))
				return -ENOMEM;
		}
		return 0;
	}
	if (sim->gen == NVS_SIM_GEN_TURING) {
		for (i = 0; i < SIM_TU_NUM_RUNLISTS; i++)
			if (capture_submit3(sim, SIM_TU_RUNLIST_BASE_LO(i),
					    SIM_TU_RUNLIST_SUBMIT(i)))
				return -ENOMEM;
		return 0;
	}
	for (i = 0; i < sim->nrl; i++)
		if (capture_submit3(sim, sim->rl[i].submit - 8, sim->rl[i].submit))
			return -ENOMEM;
	return 0;
}

int nvs_sim_driver_resubmit(struct nvs_sim *sim, size_t i)
{
	unsigned k;

	if (i >= sim->ndrv)
		return -1;
	for (k = 0; k < sim->drv[i].n; k++)
		nvs_sim_wr32(sim, sim->drv[i].off[k], sim->drv[i].val[k]);
	return 0;
}

unsigned long nvs_sim_preempts(const struct nvs_sim *sim, unsigned *last_tsg)
{
	if (last_tsg)
		*last_tsg = sim->last_preempt_tsg;
	return sim->npreempts;
}

unsigned long nvs_sim_submits(const struct nvs_sim *sim, struct nvs_sim_submit *last)
{
	if (last)
		*last = sim->last_submit;
	return sim->nsubmits;
}

/* ---- construction -------------------------------------------------------- */

/*
 * load_regs - the snapshot's registers into sim->regs, every other word
 * reading as SIM_BAD; an offset outside BAR0, unaligned or in the PRAMIN
 * window is refused.
 */
static int load_regs(struct nvs_sim *sim, const struct nvss *snap, char *err, size_t errlen)
{
	size_t i;

	for (i = 0; i < SIM_BAR0_WORDS; i++)
		sim->regs[i] = SIM_BAD;
	for (i = 0; i < snap->nregs; i++) {
		uint32_t off = snap->regs[i].off;

		if (off >= NVSS_BAR0_SIZE || (off & 3) ||
		    (off >= SIM_PRAMIN_BASE && off < SIM_PRAMIN_BASE + SIM_PRAMIN_SIZE)) {
			nvs_seterr(err, errlen, "register offset 0x%x not usable in BAR0", off);
			return -1;
		}
		sim->regs[off >> 2] = snap->regs[i].val;
	}
	return 0;
}

/* load_mems - the snapshot's memory ranges into their aperture's store */
static int load_mems(struct nvs_sim *sim, const struct nvss *snap, char *err, size_t errlen)
{
	size_t i;

	for (i = 0; i < snap->nmems; i++) {
		const struct nvss_mem *m = &snap->mems[i];
		struct store *st = store_for(sim, m->ap);

		if (!st || !range_ok(m->addr, m->len) ||
		    store_write(st, m->addr, m->data, m->len, 1)) {
			nvs_seterr(err, errlen, "cannot load memory range at 0x%" PRIx64, m->addr);
			return -1;
		}
	}
	return 0;
}

/* set_window - the BAR0 window register and its base mask for sim->gen */
static void set_window(struct nvs_sim *sim)
{
	switch (sim->gen) {
	case NVS_SIM_GEN_UNKNOWN:
		sim->win_reg = 0;
		break;
	case NVS_SIM_GEN_HOPPER:
		sim->win_reg = SIM_XAL_BAR0_WINDOW;
		sim->win_base_mask = SIM_XAL_BASE_MASK_GH100;
		break;
	case NVS_SIM_GEN_BLACKWELL:
	case NVS_SIM_GEN_BLACKWELL_GB20X:
		sim->win_reg = SIM_XAL_BAR0_WINDOW;
		/* Tegra GB10B (0x1AB), GB20B (0x1BB), GB20C (0x1BC) */
		if (sim->chip == 0x1ab || sim->chip == 0x1bb || sim->chip == 0x1bc)
			sim->win_base_mask = SIM_XAL_BASE_MASK_TEGRA;
		else
			sim->win_base_mask = SIM_XAL_BASE_MASK_GB100;
		break;
	default:	/* Kepler .. Ampere, and Ada */
		sim->win_reg = SIM_PBUS_BAR0_WINDOW;
		sim->win_base_mask = SIM_PBUS_WINDOW_BASE_MASK;
		break;
	}
}

struct nvs_sim *nvs_sim_new(const struct nvss *snap, uint32_t *bar0,
			    char *err, size_t errlen)
{
	struct nvs_sim *sim;

	if (err && errlen)
		err[0] = 0;
	sim = calloc(1, sizeof(*sim));
	if (!sim) {
		nvs_seterr(err, errlen, "out of memory");
		return NULL;
	}
	sim->pending_ticks = NVS_SIM_DEFAULT_PENDING_TICKS;
	sim->regs = malloc(NVSS_BAR0_SIZE);
	if (!sim->regs) {
		nvs_seterr(err, errlen, "out of memory");
		goto fail;
	}
	sim->img = bar0 ? bar0 : sim->regs;
	if (load_regs(sim, snap, err, errlen) || load_mems(sim, snap, err, errlen))
		goto fail;

	sim->chip = chip_from_regs(sim);
	sim->gen = gen_of(sim->chip);
	set_window(sim);
	if (build_specials(sim, err, errlen))
		goto fail;
	if (capture_driver_submits(sim)) {
		nvs_seterr(err, errlen, "out of memory");
		goto fail;
	}
	win_update(sim, 1);
	if (sim->img != sim->regs)
		memcpy(sim->img, sim->regs, NVSS_BAR0_SIZE);

	sim->io = (struct nvs_io){ .rd32 = io_rd32, .wr32 = io_wr32, .mem_read = io_mem_read,
				  .mem_write = io_mem_write, .ctx = sim };
	return sim;
fail:
	nvs_sim_free(sim);
	return NULL;
}

struct nvs_sim *nvs_sim_open(const char *path, char *err, size_t errlen)
{
	struct nvss *s;
	struct nvs_sim *sim;

	if (nvss_parse_file(path, &s, err, errlen))
		return NULL;
	sim = nvs_sim_new(s, NULL, err, errlen);
	nvss_free(s);
	return sim;
}

void nvs_sim_free(struct nvs_sim *sim)
{
	if (!sim)
		return;
	free(sim->regs);
	store_free(&sim->vid);
	store_free(&sim->sys);
	free(sim->sp);
	free(sim->rl);
	free(sim->pend);
	free(sim->log);
	free(sim->drv);
	free(sim);
}

/* ---- accessors ----------------------------------------------------------- */

const struct nvs_sim_write *nvs_sim_log(const struct nvs_sim *sim, size_t *n)
{
	*n = sim->nlog;
	return sim->log;
}

void nvs_sim_log_clear(struct nvs_sim *sim)
{
	sim->nlog = 0;
}

unsigned nvs_sim_window_moves(const struct nvs_sim *sim)
{
	return sim->win_moves;
}

uint32_t nvs_sim_chip_id(const struct nvs_sim *sim)
{
	return sim->chip;
}

enum nvs_sim_gen nvs_sim_gen(const struct nvs_sim *sim)
{
	return sim->gen;
}

uint32_t nvs_sim_window_reg(const struct nvs_sim *sim)
{
	return sim->win_reg;
}

uint64_t nvs_sim_window_base(const struct nvs_sim *sim)
{
	return sim->win_base;
}

unsigned nvs_sim_unbacked_writes(const struct nvs_sim *sim)
{
	return sim->unbacked_writes;
}

size_t nvs_sim_runlists(const struct nvs_sim *sim)
{
	return sim->nrl;
}

uint32_t nvs_sim_runlist_pri_base(const struct nvs_sim *sim, size_t i)
{
	return i < sim->nrl ? sim->rl[i].pri : 0;
}

uint32_t nvs_sim_runlist_chram(const struct nvs_sim *sim, size_t i,
			       uint32_t *nchannels)
{
	if (nchannels)
		*nchannels = i < sim->nrl ? sim->rl[i].nch : 0;
	return i < sim->nrl ? sim->rl[i].chram : 0;
}
