// SPDX-License-Identifier: MIT
/* module_io.c - see module_io.h */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "module_io.h"
#include "nvsched.h"

struct mod_reg {
	uint32_t off, val;
};

struct mod_mem {
	uint64_t addr;
	size_t len;
	uint8_t *data;
};

struct mod_io {
	int fd;
	unsigned int gpu;
	struct nvs_io io;
	struct mod_reg *regs;	/* sorted by offset */
	size_t nregs, capregs;
	struct mod_mem *mems;
	size_t nmems, capmems;
};

static long find_reg(const struct mod_io *m, uint32_t off, size_t *pos)
{
	size_t lo = 0, hi = m->nregs;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (m->regs[mid].off < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	*pos = lo;
	return lo < m->nregs && m->regs[lo].off == off ? (long)lo : -1;
}

static uint32_t mod_rd32(void *ctx, uint32_t off)
{
	struct mod_io *m = ctx;
	struct nvsched_raw_rd32 req;
	uint32_t val = 0xffffffffu;
	size_t pos;

	if (find_reg(m, off, &pos) >= 0)
		return m->regs[pos].val;
	memset(&req, 0, sizeof(req));
	req.gpu = m->gpu;
	req.count = 1;
	req.offsets = (uintptr_t)&off;
	req.values = (uintptr_t)&val;
	if (ioctl(m->fd, NVSCHED_IOC_RAW_RD32, &req))
		return 0xffffffffu;	/* not recorded: reads as "gone" */
	if (m->nregs == m->capregs) {
		size_t cap = m->capregs ? m->capregs * 2 : 1024;
		struct mod_reg *r = realloc(m->regs, cap * sizeof(*r));

		if (!r)
			return val;
		m->regs = r;
		m->capregs = cap;
	}
	memmove(&m->regs[pos + 1], &m->regs[pos], (m->nregs - pos) * sizeof(*m->regs));
	m->regs[pos].off = off;
	m->regs[pos].val = val;
	m->nregs++;
	return val;
}

static void mod_wr32(void *ctx, uint32_t off, uint32_t val)
{
	/* never: this accessor only reads (kmod/hw decoders do not write) */
	(void)ctx;
	(void)off;
	(void)val;
}

static int mod_mem_read(void *ctx, enum nvs_aperture ap, uint64_t addr, void *buf,
			size_t len)
{
	struct mod_io *m = ctx;
	struct nvsched_raw_mem req;
	size_t i;

	if (ap != NVS_AP_VID || len > NVSCHED_RAW_MAX_BYTES)
		return -EIO;
	for (i = 0; i < m->nmems; i++)	/* already read */
		if (addr >= m->mems[i].addr && addr + len <= m->mems[i].addr + m->mems[i].len) {
			memcpy(buf, m->mems[i].data + (addr - m->mems[i].addr), len);
			return 0;
		}
	memset(&req, 0, sizeof(req));
	req.gpu = m->gpu;
	req.aperture = NVS_AP_VID;
	req.addr = addr;
	req.buf = (uintptr_t)buf;
	req.len = (uint32_t)len;
	if (ioctl(m->fd, NVSCHED_IOC_RAW_MEM, &req))
		return -errno;
	if (m->nmems == m->capmems) {
		size_t cap = m->capmems ? m->capmems * 2 : 64;
		struct mod_mem *mm = realloc(m->mems, cap * sizeof(*mm));

		if (!mm)
			return 0;
		m->mems = mm;
		m->capmems = cap;
	}
	m->mems[m->nmems].data = malloc(len);
	if (m->mems[m->nmems].data) {
		memcpy(m->mems[m->nmems].data, buf, len);
		m->mems[m->nmems].addr = addr;
		m->mems[m->nmems].len = len;
		m->nmems++;
	}
	return 0;
}

struct mod_io *mod_io_open(int gpu)
{
	const char *path = getenv("NVSCHED_DEVICE");
	struct mod_io *m = calloc(1, sizeof(*m));
	int err;

	if (!m)
		return NULL;
	m->gpu = (unsigned int)gpu;
	m->fd = open(path && *path ? path : NVSCHED_DEVICE, O_RDWR | O_CLOEXEC);
	if (m->fd < 0)
		goto fail;
	m->io = (struct nvs_io){ .rd32 = mod_rd32, .wr32 = mod_wr32, .mem_read = mod_mem_read,
				.ctx = m };
	{	/* probe: EPERM without CAP_SYS_RAWIO or under lockdown */
		struct nvsched_raw_rd32 req = { .gpu = m->gpu, .count = 1 };
		uint32_t off = 0, val;

		req.offsets = (uintptr_t)&off;
		req.values = (uintptr_t)&val;
		if (ioctl(m->fd, NVSCHED_IOC_RAW_RD32, &req))
			goto fail;
	}
	return m;
fail:
	err = errno;
	mod_io_close(m);
	errno = err;
	return NULL;
}

const struct nvs_io *mod_io_io(struct mod_io *m)
{
	return &m->io;
}

void mod_io_foreach_reg(const struct mod_io *m,
			void (*fn)(void *ctx, uint32_t off, uint32_t val), void *ctx)
{
	size_t i;

	for (i = 0; i < m->nregs; i++)
		fn(ctx, m->regs[i].off, m->regs[i].val);
}

static int mem_cmp(const void *a, const void *b)
{
	const struct mod_mem *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* Ranges sorted and merged (a snapshot must not hold overlapping ranges). */
void mod_io_foreach_mem(const struct mod_io *m,
			void (*fn)(void *ctx, uint64_t addr, const void *buf, size_t len),
			void *ctx)
{
	struct mod_mem *v;
	size_t i, j;

	if (!m->nmems)
		return;
	v = malloc(m->nmems * sizeof(*v));
	if (!v)
		return;
	memcpy(v, m->mems, m->nmems * sizeof(*v));
	qsort(v, m->nmems, sizeof(*v), mem_cmp);
	for (i = 0; i < m->nmems; i = j) {
		uint64_t start = v[i].addr, end = v[i].addr + v[i].len;
		uint8_t *buf;

		for (j = i + 1; j < m->nmems && v[j].addr <= end; j++)
			if (v[j].addr + v[j].len > end)
				end = v[j].addr + v[j].len;
		buf = malloc(end - start);
		if (!buf)
			break;
		for (size_t k = i; k < j; k++)	/* the same bytes, read at different times */
			memcpy(buf + (v[k].addr - start), v[k].data, v[k].len);
		fn(ctx, start, buf, end - start);
		free(buf);
	}
	free(v);
}

void mod_io_close(struct mod_io *m)
{
	size_t i;

	if (!m)
		return;
	if (m->fd >= 0)
		close(m->fd);
	for (i = 0; i < m->nmems; i++)
		free(m->mems[i].data);
	free(m->mems);
	free(m->regs);
	free(m);
}
