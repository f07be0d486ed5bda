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
 * nvs_vid_read() - read @len bytes of GPU memory at @addr
 * @io: register access; when it has mem_read (simulator, BAR2 map, the
 *	kernel's system-memory reader) that is used, and its -EOPNOTSUPP
 *	sends the read through the PRAMIN window
 * @caps: selects the window register (0x1700 or 0x10fd40) and its width
 * @ap: aperture (VID, or SYS through the pre-Hopper window target)
 * @addr: GPU physical address, 4-byte aligned
 * @buf: destination
 * @len: bytes, a multiple of 4
 * @moves: incremented once per window move (may be NULL)
 *
 * The window is shared state: the caller holds the per-GPU lock.  The
 * current window is reused when the target lies inside it; otherwise the
 * window is moved, read through, and the previous register value is
 * written back before returning, on success and on error.
 *
 * Return: 0; -EINVAL for misaligned requests; -ERANGE when the address
 * does not fit the window register; -EIO when the window register or the
 * memory reads back PRI errors.
 */
int nvs_vid_read(const struct nvs_io *io, const struct nvs_caps *caps,
		 enum nvs_aperture ap, uint64_t addr, void *buf, size_t len,
		 unsigned int *moves);

/* Aperture names: "vid", "sys_coh", "sys_noncoh", "invalid" (JSON), and the
 * manuals' VID_MEM, SYS_MEM_COHERENT, ... (text boxes). */
const char *nvs_aperture_name(unsigned int ap);
const char *nvs_aperture_manual_name(unsigned int ap);

#endif /* NVS_HW_PRAMIN_H */
