// SPDX-License-Identifier: MIT
/*
 * fakenv.c - a stand-in for NVIDIA's kernel driver as the CLI's rm backend
 * reaches it (/dev/nvidiactl, /dev/nvidia0; lib/rm_client.c), for the fast
 * tests of that backend (tests/cli/test_cli.py, check_rm; test_leaks.sh).
 * Preloaded (LD_PRELOAD) into build/bin/nvsched run with --backend rm and
 * NVSCHED_NVIDIA_DEV_DIR=DIR, DIR holding two empty files nvidiactl and
 * nvidia0: every ioctl of NVIDIA's type ('F', NV_RM_IOC in lib/rm_abi.h)
 * is answered here, every other ioctl goes to libc.  The ABI is the one
 * lib/rm_abi.h declares (docs/rm-backend.md, "RM sources" §1 and §6): a
 * request whose _IOC_SIZE is not the declared struct's fails with EINVAL.
 *
 * What it answers:
 *   CHECK_VERSION_STR: the query gives the snapshot's "meta driver" (the
 *       H100 capture: 580.159.04, a 580 branch), else 580.159.04; the
 *       strict check is recognized for exactly that string (else the reply
 *       is 0, not recognized).
 *   CARD_INFO: one GPU, slot 0: vendor 0x10de, device 0x2330 (H100 SXM5),
 *       gpu id 0x100, minor 0 (/dev/nvidia0), at the snapshot's "meta bdf"
 *       if it has one, else 0000:01:00.0; the other 31 slots invalid.
 *   RM_ALLOC: the root client (handle 0xc1d00001), a device under it
 *       (NV01_DEVICE_0, 56-byte params, 0xde000001), a subdevice under that
 *       (NV20_SUBDEVICE_0, 4-byte params, 0x5d000001); any other class,
 *       parent or params size: status NV_ERR_INVALID_PARAM_STRUCT.
 *   RM_FREE: the client (and with it everything); any handle: NV_OK.
 *   RM_CONTROL (status NV_ERR_INVALID_PARAM_STRUCT for a wrong client,
 *       object or params size):
 *     NV0000 GPU_GET_ID_INFO_V2 on the client for gpu id 0x100: device
 *       instance 0, subdevice instance 0;
 *     NV2080 GPU_GET_ENGINES_V2 on the subdevice, 340-byte params (the 580
 *       branch: engineCount, then engineList[0x54]; lib/rm_client.c, RM
 *       sources §1.4): the 23 engines NVIDIA's RM listed for the H100 of
 *       the capture, in its order (rm_engine_tab below, written from
 *       tests/fixtures/rmprobe_idle.txt), whatever the caller's
 *       privileges (RM's engine list is for any user: docs/rm-backend.md,
 *       "Privileges"); $NVSCHED_FAKENV_NO_ENGINES=1: NV_ERR_NOT_SUPPORTED;
 *     NV2080 GPU_EXEC_REG_OPS on the subdevice, 48-byte params, 1..64 ops,
 *       READ_32 only (any other op kind fails the whole call:
 *       NV_ERR_NOT_SUPPORTED): each op's value is the register of the
 *       snapshot named by $NVSCHED_FAKENV_SNAPSHOT (0xbadf5040 where it has
 *       none, as nvsched's snapshot backend reads it), status SUCCESS; as
 *       RM does (RM sources §5), a caller without CAP_SYS_ADMIN in CapEff
 *       gets each op refused (status INVALID_OFFSET, value 0); without a readable
 *       snapshot the call fails (NV_ERR_NOT_SUPPORTED, a note on stderr);
 *     every other control: NV_ERR_NOT_SUPPORTED.
 *   $NVSCHED_FAKENV_LOG=FILE: one line per control appended to FILE,
 *       "control 0x%08x" with the command; EXEC_REG_OPS adds " ops N", the
 *       count of ops the call carried.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#include "rm_abi.h"
#include "snapshot.h"

#define FAKE_VERSION	"580.159.04"
#define FAKE_GPU_ID	0x100u
#define H_CLIENT	0xc1d00001u
#define H_DEVICE	0xde000001u
#define H_SUBDEVICE	0x5d000001u

/* GET_ENGINES_V2 on the 580 branch: NvU32 engineCount, NvU32 engineList[0x54] */
#define ENGINE_LIST_MAX	0x54u
#define ENGINES_V2_SIZE	(4 + ENGINE_LIST_MAX * 4)

/*
 * RM's engine list for the H100 of tests/fixtures/h100_idle.nvss, as
 * NVIDIA's RM (580.159.04) answered GET_ENGINES_V2 on that GPU:
 * tests/fixtures/rmprobe_idle.txt, "engineCount=23" and its "Engine table"
 * (type column; the names are RM's NV2080_ENGINE_TYPE_* ones; RM lists
 * neither NVDEC0 nor NVJPG1 there).
 */
static const uint32_t rm_engine_tab[] = {
	0x01,					/* GR0 */
	0x09, 0x0a, 0x0b, 0x0c, 0x0d,		/* COPY0..COPY4 */
	0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a,	/* NVDEC1..NVDEC7 */
	0x22,					/* SW */
	0x26,					/* SEC2 */
	0x2b, 0x2d, 0x2e, 0x2f, 0x30, 0x31, 0x32,	/* NVJPG0, NVJPG2..NVJPG7 */
	0x33,					/* OFA0 */
};

static struct nvss *snap;
static bool snap_tried;
static uint32_t h_client, h_device, h_subdevice;	/* 0: not allocated */

static const struct nvss *the_snapshot(void)
{
	const char *path = getenv("NVSCHED_FAKENV_SNAPSHOT");
	char err[256];

	if (snap_tried)
		return snap;
	snap_tried = true;
	if (!path || !*path)
		return NULL;
	if (nvss_parse_file(path, &snap, err, sizeof(err))) {
		fprintf(stderr, "fakenv: %s\n", err);
		snap = NULL;
	}
	return snap;
}

static const char *meta(const char *key)
{
	const struct nvss *s = the_snapshot();

	return s ? nvss_meta_get(s, key) : NULL;
}

__attribute__((destructor)) static void drop_snapshot(void)
{
	nvss_free(snap);
	snap = NULL;
}

static const char *version(void)
{
	const char *v = meta("driver");

	return v && *v ? v : FAKE_VERSION;
}

/* CAP_SYS_ADMIN is bit 21 of CapEff (capabilities(7)) */
static bool caller_sys_admin(void)
{
	unsigned long long eff = 0;
	char line[256];
	FILE *f = fopen("/proc/self/status", "r");

	if (!f)
		return false;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "CapEff: %llx", &eff) == 1)
			break;
	fclose(f);
	return eff >> 21 & 1;
}

static void log_control(const struct nv_os54 *c)
{
	const struct nv2080_exec_reg_ops *p = (const void *)(uintptr_t)c->params;
	const char *path = getenv("NVSCHED_FAKENV_LOG");
	FILE *f;

	if (!path || !*path)
		return;
	f = fopen(path, "a");
	if (!f)
		return;
	if (c->cmd == NV2080_CTRL_CMD_GPU_EXEC_REG_OPS && p &&
	    c->params_size == sizeof(struct nv2080_exec_reg_ops))
		fprintf(f, "control 0x%08x ops %u\n", c->cmd, p->reg_op_count);
	else
		fprintf(f, "control 0x%08x\n", c->cmd);
	fclose(f);
}

static int version_str(struct nv_rm_api_version *v)
{
	if (v->cmd == NV_RM_API_VERSION_CMD_QUERY) {
		memset(v->version, 0, sizeof(v->version));
		snprintf(v->version, sizeof(v->version), "%s", version());
		v->reply = NV_RM_API_VERSION_REPLY_RECOGNIZED;
		return 0;
	}
	v->version[sizeof(v->version) - 1] = 0;
	v->reply = !strcmp(v->version, version()) ? NV_RM_API_VERSION_REPLY_RECOGNIZED : 0;
	return 0;
}

static int card_info(struct nv_card_info *ci)
{
	const char *bdf = meta("bdf");
	unsigned int dom = 0, bus = 1, dev = 0, fn = 0;

	if (bdf && sscanf(bdf, "%x:%x:%x.%x", &dom, &bus, &dev, &fn) != 4)
		dom = 0, bus = 1, dev = 0, fn = 0;
	memset(ci, 0, NV_CARD_INFO_MAX * sizeof(*ci));
	ci[0].valid = 1;
	ci[0].domain = dom;
	ci[0].bus = (uint8_t)bus;
	ci[0].slot = (uint8_t)dev;
	ci[0].function = (uint8_t)fn;
	ci[0].vendor_id = 0x10de;
	ci[0].device_id = 0x2330;
	ci[0].gpu_id = FAKE_GPU_ID;
	ci[0].minor_number = 0;
	memcpy(ci[0].dev_name, "nvidia0", 7);
	return 0;
}

static int rm_alloc(struct nv_os21 *a)
{
	a->status = NV_ERR_INVALID_PARAM_STRUCT;
	if (a->h_class == NV01_ROOT_CLIENT && !a->h_object_parent) {
		h_client = H_CLIENT;
		a->h_object_new = h_client;
	} else if (a->h_class == NV01_DEVICE_0 && h_client && a->h_root == h_client &&
		   a->h_object_parent == h_client &&
		   a->params_size == sizeof(struct nv0080_alloc) && a->p_alloc_parms) {
		h_device = H_DEVICE;
		a->h_object_new = h_device;
	} else if (a->h_class == NV20_SUBDEVICE_0 && h_device && a->h_root == h_client &&
		   a->h_object_parent == h_device &&
		   a->params_size == sizeof(struct nv2080_alloc) && a->p_alloc_parms) {
		h_subdevice = H_SUBDEVICE;
		a->h_object_new = h_subdevice;
	} else {
		return 0;
	}
	a->status = NV_OK;
	return 0;
}

static int rm_free(struct nv_os00 *f)
{
	if (h_client && f->h_object_old == h_client)
		h_client = h_device = h_subdevice = 0;
	f->status = NV_OK;
	return 0;
}

static uint32_t reg_ops(struct nv2080_exec_reg_ops *p)
{
	struct nv2080_reg_op *ops = (struct nv2080_reg_op *)(uintptr_t)p->reg_ops;
	const struct nvss *s = the_snapshot();
	bool admin = caller_sys_admin();
	uint32_t i;

	if (!ops || p->reg_op_count < 1 || p->reg_op_count > NV_REG_OPS_BATCH)
		return NV_ERR_INVALID_PARAM_STRUCT;
	for (i = 0; i < p->reg_op_count; i++)
		if (ops[i].reg_op != NV_REG_OP_READ_32) {
			fprintf(stderr, "fakenv: regop %u of kind %u: only READ_32 is answered\n",
				i, ops[i].reg_op);
			return NV_ERR_NOT_SUPPORTED;
		}
	if (!s) {
		fprintf(stderr, "fakenv: no register values: set NVSCHED_FAKENV_SNAPSHOT\n");
		return NV_ERR_NOT_SUPPORTED;
	}
	for (i = 0; i < p->reg_op_count; i++) {
		ops[i].reg_value_hi = 0;
		if (admin) {
			ops[i].reg_value_lo = nvss_reg_get(s, ops[i].reg_offset);
			ops[i].reg_status = NV_REG_STATUS_SUCCESS;
		} else {
			ops[i].reg_value_lo = 0;
			ops[i].reg_status = NV_REG_STATUS_INVALID_OFFSET;
		}
	}
	return NV_OK;
}

static uint32_t engines_v2(uint32_t *p)
{
	const char *no = getenv("NVSCHED_FAKENV_NO_ENGINES");
	uint32_t i, n = sizeof(rm_engine_tab) / sizeof(rm_engine_tab[0]);

	if (no && !strcmp(no, "1"))
		return NV_ERR_NOT_SUPPORTED;
	memset(p, 0, ENGINES_V2_SIZE);
	p[0] = n;
	for (i = 0; i < n; i++)
		p[1 + i] = rm_engine_tab[i];
	return NV_OK;
}

static int rm_control(struct nv_os54 *c)
{
	void *params = (void *)(uintptr_t)c->params;

	log_control(c);
	c->status = NV_ERR_INVALID_PARAM_STRUCT;
	if (!h_client || c->h_client != h_client || !params)
		return 0;
	switch (c->cmd) {
	case NV0000_CTRL_CMD_GPU_GET_ID_INFO_V2: {
		struct nv0000_id_info_v2 *id = params;

		if (c->h_object != h_client || c->params_size != sizeof(*id) ||
		    id->gpu_id != FAKE_GPU_ID)
			return 0;
		id->gpu_flags = 0;
		id->device_instance = 0;
		id->sub_device_instance = 0;
		c->status = NV_OK;
		return 0;
	}
	case NV2080_CTRL_CMD_GPU_GET_ENGINES_V2:
		if (!h_subdevice || c->h_object != h_subdevice || c->params_size != ENGINES_V2_SIZE)
			return 0;
		c->status = engines_v2(params);
		return 0;
	case NV2080_CTRL_CMD_GPU_EXEC_REG_OPS:
		if (!h_subdevice || c->h_object != h_subdevice ||
		    c->params_size != sizeof(struct nv2080_exec_reg_ops))
			return 0;
		c->status = reg_ops(params);
		return 0;
	default:
		c->status = NV_ERR_NOT_SUPPORTED;
		return 0;
	}
}

__attribute__((visibility("default"))) int ioctl(int fd, unsigned long req, ...)
{
	static int (*real)(int, unsigned long, ...);
	unsigned int size = _IOC_SIZE(req), want;
	va_list ap;
	void *arg;

	va_start(ap, req);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (_IOC_TYPE(req) != NV_IOCTL_MAGIC) {
		if (!real)
			real = (int (*)(int, unsigned long, ...))dlsym(RTLD_NEXT, "ioctl");
		return real(fd, req, arg);
	}
	switch (_IOC_NR(req)) {
	case NV_ESC_CHECK_VERSION_STR:
		want = sizeof(struct nv_rm_api_version);
		break;
	case NV_ESC_CARD_INFO:
		want = NV_CARD_INFO_MAX * sizeof(struct nv_card_info);
		break;
	case NV_ESC_RM_ALLOC:
		want = sizeof(struct nv_os21);
		break;
	case NV_ESC_RM_FREE:
		want = sizeof(struct nv_os00);
		break;
	case NV_ESC_RM_CONTROL:
		want = sizeof(struct nv_os54);
		break;
	default:
		errno = ENOTTY;
		return -1;
	}
	if (size != want || !arg) {
		errno = EINVAL;
		return -1;
	}
	switch (_IOC_NR(req)) {
	case NV_ESC_CHECK_VERSION_STR:
		return version_str(arg);
	case NV_ESC_CARD_INFO:
		return card_info(arg);
	case NV_ESC_RM_ALLOC:
		return rm_alloc(arg);
	case NV_ESC_RM_FREE:
		return rm_free(arg);
	default:
		return rm_control(arg);
	}
}
