// SPDX-License-Identifier: MIT
/*
 * Unit tests: the RM backend (lib/rm_client.c, lib/rm_io.c, backend choice
 * in lib/gpu_rm.c) with no GPU: ioctl encoding and struct layouts, the
 * version -> branch table, the fallback from /dev/nvsched to /dev/nvidiactl
 * with a fake device directory, and a fake RM behind the injectable ioctl
 * (handshake, allocation, READ_32-only batched regops, teardown).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>
#include <cmocka.h>

#include "gpu.h"
#include "gpu_rm.h"
#include "rm_abi.h"
#include "rm_client.h"
#include "rm_io.h"
#include "chip.h"
#include "ptop.h"
#include "snapshot.h"

/* ---- encoding and layouts (static asserts live in rm_abi.h) ------------- */
static void test_ioctl_numbers(void **state)
{
	assert_int_equal(NV_RM_IOC(NV_ESC_CHECK_VERSION_STR, sizeof(struct nv_rm_api_version)),
			 0xC04846D2u);
	assert_int_equal(NV_RM_IOC(NV_ESC_RM_CONTROL, sizeof(struct nv_os54)), 0xC020462Au);
	assert_int_equal(NV_RM_IOC(NV_ESC_RM_ALLOC, sizeof(struct nv_os21)), 0xC020462Bu);
	assert_int_equal(NV_RM_IOC(NV_ESC_RM_FREE, sizeof(struct nv_os00)), 0xC0104629u);
	assert_int_equal(NV_RM_IOC(NV_ESC_CARD_INFO, 32 * sizeof(struct nv_card_info)), 0xC90046C8u);
	assert_int_equal(_IOC_NR(NV_RM_IOC(NV_ESC_RM_CONTROL, 32)), 0x2A);
	assert_int_equal(_IOC_SIZE(NV_RM_IOC(NV_ESC_RM_CONTROL, 32)), 32);
	assert_int_equal(sizeof(struct nv2080_reg_op), 32);
	assert_int_equal(offsetof(struct nv2080_exec_reg_ops, reg_ops), 24);
	assert_int_equal(sizeof(struct nv2080_exec_reg_ops), 48);
	assert_int_equal(sizeof(struct nv0080_alloc), 56);
}

static void test_regop_builder_reads_only(void **state)
{
	struct nv2080_reg_op op;

	memset(&op, 0xff, sizeof(op));
	rm_regop_read32(&op, 0x22800);
	assert_int_equal(op.reg_op, NV_REG_OP_READ_32);
	assert_int_equal(op.reg_type, NV_REG_TYPE_GLOBAL);
	assert_int_equal(op.reg_offset, 0x22800);
	assert_int_equal(op.reg_value_lo, 0);
	assert_int_equal(op.reg_and_n_mask_lo, 0);
}

/* ---- version string -> branch ------------------------------------------- */
static void test_branch_table(void **state)
{
	const struct rm_branch *b;
	char err[256];

	b = rm_branch_for("580.159.04", err, sizeof(err));
	assert_non_null(b);
	assert_int_equal(b->engines_v2_size, 340);
	assert_int_equal(b->rlpri_size, 1008);
	assert_int_equal(b->grfs_size, 1928);
	assert_int_equal(b->exec_reg_ops_size, 48);
	assert_non_null(rm_branch_for("580.65.06", err, sizeof(err)));
	assert_non_null(rm_branch_for("580.142", err, sizeof(err)));

	err[0] = 0;
	assert_null(rm_branch_for("595.45.04", err, sizeof(err)));
	assert_non_null(strstr(err, "595.45.04"));
	assert_non_null(strstr(err, "580.x"));
	assert_non_null(strstr(err, "refusing to guess"));
	assert_null(rm_branch_for("5800.1", err, sizeof(err)));
	assert_null(rm_branch_for("580", err, sizeof(err)));
	assert_null(rm_branch_for("", err, sizeof(err)));
	assert_null(rm_branch_for(NULL, err, sizeof(err)));
}

/* ---- fake device directory ---------------------------------------------- */
static char tmpdir[64];

static int dir_setup(void **state)
{
	char p[128];

	snprintf(tmpdir, sizeof(tmpdir), "/tmp/nvsched-rm-test.XXXXXX");
	if (!mkdtemp(tmpdir))
		return -1;
	setenv("NVSCHED_NVIDIA_DEV_DIR", tmpdir, 1);
	snprintf(p, sizeof(p), "%s/nvsched", tmpdir);
	setenv("NVSCHED_DEVICE", p, 1);
	return 0;
}

static int dir_teardown(void **state)
{
	char cmd[160];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	if (system(cmd))
		return -1;
	unsetenv("NVSCHED_NVIDIA_DEV_DIR");
	unsetenv("NVSCHED_DEVICE");
	rm_set_ioctl(NULL);
	return 0;
}

static void touch(const char *name)
{
	char p[128];
	int fd;

	snprintf(p, sizeof(p), "%s/%s", tmpdir, name);
	fd = open(p, O_CREAT | O_RDWR, 0666);
	assert_true(fd >= 0);
	close(fd);
}

static void test_fallback(void **state)
{
	struct gpu_select g = { 0 };
	char p[128];

	/* nothing: module (its own error message explains) */
	assert_false(rm_ctl_present());
	assert_int_equal(gpu_pick_backend(&g), GPU_BACKEND_MODULE);
	/* nvidiactl (a FIFO stands in for the char device): rm */
	snprintf(p, sizeof(p), "%s/nvidiactl", tmpdir);
	assert_int_equal(mkfifo(p, 0666), 0);
	assert_true(rm_ctl_present());
	assert_int_equal(gpu_pick_backend(&g), GPU_BACKEND_RM);
	/* explicit choices win */
	g.backend = "module";
	assert_int_equal(gpu_pick_backend(&g), GPU_BACKEND_MODULE);
	g.backend = NULL;
	g.snapshot = "x.nvss";
	assert_int_equal(gpu_pick_backend(&g), GPU_BACKEND_SNAPSHOT);
	g.snapshot = NULL;
	/* the module's device present: module first */
	touch("nvsched");
	assert_int_equal(gpu_pick_backend(&g), GPU_BACKEND_MODULE);
	g.backend = "rm";
	assert_int_equal(gpu_pick_backend(&g), GPU_BACKEND_RM);
}

/* ---- a fake RM behind the ioctl hook ------------------------------------ */
struct fake_rm {
	const char *version;
	int strict_calls, query_calls;
	int allocs, frees, regop_calls, ops_total, bad_ops, controls;
	uint32_t freed;
	bool deny_regs;
	const struct nvss *snap;	/* register values (NULL: off ^ 0x5a5a) */
};
static struct fake_rm fake;

static int fake_ioctl(int fd, unsigned long req, void *arg)
{
	unsigned int nr = _IOC_NR(req), size = _IOC_SIZE(req);

	if (nr == NV_ESC_CHECK_VERSION_STR) {
		struct nv_rm_api_version *v = arg;

		assert_int_equal(size, sizeof(*v));
		if (v->cmd == NV_RM_API_VERSION_CMD_QUERY) {
			fake.query_calls++;
			snprintf(v->version, sizeof(v->version), "%s", fake.version);
			v->reply = NV_RM_API_VERSION_REPLY_RECOGNIZED;
			return 0;
		}
		assert_int_equal(v->cmd, NV_RM_API_VERSION_CMD_STRICT);
		fake.strict_calls++;
		if (strcmp(v->version, fake.version)) {
			errno = EINVAL;
			return -1;
		}
		v->reply = NV_RM_API_VERSION_REPLY_RECOGNIZED;
		return 0;
	}
	if (nr == NV_ESC_CARD_INFO) {
		struct nv_card_info *c = arg;

		assert_int_equal(size, NV_CARD_INFO_MAX * sizeof(*c));
		memset(c, 0, size);
		c[0].valid = 1;
		c[0].bus = 0;
		c[0].slot = 6;
		c[0].vendor_id = 0x10de;
		c[0].device_id = 0x2330;
		c[0].gpu_id = 0x6;
		c[0].minor_number = 0;
		return 0;
	}
	if (nr == NV_ESC_RM_ALLOC) {
		struct nv_os21 *a = arg;

		assert_int_equal(size, sizeof(*a));
		fake.allocs++;
		if (a->h_class == NV01_ROOT_CLIENT)
			a->h_object_new = 0xc1d00019;
		else if (a->h_class == NV01_DEVICE_0) {
			assert_int_equal(a->params_size, 56);
			a->h_object_new = 0xcaf00000;
		} else {
			assert_int_equal(a->h_class, NV20_SUBDEVICE_0);
			assert_int_equal(a->params_size, 4);
			a->h_object_new = 0xcaf00001;
		}
		a->status = NV_OK;
		return 0;
	}
	if (nr == NV_ESC_RM_FREE) {
		struct nv_os00 *f = arg;

		fake.frees++;
		fake.freed = f->h_object_old;
		f->status = NV_OK;
		return 0;
	}
	if (nr == NV_ESC_RM_CONTROL) {
		struct nv_os54 *c = arg;

		assert_int_equal(size, sizeof(*c));
		fake.controls++;
		c->status = NV_OK;
		if (c->cmd == NV0000_CTRL_CMD_GPU_GET_ID_INFO_V2) {
			struct nv0000_id_info_v2 *id = (void *)(uintptr_t)c->params;

			assert_int_equal(c->params_size, sizeof(*id));
			assert_int_equal(id->gpu_id, 0x6);
			id->device_instance = 0;
		} else if (c->cmd == NV2080_CTRL_CMD_GPU_EXEC_REG_OPS) {
			struct nv2080_exec_reg_ops *p = (void *)(uintptr_t)c->params;
			struct nv2080_reg_op *ops = (void *)(uintptr_t)p->reg_ops;
			unsigned int i;

			assert_int_equal(c->params_size, 48);
			assert_int_equal(c->h_object, 0xcaf00001);
			assert_true(p->reg_op_count >= 1 && p->reg_op_count <= NV_REG_OPS_BATCH);
			fake.regop_calls++;
			for (i = 0; i < p->reg_op_count; i++) {
				fake.ops_total++;
				if (ops[i].reg_op != NV_REG_OP_READ_32)
					fake.bad_ops++;
				if (fake.deny_regs) {
					ops[i].reg_status = NV_REG_STATUS_INVALID_OFFSET;
					continue;
				}
				ops[i].reg_status = NV_REG_STATUS_SUCCESS;
				ops[i].reg_value_lo = fake.snap ? nvss_reg_get(fake.snap, ops[i].reg_offset) :
						      ops[i].reg_offset ^ 0x5a5a;
			}
		} else if (c->cmd == NV2080_CTRL_CMD_GPU_GET_ENGINES_V2) {
			uint32_t *p = (void *)(uintptr_t)c->params;

			if (c->params_size != 340) {
				c->status = NV_ERR_INVALID_PARAM_STRUCT;
				return 0;
			}
			p[0] = 2;
			p[1] = NV2080_ENGINE_TYPE_GR0;
			p[2] = NV2080_ENGINE_TYPE_COPY0 + 4;
		} else {
			c->status = NV_ERR_NOT_SUPPORTED;
		}
		return 0;
	}
	errno = ENOTTY;
	return -1;
}

static int fake_setup(void **state)
{
	if (dir_setup(state))
		return -1;
	memset(&fake, 0, sizeof(fake));
	fake.version = "580.159.04";
	touch("nvidiactl");
	touch("nvidia0");
	rm_set_ioctl(fake_ioctl);
	return 0;
}

static void test_open_read_close(void **state)
{
	struct rm_client *rm;
	uint32_t offs[150], vals[150], types[8], st;
	uint8_t rs[150];
	unsigned int i, n;
	char err[256];

	assert_int_equal(rm_open(NULL, &rm, err, sizeof(err)), 0);
	assert_int_equal(fake.query_calls, 1);
	assert_int_equal(fake.strict_calls, 1);
	assert_int_equal(fake.allocs, 3);
	assert_string_equal(rm->version, "580.159.04");
	assert_string_equal(rm->gpu.bdf, "0000:00:06.0");
	assert_int_equal(rm->h_subdevice, 0xcaf00001);
	assert_true(rm->dev_fd >= 0);	/* /dev/nvidia0 held open */

	for (i = 0; i < 150; i++)
		offs[i] = 4 * i;
	assert_int_equal(rm_read32(rm, offs, vals, rs, 150), 0);
	assert_int_equal(fake.regop_calls, 3);	/* 64 + 64 + 22 */
	assert_int_equal(fake.ops_total, 150);
	assert_int_equal(fake.bad_ops, 0);
	for (i = 0; i < 150; i++) {
		assert_int_equal(vals[i], offs[i] ^ 0x5a5a);
		assert_int_equal(rs[i], 0);
	}
	/* sizes come from the branch table */
	assert_int_equal(rm_engines(rm, types, 8, &n, &st), 0);
	assert_int_equal(st, NV_OK);
	assert_int_equal(n, 2);
	assert_int_equal(types[1], NV2080_ENGINE_TYPE_COPY0 + 4);

	rm_close(rm);
	assert_int_equal(fake.frees, 1);
	assert_int_equal(fake.freed, 0xc1d00019);	/* the client, and with it all */
}

static void test_unknown_branch_refused(void **state)
{
	struct rm_client *rm = NULL;
	char err[256] = "";

	fake.version = "595.45.04";
	assert_int_equal(rm_open(NULL, &rm, err, sizeof(err)), -ENOTSUP);
	assert_null(rm);
	assert_non_null(strstr(err, "not known to nvsched"));
	assert_int_equal(fake.strict_calls, 0);	/* never handshakes a layout it does not know */
	assert_int_equal(fake.allocs, 0);
}

static void test_no_gpu_node(void **state)
{
	struct rm_client *rm = NULL;
	char err[256] = "", p[128];

	snprintf(p, sizeof(p), "%s/nvidia0", tmpdir);
	unlink(p);
	assert_int_equal(rm_open(NULL, &rm, err, sizeof(err)), -ENOENT);
	assert_non_null(strstr(err, "nvidia0"));
	assert_int_equal(fake.frees, 0);
}

static void test_select_by_bdf(void **state)
{
	struct rm_client *rm = NULL;
	char err[256] = "";

	assert_int_equal(rm_open("00:06.0", &rm, err, sizeof(err)), 0);
	rm_close(rm);
	assert_int_equal(rm_open("1", &rm, err, sizeof(err)), -ENODEV);
	assert_int_equal(rm_open("0000:01:00.0", &rm, err, sizeof(err)), -ENODEV);
}

/* ---- rm_io: cache, batching, never a write ------------------------------ */
struct rec {
	int calls;
	unsigned int max_batch, total;
	const struct nvss *snap;
};

static int rec_read(void *ctx, const uint32_t *offs, uint32_t *vals, uint8_t *st, unsigned int n)
{
	struct rec *r = ctx;
	unsigned int i;

	r->calls++;
	r->total += n;
	if (n > r->max_batch)
		r->max_batch = n;
	for (i = 0; i < n; i++) {
		assert_false(offs[i] >= 0x700000 && offs[i] < 0x800000);	/* never PRAMIN */
		vals[i] = r->snap ? nvss_reg_get(r->snap, offs[i]) : offs[i] + 1;
		st[i] = 0;
	}
	return 0;
}

static void test_io_cache_and_no_writes(void **state)
{
	struct rec r = { 0 };
	struct rm_io *io = rm_io_new(rec_read, &r);
	const struct nvs_io *ops = rm_io_ops(io);
	uint8_t buf[16];

	assert_int_equal(rm_io_prefetch_range(io, 0x22800, 0x22800 + 4 * 133), 0);
	assert_int_equal(r.calls, 1);			/* one batch here; rm_read32 splits */
	assert_int_equal(nvs_rd32(ops, 0x22804), 0x22805);
	assert_int_equal(r.calls, 1);			/* cached */
	assert_int_equal(nvs_rd32(ops, 0x0), 0x1);
	assert_int_equal(r.calls, 2);
	assert_int_equal(nvs_rd32(ops, 0x700000), RM_IO_BAD);	/* PRAMIN never read */
	assert_int_equal(nvs_rd32(ops, 0x2), RM_IO_BAD);	/* misaligned */
	assert_int_equal(r.calls, 2);
	nvs_wr32(ops, 0x1700, 0x1234);			/* refused, counted */
	assert_int_equal(rm_io_blocked_writes(io), 1);
	assert_int_equal(ops->mem_read(ops->ctx, NVS_AP_VID, 0x1000, buf, sizeof(buf)), -EIO);
	assert_int_equal(ops->mem_write(ops->ctx, NVS_AP_VID, 0x1000, buf, sizeof(buf)), -EPERM);
	assert_int_equal(rm_io_blocked_writes(io), 2);
	assert_int_equal(rm_io_count(io), 135);
	rm_io_free(io);
}

/* The unchanged PTOP decoder over rm_io, fed by the real H100 capture,
 * gives the same table as over the simulator. */
static void test_decoder_over_rm_io(void **state)
{
	struct nvss *s;
	struct rec r = { 0 };
	struct rm_io *io;
	struct nvs_ident id;
	struct nvs_topology *t = calloc(1, sizeof(*t));
	char err[256];
	unsigned int i;

	assert_int_equal(nvss_parse_file("tests/fixtures/h100_idle.nvss", &s, err, sizeof(err)), 0);
	r.snap = s;
	io = rm_io_new(rec_read, &r);
	assert_int_equal(nvs_identify(rm_io_ops(io), &id), 0);
	assert_int_equal(id.chip_id, 0x180);
	assert_int_equal(nvs_ptop_read(rm_io_ops(io), id.caps, t), 0);
	assert_int_equal(t->n, 45);
	for (i = 0; i < t->n; i++)
		if (t->eng[i].type == 19 && t->eng[i].instance == 4)
			break;
	assert_true(i < t->n);
	assert_int_equal(t->eng[i].runlist, 10);		/* RM: COPY4 runlist 10 */
	assert_int_equal(t->eng[i].runlist_pri_base, 0xc00c00);
	assert_int_equal(rm_io_blocked_writes(io), 0);
	rm_io_free(io);
	nvss_free(s);
	free(t);
}

/* The snapshot capture (gpu_rm_capture) over a "GPU" that answers with the
 * real H100 capture reads back exactly the capture's register set, in full
 * batches, and never writes. */
static void count_reg(void *ctx, uint32_t off, uint32_t val)
{
	const struct nvss *s = ctx;

	assert_int_equal(val, nvss_reg_get(s, off));
}

static void test_capture_set(void **state)
{
	struct nvss *s;
	struct rec r = { 0 };
	struct gpu c;
	struct nvs_topology *t = calloc(1, sizeof(*t));
	char err[256];

	assert_int_equal(nvss_parse_file("tests/fixtures/h100_idle.nvss", &s, err, sizeof(err)), 0);
	r.snap = s;
	memset(&c, 0, sizeof(c));
	c.rmio = rm_io_new(rec_read, &r);
	c.io = rm_io_ops(c.rmio);
	assert_int_equal(nvs_identify(c.io, &c.ident), 0);
	c.id_ok = true;
	assert_int_equal(gpu_rm_capture(&c, t), 0);
	assert_int_equal(rm_io_count(c.rmio), s->nregs);	/* 4147: the same set */
	print_message("capture: %d read calls for %u registers\n", r.calls, r.total);
	assert_true(r.calls < 64);	/* batched per phase; singles only where a decoder
					 * needs a value to find the next register */
	rm_io_foreach(c.rmio, count_reg, s);
	assert_int_equal(rm_io_blocked_writes(c.rmio), 0);
	rm_io_free(c.rmio);
	nvss_free(s);
	free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ioctl_numbers),
		cmocka_unit_test(test_regop_builder_reads_only),
		cmocka_unit_test(test_branch_table),
		cmocka_unit_test_setup_teardown(test_fallback, dir_setup, dir_teardown),
		cmocka_unit_test_setup_teardown(test_open_read_close, fake_setup, dir_teardown),
		cmocka_unit_test_setup_teardown(test_unknown_branch_refused, fake_setup, dir_teardown),
		cmocka_unit_test_setup_teardown(test_no_gpu_node, fake_setup, dir_teardown),
		cmocka_unit_test_setup_teardown(test_select_by_bdf, fake_setup, dir_teardown),
		cmocka_unit_test(test_io_cache_and_no_writes),
		cmocka_unit_test(test_decoder_over_rm_io),
		cmocka_unit_test(test_capture_set),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
