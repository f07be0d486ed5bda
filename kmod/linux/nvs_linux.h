/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * nvs_linux.h - internal interfaces of the nvsched module glue.
 */
#ifndef NVS_LINUX_H
#define NVS_LINUX_H

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

/** struct nvs_rl_file - data of one /proc/gpuX/runlist<N> entry */
struct nvs_rl_file {
	struct nvs_gpu *g;
	int id;
};

/**
 * struct nvs_gpu - one GPU the module looks at (it never owns it)
 * @node: entry in nvs_mod.gpus
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
	struct nvs_rl_file rl_files[NVS_MAX_RUNLIST_FILES];
	struct nvs_ctl_data ctl_files[NVS_CTL_FILES];
	struct nvs_disabled *disabled;
	unsigned int ndisabled;
	unsigned int cap_disabled;
	u64 sched_disabled;
	struct nvs_prio_gpu *prio;
	atomic_t prio_files;
};

/* gpu.c */
int nvs_gpus_discover(struct list_head *gpus, const char *test_devices);
void nvs_gpus_release(struct list_head *gpus);
void nvs_gpu_mark_gone(struct nvs_gpu *g);
int nvs_gpu_begin(struct nvs_gpu *g);
void nvs_gpu_end(struct nvs_gpu *g);
int nvs_gpu_identify_locked(struct nvs_gpu *g);
int nvs_gpu_topology(struct nvs_gpu *g, struct nvs_topology **out);

/* proc.c */
int nvs_proc_add(struct nvs_gpu *g);
void nvs_proc_remove(struct nvs_gpu *g);

/**
 * struct nvs_rl_snap - a private copy of one runlist
 * @loc: where it is
 * @caps: the chip's capabilities
 * @err: 0, or why the entries could not be read
 * @moves: PRAMIN window moves the snapshot took
 * @items: decoded entries (@loc.length), NULL when @err or empty
 * @insts: instance-block details per entry (proc text only), or NULL
 */
struct nvs_rl_snap {
	struct nvs_rl_loc loc;
	const struct nvs_caps *caps;
	int err;
	unsigned int moves;
	struct nvs_rl_item *items;
	struct nvs_rl_inst *insts;
};

/* proc_runlist.c */
int nvs_rl_snap_take(struct nvs_gpu *g, int id, bool insts, struct nvs_rl_snap **out);
void nvs_rl_snap_free(struct nvs_rl_snap *s);
int nvs_proc_add_runlists(struct nvs_gpu *g, kgid_t gid);

/* control.c */
bool nvs_gsp_owned(struct nvs_gpu *g);
int nvs_control(struct nvs_gpu *g, struct nvsched_control *c);
int nvs_restore_channels(struct nvs_gpu *g, unsigned int *count);
int nvs_gsp_refuse(struct nvs_gpu *g, const char *what, int rl);
bool nvs_gsp_blocks_writes(struct nvs_gpu *g);
void nvs_gsp_log(struct nvs_gpu *g, const char *what, int rl);
bool nvs_gsp_owned(struct nvs_gpu *g);

/* proc_ctl.c */
int nvs_proc_add_control(struct nvs_gpu *g);

/* proc_topo.c: copy-engine and GR topology files (CONTRACTS.md §6) */
int nvs_proc_add_topology(struct nvs_gpu *g);
int nvs_topo_begin(struct nvs_gpu *g);

/* dev_topo.c: NVSCHED_IOC_CE / NVSCHED_IOC_GR; -ENOTTY for other commands */
long nvs_ioctl_topo(unsigned int cmd, void __user *arg);

/* prio.c: fixed-priority scheduling (NVSCHED_IOC_PRIO_*) */
struct file;
long nvs_prio_ioctl(struct file *file, unsigned int cmd, void __user *arg);
void nvs_prio_release(struct file *file);
void nvs_prio_gpu_free(struct nvs_gpu *g);

/* prio_runlist.c: the runlist mechanism's buffers (docs/priority.md) */
struct nvs_prio_rl_rt;
struct nvs_topology;
int nvs_prio_runlist_usable(struct nvs_gpu *g);
struct nvs_prio_rl_rt *nvs_prio_runlist_new(struct nvs_gpu *g, int rl);
void nvs_prio_runlist_free(struct nvs_prio_rl_rt *r);
int nvs_prio_runlist_apply(struct nvs_gpu *g, const struct nvs_topology *t,
			   struct nvs_prio_rl_rt *r, const u64 *allowed, const u64 *removed,
			   unsigned int nbits, bool all);
int nvs_prio_runlist_watch(struct nvs_gpu *g, const struct nvs_topology *t,
			   struct nvs_prio_rl_rt *r, const u64 *allowed, unsigned int nbits);
bool nvs_prio_runlist_has_tsg(struct nvs_gpu *g, const struct nvs_topology *t,
			      struct nvs_prio_rl_rt *r, unsigned int tsgid);
int nvs_prio_runlist_driver_tsgs(struct nvs_gpu *g, const struct nvs_topology *t,
				 struct nvs_prio_rl_rt *r, u64 *set, unsigned int ntsgs);
bool nvs_prio_runlist_stats(const struct nvs_prio_rl_rt *r, u64 *submits, u64 *resubmits,
			    u64 *preempts);

/* dev.c */
int nvs_dev_register(void);
void nvs_dev_unregister(void);

/* main.c: the list of GPUs and the module-wide lock */
struct nvs_gpu *nvs_gpu_get_by_index(unsigned int index);
unsigned int nvs_gpu_count(void);
bool nvs_allow_gsp_runlist_writes(void);
bool nvs_test_devices_enabled(void);
kgid_t nvs_proc_gid(void);
bool nvs_test_strict_owner(void);
u64 nvs_test_runlist_vid(void);
bool nvs_prio_default_gate(void);
int nvs_hw_access_allowed(const struct file *file);

/* pde_data() was PDE_DATA() before 5.17 */
#if LINUX_VERSION_CODE < KERNEL_VERSION(5, 17, 0)
#define nvs_pde_data(inode) PDE_DATA(inode)
#else
#define nvs_pde_data(inode) pde_data(inode)
#endif

#endif /* NVS_LINUX_H */
