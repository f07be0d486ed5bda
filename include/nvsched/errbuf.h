/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * errbuf.h - the one way user-space code writes an error message into a
 * caller's buffer: nvs_seterr(err, errlen, fmt, ...) formats fmt into err
 * (at most errlen bytes, always terminated) and does nothing when err is
 * NULL or errlen is 0.  Header-only, so every user-space layer (lib/, sim/,
 * cli/, analysis/) may include it without linking anything; not for the
 * kernel module.
 */
#ifndef NVSCHED_ERRBUF_H
#define NVSCHED_ERRBUF_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

static inline __attribute__((format(printf, 3, 4)))
void nvs_seterr(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (!err || !errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

#endif /* NVSCHED_ERRBUF_H */
