// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * snapshot.c - nvsched snapshot (*.nvss) parser and writer.
 * Format: docs/CONTRACTS.md section 1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <errno.h>
#include <inttypes.h>

#include "nvsched/errbuf.h"
#include "snapshot.h"

#define VERSION_TOKEN	"nvsched-snapshot"
#define VERSION_NUMBER	"1"
#define MAX_TOKENS	8

struct tok {
	const char *p;
	size_t n;
};

struct parser {
	const char *name;
	unsigned line;
	char *err;
	size_t errlen;
	struct nvss *s;
	size_t cap_regs, cap_mems, cap_meta;
	unsigned *mem_lines;	/* line of each mems[] entry, parallel array */
	unsigned *reg_lines;	/* line of each regs[] entry (before sorting) */
	size_t cap_reg_lines;
	uint8_t *seen;		/* bitmap of register words already defined */
};

static int perr(struct parser *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int perr(struct parser *p, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!p->err || !p->errlen)
		return -EINVAL;
	n = snprintf(p->err, p->errlen, "%s:%u: ", p->name, p->line);
	if (n < 0 || (size_t)n >= p->errlen)
		return -EINVAL;
	va_start(ap, fmt);
	vsnprintf(p->err + n, p->errlen - n, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Token as a printable, length-limited string for error messages. */
static const char *tokstr(const struct tok *t, char *buf, size_t len)
{
	size_t n = t->n < len - 4 ? t->n : len - 4;

	memcpy(buf, t->p, n);
	if (n < t->n)
		memcpy(buf + n, "...", 4);
	else
		buf[n] = 0;
	return buf;
}

/* "0x" followed by 1+ hex digits; value must fit in 64 bits. */
static int parse_num(struct parser *p, const struct tok *t, const char *what,
		     uint64_t *out)
{
	char tb[40];
	uint64_t v = 0;
	size_t i;

	if (t->n < 3 || t->p[0] != '0' || (t->p[1] != 'x' && t->p[1] != 'X'))
		return perr(p, "malformed number '%s' for %s (expected 0x-prefixed hex)",
			    tokstr(t, tb, sizeof(tb)), what);
	for (i = 2; i < t->n; i++) {
		int d = hexval(t->p[i]);

		if (d < 0)
			return perr(p, "malformed number '%s' for %s",
				    tokstr(t, tb, sizeof(tb)), what);
		if (v >> 60)
			return perr(p, "number '%s' for %s does not fit in 64 bits",
				    tokstr(t, tb, sizeof(tb)), what);
		v = (v << 4) | (unsigned)d;
	}
	*out = v;
	return 0;
}

static int grow(void **arr, size_t *cap, size_t need, size_t elem)
{
	size_t ncap;
	void *n;

	if (need <= *cap)
		return 0;
	ncap = *cap ? *cap * 2 : 64;
	while (ncap < need)
		ncap *= 2;
	n = realloc(*arr, ncap * elem);
	if (!n)
		return -ENOMEM;
	*arr = n;
	*cap = ncap;
	return 0;
}

static char *xstrndup(const char *s, size_t n)
{
	char *r = malloc(n + 1);

	if (r) {
		memcpy(r, s, n);
		r[n] = 0;
	}
	return r;
}

static int nomem(struct parser *p)
{
	perr(p, "out of memory");
	return -ENOMEM;
}

static int line_meta(struct parser *p, const char *rest, size_t restlen,
		     const struct tok *tk, unsigned nt)
{
	struct nvss *s = p->s;
	const char *v, *e;
	char *key, *val;

	if (nt < 2)
		return perr(p, "meta line without a key");
	/* the value is the rest of the line after the key, trimmed */
	v = tk[1].p + tk[1].n;
	e = rest + restlen;
	while (v < e && (*v == ' ' || *v == '\t'))
		v++;
	while (e > v && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		e--;
	if (grow((void **)&s->meta, &p->cap_meta, s->nmeta + 1, sizeof(*s->meta)))
		return nomem(p);
	key = xstrndup(tk[1].p, tk[1].n);
	val = xstrndup(v, (size_t)(e - v));
	if (!key || !val) {
		free(key);
		free(val);
		return nomem(p);
	}
	s->meta[s->nmeta].key = key;
	s->meta[s->nmeta].val = val;
	s->nmeta++;
	return 0;
}

static int line_reg(struct parser *p, const struct tok *tk, unsigned nt)
{
	struct nvss *s = p->s;
	uint64_t off, val;
	uint32_t w;
	int ret;

	if (nt != 3)
		return perr(p, "expected 'r OFFSET VALUE', got %u field(s)", nt);
	ret = parse_num(p, &tk[1], "register offset", &off);
	if (ret)
		return ret;
	ret = parse_num(p, &tk[2], "register value", &val);
	if (ret)
		return ret;
	if (off >= NVSS_BAR0_SIZE)
		return perr(p, "register offset 0x%" PRIx64 " is beyond the 16 MiB BAR0", off);
	if (off & 3)
		return perr(p, "misaligned register offset 0x%" PRIx64 " (must be a multiple of 4)", off);
	if (off >= NVSS_PRAMIN_START && off < NVSS_PRAMIN_END)
		return perr(p, "register offset 0x%" PRIx64 " is inside the PRAMIN window 0x700000-0x7fffff (use 'm vid' lines)", off);
	if (val > 0xffffffffu)
		return perr(p, "register value 0x%" PRIx64 " does not fit in 32 bits", val);
	w = (uint32_t)(off >> 2);
	if (p->seen[w >> 3] & (1u << (w & 7))) {
		size_t i;

		for (i = 0; i < s->nregs; i++)
			if (s->regs[i].off == off)
				break;
		return perr(p, "duplicate register offset 0x%" PRIx64 " (first at line %u)",
			    off, i < s->nregs ? p->reg_lines[i] : 0);
	}
	p->seen[w >> 3] |= (uint8_t)(1u << (w & 7));
	if (grow((void **)&s->regs, &p->cap_regs, s->nregs + 1, sizeof(*s->regs)))
		return nomem(p);
	if (p->cap_regs != p->cap_reg_lines) {
		unsigned *nl = realloc(p->reg_lines, p->cap_regs * sizeof(*nl));

		if (!nl)
			return nomem(p);
		p->reg_lines = nl;
		p->cap_reg_lines = p->cap_regs;
	}
	p->reg_lines[s->nregs] = p->line;
	s->regs[s->nregs].off = (uint32_t)off;
	s->regs[s->nregs].val = (uint32_t)val;
	s->nregs++;
	return 0;
}

static int line_mem(struct parser *p, const struct tok *tk, unsigned nt)
{
	struct nvss *s = p->s;
	enum nvs_aperture ap;
	uint64_t addr;
	size_t i, n;
	uint8_t *data;
	char tb[40];
	int ret;

	if (nt != 4)
		return perr(p, "expected 'm APERTURE ADDR HEX', got %u field(s)", nt);
	if (tk[1].n == 3 && !memcmp(tk[1].p, "vid", 3))
		ap = NVS_AP_VID;
	else if (tk[1].n == 3 && !memcmp(tk[1].p, "sys", 3))
		ap = NVS_AP_SYS_COH;
	else
		return perr(p, "unknown aperture '%s' (expected vid or sys)",
			    tokstr(&tk[1], tb, sizeof(tb)));
	ret = parse_num(p, &tk[2], "memory address", &addr);
	if (ret)
		return ret;
	if (tk[3].n & 1)
		return perr(p, "odd number of hex digits (%zu) in memory data", tk[3].n);
	n = tk[3].n / 2;
	if (n && addr + (n - 1) < addr)
		return perr(p, "memory range at 0x%" PRIx64 " wraps around", addr);
	data = malloc(n ? n : 1);
	if (!data)
		return nomem(p);
	for (i = 0; i < n; i++) {
		int hi = hexval(tk[3].p[2 * i]), lo = hexval(tk[3].p[2 * i + 1]);

		if (hi < 0 || lo < 0) {
			free(data);
			return perr(p, "malformed hex data (bad digit at position %zu)",
				    2 * i + (hi < 0 ? 0 : 1));
		}
		data[i] = (uint8_t)(hi << 4 | lo);
	}
	if (grow((void **)&s->mems, &p->cap_mems, s->nmems + 1, sizeof(*s->mems))) {
		free(data);
		return nomem(p);
	}
	{
		size_t cap = p->cap_mems;
		unsigned *nl = realloc(p->mem_lines, cap * sizeof(*nl));

		if (!nl) {
			free(data);
			return nomem(p);
		}
		p->mem_lines = nl;
	}
	s->mems[s->nmems].ap = ap;
	s->mems[s->nmems].addr = addr;
	s->mems[s->nmems].len = n;
	s->mems[s->nmems].data = data;
	p->mem_lines[s->nmems] = p->line;
	s->nmems++;
	return 0;
}

static int cmp_reg(const void *a, const void *b)
{
	const struct nvss_reg *x = a, *y = b;

	return x->off < y->off ? -1 : x->off > y->off;
}

static int cmp_mem(const void *a, const void *b)
{
	const struct nvss_mem *x = a, *y = b;

	if (x->ap != y->ap)
		return x->ap < y->ap ? -1 : 1;
	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

struct mem_idx {
	enum nvs_aperture ap;
	uint64_t addr, last;	/* last byte: a parsed range holds at least one
				 * and does not wrap (line_mem) */
	unsigned line;
	size_t i;
};

static int cmp_mem_idx(const void *a, const void *b)
{
	const struct mem_idx *x = a, *y = b;

	if (x->ap != y->ap)
		return x->ap < y->ap ? -1 : 1;
	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return x->line < y->line ? -1 : x->line > y->line;
}

/* Report the overlapping pair whose later line comes first in the file. */
static int check_overlaps(struct parser *p)
{
	struct nvss *s = p->s;
	struct mem_idx *ix;
	unsigned best_line = 0, best_other = 0;
	uint64_t best_addr = 0;
	size_t i;

	if (s->nmems < 2)
		return 0;
	ix = calloc(s->nmems, sizeof(*ix));
	if (!ix)
		return nomem(p);
	for (i = 0; i < s->nmems; i++) {
		ix[i].ap = s->mems[i].ap;
		ix[i].addr = s->mems[i].addr;
		ix[i].last = s->mems[i].addr + (s->mems[i].len - 1);
		ix[i].line = p->mem_lines[i];
		ix[i].i = i;
	}
	qsort(ix, s->nmems, sizeof(*ix), cmp_mem_idx);
	/*
	 * Sweep: each range is checked against every earlier-sorted range of
	 * the same aperture still open at its start.  Ranges in a real file
	 * rarely overlap, so the inner loop is short.
	 */
	for (i = 1; i < s->nmems; i++) {
		size_t j = i;

		while (j-- > 0) {
			unsigned later, other;

			if (ix[j].ap != ix[i].ap)
				break;
			if (ix[j].last < ix[i].addr) {
				/* earlier ranges may still be open if long */
				continue;
			}
			later = ix[i].line > ix[j].line ? ix[i].line : ix[j].line;
			other = ix[i].line > ix[j].line ? ix[j].line : ix[i].line;
			if (!best_line || later < best_line) {
				best_line = later;
				best_other = other;
				best_addr = ix[i].addr;
			}
		}
	}
	free(ix);
	if (best_line) {
		p->line = best_line;
		return perr(p, "m range at 0x%" PRIx64 " overlaps the m range at line %u",
			    best_addr, best_other);
	}
	return 0;
}

void nvss_free(struct nvss *s)
{
	size_t i;

	if (!s)
		return;
	for (i = 0; i < s->nmems; i++)
		free(s->mems[i].data);
	for (i = 0; i < s->nmeta; i++) {
		free(s->meta[i].key);
		free(s->meta[i].val);
	}
	free(s->regs);
	free(s->mems);
	free(s->meta);
	free(s);
}

struct nvss *nvss_new(void)
{
	return calloc(1, sizeof(struct nvss));
}

/*
 * tokenise - split [q, le) on spaces, tabs (and a CR from CRLF files) into
 * @tk.  Returns the number of tokens; past MAX_TOKENS only the first
 * MAX_TOKENS are stored.
 */
static unsigned tokenise(const char *q, const char *le, struct tok *tk)
{
	unsigned nt = 0;

	while (q < le) {
		while (q < le && (*q == ' ' || *q == '\t' || *q == '\r'))
			q++;
		if (q >= le)
			break;
		if (nt < MAX_TOKENS) {
			tk[nt].p = q;
			while (q < le && *q != ' ' && *q != '\t' && *q != '\r')
				q++;
			tk[nt].n = (size_t)(q - tk[nt].p);
		} else {
			while (q < le && *q != ' ' && *q != '\t' && *q != '\r')
				q++;
		}
		nt++;
	}
	return nt;
}

/* is_version_line - exactly VERSION_TOKEN VERSION_NUMBER */
static int is_version_line(const struct tok *tk, unsigned nt)
{
	return nt == 2 && tk[0].n == strlen(VERSION_TOKEN) &&
	       !memcmp(tk[0].p, VERSION_TOKEN, tk[0].n) &&
	       tk[1].n == 1 && tk[1].p[0] == VERSION_NUMBER[0];
}

/*
 * parse_line - one line, [cur, cur + llen) without its comment, split into
 * @nt tokens @tk; the first non-empty one must be the version line
 * (*have_version).  Returns 0 or perr()'s error.
 */
static int parse_line(struct parser *p, const char *cur, size_t llen,
		      const struct tok *tk, unsigned nt, int *have_version)
{
	char tb[40];

	if (nt == 0)
		return 0;
	if (memchr(cur, 0, llen))
		return perr(p, "NUL byte in line");
	if (!*have_version) {
		if (is_version_line(tk, nt)) {
			*have_version = 1;
			return 0;
		}
		return perr(p, "bad version line: the first line must be exactly '"
			    VERSION_TOKEN " " VERSION_NUMBER "'");
	}
	if (tk[0].n == 4 && !memcmp(tk[0].p, "meta", 4))
		return line_meta(p, cur, llen, tk, nt);
	if (tk[0].n == 1 && tk[0].p[0] == 'r')
		return line_reg(p, tk, nt);	/* reads tk[] only when nt == 3 */
	if (tk[0].n == 1 && tk[0].p[0] == 'm')
		return line_mem(p, tk, nt);	/* reads tk[] only when nt == 4 */
	if (tk[0].n == strlen(VERSION_TOKEN) &&
	    !memcmp(tk[0].p, VERSION_TOKEN, tk[0].n))
		return perr(p, "second version line");
	return perr(p, "unknown line kind '%s'", tokstr(&tk[0], tb, sizeof(tb)));
}

/* parse_lines - every line of [buf, buf + len), the version line first */
static int parse_lines(struct parser *p, const char *buf, size_t len)
{
	const char *cur = buf, *end = buf + len;
	int have_version = 0;
	int ret;

	while (cur < end) {
		const char *nl = memchr(cur, '\n', (size_t)(end - cur));
		const char *le = nl ? nl : end;
		const char *hash;
		struct tok tk[MAX_TOKENS];
		unsigned nt;

		p->line++;
		hash = memchr(cur, '#', (size_t)(le - cur));
		if (hash)
			le = hash;
		nt = tokenise(cur, le, tk);
		ret = parse_line(p, cur, (size_t)(le - cur), tk, nt, &have_version);
		if (ret)
			return ret;
		if (!nl)
			break;
		cur = nl + 1;
	}
	if (!have_version) {
		p->line = p->line ? p->line : 1;
		return perr(p, "no version line: a snapshot starts with '"
			    VERSION_TOKEN " " VERSION_NUMBER "'");
	}
	return 0;
}

int nvss_parse_buf(const char *buf, size_t len, const char *name,
		   struct nvss **out, char *err, size_t errlen)
{
	struct parser p = { .name = name ? name : "<snapshot>", .err = err,
			    .errlen = errlen };
	int ret = 0;

	*out = NULL;
	if (err && errlen)
		err[0] = 0;
	p.s = nvss_new();
	p.seen = calloc(NVSS_BAR0_SIZE / 4 / 8, 1);
	if (!p.s || !p.seen) {
		ret = nomem(&p);
		goto fail;
	}
	ret = parse_lines(&p, buf, len);
	if (ret)
		goto fail;
	ret = check_overlaps(&p);
	if (ret)
		goto fail;
	if (p.s->nregs)
		qsort(p.s->regs, p.s->nregs, sizeof(*p.s->regs), cmp_reg);
	if (p.s->nmems)
		qsort(p.s->mems, p.s->nmems, sizeof(*p.s->mems), cmp_mem);
	free(p.seen);
	free(p.mem_lines);
	free(p.reg_lines);
	*out = p.s;
	return 0;
fail:
	free(p.seen);
	free(p.mem_lines);
	free(p.reg_lines);
	nvss_free(p.s);
	return ret ? ret : -EINVAL;
}

int nvss_parse_file(const char *path, struct nvss **out, char *err, size_t errlen)
{
	FILE *f;
	char *buf = NULL;
	size_t len = 0, cap = 0;
	int ret;

	*out = NULL;
	f = fopen(path, "rb");
	if (!f) {
		ret = -errno;
		nvs_seterr(err, errlen, "%s: %s", path, strerror(errno));
		return ret;
	}
	for (;;) {
		size_t n;

		if (cap - len < 65536) {
			char *nb;

			cap = cap ? cap * 2 : 1 << 20;
			nb = realloc(buf, cap);
			if (!nb) {
				free(buf);
				fclose(f);
				nvs_seterr(err, errlen, "%s: out of memory", path);
				return -ENOMEM;
			}
			buf = nb;
		}
		n = fread(buf + len, 1, cap - len, f);
		len += n;
		if (n == 0)
			break;
	}
	if (ferror(f)) {
		nvs_seterr(err, errlen, "%s: read error", path);
		free(buf);
		fclose(f);
		return -EIO;
	}
	fclose(f);
	ret = nvss_parse_buf(buf, len, path, out, err, errlen);
	free(buf);
	return ret;
}

static const char *ap_name(enum nvs_aperture ap)
{
	return ap == NVS_AP_VID ? "vid" : "sys";
}

int nvss_write(FILE *f, const struct nvss *s)
{
	struct nvss_reg *regs = NULL;
	struct nvss_mem *mems = NULL;
	size_t i, j;
	int ret = 0;

	/* refuse what the format cannot carry rather than write a file that
	 * reads back differently */
	for (i = 0; i < s->nmeta; i++) {
		const char *k = s->meta[i].key, *v = s->meta[i].val ? s->meta[i].val : "";

		if (!k[0] || strpbrk(k, " \t\r\n#") || strpbrk(v, "\r\n#") ||
		    (v[0] && (v[0] == ' ' || v[0] == '\t' || v[strlen(v) - 1] == ' ' ||
			      v[strlen(v) - 1] == '\t')))
			return -EINVAL;
	}
	for (i = 0; i < s->nregs; i++)
		if (s->regs[i].off >= NVSS_BAR0_SIZE || (s->regs[i].off & 3) ||
		    (s->regs[i].off >= NVSS_PRAMIN_START && s->regs[i].off < NVSS_PRAMIN_END))
			return -EINVAL;
	if (s->nregs) {
		regs = malloc(s->nregs * sizeof(*regs));
		if (!regs)
			return -ENOMEM;
		memcpy(regs, s->regs, s->nregs * sizeof(*regs));
		qsort(regs, s->nregs, sizeof(*regs), cmp_reg);
	}
	if (s->nmems) {
		mems = malloc(s->nmems * sizeof(*mems));
		if (!mems) {
			free(regs);
			return -ENOMEM;
		}
		memcpy(mems, s->mems, s->nmems * sizeof(*mems));
		qsort(mems, s->nmems, sizeof(*mems), cmp_mem);
	}
	fprintf(f, VERSION_TOKEN " " VERSION_NUMBER "\n");
	for (i = 0; i < s->nmeta; i++) {
		if (s->meta[i].val && s->meta[i].val[0])
			fprintf(f, "meta %s %s\n", s->meta[i].key, s->meta[i].val);
		else
			fprintf(f, "meta %s\n", s->meta[i].key);
	}
	for (i = 0; i < s->nregs; i++)
		fprintf(f, "r 0x%08x 0x%08x\n", regs[i].off, regs[i].val);
	for (i = 0; i < s->nmems; i++) {
		static const char hx[] = "0123456789abcdef";

		if (!mems[i].len)
			continue;	/* carries no data; not representable */
		fprintf(f, "m %s 0x%016" PRIx64 " ", ap_name(mems[i].ap), mems[i].addr);
		for (j = 0; j < mems[i].len; j++) {
			putc(hx[mems[i].data[j] >> 4], f);
			putc(hx[mems[i].data[j] & 15], f);
		}
		putc('\n', f);
	}
	if (ferror(f))
		ret = -EIO;
	free(regs);
	free(mems);
	return ret;
}

const char *nvss_meta_get(const struct nvss *s, const char *key)
{
	size_t i;

	for (i = 0; i < s->nmeta; i++)
		if (!strcmp(s->meta[i].key, key))
			return s->meta[i].val;
	return NULL;
}

uint32_t nvss_reg_get(const struct nvss *s, uint32_t off)
{
	size_t lo = 0, hi = s->nregs;

	/* regs[] is sorted after a parse; fall back to a scan otherwise */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (s->regs[mid].off == off)
			return s->regs[mid].val;
		if (s->regs[mid].off < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (lo = 0; lo < s->nregs; lo++)
		if (s->regs[lo].off == off)
			return s->regs[lo].val;
	return NVSS_BAD_REG;
}

int nvss_add_reg(struct nvss *s, uint32_t off, uint32_t val)
{
	struct nvss_reg *n = realloc(s->regs, (s->nregs + 1) * sizeof(*n));

	if (!n)
		return -ENOMEM;
	s->regs = n;
	s->regs[s->nregs].off = off;
	s->regs[s->nregs].val = val;
	s->nregs++;
	return 0;
}

int nvss_add_mem(struct nvss *s, enum nvs_aperture ap, uint64_t addr,
		 const void *data, size_t len)
{
	struct nvss_mem *n = realloc(s->mems, (s->nmems + 1) * sizeof(*n));
	uint8_t *d;

	if (!n)
		return -ENOMEM;
	s->mems = n;
	d = malloc(len ? len : 1);
	if (!d)
		return -ENOMEM;
	if (len)
		memcpy(d, data, len);
	s->mems[s->nmems].ap = ap;
	s->mems[s->nmems].addr = addr;
	s->mems[s->nmems].len = len;
	s->mems[s->nmems].data = d;
	s->nmems++;
	return 0;
}

int nvss_add_meta(struct nvss *s, const char *key, const char *val)
{
	struct nvss_meta *n = realloc(s->meta, (s->nmeta + 1) * sizeof(*n));
	char *k, *v;

	if (!n)
		return -ENOMEM;
	s->meta = n;
	k = strdup(key);
	v = strdup(val ? val : "");
	if (!k || !v) {
		free(k);
		free(v);
		return -ENOMEM;
	}
	s->meta[s->nmeta].key = k;
	s->meta[s->nmeta].val = v;
	s->nmeta++;
	return 0;
}
