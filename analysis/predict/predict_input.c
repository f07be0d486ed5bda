// SPDX-License-Identifier: MIT
/*
 * predict_input.c - the kernel sequence file of nvsched predict
 * (CONTRACTS.md §4): { "schema": 1, "gpu": NAME | {...}, "kernels": [...] }.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "nvsched/errbuf.h"
#include "predict.h"

/* 1: present and set; 0: absent; -1: wrong type (message set). */
static int get_long(const struct json *o, const char *key, long *out, const char *what,
		    char *err, size_t errlen)
{
	const struct json *v = json_get(o, key);

	if (!v)
		return 0;
	if (!json_is_int(v) || fabs(v->num) > 1e15) {
		nvs_seterr(err, errlen, "%s: \"%s\" must be an integer", what, key);
		return -1;
	}
	*out = (long)v->num;
	return 1;
}

/* "base" (a profile to start from) and "name"; 0 or -1 with a message */
static int gpu_base_and_name(const struct json *o, struct pred_gpu *g, const char *base,
			     char *err, size_t errlen)
{
	const char *name = json_get_string(o, "name");

	memset(g, 0, sizeof(*g));
	if (json_get(o, "base") && !base) {
		nvs_seterr(err, errlen, "gpu: \"base\" must be a profile name");
		return -1;
	}
	if (base) {
		const struct pred_gpu *p = pred_profile_find(base);

		if (!p) {
			nvs_seterr(err, errlen, "gpu: unknown base profile '%s'", base);
			return -1;
		}
		*g = *p;
	} else {
		g->warp_size = 32;
		g->max_threads_per_block = 1024;
	}
	if (json_get(o, "name") && !name) {
		nvs_seterr(err, errlen, "gpu: \"name\" must be a string");
		return -1;
	}
	snprintf(g->name, sizeof(g->name), "%s", name ? name : base ? base : "custom");
	return 0;
}

/* the integer keys (required without a base); 0 or -1 with a message */
static int gpu_ints_from_json(const struct json *o, struct pred_gpu *g, bool base,
			      char *err, size_t errlen)
{
	size_t i;

	for (i = 0; i < PRED_GI_N; i++) {
		const char *key = pred_gpu_int_key(i);
		long v;
		int r = get_long(o, key, &v, "gpu", err, errlen);

		if (r < 0)
			return -1;
		if (r == 0 && !base && i < PRED_GI_REQUIRED) {
			nvs_seterr(err, errlen, "gpu: missing \"%s\"", key);
			return -1;
		}
		if (r > 0) {
			if (v < 0 || v > 0x7fffffffL) {
				nvs_seterr(err, errlen, "gpu: \"%s\" out of range", key);
				return -1;
			}
			pred_gpu_set_int(g, i, v);
		}
	}
	return 0;
}

/* boolean key of the gpu object into *out when given; -1 with a message when not a boolean */
static int gpu_bool(const struct json *o, const char *key, bool *out, char *err, size_t errlen)
{
	const struct json *v = json_get(o, key);

	if (!v)
		return 0;
	if (v->type != JSON_BOOL) {
		nvs_seterr(err, errlen, "gpu: \"%s\" must be true or false", key);
		return -1;
	}
	*out = v->b;
	return 0;
}

/*
 * "smem_config_scope", "sm_order", "lmem_waits_for_idle", "smem_config_sticky",
 * "reconfig_wait_first" and "tie_break_next"
 */
static int gpu_modes_from_json(const struct json *o, struct pred_gpu *g, char *err,
			       size_t errlen)
{
	const struct json *v = json_get(o, "smem_config_scope");
	bool waits;

	if (v) {
		if (v->type != JSON_STRING || (strcmp(v->str, "tpc") && strcmp(v->str, "sm"))) {
			nvs_seterr(err, errlen, "gpu: \"smem_config_scope\" must be \"tpc\" or \"sm\"");
			return -1;
		}
		g->smem_config_per_sm = !strcmp(v->str, "sm");
	}
	v = json_get(o, "sm_order");
	if (v) {
		if (v->type != JSON_STRING || (strcmp(v->str, "paper") &&
					       (strcmp(v->str, "gpc-rotation") || !g->sm_vgpc))) {
			nvs_seterr(err, errlen,
			       "gpu: \"sm_order\" must be \"paper\" (or \"gpc-rotation\" for a profile that has an SM-to-GPC map)");
			return -1;
		}
		if (!strcmp(v->str, "paper"))
			g->sm_vgpc = NULL;
	}
	waits = !g->lmem_no_wait;
	if (gpu_bool(o, "lmem_waits_for_idle", &waits, err, errlen) ||
	    gpu_bool(o, "smem_config_sticky", &g->smem_config_sticky, err, errlen) ||
	    gpu_bool(o, "reconfig_wait_first", &g->reconfig_wait_first, err, errlen) ||
	    gpu_bool(o, "tie_break_next", &g->tie_break_next, err, errlen))
		return -1;
	g->lmem_no_wait = !waits;
	return 0;
}

/* "smem_configs" (required without a base) */
static int gpu_smem_configs_from_json(const struct json *o, struct pred_gpu *g, bool base,
				      char *err, size_t errlen)
{
	const struct json *cfg = json_get(o, "smem_configs");
	size_t i;

	if (!cfg) {
		if (base)
			return 0;
		nvs_seterr(err, errlen, "gpu: missing \"smem_configs\"");
		return -1;
	}
	if (cfg->type != JSON_ARRAY || cfg->n < 1 || cfg->n > PRED_MAX_SMEM_CONFIGS) {
		nvs_seterr(err, errlen, "gpu: \"smem_configs\" must be an array of 1..%d sizes",
		       PRED_MAX_SMEM_CONFIGS);
		return -1;
	}
	for (i = 0; i < cfg->n; i++) {
		if (!json_is_int(cfg->items[i]) || cfg->items[i]->num < 0 ||
		    cfg->items[i]->num > 0x7fffffff) {
			nvs_seterr(err, errlen, "gpu: \"smem_configs\" must hold byte counts");
			return -1;
		}
		g->smem_configs[i] = (long)cfg->items[i]->num;
	}
	g->n_smem_configs = (int)cfg->n;
	return 0;
}

int pred_gpu_from_json(const struct json *o, struct pred_gpu *g, char *err, size_t errlen)
{
	const char *base = json_get_string(o, "base");

	if (!o || o->type != JSON_OBJECT) {
		nvs_seterr(err, errlen, "\"gpu\" must be a profile name or an object");
		return -1;
	}
	if (gpu_base_and_name(o, g, base, err, errlen) ||
	    gpu_ints_from_json(o, g, base != NULL, err, errlen) ||
	    gpu_modes_from_json(o, g, err, errlen) ||
	    gpu_smem_configs_from_json(o, g, base != NULL, err, errlen))
		return -1;
	if (!json_get(o, "max_smem_per_block") && !base)
		g->max_smem_per_block = g->smem_configs[g->n_smem_configs - 1] -
					g->runtime_smem_per_block;
	return pred_gpu_check(g, err, errlen);
}

void pred_input_free(struct pred_input *in)
{
	free(in->kernels);
	memset(in, 0, sizeof(*in));
}

static int kernel_from_json(const struct json *o, size_t idx, struct pred_kernel *k,
			    char *err, size_t errlen)
{
	static const char *const req[] = { "blocks", "threads", "regs" };
	const struct json *v;
	char what[PRED_NAME_LEN + 32];
	long val;
	size_t i;
	int r;

	memset(k, 0, sizeof(*k));
	k->duration = -1;
	if (o->type != JSON_OBJECT) {
		nvs_seterr(err, errlen, "kernels[%zu] must be an object", idx);
		return -1;
	}
	v = json_get(o, "name");
	if (v && v->type != JSON_STRING) {
		nvs_seterr(err, errlen, "kernels[%zu]: \"name\" must be a string", idx);
		return -1;
	}
	if (v)
		snprintf(k->name, sizeof(k->name), "%s", v->str);
	else
		snprintf(k->name, sizeof(k->name), "k%zu", idx + 1);
	snprintf(what, sizeof(what), "kernel '%s'", k->name);
	for (i = 0; i < 3; i++) {
		r = get_long(o, req[i], &val, what, err, errlen);
		if (r < 0)
			return -1;
		if (r == 0) {
			nvs_seterr(err, errlen, "%s: missing \"%s\"", what, req[i]);
			return -1;
		}
		if (val < 0 || val > 0x7fffffffL) {
			nvs_seterr(err, errlen, "%s: \"%s\" out of range", what, req[i]);
			return -1;
		}
		if (i == 0)
			k->blocks = val;
		else if (i == 1)
			k->threads = (int)val;
		else
			k->regs = (int)val;
	}
	if (get_long(o, "smem", &k->smem, what, err, errlen) < 0 ||
	    get_long(o, "lmem", &k->lmem, what, err, errlen) < 0)
		return -1;
	if (k->smem < 0 || k->lmem < 0) {
		nvs_seterr(err, errlen, "%s: smem and lmem must be >= 0", what);
		return -1;
	}
	v = json_get(o, "duration");
	if (v && v->type != JSON_NULL) {
		if (v->type != JSON_NUMBER || !(v->num >= 0) || !isfinite(v->num)) {
			nvs_seterr(err, errlen, "%s: \"duration\" must be a number >= 0 (seconds)", what);
			return -1;
		}
		k->duration = v->num;
	}
	return 0;
}

int pred_input_parse(const struct json *doc, const char *profile, struct pred_input *in,
		     char *err, size_t errlen)
{
	const struct json *gpu, *ks;
	double schema;
	size_t i;

	memset(in, 0, sizeof(*in));
	if (!doc || doc->type != JSON_OBJECT) {
		nvs_seterr(err, errlen, "the document must be a JSON object");
		return -1;
	}
	if (!json_get_number(doc, "schema", &schema) || schema != 1) {
		nvs_seterr(err, errlen, "\"schema\" must be 1");
		return -1;
	}
	gpu = json_get(doc, "gpu");
	if (profile) {
		const struct pred_gpu *p = pred_profile_find(profile);

		if (!p) {
			nvs_seterr(err, errlen, "unknown GPU profile '%s'", profile);
			return -1;
		}
		in->gpu = *p;
		in->gpu_named = true;
	} else if (!gpu) {
		nvs_seterr(err, errlen, "missing \"gpu\" (a profile name or an object)");
		return -1;
	} else if (gpu->type == JSON_STRING) {
		const struct pred_gpu *p = pred_profile_find(gpu->str);

		if (!p) {
			nvs_seterr(err, errlen, "unknown GPU profile '%s'", gpu->str);
			return -1;
		}
		in->gpu = *p;
		in->gpu_named = true;
	} else if (pred_gpu_from_json(gpu, &in->gpu, err, errlen)) {
		return -1;
	}
	ks = json_get(doc, "kernels");
	if (!ks || ks->type != JSON_ARRAY) {
		nvs_seterr(err, errlen, "missing \"kernels\" array");
		return -1;
	}
	in->kernels = calloc(ks->n ? ks->n : 1, sizeof(*in->kernels));
	if (!in->kernels) {
		nvs_seterr(err, errlen, "out of memory");
		return -1;
	}
	in->nkernels = ks->n;
	for (i = 0; i < ks->n; i++)
		if (kernel_from_json(ks->items[i], i, &in->kernels[i], err, errlen)) {
			pred_input_free(in);
			return -1;
		}
	return 0;
}
