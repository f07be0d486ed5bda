// SPDX-License-Identifier: MIT
/*
 * cmd_ctl.c - control commands: nvsched channel disable|enable|restore,
 * nvsched tsg preempt, nvsched runlist preempt|resubmit.
 *
 * Module backend: NVSCHED_IOC_CONTROL (CAP_SYS_ADMIN), every change audited
 * by the module.  Snapshot backend: the same kmod/hw plans run on the
 * in-memory simulator (the file is never changed) to show what would be
 * written.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gpu.h"
#include "json.h"
#include "out.h"
#include "nvsched.h"
#include "control.h"
#include "ptop.h"
#include "runlist.h"

struct ctl_opts {
	int runlist;		/* -1: default */
	unsigned int timeout_us;
	unsigned int flags;	/* NVSCHED_CTL_* */
};

static const char *op_key(unsigned int op)
{
	switch (op) {
	case NVSCHED_CTL_DISABLE_CHANNEL: return "disable_channel";
	case NVSCHED_CTL_ENABLE_CHANNEL: return "enable_channel";
	case NVSCHED_CTL_PREEMPT_TSG: return "preempt_tsg";
	case NVSCHED_CTL_PREEMPT_RUNLIST: return "preempt_runlist";
	case NVSCHED_CTL_RESUBMIT_RUNLIST: return "resubmit_runlist";
	case NVSCHED_CTL_RESTORE_CHANNELS: return "restore_channels";
	case NVSCHED_CTL_SCHED_DISABLE: return "disable_runlist_scheduling";
	case NVSCHED_CTL_SCHED_ENABLE: return "enable_runlist_scheduling";
	}
	return "unknown";
}

static const char *ctl_strerror(const struct nvsched_control *c, int err, char *buf, size_t n)
{
	const char *what = c->op == NVSCHED_CTL_PREEMPT_TSG ? "TSG" : "channel";

	switch (-err) {
	case ENOENT:
		if (c->op <= NVSCHED_CTL_PREEMPT_TSG)
			snprintf(buf, n, "%s %u is not on runlist %d (or no such runlist); --force overrides",
				 what, c->id, c->runlist < 0 ? 0 : c->runlist);
		else
			snprintf(buf, n, "no runlist %d on this GPU (see nvsched engines)", c->runlist);
		return buf;
	case ERANGE:
		snprintf(buf, n, "%s id %u is beyond this chip's limits", what, c->id);
		return buf;
	case EPERM:
		return "not permitted: needs CAP_SYS_ADMIN and CAP_SYS_RAWIO, no kernel lockdown: run as root (and, where GSP firmware owns the runlists, load the module with allow_gsp_runlist_writes=1; see dmesg)";
	case EBUSY:
		if (c->op == NVSCHED_CTL_PREEMPT_TSG || c->op == NVSCHED_CTL_PREEMPT_RUNLIST)
			return "a preempt is already pending (the GPU's driver's, or an earlier one that timed out): nothing written; try again when it completed";
		return "the GPU's driver changed the same registers or the PRAMIN window meanwhile, or a submit is pending: nothing written over it; try again";
	case ETIMEDOUT:
		snprintf(buf, n, "did not complete within the timeout (completion register 0x%x still pending)",
			 c->pending);
		return buf;
	case EOPNOTSUPP:
		return "this chip has no register for that operation";
	case EIO:
		return "the GPU returned no data (runlist memory or registers unreadable)";
	default:
		return nvsched_strerror(err);
	}
}

static void print_result(struct out *o, const struct gpu *gpu, const struct nvsched_control *c,
			 int ret)
{
	bool dry = c->flags & NVSCHED_CTL_DRY_RUN;
	bool restore = c->op == NVSCHED_CTL_RESTORE_CHANNELS;
	char buf[256];
	unsigned int i;

	if (!out_jw(o) && ret) {
		fprintf(stderr, "nvsched: gpu%d: %s: %s\n", gpu->index, op_key(c->op),
			ctl_strerror(c, ret, buf, sizeof(buf)));
		return;
	}
	if (!out_jw(o) && restore) {
		printf("gpu%d: re-enabled %u channel(s) nvsched had disabled\n", gpu->index, c->count);
		return;
	}
	out_obj_begin(o, NULL);
	out_text(o, "gpu%d: %s", gpu->index, dry ? "would " : "");
	out_str(o, "op", op_key(c->op), "%s");
	out_opt_int(o, "runlist", c->resolved_runlist >= 0 || c->runlist >= 0,
		    c->resolved_runlist >= 0 ? c->resolved_runlist : c->runlist, NULL, NULL);
	out_opt_int(o, "id", c->op <= NVSCHED_CTL_PREEMPT_TSG, c->id, " %lld", NULL);
	out_text(o, " on runlist %d%s\n", c->resolved_runlist,
		 gpu->sim ? " (simulated on the snapshot; the file is unchanged)" : "");
	out_bool(o, "dry_run", dry, NULL, NULL, NULL);
	out_arr_begin(o, "writes");
	for (i = 0; i < c->nwrites && i < 4; i++) {
		out_obj_begin(o, NULL);
		out_hex(o, "offset", c->writes[i].off, "  W 0x%06llx <- ");
		out_hex(o, "value", c->writes[i].val, "0x%08llx\n");
		out_obj_end(o);
	}
	out_arr_end(o);
	if (restore)
		out_int(o, "restored", c->count, NULL);
	out_str(o, "error", ret ? ctl_strerror(c, ret, buf, sizeof(buf)) : NULL, NULL);
	out_obj_end(o);
}

static int run_ops(const struct cli_global *g, const char *cmd, unsigned int op,
		   const struct ctl_opts *o, int nids, char **ids)
{
	struct gpu *gpus;
	struct out res;
	int n, i, ret, fail = 0;

	ret = gpu_open_selected(&g->sel, cmd, false, &gpus, &n);
	if (ret)
		return ret;
	if (gpus[0].rm) {	/* never a write through the NVIDIA driver */
		fprintf(stderr, "nvsched %s: the rm backend is read-only; control needs nvsched.ko (or --snapshot FILE to simulate)\n",
			cmd);
		gpu_close_all(gpus, n);
		return CLI_EXIT_FAIL;
	}
	out_init(&res, g);
	out_begin(&res, &gpus[0]);
	out_arr_begin(&res, "results");
	for (i = 0; i < (nids ? nids : 1); i++) {
		struct nvsched_control c;
		char *end;
		unsigned long v = 0;

		memset(&c, 0, sizeof(c));
		c.gpu = (unsigned int)gpus[0].index;
		c.op = op;
		c.runlist = o->runlist;
		c.flags = o->flags;
		c.timeout_us = o->timeout_us;
		c.resolved_runlist = -1;
		if (nids) {
			errno = 0;
			v = strtoul(ids[i], &end, 0);
			if (!*ids[i] || *end || errno || v > 0xffffffffu || ids[i][0] == '-') {
				fprintf(stderr, "nvsched %s: bad id '%s'\n", cmd, ids[i]);
				ret = CLI_EXIT_USAGE;
				goto out;
			}
		}
		if (op == NVSCHED_CTL_PREEMPT_RUNLIST || op == NVSCHED_CTL_RESUBMIT_RUNLIST ||
		    op == NVSCHED_CTL_SCHED_DISABLE || op == NVSCHED_CTL_SCHED_ENABLE)
			c.runlist = (int)v;
		else
			c.id = (unsigned int)v;
		ret = gpu_control(&gpus[0], &c);
		print_result(&res, &gpus[0], &c, ret);
		if (ret)
			fail = 1;
	}
	ret = fail ? CLI_EXIT_FAIL : CLI_EXIT_OK;
out:
	out_arr_end(&res);
	out_end(&res);
	gpu_close_all(gpus, n);
	return ret;
}

#define OPT_NO_WAIT CLI_OPT_LONG

static int ctl_opt(void *ctx, int key, char *arg)
{
	struct ctl_opts *o = ctx;
	char *end;
	long v;

	switch (key) {
	case 'r':
		v = strtol(arg, &end, 0);
		if (*end || v < 0 || v > 32767) {
			fprintf(stderr, "nvsched: bad runlist '%s'\n", arg);
			return CLI_EXIT_USAGE;
		}
		o->runlist = (int)v;
		break;
	case 't':
		v = strtol(arg, &end, 0);
		if (*end || v <= 0 || v > NVSCHED_CTL_TIMEOUT_US_MAX) {
			fprintf(stderr, "nvsched: --timeout takes 1..%u microseconds\n",
				NVSCHED_CTL_TIMEOUT_US_MAX);
			return CLI_EXIT_USAGE;
		}
		o->timeout_us = (unsigned int)v;
		break;
	case OPT_NO_WAIT:
		o->flags |= NVSCHED_CTL_NO_WAIT;
		break;
	case 'n':
		o->flags |= NVSCHED_CTL_DRY_RUN;
		break;
	case 'f':
		o->flags |= NVSCHED_CTL_FORCE;
		break;
	}
	return CLI_EXIT_OK;
}

/* options shared by the control commands (argv[0]: the verb); options may
 * follow the ids; -1 after printing usage for -h */
static int parse_opts(struct cli_global *g, int argc, char **argv, struct ctl_opts *o,
		      const char *usage)
{
	static const struct cli_opt opts[] = {
		{ "runlist", required_argument, 'r' },
		{ "timeout", required_argument, 't' },
		{ "no-wait", no_argument, OPT_NO_WAIT },
		{ "dry-run", no_argument, 'n' },
		{ "force", no_argument, 'f' },
	};
	int ret;

	memset(o, 0, sizeof(*o));
	o->runlist = -1;
	ret = cli_opts(g, argc, argv, opts, sizeof(opts) / sizeof(opts[0]), CLI_OPTS_PERMUTE,
		       ctl_opt, o);
	if (ret < 0)
		fputs(usage, stdout);
	return ret;
}

/*
 * A control verb (argv[0]) of the command cmd: its options (usage for
 * -h), then the ids of noun: exactly one (one), else at least one unless op
 * is restore.
 */
static int ctl_verb(const struct cli_global *g0, const char *cmd, const char *noun, bool one,
		    unsigned int op, const char *usage, int argc, char **argv)
{
	struct cli_global g = *g0;
	struct ctl_opts o;
	int nids, ret;

	ret = parse_opts(&g, argc, argv, &o, usage);
	if (ret)
		return ret < 0 ? CLI_EXIT_OK : ret;
	nids = argc - optind;
	if (one && nids != 1) {
		fprintf(stderr, "nvsched %s %s: give exactly one %s id\n", cmd, argv[0], noun);
		return CLI_EXIT_USAGE;
	}
	if (!nids && op != NVSCHED_CTL_RESTORE_CHANNELS) {
		fprintf(stderr, "nvsched %s %s: which %s ids?\n", cmd, argv[0], noun);
		return CLI_EXIT_USAGE;
	}
	return run_ops(&g, cmd, op, &o, nids, argv + optind);
}

static const char channel_usage[] =
	"usage: nvsched [global options] channel disable|enable [-r RL] [--force] [--dry-run] [-j] ID...\n"
	"       nvsched [global options] channel restore [-j]\n"
	"Disable or enable channels (PCCSR before Ampere, CHRAM from Ampere on).\n"
	"Channel ids are global before Ampere and per runlist from Ampere on (-r,\n"
	"default runlist 0).  An id that is not on the runlist is refused unless\n"
	"--force.  The module remembers what it disabled: 'restore' (or unloading\n"
	"it) re-enables those channels.  --dry-run prints the register writes.\n";

static void channel_help(FILE *f)
{
	fputs(channel_usage, f);
}

/* nvsched channel disable|enable|restore (argv[0]) */
static int channel_op(const struct cli_global *g, unsigned int op, int argc, char **argv)
{
	return ctl_verb(g, "channel", "channel", false, op, channel_usage, argc, argv);
}

static int channel_disable(const struct cli_global *g, int argc, char **argv)
{
	return channel_op(g, NVSCHED_CTL_DISABLE_CHANNEL, argc, argv);
}

static int channel_enable(const struct cli_global *g, int argc, char **argv)
{
	return channel_op(g, NVSCHED_CTL_ENABLE_CHANNEL, argc, argv);
}

static int channel_restore(const struct cli_global *g, int argc, char **argv)
{
	return channel_op(g, NVSCHED_CTL_RESTORE_CHANNELS, argc, argv);
}

static const struct cli_verb channel_verbs[] = {
	{ "disable", channel_disable, "disable channels" },
	{ "enable", channel_enable, "enable channels" },
	{ "restore", channel_restore, "re-enable the channels nvsched disabled" },
};

int cmd_channel(const struct cli_global *g, int argc, char **argv)
{
	static const struct cli_verbs vs = {
		channel_verbs, sizeof(channel_verbs) / sizeof(channel_verbs[0]), NULL,
		channel_help, "nvsched channel: unknown action '%s' (disable, enable, restore)\n",
		"channel",
	};

	return cli_verb_dispatch(g, &vs, argc, argv);
}

static const char tsg_usage[] =
	"usage: nvsched [global options] tsg preempt [-r RL] [--timeout US] [--no-wait] [--force] [--dry-run] [-j] ID\n"
	"Preempt a TSG and wait (default 100000 us, at most 1 s) for the hardware's\n"
	"pending bit to clear; reports ETIMEDOUT and the pending register if not.\n";

static void tsg_help(FILE *f)
{
	fputs(tsg_usage, f);
}

static int tsg_preempt(const struct cli_global *g, int argc, char **argv)
{
	return ctl_verb(g, "tsg", "TSG", true, NVSCHED_CTL_PREEMPT_TSG, tsg_usage, argc, argv);
}

static const struct cli_verb tsg_verbs[] = {
	{ "preempt", tsg_preempt, "preempt a TSG" },
};

int cmd_tsg(const struct cli_global *g, int argc, char **argv)
{
	static const struct cli_verbs vs = {
		tsg_verbs, sizeof(tsg_verbs) / sizeof(tsg_verbs[0]), NULL, tsg_help, NULL, "tsg",
	};

	return cli_verb_dispatch(g, &vs, argc, argv);
}

static const char runlist_ctl_usage[] =
	"usage: nvsched [global options] runlist preempt|resubmit|disable|enable [--timeout US] [--no-wait] [--dry-run] [-j] N\n"
	"Preempt everything on runlist N; resubmit runlist N with its current base,\n"
	"length and offset; or disable/enable its scheduling (NV_PFIFO_SCHED_DISABLE\n"
	"before Ampere, NV_RUNLIST_SCHED_DISABLE after).  Resubmit and scheduling\n"
	"changes are refused under GSP firmware unless the module parameter\n"
	"allow_gsp_runlist_writes=1 is set; 'nvsched channel restore' and unloading\n"
	"the module re-enable scheduling nvsched disabled.\n";

/* nvsched runlist preempt|resubmit|disable|enable (argv[0]) N */
static int runlist_op(const struct cli_global *g, unsigned int op, int argc, char **argv)
{
	return ctl_verb(g, "runlist", "runlist", true, op, runlist_ctl_usage, argc, argv);
}

int cmd_runlist_preempt(const struct cli_global *g, int argc, char **argv)
{
	return runlist_op(g, NVSCHED_CTL_PREEMPT_RUNLIST, argc, argv);
}

int cmd_runlist_resubmit(const struct cli_global *g, int argc, char **argv)
{
	return runlist_op(g, NVSCHED_CTL_RESUBMIT_RUNLIST, argc, argv);
}

int cmd_runlist_disable(const struct cli_global *g, int argc, char **argv)
{
	return runlist_op(g, NVSCHED_CTL_SCHED_DISABLE, argc, argv);
}

int cmd_runlist_enable(const struct cli_global *g, int argc, char **argv)
{
	return runlist_op(g, NVSCHED_CTL_SCHED_ENABLE, argc, argv);
}
