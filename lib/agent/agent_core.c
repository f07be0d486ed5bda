// SPDX-License-Identifier: MIT
/*
 * agent_core.c - the agent's record of its process's RM objects and the
 * controls it applies to its own TSGs (see agent_core.h).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/uio.h>
#include <unistd.h>

#include "agent_core.h"

void nva_init(struct nva *a, const struct nva_ops *ops)
{
	memset(a, 0, sizeof(*a));
	a->ops = *ops;
	a->mode = NVA_MODE_NORMAL;
}

unsigned int nva_count(const struct nva *a, enum nva_kind kind)
{
	unsigned int i, n = 0;

	for (i = 0; i < a->nobj; i++)
		n += a->obj[i].kind == kind;
	return n;
}

static struct nva_obj *find(struct nva *a, uint32_t client, uint32_t handle)
{
	unsigned int i;

	for (i = 0; i < a->nobj; i++)
		if (a->obj[i].kind != NVA_FREE && a->obj[i].client == client &&
		    a->obj[i].handle == handle)
			return &a->obj[i];
	return NULL;
}

static struct nva_obj *slot(struct nva *a)
{
	unsigned int i;

	for (i = 0; i < a->nobj; i++)
		if (a->obj[i].kind == NVA_FREE)
			return &a->obj[i];
	if (a->nobj < NVA_MAX_OBJS)
		return &a->obj[a->nobj++];
	return NULL;
}

static void drop(struct nva_obj *o)
{
	memset(o, 0, sizeof(*o));
}

/* ---- controls ---------------------------------------------------------- */

static int control(struct nva *a, int fd, uint32_t client, uint32_t object, uint32_t cmd,
		   void *params, uint32_t size)
{
	struct nv_os54 req = {
		.h_client = client, .h_object = object, .cmd = cmd, .flags = 0,
		.params = (uint64_t)(uintptr_t)params, .params_size = size, .status = 0,
	};
	int rc;

	a->ctl_calls++;
	rc = a->ops.control(a->ops.ctx, fd, &req);
	if (rc != 0 || req.status != NV_OK) {
		a->ctl_errors++;
		return -1;
	}
	return 0;
}

static int tsg_set(struct nva *a, struct nva_obj *t, uint64_t us)
{
	struct nva06c_timeslice p;

	if (!t->have_orig) {
		memset(&p, 0, sizeof(p));
		if (control(a, t->fd, t->client, t->handle, NVA06C_CTRL_CMD_GET_TIMESLICE,
			    &p, sizeof(p)))
			return -1;
		t->orig_us = p.timeslice_us;
		t->cur_us = p.timeslice_us;
		t->have_orig = true;
	}
	if (t->cur_us == us)
		return 0;
	p.timeslice_us = us;
	if (control(a, t->fd, t->client, t->handle, NVA06C_CTRL_CMD_SET_TIMESLICE, &p, sizeof(p)))
		return -1;
	t->cur_us = us;
	return 0;
}

/* a subdevice of @client allocated on @fd, 0 when none */
static uint32_t subdev_of(struct nva *a, int fd, uint32_t client)
{
	unsigned int i;

	for (i = 0; i < a->nobj; i++)
		if (a->obj[i].kind == NVA_SUBDEV && a->obj[i].client == client && a->obj[i].fd == fd)
			return a->obj[i].handle;
	return 0;
}

/*
 * Disable (@off) or enable the channels of one (fd, client) whose gated
 * state differs, in batches of NV2080_FIFO_DISABLE_MAX; @only: just this
 * channel when not NULL.  Returns the number of failed controls.
 */
static int gate_client(struct nva *a, int fd, uint32_t client, bool off, struct nva_obj *only)
{
	struct nv2080_fifo_disable_channels p;
	struct nva_obj *batch[NV2080_FIFO_DISABLE_MAX];
	uint32_t sub = subdev_of(a, fd, client);
	unsigned int i = 0, n, k;
	int errs = 0;

	if (!sub)
		return 1;
	for (;;) {
		n = 0;
		memset(&p, 0, sizeof(p));
		for (; i < a->nobj && n < NV2080_FIFO_DISABLE_MAX; i++) {
			struct nva_obj *c = &a->obj[i];

			if (c->kind != NVA_CHANNEL || c->client != client || c->fd != fd ||
			    c->gated == off || (only && c != only))
				continue;
			p.h_client_list[n] = client;
			p.h_channel_list[n] = c->handle;
			batch[n++] = c;
		}
		if (!n)
			return errs;
		p.b_disable = off;
		p.num_channels = n;
		if (control(a, fd, client, sub, NV2080_CTRL_CMD_FIFO_DISABLE_CHANNELS, &p, sizeof(p)))
			errs++;
		else
			for (k = 0; k < n; k++)
				batch[k]->gated = off;
	}
}

/* every (fd, client) pair that has channels not in state @off */
static int gate_all(struct nva *a, bool off)
{
	unsigned int i, j;
	int errs = 0;

	for (i = 0; i < a->nobj; i++) {
		struct nva_obj *c = &a->obj[i];
		bool first = true;

		if (c->kind != NVA_CHANNEL || c->gated == off)
			continue;
		for (j = 0; j < i; j++)
			if (a->obj[j].kind == NVA_CHANNEL && a->obj[j].client == c->client &&
			    a->obj[j].fd == c->fd && a->obj[j].gated != off)
				first = false;
		if (first)
			errs += gate_client(a, c->fd, c->client, off, NULL);
	}
	return errs;
}

static int restore_all(struct nva *a)
{
	unsigned int i;
	int errs = 0;

	for (i = 0; i < a->nobj; i++) {
		struct nva_obj *t = &a->obj[i];

		if (t->kind == NVA_TSG && t->have_orig && t->cur_us != t->orig_us)
			errs += tsg_set(a, t, t->orig_us) != 0;
	}
	errs += gate_all(a, false);
	return errs;
}

int nva_apply(struct nva *a, enum nva_mode mode, uint64_t small_us)
{
	unsigned int i;
	int errs = 0;

	if (a->disabled)
		return -1;
	if (mode == NVA_MODE_SMALL && (small_us < 1 || small_us > 1000000))
		return -1;
	switch (mode) {
	case NVA_MODE_NORMAL:
		errs = restore_all(a);
		break;
	case NVA_MODE_SMALL:
		errs = gate_all(a, false);
		/* graphics/compute TSGs first: they are what a real-time kernel waits for */
		for (i = 0; i < a->nobj; i++)
			if (a->obj[i].kind == NVA_TSG && a->obj[i].engine == NV2080_ENGINE_TYPE_GR0)
				errs += tsg_set(a, &a->obj[i], small_us) != 0;
		for (i = 0; i < a->nobj; i++)
			if (a->obj[i].kind == NVA_TSG && a->obj[i].engine != NV2080_ENGINE_TYPE_GR0)
				errs += tsg_set(a, &a->obj[i], small_us) != 0;
		break;
	case NVA_MODE_GATED:
		for (i = 0; i < a->nobj; i++) {
			struct nva_obj *t = &a->obj[i];

			if (t->kind == NVA_TSG && t->have_orig && t->cur_us != t->orig_us)
				errs += tsg_set(a, t, t->orig_us) != 0;
		}
		errs += gate_all(a, true);
		break;
	default:
		return -1;
	}
	a->mode = mode;
	a->small_us = small_us;
	return errs;
}

void nva_disable(struct nva *a, const char *why)
{
	if (a->disabled)
		return;
	restore_all(a);
	a->disabled = true;
	snprintf(a->why, sizeof(a->why), "%s", why);
}

/* ---- capture ----------------------------------------------------------- */

/*
 * Before the call nothing says the caller's pointers are valid: read through
 * process_vm_readv() on ourselves, which fails with EFAULT where a plain
 * read would crash the program.
 */
static bool safe_read(void *dst, const void *src, size_t len)
{
	struct iovec l = { dst, len }, r = { (void *)(uintptr_t)src, len };

	return process_vm_readv(getpid(), &l, 1, &r, 1, 0) == (ssize_t)len;
}

/*
 * The engineType of a TSG alloc's NV_CHANNEL_GROUP_ALLOCATION_PARAMETERS.
 * A params size of 0 is what libcuda passes (driver 580 on the H100, seen
 * with an ioctl tracer: NVOS64.paramsSize 0, engineType 1 for GR0 and
 * 11-13 for its copy-engine TSGs): RM then reads the class's own parameter
 * size.  A non-zero size too short to hold engineType gives false.
 */
static bool tsg_engine(uint64_t params, uint32_t psize, uint32_t *engine)
{
	if (!params || (psize && psize < NV_TSG_ALLOC_MIN_SIZE))
		return false;
	return safe_read(engine, (const char *)(uintptr_t)params + NV_TSG_ALLOC_ENGINE_OFF,
			 sizeof(*engine));
}

static bool is_client_class(uint32_t cls)
{
	return cls == NV01_ROOT || cls == NV01_ROOT_NON_PRIV || cls == NV01_ROOT_CLIENT;
}

static void on_alloc(struct nva *a, int fd, uint32_t root, uint32_t parent, uint32_t handle,
		     uint32_t cls, uint64_t params, uint32_t psize, uint64_t peek)
{
	struct nva_obj *p, *o;
	enum nva_kind kind;
	uint32_t engine = 0;

	if (is_client_class(cls)) {
		kind = NVA_CLIENT;
		root = handle;
		parent = 0;
	} else if (cls == NV01_DEVICE_0) {
		kind = NVA_DEVICE;
	} else if (cls == NV20_SUBDEVICE_0) {
		kind = NVA_SUBDEV;
	} else if (cls == KEPLER_CHANNEL_GROUP_A) {
		kind = NVA_TSG;
		/* what the caller passed in (peek) wins over what is there now */
		if (peek)
			engine = (uint32_t)(peek - 1);
		else if (!tsg_engine(params, psize, &engine))
			engine = 0;
	} else if ((cls & 0xff) == NV_CHANNEL_CLASS_LOW) {
		p = find(a, root, parent);
		if (!p || p->kind != NVA_TSG)
			return;		/* a channel outside a TSG we know */
		kind = NVA_CHANNEL;
	} else {
		return;
	}
	if (!handle)
		return;
	if (find(a, root, handle)) {
		/* RM never hands out a live handle twice: we missed a free */
		nva_disable(a, "an RM handle was allocated twice (a free was not seen)");
		return;
	}
	o = slot(a);
	if (!o) {
		nva_disable(a, "more RM objects than the agent records");
		return;
	}
	*o = (struct nva_obj){ .kind = (uint8_t)kind, .fd = fd, .client = root, .parent = parent,
			       .handle = handle, .cls = cls, .engine = engine };
	/* a new object joins the current mode */
	if (kind == NVA_TSG && a->mode == NVA_MODE_SMALL)
		tsg_set(a, o, a->small_us);
	else if (kind == NVA_CHANNEL && a->mode == NVA_MODE_GATED)
		gate_client(a, fd, root, true, o);
}

static void on_free(struct nva *a, uint32_t root, uint32_t handle)
{
	unsigned int i;
	bool changed;

	if (root == handle) {
		for (i = 0; i < a->nobj; i++)
			if (a->obj[i].kind != NVA_FREE && a->obj[i].client == root)
				drop(&a->obj[i]);
		return;
	}
	{
		struct nva_obj *o = find(a, root, handle);

		if (!o)
			return;
		drop(o);
	}
	/* children whose parent is gone, transitively */
	do {
		changed = false;
		for (i = 0; i < a->nobj; i++) {
			struct nva_obj *o = &a->obj[i];

			if (o->kind == NVA_FREE || o->kind == NVA_CLIENT || o->client != root)
				continue;
			if (o->parent != root && !find(a, root, o->parent)) {
				drop(o);
				changed = true;
			}
		}
	} while (changed);
}

/* one escape (nr) with payload @p of @size bytes, after it ran */
static void escape(struct nva *a, int fd, unsigned int nr, const void *p, uint32_t size,
		   uint64_t peek)
{
	if (!p)
		return;
	if (nr == NV_ESC_RM_ALLOC) {
		if (size == sizeof(struct nv_os21)) {
			struct nv_os21 r;

			memcpy(&r, p, sizeof(r));
			if (r.status == NV_OK)
				on_alloc(a, fd, r.h_root, r.h_object_parent, r.h_object_new, r.h_class,
					 r.p_alloc_parms, r.params_size, peek);
		} else if (size == sizeof(struct nv_os64)) {
			struct nv_os64 r;

			memcpy(&r, p, sizeof(r));
			if (r.status == NV_OK)
				on_alloc(a, fd, r.h_root, r.h_object_parent, r.h_object_new, r.h_class,
					 r.p_alloc_parms, r.params_size, peek);
		} else {
			char why[96];

			snprintf(why, sizeof(why), "an RM alloc of %u bytes succeeded (known: 32, 48)",
				 size);
			nva_disable(a, why);
		}
	} else if (nr == NV_ESC_RM_FREE) {
		struct nv_os00 r;

		if (size != sizeof(r)) {
			nva_disable(a, "an RM free that is not NVOS00 succeeded");
			return;
		}
		memcpy(&r, p, sizeof(r));
		if (r.status == NV_OK)
			on_free(a, r.h_root, r.h_object_old);
	}
}

void nva_observe_pre(struct nva *a, int fd, unsigned long req, void *arg, int rc, uint64_t peek)
{
	unsigned int nr;

	if (a->disabled || rc != 0 || _IOC_TYPE(req) != NV_IOCTL_MAGIC || !arg)
		return;
	nr = _IOC_NR(req);
	if (nr != NV_ESC_RM_ALLOC && nr != NV_ESC_RM_FREE && nr != NV_ESC_IOCTL_XFER_CMD)
		return;
	a->seen++;
	if (nr == NV_ESC_IOCTL_XFER_CMD) {
		struct nv_ioctl_xfer x;

		if (_IOC_SIZE(req) != sizeof(x))
			return;		/* the driver refuses it: nothing happened */
		memcpy(&x, arg, sizeof(x));
		if (x.cmd == NV_ESC_IOCTL_XFER_CMD)
			return;		/* no nesting in the driver either */
		escape(a, fd, x.cmd, (const void *)(uintptr_t)x.ptr, x.size, peek);
		return;
	}
	escape(a, fd, nr, arg, _IOC_SIZE(req), peek);
}

void nva_observe(struct nva *a, int fd, unsigned long req, void *arg, int rc)
{
	nva_observe_pre(a, fd, req, arg, rc, 0);
}

uint64_t nva_peek(unsigned long req, const void *arg)
{
	const void *p = arg;
	uint32_t size = _IOC_SIZE(req), engine, psize;
	struct nv_os64 r = { 0 };	/* large enough for either layout */

	if (_IOC_TYPE(req) != NV_IOCTL_MAGIC || !arg)
		return 0;
	if (_IOC_NR(req) == NV_ESC_IOCTL_XFER_CMD) {
		struct nv_ioctl_xfer x = { 0, 0, 0 };

		if (size != sizeof(x) || !safe_read(&x, arg, sizeof(x)) || x.cmd != NV_ESC_RM_ALLOC)
			return 0;
		p = (const void *)(uintptr_t)x.ptr;
		size = x.size;
	} else if (_IOC_NR(req) != NV_ESC_RM_ALLOC) {
		return 0;
	}
	if (!p || (size != sizeof(struct nv_os21) && size != sizeof(struct nv_os64)) ||
	    !safe_read(&r, p, size) || r.h_class != KEPLER_CHANNEL_GROUP_A || !r.p_alloc_parms)
		return 0;
	/* NVOS21 and NVOS64 share the first 24 bytes; paramsSize differs */
	if (size == sizeof(struct nv_os21)) {
		struct nv_os21 r21;

		memcpy(&r21, &r, sizeof(r21));
		psize = r21.params_size;
	} else {
		psize = r.params_size;
	}
	if (!tsg_engine(r.p_alloc_parms, psize, &engine))
		return 0;
	return (uint64_t)engine + 1;
}

bool nva_version_ok(const char *text, char *why, unsigned int len)
{
	const char *s = text;
	long major;

	/* the first token that looks like NNN.N... on the NVRM line */
	while (*s && *s != '\n') {
		while (*s == ' ' || *s == '\t')
			s++;
		if (isdigit((unsigned char)s[0]) && isdigit((unsigned char)s[1]) &&
		    isdigit((unsigned char)s[2]) && s[3] == '.' && isdigit((unsigned char)s[4]) &&
		    (s == text || s[-1] == ' ' || s[-1] == '\t')) {
			major = strtol(s, NULL, 10);
			if (major >= NVA_DRIVER_MIN && major <= NVA_DRIVER_MAX)
				return true;
			if (why)
				snprintf(why, len, "driver %ld is not one whose layouts the agent knows (%d..%d)",
					 major, NVA_DRIVER_MIN, NVA_DRIVER_MAX);
			return false;
		}
		while (*s && *s != ' ' && *s != '\t' && *s != '\n')
			s++;
	}
	if (why)
		snprintf(why, len, "no driver version in /proc/driver/nvidia/version");
	return false;
}
