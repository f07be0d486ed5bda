// SPDX-License-Identifier: MIT
/*
 * fuzz_regs.c - libFuzzer target: every decoder and page-table walker over
 * random register and GPU-memory contents.  The first two bytes pick a chip
 * of the table (so every generation's paths run), BOOT_0/BOOT_42 name it,
 * and every other register and memory byte is taken from the input by a
 * fixed hash of its address (the same address always reads the same value,
 * as on hardware).  Memory reads fail with -EIO where the input says so.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "decode_all.h"

struct img {
	const uint8_t *d;
	size_t n;
	uint32_t boot0, boot42;
};

static size_t pos(const struct img *m, uint64_t a)
{
	uint64_t h = (a ^ (a >> 29)) * 0x9e3779b97f4a7c15ull;

	return (size_t)((h >> 32) % (m->n - 2)) + 2;
}

static uint32_t rd32(void *ctx, uint32_t off)
{
	const struct img *m = ctx;
	uint32_t v = 0;
	size_t p;
	int i;

	if (off == 0x0)
		return m->boot0;
	if (off == 0xa00)
		return m->boot42;
	p = pos(m, off);
	for (i = 0; i < 4; i++)
		v |= (uint32_t)m->d[(p + i) % m->n] << (8 * i);
	switch (m->d[p] & 7) {
	case 0:
		return 0xbadf5040;	/* a PRI error */
	case 1:
		return v & 0xff;	/* small values reach loop bounds */
	case 2:
		return 0xffffffff;	/* fell off the bus */
	default:
		return v;
	}
}

static void wr32(void *ctx, uint32_t off, uint32_t val)
{
}

static int mem_read(void *ctx, enum nvs_aperture ap, uint64_t addr, void *buf, size_t len)
{
	const struct img *m = ctx;
	uint8_t *b = buf;
	size_t p = pos(m, addr ^ ((uint64_t)ap << 60)), i;

	if ((m->d[p] & 15) == 0)
		return -EIO;
	for (i = 0; i < len; i++)
		b[i] = m->d[(p + i) % m->n];
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct img m = { .d = data, .n = size };
	struct nvs_io io = { .rd32 = rd32, .wr32 = wr32, .ctx = &m };
	const struct nvs_chip *tab;
	size_t nchips;
	uint32_t chip;

	if (size < 8)
		return 0;
	tab = nvs_chip_table(&nchips);
	chip = tab[(data[0] | data[1] << 8) % nchips].id;
	/* BOOT_0: ARCHITECTURE 28:24 + IMPLEMENTATION 23:20; BOOT_42 CHIP_ID 31:20 */
	m.boot0 = chip << 20 | 0xa1;
	m.boot42 = (data[1] & 0x80) ? 0 : chip << 20 | 0xa1000;
	if (data[0] & 1)	/* direct memory reads; else all through PRAMIN */
		io.mem_read = mem_read;
	fuzz_decode_all(&io);
	return 0;
}
