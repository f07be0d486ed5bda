// SPDX-License-Identifier: MIT
/*
 * libFuzzer target: the RM client (lib/rm_client.c, lib/rm_io.c) against a
 * fake NVIDIA driver whose every reply comes from the fuzz input: version
 * strings, card lists, object handles, status codes, control parameter
 * buffers (engine lists, runlist bases, GR floorsweeping, CE masks), regop
 * statuses and register values, failing ioctls and whole structs
 * overwritten with garbage.  The decoders then run over the registers read
 * that way (as `nvsched --backend rm` does).  The fake behaves like the
 * kernel side of the driver: it touches only the memory the request names,
 * with the sizes the client sent.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rm_abi.h"
#include "rm_client.h"
#include "rm_io.h"
#include "decode_all.h"

static const uint8_t *in;
static size_t left;

static void take(void *p, size_t n)
{
	size_t k = n < left ? n : left;

	memcpy(p, in, k);
	memset((uint8_t *)p + k, 0, n - k);
	in += k;
	left -= k;
}

static uint8_t byte(void)
{
	uint8_t b = 0;

	take(&b, 1);
	return b;
}

static uint32_t u32(void)
{
	uint32_t v;

	take(&v, sizeof(v));
	return v;
}

static int fake_ioctl(int fd, unsigned long req, void *arg)
{
	unsigned int nr = _IOC_NR(req), size = _IOC_SIZE(req);
	uint8_t mode = byte();

	(void)fd;
	if (mode == 0xff) {		/* the driver fails the call */
		errno = byte() % 40 + 1;
		return -1;
	}
	if (mode == 0xfe) {		/* the driver writes garbage back */
		take(arg, size);
		return 0;
	}
	if (nr == NV_ESC_CHECK_VERSION_STR && size == sizeof(struct nv_rm_api_version)) {
		struct nv_rm_api_version *v = arg;

		if (v->cmd == NV_RM_API_VERSION_CMD_QUERY) {
			if (mode & 1)
				take(v->version, sizeof(v->version));	/* maybe unterminated */
			else
				snprintf(v->version, sizeof(v->version), "580.%u.%02u", byte(), byte());
		}
		v->reply = mode & 2 ? u32() : NV_RM_API_VERSION_REPLY_RECOGNIZED;
		return 0;
	}
	if (nr == NV_ESC_CARD_INFO && size == NV_CARD_INFO_MAX * sizeof(struct nv_card_info)) {
		struct nv_card_info *c = arg;

		memset(c, 0, size);
		if (mode & 1) {
			take(c, size);
		} else {
			c[0].valid = 1;
			c[0].vendor_id = 0x10de;
			c[0].device_id = 0x2330;
			c[0].gpu_id = u32();
			c[0].minor_number = byte() % 3;	/* nvidia0, nvidia1 exist; 2 not */
		}
		return 0;
	}
	if (nr == NV_ESC_RM_ALLOC && size == sizeof(struct nv_os21)) {
		struct nv_os21 *a = arg;

		a->h_object_new = mode & 1 ? u32() : 0xc1d00000u + byte();
		a->status = mode & 2 ? u32() : 0;
		return 0;
	}
	if (nr == NV_ESC_RM_FREE && size == sizeof(struct nv_os00)) {
		struct nv_os00 *f = arg;

		f->status = mode & 2 ? u32() : 0;
		return 0;
	}
	if (nr == NV_ESC_RM_CONTROL && size == sizeof(struct nv_os54)) {
		struct nv_os54 *c = arg;
		void *params = (void *)(uintptr_t)c->params;

		if (c->params_size > (1u << 20) || (c->params_size && !params))
			abort();	/* the client sent something no driver takes */
		if (c->cmd == NV2080_CTRL_CMD_GPU_EXEC_REG_OPS &&
		    c->params_size >= sizeof(struct nv2080_exec_reg_ops)) {
			struct nv2080_exec_reg_ops *p = params;
			struct nv2080_reg_op *ops = (void *)(uintptr_t)p->reg_ops;
			unsigned int i, n = p->reg_op_count;

			if (n > NV_REG_OPS_BATCH || (n && !ops))
				abort();
			for (i = 0; i < n; i++) {
				uint8_t m = byte();

				if (m & 0x80) {
					take(&ops[i], sizeof(ops[i]));
				} else {
					ops[i].reg_status = m & 0x40 ? m & 0x3f : NV_REG_STATUS_SUCCESS;
					ops[i].reg_value_lo = u32();
				}
			}
			if (mode & 4)
				take(p, sizeof(*p));
		} else if (params && c->params_size) {
			take(params, c->params_size);
		}
		c->status = mode & 2 ? u32() : 0;
		return 0;
	}
	errno = ENOTTY;
	return -1;
}

static char dir[64];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static const char *const files[] = { "nvidiactl", "nvidia0", "nvidia1" };
	char p[128];
	size_t i;

	(void)argc;
	(void)argv;
	snprintf(dir, sizeof(dir), "/tmp/nvsched-fuzz-rm.XXXXXX");
	if (!mkdtemp(dir))
		abort();
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		int fd;

		snprintf(p, sizeof(p), "%s/%s", dir, files[i]);
		fd = open(p, O_CREAT | O_RDWR, 0600);
		if (fd < 0)
			abort();
		close(fd);
	}
	setenv("NVSCHED_NVIDIA_DEV_DIR", dir, 1);
	rm_set_ioctl(fake_ioctl);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rm_gpu_desc gpus[4];
	struct rm_client *rm;
	struct rm_gr_fs fs;
	struct rm_io *rio;
	uint32_t types[64], base[64], rl[64], offs[200], vals[200], st32, mask;
	uint8_t st[200];
	unsigned int n = 0, i;
	char err[256];
	int ng;

	in = data;
	left = size;
	rm_list(gpus, 4, &ng, err, sizeof(err));
	if (rm_open(byte() & 1 ? "0" : NULL, &rm, err, sizeof(err)))
		return 0;
	if (rm_engines(rm, types, 64, &n, &st32) == 0 && n <= 64)
		rm_runlists(rm, types, n, base, rl, &st32);
	else if (n > 64)
		abort();	/* more engines than the caller's array */
	rm_gr_fs(rm, &fs, &st32);
	if (fs.num_gpcs > RM_MAX_GPCS)
		abort();
	for (i = 0; i < 4; i++)
		rm_ce_pce_mask(rm, i, &mask, &st32);
	for (i = 0; i < 200; i++)
		offs[i] = u32() & 0xfffffc;
	rm_read32(rm, offs, vals, st, 200);
	rio = rm_io_new_client(rm);
	if (rio) {
		fuzz_decode_all(rm_io_ops(rio));
		rm_io_free(rio);
	}
	rm_close(rm);
	return 0;
}
