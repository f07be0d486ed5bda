// SPDX-License-Identifier: MIT
/*
 * prio-daemon - a small managing daemon for nvsched's fixed-priority GPU
 * scheduling (docs/priority.md), written against libnvsched only.
 *
 *   prio-daemon GPU
 *
 * Reads commands on standard input, one a line, and answers "ok" or
 * "error: MESSAGE" for each:
 *
 *   task NAME [RL:ID...]  a new task owning these TSGs (CAP_SYS_ADMIN)
 *   begin NAME PRIO       its segment begins (0..99 real time, -1 best effort)
 *   end NAME              its segment ends
 *   capture NAME begin|peek|end
 *                         the capture protocol on the task's handle: the
 *                         TSGs that appear between begin and end become
 *                         its own (no CAP_SYS_ADMIN); peek and end answer
 *                         "ok N" with the number of TSGs
 *   drop NAME             the task goes (its TSGs run as best effort again)
 *   quit                  exit (every task is dropped: all TSGs run)
 *
 * Each task is one libnvsched handle: the module ties a task to its open
 * descriptor, so the daemon dying for any reason puts everything back.
 *
 * Build: cc -o prio-daemon prio-daemon.c $(pkg-config --cflags --libs nvsched)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <nvsched.h>

#define MAX_TASKS 32

struct task {
	char name[32];
	struct nvsched *h;
};

static struct task tasks[MAX_TASKS];

static struct task *find(const char *name)
{
	int i;

	for (i = 0; i < MAX_TASKS; i++)
		if (tasks[i].h && !strcmp(tasks[i].name, name))
			return &tasks[i];
	return NULL;
}

static int cmd_task(int gpu, char *name, char *tsgs)
{
	struct task *t = NULL;
	char *tok, *save = NULL;
	int i, ret = 0;

	if (find(name))
		return -EEXIST;
	for (i = 0; i < MAX_TASKS && !t; i++)
		if (!tasks[i].h)
			t = &tasks[i];
	if (!t)
		return -ENOSPC;
	t->h = nvsched_open(gpu);
	if (!t->h)
		return -errno;
	snprintf(t->name, sizeof(t->name), "%s", name);
	for (tok = strtok_r(tsgs, " \t", &save); tok && !ret; tok = strtok_r(NULL, " \t", &save)) {
		unsigned int rl, id;

		if (sscanf(tok, "%u:%u", &rl, &id) != 2)
			ret = -EINVAL;
		else
			ret = nvsched_prio_tsg(t->h, (int)rl, id);
	}
	if (ret) {
		nvsched_close(t->h);
		t->h = NULL;
	}
	return ret;
}

int main(int argc, char **argv)
{
	char line[512];
	int gpu, i;

	if (argc != 2) {
		fprintf(stderr, "usage: prio-daemon GPU  (commands on standard input)\n");
		return 2;
	}
	gpu = atoi(argv[1]);
	while (fgets(line, sizeof(line), stdin)) {
		char *cmd = strtok(line, " \t\n"), *name = strtok(NULL, " \t\n");
		char *rest = strtok(NULL, "\n");
		struct task *t = name ? find(name) : NULL;
		int ret;

		if (!cmd)
			continue;
		if (!strcmp(cmd, "quit"))
			break;
		if (!strcmp(cmd, "task") && name) {
			char none[1] = "";

			ret = cmd_task(gpu, name, rest ? rest : none);
		} else if (!strcmp(cmd, "begin") && rest) {
			ret = t ? nvsched_seg_begin(t->h, atoi(rest)) : -ENOENT;
		} else if (!strcmp(cmd, "end")) {
			ret = t ? nvsched_seg_end(t->h) : -ENOENT;
		} else if (!strcmp(cmd, "capture") && t && rest) {
			unsigned int n = 0;

			if (!strcmp(rest, "begin"))
				ret = nvsched_capture_begin(t->h);
			else if (!strcmp(rest, "peek"))
				ret = nvsched_capture_peek(t->h, &n);
			else if (!strcmp(rest, "end"))
				ret = nvsched_capture_end(t->h, &n);
			else
				ret = -EINVAL;
			if (!ret && strcmp(rest, "begin")) {
				printf("ok %u\n", n);
				fflush(stdout);
				continue;
			}
		} else if (!strcmp(cmd, "capture")) {
			ret = t ? -EINVAL : -ENOENT;
		} else if (!strcmp(cmd, "drop")) {
			ret = t ? (nvsched_close(t->h), t->h = NULL, 0) : -ENOENT;
		} else {
			ret = -EINVAL;
		}
		if (ret)
			printf("error: %s\n", strerror(-ret));
		else
			printf("ok\n");
		fflush(stdout);
	}
	for (i = 0; i < MAX_TASKS; i++)
		nvsched_close(tasks[i].h);
	return 0;
}
