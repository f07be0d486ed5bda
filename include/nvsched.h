/* SPDX-License-Identifier: MIT */
/*
 * nvsched.h - libnvsched, the C API over /dev/nvsched (CONTRACTS.md §7).
 *
 * All functions returning int return 0 or a negative errno.
 */
#ifndef NVSCHED_H
#define NVSCHED_H

#include <linux/types.h>
#include "uapi/nvsched.h"

#ifdef __cplusplus
extern "C" {
#endif

struct nvsched;

/* Open GPU @gpu (the X of /proc/gpuX).  NULL + errno on failure:
 * ENOENT when the module is not loaded, EACCES without permission,
 * ENODEV when there is no such GPU. */
struct nvsched *nvsched_open(int gpu);
void nvsched_close(struct nvsched *h);

/* The /dev/nvsched descriptor of @h (for the raw ioctls). */
int nvsched_fd(const struct nvsched *h);

/* Module ABI version and GPU count (no GPU handle needed). */
int nvsched_version(struct nvsched_version *out);

/* Identity and PCI location of the GPU behind @h. */
int nvsched_gpu_info(struct nvsched *h, struct nvsched_gpu_info *out);

/* One-line advice for an errno from nvsched_open()/nvsched_version(),
 * e.g. "module not loaded: run sudo modprobe nvsched". */
const char *nvsched_strerror(int err);

#ifdef __cplusplus
}
#endif

#endif /* NVSCHED_H */
