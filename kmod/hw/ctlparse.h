/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * ctlparse.h - the input of the /proc/gpuX control files, parsed by
 * portable code (so that unit tests and the fuzzer run the module's parser).
 */
#ifndef NVS_HW_CTLPARSE_H
#define NVS_HW_CTLPARSE_H

#include "compat.h"

/* largest runlist number accepted ("RUNLIST:ID"; nvsched_control.runlist is s16) */
#define NVS_CTL_RUNLIST_MAX	0x7fff

/**
 * nvs_parse_u32() - parse one unsigned number as the kernel's kstrtouint()
 *                   with base 0 does
 * @s:    the text
 * @len:  its length (no terminator needed)
 * @out:  the value
 *
 * An optional '+', then "0x"/"0X" and hex digits, or '0' and octal digits,
 * or decimal digits; at most one trailing '\n'; nothing else (no sign, no
 * spaces, no empty string).
 *
 * Return: 0; -EINVAL for anything else; -ERANGE above 0xffffffff (and,
 * as kstrtouint, for digits beyond 64 bits even when garbage follows).
 */
int nvs_parse_u32(const char *s, size_t len, uint32_t *out);

/**
 * nvs_ctl_parse() - parse one write to a control file
 * @buf:     what was written (@len bytes; a NUL inside is -EINVAL)
 * @len:     its length
 * @pair_ok: whether "RUNLIST:ID" is allowed (channel and TSG files)
 * @rl:      the runlist, -1 when only "ID" was given
 * @id:      the ID
 *
 * Accepts "ID" or (with @pair_ok) "RUNLIST:ID", each number as
 * nvs_parse_u32() takes it, an optional '\n' at the very end only.
 *
 * Return: 0; -EINVAL for malformed input; -ERANGE for a number out of
 * range (RUNLIST above NVS_CTL_RUNLIST_MAX, ID above 0xffffffff).
 */
int nvs_ctl_parse(const char *buf, size_t len, bool pair_ok, int *rl, uint32_t *id);

#endif /* NVS_HW_CTLPARSE_H */
