/* SPDX-License-Identifier: MIT */
/*
 * module_io.h - a kmod/hw register accessor over the module's raw read
 * ioctls (root with CAP_SYS_RAWIO), recording everything it
 * reads so `nvsched snapshot` can write it out.  Reads only.
 */
#ifndef NVSCHED_CLI_MODULE_IO_H
#define NVSCHED_CLI_MODULE_IO_H

#include <stddef.h>
#include <stdint.h>

#include "nvs_io.h"

struct mod_io;

/* NULL + errno (EPERM without CAP_SYS_RAWIO or under lockdown). */
struct mod_io *mod_io_open(int gpu);
const struct nvs_io *mod_io_io(struct mod_io *m);
void mod_io_foreach_reg(const struct mod_io *m,
			void (*fn)(void *ctx, uint32_t off, uint32_t val), void *ctx);
void mod_io_foreach_mem(const struct mod_io *m,
			void (*fn)(void *ctx, uint64_t addr, const void *buf, size_t len),
			void *ctx);
void mod_io_close(struct mod_io *m);

#endif /* NVSCHED_CLI_MODULE_IO_H */
