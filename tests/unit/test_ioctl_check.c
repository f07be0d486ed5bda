// SPDX-License-Identifier: MIT
/*
 * Unit tests: the ioctl argument checks (kmod/hw/ioctl_check.c).  Each
 * expected result is worked by hand from the field comments of
 * include/uapi/nvsched.h and the errno table of docs/CONTRACTS.md: one
 * valid request, then every field the check looks at broken one at a time,
 * and the bounds on both sides.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "ioctl_check.h"
#include "uapi/nvsched.h"

static void test_runlist(void **state)
{
	struct nvsched_runlist r;

	memset(&r, 0, sizeof(r));
	r.gpu = 7;		/* gpu, id, count, entries: not this check's */
	r.id = -1;
	r.count = 0xffffffffu;
	r.entries = 1;
	assert_int_equal(nvs_ck_runlist(&r), 0);
	for (int i = 0; i < 4; i++) {
		r.reserved[i] = 0x80000000u;
		assert_int_equal(nvs_ck_runlist(&r), -EINVAL);
		r.reserved[i] = 0;
	}
	assert_int_equal(nvs_ck_runlist(&r), 0);
}

static void test_control(void **state)
{
	struct nvsched_control c;

	memset(&c, 0, sizeof(c));
	c.op = NVSCHED_CTL_DISABLE_CHANNEL;
	assert_int_equal(nvs_ck_control(&c), 0);
	c.flags = 7;		/* DRY_RUN | NO_WAIT | FORCE */
	assert_int_equal(nvs_ck_control(&c), 0);
	c.flags = 8;
	assert_int_equal(nvs_ck_control(&c), -EINVAL);
	c.flags = 0x80000001u;
	assert_int_equal(nvs_ck_control(&c), -EINVAL);
	c.flags = 0;
	c.reserved[1] = 1;
	assert_int_equal(nvs_ck_control(&c), -EINVAL);
	c.reserved[1] = 0;
	c.reserved[0] = 2;
	assert_int_equal(nvs_ck_control(&c), -EINVAL);
	c.reserved[0] = 0;
	/* outputs and unknown ops are not refused here */
	c.nwrites = 9;
	c.writes[3].val = 1;
	c.op = 99;
	assert_int_equal(nvs_ck_control(&c), 0);
	assert_int_equal(nvs_ck_control_op(&c), 0);
	/* restore with dry run: refused; restore alone and dry-run disable: fine */
	c.op = NVSCHED_CTL_RESTORE_CHANNELS;
	assert_int_equal(nvs_ck_control_op(&c), 0);
	c.flags = NVSCHED_CTL_DRY_RUN | NVSCHED_CTL_FORCE;
	assert_int_equal(nvs_ck_control(&c), 0);
	assert_int_equal(nvs_ck_control_op(&c), -EINVAL);
	c.op = NVSCHED_CTL_DISABLE_CHANNEL;
	assert_int_equal(nvs_ck_control_op(&c), 0);
}

static void test_raw(void **state)
{
	struct nvsched_raw_rd32 r;
	struct nvsched_raw_mem m;

	memset(&r, 0, sizeof(r));
	assert_int_equal(nvs_ck_raw_rd32(&r), -EINVAL);		/* count 0 */
	r.count = 1;
	assert_int_equal(nvs_ck_raw_rd32(&r), 0);
	r.count = 4096;
	assert_int_equal(nvs_ck_raw_rd32(&r), 0);
	r.count = 4097;
	assert_int_equal(nvs_ck_raw_rd32(&r), -EINVAL);
	r.count = 0xffffffffu;
	assert_int_equal(nvs_ck_raw_rd32(&r), -EINVAL);

	/* a 16 MiB BAR0: the last register is at 0xfffffc */
	assert_int_equal(nvs_ck_raw_offset(0, 0x1000000), 0);
	assert_int_equal(nvs_ck_raw_offset(0xfffffc, 0x1000000), 0);
	assert_int_equal(nvs_ck_raw_offset(0x1000000, 0x1000000), -EINVAL);
	assert_int_equal(nvs_ck_raw_offset(0xfffffe, 0x1000000), -EINVAL);
	assert_int_equal(nvs_ck_raw_offset(0x101, 0x1000000), -EINVAL);
	assert_int_equal(nvs_ck_raw_offset(0xfffffffcu, 0x1000000), -EINVAL);
	/* a 4 GiB aperture holds every aligned 32-bit offset */
	assert_int_equal(nvs_ck_raw_offset(0xfffffffcu, 0x100000000ull), 0);
	/* an aperture below one register holds none (no wrap-around) */
	assert_int_equal(nvs_ck_raw_offset(0, 4), 0);
	assert_int_equal(nvs_ck_raw_offset(0, 3), -EINVAL);
	assert_int_equal(nvs_ck_raw_offset(0, 0), -EINVAL);
	assert_int_equal(nvs_ck_raw_offset(0xfffffffcu, 0), -EINVAL);

	memset(&m, 0, sizeof(m));
	m.len = 4;
	assert_int_equal(nvs_ck_raw_mem(&m), 0);
	m.len = 1u << 20;
	m.addr = 0xfffffffffffffffcull;
	assert_int_equal(nvs_ck_raw_mem(&m), 0);
	m.addr = 2;
	assert_int_equal(nvs_ck_raw_mem(&m), -EINVAL);
	m.addr = 0;
	m.len = (1u << 20) + 4;
	assert_int_equal(nvs_ck_raw_mem(&m), -EINVAL);
	m.len = 6;
	assert_int_equal(nvs_ck_raw_mem(&m), -EINVAL);
	m.len = 0;
	assert_int_equal(nvs_ck_raw_mem(&m), -EINVAL);
	m.len = 8;
	m.aperture = 2;		/* SYS_COH: VID only */
	assert_int_equal(nvs_ck_raw_mem(&m), -EINVAL);
	m.aperture = 0;
	m.window_moves = 5;	/* output */
	assert_int_equal(nvs_ck_raw_mem(&m), 0);
}

static void test_prio_tsg_set_target(void **state)
{
	struct nvsched_prio_tsg t;
	struct nvsched_prio_set s;

	memset(&t, 0, sizeof(t));
	t.gpu = 3;
	t.runlist = -5;		/* range is nvs_ck_prio_target's, after the capability */
	t.tsgid = 1u << 31;
	assert_int_equal(nvs_ck_prio_tsg(&t), 0);
	t.flags = NVSCHED_PRIO_TSG_REMOVE;
	assert_int_equal(nvs_ck_prio_tsg(&t), 0);
	t.flags = 2;
	assert_int_equal(nvs_ck_prio_tsg(&t), -EINVAL);
	t.flags = 0;
	t.reserved[3] = 1;
	assert_int_equal(nvs_ck_prio_tsg(&t), -EINVAL);

	assert_int_equal(nvs_ck_prio_target(0, 0), 0);
	assert_int_equal(nvs_ck_prio_target(63, 4095), 0);
	assert_int_equal(nvs_ck_prio_target(64, 0), -EINVAL);
	assert_int_equal(nvs_ck_prio_target(-1, 0), -EINVAL);
	assert_int_equal(nvs_ck_prio_target(INT32_MIN, 0), -EINVAL);
	assert_int_equal(nvs_ck_prio_target(0, 4096), -EINVAL);
	assert_int_equal(nvs_ck_prio_target(0, 0xffffffffu), -EINVAL);

	memset(&s, 0, sizeof(s));
	assert_int_equal(nvs_ck_prio_set(&s), -EINVAL);	/* op 0 */
	s.op = NVSCHED_PRIO_SET_KEEP;
	assert_int_equal(nvs_ck_prio_set(&s), 0);
	s.op = NVSCHED_PRIO_SET_UNKEEP;
	assert_int_equal(nvs_ck_prio_set(&s), 0);
	s.op = 3;
	assert_int_equal(nvs_ck_prio_set(&s), -EINVAL);
	s.op = NVSCHED_PRIO_SET_KEEP;
	s.reserved[2] = 1;
	assert_int_equal(nvs_ck_prio_set(&s), -EINVAL);
}

static void test_prio_seg(void **state)
{
	struct nvsched_prio_seg g;

	memset(&g, 0, sizeof(g));
	assert_int_equal(nvs_ck_prio_seg(&g), -EINVAL);	/* op 0 */
	g.op = NVSCHED_PRIO_END;
	g.prio = 12345;		/* END ignores the priority */
	assert_int_equal(nvs_ck_prio_seg(&g), 0);
	g.op = NVSCHED_PRIO_BEGIN;
	assert_int_equal(nvs_ck_prio_seg(&g), -EINVAL);
	g.prio = 0;
	assert_int_equal(nvs_ck_prio_seg(&g), 0);
	g.prio = 99;
	assert_int_equal(nvs_ck_prio_seg(&g), 0);
	g.prio = 100;
	assert_int_equal(nvs_ck_prio_seg(&g), -EINVAL);
	g.prio = -1;		/* best effort */
	assert_int_equal(nvs_ck_prio_seg(&g), 0);
	g.prio = -2;		/* the thread's SCHED_FIFO priority */
	assert_int_equal(nvs_ck_prio_seg(&g), 0);
	g.prio = -3;
	assert_int_equal(nvs_ck_prio_seg(&g), -EINVAL);
	g.prio = INT32_MIN;
	assert_int_equal(nvs_ck_prio_seg(&g), -EINVAL);
	g.prio = 5;
	g.op = 3;
	assert_int_equal(nvs_ck_prio_seg(&g), -EINVAL);
	g.op = NVSCHED_PRIO_BEGIN;
	g.flags = NVSCHED_PRIO_W_REPRIO;	/* an output: must come in zero */
	assert_int_equal(nvs_ck_prio_seg(&g), -EINVAL);
	g.flags = 0;
	g.running = 1;
	assert_int_equal(nvs_ck_prio_seg(&g), -EINVAL);
	g.running = 0;
	g.reserved[0] = 1;
	assert_int_equal(nvs_ck_prio_seg(&g), -EINVAL);
	g.reserved[0] = 0;
	g.gpu = NVSCHED_PRIO_FILE_GPU;
	assert_int_equal(nvs_ck_prio_seg(&g), 0);
}

static void test_prio_status(void **state)
{
	struct nvsched_prio_status s;

	memset(&s, 0, sizeof(s));
	s.count = 0xffffffffu;	/* room: ENOSPC later, not EINVAL */
	s.running = 5;		/* outputs are overwritten, not checked */
	s.decisions = 1;
	assert_int_equal(nvs_ck_prio_status(&s), 0);
	s.reserved[0] = 1;
	assert_int_equal(nvs_ck_prio_status(&s), -EINVAL);
	s.reserved[0] = 0;
	s.submits = 1;		/* the runlist mechanism's counters come in zero */
	assert_int_equal(nvs_ck_prio_status(&s), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_runlist),
		cmocka_unit_test(test_control),
		cmocka_unit_test(test_raw),
		cmocka_unit_test(test_prio_tsg_set_target),
		cmocka_unit_test(test_prio_seg),
		cmocka_unit_test(test_prio_status),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
