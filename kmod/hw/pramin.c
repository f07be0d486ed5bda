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

void nvs_win_begin(struct nvs_win *s, const struct nvs_io *io,
		   const struct nvs_caps *caps)
{
	memset(s, 0, sizeof(*s));
	s->io = io;
	s->caps = caps;
}

/* read the window register the first time it is needed */
static int win_load(struct nvs_win *s, struct window *w)
{
	window_of(s->caps, w);
	if (s->loaded)
		return 0;
	s->orig = nvs_rd32(s->io, w->reg);
	if (s->orig == 0xffffffffu)
		return -ENODEV;		/* the GPU fell off the bus */
	if (nvs_is_pri_error(s->orig))
		return -EIO;
	s->cur = s->orig;
	s->loaded = true;
	return 0;
}

/*
 * Move the window so that it covers @a.  Before moving it again the
 * register must still hold what nvsched wrote: anything else means the
 * owning driver moved it meanwhile (-EBUSY, and it is left alone).
 */
static int win_move(struct nvs_win *s, const struct window *w, enum nvs_aperture ap,
		    uint64_t a)
{
	uint32_t v, now;
	int ret;

	ret = window_value(w, ap, a, &v);
	if (ret)
		return ret;
	if (s->moves) {
		now = nvs_rd32(s->io, w->reg);
		if (now == 0xffffffffu)
			return -ENODEV;
		if (now != s->cur) {
			s->lost = true;
			return -EBUSY;
		}
	}
	nvs_wr32(s->io, w->reg, v);
	s->cur = v;
	s->moves++;
	return 0;
}

/*
 * Point the window at @a (moving it when it does not cover @a): *@off is
 * @a's offset in PRAMIN, *@moved whether the window moved.  Return: 0 or
 * the move's error; -EIO when even the moved window does not cover @a.
 */
static int win_reach(struct nvs_win *s, struct window *w, enum nvs_aperture ap,
		     uint64_t a, uint64_t *off, bool *moved)
{
	int ret;

	*moved = false;
	if (window_covers(w, s->cur, ap, a, off))
		return 0;
	*moved = true;
	ret = win_move(s, w, ap, a);
	if (!ret && !window_covers(w, s->cur, ap, a, off))
		ret = -EIO;
	return ret;
}

/*
 * Read @len bytes into @out, or (@write) write them from @in, at @addr
 * through the window, moving it as needed.
 */
static int win_xfer(struct nvs_win *s, enum nvs_aperture ap, uint64_t addr, bool write,
		    uint32_t *out, const uint32_t *in, size_t len)
{
	const struct nvs_io *io = s->io;
	struct window w;
	size_t i;
	int ret;

	if ((addr & 3) || (len & 3))
		return -EINVAL;
	if (s->err)
		return s->err;
	if (!write && io->mem_read) {
		/* the backend reads it itself, or leaves it to the window */
		ret = io->mem_read(io->ctx, ap, addr, out, len);
		if (ret != -EOPNOTSUPP)
			return ret;
	}
	if (!s->caps)
		return -EOPNOTSUPP;
	ret = win_load(s, &w);
	for (i = 0; !ret && i < len / 4; i++) {
		uint64_t off;
		bool moved;

		ret = win_reach(s, &w, ap, addr + i * 4, &off, &moved);
		if (ret)
			break;
		if (write && !moved && s->moves && nvs_rd32(io, w.reg) != s->cur) {
			/* a write must never land in the driver's window */
			s->lost = true;
			ret = -EBUSY;
			break;
		}
		if (write)
			nvs_wr32(io, NV_PRAMIN_BASE + (uint32_t)off, in[i]);
		else
			out[i] = nvs_rd32(io, NV_PRAMIN_BASE + (uint32_t)off);
		if ((i & 1023) == 1023)
			ret = nvs_yield(io);	/* -EINTR: the caller is dying */
		/* all ones: real data, or a GPU gone from the bus (BAR0 reads
		 * all ones too); the window register tells which */
		if (!write && out[i] == 0xffffffffu && nvs_rd32(io, w.reg) == 0xffffffffu)
			ret = -ENODEV;
	}
	/* errors after which the window must not be touched again stick */
	if (ret == -EBUSY || ret == -ENODEV || ret == -EINTR)
		s->err = ret;
	return ret;
}

int nvs_win_read(struct nvs_win *s, enum nvs_aperture ap, uint64_t addr, void *buf,
		 size_t len)
{
	return win_xfer(s, ap, addr, false, buf, NULL, len);
}

int nvs_win_write(struct nvs_win *s, enum nvs_aperture ap, uint64_t addr, const void *buf,
		  size_t len)
{
	return win_xfer(s, ap, addr, true, NULL, buf, len);
}

int nvs_win_end(struct nvs_win *s)
{
	struct window w;
	uint32_t now;

	if (!s->moves || s->err == -ENODEV)
		return s->err;
	/* -EINTR: the window is still ours, put it back below */
	if (s->lost)
		return -EBUSY;
	window_of(s->caps, &w);
	/* restore only what nvsched itself moved: re-read first */
	now = nvs_rd32(s->io, w.reg);
	if (now != s->cur)
		return now == 0xffffffffu ? -ENODEV : -EBUSY;
	nvs_wr32(s->io, w.reg, s->orig);
	return s->err;
}

int nvs_vid_read(const struct nvs_io *io, const struct nvs_caps *caps,
		 enum nvs_aperture ap, uint64_t addr, void *buf, size_t len,
		 unsigned int *moves)
{
	struct nvs_win s;
	int ret, end;

	nvs_win_begin(&s, io, caps);
	ret = nvs_win_read(&s, ap, addr, buf, len);
	end = nvs_win_end(&s);
	if (moves)
		*moves += s.moves;
	return ret ? ret : end;
}

static const char *const ap_names[] = {
	[NVS_AP_VID] = "vid",
	[NVS_AP_SYS_COH] = "sys_coh",
	[NVS_AP_SYS_NONCOH] = "sys_noncoh",
};

/* the manuals' names (NV_*_TARGET_*) */
static const char *const ap_manual_names[] = {
	[NVS_AP_VID] = "VID_MEM",
	[NVS_AP_SYS_COH] = "SYS_MEM_COHERENT",
	[NVS_AP_SYS_NONCOH] = "SYS_MEM_NONCOHERENT",
};

const char *nvs_aperture_name(unsigned int ap)
{
	return NVS_NAME(ap_names, ap, "invalid");
}

const char *nvs_aperture_manual_name(unsigned int ap)
{
	return NVS_NAME(ap_manual_names, ap, "INVALID");
}
