/* SPDX-License-Identifier: MIT */
/* nvss-gen: an in-memory snapshot (registers + sparse GPU memory) and its
 * CONTRACTS.md §1 text writer. */
#ifndef NVSS_GEN_SNAP_H
#define NVSS_GEN_SNAP_H
#include <stdint.h>
#include <stdio.h>
#include "field.h"

enum aperture { AP_VID = 0, AP_SYS = 1 };

struct snap;

struct snap *snap_new(void);
void snap_meta(struct snap *s, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void snap_comment(struct snap *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* set a register; a second write to the same offset is a generator bug */
void reg_set(struct snap *s, uint32_t off, uint32_t val);
/* like reg_set, but replaces a value (used for the GH100 capture merge) */
void reg_replace(struct snap *s, uint32_t off, uint32_t val);
int reg_get(const struct snap *s, uint32_t off, uint32_t *val);
/* memory: pages of 4 KiB appear (zero-filled) when first touched */
void mem_touch(struct snap *s, enum aperture ap, uint64_t addr, uint64_t len);
void mem_write(struct snap *s, enum aperture ap, uint64_t addr, const void *buf, size_t len);
void mem_wr32(struct snap *s, enum aperture ap, uint64_t addr, uint32_t v);
/* OR a field into the memory word(s) of an entry of entry_bytes at addr */
void mem_put_field(struct snap *s, enum aperture ap, uint64_t addr, size_t entry_bytes,
		   const struct field *f, uint64_t v);
void snap_write(const struct snap *s, FILE *out);
/* notes: facts for `nvss-gen --describe` (not written into the snapshot) */
void snap_note(struct snap *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void snap_print_notes(const struct snap *s, FILE *out);

#endif
