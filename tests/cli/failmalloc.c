// SPDX-License-Identifier: MIT
/*
 * failmalloc.c - a failing allocation for the CLI tests (test_cli.py,
 * check_module): preloaded into build/bin/nvsched with
 * NVSCHED_TEST_FAIL_MALLOC=N, the first malloc() of exactly N bytes
 * returns NULL (errno ENOMEM); every other call goes to glibc's allocator
 * (__libc_malloc), whose free(), calloc() and realloc() stay in place.
 * Never preloaded into a sanitizer build: it would bypass its allocator.
 */
#include <errno.h>
#include <stdlib.h>

void *__libc_malloc(size_t n);

static size_t fail_size;
static int armed = -1;		/* -1: the variable not read yet */

void *malloc(size_t n)
{
	if (armed < 0) {
		const char *s = getenv("NVSCHED_TEST_FAIL_MALLOC");	/* allocates nothing */

		fail_size = s ? strtoul(s, NULL, 10) : 0;
		armed = fail_size != 0;
	}
	if (armed && n == fail_size) {
		armed = 0;
		errno = ENOMEM;
		return NULL;
	}
	return __libc_malloc(n);
}
