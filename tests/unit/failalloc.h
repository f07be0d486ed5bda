/* SPDX-License-Identifier: MIT */
/*
 * failalloc.h - allocation failures for the out-of-memory unit tests.
 * Included once by a test that links with
 * -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=strdup (sim/sim.mk for
 * test_snapshot, analysis/predict/predict.mk for test_predict): every
 * allocation of the code under test passes here, and with fail_at >= 0 the
 * allocation of that number (counted from 0 in nalloc) fails.  ASan still
 * sees every allocation through __real_*.
 */
#ifndef NVSCHED_TESTS_FAILALLOC_H
#define NVSCHED_TESTS_FAILALLOC_H

#include <stddef.h>

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t sz);
void *__real_realloc(void *p, size_t n);
char *__real_strdup(const char *s);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t sz);
void *__wrap_realloc(void *p, size_t n);
char *__wrap_strdup(const char *s);
static long fail_at = -1, nalloc;

static int fail_now(void)
{
	return fail_at >= 0 && nalloc++ == fail_at;
}

void *__wrap_malloc(size_t n)
{
	return fail_now() ? NULL : __real_malloc(n);
}

void *__wrap_calloc(size_t n, size_t sz)
{
	return fail_now() ? NULL : __real_calloc(n, sz);
}

void *__wrap_realloc(void *p, size_t n)
{
	return fail_now() ? NULL : __real_realloc(p, n);
}

/* strdup allocates inside libc, out of --wrap=malloc's reach: counted here */
char *__wrap_strdup(const char *s)
{
	return fail_now() ? NULL : __real_strdup(s);
}

#endif
