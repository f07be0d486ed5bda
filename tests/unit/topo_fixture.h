/* SPDX-License-Identifier: MIT */
/*
 * topo_fixture.h - helpers shared by test_ce.c and test_gr.c: locating the
 * real H100 fixture and a tiny hand-encoded register file.
 */
#ifndef NVS_TEST_TOPO_FIXTURE_H
#define NVS_TEST_TOPO_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#include "nvs_io.h"

/*
 * The real H100 capture is in tests/fixtures/ (the tests run from the
 * repository root); NVS_FIXTURES=DIR overrides.  Writes "DIR/NAME" into
 * buf; 0 when the file is readable.
 */
static inline int fixture_path(const char *name, char *buf, size_t len)
{
	const char *env = getenv("NVS_FIXTURES");
	FILE *f;

	snprintf(buf, len, "%s/%s", env && *env ? env : "tests/fixtures", name);
	f = fopen(buf, "r");
	if (!f)
		return -1;
	fclose(f);
	return 0;
}

/* Hand-encoded registers: unlisted offsets read 0xbadf5040 ("no such
 * address", as the snapshot simulator and real hardware do). */
struct fake_regs {
	unsigned int n;
	uint32_t off[128];
	uint32_t val[128];
};

static inline void fake_set(struct fake_regs *r, uint32_t off, uint32_t val)
{
	unsigned int i;

	for (i = 0; i < r->n; i++)
		if (r->off[i] == off) {
			r->val[i] = val;
			return;
		}
	if (r->n < 128) {
		r->off[r->n] = off;
		r->val[r->n++] = val;
	}
}

static inline uint32_t fake_rd(void *ctx, uint32_t off)
{
	struct fake_regs *r = ctx;
	unsigned int i;

	for (i = 0; i < r->n; i++)
		if (r->off[i] == off)
			return r->val[i];
	return 0xbadf5040;
}

static inline void fake_wr(void *ctx, uint32_t off, uint32_t val)
{
	(void)ctx; (void)off; (void)val;
}

static inline struct nvs_io fake_io(struct fake_regs *r)
{
	struct nvs_io io = { .rd32 = fake_rd, .wr32 = fake_wr, .ctx = r };

	return io;
}

/* collect printf-style output into a buffer */
struct strbuf {
	char s[4096];
	size_t n;
};

static inline __attribute__((format(printf, 2, 3))) void sb_pr(void *ctx, const char *fmt, ...)
{
	struct strbuf *b = ctx;
	va_list ap;

	va_start(ap, fmt);
	b->n += (size_t)vsnprintf(b->s + b->n, sizeof(b->s) - b->n, fmt, ap);
	va_end(ap);
	if (b->n >= sizeof(b->s))
		b->n = sizeof(b->s) - 1;
}

#endif /* NVS_TEST_TOPO_FIXTURE_H */
