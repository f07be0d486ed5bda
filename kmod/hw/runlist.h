/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * runlist.h - locating, reading and decoding runlists; channel state.
 */
#ifndef NVS_HW_RUNLIST_H
#define NVS_HW_RUNLIST_H

#include "compat.h"
#include "nvs_io.h"
#include "chip.h"
#include "ptop.h"
#include "inst.h"
#include "pramin.h"	/* nvs_aperture_name() */

#define NVS_RL_MAX_ENTRIES	0xffff	/* LENGTH is 16 bits */

/**
 * struct nvs_rl_loc - where a runlist is (registers only, no memory read)
 * @id: hardware runlist id
 * @pri_base: NV_RUNLIST block (Ampere+), 0 before
 * @base: GPU physical address of the submitted buffer
 * @aperture: NVS_AP_* of @base (1 = invalid target)
 * @length: entries
 * @offset: SUBMIT.OFFSET (Turing+), 0 before
 * @chram_base: CHRAM of this runlist (Ampere+), 0 before
 * @num_channels: channel slots (CHRAM size, or the PCCSR count)
 */
struct nvs_rl_loc {
	int id;
	uint32_t pri_base;
	uint64_t base;
	uint8_t aperture;
	uint32_t length;
	uint32_t offset;
	uint32_t chram_base;
	uint32_t num_channels;
};

/* Channel state flags (CONTRACTS.md §2 "flags" names, in this order). */
enum {
	NVS_CHF_NEXT = 1u << 0,
	NVS_CHF_BUSY = 1u << 1,
	NVS_CHF_PENDING = 1u << 2,
	NVS_CHF_ON_PBDMA = 1u << 3,
	NVS_CHF_ON_ENG = 1u << 4,
	NVS_CHF_PBDMA_FAULTED = 1u << 5,
	NVS_CHF_ENG_FAULTED = 1u << 6,
	NVS_CHF_CTX_RELOAD = 1u << 7,
	NVS_CHF_ACQUIRE_FAIL = 1u << 8,
	NVS_CHF_PBDMA_BUSY = 1u << 9,
	NVS_CHF_ENG_BUSY = 1u << 10,
	NVS_CHF_COUNT = 11,
};

/**
 * struct nvs_chan_state - PCCSR (pre-Ampere) or CHRAM (Ampere+) state
 * @valid: the state could be read
 * @enabled: ENABLE
 * @busy: BUSY
 * @status: PCCSR STATUS enum (pre-Ampere), -1 on Ampere+ (no such field)
 * @flags: NVS_CHF_* set
 * @raw: the register as read
 */
struct nvs_chan_state {
	bool valid;
	bool enabled;
	bool busy;
	int8_t status;
	uint32_t flags;
	uint32_t raw;
};

/* Inline decode problems, like the hardware's BAD_TSG codes. */
enum nvs_rl_err {
	NVS_RLE_NONE = 0,
	NVS_RLE_ZERO_LENGTH_TSG,	/* TSG header with length 0 */
	NVS_RLE_TSG_TOO_LONG,		/* length above the format's maximum */
	NVS_RLE_LENGTH_OVERRUN,		/* new TSG or end before length channels */
	NVS_RLE_CHANNEL_OUTSIDE_TSG,	/* Volta+: every channel is in a TSG */
	NVS_RLE_BAD_ID,			/* channel id beyond the channel count */
};

enum nvs_rl_kind { NVS_RL_TSG = 1, NVS_RL_CHAN = 2 };

/**
 * struct nvs_rl_item - one decoded runlist entry
 * @kind: NVS_RL_TSG or NVS_RL_CHAN
 * @err: inline problem found at this entry (enum nvs_rl_err)
 * @tsg: index of the owning TSG header item, -1 for a bare channel
 * @id: TSGID or CHID
 * @scale: TSG TIMESLICE_SCALE
 * @timeout: TSG TIMESLICE_TIMEOUT
 * @length: TSG_LENGTH
 * @runqueue: channel RUNQUEUE_SELECTOR (Volta+), -1 before
 * @inst_ap: instance block aperture (NVS_AP_*, 1 = invalid), 0xff unknown
 * @userd_ap: USERD aperture, 0xff unknown
 * @veid: GB20x VEID/CASID, -1 otherwise
 * @inst: instance block address (0 when the format has none)
 * @userd: USERD address (Volta+)
 * @has_inst: @inst is populated by this generation's format
 * @has_userd: @userd is populated
 * @st: channel state (channels only)
 */
struct nvs_rl_item {
	uint8_t kind;
	uint8_t err;
	int32_t tsg;
	uint16_t id;
	uint8_t scale;
	uint8_t timeout;
	uint16_t length;
	int8_t runqueue;
	uint8_t inst_ap;
	uint8_t userd_ap;
	int8_t veid;
	uint64_t inst;
	uint64_t userd;
	bool has_inst;
	bool has_userd;
	struct nvs_chan_state st;
};

/**
 * nvs_runlist_locate() - base, aperture and length of runlist @id
 * @io: register access
 * @caps: chip capabilities
 * @t: device table (gives the Ampere+ runlist blocks; may be NULL before)
 * @id: hardware runlist id
 * @loc: result
 *
 * Return: 0, -ENOENT when the chip has no runlist @id, -EIO when the
 * registers read PRI errors or hold nonsense (length above the maximum).
 */
int nvs_runlist_locate(const struct nvs_io *io, const struct nvs_caps *caps,
		       const struct nvs_topology *t, int id, struct nvs_rl_loc *loc);

/* Bytes of the raw buffer nvs_runlist_fetch() needs for @loc. */
size_t nvs_runlist_bytes(const struct nvs_caps *caps, const struct nvs_rl_loc *loc);

/* Copy the runlist's entries into @raw (nvs_runlist_bytes() bytes).
 * The caller holds the per-GPU lock.  Return: 0 or the nvs_vid_read()
 * error; -EIO when the memory reads back as PRI errors. */
int nvs_runlist_fetch(const struct nvs_io *io, const struct nvs_caps *caps,
		      const struct nvs_rl_loc *loc, void *raw, unsigned int *moves);

/* Decode loc->length entries of @raw into @items (loc->length of them);
 * pure, no register access. */
void nvs_runlist_decode(const struct nvs_caps *caps, const struct nvs_rl_loc *loc,
			const void *raw, struct nvs_rl_item *items);

/* Fill the channel state (and, pre-Ampere, the PCCSR instance pointer)
 * of every channel item; the caller holds the per-GPU lock. */
void nvs_runlist_read_states(const struct nvs_io *io, const struct nvs_caps *caps,
			     const struct nvs_rl_loc *loc, struct nvs_rl_item *items);

/* Read the state of channel @chid of the runlist at @loc. */
void nvs_chan_state_read(const struct nvs_io *io, const struct nvs_caps *caps,
			 const struct nvs_rl_loc *loc, unsigned int chid,
			 struct nvs_chan_state *st);

/**
 * struct nvs_rl_inst - instance-block details of one channel entry
 * @valid: nvs_runlist_read_insts() looked at this entry
 * @err: 0, or why the block could not be read (@why says more)
 * @why: one-line reason
 * @in: the decoded block (when @valid and !@err)
 */
struct nvs_rl_inst {
	bool valid;
	int err;
	char why[64];
	struct nvs_inst in;
};

/* Read the instance block of every channel item that has one (bounded:
 * about 25 reads and one cached page-table walk each); lock held.
 * @ri has loc->length entries. */
void nvs_runlist_read_insts(const struct nvs_io *io, const struct nvs_caps *caps,
			    const struct nvs_rl_loc *loc, const struct nvs_rl_item *items,
			    struct nvs_rl_inst *ri);

/* Names for JSON and text. */
const char *nvs_rl_err_code(unsigned int err);	/* "length_overrun", ... */
const char *nvs_rl_err_msg(unsigned int err);
const char *nvs_chan_status_name(int status);	/* "on_eng", ...; NULL if < 0 */
const char *nvs_chf_name(unsigned int bit);	/* flag bit index -> "on_eng" */
const char *nvs_rl_fetch_err_text(int err);	/* why nvs_runlist_fetch() failed */

/* Timeslice in ns: (timeout << scale) * 1024 (regs-fifo.md §5.4). */
uint64_t nvs_timeslice_ns(unsigned int scale, unsigned int timeout);

/* Listing-1 style text of a decoded runlist; @ri (may be NULL) adds the
 * instance-block details to each channel box. */
void nvs_runlist_format(const struct nvs_rl_loc *loc, const struct nvs_rl_item *items,
			const struct nvs_rl_inst *ri, nvs_printf_fn pr, void *ctx);

#endif /* NVS_HW_RUNLIST_H */
