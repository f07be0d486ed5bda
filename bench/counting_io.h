/* SPDX-License-Identifier: MIT */
/*
 * counting_io.h - an nvs_io over the simulator that counts 32-bit MMIO
 * reads and writes, for the benchmarks' "MMIO per operation" targets.
 */
#ifndef NVSCHED_BENCH_COUNTING_IO_H
#define NVSCHED_BENCH_COUNTING_IO_H

#include "nvsched/regs/bus.h"
#include "sim.h"

struct counter {
	struct nvs_sim *sim;
	unsigned long reads, writes;
	unsigned long win_reads;	/* of the PRAMIN window register itself */
};

static inline uint32_t c_rd(void *ctx, uint32_t off)
{
	struct counter *c = ctx;

	c->reads++;
	if (off == NV_PBUS_BAR0_WINDOW || off == NV_XAL_EP_BAR0_WINDOW)
		c->win_reads++;
	return nvs_sim_rd32(c->sim, off);
}

static inline void c_wr(void *ctx, uint32_t off, uint32_t v)
{
	struct counter *c = ctx;

	c->writes++;
	nvs_sim_wr32(c->sim, off, v);
}

#endif
