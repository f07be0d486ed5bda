// SPDX-License-Identifier: MIT
/*
 * cmd_runlist.c - nvsched runlist: decode runlists (CONTRACTS.md §2).
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <time.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gpu.h"
#include "json.h"
#include "out.h"
#include "ptop.h"
#include "runlist.h"
#include "nvsched.h"

/* one channel of a runlist (JSON only: the text is nvs_runlist_format()'s) */
static void chan_out(struct out *o, const struct nvs_rl_item *it)
{
	unsigned int b;

	out_obj_begin(o, NULL);
	out_int(o, "chid", it->id, NULL);
	out_opt_int(o, "runqueue", it->runqueue >= 0, it->runqueue, NULL, NULL);
	out_opt_hex(o, "inst", it->has_inst, it->inst, NULL, NULL);
	out_str(o, "inst_aperture", it->has_inst ? nvs_aperture_name(it->inst_ap) : "invalid",
		NULL);
	out_opt_hex(o, "userd", it->has_userd, it->userd, NULL, NULL);
	out_opt_bool(o, "enabled", it->st.valid, it->st.enabled);
	out_opt_bool(o, "busy", it->st.valid, it->st.busy);
	out_str(o, "status", it->st.valid ? nvs_chan_status_name(it->st.status) : NULL, NULL);
	out_arr_begin(o, "flags");
	for (b = 0; b < NVS_CHF_COUNT; b++)
		if (it->st.flags & (1u << b))
			out_str(o, NULL, nvs_chf_name(b), NULL);
	out_arr_end(o);
	if (it->veid >= 0)
		out_int(o, "veid", it->veid, NULL);
	out_obj_end(o);
}

/* the TSGs of a runlist, each with its channels (JSON only) */
static void tsgs_out(struct out *o, const struct gpu_runlist *v)
{
	unsigned int i, j;

	out_arr_begin(o, "tsgs");
	for (i = 0; !v->err && i < v->loc.length; i++) {
		const struct nvs_rl_item *t = &v->items[i];

		if (t->kind != NVS_RL_TSG)
			continue;
		out_obj_begin(o, NULL);
		out_int(o, "tsgid", t->id, NULL);
		out_int(o, "timeslice_scale", t->scale, NULL);
		out_int(o, "timeslice_timeout", t->timeout, NULL);
		out_double(o, "timeslice_us", (double)nvs_timeslice_ns(t->scale, t->timeout) / 1000.0,
			   NULL);
		out_int(o, "length", t->length, NULL);
		out_arr_begin(o, "channels");
		for (j = i + 1; j < v->loc.length; j++)
			if (v->items[j].kind == NVS_RL_CHAN && v->items[j].tsg == (int32_t)i)
				chan_out(o, &v->items[j]);
		out_arr_end(o);
		out_obj_end(o);
	}
	out_arr_end(o);
}

/*
 * One decoded runlist: JSON its object; text nvs_runlist_format()'s
 * listing, or the location and why it could not be decoded.
 */
static void runlist_out(struct out *o, const struct gpu_runlist *v)
{
	unsigned int i;

	if (!out_jw(o) && !v->err) {
		nvs_runlist_format(&v->loc, v->items, v->insts, pr_file, o->f);
		return;
	}
	out_obj_begin(o, NULL);
	out_int(o, "id", v->loc.id, "Runlist %lld: ");
	out_text(o, "%u entries at ", v->loc.length);
	out_hex(o, "base", v->loc.base, "0x%llx ");
	out_str(o, "aperture", nvs_aperture_name(v->loc.aperture), "(%s)\n");
	out_int(o, "length", v->loc.length, NULL);
	out_int(o, "offset", v->loc.offset, NULL);
	out_str(o, "error", v->err ? nvs_rl_fetch_err_text(v->err) : NULL, "error: %s\n");
	out_arr_begin(o, "errors");
	for (i = 0; !v->err && i < v->loc.length; i++) {
		if (!v->items[i].err)
			continue;
		out_obj_begin(o, NULL);
		out_int(o, "entry", i, NULL);
		out_str(o, "code", nvs_rl_err_code(v->items[i].err), NULL);
		out_str(o, "message", nvs_rl_err_msg(v->items[i].err), NULL);
		out_obj_end(o);
	}
	out_arr_end(o);
	tsgs_out(o, v);
	out_arr_begin(o, "bare_channels");
	for (i = 0; !v->err && i < v->loc.length; i++)
		if (v->items[i].kind == NVS_RL_CHAN && v->items[i].tsg < 0)
			chan_out(o, &v->items[i]);
	out_arr_end(o);
	out_obj_end(o);
}

static const struct cli_verbs runlist_vs;

/* ---- --watch -------------------------------------------------------------- */

/* what --watch compares: one TSG or channel of one runlist */
struct wobj {
	int rl;
	bool tsg;
	unsigned int id;
	int owner;		/* channel: TSG id, -1 bare */
	unsigned int scale, timeout;
	int enabled;		/* -1 unknown */
	const char *status;	/* PCCSR status name or NULL */
	uint32_t flags;
};

struct wset {
	struct wobj *v;
	size_t n, cap;
};

static void wset_add(struct wset *s, const struct wobj *o)
{
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 64;
		struct wobj *v = realloc(s->v, cap * sizeof(*v));

		if (!v)
			return;
		s->v = v;
		s->cap = cap;
	}
	s->v[s->n++] = *o;
}

static const struct wobj *wset_find(const struct wset *s, const struct wobj *o)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (s->v[i].rl == o->rl && s->v[i].tsg == o->tsg && s->v[i].id == o->id)
			return &s->v[i];
	return NULL;
}

static void wset_from_view(struct wset *s, const struct gpu_runlist *v)
{
	unsigned int i;

	for (i = 0; !v->err && i < v->loc.length; i++) {
		const struct nvs_rl_item *it = &v->items[i];
		struct wobj o = { .rl = v->loc.id, .tsg = it->kind == NVS_RL_TSG, .id = it->id,
				  .owner = -1, .enabled = -1 };

		if (o.tsg) {
			o.scale = it->scale;
			o.timeout = it->timeout;
		} else {
			o.owner = it->tsg >= 0 ? v->items[it->tsg].id : -1;
			if (it->st.valid) {
				o.enabled = it->st.enabled;
				o.status = nvs_chan_status_name(it->st.status);
				o.flags = it->st.flags;
			}
		}
		wset_add(s, &o);
	}
}

static void flags_text(uint32_t f, char *buf, size_t n)
{
	unsigned int b;
	size_t k = 0;

	buf[0] = 0;
	for (b = 0; b < NVS_CHF_COUNT && k < n; b++)
		if (f & (1u << b))
			k += (size_t)snprintf(buf + k, n - k, "%s%s", k ? "," : "", nvs_chf_name(b));
	if (!k)
		snprintf(buf, n, "-");
}

static void watch_event(struct out *w, double t, const char *ev, const struct wobj *o,
			const char *field, const char *old, const char *new)
{
	out_begin(w, NULL);
	out_int(w, "schema", 1, NULL);
	out_double(w, "t", t, "%9.3f");
	out_int(w, "runlist", o->rl, " runlist %lld: ");
	out_str(w, "event", ev, "%s ");
	out_text(w, "%s ", o->tsg ? "TSG" : "channel");
	out_int(w, o->tsg ? "tsgid" : "chid", o->id, "%lld");
	if (!o->tsg)
		out_opt_int(w, "tsgid", o->owner >= 0, o->owner, " (TSG %lld)", NULL);
	if (field) {
		out_str(w, "field", field, ": %s ");
		out_str(w, "old", old, "%s -> ");
		out_str(w, "new", new, "%s");
	}
	out_text(w, "\n");
	out_end(w);
	fflush(stdout);
}

static void watch_diff(struct out *w, double t, const struct wset *a, const struct wset *b)
{
	char o1[160], o2[160];
	size_t i;

	for (i = 0; i < b->n; i++) {
		const struct wobj *n = &b->v[i], *o = wset_find(a, n);

		if (!o) {
			watch_event(w, t, n->tsg ? "tsg_added" : "channel_added", n, NULL, NULL, NULL);
			continue;
		}
		if (n->tsg && (o->scale != n->scale || o->timeout != n->timeout)) {
			snprintf(o1, sizeof(o1), "%u/%u", o->scale, o->timeout);
			snprintf(o2, sizeof(o2), "%u/%u", n->scale, n->timeout);
			watch_event(w, t, "tsg_changed", n, "timeslice", o1, o2);
		}
		if (n->tsg)
			continue;
		if (o->owner != n->owner) {
			snprintf(o1, sizeof(o1), "%d", o->owner);
			snprintf(o2, sizeof(o2), "%d", n->owner);
			watch_event(w, t, "channel_changed", n, "tsg", o1, o2);
		}
		if (o->enabled != n->enabled)
			watch_event(w, t, "channel_changed", n, "enabled",
				    o->enabled < 0 ? "unknown" : o->enabled ? "true" : "false",
				    n->enabled < 0 ? "unknown" : n->enabled ? "true" : "false");
		if ((o->status || n->status) &&
		    (!o->status || !n->status || strcmp(o->status, n->status)))
			watch_event(w, t, "channel_changed", n, "status",
				    o->status ? o->status : "null", n->status ? n->status : "null");
		if (o->flags != n->flags) {
			flags_text(o->flags, o1, sizeof(o1));
			flags_text(n->flags, o2, sizeof(o2));
			watch_event(w, t, "channel_changed", n, "flags", o1, o2);
		}
	}
	for (i = 0; i < a->n; i++)
		if (!wset_find(b, &a->v[i]))
			watch_event(w, t, a->v[i].tsg ? "tsg_removed" : "channel_removed",
				    &a->v[i], NULL, NULL, NULL);
}

static volatile sig_atomic_t watch_stop;

static void watch_sig(int sig)
{
	(void)sig;
	watch_stop = 1;
}

/* Poll every @ms; print what appeared, left or changed (JSON Lines with -j). */
static int watch(const struct cli_global *g, const struct gpu *gpu,
		 const struct nvs_topology *t, const int16_t *ids, unsigned int nids,
		 unsigned int ms, long count)
{
	struct wset prev = { 0 }, cur = { 0 };
	struct timespec t0, now, d = { ms / 1000, (long)(ms % 1000) * 1000000L };
	struct cli_global gc = { .json = g->json };	/* JSON Lines: never pretty */
	struct out w;
	long polls = 0;

	out_init(&w, &gc);
	signal(SIGINT, watch_sig);
	signal(SIGTERM, watch_sig);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (!watch_stop && (count <= 0 || polls < count)) {
		unsigned int i;

		cur.n = 0;
		for (i = 0; i < nids; i++) {
			struct gpu_runlist v;

			if (gpu_runlist(gpu, t, ids[i], &v) == 0)
				wset_from_view(&cur, &v);
			gpu_runlist_free(&v);
		}
		clock_gettime(CLOCK_MONOTONIC, &now);
		watch_diff(&w, (double)(now.tv_sec - t0.tv_sec) +
			   (double)(now.tv_nsec - t0.tv_nsec) / 1e9, &prev, &cur);
		{
			struct wset tmp = prev;

			prev = cur;
			cur = tmp;
		}
		polls++;
		if (count <= 0 || polls < count)
			nanosleep(&d, NULL);
	}
	free(prev.v);
	free(cur.v);
	return CLI_EXIT_OK;
}

/* the options of nvsched runlist (decode and --watch) */
struct show_opts {
	int want;		/* -r: -1 every runlist */
	bool watching;
	unsigned int interval;	/* ms */
	long count;		/* polls, 0: until interrupted */
};

static int show_opt(void *ctx, int key, char *arg)
{
	struct show_opts *o = ctx;
	char *end;

	switch (key) {
	case 'r':
		o->want = (int)strtol(arg, &end, 0);
		if (*end || o->want < 0 || o->want > 4095) {
			fprintf(stderr, "nvsched runlist: bad runlist id '%s'\n", arg);
			return CLI_EXIT_USAGE;
		}
		break;
	case 'w':
		o->watching = true;
		break;
	case 'i':
		o->interval = (unsigned int)strtoul(arg, &end, 0);
		if (*end || o->interval < 10 || o->interval > 3600000) {
			fprintf(stderr, "nvsched runlist: --interval takes 10..3600000 ms\n");
			return CLI_EXIT_USAGE;
		}
		break;
	case 'c':
		o->count = strtol(arg, &end, 0);
		if (*end || o->count < 1) {
			fprintf(stderr, "nvsched runlist: --count takes a positive number\n");
			return CLI_EXIT_USAGE;
		}
		break;
	}
	return CLI_EXIT_OK;
}

/* the runlists to show: every one in the device table, or -r N's; -1 without N */
static int show_ids(const struct gpu *gpu, const struct nvs_topology *t, int want, int16_t *ids)
{
	unsigned int i, nids = nvs_ptop_runlists(t, ids);

	if (want < 0)
		return (int)nids;
	for (i = 0; i < nids && ids[i] != want; i++)
		;
	if (i == nids) {
		fprintf(stderr, "nvsched runlist: gpu%d has no runlist %d (see nvsched engines)\n",
			gpu->index, want);
		return -1;
	}
	ids[0] = (int16_t)want;
	return 1;
}

/*
 * decode and print runlists ids[nids]; every runlist is read before anything
 * is printed, so a refusal leaves stdout empty (never half a JSON document)
 */
static int show(const struct cli_global *g, const struct gpu *gpu, const struct nvs_topology *t,
		const int16_t *ids, unsigned int nids)
{
	struct gpu_runlist *v = calloc(nids ? nids : 1, sizeof(*v));
	unsigned int i, n;
	int ret = CLI_EXIT_OK;
	struct out o;

	if (!v) {
		fprintf(stderr, "nvsched runlist: out of memory\n");
		return CLI_EXIT_FAIL;
	}
	for (n = 0; n < nids; n++) {
		int r = gpu_runlist(gpu, t, ids[n], &v[n]);

		if (r == -EPERM) {
			/* the module reads runlists through the PRAMIN window */
			fprintf(stderr, "nvsched runlist: reading runlists needs CAP_SYS_RAWIO (and no kernel lockdown): run as root (docs/security.md)\n");
			ret = CLI_EXIT_FAIL;
			goto out_free;
		}
		if (r) {
			v[n].err = r;
			v[n].loc.id = ids[n];
		}
	}
	out_init(&o, g);
	out_begin(&o, gpu);
	out_arr_begin(&o, "runlists");
	for (i = 0; i < nids; i++)
		runlist_out(&o, &v[i]);
	out_arr_end(&o);
	out_end(&o);
out_free:
	for (i = 0; i < nids; i++)	/* calloc'd: unread ones hold NULLs */
		gpu_runlist_free(&v[i]);
	free(v);
	return ret;
}

/* nvsched runlist [-r N] [--watch ...]: decode runlists */
static int runlist_show(const struct cli_global *g0, int argc, char **argv)
{
	static const struct cli_opt opts[] = {
		{ "runlist", required_argument, 'r' },
		{ "watch", no_argument, 'w' },
		{ "interval", required_argument, 'i' },
		{ "count", required_argument, 'c' },
	};
	struct show_opts so = { .want = -1, .interval = 500 };
	struct cli_global g = *g0;
	struct nvs_topology *t = NULL;
	struct gpu *gpus = NULL;
	int16_t ids[NVS_MAX_ENGINES];
	int n = 0, nids, ret;

	ret = cli_opts(&g, argc, argv, opts, sizeof(opts) / sizeof(opts[0]), 0, show_opt, &so);
	if (ret < 0) {
		printf("usage: nvsched [global options] runlist [-r N] [-j] [-p]\n"
		       "       nvsched [global options] runlist --watch [-r N] [-i MS] [--count N] [-j]\n"
		       "       nvsched [global options] runlist preempt|resubmit|disable|enable N\n"
		       "Decode runlist N (hardware id; default: every runlist): TSGs,\n"
		       "channels and their state.  --watch polls every MS (default 500)\n"
		       "and prints TSGs and channels appearing, leaving and changing\n"
		       "(JSON Lines with -j) until interrupted or --count polls.\n");
		cli_verbs_help(&runlist_vs, stdout);
		return CLI_EXIT_OK;
	}
	if (ret)
		return ret;
	ret = gpu_open_selected(&g.sel, argv[0], false, &gpus, &n);
	if (ret)
		return ret;
	if (!gpus[0].io && gpus[0].rm) {
		fprintf(stderr, "nvsched runlist: gpu%d: runlist registers need root over the rm backend (CAP_SYS_ADMIN: RM rejects register reads from other users)\n",
			gpus[0].index);
		ret = CLI_EXIT_FAIL;
		goto out;
	}
	t = malloc(sizeof(*t));
	ret = t ? gpu_topology(&gpus[0], t) : -ENOMEM;
	if (ret) {
		fprintf(stderr, "nvsched runlist: cannot read the device table: %s\n", strerror(-ret));
		ret = CLI_EXIT_FAIL;
		goto out;
	}
	nids = show_ids(&gpus[0], t, so.want, ids);
	if (nids < 0)
		ret = CLI_EXIT_FAIL;
	else if (so.watching)
		ret = watch(&g, &gpus[0], t, ids, (unsigned int)nids, so.interval, so.count);
	else
		ret = show(&g, &gpus[0], t, ids, (unsigned int)nids);
out:
	free(t);
	gpu_close_all(gpus, n);
	return ret;
}

static const struct cli_verb runlist_verbs[] = {
	{ "preempt", cmd_runlist_preempt, "preempt everything on a runlist" },
	{ "resubmit", cmd_runlist_resubmit, "resubmit a runlist as it is" },
	{ "disable", cmd_runlist_disable, "disable a runlist's scheduling" },
	{ "enable", cmd_runlist_enable, "enable a runlist's scheduling" },
};

static const struct cli_verbs runlist_vs = {
	runlist_verbs, sizeof(runlist_verbs) / sizeof(runlist_verbs[0]), runlist_show,
	NULL, NULL, "runlist",
};

int cmd_runlist(const struct cli_global *g, int argc, char **argv)
{
	return cli_verb_dispatch(g, &runlist_vs, argc, argv);
}
