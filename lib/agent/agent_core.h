/* SPDX-License-Identifier: MIT */
/*
 * agent_core.h - what the in-process agent knows about its process's RM
 * objects, and the controls it applies to them; no libc interposition here
 * (lib/agent/agent.c does that), so that tests drive it with synthetic
 * requests and a recording stand-in for the RM control call.
 *
 * The agent only reads the escapes that completed (the real ioctl returned
 * 0 and RM's status is NV_OK); it never writes into them.  Anything it does
 * not understand in an escape that succeeded (an alloc of a size that is
 * neither NVOS21 nor NVOS64, say) disables it: nva_disabled() says why.
 *
 * Not thread-safe: the caller serialises every call on one instance.
 */
#ifndef NVSCHED_AGENT_CORE_H
#define NVSCHED_AGENT_CORE_H

#include <stdbool.h>
#include <stdint.h>

#include "agent_abi.h"

#define NVA_MAX_OBJS	1024	/* clients, devices, subdevices, TSGs, channels */

enum nva_kind { NVA_FREE = 0, NVA_CLIENT, NVA_DEVICE, NVA_SUBDEV, NVA_TSG, NVA_CHANNEL };

/* what the agent's TSGs should look like (set by the arbiter) */
enum nva_mode {
	NVA_MODE_NORMAL = 0,	/* original timeslices, channels enabled */
	NVA_MODE_SMALL,		/* every TSG at the small timeslice */
	NVA_MODE_GATED,		/* every channel disabled (FIFO_DISABLE_CHANNELS) */
};

struct nva_obj {
	uint8_t kind;		/* enum nva_kind */
	bool gated;		/* channel: disabled by us */
	bool have_orig;		/* TSG: orig_us captured */
	int fd;			/* the nvidiactl fd it was allocated on */
	uint32_t client, parent, handle, cls;
	uint32_t engine;	/* TSG: engineType of its alloc params */
	uint64_t orig_us;	/* TSG: timeslice before we changed it */
	uint64_t cur_us;	/* TSG: the timeslice we last set (0: never) */
};

/**
 * struct nva_ops - how the core issues an RM control
 * @control: issue NV_ESC_RM_CONTROL @req on @fd (the real ioctl, never the
 *           interposed one); return the ioctl's result (0 when the escape
 *           ran; RM's answer is then in req->status)
 * @ctx:     passed to @control
 */
struct nva_ops {
	int (*control)(void *ctx, int fd, struct nv_os54 *req);
	void *ctx;
};

struct nva {
	struct nva_ops ops;
	bool disabled;
	char why[160];
	enum nva_mode mode;
	uint64_t small_us;
	unsigned int nobj;		/* high-water mark of obj[] in use */
	struct nva_obj obj[NVA_MAX_OBJS];
	/* counters */
	uint64_t seen, ctl_calls, ctl_errors;
};

void nva_init(struct nva *a, const struct nva_ops *ops);

/**
 * nva_observe() - look at one ioctl after the real one returned
 * @a:   the agent
 * @fd:  its fd
 * @req: its request number
 * @arg: its argument (the caller's memory; only read)
 * @rc:  what the real ioctl returned
 *
 * Records allocations of clients, devices, subdevices, TSGs and channels,
 * drops freed objects (a freed parent drops its children), and brings a new
 * TSG or channel into the current mode.
 */
void nva_observe(struct nva *a, int fd, unsigned long req, void *arg, int rc);

/**
 * nva_peek() - before the real ioctl: the engineType of a TSG alloc (what
 *              the caller passes in counts, whatever RM copies back out)
 * @req: the request
 * @arg: its argument
 *
 * Return: engineType + 1, or 0 when @req is not a TSG alloc we can read.
 * Pass it to nva_observe_pre().
 */
uint64_t nva_peek(unsigned long req, const void *arg);
/* nva_observe() with what nva_peek() saw before the call */
void nva_observe_pre(struct nva *a, int fd, unsigned long req, void *arg, int rc, uint64_t peek);

/**
 * nva_apply() - bring every recorded TSG/channel into @mode
 * @a:        the agent
 * @mode:     enum nva_mode
 * @small_us: the small timeslice (NVA_MODE_SMALL), 1..1000000
 *
 * Return: the number of controls that failed (0 = all applied); -1 for a
 * bad argument or a disabled agent.
 */
int nva_apply(struct nva *a, enum nva_mode mode, uint64_t small_us);

/* disable with a reason (originals are restored first); idempotent */
void nva_disable(struct nva *a, const char *why);

/* counts of live objects of a kind */
unsigned int nva_count(const struct nva *a, enum nva_kind kind);

/* the driver versions whose layouts the agent knows: major MIN..MAX */
#define NVA_DRIVER_MIN	535
#define NVA_DRIVER_MAX	599
/**
 * nva_version_ok() - whether a /proc/driver/nvidia/version text names a
 *                    driver the agent knows
 * @text: its content (NUL-terminated)
 * @why:  set to a reason when not (may be NULL)
 * @len:  size of @why
 */
bool nva_version_ok(const char *text, char *why, unsigned int len);

#endif /* NVSCHED_AGENT_CORE_H */
