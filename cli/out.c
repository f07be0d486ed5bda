// SPDX-License-Identifier: MIT
/*
 * out.c - one call per output field for text and JSON (cli/out.h).
 */
#include <stdarg.h>

#include "out.h"
#include "gpu.h"

void out_init(struct out *o, const struct cli_global *g)
{
	out_init_file(o, g, stdout);
}

void out_init_file(struct out *o, const struct cli_global *g, FILE *f)
{
	o->json = g->json;
	o->f = f;
	if (o->json)
		jw_init(&o->w, f, g->pretty);
}

void out_begin(struct out *o, const struct gpu *gpu)
{
	if (!o->json)
		return;
	jw_obj_begin(&o->w);
	if (!gpu)
		return;
	/* = gpu_json_begin(), on this output */
	JW_KEY(&o->w, "schema");
	jw_int(&o->w, 1);
	JW_KEY(&o->w, "gpu");
	gpu_json_ident(&o->w, gpu);
}

void out_end(struct out *o)
{
	if (!o->json)
		return;
	jw_obj_end(&o->w);
	jw_end_doc(&o->w);
}

struct jw *out_jw(struct out *o)
{
	return o->json ? &o->w : NULL;
}

/* JSON: the key of the next value (none in an array); false in text mode */
static bool jkey(struct out *o, const char *key)
{
	if (!o->json)
		return false;
	if (key)
		jw_key(&o->w, key);
	return true;
}

/* JSON: the key (NULL: none) and fn, opening or closing an object or array */
static void jcontainer(struct out *o, const char *key, void (*fn)(struct jw *w))
{
	if (jkey(o, key))
		fn(&o->w);
}

void out_obj_begin(struct out *o, const char *key)
{
	jcontainer(o, key, jw_obj_begin);
}

void out_obj_end(struct out *o)
{
	jcontainer(o, NULL, jw_obj_end);
}

void out_arr_begin(struct out *o, const char *key)
{
	jcontainer(o, key, jw_arr_begin);
}

void out_arr_end(struct out *o)
{
	jcontainer(o, NULL, jw_arr_end);
}

void out_text(struct out *o, const char *fmt, ...)
{
	va_list ap;

	if (o->json)
		return;
	va_start(ap, fmt);
	pr_vfile(o->f, fmt, ap);
	va_end(ap);
}

/* text: fmt with the one value that follows (fmt NULL: nothing) */
static void text1(struct out *o, const char *fmt, ...)
{
	va_list ap;

	if (!fmt)
		return;
	va_start(ap, fmt);
	pr_vfile(o->f, fmt, ap);
	va_end(ap);
}

void out_int(struct out *o, const char *key, long long v, const char *tfmt)
{
	if (jkey(o, key))
		jw_int(&o->w, v);
	else
		text1(o, tfmt, v);
}

void out_uint(struct out *o, const char *key, unsigned long long v, const char *tfmt)
{
	if (jkey(o, key))
		jw_uint(&o->w, v);
	else
		text1(o, tfmt, v);
}

void out_hex(struct out *o, const char *key, unsigned long long v, const char *tfmt)
{
	if (jkey(o, key))
		jw_hex(&o->w, v);
	else
		text1(o, tfmt, v);
}

void out_double(struct out *o, const char *key, double v, const char *tfmt)
{
	if (jkey(o, key))
		jw_double(&o->w, v);
	else
		text1(o, tfmt, v);
}

void out_str(struct out *o, const char *key, const char *s, const char *tfmt)
{
	if (jkey(o, key))
		jw_str(&o->w, s);
	else if (s)
		text1(o, tfmt, s);
}

void out_bool(struct out *o, const char *key, bool v, const char *tfmt, const char *ttrue,
	      const char *tfalse)
{
	if (jkey(o, key))
		jw_bool(&o->w, v);
	else if (v ? ttrue : tfalse)
		text1(o, tfmt, v ? ttrue : tfalse);
}

/* a missing value: JSON null, text tnull verbatim (NULL: nothing) */
static void missing(struct out *o, const char *key, const char *tnull)
{
	if (jkey(o, key))
		jw_null(&o->w);
	else if (tnull)
		fputs(tnull, o->f);
}

void out_null(struct out *o, const char *key)
{
	missing(o, key, NULL);
}

void out_opt_int(struct out *o, const char *key, bool ok, long long v, const char *tfmt,
		 const char *tnull)
{
	if (ok)
		out_int(o, key, v, tfmt);
	else
		missing(o, key, tnull);
}

void out_opt_hex(struct out *o, const char *key, bool ok, unsigned long long v,
		 const char *tfmt, const char *tnull)
{
	if (ok)
		out_hex(o, key, v, tfmt);
	else
		missing(o, key, tnull);
}

void out_opt_bool(struct out *o, const char *key, bool ok, bool v)
{
	if (ok)
		out_bool(o, key, v, NULL, NULL, NULL);
	else
		missing(o, key, NULL);
}
