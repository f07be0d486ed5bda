/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * responder_driver.h - nvss-responder playing the owning driver that
 * creates a TSG when a process creates its GPU context (--driver-tsg).
 *
 * At start the named TSGs are hidden: each of their runlists is submitted
 * again without them (a copy in new GPU memory), as if the driver had not
 * created them yet.  A guest-side request (tests/qemu/guest/drvreq.c) in
 * the mailbox page "creates" the next hidden TSG of a runlist: the driver
 * submits its runlist again with that TSG (and its channels) back, the
 * way NVIDIA's driver resubmits a runlist when a context is created.
 *
 * Request words in the mailbox page (kmod/hw/simbox.h, 16 MiB into the
 * ivshmem BAR), after the module's head/tail and before its ring:
 *   0x20 REQ  guest: request number (free running, != ACK starts one)
 *   0x24 ARG  guest: hardware runlist id (written before REQ)
 *   0x28 ACK  responder: the request number done
 *   0x2c RES  responder: the TSG id created, or 0xffffffff when none is
 *             left hidden on that runlist or the submit failed
 */
#ifndef NVSS_RESPONDER_DRIVER_H
#define NVSS_RESPONDER_DRIVER_H

#include <stdint.h>
#include <stddef.h>

#include "sim.h"

#define RDRV_REQ_OFF	0x20u
#define RDRV_ARG_OFF	0x24u
#define RDRV_ACK_OFF	0x28u
#define RDRV_RES_OFF	0x2cu
#define RDRV_NONE	0xffffffffu
#define RDRV_MAX	16

struct rdrv;

/* Parse "RL:ID" into the hidden set; 0 or -1 (bad text, too many). */
int rdrv_add(struct rdrv **d, const char *spec);
/* Hide the TSGs (submit each runlist without them, pending bits cleared);
 * 0, or -1 with @err. */
int rdrv_start(struct rdrv *d, struct nvs_sim *sim, char *err, size_t errlen);
/* Serve a request if one is waiting; @box: the mailbox page. */
void rdrv_poll(struct rdrv *d, struct nvs_sim *sim, volatile uint32_t *box);
void rdrv_free(struct rdrv *d);

#endif /* NVSS_RESPONDER_DRIVER_H */
