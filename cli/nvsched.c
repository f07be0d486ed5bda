// SPDX-License-Identifier: MIT
/*
 * nvsched.c - the nvsched command-line tool: global options, the command
 * table (dispatch and help come from it) and the inspection commands.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gpu.h"
#include "gpu_rm.h"
#include "json.h"
#include "out.h"
#include "ptop.h"

#ifndef NVSCHED_VERSION
#define NVSCHED_VERSION "0.1.0"
#endif

struct cli_cmd {
	const char *name;
	cli_cmd_fn fn;
	const char *args;
	const char *summary;
};

static int cmd_list(const struct cli_global *g, int argc, char **argv);
static int cmd_info(const struct cli_global *g, int argc, char **argv);
static int cmd_engines(const struct cli_global *g, int argc, char **argv);
static int cmd_help(const struct cli_global *g, int argc, char **argv);
static int cmd_version(const struct cli_global *g, int argc, char **argv);

static const struct cli_cmd commands[] = {
	{ "list", cmd_list, "[-j] [-p]", "list the GPUs nvsched sees" },
	{ "info", cmd_info, "[--verify] [-j] [-p]", "chip identity and engines of one GPU (--gpu N|BDF)" },
	{ "engines", cmd_engines, "[-j] [-p]", "PTOP device table: engines and their runlists" },
	{ "runlist", cmd_runlist, "[-r N] [-j] [-p] | preempt|resubmit N",
	  "decode runlists (TSGs, channels, state); preempt or resubmit one" },
	{ "channel", cmd_channel, "disable|enable [-r RL] ID... | restore",
	  "disable/enable channels; restore what nvsched disabled" },
	{ "tsg", cmd_tsg, "preempt [-r RL] [--timeout US] ID", "preempt a TSG" },
	{ "ce", cmd_ce, "[-j] [-p]", "copy engines: PCE map, LCE -> PCEs, GRCE sharing" },
	{ "gr", cmd_gr, "[-j] [-p]", "GPC/TPC topology: floorsweeping, logical GPC ids, SMs" },
#ifdef NVSCHED_HAVE_RTA
	{ "rta", cmd_rta, "[options] TASKSET.json...", "GCAPS response-time analysis" },
#endif
#ifdef NVSCHED_HAVE_PREDICT
	{ "predict", cmd_predict, "[options] KERNELS.json", "predict thread-block to SM placement" },
#endif
	{ "prio", cmd_prio, "simulate [-j] FILE | status [-j] | set keep|unkeep RL:ID | run [--prio N] --tsg RL:ID... -- CMD",
	  "fixed-priority GPU scheduling: simulate the policy; run a command in a segment" },
	{ "snapshot", cmd_snapshot, "-o FILE", "write a register snapshot of one GPU (rm backend: root)" },
	{ "help", cmd_help, "[COMMAND | --list]", "show help for nvsched or a command" },
	{ "version", cmd_version, "", "print the version" },
};

static void usage(FILE *f)
{
	size_t i;

	fprintf(f,
		"usage: nvsched [global options] COMMAND [command options]\n\n"
		"Inspect and steer the NVIDIA GPU hardware scheduler.\n\n"
		"Global options:\n"
		"  --snapshot FILE   read a snapshot file instead of a live GPU (no module needed)\n"
		"  --backend B       module | rm | snapshot (default: snapshot with --snapshot, else\n"
		"                    module when /dev/nvsched exists, else rm when /dev/nvidiactl does)\n"
		"  --gpu N|BDF       GPU index (the X of /proc/gpuX) or PCI address (default 0)\n"
		"  -j, --json        JSON output (CONTRACTS: \"schema\": 1)\n"
		"  -p, --pretty      pretty-printed JSON (implies -j)\n"
		"  -h, --help        this help\n\n"
		"Commands:\n");
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(f, "  %-9s %s\n", commands[i].name, commands[i].summary);
	fprintf(f, "\nRun 'nvsched COMMAND --help' for a command's options.\n");
}

static const struct cli_cmd *find_cmd(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(commands[i].name, name))
			return &commands[i];
	return NULL;
}

/* cli.h */
int cli_verb_dispatch(const struct cli_global *g, const struct cli_verbs *vs, int argc,
		      char **argv)
{
	bool help = argc >= 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"));
	size_t i;

	for (i = 0; argc >= 2 && !help && i < vs->n; i++)
		if (!strcmp(vs->v[i].name, argv[1]))
			return vs->v[i].fn(g, argc - 1, argv + 1);
	if (vs->fallback)
		return vs->fallback(g, argc, argv);
	if (help) {
		vs->usage(stdout);
		cli_verbs_help(vs, stdout);
		return CLI_EXIT_OK;
	}
	if (argc < 2) {
		vs->usage(stderr);
		return CLI_EXIT_USAGE;
	}
	if (vs->unknown)
		fprintf(stderr, vs->unknown, argv[1]);
	else
		vs->usage(stderr);
	return CLI_EXIT_USAGE;
}

/* The inspection commands' start: -j -p -h, then the GPU(s) (cli.h). */
int cli_simple_open(struct cli_global *g, int argc, char **argv, bool all,
		    struct gpu **gpus, int *n)
{
	bool help;
	int ret = cli_simple_opts(g, argc, argv, &help);

	if (ret || help)
		return ret ? ret : -1;
	return gpu_open_selected(&g->sel, argv[0], all, gpus, n);
}

/* cli.h */
void cli_verbs_help(const struct cli_verbs *vs, FILE *f)
{
	size_t i;

	fprintf(f, "\n%s verbs:\n", vs->name);
	for (i = 0; i < vs->n; i++)
		fprintf(f, "  %-10s %s\n", vs->v[i].name, vs->v[i].help);
}

static int cmd_usage(const char *name)
{
	const struct cli_cmd *c = find_cmd(name);

	printf("usage: nvsched [global options] %s %s\n%s\n", name, c ? c->args : "",
	       c ? c->summary : "");
	return CLI_EXIT_OK;
}

/* one row of list: the GPU's identity (JSON: its gpu object) */
static void list_gpu(struct out *o, const struct gpu *c)
{
	char name[128], id[16];

	if (out_jw(o)) {
		gpu_json_ident(out_jw(o), c);
		return;
	}
	gpu_pci_name(c->vendor, c->device, name, sizeof(name));
	snprintf(id, sizeof(id), c->id_ok ? "0x%x" : "-", c->chip_id);
	out_text(o, "%-4d %-13s %-7s %-6s %-10s %s%s\n", c->index, c->bdf[0] ? c->bdf : "-",
		 c->chip, id, c->arch, name, c->gone ? " (gone)" : c->test ? " (simulated)" : "");
}

static int cmd_list(const struct cli_global *g0, int argc, char **argv)
{
	struct cli_global g = *g0;
	struct gpu *gpus;
	struct out o;
	int n, i, ret;

	ret = cli_simple_open(&g, argc, argv, true, &gpus, &n);
	if (ret)
		return ret < 0 ? cmd_usage(argv[0]) : ret;
	out_init(&o, &g);
	out_begin(&o, NULL);
	out_int(&o, "schema", 1, NULL);
	if (n == 0)
		out_text(&o, "no NVIDIA GPU found\n");
	else
		out_text(&o, "%-4s %-13s %-7s %-6s %-10s %s\n", "GPU", "BDF", "CHIP", "ID", "ARCH",
			 "DEVICE");
	out_arr_begin(&o, "gpus");
	for (i = 0; i < n; i++)
		list_gpu(&o, &gpus[i]);
	out_arr_end(&o);
	out_end(&o);
	gpu_close_all(gpus, n);
	return CLI_EXIT_OK;
}

/* the device table: JSON its engines and runlists members, text PTOP's table */
static void show_topology(struct out *o, const struct nvs_topology *topo)
{
	if (out_jw(o))
		gpu_json_topology(out_jw(o), topo);
	else
		nvs_ptop_format(topo, pr_file, o->f);
}

/* engines/runlists members when the table cannot be read */
static void topology_json_error(struct jw *w, int err)
{
	jw_key(w, "engines");
	jw_arr_begin(w);
	jw_arr_end(w);
	jw_key(w, "runlists");
	jw_arr_begin(w);
	jw_arr_end(w);
	jw_kstr(w, "error", strerror(-err));
}

/* the device table of info, or why it is unavailable */
static void info_topology(struct out *o, const struct gpu *c, const struct nvs_topology *topo,
			  int err)
{
	if (!err) {
		out_text(o, "\n");
		show_topology(o, topo);
	} else if (out_jw(o)) {
		topology_json_error(out_jw(o), err);
	} else {
		out_text(o, "  engines  unavailable: %s\n", strerror(-err));
		if (c->rm && !c->io)
			out_text(o, "  note     %s; try 'nvsched engines' for RM's engine list\n",
				 gpu_rm_root_note());
	}
}

static void info_out(const struct cli_global *g, const struct gpu *c,
		     const struct nvs_topology *topo, int topo_ret)
{
	struct out o;

	out_init(&o, g);
	out_begin(&o, c);
	out_text(&o, "gpu%d  %s\n", c->index, c->bdf[0] ? c->bdf : "(no PCI address)");
	if (c->id_ok)
		out_text(&o, "  chip     %s (0x%x, %s)\n", c->chip, c->chip_id, c->arch);
	else
		out_text(&o, "  chip     unreadable (GPU powered down or not responding)\n");
	out_opt_hex(&o, "boot0", c->id_ok, c->boot0, "  BOOT_0   0x%08llx\n", NULL);
	out_opt_hex(&o, "boot42", c->id_ok && c->boot42, c->boot42, "  BOOT_42  0x%08llx\n", NULL);
	out_str(&o, "source", c->source, "  source   %s\n");
	out_bool(&o, "gone", c->gone, "%s",
		 "  state    gone: the device was removed or its driver unbound\n", NULL);
	info_topology(&o, c, topo, topo_ret);
	out_end(&o);
}

static int info_opt(void *ctx, int key, char *arg)
{
	*(bool *)ctx = true;	/* --verify */
	return CLI_EXIT_OK;
}

static int cmd_info(const struct cli_global *g0, int argc, char **argv)
{
	static const struct cli_opt opts[] = {
		{ "verify", no_argument, CLI_OPT_LONG },
	};
	struct cli_global g = *g0;
	struct gpu *gpus, *c;
	struct nvs_topology *topo;
	bool verify = false;
	int topo_ret, n, ret;

	ret = cli_opts(&g, argc, argv, opts, 1, 0, info_opt, &verify);
	if (ret < 0) {
		cmd_usage(argv[0]);
		printf("  --verify  compare the register decode with the NVIDIA driver's RM answers\n"
		       "            (engines: runlist id and pri base; GPC/TPC sets; PCEs per LCE)\n");
		return CLI_EXIT_OK;
	}
	if (ret)
		return ret;
	if (optind != argc) {
		fprintf(stderr, "nvsched %s: unexpected argument '%s'\n", argv[0], argv[optind]);
		return CLI_EXIT_USAGE;
	}
	ret = gpu_open_selected(&g.sel, argv[0], false, &gpus, &n);
	if (ret)
		return ret;
	c = &gpus[0];
	if (verify) {
		ret = cmd_rm_verify(&g, c);
		gpu_close_all(gpus, n);
		return ret;
	}
	topo = malloc(sizeof(*topo));
	topo_ret = topo ? gpu_topology(c, topo) : -ENOMEM;
	info_out(&g, c, topo, topo_ret);
	free(topo);
	gpu_close_all(gpus, n);
	return CLI_EXIT_OK;
}

static int cmd_engines(const struct cli_global *g0, int argc, char **argv)
{
	struct cli_global g = *g0;
	struct nvs_topology *topo;
	struct gpu *gpus;
	struct out o;
	int n, ret;

	ret = cli_simple_open(&g, argc, argv, false, &gpus, &n);
	if (ret)
		return ret < 0 ? cmd_usage(argv[0]) : ret;
	if (gpus[0].rm && !gpus[0].io) {	/* rm backend without root */
		ret = cmd_rm_engines_unpriv(&g, &gpus[0]);
		gpu_close_all(gpus, n);
		return ret;
	}
	topo = malloc(sizeof(*topo));
	ret = topo ? gpu_topology(&gpus[0], topo) : -ENOMEM;
	if (ret) {
		fprintf(stderr, "nvsched engines: gpu%d: cannot read the device table: %s\n",
			gpus[0].index, ret == -EOPNOTSUPP ? "unknown table format on this chip" :
			strerror(-ret));
		ret = CLI_EXIT_FAIL;
	} else {
		out_init(&o, &g);
		out_begin(&o, &gpus[0]);
		show_topology(&o, topo);
		out_end(&o);
	}
	free(topo);
	gpu_close_all(gpus, n);
	return ret;
}

static int cmd_help(const struct cli_global *g, int argc, char **argv)
{
	const struct cli_cmd *c;
	char *hargv[] = { NULL, "--help", NULL };

	if (argc < 2) {
		usage(stdout);
		return CLI_EXIT_OK;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))
		return cmd_usage(argv[0]);
	if (!strcmp(argv[1], "--list")) {
		/* the command table, for the man page and completion generators */
		size_t i;

		for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
			printf("%s\t%s\t%s\n", commands[i].name, commands[i].args,
			       commands[i].summary);
		return CLI_EXIT_OK;
	}
	c = find_cmd(argv[1]);
	if (!c) {
		fprintf(stderr, "nvsched help: unknown command '%s'\n", argv[1]);
		return CLI_EXIT_USAGE;
	}
	hargv[0] = (char *)c->name;
	return c->fn(g, 2, hargv);
}

static int cmd_version(const struct cli_global *g, int argc, char **argv)
{
	if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		cmd_usage(argv[0]);
		return CLI_EXIT_OK;
	}
	if (argc > 1) {
		fprintf(stderr, "nvsched version: unexpected argument '%s'\n", argv[1]);
		return CLI_EXIT_USAGE;
	}
	printf("nvsched %s\n", NVSCHED_VERSION);
	return CLI_EXIT_OK;
}

enum { OPT_SNAPSHOT = CLI_OPT_LONG, OPT_BACKEND, OPT_GPU };

/* the global options (with -j/-p/-h from cli_opts()); said: a message printed */
struct global_opts {
	struct cli_global g;
	bool said;
};

static int global_opt(void *ctx, int key, char *arg)
{
	struct global_opts *o = ctx;

	switch (key) {
	case OPT_SNAPSHOT:
		o->g.sel.snapshot = arg;
		break;
	case OPT_BACKEND:
		if (strcmp(arg, "module") && strcmp(arg, "rm") && strcmp(arg, "snapshot")) {
			fprintf(stderr, "nvsched: --backend must be module, rm or snapshot\n");
			o->said = true;
			return CLI_EXIT_USAGE;
		}
		o->g.sel.backend = arg;
		break;
	case OPT_GPU:
		o->g.sel.gpu = arg;
		break;
	case 'V':
		cmd_version(&o->g, 0, NULL);
		return CLI_OPTS_DONE;
	}
	return CLI_EXIT_OK;
}

int main(int argc, char **argv)
{
	static const struct cli_opt opts[] = {
		{ "snapshot", required_argument, OPT_SNAPSHOT },
		{ "backend", required_argument, OPT_BACKEND },
		{ "gpu", required_argument, OPT_GPU },
		{ "version", no_argument, 'V' },
	};
	struct global_opts o = { 0 };
	const struct cli_cmd *cmd;
	int ret, ci;

	ret = cli_opts(&o.g, argc, argv, opts, sizeof(opts) / sizeof(opts[0]), 0, global_opt, &o);
	if (ret == -1 || ret == CLI_OPTS_DONE) {
		if (ret == -1)
			usage(stdout);
		return CLI_EXIT_OK;
	}
	if (ret) {
		if (!o.said)
			usage(stderr);
		return ret;
	}
	if (optind >= argc) {
		usage(stderr);
		return CLI_EXIT_USAGE;
	}
	ci = optind;
	cmd = find_cmd(argv[ci]);
	if (!cmd) {
		fprintf(stderr, "nvsched: unknown command '%s' (see nvsched --help)\n", argv[ci]);
		return CLI_EXIT_USAGE;
	}
	optind = 1;	/* commands parse their own argv */
	return cmd->fn(&o.g, argc - ci, argv + ci);
}
