// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * test_snapshot.c - snapshot (*.nvss) parser and writer, CONTRACTS.md 1.
 * Run from the repository root (the H100 fixture is found relative to it).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>
#include <dirent.h>
#include <cmocka.h>
#include "testio.h"

#include "snapshot.h"
#include "sim.h"

/* The real H100 capture (tests/fixtures/README.md), relative to the
 * repository root; NVSS_H100_FIXTURE overrides. */
static const char *h100_fixture(void)
{
	const char *env = getenv("NVSS_H100_FIXTURE");

	return env && *env ? env : "tests/fixtures/h100_idle.nvss";
}

static char err[512];

/* allocation failures (fail_at, nalloc): failalloc.h */
#include "failalloc.h"

static int parse(const char *text, struct nvss **out)
{
	return nvss_parse_buf(text, strlen(text), "t", out, err, sizeof(err));
}

/* Expect a parse failure at @line whose message contains @what. */
static void expect_error(const char *text, unsigned line, const char *what)
{
	struct nvss *s = (struct nvss *)1;
	char prefix[32];
	int ret = parse(text, &s);

	snprintf(prefix, sizeof(prefix), "t:%u: ", line);
	if (ret != -EINVAL || strncmp(err, prefix, strlen(prefix)) || !strstr(err, what))
		fail_msg("input:\n%s\nexpected '%s...%s', got ret %d '%s'",
			 text, prefix, what, ret, err);
	assert_null(s);
}

static void test_unknown_line_kind(void **state)
{
	expect_error("nvsched-snapshot 1\nr 0x0 0x1\nx 1 2\n", 3, "unknown line kind 'x'");
	expect_error("nvsched-snapshot 1\n\n# c\nreg 0x0 0x1\n", 4, "unknown line kind");
	expect_error("nvsched-snapshot 1\nnvsched-snapshot 1\n", 2, "second version line");
}

static void test_malformed_number(void **state)
{
	expect_error("nvsched-snapshot 1\nr 0xzz 0x1\n", 2, "malformed number");
	expect_error("nvsched-snapshot 1\nr 0x4 0x1\nr 16 0x1\n", 3, "malformed number");
	expect_error("nvsched-snapshot 1\nr 0x4 0x\n", 2, "malformed number");
	expect_error("nvsched-snapshot 1\nr 0x4 0x1g\n", 2, "malformed number");
	expect_error("nvsched-snapshot 1\nm vid 0xq0 00\n", 2, "malformed number");
	expect_error("nvsched-snapshot 1\nm vid 0x10000000000000000 00\n", 2, "64 bits");
	expect_error("nvsched-snapshot 1\nr 0x4\n", 2, "expected 'r OFFSET VALUE'");
	expect_error("nvsched-snapshot 1\nr 0x4 0x1 0x2\n", 2, "expected 'r OFFSET VALUE'");
	expect_error("nvsched-snapshot 1\nm vid 0x0\n", 2, "expected 'm APERTURE ADDR HEX'");
	/* the field count of a long line is its own, not the tokeniser's
	 * storage limit (8 tokens) */
	expect_error("nvsched-snapshot 1\nr 0x4 0x1 2 3 4 5 6 7\n", 2, "got 9 field(s)");
	expect_error("nvsched-snapshot 1\nr 0x4 0x1 2 3 4 5 6 7 8 9 a\tb\n", 2, "got 13 field(s)");
	expect_error("nvsched-snapshot 1\nm vid 0x0 00 1 2 3 4 5 6 7 8\n", 2, "got 12 field(s)");
	expect_error("nvsched-snapshot 1\nm gpu 0x0 00\n", 2, "unknown aperture");
	expect_error("nvsched-snapshot 1\nm vid 0x0 0g\n", 2, "malformed hex data");
	expect_error("nvsched-snapshot 1\nmeta\n", 2, "meta line without a key");
}

static void test_misaligned(void **state)
{
	expect_error("nvsched-snapshot 1\nr 0x0 0x1\nr 0x2 0x0\n", 3, "misaligned");
	expect_error("nvsched-snapshot 1\nr 0x101 0x0\n", 2, "misaligned");
}

static void test_duplicate(void **state)
{
	expect_error("nvsched-snapshot 1\nr 0x10 0x1\nr 0x14 0x1\n# x\nr 0x10 0x2\n",
		     5, "duplicate register offset 0x10 (first at line 2)");
}

static void test_overlap(void **state)
{
	const char *ok =
		"nvsched-snapshot 1\n"
		"m vid 0x1000 00112233\n"
		"m vid 0x1004 4455\n"		/* adjacent: fine */
		"m sys 0x1000 0011223344\n";	/* other aperture: fine */
	struct nvss *s;

	assert_int_equal(parse(ok, &s), 0);
	assert_int_equal(s->nmems, 3);
	nvss_free(s);

	expect_error("nvsched-snapshot 1\n"
		     "m vid 0x1000 00112233\n"
		     "m sys 0x1000 0011\n"
		     "r 0x0 0x0\n"
		     "m vid 0x1003 aabb\n", 5, "overlaps the m range at line 2");
	/* the later line is reported even when it sorts first */
	expect_error("nvsched-snapshot 1\n"
		     "m vid 0x2000 0011223344556677\n"
		     "m vid 0x1ffe 0011223344\n", 3, "overlaps the m range at line 2");
	/* contained range, far apart lines, with a non-overlapping one between */
	expect_error("nvsched-snapshot 1\n"
		     "m vid 0x100 00000000000000000000000000000000\n"
		     "m vid 0x200 00\n"
		     "m vid 0x108 00\n", 4, "overlaps the m range at line 2");
	/* two ranges that both end on the last byte of the address space */
	expect_error("nvsched-snapshot 1\n"
		     "m vid 0xfffffffffffffffe 0011\n"
		     "m vid 0xffffffffffffffff 22\n", 3, "m range at 0xffffffffffffffff overlaps the m range at line 2");
	/* the overlap is reported at its own line, not at the file's last one */
	expect_error("nvsched-snapshot 1\n"
		     "m vid 0x1000 00112233\n"
		     "m vid 0x1002 00\n"
		     "r 0x0 0x0\n"
		     "r 0x4 0x0\n", 3, "overlaps the m range at line 2");
}

static void test_nul_byte(void **state)
{
	static const char text[] = "nvsched-snapshot 1\nr 0x10 0x1\nr 0x14\0 0x2\n";
	struct nvss *s = NULL;

	assert_int_equal(nvss_parse_buf(text, sizeof(text) - 1, "t", &s, err, sizeof(err)), -EINVAL);
	assert_null(s);
	assert_non_null(strstr(err, "t:3: NUL byte in line"));
	/* a \x01 is no NUL: an ordinary malformed token */
	static const char one[] = "nvsched-snapshot 1\nr 0x10 0x1\x01\n";
	assert_int_equal(nvss_parse_buf(one, sizeof(one) - 1, "t", &s, err, sizeof(err)), -EINVAL);
	assert_null(strstr(err, "NUL"));
}

static void test_odd_hex(void **state)
{
	expect_error("nvsched-snapshot 1\nm vid 0x0 abc\n", 2, "odd number of hex digits (3) in memory data");
	/* the bad digit's position, counted from 0: high and low nibble */
	expect_error("nvsched-snapshot 1\nm vid 0x0 00g0\n", 2, "(bad digit at position 2)");
	expect_error("nvsched-snapshot 1\nm vid 0x0 000g\n", 2, "(bad digit at position 3)");
	expect_error("nvsched-snapshot 1\nm vid 0x0 G0\n", 2, "(bad digit at position 0)");
}

static void test_version(void **state)
{
	expect_error("nvsched-snapshot 2\n", 1, "bad version line");
	expect_error("# comment\n\n  \t\nnvsched-snapshot 2\n", 4, "bad version line");
	expect_error("nvsched-snapshot 1 x\n", 1, "bad version line");
	expect_error("nvsched-snapshot 01\n", 1, "bad version line");
	expect_error("nvsched-snapshot\n", 1, "bad version line");
	expect_error("r 0x0 0x0\nnvsched-snapshot 1\n", 1, "bad version line");
	expect_error("", 1, "no version line");
	expect_error("# only a comment\n\n", 2, "no version line");
}

static void test_pramin_range(void **state)
{
	struct nvss *s;

	expect_error("nvsched-snapshot 1\nr 0x700000 0x1\n", 2, "PRAMIN");
	expect_error("nvsched-snapshot 1\nr 0x6ffffc 0x0\nr 0x7ffffc 0x1\n", 3, "PRAMIN");
	assert_int_equal(parse("nvsched-snapshot 1\nr 0x6ffffc 0x1\nr 0x800000 0x2\n", &s), 0);
	assert_int_equal(s->nregs, 2);
	nvss_free(s);
}

static void test_range_limits(void **state)
{
	struct nvss *s;

	expect_error("nvsched-snapshot 1\nr 0x1000000 0x0\n", 2, "beyond the 16 MiB");
	expect_error("nvsched-snapshot 1\nr 0xffffffff00 0x0\n", 2, "beyond the 16 MiB");
	expect_error("nvsched-snapshot 1\nr 0x0 0x100000000\n", 2, "32 bits");
	expect_error("nvsched-snapshot 1\nm vid 0xffffffffffffffff 0011\n", 2, "wraps");
	/* a range ending on the last byte of the address space does not wrap */
	assert_int_equal(parse("nvsched-snapshot 1\nm vid 0xfffffffffffffffe 0011\n", &s), 0);
	nvss_free(s);
	assert_int_equal(parse("nvsched-snapshot 1\nm sys 0xffffffffffffffff 22\n", &s), 0);
	nvss_free(s);
	/* success clears a stale error message */
	strcpy(err, "stale");
	assert_int_equal(parse("nvsched-snapshot 1\n", &s), 0);
	assert_string_equal(err, "");
	nvss_free(s);
	assert_int_equal(parse("nvsched-snapshot 1\nr 0xfffffc 0xffffffff\n", &s), 0);
	assert_int_equal(s->regs[0].off, 0xfffffc);
	assert_int_equal(s->regs[0].val, 0xffffffff);
	nvss_free(s);
}

static void test_comments_blanks_tabs(void **state)
{
	const char *text =
		"# leading comment\n"
		"\n"
		"   \t \n"
		"nvsched-snapshot 1   # version\r\n"
		"meta name   my   gpu \t # trailing comment\n"
		"meta empty\n"
		"\tr\t0x00000010\t0x20# glued comment\n"
		"r 0x8 0X0000000A\r\n"
		"m vid 0x0000000001ff0000 0123456789abcdef # bytes\n"
		"m sys 0xfee00000 AABB\n"
		"#r 0x4 0x5\n"
		"r 0xc 0x1";		/* no final newline */
	struct nvss *s;

	assert_int_equal(parse(text, &s), 0);
	assert_int_equal(s->nregs, 3);
	/* sorted by offset */
	assert_int_equal(s->regs[0].off, 0x8);
	assert_int_equal(s->regs[0].val, 0xa);
	assert_int_equal(s->regs[1].off, 0xc);
	assert_int_equal(s->regs[2].off, 0x10);
	assert_int_equal(s->regs[2].val, 0x20);
	assert_int_equal(nvss_reg_get(s, 0x4), NVSS_BAD_REG);
	assert_int_equal(nvss_reg_get(s, 0x10), 0x20);
	assert_int_equal(s->nmeta, 2);
	assert_string_equal(nvss_meta_get(s, "name"), "my   gpu");
	assert_string_equal(nvss_meta_get(s, "empty"), "");
	assert_null(nvss_meta_get(s, "bdf"));
	assert_int_equal(s->nmems, 2);
	assert_int_equal(s->mems[0].ap, NVS_AP_VID);
	assert_true(s->mems[0].addr == 0x1ff0000);
	assert_int_equal(s->mems[0].len, 8);
	assert_int_equal(s->mems[0].data[0], 0x01);
	assert_int_equal(s->mems[0].data[7], 0xef);
	assert_int_equal(s->mems[1].ap, NVS_AP_SYS_COH);
	assert_int_equal(s->mems[1].len, 2);
	assert_int_equal(s->mems[1].data[0], 0xaa);
	nvss_free(s);
}

static char *write_str(const struct nvss *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	assert_int_equal(nvss_write(f, s), 0);
	fclose(f);
	return buf;
}

static void test_round_trip(void **state)
{
	const char *text =
		"nvsched-snapshot 1\n"
		"meta name sim-gh100\n"
		"meta bdf 0000:01:00.0\n"
		"r 0x00022800 0x8e000000\n"
		"r 0x00000000 0x180000a1\n"
		"r 0x00000a00 0x180a1000\n"
		"m vid 0x0000000001ff0000 0123456789abcdef0011\n"
		"m sys 0x00000000fee00000 00112233\n"
		"m vid 0x0000000000001000 ff\n";
	struct nvss *a, *b;
	char *w1, *w2;
	size_t i;

	assert_int_equal(parse(text, &a), 0);
	w1 = write_str(a);
	assert_int_equal(nvss_parse_buf(w1, strlen(w1), "w1", &b, err, sizeof(err)), 0);
	assert_int_equal(a->nregs, b->nregs);
	for (i = 0; i < a->nregs; i++) {
		assert_int_equal(a->regs[i].off, b->regs[i].off);
		assert_int_equal(a->regs[i].val, b->regs[i].val);
	}
	assert_int_equal(a->nmems, b->nmems);
	for (i = 0; i < a->nmems; i++) {
		assert_int_equal(a->mems[i].ap, b->mems[i].ap);
		assert_true(a->mems[i].addr == b->mems[i].addr);
		assert_int_equal(a->mems[i].len, b->mems[i].len);
		assert_memory_equal(a->mems[i].data, b->mems[i].data, a->mems[i].len);
	}
	assert_int_equal(a->nmeta, b->nmeta);
	for (i = 0; i < a->nmeta; i++) {
		assert_string_equal(a->meta[i].key, b->meta[i].key);
		assert_string_equal(a->meta[i].val, b->meta[i].val);
	}
	w2 = write_str(b);
	assert_string_equal(w1, w2);	/* canonical form is a fixed point */
	/* canonical layout */
	assert_non_null(strstr(w1, "nvsched-snapshot 1\nmeta name sim-gh100\n"
				   "meta bdf 0000:01:00.0\n"
				   "r 0x00000000 0x180000a1\n"
				   "r 0x00000a00 0x180a1000\n"
				   "r 0x00022800 0x8e000000\n"
				   "m vid 0x0000000000001000 ff\n"
				   "m vid 0x0000000001ff0000 0123456789abcdef0011\n"
				   "m sys 0x00000000fee00000 00112233\n"));
	free(w1);
	free(w2);
	nvss_free(a);
	nvss_free(b);
}

static void test_build_and_write(void **state)
{
	struct nvss *s = nvss_new(), *b;
	static const uint8_t bytes[] = { 1, 2, 3 };
	char *w;

	assert_non_null(s);
	assert_int_equal(nvss_add_reg(s, 0x20, 0xdead), 0);
	assert_int_equal(nvss_add_reg(s, 0x4, 0xbeef), 0);
	assert_int_equal(nvss_add_mem(s, NVS_AP_VID, 0x5000, bytes, 3), 0);
	assert_int_equal(nvss_add_meta(s, "source", "simulator"), 0);
	/* what was added reads back, before and after a write/parse round */
	assert_int_equal(nvss_reg_get(s, 0x20), 0xdead);
	assert_int_equal(nvss_reg_get(s, 0x4), 0xbeef);
	w = write_str(s);
	assert_int_equal(nvss_parse_buf(w, strlen(w), "w", &b, err, sizeof(err)), 0);
	assert_int_equal(b->nregs, 2);
	assert_int_equal(b->regs[0].off, 0x4);
	assert_int_equal(b->regs[0].val, 0xbeef);
	assert_int_equal(b->regs[1].off, 0x20);
	assert_int_equal(b->regs[1].val, 0xdead);
	assert_memory_equal(b->mems[0].data, bytes, 3);
	assert_int_equal(b->mems[0].addr, 0x5000);
	assert_string_equal(nvss_meta_get(b, "source"), "simulator");
	assert_int_equal(b->mems[0].len, 3);
	free(w);
	nvss_free(b);

	/* what the format cannot carry is refused, not written wrongly */
	{
		FILE *f = fopen("/dev/null", "w");

		assert_non_null(f);
		assert_int_equal(nvss_add_meta(s, "note", "a # b"), 0);
		assert_int_equal(nvss_write(f, s), -EINVAL);
		free(s->meta[s->nmeta - 1].val);
		s->meta[s->nmeta - 1].val = strdup("a b");
		assert_int_equal(nvss_write(f, s), 0);
		assert_int_equal(nvss_add_reg(s, 0x700000, 1), 0);
		assert_int_equal(nvss_write(f, s), -EINVAL);
		fclose(f);
	}
	nvss_free(s);
}

static void test_h100_fixture(void **state)
{
	struct nvss *s;
	struct nvs_sim *sim;

	if (nvss_parse_file(h100_fixture(), &s, err, sizeof(err)))
		fail_msg("%s", err);
	assert_true(s->nregs > 4000);
	assert_int_equal(nvss_reg_get(s, 0xa00), 0x180a1000);
	assert_int_equal(nvss_reg_get(s, 0x0), 0x180000a1);
	assert_int_equal(nvss_reg_get(s, 0x10fd40), 0x0013e960);
	/* captured PRI errors are kept as values */
	assert_int_equal(nvss_reg_get(s, 0x1700), 0xbadf5040);
	assert_string_equal(nvss_meta_get(s, "source"), "rmprobe-regops");

	sim = nvs_sim_new(s, NULL, err, sizeof(err));
	if (!sim)
		fail_msg("%s", err);
	assert_int_equal(nvs_sim_chip_id(sim), 0x180);
	assert_int_equal(nvs_sim_gen(sim), NVS_SIM_GEN_HOPPER);
	assert_int_equal(nvs_sim_rd32(sim, 0xa00), 0x180a1000);
	assert_int_equal(nvs_sim_rd32(sim, 0x123458), 0xbadf5040);	/* unlisted */
	assert_int_equal(nvs_sim_window_reg(sim), 0x10fd40);
	assert_true(nvs_sim_window_base(sim) == 0x13e9600000ull);
	/* no memory in the capture: PRAMIN reads the PRI error pattern */
	assert_int_equal(nvs_sim_rd32(sim, 0x700000), 0xbadf5040);
	/* runlist 0 (GR0 + LCE0/1, rmprobe_idle.txt) at pri base 0xc00000 with
	 * CHRAM from CHANNEL_CONFIG 0x00c2000b: base 0xc20000, 2048 channels */
	{
		size_t i, n = nvs_sim_runlists(sim);
		int found = 0;

		for (i = 0; i < n; i++) {
			uint32_t nch;

			if (nvs_sim_runlist_pri_base(sim, i) != 0xc00000)
				continue;
			found = 1;
			assert_int_equal(nvs_sim_runlist_chram(sim, i, &nch), 0xc20000);
			assert_int_equal(nch, 2048);
		}
		assert_true(found);
		assert_true(n >= 22);	/* RM lists 22 runlists with engines */
	}
	nvs_sim_free(sim);
	nvss_free(s);
}

static void test_file_errors(void **state)
{
	int fds = open_fds();
	struct nvss *s;
	char path[] = "/tmp/nvss-test-XXXXXX";
	int fd;
	FILE *f;

	assert_int_equal(nvss_parse_file("/nonexistent/x.nvss", &s, err, sizeof(err)), -ENOENT);
	assert_non_null(strstr(err, "/nonexistent/x.nvss: "));
	/* a directory opens but cannot be read (EISDIR): -EIO, no snapshot */
	s = (struct nvss *)1;
	assert_int_equal(nvss_parse_file(".", &s, err, sizeof(err)), -EIO);
	assert_string_equal(err, ".: read error");
	assert_null(s);
	assert_int_equal(open_fds(), fds);

	fd = mkstemp(path);
	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	fputs("nvsched-snapshot 1\nr 0x0 0x1\nr 0x0 0x1\n", f);
	fclose(f);
	assert_int_equal(nvss_parse_file(path, &s, err, sizeof(err)), -EINVAL);
	{
		char want[128];

		snprintf(want, sizeof(want), "%s:3: duplicate", path);
		assert_true(!strncmp(err, want, strlen(want)));
	}
	unlink(path);
	assert_int_equal(open_fds(), fds);
}

/* A file larger than the reader's first buffer (1 MiB, grown by
 * doubling): every byte of a 1.5 MiB memory range (over 3 MiB of text)
 * comes back. */
static void test_big_file(void **state)
{
	char path[] = "/tmp/nvss-big-XXXXXX";
	struct nvss *s = nvss_new(), *b;
	size_t n = 3u << 19, i;
	uint8_t *data = malloc(n);
	int fd;
	FILE *f;

	assert_non_null(s);
	assert_non_null(data);
	for (i = 0; i < n; i++)
		data[i] = (uint8_t)(i * 7 + (i >> 12));
	assert_int_equal(nvss_add_reg(s, 0x0, 0x140000a1), 0);
	assert_int_equal(nvss_add_mem(s, NVS_AP_VID, 0x100000, data, n), 0);
	fd = mkstemp(path);
	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	assert_int_equal(nvss_write(f, s), 0);
	assert_true(ftell(f) > (3L << 20));
	fclose(f);
	if (nvss_parse_file(path, &b, err, sizeof(err)))
		fail_msg("%s", err);
	/* the buffer cannot grow past its first 1 MiB: -ENOMEM, the first
	 * buffer freed (the ASan build checks for leaks) */
	{
		struct nvss *c = (struct nvss *)1;
		char want[64];

		nalloc = 0;
		fail_at = 1;
		assert_int_equal(nvss_parse_file(path, &c, err, sizeof(err)), -ENOMEM);
		fail_at = -1;
		assert_null(c);
		snprintf(want, sizeof(want), "%s: out of memory", path);
		assert_string_equal(err, want);
	}
	unlink(path);
	assert_int_equal(b->nmems, 1);
	assert_int_equal(b->mems[0].len, n);
	assert_memory_equal(b->mems[0].data, data, n);
	assert_int_equal(nvss_reg_get(b, 0x0), 0x140000a1);
	nvss_free(b);
	nvss_free(s);
	free(data);
}

/* Error messages: the caller's buffer is never written past errlen, a NULL
 * buffer is allowed (nvss_parse_buf's "@err filled" when there is one), a
 * message that does not fit is cut like snprintf's. */
static void test_err_buffer(void **state)
{
	static const char bad[] = "nvsched-snapshot 1\nbogus 1\n";
	char buf[64];
	struct nvss *s = (struct nvss *)1;
	size_t i;

	assert_int_equal(nvss_parse_buf(bad, strlen(bad), "t", &s, NULL, 64), -EINVAL);
	assert_null(s);
	assert_int_equal(nvss_parse_buf(bad, strlen(bad), "t", &s, NULL, 0), -EINVAL);
	/* the "t:2: " prefix does not fit in 4 bytes */
	memset(buf, 'X', sizeof(buf));
	assert_int_equal(nvss_parse_buf(bad, strlen(bad), "t", &s, buf, 4), -EINVAL);
	assert_string_equal(buf, "t:2");
	for (i = 4; i < sizeof(buf); i++)
		assert_int_equal(buf[i], 'X');
	/* the prefix fits, the message is cut at 11 characters */
	memset(buf, 'X', sizeof(buf));
	assert_int_equal(nvss_parse_buf(bad, strlen(bad), "t", &s, buf, 12), -EINVAL);
	assert_string_equal(buf, "t:2: unknow");
	for (i = 12; i < sizeof(buf); i++)
		assert_int_equal(buf[i], 'X');
	/* errlen 0: nothing written */
	memset(buf, 'X', sizeof(buf));
	assert_int_equal(nvss_parse_buf(bad, strlen(bad), "t", &s, buf, 0), -EINVAL);
	assert_int_equal(buf[0], 'X');
}

/* Hex digits of both cases, and the characters next to each digit range
 * in ASCII ('/' ':' '@' 'G' '`' 'g') are not digits. */
static void test_hex_digits(void **state)
{
	struct nvss *s;
	static const char *const notdig[] = { "/", ":", "@", "G", "`", "g" };
	size_t i;

	assert_int_equal(parse("nvsched-snapshot 1\n"
			       "r 0x0 0x09\nr 0x4 0xaf\nr 0x8 0xAF\nr 0xc 0XF0\n"
			       "m vid 0x0 09afAF\n", &s), 0);
	assert_int_equal(nvss_reg_get(s, 0x0), 0x9);
	assert_int_equal(nvss_reg_get(s, 0x4), 0xaf);
	assert_int_equal(nvss_reg_get(s, 0x8), 0xaf);
	assert_int_equal(nvss_reg_get(s, 0xc), 0xf0);
	assert_int_equal(s->mems[0].len, 3);
	assert_int_equal(s->mems[0].data[0], 0x09);
	assert_int_equal(s->mems[0].data[1], 0xaf);
	assert_int_equal(s->mems[0].data[2], 0xaf);
	nvss_free(s);
	for (i = 0; i < sizeof(notdig) / sizeof(notdig[0]); i++) {
		char text[64];

		snprintf(text, sizeof(text), "nvsched-snapshot 1\nr 0x0 0x1%s\n", notdig[i]);
		expect_error(text, 2, "malformed number");
		snprintf(text, sizeof(text), "nvsched-snapshot 1\nm vid 0x0 0%s\n", notdig[i]);
		expect_error(text, 2, "(bad digit at position 1)");
	}
	/* a number needs the 0x prefix (docs/snapshot-format.md) */
	expect_error("nvsched-snapshot 1\nr 0x0 0010\n", 2, "malformed number '0010'");
	expect_error("nvsched-snapshot 1\nr 0x0 1x10\n", 2, "malformed number '1x10'");
	expect_error("nvsched-snapshot 1\nr 0x0 0y10\n", 2, "malformed number '0y10'");
}

/* A token quoted in a message is shown whole up to 36 characters (40-byte
 * buffer less "..." and the NUL), nothing after it; a longer one is cut to
 * 36 and "...". */
static void test_long_tokens(void **state)
{
	char t35[36], t36[37], t37[38], text[160], want[80];

	memset(t35, 'k', 35);
	t35[35] = 0;
	snprintf(text, sizeof(text), "nvsched-snapshot 1\n%s 1\n", t35);
	snprintf(want, sizeof(want), "unknown line kind '%s'", t35);
	expect_error(text, 2, want);
	memset(t36, 'k', 36);
	t36[36] = 0;
	memset(t37, 'k', 37);
	t37[37] = 0;
	snprintf(text, sizeof(text), "nvsched-snapshot 1\n%s 1\n", t36);
	snprintf(want, sizeof(want), "unknown line kind '%s'", t36);
	expect_error(text, 2, want);
	snprintf(text, sizeof(text), "nvsched-snapshot 1\n%s 1\n", t37);
	snprintf(want, sizeof(want), "unknown line kind '%s...'", t36);
	expect_error(text, 2, want);

	snprintf(text, sizeof(text), "nvsched-snapshot 1\nm %s 0x0 00\n", t36);
	snprintf(want, sizeof(want), "unknown aperture '%s' (", t36);
	expect_error(text, 2, want);
	snprintf(text, sizeof(text), "nvsched-snapshot 1\nm %s 0x0 00\n", t37);
	snprintf(want, sizeof(want), "unknown aperture '%s...' (", t36);
	expect_error(text, 2, want);
	expect_error("nvsched-snapshot 1\nm gpu 0x0 00\n", 2, "unknown aperture 'gpu' (expected vid or sys)");

	/* "0x" and 34 or 35 bad digits */
	memcpy(t36, "0x", 2);
	memcpy(t37, "0x", 2);
	snprintf(text, sizeof(text), "nvsched-snapshot 1\nr %s 0x0\n", t36);
	snprintf(want, sizeof(want), "malformed number '%s' for register offset", t36);
	expect_error(text, 2, want);
	snprintf(text, sizeof(text), "nvsched-snapshot 1\nr %s 0x0\n", t37);
	snprintf(want, sizeof(want), "malformed number '%s...' for register offset", t36);
	expect_error(text, 2, want);
}

/* meta: the value is the rest of the line with its surrounding blanks
 * (space, tab, the CR of a CRLF file) removed. */
static void test_meta_trim(void **state)
{
	struct nvss *s;

	assert_int_equal(parse("nvsched-snapshot 1\n"
			       "meta a x \n"
			       "meta b x\t\n"
			       "meta c x\r\n"
			       "meta d   \n"
			       "meta e\t \tv w\t \r\n"
			       "meta f y", &s), 0);
	assert_int_equal(s->nmeta, 6);
	assert_string_equal(nvss_meta_get(s, "a"), "x");
	assert_string_equal(nvss_meta_get(s, "b"), "x");
	assert_string_equal(nvss_meta_get(s, "c"), "x");
	assert_string_equal(nvss_meta_get(s, "d"), "");
	assert_string_equal(nvss_meta_get(s, "e"), "v w");
	assert_string_equal(nvss_meta_get(s, "f"), "y");
	nvss_free(s);
}

/* Only [buf, buf + len) is read: blanks and text after len do not count
 * (an exact-size heap copy lets ASan see a read past the end). */
static void test_buffer_end(void **state)
{
	static const char *const texts[] = {
		"nvsched-snapshot 1\nmeta k v",
		"nvsched-snapshot 1\nmeta k",
		"nvsched-snapshot 1\nr 0x4 0x1",
		"nvsched-snapshot 1\nm vid 0x0 0011",
		/* blanks up to the end: the tokeniser skips them to the last byte */
		"nvsched-snapshot 1\nmeta k v \t",
		"nvsched-snapshot 1\nr 0x4 0x1\r",
		/* more than the 8 tokens kept: the rest are skipped to the end */
		"nvsched-snapshot 1\nmeta k v w x y z a b c",
	};
	struct nvss *s;
	size_t i;

	for (i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		size_t n = strlen(texts[i]);
		char *b = malloc(n);

		assert_non_null(b);
		memcpy(b, texts[i], n);
		if (nvss_parse_buf(b, n, "t", &s, err, sizeof(err)))
			fail_msg("%s", err);
		free(b);
		nvss_free(s);
	}
	{
		static const char t[] = "nvsched-snapshot 1\nmeta k \t  \nr 0x0 0x1\n";
		size_t n = strlen("nvsched-snapshot 1\nmeta k ");

		/* the bytes after len are blanks: the value stays empty */
		assert_int_equal(nvss_parse_buf(t, n, "t", &s, err, sizeof(err)), 0);
		assert_int_equal(s->nmeta, 1);
		assert_string_equal(nvss_meta_get(s, "k"), "");
		assert_int_equal(s->nregs, 0);
		nvss_free(s);
		/* cut inside a register line: the number is what is in len */
		n = strlen("nvsched-snapshot 1\nmeta k \t  \nr 0x0 0x");
		expect_error("nvsched-snapshot 1\nr 0x0 0x", 2, "malformed number");
		assert_int_equal(nvss_parse_buf(t, n, "t", &s, err, sizeof(err)), -EINVAL);
		assert_non_null(strstr(err, "t:3: malformed number '0x'"));
	}
}

/* Line kinds are whole tokens: a 4-letter word is not "meta", a 16-letter
 * one not the version token. */
static void test_line_kinds(void **state)
{
	struct nvss *s;

	expect_error("nvsched-snapshot 1\nabcd k v\n", 2, "unknown line kind 'abcd'");
	expect_error("nvsched-snapshot 1\nmetameta k v\n", 2, "unknown line kind 'metameta'");
	expect_error("nvsched-snapshot 1\nabcdefghijklmnop 1\n", 2, "unknown line kind 'abcdefghijklmnop'");
	expect_error("nvsched-snapshot 1\nnvsched-snapshoX 1\n", 2, "unknown line kind 'nvsched-snapshoX'");
	expect_error("nvsched-snapshot 1\nn 1\n", 2, "unknown line kind 'n'");
	expect_error("nvsched-snapshoX 1\n", 1, "bad version line");
	expect_error("nvsched-snapshot 1 \n\nnvsched-snapshot 1\n", 3, "second version line");
	assert_int_equal(parse("nvsched-snapshot\t1\r\nmeta\tk\tv\n", &s), 0);
	assert_string_equal(nvss_meta_get(s, "k"), "v");
	nvss_free(s);
}

/* Duplicate detection over the whole 16 MiB register space: words that
 * share a bitmap byte or bit position are told apart. */
static void test_duplicate_bitmap(void **state)
{
	struct nvss *s;

	assert_int_equal(parse("nvsched-snapshot 1\n"
			       "r 0x20 0x1\nr 0x0 0x2\nr 0x4 0x3\nr 0x40 0x4\nr 0x1c 0x5\n"
			       "r 0xfffffc 0x6\nr 0xffffdc 0x7\n", &s), 0);
	assert_int_equal(s->nregs, 7);
	assert_int_equal(nvss_reg_get(s, 0x0), 0x2);
	assert_int_equal(nvss_reg_get(s, 0x20), 0x1);
	assert_int_equal(nvss_reg_get(s, 0xfffffc), 0x6);
	nvss_free(s);
	expect_error("nvsched-snapshot 1\nr 0x20 0x1\nr 0x0 0x1\nr 0x20 0x2\n", 4,
		     "duplicate register offset 0x20 (first at line 2)");
	expect_error("nvsched-snapshot 1\nr 0x0 0x1\nr 0x20 0x1\nr 0x0 0x2\n", 4,
		     "duplicate register offset 0x0 (first at line 2)");
	expect_error("nvsched-snapshot 1\nr 0x4 0x1\nr 0xfffffc 0x1\nr 0xfffffc 0x2\n", 4,
		     "duplicate register offset 0xfffffc (first at line 3)");
}

/* The overlap message names the range that starts inside the other by
 * its address; of several earlier ranges it overlaps, the first line. */
static void test_overlap_message(void **state)
{
	expect_error("nvsched-snapshot 1\n"
		     "m vid 0x1000 00112233\n"
		     "m vid 0x1003 aabb\n", 3, "m range at 0x1003 overlaps the m range at line 2");
	/* line 4 (0x101-0x102) overlaps line 2 (0x100-0x101) and line 3 (0x102-0x103) */
	expect_error("nvsched-snapshot 1\n"
		     "m vid 0x100 0011\n"
		     "m vid 0x102 0011\n"
		     "m vid 0x101 0011\n", 4, "overlaps the m range at line 2");
}

static char *write_ret(const struct nvss *s, int *ret)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	*ret = nvss_write(f, s);
	fclose(f);
	return buf;
}

/* nvss_write refuses (-EINVAL, nothing written) each thing the format
 * cannot carry (snapshot.h), one at a time and in the first entry too. */
static void test_write_refuses(void **state)
{
	static const struct { const char *key, *val; int ok; } metas[] = {
		{ "a", "x", 1 }, { "a", "a b", 1 }, { "a", "", 1 }, { "a", NULL, 1 },
		{ "", "x", 0 }, { "a b", "x", 0 }, { "a\tb", "x", 0 }, { "a#", "x", 0 },
		{ "a\n", "x", 0 }, { "a\r", "x", 0 }, { "a", "x\ny", 0 }, { "a", "x\ry", 0 },
		{ "a", "x#y", 0 }, { "a", " x", 0 }, { "a", "\tx", 0 }, { "a", "x ", 0 },
		{ "a", "x\t", 0 }, { "a", " ", 0 }, { "a", "\t", 0 },
	};
	static const struct { uint32_t off; int ok; } regs[] = {
		{ 0x0, 1 }, { 0xfffffc, 1 }, { 0x6ffffc, 1 }, { 0x800000, 1 },
		{ 0x1000000, 0 }, { 0x2, 0 }, { 0x1, 0 }, { 0x700000, 0 }, { 0x7ffffc, 0 },
	};
	size_t i;

	for (i = 0; i < sizeof(metas) / sizeof(metas[0]); i++) {
		struct nvss m = { 0 };
		struct nvss_meta e = { (char *)metas[i].key, (char *)metas[i].val };
		int ret;
		char *w;

		m.meta = &e;
		m.nmeta = 1;
		w = write_ret(&m, &ret);
		if (ret != (metas[i].ok ? 0 : -EINVAL) || (!metas[i].ok && w[0]))
			fail_msg("meta %zu: ret %d, wrote '%s'", i, ret, w);
		free(w);
	}
	for (i = 0; i < sizeof(regs) / sizeof(regs[0]); i++) {
		struct nvss_reg r[2] = { { regs[i].off, 1 }, { 0x10, 2 } };
		struct nvss m = { 0 };
		int ret;
		char *w;

		m.regs = r;
		m.nregs = 2;
		w = write_ret(&m, &ret);
		if (ret != (regs[i].ok ? 0 : -EINVAL) || (!regs[i].ok && w[0]))
			fail_msg("reg 0x%x: ret %d, wrote '%s'", regs[i].off, ret, w);
		free(w);
	}
}

/* The canonical form (snapshot.h): meta in file order ("meta KEY" alone
 * for an empty value), r lines sorted by offset, m lines by (aperture,
 * address), empty m ranges left out - whatever order they were added in. */
static void test_write_canonical(void **state)
{
	struct nvss *s = nvss_new();
	static const uint8_t a[] = { 0xab }, b[] = { 0x01, 0x02 };
	int ret;
	char *w;

	assert_non_null(s);
	assert_int_equal(nvss_add_meta(s, "z", "1"), 0);
	assert_int_equal(nvss_add_meta(s, "e", ""), 0);
	assert_int_equal(nvss_add_meta(s, "n", NULL), 0);
	assert_int_equal(nvss_add_reg(s, 0x800000, 0x3), 0);
	assert_int_equal(nvss_add_reg(s, 0x4, 0x2), 0);
	assert_int_equal(nvss_add_reg(s, 0x0, 0x1), 0);
	assert_int_equal(nvss_add_mem(s, NVS_AP_SYS_COH, 0x10, b, 2), 0);
	assert_int_equal(nvss_add_mem(s, NVS_AP_VID, 0x2000, a, 1), 0);
	assert_int_equal(nvss_add_mem(s, NVS_AP_VID, 0x3000, NULL, 0), 0);
	assert_int_equal(nvss_add_mem(s, NVS_AP_VID, 0x1000, b, 2), 0);
	/* added out of order: a lookup still finds them (unsorted fallback) */
	assert_int_equal(nvss_reg_get(s, 0x0), 0x1);
	assert_int_equal(nvss_reg_get(s, 0x800000), 0x3);
	assert_int_equal(nvss_reg_get(s, 0x8), NVSS_BAD_REG);
	w = write_ret(s, &ret);
	assert_int_equal(ret, 0);
	assert_string_equal(w, "nvsched-snapshot 1\n"
			       "meta z 1\n"
			       "meta e\n"
			       "meta n\n"
			       "r 0x00000000 0x00000001\n"
			       "r 0x00000004 0x00000002\n"
			       "r 0x00800000 0x00000003\n"
			       "m vid 0x0000000000001000 0102\n"
			       "m vid 0x0000000000002000 ab\n"
			       "m sys 0x0000000000000010 0102\n");
	free(w);
	nvss_free(s);
}

/*
 * Out of memory in the builders a capture uses: each allocation of
 * nvss_add_reg/_mem/_meta (the array, the copy, each of meta's two
 * strings) fails in turn: -ENOMEM, nothing added, nothing leaked (the ASan
 * build checks), and the snapshot still takes the next entry.
 */
static void test_add_out_of_memory(void **state)
{
	static const uint8_t b[2] = { 1, 2 };
	struct nvss *s = nvss_new();
	char *w;
	int ret;
	long k;

	(void)state;
	assert_non_null(s);
	for (k = 0; k < 3; k++) {	/* meta: the array, the key, the value */
		nalloc = 0;
		fail_at = k;
		ret = nvss_add_meta(s, "key", "value");
		fail_at = -1;
		assert_int_equal(ret, -ENOMEM);
		assert_int_equal(s->nmeta, 0);
	}
	for (k = 0; k < 2; k++) {	/* memory: the array, the copy */
		nalloc = 0;
		fail_at = k;
		ret = nvss_add_mem(s, NVS_AP_VID, 0x1000, b, sizeof(b));
		fail_at = -1;
		assert_int_equal(ret, -ENOMEM);
		assert_int_equal(s->nmems, 0);
	}
	nalloc = 0;
	fail_at = 0;
	ret = nvss_add_reg(s, 0x4, 0x5);
	fail_at = -1;
	assert_int_equal(ret, -ENOMEM);
	assert_int_equal(s->nregs, 0);
	assert_int_equal(nvss_add_meta(s, "key", "value"), 0);
	assert_int_equal(nvss_add_mem(s, NVS_AP_VID, 0x1000, b, sizeof(b)), 0);
	assert_int_equal(nvss_add_reg(s, 0x4, 0x5), 0);
	w = write_ret(s, &ret);
	assert_int_equal(ret, 0);
	assert_string_equal(w, "nvsched-snapshot 1\n"
			       "meta key value\n"
			       "r 0x00000004 0x00000005\n"
			       "m vid 0x0000000000001000 0102\n");
	free(w);
	nvss_free(s);
}

/*
 * Out of memory: each allocation of a parse (meta, 70 registers, memory
 * ranges, a file read) and of a write fails in turn; every one gives
 * -ENOMEM with "out of memory" (a file: "PATH: out of memory") and no
 * snapshot, and frees what it had (the ASan build checks for leaks).
 */
static void test_out_of_memory(void **state)
{
	char text[4096], path[] = "/tmp/nvss-oom-XXXXXX";
	struct nvss *s;
	size_t n;
	long k;
	int i, fd, ret, fds = open_fds();
	FILE *f;

	n = (size_t)snprintf(text, sizeof(text), "nvsched-snapshot 1\nmeta name x\nmeta k v\n");
	for (i = 0; i < 70; i++)	/* more than the first 64 slots */
		n += (size_t)snprintf(text + n, sizeof(text) - n, "r 0x%x 0x%x\n", 4 * i, i);
	for (i = 0; i < 3; i++)
		n += (size_t)snprintf(text + n, sizeof(text) - n, "m vid 0x%x 0011\n", 0x100 * i);
	for (k = 0;; k++) {
		nalloc = 0;
		fail_at = k;
		s = (struct nvss *)1;
		err[0] = 0;
		ret = nvss_parse_buf(text, n, "t", &s, err, sizeof(err));
		fail_at = -1;
		if (nalloc <= k) {	/* no allocation failed: done */
			assert_int_equal(ret, 0);
			assert_int_equal(s->nregs, 70);
			assert_int_equal(s->nmems, 3);
			assert_int_equal(s->nmeta, 2);
			nvss_free(s);
			break;
		}
		if (ret != -ENOMEM || s || !strstr(err, "out of memory"))
			fail_msg("allocation %ld failed: ret %d, '%s'", k, ret, err);
	}
	assert_true(k >= 10);

	fd = mkstemp(path);
	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	fputs(text, f);
	fclose(f);
	for (k = 0;; k++) {
		char want[64];

		nalloc = 0;
		fail_at = k;
		err[0] = 0;
		ret = nvss_parse_file(path, &s, err, sizeof(err));
		fail_at = -1;
		if (nalloc <= k) {
			assert_int_equal(ret, 0);
			nvss_free(s);
			break;
		}
		assert_int_equal(open_fds(), fds);
		snprintf(want, sizeof(want), "%s: out of memory", path);
		if (ret != -ENOMEM || s || !strstr(err, k ? "out of memory" : want))
			fail_msg("allocation %ld failed: ret %d, '%s'", k, ret, err);
	}
	unlink(path);

	/* nvss_write sorts copies: each copy failing is -ENOMEM, nothing written */
	assert_int_equal(parse(text, &s), 0);
	for (k = 0;; k++) {
		char *buf = NULL;
		size_t len = 0;

		f = open_memstream(&buf, &len);
		assert_non_null(f);
		nalloc = 0;
		fail_at = k;
		ret = nvss_write(f, s);
		fail_at = -1;
		fclose(f);
		if (nalloc <= k) {
			assert_int_equal(ret, 0);
			assert_true(len > 0);
			free(buf);
			break;
		}
		assert_int_equal(ret, -ENOMEM);
		assert_int_equal(len, 0);
		free(buf);
	}
	assert_int_equal(k, 2);
	nvss_free(s);

	/* the builders: -ENOMEM, the snapshot unchanged */
	s = nvss_new();
	assert_non_null(s);
	for (k = 0; k < 2; k++) {
		nalloc = 0;
		fail_at = k;
		ret = nvss_add_mem(s, NVS_AP_VID, 0x0, "ab", 2);
		fail_at = -1;
		assert_int_equal(ret, -ENOMEM);
		assert_int_equal(s->nmems, 0);
	}
	nalloc = 0;
	fail_at = 0;
	assert_int_equal(nvss_add_reg(s, 0x0, 1), -ENOMEM);
	nalloc = 0;
	fail_at = 0;
	assert_int_equal(nvss_add_meta(s, "k", "v"), -ENOMEM);
	fail_at = -1;
	assert_int_equal(s->nregs, 0);
	assert_int_equal(s->nmeta, 0);
	nvss_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unknown_line_kind),
		cmocka_unit_test(test_malformed_number),
		cmocka_unit_test(test_misaligned),
		cmocka_unit_test(test_duplicate),
		cmocka_unit_test(test_overlap),
		cmocka_unit_test(test_odd_hex),
		cmocka_unit_test(test_nul_byte),
		cmocka_unit_test(test_version),
		cmocka_unit_test(test_pramin_range),
		cmocka_unit_test(test_range_limits),
		cmocka_unit_test(test_comments_blanks_tabs),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_build_and_write),
		cmocka_unit_test(test_h100_fixture),
		cmocka_unit_test(test_file_errors),
		cmocka_unit_test(test_big_file),
		cmocka_unit_test(test_err_buffer),
		cmocka_unit_test(test_hex_digits),
		cmocka_unit_test(test_long_tokens),
		cmocka_unit_test(test_meta_trim),
		cmocka_unit_test(test_buffer_end),
		cmocka_unit_test(test_line_kinds),
		cmocka_unit_test(test_duplicate_bitmap),
		cmocka_unit_test(test_overlap_message),
		cmocka_unit_test(test_write_refuses),
		cmocka_unit_test(test_write_canonical),
		cmocka_unit_test(test_out_of_memory),
		cmocka_unit_test(test_add_out_of_memory),
	};

	return cmocka_run_group_tests_name("snapshot", tests, NULL, NULL);
}
