// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * runlist.c - locate runlists per generation, fetch them from GPU memory,
 * decode 8-byte (Kepler-Pascal) and 16-byte (Volta+) entries, and read
 * channel state from PCCSR (Kepler-Turing) or CHRAM (Ampere+).
 * Register facts: include/nvsched/regs/fifo.h (regs-fifo.md §3-§5).
 */
#include "runlist.h"
#include "pramin.h"
#include "mmu.h"
#include "nvsched/regs/fifo.h"

static bool has_runlist(const struct nvs_topology *t, int id, uint32_t *pri_base)
{
	unsigned int i;

	for (i = 0; t && i < t->n; i++)
		if (t->eng[i].runlist == id) {
			if (pri_base)
				*pri_base = t->eng[i].runlist_pri_base;
			return true;
		}
	return false;
}

static uint32_t pccsr_channels(const struct nvs_io *io, const struct nvs_caps *caps)
{
	uint32_t n;

	if (!caps->has_cfg1)
		return caps->pccsr_channels;		/* regs-fifo.md §4.3 */
	n = nvs_rd32(io, NV_PFIFO_CFG1);		/* GM200+ NUM_CHANNELS */
	if (nvs_reg_unreadable(n) || n == 0 || n > NV_PCCSR_CHANNEL__SIZE_MAX)
		return caps->pccsr_channels;
	return n;
}

/* Kepler-Volta: the per-runlist read-back registers (regs-fifo.md §3.1) */
static int locate_pfifo_single(const struct nvs_io *io, const struct nvs_caps *caps,
			       int id, struct nvs_rl_loc *loc)
{
	uint32_t lo, sub;

	if (id >= NV_PFIFO_ENG_RUNLIST__SIZE_1)
		return -ENOENT;
	lo = nvs_rd32(io, NV_PFIFO_ENG_RUNLIST_BASE(id));
	sub = nvs_rd32(io, NV_PFIFO_ENG_RUNLIST(id));
	if (nvs_reg_unreadable(lo) || nvs_reg_unreadable(sub))
		return -EIO;
	loc->base = (uint64_t)NVS_GET(lo, NV_PFIFO_ENG_RUNLIST_BASE_PTR) << 12;
	loc->aperture = NVS_GET(lo, NV_PFIFO_ENG_RUNLIST_BASE_TARGET);
	loc->length = NVS_GET(sub, NV_PFIFO_ENG_RUNLIST_LENGTH);
	loc->num_channels = pccsr_channels(io, caps);
	return 0;
}

/* Turing: indexed submit registers (regs-fifo.md §3.2) */
static int locate_pfifo_indexed(const struct nvs_io *io, const struct nvs_caps *caps,
				int id, struct nvs_rl_loc *loc)
{
	uint32_t lo, hi, sub;

	if (id >= NV_PFIFO_RUNLIST_SUBMIT__SIZE_1)
		return -ENOENT;
	lo = nvs_rd32(io, NV_PFIFO_RUNLIST_BASE_LO(id));
	hi = nvs_rd32(io, NV_PFIFO_RUNLIST_BASE_HI(id));
	sub = nvs_rd32(io, NV_PFIFO_RUNLIST_SUBMIT(id));
	if (nvs_reg_unreadable(lo) || nvs_reg_unreadable(hi) || nvs_reg_unreadable(sub))
		return -EIO;
	loc->base = ((uint64_t)NVS_GET(hi, NV_PFIFO_RUNLIST_BASE_HI_PTR_HI) << 32) |
		    (NVS_GET(lo, NV_PFIFO_RUNLIST_BASE_LO_PTR_LO) << 12);
	loc->aperture = NVS_GET(lo, NV_PFIFO_RUNLIST_BASE_LO_TARGET);
	loc->length = NVS_GET(sub, NV_RUNLIST_SUBMIT_LENGTH);
	loc->offset = NVS_GET(sub, NV_RUNLIST_SUBMIT_OFFSET);
	loc->num_channels = pccsr_channels(io, caps);
	return 0;
}

/* Ampere+: the NV_RUNLIST block at the PTOP base, laid out as caps say
 * (regs-fifo.md §3.3) */
static int locate_block(const struct nvs_io *io, const struct nvs_caps *caps,
			struct nvs_rl_loc *loc)
{
	const struct nvs_rl_block *blk = caps->rl_block;
	uint32_t lo, hi, sub, cfg, shift = caps->rl_base_shift, log2;

	if (!loc->pri_base || !blk)
		return -ENOENT;
	lo = nvs_rd32(io, NV_RUNLIST(loc->pri_base, blk, submit_base_lo));
	hi = nvs_rd32(io, NV_RUNLIST(loc->pri_base, blk, submit_base_hi));
	sub = nvs_rd32(io, NV_RUNLIST(loc->pri_base, blk, submit));
	cfg = nvs_rd32(io, NV_RUNLIST(loc->pri_base, blk, channel_config));
	if (nvs_reg_unreadable(lo) || nvs_reg_unreadable(hi) || nvs_reg_unreadable(sub) || nvs_reg_unreadable(cfg))
		return -EIO;
	/* SUBMIT_BASE_HI.PTR_HI: 7:0, or 19:0 from GH100 on */
	hi &= (uint32_t)(((uint64_t)1 << caps->rl_base_hi_bits) - 1);
	loc->base = ((uint64_t)hi << 32) | (lo & ~((1u << shift) - 1));
	loc->aperture = NVS_GET(lo, NV_RUNLIST_SUBMIT_BASE_LO_TARGET);
	loc->length = NVS_GET(sub, NV_RUNLIST_SUBMIT_LENGTH);
	loc->offset = NVS_GET(sub, NV_RUNLIST_SUBMIT_OFFSET);
	log2 = NVS_GET(cfg, NV_RUNLIST_CHANNEL_CONFIG_NUM_CHANNELS_LOG2);
	if (log2 > 12)
		return -EIO;
	loc->num_channels = 1u << log2;
	loc->chram_base = NVS_GET(cfg, NV_RUNLIST_CHANNEL_CONFIG_CHRAM_BAR0_OFFSET) <<
			  NVS_LO(NV_RUNLIST_CHANNEL_CONFIG_CHRAM_BAR0_OFFSET);
	if (loc->chram_base == 0 || loc->chram_base >= 0x1000000)
		return -EIO;
	return 0;
}

int nvs_runlist_locate(const struct nvs_io *io, const struct nvs_caps *caps,
		       const struct nvs_topology *t, int id, struct nvs_rl_loc *loc)
{
	memset(loc, 0, sizeof(*loc));
	loc->id = id;
	if (!caps)
		return -EOPNOTSUPP;
	if (id < 0 || (t && !has_runlist(t, id, &loc->pri_base)))
		return -ENOENT;

	switch (caps->rl_regs) {
	case NVS_RL_PFIFO_SINGLE:
		return locate_pfifo_single(io, caps, id, loc);
	case NVS_RL_PFIFO_INDEXED:
		return locate_pfifo_indexed(io, caps, id, loc);
	case NVS_RL_BLOCK_GA100:
	case NVS_RL_BLOCK_GB20X:
		return locate_block(io, caps, loc);
	}
	return -EOPNOTSUPP;
}

size_t nvs_runlist_bytes(const struct nvs_caps *caps, const struct nvs_rl_loc *loc)
{
	return (size_t)loc->length * caps->rl_entry_size;
}

int nvs_runlist_fetch(const struct nvs_io *io, const struct nvs_caps *caps,
		      const struct nvs_rl_loc *loc, void *raw, unsigned int *moves)
{
	size_t bytes = nvs_runlist_bytes(caps, loc), i, n, e;
	const uint32_t *w = raw;
	int ret;

	if (loc->length == 0)
		return 0;
	if (loc->aperture == 1)
		return -EIO;		/* undefined TARGET value */
	ret = nvs_vid_read(io, caps, (enum nvs_aperture)loc->aperture, loc->base,
			   raw, bytes, moves);
	if (ret)
		return ret;
	/* memory that is not there reads back as PRI errors: an entry made
	 * only of such words anywhere in the list means the list (or its
	 * length) is not real; never decode it */
	n = caps->rl_entry_size / 4;
	for (e = 0; e < loc->length; e++) {
		for (i = 0; i < n && nvs_reg_unreadable(w[e * n + i]); i++)
			;
		if (i == n)
			return -EIO;
	}
	return 0;
}

static void decode8(const uint32_t *w, struct nvs_rl_item *it)
{
	it->id = NVS_GET(w[0], NV_RAMRL_ENTRY_ID_GK104);
	if (NVS_GET(w[0], NV_RAMRL_ENTRY_TYPE_GK104) == NV_RAMRL_ENTRY_TYPE_TSG_GK104) {
		it->kind = NVS_RL_TSG;
		it->scale = NVS_GET(w[0], NV_RAMRL_ENTRY_TIMESLICE_SCALE_GK104);
		it->timeout = NVS_GET(w[0], NV_RAMRL_ENTRY_TIMESLICE_TIMEOUT_GK104);
		it->length = NVS_GET(w[0], NV_RAMRL_ENTRY_TSG_LENGTH_GK104);
	} else {
		/* w1 is undocumented (regs-fifo.md §3.4.1): the instance
		 * pointer comes from PCCSR instead */
		it->kind = NVS_RL_CHAN;
	}
}

/* The fields of a 16-byte entry that moved between formats: the TSG/channel
 * id, USERD_PTR_HI and INST_PTR_HI (enum nvs_rl_entry). */
static uint32_t rl16_id(enum nvs_rl_entry f, const uint32_t *e, bool tsg)
{
	bool narrow = f == NVS_RL_ENTRY_GA100 || f == NVS_RL_ENTRY_GH100 ||
		      f == NVS_RL_ENTRY_GB20X;	/* 11-bit ids from GA100 on */

	if (tsg)
		return narrow ? NVS_EGET(e, NV_RAMRL_ENTRY_TSG_TSGID_GA100) :
				NVS_EGET(e, NV_RAMRL_ENTRY_TSG_TSGID_GV100);
	return narrow ? NVS_EGET(e, NV_RAMRL_ENTRY_CHAN_CHID_GA100) :
			NVS_EGET(e, NV_RAMRL_ENTRY_CHAN_CHID_GV100);
}

static uint32_t rl16_userd_hi(enum nvs_rl_entry f, const uint32_t *e)
{
	switch (f) {
	case NVS_RL_ENTRY_GV100:
		return NVS_EGET(e, NV_RAMRL_ENTRY_CHAN_USERD_PTR_HI_GV100);
	case NVS_RL_ENTRY_GH100:
	case NVS_RL_ENTRY_GB20X:
		return NVS_EGET(e, NV_RAMRL_ENTRY_CHAN_USERD_PTR_HI_GH100);
	default:
		return NVS_EGET(e, NV_RAMRL_ENTRY_CHAN_USERD_PTR_HI_TU102);
	}
}

static uint32_t rl16_inst_hi(enum nvs_rl_entry f, const uint32_t *e)
{
	if (f == NVS_RL_ENTRY_GB20X)
		return NVS_EGET(e, NV_RAMRL_ENTRY_CHAN_INST_PTR_HI_GB202);
	return NVS_EGET(e, NV_RAMRL_ENTRY_CHAN_INST_PTR_HI_GV100);
}

static void decode16(enum nvs_rl_entry f, const uint32_t *e, struct nvs_rl_item *it)
{
	if (NVS_EGET(e, NV_RAMRL_ENTRY_TYPE_GV100) == NV_RAMRL_ENTRY_TYPE_TSG_GV100) {
		it->kind = NVS_RL_TSG;
		it->scale = NVS_EGET(e, NV_RAMRL_ENTRY_TSG_TIMESLICE_SCALE_GV100);
		it->timeout = NVS_EGET(e, NV_RAMRL_ENTRY_TSG_TIMESLICE_TIMEOUT_GV100);
		it->length = NVS_EGET(e, NV_RAMRL_ENTRY_TSG_LENGTH_GV100);
		it->id = rl16_id(f, e, true);
		return;
	}
	it->kind = NVS_RL_CHAN;
	it->runqueue = NVS_EGET(e, NV_RAMRL_ENTRY_CHAN_RUNQUEUE_SELECTOR_GV100);
	it->inst_ap = NVS_EGET(e, NV_RAMRL_ENTRY_CHAN_INST_TARGET_GV100);
	it->userd_ap = NVS_EGET(e, NV_RAMRL_ENTRY_CHAN_USERD_TARGET_GV100);
	it->userd = ((uint64_t)rl16_userd_hi(f, e) << 32) |
		    (NVS_EGET(e, NV_RAMRL_ENTRY_CHAN_USERD_PTR_LO_GV100) << 8);
	it->has_userd = true;
	it->id = rl16_id(f, e, false);
	it->inst = ((uint64_t)rl16_inst_hi(f, e) << 32) |
		   (NVS_EGET(e, NV_RAMRL_ENTRY_CHAN_INST_PTR_LO_GV100) << 12);
	it->has_inst = true;
	if (f == NVS_RL_ENTRY_GB20X)
		it->veid = NVS_EGET(e, NV_RAMRL_ENTRY_CHAN_VEID_GB202);
}

void nvs_runlist_decode(const struct nvs_caps *caps, const struct nvs_rl_loc *loc,
			const void *raw, struct nvs_rl_item *items)
{
	const uint32_t *w = raw;
	unsigned int words = caps->rl_entry_size / 4;
	unsigned int max_len = caps->rl_entry_size == 8 ? NV_RAMRL_ENTRY_TSG_LENGTH_MAX_GK104 :
				NV_RAMRL_ENTRY_TSG_LENGTH_MAX_GV100;
	int32_t cur = -1;
	unsigned int pending = 0, i;

	for (i = 0; i < loc->length; i++) {
		struct nvs_rl_item *it = &items[i];

		memset(it, 0, sizeof(*it));
		it->tsg = -1;
		it->runqueue = -1;
		it->veid = -1;
		it->inst_ap = 0xff;
		it->userd_ap = 0xff;
		it->st.status = -1;
		if (words == 2)
			decode8(&w[i * 2], it);
		else
			decode16(caps->rl_entry, &w[i * 4], it);

		if (it->kind == NVS_RL_TSG) {
			if (pending && cur >= 0)
				items[cur].err = NVS_RLE_LENGTH_OVERRUN;
			cur = (int32_t)i;
			pending = it->length;
			if (it->length == 0)
				it->err = NVS_RLE_ZERO_LENGTH_TSG;
			else if (it->length > max_len)
				it->err = NVS_RLE_TSG_TOO_LONG;
			continue;
		}
		if (pending) {
			it->tsg = cur;
			pending--;
		} else if (words == 4) {
			it->err = NVS_RLE_CHANNEL_OUTSIDE_TSG;
		}
		if (it->id >= loc->num_channels)
			it->err = NVS_RLE_BAD_ID;
	}
	if (pending && cur >= 0)
		items[cur].err = NVS_RLE_LENGTH_OVERRUN;
}

void nvs_chan_state_read(const struct nvs_io *io, const struct nvs_caps *caps,
			 const struct nvs_rl_loc *loc, unsigned int chid,
			 struct nvs_chan_state *st)
{
	bool chram = caps->chan_ctl == NVS_CHAN_CHRAM;
	uint32_t v;

	memset(st, 0, sizeof(*st));
	st->status = -1;
	if (chid >= loc->num_channels)
		return;
	v = nvs_rd32(io, chram ? NV_CHRAM_CHANNEL(loc->chram_base, chid) : NV_PCCSR_CHANNEL(chid));
	if (nvs_reg_unreadable(v))
		return;
	st->valid = true;
	st->raw = v;
	if (chram) {
		st->enabled = NVS_TEST(v, NV_CHRAM_CHANNEL_ENABLE);
		st->busy = NVS_TEST(v, NV_CHRAM_CHANNEL_BUSY);
		st->flags = (NVS_TEST(v, NV_CHRAM_CHANNEL_NEXT) ? NVS_CHF_NEXT : 0) |
			    (st->busy ? NVS_CHF_BUSY : 0) |
			    (NVS_TEST(v, NV_CHRAM_CHANNEL_PENDING) ? NVS_CHF_PENDING : 0) |
			    (NVS_TEST(v, NV_CHRAM_CHANNEL_ON_PBDMA) ? NVS_CHF_ON_PBDMA : 0) |
			    (NVS_TEST(v, NV_CHRAM_CHANNEL_ON_ENG) ? NVS_CHF_ON_ENG : 0) |
			    (NVS_TEST(v, NV_CHRAM_CHANNEL_PBDMA_FAULTED) ? NVS_CHF_PBDMA_FAULTED : 0) |
			    (NVS_TEST(v, NV_CHRAM_CHANNEL_ENG_FAULTED) ? NVS_CHF_ENG_FAULTED : 0) |
			    (NVS_TEST(v, NV_CHRAM_CHANNEL_CTX_RELOAD) ? NVS_CHF_CTX_RELOAD : 0) |
			    (NVS_TEST(v, NV_CHRAM_CHANNEL_ACQUIRE_FAIL) ? NVS_CHF_ACQUIRE_FAIL : 0) |
			    (NVS_TEST(v, NV_CHRAM_CHANNEL_PBDMA_BUSY) ? NVS_CHF_PBDMA_BUSY : 0) |
			    (NVS_TEST(v, NV_CHRAM_CHANNEL_ENG_BUSY) ? NVS_CHF_ENG_BUSY : 0);
		return;
	}
	st->enabled = NVS_TEST(v, NV_PCCSR_CHANNEL_ENABLE);
	st->busy = NVS_TEST(v, NV_PCCSR_CHANNEL_BUSY);
	st->status = (int8_t)NVS_GET(v, NV_PCCSR_CHANNEL_STATUS);
	st->flags = (NVS_TEST(v, NV_PCCSR_CHANNEL_NEXT) ? NVS_CHF_NEXT : 0) |
		    (st->busy ? NVS_CHF_BUSY : 0) |
		    (NVS_TEST(v, NV_PCCSR_CHANNEL_PBDMA_FAULTED) ? NVS_CHF_PBDMA_FAULTED : 0) |
		    (NVS_TEST(v, NV_PCCSR_CHANNEL_ENG_FAULTED) ? NVS_CHF_ENG_FAULTED : 0);
}

/* PCCSR instance pointer (pre-Ampere): where 8-byte entries have none. */
static void pccsr_inst(const struct nvs_io *io, unsigned int chid, struct nvs_rl_item *it)
{
	uint32_t v = nvs_rd32(io, NV_PCCSR_CHANNEL_INST(chid));

	if (nvs_reg_unreadable(v) || !NVS_TEST(v, NV_PCCSR_CHANNEL_INST_BIND))
		return;
	it->inst = (uint64_t)NVS_GET(v, NV_PCCSR_CHANNEL_INST_PTR) << 12;
	it->inst_ap = NVS_GET(v, NV_PCCSR_CHANNEL_INST_TARGET);
	it->has_inst = true;
}

/**
 * nvs_runlist_read_states() - fill the channel state of every channel item
 * @io: register access (caller holds the per-GPU lock)
 * @caps: chip capabilities
 * @loc: the runlist
 * @items: decoded entries (loc->length)
 */
void nvs_runlist_read_states(const struct nvs_io *io, const struct nvs_caps *caps,
			     const struct nvs_rl_loc *loc, struct nvs_rl_item *items)
{
	unsigned int i;

	for (i = 0; i < loc->length; i++) {
		struct nvs_rl_item *it = &items[i];

		if (it->kind != NVS_RL_CHAN)
			continue;
		nvs_chan_state_read(io, caps, loc, it->id, &it->st);
		if (!it->has_inst && caps->chan_ctl == NVS_CHAN_PCCSR &&
		    it->id < loc->num_channels)
			pccsr_inst(io, it->id, it);
	}
}

static const char *const err_codes[] = {
	[NVS_RLE_NONE] = "none",
	[NVS_RLE_ZERO_LENGTH_TSG] = "zero_length_tsg",
	[NVS_RLE_TSG_TOO_LONG] = "tsg_too_long",
	[NVS_RLE_LENGTH_OVERRUN] = "length_overrun",
	[NVS_RLE_CHANNEL_OUTSIDE_TSG] = "channel_outside_tsg",
	[NVS_RLE_BAD_ID] = "bad_channel_id",
};

static const char *const err_msgs[] = {
	[NVS_RLE_NONE] = "",
	[NVS_RLE_ZERO_LENGTH_TSG] = "TSG header with length 0",
	[NVS_RLE_TSG_TOO_LONG] = "TSG length above the format's maximum",
	[NVS_RLE_LENGTH_OVERRUN] = "TSG ends (new TSG or end of runlist) before its length is reached",
	[NVS_RLE_CHANNEL_OUTSIDE_TSG] = "channel entry outside any TSG (not allowed from Volta on)",
	[NVS_RLE_BAD_ID] = "channel id beyond the channel count",
};

const char *nvs_rl_err_code(unsigned int err)
{
	return NVS_NAME(err_codes, err, "unknown");
}

const char *nvs_rl_err_msg(unsigned int err)
{
	return NVS_NAME(err_msgs, err, "unknown");
}

/* NV_PCCSR_CHANNEL_STATUS enum (regs-fifo.md §4.1) */
static const char *const status_names[] = {
	"idle", "pending", "pending_ctx_reload", "pending_acquire",
	"pending_acq_ctx_reload", "on_pbdma", "on_pbdma_and_eng", "on_eng",
	"on_eng_pending_acquire", "on_eng_pending", "on_pbdma_ctx_reload",
	"on_pbdma_and_eng_ctx_reload", "on_eng_ctx_reload",
	"on_eng_pending_ctx_reload", "on_eng_pending_acq_ctx_reload",
};

const char *nvs_chan_status_name(int status)
{
	if (status < 0)
		return NULL;
	return NVS_NAME(status_names, (unsigned int)status, "status15");
}

static const char *const chf_names[NVS_CHF_COUNT] = {
	"next", "busy", "pending", "on_pbdma", "on_eng", "pbdma_faulted",
	"eng_faulted", "ctx_reload", "acquire_fail", "pbdma_busy", "eng_busy",
};

const char *nvs_chf_name(unsigned int bit)
{
	return NVS_NAME(chf_names, bit, "unknown");
}

const char *nvs_rl_fetch_err_text(int err)
{
	switch (err) {
	case -EIO:
		return "runlist memory unreadable: not backed, or the GPU returned no data there";
	case -ERANGE:
		return "runlist address outside the PRAMIN window's reach";
	case -EINVAL:
		return "runlist base misaligned";
	case -ENOMEM:
		return "out of memory";
	case -EFBIG:
		return "runlist longer than nvsched reads (8192 entries)";
	case -EBUSY:
		return "the GPU's driver moved the PRAMIN window meanwhile: try again";
	case -ENODEV:
		return "the GPU reads all ones (fell off the bus?)";
	default:
		return "runlist memory unreadable";
	}
}

uint64_t nvs_timeslice_ns(unsigned int scale, unsigned int timeout)
{
	/* a timeslice of 0 is treated as 1 (regs-fifo.md §5.4) */
	uint64_t units = (uint64_t)timeout << scale;

	return (units ? units : 1) * 1024;
}

void nvs_runlist_read_insts(const struct nvs_io *io, const struct nvs_caps *caps,
			    const struct nvs_rl_loc *loc, const struct nvs_rl_item *items,
			    struct nvs_rl_inst *ri)
{
	struct nvs_mmu_cache cache;
	unsigned int i;
	bool stop = false;

	nvs_mmu_cache_init(&cache);
	for (i = 0; i < loc->length; i++) {
		const struct nvs_rl_item *it = &items[i];

		memset(&ri[i], 0, sizeof(ri[i]));
		if (it->kind != NVS_RL_CHAN || !it->has_inst)
			continue;
		if (stop || (stop = nvs_yield(io) != 0))
			continue;	/* interrupted: the rest stay !valid */
		ri[i].valid = true;
		ri[i].err = nvs_inst_read(io, caps, it->inst, it->inst_ap, &ri[i].in,
					  ri[i].why, sizeof(ri[i].why));
		if (!ri[i].err)
			nvs_inst_resolve(io, caps, &ri[i].in, &cache);
	}
}

static void format_chan(const struct nvs_rl_item *it, const struct nvs_rl_inst *ri,
			const char *ind, nvs_printf_fn pr, void *ctx)
{
	unsigned int b;

	pr(ctx, "%s+- Channel Entry %-4u-+\n", ind, it->id);
	if (it->runqueue >= 0)
		pr(ctx, "%s| Runqueue Selector: %d|\n", ind, it->runqueue);
	if (it->has_inst) {
		pr(ctx, "%s| Instance PTR:       |\n", ind);
		pr(ctx, "%s|   0x%016llx|\n", ind, (unsigned long long)it->inst);
		pr(ctx, "%s| %20s|\n", ind, nvs_aperture_manual_name(it->inst_ap));
	}
	if (it->has_userd) {
		pr(ctx, "%s| USERD PTR:          |\n", ind);
		pr(ctx, "%s|   0x%016llx|\n", ind, (unsigned long long)it->userd);
	}
	if (it->veid >= 0)
		pr(ctx, "%s| VEID:             %2d|\n", ind, it->veid);
	if (it->st.valid) {
		pr(ctx, "%s| Enabled:           %d|\n", ind, it->st.enabled);
		if (it->st.status >= 0)
			pr(ctx, "%s| Status: %12s|\n", ind, nvs_chan_status_name(it->st.status));
		for (b = 0; b < NVS_CHF_COUNT; b++)
			if (it->st.flags & (1u << b))
				pr(ctx, "%s| %-19s|\n", ind, nvs_chf_name(b));
	} else {
		pr(ctx, "%s| state unreadable    |\n", ind);
	}
	if (ri && ri->valid) {
		if (ri->err)
			pr(ctx, "%s| Instance: ERROR    |  %s\n", ind, ri->why);
		else
			nvs_inst_format_box(&ri->in, ind, pr, ctx);
	}
	if (it->err)
		pr(ctx, "%s| ERROR %-13s|  %s\n", ind, nvs_rl_err_code(it->err),
		   nvs_rl_err_msg(it->err));
	pr(ctx, "%s+---------------------+\n", ind);
}

void nvs_runlist_format(const struct nvs_rl_loc *loc, const struct nvs_rl_item *items,
			const struct nvs_rl_inst *ri, nvs_printf_fn pr, void *ctx)
{
	unsigned int i;

	pr(ctx, "Runlist %d: %u entries at 0x%llx (%s)", loc->id, loc->length,
	   (unsigned long long)loc->base, nvs_aperture_name(loc->aperture));
	if (loc->offset)
		pr(ctx, ", offset %u", loc->offset);
	pr(ctx, "\n");
	if (loc->length == 0) {
		pr(ctx, "(empty: no TSGs or channels are submitted on this runlist)\n");
		return;
	}
	for (i = 0; i < loc->length; i++) {
		const struct nvs_rl_item *it = &items[i];

		if (it->kind == NVS_RL_TSG) {
			uint64_t ns = nvs_timeslice_ns(it->scale, it->timeout);

			pr(ctx, "+---- TSG Entry %-5u-+\n", it->id);
			pr(ctx, "| Scale: %-13u|\n", it->scale);
			pr(ctx, "| Timeout: %-11u|\n", it->timeout);
			pr(ctx, "| Length: %-12u|\n", it->length);
			pr(ctx, "| Slice us: %6llu.%03llu|\n", (unsigned long long)(ns / 1000),
			   (unsigned long long)(ns % 1000));
			if (it->err)
				pr(ctx, "| ERROR %-13s|  %s\n", nvs_rl_err_code(it->err),
				   nvs_rl_err_msg(it->err));
			pr(ctx, "+---------------------+\n");
		} else {
			format_chan(it, ri ? &ri[i] : NULL, it->tsg >= 0 ? "  " : "", pr, ctx);
		}
	}
}
