/* SPDX-License-Identifier: MIT */
/*
 * testio.h - small I/O helpers shared by the cmocka unit tests (needs
 * cmocka.h first): the open file descriptors of the process, and a printf
 * sink that appends to fmt_text (for the decoders' *_format() callbacks).
 */
#ifndef NVSCHED_TESTS_TESTIO_H
#define NVSCHED_TESTS_TESTIO_H

#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* entries of /proc/self/fd: a reader that forgets an fclose() leaves one more */
static inline int open_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	int n = 0;

	assert_non_null(d);
	while (readdir(d))
		n++;
	closedir(d);
	return n;
}

/* what fmt_pr() printed since fmt_text[0] was last set to 0 */
static char fmt_text[16384] __attribute__((unused));

static inline void fmt_pr(void *ctx, const char *fmt, ...)
{
	size_t n = strlen(fmt_text);
	va_list ap;

	(void)ctx;
	va_start(ap, fmt);
	vsnprintf(fmt_text + n, sizeof(fmt_text) - n, fmt, ap);
	va_end(ap);
}

#endif
