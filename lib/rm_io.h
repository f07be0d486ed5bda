/* SPDX-License-Identifier: MIT */
/*
 * rm_io.h - struct nvs_io over RM READ_32 register operations.
 *
 * The kmod/hw decoders run unchanged on a live GPU with no module: every
 * rd32 is served from a cache filled by batched EXEC_REG_OPS reads.
 * Writes are never issued (wr32 is refused and counted), and GPU memory is
 * unreadable (mem_read returns -EIO): reaching VRAM would need a PRAMIN
 * window write.  The cache doubles as the register set of a snapshot.
 */
#ifndef NVSCHED_CLI_RM_IO_H
#define NVSCHED_CLI_RM_IO_H

#include <stddef.h>
#include <stdint.h>

#include "nvs_io.h"

struct rm_client;
struct rm_io;

/* Backend of the reads: rm_read32() normally; tests inject their own. */
typedef int (*rm_io_read_fn)(void *ctx, const uint32_t *offs, uint32_t *vals,
			     uint8_t *st, unsigned int n);

struct rm_io *rm_io_new(rm_io_read_fn read, void *ctx);
/* Over a live RM client (rm_read32). */
struct rm_io *rm_io_new_client(struct rm_client *rm);
void rm_io_free(struct rm_io *r);
const struct nvs_io *rm_io_ops(struct rm_io *r);

/* Read every not-yet-cached offset of @offs in batches.  Return 0 or the
 * read backend's negative errno. */
int rm_io_prefetch(struct rm_io *r, const uint32_t *offs, size_t n);
/* Same for [start, end] inclusive, step 4. */
int rm_io_prefetch_range(struct rm_io *r, uint32_t start, uint32_t end);

/* Writes the decoders attempted (all refused; should stay 0). */
unsigned long rm_io_blocked_writes(const struct rm_io *r);
/* First read error (negative errno), 0 if none. */
int rm_io_error(const struct rm_io *r);

/* Visit every cached register (any order). */
typedef void (*rm_io_visit_fn)(void *ctx, uint32_t off, uint32_t val);
void rm_io_foreach(const struct rm_io *r, rm_io_visit_fn fn, void *ctx);
size_t rm_io_count(const struct rm_io *r);

/* Value returned for a read RM rejected (per-op status not SUCCESS):
 * the same PRI error a snapshot returns for a hole. */
#define RM_IO_BAD	0xbadf5040u

#endif /* NVSCHED_CLI_RM_IO_H */
