/* SPDX-License-Identifier: MIT */
/*
 * prio_wire.h - messages between the in-process agent (libnvsched-agent.so)
 * and the arbiter (`nvsched prio daemon`) on its SOCK_SEQPACKET Unix
 * socket; also `nvsched prio status` asks the arbiter through it.
 *
 * Every message is one packet beginning with struct nvsp_hdr.  Nothing in a
 * message says who sent it: the arbiter takes the peer's pid and uid from
 * SO_PEERCRED, and a message can only concern the sender's own connection.
 */
#ifndef NVSCHED_PRIO_WIRE_H
#define NVSCHED_PRIO_WIRE_H

#include <stdint.h>

#define NVSP_MAGIC	0x5053564eu	/* "NVSP" */
#define NVSP_VERSION	1
#define NVSP_SOCKET	"/run/nvsched/prio.sock"	/* default; NVSCHED_PRIO_SOCKET */

enum nvsp_type {
	/* agent -> arbiter */
	NVSP_HELLO = 1,		/* a: priority of the lifetime segment (0..99), -1 best
				 * effort, -2 none; b: mechanism (enum nvsp_mech) */
	NVSP_BEGIN,		/* a: priority (0..99) or -1 best effort */
	NVSP_END,
	NVSP_APPLIED,		/* b: seq of the NVSP_APPLY; c: its duration (ns);
				 * d: failed controls */
	NVSP_REPORT,		/* struct nvsp_report */
	/* arbiter -> agent */
	NVSP_APPLY = 32,	/* a: enum nva_mode; b: seq; c: small timeslice (us) */
	NVSP_REFUSED,		/* a: -errno; text follows the header */
	/* anyone -> arbiter, answered with NVSP_STATUS_TEXT (JSON) */
	NVSP_STATUS_REQ = 64,
	NVSP_STATUS_TEXT,
};

enum nvsp_mech { NVSP_MECH_TIMESLICE = 0, NVSP_MECH_GATE = 1 };

struct nvsp_hdr {
	uint32_t magic;
	uint16_t version;
	uint16_t type;
	int32_t a;
	uint32_t b;
	uint64_t c;
	uint64_t d;
};

#define NVSP_REPORT_MAX	32
struct nvsp_tsg {
	uint32_t engine;	/* engineType of the TSG */
	uint32_t channels;	/* its channels */
	uint32_t gated;		/* of which disabled by the agent */
	uint32_t pad;
	uint64_t orig_us;	/* 0: not captured yet (never changed) */
	uint64_t cur_us;	/* 0: never set */
};
/* hdr.a: number of TSGs in total; hdr.b: entries that follow (<= MAX) */
struct nvsp_report {
	struct nvsp_hdr h;
	struct nvsp_tsg tsg[NVSP_REPORT_MAX];
};

#define NVSP_STATUS_MAX	65536	/* largest NVSP_STATUS_TEXT packet */

#endif /* NVSCHED_PRIO_WIRE_H */
