// SPDX-License-Identifier: MIT
/*
 * rm_client.c - read-only RM client over /dev/nvidiactl (see rm_client.h).
 *
 * Mechanics: docs/rm-backend.md, "RM sources" §1 (escapes, version
 * handshake, object allocation, the /dev/nvidiaN fd RM requires) and §6
 * (EXEC_REG_OPS with READ_32).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "nvsched/errbuf.h"
#include "rm_client.h"

/*
 * Per-branch sizes.  580: pinned against the 580.142 headers, unchanged
 * since 580.65.06, verified on 580.159.04 (RM sources §1.4).  Other
 * branches change these structs (595.x) and are refused until added here.
 */
static const struct rm_branch branches[] = {
	{
		.prefix = "580.",
		.engine_list_max = 0x54,
		.engines_v2_size = 340,
		.rlpri_size = 1008,
		.grfs_max_queries = 96,
		.grfs_size = 1928,
		.exec_reg_ops_size = 48,
	},
};

/* The 580 sizes follow from the list length and the query size. */
_Static_assert(4 + 0x54 * 4 == 340, "580 GET_ENGINES_V2");
_Static_assert(3 * 0x54 * 4 == 1008, "580 GET_ENGINE_RUNLIST_PRI_BASE");
_Static_assert(NV_GRFS_HDR + 96 * sizeof(struct nv2080_grfs_query) == 1928, "580 GR_FS_INFO");

const struct rm_branch *rm_branch_table(size_t *n)
{
	*n = sizeof(branches) / sizeof(branches[0]);
	return branches;
}

const struct rm_branch *rm_branch_for(const char *version, char *err, size_t errlen)
{
	size_t i, n = sizeof(branches) / sizeof(branches[0]);
	char known[128] = "";

	for (i = 0; i < n; i++) {
		size_t pl = strlen(branches[i].prefix);

		if (version && !strncmp(version, branches[i].prefix, pl) &&
		    version[pl] >= '0' && version[pl] <= '9')
			return &branches[i];
		snprintf(known + strlen(known), sizeof(known) - strlen(known), "%s%.*s.x",
			 i ? ", " : "", (int)(pl - 1), branches[i].prefix);
	}
	snprintf(err, errlen,
		 "NVIDIA driver %s: its RM struct layouts are not known to nvsched (known branches: %s); "
		 "refusing to guess a layout",
		 version && *version ? version : "(no version)", known);
	return NULL;
}

/* ---- ioctl and paths ---------------------------------------------------- */
static rm_ioctl_fn ioctl_hook;

void rm_set_ioctl(rm_ioctl_fn fn)
{
	ioctl_hook = fn;
}

static int do_ioctl(int fd, unsigned long req, void *arg)
{
	if (ioctl_hook)
		return ioctl_hook(fd, req, arg);
	return ioctl(fd, req, arg);
}

const char *rm_dev_dir(void)
{
	const char *d = getenv("NVSCHED_NVIDIA_DEV_DIR");

	return d && *d ? d : "/dev";
}

bool rm_ctl_present(void)
{
	char path[512];
	struct stat st;

	snprintf(path, sizeof(path), "%s/nvidiactl", rm_dev_dir());
	return stat(path, &st) == 0;
}

static int open_node(const char *name, char *err, size_t errlen)
{
	char path[512];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", rm_dev_dir(), name);
	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		int e = errno;

		snprintf(err, errlen, "%s: %s", path, strerror(e));
		return -e;
	}
	return fd;
}

const char *rm_status_name(uint32_t status, char *buf, size_t len)
{
	switch (status) {
	case NV_OK:
		return "NV_OK";
	case NV_ERR_INSUFFICIENT_PERMISSIONS:
		return "NV_ERR_INSUFFICIENT_PERMISSIONS";
	case NV_ERR_INVALID_PARAM_STRUCT:
		return "NV_ERR_INVALID_PARAM_STRUCT";
	case NV_ERR_NOT_SUPPORTED:
		return "NV_ERR_NOT_SUPPORTED";
	default:
		snprintf(buf, len, "RM status 0x%x", status);
		return buf;
	}
}

/* ---- version handshake (§1.2) ------------------------------------------- */
static int handshake(struct rm_client *rm, char *err, size_t errlen)
{
	struct nv_rm_api_version v;
	unsigned long req = NV_RM_IOC(NV_ESC_CHECK_VERSION_STR, sizeof(v));

	memset(&v, 0, sizeof(v));
	v.cmd = NV_RM_API_VERSION_CMD_QUERY;
	if (do_ioctl(rm->ctl_fd, req, &v)) {
		int e = errno;

		nvs_seterr(err, errlen, "%s/nvidiactl: version query failed: %s (is this the NVIDIA driver?)",
			rm_dev_dir(), strerror(e));
		return -e;
	}
	v.version[sizeof(v.version) - 1] = 0;
	if (!v.version[0]) {
		nvs_seterr(err, errlen, "%s/nvidiactl: the driver reported no version", rm_dev_dir());
		return -EPROTO;
	}
	snprintf(rm->version, sizeof(rm->version), "%s", v.version);
	rm->br = rm_branch_for(rm->version, err, errlen);
	if (!rm->br)
		return -ENOTSUP;
	/* strict: the exact version the running driver reported */
	memset(&v, 0, sizeof(v));
	v.cmd = NV_RM_API_VERSION_CMD_STRICT;
	snprintf(v.version, sizeof(v.version), "%s", rm->version);
	errno = 0;
	if (do_ioctl(rm->ctl_fd, req, &v) || v.reply != NV_RM_API_VERSION_REPLY_RECOGNIZED) {
		int e = errno ? errno : EPROTO;

		nvs_seterr(err, errlen, "NVIDIA driver refused the strict version handshake with \"%s\"",
			rm->version);
		return -e;
	}
	return 0;
}

static int card_list(struct rm_client *rm, struct rm_gpu_desc *out, int max, int *n,
		     char *err, size_t errlen)
{
	struct nv_card_info *ci;
	int i, cnt = 0;

	ci = calloc(NV_CARD_INFO_MAX, sizeof(*ci));
	if (!ci)
		return -ENOMEM;
	if (do_ioctl(rm->ctl_fd, NV_RM_IOC(NV_ESC_CARD_INFO, NV_CARD_INFO_MAX * sizeof(*ci)), ci)) {
		int e = errno;

		free(ci);
		nvs_seterr(err, errlen, "NV_ESC_CARD_INFO failed: %s", strerror(e));
		return -e;
	}
	for (i = 0; i < NV_CARD_INFO_MAX && cnt < max; i++) {
		struct rm_gpu_desc *d = &out[cnt];

		if (!ci[i].valid)
			continue;
		memset(d, 0, sizeof(*d));
		d->index = cnt;
		d->gpu_id = ci[i].gpu_id;
		d->minor = ci[i].minor_number;
		d->vendor = ci[i].vendor_id;
		d->device = ci[i].device_id;
		snprintf(d->bdf, sizeof(d->bdf), "%04x:%02x:%02x.%x", ci[i].domain & 0xffff,
			 ci[i].bus, ci[i].slot, ci[i].function & 7);
		cnt++;
	}
	free(ci);
	*n = cnt;
	return 0;
}

static int alloc_obj(struct rm_client *rm, uint32_t parent, uint32_t cls, void *params,
		     uint32_t size, uint32_t *h, uint32_t *status)
{
	struct nv_os21 a;

	memset(&a, 0, sizeof(a));
	a.h_root = rm->h_client;
	a.h_object_parent = parent;
	a.h_object_new = 0;		/* RM picks the handle */
	a.h_class = cls;
	a.p_alloc_parms = (uintptr_t)params;
	a.params_size = size;
	if (do_ioctl(rm->ctl_fd, NV_RM_IOC(NV_ESC_RM_ALLOC, sizeof(a)), &a))
		return -errno;
	*status = a.status;
	if (a.status == NV_OK)
		*h = a.h_object_new;
	return 0;
}

int rm_ctrl(struct rm_client *rm, uint32_t h_object, uint32_t cmd, void *params,
	    uint32_t size, uint32_t *status)
{
	struct nv_os54 c;

	memset(&c, 0, sizeof(c));
	c.h_client = rm->h_client;
	c.h_object = h_object;
	c.cmd = cmd;
	c.params = (uintptr_t)params;
	c.params_size = size;
	if (do_ioctl(rm->ctl_fd, NV_RM_IOC(NV_ESC_RM_CONTROL, sizeof(c)), &c))
		return -errno;
	*status = c.status;
	return 0;
}

static int select_gpu(const char *sel, const struct rm_gpu_desc *g, int n)
{
	char *end;
	long idx;
	int i;

	if (!sel)
		return n > 0 ? 0 : -1;
	idx = strtol(sel, &end, 10);
	if (*sel && !*end)
		return idx >= 0 && idx < n ? (int)idx : -1;
	for (i = 0; i < n; i++)
		if (!strcmp(sel, g[i].bdf) || !strcmp(sel, g[i].bdf + 5))
			return i;
	return -1;
}

static int ctl_open(struct rm_client **out, char *err, size_t errlen)
{
	struct rm_client *rm = calloc(1, sizeof(*rm));
	int ret;

	if (!rm)
		return -ENOMEM;
	rm->dev_fd = -1;
	rm->ctl_fd = open_node("nvidiactl", err, errlen);
	if (rm->ctl_fd < 0) {
		ret = rm->ctl_fd;
		free(rm);
		return ret;
	}
	ret = handshake(rm, err, errlen);
	if (ret) {
		close(rm->ctl_fd);
		free(rm);
		return ret;
	}
	*out = rm;
	return 0;
}

int rm_list(struct rm_gpu_desc *out, int max, int *n, char *err, size_t errlen)
{
	struct rm_client *rm;
	int ret = ctl_open(&rm, err, errlen);

	if (ret)
		return ret;
	ret = card_list(rm, out, max, n, err, errlen);
	rm_close(rm);
	return ret;
}

int rm_open(const char *sel, struct rm_client **out, char *err, size_t errlen)
{
	struct rm_gpu_desc gpus[NV_CARD_INFO_MAX];
	struct nv0000_id_info_v2 id;
	struct nv0080_alloc dev;
	struct nv2080_alloc sub;
	struct rm_client *rm;
	char node[32], sb[32];
	uint32_t st;
	int n = 0, i, ret;

	*out = NULL;
	ret = ctl_open(&rm, err, errlen);
	if (ret)
		return ret;
	ret = card_list(rm, gpus, NV_CARD_INFO_MAX, &n, err, errlen);
	if (ret)
		goto fail;
	i = select_gpu(sel, gpus, n);
	if (i < 0) {
		nvs_seterr(err, errlen, "no GPU %s (the NVIDIA driver lists %d)", sel ? sel : "0", n);
		ret = -ENODEV;
		goto fail;
	}
	rm->gpu = gpus[i];
	/* RM only lets a process allocate a device whose /dev/nvidiaN it holds */
	snprintf(node, sizeof(node), "nvidia%u", rm->gpu.minor);
	rm->dev_fd = open_node(node, err, errlen);
	if (rm->dev_fd < 0) {
		ret = rm->dev_fd;
		rm->dev_fd = -1;
		goto fail;
	}
	ret = alloc_obj(rm, 0, NV01_ROOT_CLIENT, NULL, 0, &rm->h_client, &st);
	if (!ret && st != NV_OK)
		ret = -EACCES;
	if (ret) {
		nvs_seterr(err, errlen, "allocating the RM client failed (%s)",
			ret == -EACCES ? rm_status_name(st, sb, sizeof(sb)) : strerror(-ret));
		rm->h_client = 0;
		goto fail;
	}
	memset(&id, 0, sizeof(id));
	id.gpu_id = rm->gpu.gpu_id;
	ret = rm_ctrl(rm, rm->h_client, NV0000_CTRL_CMD_GPU_GET_ID_INFO_V2, &id, sizeof(id), &st);
	if (!ret && st != NV_OK)
		ret = -EIO;
	if (ret) {
		nvs_seterr(err, errlen, "GPU_GET_ID_INFO_V2 for gpu id 0x%x failed (%s)", rm->gpu.gpu_id,
			ret == -EIO ? rm_status_name(st, sb, sizeof(sb)) : strerror(-ret));
		goto fail;
	}
	memset(&dev, 0, sizeof(dev));
	dev.device_id = id.device_instance;
	dev.h_client_share = rm->h_client;
	ret = alloc_obj(rm, rm->h_client, NV01_DEVICE_0, &dev, sizeof(dev), &rm->h_device, &st);
	if (!ret && st != NV_OK)
		ret = -EACCES;
	if (ret) {
		nvs_seterr(err, errlen, "allocating the RM device failed (%s)",
			ret == -EACCES ? rm_status_name(st, sb, sizeof(sb)) : strerror(-ret));
		goto fail;
	}
	memset(&sub, 0, sizeof(sub));
	ret = alloc_obj(rm, rm->h_device, NV20_SUBDEVICE_0, &sub, sizeof(sub), &rm->h_subdevice, &st);
	if (!ret && st != NV_OK)
		ret = -EACCES;
	if (ret) {
		nvs_seterr(err, errlen, "allocating the RM subdevice failed (%s)",
			ret == -EACCES ? rm_status_name(st, sb, sizeof(sb)) : strerror(-ret));
		goto fail;
	}
	*out = rm;
	return 0;
fail:
	rm_close(rm);
	return ret;
}

void rm_close(struct rm_client *rm)
{
	if (!rm)
		return;
	if (rm->h_client) {
		struct nv_os00 f;

		/* freeing the client frees its device and subdevice (§1.3) */
		memset(&f, 0, sizeof(f));
		f.h_root = rm->h_client;
		f.h_object_parent = rm->h_client;
		f.h_object_old = rm->h_client;
		(void)do_ioctl(rm->ctl_fd, NV_RM_IOC(NV_ESC_RM_FREE, sizeof(f)), &f);
	}
	if (rm->dev_fd >= 0)
		close(rm->dev_fd);
	if (rm->ctl_fd >= 0)
		close(rm->ctl_fd);
	free(rm);
}

/* ---- register reads (§6) ------------------------------------------------ */
void rm_regop_read32(struct nv2080_reg_op *op, uint32_t off)
{
	memset(op, 0, sizeof(*op));
	op->reg_op = NV_REG_OP_READ_32;
	op->reg_type = NV_REG_TYPE_GLOBAL;
	op->reg_offset = off;
}

int rm_read32(struct rm_client *rm, const uint32_t *offs, uint32_t *vals, uint8_t *st,
	      unsigned int n)
{
	struct nv2080_reg_op ops[NV_REG_OPS_BATCH];
	struct nv2080_exec_reg_ops p;
	unsigned int done = 0, k, cnt;
	uint32_t status;
	int ret;

	if (rm->br->exec_reg_ops_size != sizeof(p))
		return -ENOTSUP;
	while (done < n) {
		cnt = n - done < NV_REG_OPS_BATCH ? n - done : NV_REG_OPS_BATCH;
		for (k = 0; k < cnt; k++)
			rm_regop_read32(&ops[k], offs[done + k]);
		memset(&p, 0, sizeof(p));
		p.b_non_transactional = 1;
		p.reg_op_count = cnt;
		p.reg_ops = (uintptr_t)ops;
		ret = rm_ctrl(rm, rm->h_subdevice, NV2080_CTRL_CMD_GPU_EXEC_REG_OPS, &p, sizeof(p),
			      &status);
		rm->regop_calls++;
		rm->regops += cnt;
		if (ret)
			return ret;
		if (status == NV_ERR_INSUFFICIENT_PERMISSIONS)
			return -EACCES;
		if (status != NV_OK)
			return -EIO;
		for (k = 0; k < cnt; k++) {
			vals[done + k] = ops[k].reg_value_lo;
			if (st)
				st[done + k] = ops[k].reg_status;
		}
		done += cnt;
	}
	return 0;
}

/* ---- topology controls -------------------------------------------------- */
int rm_engines(struct rm_client *rm, uint32_t *types, unsigned int max, unsigned int *n,
	       uint32_t *status)
{
	uint32_t *p = calloc(1, rm->br->engines_v2_size);
	unsigned int i, cnt;
	int ret;

	if (!p)
		return -ENOMEM;
	ret = rm_ctrl(rm, rm->h_subdevice, NV2080_CTRL_CMD_GPU_GET_ENGINES_V2, p,
		      (uint32_t)rm->br->engines_v2_size, status);
	if (!ret && *status == NV_OK) {
		cnt = p[0];
		if (cnt > rm->br->engine_list_max)
			cnt = rm->br->engine_list_max;
		for (i = 0; i < cnt && i < max; i++)
			types[i] = p[1 + i];
		*n = i;
	}
	free(p);
	return ret;
}

int rm_runlists(struct rm_client *rm, const uint32_t *types, unsigned int n,
		uint32_t *pri_base, uint32_t *runlist, uint32_t *status)
{
	unsigned int m = rm->br->engine_list_max, i;
	uint32_t *p = calloc(1, rm->br->rlpri_size);
	int ret;

	if (!p)
		return -ENOMEM;
	if (n > m)
		n = m;
	for (i = 0; i < m; i++)
		p[i] = i < n ? types[i] : 0;	/* NV2080_ENGINE_TYPE_NULL ends the list */
	ret = rm_ctrl(rm, rm->h_subdevice, NV2080_CTRL_CMD_GPU_GET_ENGINE_RUNLIST_PRI_BASE, p,
		      (uint32_t)rm->br->rlpri_size, status);
	if (!ret && *status == NV_OK)
		for (i = 0; i < n; i++) {
			pri_base[i] = p[m + i];
			runlist[i] = p[2 * m + i];
		}
	free(p);
	return ret;
}

int rm_gr_fs(struct rm_client *rm, struct rm_gr_fs *fs, uint32_t *status)
{
	struct nv2080_grfs_query *q;
	uint8_t *p;
	unsigned int i, nq, maxq = rm->br->grfs_max_queries;
	int ret;

	memset(fs, 0, sizeof(*fs));
	p = calloc(1, rm->br->grfs_size);
	if (!p)
		return -ENOMEM;
	q = (struct nv2080_grfs_query *)(p + NV_GRFS_HDR);
	/* 1st call: the GPC count */
	*(uint16_t *)p = 1;
	q[0].query_type = NV_GRFS_QUERY_GPC_COUNT;
	ret = rm_ctrl(rm, rm->h_subdevice, NV2080_CTRL_CMD_GRMGR_GET_GR_FS_INFO, p,
		      (uint32_t)rm->br->grfs_size, status);
	if (ret || *status != NV_OK)
		goto out;
	if (q[0].status != NV_OK) {
		*status = q[0].status;
		goto out;
	}
	fs->num_gpcs = q[0].data[0];
	if (fs->num_gpcs > RM_MAX_GPCS || 2 * fs->num_gpcs > maxq) {
		ret = -E2BIG;
		goto out;
	}
	/* 2nd call: per logical GPC its chiplet (physical) id and TPC mask */
	memset(p, 0, rm->br->grfs_size);
	nq = 0;
	for (i = 0; i < fs->num_gpcs; i++) {
		q[nq].query_type = NV_GRFS_QUERY_CHIPLET_GPC_MAP;
		q[nq++].data[0] = i;
		q[nq].query_type = NV_GRFS_QUERY_TPC_MASK;
		q[nq++].data[0] = i;
	}
	*(uint16_t *)p = (uint16_t)nq;
	ret = rm_ctrl(rm, rm->h_subdevice, NV2080_CTRL_CMD_GRMGR_GET_GR_FS_INFO, p,
		      (uint32_t)rm->br->grfs_size, status);
	if (ret || *status != NV_OK)
		goto out;
	for (i = 0; i < fs->num_gpcs; i++) {
		if (q[2 * i].status != NV_OK || q[2 * i + 1].status != NV_OK) {
			*status = q[2 * i].status != NV_OK ? q[2 * i].status : q[2 * i + 1].status;
			goto out;
		}
		fs->phys_gpc[i] = q[2 * i].data[1];
		fs->tpc_mask[i] = q[2 * i + 1].data[1];
	}
out:
	if (ret || *status != NV_OK)
		memset(fs, 0, sizeof(*fs));	/* no half answer, no count past the arrays */
	free(p);
	return ret;
}

int rm_ce_pce_mask(struct rm_client *rm, unsigned int lce, uint32_t *mask, uint32_t *status)
{
	struct nv2080_ce_pce_mask p;
	int ret;

	memset(&p, 0, sizeof(p));
	if (lce < 10)
		p.ce_engine_type = NV2080_ENGINE_TYPE_COPY0 + lce;
	else if (lce < 20)
		p.ce_engine_type = NV2080_ENGINE_TYPE_COPY10 + lce - 10;
	else
		return -EINVAL;
	ret = rm_ctrl(rm, rm->h_subdevice, NV2080_CTRL_CMD_CE_GET_CE_PCE_MASK, &p, sizeof(p), status);
	if (!ret && *status == NV_OK)
		*mask = p.pce_mask;
	return ret;
}

const char *rm_engine_name(uint32_t t, char *buf, size_t len)
{
	if (t == NV2080_ENGINE_TYPE_GR0)
		snprintf(buf, len, "GR0");
	else if (t >= NV2080_ENGINE_TYPE_GR0 && t <= NV2080_ENGINE_TYPE_GR7)
		snprintf(buf, len, "GR%u", t - NV2080_ENGINE_TYPE_GR0);
	else if (t >= NV2080_ENGINE_TYPE_COPY0 && t <= NV2080_ENGINE_TYPE_COPY9)
		snprintf(buf, len, "COPY%u", t - NV2080_ENGINE_TYPE_COPY0);
	else if (t >= NV2080_ENGINE_TYPE_COPY10 && t <= NV2080_ENGINE_TYPE_COPY19)
		snprintf(buf, len, "COPY%u", t - NV2080_ENGINE_TYPE_COPY10 + 10);
	else if (t >= NV2080_ENGINE_TYPE_NVDEC0 && t <= NV2080_ENGINE_TYPE_NVDEC7)
		snprintf(buf, len, "NVDEC%u", t - NV2080_ENGINE_TYPE_NVDEC0);
	else if (t >= NV2080_ENGINE_TYPE_NVENC0 && t <= NV2080_ENGINE_TYPE_NVENC2)
		snprintf(buf, len, "NVENC%u", t - NV2080_ENGINE_TYPE_NVENC0);
	else if (t >= NV2080_ENGINE_TYPE_NVJPG0 && t <= NV2080_ENGINE_TYPE_NVJPG7)
		snprintf(buf, len, "NVJPG%u", t - NV2080_ENGINE_TYPE_NVJPG0);
	else if (t == NV2080_ENGINE_TYPE_OFA0)
		snprintf(buf, len, "OFA0");
	else if (t == NV2080_ENGINE_TYPE_SEC2)
		snprintf(buf, len, "SEC2");
	else if (t == NV2080_ENGINE_TYPE_SW)
		snprintf(buf, len, "SW");
	else
		snprintf(buf, len, "TYPE0x%x", t);
	return buf;
}
