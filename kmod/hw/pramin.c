// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * pramin.c - GPU memory reads through the PRAMIN window
 * (regs-mmu-gr.md §1: window at BAR0 0x700000, 1 MiB; base register
 * 0x1700 BASE 23:0 + TARGET 25:24 up to Ada, 0x10fd40 BASE 21:0/22:0/24:0
 * always-VID on Hopper/Blackwell; 64 KiB base granularity).
 */
#include "pramin.h"
#include "nvsched/regs/bus.h"

struct window {
	uint32_t reg;		/* register offset */
	uint32_t base_mask;	/* BASE field mask (right-aligned) */
	bool has_target;
};

static void window_of(const struct nvs_caps *caps, struct window *w)
{
	w->reg = caps->window_reg;
	w->base_mask = 0xffffffffu >> (31 - caps->window_base_hi);
	w->has_target = caps->window_has_target;
}

/* the register value that maps @addr's 64 KiB block in aperture @ap */
static int window_value(const struct window *w, enum nvs_aperture ap,
			uint64_t addr, uint32_t *val)
{
	uint64_t base = addr >> NV_BAR0_WINDOW_BASE_SHIFT;

	if (base > w->base_mask)
		return -ERANGE;
	if (!w->has_target && ap != NVS_AP_VID)
		return -ERANGE;		/* Hopper+: always VID memory */
	*val = (uint32_t)base;
	if (w->has_target)
		*val |= NVS_SET(NV_PBUS_BAR0_WINDOW_TARGET, ap);
	return 0;
}

/* does the window register value @cur cover [addr, addr + 4) in @ap? */
static bool window_covers(const struct window *w, uint32_t cur,
			  enum nvs_aperture ap, uint64_t addr, uint64_t *off)
{
	uint64_t base = (uint64_t)(cur & w->base_mask) << NV_BAR0_WINDOW_BASE_SHIFT;

	if (w->has_target && NVS_GET(cur, NV_PBUS_BAR0_WINDOW_TARGET) != (uint32_t)ap)
		return false;
	if (addr < base || addr - base > NV_PRAMIN_SIZE - 4)
		return false;
	*off = addr - base;
	return true;
}

int nvs_vid_read(const struct nvs_io *io, const struct nvs_caps *caps,
		 enum nvs_aperture ap, uint64_t addr, void *buf, size_t len,
		 unsigned int *moves)
{
	struct window w;
	uint32_t orig, cur, *out = buf;
	size_t i;
	int ret = 0;

	if ((addr & 3) || (len & 3))
		return -EINVAL;
	if (io->mem_read) {
		/* the backend reads it itself, or leaves it to the window */
		ret = io->mem_read(io->ctx, ap, addr, buf, len);
		if (ret != -EOPNOTSUPP)
			return ret;
		ret = 0;
	}
	if (!caps)
		return -EOPNOTSUPP;

	window_of(caps, &w);
	orig = nvs_rd32(io, w.reg);
	if (orig == 0xffffffffu || nvs_is_pri_error(orig))
		return -EIO;
	cur = orig;
	for (i = 0; i < len / 4; i++) {
		uint64_t a = addr + i * 4, off;

		if (!window_covers(&w, cur, ap, a, &off)) {
			uint32_t v;

			ret = window_value(&w, ap, a, &v);
			if (ret)
				break;
			nvs_wr32(io, w.reg, v);
			cur = v;
			if (moves)
				(*moves)++;
			if (!window_covers(&w, cur, ap, a, &off)) {
				ret = -EIO;
				break;
			}
		}
		out[i] = nvs_rd32(io, NV_PRAMIN_BASE + (uint32_t)off);
	}
	if (cur != orig)
		nvs_wr32(io, w.reg, orig);	/* restore what the driver had */
	return ret;
}

const char *nvs_aperture_name(unsigned int ap)
{
	switch (ap) {
	case NVS_AP_VID:
		return "vid";
	case NVS_AP_SYS_COH:
		return "sys_coh";
	case NVS_AP_SYS_NONCOH:
		return "sys_noncoh";
	default:
		return "invalid";
	}
}

const char *nvs_aperture_manual_name(unsigned int ap)
{
	switch (ap) {
	case NVS_AP_VID:
		return "VID_MEM";
	case NVS_AP_SYS_COH:
		return "SYS_MEM_COHERENT";
	case NVS_AP_SYS_NONCOH:
		return "SYS_MEM_NONCOHERENT";
	default:
		return "INVALID";
	}
}
