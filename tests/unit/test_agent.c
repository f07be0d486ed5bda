// SPDX-License-Identifier: MIT
/*
 * test_agent.c - the in-process agent's capture (lib/agent/agent_core.c)
 * against synthetic NVOS21 / NVOS64 / XFER escapes, malformed ones
 * included, and the controls it issues, seen by a recording stand-in for
 * the RM control call.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "agent_core.h"

#define FD 7
#define CL 0xc1d00001u
#define DEV 0x5c000001u
#define SUB 0x5c000002u
#define TSG 0x5c000010u
#define CH1 0x5c000011u
#define CH2 0x5c000012u
#define TSG2 0x5c000023u

/* ---- recording stand-in -------------------------------------------------- */
struct call {
	int fd;
	uint32_t client, object, cmd, size;
	uint64_t ts;			/* SET_TIMESLICE value */
	uint32_t disable, nch, ch[4];	/* DISABLE_CHANNELS */
};
static struct call calls[256];
static unsigned int ncalls;
static uint32_t fail_status;		/* status the stand-in answers (0 = OK) */
static uint64_t rm_ts[8];		/* RM's timeslice per TSG (index = handle & 7) */

static int stand_in(void *ctx, int fd, struct nv_os54 *req)
{
	struct call *c = &calls[ncalls < 256 ? ncalls++ : 255];

	(void)ctx;
	memset(c, 0, sizeof(*c));
	c->fd = fd;
	c->client = req->h_client;
	c->object = req->h_object;
	c->cmd = req->cmd;
	c->size = req->params_size;
	req->status = fail_status;
	if (fail_status)
		return 0;
	if (req->cmd == NVA06C_CTRL_CMD_GET_TIMESLICE) {
		struct nva06c_timeslice *p = (void *)(uintptr_t)req->params;

		p->timeslice_us = rm_ts[req->h_object & 7];
	} else if (req->cmd == NVA06C_CTRL_CMD_SET_TIMESLICE) {
		struct nva06c_timeslice *p = (void *)(uintptr_t)req->params;

		c->ts = p->timeslice_us;
		rm_ts[req->h_object & 7] = p->timeslice_us;
	} else if (req->cmd == NV2080_CTRL_CMD_FIFO_DISABLE_CHANNELS) {
		struct nv2080_fifo_disable_channels *p = (void *)(uintptr_t)req->params;
		unsigned int i;

		c->disable = p->b_disable;
		c->nch = p->num_channels;
		for (i = 0; i < 4 && i < p->num_channels; i++)
			c->ch[i] = p->h_channel_list[i];
		assert_int_equal(p->p_runlist_preempt_event, 0);
	}
	return 0;
}

static struct nva A;

static int setup(void **state)
{
	struct nva_ops ops = { .control = stand_in };

	(void)state;
	nva_init(&A, &ops);
	ncalls = 0;
	fail_status = 0;
	rm_ts[TSG & 7] = 2048;
	rm_ts[(TSG2) & 7] = 1024;
	return 0;
}

/* ---- synthetic escapes ------------------------------------------------------ */
static uint32_t tsg_params[5];	/* NV_CHANNEL_GROUP_ALLOCATION_PARAMETERS */

static void alloc21(uint32_t root, uint32_t parent, uint32_t h, uint32_t cls, uint32_t status, int rc)
{
	struct nv_os21 r = { root, parent, h, cls, 0, 0, status }, copy;

	if (cls == KEPLER_CHANNEL_GROUP_A) {
		r.p_alloc_parms = (uint64_t)(uintptr_t)tsg_params;
		r.params_size = 20;
	}
	copy = r;
	nva_observe(&A, FD, NV_RM_IOC(NV_ESC_RM_ALLOC, sizeof(r)), &r, rc);
	/* the agent never writes into what it observes */
	assert_memory_equal(&r, &copy, sizeof(r));
}

static void alloc64(uint32_t root, uint32_t parent, uint32_t h, uint32_t cls)
{
	struct nv_os64 r;

	memset(&r, 0, sizeof(r));
	r.h_root = root;
	r.h_object_parent = parent;
	r.h_object_new = h;
	r.h_class = cls;
	if (cls == KEPLER_CHANNEL_GROUP_A) {
		r.p_alloc_parms = (uint64_t)(uintptr_t)tsg_params;
		r.params_size = 20;
	}
	nva_observe(&A, FD, NV_RM_IOC(NV_ESC_RM_ALLOC, sizeof(r)), &r, 0);
}

static void xfer(unsigned int nr, void *p, uint32_t size, unsigned long outer_size, int rc)
{
	struct nv_ioctl_xfer x = { nr, size, (uint64_t)(uintptr_t)p };

	nva_observe(&A, FD, NV_RM_IOC(NV_ESC_IOCTL_XFER_CMD, outer_size), &x, rc);
}

static void free00(uint32_t root, uint32_t parent, uint32_t old)
{
	struct nv_os00 r = { root, parent, old, 0 };

	nva_observe(&A, FD, NV_RM_IOC(NV_ESC_RM_FREE, sizeof(r)), &r, 0);
}

static void cuda_like(void)
{
	alloc21(0, 0, CL, NV01_ROOT_CLIENT, 0, 0);
	alloc21(CL, CL, DEV, NV01_DEVICE_0, 0, 0);
	alloc21(CL, DEV, SUB, NV20_SUBDEVICE_0, 0, 0);
	tsg_params[3] = 1;	/* engineType GR0 */
	alloc21(CL, DEV, TSG, KEPLER_CHANNEL_GROUP_A, 0, 0);
	alloc21(CL, TSG, CH1, 0xC86F, 0, 0);
	alloc21(CL, TSG, CH2, 0xC86F, 0, 0);
}

static const struct nva_obj *obj(uint32_t h)
{
	unsigned int i;

	for (i = 0; i < A.nobj; i++)
		if (A.obj[i].kind != NVA_FREE && A.obj[i].handle == h)
			return &A.obj[i];
	return NULL;
}

/* ---- tests -------------------------------------------------------------------- */
static void capture_nvos21(void **state)
{
	(void)state;
	cuda_like();
	/* objects that are none of ours are not recorded */
	alloc21(CL, DEV, 0x5c000099, 0x003e, 0, 0);		/* memory */
	alloc21(CL, DEV, 0x5c00009a, 0xC86F, 0, 0);		/* channel outside a TSG */
	assert_int_equal(nva_count(&A, NVA_CLIENT), 1);
	assert_int_equal(nva_count(&A, NVA_DEVICE), 1);
	assert_int_equal(nva_count(&A, NVA_SUBDEV), 1);
	assert_int_equal(nva_count(&A, NVA_TSG), 1);
	assert_int_equal(nva_count(&A, NVA_CHANNEL), 2);
	assert_int_equal(obj(TSG)->engine, 1);
	assert_int_equal(obj(TSG)->fd, FD);
	assert_int_equal(obj(CH1)->parent, TSG);
	assert_false(A.disabled);
	assert_int_equal(ncalls, 0);	/* capture alone issues nothing */
}

static void capture_nvos64_and_xfer(void **state)
{
	struct nv_os21 r21 = { CL, DEV, TSG2, KEPLER_CHANNEL_GROUP_A,
			       (uint64_t)(uintptr_t)tsg_params, 20, 0 };
	struct nv_os64 r64;

	(void)state;
	alloc64(0, 0, CL, NV01_ROOT_CLIENT);
	alloc64(CL, CL, DEV, NV01_DEVICE_0);
	tsg_params[3] = 12;	/* a copy engine */
	alloc64(CL, DEV, TSG, KEPLER_CHANNEL_GROUP_A);
	assert_int_equal(obj(TSG)->engine, 12);
	/* an NVOS21 alloc wrapped in NV_ESC_IOCTL_XFER_CMD */
	tsg_params[3] = 13;
	xfer(NV_ESC_RM_ALLOC, &r21, sizeof(r21), sizeof(struct nv_ioctl_xfer), 0);
	assert_int_equal(nva_count(&A, NVA_TSG), 2);
	assert_int_equal(obj(TSG2)->engine, 13);
	/* an NVOS64 one too, a channel in it */
	memset(&r64, 0, sizeof(r64));
	r64.h_root = CL;
	r64.h_object_parent = TSG2;
	r64.h_object_new = CH1;
	r64.h_class = 0xC86F;
	xfer(NV_ESC_RM_ALLOC, &r64, sizeof(r64), sizeof(struct nv_ioctl_xfer), 0);
	assert_int_equal(nva_count(&A, NVA_CHANNEL), 1);
	/* a free through XFER */
	{
		struct nv_os00 f = { CL, DEV, TSG2, 0 };

		xfer(NV_ESC_RM_FREE, &f, sizeof(f), sizeof(struct nv_ioctl_xfer), 0);
	}
	assert_int_equal(nva_count(&A, NVA_TSG), 1);
	assert_int_equal(nva_count(&A, NVA_CHANNEL), 0);	/* went with its TSG */
	assert_false(A.disabled);
}

static void malformed_is_ignored(void **state)
{
	struct nv_os21 r = { CL, DEV, TSG, KEPLER_CHANNEL_GROUP_A, 0, 0, 0 };
	struct nv_ioctl_xfer nest = { NV_ESC_RM_ALLOC, sizeof(r), (uint64_t)(uintptr_t)&r };

	(void)state;
	alloc21(0, 0, CL, NV01_ROOT_CLIENT, 0, 0);
	alloc21(CL, CL, DEV, NV01_DEVICE_0, 0, 0);
	/* the escape failed (-1 from ioctl), RM said no, no argument */
	alloc21(CL, DEV, TSG, KEPLER_CHANNEL_GROUP_A, 0, -1);
	alloc21(CL, DEV, TSG, KEPLER_CHANNEL_GROUP_A, 0x1f /* NV_ERR_INVALID_ARGUMENT */, 0);
	nva_observe(&A, FD, NV_RM_IOC(NV_ESC_RM_ALLOC, 32), NULL, 0);
	/* XFER: wrong outer size, NULL payload, nested XFER, failed */
	xfer(NV_ESC_RM_ALLOC, &r, sizeof(r), 8, 0);
	xfer(NV_ESC_RM_ALLOC, NULL, sizeof(r), sizeof(struct nv_ioctl_xfer), 0);
	xfer(NV_ESC_IOCTL_XFER_CMD, &nest, sizeof(nest), sizeof(struct nv_ioctl_xfer), 0);
	xfer(NV_ESC_RM_ALLOC, &r, sizeof(r), sizeof(struct nv_ioctl_xfer), -1);
	/* not the NVIDIA magic, other escapes */
	nva_observe(&A, FD, _IOC(_IOC_READ | _IOC_WRITE, 'G', NV_ESC_RM_ALLOC, 32), &r, 0);
	nva_observe(&A, FD, NV_RM_IOC(NV_ESC_RM_CONTROL, 32), &r, 0);
	/* TSG alloc params too short: recorded, engine unknown (0) */
	{
		struct nv_os21 s = { CL, DEV, TSG, KEPLER_CHANNEL_GROUP_A,
				     (uint64_t)(uintptr_t)tsg_params, 8, 0 };

		tsg_params[3] = 1;
		nva_observe(&A, FD, NV_RM_IOC(NV_ESC_RM_ALLOC, sizeof(s)), &s, 0);
	}
	assert_int_equal(nva_count(&A, NVA_TSG), 1);
	assert_int_equal(obj(TSG)->engine, 0);
	/* a free of something unknown, of a wrong size that failed */
	free00(CL, DEV, 0x12345678);
	{
		struct nv_os00 f = { CL, DEV, TSG, 0 };

		nva_observe(&A, FD, NV_RM_IOC(NV_ESC_RM_FREE, 12), &f, -1);
	}
	assert_int_equal(nva_count(&A, NVA_TSG), 1);
	assert_false(A.disabled);
}

static void unknown_layout_disables(void **state)
{
	char buf[40] = { 0 };

	(void)state;
	cuda_like();
	nva_apply(&A, NVA_MODE_SMALL, 100);
	assert_int_equal(rm_ts[TSG & 7], 100);
	/* an alloc escape of 40 bytes that succeeded: a layout we do not know */
	nva_observe(&A, FD, NV_RM_IOC(NV_ESC_RM_ALLOC, sizeof(buf)), buf, 0);
	assert_true(A.disabled);
	assert_non_null(strstr(A.why, "40 bytes"));
	/* what it changed is restored, and it does nothing more */
	assert_int_equal(rm_ts[TSG & 7], 2048);
	ncalls = 0;
	assert_int_equal(nva_apply(&A, NVA_MODE_SMALL, 100), -1);
	alloc21(CL, DEV, TSG2, KEPLER_CHANNEL_GROUP_A, 0, 0);
	assert_int_equal(ncalls, 0);
}

static void duplicate_handle_disables(void **state)
{
	(void)state;
	cuda_like();
	alloc21(CL, DEV, TSG, KEPLER_CHANNEL_GROUP_A, 0, 0);
	assert_true(A.disabled);
	assert_non_null(strstr(A.why, "twice"));
}

static void free_drops_children(void **state)
{
	(void)state;
	cuda_like();
	free00(CL, DEV, TSG);
	assert_int_equal(nva_count(&A, NVA_TSG), 0);
	assert_int_equal(nva_count(&A, NVA_CHANNEL), 0);
	assert_int_equal(nva_count(&A, NVA_SUBDEV), 1);
	/* the handle can come back after its free */
	alloc21(CL, DEV, TSG, KEPLER_CHANNEL_GROUP_A, 0, 0);
	assert_false(A.disabled);
	/* freeing the device drops subdevice and TSG; the client stays */
	free00(CL, CL, DEV);
	assert_int_equal(nva_count(&A, NVA_SUBDEV), 0);
	assert_int_equal(nva_count(&A, NVA_TSG), 0);
	assert_int_equal(nva_count(&A, NVA_CLIENT), 1);
	alloc21(CL, CL, DEV, NV01_DEVICE_0, 0, 0);
	alloc21(CL, DEV, TSG, KEPLER_CHANNEL_GROUP_A, 0, 0);
	alloc21(CL, TSG, CH1, 0xC86F, 0, 0);
	/* freeing the client drops everything in it */
	free00(CL, CL, CL);
	assert_int_equal(nva_count(&A, NVA_CLIENT) + nva_count(&A, NVA_DEVICE) +
			 nva_count(&A, NVA_TSG) + nva_count(&A, NVA_CHANNEL), 0);
}

static void timeslice_apply_and_restore(void **state)
{
	(void)state;
	cuda_like();
	assert_int_equal(nva_apply(&A, NVA_MODE_SMALL, 100), 0);
	/* GET (captures the original) then SET, on the TSG of the client, on its fd */
	assert_int_equal(ncalls, 2);
	assert_int_equal(calls[0].cmd, NVA06C_CTRL_CMD_GET_TIMESLICE);
	assert_int_equal(calls[1].cmd, NVA06C_CTRL_CMD_SET_TIMESLICE);
	assert_int_equal(calls[1].client, CL);
	assert_int_equal(calls[1].object, TSG);
	assert_int_equal(calls[1].fd, FD);
	assert_int_equal(calls[1].size, 8);
	assert_int_equal(calls[1].ts, 100);
	assert_int_equal(obj(TSG)->orig_us, 2048);
	/* again: nothing to do */
	assert_int_equal(nva_apply(&A, NVA_MODE_SMALL, 100), 0);
	assert_int_equal(ncalls, 2);
	/* a TSG allocated now joins at the small timeslice */
	tsg_params[3] = 11;
	alloc21(CL, DEV, TSG2, KEPLER_CHANNEL_GROUP_A, 0, 0);
	assert_int_equal(rm_ts[(TSG2) & 7], 100);
	assert_int_equal(obj(TSG2)->orig_us, 1024);
	/* back: each to its own original */
	assert_int_equal(nva_apply(&A, NVA_MODE_NORMAL, 0), 0);
	assert_int_equal(rm_ts[TSG & 7], 2048);
	assert_int_equal(rm_ts[(TSG2) & 7], 1024);
	/* bad small timeslices are refused */
	assert_int_equal(nva_apply(&A, NVA_MODE_SMALL, 0), -1);
	assert_int_equal(nva_apply(&A, NVA_MODE_SMALL, 2000000), -1);
	assert_int_equal(nva_apply(&A, (enum nva_mode)7, 0), -1);
}

static void gate_apply_and_restore(void **state)
{
	(void)state;
	cuda_like();
	assert_int_equal(nva_apply(&A, NVA_MODE_GATED, 0), 0);
	assert_int_equal(ncalls, 1);
	assert_int_equal(calls[0].cmd, NV2080_CTRL_CMD_FIFO_DISABLE_CHANNELS);
	assert_int_equal(calls[0].object, SUB);
	assert_int_equal(calls[0].size, 536);
	assert_int_equal(calls[0].disable, 1);
	assert_int_equal(calls[0].nch, 2);
	assert_int_equal(calls[0].ch[0], CH1);
	assert_int_equal(calls[0].ch[1], CH2);
	/* a channel allocated while gated is disabled at once */
	alloc21(CL, TSG, CH2 + 1, 0xC86F, 0, 0);
	assert_int_equal(ncalls, 2);
	assert_int_equal(calls[1].nch, 1);
	assert_int_equal(calls[1].ch[0], CH2 + 1);
	/* enable all three in one call */
	assert_int_equal(nva_apply(&A, NVA_MODE_NORMAL, 0), 0);
	assert_int_equal(ncalls, 3);
	assert_int_equal(calls[2].disable, 0);
	assert_int_equal(calls[2].nch, 3);
}

static void failed_controls_are_counted(void **state)
{
	(void)state;
	cuda_like();
	fail_status = 0x57;	/* e.g. NV_ERR_INVALID_OBJECT_HANDLE */
	assert_int_equal(nva_apply(&A, NVA_MODE_SMALL, 100), 1);
	assert_false(obj(TSG)->have_orig);
	assert_int_equal(A.ctl_errors, 1);
	fail_status = 0;
	assert_int_equal(nva_apply(&A, NVA_MODE_SMALL, 100), 0);
	assert_int_equal(obj(TSG)->cur_us, 100);
	assert_false(A.disabled);
}

static void version_check(void **state)
{
	char why[160];

	(void)state;
	assert_true(nva_version_ok("NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  "
				   "580.159.04  Release Build  (dvs-builder@U22)\nGCC version: 12\n",
				   why, sizeof(why)));
	assert_true(nva_version_ok("NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.104.05  Sat Aug\n",
				   why, sizeof(why)));
	assert_false(nva_version_ok("NVRM version: NVIDIA UNIX x86_64 Kernel Module  470.57.02  x\n",
				    why, sizeof(why)));
	assert_non_null(strstr(why, "470"));
	assert_false(nva_version_ok("NVRM version: NVIDIA UNIX Kernel Module  610.1  x\n", why, sizeof(why)));
	assert_false(nva_version_ok("garbage", why, sizeof(why)));
	assert_false(nva_version_ok("", why, sizeof(why)));
	assert_false(nva_version_ok("\n580.1", why, sizeof(why)));	/* not on the NVRM line */
}

static void peek_before_the_call(void **state)
{
	struct nv_os21 r = { CL, DEV, TSG2, KEPLER_CHANNEL_GROUP_A, (uint64_t)(uintptr_t)tsg_params, 20, 0 };
	struct nv_ioctl_xfer x = { NV_ESC_RM_ALLOC, sizeof(r), (uint64_t)(uintptr_t)&r };
	struct nv_ioctl_xfer bad = { NV_ESC_RM_ALLOC, sizeof(r), 0x10 };
	unsigned long req = NV_RM_IOC(NV_ESC_RM_ALLOC, sizeof(r));
	uint64_t peek;

	(void)state;
	cuda_like();
	tsg_params[3] = 1;
	peek = nva_peek(req, &r);
	assert_int_equal(peek, 2);
	/* RM writes the parameters back changed: what was passed in counts */
	tsg_params[3] = 0;
	nva_observe_pre(&A, FD, req, &r, 0, peek);
	assert_int_equal(obj(TSG2)->engine, 1);
	/* NVOS64 with paramsSize 0, as libcuda passes it (driver 580, H100):
	 * RM reads the class's own parameter size, so the engine is read too */
	{
		struct nv_os64 r64 = { CL, DEV, 0x5c0000a0, KEPLER_CHANNEL_GROUP_A,
				       (uint64_t)(uintptr_t)tsg_params, 0, 0, 0, 0, 0 };
		unsigned long req64 = NV_RM_IOC(NV_ESC_RM_ALLOC, sizeof(r64));

		tsg_params[3] = 11;	/* NV2080_ENGINE_TYPE_COPY2 */
		assert_int_equal(nva_peek(req64, &r64), 12);
		/* without the peek, read after the call the same way */
		nva_observe(&A, FD, req64, &r64, 0);
		assert_int_equal(obj(0x5c0000a0)->engine, 11);
		assert_false(A.disabled);
		/* a non-zero size too short for engineType: unknown */
		r64.params_size = 8;
		assert_int_equal(nva_peek(req64, &r64), 0);
	}
	/* the same through XFER */
	tsg_params[3] = 13;
	assert_int_equal(nva_peek(NV_RM_IOC(NV_ESC_IOCTL_XFER_CMD, sizeof(x)), &x), 14);
	/* bad pointers before the call: 0, no crash (the driver will say EFAULT) */
	assert_int_equal(nva_peek(req, (void *)0x10), 0);
	assert_int_equal(nva_peek(NV_RM_IOC(NV_ESC_IOCTL_XFER_CMD, sizeof(bad)), &bad), 0);
	r.p_alloc_parms = 0x20;
	assert_int_equal(nva_peek(req, &r), 0);
	/* not a TSG, not an alloc, not ours */
	r.p_alloc_parms = (uint64_t)(uintptr_t)tsg_params;
	r.h_class = 0xC86F;
	assert_int_equal(nva_peek(req, &r), 0);
	assert_int_equal(nva_peek(NV_RM_IOC(NV_ESC_RM_FREE, 16), &r), 0);
	assert_int_equal(nva_peek(_IOC(_IOC_READ | _IOC_WRITE, 'G', NV_ESC_RM_ALLOC, 32), &r), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(capture_nvos21, setup),
		cmocka_unit_test_setup(capture_nvos64_and_xfer, setup),
		cmocka_unit_test_setup(malformed_is_ignored, setup),
		cmocka_unit_test_setup(unknown_layout_disables, setup),
		cmocka_unit_test_setup(duplicate_handle_disables, setup),
		cmocka_unit_test_setup(free_drops_children, setup),
		cmocka_unit_test_setup(timeslice_apply_and_restore, setup),
		cmocka_unit_test_setup(gate_apply_and_restore, setup),
		cmocka_unit_test_setup(failed_controls_are_counted, setup),
		cmocka_unit_test_setup(version_check, setup),
		cmocka_unit_test_setup(peek_before_the_call, setup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
