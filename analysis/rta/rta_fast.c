// SPDX-License-Identifier: MIT
/*
 * rta_fast.c - a one-pass reader for the common taskset file (no JSON
 * tree), used by rta_taskset_load() before the general reader.
 *
 * It accepts a strict subset: the document is one object whose keys have
 * no escapes and are not repeated where they matter, every member the
 * analysis reads has the expected type and passes the checks of
 * rta_taskset_from_json(), names are plain strings, at most
 * RTA_FAST_MAX_TASKS tasks and RTA_FAST_MAX_SEGS segment values.  Other
 * members are skipped, but checked as JSON.  Anything else, including
 * every input that the general reader rejects, returns 0 and the caller
 * reads the file with json_parse() and rta_taskset_from_json(), which
 * then gives the result or the error message.  When it returns 1 the
 * taskset is the one the general reader builds (same values, same
 * arithmetic, same order; tests/fuzz/fuzz_rta.c compares the two).
 */
#include "json.h"
#include "rta.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RTA_FAST_MAX_TASKS 256
#define RTA_FAST_MAX_SEGS 2048
#define RTA_FAST_MAX_DEPTH 32
/* CPU numbers: as the general reader (task cpu below, platform cpus up to) */
#define RTA_FAST_MAX_CPUS RTA_MAX_CPUS

struct fr {
	const char *s, *end;
};

struct ftask {
	const char *name;	/* into the text, nlen bytes; NULL: "t<index>" */
	size_t nlen;
	double cpu, T, D, prio, gprio, ctot, gtot;
	bool has_D, be, has_gprio, has_ctot, has_gtot;
	int nc, ng, seg;	/* segments: vals[seg ..], nc CPU then ng (misc, exec) */
};

struct fscratch {
	struct ftask t[RTA_FAST_MAX_TASKS];
	double vals[RTA_FAST_MAX_SEGS];
	int nt, nv;
};

/*
 * bit 0: JSON whitespace; bit 1: ends a plain string's run ('"', '\\' and
 * every control character, tab, newline and CR included)
 */
static const unsigned char cls[256] = {
	[0 ... 8] = 2, ['\t'] = 3, ['\n'] = 3, [11 ... 12] = 2, ['\r'] = 3, [14 ... 0x1f] = 2,
	[' '] = 1, ['"'] = 2, ['\\'] = 2,
};

static inline __attribute__((always_inline)) void ws(struct fr *r)
{
	const char *q = r->s, *end = r->end;

	while (q < end && (cls[(unsigned char)*q] & 1))
		q++;
	r->s = q;
}

static inline __attribute__((always_inline)) bool lit(struct fr *r, char c)
{
	ws(r);
	if (r->s < r->end && *r->s == c) {
		r->s++;
		return true;
	}
	return false;
}

/* A plain string (no escape, no control character): its bytes. */
static inline __attribute__((always_inline)) bool str(struct fr *r, const char **p, size_t *n)
{
	const char *q;

	ws(r);
	if (r->s >= r->end || *r->s != '"')
		return false;
	q = ++r->s;
	while (q < r->end && !(cls[(unsigned char)*q] & 2))
		q++;
	if (q >= r->end || *q != '"')
		return false;	/* unterminated, or an escape or control character */
	*p = r->s;
	*n = q - r->s;
	r->s = q + 1;
	return true;
}

static inline __attribute__((always_inline)) bool num(struct fr *r, double *v)
{
	const char *q;

	ws(r);
	if (json_read_number(r->s, r->end, v, &q) < 0)
		return false;
	r->s = q;
	return true;
}

static inline __attribute__((always_inline)) bool is_null(struct fr *r)
{
	ws(r);
	if (r->end - r->s >= 4 && !memcmp(r->s, "null", 4)) {
		r->s += 4;
		return true;
	}
	return false;
}

/* Any JSON value, checked and dropped. */
static bool skip(struct fr *r, int depth)
{
	double v;
	const char *p;
	size_t n;

	if (depth > RTA_FAST_MAX_DEPTH)
		return false;
	ws(r);
	if (r->s >= r->end)
		return false;
	switch (*r->s) {
	case '{':
		r->s++;
		if (lit(r, '}'))
			return true;
		do {
			if (!str(r, &p, &n) || !lit(r, ':') || !skip(r, depth + 1))
				return false;
		} while (lit(r, ','));
		return lit(r, '}');
	case '[':
		r->s++;
		if (lit(r, ']'))
			return true;
		do {
			if (!skip(r, depth + 1))
				return false;
		} while (lit(r, ','));
		return lit(r, ']');
	case '"':
		return str(r, &p, &n);
	case 't':
		if (r->end - r->s >= 4 && !memcmp(r->s, "true", 4)) {
			r->s += 4;
			return true;
		}
		return false;
	case 'f':
		if (r->end - r->s >= 5 && !memcmp(r->s, "false", 5)) {
			r->s += 5;
			return true;
		}
		return false;
	case 'n':
		return is_null(r);
	default:
		return num(r, &v);
	}
}

static inline __attribute__((always_inline)) bool key_is(const char *p, size_t n, const char *k)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] != k[i])	/* k's NUL ends it early */
			return false;
	return !k[n];
}

/* A number member, or null (*has false); seen: duplicate guard. */
static bool opt_num(struct fr *r, double *v, bool *has, bool *seen)
{
	if (*seen)
		return false;
	*seen = true;
	if (is_null(r)) {
		*has = false;
		return true;
	}
	*has = true;
	return num(r, v);
}

static bool num_ok(double v)
{
	return isfinite(v) && v >= 0;
}

enum { T_OTHER, T_NAME, T_CPU, T_PERIOD, T_DEADLINE, T_PRIO, T_GPRIO, T_CTOT, T_GTOT, T_CSEG,
	T_GSEG };

/* A task member name: by its length and a letter, then compared whole. */
static int task_key(const char *p, size_t n)
{
	static const char *const names[] = {
		NULL, "name", "cpu", "period_ms", "deadline_ms", "priority", "gpu_priority",
		"cpu_total_ms", "gpu_total_ms", "cpu_segments_ms", "gpu_segments",
	};
	int k;

	switch (n) {
	case 3: k = T_CPU; break;
	case 4: k = T_NAME; break;
	case 8: k = T_PRIO; break;
	case 9: k = T_PERIOD; break;
	case 11: k = T_DEADLINE; break;
	case 12:
		k = p[0] == 'c' ? T_CTOT : p[4] == 'p' ? T_GPRIO : p[4] == 's' ? T_GSEG : T_GTOT;
		break;
	case 15: k = T_CSEG; break;
	default: return T_OTHER;
	}
	return key_is(p, n, names[k]) ? k : T_OTHER;
}

static bool gpu_segments(struct fr *r, struct fscratch *sc, struct ftask *t)
{
	if (is_null(r))
		return true;
	if (!lit(r, '['))
		return false;
	if (lit(r, ']'))
		return true;
	do {
		bool sm = false, se = false;
		double m = 0, e = 0;

		if (!lit(r, '{') || sc->nv + 2 > RTA_FAST_MAX_SEGS)
			return false;
		if (!lit(r, '}')) {
			do {
				const char *p;
				size_t n;

				if (!str(r, &p, &n) || !lit(r, ':'))
					return false;
				if (key_is(p, n, "misc_ms")) {
					if (sm || !num(r, &m))
						return false;
					sm = true;
				} else if (key_is(p, n, "exec_ms")) {
					if (se || !num(r, &e))
						return false;
					se = true;
				} else if (!skip(r, 3)) {
					return false;
				}
			} while (lit(r, ','));
			if (!lit(r, '}'))
				return false;
		}
		if (!sm || !se || !num_ok(m) || !num_ok(e))
			return false;
		/* misc at seg + nc + 2k, exec after it */
		sc->vals[sc->nv++] = m;
		sc->vals[sc->nv++] = e;
		t->ng++;
	} while (lit(r, ','));
	return lit(r, ']');
}

/* cpu_segments_ms: before the GPU segments in vals (one contiguous run). */
static inline bool cpu_segments(struct fr *r, struct fscratch *sc, struct ftask *t)
{
	if (!lit(r, '['))
		return false;
	t->seg = sc->nv;
	if (lit(r, ']'))
		return true;
	do {
		double v;

		if (sc->nv >= RTA_FAST_MAX_SEGS || !num(r, &v) || !num_ok(v))
			return false;
		sc->vals[sc->nv++] = v;
		t->nc++;
	} while (lit(r, ','));
	return lit(r, ']');
}

/* Which members a task object had (duplicate guard), and which were not null. */
struct tseen {
	bool name, cpu, T, D, prio, gprio, cseg, gseg, ctot, gtot;
	bool has_cpu, has_T, has_prio;
};

/* One member of a task object, k = task_key() of its name. */
static inline __attribute__((always_inline)) bool task_member(struct fr *r, struct fscratch *sc,
							      struct ftask *t, int k, struct tseen *s)
{
	switch (k) {
	case T_NAME:
		if (s->name)
			return false;
		s->name = true;
		return is_null(r) || str(r, &t->name, &t->nlen);
	case T_CPU:
		return opt_num(r, &t->cpu, &s->has_cpu, &s->cpu) && s->has_cpu;
	case T_PERIOD:
		return opt_num(r, &t->T, &s->has_T, &s->T) && s->has_T;
	case T_DEADLINE:
		return opt_num(r, &t->D, &t->has_D, &s->D);
	case T_PRIO:
		return opt_num(r, &t->prio, &s->has_prio, &s->prio);
	case T_GPRIO:
		return opt_num(r, &t->gprio, &t->has_gprio, &s->gprio);
	case T_CTOT:
		return opt_num(r, &t->ctot, &t->has_ctot, &s->ctot);
	case T_GTOT:
		return opt_num(r, &t->gtot, &t->has_gtot, &s->gtot);
	case T_CSEG:
		if (s->cseg || s->gseg)
			return false;
		s->cseg = true;
		return cpu_segments(r, sc, t);
	case T_GSEG:
		if (s->gseg || !s->cseg)
			return false;
		s->gseg = true;
		return gpu_segments(r, sc, t);
	default:
		return skip(r, 2);
	}
}

/* The general reader's checks: any failure is its error to report. */
static inline bool task_valid(const struct ftask *t, bool has_prio)
{
	if (!(t->cpu == floor(t->cpu) && fabs(t->cpu) < 9007199254740992.0) || t->cpu < 0 ||
	    t->cpu >= RTA_FAST_MAX_CPUS)
		return false;
	if (!(t->T > 0) || !isfinite(t->T))
		return false;
	if (t->has_D && (!(t->D > 0) || !isfinite(t->D)))
		return false;
	if ((t->has_D ? t->D : t->T) > t->T)
		return false;
	if (has_prio && !isfinite(t->prio))
		return false;
	if (t->has_gprio && !isfinite(t->gprio))
		return false;
	if ((t->has_ctot && !num_ok(t->ctot)) || (t->has_gtot && !num_ok(t->gtot)))
		return false;
	return true;
}

static bool task(struct fr *r, struct fscratch *sc, struct ftask *t)
{
	struct tseen s = { 0 };

	memset(t, 0, sizeof(*t));
	if (!lit(r, '{'))
		return false;
	if (lit(r, '}'))
		return false;	/* no cpu: the general reader's error */
	do {
		const char *p;
		size_t n;

		if (!str(r, &p, &n) || !lit(r, ':') || !task_member(r, sc, t, task_key(p, n), &s))
			return false;
	} while (lit(r, ','));
	if (!lit(r, '}') || !s.cseg || !s.has_cpu || !s.has_T)
		return false;
	t->be = !s.has_prio;
	return task_valid(t, s.has_prio);
}

static bool platform(struct fr *r, struct rta_taskset *ts)
{
	bool s_cpus = false, s_eps = false, s_theta = false, s_L = false, has;
	double cpus = 0;

	if (!lit(r, '{') || lit(r, '}'))
		return false;
	do {
		const char *p;
		size_t n;

		if (!str(r, &p, &n) || !lit(r, ':'))
			return false;
		if (key_is(p, n, "cpus")) {
			if (!opt_num(r, &cpus, &has, &s_cpus) || !has)
				return false;
		} else if (key_is(p, n, "epsilon_ms")) {
			if (!opt_num(r, &ts->eps, &has, &s_eps) || !has)
				return false;
		} else if (key_is(p, n, "theta_ms")) {
			if (!opt_num(r, &ts->theta, &has, &s_theta) || !has)
				return false;
		} else if (key_is(p, n, "timeslice_ms")) {
			if (!opt_num(r, &ts->L, &has, &s_L) || !has)
				return false;
		} else if (!skip(r, 2)) {
			return false;
		}
	} while (lit(r, ','));
	if (!lit(r, '}') || !s_eps || !s_theta || !s_L)
		return false;
	if (!num_ok(ts->eps) || !num_ok(ts->theta) || !(ts->L > 0) || !isfinite(ts->L))
		return false;
	/* an integer from 0 to RTA_FAST_MAX_CPUS, else the general reader's */
	if (s_cpus && !(cpus == floor(cpus) && cpus >= 0 && cpus <= RTA_FAST_MAX_CPUS))
		return false;
	ts->cpus = s_cpus ? (int)cpus : 0;
	return true;
}

/* The taskset block, laid out as rta_taskset_from_json() does. */
static void build(const struct fscratch *sc, struct rta_taskset *ts)
{
	size_t nd = 0, nn = 0;
	double *dmem;
	char *nmem;

	for (int i = 0; i < sc->nt; i++) {
		nd += sc->t[i].nc + 2 * sc->t[i].ng;
		nn += 32 + (sc->t[i].name ? sc->t[i].nlen : 0);
	}
	ts->blk = calloc(1, sc->nt * sizeof(*ts->t) + nd * sizeof(double) + nn + 1);
	if (!ts->blk) {
		fprintf(stderr, "nvsched rta: out of memory\n");
		exit(1);
	}
	ts->t = ts->blk;
	dmem = (void *)(ts->t + sc->nt);
	nmem = (char *)(dmem + nd);
	ts->n = sc->nt;
	for (int i = 0; i < sc->nt; i++) {
		const struct ftask *f = &sc->t[i];
		struct rta_task *t = &ts->t[i];
		const double *v = sc->vals + f->seg;

		t->name = nmem;
		if (f->name) {
			memcpy(nmem, f->name, f->nlen);
			nmem[f->nlen] = 0;
			nmem += f->nlen + 1;
		} else {
			nmem += snprintf(nmem, 32, "t%d", i) + 1;
		}
		t->cpu = (int)f->cpu;
		t->T = f->T;
		t->D = f->has_D ? f->D : f->T;
		t->be = f->be;
		if (!f->be)
			t->prio = f->prio;
		t->has_gprio = f->has_gprio;
		if (f->has_gprio)
			t->gprio = f->gprio;
		t->nc = f->nc;
		t->cseg = dmem;
		dmem += f->nc;
		t->C = 0;
		for (int k = 0; k < f->nc; k++) {
			t->cseg[k] = v[k];
			t->C += t->cseg[k];
		}
		t->ng = f->ng;
		t->gm = dmem;
		t->ge = t->gm + f->ng;
		dmem += 2 * f->ng;
		t->Gm = t->Ge = t->G = 0;
		for (int k = 0; k < f->ng; k++) {
			t->gm[k] = v[f->nc + 2 * k];
			t->ge[k] = v[f->nc + 2 * k + 1];
			t->Gm += t->gm[k];
			t->Ge += t->ge[k];
			t->G += t->gm[k] + t->ge[k];
		}
		if (f->has_ctot)
			t->C = f->ctot;
		if (f->has_gtot)
			t->G = f->gtot;
		if (t->cpu >= ts->cpus)
			ts->cpus = t->cpu + 1;
	}
}

int rta_taskset_fast(const char *text, size_t len, struct rta_taskset *ts)
{
	struct fr r = { text, text + len };
	struct fscratch *sc;
	bool s_schema = false, s_pl = false, s_tasks = false, ok = true;
	struct rta_taskset tmp;
	int a, b;

	memset(ts, 0, sizeof(*ts));
	memset(&tmp, 0, sizeof(tmp));
	sc = malloc(sizeof(*sc));
	if (!sc)
		return 0;
	sc->nt = sc->nv = 0;
	if (!lit(&r, '{') || lit(&r, '}'))
		ok = false;
	while (ok) {
		const char *p;
		size_t n;

		if (!str(&r, &p, &n) || !lit(&r, ':')) {
			ok = false;
		} else if (key_is(p, n, "schema")) {
			double v;

			ok = !s_schema && num(&r, &v) && v == 1;
			s_schema = true;
		} else if (key_is(p, n, "platform")) {
			ok = !s_pl && platform(&r, &tmp);
			s_pl = true;
		} else if (key_is(p, n, "tasks")) {
			ok = !s_tasks && lit(&r, '[');
			s_tasks = true;
			if (ok && !lit(&r, ']')) {
				do {
					ok = sc->nt < RTA_FAST_MAX_TASKS &&
					     task(&r, sc, &sc->t[sc->nt]);
					sc->nt++;
				} while (ok && lit(&r, ','));
				ok = ok && lit(&r, ']');
			}
		} else {
			ok = skip(&r, 1);
		}
		if (ok && !lit(&r, ','))
			break;
	}
	if (ok)
		ok = lit(&r, '}') && s_pl && s_tasks;
	if (ok) {
		ws(&r);
		ok = r.s == r.end;
	}
	if (ok) {
		*ts = tmp;
		build(sc, ts);
		/* given GPU priorities must keep the same-core CPU order */
		ok = !rta_gprio_order_broken(ts, &a, &b);
		if (!ok)
			rta_taskset_free(ts);
	}
	free(sc);
	return ok;
}
