/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * compat.h - the one place where kmod/hw gets its basic types.
 *
 * kmod/hw is plain C99 and never includes a Linux header itself: in the
 * kernel this header maps to <linux/...>, in user space to the C library.
 */
#ifndef NVS_HW_COMPAT_H
#define NVS_HW_COMPAT_H

#ifdef __KERNEL__
#include <linux/types.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/stddef.h>
#include <linux/kernel.h>	/* snprintf */
#else
#include <stdint.h>
#include <stddef.h>
#include <stdbool.h>
#include <errno.h>
#include <string.h>
#include <stdio.h>	/* snprintf */
#endif

#define NVS_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/**
 * nvs_name_in() - the name of a value in a table of names indexed by value
 * @names: the table; an entry may be NULL (a value without a name)
 * @n: entries in @names
 * @i: the value
 * @none: what a value beyond the table or without a name gets
 *
 * Return: @names[@i] or @none.
 */
static inline const char *nvs_name_in(const char *const *names, size_t n, unsigned int i,
				      const char *none)
{
	return i < n && names[i] ? names[i] : none;
}

/* nvs_name_in() for a table whose size the compiler knows */
#define NVS_NAME(names, i, none) nvs_name_in(names, NVS_ARRAY_SIZE(names), i, none)

#endif /* NVS_HW_COMPAT_H */
