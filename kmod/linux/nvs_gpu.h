/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * nvs_gpu.h - one GPU the module looks at: its state, the lock around
 * every MMIO sequence, the list of GPUs, the chip identity and topology
 * (gpu.c) and private runlist copies (rlcopy.c).  Above nvs_params.h,
 * below every other header of kmod/linux (docs/architecture.md).
 */
#ifndef NVS_GPU_H
#define NVS_GPU_H

#include <linux/atomic.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/pci.h>
#include <linux/proc_fs.h>
#include <linux/uidgid.h>
#include <linux/version.h>

#include "nvs_io.h"
#include "chip.h"
#include "ptop.h"
#include "runlist.h"

#define NVS_MAX_TEST_IDS	4
#define NVS_BAR0_MAX		0x1000000u	/* registers live in the first 16 MiB */
#define NVS_MAX_RUNLIST_FILES	64		/* hardware runlist ids seen: 0-33 on GH100 */

#define NVS_MAX_REMEMBERED	8192	/* channels nvsched may have disabled */
#define NVS_RL_READ_MAX	8192	/* longest runlist read (memory, time) */

struct nvs_gpu;
struct nvs_prio_gpu;
struct nvsched_control;

#define NVS_CTL_FILES	5

/** struct nvs_ctl_data - data of one /proc/gpuX control file */
struct nvs_ctl_data {
	struct nvs_gpu *g;
	int op;			/* enum nvs_ctl_op */
};

/**
 * struct nvs_disabled - a channel nvsched disabled (re-enabled on unload)
 * @rl: hardware runlist
 * @chid: channel id
 * @inst: its instance block when disabled: the restore re-enables the id
 *	only while it still names this instance block on @rl
 * @inst_ap: aperture of @inst
 * @has_inst: @inst is known
 * @err: 0, or why the last restore attempt failed (the record is kept)
 */
struct nvs_disabled {
	int rl;
	unsigned int chid;
	u64 inst;
	u8 inst_ap;
	bool has_inst;
	int err;
};

/** struct nvs_proc_rl_file - data of one /proc/gpuX/runlist<N> entry */
struct nvs_proc_rl_file {
	struct nvs_gpu *g;
	int id;
};

/**
 * struct nvs_gpu - one GPU the module looks at (it never owns it)
 * @node: entry in the list of GPUs (gpu.c)
 * @index: X of /proc/gpuX (nvdebug numbering)
 * @dev: the device (PCI function or Tegra platform device), referenced
 * @pdev: the PCI function (pci_dev_get()), NULL for a platform GPU
 * @plat: the Tegra platform device, NULL for a PCI GPU
 * @test_dev: a simulated GPU matched by test_devices= (an ivshmem BAR)
 * @enabled_dev: we enabled memory decoding ourselves (test devices only)
 * @regs: register aperture (BAR0, or the register image of a test BAR)
 * @regs_len: bytes of @regs that may be accessed
 * @simbox: test mailbox to the host GPU model, or NULL
 * @simbox_dead: the model stopped answering; stop waiting for it
 * @lock: serialises every MMIO sequence and protects @gone and @ident
 * @pm_ref: nvs_gpu_begin() took a runtime-PM usage reference
 * @gone: the device was removed or its driver unbound; files fail ENODEV
 * @ident: chip identification (valid when @ident_err == 0)
 * @ident_err: 0, or why the chip could not be identified
 * @io: the kmod/hw accessor over @regs
 * @proc: /proc/gpuX
 * @name: "gpuX"
 * @rl_files: data of the runlist<N> files
 * @ctl_files: data of the control files
 * @disabled: channels nvsched disabled, under @lock
 * @ndisabled: entries in @disabled
 * @cap_disabled: allocated entries
 * @sched_disabled: runlists (ids < 64) whose scheduling nvsched disabled
 * @prio: priority-scheduling state (prio.c), NULL until first used
 * @prio_files: open files with a priority task on this GPU (prio.c); the
 *	unload reports a leak when it is not zero
 */
struct nvs_gpu {
	struct list_head node;
	unsigned int index;
	struct device *dev;
	struct pci_dev *pdev;
	struct platform_device *plat;
	bool test_dev;
	bool enabled_dev;
	void __iomem *regs;
	resource_size_t regs_len;
	void __iomem *simbox;
	bool simbox_dead;
	struct mutex lock;
	bool pm_ref;
	bool gone;
	struct nvs_ident ident;
	int ident_err;
	struct nvs_io io;
	struct proc_dir_entry *proc;
	char name[16];
	struct nvs_proc_rl_file rl_files[NVS_MAX_RUNLIST_FILES];
	struct nvs_ctl_data ctl_files[NVS_CTL_FILES];
	struct nvs_disabled *disabled;
	unsigned int ndisabled;
	unsigned int cap_disabled;
	u64 sched_disabled;
	struct nvs_prio_gpu *prio;
	atomic_t prio_files;
};

/* gpu.c */
int nvs_gpus_discover(const char *test_devices);
void nvs_gpus_release(void);
struct nvs_gpu *nvs_gpu_next(struct nvs_gpu *prev);
struct nvs_gpu *nvs_gpu_get_by_index(unsigned int index);
unsigned int nvs_gpu_count(void);
void nvs_gpu_mark_gone(struct nvs_gpu *g);
int nvs_gpu_power_locked(struct nvs_gpu *g, bool power_up);
int nvs_gpu_begin(struct nvs_gpu *g);
void nvs_gpu_end(struct nvs_gpu *g);
int nvs_gpu_identify_locked(struct nvs_gpu *g);
int nvs_gpu_topology(struct nvs_gpu *g, struct nvs_topology **out);
int nvs_topo_begin(struct nvs_gpu *g);

/**
 * struct nvs_rlcopy - a private copy of one runlist
 * @loc: where it is
 * @caps: the chip's capabilities
 * @err: 0, or why the entries could not be read
 * @moves: PRAMIN window moves the snapshot took
 * @items: decoded entries (@loc.length), NULL when @err or empty
 * @insts: instance-block details per entry (proc text only), or NULL
 */
struct nvs_rlcopy {
	struct nvs_rl_loc loc;
	const struct nvs_caps *caps;
	int err;
	unsigned int moves;
	struct nvs_rl_item *items;
	struct nvs_rl_inst *insts;
};

/* rlcopy.c */
int nvs_rlcopy_take(struct nvs_gpu *g, int id, bool insts, struct nvs_rlcopy **out);
void nvs_rlcopy_free(struct nvs_rlcopy *s);

/* pde_data() was PDE_DATA() before 5.17 */
#if LINUX_VERSION_CODE < KERNEL_VERSION(5, 17, 0)
#define nvs_pde_data(inode) PDE_DATA(inode)
#else
#define nvs_pde_data(inode) pde_data(inode)
#endif

#endif /* NVS_GPU_H */
