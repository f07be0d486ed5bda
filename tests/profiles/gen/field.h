/* SPDX-License-Identifier: MIT */
/*
 * nvss-gen: field descriptors and encoders.
 *
 * This generator is an independent second reading of the register manuals
 * (regs-fifo.md, regs-mmu-gr.md; public files per section in docs/register-sources.md). It must not include anything
 * from include/nvsched/regs/ or kmod/hw/: every register value in a profile is
 * built from the field tables in regs.h with enc()/enc_addr()/put_field().
 */
#ifndef NVSS_GEN_FIELD_H
#define NVSS_GEN_FIELD_H

#include <stdint.h>
#include <stddef.h>

/*
 * One field: bits hi:lo (inclusive). For memory structures wider than 32 bits
 * (runlist entries, PDEs) hi/lo are absolute bit numbers of the little-endian
 * entry (bit 32 = word 1 bit 0). `shift` is the address shift for pointer
 * fields (field value = address >> shift); 0 for plain values.
 */
struct field {
	const char *name;
	unsigned hi, lo;
	unsigned shift;
};

#define FIELD(n, h, l) \
	static const struct field n __attribute__((unused)) = { #n, h, l, 0 }
#define AFIELD(n, h, l, s) \
	static const struct field n __attribute__((unused)) = { #n, h, l, s }

/* value placed into a 32-bit register; aborts if it does not fit */
uint32_t enc(const struct field *f, uint64_t v);
/* address field: checks alignment (1 << shift), then enc(addr >> shift) */
uint32_t enc_addr(const struct field *f, uint64_t addr);
/* the same for fields of a multi-word in-memory entry (little endian bytes) */
void put_field(uint8_t *entry, size_t entry_bytes, const struct field *f, uint64_t v);
void put_addr(uint8_t *entry, size_t entry_bytes, const struct field *f, uint64_t addr);
/* read back a field (used only for self-checks of the generator) */
uint64_t get_field(const uint8_t *entry, size_t entry_bytes, const struct field *f);

void die(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));

#endif
