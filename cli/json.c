// SPDX-License-Identifier: MIT
/* json.c - see json.h */
#include "json.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define JSON_MAX_NEST 200

/*
 * Every value of one document lives in an arena (a list of chunks) that
 * json_free() releases at once; the root is the first member of struct
 * jdoc.  Container items are collected on a scratch stack and copied into
 * the arena when the container closes.
 */
struct achunk {
	struct achunk *next;
	size_t cap, used;
	max_align_t data[];
};

struct jdoc {
	struct json root;	/* first: json_free() casts back */
	struct achunk *chunks;
};

struct jp {
	const char *s, *end, *line_start, *text;
	unsigned line;
	char *err;
	size_t errlen;
	bool failed;
	struct achunk *chunks;
	struct json **stk;	/* scratch: items of the open containers */
	char **kstk;		/* ... and their keys */
	size_t sp, scap;
};

/* One spare 64 KiB chunk, reused by the next document (batch mode). */
static struct achunk *chunk_cache;

static void *aalloc(struct jp *p, size_t n)
{
	struct achunk *c = p->chunks;
	void *r;

	n = (n + 15) & ~(size_t)15;
	if (!c || c->cap - c->used < n) {
		size_t cap = n > 65536 ? n : 65536;

		c = NULL;
		if (cap == 65536)	/* the last document's first chunk */
			c = __atomic_exchange_n(&chunk_cache, NULL, __ATOMIC_ACQ_REL);
		if (!c)
			c = malloc(sizeof(*c) + cap);
		if (!c)
			return NULL;
		c->cap = cap;
		c->used = 0;
		c->next = p->chunks;
		p->chunks = c;
	}
	r = (char *)c->data + c->used;
	c->used += n;
	return r;
}

static void afree(struct achunk *c)
{
	while (c) {
		struct achunk *next = c->next;

		if (c->cap == 65536) {	/* keep one for the next document */
			c = __atomic_exchange_n(&chunk_cache, c, __ATOMIC_ACQ_REL);
			if (c && c->cap != 65536)
				c = NULL;	/* cannot happen */
		}
		free(c);
		c = next;
	}
}

static void jp_fail(struct jp *p, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (p->failed)
		return;
	p->failed = true;
	/* line and column counted here, not while parsing */
	p->line = 1;
	p->line_start = p->text;
	for (const char *c = p->text; c < p->s && c < p->end; c++)
		if (*c == '\n') {
			p->line++;
			p->line_start = c + 1;
		}
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
	const char *q = p->s, *end = p->end;

	while (q < end && (*q == ' ' || *q == '\n' || *q == '\t' || *q == '\r'))
		q++;
	p->s = q;
}

static struct json *jnew(struct jp *p, enum json_type t)
{
	struct json *j = aalloc(p, sizeof(*j));

	if (j) {
		memset(j, 0, sizeof(*j));
		j->type = t;
	} else {
		jp_fail(p, "out of memory");
	}
	return j;
}

static int push(struct jp *p, char *key, struct json *v)
{
	if (p->sp == p->scap) {
		size_t cap = p->scap ? p->scap * 2 : 64;
		struct json **it = realloc(p->stk, cap * sizeof(*it));
		char **k;

		if (!it)
			return -1;
		p->stk = it;
		k = realloc(p->kstk, cap * sizeof(*k));
		if (!k)
			return -1;
		p->kstk = k;
		p->scap = cap;
	}
	p->kstk[p->sp] = key;
	p->stk[p->sp++] = v;
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
	bool plain = true;	/* no escape, no control character */

	/* output is never longer than the input */
	while (p->s < p->end && *p->s != '"') {
		if ((unsigned char)*p->s < 0x20)
			plain = false;
		if (*p->s == '\\') {
			plain = false;
			p->s++;
		}
		p->s++;
	}
	if (p->s >= p->end) {
		jp_fail(p, "unterminated string");
		return NULL;
	}
	buf = aalloc(p, p->s - start + 1);
	if (!buf) {
		jp_fail(p, "out of memory");
		return NULL;
	}
	if (plain) {
		size_t len = p->s - start;

		memcpy(buf, start, len);
		buf[len] = 0;
		p->s++;
		return buf;
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
	return NULL;
}

static struct json *jp_value(struct jp *p, int depth);

/*
 * Exact fast path for the common numbers: -?D+(.D+)?([eE][+-]?D+)? with at
 * most 15 significant digits and a power of ten up to 10^22: the mantissa
 * and the power are exact doubles, so one multiplication or division
 * rounds correctly, as strtod does (Clinger 1990).  Anything else: false.
 */
static const double pow10tab[23] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

static bool fast_number(const char *s, const char *end, double *out)
{
	bool neg = false;
	uint64_t m = 0;
	int digits = 0, scale = 0, ex = 0;

	if (s < end && *s == '-') {
		neg = true;
		s++;
	}
	if (s >= end || *s < '0' || *s > '9')
		return false;
	for (; s < end && *s >= '0' && *s <= '9'; s++) {
		if (m || *s != '0')
			digits++;
		m = m * 10 + (*s - '0');
		if (digits > 15)
			return false;
	}
	if (s < end && *s == '.') {
		s++;
		if (s >= end || *s < '0' || *s > '9')
			return false;
		for (; s < end && *s >= '0' && *s <= '9'; s++) {
			if (m || *s != '0')
				digits++;
			m = m * 10 + (*s - '0');
			scale--;
			if (digits > 15 || scale < -22)
				return false;
		}
	}
	if (s < end && (*s == 'e' || *s == 'E')) {
		bool eneg = false;
		int e = 0, ed = 0;

		s++;
		if (s < end && (*s == '+' || *s == '-'))
			eneg = *s++ == '-';
		for (; s < end && *s >= '0' && *s <= '9'; s++, ed++) {
			e = e * 10 + (*s - '0');
			if (e > 1000)
				return false;
		}
		if (!ed)
			return false;
		ex = eneg ? -e : e;
	}
	if (s != end)
		return false;
	scale += ex;
	if (m == 0) {
		*out = neg ? -0.0 : 0.0;
		return true;
	}
	if (scale < -22 || scale > 22)
		return false;
	*out = scale < 0 ? (double)m / pow10tab[-scale] : (double)m * pow10tab[scale];
	if (scale > 0 && *out >= 9007199254740992.0)
		return false;	/* m * 10^scale may not be exact: let strtod round */
	if (neg)
		*out = -*out;
	return true;
}

static struct json *jp_number(struct jp *p)
{
	const char *q = p->s;
	char tmp[64];
	char *endp;
	struct json *j;
	size_t n;
	double num;

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
	if (fast_number(p->s, q, &num)) {
		j = jnew(p, JSON_NUMBER);
		if (!j)
			return NULL;
		j->num = num;
		p->s = q;
		return j;
	}
	if (n >= sizeof(tmp)) {
		jp_fail(p, "number too long");
		return NULL;
	}
	memcpy(tmp, p->s, n);
	tmp[n] = 0;
	errno = 0;
	num = strtod(tmp, &endp);
	if (*endp || errno == ERANGE || !isfinite(num)) {
		jp_fail(p, "bad number '%s'", tmp);
		return NULL;
	}
	j = jnew(p, JSON_NUMBER);
	if (!j)
		return NULL;
	j->num = num;
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
	struct json *j = jnew(p, obj ? JSON_OBJECT : JSON_ARRAY);
	char close = obj ? '}' : ']';
	size_t base = p->sp;

	if (!j)
		return NULL;
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
				return NULL;
			}
			key = jp_string(p);
			if (!key)
				return NULL;
			jp_ws(p);
			if (p->s >= p->end || *p->s != ':') {
				jp_fail(p, "expected ':'");
				return NULL;
			}
			p->s++;
		}
		v = jp_value(p, depth + 1);
		if (!v)
			return NULL;
		if (push(p, key, v)) {
			jp_fail(p, "out of memory");
			return NULL;
		}
		jp_ws(p);
		if (p->s < p->end && *p->s == ',') {
			p->s++;
			continue;
		}
		if (p->s < p->end && *p->s == close) {
			p->s++;
			break;
		}
		jp_fail(p, "expected ',' or '%c'", close);
		return NULL;
	}
	j->n = p->sp - base;
	j->items = aalloc(p, j->n * sizeof(*j->items));
	if (obj)
		j->keys = aalloc(p, j->n * sizeof(*j->keys));
	if (!j->items || (obj && !j->keys)) {
		jp_fail(p, "out of memory");
		return NULL;
	}
	memcpy(j->items, p->stk + base, j->n * sizeof(*j->items));
	if (obj)
		memcpy(j->keys, p->kstk + base, j->n * sizeof(*j->keys));
	p->sp = base;
	return j;
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
		j = jnew(p, JSON_STRING);
		if (j)
			j->str = s;
		return j;
	}
	case 't':
	case 'f':
	case 'n':
		if (jp_lit(p, "true") || jp_lit(p, "false")) {
			j = jnew(p, JSON_BOOL);
			if (j)
				j->b = p->s[-1] == 'e' && p->s[-2] == 'u';
			return j;
		}
		if (jp_lit(p, "null"))
			return jnew(p, JSON_NULL);
		jp_fail(p, "unexpected token");
		return NULL;
	default:
		return jp_number(p);
	}
}

struct json *json_parse(const char *text, size_t len, char *err, size_t errlen)
{
	struct jp p = { text, text + len, text, text, 1, err, errlen, false, NULL, NULL, NULL, 0, 0 };
	struct jdoc *d = NULL;
	struct json *j;

	if (errlen)
		err[0] = 0;
	j = jp_value(&p, 0);
	if (j) {
		jp_ws(&p);
		if (p.s != p.end)
			jp_fail(&p, "trailing characters after the JSON value");
		else if (!(d = malloc(sizeof(*d))))
			jp_fail(&p, "out of memory");
	}
	free(p.stk);
	free(p.kstk);
	if (!d) {
		if (!p.failed)
			jp_fail(&p, "out of memory");
		afree(p.chunks);
		return NULL;
	}
	d->root = *j;
	d->chunks = p.chunks;
	return &d->root;
}

/* A regular file in one read() of its size; -1 (errno set) otherwise. */
static int read_regular(const char *path, char **out, size_t *outlen, bool *regular)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	size_t len = 0;
	char *buf;

	*regular = false;
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return 0;	/* not regular: the stdio path reads it */
	}
	*regular = true;
	buf = malloc((size_t)st.st_size + 1);
	if (!buf) {
		close(fd);
		errno = ENOMEM;
		return -1;
	}
	for (;;) {
		ssize_t r = read(fd, buf + len, (size_t)st.st_size - len);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			int e = errno;

			free(buf);
			close(fd);
			errno = e;
			return -1;
		}
		len += r;
		if (r == 0 || len == (size_t)st.st_size)
			break;
	}
	close(fd);
	*out = buf;
	*outlen = len;
	return 0;
}

struct json *json_parse_file(const char *path, char *err, size_t errlen)
{
	if (strcmp(path, "-")) {
		char *text = NULL, sub[256];
		size_t tlen = 0;
		bool regular;
		struct json *j;

		if (read_regular(path, &text, &tlen, &regular) < 0) {
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
			return NULL;
		}
		if (regular) {
			j = json_parse(text, tlen, sub, sizeof(sub));
			if (!j)
				snprintf(err, errlen, "%s: %s", path, sub);
			free(text);
			return j;
		}
	}
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
	struct jdoc *d = (struct jdoc *)j;	/* only roots are ever freed */

	if (!d)
		return;
	afree(d->chunks);
	free(d);
}

const struct json *json_get(const struct json *obj, const char *key)
{
	size_t i;

	if (!obj || obj->type != JSON_OBJECT)
		return NULL;
	for (i = 0; i < obj->n; i++)
		if (obj->keys[i][0] == key[0] && !strcmp(obj->keys[i], key))
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

	putc_unlocked('\n', w->f);
	for (i = 0; i < w->depth; i++)
		fputs_unlocked("  ", w->f);
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
		putc_unlocked(',', w->f);
	w->first[w->depth] = false;
	if (w->pretty)
		jw_indent(w);
}

static void jw_open(struct jw *w, char c)
{
	jw_pre(w);
	putc_unlocked(c, w->f);
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
	putc_unlocked(c, w->f);
}

void jw_obj_begin(struct jw *w) { jw_open(w, '{'); }
void jw_obj_end(struct jw *w) { jw_close(w, '}'); }
void jw_arr_begin(struct jw *w) { jw_open(w, '['); }
void jw_arr_end(struct jw *w) { jw_close(w, ']'); }

static void jw_quoted(struct jw *w, const char *s)
{
	size_t len = 0;

	/* common case: nothing to escape, one write */
	while (s[len] && s[len] != '"' && s[len] != '\\' && (unsigned char)s[len] >= 0x20)
		len++;
	if (!s[len]) {
		putc_unlocked('"', w->f);
		fwrite_unlocked(s, 1, len, w->f);
		putc_unlocked('"', w->f);
		return;
	}
	putc_unlocked('"', w->f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(w->f, "\\%c", c);
		else if (c == '\n')
			fputs_unlocked("\\n", w->f);
		else if (c == '\t')
			fputs_unlocked("\\t", w->f);
		else if (c < 0x20)
			fprintf(w->f, "\\u%04x", c);
		else
			putc_unlocked(c, w->f);
	}
	putc_unlocked('"', w->f);
}

void jw_key(struct jw *w, const char *key)
{
	jw_pre(w);
	jw_quoted(w, key);
	if (w->pretty)
		fputs_unlocked(": ", w->f);
	else
		putc_unlocked(':', w->f);
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
	char buf[24], *o = buf + sizeof(buf);
	unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;

	jw_pre(w);
	*--o = 0;
	do {
		*--o = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (v < 0)
		*--o = '-';
	fputs_unlocked(o, w->f);
}

void jw_uint(struct jw *w, unsigned long long v)
{
	jw_pre(w);
	fprintf(w->f, "%llu", v);
}

/*
 * jw_double's form, exactly as the loop "%.15g, %.16g, %.17g, the first
 * that strtod reads back as v, plus .0 when it has no point" writes it,
 * for 1e-3 <= |v| < 1e13 (fixed notation under every precision), in
 * integers: v = m * 2^-s, so v * 10^k = m * 10^k / 2^s is rounded exactly
 * (ties to even, as glibc's printf), and the decimal D = q / 10^k reads
 * back as v iff it lies within half a gap of v: |q 2^s - m 10^k| < 10^k / 2
 * (a quarter below a power of two), equality when m is even.  Returns false
 * outside that range (the caller then uses snprintf/strtod).
 */
typedef unsigned __int128 u128;

static bool fast_g(double v, char *out)
{
	static const uint64_t p10[20] = {
		1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull, 10000000ull,
		100000000ull, 1000000000ull, 10000000000ull, 100000000000ull,
		1000000000000ull, 10000000000000ull, 100000000000000ull,
		1000000000000000ull, 10000000000000000ull, 100000000000000000ull,
		1000000000000000000ull, 10000000000000000000ull,
	};
	double a = fabs(v);
	uint64_t bits, m;
	int e, s, X;
	char *o = out;

	if (!(a >= 1e-3 && a < 1e13))
		return false;
	memcpy(&bits, &a, sizeof(bits));
	e = (int)(bits >> 52);
	m = (bits & ((1ull << 52) - 1)) | (1ull << 52);
	s = 1075 - e;			/* a = m * 2^-s, 5 < s < 64 here */
	if (s <= 0 || s >= 100)
		return false;
	X = (int)floor(log10(a));	/* corrected below */
	for (int p = 15; p <= 17; p++) {
		u128 N, q, r, half, qs, diff, ten;
		int k;
		bool ok;

		for (;;) {
			k = p - 1 - X;
			if (k < 0 || k > 19)
				return false;
			N = (u128)m * p10[k];
			q = N >> s;
			if (q < p10[p - 1])
				X--;
			else if (q >= p10[p])
				X++;
			else
				break;
		}
		r = N & (((u128)1 << s) - 1);
		half = (u128)1 << (s - 1);
		if (r > half || (r == half && (q & 1)))
			q++;
		ten = p10[k];
		qs = q << s;
		diff = qs >= N ? qs - N : N - qs;
		if (qs < N && m == (1ull << 52))
			ok = 4 * diff < ten || (4 * diff == ten);
		else
			ok = 2 * diff < ten || (2 * diff == ten && !(m & 1));
		if (!ok && p < 17)
			continue;
		/* q has p digits, or is 10^p after rounding up */
		{
			char dig[24] = { 0 };
			int nd = p, xp = X, point;
			uint64_t q64 = (uint64_t)q;	/* < 10^18 */

			if (q64 == p10[p]) {
				q64 = p10[p - 1];
				xp++;
			}
			for (int i = nd - 1; i >= 0; i--) {
				dig[i] = (char)('0' + (int)(q64 % 10));
				q64 /= 10;
			}
			while (nd > 1 && dig[nd - 1] == '0')
				nd--;
			if (v < 0)
				*o++ = '-';
			if (xp < 0) {
				*o++ = '0';
				*o++ = '.';
				for (int i = 0; i < -xp - 1; i++)
					*o++ = '0';
				memcpy(o, dig, nd);
				o += nd;
			} else {
				point = xp + 1;
				for (int i = 0; i < point; i++)
					*o++ = i < nd ? dig[i] : '0';
				*o++ = '.';
				if (nd > point) {
					memcpy(o, dig + point, nd - point);
					o += nd - point;
				} else {
					*o++ = '0';	/* jw_double's ".0" */
				}
			}
			*o = 0;
			return true;
		}
	}
	return false;
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
	if (fast_g(v, buf)) {
		fputs_unlocked(buf, w->f);
		return;
	}
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, sizeof(buf), "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	/* keep it a JSON number that reads back as a double */
	if (!strpbrk(buf, ".eEn"))
		strcat(buf, ".0");
	fputs_unlocked(buf, w->f);
}

void jw_bool(struct jw *w, bool v)
{
	jw_pre(w);
	fputs_unlocked(v ? "true" : "false", w->f);
}

void jw_null(struct jw *w)
{
	jw_pre(w);
	fputs_unlocked("null", w->f);
}

void jw_hex(struct jw *w, unsigned long long v)
{
	jw_pre(w);
	fprintf(w->f, "\"0x%llx\"", v);
}

void jw_end_doc(struct jw *w)
{
	putc_unlocked('\n', w->f);
	w->depth = 0;
	w->first[0] = true;
	w->after_key = false;
}
