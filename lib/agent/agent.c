// SPDX-License-Identifier: MIT
/*
 * agent.c - libnvsched-agent.so: loaded with LD_PRELOAD (nvsched prio run
 * does it), it interposes ioctl(), records the RM objects the process's CUDA
 * driver allocates (agent_core.c), and applies to its own TSGs what the
 * arbiter (`nvsched prio daemon`) asks for over a Unix socket.
 *
 * Cost on an ioctl that is not an NVIDIA RM escape: one compare after the
 * real call.  The result of every ioctl (return value, errno, argument) is
 * the real one.  If the agent meets anything it does not know, it restores
 * what it changed, says why in one line on stderr and stops.
 *
 * Environment: NVSCHED_PRIO_SOCKET (arbiter socket; default NVSP_SOCKET),
 * NVSCHED_AGENT_PRIO (priority of the lifetime segment 0..99, "be" or
 * unset), NVSCHED_AGENT_MECH (timeslice|gate), NVSCHED_AGENT_VERSION_FILE
 * (where the driver version is read; default /proc/driver/nvidia/version),
 * NVSCHED_AGENT_TRACE (set: one stderr line per apply, for measurements).
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "agent_core.h"
#include "prio_wire.h"

#define EXPORT __attribute__((visibility("default")))

typedef int (*ioctl_fn)(int, unsigned long, ...);

static ioctl_fn real_ioctl;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct nva agent;
static int active;		/* capturing (atomic) */
static int said;		/* the one stderr line was written */
static int sock = -1;		/* arbiter connection */
static int trace;		/* NVSCHED_AGENT_TRACE: one line per apply */
static unsigned int last_objs;	/* TSGs + channels in the last report */

static ioctl_fn resolve(void)
{
	ioctl_fn f = __atomic_load_n(&real_ioctl, __ATOMIC_ACQUIRE);

	if (!f) {
		f = (ioctl_fn)dlsym(RTLD_NEXT, "ioctl");
		__atomic_store_n(&real_ioctl, f, __ATOMIC_RELEASE);
	}
	return f;
}

static void say(const char *fmt, const char *arg)
{
	if (__atomic_exchange_n(&said, 1, __ATOMIC_ACQ_REL))
		return;
	fprintf(stderr, "nvsched-agent: ");
	fprintf(stderr, fmt, arg);
	fputc('\n', stderr);
}

static int rm_control(void *ctx, int fd, struct nv_os54 *req)
{
	(void)ctx;
	return resolve()(fd, NV_RM_IOC(NV_ESC_RM_CONTROL, sizeof(*req)), req);
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void send_msg(const void *m, size_t len)
{
	if (sock >= 0)
		(void)send(sock, m, len, MSG_NOSIGNAL | MSG_DONTWAIT);
}

/* under lock: the TSG report */
static size_t report(struct nvsp_report *r)
{
	unsigned int i, j, n = 0, total = 0;

	memset(r, 0, sizeof(*r));
	for (i = 0; i < agent.nobj; i++) {
		const struct nva_obj *t = &agent.obj[i];

		if (t->kind != NVA_TSG)
			continue;
		if (n < NVSP_REPORT_MAX) {
			struct nvsp_tsg *e = &r->tsg[n++];

			e->engine = t->engine;
			e->orig_us = t->have_orig ? t->orig_us : 0;
			e->cur_us = t->cur_us;
			for (j = 0; j < agent.nobj; j++)
				if (agent.obj[j].kind == NVA_CHANNEL &&
				    agent.obj[j].client == t->client && agent.obj[j].parent == t->handle) {
					e->channels++;
					e->gated += agent.obj[j].gated;
				}
		}
		total++;
	}
	last_objs = total + nva_count(&agent, NVA_CHANNEL);
	r->h.magic = NVSP_MAGIC;
	r->h.version = NVSP_VERSION;
	r->h.type = NVSP_REPORT;
	r->h.a = (int32_t)total;
	r->h.b = n;
	return sizeof(r->h) + n * sizeof(r->tsg[0]);
}

static void observe(int fd, unsigned long req, void *arg, int rc, uint64_t peek)
{
	struct nvsp_report r;
	size_t len = 0;
	int err = errno;

	if (!__atomic_load_n(&active, __ATOMIC_ACQUIRE))
		return;
	pthread_mutex_lock(&lock);
	nva_observe_pre(&agent, fd, req, arg, rc, peek);
	if (agent.disabled) {
		__atomic_store_n(&active, 0, __ATOMIC_RELEASE);
		say("disabled: %s; the program runs unmanaged", agent.why);
	} else if (sock >= 0 &&
		   nva_count(&agent, NVA_TSG) + nva_count(&agent, NVA_CHANNEL) != last_objs) {
		len = report(&r);
	}
	pthread_mutex_unlock(&lock);
	if (len)
		send_msg(&r, len);
	errno = err;
}

EXPORT int ioctl(int fd, unsigned long req, ...)
{
	va_list ap;
	uint64_t peek;
	void *arg;
	int rc;

	va_start(ap, req);
	arg = va_arg(ap, void *);
	va_end(ap);
	if (__builtin_expect((req & 0xff00ul) != ((unsigned long)NV_IOCTL_MAGIC << 8), 1))
		return resolve()(fd, req, arg);	/* the one compare on other ioctls */
	peek = __atomic_load_n(&active, __ATOMIC_ACQUIRE) ? nva_peek(req, arg) : 0;
	rc = resolve()(fd, req, arg);
	observe(fd, req, arg, rc, peek);
	return rc;
}

/* libnvsched's segment begin/end, in a process under the agent */
EXPORT int nvsched_agent_segment(int begin, int prio)
{
	struct nvsp_hdr h = { .magic = NVSP_MAGIC, .version = NVSP_VERSION };

	if (sock < 0 || !__atomic_load_n(&active, __ATOMIC_ACQUIRE))
		return -ENOTCONN;
	h.type = begin ? NVSP_BEGIN : NVSP_END;
	h.a = prio < 0 ? -1 : prio;
	if (send(sock, &h, sizeof(h), MSG_NOSIGNAL) != (ssize_t)sizeof(h))
		return -errno;
	return 0;
}

static void *arbiter_thread(void *unused)
{
	union { struct nvsp_hdr h; char text[512]; } m;
	struct nvsp_report r;
	ssize_t n;

	(void)unused;
	for (;;) {
		n = recv(sock, &m, sizeof(m) - 1, 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < (ssize_t)sizeof(m.h) || m.h.magic != NVSP_MAGIC)
			break;
		if (m.h.type == NVSP_APPLY) {
			struct nvsp_hdr a = { .magic = NVSP_MAGIC, .version = NVSP_VERSION,
					      .type = NVSP_APPLIED, .b = m.h.b };
			uint64_t t0 = now_ns();
			size_t len;
			int errs;

			pthread_mutex_lock(&lock);
			errs = nva_apply(&agent, (enum nva_mode)m.h.a, m.h.c);
			len = report(&r);
			pthread_mutex_unlock(&lock);
			a.c = now_ns() - t0;
			a.d = (uint64_t)(int64_t)errs;
			if (trace)
				fprintf(stderr, "nvsched-agent: trace pid %d mode %d done_ns %llu took_us %.1f errors %d\n",
					(int)getpid(), m.h.a, (unsigned long long)(t0 + a.c), a.c / 1e3, errs);
			send_msg(&a, sizeof(a));
			send_msg(&r, len);
		} else if (m.h.type == NVSP_REFUSED) {
			m.text[n] = 0;
			say("the arbiter refused: %s; the program runs unmanaged",
			    n > (ssize_t)sizeof(m.h) ? m.text + sizeof(m.h) : "no reason given");
			break;
		}
	}
	/* the arbiter is gone (or refused us): originals back at once */
	pthread_mutex_lock(&lock);
	nva_apply(&agent, NVA_MODE_NORMAL, 0);
	pthread_mutex_unlock(&lock);
	if (trace)
		fprintf(stderr, "nvsched-agent: trace pid %d arbiter gone, restored done_ns %llu\n",
			(int)getpid(), (unsigned long long)now_ns());
	return NULL;
}

static void atfork_child(void)
{
	/* the child does not speak for the parent's objects */
	__atomic_store_n(&active, 0, __ATOMIC_RELEASE);
	if (sock >= 0)
		close(sock);
	sock = -1;
}

static int env_prio(void)
{
	const char *s = getenv("NVSCHED_AGENT_PRIO");
	char *end;
	long v;

	if (!s || !*s)
		return -2;
	if (!strcmp(s, "be"))
		return -1;
	v = strtol(s, &end, 10);
	if (*end || v < 0 || v > 99)
		return -3;
	return (int)v;
}

__attribute__((constructor)) static void agent_init(void)
{
	const char *vf = getenv("NVSCHED_AGENT_VERSION_FILE");
	const char *path = getenv("NVSCHED_PRIO_SOCKET");
	const char *mech = getenv("NVSCHED_AGENT_MECH");
	struct nva_ops ops = { .control = rm_control };
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	struct nvsp_hdr h = { .magic = NVSP_MAGIC, .version = NVSP_VERSION, .type = NVSP_HELLO };
	char text[512], why[160];
	pthread_t th;
	ssize_t n;
	int fd, prio;

	if (!resolve()) {
		say("disabled: %s", "no ioctl() below the agent");
		return;
	}
	fd = open(vf && *vf ? vf : "/proc/driver/nvidia/version", O_RDONLY | O_CLOEXEC);
	n = fd >= 0 ? read(fd, text, sizeof(text) - 1) : -1;
	if (fd >= 0)
		close(fd);
	if (n <= 0) {
		say("disabled: %s", "no NVIDIA driver version (/proc/driver/nvidia/version)");
		return;
	}
	text[n] = 0;
	if (!nva_version_ok(text, why, sizeof(why))) {
		say("disabled: %s", why);
		return;
	}
	trace = getenv("NVSCHED_AGENT_TRACE") != NULL;
	prio = env_prio();
	if (prio == -3) {
		say("disabled: NVSCHED_AGENT_PRIO is not 0..99 or \"be\": %s", getenv("NVSCHED_AGENT_PRIO"));
		return;
	}
	h.a = prio;
	h.b = mech && !strcmp(mech, "gate") ? NVSP_MECH_GATE : NVSP_MECH_TIMESLICE;
	if (mech && strcmp(mech, "gate") && strcmp(mech, "timeslice")) {
		say("disabled: NVSCHED_AGENT_MECH is neither timeslice nor gate: %s", mech);
		return;
	}
	nva_init(&agent, &ops);
	pthread_atfork(NULL, NULL, atfork_child);
	__atomic_store_n(&active, 1, __ATOMIC_RELEASE);

	if (!path || !*path)
		path = NVSP_SOCKET;
	if (strlen(path) >= sizeof(sa.sun_path)) {
		say("socket path too long, running unmanaged: %s", path);
		return;
	}
	strcpy(sa.sun_path, path);
	sock = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (sock < 0 || connect(sock, (struct sockaddr *)&sa, sizeof(sa)) ||
	    send(sock, &h, sizeof(h), MSG_NOSIGNAL) != (ssize_t)sizeof(h)) {
		if (sock >= 0)
			close(sock);
		sock = -1;
		say("no arbiter at %s (start `nvsched prio daemon`): the program runs unmanaged", path);
		return;
	}
	if (pthread_create(&th, NULL, arbiter_thread, NULL)) {
		close(sock);
		sock = -1;
		say("disabled: %s", "cannot start its thread");
		return;
	}
	pthread_detach(th);
}
