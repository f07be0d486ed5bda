// SPDX-License-Identifier: MIT
/*
 * Unit tests: the control-file input parser (kmod/hw/ctlparse.c).  Expected
 * results are the kernel's kstrtouint(s, 0, ...) rules (lib/kstrtox.c and
 * Documentation/core-api/kernel-api.rst: "kstrtouint - convert a string to
 * an unsigned int"), worked by hand, plus the RUNLIST:ID form of
 * docs/proc.md.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ctlparse.h"

struct ucase {
	const char *in;
	int ret;
	uint32_t val;
};

static const struct ucase ucases[] = {
	{ "0", 0, 0 },
	{ "7", 0, 7 },
	{ "42\n", 0, 42 },
	{ "+42", 0, 42 },
	{ "0x1f", 0, 31 },
	{ "0X1F\n", 0, 31 },
	{ "017", 0, 15 },		/* leading 0: octal */
	{ "08", -EINVAL, 0 },		/* 8 is no octal digit */
	{ "0x", -EINVAL, 0 },		/* "0" then garbage */
	{ "0x0", 0, 0 },		/* a hex 0: the first digit may be 0 */
	{ "+0x00\n", 0, 0 },
	{ "0xg", -EINVAL, 0 },
	{ "0xa", 0, 10 },		/* the ends of both hex letter ranges */
	{ "0XA\n", 0, 10 },
	{ "0xF", 0, 15 },
	{ "0x9", 0, 9 },
	{ "0x@", -EINVAL, 0 },		/* '@' is just below 'A', '`' below 'a' */
	{ "0x`", -EINVAL, 0 },
	{ "0xG", -EINVAL, 0 },
	{ "09", -EINVAL, 0 },
	{ "0/", -EINVAL, 0 },		/* '/' and ':' around the digits */
	{ "1:", -EINVAL, 0 },
	{ "4294967295", 0, 0xffffffffu },
	{ "0xffffffff", 0, 0xffffffffu },
	{ "037777777777", 0, 0xffffffffu },
	{ "4294967296", -ERANGE, 0 },
	{ "0x100000000", -ERANGE, 0 },
	{ "99999999999999999999999999", -ERANGE, 0 },	/* no wrap-around */
	{ "", -EINVAL, 0 },
	{ "\n", -EINVAL, 0 },
	{ "+", -EINVAL, 0 },
	{ "-1", -EINVAL, 0 },
	{ " 1", -EINVAL, 0 },
	{ "1 ", -EINVAL, 0 },
	{ "1\n\n", -EINVAL, 0 },
	{ "1\n2", -EINVAL, 0 },
	{ "++1", -EINVAL, 0 },
	{ "12a", -EINVAL, 0 },
	{ "4294967296x", -EINVAL, 0 },	/* fits 64 bits: the garbage counts */
	{ "99999999999999999999x", -ERANGE, 0 },	/* 64-bit overflow first */
	{ "18446744073709551615", -ERANGE, 0 },	/* 2^64-1: too big for 32 */
	{ "18446744073709551616", -ERANGE, 0 },
	/* 2^64-1 still fits 64 bits: the garbage after it counts (kstrtoull) */
	{ "18446744073709551615x", -EINVAL, 0 },
	{ "18446744073709551616x", -ERANGE, 0 },
};

/*
 * The input copied to a heap buffer of exactly len bytes (no terminator,
 * as a /proc write gives it): under ASan (make asan, and make mutate's
 * asan:test_ctlparse job) a read of s[len] is a heap-buffer-overflow.
 */
static char *exact(const char *in, size_t len)
{
	char *b = malloc(len);

	assert_true(b != NULL || len == 0);
	if (len)
		memcpy(b, in, len);
	return b;
}

static int parse_u32_exact(const char *in, size_t len, uint32_t *v)
{
	char *b = exact(in, len);
	int ret = nvs_parse_u32(b, len, v);

	free(b);
	return ret;
}

static void test_parse_u32(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(ucases) / sizeof(ucases[0]); i++) {
		uint32_t v = 0xdeadbeef;
		int ret = parse_u32_exact(ucases[i].in, strlen(ucases[i].in), &v);

		if (ret != ucases[i].ret)
			fail_msg("\"%s\": ret %d, want %d", ucases[i].in, ret, ucases[i].ret);
		if (ret == 0 && v != ucases[i].val)
			fail_msg("\"%s\": %u, want %u", ucases[i].in, v, ucases[i].val);
		if (ret != 0 && v != 0xdeadbeef)
			fail_msg("\"%s\": output written on error", ucases[i].in);
	}
}

/* the length is what counts, not a terminator */
static void test_parse_u32_length(void **state)
{
	uint32_t v;

	(void)state;
	assert_int_equal(nvs_parse_u32("1234", 2, &v), 0);
	assert_int_equal(v, 12);
	assert_int_equal(nvs_parse_u32("0x10", 3, &v), 0);	/* "0x1" */
	assert_int_equal(v, 1);
	assert_int_equal(nvs_parse_u32("0x10", 2, &v), -EINVAL);	/* "0x" */
}

struct ccase {
	const char *in;
	size_t len;	/* 0: strlen */
	bool pair_ok;
	int ret, rl;
	uint32_t id;
};

static const struct ccase ccases[] = {
	{ "5", 0, true, 0, -1, 5 },
	{ "5\n", 0, false, 0, -1, 5 },
	{ "3:5", 0, true, 0, 3, 5 },
	{ "0x3:0x10\n", 0, true, 0, 3, 16 },
	{ "3:5", 0, false, -EINVAL, 0, 0 },	/* runlist files take one number */
	{ "32767:1", 0, true, 0, 32767, 1 },
	{ "32768:1", 0, true, -ERANGE, 0, 0 },	/* runlist is s16 in the ABI */
	{ "0:99999999999", 0, true, -ERANGE, 0, 0 },
	{ "3\n:5", 0, true, -EINVAL, 0, 0 },	/* newline only at the end */
	{ ":5", 0, true, -EINVAL, 0, 0 },
	{ "3:", 0, true, -EINVAL, 0, 0 },
	{ "3:\n", 0, true, -EINVAL, 0, 0 },
	{ "0:1:2", 0, true, -EINVAL, 0, 0 },
	{ "abc", 0, true, -EINVAL, 0, 0 },
	{ "-1", 0, true, -EINVAL, 0, 0 },
	{ "1 2", 0, true, -EINVAL, 0, 0 },
	{ "", 0, true, -EINVAL, 0, 0 },
	{ "5\0" "6", 3, true, -EINVAL, 0, 0 },	/* embedded NUL */
	{ "7\0", 2, true, -EINVAL, 0, 0 },
	/* ctlparse.h: a NUL inside is -EINVAL, whatever the numbers around it
	 * (an out-of-range runlist or a 64-bit overflow would be -ERANGE) */
	{ "32768:1\0", 8, true, -EINVAL, 0, 0 },
	{ "99999999999999999999999\0", 24, true, -EINVAL, 0, 0 },
	/* any other control byte is plain garbage after the digits: the
	 * 64-bit overflow before it wins (kstrtoull), -ERANGE */
	{ "99999999999999999999999\x01", 0, true, -ERANGE, 0, 0 },
	{ "32768:\x01", 0, true, -ERANGE, 0, 0 },
	{ "1\x01", 0, true, -EINVAL, 0, 0 },
};

static void test_ctl_parse(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(ccases) / sizeof(ccases[0]); i++) {
		const struct ccase *c = &ccases[i];
		size_t len = c->len ? c->len : strlen(c->in);
		uint32_t id = 0xdeadbeef;
		int rl = -7;
		char *b = exact(c->in, len);
		int ret = nvs_ctl_parse(b, len, c->pair_ok, &rl, &id);

		free(b);

		if (ret != c->ret)
			fail_msg("case %zu \"%s\": ret %d, want %d", i, c->in, ret, c->ret);
		if (ret == 0 && (rl != c->rl || id != c->id))
			fail_msg("case %zu \"%s\": %d:%u, want %d:%u", i, c->in, rl, id, c->rl, c->id);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_u32),
		cmocka_unit_test(test_parse_u32_length),
		cmocka_unit_test(test_ctl_parse),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
