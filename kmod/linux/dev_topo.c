// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * dev_topo.c - /dev/nvsched ioctls for the copy-engine and GR topology
 * (NVSCHED_IOC_CE, NVSCHED_IOC_GR; include/uapi/nvsched.h).  Decoding is
 * kmod/hw/ce.c and gr.c; this file only brackets the reads and copies.
 */
#include <linux/build_bug.h>
#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "nvs_gpu.h"
#include "nvs_dev.h"
#include "ce.h"
#include "gr.h"
#include "nvsched/regs/gr.h"
#include "../../include/uapi/nvsched.h"

/* The ABI has no implicit padding: sizes are the sums of their fields. */
static_assert(sizeof(struct nvsched_ce) == 64);
static_assert(offsetof(struct nvsched_ce, lce_for_pce) == 24);
static_assert(sizeof(struct nvsched_gr) == 296);
static_assert(offsetof(struct nvsched_gr, logical) == 160);
static_assert(offsetof(struct nvsched_gr, cwd_tpc_map) == 200);
/* the ABI arrays hold what kmod/hw decodes */
static_assert(NVSCHED_CE_MAX_PCES >= NVS_CE_MAX_PCES);
static_assert(NVSCHED_CE_MAX_GRCES >= NVS_CE_MAX_GRCES);
static_assert(NVSCHED_GR_MAX_GPCS >= NVS_GR_MAX_GPCS);
static_assert(NVSCHED_GR_MAX_CWD_TPCS >= NVS_GR_MAX_CWD_TPCS);
static_assert(NVSCHED_CE_NONE == NVS_CE_NONE && NVSCHED_CE_NOVAL == NVS_CE_NOVAL);

static long nvs_ioc_ce(void __user *arg)
{
	struct nvsched_ce req;
	struct nvs_ce ce;
	struct nvs_gpu *g;
	unsigned int i;
	int ret;

	if (copy_from_user(&req, arg, sizeof(req)))
		return -EFAULT;
	g = nvs_gpu_get_by_index(req.gpu);
	if (!g)
		return -ENODEV;
	ret = nvs_topo_begin(g);
	if (ret)
		return ret;
	ret = nvs_ce_read(&g->io, g->ident.caps, &ce);
	nvs_gpu_end(g);
	if (ret)
		return ret;
	memset(&req, 0, sizeof(req));
	req.gpu = g->index;
	req.pce_map = ce.pce_map;
	req.num_pces = ce.num_pces;
	req.num_grces = ce.num_grces;
	req.num_lces = ce.num_lces;
	for (i = 0; i < NVSCHED_CE_MAX_PCES; i++)
		req.lce_for_pce[i] = i < NVS_CE_MAX_PCES ? ce.lce_for_pce[i] : NVSCHED_CE_NONE;
	for (i = 0; i < NVSCHED_CE_MAX_GRCES; i++)
		req.grce_shared_lce[i] = i < NVS_CE_MAX_GRCES ? ce.grce_shared_lce[i] :
					 NVSCHED_CE_NONE;
	return copy_to_user(arg, &req, sizeof(req)) ? -EFAULT : 0;
}

static long nvs_ioc_gr(void __user *arg)
{
	struct nvsched_gr *req;
	struct nvs_gr *gr;
	struct nvs_gpu *g;
	unsigned int i;
	long ret;

	req = kzalloc(sizeof(*req), GFP_KERNEL);
	gr = kzalloc(sizeof(*gr), GFP_KERNEL);
	if (!req || !gr) {
		ret = -ENOMEM;
		goto out;
	}
	if (copy_from_user(req, arg, sizeof(*req))) {
		ret = -EFAULT;
		goto out;
	}
	g = nvs_gpu_get_by_index(req->gpu);
	if (!g) {
		ret = -ENODEV;
		goto out;
	}
	ret = nvs_topo_begin(g);
	if (ret)
		goto out;
	ret = nvs_gr_read(&g->io, &g->ident, gr);
	nvs_gpu_end(g);
	if (ret)
		goto out;
	memset(req, 0, sizeof(*req));
	req->gpu = g->index;
	req->flags = gr->logical_known ? NVSCHED_GR_LOGICAL_KNOWN : 0;
	req->num_gpcs = gr->num_gpcs;
	req->num_tpc_per_gpc = gr->num_tpc_per_gpc;
	req->gpc_disable_mask = gr->gpc_disable_mask;
	req->sms_per_tpc = gr->sms_per_tpc;
	req->tpcs_enabled = gr->tpcs_enabled;
	req->gpcs_enabled = gr->gpcs_enabled;
	for (i = 0; i < NVSCHED_GR_MAX_GPCS; i++) {
		req->tpc_disable_mask[i] = gr->tpc_disable_mask[i];
		req->logical[i] = gr->logical[i];
	}
	req->cwd_err = gr->cwd_err;
	req->cwd_tpcs = gr->cwd_tpcs;
	for (i = 0; i < gr->cwd_tpcs && i < NVSCHED_GR_MAX_CWD_TPCS; i++)
		req->cwd_tpc_map[i] = (__u8)(NVS_SET(NV_PGRAPH_PRI_CWD_GPC_TPC_ID_GPC(0), gr->cwd_gpc[i]) |
					     NVS_SET(NV_PGRAPH_PRI_CWD_GPC_TPC_ID_TPC(0), gr->cwd_tpc[i]));
	ret = copy_to_user(arg, req, sizeof(*req)) ? -EFAULT : 0;
out:
	kfree(gr);
	kfree(req);
	return ret;
}

/**
 * nvs_ioctl_topo() - the topology ioctls
 * @cmd: ioctl command
 * @arg: user argument
 *
 * Return: the command's result, -ENOTTY for commands not handled here.
 */
long nvs_ioctl_topo(unsigned int cmd, void __user *arg)
{
	switch (cmd) {
	case NVSCHED_IOC_CE:
		return nvs_ioc_ce(arg);
	case NVSCHED_IOC_GR:
		return nvs_ioc_gr(arg);
	default:
		return -ENOTTY;
	}
}
