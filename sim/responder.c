// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * nvss-responder - host side of the QEMU ivshmem "GPU" (kmod/hw/simbox.h).
 *
 *   nvss-responder --snapshot FILE --image IMG [--log WRITES.txt]
 *                  [--ready FILE] [--pending-ms N] [--once]
 *                  [--foreign-window N] [--driver-tsg RL:ID]...
 *                  [--vid-backing ADDR:LEN] [--submits FILE]
 *
 * Creates IMG (32 MiB, the ivshmem memory), maps it shared, loads the
 * snapshot model onto its first 16 MiB (the BAR0 register image) and then
 * serves the mailbox at 16 MiB: every {off, val} record the guest appends
 * is applied with nvs_sim_wr32() (the guest has already stored the raw
 * value; the model overwrites it with the value the hardware would show),
 * then the tail is advanced.  Pending bits clear after --pending-ms of wall
 * time.  On SIGTERM/SIGINT the write log is written ("W 0xOFF 0xVAL" per
 * line, in order) and the program exits 0.  --once only writes the image.
 * --foreign-window N plays the owning driver: right after the guest's Nth
 * write to the PRAMIN window register (0x1700 or 0x10fd40) the host moves
 * the window one 64 KiB step further (nvs_sim_poke, not logged), as a
 * driver using the window concurrently would (docs/security.md).
 *
 * --driver-tsg RL:ID plays the owning driver creating a TSG: hidden at start,
 * created on a guest request (responder_driver.h; tests/qemu/guest/drvreq.c).
 *
 * --vid-backing ADDR:LEN makes LEN bytes of zeroed video memory exist at
 * ADDR (for the module's test_runlist_vid= runlist buffers, written
 * through PRAMIN).  --submits FILE ("{log}" in it: the --log path) appends one line per runlist submit the
 * model applies, with the TSG ids of the submitted runlist as read from
 * the model's memory at that moment (decoded here, independently of the
 * module): "S IDX BASE AP LENGTH OFFSET tsgs=ID,ID,..." ('D' instead of
 * 'S' for the driver's resubmits played below; IDX: runlist id
 * before Ampere, NV_RUNLIST block index in PTOP order from Ampere on;
 * "tsgs=?" when the memory is not backed; all LENGTH entries from BASE:
 * OFFSET is where the scheduler resumes, regs-fifo.md 3.2), then "sum=0x..." (FNV-1a of
 * the submitted entries' bytes).  At start, one 'I' line per runlist the
 * snapshot shows submitted (the driver's own, replayed once, not logged in
 * the write log).  "P ID" for each TSG preempt written.
 *
 * Guest user space may write NVS_SIMBOX_HOSTCMD_RESUBMIT to the mailbox
 * word NVS_SIMBOX_HOSTCMD_OFF: the responder then plays the owning driver
 * and submits every runlist again as the snapshot showed it
 * (nvs_sim_driver_resubmit()), and answers NVS_SIMBOX_HOSTCMD_DONE | N.
 * With --submits, NVS_SIMBOX_HOSTCMD_CORRUPT makes the first entry of each
 * of the snapshot's runlists a zero-length TSG header (GPU memory the
 * module must refuse) and NVS_SIMBOX_HOSTCMD_REPAIR puts the bytes back.
 *
 * While serving:
 *   SIGUSR1  write the log file now (keep serving).
 *   SIGUSR2  apply --inject FILE: a snapshot-format file whose 'r' lines
 *            are host-side register changes (nvs_sim_poke: no semantics,
 *            not logged) and whose 'm' lines add GPU memory (e.g. a new
 *            TSG's runlist and instance block).  Then FILE.done is written
 *            with "ok" or "error: MESSAGE".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <signal.h>
#include <time.h>
#include <fcntl.h>
#include <unistd.h>
#include <getopt.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include "sim.h"
#include "simbox.h"
#include "responder_driver.h"

#define POLL_US 50u		/* poll period (and model tick) while active */
#define IDLE_POLL_US 500u	/* after IDLE_AFTER_US without guest writes */
#define IDLE_AFTER_US 200000u

static volatile sig_atomic_t stop, dump_log, inject;

static void on_signal(int sig)
{
	if (sig == SIGUSR1)
		dump_log = 1;
	else if (sig == SIGUSR2)
		inject = 1;
	else
		stop = 1;
}

/* Apply an injection file; report in PATH.done. */
static void do_inject(const char *path, struct nvs_sim *sim)
{
	char err[512], done[4096], tmp[4200];
	struct nvss *s;
	size_t i;
	FILE *f;
	int ret;

	snprintf(done, sizeof(done), "%s.done", path);
	ret = nvss_parse_file(path, &s, err, sizeof(err));
	if (!ret) {
		for (i = 0; i < s->nregs; i++)
			nvs_sim_poke(sim, s->regs[i].off, s->regs[i].val);
		for (i = 0; i < s->nmems && !ret; i++) {
			ret = nvs_sim_add_mem(sim, s->mems[i].ap, s->mems[i].addr,
					      s->mems[i].data, s->mems[i].len);
			if (ret)
				snprintf(err, sizeof(err), "%s: cannot add memory at 0x%llx",
					 path, (unsigned long long)s->mems[i].addr);
		}
		nvss_free(s);
	}
	snprintf(tmp, sizeof(tmp), "%s.tmp", done);
	f = fopen(tmp, "w");
	if (!f) {
		fprintf(stderr, "nvss-responder: %s: %s\n", tmp, strerror(errno));
		return;
	}
	if (ret)
		fprintf(f, "error: %s\n", err);
	else
		fprintf(f, "ok\n");
	if (fclose(f) || rename(tmp, done))
		fprintf(stderr, "nvss-responder: writing %s failed\n", done);
}

/*
 * The TSG ids of a runlist in model memory.  Entry formats from
 * open-gpu-doc dev_ram.ref.txt (NV_RAMRL_ENTRY_*): 16-byte entries from
 * Volta on (word 0 bit 0: TYPE, 1 = TSG; word 2: TSGID, 12 bits on
 * GV100/TU10x, 11 bits from GA100), 8-byte entries before (bit 13: TYPE,
 * bits 11:0: id).
 */
static void submit_tsgs(struct nvs_sim *sim, const struct nvs_sim_submit *sb, FILE *f)
{
	enum nvs_sim_gen gen = nvs_sim_gen(sim);
	unsigned es = gen >= NVS_SIM_GEN_VOLTA ? 16 : 8;
	uint32_t idmask = gen >= NVS_SIM_GEN_AMPERE ? 0x7ffu : 0xfffu;
	uint8_t e[16];
	uint32_t i, k, w0, w2, sum = 2166136261u;
	int first = 1;

	fprintf(f, " tsgs=");
	for (i = 0; i < sb->len; i++) {
		if (nvs_sim_mem_read(sim, (enum nvs_aperture)sb->ap,
				     sb->base + (uint64_t)i * es, e, es)) {
			fprintf(f, "? sum=?");
			return;
		}
		for (k = 0; k < es; k++)
			sum = (sum ^ e[k]) * 16777619u;	/* FNV-1a of the entries */
		w0 = (uint32_t)e[0] | (uint32_t)e[1] << 8 | (uint32_t)e[2] << 16 |
		     (uint32_t)e[3] << 24;
		w2 = es == 16 ? ((uint32_t)e[8] | (uint32_t)e[9] << 8) : 0;
		if (es == 16 ? !(w0 & 1u) : !(w0 & (1u << 13)))
			continue;
		fprintf(f, "%s%u", first ? "" : ",", es == 16 ? (w2 & idmask) : (w0 & 0xfffu));
		first = 0;
	}
	fprintf(f, " sum=0x%08x", sum);
}

/* the snapshot's runlists ('I' lines) and their first entries, for
 * NVS_SIMBOX_HOSTCMD_CORRUPT/_REPAIR */
#define MAX_DRV 64
static struct nvs_sim_submit drv_rl[MAX_DRV];
static uint8_t drv_first[MAX_DRV][16];
static unsigned ndrv;

/* 16-byte entries (Volta+, dev_ram.ref.txt): word 0 bit 0 TYPE = TSG,
 * word 1 bits 7:0 TSG_LENGTH = 0; 8-byte: bit 13 TYPE, bits 31:26 LENGTH */
static uint32_t corrupt_runlists(struct nvs_sim *sim, int repair)
{
	unsigned es = nvs_sim_gen(sim) >= NVS_SIM_GEN_VOLTA ? 16 : 8, i;
	uint32_t n = 0;
	uint8_t e[16];

	for (i = 0; i < ndrv; i++) {
		enum nvs_aperture ap = (enum nvs_aperture)drv_rl[i].ap;

		if (repair) {
			memcpy(e, drv_first[i], es);
		} else {
			memcpy(e, drv_first[i], es);
			if (es == 16) {
				e[0] |= 1;
				e[4] = 0;
			} else {
				e[1] |= 0x20;
				e[3] &= 0x03;
			}
		}
		if (!nvs_sim_mem_write(sim, ap, drv_rl[i].base, e, es))
			n++;
	}
	return n;
}

static void log_submit(struct nvs_sim *sim, FILE *f, char kind)
{
	struct nvs_sim_submit sb;

	nvs_sim_submits(sim, &sb);
	fprintf(f, "%c %u 0x%llx %u %u %u", kind, sb.idx, (unsigned long long)sb.base, sb.ap,
		sb.len, sb.offset);
	submit_tsgs(sim, &sb, f);
	fprintf(f, "\n");
	fflush(f);
}

static void usage(FILE *f)
{
	fprintf(f,
		"usage: nvss-responder --snapshot FILE --image IMG [--log WRITES.txt]\n"
		"                      [--ready FILE] [--pending-ms N] [--inject FILE] [--once]\n"
		"                      [--foreign-window N] [--driver-tsg RL:ID]...\n"
		"                      [--vid-backing ADDR:LEN] [--submits FILE]\n");
}

static uint64_t now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

static int write_log(const char *path, struct nvs_sim *sim)
{
	const struct nvs_sim_write *w;
	size_t n, i;
	char tmp[4096];
	FILE *f;

	w = nvs_sim_log(sim, &n);
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	f = fopen(tmp, "w");
	if (!f) {
		fprintf(stderr, "nvss-responder: %s: %s\n", tmp, strerror(errno));
		return -1;
	}
	for (i = 0; i < n; i++)
		fprintf(f, "W 0x%08x 0x%08x\n", w[i].off, w[i].val);
	if (fclose(f) || rename(tmp, path)) {
		fprintf(stderr, "nvss-responder: writing %s failed\n", path);
		return -1;
	}
	return 0;
}

static volatile uint32_t *box_word(uint8_t *map, uint32_t off)
{
	return (volatile uint32_t *)(map + NVS_SIMBOX_OFFSET + off);
}

/* what the command line asks for */
struct ropts {
	const char *snap_path, *img_path, *log_path;
	const char *ready_path, *inject_path, *sub_path;
	double pending_ms;
	int once;
	unsigned long foreign_after;
	unsigned long long vid_addr, vid_len;
	struct rdrv *drv;
};

/* the running responder: the model, the shared image and the ring's state */
struct responder {
	const struct ropts *o;
	struct nvs_sim *sim;
	uint8_t *map;
	FILE *sub_f;
	uint32_t tail;
	uint64_t tick_us, next_tick, last_active;
	unsigned long win_writes, nsub, npre;
};

/* --vid-backing ADDR:LEN: word-aligned, at most 64 MiB */
static int parse_vid_backing(struct ropts *o, const char *arg)
{
	char *end;

	o->vid_addr = strtoull(arg, &end, 0);
	if (*end == ':')
		o->vid_len = strtoull(end + 1, &end, 0);
	if (*end || !o->vid_len || o->vid_len > (64ull << 20) ||
	    ((o->vid_addr | o->vid_len) & 3)) {
		fprintf(stderr, "nvss-responder: bad --vid-backing '%s'\n", arg);
		return 2;
	}
	return -1;
}

/*
 * parse_opt - one option @c (getopt_long's answer) with optarg into @o.
 * Returns -1 to go on, else main's exit status.
 */
static int parse_opt(struct ropts *o, int c)
{
	char *end;

	switch (c) {
	case 's': o->snap_path = optarg; break;
	case 'i': o->img_path = optarg; break;
	case 'l': o->log_path = optarg; break;
	case 'r': o->ready_path = optarg; break;
	case 'p':
		o->pending_ms = strtod(optarg, &end);
		if (*end || o->pending_ms < 0) {
			fprintf(stderr, "nvss-responder: bad --pending-ms '%s'\n", optarg);
			return 2;
		}
		break;
	case 'o': o->once = 1; break;
	case 'j': o->inject_path = optarg; break;
	case 'w': o->foreign_after = strtoul(optarg, NULL, 0); break;
	case 'd':
		if (rdrv_add(&o->drv, optarg)) {
			fprintf(stderr, "nvss-responder: bad --driver-tsg '%s' (RL:ID)\n", optarg);
			return 2;
		}
		break;
	case 'v':
		return parse_vid_backing(o, optarg);
	case 'S':
		o->sub_path = optarg;
		break;
	case 'h': usage(stdout); return 0;
	default: usage(stderr); return 2;
	}
	return -1;
}

/* parse_opts - the command line into @o; -1 to go on, else the exit status */
static int parse_opts(int argc, char **argv, struct ropts *o)
{
	static const struct option opts[] = {
		{ "snapshot", required_argument, NULL, 's' },
		{ "image", required_argument, NULL, 'i' },
		{ "log", required_argument, NULL, 'l' },
		{ "ready", required_argument, NULL, 'r' },
		{ "pending-ms", required_argument, NULL, 'p' },
		{ "once", no_argument, NULL, 'o' },
		{ "inject", required_argument, NULL, 'j' },
		{ "foreign-window", required_argument, NULL, 'w' },
		{ "driver-tsg", required_argument, NULL, 'd' },
		{ "vid-backing", required_argument, NULL, 'v' },
		{ "submits", required_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c, rc;

	o->pending_ms = 1.0;
	while ((c = getopt_long(argc, argv, "s:i:l:r:p:j:w:d:v:S:oh", opts, NULL)) != -1) {
		rc = parse_opt(o, c);
		if (rc >= 0)
			return rc;
	}
	if (!o->snap_path || !o->img_path || optind != argc) {
		usage(stderr);
		return 2;
	}
	return -1;
}

/* open_submits - the --submits file, "{log}" standing for the --log path
 * (one responder per GPU) */
static FILE *open_submits(const struct ropts *o)
{
	const char *at = strstr(o->sub_path, "{log}");
	char path[4096];
	FILE *f;

	if (at)
		snprintf(path, sizeof(path), "%.*s%s%s", (int)(at - o->sub_path), o->sub_path,
			 o->log_path ? o->log_path : "submits", at + 5);
	else
		snprintf(path, sizeof(path), "%s", o->sub_path);
	f = fopen(path, "w");
	if (!f)
		fprintf(stderr, "nvss-responder: %s: %s\n", path, strerror(errno));
	return f;
}

/* map_image - the shared BAR image, sized, mapped and marked not serving */
static uint8_t *map_image(const char *img_path)
{
	uint8_t *map;
	int fd;

	/* no O_TRUNC: QEMU may already map an older file of the same size */
	fd = open(img_path, O_RDWR | O_CREAT, 0644);
	if (fd < 0 || ftruncate(fd, NVS_SIMBOX_BAR_SIZE)) {
		fprintf(stderr, "nvss-responder: %s: %s\n", img_path, strerror(errno));
		return NULL;
	}
	map = mmap(NULL, NVS_SIMBOX_BAR_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (map == MAP_FAILED) {
		fprintf(stderr, "nvss-responder: mmap %s: %s\n", img_path, strerror(errno));
		return NULL;
	}
	close(fd);
	/* not serving while the image is (re)built */
	__atomic_store_n(box_word(map, NVS_SIMBOX_MAGIC_OFF), 0, __ATOMIC_RELEASE);
	return map;
}

/*
 * setup_sim - the model over the image from the snapshot, with its video
 * memory backing and the stand-in driver's state (not in the write log)
 */
static struct nvs_sim *setup_sim(const struct ropts *o, struct nvss *snap, uint8_t *map)
{
	char err[512];
	struct nvs_sim *sim = nvs_sim_new(snap, (uint32_t *)map, err, sizeof(err));

	nvss_free(snap);
	if (!sim) {
		fprintf(stderr, "nvss-responder: %s\n", err);
		return NULL;
	}
	if (o->vid_len) {
		void *z = calloc(1, o->vid_len);

		if (!z || nvs_sim_add_mem(sim, NVS_AP_VID, o->vid_addr, z, o->vid_len)) {
			fprintf(stderr, "nvss-responder: cannot back video memory at 0x%llx\n",
				o->vid_addr);
			free(z);
			goto fail;
		}
		free(z);
	}
	if (o->drv) {
		if (rdrv_start(o->drv, sim, err, sizeof(err))) {
			fprintf(stderr, "nvss-responder: %s\n", err);
			goto fail;
		}
		nvs_sim_log_clear(sim);
		__atomic_store_n(box_word(map, RDRV_ACK_OFF), 0, __ATOMIC_RELEASE);
		__atomic_store_n(box_word(map, RDRV_REQ_OFF), 0, __ATOMIC_RELEASE);
	}
	return sim;

fail:
	nvs_sim_free(sim);
	return NULL;
}

/* record_driver_submits - the snapshot's runlists as 'I' lines, and their
 * first entries for corrupt_runlists() */
static void record_driver_submits(struct responder *r)
{
	uint32_t nr = 0;

	while (!nvs_sim_driver_resubmit(r->sim, nr++)) {
		log_submit(r->sim, r->sub_f, 'I');
		if (ndrv < MAX_DRV) {
			nvs_sim_submits(r->sim, &drv_rl[ndrv]);
			if (!nvs_sim_mem_read(r->sim, (enum nvs_aperture)drv_rl[ndrv].ap,
					      drv_rl[ndrv].base, drv_first[ndrv], 16))
				ndrv++;
		}
	}
	r->nsub = nvs_sim_submits(r->sim, NULL);
	nvs_sim_log_clear(r->sim);
}

static void install_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGUSR1, &sa, NULL);
	sigaction(SIGUSR2, &sa, NULL);
}

/* serve - the ring starts empty, the box is marked serving, --ready written */
static int serve(struct responder *r)
{
	uint8_t *map = r->map;
	FILE *f;

	r->tail = __atomic_load_n(box_word(map, NVS_SIMBOX_HEAD_OFF), __ATOMIC_ACQUIRE);
	__atomic_store_n(box_word(map, NVS_SIMBOX_TAIL_OFF), r->tail, __ATOMIC_RELEASE);
	__atomic_store_n(box_word(map, NVS_SIMBOX_VERSION_OFF), NVS_SIMBOX_VERSION,
			 __ATOMIC_RELEASE);
	__atomic_store_n(box_word(map, NVS_SIMBOX_MAGIC_OFF), NVS_SIMBOX_MAGIC,
			 __ATOMIC_RELEASE);
	if (!r->o->ready_path)
		return 0;
	f = fopen(r->o->ready_path, "w");
	if (!f) {
		fprintf(stderr, "nvss-responder: %s: %s\n", r->o->ready_path, strerror(errno));
		return 1;
	}
	fprintf(f, "%d\n", (int)getpid());
	fclose(f);
	return 0;
}

/* one guest write from the ring: submits and preempts logged, and the
 * --foreign-window "driver" moving the window after the Nth guest move */
static void ring_write(struct responder *r, uint32_t off, uint32_t val)
{
	nvs_sim_wr32(r->sim, off, val);
	if (r->sub_f && nvs_sim_submits(r->sim, NULL) != r->nsub) {
		r->nsub = nvs_sim_submits(r->sim, NULL);
		log_submit(r->sim, r->sub_f, 'S');
	}
	if (r->sub_f && nvs_sim_preempts(r->sim, NULL) != r->npre) {
		unsigned tsg;

		r->npre = nvs_sim_preempts(r->sim, &tsg);
		fprintf(r->sub_f, "P %u\n", tsg);
		fflush(r->sub_f);
	}
	if (r->o->foreign_after && (off == 0x1700 || off == 0x10fd40) &&
	    ++r->win_writes == r->o->foreign_after)
		nvs_sim_poke(r->sim, off, val + 1);	/* the "driver" */
}

/* drain_ring - every write the guest queued since the last poll */
static void drain_ring(struct responder *r)
{
	uint32_t head = __atomic_load_n(box_word(r->map, NVS_SIMBOX_HEAD_OFF),
					__ATOMIC_ACQUIRE);

	if (r->tail != head)
		r->last_active = now_us();
	while (r->tail != head) {
		uint32_t slot = r->tail & (NVS_SIMBOX_RING - 1);
		uint32_t roff = NVS_SIMBOX_RING_OFF + 8 * slot;
		uint32_t off = __atomic_load_n(box_word(r->map, roff), __ATOMIC_ACQUIRE);
		uint32_t val = __atomic_load_n(box_word(r->map, roff + 4), __ATOMIC_ACQUIRE);

		ring_write(r, off, val);
		r->tail++;
		__atomic_store_n(box_word(r->map, NVS_SIMBOX_TAIL_OFF), r->tail,
				 __ATOMIC_RELEASE);
	}
}

/* host_command - a host command in the box, answered DONE with its count */
static void host_command(struct responder *r)
{
	volatile uint32_t *w = box_word(r->map, NVS_SIMBOX_HOSTCMD_OFF);
	uint32_t cmd = __atomic_load_n(w, __ATOMIC_ACQUIRE);

	if (cmd == NVS_SIMBOX_HOSTCMD_RESUBMIT) {
		uint32_t nr = 0;

		while (!nvs_sim_driver_resubmit(r->sim, nr)) {
			nr++;
			if (r->sub_f)
				log_submit(r->sim, r->sub_f, 'D');
		}
		r->nsub = nvs_sim_submits(r->sim, NULL);
		__atomic_store_n(w, NVS_SIMBOX_HOSTCMD_DONE | (uint32_t)nr, __ATOMIC_RELEASE);
	} else if (cmd == NVS_SIMBOX_HOSTCMD_CORRUPT || cmd == NVS_SIMBOX_HOSTCMD_REPAIR) {
		uint32_t n = corrupt_runlists(r->sim, cmd == NVS_SIMBOX_HOSTCMD_REPAIR);

		__atomic_store_n(w, NVS_SIMBOX_HOSTCMD_DONE | n, __ATOMIC_RELEASE);
	} else if (cmd && cmd < NVS_SIMBOX_HOSTCMD_DONE) {
		__atomic_store_n(w, NVS_SIMBOX_HOSTCMD_DONE, __ATOMIC_RELEASE);
	}
}

/* tick_and_sleep - model ticks up to now, then one poll period's sleep
 * (longer once the guest has been idle and nothing is pending) */
static void tick_and_sleep(struct responder *r)
{
	uint64_t t = now_us();
	int idle;
	struct timespec ts;

	if (t >= r->next_tick + 100 * r->tick_us)	/* fell far behind */
		r->next_tick = t;
	while (t >= r->next_tick) {
		nvs_sim_tick(r->sim);
		r->next_tick += r->tick_us;
	}
	idle = t - r->last_active > IDLE_AFTER_US && !nvs_sim_pending(r->sim);
	ts = (struct timespec){ 0, (long)(idle ? IDLE_POLL_US : POLL_US) * 1000 };
	nanosleep(&ts, NULL);
}

/* poll_loop - serve the ring, host commands and signals until stopped */
static void poll_loop(struct responder *r)
{
	r->next_tick = now_us() + r->tick_us;
	r->last_active = now_us();
	while (!stop) {
		drain_ring(r);
		host_command(r);
		if (dump_log) {
			dump_log = 0;
			if (r->o->log_path)
				write_log(r->o->log_path, r->sim);
		}
		if (r->o->drv)
			rdrv_poll(r->o->drv, r->sim, box_word(r->map, 0));
		if (inject) {
			inject = 0;
			if (r->o->inject_path)
				do_inject(r->o->inject_path, r->sim);
		}
		tick_and_sleep(r);
	}
}

/* teardown - not serving any more; the write log written; exit status */
static int teardown(struct responder *r, struct ropts *o)
{
	int rc = 0;

	__atomic_store_n(box_word(r->map, NVS_SIMBOX_MAGIC_OFF), 0, __ATOMIC_RELEASE);
	if (o->log_path && write_log(o->log_path, r->sim))
		rc = 1;
	rdrv_free(o->drv);
	if (r->sub_f && fclose(r->sub_f))
		rc = 1;
	nvs_sim_free(r->sim);
	munmap(r->map, NVS_SIMBOX_BAR_SIZE);
	return rc;
}

int main(int argc, char **argv)
{
	struct ropts o = { 0 };
	struct responder r = { .o = &o };
	char err[512];
	struct nvss *snap;
	int rc = parse_opts(argc, argv, &o);

	if (rc >= 0)
		return rc;
	rc = 1;
	if (o.sub_path) {
		r.sub_f = open_submits(&o);
		if (!r.sub_f)
			goto out_drv;
	}
	if (nvss_parse_file(o.snap_path, &snap, err, sizeof(err))) {
		fprintf(stderr, "nvss-responder: %s\n", err);
		goto out_sub;
	}
	r.map = map_image(o.img_path);
	if (!r.map) {
		nvss_free(snap);
		goto out_sub;
	}
	r.sim = setup_sim(&o, snap, r.map);
	if (!r.sim)
		goto out_map;
	if (o.once) {
		msync(r.map, NVS_SIMBOX_BAR_SIZE, MS_SYNC);
		rc = 0;
		goto out_sim;
	}
	if (r.sub_f)
		record_driver_submits(&r);
	/* pending bits: one tick per poll period, cleared after pending-ms */
	r.tick_us = POLL_US;
	nvs_sim_set_pending_ticks(r.sim, (unsigned)(o.pending_ms * 1000.0 /
						   (double)r.tick_us + 0.5));
	install_signals();
	if (serve(&r))
		goto out_sim;
	poll_loop(&r);
	return teardown(&r, &o);

out_sim:
	nvs_sim_free(r.sim);
out_map:
	munmap(r.map, NVS_SIMBOX_BAR_SIZE);
out_sub:
	if (r.sub_f)
		fclose(r.sub_f);
out_drv:
	rdrv_free(o.drv);
	return rc;
}
