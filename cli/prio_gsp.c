// SPDX-License-Identifier: MIT
/*
 * prio_gsp.c - the GSP backend of `nvsched prio` (docs/priority-gsp.md):
 *
 *   nvsched prio daemon [--socket P] [--small-us N] [--group G]
 *        the arbiter: agents (libnvsched-agent.so in each managed process)
 *        connect over a SOCK_SEQPACKET Unix socket; the policy core of the
 *        module (kmod/hw/prio.c) decides; each agent is told what to do with
 *        its own TSGs (small timeslice / channels disabled / originals)
 *   nvsched prio run [--prio N|--best-effort] [--mechanism timeslice|gate] -- CMD
 *        (no --tsg) CMD runs under the agent with that lifetime segment
 *   nvsched prio status [-j]
 *        when an arbiter answers: its agents, TSGs, decisions, latencies
 *
 * Identity comes from SO_PEERCRED only.  A real-time priority needs uid 0,
 * CAP_SYS_NICE in the peer's effective set, or membership of --group.
 * The policy sees each agent as one task owning one TSG (runlist 0, id =
 * its slot); the TSGs an agent really has stay inside its process.
 */
#include <errno.h>
#include <getopt.h>
#include <grp.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "json.h"
#include "prio.h"
#include "prio_gsp.h"
#include "../lib/agent/prio_wire.h"

#define ARB_MAX	256		/* agents */
enum { MODE_NORMAL = 0, MODE_SMALL = 1, MODE_GATED = 2 };	/* = enum nva_mode */

struct conn {
	int fd;
	bool agent;		/* said HELLO */
	bool gone;		/* its process is exiting: out of the policy */
	pid_t pid;
	uid_t uid;
	gid_t gid;
	int slot;		/* policy task slot */
	int mech;		/* enum nvsp_mech */
	int prio;		/* segment priority, -1 best effort, -2 none */
	bool rt_ok;
	int mode;		/* last mode sent */
	uint32_t seq;
	uint64_t t_sent;	/* when the last APPLY went out */
	bool pending;
	uint64_t lat_last_ns, lat_max_ns, lat_sum_ns, applied;
	uint64_t apply_ns;	/* duration of the last apply inside the agent */
	uint64_t failed;	/* controls that failed */
	int rejected;		/* messages refused */
	char comm[32];
	struct nvsp_report rep;
	unsigned int nrep;
};

struct arb {
	struct nvs_prio *p;
	void *mem;
	struct conn c[ARB_MAX];
	int lfd;
	uint64_t small_us;
	gid_t group;
	bool have_group;
	uint64_t decisions;
	const char *path;
};

static volatile sig_atomic_t stop;

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

const char *prio_gsp_socket(void)
{
	const char *s = getenv("NVSCHED_PRIO_SOCKET");

	return s && *s ? s : NVSP_SOCKET;
}

static int sock_connect(const char *path)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	int fd;

	if (strlen(path) >= sizeof(sa.sun_path))
		return -ENAMETOOLONG;
	strcpy(sa.sun_path, path);
	fd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	if (connect(fd, (struct sockaddr *)&sa, sizeof(sa))) {
		int e = -errno;

		close(fd);
		return e;
	}
	return fd;
}

/* ---- permission ---------------------------------------------------------- */

/* uid 0, CAP_SYS_NICE (bit 23) effective, or in @group (primary or supplementary) */
static bool may_rt(const struct arb *a, const struct conn *c)
{
	char path[64], line[512];
	bool ok = c->uid == 0 || (a->have_group && c->gid == a->group);
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)c->pid);
	f = fopen(path, "r");
	if (!f)
		return ok;
	while (!ok && fgets(line, sizeof(line), f)) {
		if (!strncmp(line, "CapEff:", 7)) {
			unsigned long long caps = strtoull(line + 7, NULL, 16);

			ok = (caps >> 23) & 1;
		} else if (a->have_group && !strncmp(line, "Groups:", 7)) {
			char *s = line + 7, *end;

			for (;;) {
				unsigned long g = strtoul(s, &end, 10);

				if (end == s)
					break;
				if (g == a->group)
					ok = true;
				s = end;
			}
		}
	}
	fclose(f);
	return ok;
}

static void comm_of(pid_t pid, char *buf, size_t len)
{
	char path[64];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/comm", (int)pid);
	buf[0] = 0;
	f = fopen(path, "r");
	if (f) {
		if (fgets(buf, (int)len, f))
			buf[strcspn(buf, "\n")] = 0;
		fclose(f);
	}
}

/*
 * Whether a process has begun to exit (PF_EXITING, 0x4, in the flags field
 * of /proc/PID/stat): set at the start of do_exit(), while its sockets close
 * only after its memory is torn down, which for a CUDA process took 25 ms
 * on the H100 (tests/hw/gsp-h100/run1).  The pid cannot be reused yet: the
 * process still holds our socket.
 */
static bool exiting(pid_t pid)
{
	char path[64], buf[512], *s;
	unsigned long flags;
	FILE *f;
	size_t n;
	int i;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return true;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = 0;
	s = strrchr(buf, ')');	/* comm may hold anything but ends at the last ')' */
	if (!s)
		return false;
	s++;
	/* state ppid pgrp session tty_nr tpgid, then flags */
	for (i = 0; i < 7 && s; i++) {
		s = strchr(s, ' ');
		if (s)
			s++;
	}
	if (!s)
		return false;
	flags = strtoul(s, NULL, 10);
	return flags & 0x4;
}

/* ---- messages --------------------------------------------------------------- */

static void hdr(struct nvsp_hdr *h, int type)
{
	memset(h, 0, sizeof(*h));
	h->magic = NVSP_MAGIC;
	h->version = NVSP_VERSION;
	h->type = (uint16_t)type;
}

static void refuse(struct conn *c, int err, const char *why)
{
	char buf[sizeof(struct nvsp_hdr) + 256];
	struct nvsp_hdr h;
	size_t n = strlen(why);

	hdr(&h, NVSP_REFUSED);
	h.a = -err;
	if (n > 255)
		n = 255;
	memcpy(buf, &h, sizeof(h));
	memcpy(buf + sizeof(h), why, n);
	(void)send(c->fd, buf, sizeof(h) + n, MSG_NOSIGNAL | MSG_DONTWAIT);
	c->rejected++;
}

/* what every agent should do now; send the changes, evicted ones first */
static void decide(struct arb *a)
{
	const uint64_t *allowed = nvs_prio_allowed(a->p, 0);
	int pass, i, want;

	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < ARB_MAX; i++) {
			struct conn *c = &a->c[i];
			struct nvsp_hdr h;

			if (c->fd < 0 || !c->agent)
				continue;
			want = nvs_bm_test(allowed, (unsigned int)c->slot) ? MODE_NORMAL :
			       c->mech == NVSP_MECH_GATE ? MODE_GATED : MODE_SMALL;
			/* pass 0: evictions; pass 1: admissions */
			if (want == c->mode || (pass == 0) != (want != MODE_NORMAL))
				continue;
			hdr(&h, NVSP_APPLY);
			h.a = want;
			h.b = ++c->seq;
			h.c = a->small_us;
			c->t_sent = now_ns();
			c->pending = true;
			c->mode = want;
			a->decisions++;
			(void)send(c->fd, &h, sizeof(h), MSG_NOSIGNAL | MSG_DONTWAIT);
		}
}

/* a task whose process is exiting leaves the policy at once (its socket may
 * stay open for a while) */
static void task_gone(struct arb *a, struct conn *c)
{
	nvs_prio_task_remove(a->p, c->slot);
	c->agent = false;
	c->gone = true;
	decide(a);
}

static void drop_conn(struct arb *a, struct conn *c)
{
	bool agent = c->agent;

	if (agent)
		nvs_prio_task_remove(a->p, c->slot);
	close(c->fd);
	memset(c, 0, sizeof(*c));
	c->fd = -1;
	if (agent)
		decide(a);	/* the others are re-applied */
}

static void seg(struct arb *a, struct conn *c, int prio)
{
	if (prio >= 0 && !c->rt_ok) {
		refuse(c, EPERM, "a real-time priority needs CAP_SYS_NICE (or the arbiter's --group)");
		return;
	}
	c->prio = prio < 0 ? -1 : prio;
	nvs_prio_begin(a->p, c->slot, c->prio);
	decide(a);
}

static void status_text(struct arb *a, struct conn *to);

static void on_msg(struct arb *a, struct conn *c, const char *buf, ssize_t n)
{
	struct nvsp_hdr h;

	memcpy(&h, buf, sizeof(h));
	if (c->gone)
		return;
	switch (h.type) {
	case NVSP_HELLO:
		if (c->agent || h.a < -2 || h.a > NVS_PRIO_MAX ||
		    (h.b != NVSP_MECH_TIMESLICE && h.b != NVSP_MECH_GATE)) {
			refuse(c, EINVAL, "bad hello");
			return;
		}
		c->slot = nvs_prio_task_add(a->p, (uint32_t)(c - a->c));
		if (c->slot < 0 || nvs_prio_tsg_add(a->p, c->slot, 0, (unsigned int)c->slot)) {
			refuse(c, ENOSPC, "too many agents");
			return;
		}
		c->agent = true;
		c->mech = (int)h.b;
		c->prio = -2;
		c->rt_ok = may_rt(a, c);
		comm_of(c->pid, c->comm, sizeof(c->comm));
		if (h.a >= -1)
			seg(a, c, h.a);
		else
			decide(a);
		return;
	case NVSP_BEGIN:
		if (!c->agent || h.a < -1 || h.a > NVS_PRIO_MAX) {
			c->rejected++;
			return;
		}
		seg(a, c, h.a);
		return;
	case NVSP_END:
		if (!c->agent) {
			c->rejected++;
			return;
		}
		c->prio = -2;
		nvs_prio_end(a->p, c->slot);
		decide(a);
		return;
	case NVSP_APPLIED:
		if (!c->agent || !c->pending || h.b != c->seq) {
			c->rejected++;
			return;
		}
		c->pending = false;
		c->lat_last_ns = now_ns() - c->t_sent;
		if (c->lat_last_ns > c->lat_max_ns)
			c->lat_max_ns = c->lat_last_ns;
		c->lat_sum_ns += c->lat_last_ns;
		c->applied++;
		c->apply_ns = h.c;
		c->failed += h.d;
		return;
	case NVSP_REPORT:
		if (!c->agent || h.b > NVSP_REPORT_MAX ||
		    (size_t)n != sizeof(h) + h.b * sizeof(struct nvsp_tsg)) {
			c->rejected++;
			return;
		}
		memcpy(&c->rep, buf, (size_t)n);
		c->nrep = h.b;
		return;
	case NVSP_STATUS_REQ:
		status_text(a, c);
		return;
	default:
		/* NVSP_APPLY etc. are the arbiter's to send, not a peer's */
		c->rejected++;
		return;
	}
}

/* ---- status ------------------------------------------------------------------ */

static const char *mode_name(int m)
{
	return m == MODE_SMALL ? "small-timeslice" : m == MODE_GATED ? "gated" : "normal";
}

/* the status text: JSON written by hand into one datagram */
struct sbuf {
	char buf[NVSP_STATUS_MAX];
	size_t len;
};

static __attribute__((format(printf, 2, 3))) void sb_printf(struct sbuf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	pr_vbuf(b->buf, sizeof(b->buf), &b->len, fmt, ap);
	va_end(ap);
}

/* a JSON string of s with '"', '\\' and control characters as '_' */
static void sb_str(struct sbuf *b, const char *s)
{
	sb_printf(b, "\"");
	for (; *s; s++)
		sb_printf(b, "%c", *s == '"' || *s == '\\' || (unsigned char)*s < 0x20 ? '_' : *s);
	sb_printf(b, "\"");
}

static void status_tsg(struct sbuf *b, const struct nvsp_tsg *t, bool first)
{
	sb_printf(b, "%s{\"engine_type\":%u,\"channels\":%u,\"gated\":%u,\"timeslice_us\":",
		  first ? "" : ",", t->engine, t->channels, t->gated);
	if (t->cur_us)
		sb_printf(b, "%llu", (unsigned long long)t->cur_us);
	else
		sb_printf(b, "null");
	sb_printf(b, ",\"original_us\":");
	if (t->orig_us)
		sb_printf(b, "%llu}", (unsigned long long)t->orig_us);
	else
		sb_printf(b, "null}");
}

static void status_agent(struct sbuf *b, struct arb *a, const struct conn *c, bool first)
{
	unsigned int k;

	sb_printf(b, "%s{\"pid\":%d,\"uid\":%u,\"comm\":", first ? "" : ",", (int)c->pid,
		  (unsigned)c->uid);
	sb_str(b, c->comm);
	sb_printf(b, ",\"prio\":");
	if (c->prio >= 0)
		sb_printf(b, "%d", c->prio);
	else
		sb_printf(b, "%s", c->prio == -1 ? "\"best-effort\"" : "null");
	sb_printf(b, ",\"runs\":%s,\"mechanism\":\"%s\",\"mode\":\"%s\",\"pending\":%s,"
		  "\"applied\":%llu,\"failed_controls\":%llu,\"rejected_messages\":%d,"
		  "\"decision_to_applied_us\":{\"last\":%.1f,\"max\":%.1f,\"mean\":%.1f},"
		  "\"apply_in_agent_us\":%.1f,\"tsgs_total\":%d,\"tsgs\":[",
		  nvs_bm_test(nvs_prio_allowed(a->p, 0), (unsigned int)c->slot) &&
		  a->p->running == c->slot ? "true" : "false",
		  c->mech == NVSP_MECH_GATE ? "gate" : "timeslice", mode_name(c->mode),
		  c->pending ? "true" : "false", (unsigned long long)c->applied,
		  (unsigned long long)c->failed, c->rejected,
		  c->lat_last_ns / 1e3, c->lat_max_ns / 1e3,
		  c->applied ? c->lat_sum_ns / 1e3 / (double)c->applied : 0.0,
		  c->apply_ns / 1e3, c->nrep ? c->rep.h.a : 0);
	for (k = 0; k < c->nrep; k++)
		status_tsg(b, &c->rep.tsg[k], !k);
	sb_printf(b, "]}");
}

static void status_text(struct arb *a, struct conn *to)
{
	static struct sbuf b;
	struct nvsp_hdr h;
	bool first = true;
	int i;

	b.len = sizeof(h);
	/* the path is ours (an option), but quote it safely */
	sb_printf(&b, "{\"schema\":1,\"backend\":\"gsp\",\"socket\":");
	sb_str(&b, a->path);
	sb_printf(&b, ",\"small_timeslice_us\":%llu,\"decisions\":%llu,\"running\":",
		  (unsigned long long)a->small_us, (unsigned long long)a->decisions);
	if (a->p->running >= 0) {
		for (i = 0; i < ARB_MAX; i++)
			if (a->c[i].fd >= 0 && a->c[i].agent && a->c[i].slot == a->p->running)
				sb_printf(&b, "%d", (int)a->c[i].pid);
	} else {
		sb_printf(&b, "null");
	}
	sb_printf(&b, ",\"agents\":[");
	for (i = 0; i < ARB_MAX; i++) {
		if (a->c[i].fd < 0 || !a->c[i].agent)
			continue;
		status_agent(&b, a, &a->c[i], first);
		first = false;
	}
	sb_printf(&b, "]}");
	if (b.len >= sizeof(b.buf))
		b.len = sizeof(b.buf) - 1;
	hdr(&h, NVSP_STATUS_TEXT);
	memcpy(b.buf, &h, sizeof(h));
	(void)send(to->fd, b.buf, b.len, MSG_NOSIGNAL | MSG_DONTWAIT);
}

/* ---- daemon ------------------------------------------------------------------- */

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static void daemon_usage(FILE *f)
{
	fprintf(f,
		"usage: nvsched prio daemon [--socket PATH] [--small-us N] [--group GROUP]\n\n"
		"The GSP arbiter: processes started with `nvsched prio run` (no --tsg) connect\n"
		"to it; while a real-time segment runs, every other managed process's TSGs get\n"
		"a small timeslice (or, with --mechanism gate, their channels disabled).\n"
		"  --socket PATH   Unix socket (default %s, or $NVSCHED_PRIO_SOCKET)\n"
		"  --small-us N    timeslice of held-back TSGs, 1..1000000 us (default 1)\n"
		"  --group GROUP   members may ask for real-time priorities (besides root and\n"
		"                  CAP_SYS_NICE)\n", NVSP_SOCKET);
}

enum { OPT_SOCKET = CLI_OPT_LONG, OPT_SMALL_US, OPT_GROUP };

/* an option's value; a refused one is reported here and marks *bad */
struct daemon_ctx {
	struct arb *a;
	bool bad;
};

static int daemon_opt(void *ctx, int key, char *arg)
{
	struct daemon_ctx *d = ctx;
	struct arb *a = d->a;
	struct group *gr;
	char *end;

	d->bad = true;
	switch (key) {
	case OPT_SOCKET:
		a->path = arg;
		break;
	case OPT_SMALL_US:
		a->small_us = strtoull(arg, &end, 10);
		if (*end || !*arg || a->small_us < 1 || a->small_us > 1000000) {
			fprintf(stderr, "nvsched prio daemon: --small-us takes 1..1000000\n");
			return CLI_EXIT_USAGE;
		}
		break;
	case OPT_GROUP:
		gr = getgrnam(arg);
		if (!gr) {
			fprintf(stderr, "nvsched prio daemon: no group %s\n", arg);
			return CLI_EXIT_USAGE;
		}
		a->group = gr->gr_gid;
		a->have_group = true;
		break;
	}
	d->bad = false;
	return CLI_EXIT_OK;
}

/* the options: CLI_EXIT_OK, an exit code, or -1 when --help was printed */
static int daemon_opts(struct arb *a, int argc, char **argv)
{
	static const struct cli_opt opts[] = {
		{ "socket", required_argument, OPT_SOCKET },
		{ "small-us", required_argument, OPT_SMALL_US },
		{ "group", required_argument, OPT_GROUP },
	};
	struct daemon_ctx d = { a, false };
	struct cli_global g = { 0 };
	struct sockaddr_un sa;
	int ret;

	ret = cli_opts(&g, argc, argv, opts, sizeof(opts) / sizeof(opts[0]), CLI_OPTS_NO_JSON,
		       daemon_opt, &d);
	if (ret < 0) {
		daemon_usage(stdout);
		return -1;
	}
	if (ret || optind != argc || strlen(a->path) >= sizeof(sa.sun_path)) {
		if (!d.bad)	/* getopt's or the operands' error */
			daemon_usage(stderr);
		return ret ? ret : CLI_EXIT_USAGE;
	}
	return CLI_EXIT_OK;
}

/* the listening socket (a socket file left by a dead arbiter is replaced; a
 * live one is not); false after saying why not */
static bool daemon_listen(struct arb *a)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	int fd = sock_connect(a->path);

	if (fd >= 0) {
		close(fd);
		fprintf(stderr, "nvsched prio daemon: an arbiter already answers on %s\n", a->path);
		return false;
	}
	unlink(a->path);
	strcpy(sa.sun_path, a->path);
	a->lfd = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (a->lfd < 0 || bind(a->lfd, (struct sockaddr *)&sa, sizeof(sa)) || listen(a->lfd, 64)) {
		fprintf(stderr, "nvsched prio daemon: %s: %s\n", a->path, strerror(errno));
		return false;
	}
	/* anyone may connect: identity is SO_PEERCRED, rights are checked per request */
	chmod(a->path, 0666);
	return true;
}

/* a new connection: its identity from SO_PEERCRED */
static void daemon_accept(struct arb *a)
{
	struct ucred cr;
	socklen_t cl = sizeof(cr);
	int i, fd = accept4(a->lfd, NULL, NULL, SOCK_CLOEXEC);

	if (fd < 0)
		return;
	for (i = 0; i < ARB_MAX && a->c[i].fd >= 0; i++)
		;
	if (i == ARB_MAX || getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cr, &cl)) {
		close(fd);
		return;
	}
	memset(&a->c[i], 0, sizeof(a->c[i]));
	a->c[i].fd = fd;
	a->c[i].pid = cr.pid;
	a->c[i].uid = cr.uid;
	a->c[i].gid = cr.gid;
	a->c[i].prio = -2;
}

/* a message from a connection, or its end */
static void daemon_recv(struct arb *a, struct conn *c)
{
	char buf[sizeof(struct nvsp_report) + 16];
	ssize_t r = recv(c->fd, buf, sizeof(buf), MSG_DONTWAIT);

	if (r < 0 && (errno == EAGAIN || errno == EINTR))
		return;
	if (r < (ssize_t)sizeof(struct nvsp_hdr) ||
	    ((struct nvsp_hdr *)buf)->magic != NVSP_MAGIC ||
	    ((struct nvsp_hdr *)buf)->version != NVSP_VERSION) {
		drop_conn(a, c);	/* closed, or not speaking the protocol */
		return;
	}
	on_msg(a, c, buf, r);
}

/* the real-time task that runs, if its process is exiting, leaves the policy */
static void daemon_check_running(struct arb *a)
{
	int i;

	if (a->p->running < 0)
		return;
	for (i = 0; i < ARB_MAX; i++)
		if (a->c[i].fd >= 0 && a->c[i].agent && a->c[i].slot == a->p->running &&
		    exiting(a->c[i].pid)) {
			task_gone(a, &a->c[i]);
			break;
		}
}

/* serve until SIGTERM/SIGINT */
static void daemon_loop(struct arb *a)
{
	struct pollfd pfd[ARB_MAX + 1];
	int map[ARB_MAX + 1], n, i;

	while (!stop) {
		n = 0;
		pfd[n].fd = a->lfd;
		pfd[n].events = POLLIN;
		map[n++] = -1;
		for (i = 0; i < ARB_MAX; i++)
			if (a->c[i].fd >= 0) {
				pfd[n].fd = a->c[i].fd;
				pfd[n].events = POLLIN;
				map[n++] = i;
			}
		/* while a real-time task runs, look every millisecond whether it is exiting */
		if (poll(pfd, (nfds_t)n, a->p->running >= 0 ? 1 : -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		daemon_check_running(a);
		for (i = 1; i < n; i++)
			if (pfd[i].revents)
				daemon_recv(a, &a->c[map[i]]);
		if (pfd[0].revents & POLLIN)
			daemon_accept(a);
	}
}

int prio_gsp_daemon(int argc, char **argv)
{
	struct nvs_prio_cfg cfg = { .nrl = 1, .ntsgs = ARB_MAX, .max_tasks = ARB_MAX };
	static struct arb a;
	struct sigaction sact;
	size_t size;
	int i, ret;

	memset(&a, 0, sizeof(a));
	a.small_us = 1;	/* measured best on the H100: docs/priority-gsp.md */
	a.path = prio_gsp_socket();
	ret = daemon_opts(&a, argc, argv);
	if (ret)
		return ret < 0 ? CLI_EXIT_OK : ret;
	size = nvs_prio_size(&cfg);
	a.mem = aligned_alloc(8, (size + 7) & ~(size_t)7);
	if (!a.mem || !(a.p = nvs_prio_init(a.mem, size, &cfg))) {
		fprintf(stderr, "nvsched prio daemon: policy: out of memory\n");
		return CLI_EXIT_FAIL;
	}
	for (i = 0; i < ARB_MAX; i++)
		a.c[i].fd = -1;
	if (!daemon_listen(&a))
		return CLI_EXIT_FAIL;
	memset(&sact, 0, sizeof(sact));
	sact.sa_handler = on_signal;
	sigaction(SIGTERM, &sact, NULL);
	sigaction(SIGINT, &sact, NULL);
	signal(SIGPIPE, SIG_IGN);
	fprintf(stderr, "nvsched prio daemon: listening on %s (small timeslice %llu us)\n",
		a.path, (unsigned long long)a.small_us);
	daemon_loop(&a);
	for (i = 0; i < ARB_MAX; i++)
		if (a.c[i].fd >= 0)
			close(a.c[i].fd);
	close(a.lfd);
	unlink(a.path);
	free(a.mem);
	return CLI_EXIT_OK;
}

/* ---- client side ----------------------------------------------------------------- */

int prio_gsp_status(bool json)
{
	static char buf[NVSP_STATUS_MAX + 1];
	struct nvsp_hdr h;
	struct timeval tv = { .tv_sec = 2 };
	ssize_t n;
	int fd = sock_connect(prio_gsp_socket());

	if (fd < 0)
		return fd;
	hdr(&h, NVSP_STATUS_REQ);
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	if (send(fd, &h, sizeof(h), MSG_NOSIGNAL) != (ssize_t)sizeof(h) ||
	    (n = recv(fd, buf, NVSP_STATUS_MAX, 0)) < (ssize_t)sizeof(h)) {
		close(fd);
		return -EIO;
	}
	close(fd);
	buf[n] = 0;
	if (json) {
		printf("%s\n", buf + sizeof(h));
		return 0;
	}
	/* the text form: the JSON, one agent a line (readable, greppable) */
	{
		char *s = buf + sizeof(h);
		char *ag = strstr(s, ",\"agents\":[");

		if (ag) {
			*ag = 0;
			printf("%s}\n", s);
			s = ag + 11;
			while (*s == '{') {
				int depth = 0;
				char *e = s;

				do {
					depth += *e == '{' || *e == '[';
					depth -= *e == '}' || *e == ']';
					e++;
				} while (*e && depth);
				printf("  agent %.*s\n", (int)(e - s), s);
				s = *e == ',' ? e + 1 : e;
			}
		} else {
			printf("%s\n", s);
		}
	}
	return 0;
}

/* path of libnvsched-agent.so: $NVSCHED_AGENT, next to the binary's lib dirs */
static int agent_path(char *out, size_t len)
{
	static const char *const rel[] = {
		"../lib/libnvsched-agent.so",		/* build tree: build/bin -> build/lib */
		"../lib/nvsched/libnvsched-agent.so",	/* installed: PREFIX/bin -> PREFIX/lib/nvsched */
	};
	const char *e = getenv("NVSCHED_AGENT");
	char self[2048], *slash;
	ssize_t n;
	unsigned int i;

	if (e && *e) {
		snprintf(out, len, "%s", e);
		return access(out, R_OK) ? -errno : 0;
	}
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n <= 0)
		return -ENOENT;
	self[n] = 0;
	slash = strrchr(self, '/');
	if (!slash)
		return -ENOENT;
	slash[1] = 0;
	for (i = 0; i < sizeof(rel) / sizeof(rel[0]); i++) {
		if (snprintf(out, len, "%s%s", self, rel[i]) >= (int)len)
			return -ENAMETOOLONG;
		if (!access(out, R_OK))
			return 0;
	}
	return -ENOENT;
}

enum { OPT_PRIO = CLI_OPT_LONG, OPT_BE, OPT_MECH };

/* prio run's options: ctx[0] the priority ("be" or 0..max), ctx[1] the mechanism */
static int run_opt(void *ctx, int key, char *arg)
{
	const char **v = ctx;
	long n;

	switch (key) {
	case OPT_PRIO:
		if (cli_opt_long("nvsched prio run", "prio", arg, 0, NVS_PRIO_MAX, "", &n))
			return CLI_EXIT_USAGE;
		v[0] = arg;
		break;
	case OPT_BE:
		v[0] = "be";
		break;
	case OPT_MECH:
		if (strcmp(arg, "timeslice") && strcmp(arg, "gate")) {
			fprintf(stderr, "nvsched prio run: --mechanism on GSP is timeslice or gate "
				"(GPFIFO_SCHEDULE does not stop work on GSP and interleave levels "
				"change nothing: see docs/priority-gsp.md)\n");
			return CLI_EXIT_USAGE;
		}
		v[1] = arg;
		break;
	}
	return CLI_EXIT_OK;
}

/* prio_gsp.h */
int prio_run_opts(struct cli_global *g, int argc, char **argv, const struct cli_opt *opts,
		  size_t n, cli_opt_fn fn, void *ctx, void (*help)(FILE *f))
{
	int ret = cli_opts(g, argc, argv, opts, n, CLI_OPTS_NO_JSON, fn, ctx);

	if (ret < 0)
		help(stdout);
	if (ret)
		return ret;
	if (optind >= argc) {
		fprintf(stderr, "nvsched prio run: a command is needed (see --help)\n");
		return CLI_EXIT_USAGE;
	}
	return CLI_EXIT_OK;
}

static void gsp_run_help(FILE *f)
{
	fprintf(f, "usage: nvsched prio run [--prio N|--best-effort] [--mechanism timeslice|gate] -- CMD [ARG...]\n"
		"(GSP backend: CMD runs under libnvsched-agent.so, connected to `nvsched prio daemon`)\n");
}

int prio_gsp_run(int argc, char **argv)
{
	static const struct cli_opt opts[] = {
		{ "prio", required_argument, OPT_PRIO },
		{ "best-effort", no_argument, OPT_BE },
		{ "mechanism", required_argument, OPT_MECH },
	};
	const char *v[2] = { "be", "timeslice" }, *pre;
	struct cli_global g = { 0 };
	char lib[4096], *ld;
	size_t len;
	int fd, ret;

	ret = prio_run_opts(&g, argc, argv, opts, sizeof(opts) / sizeof(opts[0]), run_opt, v,
			    gsp_run_help);
	if (ret)
		return ret < 0 ? CLI_EXIT_OK : ret;
	if (agent_path(lib, sizeof(lib))) {
		fprintf(stderr, "nvsched prio run: libnvsched-agent.so not found (set NVSCHED_AGENT)\n");
		return CLI_EXIT_FAIL;
	}
	/* the arbiter must be there: otherwise the command would run unmanaged */
	fd = sock_connect(prio_gsp_socket());
	if (fd < 0) {
		fprintf(stderr, "nvsched prio run: no arbiter on %s (%s): start `nvsched prio daemon`\n",
			prio_gsp_socket(), strerror(-fd));
		return CLI_EXIT_FAIL;
	}
	close(fd);
	pre = getenv("LD_PRELOAD");
	len = strlen(lib) + (pre ? strlen(pre) : 0) + 2;
	ld = malloc(len);
	if (!ld)
		return CLI_EXIT_FAIL;
	snprintf(ld, len, "%s%s%s", lib, pre && *pre ? " " : "", pre && *pre ? pre : "");
	setenv("LD_PRELOAD", ld, 1);
	setenv("NVSCHED_AGENT_PRIO", v[0], 1);
	setenv("NVSCHED_AGENT_MECH", v[1], 1);
	setenv("NVSCHED_PRIO_SOCKET", prio_gsp_socket(), 1);
	execvp(argv[optind], argv + optind);
	fprintf(stderr, "nvsched prio run: %s: %s\n", argv[optind], strerror(errno));
	return 127;
}

bool prio_gsp_wanted(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "--tsg") || !strncmp(argv[i], "--tsg=", 6))
			return false;
	return true;
}
