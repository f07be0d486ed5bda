// SPDX-License-Identifier: MIT
/*
 * libFuzzer target: the /proc control-file parser (kmod/hw/ctlparse.c, the
 * module's own code) against an independent reference built on the C
 * library's strtoull(), which follows the same base-0 rules as the
 * kernel's kstrtoull() once signs and spaces are excluded.  Any difference
 * in result or value aborts.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctlparse.h"

/* a NUL inside the counted text is just a non-digit: make it one strtoull sees */
static void nul_to_z(char *b, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (!b[i])
			b[i] = 'z';
}

static int ref_u32(const char *s, size_t len, uint32_t *out)
{
	char buf[64], *end;
	const char *p;
	unsigned long long v;

	if (len >= sizeof(buf)) {
		/* long input: only a valid run of digits can be longer than
		 * this; decide it digit by digit in the same way below */
		char *big = malloc(len + 1);
		int ret;

		if (!big)
			abort();
		memcpy(big, s, len);
		big[len] = 0;
		nul_to_z(big, len);
		p = big;
		if (*p == '+')
			p++;
		if (*p < '0' || *p > '9') {
			free(big);
			return -EINVAL;
		}
		errno = 0;
		v = strtoull(p, &end, 0);
		if (errno == ERANGE)
			ret = -ERANGE;
		else if (*end == '\n' && end[1] == 0)
			ret = v > 0xffffffffull ? -ERANGE : 0;
		else
			ret = *end ? -EINVAL : (v > 0xffffffffull ? -ERANGE : 0);
		if (ret == 0)
			*out = (uint32_t)v;
		free(big);
		return ret;
	}
	memcpy(buf, s, len);
	buf[len] = 0;
	nul_to_z(buf, len);
	p = buf;
	if (*p == '+')
		p++;
	if (*p < '0' || *p > '9')
		return -EINVAL;	/* strtoull would skip spaces and take '-' */
	errno = 0;
	v = strtoull(p, &end, 0);
	if (errno == ERANGE)
		return -ERANGE;
	if (*end == '\n')
		end++;
	if (*end)
		return -EINVAL;
	if (v > 0xffffffffull)
		return -ERANGE;
	*out = (uint32_t)v;
	return 0;
}

static int ref_ctl(const char *s, size_t len, bool pair_ok, int *rl, uint32_t *id)
{
	const char *colon;
	uint32_t v;
	int ret;

	if (!len || memchr(s, 0, len))
		return -EINVAL;
	*rl = -1;
	colon = memchr(s, ':', len);
	if (colon) {
		if (!pair_ok || memchr(s, '\n', (size_t)(colon - s)))
			return -EINVAL;
		ret = ref_u32(s, (size_t)(colon - s), &v);
		if (ret)
			return ret;
		if (v > 0x7fff)
			return -ERANGE;
		*rl = (int)v;
		len -= (size_t)(colon - s) + 1;
		s = colon + 1;
	}
	return ref_u32(s, len, id);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	uint32_t a = 0, b = 0;
	int ra, rb, rla = 0, rlb = 0;
	bool pair;

	ra = nvs_parse_u32(s, size, &a);
	rb = ref_u32(s, size, &b);
	if (ra != rb || (ra == 0 && a != b)) {
		fprintf(stderr, "nvs_parse_u32: %d/%u, reference %d/%u\n", ra, a, rb, b);
		abort();
	}
	for (pair = false; ; pair = true) {
		ra = nvs_ctl_parse(s, size, pair, &rla, &a);
		rb = ref_ctl(s, size, pair, &rlb, &b);
		if (ra != rb || (ra == 0 && (a != b || rla != rlb))) {
			fprintf(stderr, "nvs_ctl_parse(pair %d): %d %d:%u, reference %d %d:%u\n",
				pair, ra, rla, a, rb, rlb, b);
			abort();
		}
		if (pair)
			break;
	}
	return 0;
}
