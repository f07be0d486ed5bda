/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * pramin.h - reading GPU video memory through the BAR0 PRAMIN window.
 */
#ifndef NVS_HW_PRAMIN_H
#define NVS_HW_PRAMIN_H

#include "compat.h"
#include "nvs_io.h"
#include "chip.h"

/**
 * struct nvs_win - one sequence of reads through the PRAMIN window
 * @io: register access
 * @caps: the window register and its width
 * @orig: the window register as the owning driver left it
 * @cur: what nvsched last wrote to it
 * @moves: window moves so far
 * @loaded: @orig has been read
 * @lost: the driver moved the window while nvsched had it
 * @err: sticky error (-EBUSY, -ENODEV): no further window access
 *
 * The window is moved only when a read falls outside the current 1 MiB
 * span, and put back once, at nvs_win_end().  Before every move after the
 * first and before the restore, the register is re-read: a value other
 * than nvsched's own means the owning driver moved it meanwhile, and
 * nvsched stops and leaves it as the driver set it (-EBUSY).
 */
struct nvs_win {
	const struct nvs_io *io;
	const struct nvs_caps *caps;
	uint32_t orig, cur;
	unsigned int moves;
	bool loaded, lost;
	int err;
};

/**
 * nvs_win_begin() - start a window session (no register access yet)
 * @s: the session
 * @io: register access
 * @caps: the chip's window register, or NULL (backend reads only)
 *
 * The caller holds the per-GPU lock until nvs_win_end().
 */
void nvs_win_begin(struct nvs_win *s, const struct nvs_io *io,
		   const struct nvs_caps *caps);

/**
 * nvs_win_read() - read @len bytes of GPU memory at @addr in a session
 * @s: the session
 * @ap: aperture (VID, or SYS through the pre-Hopper window target)
 * @addr: GPU physical address, 4-byte aligned
 * @buf: destination
 * @len: bytes, a multiple of 4
 *
 * When @s->io has mem_read (simulator, BAR2 map) that is used, and its
 * -EOPNOTSUPP sends the read through the window.
 *
 * Return: 0; -EINVAL misaligned; -ERANGE the address does not fit the
 * window register; -EIO PRI errors; -EBUSY the owning driver moved the
 * window; -ENODEV the GPU reads all ones (fell off the bus).
 */
int nvs_win_read(struct nvs_win *s, enum nvs_aperture ap, uint64_t addr, void *buf,
		 size_t len);

/**
 * nvs_win_write() - write @len bytes of GPU memory at @addr through the
 *		     window in a session (never through @s->io->mem_write)
 * @s: the session
 * @ap: aperture (VID, or SYS through the pre-Hopper window target)
 * @addr: GPU physical address, 4-byte aligned
 * @buf: the bytes (32-bit words in the GPU's byte order)
 * @len: bytes, a multiple of 4
 *
 * Before every word written through a window nvsched moved, the window
 * register is read again: when the owning driver moved it meanwhile the
 * write stops (-EBUSY) rather than land in the driver's window.  Used by
 * the test path of the runlist mechanism (simulated video memory).
 *
 * Return: as nvs_win_read(); -EOPNOTSUPP without @s->caps.
 */
int nvs_win_write(struct nvs_win *s, enum nvs_aperture ap, uint64_t addr, const void *buf,
		  size_t len);

/**
 * nvs_win_end() - put the window back where the driver had it
 * @s: the session
 *
 * Return: 0 (or the session's sticky error); -EBUSY when the register no
 * longer holds nvsched's value (the driver moved it: not restored).
 */
int nvs_win_end(struct nvs_win *s);

/**
 * nvs_vid_read() - one-shot session: nvs_win_begin(), nvs_win_read(),
 * nvs_win_end()
 * @io: register access
 * @caps: selects the window register (0x1700 or 0x10fd40) and its width
 * @ap: aperture
 * @addr: GPU physical address, 4-byte aligned
 * @buf: destination
 * @len: bytes, a multiple of 4
 * @moves: incremented once per window move (may be NULL)
 *
 * Return: nvs_win_read()'s error, else nvs_win_end()'s.
 */
int nvs_vid_read(const struct nvs_io *io, const struct nvs_caps *caps,
		 enum nvs_aperture ap, uint64_t addr, void *buf, size_t len,
		 unsigned int *moves);

/* Aperture names: "vid", "sys_coh", "sys_noncoh", "invalid" (JSON), and the
 * manuals' VID_MEM, SYS_MEM_COHERENT, ... (text boxes). */
const char *nvs_aperture_name(unsigned int ap);
const char *nvs_aperture_manual_name(unsigned int ap);

#endif /* NVS_HW_PRAMIN_H */
