// SPDX-License-Identifier: MIT
/*
 * cmd_prio.c - `nvsched prio`: the fixed-priority GPU scheduling policy.
 *
 *   nvsched prio simulate [-j] [-p] FILE   the policy core (kmod/hw/prio.c,
 *                                          the module's own code) run offline
 *                                          on an event script (CONTRACTS.md §5)
 *   nvsched prio run [--prio N] [--tsg RL:ID...] -- CMD [ARG...]
 *                                          CMD runs with its TSGs in one
 *                                          segment for its whole lifetime;
 *                                          without --tsg they are captured
 *                                          (module) or the GSP agent runs
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "gpu.h"
#include "json.h"
#include "out.h"
#include "prio.h"
#include "nvsched.h"
#include "prio_gsp.h"
#include "prio_sim.h"

#define PRIO_EPERM_HINT " (needs CAP_SYS_ADMIN, and CAP_SYS_NICE for a priority; where GSP firmware owns the runlists, the module parameter allow_gsp_runlist_writes=1: see dmesg)"

static void prio_usage(FILE *f)
{
	fprintf(f,
		"usage: nvsched prio simulate [-j] [-p] FILE\n"
		"       nvsched [--gpu N] prio status [-j] [-p]\n"
		"       nvsched [--gpu N] prio set keep|unkeep RL:ID\n"
		"       nvsched [--gpu N] prio set mechanism runlist|gate\n"
		"       nvsched [--gpu N] prio run [--prio N|--best-effort] [--fifo N] [--tsg RL:ID...]\n"
		"                                  [--capture-ms N] [--settle-ms N] -- CMD [ARG...]\n\n"
		"Fixed-priority GPU scheduling (GCAPS-style); see nvsched-prio(1).\n\n"
		"  simulate FILE   run the module's policy on an event script (JSON Lines, one\n"
		"                  event a line: {\"t\": T, \"task\": NAME, \"event\": \"begin\"|\"end\"|\"exit\",\n"
		"                  \"prio\": 0..%d|null}; \"-\" reads stdin) and print, after each\n"
		"                  event, the tasks whose segments run and those held back\n"
		"  -j, --json      one JSON object per event (docs/CONTRACTS.md section 5)\n"
		"  -p, --pretty    pretty-printed JSON\n"
		"  -h, --help      this help\n"
		"  status          the module's tasks (slot, priority, TSGs, running or held\n"
		"                  back), the mechanism and its counters\n"
		"  set keep RL:ID  keep that TSG on whatever runs (a display server, say);\n"
		"                  unkeep undoes it (CAP_SYS_ADMIN)\n"
		"  set mechanism runlist|gate  rewrite the runlists (a filtered copy is\n"
		"                  submitted) or disable the held-back TSGs' channels, on this\n"
		"                  GPU from now on (CAP_SYS_ADMIN; runlist is refused where GSP\n"
		"                  firmware owns the runlists)\n"
		"  run             give the TSGs (hardware runlist RL, TSG id ID; CAP_SYS_ADMIN)\n"
		"                  to a new task, begin its segment at priority N (0..%d,\n"
		"                  CAP_SYS_NICE; default: the SCHED_FIFO priority of this thread,\n"
		"                  best effort without one) and execute CMD, which keeps the\n"
		"                  task's /dev/nvsched open: the segment lasts until CMD exits\n"
		"                  (or is killed); --fifo N runs CMD (and this thread) under\n"
		"                  SCHED_FIFO priority N, which is then the GPU priority.\n"
		"                  Without --tsg, where the module is loaded and the GPU's runlists\n"
		"                  are not GSP firmware's, the module captures the TSGs CMD creates\n"
		"                  (no CAP_SYS_ADMIN): CMD starts in a capture that ends once the\n"
		"                  number of new TSGs has not changed for --settle-ms (default 300)\n"
		"                  or after --capture-ms (default 10000), then the segment begins;\n"
		"                  this program waits for CMD and exits with its status.  Otherwise\n"
		"                  CMD runs under the GSP agent (nvsched prio daemon)\n", NVS_PRIO_MAX, NVS_PRIO_MAX);
}

static int prio_simulate(const struct cli_global *g0, int argc, char **argv)
{
	struct cli_global g = *g0;
	struct prio_sim_opts o = { .out = stdout, .err = stderr };
	const char *path;
	int ret;
	FILE *f;

	ret = cli_opts(&g, argc, argv, NULL, 0, 0, NULL, NULL);
	if (ret < 0) {
		prio_usage(stdout);
		return CLI_EXIT_OK;
	}
	if (ret)
		return ret;
	o.json = g.json;
	o.pretty = g.pretty;
	if (argc - optind != 1) {
		fprintf(stderr, "nvsched prio simulate: one event file expected (see --help)\n");
		return CLI_EXIT_USAGE;
	}
	path = argv[optind];
	f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	if (!f) {
		fprintf(stderr, "nvsched prio simulate: %s: %s\n", path, strerror(errno));
		return CLI_EXIT_FAIL;
	}
	ret = prio_sim_run(f, path, &o);
	if (f != stdin)
		fclose(f);
	return ret;
}

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

static void sleep_ms(long ms)
{
	struct timespec ts = { .tv_sec = ms / 1000, .tv_nsec = (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* CMD's exit status as this program's (128 + signal when killed) */
static int child_status(int st)
{
	if (WIFEXITED(st))
		return WEXITSTATUS(st);
	if (WIFSIGNALED(st))
		return 128 + WTERMSIG(st);
	return CLI_EXIT_FAIL;
}

/*
 * prio run without --tsg on the module: begin a capture, start CMD (it
 * inherits the task's descriptor: the task lives as long as CMD), end the
 * capture once the count of new TSGs has settled, begin the segment, wait.
 */
static int run_captured(struct nvsched *h, int prio, long capture_ms, long settle_ms, char **cmd)
{
	unsigned int cnt, last = 0, ntsgs = 0;
	long t0, changed;
	int ret, st, fd = nvsched_fd(h);
	pid_t pid, w;

	/* one capture per GPU at a time: wait for another one to end */
	t0 = now_ms();
	while ((ret = nvsched_capture_begin(h)) == -EBUSY && now_ms() - t0 < capture_ms)
		sleep_ms(10);
	if (ret) {
		fprintf(stderr, "nvsched prio run: capture begin: %s\n", strerror(-ret));
		nvsched_close(h);
		return CLI_EXIT_FAIL;
	}
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		fprintf(stderr, "nvsched prio run: fork: %s\n", strerror(errno));
		nvsched_close(h);
		return CLI_EXIT_FAIL;
	}
	if (!pid) {
		if (fcntl(fd, F_SETFD, 0) == 0)
			execvp(cmd[0], cmd);
		fprintf(stderr, "nvsched prio run: %s: %s\n", cmd[0], strerror(errno));
		_exit(127);
	}
	t0 = changed = now_ms();
	for (;;) {
		w = waitpid(pid, &st, WNOHANG);
		if (w == pid) {		/* CMD ended during the capture */
			nvsched_capture_end(h, &ntsgs);
			nvsched_close(h);
			return child_status(st);
		}
		ret = nvsched_capture_peek(h, &cnt);
		if (ret)
			break;
		if (cnt != last) {
			last = cnt;
			changed = now_ms();
		}
		if ((cnt && now_ms() - changed >= settle_ms) || now_ms() - t0 >= capture_ms)
			break;
		sleep_ms(20);
	}
	if (!ret)
		ret = nvsched_capture_end(h, &ntsgs);
	if (ret) {
		fprintf(stderr, "nvsched prio run: capture: %s\n", strerror(-ret));
	} else if (!ntsgs) {
		fprintf(stderr, "nvsched prio run: no TSG appeared within %ld ms: %s runs unmanaged\n",
			capture_ms, cmd[0]);
	} else {
		ret = nvsched_fd_seg(fd, NVSCHED_PRIO_BEGIN, prio);
		if (ret) {
			fprintf(stderr, "nvsched prio run: segment begin: %s\n", strerror(-ret));
			kill(pid, SIGKILL);
		}
	}
	while ((w = waitpid(pid, &st, 0)) < 0 && errno == EINTR)
		;
	nvsched_close(h);
	if (w != pid)
		return CLI_EXIT_FAIL;
	return ret ? CLI_EXIT_FAIL : child_status(st);
}

/*
 * prio run without --tsg: the module's capture where the module is loaded
 * and GPU @gpu's runlists are not GSP firmware's, else the GSP agent
 */
static bool prio_capture_wanted(const struct cli_global *g)
{
	struct nvsched_gpu_info info;
	struct nvsched *h;
	long v = 0;
	bool ok;

	if (g->sel.gpu) {
		char *end;

		v = strtol(g->sel.gpu, &end, 10);
		if (*end || v < 0)
			return true;	/* prio_run() reports the bad --gpu */
	}
	h = nvsched_open((int)v);
	if (!h)
		return false;
	ok = !nvsched_gpu_info(h, &info) && !(info.flags & NVSCHED_GPU_GSP);
	nvsched_close(h);
	return ok;
}

/* the options of prio run (module backend) */
struct run_opts {
	unsigned int gpu;
	int prio;		/* --prio, --best-effort; default: the thread's */
	int fifo;		/* --fifo: SCHED_FIFO priority, 0 none */
	struct nvsched_prio_tsg tsgs[64];
	int n;			/* --tsg */
	long capture_ms, settle_ms;
};

enum { OPT_PRIO = CLI_OPT_LONG, OPT_BE, OPT_FIFO, OPT_TSG, OPT_CAPTURE, OPT_SETTLE };

/* --tsg RL:ID */
static int run_tsg(struct run_opts *o, const char *arg)
{
	unsigned long rl, id;
	char *end;

	rl = strtoul(arg, &end, 0);
	if (*end != ':' || o->n == 64) {
		fprintf(stderr, "nvsched prio run: --tsg takes RL:ID\n");
		return CLI_EXIT_USAGE;
	}
	id = strtoul(end + 1, &end, 0);
	if (*end || rl > 63 || id > 0xffffffffUL) {
		fprintf(stderr, "nvsched prio run: --tsg takes RL:ID\n");
		return CLI_EXIT_USAGE;
	}
	memset(&o->tsgs[o->n], 0, sizeof(o->tsgs[o->n]));
	o->tsgs[o->n].gpu = o->gpu;
	o->tsgs[o->n].runlist = (int)rl;
	o->tsgs[o->n].tsgid = (unsigned int)id;
	o->n++;
	return CLI_EXIT_OK;
}

static int run_opt(void *ctx, int key, char *arg)
{
	static const char cmd[] = "nvsched prio run";
	struct run_opts *o = ctx;
	long v;
	int ret = CLI_EXIT_OK;

	switch (key) {
	case OPT_PRIO:
		ret = cli_opt_long(cmd, "prio", arg, 0, NVS_PRIO_MAX, "", &v);
		if (!ret)
			o->prio = (int)v;
		break;
	case OPT_BE:
		o->prio = NVSCHED_PRIO_BEST_EFFORT;
		break;
	case OPT_FIFO:
		ret = cli_opt_long(cmd, "fifo", arg, 1, 99, "", &v);
		if (!ret)
			o->fifo = (int)v;
		break;
	case OPT_TSG:
		return run_tsg(o, arg);
	case OPT_CAPTURE:
		ret = cli_opt_long(cmd, "capture-ms", arg, 0, 3600000, " (ms)", &o->capture_ms);
		break;
	case OPT_SETTLE:
		ret = cli_opt_long(cmd, "settle-ms", arg, 0, 3600000, " (ms)", &o->settle_ms);
		break;
	}
	return ret;
}

/* prio run with --tsg: give the TSGs, begin the segment, become CMD */
static int run_tsgs(struct nvsched *h, const struct run_opts *o, char **cmd)
{
	int i, fd, ret;

	for (i = 0; i < o->n; i++) {
		ret = nvsched_prio_tsg(h, o->tsgs[i].runlist, o->tsgs[i].tsgid);
		if (ret) {
			fprintf(stderr, "nvsched prio run: TSG %d:%u: %s%s\n", o->tsgs[i].runlist,
				o->tsgs[i].tsgid, strerror(-ret), ret == -EPERM ? PRIO_EPERM_HINT : "");
			nvsched_close(h);
			return CLI_EXIT_FAIL;
		}
	}
	ret = nvsched_fd_seg(nvsched_fd(h), NVSCHED_PRIO_BEGIN, o->prio);
	if (ret) {
		fprintf(stderr, "nvsched prio run: segment begin: %s%s\n", strerror(-ret),
			ret == -EPERM ? PRIO_EPERM_HINT : "");
		nvsched_close(h);
		return CLI_EXIT_FAIL;
	}
	/* the command keeps the task's descriptor open: its lifetime is the segment */
	fd = nvsched_fd(h);
	if (fcntl(fd, F_SETFD, 0)) {
		fprintf(stderr, "nvsched prio run: %s\n", strerror(errno));
		nvsched_close(h);
		return CLI_EXIT_FAIL;
	}
	execvp(cmd[0], cmd);
	fprintf(stderr, "nvsched prio run: %s: %s\n", cmd[0], strerror(errno));
	nvsched_close(h);
	return 127;
}

static int prio_run(const struct cli_global *g, int argc, char **argv)
{
	static const struct cli_opt opts[] = {
		{ "prio", required_argument, OPT_PRIO },
		{ "best-effort", no_argument, OPT_BE },
		{ "fifo", required_argument, OPT_FIFO },
		{ "tsg", required_argument, OPT_TSG },
		{ "capture-ms", required_argument, OPT_CAPTURE },
		{ "settle-ms", required_argument, OPT_SETTLE },
	};
	struct run_opts o = { .prio = NVSCHED_PRIO_THREAD, .capture_ms = 10000, .settle_ms = 300 };
	struct cli_global gl = *g;
	struct nvsched *h;
	char *end;
	int ret;

	if (g->sel.gpu) {
		long v = strtol(g->sel.gpu, &end, 10);

		if (*end || v < 0) {
			fprintf(stderr, "nvsched prio run: --gpu takes an index here\n");
			return CLI_EXIT_USAGE;
		}
		o.gpu = (unsigned int)v;
	}
	ret = prio_run_opts(&gl, argc, argv, opts, sizeof(opts) / sizeof(opts[0]), run_opt, &o,
			    prio_usage);
	if (ret)
		return ret < 0 ? CLI_EXIT_OK : ret;
	if (o.fifo) {
		/* the command runs SCHED_FIFO; its GPU priority follows (unless --prio) */
		struct sched_param sp = { .sched_priority = o.fifo };

		if (sched_setscheduler(0, SCHED_FIFO, &sp)) {
			fprintf(stderr, "nvsched prio run: SCHED_FIFO %d: %s\n", o.fifo, strerror(errno));
			return CLI_EXIT_FAIL;
		}
	}
	h = nvsched_open((int)o.gpu);
	if (!h) {
		fprintf(stderr, "nvsched prio run: GPU %u: %s\n", o.gpu, nvsched_strerror(errno));
		return CLI_EXIT_FAIL;
	}
	if (!o.n)
		return run_captured(h, o.prio, o.capture_ms, o.settle_ms, argv + optind);
	return run_tsgs(h, &o, argv + optind);
}

static const char *mech_name(unsigned int m)
{
	return m == NVSCHED_PRIO_MECH_GATE ? "gate" :
	       m == NVSCHED_PRIO_MECH_RUNLIST ? "runlist" : "none";
}

/* epsilon and captures (module with the stats ioctl) */
static void status_stats(struct out *o, const struct nvsched_prio_stats *es)
{
	if (es->samples)
		out_text(o, "epsilon (decision to applied, latest %u of %llu): min %.1f us, median %.1f us, p99 %.1f us, max %.1f us\n",
			 es->samples, (unsigned long long)es->total, es->min_ns / 1e3,
			 es->median_ns / 1e3, es->p99_ns / 1e3, es->max_ns / 1e3);
	out_bool(o, "capturing", es->capturing, NULL, NULL, NULL);
	out_uint(o, "captures", es->captures, "captures: %llu ended, ");
	out_uint(o, "captures_abandoned", es->abandoned, "%llu abandoned");
	out_text(o, "%s\n", es->capturing ? ", one in progress" : "");
	out_obj_begin(o, "epsilon_ns");
	out_uint(o, "samples", es->samples, NULL);
	out_uint(o, "total", es->total, NULL);
	out_uint(o, "min", es->min_ns, NULL);
	out_uint(o, "median", es->median_ns, NULL);
	out_uint(o, "p99", es->p99_ns, NULL);
	out_uint(o, "max", es->max_ns, NULL);
	out_obj_end(o);
}

static void status_task(struct out *o, const struct nvsched_prio_task *t)
{
	bool seg = t->flags & NVSCHED_PRIO_T_IN_SEG, run = t->flags & NVSCHED_PRIO_T_RUNNING;

	out_obj_begin(o, NULL);
	out_uint(o, "slot", t->slot, "task %llu: ");
	out_opt_int(o, "prio", seg && t->prio >= 0, t->prio, "prio %lld", "best effort");
	out_bool(o, "in_segment", seg, NULL, NULL, NULL);
	out_bool(o, "running", run, NULL, NULL, NULL);
	out_uint(o, "tsgs", t->ntsgs, ", %llu TSG(s), ");
	out_text(o, "%s\n", !seg ? "no segment" : run ? "running" : "pending");
	out_obj_end(o);
}

/* prio status of the module; es NULL: a module without the stats ioctl */
static void status_out(const struct cli_global *g, const struct gpu *gpu,
		       const struct nvsched_prio_status *st, const struct nvsched_prio_stats *es,
		       const struct nvsched_prio_task *tasks, unsigned int count)
{
	bool rl = st->mechanism == NVSCHED_PRIO_MECH_RUNLIST;
	unsigned int i;
	struct out o;

	out_init(&o, g);
	out_begin(&o, gpu);
	out_str(&o, "backend", "module", "backend %s, ");
	out_str(&o, "mechanism", mech_name(st->mechanism), "mechanism %s, ");
	out_text(&o, "%u runlist(s), %u channel(s) held disabled, %llu decision(s), %llu write(s)\n",
		 st->runlists, st->disabled, (unsigned long long)st->decisions,
		 (unsigned long long)st->writes);
	out_opt_int(&o, "running", st->running >= 0, st->running, NULL, NULL);
	out_uint(&o, "decisions", st->decisions, NULL);
	out_uint(&o, "writes", st->writes, NULL);
	out_uint(&o, "disabled_channels", st->disabled, NULL);
	out_uint(&o, "runlists", st->runlists, NULL);
	if (es)
		status_stats(&o, es);
	out_uint(&o, "submits", st->submits, rl ? "%llu runlist submit(s), " : NULL);
	out_uint(&o, "resubmits", st->resubmits,
		 rl ? "%llu driver resubmit(s) detected and re-applied, " : NULL);
	out_uint(&o, "preempts", st->preempts, rl ? "%llu evicted TSG(s) preempted\n" : NULL);
	out_arr_begin(&o, "tasks");
	for (i = 0; i < count; i++)
		status_task(&o, &tasks[i]);
	out_arr_end(&o);
	out_end(&o);
}

static int prio_status(const struct cli_global *g0, int argc, char **argv)
{
	struct nvsched_prio_task tasks[256];
	struct nvsched_prio_status st;
	struct nvsched_prio_stats es;
	bool have_es;
	struct cli_global g = *g0;
	struct gpu *gpus;
	struct nvsched *h;
	unsigned int count = 256;
	bool help;
	int n, ret;

	ret = cli_simple_opts(&g, argc, argv, &help);
	if (ret || help) {
		if (help)
			prio_usage(stdout);
		return ret;
	}
	ret = gpu_open_selected(&g.sel, "prio", false, &gpus, &n);
	if (ret)
		return ret;
	h = nvsched_open(gpus[0].index);
	if (!h) {
		fprintf(stderr, "nvsched prio status: %s\n", nvsched_strerror(errno));
		gpu_close_all(gpus, n);
		return CLI_EXIT_FAIL;
	}
	ret = nvsched_prio_status(h, &st, tasks, &count);
	/* epsilon and capture state; an older module has no stats ioctl */
	have_es = !ret && nvsched_prio_stats(h, &es) == 0;
	nvsched_close(h);
	if (ret) {
		fprintf(stderr, "nvsched prio status: %s\n", strerror(-ret));
		gpu_close_all(gpus, n);
		return CLI_EXIT_FAIL;
	}
	status_out(&g, &gpus[0], &st, have_es ? &es : NULL, tasks, count);
	gpu_close_all(gpus, n);
	return CLI_EXIT_OK;
}

#define SET_EXPECTED "nvsched prio set: keep|unkeep RL:ID or mechanism runlist|gate expected (see --help)\n"

/* the module of --gpu N (an index here), or NULL after saying why */
static struct nvsched *set_open(const struct cli_global *g, int *usage)
{
	unsigned int gpu = 0;
	struct nvsched *h;

	*usage = 0;
	if (g->sel.gpu) {
		char *end;
		long v = strtol(g->sel.gpu, &end, 10);

		if (*end || v < 0) {
			fprintf(stderr, "nvsched prio set: --gpu takes an index here\n");
			*usage = 1;
			return NULL;
		}
		gpu = (unsigned int)v;
	}
	h = nvsched_open((int)gpu);
	if (!h)
		fprintf(stderr, "nvsched prio set: GPU %u: %s\n", gpu, nvsched_strerror(errno));
	return h;
}

/* prio set keep|unkeep (argv[0]) RL:ID */
static int set_keep(const struct cli_global *g, int argc, char **argv)
{
	unsigned long rl, id;
	struct nvsched *h;
	char *end;
	int ret, usage;

	if (argc != 2) {
		fputs(SET_EXPECTED, stderr);
		return CLI_EXIT_USAGE;
	}
	rl = strtoul(argv[1], &end, 0);
	if (*end != ':' || rl > 63) {
		fprintf(stderr, "nvsched prio set: RL:ID expected\n");
		return CLI_EXIT_USAGE;
	}
	id = strtoul(end + 1, &end, 0);
	if (*end || id > 0xffffffffUL) {
		fprintf(stderr, "nvsched prio set: RL:ID expected\n");
		return CLI_EXIT_USAGE;
	}
	h = set_open(g, &usage);
	if (!h)
		return usage ? CLI_EXIT_USAGE : CLI_EXIT_FAIL;
	ret = nvsched_prio_keep(h, (int)rl, (unsigned int)id, argv[0][0] == 'k');
	nvsched_close(h);
	if (ret) {
		fprintf(stderr, "nvsched prio set: %s %lu:%lu: %s\n", argv[0], rl, id, strerror(-ret));
		return CLI_EXIT_FAIL;
	}
	return CLI_EXIT_OK;
}

/* prio set mechanism runlist|gate */
static int set_mechanism(const struct cli_global *g, int argc, char **argv)
{
	unsigned int mech;
	struct nvsched *h;
	int ret, usage;

	if (argc != 2) {
		fputs(SET_EXPECTED, stderr);
		return CLI_EXIT_USAGE;
	}
	if (strcmp(argv[1], "runlist") && strcmp(argv[1], "gate")) {
		fprintf(stderr, "nvsched prio set: mechanism runlist|gate expected\n");
		return CLI_EXIT_USAGE;
	}
	mech = argv[1][0] == 'r' ? NVSCHED_PRIO_MECH_RUNLIST : NVSCHED_PRIO_MECH_GATE;
	h = set_open(g, &usage);
	if (!h)
		return usage ? CLI_EXIT_USAGE : CLI_EXIT_FAIL;
	ret = nvsched_prio_mechanism(h, mech);
	nvsched_close(h);
	if (ret) {
		fprintf(stderr, "nvsched prio set: mechanism %s: %s\n", argv[1], strerror(-ret));
		return CLI_EXIT_FAIL;
	}
	return CLI_EXIT_OK;
}

/* prio set's usage: --help the whole of prio's, else what is expected */
static void set_usage(FILE *f)
{
	if (f == stdout)
		prio_usage(f);
	else
		fputs(SET_EXPECTED, f);
}

static const struct cli_verb set_verbs[] = {
	{ "keep", set_keep, "keep a TSG on whatever runs" },
	{ "unkeep", set_keep, "undo keep" },
	{ "mechanism", set_mechanism, "rewrite runlists or gate channels" },
};

static int prio_set(const struct cli_global *g, int argc, char **argv)
{
	static const struct cli_verbs vs = {
		set_verbs, sizeof(set_verbs) / sizeof(set_verbs[0]), NULL, set_usage,
		SET_EXPECTED, "prio set",
	};

	return cli_verb_dispatch(g, &vs, argc, argv);
}

static int prio_daemon_verb(const struct cli_global *g, int argc, char **argv)
{
	return prio_gsp_daemon(argc, argv);
}

/* GSP backend (cli/prio_gsp.c) without --tsg unless the module captures */
static int prio_run_verb(const struct cli_global *g, int argc, char **argv)
{
	if (prio_gsp_wanted(argc, argv) && !prio_capture_wanted(g))
		return prio_gsp_run(argc, argv);
	return prio_run(g, argc, argv);
}

/* the GSP arbiter's status where one answers (no --gpu), else the module's */
static int prio_status_verb(const struct cli_global *g, int argc, char **argv)
{
	if (!g->sel.gpu && argc <= 3 &&
	    prio_gsp_status(argc > 1 && (!strcmp(argv[1], "-j") || !strcmp(argv[argc - 1], "-j"))) == 0)
		return CLI_EXIT_OK;
	return prio_status(g, argc, argv);
}

static const struct cli_verb prio_verbs[] = {
	{ "simulate", prio_simulate, "run the policy on an event script" },
	{ "daemon", prio_daemon_verb, "the GSP arbiter" },
	{ "run", prio_run_verb, "run a command in a segment" },
	{ "status", prio_status_verb, "tasks, mechanism and counters" },
	{ "set", prio_set, "keep a TSG on; choose the mechanism" },
};

int cmd_prio(const struct cli_global *g, int argc, char **argv)
{
	static const struct cli_verbs vs = {
		prio_verbs, sizeof(prio_verbs) / sizeof(prio_verbs[0]), NULL, prio_usage,
		"nvsched prio: unknown subcommand '%s' (see --help)\n", "prio",
	};

	return cli_verb_dispatch(g, &vs, argc, argv);
}
