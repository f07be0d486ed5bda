/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * simbox.h - test-only mailbox between the module and the host-side GPU
 * model (sim/ responder) when the "GPU" is an ivshmem BAR in QEMU.
 *
 * The ivshmem BAR is plain RAM: writes have no hardware side effects.  With
 * the module parameter test_devices=..., the module maps a 32 MiB ivshmem
 * BAR: bytes [0, 16 MiB) are the BAR0 register image, the page at 16 MiB is
 * this mailbox.  After every register write (the write itself still goes to
 * the image with iowrite32), the module appends {off, val} to the ring,
 * bumps @head and waits (bounded) until the responder has applied the
 * hardware semantics and advanced @tail.  Without a responder (magic not
 * set) the module skips the mailbox.  Never used for real GPUs.
 */
#ifndef NVS_HW_SIMBOX_H
#define NVS_HW_SIMBOX_H

#include "compat.h"

#define NVS_SIMBOX_OFFSET	0x1000000u	/* 16 MiB into the ivshmem BAR */
#define NVS_SIMBOX_BAR_SIZE	0x2000000u	/* ivshmem size: 32 MiB */
#define NVS_SIMBOX_MAGIC	0x58425356u	/* "VSBX", set by the responder */
#define NVS_SIMBOX_VERSION	1u
#define NVS_SIMBOX_RING		4096u		/* records, power of two */

/* byte offsets inside the mailbox (all fields 32-bit, little-endian) */
#define NVS_SIMBOX_MAGIC_OFF	0x00	/* responder: NVS_SIMBOX_MAGIC when serving */
#define NVS_SIMBOX_VERSION_OFF	0x04	/* responder: NVS_SIMBOX_VERSION */
#define NVS_SIMBOX_HEAD_OFF	0x08	/* guest: records produced (free running) */
#define NVS_SIMBOX_TAIL_OFF	0x0c	/* responder: records consumed */
#define NVS_SIMBOX_HOSTCMD_OFF	0x10	/* guest user space (tests): a command for
					 * the host model, answered in place */
#define NVS_SIMBOX_RING_OFF	0x40	/* ring[i] = {off @+0, val @+4}, 8 bytes */

/* NVS_SIMBOX_HOSTCMD_OFF commands; the responder answers
 * NVS_SIMBOX_HOSTCMD_DONE | count (runlists concerned) */
#define NVS_SIMBOX_HOSTCMD_RESUBMIT	1u	/* play the driver: resubmit its runlists */
#define NVS_SIMBOX_HOSTCMD_CORRUPT	2u	/* first entry of each: zero-length TSG */
#define NVS_SIMBOX_HOSTCMD_REPAIR	3u	/* undo CORRUPT */
#define NVS_SIMBOX_HOSTCMD_DONE		0x100u

#define NVS_SIMBOX_TIMEOUT_MS	2000	/* guest gives up waiting after this */
/* bytes the guest maps: header and ring */
#define NVS_SIMBOX_MAP_SIZE	(NVS_SIMBOX_RING_OFF + NVS_SIMBOX_RING * 8u)

#endif /* NVS_HW_SIMBOX_H */
