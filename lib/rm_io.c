// SPDX-License-Identifier: MIT
/* rm_io.c - struct nvs_io over RM READ_32 register operations (rm_io.h). */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "rm_client.h"
#include "rm_io.h"

#define PRAMIN_START	0x700000u	/* regs-mmu-gr.md §1.1: the window */
#define PRAMIN_END	0x800000u
#define BAR0_SIZE	0x1000000u

struct slot {
	uint32_t off;
	uint32_t val;
	bool used;
};

struct rm_io {
	struct nvs_io io;
	rm_io_read_fn read;
	void *ctx;
	struct slot *tab;
	size_t cap, n;
	unsigned long blocked_writes;
	int err;
};

static size_t hash(uint32_t off, size_t cap)
{
	return ((off >> 2) * 2654435761u) & (cap - 1);
}

static struct slot *find(const struct rm_io *r, uint32_t off)
{
	size_t i = hash(off, r->cap);

	while (r->tab[i].used) {
		if (r->tab[i].off == off)
			return &r->tab[i];
		i = (i + 1) & (r->cap - 1);
	}
	return NULL;
}

static int insert(struct rm_io *r, uint32_t off, uint32_t val)
{
	size_t i;

	if (2 * (r->n + 1) > r->cap) {
		struct slot *old = r->tab;
		size_t oc = r->cap, k;

		r->tab = calloc(oc * 2, sizeof(*r->tab));
		if (!r->tab) {
			r->tab = old;
			return -ENOMEM;
		}
		r->cap = oc * 2;
		r->n = 0;
		for (k = 0; k < oc; k++)
			if (old[k].used)
				insert(r, old[k].off, old[k].val);
		free(old);
	}
	i = hash(off, r->cap);
	while (r->tab[i].used) {
		if (r->tab[i].off == off) {
			r->tab[i].val = val;
			return 0;
		}
		i = (i + 1) & (r->cap - 1);
	}
	r->tab[i].used = true;
	r->tab[i].off = off;
	r->tab[i].val = val;
	r->n++;
	return 0;
}

static bool readable(uint32_t off)
{
	return !(off & 3) && off < BAR0_SIZE && !(off >= PRAMIN_START && off < PRAMIN_END);
}

int rm_io_prefetch(struct rm_io *r, const uint32_t *offs, size_t n)
{
	uint32_t *todo, *vals;
	uint8_t *st;
	size_t i, m = 0;
	int ret = 0;

	todo = malloc((n ? n : 1) * sizeof(*todo));
	vals = malloc((n ? n : 1) * sizeof(*vals));
	st = malloc(n ? n : 1);
	if (!todo || !vals || !st) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < n; i++) {
		size_t j;

		if (!readable(offs[i]) || find(r, offs[i]))
			continue;
		for (j = 0; j < m && todo[j] != offs[i]; j++)
			;
		if (j == m)
			todo[m++] = offs[i];
	}
	if (!m)
		goto out;
	ret = r->read(r->ctx, todo, vals, st, (unsigned int)m);
	if (ret) {
		if (!r->err)
			r->err = ret;
		goto out;
	}
	for (i = 0; i < m && !ret; i++)
		ret = insert(r, todo[i], st[i] == NV_REG_STATUS_SUCCESS ? vals[i] : RM_IO_BAD);
out:
	free(todo);
	free(vals);
	free(st);
	return ret;
}

int rm_io_prefetch_range(struct rm_io *r, uint32_t start, uint32_t end)
{
	uint32_t *offs;
	size_t n = 0;
	uint32_t o;
	int ret;

	if (end < start)
		return 0;
	offs = malloc(((end - start) / 4 + 1) * sizeof(*offs));
	if (!offs)
		return -ENOMEM;
	for (o = start; o <= end && o >= start; o += 4)
		offs[n++] = o;
	ret = rm_io_prefetch(r, offs, n);
	free(offs);
	return ret;
}

static uint32_t io_rd32(void *ctx, uint32_t off)
{
	struct rm_io *r = ctx;
	struct slot *s;

	if (!readable(off))
		return RM_IO_BAD;
	s = find(r, off);
	if (!s) {
		if (rm_io_prefetch(r, &off, 1))
			return RM_IO_BAD;
		s = find(r, off);
		if (!s)
			return RM_IO_BAD;
	}
	return s->val;
}

/* Never a write: the RM backend is read-only by construction. */
static void io_wr32(void *ctx, uint32_t off, uint32_t val)
{
	struct rm_io *r = ctx;

	r->blocked_writes++;
}

/* GPU memory would need the PRAMIN window moved (a BAR0 write): refused. */
static int io_mem_read(void *ctx, enum nvs_aperture ap, uint64_t addr, void *buf, size_t len)
{
	return -EIO;
}

static int io_mem_write(void *ctx, enum nvs_aperture ap, uint64_t addr, const void *buf,
			size_t len)
{
	struct rm_io *r = ctx;

	r->blocked_writes++;
	return -EPERM;
}

struct rm_io *rm_io_new(rm_io_read_fn read, void *ctx)
{
	struct rm_io *r = calloc(1, sizeof(*r));

	if (!r)
		return NULL;
	r->cap = 1024;
	r->tab = calloc(r->cap, sizeof(*r->tab));
	if (!r->tab) {
		free(r);
		return NULL;
	}
	r->read = read;
	r->ctx = ctx;
	r->io = (struct nvs_io){ .rd32 = io_rd32, .wr32 = io_wr32, .mem_read = io_mem_read,
				  .mem_write = io_mem_write, .ctx = r };
	return r;
}

static int client_read(void *ctx, const uint32_t *offs, uint32_t *vals, uint8_t *st,
		       unsigned int n)
{
	return rm_read32(ctx, offs, vals, st, n);
}

struct rm_io *rm_io_new_client(struct rm_client *rm)
{
	return rm_io_new(client_read, rm);
}

void rm_io_free(struct rm_io *r)
{
	if (!r)
		return;
	free(r->tab);
	free(r);
}

const struct nvs_io *rm_io_ops(struct rm_io *r)
{
	return &r->io;
}

unsigned long rm_io_blocked_writes(const struct rm_io *r)
{
	return r->blocked_writes;
}

int rm_io_error(const struct rm_io *r)
{
	return r->err;
}

void rm_io_foreach(const struct rm_io *r, rm_io_visit_fn fn, void *ctx)
{
	size_t i;

	for (i = 0; i < r->cap; i++)
		if (r->tab[i].used)
			fn(ctx, r->tab[i].off, r->tab[i].val);
}

size_t rm_io_count(const struct rm_io *r)
{
	return r->n;
}
