// SPDX-License-Identifier: MIT
/*
 * Two independent readings of the manuals must agree: the profile
 * generator (tests/profiles/gen, its own field tables) encodes the chip
 * descriptions in tests/profiles/gen/chips.c into build/profiles/CHIP.nvss;
 * here the kmod/hw decoders read those files back through the simulator
 * and must find exactly the engines, runlists, TSGs and channels the
 * descriptions list.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "../profiles/gen/chip.h"	/* the generator's chip descriptions */
#include "chip.h"			/* kmod/hw */
#include "ptop.h"
#include "runlist.h"
#include "sim.h"

static const struct nvs_engine *find_eng(const struct nvs_topology *t, int type, int inst)
{
	unsigned int i;

	for (i = 0; i < t->n; i++)
		if (t->eng[i].type == type && t->eng[i].instance == inst)
			return &t->eng[i];
	return NULL;
}

static void check_chan(const struct chip *c, const struct chan *want,
		       const struct nvs_rl_item *it, bool chram)
{
	const char *status = nvs_chan_status_name(it->st.status);

	if (it->kind != NVS_RL_CHAN || it->id != want->chid)
		fail_msg("%s: expected channel %d, decoded kind %d id %u", c->name,
			 want->chid, it->kind, it->id);
	assert_true(it->st.valid);
	assert_int_equal(it->err, 0);
	if (want->st == CS_DISABLED) {
		assert_false(it->st.enabled);
		return;
	}
	assert_true(it->st.enabled);
	if (chram) {		/* CHRAM: flag bits, no status enum */
		assert_int_equal(it->st.status, -1);
		switch (want->st) {
		case CS_ON_ENG:
			assert_true(it->st.flags & NVS_CHF_ON_ENG);
			break;
		case CS_ON_PBDMA:
			assert_true(it->st.flags & NVS_CHF_ON_PBDMA);
			break;
		case CS_PENDING:
			assert_true(it->st.flags & NVS_CHF_PENDING);
			break;
		default:
			assert_false(it->st.flags & (NVS_CHF_ON_ENG | NVS_CHF_ON_PBDMA |
						     NVS_CHF_PENDING));
		}
		return;
	}
	switch (want->st) {	/* PCCSR STATUS enum */
	case CS_ON_ENG:
		assert_string_equal(status, "on_eng");
		break;
	case CS_ON_PBDMA:
		assert_string_equal(status, "on_pbdma");
		break;
	case CS_PENDING:
		assert_string_equal(status, "pending");
		break;
	default:
		assert_string_equal(status, "idle");
	}
}

/* the runlist entry's pointers and runqueue (16-byte entries, Volta+):
 * USERD in system memory where the generator put it there, the instance
 * block where the capture fixed it */
static void check_chan_ptrs(const struct chip *c, const struct chan *want,
			    const struct nvs_rl_item *it, unsigned int entry_size)
{
	if (entry_size != 16)
		return;
	if (it->runqueue != want->runqueue)
		fail_msg("%s: channel %d runqueue %d, want %d", c->name, want->chid,
			 it->runqueue, want->runqueue);
	assert_true(it->has_inst);
	assert_true(it->has_userd);
	if (want->userd_sys) {
		if (it->userd != want->sys_userd || it->userd_ap == NVS_AP_VID)
			fail_msg("%s: channel %d USERD 0x%llx ap %d, want 0x%llx in sysmem", c->name,
				 want->chid, (unsigned long long)it->userd, it->userd_ap,
				 (unsigned long long)want->sys_userd);
	} else {
		assert_int_equal(it->userd_ap, NVS_AP_VID);
	}
	if (want->fixed_inst)
		assert_true(it->inst == want->fixed_inst);
}

static void check_chip(const struct chip *c)
{
	char path[256], err[256];
	struct nvs_sim *sim;
	struct nvs_ident id;
	struct nvs_topology *t = malloc(sizeof(*t));
	int i, r, ndev = 0;

	snprintf(path, sizeof(path), "build/profiles/%s.nvss", c->name);
	sim = nvs_sim_open(path, err, sizeof(err));
	if (!sim)
		fail_msg("%s", err);
	assert_int_equal(nvs_identify(nvs_sim_io(sim), &id), 0);
	assert_int_equal(id.chip_id, c->chip_id);
	assert_non_null(id.chip);
	assert_int_equal(nvs_ptop_read(nvs_sim_io(sim), id.caps, t), 0);

	for (i = 0; i < c->ndev; i++) {		/* GH100: ndev 0, from the capture */
		const struct dev *d = &c->dev[i];
		const struct nvs_engine *e;

		if (d->type == HOLE)
			continue;
		ndev++;
		e = find_eng(t, d->type, d->inst);
		if (!e)
			fail_msg("%s: engine type %d inst %d not decoded", c->name, d->type, d->inst);
		if (e->runlist != (d->rl == NONE ? -1 : d->rl) || e->pri_base != d->pri_base)
			fail_msg("%s: engine type %d inst %d: runlist %d pri 0x%x, want %d 0x%x",
				 c->name, d->type, d->inst, e->runlist, e->pri_base, d->rl, d->pri_base);
		/* every other field the generator encodes (NONE = -1 = absent),
		 * as tests/profiles/gen/gen.c encodes it: devices without a
		 * runlist carry none of them (nvss-gen --describe: null); legacy
		 * DEVICE_INFO has INTR/RESET only with their VALID bits (set for
		 * non-zero values, INTR always for GRAPHICS); DEVICE_INFO2 has no
		 * INTR_ENUM but RLENG_ID */
		if (d->rl != NONE) {
			int want_intr = t->info2 ? e->intr_id :
					(d->intr != 0 || d->type == 0 /* ET_GRAPHICS */) ? d->intr : -1;
			int want_reset = !t->info2 && d->reset == 0 ? -1 : d->reset;
			int want_rleng = t->info2 ? d->rleng : -1;

			if (e->fault_id != d->fault || e->reset_id != want_reset ||
			    e->intr_id != want_intr || e->rleng_id != want_rleng)
				fail_msg("%s: engine type %d inst %d: fault %d reset %d intr %d rleng %d, "
					 "want %d %d %d %d", c->name, d->type, d->inst, e->fault_id,
					 e->reset_id, e->intr_id, e->rleng_id, d->fault, want_reset,
					 want_intr, want_rleng);
		}
	}
	if (c->ndev)
		assert_int_equal(t->n, ndev);

	for (r = 0; r < c->nrl; r++) {
		const struct rl *rl = &c->rl[r];
		struct nvs_rl_loc loc;
		struct nvs_rl_item *items;
		struct nvs_rl_inst *ri;
		void *raw;
		unsigned int k = 0;
		int j, ch;

		assert_int_equal(nvs_runlist_locate(nvs_sim_io(sim), id.caps, t, rl->id, &loc), 0);
		if (rl->base)
			assert_int_equal(loc.base, rl->base);
		assert_int_equal(loc.offset, rl->offset);
		raw = malloc(nvs_runlist_bytes(id.caps, &loc));
		items = calloc(loc.length, sizeof(*items));
		assert_int_equal(nvs_runlist_fetch(nvs_sim_io(sim), id.caps, &loc, raw, NULL), 0);
		nvs_runlist_decode(id.caps, &loc, raw, items);
		nvs_runlist_read_states(nvs_sim_io(sim), id.caps, &loc, items);
		for (j = 0; j < rl->ntsg; j++) {
			const struct tsg *ts = &rl->tsg[j];
			int hdr = -1;

			if (ts->tsgid != NONE) {
				assert_true(k < loc.length);
				assert_int_equal(items[k].kind, NVS_RL_TSG);
				assert_int_equal(items[k].id, ts->tsgid);
				assert_int_equal(items[k].scale, ts->scale);
				assert_int_equal(items[k].timeout, ts->timeout);
				assert_int_equal(items[k].length, ts->nch);
				assert_int_equal(items[k].err, 0);
				hdr = (int)k++;
			}
			for (ch = 0; ch < ts->nch; ch++, k++) {
				assert_true(k < loc.length);
				check_chan(c, &ts->ch[ch], &items[k], id.caps->chan_ctl == NVS_CHAN_CHRAM);
				check_chan_ptrs(c, &ts->ch[ch], &items[k], id.caps->rl_entry_size);
				assert_int_equal(items[k].tsg, hdr);
			}
		}
		assert_int_equal(k, loc.length);	/* nothing more, nothing less */
		/* every channel's instance block is read and its GPFIFO VA
		 * resolved: the generator maps the GPFIFO page of every channel
		 * it writes (gen.c build_inst; test_mmu checks the addresses) */
		ri = calloc(loc.length, sizeof(*ri));
		nvs_runlist_read_insts(nvs_sim_io(sim), id.caps, &loc, items, ri);
		for (k = 0; k < loc.length; k++) {
			if (items[k].kind != NVS_RL_CHAN || !items[k].has_inst)
				continue;
			if (!ri[k].valid || ri[k].err || ri[k].in.gp_err || !ri[k].in.gp_pa)
				fail_msg("%s: channel %u: instance read %d err %d, GPFIFO err %d PA 0x%llx",
					 c->name, items[k].id, ri[k].valid, ri[k].err, ri[k].in.gp_err,
					 (unsigned long long)ri[k].in.gp_pa);
		}
		free(ri);
		free(items);
		free(raw);
	}
	free(t);
	nvs_sim_free(sim);
}

static void test_all_profiles(void **state)
{
	int i;

	for (i = 0; i < nchips; i++) {
		print_message("profile %s\n", chips[i].name);
		check_chip(&chips[i]);
	}
	assert_true(nchips >= 12);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_all_profiles),
	};

	return cmocka_run_group_tests_name("profiles", tests, NULL, NULL);
}
