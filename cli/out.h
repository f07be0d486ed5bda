/* SPDX-License-Identifier: MIT */
/*
 * out.h - one call per output field, serving the text and the JSON form of
 * a command's output alike (cli/out.c).
 *
 * Each field call names its JSON key and a text format: with -j it writes
 * the key and the value (the JSON writer's number and hex forms, CONTRACTS.md
 * section 2), without it prints the text format with the value; a NULL text
 * format makes the field JSON-only, out_text() prints text-only pieces.  Text
 * formats take the value as the call's C type: long long (%lld) for
 * out_int(), unsigned long long (%llu, %llx) for out_uint() and out_hex(),
 * double for out_double(), a string (%s) for out_str() and out_bool().
 * A key is NULL for an item of an array.
 */
#ifndef NVSCHED_CLI_OUT_H
#define NVSCHED_CLI_OUT_H

#include <stdbool.h>
#include <stdio.h>

#include "cli.h"
#include "json.h"

struct gpu;

struct out {
	bool json;
	FILE *f;		/* text output */
	struct jw w;		/* JSON output (json only) */
};

/* text or JSON (compact or pretty) on stdout, as the options say */
void out_init(struct out *o, const struct cli_global *g);
void out_init_file(struct out *o, const struct cli_global *g, FILE *f);
/* the document: JSON {"schema": 1, "gpu": {...}, (gpu non-NULL) ... }; text: nothing */
void out_begin(struct out *o, const struct gpu *gpu);
/* close the document (JSON: the object and its newline) */
void out_end(struct out *o);
/* the JSON writer in JSON mode (for a member written by lib/), else NULL */
struct jw *out_jw(struct out *o);

void out_obj_begin(struct out *o, const char *key);
void out_obj_end(struct out *o);
void out_arr_begin(struct out *o, const char *key);
void out_arr_end(struct out *o);

/* text only */
void out_text(struct out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

void out_int(struct out *o, const char *key, long long v, const char *tfmt);
void out_uint(struct out *o, const char *key, unsigned long long v, const char *tfmt);
void out_hex(struct out *o, const char *key, unsigned long long v, const char *tfmt);
void out_double(struct out *o, const char *key, double v, const char *tfmt);
/* s NULL: JSON null, no text */
void out_str(struct out *o, const char *key, const char *s, const char *tfmt);
/* text: tfmt with ttrue or tfalse (NULL: no text) */
void out_bool(struct out *o, const char *key, bool v, const char *tfmt, const char *ttrue,
	      const char *tfalse);
void out_null(struct out *o, const char *key);
/*
 * A value that may be missing (!ok): JSON the value or null; text tfmt with
 * the value, or tnull verbatim (NULL: nothing).
 */
void out_opt_int(struct out *o, const char *key, bool ok, long long v, const char *tfmt,
		 const char *tnull);
void out_opt_hex(struct out *o, const char *key, bool ok, unsigned long long v,
		 const char *tfmt, const char *tnull);
/* JSON only: v, or null when !ok */
void out_opt_bool(struct out *o, const char *key, bool ok, bool v);

#endif /* NVSCHED_CLI_OUT_H */
