// SPDX-License-Identifier: MIT
/* gpu.c - GPU discovery for the CLI: module (ioctl) or snapshot backend. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef NVSCHED_NO_LIBPCI
#include <pci/pci.h>
#endif

#include "gpu.h"
#include "nvsched.h"
#include "chip.h"
#include "sim.h"
#include "snapshot.h"
#include "ptop.h"
#include <sys/ioctl.h>

static const char *arch_of(unsigned int arch)
{
	return nvs_arch_name((enum nvs_arch)arch);
}

#ifdef NVSCHED_NO_LIBPCI
/* built without libpci (PCI_LIBS= ): no device names */
void gpu_pci_name(uint16_t vendor, uint16_t device, char *buf, int len)
{
	buf[0] = 0;
}
#else
void gpu_pci_name(uint16_t vendor, uint16_t device, char *buf, int len)
{
	struct pci_access *pacc;
	char *name;

	buf[0] = 0;
	if (!vendor)
		return;
	pacc = pci_alloc();
	if (!pacc)
		return;
	pacc->error = NULL;
	pci_init(pacc);
	name = pci_lookup_name(pacc, buf, len, PCI_LOOKUP_VENDOR | PCI_LOOKUP_DEVICE |
			       PCI_LOOKUP_NO_NUMBERS, vendor, device);
	if (!name || name != buf)
		snprintf(buf, len, "%s", name ? name : "");
	pci_cleanup(pacc);
}
#endif

static int open_snapshot(const struct gpu_select *g, const char *cmd,
			 struct gpu **gpus, int *n)
{
	struct gpu *c;
	struct nvs_ident id;
	char err[512];
	const char *bdf, *pciid;

	if (g->gpu && strcmp(g->gpu, "0")) {
		fprintf(stderr, "nvsched %s: a snapshot holds one GPU (index 0), not --gpu %s\n",
			cmd, g->gpu);
		return GPU_USAGE;
	}
	c = calloc(1, sizeof(*c));
	if (!c)
		return GPU_FAIL;
	if (nvss_parse_file(g->snapshot, &c->snap, err, sizeof(err))) {
		fprintf(stderr, "nvsched %s: %s\n", cmd, err);
		free(c);
		return GPU_USAGE;
	}
	c->sim = nvs_sim_new(c->snap, NULL, err, sizeof(err));
	if (!c->sim) {
		fprintf(stderr, "nvsched %s: %s: %s\n", cmd, g->snapshot, err);
		nvss_free(c->snap);
		free(c);
		return GPU_USAGE;
	}
	c->source = "snapshot";
	c->test = true;
	bdf = nvss_meta_get(c->snap, "bdf");
	snprintf(c->bdf, sizeof(c->bdf), "%s", bdf ? bdf : "");
	pciid = nvss_meta_get(c->snap, "pci_id");
	if (pciid) {
		unsigned int v, d;

		if (sscanf(pciid, "%x:%x", &v, &d) == 2) {
			c->vendor = v;
			c->device = d;
		}
	}
	c->arch = "unknown";
	snprintf(c->chip, sizeof(c->chip), "unknown");
	c->io = nvs_sim_io(c->sim);
	if (nvs_identify(c->io, &id) == 0) {
		gpu_set_ident(c, &id);
	}
	*gpus = c;
	*n = 1;
	return GPU_OK;
}

void gpu_set_ident(struct gpu *c, const struct nvs_ident *id)
{
	c->ident = *id;
	c->id_ok = true;
	c->chip_id = id->chip_id;
	c->boot0 = id->boot0;
	c->boot42 = id->boot42;
	c->arch = nvs_arch_name(id->arch);
	if (id->chip)
		snprintf(c->chip, sizeof(c->chip), "%s", id->chip->name);
}

void gpu_snapshot_meta(const struct gpu *c, struct nvss *s, const char *source,
		       const char *chip, const char *driver)
{
	time_t now = time(NULL);
	char buf[64];
	struct tm tm;

	snprintf(buf, sizeof(buf), "%s-%s", source, chip);
	nvss_add_meta(s, "name", buf);
	nvss_add_meta(s, "source", source);
	if (driver)
		nvss_add_meta(s, "driver", driver);
	if (c->bdf[0])
		nvss_add_meta(s, "bdf", c->bdf);
	snprintf(buf, sizeof(buf), "%04x:%04x", c->vendor, c->device);
	nvss_add_meta(s, "pci_id", buf);
	gmtime_r(&now, &tm);
	strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%SZ", &tm);
	nvss_add_meta(s, "captured", buf);
}

static void from_info(struct gpu *c, const struct nvsched_gpu_info *info)
{
	c->index = (int)info->gpu;
	if (info->flags & NVSCHED_GPU_PLATFORM)
		c->bdf[0] = 0;	/* Tegra iGPU: no PCI address */
	else
		snprintf(c->bdf, sizeof(c->bdf), "%04x:%02x:%02x.%x", info->pci_domain,
			 info->pci_bus, info->pci_devfn >> 3, info->pci_devfn & 7);
	c->vendor = info->vendor;
	c->device = info->device;
	c->id_ok = !(info->flags & NVSCHED_GPU_NO_ID);
	c->chip_id = info->chip_id;
	c->boot0 = info->boot0;
	c->boot42 = info->boot42;
	c->arch = c->id_ok ? arch_of(info->arch) : "unknown";
	snprintf(c->chip, sizeof(c->chip), "%.15s", c->id_ok ? info->name : "unknown");
	c->test = info->flags & NVSCHED_GPU_TEST;
	c->gone = info->flags & NVSCHED_GPU_GONE;
	c->source = "module";
}

/* --gpu N or BDF (with or without the domain) */
static bool gpu_matches(const char *sel, const struct gpu *c)
{
	char *end;
	long idx;

	if (!sel)
		return c->index == 0;
	idx = strtol(sel, &end, 10);
	if (*sel && !*end)
		return idx == c->index;
	if (!strcmp(sel, c->bdf))
		return true;
	return strlen(c->bdf) > 5 && !strcmp(sel, c->bdf + 5);
}

static int open_backend(const struct gpu_select *g, const char *cmd, bool all,
			struct gpu **gpus, int *n)
{
	struct nvsched_version ver;
	struct gpu *list;
	unsigned int i;
	int ret, cnt = 0;

	*gpus = NULL;
	*n = 0;
	switch (gpu_pick_backend(g)) {
	case GPU_BACKEND_RM:
		if (g->snapshot) {
			fprintf(stderr, "nvsched %s: --snapshot and --backend rm exclude each other\n", cmd);
			return GPU_USAGE;
		}
		return gpu_rm_gpus_open(g, cmd, all, gpus, n);
	case GPU_BACKEND_SNAPSHOT:
		if (!g->snapshot) {
			fprintf(stderr, "nvsched %s: --backend snapshot needs --snapshot FILE\n", cmd);
			return GPU_USAGE;
		}
		return open_snapshot(g, cmd, gpus, n);
	case GPU_BACKEND_MODULE:
		break;
	}
	ret = nvsched_version(&ver);
	if (ret) {
		fprintf(stderr, "nvsched %s: %s\n", cmd, nvsched_strerror(ret));
		return GPU_FAIL;
	}
	if (ver.abi_version != NVSCHED_ABI_VERSION) {
		fprintf(stderr, "nvsched %s: module ABI %u, tool ABI %u: reinstall both\n",
			cmd, ver.abi_version, (unsigned int)NVSCHED_ABI_VERSION);
		return GPU_FAIL;
	}
	list = calloc(ver.ngpus ? ver.ngpus : 1, sizeof(*list));
	if (!list)
		return GPU_FAIL;
	for (i = 0; i < ver.ngpus; i++) {
		struct nvsched *h = nvsched_open((int)i);
		struct nvsched_gpu_info info;
		struct gpu c = { 0 };

		if (!h) {
			fprintf(stderr, "nvsched %s: gpu%u: %s\n", cmd, i, nvsched_strerror(errno));
			continue;
		}
		ret = nvsched_gpu_info(h, &info);
		nvsched_close(h);
		if (ret) {
			fprintf(stderr, "nvsched %s: gpu%u: %s\n", cmd, i, nvsched_strerror(ret));
			continue;
		}
		from_info(&c, &info);
		if (all || gpu_matches(g->gpu, &c))
			list[cnt++] = c;
	}
	if (!all && cnt == 0) {
		fprintf(stderr, "nvsched %s: no GPU %s (%u GPU(s) found): see nvsched list\n",
			cmd, g->gpu ? g->gpu : "0", ver.ngpus);
		free(list);
		return GPU_FAIL;
	}
	*gpus = list;
	*n = cnt;
	return GPU_OK;
}

int gpu_open_selected(const struct gpu_select *g, const char *cmd, bool all,
		      struct gpu **gpus, int *n)
{
	int i, ret = open_backend(g, cmd, all, gpus, n);

	/* the backend is decided here, once: commands call through c->ops */
	for (i = 0; !ret && i < *n; i++)
		(*gpus)[i].ops = gpu_ops_for(&(*gpus)[i]);
	return ret;
}

void gpu_close_all(struct gpu *gpus, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		gpu_rm_gpu_close(&gpus[i]);
		if (gpus[i].sim)
			nvs_sim_free(gpus[i].sim);
		if (gpus[i].snap)
			nvss_free(gpus[i].snap);
	}
	free(gpus);
}

void gpu_json_begin(struct jw *w, bool pretty, const struct gpu *gpu)
{
	jw_init(w, stdout, pretty);
	jw_obj_begin(w);
	jw_kint(w, "schema", 1);
	jw_key(w, "gpu");
	gpu_json_ident(w, gpu);
}

void gpu_json_ident(struct jw *w, const struct gpu *c)
{
	jw_obj_begin(w);
	jw_kint(w, "index", c->index);
	jw_kstr(w, "bdf", c->bdf[0] ? c->bdf : NULL);
	jw_key(w, "chip_id");
	if (c->id_ok)
		jw_hex(w, c->chip_id);
	else
		jw_null(w);
	jw_kstr(w, "chip", c->id_ok ? c->chip : "unknown");
	jw_kstr(w, "arch", c->arch);
	jw_obj_end(w);
}

static void jw_id_or_null(struct jw *w, int v)
{
	if (v < 0)
		jw_null(w);
	else
		jw_int(w, v);
}

void gpu_json_topology(struct jw *w, const struct nvs_topology *t)
{
	int16_t ids[NVS_MAX_ENGINES];
	unsigned int i, j, nrl;

	jw_key(w, "engines");
	jw_arr_begin(w);
	for (i = 0; i < t->n; i++) {
		const struct nvs_engine *e = &t->eng[i];
		const char *name = nvs_engine_type_name(e->type);
		char tb[16];

		if (!name) {
			snprintf(tb, sizeof(tb), "TYPE%u", e->type);
			name = tb;
		}
		jw_obj_begin(w);
		jw_kstr(w, "type", name);
		jw_kint(w, "instance", e->instance);
		jw_key(w, "runlist");
		jw_id_or_null(w, e->runlist);
		jw_key(w, "fault_id");
		jw_id_or_null(w, e->fault_id);
		jw_key(w, "reset_id");
		jw_id_or_null(w, e->reset_id);
		jw_khex(w, "pri_base", e->pri_base);
		jw_key(w, "runlist_pri_base");
		if (e->runlist_pri_base)
			jw_hex(w, e->runlist_pri_base);
		else
			jw_null(w);
		jw_key(w, "rleng_id");
		jw_id_or_null(w, e->rleng_id);
		jw_kbool(w, "is_engine", e->is_engine);
		jw_obj_end(w);
	}
	jw_arr_end(w);

	nrl = nvs_ptop_runlists(t, ids);
	jw_key(w, "runlists");
	jw_arr_begin(w);
	for (i = 0; i < nrl; i++) {
		uint32_t base = 0;

		for (j = 0; j < t->n; j++)
			if (t->eng[j].runlist == ids[i] && t->eng[j].runlist_pri_base)
				base = t->eng[j].runlist_pri_base;
		jw_obj_begin(w);
		jw_kint(w, "id", ids[i]);
		jw_key(w, "pri_base");
		if (base)
			jw_hex(w, base);
		else
			jw_null(w);
		jw_key(w, "engines");
		jw_arr_begin(w);
		for (j = 0; j < t->n; j++)
			if (t->eng[j].runlist == ids[i])
				jw_int(w, j);
		jw_arr_end(w);
		jw_obj_end(w);
	}
	jw_arr_end(w);
}
