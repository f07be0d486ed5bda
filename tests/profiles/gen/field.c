/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include "field.h"

void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fprintf(stderr, "nvss-gen: ");
	vfprintf(stderr, fmt, ap);
	fprintf(stderr, "\n");
	va_end(ap);
	exit(1);
}

static uint64_t width_mask(const struct field *f)
{
	unsigned w = f->hi - f->lo + 1;

	if (f->hi < f->lo || w > 64)
		die("bad field %s %u:%u", f->name, f->hi, f->lo);
	return w == 64 ? ~0ull : ((1ull << w) - 1);
}

static void check_fits(const struct field *f, uint64_t v)
{
	if (v & ~width_mask(f))
		die("value 0x%llx does not fit field %s %u:%u", (unsigned long long)v,
		    f->name, f->hi, f->lo);
}

uint32_t enc(const struct field *f, uint64_t v)
{
	if (f->hi > 31)
		die("field %s %u:%u is not a 32-bit register field", f->name, f->hi, f->lo);
	check_fits(f, v);
	return (uint32_t)(v << f->lo);
}

static uint64_t addr_to_val(const struct field *f, uint64_t addr)
{
	if (addr & ((1ull << f->shift) - 1))
		die("address 0x%llx not aligned to 1<<%u for %s", (unsigned long long)addr,
		    f->shift, f->name);
	return addr >> f->shift;
}

uint32_t enc_addr(const struct field *f, uint64_t addr)
{
	return enc(f, addr_to_val(f, addr));
}

void put_field(uint8_t *e, size_t n, const struct field *f, uint64_t v)
{
	unsigned b;

	check_fits(f, v);
	if (f->hi >= n * 8)
		die("field %s %u:%u outside a %zu-byte entry", f->name, f->hi, f->lo, n);
	for (b = f->lo; b <= f->hi; b++) {
		unsigned bit = (unsigned)((v >> (b - f->lo)) & 1);

		e[b / 8] = (uint8_t)((e[b / 8] & ~(1u << (b % 8))) | (bit << (b % 8)));
	}
}

void put_addr(uint8_t *e, size_t n, const struct field *f, uint64_t addr)
{
	put_field(e, n, f, addr_to_val(f, addr));
}

uint64_t get_field(const uint8_t *e, size_t n, const struct field *f)
{
	uint64_t v = 0;
	unsigned b;

	if (f->hi >= n * 8)
		die("field %s outside entry", f->name);
	for (b = f->hi + 1; b-- > f->lo;)
		v = (v << 1) | ((e[b / 8] >> (b % 8)) & 1);
	return v;
}
