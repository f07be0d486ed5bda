// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * ctlparse.c - parse "ID" and "RUNLIST:ID" written to /proc/gpuX control
 * files.  The rules are those of the kernel's kstrtouint(s, 0, ...)
 * (lib/kstrtox.c): what users of /proc files expect from `echo N > file`.
 */
#include "ctlparse.h"

static int nvs_digit(char c, unsigned int base)
{
	unsigned int v;

	if (c >= '0' && c <= '9')
		v = c - '0';
	else if (c >= 'a' && c <= 'f')
		v = c - 'a' + 10;
	else if (c >= 'A' && c <= 'F')
		v = c - 'A' + 10;
	else
		return -1;
	return v < base ? (int)v : -1;
}

int nvs_parse_u32(const char *s, size_t len, uint32_t *out)
{
	const uint64_t ull_max = ~(uint64_t)0;
	unsigned int base = 10;
	uint64_t v = 0;
	bool overflow = false;
	size_t i = 0, start;

	if (i < len && s[i] == '+')
		i++;
	if (i + 2 < len && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X') &&
	    nvs_digit(s[i + 2], 16) >= 0) {
		base = 16;
		i += 2;
	} else if (i < len && s[i] == '0') {
		base = 8;
	}
	/* the digits; like kstrtoull, an overflow of 64 bits wins over garbage after them */
	for (start = i; i < len; i++) {
		int d = nvs_digit(s[i], base);

		if (d < 0)
			break;
		if (v > (ull_max - (unsigned int)d) / base)
			overflow = true;
		else
			v = v * base + (unsigned int)d;
	}
	if (overflow)
		return -ERANGE;
	if (i == start)
		return -EINVAL;
	if (i < len && s[i] == '\n')
		i++;
	if (i < len)
		return -EINVAL;
	if (v > 0xffffffffu)
		return -ERANGE;
	*out = (uint32_t)v;
	return 0;
}

int nvs_ctl_parse(const char *buf, size_t len, bool pair_ok, int *rl, uint32_t *id)
{
	const char *colon;
	uint32_t v;
	int ret;

	if (!len || memchr(buf, 0, len))
		return -EINVAL;
	*rl = -1;
	colon = memchr(buf, ':', len);
	if (colon) {
		size_t l = (size_t)(colon - buf);

		if (!pair_ok || memchr(buf, '\n', l))
			return -EINVAL;
		ret = nvs_parse_u32(buf, l, &v);
		if (ret)
			return ret;
		if (v > NVS_CTL_RUNLIST_MAX)
			return -ERANGE;
		*rl = (int)v;
		len -= l + 1;
		buf = colon + 1;
	}
	return nvs_parse_u32(buf, len, id);
}
