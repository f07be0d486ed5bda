// SPDX-License-Identifier: MIT
/*
 * standin-responder: a STATIC stand-in for build/bin/nvss-responder (sim/),
 * used by tests/qemu/run.sh only when the real responder is not built.
 * Same command line:
 *   standin-responder --snapshot FILE --image IMG --ready FILE --log FILE
 * Creates the 32 MiB ivshmem image (BAR0 image in the first 16 MiB: every
 * word 0xbadf5040, then the snapshot's `r` lines), touches READY, sleeps
 * until SIGTERM, then writes LOG: one line "w 0xOFFSET 0xVALUE" for every
 * 32-bit word of the BAR0 image the guest changed.  No hardware semantics
 * and no mailbox (the module skips it: the magic is never set); `m` lines
 * (GPU memory) are ignored.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define IMG_SIZE (32u << 20)
#define BAR0_SIZE (16u << 20)

static volatile sig_atomic_t stop;
static void on_term(int s) { (void)s; stop = 1; }

int main(int argc, char **argv)
{
	const char *snap = NULL, *img = NULL, *ready = NULL, *logp = NULL;
	for (int i = 1; i + 1 < argc; i += 2) {
		if (!strcmp(argv[i], "--snapshot")) snap = argv[i + 1];
		else if (!strcmp(argv[i], "--image")) img = argv[i + 1];
		else if (!strcmp(argv[i], "--ready")) ready = argv[i + 1];
		else if (!strcmp(argv[i], "--log")) logp = argv[i + 1];
		else { fprintf(stderr, "standin-responder: unknown option %s\n", argv[i]); return 2; }
	}
	if (!snap || !img || !ready || !logp) {
		fprintf(stderr, "usage: standin-responder --snapshot F --image F --ready F --log F\n");
		return 2;
	}
	sigset_t block, old;
	sigemptyset(&block);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGINT);
	sigprocmask(SIG_BLOCK, &block, &old);	/* no lost wake-up before sigsuspend */
	signal(SIGTERM, on_term);
	signal(SIGINT, on_term);

	FILE *f = fopen(snap, "r");
	if (!f) { perror(snap); return 1; }
	int fd = open(img, O_RDWR | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || ftruncate(fd, IMG_SIZE)) { perror(img); return 1; }
	uint32_t *m = mmap(NULL, IMG_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED) { perror("mmap"); return 1; }
	uint32_t *init = malloc(BAR0_SIZE);
	if (!init) return 1;
	for (uint32_t i = 0; i < BAR0_SIZE / 4; i++)
		init[i] = 0xbadf5040u;

	char line[8192];
	unsigned lineno = 0;
	while (fgets(line, sizeof(line), f)) {
		unsigned long off, val;
		lineno++;
		if (line[0] == 'r' && sscanf(line, "r %lx %lx", &off, &val) == 2) {
			if (off % 4 || off >= BAR0_SIZE) {
				fprintf(stderr, "%s:%u: bad offset 0x%lx\n", snap, lineno, off);
				return 1;
			}
			init[off / 4] = (uint32_t)val;
		}
	}
	fclose(f);
	memcpy(m, init, BAR0_SIZE);
	msync(m, IMG_SIZE, MS_SYNC);

	int rfd = open(ready, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (rfd < 0) { perror(ready); return 1; }
	close(rfd);

	while (!stop)
		sigsuspend(&old);

	FILE *lg = fopen(logp, "w");
	if (!lg) { perror(logp); return 1; }
	for (uint32_t i = 0; i < BAR0_SIZE / 4; i++)
		if (m[i] != init[i])
			fprintf(lg, "w 0x%06x 0x%08x\n", i * 4, m[i]);
	fclose(lg);
	return 0;
}
