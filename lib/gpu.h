/* SPDX-License-Identifier: MIT */
/*
 * gpu.h - the CLI's view of one GPU, from the module or from a snapshot.
 */
#ifndef NVSCHED_LIB_GPU_H
#define NVSCHED_LIB_GPU_H

#include <stdbool.h>
#include <stdint.h>

#include "gpu_select.h"
#include "json.h"
#include "chip.h"
#include "runlist.h"

struct nvs_sim;
struct nvss;
struct nvs_io;
struct rm_client;
struct rm_io;

/**
 * struct gpu - one GPU as the commands see it
 * @index: the X of /proc/gpuX (0 for a snapshot)
 * @bdf: PCI address, "" when unknown
 * @vendor: PCI vendor id (0 when unknown)
 * @device: PCI device id (0 when unknown)
 * @chip_id: (arch << 4) | impl, 0 when unreadable
 * @chip: upper-case chip name, "unknown" when not in the table
 * @arch: architecture name (CONTRACTS.md §2 list)
 * @boot0: NV_PMC_BOOT_0
 * @boot42: NV_PMC_BOOT_42 (0 when not used)
 * @id_ok: the identity could be read
 * @test: a simulated device (test_devices=) or a snapshot
 * @gone: the device was removed or its driver unbound
 * @source: "module", "snapshot" or "rm"
 * @io: register access for the kmod/hw decoders (snapshot backend; rm
 *	backend as root), NULL when registers cannot be read from user space
 *	(module backend: its ioctls; rm backend unprivileged)
 * @sim: the snapshot's simulator (snapshot backend only)
 * @snap: the parsed snapshot (snapshot backend only)
 * @ident: chip identification (whenever @io is set)
 * @rm: the RM client (rm backend only)
 * @rmio: the READ_32 register accessor behind @io (rm backend, root)
 * @rm_regs_err: why @io is NULL on the rm backend (0 when set)
 * @ops: what the commands ask of this GPU, for its backend (gpu_ops.c),
 *	chosen once by gpu_open_selected()
 */
struct gpu {
	int index;
	char bdf[32];
	uint16_t vendor, device;
	uint32_t chip_id;
	char chip[16];
	const char *arch;
	uint32_t boot0, boot42;
	bool id_ok;
	bool test;
	bool gone;
	const char *source;
	const struct nvs_io *io;
	struct nvs_sim *sim;
	struct nvss *snap;
	struct nvs_ident ident;
	struct rm_client *rm;
	struct rm_io *rmio;
	int rm_regs_err;
	const struct gpu_ops *ops;
};

/** enum gpu_backend - where GPU state comes from */
enum gpu_backend {
	GPU_BACKEND_MODULE,
	GPU_BACKEND_RM,
	GPU_BACKEND_SNAPSHOT,
};

/* The backend the global options select.  Without --backend/--snapshot:
 * the module when its device ($NVSCHED_DEVICE or /dev/nvsched) exists,
 * else rm when the NVIDIA driver's nvidiactl exists
 * ($NVSCHED_NVIDIA_DEV_DIR or /dev), else module (whose error explains). */
enum gpu_backend gpu_pick_backend(const struct gpu_select *g);

/* rm backend: open the GPUs (lib/gpu_rm.c). */
int gpu_rm_gpus_open(const struct gpu_select *g, const char *cmd, bool all,
		     struct gpu **gpus, int *n);
void gpu_rm_gpu_close(struct gpu *c);

/* Open the GPUs the global options select (all of them when @all, else the
 * one --gpu names, default 0).  Prints a clear error and returns
 * GPU_FAIL/GPU_USAGE on failure, GPU_OK with *n >= 0. */
int gpu_open_selected(const struct gpu_select *g, const char *cmd, bool all,
		  struct gpu **gpus, int *n);
void gpu_close_all(struct gpu *gpus, int n);

/* Start a JSON document about one GPU: {"schema": 1, "gpu": {...}, ... */
void gpu_json_begin(struct jw *w, bool pretty, const struct gpu *gpu);

/* The "gpu" object of CONTRACTS.md §2 (after jw_key or inside an array). */
void gpu_json_ident(struct jw *w, const struct gpu *gpu);

struct nvs_topology;
/* Device table of @c (module ioctl or the snapshot's registers decoded by
 * kmod/hw).  Returns 0 or a negative errno. */
struct nvs_rl_loc;
struct nvs_rl_item;
struct nvs_rl_inst;
struct nvs_ce;
struct nvs_gr;
struct nvsched_control;

/**
 * struct gpu_runlist - one runlist as a backend read it
 * @loc: where it is (registers)
 * @err: locate/fetch error, 0 if decoded
 * @items: decoded entries (@loc.length), or NULL
 * @insts: instance-block details per entry (register backends only), or NULL
 */
struct gpu_runlist {
	struct nvs_rl_loc loc;
	int err;
	struct nvs_rl_item *items;
	struct nvs_rl_inst *insts;
};

/**
 * struct gpu_ops - one backend's answers (lib/gpu_ops.c); every call
 *	returns 0 or a negative errno
 * @name: "module", "registers" (snapshot, rm as root) or "rm"
 * @topology: the device table
 * @runlist: runlist @id (free with gpu_runlist_free())
 * @ce: the copy-engine wiring
 * @gr: the GPC/TPC configuration
 * @control: a control request (module: applied and audited; snapshot:
 *	applied to the in-memory simulator; rm: -EROFS)
 */
struct gpu_ops {
	const char *name;
	int (*topology)(const struct gpu *c, struct nvs_topology *t);
	int (*runlist)(const struct gpu *c, const struct nvs_topology *t, int id,
		       struct gpu_runlist *v);
	int (*ce)(const struct gpu *c, struct nvs_ce *ce);
	int (*gr)(const struct gpu *c, struct nvs_gr *gr);
	int (*control)(const struct gpu *c, struct nvsched_control *ctl);
};

/* The ops of @c's backend (gpu_open_selected() sets c->ops with it). */
const struct gpu_ops *gpu_ops_for(const struct gpu *c);
void gpu_runlist_free(struct gpu_runlist *v);

static inline int gpu_topology(const struct gpu *c, struct nvs_topology *t)
{
	return c->ops->topology(c, t);
}

static inline int gpu_runlist(const struct gpu *c, const struct nvs_topology *t, int id,
			      struct gpu_runlist *v)
{
	return c->ops->runlist(c, t, id, v);
}

static inline int gpu_ce(const struct gpu *c, struct nvs_ce *ce)
{
	return c->ops->ce(c, ce);
}

static inline int gpu_gr(const struct gpu *c, struct nvs_gr *gr)
{
	return c->ops->gr(c, gr);
}

static inline int gpu_control(const struct gpu *c, struct nvsched_control *ctl)
{
	return c->ops->control(c, ctl);
}
/* JSON "engines" and "runlists" members (CONTRACTS.md §2). */
void gpu_json_topology(struct jw *w, const struct nvs_topology *t);

/* `nvsched snapshot` over the module (snapshot_module.c) */
int gpu_snapshot_module(const struct gpu *c, struct nvss *s, char *err, size_t errlen);

/* Fill @c's identity fields from a successful nvs_identify(). */
void gpu_set_ident(struct gpu *c, const struct nvs_ident *id);
/* The metadata every captured snapshot carries (docs/snapshot-format.md):
 * name "<source>-<chip>", source, driver (when given), bdf (when known),
 * pci_id, captured (UTC). */
void gpu_snapshot_meta(const struct gpu *c, struct nvss *s, const char *source,
		       const char *chip, const char *driver);

/* `nvsched snapshot`: capture @c, write it to @path ("-": stdout); 0, or -1
 * with @msg saying why (on success what was captured, or "") */
int gpu_snapshot_save(struct gpu *c, const char *path, char *msg, size_t len);

/* PCI device name from libpci ("" when unknown). */
void gpu_pci_name(uint16_t vendor, uint16_t device, char *buf, int len);

#endif /* NVSCHED_LIB_GPU_H */
