/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * nvs_io.h - the single register/memory accessor every kmod/hw decoder uses.
 *
 * Backends: the kernel MMIO glue (kmod/linux), the snapshot simulator
 * (sim/, also used by the CLI's --snapshot mode) and, later, the RM
 * backend.  Decoders never touch hardware any other way.
 */
#ifndef NVS_HW_IO_H
#define NVS_HW_IO_H

#include "compat.h"

/** enum nvs_aperture - where a GPU physical address lives (NV_*_TARGET values). */
enum nvs_aperture {
	NVS_AP_VID = 0,		/* video memory (VRAM) */
	NVS_AP_SYS_COH = 2,	/* system memory, coherent (bus address) */
	NVS_AP_SYS_NONCOH = 3,	/* system memory, non-coherent (bus address) */
};

/**
 * struct nvs_io - register and memory access for one GPU
 * @rd32: read a 32-bit BAR0 register at byte offset @off
 * @wr32: write a 32-bit BAR0 register
 * @mem_read: optional direct read of GPU memory (simulator, BAR2 map,
 *	system memory); returns 0 or a negative errno (-EIO when the memory is
 *	not backed; -EOPNOTSUPP: read it through the PRAMIN window instead).
 *	NULL: all memory is read through the PRAMIN window.
 * @mem_write: optional direct write of GPU memory, same conventions.
 * @yield: optional, called between the steps of long loops (every 1024
 *	window reads, every instance block): the kernel reschedules there and
 *	returns -EINTR when the caller has a fatal signal, which stops the
 *	loop.  NULL: never interrupted.
 * @ctx: backend context passed to every callback
 */
struct nvs_io {
	uint32_t (*rd32)(void *ctx, uint32_t off);
	void (*wr32)(void *ctx, uint32_t off, uint32_t val);
	int (*mem_read)(void *ctx, enum nvs_aperture ap, uint64_t addr,
			void *buf, size_t len);
	int (*mem_write)(void *ctx, enum nvs_aperture ap, uint64_t addr,
			 const void *buf, size_t len);
	int (*yield)(void *ctx);
	void *ctx;
};

static inline uint32_t nvs_rd32(const struct nvs_io *io, uint32_t off)
{
	return io->rd32(io->ctx, off);
}

static inline int nvs_yield(const struct nvs_io *io)
{
	return io->yield ? io->yield(io->ctx) : 0;
}

static inline void nvs_wr32(const struct nvs_io *io, uint32_t off, uint32_t val)
{
	io->wr32(io->ctx, off, val);
}

#endif /* NVS_HW_IO_H */
