// SPDX-License-Identifier: MIT
/*
 * prio_sim.c - `nvsched prio simulate` (prio_sim.h): the policy core of the
 * module (kmod/hw/prio.c) on a JSON Lines event script.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "json.h"
#include "prio_sim.h"

struct sim {
	struct nvs_prio *p;
	void *mem;
	char *name[SIM_MAX_TASKS];	/* by slot; NULL when free */
};

static int sim_slot(struct sim *s, const char *name, bool create)
{
	int i, slot;

	for (i = 0; i < SIM_MAX_TASKS; i++)
		if (s->name[i] && !strcmp(s->name[i], name))
			return i;
	if (!create)
		return -ENOENT;
	/* the task key is unused by the policy beyond uniqueness: a counter */
	for (i = 0; i < SIM_MAX_TASKS; i++)
		if (!s->name[i])
			break;
	slot = nvs_prio_task_add(s->p, (uint32_t)i);
	if (slot < 0)
		return slot;
	s->name[slot] = strdup(name);
	if (!s->name[slot]) {
		nvs_prio_task_remove(s->p, slot);
		return -ENOMEM;
	}
	return slot;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* the names of the tasks that run (@want_run) or are held back, sorted */
static int sim_list(const struct sim *s, bool want_run, const char **out)
{
	int i, n = 0;

	for (i = 0; i < SIM_MAX_TASKS; i++) {
		if (!s->name[i] || !s->p->tasks[i].in_seg)
			continue;
		if (nvs_prio_task_runs(s->p, i) == want_run)
			out[n++] = s->name[i];
	}
	qsort(out, n, sizeof(*out), cmp_str);
	return n;
}

/* cut a trailing "# comment" after the object (outside strings) */
static void strip_comment(char *line)
{
	bool in_str = false, esc = false;
	char *c;

	for (c = line; *c; c++) {
		if (in_str) {
			if (esc)
				esc = false;
			else if (*c == '\\')
				esc = true;
			else if (*c == '"')
				in_str = false;
		} else if (*c == '"') {
			in_str = true;
		} else if (*c == '#') {
			*c = '\0';
			return;
		}
	}
}

static bool blank(const char *s)
{
	for (; *s; s++)
		if (*s != ' ' && *s != '\t' && *s != '\r' && *s != '\n')
			return false;
	return true;
}

static void print_event(const struct prio_sim_opts *o, const struct sim *s, const struct json *t,
			const char *task, const char *ev, const char *warning)
{
	const char *run[SIM_MAX_TASKS], *pend[SIM_MAX_TASKS];
	int nrun = sim_list(s, true, run), npend = sim_list(s, false, pend), i;

	if (o->json) {
		struct jw w;

		jw_init(&w, o->out, o->pretty);
		jw_obj_begin(&w);
		jw_key(&w, "t");
		if (json_is_int(t))
			jw_int(&w, (long long)t->num);
		else
			jw_double(&w, t->num);
		jw_key(&w, "task");
		jw_str(&w, task);
		jw_key(&w, "event");
		jw_str(&w, ev);
		jw_key(&w, "running");
		jw_arr_begin(&w);
		for (i = 0; i < nrun; i++)
			jw_str(&w, run[i]);
		jw_arr_end(&w);
		jw_key(&w, "pending");
		jw_arr_begin(&w);
		for (i = 0; i < npend; i++)
			jw_str(&w, pend[i]);
		jw_arr_end(&w);
		if (warning) {
			jw_key(&w, "warning");
			jw_str(&w, warning);
		}
		jw_key(&w, "schema");
		jw_int(&w, 1);
		jw_obj_end(&w);
		jw_end_doc(&w);
		return;
	}
	fprintf(o->out, "t=%g %s %s: running", t->num, task, ev);
	for (i = 0; i < nrun; i++)
		fprintf(o->out, " %s", run[i]);
	fprintf(o->out, nrun ? ";" : " -;");
	fprintf(o->out, " pending");
	for (i = 0; i < npend; i++)
		fprintf(o->out, " %s", pend[i]);
	fprintf(o->out, npend ? "" : " -");
	if (warning)
		fprintf(o->out, " (warning: %s)", warning);
	fprintf(o->out, "\n");
}

/* one event; 0, or CLI_EXIT_USAGE after printing the error */
static int sim_event(const struct prio_sim_opts *o, struct sim *s, const char *path, int lineno,
		     const struct json *ev, double *last_t)
{
	const struct json *t = json_get(ev, "t"), *prio = json_get(ev, "prio");
	const char *task = json_get_string(ev, "task");
	const char *what = json_get_string(ev, "event");
	const char *warning = NULL;
	int slot, ret, pr = NVS_PRIO_BE;

#define SIM_ERR(...) do { \
		fprintf(o->err, "nvsched prio simulate: %s: line %d: ", path, lineno); \
		fprintf(o->err, __VA_ARGS__); \
		fputc('\n', o->err); \
		return CLI_EXIT_USAGE; \
	} while (0)

	if (ev->type != JSON_OBJECT)
		SIM_ERR("an event is a JSON object");
	if (!t || t->type != JSON_NUMBER)
		SIM_ERR("\"t\" (a number) is missing");
	if (t->num < *last_t)
		SIM_ERR("\"t\" decreases (%g after %g)", t->num, *last_t);
	*last_t = t->num;
	if (!task || !*task)
		SIM_ERR("\"task\" (a non-empty string) is missing");
	if (!what)
		SIM_ERR("\"event\" (begin, end or exit) is missing");
	if (prio && prio->type != JSON_NULL) {
		if (!json_is_int(prio) || prio->num < 0 || prio->num > NVS_PRIO_MAX)
			SIM_ERR("\"prio\" must be an integer 0..%d or null", NVS_PRIO_MAX);
		pr = (int)prio->num;
	}
	if (!strcmp(what, "begin")) {
		slot = sim_slot(s, task, true);
		if (slot < 0)
			SIM_ERR("too many tasks (%d at most)", SIM_MAX_TASKS);
		ret = nvs_prio_begin(s->p, slot, pr);
		if (ret == NVS_PRIO_W_REPRIO)
			warning = "task already in a segment: its priority changed";
	} else if (!strcmp(what, "end") || !strcmp(what, "exit")) {
		bool exit = what[1] == 'x';

		slot = sim_slot(s, task, false);
		if (slot < 0 || !s->p->tasks[slot].in_seg)
			warning = "task has no active segment: nothing changed";
		if (slot >= 0 && !exit)
			nvs_prio_end(s->p, slot);
		if (slot >= 0 && exit) {
			nvs_prio_task_remove(s->p, slot);
			free(s->name[slot]);
			s->name[slot] = NULL;
		}
	} else {
		SIM_ERR("unknown event \"%s\" (begin, end or exit)", what);
	}
#undef SIM_ERR
	print_event(o, s, t, task, what, warning);
	return 0;
}

int prio_sim_run(FILE *in, const char *path, const struct prio_sim_opts *o)
{
	struct nvs_prio_cfg cfg = { .nrl = 1, .ntsgs = 64, .max_tasks = SIM_MAX_TASKS };
	struct sim s = { 0 };
	char *line = NULL, err[256];
	size_t cap = 0, len;
	double last_t = -1e308;
	int lineno = 0, ret = CLI_EXIT_OK, i;

	len = nvs_prio_size(&cfg);
	s.mem = calloc(1, len);
	s.p = s.mem ? nvs_prio_init(s.mem, len, &cfg) : NULL;
	if (!s.p) {
		fprintf(o->err, "nvsched prio simulate: out of memory\n");
		ret = CLI_EXIT_FAIL;
		goto out;
	}
	while (getline(&line, &cap, in) >= 0) {
		struct json *ev;

		lineno++;
		strip_comment(line);
		if (blank(line))
			continue;
		ev = json_parse(line, strlen(line), err, sizeof(err));
		if (!ev) {
			fprintf(o->err, "nvsched prio simulate: %s: line %d: %s\n", path, lineno, err);
			ret = CLI_EXIT_USAGE;
			break;
		}
		ret = sim_event(o, &s, path, lineno, ev, &last_t);
		json_free(ev);
		if (ret)
			break;
		if (o->after)
			o->after(s.p, o->ctx);
	}
	if (!ret && ferror(in)) {
		fprintf(o->err, "nvsched prio simulate: %s: read error\n", path);
		ret = CLI_EXIT_FAIL;
	}
out:
	for (i = 0; i < SIM_MAX_TASKS; i++)
		free(s.name[i]);
	free(s.mem);
	free(line);
	return ret;
}
