// SPDX-License-Identifier: MIT
/* json.c - see json.h */
#include "json.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define JSON_MAX_NEST 200

struct jp {
	const char *s, *end, *line_start;
	unsigned line;
	char *err;
	size_t errlen;
	bool failed;
};

static void jp_fail(struct jp *p, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (p->failed)
		return;
	p->failed = true;
	n = snprintf(p->err, p->errlen, "line %u col %u: ", p->line,
		     (unsigned)(p->s - p->line_start) + 1);
	if (n < 0 || (size_t)n >= p->errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(p->err + n, p->errlen - n, fmt, ap);
	va_end(ap);
}

static void jp_ws(struct jp *p)
{
	while (p->s < p->end) {
		char c = *p->s;

		if (c == '\n') {
			p->line++;
			p->line_start = p->s + 1;
		} else if (c != ' ' && c != '\t' && c != '\r') {
			break;
		}
		p->s++;
	}
}

static struct json *jnew(enum json_type t)
{
	struct json *j = calloc(1, sizeof(*j));

	if (j)
		j->type = t;
	return j;
}

static int push(struct json *j, char *key, struct json *v)
{
	if ((j->n & (j->n - 1)) == 0) {	/* grow at powers of two */
		size_t cap = j->n ? j->n * 2 : 4;
		struct json **it = realloc(j->items, cap * sizeof(*it));

		if (!it)
			return -1;
		j->items = it;
		if (j->type == JSON_OBJECT) {
			char **k = realloc(j->keys, cap * sizeof(*k));

			if (!k)
				return -1;
			j->keys = k;
		}
	}
	if (j->type == JSON_OBJECT)
		j->keys[j->n] = key;
	j->items[j->n++] = v;
	return 0;
}

static void put_utf8(char **o, unsigned cp)
{
	char *q = *o;

	if (cp < 0x80) {
		*q++ = (char)cp;
	} else if (cp < 0x800) {
		*q++ = (char)(0xc0 | (cp >> 6));
		*q++ = (char)(0x80 | (cp & 0x3f));
	} else if (cp < 0x10000) {
		*q++ = (char)(0xe0 | (cp >> 12));
		*q++ = (char)(0x80 | ((cp >> 6) & 0x3f));
		*q++ = (char)(0x80 | (cp & 0x3f));
	} else {
		*q++ = (char)(0xf0 | (cp >> 18));
		*q++ = (char)(0x80 | ((cp >> 12) & 0x3f));
		*q++ = (char)(0x80 | ((cp >> 6) & 0x3f));
		*q++ = (char)(0x80 | (cp & 0x3f));
	}
	*o = q;
}

static int hex4(struct jp *p, unsigned *out)
{
	unsigned v = 0;
	int i;

	if (p->end - p->s < 4) {
		jp_fail(p, "truncated \\u escape");
		return -1;
	}
	for (i = 0; i < 4; i++) {
		char c = p->s[i];

		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= c - '0';
		else if (c >= 'a' && c <= 'f')
			v |= c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			v |= c - 'A' + 10;
		else {
			jp_fail(p, "bad \\u escape");
			return -1;
		}
	}
	p->s += 4;
	*out = v;
	return 0;
}

static char *jp_string(struct jp *p)
{
	const char *start = ++p->s;	/* skip the quote */
	char *buf, *o;

	/* output is never longer than the input */
	while (p->s < p->end && *p->s != '"') {
		if (*p->s == '\\')
			p->s++;
		p->s++;
	}
	if (p->s >= p->end) {
		jp_fail(p, "unterminated string");
		return NULL;
	}
	buf = malloc(p->s - start + 1);
	if (!buf) {
		jp_fail(p, "out of memory");
		return NULL;
	}
	p->s = start;
	o = buf;
	while (*p->s != '"') {
		unsigned char c = (unsigned char)*p->s++;
		unsigned cp, lo;

		if (c < 0x20) {
			jp_fail(p, "control character in string");
			goto bad;
		}
		if (c != '\\') {
			*o++ = (char)c;
			continue;
		}
		c = (unsigned char)*p->s++;
		switch (c) {
		case '"': *o++ = '"'; break;
		case '\\': *o++ = '\\'; break;
		case '/': *o++ = '/'; break;
		case 'b': *o++ = '\b'; break;
		case 'f': *o++ = '\f'; break;
		case 'n': *o++ = '\n'; break;
		case 'r': *o++ = '\r'; break;
		case 't': *o++ = '\t'; break;
		case 'u':
			if (hex4(p, &cp))
				goto bad;
			if (cp >= 0xd800 && cp < 0xdc00 && p->end - p->s >= 6 &&
			    p->s[0] == '\\' && p->s[1] == 'u') {
				p->s += 2;
				if (hex4(p, &lo))
					goto bad;
				if (lo < 0xdc00 || lo > 0xdfff) {
					jp_fail(p, "bad surrogate pair");
					goto bad;
				}
				cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
			}
			if (cp == 0) {
				jp_fail(p, "\\u0000 not supported");
				goto bad;
			}
			put_utf8(&o, cp);
			break;
		default:
			jp_fail(p, "bad escape '\\%c'", c);
			goto bad;
		}
	}
	p->s++;
	*o = 0;
	return buf;
bad:
	free(buf);
	return NULL;
}

static struct json *jp_value(struct jp *p, int depth);

static struct json *jp_number(struct jp *p)
{
	const char *q = p->s;
	char tmp[64];
	char *endp;
	struct json *j;
	size_t n;

	if (q < p->end && *q == '-')
		q++;
	if (q >= p->end || !(*q >= '0' && *q <= '9')) {
		jp_fail(p, "bad number");
		return NULL;
	}
	while (q < p->end && ((*q >= '0' && *q <= '9') || *q == '.' || *q == 'e' ||
			      *q == 'E' || *q == '+' || *q == '-'))
		q++;
	n = q - p->s;
	if (n >= sizeof(tmp)) {
		jp_fail(p, "number too long");
		return NULL;
	}
	memcpy(tmp, p->s, n);
	tmp[n] = 0;
	errno = 0;
	j = jnew(JSON_NUMBER);
	if (!j) {
		jp_fail(p, "out of memory");
		return NULL;
	}
	j->num = strtod(tmp, &endp);
	if (*endp || errno == ERANGE || !isfinite(j->num)) {
		free(j);
		jp_fail(p, "bad number '%s'", tmp);
		return NULL;
	}
	p->s = q;
	return j;
}

static bool jp_lit(struct jp *p, const char *lit)
{
	size_t n = strlen(lit);

	if ((size_t)(p->end - p->s) >= n && !memcmp(p->s, lit, n)) {
		p->s += n;
		return true;
	}
	return false;
}

static struct json *jp_container(struct jp *p, int depth, bool obj)
{
	struct json *j = jnew(obj ? JSON_OBJECT : JSON_ARRAY);
	char close = obj ? '}' : ']';

	if (!j) {
		jp_fail(p, "out of memory");
		return NULL;
	}
	p->s++;
	jp_ws(p);
	if (p->s < p->end && *p->s == close) {
		p->s++;
		return j;
	}
	for (;;) {
		char *key = NULL;
		struct json *v;

		jp_ws(p);
		if (obj) {
			if (p->s >= p->end || *p->s != '"') {
				jp_fail(p, "expected a member name");
				goto bad;
			}
			key = jp_string(p);
			if (!key)
				goto bad;
			jp_ws(p);
			if (p->s >= p->end || *p->s != ':') {
				free(key);
				jp_fail(p, "expected ':'");
				goto bad;
			}
			p->s++;
		}
		v = jp_value(p, depth + 1);
		if (!v || push(j, key, v)) {
			free(key);
			json_free(v);
			goto bad;
		}
		jp_ws(p);
		if (p->s < p->end && *p->s == ',') {
			p->s++;
			continue;
		}
		if (p->s < p->end && *p->s == close) {
			p->s++;
			return j;
		}
		jp_fail(p, "expected ',' or '%c'", close);
		goto bad;
	}
bad:
	json_free(j);
	return NULL;
}

static struct json *jp_value(struct jp *p, int depth)
{
	struct json *j;

	if (depth > JSON_MAX_NEST) {
		jp_fail(p, "nesting too deep");
		return NULL;
	}
	jp_ws(p);
	if (p->s >= p->end) {
		jp_fail(p, "unexpected end of input");
		return NULL;
	}
	switch (*p->s) {
	case '{':
		return jp_container(p, depth, true);
	case '[':
		return jp_container(p, depth, false);
	case '"': {
		char *s = jp_string(p);

		if (!s)
			return NULL;
		j = jnew(JSON_STRING);
		if (!j) {
			free(s);
			jp_fail(p, "out of memory");
			return NULL;
		}
		j->str = s;
		return j;
	}
	case 't':
	case 'f':
	case 'n':
		if (jp_lit(p, "true") || jp_lit(p, "false")) {
			j = jnew(JSON_BOOL);
			if (j)
				j->b = p->s[-1] == 'e' && p->s[-2] == 'u';
			return j;
		}
		if (jp_lit(p, "null"))
			return jnew(JSON_NULL);
		jp_fail(p, "unexpected token");
		return NULL;
	default:
		return jp_number(p);
	}
}

struct json *json_parse(const char *text, size_t len, char *err, size_t errlen)
{
	struct jp p = { text, text + len, text, 1, err, errlen, false };
	struct json *j;

	if (errlen)
		err[0] = 0;
	j = jp_value(&p, 0);
	if (!j)
		return NULL;
	jp_ws(&p);
	if (p.s != p.end) {
		jp_fail(&p, "trailing characters after the JSON value");
		json_free(j);
		return NULL;
	}
	return j;
}

struct json *json_parse_file(const char *path, char *err, size_t errlen)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	char *buf = NULL, sub[256];
	size_t len = 0, cap = 0;
	struct json *j;

	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	for (;;) {
		size_t r;

		if (cap - len < 65536) {
			char *nb = realloc(buf, cap + 65536 + 1);

			if (!nb) {
				free(buf);
				if (f != stdin)
					fclose(f);
				snprintf(err, errlen, "%s: out of memory", path);
				return NULL;
			}
			buf = nb;
			cap += 65536;
		}
		r = fread(buf + len, 1, cap - len, f);
		len += r;
		if (r == 0)
			break;
	}
	if (ferror(f)) {
		snprintf(err, errlen, "%s: read error", path);
		free(buf);
		if (f != stdin)
			fclose(f);
		return NULL;
	}
	if (f != stdin)
		fclose(f);
	j = json_parse(buf ? buf : "", len, sub, sizeof(sub));
	if (!j)
		snprintf(err, errlen, "%s: %s", path, sub);
	free(buf);
	return j;
}

void json_free(struct json *j)
{
	size_t i;

	if (!j)
		return;
	for (i = 0; i < j->n; i++) {
		json_free(j->items[i]);
		if (j->keys)
			free(j->keys[i]);
	}
	free(j->items);
	free(j->keys);
	free(j->str);
	free(j);
}

const struct json *json_get(const struct json *obj, const char *key)
{
	size_t i;

	if (!obj || obj->type != JSON_OBJECT)
		return NULL;
	for (i = 0; i < obj->n; i++)
		if (!strcmp(obj->keys[i], key))
			return obj->items[i];
	return NULL;
}

bool json_get_number(const struct json *obj, const char *key, double *out)
{
	const struct json *v = json_get(obj, key);

	if (!v || v->type != JSON_NUMBER)
		return false;
	*out = v->num;
	return true;
}

const char *json_get_string(const struct json *obj, const char *key)
{
	const struct json *v = json_get(obj, key);

	return v && v->type == JSON_STRING ? v->str : NULL;
}

const struct json *json_get_array(const struct json *obj, const char *key)
{
	const struct json *v = json_get(obj, key);

	return v && v->type == JSON_ARRAY ? v : NULL;
}

bool json_is_int(const struct json *j)
{
	return j && j->type == JSON_NUMBER && j->num == floor(j->num) &&
	       fabs(j->num) < 9007199254740992.0;
}

/* ---- writer ---- */

void jw_init(struct jw *w, FILE *f, bool pretty)
{
	memset(w, 0, sizeof(*w));
	w->f = f;
	w->pretty = pretty;
	w->first[0] = true;
}

static void jw_indent(struct jw *w)
{
	int i;

	fputc('\n', w->f);
	for (i = 0; i < w->depth; i++)
		fputs("  ", w->f);
}

/* Called before every value or key. */
static void jw_pre(struct jw *w)
{
	if (w->after_key) {
		w->after_key = false;
		return;
	}
	if (w->depth == 0)
		return;
	if (!w->first[w->depth])
		fputc(',', w->f);
	w->first[w->depth] = false;
	if (w->pretty)
		jw_indent(w);
}

static void jw_open(struct jw *w, char c)
{
	jw_pre(w);
	fputc(c, w->f);
	if (w->depth < JW_MAX_DEPTH - 1)
		w->depth++;
	w->first[w->depth] = true;
}

static void jw_close(struct jw *w, char c)
{
	bool empty = w->first[w->depth];

	if (w->depth > 0)
		w->depth--;
	if (w->pretty && !empty)
		jw_indent(w);
	fputc(c, w->f);
}

void jw_obj_begin(struct jw *w) { jw_open(w, '{'); }
void jw_obj_end(struct jw *w) { jw_close(w, '}'); }
void jw_arr_begin(struct jw *w) { jw_open(w, '['); }
void jw_arr_end(struct jw *w) { jw_close(w, ']'); }

static void jw_quoted(struct jw *w, const char *s)
{
	fputc('"', w->f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(w->f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", w->f);
		else if (c == '\t')
			fputs("\\t", w->f);
		else if (c < 0x20)
			fprintf(w->f, "\\u%04x", c);
		else
			fputc(c, w->f);
	}
	fputc('"', w->f);
}

void jw_key(struct jw *w, const char *key)
{
	jw_pre(w);
	jw_quoted(w, key);
	fputs(w->pretty ? ": " : ":", w->f);
	w->after_key = true;
}

void jw_str(struct jw *w, const char *s)
{
	if (!s) {
		jw_null(w);
		return;
	}
	jw_pre(w);
	jw_quoted(w, s);
}

void jw_int(struct jw *w, long long v)
{
	jw_pre(w);
	fprintf(w->f, "%lld", v);
}

void jw_uint(struct jw *w, unsigned long long v)
{
	jw_pre(w);
	fprintf(w->f, "%llu", v);
}

void jw_double(struct jw *w, double v)
{
	char buf[40];

	if (!isfinite(v)) {
		jw_null(w);
		return;
	}
	jw_pre(w);
	/* shortest form that reads back as the same double */
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, sizeof(buf), "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	/* keep it a JSON number that reads back as a double */
	if (!strpbrk(buf, ".eEn"))
		strcat(buf, ".0");
	fputs(buf, w->f);
}

void jw_bool(struct jw *w, bool v)
{
	jw_pre(w);
	fputs(v ? "true" : "false", w->f);
}

void jw_null(struct jw *w)
{
	jw_pre(w);
	fputs("null", w->f);
}

void jw_hex(struct jw *w, unsigned long long v)
{
	jw_pre(w);
	fprintf(w->f, "\"0x%llx\"", v);
}

void jw_end_doc(struct jw *w)
{
	fputc('\n', w->f);
	w->depth = 0;
	w->first[0] = true;
	w->after_key = false;
}
