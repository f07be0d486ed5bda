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
	char *text;		/* json_parse_file(): the text, strings point into it */
};

struct jp {
	const char *s, *end, *line_start, *text;
	unsigned line;
	char *err;
	size_t errlen;
	bool failed;
	bool insitu;		/* text is ours: plain strings are NUL-terminated in place */
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
	size_t len;
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
	len = (size_t)n;
	va_start(ap, fmt);
	pr_vbuf(p->err, p->errlen, &len, fmt, ap);
	va_end(ap);
}

static inline void jp_ws(struct jp *p)
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

/*
 * jp_string_scan - move p->s from @start to the string's closing quote (or
 * to p->end when there is none).  Returns true when the string holds no
 * escape and no control character (its text is then its value).
 */
static inline bool jp_string_scan(struct jp *p, const char *start)
{
	const char *q = start, *end = p->end;
	bool plain = true;

	while (q < end && *q != '"') {
		unsigned char c = (unsigned char)*q;

		if (c < 0x20 || c == '\\') {
			plain = false;
			if (c == '\\')
				q++;
		}
		q++;
	}
	p->s = q;
	return plain;
}

/*
 * jp_unicode - a \uXXXX escape (p->s past the 'u'), a high surrogate
 * joined with the \uXXXX low one that follows it, written as UTF-8 at *o.
 */
static int jp_unicode(struct jp *p, char **o)
{
	unsigned cp, lo;

	if (hex4(p, &cp))
		return -1;
	if (cp >= 0xd800 && cp < 0xdc00 && p->end - p->s >= 6 &&
	    p->s[0] == '\\' && p->s[1] == 'u') {
		p->s += 2;
		if (hex4(p, &lo))
			return -1;
		if (lo < 0xdc00 || lo > 0xdfff) {
			jp_fail(p, "bad surrogate pair");
			return -1;
		}
		cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
	}
	if (cp == 0) {
		jp_fail(p, "\\u0000 not supported");
		return -1;
	}
	put_utf8(o, cp);
	return 0;
}

/* jp_escape - one escape (p->s past its backslash), its character at *o */
static int jp_escape(struct jp *p, char **o)
{
	unsigned char c = (unsigned char)*p->s++;
	char r;

	switch (c) {
	case '"': r = '"'; break;
	case '\\': r = '\\'; break;
	case '/': r = '/'; break;
	case 'b': r = '\b'; break;
	case 'f': r = '\f'; break;
	case 'n': r = '\n'; break;
	case 'r': r = '\r'; break;
	case 't': r = '\t'; break;
	case 'u':
		return jp_unicode(p, o);
	default:
		jp_fail(p, "bad escape '\\%c'", c);
		return -1;
	}
	*(*o)++ = r;
	return 0;
}

/*
 * jp_unescape - the string's value from p->s (its first character) to the
 * closing quote jp_string_scan found, into @buf; p->s ends past the quote.
 */
static int jp_unescape(struct jp *p, char *buf)
{
	char *o = buf;

	while (*p->s != '"') {
		unsigned char c = (unsigned char)*p->s++;

		if (c < 0x20) {
			p->s--;		/* the error's position is the character's */
			jp_fail(p, "control character in string");
			return -1;
		}
		if (c != '\\') {
			*o++ = (char)c;
			continue;
		}
		if (jp_escape(p, &o))
			return -1;
	}
	p->s++;
	*o = 0;
	return 0;
}

static char *jp_string(struct jp *p)
{
	const char *start = ++p->s;	/* skip the quote */
	bool plain = jp_string_scan(p, start);
	char *buf;

	if (p->s >= p->end) {
		jp_fail(p, "unterminated string");
		return NULL;
	}
	if (plain && p->insitu) {
		/* the closing quote becomes the terminator (nothing reads it again) */
		*(char *)p->s++ = 0;
		return (char *)start;
	}
	/* output is never longer than the input */
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
	return jp_unescape(p, buf) ? NULL : buf;
}

static struct json *jp_value(struct jp *p, int depth);

/*
 * Exact fast path for the common numbers: -?D+(.D+)?([eE][+-]?D+)? whose
 * digits, read as an integer m, give m <= 2^53, and a power of ten up to
 * 10^22: the mantissa and the power are exact doubles, so one
 * multiplication or division rounds correctly, as strtod does (Clinger
 * 1990); 2^53 < m < 10^19 with a power of ten from 10^-18 to 10^19: see
 * below.  Anything else: false.
 */
static const double pow10tab[23] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

/*
 * fast_digits - accumulate the decimal digits at *sp into *m (wrapping past
 * 19 digits: the caller refuses those); *sp ends past them.  Returns their
 * count.
 */
static inline int fast_digits(const char **sp, const char *end, uint64_t *m)
{
	const char *s = *sp, *p;
	uint64_t v = *m;

	for (p = s; s < end && (unsigned)(*s - '0') <= 9; s++)
		v = v * 10 + (unsigned)(*s - '0');
	*m = v;
	*sp = s;
	return (int)(s - p);
}

/*
 * fast_mantissa - D+(.D+)? at *sp (a digit): its significant digits (from
 * the first non-zero one) as the integer *m, their count in *digits, and
 * *scale = minus the length of the fraction.  False when a point has no
 * digit after it or the fraction is over 22 digits.
 */
static inline bool fast_mantissa(const char **sp, const char *end, uint64_t *m,
				 int *digits, int *scale)
{
	const char *s = *sp;

	while (s < end && *s == '0')
		s++;
	*digits = fast_digits(&s, end, m);
	if (s < end && *s == '.') {
		const char *f = ++s;

		if (s >= end || (unsigned)(*s - '0') > 9)
			return false;
		if (!*digits)
			while (s < end && *s == '0')
				s++;
		*digits += fast_digits(&s, end, m);
		if (s - f > 22)
			return false;
		*scale = -(int)(s - f);
	}
	*sp = s;
	return true;
}

/*
 * fast_exponent - [eE][+-]?D+ at *sp into *ex; false when it has no digit
 * or its value passes 1000.
 */
static inline bool fast_exponent(const char **sp, const char *end, int *ex)
{
	const char *s = *sp + 1;
	bool eneg = false;
	int e = 0, ed = 0;

	if (s < end && (*s == '+' || *s == '-'))
		eneg = *s++ == '-';
	for (; s < end && *s >= '0' && *s <= '9'; s++, ed++) {
		e = e * 10 + (*s - '0');
		if (e > 1000)
			return false;
	}
	if (!ed)
		return false;
	*ex = eneg ? -e : e;
	*sp = s;
	return true;
}

/*
 * fast_wide - m 10^scale for 2^53 < m < 2^64 (17 to 19 digits), in 128-bit
 * integers.  m 10^scale (scale <= 19) is exact, and converting it rounds
 * once; for scale >= -18, q = floor(m 2^64 / 10^-scale) has more than 55
 * bits (m > 2^53), so q with its lowest bit set when the division was
 * inexact rounds as the exact quotient does; the scaling by 2^-64 is
 * exact.  False for any other scale.
 */
static bool fast_wide(uint64_t m, int scale, bool neg, double *out)
{
	unsigned __int128 q;

	if (scale >= 0 && scale <= 19) {
		q = (unsigned __int128)m * (uint64_t)pow10tab[scale];
		*out = (double)q;
	} else if (scale < 0 && scale >= -18) {
		uint64_t d = (uint64_t)pow10tab[-scale];
		unsigned __int128 n = (unsigned __int128)m << 64;

		q = n / d;
		q |= (n % d) != 0;
		*out = ldexp((double)q, -64);
	} else {
		return false;
	}
	if (neg)
		*out = -*out;
	return true;
}

static bool fast_number(const char *s, const char *end, double *out, const char **stop)
{
	bool neg = false;
	uint64_t m = 0;
	int digits, scale = 0, ex = 0;

	if (s < end && *s == '-') {
		neg = true;
		s++;
	}
	if (s >= end || (unsigned)(*s - '0') > 9)
		return false;
	if (!fast_mantissa(&s, end, &m, &digits, &scale))
		return false;
	if (digits > 19)
		return false;
	if (s < end && (*s == 'e' || *s == 'E') && !fast_exponent(&s, end, &ex))
		return false;
	*stop = s;
	scale += ex;
	if (m == 0) {
		*out = neg ? -0.0 : 0.0;
		return true;
	}
	if (m > (1ull << 53))
		return fast_wide(m, scale, neg, out);
	if (scale < -22 || scale > 22)
		return false;
	*out = scale < 0 ? (double)m / pow10tab[-scale] : (double)m * pow10tab[scale];
	if (scale > 0 && *out >= 9007199254740992.0)
		return false;	/* m * 10^scale may not be exact: let strtod round */
	if (neg)
		*out = -*out;
	return true;
}

static bool num_char(char c)
{
	return (c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-';
}

int json_read_number(const char *s, const char *end, double *out, const char **stop)
{
	const char *q = s;
	char tmp[64], *endp;
	size_t n;
	double num;

	if (q < end && *q == '-')
		q++;
	if (q >= end || !(*q >= '0' && *q <= '9'))
		return -1;		/* "bad number" */
	/*
	 * The number is the longest run of [0-9.eE+-]; the fast path reads
	 * the grammar in one pass and is taken when it consumed that run.
	 */
	if (fast_number(s, end, out, &q) && !(q < end && num_char(*q))) {
		*stop = q;
		return 0;
	}
	q = s + (*s == '-');
	while (q < end && num_char(*q))
		q++;
	n = q - s;
	if (n >= sizeof(tmp))
		return -2;		/* "number too long" */
	memcpy(tmp, s, n);
	tmp[n] = 0;
	errno = 0;
	num = strtod(tmp, &endp);
	if (*endp || errno == ERANGE || !isfinite(num))
		return -3;		/* "bad number '...'" */
	*out = num;
	*stop = q;
	return 0;
}

static struct json *jp_number(struct jp *p)
{
	const char *q;
	struct json *j;
	double num;
	int rc = json_read_number(p->s, p->end, &num, &q);

	if (rc == -1) {
		jp_fail(p, "bad number");
		return NULL;
	}
	if (rc < 0) {
		const char *e = p->s + (*p->s == '-');
		char tmp[64];
		size_t n;

		while (e < p->end && num_char(*e))
			e++;
		n = e - p->s;
		if (rc == -2) {
			jp_fail(p, "number too long");
			return NULL;
		}
		memcpy(tmp, p->s, n);
		tmp[n] = 0;
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

static struct json *parse(const char *text, size_t len, bool insitu, char *err, size_t errlen)
{
	struct jp p = { text, text + len, text, text, 1, err, errlen, false, insitu,
			NULL, NULL, NULL, 0, 0 };
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
	d->text = NULL;
	return &d->root;
}

struct json *json_parse(const char *text, size_t len, char *err, size_t errlen)
{
	return parse(text, len, false, err, errlen);
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

char *json_read_file(const char *path, size_t *outlen, char *err, size_t errlen)
{
	if (strcmp(path, "-")) {
		char *text = NULL;
		size_t tlen = 0;
		bool regular;

		if (read_regular(path, &text, &tlen, &regular) < 0) {
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
			return NULL;
		}
		if (regular) {
			text[tlen] = 0;
			*outlen = tlen;
			return text;
		}
	}
	FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	char *buf = NULL;
	size_t len = 0, cap = 0;

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
	buf[len] = 0;	/* cap - len >= 65536 above */
	*outlen = len;
	return buf;
}

struct json *json_parse_buffer(char *text, size_t len, const char *path, char *err, size_t errlen)
{
	char sub[256];
	/* the document keeps the text: strings in place */
	struct json *j = parse(text, len, true, sub, sizeof(sub));

	if (!j) {
		snprintf(err, errlen, "%s: %s", path, sub);
		free(text);
	} else {
		((struct jdoc *)j)->text = text;
	}
	return j;
}

struct json *json_parse_file(const char *path, char *err, size_t errlen)
{
	size_t len;
	char *text = json_read_file(path, &len, err, errlen);

	return text ? json_parse_buffer(text, len, path, err, errlen) : NULL;
}

void json_free(struct json *j)
{
	struct jdoc *d = (struct jdoc *)j;	/* only roots are ever freed */

	if (!d)
		return;
	afree(d->chunks);
	free(d->text);
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

void jw_buffer(struct jw *w, char *buf, size_t cap)
{
	jw_flush(w);
	w->ob = cap ? buf : NULL;
	w->ocap = cap;
	w->olen = 0;
}

void jw_flush(struct jw *w)
{
	if (w->ob && w->olen)
		fwrite_unlocked(w->ob, 1, w->olen, w->f);
	w->olen = 0;
}

/* All writer output goes through these: w->ob when set, else w->f. */
static void jw_write(struct jw *w, const char *s, size_t n)
{
	if (!w->ob) {
		fwrite_unlocked(s, 1, n, w->f);
		return;
	}
	if (n > w->ocap - w->olen) {
		jw_flush(w);
		if (n > w->ocap) {
			fwrite_unlocked(s, 1, n, w->f);
			return;
		}
	}
	memcpy(w->ob + w->olen, s, n);
	w->olen += n;
}

static inline void jw_putc(struct jw *w, char c)
{
	if (!w->ob) {
		putc_unlocked(c, w->f);
		return;
	}
	if (w->olen == w->ocap)
		jw_flush(w);
	w->ob[w->olen++] = c;
}

static inline void jw_puts(struct jw *w, const char *s)
{
	jw_write(w, s, strlen(s));
}

static void jw_indent(struct jw *w)
{
	int i;

	jw_putc(w, '\n');
	for (i = 0; i < w->depth; i++)
		jw_write(w, "  ", 2);
}

/* Called before every value or key. */
static inline void jw_pre(struct jw *w)
{
	if (w->after_key) {
		w->after_key = false;
		return;
	}
	if (w->depth == 0)
		return;
	if (!w->first[w->depth])
		jw_putc(w, ',');
	w->first[w->depth] = false;
	if (w->pretty)
		jw_indent(w);
}

static void jw_open(struct jw *w, char c)
{
	jw_pre(w);
	jw_putc(w, c);
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
	jw_putc(w, c);
}

void jw_obj_begin(struct jw *w) { jw_open(w, '{'); }
void jw_obj_end(struct jw *w) { jw_close(w, '}'); }
void jw_arr_begin(struct jw *w) { jw_open(w, '['); }
void jw_arr_end(struct jw *w) { jw_close(w, ']'); }

/* 1: the byte ends the plain run (NUL, control characters, '"', '\\') */
static const unsigned char jw_special[256] = {
	[0 ... 0x1f] = 1, ['"'] = 1, ['\\'] = 1,
};

/*
 * Buffered fast path: "s" and then sfx, copied straight into w->ob when s
 * needs no escape and all fits; false (nothing written) otherwise.
 */
static inline bool jw_quoted_fast(struct jw *w, const char *s, const char *sfx, size_t slen)
{
	char *o;
	size_t room, i;

	if (!w->ob)
		return false;
	o = w->ob + w->olen;
	room = w->ocap - w->olen;
	if (room < 2 + slen)
		return false;
	room -= 2 + slen;
	*o++ = '"';
	for (i = 0; !jw_special[(unsigned char)s[i]]; i++) {
		if (i == room)
			return false;
		o[i] = s[i];
	}
	if (s[i])
		return false;	/* to escape */
	o[i] = '"';
	memcpy(o + i + 1, sfx, slen);
	w->olen += 2 + i + slen;
	return true;
}

static void jw_quoted(struct jw *w, const char *s)
{
	size_t len = 0;

	/* common case: nothing to escape, one write */
	while (!jw_special[(unsigned char)s[len]])
		len++;
	if (!s[len]) {
		jw_putc(w, '"');
		jw_write(w, s, len);
		jw_putc(w, '"');
		return;
	}
	jw_putc(w, '"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		char u[8];

		if (c == '"' || c == '\\') {
			jw_putc(w, '\\');
			jw_putc(w, (char)c);
		} else if (c == '\n') {
			jw_write(w, "\\n", 2);
		} else if (c == '\t') {
			jw_write(w, "\\t", 2);
		} else if (c < 0x20) {
			snprintf(u, sizeof(u), "\\u%04x", c);
			jw_write(w, u, 6);
		} else {
			jw_putc(w, (char)c);
		}
	}
	jw_putc(w, '"');
}

/* jw_key after its jw_pre */
static void jw_key_text(struct jw *w, const char *key)
{
	if (jw_quoted_fast(w, key, w->pretty ? ": " : ":", w->pretty ? 2 : 1)) {
		w->after_key = true;
		return;
	}
	jw_quoted(w, key);
	if (w->pretty)
		jw_write(w, ": ", 2);
	else
		jw_putc(w, ':');
	w->after_key = true;
}

void jw_key(struct jw *w, const char *key)
{
	jw_pre(w);
	jw_key_text(w, key);
}

void jw_keyn(struct jw *w, const char *key, size_t len)
{
	size_t need = len + 4;	/* "key": and a space when pretty */

	/* the comma and indent first: the room is checked after them */
	jw_pre(w);
	if (!w->ob || w->ocap - w->olen < need) {
		jw_key_text(w, key);
		return;
	}
	{
		char *o = w->ob + w->olen;

		*o++ = '"';
		memcpy(o, key, len);
		o += len;
		*o++ = '"';
		*o++ = ':';
		if (w->pretty)
			*o++ = ' ';
		w->olen = o - w->ob;
	}
	w->after_key = true;
}

void jw_str(struct jw *w, const char *s)
{
	if (!s) {
		jw_null(w);
		return;
	}
	jw_pre(w);
	if (!jw_quoted_fast(w, s, "", 0))
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
	jw_write(w, o, buf + sizeof(buf) - 1 - o);
}

void jw_uint(struct jw *w, unsigned long long v)
{
	jw_pre(w);
	{
		char b[24];
		int n = snprintf(b, sizeof(b), "%llu", v);

		jw_write(w, b, (size_t)n);
	}
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

static const char digits2[201] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

static const uint64_t p10[20] = {
	1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull, 10000000ull,
	100000000ull, 1000000000ull, 10000000000ull, 100000000000ull,
	1000000000000ull, 10000000000000ull, 100000000000000ull,
	1000000000000000ull, 10000000000000000ull, 100000000000000000ull,
	1000000000000000000ull, 10000000000000000000ull,
};

/*
 * fast_g_scale - N = m 10^k and q = floor(N / 2^s) with exactly @p digits,
 * k = p - 1 - X, correcting the estimate *X of floor(log10(m 2^-s)) until q
 * has them.  False when k leaves 0..19.
 */
static inline bool fast_g_scale(uint64_t m, int s, int p, int *X, int *k, u128 *N, u128 *q)
{
	for (;;) {
		*k = p - 1 - *X;
		if (*k < 0 || *k > 19)
			return false;
		*N = (u128)m * p10[*k];
		*q = *N >> s;
		if (*q < p10[p - 1])
			(*X)--;
		else if (*q >= p10[p])
			(*X)++;
		else
			return true;
	}
}

/*
 * fast_g_round - round *q (floor(N / 2^s)) to nearest, ties to even, and
 * tell whether q / 10^k reads back as m 2^-s: within half a gap of it (a
 * quarter below a power of two), equality when m is even.
 */
static inline bool fast_g_round(u128 N, int s, u128 *q, uint64_t m, int k)
{
	u128 r, half, qs, diff, ten;

	r = N & (((u128)1 << s) - 1);
	half = (u128)1 << (s - 1);
	if (r > half || (r == half && (*q & 1)))
		(*q)++;
	ten = p10[k];
	qs = *q << s;
	diff = qs >= N ? qs - N : N - qs;
	if (qs < N && m == (1ull << 52))
		return 4 * diff < ten || (4 * diff == ten);
	return 2 * diff < ten || (2 * diff == ten && !(m & 1));
}

/*
 * fast_g_digits - the decimal digits of @q64 (p digits, or 10^p after
 * rounding up: then 10^(p-1) with *xp one higher) into @dig without their
 * trailing zeros.  Returns their count.
 */
static inline int fast_g_digits(uint64_t q64, int p, int *xp, char *dig)
{
	int nd = p;

	if (q64 == p10[p]) {
		q64 = p10[p - 1];
		(*xp)++;
	}
	/*
	 * trailing zeros off (the first digit is not 0, so at least one
	 * stays), then two digits at a time
	 */
	while (q64 % 100000000 == 0) {
		q64 /= 100000000;
		nd -= 8;
	}
	if (q64 % 10000 == 0) {
		q64 /= 10000;
		nd -= 4;
	}
	if (q64 % 100 == 0) {
		q64 /= 100;
		nd -= 2;
	}
	if (q64 % 10 == 0) {
		q64 /= 10;
		nd -= 1;
	}
	for (int i = nd; i > 0; i -= 2) {
		unsigned r = (unsigned)(q64 % 100);

		q64 /= 100;
		dig[i - 1] = digits2[2 * r + 1];
		if (i > 1)
			dig[i - 2] = digits2[2 * r];
	}
	return nd;
}

/*
 * fast_g_put - the @nd digits @dig with decimal exponent @xp in fixed
 * notation at @out, "-" first when @neg, ".0" when there is no fraction;
 * NUL-terminated.  Returns the length.
 */
static inline int fast_g_put(char *out, bool neg, const char *dig, int nd, int xp)
{
	char *o = out;
	int point;

	if (neg)
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
	return (int)(o - out);
}

static int fast_g(double v, char *out)
{
	double a = fabs(v);
	uint64_t bits, m;
	int e, s, X;

	if (!(a >= 1e-3 && a < 1e13))
		return 0;
	memcpy(&bits, &a, sizeof(bits));
	e = (int)(bits >> 52);
	m = (bits & ((1ull << 52) - 1)) | (1ull << 52);
	s = 1075 - e;			/* a = m * 2^-s, 5 < s < 64 here */
	if (s <= 0 || s >= 100)
		return 0;
	/*
	 * floor(log10(a)) or one below: floor((e - 1023) 1233 / 4096), with
	 * e - 1023 + 4096 > 0 so that the shift is of a non-negative number;
	 * corrected below
	 */
	X = (int)(((unsigned)(e - 1023 + 4096) * 1233u) >> 12) - 1233;
	for (int p = 15; p <= 17; p++) {
		char dig[24] = { 0 };
		u128 N, q;
		int k, nd, xp;

		if (!fast_g_scale(m, s, p, &X, &k, &N, &q))
			return 0;
		if (!fast_g_round(N, s, &q, m, k) && p < 17)
			continue;
		/* q has p digits, or is 10^p after rounding up (q < 10^18) */
		xp = X;
		nd = fast_g_digits((uint64_t)q, p, &xp, dig);
		return fast_g_put(out, v < 0, dig, nd, xp);
	}
	return 0;
}

void jw_double(struct jw *w, double v)
{
	char buf[40];
	int n;

	if (!isfinite(v)) {
		jw_null(w);
		return;
	}
	jw_pre(w);
	/* shortest form that reads back as the same double */
	if (w->ob && w->ocap - w->olen >= sizeof(buf)) {
		n = fast_g(v, w->ob + w->olen);	/* writes only when it succeeds */
		if (n) {
			w->olen += (size_t)n;
			return;
		}
	}
	n = fast_g(v, buf);
	if (n) {
		jw_write(w, buf, (size_t)n);
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
	jw_puts(w, buf);
}

void jw_bool(struct jw *w, bool v)
{
	jw_pre(w);
	if (v)
		jw_write(w, "true", 4);
	else
		jw_write(w, "false", 5);
}

void jw_null(struct jw *w)
{
	jw_pre(w);
	jw_write(w, "null", 4);
}

void jw_hex(struct jw *w, unsigned long long v)
{
	jw_pre(w);
	{
		char b[24];
		int n = snprintf(b, sizeof(b), "\"0x%llx\"", v);

		jw_write(w, b, (size_t)n);
	}
}

void jw_end_doc(struct jw *w)
{
	jw_putc(w, '\n');
	w->depth = 0;
	w->first[0] = true;
	w->after_key = false;
}

/* ---- printf wrappers (json.h) ---- */

void pr_vfile(FILE *f, const char *fmt, va_list ap)
{
	vfprintf(f, fmt, ap);
}

void pr_file(void *ctx, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	pr_vfile(ctx, fmt, ap);
	va_end(ap);
}

void pr_vbuf(char *buf, size_t size, size_t *len, const char *fmt, va_list ap)
{
	if (*len >= size)
		return;
	*len += (size_t)vsnprintf(buf + *len, size - *len, fmt, ap);
}

void pr_buf(char *buf, size_t size, size_t *len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	pr_vbuf(buf, size, len, fmt, ap);
	va_end(ap);
}
