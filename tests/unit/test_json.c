// SPDX-License-Identifier: MIT
/*
 * test_json.c - the JSON writer and reader of the CLI (lib/json.c) against
 * hand-written expectations: RFC 8259 escaping, CONTRACTS.md section 2
 * number and hex formats, commas, empty containers, null; the reader's
 * escapes, numbers and rejections.  No expected string here comes from
 * running the code under test.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include "testio.h"
#include <errno.h>
#include <float.h>
#include <limits.h>
#include <malloc.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <dirent.h>
#include <sys/wait.h>
#include "json.h"
/* allocation failures (fail_at, nalloc); test_json links with --wrap */
#include "failalloc.h"

struct buf {
	char *p;
	size_t n;
	FILE *f;
	struct jw w;
};

static void open_buf(struct buf *b, bool pretty)
{
	b->p = NULL;
	b->n = 0;
	b->f = open_memstream(&b->p, &b->n);
	assert_non_null(b->f);
	jw_init(&b->w, b->f, pretty);
}

static void expect(struct buf *b, const char *want)
{
	fclose(b->f);
	assert_string_equal(b->p, want);
	free(b->p);
}

static void str_doc(const char *s, const char *want)
{
	struct buf b;

	open_buf(&b, false);
	jw_str(&b.w, s);
	expect(&b, want);
}

static void test_escaping(void **state)
{
	str_doc("plain", "\"plain\"");
	str_doc("", "\"\"");
	str_doc("a\"b", "\"a\\\"b\"");
	str_doc("a\\b", "\"a\\\\b\"");
	str_doc("\n\t", "\"\\n\\t\"");
	/* other control characters: \u00XX (RFC 8259 section 7) */
	str_doc("\x01\x1f\r\b\f", "\"\\u0001\\u001f\\u000d\\u0008\\u000c\"");
	/* 0x20, 0x7f, '/' and UTF-8 bytes need no escape: passed through */
	str_doc(" /\x7f\xc3\xa9", "\" /\x7f\xc3\xa9\"");
	/* ... also in a string that has an escape elsewhere: "!" is 0x21 */
	str_doc(" !/\x7f\n", "\" !/\x7f\\n\"");
	str_doc(NULL, "null");
}

static void test_keys_escaped(void **state)
{
	struct buf b;

	open_buf(&b, false);
	jw_obj_begin(&b.w);
	jw_key(&b.w, "k\"\\\n");
	jw_int(&b.w, 1);
	jw_obj_end(&b.w);
	expect(&b, "{\"k\\\"\\\\\\n\":1}");
}

static void test_structure(void **state)
{
	struct buf b;

	open_buf(&b, false);
	jw_obj_begin(&b.w);
	jw_key(&b.w, "a");
	jw_arr_begin(&b.w);
	jw_arr_end(&b.w);
	jw_key(&b.w, "b");
	jw_obj_begin(&b.w);
	jw_obj_end(&b.w);
	jw_key(&b.w, "c");
	jw_arr_begin(&b.w);
	jw_int(&b.w, 1);
	jw_int(&b.w, -2);
	jw_arr_begin(&b.w);
	jw_null(&b.w);
	jw_arr_end(&b.w);
	jw_arr_end(&b.w);
	jw_key(&b.w, "d");
	jw_null(&b.w);
	jw_key(&b.w, "e");
	jw_bool(&b.w, true);
	jw_key(&b.w, "f");
	jw_bool(&b.w, false);
	jw_obj_end(&b.w);
	jw_end_doc(&b.w);
	/* a second document after jw_end_doc starts without a comma */
	jw_arr_begin(&b.w);
	jw_str(&b.w, "x");
	jw_arr_end(&b.w);
	jw_end_doc(&b.w);
	/*
	 * jw_end_doc ends a document left open too (output cut short
	 * part-way): the next value is at the top level again, no comma
	 */
	jw_arr_begin(&b.w);
	jw_int(&b.w, 1);
	jw_end_doc(&b.w);
	jw_int(&b.w, 2);
	jw_end_doc(&b.w);
	expect(&b, "{\"a\":[],\"b\":{},\"c\":[1,-2,[null]],\"d\":null,\"e\":true,\"f\":false}\n"
		   "[\"x\"]\n[1\n2\n");
}

/*
 * Nesting past JW_MAX_DEPTH (64, json.h): the writer stops counting levels
 * at 63 and keeps writing brackets (no item is written out of place, and
 * under UBSan no level beyond first[] is touched): 70 arrays, 1 inside.
 */
static void test_deep_nesting(void **state)
{
	char want[160];
	struct buf b;

	(void)state;
	memset(want, '[', 70);
	want[70] = '1';
	memset(want + 71, ']', 70);
	strcpy(want + 141, "\n");
	open_buf(&b, false);
	for (int i = 0; i < 70; i++)
		jw_arr_begin(&b.w);
	jw_int(&b.w, 1);
	for (int i = 0; i < 70; i++)
		jw_arr_end(&b.w);
	jw_end_doc(&b.w);
	expect(&b, want);
}

/*
 * The deepest nesting the writer still counts, 63 levels (JW_MAX_DEPTH - 1):
 * pretty output indents each level's items by two spaces more and its
 * closing bracket as its parent's items, down to the last level.  Each
 * level holds its number and then the next level.
 */
static void test_pretty_depth_63(void **state)
{
	static char want[16384];
	size_t n = 0;
	struct buf b;
	int l;

	(void)state;
	for (l = 1; l <= JW_MAX_DEPTH - 1; l++) {
		if (l > 1)
			n += (size_t)sprintf(want + n, ",\n%*s", 2 * (l - 1), "");
		n += (size_t)sprintf(want + n, "[\n%*s%d", 2 * l, "", l);
	}
	for (l = JW_MAX_DEPTH - 1; l >= 1; l--)
		n += (size_t)sprintf(want + n, "\n%*s]", 2 * (l - 1), "");
	strcpy(want + n, "\n");
	open_buf(&b, true);
	for (l = 1; l <= JW_MAX_DEPTH - 1; l++) {
		jw_arr_begin(&b.w);
		jw_int(&b.w, l);
	}
	for (l = 1; l <= JW_MAX_DEPTH - 1; l++)
		jw_arr_end(&b.w);
	jw_end_doc(&b.w);
	expect(&b, want);
}

/* nothing written past the @cap bytes a jw_buffer() writer was given in
 * @ob (@size bytes, filled with '#' before) */
static void untouched(const char *ob, size_t size, size_t cap)
{
	for (size_t i = cap; i < size; i++)
		if (ob[i] != '#')
			fail_msg("capacity %zu: byte %zu of the buffer written", cap, i);
}

/*
 * jw_buffer(): the same bytes whatever the buffer size (flushes at every
 * boundary, strings longer than the buffer written directly), nothing
 * before jw_flush() with a large buffer, even after jw_end_doc().
 */
static void test_buffered(void **state)
{
	static const size_t caps[] = { 1, 2, 3, 7, 16, 4096 };
	const char *want = "{\"name\":\"t0\",\"long key, longer than sixteen\":[1.5,-2,"
			   "null,true,\"0x1f\",\"a\\\"b\\n\"],\"k2\":7}\n[1]\n";

	for (size_t c = 0; c < sizeof(caps) / sizeof(caps[0]); c++) {
		struct buf b;
		char ob[4096];

		memset(ob, '#', sizeof(ob));
		open_buf(&b, false);
		jw_buffer(&b.w, ob, caps[c]);
		jw_obj_begin(&b.w);
		jw_key(&b.w, "name");
		jw_str(&b.w, "t0");
		jw_key(&b.w, "long key, longer than sixteen");
		jw_arr_begin(&b.w);
		jw_double(&b.w, 1.5);
		jw_int(&b.w, -2);
		jw_null(&b.w);
		jw_bool(&b.w, true);
		jw_hex(&b.w, 0x1f);
		jw_str(&b.w, "a\"b\n");
		jw_arr_end(&b.w);
		JW_KEY(&b.w, "k2");	/* jw_keyn: a literal key */
		jw_int(&b.w, 7);
		jw_obj_end(&b.w);
		jw_end_doc(&b.w);
		jw_arr_begin(&b.w);
		jw_int(&b.w, 1);
		jw_arr_end(&b.w);
		jw_end_doc(&b.w);
		if (caps[c] == 4096) {
			fflush(b.f);
			assert_int_equal(b.n, 0);	/* all still in ob */
		}
		jw_flush(&b.w);
		expect(&b, want);
		/* nothing written past the capacity jw_buffer was given (the
		 * double's in-place fast path needs its 40 bytes of room) */
		untouched(ob, sizeof(ob), caps[c]);
	}
}

/*
 * jw_buffer (json.h) writes to f "when full": a write that fills the buffer
 * exactly stays in it (4 + 4 bytes in 8; 4 bytes in 4), the next byte sends
 * it first; a write longer than the whole buffer goes straight to f.
 */
static void test_buffer_exact_fill(void **state)
{
	struct buf b;
	char ob[8], ob2[16];

	open_buf(&b, false);
	jw_buffer(&b.w, ob, sizeof(ob));
	jw_int(&b.w, 1234);
	jw_null(&b.w);
	fflush(b.f);
	assert_int_equal(b.n, 0);	/* full, not yet written */
	jw_end_doc(&b.w);
	fflush(b.f);
	assert_int_equal(b.n, 8);	/* the '\n' did not fit: the 8 bytes went first */
	jw_flush(&b.w);
	expect(&b, "1234null\n");
	/*
	 * A write exactly as long as the buffer, after the flush it caused,
	 * fits and stays (4 bytes in 4): "12", then "null" (no room beside
	 * "12": the 2 bytes go first) is collected until jw_flush; "false"
	 * (5 bytes, longer than the buffer) sends "null" and then goes straight
	 * to f.
	 */
	open_buf(&b, false);
	jw_buffer(&b.w, ob, 4);
	jw_int(&b.w, 12);
	jw_null(&b.w);
	fflush(b.f);
	assert_int_equal(b.n, 2);	/* "12" */
	assert_memory_equal(ob, "null", 4);
	jw_bool(&b.w, false);
	fflush(b.f);
	assert_int_equal(b.n, 11);	/* "12" "null" "false" */
	jw_flush(&b.w);
	expect(&b, "12nullfalse");

	/*
	 * jw_buffer again on a writer with bytes collected (json.h: what an
	 * earlier buffer holds is written first): to another buffer, then back
	 * to none (cap 0); every byte arrives, in order.
	 */
	open_buf(&b, false);
	jw_buffer(&b.w, ob, sizeof(ob));
	jw_arr_begin(&b.w);
	jw_int(&b.w, 1);
	jw_buffer(&b.w, ob2, sizeof(ob2));
	fflush(b.f);
	assert_int_equal(b.n, 2);	/* "[1" went when the buffer changed */
	jw_int(&b.w, 2);
	jw_buffer(&b.w, NULL, 0);
	fflush(b.f);
	assert_int_equal(b.n, 4);	/* ",2" too */
	jw_arr_end(&b.w);
	jw_end_doc(&b.w);
	expect(&b, "[1,2]\n");
}

static void test_pretty_separators(void **state)
{
	struct buf b;

	open_buf(&b, true);
	jw_obj_begin(&b.w);
	jw_key(&b.w, "a");
	jw_int(&b.w, 1);
	jw_key(&b.w, "b");
	jw_int(&b.w, 2);
	jw_obj_end(&b.w);
	fclose(b.f);
	/* pretty: "key": value, members on lines of their own */
	assert_non_null(strstr(b.p, "\"a\": 1,\n"));
	assert_non_null(strstr(b.p, "\"b\": 2\n"));
	assert_int_equal(b.p[0], '{');
	assert_int_equal(b.p[strlen(b.p) - 1], '}');
	free(b.p);
}

/*
 * Doubles written into buffers of 1 to 80 bytes after a 32-byte string:
 * the room left at each double runs through 0 to 40 and past, so the
 * in-place path (40 bytes of room) and the copy through jw_write both
 * occur; the same text at every size and nothing past the capacity.
 */
static void test_buffered_doubles(void **state)
{
	const char *want = "[\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\",0.30000000000000004,1048.576,"
			   "-0.30000000000000004]\n";

	(void)state;
	for (size_t cap = 1; cap <= 80; cap++) {
		struct buf b;
		char ob[128];

		memset(ob, '#', sizeof(ob));
		open_buf(&b, false);
		jw_buffer(&b.w, ob, cap);
		jw_arr_begin(&b.w);
		jw_str(&b.w, "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
		jw_double(&b.w, 0.30000000000000004);
		jw_double(&b.w, 1048.576);
		jw_double(&b.w, -0.30000000000000004);
		jw_arr_end(&b.w);
		jw_end_doc(&b.w);
		jw_flush(&b.w);
		expect(&b, want);
		untouched(ob, sizeof(ob), cap);
	}
}

/*
 * Pretty output collected in buffers of 1 to 64 bytes: the same text at
 * every size, and nothing written past the capacity (JW_KEY's room for
 * "key": and its space is counted after the comma, newline and indent
 * that come first: 4 bytes at depth 1, up to 2 + 2 depth).
 */
static void test_buffered_pretty(void **state)
{
	const char *want = "{\n  \"a\": 1,\n  \"bc\": {\n    \"d\": 2,\n    \"schema\": 1,\n"
			   "    \"e f\": [\n      3\n    ]\n  }\n}\n";

	(void)state;
	for (size_t cap = 1; cap <= 64; cap++) {
		struct buf b;
		char ob[96];

		memset(ob, '#', sizeof(ob));
		open_buf(&b, true);
		jw_buffer(&b.w, ob, cap);
		jw_obj_begin(&b.w);
		JW_KEY(&b.w, "a");
		jw_int(&b.w, 1);
		JW_KEY(&b.w, "bc");
		jw_obj_begin(&b.w);
		JW_KEY(&b.w, "d");
		jw_int(&b.w, 2);
		JW_KEY(&b.w, "schema");
		jw_int(&b.w, 1);
		jw_key(&b.w, "e f");
		jw_arr_begin(&b.w);
		jw_int(&b.w, 3);
		jw_arr_end(&b.w);
		jw_obj_end(&b.w);
		jw_obj_end(&b.w);
		jw_end_doc(&b.w);
		jw_flush(&b.w);
		expect(&b, want);
		untouched(ob, sizeof(ob), cap);
	}
}

static void num_doc(void (*fn)(struct jw *, void *), void *arg, const char *want)
{
	struct buf b;

	open_buf(&b, false);
	fn(&b.w, arg);
	expect(&b, want);
}

static void w_int(struct jw *w, void *a) { jw_int(w, *(long long *)a); }
static void w_uint(struct jw *w, void *a) { jw_uint(w, *(unsigned long long *)a); }
static void w_hex(struct jw *w, void *a) { jw_hex(w, *(unsigned long long *)a); }
static void w_dbl(struct jw *w, void *a) { jw_double(w, *(double *)a); }

static void test_integers(void **state)
{
	long long i;
	unsigned long long u;

	i = 0; num_doc(w_int, &i, "0");
	i = -1; num_doc(w_int, &i, "-1");
	i = LLONG_MIN; num_doc(w_int, &i, "-9223372036854775808");
	i = LLONG_MAX; num_doc(w_int, &i, "9223372036854775807");
	u = ULLONG_MAX; num_doc(w_uint, &u, "18446744073709551615");
	u = 4095; num_doc(w_uint, &u, "4095");
}

static void test_hex(void **state)
{
	unsigned long long u;

	/* CONTRACTS.md section 2: strings, lower case, 0x, no zero padding */
	u = 0; num_doc(w_hex, &u, "\"0x0\"");
	u = 0x400000; num_doc(w_hex, &u, "\"0x400000\"");
	u = 0x13db8a0000ull; num_doc(w_hex, &u, "\"0x13db8a0000\"");
	u = 0xABCDEFull; num_doc(w_hex, &u, "\"0xabcdef\"");
	u = 1ull << 40; num_doc(w_hex, &u, "\"0x10000000000\"");
	u = ULLONG_MAX; num_doc(w_hex, &u, "\"0xffffffffffffffff\"");
}

static void test_doubles(void **state)
{
	static const struct { double v; const char *want; } c[] = {
		{ 1048.576, "1048.576" },	/* 3 << 8 << 10 ns... timeslice_us */
		{ 409.6, "409.6" },
		{ 0.1, "0.1" },
		{ 1.0, "1.0" },			/* stays a double: ".0" */
		{ 0.0, "0.0" },
		{ -2.0, "-2.0" },
		{ 1e300, "1e+300" },		/* exponent: no ".0" added */
		{ 0.30000000000000004, "0.30000000000000004" },	/* needs 17 digits */
		{ 1.0 / 3.0, "0.3333333333333333" },	/* 16 digits suffice */
		{ 123456789012345.0, "123456789012345.0" },	/* 15 digits, integral */
		{ 1234567890123456.0, "1234567890123456.0" },	/* 16 digits */
		{ 5e-324, "4.94065645841247e-324" },	/* 15 digits read back as the least denormal */
	};
	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		double v = c[i].v;

		num_doc(w_dbl, &v, c[i].want);
	}
	double v = NAN;
	num_doc(w_dbl, &v, "null");
	v = INFINITY;
	num_doc(w_dbl, &v, "null");
	v = -INFINITY;
	num_doc(w_dbl, &v, "null");
}

/* jw_double's documented form: the first of %.15g, %.16g, %.17g that strtod
 * reads back as v, with ".0" when it has no point or exponent */
static void ref_double(double v, char *out, size_t len)
{
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(out, len, "%.*g", prec, v);
		if (strtod(out, NULL) == v)
			break;
	}
	if (!strpbrk(out, ".eEn"))
		strcat(out, ".0");
}

static uint64_t xorshift(uint64_t *st)
{
	*st ^= *st << 13;
	*st ^= *st >> 7;
	*st ^= *st << 17;
	return *st;
}

/*
 * Random doubles, in and out of the integer fast path's range (1e-3 to
 * 1e13), powers of two and their neighbours among them: the buffered
 * writer's text is the documented form's.
 */
static void test_doubles_random(void **state)
{
	uint64_t st = 0x9e3779b97f4a7c15ull, r;
	char want[64], got[64];
	struct jw w;
	int i;

	for (i = 0; i < 400000; i++) {
		double v;

		r = xorshift(&st);
		switch (i % 5) {
		case 0:
			memcpy(&v, &r, sizeof(v));
			break;
		case 1:
			v = (double)(r % 100000000000ull) / pow(10, (double)(xorshift(&st) % 14));
			break;
		case 2:
			v = ldexp(1.0, (int)(r % 60) - 12);
			v = r & 64 ? nextafter(v, 0.0) : r & 128 ? nextafter(v, INFINITY) : v;
			break;
		case 3:
			v = ldexp((double)(r >> 11), (int)(xorshift(&st) % 100) - 80);
			break;
		default:
			v = (double)(int64_t)(r % 20000000000000000ull) / 1000.0;
			break;
		}
		if (r & 256)
			v = -v;
		if (!isfinite(v))
			continue;
		ref_double(v, want, sizeof(want));
		jw_init(&w, NULL, false);
		jw_buffer(&w, got, sizeof(got));
		jw_double(&w, v);
		got[w.olen] = 0;
		if (strcmp(got, want))
			fail_msg("%a: wrote '%s', want '%s'", v, got, want);
	}
}

/*
 * The powers of ten of the integer fast path's range (10^-3 to 10^12) and
 * 16 doubles each side of them, both signs: there a 15-digit q can come out
 * as 10^15 (a one decade higher).  One by hand: the double after 1e5 is
 * 1e5 + 2^-36 (1e5 lies in [2^16, 2^17): ulp 2^(16 - 52)), 100000.0000000000146;
 * %.16g gives "100000" (reads back as 1e5) and %.17g "100000.00000000001",
 * 1e-11 above 1e5, nearer that double (0.46e-11 away) than 1e5.  Another:
 * 100 + 7 2^-46 (ulp 2^(6 - 52)) = 100 + 9.9476e-14: %.15g gives "100",
 * %.16g "100.0000000000001" (1e-13, 5.2e-16 from it, well within half an
 * ulp, 7.1e-15).
 */
static void test_doubles_powers_of_ten(void **state)
{
	char want[64], got[64], num[16];
	struct jw w;
	double v;

	(void)state;
	v = nextafter(1e5, INFINITY);
	assert_true(v == 1e5 + ldexp(1.0, -36));
	num_doc(w_dbl, &v, "100000.00000000001");
	v = 100.0 + 7 * ldexp(1.0, -46);
	num_doc(w_dbl, &v, "100.0000000000001");
	for (int n = -3; n <= 12; n++) {
		snprintf(num, sizeof(num), "1e%d", n);
		for (int side = -1; side <= 1; side += 2) {
			v = strtod(num, NULL);
			for (int i = 0; i <= 16; i++, v = nextafter(v, side * INFINITY)) {
				for (int neg = 0; neg < 2; neg++) {
					double x = neg ? -v : v;

					ref_double(x, want, sizeof(want));
					jw_init(&w, NULL, false);
					jw_buffer(&w, got, sizeof(got));
					jw_double(&w, x);
					got[w.olen] = 0;
					if (strcmp(got, want))
						fail_msg("%a: wrote '%s', want '%s'", x, got, want);
					num_doc(w_dbl, &x, want);
				}
			}
		}
	}
}

static struct json *parse(const char *s)
{
	char err[128] = "stale";
	struct json *j = json_parse(s, strlen(s), err, sizeof(err));

	/* err holds a message only when the parse fails, never an old one */
	if (j && err[0])
		fail_msg("'%s' parsed, yet err says '%s'", s, err);
	return j;
}

static void test_reader_escapes(void **state)
{
	struct json *j = parse("{\"s\":\"x\\\"y\\\\\\/\\b\\f\\n\\r\\t\\u0041\\u00e9\\u20ac\\ud83d\\ude00\"}");

	assert_non_null(j);
	const char *s = json_get_string(j, "s");
	assert_non_null(s);
	assert_string_equal(s, "x\"y\\/\b\f\n\r\tA\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80");
	json_free(j);
}

/*
 * \uXXXX takes upper- and lower-case hex digits (RFC 8259 section 7:
 * HEXDIG is case-insensitive): U+00AF = C2 AF, U+00C9 = C3 89, U+0039 =
 * '9', U+FFFF = EF BF BF, U+0A0A = E0 A8 8A; \u0000 is refused (the
 * reader's strings are NUL-terminated), as is a digit outside 0-9, a-f,
 * A-F (the characters just below and above each range).
 */
static void test_reader_hex_case(void **state)
{
	struct json *j = parse("{\"s\":\"\\u00AF\\u00af\\u00C9\\u0039\\uFFFF\\uffff\\u0A0a\"}");
	static const char *const bad[] = {
		"\"\\u00G0\"", "\"\\u00g0\"", "\"\\u00@0\"", "\"\\u00`0\"", "\"\\u00/0\"", "\"\\u00:0\"",
	};
	char err[128] = "";

	assert_non_null(j);
	assert_string_equal(json_get_string(j, "s"),
			    "\xc2\xaf\xc2\xaf\xc3\x89" "9" "\xef\xbf\xbf\xef\xbf\xbf\xe0\xa8\x8a");
	json_free(j);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = 0;
		assert_null(json_parse(bad[i], strlen(bad[i]), err, sizeof(err)));
		assert_non_null(strstr(err, "bad \\u escape"));
	}
	/* the UTF-8 length boundaries (RFC 3629 section 3): U+007F one byte,
	 * U+0080 C2 80, U+07FF DF BF, U+0800 E0 A0 80 */
	j = parse("[\"\\u007f\\u0080\\u07FF\\u0800\"]");
	assert_non_null(j);
	assert_string_equal(j->items[0]->str, "\x7f\xc2\x80\xdf\xbf\xe0\xa0\x80");
	json_free(j);
	assert_null(json_parse("\"a\\u0000b\"", 10, err, sizeof(err)));
	assert_non_null(strstr(err, "\\u0000 not supported"));
}

/* UTF-16 surrogate pairs at their edges (RFC 8259 section 7): high
 * D800-DBFF, low DC00-DFFF; U+10000 = F0 90 80 80, U+10FFFF = F4 8F BF BF,
 * U+103FF = F0 90 8F BF */
static void test_reader_surrogate_edges(void **state)
{
	static const struct {
		const char *in, *out;
	} ok[] = {
		{ "{\"s\":\"\\ud800\\udc00\"}", "\xf0\x90\x80\x80" },
		{ "{\"s\":\"\\udbff\\udfff\"}", "\xf4\x8f\xbf\xbf" },
		{ "{\"s\":\"\\ud800\\udfff\"}", "\xf0\x90\x8f\xbf" },
		/* a low one first is no pair's start: each alone, U+DC00 as
		 * its three UTF-8 bytes ED B0 80 (as every \\uXXXX below 0x10000) */
		{ "{\"s\":\"\\udc00\\udc00\"}", "\xed\xb0\x80\xed\xb0\x80" },
	};
	static const char *const bad[] = {
		"{\"s\":\"\\ud800\\udbff\"}",	/* a high one where the low one must be */
		"{\"s\":\"\\ud800\\ue000\"}",	/* above the low range */
	};

	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		struct json *j = parse(ok[i].in);

		assert_non_null(j);
		assert_string_equal(json_get_string(j, "s"), ok[i].out);
		json_free(j);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_null(parse(bad[i]));
}

static void test_reader_values(void **state)
{
	struct json *j = parse(" {\"a\" : [1, -1.5e2, 0.25, true, false, null, {}, []], \"b\": 7, \"a\": 3} ");
	const struct json *a;
	double d;

	assert_non_null(j);
	assert_int_equal(j->type, JSON_OBJECT);
	assert_int_equal(j->n, 3);
	a = json_get_array(j, "a");		/* first match */
	assert_non_null(a);
	assert_int_equal(a->n, 8);
	assert_true(a->items[0]->type == JSON_NUMBER && a->items[0]->num == 1.0);
	assert_true(a->items[1]->num == -150.0);
	assert_true(a->items[2]->num == 0.25);
	assert_true(json_is_int(a->items[0]));
	assert_false(json_is_int(a->items[2]));
	assert_false(json_is_int(NULL));
	assert_false(json_is_int(a->items[3]));	/* true: not a number */
	assert_true(a->items[3]->type == JSON_BOOL && a->items[3]->b);
	assert_true(a->items[4]->type == JSON_BOOL && !a->items[4]->b);
	assert_int_equal(a->items[5]->type, JSON_NULL);
	assert_true(a->items[6]->type == JSON_OBJECT && a->items[6]->n == 0);
	assert_true(a->items[7]->type == JSON_ARRAY && a->items[7]->n == 0);
	assert_true(json_get_number(j, "b", &d) && d == 7.0);
	assert_false(json_get_number(j, "c", &d));
	assert_null(json_get_string(j, "b"));
	assert_null(json_get_string(j, "c"));	/* no such key */
	assert_null(json_get_array(j, "c"));
	assert_null(json_get_array(j, "b"));
	/* json_get (json.h): NULL for no object at all or another type,
	 * so lookups chain */
	assert_null(json_get(NULL, "a"));
	assert_null(json_get(a, "a"));		/* an array of 8 items */
	assert_null(json_get(a->items[0], "a"));
	assert_null(json_get_string(json_get(j, "c"), "a"));
	json_free(j);
	/* blanks inside empty containers (RFC 8259: ws around structural characters) */
	j = parse("[ ]");
	assert_true(j && j->type == JSON_ARRAY && j->n == 0);
	json_free(j);
	j = parse("{\n\t}");
	assert_true(j && j->type == JSON_OBJECT && j->n == 0);
	json_free(j);
	/* json_is_int (json.h) on both sides of 2^53 = 9007199254740992 */
	j = parse("[9007199254740991, -9007199254740991, 9007199254740992, -9007199254740992, "
		  "9007199254740993, 4503599627370495.5, 1e300]");
	assert_non_null(j);
	assert_true(json_is_int(j->items[0]));
	assert_true(json_is_int(j->items[1]));
	for (size_t i = 2; i < 7; i++)
		if (json_is_int(j->items[i]))
			fail_msg("item %zu (%.17g): an integer", i, j->items[i]->num);
	json_free(j);
}

/*
 * Nesting: the reader takes values nested JSON_MAX_NEST = 200 levels below
 * the top one (lib/json.c), 201 arrays in all, and refuses 202 with
 * "nesting too deep" at the innermost '[' (column 202).
 */
static void test_reader_nesting(void **state)
{
	char doc[420], err[128] = "";
	struct json *j;
	const struct json *a;

	(void)state;
	for (int n = 201; n <= 202; n++) {
		memset(doc, '[', (size_t)n);
		memset(doc + n, ']', (size_t)n);
		j = json_parse(doc, 2 * (size_t)n, err, sizeof(err));
		if (n == 202) {
			assert_null(j);
			assert_string_equal(err, "line 1 col 202: nesting too deep");
			continue;
		}
		assert_non_null(j);
		a = j;
		for (int d = 1; d < n; d++) {
			assert_true(a->type == JSON_ARRAY && a->n == 1);
			a = a->items[0];
		}
		assert_true(a->type == JSON_ARRAY && a->n == 0);
		json_free(j);
	}
}

/* parse @s from a heap copy of exactly its length (no NUL after it: under
 * ASan a read past the end is an error) */
static struct json *parse_exact(const char *s, char *err, size_t errlen)
{
	size_t n = strlen(s);
	char *b = malloc(n);
	struct json *j;

	assert_non_null(b);
	memcpy(b, s, n);
	j = json_parse(b, n, err, errlen);
	free(b);
	return j;
}

/*
 * A document that ends exactly where its last token ends: top-level
 * literals and numbers (RFC 8259 section 2: any value is a JSON text),
 * and a number out of the double range refused with its text.
 */
static void test_reader_exact_end(void **state)
{
	char err[128] = "";
	struct json *j;

	j = parse_exact("true", err, sizeof(err));
	assert_true(j && j->type == JSON_BOOL && j->b);
	json_free(j);
	j = parse_exact("false", err, sizeof(err));
	assert_true(j && j->type == JSON_BOOL && !j->b);
	json_free(j);
	j = parse_exact("null", err, sizeof(err));
	assert_true(j && j->type == JSON_NULL);
	json_free(j);
	j = parse_exact("[null]", err, sizeof(err));
	assert_true(j && j->type == JSON_ARRAY && j->n == 1 && j->items[0]->type == JSON_NULL);
	json_free(j);
	j = parse_exact("-12.5e1", err, sizeof(err));
	assert_true(j && j->type == JSON_NUMBER && j->num == -125.0);
	json_free(j);
	j = parse_exact("1 \n", err, sizeof(err));	/* whitespace to the end */
	assert_true(j && j->type == JSON_NUMBER && j->num == 1.0);
	json_free(j);
	assert_null(parse_exact("nul", err, sizeof(err)));
	assert_null(parse_exact("-", err, sizeof(err)));
	assert_null(parse_exact("1e", err, sizeof(err)));
	assert_null(parse_exact("1e+", err, sizeof(err)));
	j = parse_exact("1.", err, sizeof(err));	/* accepted, as strtod does */
	assert_true(j && j->type == JSON_NUMBER && j->num == 1.0);
	json_free(j);
	assert_null(parse_exact("1e999", err, sizeof(err)));
	assert_non_null(strstr(err, "bad number '1e999'"));
	assert_null(parse_exact("-1e999", err, sizeof(err)));
	assert_non_null(strstr(err, "bad number '-1e999'"));
}

static void test_reader_rejects(void **state)
{
	static const char *bad[] = {
		"", "{", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "[1 2]", "\"open", "\"\\q\"",
		"\"\\u12\"", "tru", "nul", "{1:2}", "[1]x", "\"a\nb\"", "-", ".5",	/* "1." is accepted (strtod) */
		/* ':' (the character after '9') right after a number's digits */
		"[1:]", "[0:]", "[1:5]", "[1.5:]", "[19:]", "{\"a\":12:3}",
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct json *j = parse(bad[i]);

		if (j)
			fail_msg("accepted invalid JSON '%s'", bad[i]);
	}
}

/*
 * Numbers: the reader's value is strtod's (correctly rounded) for random
 * decimals of 1 to 21 digits (half of them 16 to 19), with and without a
 * point, exponent and sign, around the fast paths' limits (2^53, 10^19,
 * 10^22), as the first array item and followed by other characters.
 */
static void test_reader_numbers(void **state)
{
	static const char *const fixed[] = {
		"9007199254740992", "9007199254740993", "9007199254740991.5", "0.1", "1e22",
		"1e23", "123456789012345678", "6.580000000000001", "251.44000000000003",
		"0.30000000000000004", "4.9e-324", "1.7976931348623157e308", "-0", "0e5",
		"0.0000000000000000000001", "00012", "1E+2", "1e-22", "123e-20",
		"0.000123", "000.5", "-0.0", "0.00000000000000000000001", "00000000000000000000001",
		"0.0000000000000000000000", "1234567890123456789", "12345678901234567890",
		"0.1234567890123456789", "1.234567890123456789e-5", "-00.001000",
	};
	uint64_t x = 88172645463325252ull;
	int n = 0;

	for (int i = 0; i < 200000 + (int)(sizeof(fixed) / sizeof(fixed[0])); i++) {
		char num[64], doc[96];
		struct json *j;
		double want;
		bool range;

		if (i < (int)(sizeof(fixed) / sizeof(fixed[0]))) {
			snprintf(num, sizeof(num), "%s", fixed[i]);
		} else {
			int nd, point, len = 0;

			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			/* every other one 16 to 19 digits: the 128-bit path */
			nd = (i & 2) ? 16 + (int)(x % 4) : 1 + (int)(x % 21);
			point = (int)((x >> 8) % (nd + 2));	/* nd + 1: none */
			if ((x >> 16) & 1)
				num[len++] = '-';
			for (int d = 0; d < nd; d++) {
				x ^= x << 13, x ^= x >> 7, x ^= x << 17;
				if (d == point && d > 0)
					num[len++] = '.';
				num[len++] = (char)('0' + (d == 0 ? 1 + x % 9 : x % 10));
			}
			if ((x >> 20) % 4 == 0)
				len += snprintf(num + len, sizeof(num) - len, "e%d",
						(int)((x >> 24) % 61) - 30);
			num[len] = 0;
		}
		errno = 0;
		want = strtod(num, NULL);
		range = errno == ERANGE;
		snprintf(doc, sizeof(doc), "[%s%s]", num, (i & 1) ? " " : ",1");
		j = parse(doc);
		if (range) {	/* out of range or subnormal: rejected */
			if (j)
				fail_msg("'%s': accepted, strtod says ERANGE", num);
			continue;
		}
		if (!j || j->items[0]->type != JSON_NUMBER ||
		    memcmp(&j->items[0]->num, &want, sizeof(want)))
			fail_msg("'%s': read %a, strtod %a", num, j ? j->items[0]->num : 0.0, want);
		json_free(j);
		n++;
	}
	print_message("reader: %d numbers identical to strtod\n", n);
}

/*
 * A run of leading zeros is read by the one-pass path however long it is
 * (strtod's copy is limited to 63 characters): every digit 0-9 must count
 * as a digit there, a '9' included, in the integer part and in the fraction.
 */
static void test_reader_long_zero_run(void **state)
{
	static const struct { const char *tail; double want; } cases[] = {
		{ "9", 9.0 }, { "19", 19.0 }, { "99.5", 99.5 }, { "1.9", 1.9 },
		{ "8.25e1", 82.5 }, { "90", 90.0 },
	};
	char doc[160];

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct json *j;
		int len;

		len = snprintf(doc, sizeof(doc), "[%s", (i & 1) ? "-" : "");
		memset(doc + len, '0', 80);
		snprintf(doc + len + 80, sizeof(doc) - len - 80, "%s]", cases[i].tail);
		j = parse(doc);
		if (!j || j->items[0]->type != JSON_NUMBER)
			fail_msg("80 zeros then '%s': not read", cases[i].tail);
		assert_true(j->items[0]->num == ((i & 1) ? -cases[i].want : cases[i].want));
		json_free(j);
	}
}

/*
 * A mantissa of 17 to 19 digits above 2^53 after a run of leading zeros
 * longer than strtod's 63-character copy: the one-pass path reads it (the
 * 128-bit path, at scales 0 and +-1), else the number is "too long" (-2).
 * Then zero and a 22-digit fraction after the zeros (the one-pass path's
 * other limits), each also with a minus sign.  Expected values are C
 * literals of the same decimal (the compiler rounds correctly):
 * 9007199254740993 = 2^53 + 1 lies halfway between the doubles 2^53 and
 * 2^53 + 2 and rounds to even, 2^53; 9999999999999999999 is one below
 * 10^19 = 2^19 5^19 (an exact double, its neighbours 2048 apart).
 */
static void test_reader_wide_zero_run(void **state)
{
	static const struct { const char *tail; double want; } cases[] = {
		{ "9007199254740993", 9007199254740992.0 },
		{ "9999999999999999999", 1e19 },
		{ "9007199254740993e1", 9007199254740993e1 },
		{ "9007199254740993e-1", 9007199254740993e-1 },
		{ "900719925474099.3", 900719925474099.3 },
		{ "1234567890123456789e19", 1234567890123456789e19 },
		{ "1234567890123456789e-18", 1234567890123456789e-18 },
		/* zero itself, and a fraction of 22 digits (the one-pass
		 * path's longest; 23 and more go to strtod: "0.0...01" with
		 * 22 zeros in test_reader_numbers): 10^-22, as "1e-22" */
		{ "", 0.0 }, { ".000", 0.0 }, { "e5", 0.0 },
		{ ".0000000000000000000001", 1e-22 },
		{ ".0000000000000000000012", 12e-22 },
	};
	char num[128];

	(void)state;
	assert_true(9007199254740993.0 == 9007199254740992.0);	/* ties to even */
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *stop = NULL;
		double v = 0;
		int len;

		memset(num, '0', 70);
		len = 70 + snprintf(num + 70, sizeof(num) - 70, "%s", cases[i].tail);
		if (json_read_number(num, num + len, &v, &stop))
			fail_msg("70 zeros then '%s': not read", cases[i].tail);
		assert_ptr_equal(stop, num + len);
		if (v != cases[i].want)
			fail_msg("70 zeros then '%s': read %a, want %a", cases[i].tail, v,
				 cases[i].want);
		/* "-" first: the same value negated, -0.0 for zero */
		num[0] = '-';
		v = 0;
		if (json_read_number(num, num + len, &v, &stop))
			fail_msg("'-', 69 zeros then '%s': not read", cases[i].tail);
		assert_ptr_equal(stop, num + len);
		if (v != -cases[i].want || !signbit(v))
			fail_msg("'-', 69 zeros then '%s': read %a", cases[i].tail, v);
	}
}

/* json_parse_file keeps the text: strings in place, escaped ones decoded */
static void test_reader_file_strings(void **state)
{
	char path[] = "/tmp/test_json_XXXXXX", err[128];
	int fd = mkstemp(path);
	FILE *f;
	struct json *j;

	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	assert_non_null(f);
	fputs("{\"plain\": \"abc\", \"esc\\u0041\": \"x\\ny\\\"\",\n \"empty\": \"\", "
	      "\"arr\": [\"p\", \"q\\t\"]}", f);
	fclose(f);
	j = json_parse_file(path, err, sizeof(err));
	assert_non_null(j);
	assert_string_equal(json_get_string(j, "plain"), "abc");
	assert_string_equal(json_get_string(j, "escA"), "x\ny\"");
	assert_string_equal(json_get_string(j, "empty"), "");
	assert_string_equal(json_get_array(j, "arr")->items[0]->str, "p");
	assert_string_equal(json_get_array(j, "arr")->items[1]->str, "q\t");
	json_free(j);
	/* an error after in-place strings still reports its line and column */
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("{\"a\": \"b\",\n \"c\\n\": \"d\",\n \"e\": x}", f);
	fclose(f);
	j = json_parse_file(path, err, sizeof(err));
	unlink(path);
	assert_null(j);
	assert_non_null(strstr(err, "line 3 col 7"));
}

/*
 * read(2) for json.c, which this program links: at most read_chunk bytes a
 * call when it is set (0: as asked), so a regular file reads short as one
 * over 2 GiB does on Linux (at most 0x7ffff000 bytes a call, read(2)).
 */
static size_t read_chunk;

ssize_t read(int fd, void *buf, size_t n)
{
	if (read_chunk && n > read_chunk)
		n = read_chunk;
	return syscall(SYS_read, fd, buf, n);
}

/* a file larger than the reader's 64 KiB read chunk: read whole, also when
 * each read(2) returns only 4 KiB of it */
static void test_reader_big_file(void **state)
{
	char path[] = "/tmp/test_json_XXXXXX", err[128];
	int fd = mkstemp(path);
	FILE *f;
	struct json *j;
	const struct json *a;

	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	assert_non_null(f);
	fputs("{\"a\":[", f);
	for (int i = 0; i < 50000; i++)
		fprintf(f, "%s%d", i ? ", " : "", i);	/* about 340 KB */
	fputs("], \"end\": \"yes\"}", f);
	fclose(f);
	for (int pass = 0; pass < 2; pass++) {
		read_chunk = pass ? 4096 : 0;
		j = json_parse_file(path, err, sizeof(err));
		read_chunk = 0;
		assert_non_null(j);
		a = json_get_array(j, "a");
		assert_non_null(a);
		assert_int_equal(a->n, 50000);
		assert_true(a->items[49999]->num == 49999.0);
		assert_true(a->items[12345]->num == 12345.0);
		assert_string_equal(json_get_string(j, "end"), "yes");
		json_free(j);
	}
	unlink(path);
}

/* heap bytes in use (glibc: arena and mmapped blocks); 0 where the
 * allocator does not say (ASan's: its leak check covers that build) */
static size_t heap_in_use(void)
{
	struct mallinfo2 mi = mallinfo2();

	return mi.uordblks + mi.hblkhd;
}

/*
 * json_free returns every chunk of a document but the one 64 KiB chunk it
 * keeps for the next document ("batch mode", json.c): parsing a document
 * with two arrays of 9000 items (each items array a chunk of its own, over
 * 64 KiB) again and again does not grow the heap.  Chunks of other sizes
 * must be freed, not cached: caching one would lose the one it replaces.
 */
static void test_free_big_chunks(void **state)
{
	size_t len = 0, cap = 64 * 1024, before = 0;
	char *text = malloc(cap), err[128];
	struct json *j;
	int round, k, i;

	(void)state;
	assert_non_null(text);
	text[len++] = '[';
	for (k = 0; k < 2; k++) {
		len += (size_t)sprintf(text + len, "%s[", k ? "," : "");
		for (i = 0; i < 9000; i++)
			len += (size_t)sprintf(text + len, "%s0", i ? "," : "");
		text[len++] = ']';
	}
	text[len++] = ']';
	assert_true(len < cap);
	for (round = 0; round < 6; round++) {
		j = json_parse(text, len, err, sizeof(err));
		assert_non_null(j);
		assert_int_equal(j->n, 2);
		assert_int_equal(j->items[1]->n, 9000);
		json_free(j);
		if (round == 1)
			before = heap_in_use();
	}
	/* four more rounds: a chunk lost a round would be 4 x 72 KB */
	assert_true(heap_in_use() <= before + 16 * 1024);
	free(text);
}

/*
 * Input that is not a regular file is read through stdio: a pipe with
 * more than the 64 KiB read chunk (written by a child), whole and with
 * no descriptor left open; a directory opens but reads EISDIR: a read
 * error, nothing left open; a missing file: its name and strerror.
 */
static void test_reader_not_regular(void **state)
{
	char path[64], err[128] = "";
	int fds[2], fd0 = open_fds();
	struct json *j;
	const struct json *a;
	pid_t pid;

	assert_int_equal(pipe(fds), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		FILE *f = fdopen(fds[1], "w");

		close(fds[0]);
		if (!f)
			_exit(1);
		fputs("{\"a\":[", f);
		for (int i = 0; i < 30000; i++)
			fprintf(f, "%s%d", i ? "," : "", i);	/* about 170 KB */
		fputs("], \"end\": \"yes\"}", f);
		fclose(f);
		_exit(0);
	}
	close(fds[1]);
	snprintf(path, sizeof(path), "/dev/fd/%d", fds[0]);
	j = json_parse_file(path, err, sizeof(err));
	close(fds[0]);
	waitpid(pid, NULL, 0);
	assert_int_equal(open_fds(), fd0);
	assert_non_null(j);
	a = json_get_array(j, "a");
	assert_non_null(a);
	assert_int_equal(a->n, 30000);
	assert_true(a->items[0]->num == 0.0);
	assert_true(a->items[29999]->num == 29999.0);
	assert_string_equal(json_get_string(j, "end"), "yes");
	json_free(j);
	assert_int_equal(open_fds(), fd0);
	assert_null(json_parse_file("/", err, sizeof(err)));
	assert_string_equal(err, "/: read error");
	assert_int_equal(open_fds(), fd0);
	assert_null(json_parse_file("/nonexistent-nvsched-test/x.json", err, sizeof(err)));
	assert_string_equal(err, "/nonexistent-nvsched-test/x.json: No such file or directory");
	assert_int_equal(open_fds(), fd0);
}

static void test_reader_error_position(void **state)
{
	char err[128] = "";
	const char *s = "{\n  \"a\": tru\n}";

	assert_null(json_parse(s, strlen(s), err, sizeof(err)));
	/* the error names line 2 */
	assert_non_null(strstr(err, "line 2"));
}

/*
 * json_read_number (json.h) at the very end of its input, in heap buffers of
 * exactly the text's length (ASan sees a read past them): "12" is 12 and
 * stops at the end; "-" alone and an empty range are "bad number" (-1).
 */
static void test_read_number_at_end(void **state)
{
	char *b = malloc(2);
	const char *stop = NULL;
	double v = 0;

	assert_non_null(b);
	memcpy(b, "12", 2);
	assert_int_equal(json_read_number(b, b + 2, &v, &stop), 0);
	assert_true(v == 12.0);
	assert_ptr_equal(stop, b + 2);
	assert_int_equal(json_read_number(b + 2, b + 2, &v, &stop), -1);
	b[1] = '-';
	assert_int_equal(json_read_number(b + 1, b + 2, &v, &stop), -1);
	free(b);
	/*
	 * Zeros up to the end, in exact-size heap copies (ASan) and then
	 * with "05" after the end, which must not be read: "0.000" is 0,
	 * stopping at the end
	 */
	static const struct { const char *s; double want; } z[] = {
		{ "0.000", 0.0 }, { "-0.00", -0.0 }, { "000", 0.0 }, { "0.0001", 1e-4 },
		{ "10.00", 10.0 },
	};
	for (size_t i = 0; i < sizeof(z) / sizeof(z[0]); i++) {
		size_t n = strlen(z[i].s);

		for (int after = 0; after < 2; after++) {
			char *c = malloc(n + 2 * after);	/* exactly n bytes first */

			assert_non_null(c);
			memcpy(c, z[i].s, n);
			if (after)
				memcpy(c + n, "05", 2);
			if (json_read_number(c, c + n, &v, &stop) || stop != c + n ||
			    v != z[i].want || signbit(v) != signbit(z[i].want))
				fail_msg("'%s'%s: read %a, stop at %td", z[i].s,
					 after ? " then \"05\"" : "", v, stop - c);
			free(c);
		}
	}
}

/*
 * Unterminated arrays and objects at the exact end of a heap buffer (no
 * terminator after them): an error, and under ASan no read past the end.
 */
static void test_parse_unterminated_at_end(void **state)
{
	static const char *const in[] = { "[1", "[", "[1,", "{\"a\":1", "{\"a\"", "{", "[[]" };
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(in) / sizeof(in[0]); i++) {
		size_t n = strlen(in[i]);
		char *b = malloc(n);
		char err[128] = "";
		struct json *j;

		assert_non_null(b);
		memcpy(b, in[i], n);
		j = json_parse(b, n, err, sizeof(err));
		if (j)
			fail_msg("\"%s\" parsed", in[i]);
		assert_true(err[0] != 0);
		free(b);
	}
}

/*
 * A number the one-pass path leaves to strtod (over 19 digits) is copied
 * for it into 64 bytes: 63 characters are read (as strtod reads them), 64
 * are "number too long" at the number's first column.
 */
static void test_reader_number_too_long(void **state)
{
	char doc[80], err[128] = "";
	struct json *j;

	(void)state;
	for (int n = 63; n <= 64; n++) {
		doc[0] = '[';
		memset(doc + 1, '1', (size_t)n);
		doc[n + 1] = ']';
		doc[n + 2] = 0;
		j = json_parse(doc, (size_t)n + 2, err, sizeof(err));
		if (n == 64) {
			assert_null(j);
			assert_string_equal(err, "line 1 col 2: number too long");
			break;
		}
		assert_non_null(j);
		doc[n + 1] = 0;
		assert_true(j->items[0]->num == strtod(doc + 1, NULL));
		json_free(j);
	}
}

/*
 * A raw control character in a string (RFC 8259 section 7: it must be
 * escaped) is reported at its own position, counted from the text: the
 * first newline of "[\"a" LF LF "\"]" is line 1 col 4; the tab of
 * "[" LF "\"x" TAB "\"]" line 2 col 3.
 */
static void test_parse_control_position(void **state)
{
	char err[128] = "";
	struct json *j;

	(void)state;
	assert_null(json_parse("[\"a\n\n\"]", 7, err, sizeof(err)));
	assert_string_equal(err, "line 1 col 4: control character in string");
	assert_null(json_parse("[\n\"x\t\"]", 7, err, sizeof(err)));
	assert_string_equal(err, "line 2 col 3: control character in string");
	/* a space (0x20) is the first character that needs no escape, in a
	 * string with an escape (decoded by another loop) too */
	j = json_parse("[\" a\\n \"]", 9, err, sizeof(err));
	assert_non_null(j);
	assert_string_equal(j->items[0]->str, " a\n ");
	json_free(j);
}

/*
 * A string without its closing quote at the very end of the input, in heap
 * copies of exactly the text's length: "unterminated string" at the end
 * (column length + 1), for values, keys, and strings with an escape (none
 * read past the end); a backslash as the last byte too.
 */
static void test_parse_unterminated_string(void **state)
{
	static const char *const in[] = {
		"\"abc", "[\"abc", "{\"ab", "{\"a\":\"b", "\"a\\nb", "[\"\\u0041", "\"ab\\",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(in) / sizeof(in[0]); i++) {
		size_t n = strlen(in[i]);
		char *b = malloc(n), err[128] = "", want[64];

		assert_non_null(b);
		memcpy(b, in[i], n);
		assert_null(json_parse(b, n, err, sizeof(err)));
		snprintf(want, sizeof(want), "line 1 col %zu: unterminated string", n + 1);
		if (in[i][n - 1] == '\\')	/* the escape's second byte is missing */
			assert_non_null(strstr(err, ": unterminated string"));
		else
			assert_string_equal(err, want);
		free(b);
	}
}

/*
 * json_parse_buffer (json.h): "strings point into it": a string without an
 * escape is its own text in the buffer (the closing quote becomes its NUL),
 * keys and values alike; an escaped one is decoded elsewhere.
 */
static void test_parse_buffer_in_place(void **state)
{
	static const char doc[] = "{\"key\": \"abc\", \"e\": \"a\\nb\", \"arr\": [\"\", \"x y\"]}";
	size_t len = sizeof(doc) - 1;
	char *text = malloc(len + 1), err[128] = "";
	const struct json *a;
	struct json *j;

	(void)state;
	assert_non_null(text);
	memcpy(text, doc, len + 1);
	j = json_parse_buffer(text, len, "doc", err, sizeof(err));
	assert_non_null(j);
	/* offsets counted in doc: {"key": "abc", ... "key" at 2, "abc" at 9 */
	assert_ptr_equal(j->keys[0], text + 2);
	assert_ptr_equal(json_get_string(j, "key"), text + 9);
	assert_string_equal(text + 9, "abc");
	assert_string_equal(json_get_string(j, "e"), "a\nb");
	a = json_get_array(j, "arr");
	assert_non_null(a);
	/* "arr": ["", "x y"]: the empty string at doc's index 37, "x y" at 41 */
	assert_ptr_equal(a->items[0]->str, text + 37);
	assert_ptr_equal(a->items[1]->str, text + 41);
	assert_string_equal(a->items[1]->str, "x y");
	json_free(j);
}

/*
 * json_read_file (json.h): "NUL after len bytes", for a regular file too
 * (its one-read path).  The heap block a 100-byte file's buffer takes is
 * dirtied first (the same size malloc'd, filled with 'x' and freed just
 * before), so that a missing or wrong terminator shows without ASan too.
 */
static void test_read_file_nul(void **state)
{
	char path[] = "/tmp/test_json_XXXXXX", err[128] = "", *text, *dirty;
	int fd = mkstemp(path);
	size_t len = 0;
	FILE *f;

	(void)state;
	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	assert_non_null(f);
	fputs("[", f);
	for (int i = 0; i < 49; i++)
		fputs("1,", f);		/* 1 + 98 + 1 = 100 bytes */
	fputs("]", f);
	fclose(f);
	dirty = malloc(101);
	assert_non_null(dirty);
	memset(dirty, 'x', 101);
	__asm__ volatile("" : : "r"(dirty) : "memory");	/* keep the stores */
	free(dirty);
	text = json_read_file(path, &len, err, sizeof(err));
	unlink(path);
	assert_non_null(text);
	assert_int_equal(len, 100);
	assert_int_equal(text[0], '[');
	assert_int_equal(text[99], ']');
	assert_int_equal(text[100], 0);
	assert_int_equal(strlen(text), 100);
	free(text);
}

/*
 * read() as json.c calls it (test_json is linked with -Wl,--wrap=read): the
 * errno values in read_fail[] first, one a call and -1, then read_eof calls
 * that return 0 (the end of a file that shrank after fstat; errno left as
 * it was), then the real read() of at most read_max bytes a call when
 * read_max is set (short reads).
 */
static int read_fail[4], read_nfail, read_eof;
static size_t read_max;

ssize_t __real_read(int fd, void *buf, size_t n);
ssize_t __wrap_read(int fd, void *buf, size_t n);

ssize_t __wrap_read(int fd, void *buf, size_t n)
{
	if (read_nfail) {
		errno = read_fail[0];
		memmove(read_fail, read_fail + 1, sizeof(read_fail) - sizeof(read_fail[0]));
		read_nfail--;
		return -1;
	}
	if (read_eof) {
		read_eof--;
		return 0;
	}
	if (read_max && n > read_max)
		n = read_max;
	return __real_read(fd, buf, n);
}

/*
 * json_read_file (json.h) on a regular file whose read() is interrupted
 * (EINTR: read again), short (2 bytes a call: the rest read on) or failing
 * (EIO: NULL and "FILE: strerror", the buffer freed and the descriptor
 * closed); and with descriptor 0 free, so that open() returns 0, a valid
 * descriptor (POSIX: the lowest free one).
 */
static void test_read_file_errors(void **state)
{
	char path[] = "/tmp/test_json_XXXXXX", err[128] = "", want[128], *text;
	int fd = mkstemp(path), fd0, saved;
	size_t len = 0;

	(void)state;
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "[1,2,3]", 7), 7);
	close(fd);
	fd0 = open_fds();

	read_fail[0] = EINTR;
	read_nfail = 1;
	read_max = 2;
	text = json_read_file(path, &len, err, sizeof(err));
	read_max = 0;
	assert_int_equal(read_nfail, 0);
	assert_non_null(text);
	assert_int_equal(len, 7);
	assert_string_equal(text, "[1,2,3]");
	free(text);
	assert_int_equal(open_fds(), fd0);

	/* the file shrank to nothing after fstat: read() gives 0 after an
	 * interrupted call, errno still EINTR: that is the end, not a retry */
	read_fail[0] = EINTR;
	read_nfail = 1;
	read_eof = 1;
	text = json_read_file(path, &len, err, sizeof(err));
	assert_int_equal(read_nfail, 0);
	assert_int_equal(read_eof, 0);
	assert_non_null(text);
	assert_int_equal(len, 0);
	assert_string_equal(text, "");
	free(text);
	assert_int_equal(open_fds(), fd0);

	read_max = 1;		/* one byte a call: a read of 1 is not the end */
	text = json_read_file(path, &len, err, sizeof(err));
	read_max = 0;
	assert_non_null(text);
	assert_int_equal(len, 7);
	assert_string_equal(text, "[1,2,3]");
	free(text);
	assert_int_equal(open_fds(), fd0);

	read_fail[0] = EIO;
	read_nfail = 1;
	text = json_read_file(path, &len, err, sizeof(err));
	assert_int_equal(read_nfail, 0);
	assert_null(text);
	snprintf(want, sizeof(want), "%s: %s", path, strerror(EIO));
	assert_string_equal(err, want);
	assert_int_equal(open_fds(), fd0);

	saved = dup(0);		/* -1 (EBADF) when run with stdin closed */
	assert_true(saved > 0 || errno == EBADF);
	close(0);
	fd0 = open_fds();
	text = json_read_file(path, &len, err, sizeof(err));
	assert_int_equal(open_fds(), fd0);
	if (saved > 0) {
		assert_int_equal(dup2(saved, 0), 0);
		close(saved);
	}
	unlink(path);
	assert_non_null(text);
	assert_int_equal(len, 7);
	assert_string_equal(text, "[1,2,3]");
	free(text);
}

/*
 * json_parse_file's error text (json.h): "FILE: line L col C: message";
 * "[1,]" has no value at its ']' (byte 4 of line 1).
 */
static void test_parse_file_error_text(void **state)
{
	char path[] = "/tmp/test_json_XXXXXX", err[128] = "", want[160];
	int fd = mkstemp(path);

	(void)state;
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "[1,]", 4), 4);
	close(fd);
	assert_null(json_parse_file(path, err, sizeof(err)));
	unlink(path);
	snprintf(want, sizeof(want), "%s: line 1 col 4: bad number", path);
	assert_string_equal(err, want);
}

/*
 * json_read_file's NUL after the text (json.h) when it comes from a pipe,
 * read through stdio into a buffer that grows by 64 KiB: "[1,2]" and the
 * NUL at [5], in a heap block dirtied before.
 */
static void test_read_stream_nul(void **state)
{
	char path[64], err[128] = "", *text, *dirty;
	int fds[2];
	size_t len = 0;

	(void)state;
	assert_int_equal(pipe(fds), 0);
	assert_int_equal(write(fds[1], "[1,2]", 5), 5);
	close(fds[1]);
	dirty = malloc(65537);
	assert_non_null(dirty);
	memset(dirty, 'x', 65537);
	__asm__ volatile("" : : "r"(dirty) : "memory");	/* keep the stores */
	free(dirty);
	snprintf(path, sizeof(path), "/dev/fd/%d", fds[0]);
	text = json_read_file(path, &len, err, sizeof(err));
	close(fds[0]);
	assert_non_null(text);
	assert_int_equal(len, 5);
	assert_memory_equal(text, "[1,2]", 5);
	assert_int_equal(text[5], 0);
	free(text);
}

/*
 * Out of memory (failalloc.h): each allocation of a parse fails in turn
 * (arena chunks, the item and key stacks as they grow past 64 and 128, the
 * document) until the parse succeeds; each failure is NULL with "line L col
 * C: out of memory" and leaks nothing (the ASan build checks).  The
 * document: an array of 3000 numbers (more than one 64 KiB arena chunk of
 * values), one of 9000 (its items array, over 64 KiB, a chunk of its own
 * whose failure must be seen) and an escaped string.
 */
static void test_parse_out_of_memory(void **state)
{
	size_t cap = 3000 * 6 + 9000 * 2 + 64, len = 0;
	char *doc = malloc(cap), err[128];
	struct json *j = NULL;
	long k;

	(void)state;
	assert_non_null(doc);
	len += (size_t)snprintf(doc + len, cap - len, "{\"a\": [");
	for (int i = 0; i < 3000; i++)
		len += (size_t)snprintf(doc + len, cap - len, "%s%d", i ? "," : "", i);
	/* 9000 items: their items array (72 000 bytes) is a chunk of its own */
	len += (size_t)snprintf(doc + len, cap - len, "], \"b\": [");
	for (int i = 0; i < 9000; i++)
		len += (size_t)snprintf(doc + len, cap - len, "%s0", i ? "," : "");
	len += (size_t)snprintf(doc + len, cap - len, "], \"s\": \"x\\ny\"}");
	for (k = 0; k < 1000; k++) {
		nalloc = 0;
		fail_at = k;
		err[0] = 0;
		j = json_parse(doc, len, err, sizeof(err));
		fail_at = -1;
		if (j)
			break;
		if (!strstr(err, ": out of memory") || strncmp(err, "line 1 col ", 11))
			fail_msg("allocation %ld failed: '%s'", k, err);
	}
	assert_non_null(j);
	assert_true(k >= 4);	/* a chunk, two stacks, the document at least */
	assert_int_equal(json_get_array(j, "a")->n, 3000);
	assert_true(json_get_array(j, "a")->items[2999]->num == 2999.0);
	assert_int_equal(json_get_array(j, "b")->n, 9000);
	assert_string_equal(json_get_string(j, "s"), "x\ny");
	json_free(j);
	free(doc);
}

/*
 * json_read_file out of memory: the regular file's buffer (NULL and
 * "FILE: strerror(ENOMEM)"), then a pipe's 64 KiB buffer and its growth
 * past 64 KiB ("FILE: out of memory"), each with no descriptor left open
 * and nothing leaked.
 */
static void test_read_file_out_of_memory(void **state)
{
	char path[] = "/tmp/test_json_XXXXXX", pipepath[64], err[128], want[160];
	int fd = mkstemp(path), fd0, fds[2];
	size_t len = 0;
	char *text;

	(void)state;
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "[1]", 3), 3);
	close(fd);
	fd0 = open_fds();
	nalloc = 0;
	fail_at = 0;
	text = json_read_file(path, &len, err, sizeof(err));
	fail_at = -1;
	unlink(path);
	assert_null(text);
	snprintf(want, sizeof(want), "%s: %s", path, strerror(ENOMEM));
	assert_string_equal(err, want);
	assert_int_equal(open_fds(), fd0);

	for (long k = 0; k < 2; k++) {
		pid_t pid;

		assert_int_equal(pipe(fds), 0);
		pid = fork();
		assert_true(pid >= 0);
		if (pid == 0) {
			static char blk[4096];

			close(fds[0]);
			memset(blk, ' ', sizeof(blk));
			for (int i = 0; i < 20; i++)	/* 80 KiB */
				if (write(fds[1], blk, sizeof(blk)) != (ssize_t)sizeof(blk))
					_exit(0);	/* the reader gave up */
			_exit(0);
		}
		close(fds[1]);
		snprintf(pipepath, sizeof(pipepath), "/dev/fd/%d", fds[0]);
		fd0 = open_fds();
		nalloc = 0;
		fail_at = k;
		text = json_read_file(pipepath, &len, err, sizeof(err));
		fail_at = -1;
		assert_int_equal(open_fds(), fd0);
		close(fds[0]);
		waitpid(pid, NULL, 0);
		assert_null(text);
		snprintf(want, sizeof(want), "%s: out of memory", pipepath);
		assert_string_equal(err, want);
	}
}

/*
 * An exponent's leading zeros, however many, are part of the number
 * (RFC 8259: exp = e [ minus / plus ] 1*DIGIT) and the one-pass path reads
 * them (strtod's copy stops at 63 characters): "De+000...01" with 70 zeros
 * is D * 10 and "-De-000...01" is -D / 10, for every first digit 1 to 9.
 */
static void test_reader_long_exponent(void **state)
{
	(void)state;
	for (int d = 1; d <= 9; d++) {
		char num[96];
		const char *stop = NULL;
		double v = 0;
		int len;

		for (int neg = 0; neg < 2; neg++) {
			len = snprintf(num, sizeof(num), "%s%de%c", neg ? "-" : "", d,
				       neg ? '-' : '+');
			memset(num + len, '0', 70);
			len += 70;
			num[len++] = '1';
			num[len] = 0;
			if (json_read_number(num, num + len, &v, &stop))
				fail_msg("'%.8s...': not read", num);
			assert_ptr_equal(stop, num + len);
			/* d / 10.0: one correctly rounded division, the double
			 * nearest d/10 as the compiler reads "0.d" */
			if (v != (neg ? -(d / 10.0) : d * 10.0))
				fail_msg("'%.8s...': read %a", num, v);
		}
	}
}

/* strtod is the oracle: the reader's double for num must be bit for bit its */
static void number_as_strtod(const char *num)
{
	const char *stop = NULL;
	double v = 0, want;
	size_t n = strlen(num);

	errno = 0;
	want = strtod(num, NULL);
	if (errno == ERANGE)
		return;
	if (json_read_number(num, num + n, &v, &stop) || stop != num + n)
		fail_msg("'%s': not read", num);
	if (memcmp(&v, &want, sizeof(v)))
		fail_msg("'%s': read %a, strtod %a", num, v, want);
}

/*
 * The fast paths' limits, against libc's strtod (correctly rounded: the
 * oracle): mantissas m on both sides of 2^53 (the exact-double path) and
 * 2^54, 10^19 - 1, and 10^19 / 2^10 = 9765625000000000 (from 2^53 up to
 * there, m 2^64 / 10^19 has only 54 bits: too few to round a quotient
 * once with a sticky bit, so 10^-19 is not a fast scale), each at scales
 * -24 to 24 (pow10tab holds 10^0 to 10^22); then 3000 random mantissas in
 * (2^53, 2^54] (not exact as doubles: converting m first would round
 * twice) at scales -22 to -1, and 3000 in (2^53, 9765625000000000) at
 * scale -19, in exponent and in point form.
 */
static void test_reader_number_limits(void **state)
{
	static const unsigned long long ms[] = {
		1, 9, 9007199254740991ull, 9007199254740992ull, 9007199254740993ull,
		9007199254740995ull, 18014398509481983ull, 18014398509481984ull,
		18014398509481985ull, 18014398509481987ull, 9765624999999999ull,
		9765625000000000ull, 9765625000000001ull, 12345678901234567ull,
		9999999999999999999ull, 1000000000000000001ull,
	};
	uint64_t x = 0x2545f4914f6cdd1dull;
	char num[64];

	(void)state;
	for (size_t i = 0; i < sizeof(ms) / sizeof(ms[0]); i++)
		for (int sc = -24; sc <= 24; sc++) {
			snprintf(num, sizeof(num), "%llue%d", ms[i], sc);
			number_as_strtod(num);
			snprintf(num, sizeof(num), "-%llue%d", ms[i], sc);
			number_as_strtod(num);
		}
	for (int i = 0; i < 6000; i++) {
		unsigned long long m;
		int sc, len;

		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		if (i < 3000) {
			m = (1ull << 53) + 1 + x % (1ull << 53);	/* (2^53, 2^54] */
			sc = -1 - (int)((x >> 56) % 22);
		} else {
			m = (1ull << 53) + 1 + x % (9765625000000000ull - (1ull << 53) - 1);
			sc = -19;
		}
		if (i & 1) {
			snprintf(num, sizeof(num), "%llue%d", m, sc);
		} else {
			/* the same value as "D.DDD...e(sc + digits - 1)" */
			len = snprintf(num, sizeof(num), "%llu", m);
			memmove(num + 2, num + 1, (size_t)len);
			num[1] = '.';
			snprintf(num + len + 1, sizeof(num) - len - 1, "e%d", sc + len - 1);
		}
		number_as_strtod(num);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_escaping),
		cmocka_unit_test(test_parse_unterminated_at_end),
		cmocka_unit_test(test_parse_unterminated_string),
		cmocka_unit_test(test_reader_number_too_long),
		cmocka_unit_test(test_keys_escaped),
		cmocka_unit_test(test_structure),
		cmocka_unit_test(test_deep_nesting),
		cmocka_unit_test(test_pretty_depth_63),
		cmocka_unit_test(test_pretty_separators),
		cmocka_unit_test(test_buffered_pretty),
		cmocka_unit_test(test_buffered_doubles),
		cmocka_unit_test(test_buffered),
		cmocka_unit_test(test_buffer_exact_fill),
		cmocka_unit_test(test_integers),
		cmocka_unit_test(test_hex),
		cmocka_unit_test(test_doubles),
		cmocka_unit_test(test_doubles_random),
		cmocka_unit_test(test_doubles_powers_of_ten),
		cmocka_unit_test(test_reader_escapes),
		cmocka_unit_test(test_reader_surrogate_edges),
		cmocka_unit_test(test_parse_control_position),
		cmocka_unit_test(test_reader_hex_case),
		cmocka_unit_test(test_reader_not_regular),
		cmocka_unit_test(test_reader_values),
		cmocka_unit_test(test_reader_nesting),
		cmocka_unit_test(test_reader_rejects),
		cmocka_unit_test(test_reader_exact_end),
		cmocka_unit_test(test_reader_error_position),
		cmocka_unit_test(test_reader_big_file),
		cmocka_unit_test(test_free_big_chunks),
		cmocka_unit_test(test_reader_numbers),
		cmocka_unit_test(test_read_number_at_end),
		cmocka_unit_test(test_reader_long_zero_run),
		cmocka_unit_test(test_reader_wide_zero_run),
		cmocka_unit_test(test_reader_file_strings),
		cmocka_unit_test(test_parse_buffer_in_place),
		cmocka_unit_test(test_read_file_nul),
		cmocka_unit_test(test_read_file_errors),
		cmocka_unit_test(test_read_stream_nul),
		cmocka_unit_test(test_parse_file_error_text),
		cmocka_unit_test(test_parse_out_of_memory),
		cmocka_unit_test(test_read_file_out_of_memory),
		cmocka_unit_test(test_reader_long_exponent),
		cmocka_unit_test(test_reader_number_limits),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
