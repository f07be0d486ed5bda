/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * snapshot.h - reader/writer for nvsched snapshot files (*.nvss).
 *
 * Format: docs/CONTRACTS.md section 1 ("Snapshot file").  In short:
 *
 *   nvsched-snapshot 1            first non-comment line, exactly this
 *   meta KEY VALUE...             free-form metadata (VALUE = rest of line)
 *   r 0xOFFSET 0xVALUE            one 32-bit BAR0 register
 *   m vid|sys 0xADDR HEXBYTES     bytes of GPU memory, first byte at ADDR
 *
 * '#' starts a comment anywhere; blank lines are ignored; tokens are
 * separated by spaces or tabs.  Numbers are hexadecimal with a 0x prefix.
 *
 * After a successful parse, regs[] is sorted by offset and mems[] by
 * (aperture, address); meta[] keeps file order.
 */
#ifndef NVS_SIM_SNAPSHOT_H
#define NVS_SIM_SNAPSHOT_H

#include <stdio.h>
#include <stdint.h>
#include <stddef.h>

#include "nvs_io.h"

/* A read of a BAR0 register that no 'r' line covers returns this
 * (NV_PPRIV_SYS_PRI_ERROR 0xBADF50xx "client error", extra byte 0x40
 * "no such address"; regs-fifo.md section 8.3, CONTRACTS.md section 1). */
#define NVSS_BAD_REG		0xbadf5040u
#define NVSS_BAR0_SIZE		0x1000000u	/* 16 MiB register image */
#define NVSS_PRAMIN_START	0x700000u	/* regs-mmu-gr.md section 1.1 */
#define NVSS_PRAMIN_END		0x800000u	/* exclusive, 1 MiB window */

struct nvss_reg {
	uint32_t off, val;
};

struct nvss_mem {
	enum nvs_aperture ap;	/* NVS_AP_VID, or NVS_AP_SYS_COH for "sys" */
	uint64_t addr;
	size_t len;
	uint8_t *data;
};

struct nvss_meta {
	char *key, *val;
};

struct nvss {
	struct nvss_reg *regs;
	size_t nregs;
	struct nvss_mem *mems;
	size_t nmems;
	struct nvss_meta *meta;
	size_t nmeta;
};

/*
 * Parse a snapshot held in memory.  @name is used in error messages,
 * which have the form "NAME:LINE: message".  Returns 0 and *out, or a
 * negative errno (-EINVAL for a format error, -ENOMEM) with @err filled.
 */
int nvss_parse_buf(const char *buf, size_t len, const char *name,
		   struct nvss **out, char *err, size_t errlen);
/* Read and parse a file; I/O errors are reported as "PATH: strerror". */
int nvss_parse_file(const char *path, struct nvss **out, char *err,
		    size_t errlen);
/* Write the canonical form: version line, meta (file order), r lines
 * sorted by offset, m lines sorted by (aperture, address), one m line per
 * mems[] entry (empty ones are skipped).  Parsing the output gives back
 * the same struct.  Returns 0, -EIO on a write error, or -EINVAL (nothing
 * written) for what the format cannot carry: a meta key with blanks, '#'
 * or newlines in meta, surrounding blanks in a value, a register offset
 * that is misaligned, >= 16 MiB or inside PRAMIN. */
int nvss_write(FILE *f, const struct nvss *s);
/* Value of the first meta line with this key, or NULL. */
const char *nvss_meta_get(const struct nvss *s, const char *key);
void nvss_free(struct nvss *s);

/* Extras (not part of the minimum API). */
/* Register value as a snapshot defines it: the r line, else NVSS_BAD_REG. */
uint32_t nvss_reg_get(const struct nvss *s, uint32_t off);
/* Allocate an empty snapshot (to build one programmatically). */
struct nvss *nvss_new(void);
int nvss_add_reg(struct nvss *s, uint32_t off, uint32_t val);
int nvss_add_mem(struct nvss *s, enum nvs_aperture ap, uint64_t addr,
		 const void *data, size_t len);
int nvss_add_meta(struct nvss *s, const char *key, const char *val);

#endif /* NVS_SIM_SNAPSHOT_H */
