// SPDX-License-Identifier: MIT
/*
 * gpu_ops.c - what a command asks of a GPU (topology, runlists, copy
 * engines, GR, control), once per backend.  The backend is chosen when the
 * GPU is opened (gpu_ops_for()): the module's ioctls; registers through the
 * portable core (a snapshot's simulator, or RM's register reads as root);
 * or RM without register access, which answers every register view with
 * the reason it cannot.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "nvsched.h"
#include "ce.h"
#include "chip.h"
#include "control.h"
#include "gr.h"
#include "ptop.h"
#include "runlist.h"
#include "nvsched/regs/gr.h"

/* ---- module: /dev/nvsched ----------------------------------------------- */
/*
 * The module backend is libnvsched (include/nvsched.h): each call opens the
 * GPU's handle, asks, and closes it; what comes back is converted to the
 * portable core's structures the commands print.
 */
typedef int (*lib_call)(struct nvsched *h, void *arg);

static int with_handle(const struct gpu *c, lib_call fn, void *arg)
{
	struct nvsched *h = nvsched_open(c->index);
	int ret;

	if (!h)
		return -errno;
	ret = fn(h, arg);
	nvsched_close(h);
	return ret;
}

static int call_ce(struct nvsched *h, void *arg)
{
	return nvsched_ce(h, arg);
}

static int call_gr(struct nvsched *h, void *arg)
{
	return nvsched_gr(h, arg);
}

static int call_control(struct nvsched *h, void *arg)
{
	return nvsched_control(h, arg);
}

struct topo_call {
	struct nvsched_topology req;
	struct nvsched_engine *ue;
};

static int call_topology(struct nvsched *h, void *arg)
{
	struct topo_call *tc = arg;

	return nvsched_topology(h, &tc->req, &tc->ue);
}

/* NVSCHED_IOC_TOPOLOGY */
static int module_topology(const struct gpu *c, struct nvs_topology *t)
{
	struct topo_call tc = { .ue = NULL };
	unsigned int i;
	int ret;

	memset(t, 0, sizeof(*t));
	ret = with_handle(c, call_topology, &tc);
	if (ret)
		return ret;
	if (tc.req.count > NVS_MAX_ENGINES) {
		free(tc.ue);
		return -ENOSPC;	/* more than any device table holds */
	}
	t->n = tc.req.count;
	t->version = (uint8_t)tc.req.version;
	t->info2 = tc.req.flags & NVSCHED_TOPO_INFO2;
	t->version_unconfirmed = tc.req.flags & NVSCHED_TOPO_UNCONFIRMED;
	for (i = 0; i < t->n; i++) {
		const struct nvsched_engine *ue = &tc.ue[i];
		struct nvs_engine *e = &t->eng[i];

		e->type = (uint8_t)ue->type;
		e->instance = (uint8_t)ue->instance;
		e->runlist = (int16_t)ue->runlist;
		e->fault_id = (int16_t)ue->fault_id;
		e->reset_id = (int16_t)ue->reset_id;
		e->rleng_id = (int8_t)ue->rleng_id;
		e->engine_id = (int8_t)ue->engine_id;
		e->is_engine = ue->flags & NVSCHED_ENGINE_IS_ENGINE;
		e->pri_base = ue->pri_base;
		e->runlist_pri_base = ue->runlist_pri_base;
	}
	free(tc.ue);
	return 0;
}

struct rl_call {
	int id;
	unsigned int hint;
	struct nvsched_runlist req;
	struct nvsched_rl_entry *e;
};

static int call_runlist(struct nvsched *h, void *arg)
{
	struct rl_call *rc = arg;

	return nvsched_runlist(h, rc->id, rc->hint, &rc->req, &rc->e);
}

/* NVSCHED_IOC_RUNLIST: the module's own copy of the runlist */
static int module_runlist(const struct gpu *c, const struct nvs_topology *t, int id,
			  struct gpu_runlist *v)
{
	const char *tc = getenv("NVSCHED_TEST_RL_CAP");	/* tests: force ENOSPC */
	struct rl_call rc = { .id = id, .hint = tc && atoi(tc) > 0 ? (unsigned int)atoi(tc) : 0 };
	struct nvsched_runlist req;
	struct nvsched_rl_entry *e;
	unsigned int i;
	int ret;

	memset(v, 0, sizeof(*v));
	ret = with_handle(c, call_runlist, &rc);
	if (ret)
		return ret;
	req = rc.req;
	e = rc.e;
	v->loc.id = id;
	v->loc.base = req.base;
	v->loc.aperture = (uint8_t)req.aperture;
	v->loc.length = req.length;
	v->loc.offset = req.offset;
	v->loc.num_channels = req.num_channels;
	v->loc.chram_base = req.chram_base;
	v->err = req.error;
	ret = 0;
	if (v->err || !req.length)
		goto out;
	v->items = calloc(req.length, sizeof(*v->items));
	if (!v->items) {
		v->err = -ENOMEM;
		goto out;
	}
	for (i = 0; i < req.length; i++) {
		struct nvs_rl_item *it = &v->items[i];

		it->kind = e[i].kind;
		it->err = e[i].err;
		it->inst_ap = e[i].inst_ap;
		it->userd_ap = e[i].userd_ap;
		it->runqueue = e[i].runqueue;
		it->veid = e[i].veid;
		it->st.status = e[i].status;
		it->id = e[i].id;
		it->length = e[i].length;
		it->scale = e[i].scale;
		it->timeout = e[i].timeout;
		it->tsg = e[i].tsg;
		it->st.flags = e[i].chflags;
		it->st.raw = e[i].raw;
		it->has_inst = e[i].flags & NVSCHED_RLE_HAS_INST;
		it->has_userd = e[i].flags & NVSCHED_RLE_HAS_USERD;
		it->st.valid = e[i].flags & NVSCHED_RLE_STATE;
		it->st.enabled = e[i].flags & NVSCHED_RLE_ENABLED;
		it->st.busy = e[i].flags & NVSCHED_RLE_BUSY;
		it->inst = e[i].inst;
		it->userd = e[i].userd;
	}
out:
	free(e);
	return ret;
}

/* the module's count @v, at most what the library's arrays hold */
static unsigned int at_most(unsigned int v, unsigned int max)
{
	return v < max ? v : max;
}

/* NVSCHED_IOC_CE */
static int module_ce(const struct gpu *c, struct nvs_ce *ce)
{
	struct nvsched_ce req;
	unsigned int i;
	int ret;

	ret = with_handle(c, call_ce, &req);
	if (ret)
		return ret;
	memset(ce, 0, sizeof(*ce));
	ce->pce_map = ce->pce_map_raw = req.pce_map;
	ce->num_pces = at_most(req.num_pces, NVS_CE_MAX_PCES);
	ce->num_grces = at_most(req.num_grces, NVS_CE_MAX_GRCES);
	ce->num_lces = at_most(req.num_lces, NVS_CE_MAX_LCES);
	for (i = 0; i < NVS_CE_MAX_PCES; i++)
		ce->lce_for_pce[i] = req.lce_for_pce[i];
	for (i = 0; i < NVS_CE_MAX_GRCES; i++)
		ce->grce_shared_lce[i] = req.grce_shared_lce[i];
	return 0;
}

/* NVSCHED_IOC_GR */
static int module_gr(const struct gpu *c, struct nvs_gr *gr)
{
	struct nvsched_gr req;
	unsigned int i;
	int ret;

	ret = with_handle(c, call_gr, &req);
	if (ret)
		return ret;
	memset(gr, 0, sizeof(*gr));
	gr->num_gpcs = at_most(req.num_gpcs, NVS_GR_MAX_GPCS);
	gr->num_tpc_per_gpc = req.num_tpc_per_gpc;
	gr->gpc_disable_mask = req.gpc_disable_mask;
	gr->sms_per_tpc = req.sms_per_tpc;
	gr->tpcs_enabled = req.tpcs_enabled;
	gr->gpcs_enabled = req.gpcs_enabled;
	gr->logical_known = req.flags & NVSCHED_GR_LOGICAL_KNOWN;
	for (i = 0; i < NVS_GR_MAX_GPCS; i++) {
		uint32_t all = gr->num_tpc_per_gpc >= 32 ? 0xffffffffu :
			       (1u << gr->num_tpc_per_gpc) - 1;

		gr->tpc_disable_mask[i] = req.tpc_disable_mask[i];
		gr->logical[i] = req.logical[i];
		if (i < gr->num_gpcs && !(gr->gpc_disable_mask & (1u << i)))
			gr->tpcs_enabled_gpc[i] =
				(uint8_t)__builtin_popcount(~req.tpc_disable_mask[i] & all);
	}
	gr->cwd_err = req.cwd_err;
	gr->cwd_tpcs = at_most(req.cwd_tpcs, NVS_GR_MAX_CWD_TPCS);
	for (i = 0; i < gr->cwd_tpcs; i++) {
		gr->cwd_gpc[i] = (uint8_t)NVS_GET(req.cwd_tpc_map[i], NV_PGRAPH_PRI_CWD_GPC_TPC_ID_GPC(0));
		gr->cwd_tpc[i] = (uint8_t)NVS_GET(req.cwd_tpc_map[i], NV_PGRAPH_PRI_CWD_GPC_TPC_ID_TPC(0));
	}
	return 0;
}
/* NVSCHED_IOC_CONTROL: the module checks, applies and audits */
static int module_control(const struct gpu *gpu, struct nvsched_control *c)
{
	return with_handle(gpu, call_control, c);
}


static const struct gpu_ops module_ops = {
	.name = "module",
	.topology = module_topology,
	.runlist = module_runlist,
	.ce = module_ce,
	.gr = module_gr,
	.control = module_control,
};

/* ---- registers through the portable core (snapshot; rm as root) --------- */
static int regs_topology(const struct gpu *c, struct nvs_topology *t)
{
	if (!c->id_ok || !c->ident.caps)
		return -EIO;
	return nvs_ptop_read(c->io, c->ident.caps, t);
}

/* registers (snapshot, rm as root): the same kmod/hw code the module runs */
static int regs_runlist(const struct gpu *c, const struct nvs_topology *t, int id,
			struct gpu_runlist *v)
{
	const struct nvs_io *io;
	const struct nvs_caps *caps = c->ident.caps;
	void *raw;
	int ret;

	io = c->io;
	memset(v, 0, sizeof(*v));
	ret = nvs_runlist_locate(io, caps, t, id, &v->loc);
	if (ret)
		return ret;
	if (!v->loc.length)
		return 0;
	raw = malloc(nvs_runlist_bytes(caps, &v->loc));
	v->items = calloc(v->loc.length, sizeof(*v->items));
	if (!raw || !v->items) {
		free(raw);
		v->err = -ENOMEM;
		return 0;
	}
	v->err = nvs_runlist_fetch(io, caps, &v->loc, raw, NULL);
	if (!v->err) {
		nvs_runlist_decode(caps, &v->loc, raw, v->items);
		nvs_runlist_read_states(io, caps, &v->loc, v->items);
		v->insts = calloc(v->loc.length, sizeof(*v->insts));
		if (v->insts)
			nvs_runlist_read_insts(io, caps, &v->loc, v->items, v->insts);
	}
	free(raw);
	return 0;
}

static int regs_ce(const struct gpu *c, struct nvs_ce *ce)
{
	return c->id_ok ? nvs_ce_read(c->io, c->ident.caps, ce) : -EIO;
}

static int regs_gr(const struct gpu *c, struct nvs_gr *gr)
{
	return c->id_ok ? nvs_gr_read(c->io, &c->ident, gr) : -EIO;
}

/*
 * Snapshot backend: plan and apply on the in-memory simulator (the file is
 * never changed); the rm backend is read-only.
 */
static int regs_control(const struct gpu *gpu, struct nvsched_control *c)
{
	const struct nvs_io *io = gpu->io;
	const struct nvs_caps *caps = gpu->ident.caps;
	struct nvs_topology *t;
	struct nvs_rl_item *items = NULL;
	struct nvs_rl_loc loc;
	struct nvs_plan p;
	void *raw = NULL;
	bool chan = c->op <= NVSCHED_CTL_ENABLE_CHANNEL, tsg = c->op == NVSCHED_CTL_PREEMPT_TSG;
	int rl = c->runlist, ret;

	if (!gpu->sim)
		return -EROFS;
	if (c->op == NVSCHED_CTL_RESTORE_CHANNELS)
		return 0;	/* a snapshot has nothing nvsched disabled */
	t = malloc(sizeof(*t));
	if (!t)
		return -ENOMEM;
	ret = nvs_ptop_read(io, caps, t);
	if (ret)
		goto out;
	if (rl < 0)
		rl = 0;
	ret = nvs_runlist_locate(io, caps, t, rl, &loc);
	if (ret)
		goto out;
	c->resolved_runlist = rl;
	if ((chan || tsg) && !(c->flags & NVSCHED_CTL_FORCE)) {
		ret = -ERANGE;
		if ((chan && c->id >= loc.num_channels) || (tsg && c->id > nvs_max_tsgid(caps)))
			goto out;
		raw = malloc(nvs_runlist_bytes(caps, &loc) + 1);
		items = calloc(loc.length + 1, sizeof(*items));
		ret = -ENOMEM;
		if (!raw || !items)
			goto out;
		ret = nvs_runlist_fetch(io, caps, &loc, raw, NULL);
		if (ret)
			goto out;
		nvs_runlist_decode(caps, &loc, raw, items);
		ret = -ENOENT;
		if (chan ? !nvs_rl_has_chan(&loc, items, c->id) : !nvs_rl_has_tsg(&loc, items, c->id))
			goto out;
	}
	ret = nvs_ctl_plan(io, caps, &loc, (enum nvs_ctl_op)c->op, c->id, &p);
	if (ret)
		goto out;
	c->nwrites = p.n;
	memcpy(c->writes, p.w, sizeof(p.w));
	if (c->flags & NVSCHED_CTL_DRY_RUN)
		goto out;
	ret = nvs_plan_check(io, &p);	/* as the module: nothing over a pending preempt */
	if (!ret)
		nvs_plan_apply(io, &p);
out:
	free(raw);
	free(items);
	free(t);
	return ret;
}

static const struct gpu_ops regs_ops = {
	.name = "registers",
	.topology = regs_topology,
	.runlist = regs_runlist,
	.ce = regs_ce,
	.gr = regs_gr,
	.control = regs_control,
};

/* ---- rm without register access (not root) ------------------------------ */
static int noregs_err(const struct gpu *c)
{
	return c->rm_regs_err ? c->rm_regs_err : -EACCES;
}

static int noregs_topology(const struct gpu *c, struct nvs_topology *t)
{
	return noregs_err(c);
}

static int noregs_runlist(const struct gpu *c, const struct nvs_topology *t, int id,
			  struct gpu_runlist *v)
{
	memset(v, 0, sizeof(*v));
	return noregs_err(c);
}

static int noregs_ce(const struct gpu *c, struct nvs_ce *ce)
{
	return noregs_err(c);
}

static int noregs_gr(const struct gpu *c, struct nvs_gr *gr)
{
	return noregs_err(c);
}

static int noregs_control(const struct gpu *c, struct nvsched_control *ctl)
{
	return -EROFS;
}

static const struct gpu_ops rm_noregs_ops = {
	.name = "rm",
	.topology = noregs_topology,
	.runlist = noregs_runlist,
	.ce = noregs_ce,
	.gr = noregs_gr,
	.control = noregs_control,
};

const struct gpu_ops *gpu_ops_for(const struct gpu *c)
{
	if (c->io)
		return &regs_ops;
	return c->rm ? &rm_noregs_ops : &module_ops;
}

void gpu_runlist_free(struct gpu_runlist *v)
{
	free(v->items);
	free(v->insts);
	v->items = NULL;
	v->insts = NULL;
}
