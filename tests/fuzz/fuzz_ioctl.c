// SPDX-License-Identifier: MIT
/*
 * fuzz_ioctl.c - libFuzzer target: the ioctl argument checks of the module
 * (kmod/hw/ioctl_check.c, the code kmod/linux runs after copy_from_user())
 * over random request structs.  The first byte picks the check, the rest
 * is the struct (zero-filled when short).
 *
 * Every answer is compared with a reference written here independently:
 * it reads the request as raw little-endian bytes at the offsets of the
 * ABI (include/uapi/nvsched.h, counted by hand), so a check that looks at
 * the wrong field, misses a reserved word or accepts an unknown flag or an
 * out-of-range count disagrees with it.  The checks may only answer 0 or
 * -EINVAL.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ioctl_check.h"
#include "uapi/nvsched.h"

#define REQ_MAX	96

static uint32_t le32(const uint8_t *b, size_t off)
{
	return (uint32_t)b[off] | (uint32_t)b[off + 1] << 8 |
	       (uint32_t)b[off + 2] << 16 | (uint32_t)b[off + 3] << 24;
}

static uint64_t le64(const uint8_t *b, size_t off)
{
	return le32(b, off) | (uint64_t)le32(b, off + 4) << 32;
}

static int zero_bytes(const uint8_t *b, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++)
		if (b[i])
			return 0;
	return 1;
}

/* 1: the reference accepts the request */
static int ref_accepts(unsigned int which, const uint8_t *b)
{
	int32_t prio;
	uint32_t op;

	switch (which) {
	case 0:		/* nvsched_runlist: 72 bytes, reserved[4] at 56 */
		return zero_bytes(b, 56, 72);
	case 1:		/* nvsched_control: flags at 16, reserved[2] at 72 */
		return le32(b, 16) <= 7 && zero_bytes(b, 72, 80);
	case 2:		/* control op: op at 4 (6 = restore), dry run = flags bit 0 */
		return !(le32(b, 4) == 6 && (b[16] & 1));
	case 3:		/* nvsched_raw_rd32: count at 4, 1..4096 */
		return le32(b, 4) >= 1 && le32(b, 4) <= 4096;
	case 4: {	/* offset (u32 at 0) in an aperture of u64 at 4 bytes */
		uint64_t off = le32(b, 0), len = le64(b, 4);

		return off % 4 == 0 && off + 4 <= len;
	}
	case 5:		/* nvsched_raw_mem: aperture at 4, addr at 8, len at 24 */
		return le32(b, 4) == 0 && le64(b, 8) % 4 == 0 && le32(b, 24) % 4 == 0 &&
		       le32(b, 24) >= 4 && le32(b, 24) <= 1048576;
	case 6:		/* nvsched_prio_tsg: flags at 12 (bit 0 only), reserved 16..32 */
		return le32(b, 12) <= 1 && zero_bytes(b, 16, 32);
	case 7:		/* target: runlist s32 at 0, tsgid at 4 */
		return le32(b, 0) < 64 && le32(b, 4) < 4096;
	case 8:		/* nvsched_prio_seg: op 4, prio 8, flags..reserved 12..32 zero */
		op = le32(b, 4);
		prio = (int32_t)le32(b, 8);
		if (!zero_bytes(b, 12, 32))
			return 0;
		if (op == 2)
			return 1;
		return op == 1 && prio >= -2 && prio <= 99;
	case 9:		/* nvsched_prio_status: 64 bytes; the runlist counters
			 * (inputs zero) and reserved[1] from 48 */
		return zero_bytes(b, 48, 64);
	case 10:	/* nvsched_prio_set: op at 4 (1 keep, 2 unkeep, 3 mechanism),
			 * runlist 8, tsgid 12, mechanism 16 (1 gate, 2 runlist; 0
			 * for keep/unkeep), reserved 20..32 */
		if (!zero_bytes(b, 20, 32))
			return 0;
		if (le32(b, 4) == 3)
			return le32(b, 8) == 0 && le32(b, 12) == 0 &&
			       (le32(b, 16) == 1 || le32(b, 16) == 2);
		return (le32(b, 4) == 1 || le32(b, 4) == 2) && le32(b, 16) == 0;
	}
	abort();
}

static int run_check(unsigned int which, const uint8_t *b)
{
	union {
		struct nvsched_runlist rl;
		struct nvsched_control c;
		struct nvsched_raw_rd32 rd;
		struct nvsched_raw_mem m;
		struct nvsched_prio_tsg t;
		struct nvsched_prio_seg s;
		struct nvsched_prio_status st;
		struct nvsched_prio_set set;
		uint8_t raw[REQ_MAX];
	} u;

	memcpy(u.raw, b, REQ_MAX);
	switch (which) {
	case 0: return nvs_ck_runlist(&u.rl);
	case 1: return nvs_ck_control(&u.c);
	case 2: return nvs_ck_control_op(&u.c);
	case 3: return nvs_ck_raw_rd32(&u.rd);
	case 4: return nvs_ck_raw_offset(le32(b, 0), le64(b, 4));
	case 5: return nvs_ck_raw_mem(&u.m);
	case 6: return nvs_ck_prio_tsg(&u.t);
	case 7: return nvs_ck_prio_target((int32_t)le32(b, 0), le32(b, 4));
	case 8: return nvs_ck_prio_seg(&u.s);
	case 9: return nvs_ck_prio_status(&u.st);
	case 10: return nvs_ck_prio_set(&u.set);
	}
	abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t b[REQ_MAX];
	unsigned int which;
	int ret, ref;

	/* the reference's byte offsets assume the ABI's sizes */
	_Static_assert(sizeof(struct nvsched_runlist) == 72, "runlist");
	_Static_assert(sizeof(struct nvsched_control) == 80, "control");
	_Static_assert(sizeof(struct nvsched_raw_mem) == 32, "raw_mem");
	_Static_assert(sizeof(struct nvsched_prio_seg) == 32, "seg");
	_Static_assert(sizeof(struct nvsched_prio_status) == 64, "status");
	_Static_assert(offsetof(struct nvsched_control, reserved) == 72, "control.reserved");
	_Static_assert(offsetof(struct nvsched_runlist, reserved) == 56, "runlist.reserved");
	if (!size)
		return 0;
	which = data[0] % 11;
	memset(b, 0, sizeof(b));
	memcpy(b, data + 1, size - 1 < REQ_MAX ? size - 1 : REQ_MAX);
	ret = run_check(which, b);
	if (ret != 0 && ret != -EINVAL)
		abort();		/* only these two answers exist */
	ref = ref_accepts(which, b);
	if ((ret == 0) != ref)
		abort();		/* the check and the reference disagree */
	return 0;
}
