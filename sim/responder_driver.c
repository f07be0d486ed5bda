// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * responder_driver.c - the owning driver creating TSGs, for nvss-responder
 * (see responder_driver.h).  The driver's runlists are rebuilt from the
 * entries the snapshot had at start with nvs_prio_rl_filter() and
 * submitted with the plan of nvs_prio_rl_plan() (kmod/hw/prio_rl.c), into
 * two alternating buffers per runlist above the snapshot's own.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chip.h"
#include "control.h"
#include "prio_rl.h"
#include "ptop.h"
#include "runlist.h"
#include "responder_driver.h"

#define RDRV_NBITS	4096u

struct rdrv_rl {
	int id;
	struct nvs_rl_loc orig;		/* the snapshot's runlist */
	struct nvs_rl_loc cur;		/* what the driver submitted last */
	uint8_t *raw;
	struct nvs_rl_item *items;
	uint8_t *out;
	unsigned int flip;
};

struct rdrv {
	unsigned int n;
	int rl[RDRV_MAX];
	unsigned int tsg[RDRV_MAX];
	bool hidden[RDRV_MAX];
	struct rdrv_rl rls[RDRV_MAX];
	unsigned int nrls;
	struct nvs_ident ident;
	struct nvs_topology topo;
};

int rdrv_add(struct rdrv **d, const char *spec)
{
	unsigned long rl, id;
	char *end;

	if (!*d) {
		*d = calloc(1, sizeof(**d));
		if (!*d)
			return -1;
	}
	rl = strtoul(spec, &end, 0);
	if (*end != ':' || rl > 63)
		return -1;
	id = strtoul(end + 1, &end, 0);
	if (*end || id >= RDRV_NBITS || (*d)->n == RDRV_MAX)
		return -1;
	(*d)->rl[(*d)->n] = (int)rl;
	(*d)->tsg[(*d)->n] = (unsigned int)id;
	(*d)->hidden[(*d)->n] = true;
	(*d)->n++;
	return 0;
}

static struct rdrv_rl *rdrv_rl(struct rdrv *d, int id)
{
	unsigned int i;

	for (i = 0; i < d->nrls; i++)
		if (d->rls[i].id == id)
			return &d->rls[i];
	return NULL;
}

/* submit runlist @r without the TSGs still hidden; pending bits run out */
static int rdrv_submit(struct rdrv *d, struct nvs_sim *sim, struct rdrv_rl *r, bool wait)
{
	const struct nvs_caps *caps = d->ident.caps;
	const struct nvs_io *io = nvs_sim_io(sim);
	uint64_t allowed[RDRV_NBITS / 64];
	struct nvs_rl_loc to = r->orig;
	struct nvs_plan p;
	unsigned int i;
	int n, k;

	memset(allowed, 0xff, sizeof(allowed));
	for (i = 0; i < d->n; i++)
		if (d->rl[i] == r->id && d->hidden[i])
			allowed[d->tsg[i] / 64] &= ~(1ull << (d->tsg[i] % 64));
	n = nvs_prio_rl_filter(caps, &r->orig, r->raw, r->items, allowed, RDRV_NBITS,
			       r->out, r->orig.length);
	if (n < 0)
		return n;
	/* 16 and 17 MiB above the snapshot's runlist, alternately */
	to.base = (r->orig.base & ~(uint64_t)0xfffff) + 0x1000000 + 0x100000 * (r->flip++ & 1);
	to.length = (uint32_t)n;
	to.offset = 0;
	if (n && nvs_sim_add_mem(sim, (enum nvs_aperture)to.aperture, to.base, r->out,
				 (size_t)n * caps->rl_entry_size))
		return -EIO;
	if (nvs_prio_rl_plan(caps, &r->cur, &to, &p))
		return -EINVAL;
	nvs_plan_apply(io, &p);
	for (k = 0; wait && k < 100000 && nvs_plan_pending(io, &p); k++)
		nvs_sim_tick(sim);
	r->cur = to;
	return 0;
}

int rdrv_start(struct rdrv *d, struct nvs_sim *sim, char *err, size_t errlen)
{
	const struct nvs_io *io = nvs_sim_io(sim);
	unsigned int i, j;
	int ret;

	if (nvs_identify(io, &d->ident) || !d->ident.caps ||
	    nvs_ptop_read(io, d->ident.caps, &d->topo)) {
		snprintf(err, errlen, "--driver-tsg: the chip or its device table is unknown");
		return -1;
	}
	for (i = 0; i < d->n; i++) {
		struct rdrv_rl *r = rdrv_rl(d, d->rl[i]);
		bool found = false;

		if (!r) {
			r = &d->rls[d->nrls++];	/* counted now: rdrv_free() frees a partial one */
			r->id = d->rl[i];
			if (nvs_runlist_locate(io, d->ident.caps, &d->topo, r->id, &r->orig) ||
			    !r->orig.length) {
				snprintf(err, errlen, "--driver-tsg: no runlist %d", r->id);
				return -1;
			}
			r->raw = calloc(r->orig.length + 1, d->ident.caps->rl_entry_size);
			r->out = calloc(r->orig.length + 1, d->ident.caps->rl_entry_size);
			r->items = calloc(r->orig.length + 1, sizeof(*r->items));
			if (!r->raw || !r->out || !r->items ||
			    nvs_runlist_fetch(io, d->ident.caps, &r->orig, r->raw, NULL)) {
				snprintf(err, errlen, "--driver-tsg: runlist %d unreadable", r->id);
				return -1;
			}
			nvs_runlist_decode(d->ident.caps, &r->orig, r->raw, r->items);
			r->cur = r->orig;
		}
		for (j = 0; j < r->orig.length; j++)
			if (r->items[j].kind == NVS_RL_TSG && r->items[j].id == d->tsg[i])
				found = true;
		if (!found) {
			snprintf(err, errlen, "--driver-tsg: TSG %u is not on runlist %d",
				 d->tsg[i], d->rl[i]);
			return -1;
		}
	}
	for (i = 0; i < d->nrls; i++) {
		ret = rdrv_submit(d, sim, &d->rls[i], true);
		if (ret) {
			snprintf(err, errlen, "--driver-tsg: submit of runlist %d failed (%d)",
				 d->rls[i].id, ret);
			return -1;
		}
	}
	return 0;
}

void rdrv_poll(struct rdrv *d, struct nvs_sim *sim, volatile uint32_t *box)
{
	uint32_t req = __atomic_load_n(&box[RDRV_REQ_OFF / 4], __ATOMIC_ACQUIRE);
	uint32_t ack = __atomic_load_n(&box[RDRV_ACK_OFF / 4], __ATOMIC_ACQUIRE);
	uint32_t res = RDRV_NONE;
	struct rdrv_rl *r;
	unsigned int i;
	int rl;

	if (req == ack)
		return;
	rl = (int)__atomic_load_n(&box[RDRV_ARG_OFF / 4], __ATOMIC_ACQUIRE);
	r = rdrv_rl(d, rl);
	for (i = 0; r && i < d->n; i++) {
		if (d->rl[i] != rl || !d->hidden[i])
			continue;
		d->hidden[i] = false;
		if (rdrv_submit(d, sim, r, false)) {
			d->hidden[i] = true;
			break;
		}
		res = d->tsg[i];
		fprintf(stderr, "nvss-responder: driver created TSG %u on runlist %d\n", res, rl);
		break;
	}
	__atomic_store_n(&box[RDRV_RES_OFF / 4], res, __ATOMIC_RELEASE);
	__atomic_store_n(&box[RDRV_ACK_OFF / 4], req, __ATOMIC_RELEASE);
}

void rdrv_free(struct rdrv *d)
{
	unsigned int i;

	if (!d)
		return;
	for (i = 0; i < d->nrls; i++) {
		free(d->rls[i].raw);
		free(d->rls[i].out);
		free(d->rls[i].items);
	}
	free(d);
}
