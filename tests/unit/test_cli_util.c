// SPDX-License-Identifier: MIT
/*
 * test_cli_util.c - the CLI's output helpers (cli/out.c: one call per
 * field gives the text and the JSON form) and its option parser
 * (cli/opts.c) against hand-written expectations.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gpu.h"
#include "out.h"

/* out.c's only use of lib/gpu.c: the gpu member (a stand-in here) */
void gpu_json_ident(struct jw *w, const struct gpu *c)
{
	jw_str(w, "GPU");
}

/* every kind of field once, as a command would print it */
static void fields(struct out *o, const struct gpu *gpu)
{
	out_begin(o, gpu);
	out_text(o, "head %d\n", 1);
	out_int(o, "n", -3, "n=%lld ");
	out_uint(o, "u", 18446744073709551615ull, "u=%llu ");
	out_hex(o, "h", 0x2f, "h=0x%04llx ");
	out_double(o, "d", 1.5, "d=%.2f ");
	out_str(o, "s", "a\"b", "s=%s ");
	out_str(o, "z", NULL, "z=%s ");
	out_bool(o, "b", true, "b=%s ", "yes", "no");
	out_bool(o, "c", false, "c=%s ", "yes", NULL);
	out_null(o, "x");
	out_opt_int(o, "o1", true, 7, "o1=%lld ", "o1=- ");
	out_opt_int(o, "o2", false, 7, "o2=%lld ", "o2=- ");
	out_opt_hex(o, "o3", false, 1, "o3=%llx ", NULL);
	out_opt_hex(o, "o4", true, 0xab, "o4=%llx ", NULL);
	out_int(o, "j", 9, NULL);
	out_arr_begin(o, "a");
	out_int(o, NULL, 1, "[%lld]");
	out_int(o, NULL, 2, "[%lld]");
	out_arr_end(o);
	out_obj_begin(o, "ob");
	out_str(o, "k", "v", "\n%s\n");
	out_obj_end(o);
	out_end(o);
}

static void expect(bool json, bool pretty, const struct gpu *gpu, const char *want)
{
	struct cli_global g = { .json = json, .pretty = pretty };
	struct out o;
	char *p = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&p, &n);

	assert_non_null(f);
	out_init_file(&o, &g, f);
	fields(&o, gpu);
	fclose(f);
	assert_string_equal(p, want);
	free(p);
}

static void test_text(void **state)
{
	expect(false, false, NULL,
	       "head 1\nn=-3 u=18446744073709551615 h=0x002f d=1.50 s=a\"b b=yes o1=7 o2=- "
	       "o4=ab [1][2]\nv\n");
}

static void test_json(void **state)
{
	expect(true, false, NULL,
	       "{\"n\":-3,\"u\":18446744073709551615,\"h\":\"0x2f\",\"d\":1.5,\"s\":\"a\\\"b\","
	       "\"z\":null,\"b\":true,\"c\":false,\"x\":null,\"o1\":7,\"o2\":null,\"o3\":null,"
	       "\"o4\":\"0xab\",\"j\":9,\"a\":[1,2],\"ob\":{\"k\":\"v\"}}\n");
}

static void test_json_gpu(void **state)
{
	static const char dummy;
	struct cli_global g = { .json = true };
	struct out o;
	char *p = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&p, &n);

	assert_non_null(f);
	out_init_file(&o, &g, f);
	out_begin(&o, (const struct gpu *)(const void *)&dummy);
	out_int(&o, "n", 1, "n=%lld\n");
	out_end(&o);
	fclose(f);
	assert_string_equal(p, "{\"schema\":1,\"gpu\":\"GPU\",\"n\":1}\n");
	free(p);
	/* text: no document frame */
	expect(false, false, (const struct gpu *)(const void *)&dummy,
	       "head 1\nn=-3 u=18446744073709551615 h=0x002f d=1.50 s=a\"b b=yes o1=7 o2=- "
	       "o4=ab [1][2]\nv\n");
}

static void test_json_pretty(void **state)
{
	struct cli_global g = { .json = true, .pretty = true };
	struct out o;
	char *p = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&p, &n);

	assert_non_null(f);
	out_init_file(&o, &g, f);
	out_begin(&o, NULL);
	out_arr_begin(&o, "a");
	out_int(&o, NULL, 1, NULL);
	out_arr_end(&o);
	out_end(&o);
	fclose(f);
	assert_string_equal(p, "{\n  \"a\": [\n    1\n  ]\n}\n");
	free(p);
}

/* ---- cli_opts ---- */
struct seen {
	char keys[16];
	char args[16][8];
	int n;
};

static int note(void *ctx, int key, char *arg)
{
	struct seen *s = ctx;

	if (key == 'x')
		return CLI_EXIT_FAIL;
	s->keys[s->n] = key >= CLI_OPT_LONG ? 'L' : (char)key;
	snprintf(s->args[s->n], sizeof(s->args[0]), "%s", arg ? arg : "-");
	s->n++;
	return CLI_EXIT_OK;
}

static const struct cli_opt opts[] = {
	{ "runlist", required_argument, 'r' },
	{ "dry-run", no_argument, 'n' },
	{ "no-wait", no_argument, CLI_OPT_LONG },
	{ "fail", no_argument, 'x' },
};

static int parse(struct cli_global *g, struct seen *s, unsigned int flags, int argc, ...)
{
	static char *argv[16];
	va_list ap;
	int i;

	va_start(ap, argc);
	for (i = 0; i < argc; i++)
		argv[i] = va_arg(ap, char *);
	va_end(ap);
	argv[argc] = NULL;
	memset(s, 0, sizeof(*s));
	opterr = 0;
	return cli_opts(g, argc, argv, opts, 4, flags, note, s);
}

static void test_opts(void **state)
{
	struct cli_global g = { 0 };
	struct seen s;

	assert_int_equal(parse(&g, &s, 0, 6, "cmd", "-j", "--runlist", "5", "-n", "ID"), 0);
	assert_true(g.json);
	assert_false(g.pretty);
	assert_int_equal(s.n, 2);
	assert_memory_equal(s.keys, "rn", 2);
	assert_string_equal(s.args[0], "5");
	assert_int_equal(optind, 5);
	/* in order: an option after the operand is an operand */
	assert_int_equal(parse(&g, &s, 0, 4, "cmd", "ID", "-p", "--no-wait"), 0);
	assert_false(g.pretty);
	assert_int_equal(optind, 1);
	/* permuted: options may follow the operands */
	assert_int_equal(parse(&g, &s, CLI_OPTS_PERMUTE, 5, "cmd", "ID", "-p", "--no-wait", "-r7"),
			 0);
	assert_true(g.pretty);
	assert_int_equal(s.n, 2);
	assert_memory_equal(s.keys, "Lr", 2);
	assert_string_equal(s.args[1], "7");
	assert_int_equal(optind, 4);
	/* in order again after a permuted parse */
	g.pretty = false;
	assert_int_equal(parse(&g, &s, 0, 3, "cmd", "ID", "-p"), 0);
	assert_false(g.pretty);
	assert_int_equal(optind, 1);
	/* help, unknown options, a refused value, no -j where there is no JSON */
	assert_int_equal(parse(&g, &s, 0, 3, "cmd", "-h", "--bogus"), -1);
	assert_int_equal(parse(&g, &s, 0, 2, "cmd", "--bogus"), CLI_EXIT_USAGE);
	assert_int_equal(parse(&g, &s, 0, 2, "cmd", "--no"), 0);	/* an abbreviation */
	assert_int_equal(s.keys[0], 'L');
	assert_int_equal(parse(&g, &s, 0, 2, "cmd", "-x"), CLI_EXIT_FAIL);
	assert_int_equal(parse(&g, &s, 0, 2, "cmd", "--no-wait"), 0);
	assert_int_equal(parse(&g, &s, 0, 2, "cmd", "-L"), CLI_EXIT_USAGE);	/* long only */
	g.json = false;
	assert_int_equal(parse(&g, &s, CLI_OPTS_NO_JSON, 2, "cmd", "-j"), CLI_EXIT_USAGE);
	assert_int_equal(parse(&g, &s, CLI_OPTS_NO_JSON, 2, "cmd", "--json"), CLI_EXIT_USAGE);
	assert_false(g.json);
}

/* out_opt_bool(): JSON the value or null, no text */
static void test_opt_bool(void **state)
{
	static const char *want[2] = { "", "{\"t\":true,\"f\":false,\"n\":null}\n" };
	int json;

	for (json = 0; json < 2; json++) {
		struct cli_global g = { .json = json };
		struct out o;
		char *p = NULL;
		size_t n = 0;
		FILE *f = open_memstream(&p, &n);

		assert_non_null(f);
		out_init_file(&o, &g, f);
		out_begin(&o, NULL);
		out_opt_bool(&o, "t", true, true);
		out_opt_bool(&o, "f", true, false);
		out_opt_bool(&o, "n", false, true);
		out_end(&o);
		fclose(f);
		assert_string_equal(p, want[json]);
		free(p);
	}
}

/* the printf wrappers (json.h): bounded appends and a FILE */
static void test_pr(void **state)
{
	char buf[8], *p = NULL;
	size_t len = 0, n = 0;
	FILE *f;

	pr_buf(buf, sizeof(buf), &len, "%s=%d", "ab", 12);
	assert_string_equal(buf, "ab=12");
	assert_int_equal(len, 5);
	pr_buf(buf, sizeof(buf), &len, ",%s", "xyz");	/* truncated: len counts it all */
	assert_string_equal(buf, "ab=12,x");
	assert_int_equal(len, 9);
	pr_buf(buf, sizeof(buf), &len, "more");		/* full: nothing */
	assert_string_equal(buf, "ab=12,x");
	assert_int_equal(len, 9);
	/* *len exactly at size (json.h: nothing once *len >= size) */
	len = 0;
	pr_buf(buf, sizeof(buf), &len, "%s", "abcdefgh");
	assert_string_equal(buf, "abcdefg");
	assert_int_equal(len, 8);
	pr_buf(buf, sizeof(buf), &len, "z");
	assert_string_equal(buf, "abcdefg");
	assert_int_equal(len, 8);
	f = open_memstream(&p, &n);
	assert_non_null(f);
	pr_file(f, "%03d|%s", 7, "q");
	fclose(f);
	assert_string_equal(p, "007|q");
	free(p);
}

static int stop(void *ctx, int key, char *arg)
{
	++*(int *)ctx;
	return CLI_OPTS_DONE;
}

/* an option that does the whole job stops the parse with CLI_OPTS_DONE */
static void test_opts_done(void **state)
{
	static const struct cli_opt opts[] = { { "version", no_argument, 'V' } };
	char *argv[] = { "cmd", "-V", "--bogus", NULL };
	struct cli_global g = { 0 };
	int calls = 0;

	opterr = 0;
	assert_int_equal(cli_opts(&g, 3, argv, opts, 1, 0, stop, &calls), CLI_OPTS_DONE);
	assert_int_equal(calls, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_text),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_json_gpu),
		cmocka_unit_test(test_json_pretty),
		cmocka_unit_test(test_opts),
		cmocka_unit_test(test_opt_bool),
		cmocka_unit_test(test_pr),
		cmocka_unit_test(test_opts_done),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
