/* SPDX-License-Identifier: MIT */
/*
 * json.h - small JSON reader (DOM) and writer for the nvsched CLI.
 *
 * Reader: json_parse() builds a tree of struct json values; errors carry
 * line and column.  Writer: struct jw emits compact or pretty JSON with
 * automatic commas; hex values are strings "0x..." (CONTRACTS.md §2).
 */
#ifndef NVSCHED_JSON_H
#define NVSCHED_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

enum json_type { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT };

struct json {
	enum json_type type;
	bool b;
	double num;
	char *str;		/* JSON_STRING (NUL-terminated, may not contain NUL) */
	size_t n;		/* number of items / members */
	struct json **items;	/* JSON_ARRAY items, JSON_OBJECT member values */
	char **keys;		/* JSON_OBJECT member names, parallel to items */
};

/* Parse; NULL on error with "line L col C: message" in err. */
struct json *json_parse(const char *text, size_t len, char *err, size_t errlen);
/* Read and parse a file ("-" = stdin); err gets "FILE: line L col C: ...". */
struct json *json_parse_file(const char *path, char *err, size_t errlen);
void json_free(struct json *j);
/*
 * The two halves of json_parse_file(): the whole file in a malloc'd buffer
 * (NUL after len bytes; NULL with "FILE: reason" in err), and its parse,
 * which takes the buffer (freed with the document or on error; strings
 * point into it) and reports errors as json_parse_file().
 */
char *json_read_file(const char *path, size_t *len, char *err, size_t errlen);
struct json *json_parse_buffer(char *text, size_t len, const char *path, char *err,
			       size_t errlen);
/*
 * A JSON number at s, exactly as the reader reads it (value correctly
 * rounded): 0 with *out and *stop (the end of the number), or < 0 where
 * the reader reports an error.
 */
int json_read_number(const char *s, const char *end, double *out, const char **stop);

/* Object member lookup (first match) or NULL. */
const struct json *json_get(const struct json *obj, const char *key);
/* Typed helpers: return false when absent or of another type. */
bool json_get_number(const struct json *obj, const char *key, double *out);
const char *json_get_string(const struct json *obj, const char *key);
const struct json *json_get_array(const struct json *obj, const char *key);
/*
 * A number with no fractional part below 2^53 in magnitude (2^53 is also
 * what 9007199254740993 reads as: not one integer for certain).
 */
bool json_is_int(const struct json *j);

/* ---- writer ---- */
#define JW_MAX_DEPTH 64
struct jw {
	FILE *f;
	bool pretty;
	int depth;
	bool first[JW_MAX_DEPTH];	/* no item yet at this level */
	bool after_key;
	char *ob;		/* jw_buffer(): output collected here, else to f */
	size_t olen, ocap;
};

void jw_init(struct jw *w, FILE *f, bool pretty);
/*
 * Collect the output in buf (cap bytes) and write it to f in one fwrite
 * when full and at jw_flush() (several documents may share the buffer);
 * cap 0: unbuffered again.  What an earlier buffer holds is written first.
 * Whoever writes to f directly, or ends, must jw_flush() first.
 */
void jw_buffer(struct jw *w, char *buf, size_t cap);
void jw_flush(struct jw *w);
void jw_obj_begin(struct jw *w);
void jw_obj_end(struct jw *w);
void jw_arr_begin(struct jw *w);
void jw_arr_end(struct jw *w);
void jw_key(struct jw *w, const char *key);
/* jw_key() of a key of len bytes that needs no escape (a literal: JW_KEY) */
void jw_keyn(struct jw *w, const char *key, size_t len);
#define JW_KEY(w, lit) jw_keyn((w), "" lit, sizeof(lit) - 1)
void jw_str(struct jw *w, const char *s);	/* NULL prints null */
void jw_int(struct jw *w, long long v);
void jw_uint(struct jw *w, unsigned long long v);
void jw_double(struct jw *w, double v);	/* shortest round-trip form; non-finite -> null */
void jw_bool(struct jw *w, bool v);
void jw_null(struct jw *w);
void jw_hex(struct jw *w, unsigned long long v);	/* "0x1a2b" */
/*
 * One call per field: the key and its value (the key is escaped as by
 * jw_key()).
 */
static inline void jw_kint(struct jw *w, const char *k, long long v)
{
	jw_key(w, k);
	jw_int(w, v);
}

static inline void jw_kuint(struct jw *w, const char *k, unsigned long long v)
{
	jw_key(w, k);
	jw_uint(w, v);
}

static inline void jw_kstr(struct jw *w, const char *k, const char *v)
{
	jw_key(w, k);
	jw_str(w, v);
}

static inline void jw_kdouble(struct jw *w, const char *k, double v)
{
	jw_key(w, k);
	jw_double(w, v);
}

static inline void jw_kbool(struct jw *w, const char *k, bool v)
{
	jw_key(w, k);
	jw_bool(w, v);
}

static inline void jw_khex(struct jw *w, const char *k, unsigned long long v)
{
	jw_key(w, k);
	jw_hex(w, v);
}

/* End a top-level document: newline. */
void jw_end_doc(struct jw *w);

/*
 * The one printf wrapper family of cli/ and lib/: to a FILE (pr_file() is
 * an nvs_printf_fn with ctx the FILE *) or appended to buf[size] at *len
 * (nothing once *len >= size; *len grows by what vsnprintf() would write).
 */
void pr_vfile(FILE *f, const char *fmt, va_list ap);
void pr_file(void *ctx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void pr_vbuf(char *buf, size_t size, size_t *len, const char *fmt, va_list ap);
void pr_buf(char *buf, size_t size, size_t *len, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

#endif /* NVSCHED_JSON_H */
