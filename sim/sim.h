/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * sim.h - behavioural GPU model loaded from a snapshot (tests only).
 *
 * BAR0 is a flat 16 MiB array of 32-bit words; offsets that no 'r' line
 * defines read 0xbadf5040.  GPU memory (VID and SYS apertures) is sparse:
 * only bytes given by 'm' lines or added with nvs_sim_add_mem() exist.
 *
 * Hardware semantics applied by nvs_sim_wr32() (see sim.c for the doc
 * sections each one follows): PRAMIN window moves and reads/writes through
 * BAR0 0x700000, PCCSR channel enable set/clear and fault reset
 * (Kepler-Turing), CHRAM set/clear/CLEAR_CHANNEL (Ampere+), runlist submit
 * with a pending bit that clears later, preempt pending bits.  Everything
 * else is a plain store.  The chip (and so which registers have semantics)
 * is identified from BOOT_42 / BOOT_0 when the model is created.
 *
 * The model keeps its own copy of the register file; when it is created
 * on an external image (the QEMU responder's mmap()ed ivshmem file) every
 * register the model changes is also stored into that image.
 */
#ifndef NVS_SIM_SIM_H
#define NVS_SIM_SIM_H

#include <stdint.h>
#include <stddef.h>

#include "nvs_io.h"
#include "snapshot.h"

struct nvs_sim;

/* Chip generations as the model distinguishes them. */
enum nvs_sim_gen {
	NVS_SIM_GEN_UNKNOWN = 0,
	NVS_SIM_GEN_KEPLER,
	NVS_SIM_GEN_MAXWELL,
	NVS_SIM_GEN_PASCAL,
	NVS_SIM_GEN_VOLTA,
	NVS_SIM_GEN_TURING,
	NVS_SIM_GEN_AMPERE,
	NVS_SIM_GEN_ADA,
	NVS_SIM_GEN_HOPPER,
	NVS_SIM_GEN_BLACKWELL,		/* GB10x/GB11x: runlist layout A */
	NVS_SIM_GEN_BLACKWELL_GB20X,	/* GB20x: runlist layout B */
};

#define NVS_SIM_DEFAULT_PENDING_TICKS 3u

/*
 * Build a model from a snapshot.  @bar0: NULL to allocate the register
 * image, or an external 16 MiB image (e.g. mmap()ed) that receives every
 * register value (it is fully overwritten here).  The snapshot is copied;
 * the caller may free it afterwards.  NULL + @err on failure.
 */
struct nvs_sim *nvs_sim_new(const struct nvss *snap, uint32_t *bar0,
			    char *err, size_t errlen);
struct nvs_sim *nvs_sim_open(const char *path, char *err, size_t errlen);
void nvs_sim_free(struct nvs_sim *sim);

/* rd32/wr32 with hardware semantics; mem_read/mem_write direct. */
const struct nvs_io *nvs_sim_io(struct nvs_sim *sim);

uint32_t nvs_sim_rd32(struct nvs_sim *sim, uint32_t off);
void nvs_sim_wr32(struct nvs_sim *sim, uint32_t off, uint32_t val);
/* One unit of model time: pending bits count down and clear. */
void nvs_sim_tick(struct nvs_sim *sim);

/* 0 or -EIO if any byte is unbacked (-EINVAL for a bad aperture). */
int nvs_sim_mem_read(struct nvs_sim *sim, enum nvs_aperture ap, uint64_t addr,
		     void *buf, size_t len);
/* Writes only backed memory: -EIO (nothing written) if any byte is not. */
int nvs_sim_mem_write(struct nvs_sim *sim, enum nvs_aperture ap, uint64_t addr,
		      const void *buf, size_t len);
/* Make memory exist (or overwrite it), e.g. a new TSG's structures. */
int nvs_sim_add_mem(struct nvs_sim *sim, enum nvs_aperture ap, uint64_t addr,
		    const void *buf, size_t len);

struct nvs_sim_write {
	uint32_t off, val;
};
/* Every nvs_sim_wr32() call in order, raw values as written. */
const struct nvs_sim_write *nvs_sim_log(const struct nvs_sim *sim, size_t *n);
void nvs_sim_log_clear(struct nvs_sim *sim);

/* Number of times the PRAMIN window was moved to a new base. */
unsigned nvs_sim_window_moves(const struct nvs_sim *sim);
uint32_t nvs_sim_chip_id(const struct nvs_sim *sim);
/* Pending bits stay set for N ticks or N reads of their register;
 * 0 = they clear immediately (never read back as set). */
void nvs_sim_set_pending_ticks(struct nvs_sim *sim, unsigned n);

/*
 * Runlist submits the model applied (guest writes, and the replays of
 * nvs_sim_driver_resubmit()).  @idx: the runlist id before Ampere, the
 * index of the NV_RUNLIST block (PTOP order) from Ampere on; @base/@ap:
 * what the base registers held; @len/@offset: from the submit register.
 */
struct nvs_sim_submit {
	unsigned idx;
	uint64_t base;
	unsigned ap;
	uint32_t len, offset;
};
/* Number of TSG preempts started (writes of a TSG preempt); @last_tsg
 * (may be NULL) gets the latest one's TSG id. */
unsigned long nvs_sim_preempts(const struct nvs_sim *sim, unsigned *last_tsg);
/* Number of submits so far; @last (may be NULL) gets the latest. */
unsigned long nvs_sim_submits(const struct nvs_sim *sim, struct nvs_sim_submit *last);
/* Play the owning driver: submit the @i-th non-empty runlist of the
 * snapshot again exactly as the snapshot showed it (writes with semantics,
 * logged).  0, or -1 when there is no @i-th one. */
int nvs_sim_driver_resubmit(struct nvs_sim *sim, size_t i);

/* Extras. */
/* Host-side state change (not a CPU write): store @val with no write
 * semantics and no log entry, e.g. a channel becoming busy or a PTOP value.
 * Inside PRAMIN it writes the window's (backed) memory; on the window
 * register it moves the window. */
void nvs_sim_poke(struct nvs_sim *sim, uint32_t off, uint32_t val);
enum nvs_sim_gen nvs_sim_gen(const struct nvs_sim *sim);
const char *nvs_sim_gen_name(enum nvs_sim_gen gen);
/* Register offset of the PRAMIN window register (0 if none) and the
 * current window base (bytes) in the VID (or SYS, pre-Hopper) aperture. */
uint32_t nvs_sim_window_reg(const struct nvs_sim *sim);
uint64_t nvs_sim_window_base(const struct nvs_sim *sim);
/* Writes through PRAMIN that hit unbacked memory (dropped). */
unsigned nvs_sim_unbacked_writes(const struct nvs_sim *sim);
/* Number of pending bits currently set by the model. */
unsigned nvs_sim_pending(const struct nvs_sim *sim);
/* Ampere+: runlist blocks found in PTOP (pri base and CHRAM base). */
size_t nvs_sim_runlists(const struct nvs_sim *sim);
uint32_t nvs_sim_runlist_pri_base(const struct nvs_sim *sim, size_t i);
uint32_t nvs_sim_runlist_chram(const struct nvs_sim *sim, size_t i,
			       uint32_t *nchannels);

#endif /* NVS_SIM_SIM_H */
