/* SPDX-License-Identifier: (GPL-2.0 WITH Linux-syscall-note) OR MIT */
/*
 * nvsched.h - ioctl ABI of /dev/nvsched.
 *
 * Conventions (Documentation/driver-api/ioctl.rst): fixed-width types, no
 * implicit padding (every struct is a multiple of 8 bytes and its layout
 * is checked with static asserts in the module), user pointers as __u64,
 * unknown commands fail with ENOTTY, variable-size outputs take an in/out
 * size and fail with ENOSPC when the buffer is too small.  Commands are
 * versioned by number: a changed struct gets a new command.
 */
#ifndef _UAPI_NVSCHED_H
#define _UAPI_NVSCHED_H

#include <linux/ioctl.h>
#include <linux/types.h>

#define NVSCHED_DEVICE		"/dev/nvsched"
#define NVSCHED_ABI_VERSION	1
#define NVSCHED_IOC_MAGIC	0xd7

/**
 * struct nvsched_version - NVSCHED_IOC_VERSION (out)
 * @abi_version: NVSCHED_ABI_VERSION of the loaded module
 * @ngpus: number of GPUs the module manages (gpu indexes 0..ngpus-1)
 * @flags: NVSCHED_F_* module-wide flags
 * @reserved: zero
 */
struct nvsched_version {
	__u32 abi_version;
	__u32 ngpus;
	__u32 flags;
	__u32 reserved;
};

#define NVSCHED_F_ALLOW_GSP_RUNLIST_WRITES	(1u << 0)
#define NVSCHED_F_TEST_DEVICES			(1u << 1)

/* architecture codes (nvsched_gpu_info.arch) */
enum nvsched_arch {
	NVSCHED_ARCH_UNKNOWN = 0,
	NVSCHED_ARCH_KEPLER,
	NVSCHED_ARCH_MAXWELL,
	NVSCHED_ARCH_PASCAL,
	NVSCHED_ARCH_VOLTA,
	NVSCHED_ARCH_TURING,
	NVSCHED_ARCH_AMPERE,
	NVSCHED_ARCH_ADA,
	NVSCHED_ARCH_HOPPER,
	NVSCHED_ARCH_BLACKWELL,
};

/* nvsched_gpu_info.flags */
#define NVSCHED_GPU_TEGRA	(1u << 0)	/* integrated (platform) GPU */
#define NVSCHED_GPU_UNKNOWN	(1u << 1)	/* chip id not in the table */
#define NVSCHED_GPU_GUESSED	(1u << 2)	/* capabilities guessed from the architecture */
#define NVSCHED_GPU_GONE	(1u << 3)	/* device removed / driver unbound */
#define NVSCHED_GPU_TEST	(1u << 4)	/* simulated device (test_devices=) */
#define NVSCHED_GPU_NO_ID	(1u << 5)	/* chip id unreadable (powered down, bad BOOT_0) */
#define NVSCHED_GPU_PLATFORM	(1u << 6)	/* a platform device: no PCI fields */
#define NVSCHED_GPU_GSP		(1u << 7)	/* firmware (GSP) owns the runlists */

/**
 * struct nvsched_gpu_info - NVSCHED_IOC_GPU_INFO (in: @gpu; out: the rest)
 * @gpu: GPU index (the X of /proc/gpuX)
 * @chip_id: (arch << 4) | impl, e.g. 0x180
 * @boot0: NV_PMC_BOOT_0 as read at discovery
 * @boot42: NV_PMC_BOOT_42 as read at discovery (0 if not used)
 * @arch: enum nvsched_arch
 * @flags: NVSCHED_GPU_*
 * @pci_domain: PCI domain (0 for platform GPUs)
 * @pci_bus: PCI bus
 * @pci_devfn: PCI device/function (PCI_SLOT/PCI_FUNC)
 * @pad0: zero
 * @vendor: PCI vendor id
 * @device: PCI device id
 * @bar0_size: size of the mapped register aperture in bytes
 * @pad1: zero
 * @name: chip name, NUL-terminated ("GH100"; "unknown")
 * @reserved: zero
 */
struct nvsched_gpu_info {
	__u32 gpu;
	__u32 chip_id;
	__u32 boot0;
	__u32 boot42;
	__u32 arch;
	__u32 flags;
	__u32 pci_domain;
	__u8 pci_bus;
	__u8 pci_devfn;
	__u16 pad0;
	__u16 vendor;
	__u16 device;
	__u32 bar0_size;
	__u32 pad1;
	char name[16];
	__u32 reserved[9];
};

/**
 * struct nvsched_engine - one PTOP device (NVSCHED_IOC_TOPOLOGY)
 * @type: DEV_TYPE_ENUM value (0 GRAPHICS, 19 LCE, ...)
 * @instance: instance id
 * @runlist: hardware runlist id, -1 when none
 * @fault_id: MMU fault id, -1 when invalid
 * @reset_id: reset id, -1 when invalid
 * @rleng_id: engine index within its runlist (Ampere+), -1 otherwise
 * @engine_id: host engine enum (pre-Ampere), -1 otherwise
 * @flags: NVSCHED_ENGINE_*
 * @pri_base: BAR0 base of the device's registers
 * @runlist_pri_base: BAR0 base of its NV_RUNLIST block (Ampere+), 0 if none
 */
struct nvsched_engine {
	__u32 type;
	__u32 instance;
	__s32 runlist;
	__s32 fault_id;
	__s32 reset_id;
	__s32 rleng_id;
	__s32 engine_id;
	__u32 flags;
	__u32 pri_base;
	__u32 runlist_pri_base;
};

#define NVSCHED_ENGINE_IS_ENGINE	(1u << 0)

/**
 * struct nvsched_topology - NVSCHED_IOC_TOPOLOGY (in/out)
 * @gpu: in: GPU index
 * @count: in: capacity of @engines (entries); out: number of devices.
 *	ENOSPC (with @count set) when the capacity is too small.
 * @version: out: DEVICE_INFO_CFG.VERSION (Ampere+), 0 for the legacy table
 * @flags: out: NVSCHED_TOPO_*
 * @engines: in: user pointer to an array of struct nvsched_engine
 */
struct nvsched_topology {
	__u32 gpu;
	__u32 count;
	__u32 version;
	__u32 flags;
	__u64 engines;
};

#define NVSCHED_TOPO_INFO2		(1u << 0)	/* DEVICE_INFO2 (Ampere+) */
#define NVSCHED_TOPO_UNCONFIRMED	(1u << 1)	/* table version not confirmed */

/**
 * struct nvsched_rl_entry - one decoded runlist entry (NVSCHED_IOC_RUNLIST)
 * @kind: NVSCHED_RL_TSG or NVSCHED_RL_CHAN
 * @err: inline decode problem (0 none, 1 zero_length_tsg, 2 tsg_too_long,
 *	3 length_overrun, 4 channel_outside_tsg, 5 bad_channel_id)
 * @inst_ap: instance block aperture (0 VID, 2 SYS_COH, 3 SYS_NONCOH, 1 invalid)
 * @userd_ap: USERD aperture
 * @runqueue: RUNQUEUE_SELECTOR (Volta+), -1 before
 * @veid: GB20x VEID, -1 otherwise
 * @status: PCCSR status enum (pre-Ampere), -1 on Ampere+
 * @pad0: zero
 * @id: TSGID or CHID
 * @length: TSG_LENGTH
 * @scale: TSG TIMESLICE_SCALE
 * @timeout: TSG TIMESLICE_TIMEOUT
 * @pad1: zero
 * @tsg: index of the owning TSG header entry, -1 for a bare channel
 * @chflags: channel state flags, bit n = n-th name of CONTRACTS.md §2 order
 *	(next, busy, pending, on_pbdma, on_eng, pbdma_faulted, eng_faulted,
 *	ctx_reload, acquire_fail, pbdma_busy, eng_busy)
 * @raw: the PCCSR/CHRAM word as read
 * @flags: NVSCHED_RLE_*
 * @inst: instance block address
 * @userd: USERD address
 */
struct nvsched_rl_entry {
	__u8 kind;
	__u8 err;
	__u8 inst_ap;
	__u8 userd_ap;
	__s8 runqueue;
	__s8 veid;
	__s8 status;
	__u8 pad0;
	__u16 id;
	__u16 length;
	__u8 scale;
	__u8 timeout;
	__u16 pad1;
	__s32 tsg;
	__u32 chflags;
	__u32 raw;
	__u32 flags;
	__u64 inst;
	__u64 userd;
};

#define NVSCHED_RL_TSG		1
#define NVSCHED_RL_CHAN		2
#define NVSCHED_RLE_HAS_INST	(1u << 0)
#define NVSCHED_RLE_HAS_USERD	(1u << 1)
#define NVSCHED_RLE_STATE	(1u << 2)	/* state fields valid */
#define NVSCHED_RLE_ENABLED	(1u << 3)
#define NVSCHED_RLE_BUSY	(1u << 4)

/**
 * struct nvsched_runlist - NVSCHED_IOC_RUNLIST: a snapshot of one runlist
 * @gpu: in: GPU index
 * @id: in: hardware runlist id
 * @count: in: capacity of @entries; out: entries in the runlist (ENOSPC,
 *	with @count set, when the capacity is too small)
 * @error: out: 0, or the negative errno for why the entries could not be
 *	read (the location fields are still valid then)
 * @base: out: GPU physical address of the runlist
 * @length: out: entries
 * @offset: out: SUBMIT.OFFSET
 * @aperture: out: 0 VID, 2 SYS_COH, 3 SYS_NONCOH
 * @num_channels: out: channel slots (CHRAM size or PCCSR count)
 * @chram_base: out: CHRAM of the runlist (Ampere+), 0 before
 * @window_moves: out: PRAMIN window moves the snapshot took
 * @entries: in: user pointer to struct nvsched_rl_entry[@count]
 * @reserved: zero
 */
struct nvsched_runlist {
	__u32 gpu;
	__s32 id;
	__u32 count;
	__s32 error;
	__u64 base;
	__u32 length;
	__u32 offset;
	__u32 aperture;
	__u32 num_channels;
	__u32 chram_base;
	__u32 window_moves;
	__u64 entries;
	__u32 reserved[4];
};

/* NVSCHED_IOC_CONTROL operations */
enum nvsched_ctl_op {
	NVSCHED_CTL_DISABLE_CHANNEL = 1,
	NVSCHED_CTL_ENABLE_CHANNEL = 2,
	NVSCHED_CTL_PREEMPT_TSG = 3,
	NVSCHED_CTL_PREEMPT_RUNLIST = 4,	/* @runlist: the runlist */
	NVSCHED_CTL_RESUBMIT_RUNLIST = 5,	/* @runlist: the runlist */
	NVSCHED_CTL_RESTORE_CHANNELS = 6,	/* re-enable what nvsched disabled */
	NVSCHED_CTL_SCHED_DISABLE = 7,		/* @runlist: stop scheduling it */
	NVSCHED_CTL_SCHED_ENABLE = 8,		/* @runlist */
};

#define NVSCHED_CTL_DRY_RUN	(1u << 0)	/* compute the writes, change nothing */
#define NVSCHED_CTL_NO_WAIT	(1u << 1)	/* do not wait for completion */
#define NVSCHED_CTL_FORCE	(1u << 2)	/* skip the "id is on the runlist" check */

#define NVSCHED_CTL_TIMEOUT_US_DEFAULT	100000u	/* 100 ms */
#define NVSCHED_CTL_TIMEOUT_US_MAX	1000000u	/* 1 s */

/**
 * struct nvsched_control - NVSCHED_IOC_CONTROL (CAP_SYS_ADMIN)
 * @gpu: in: GPU index
 * @op: in: enum nvsched_ctl_op
 * @runlist: in: hardware runlist id; -1: runlist 0 from Ampere on, the
 *	runlist that holds the id before Ampere (channel ids are global)
 * @id: in: channel id or TSG id (channel and TSG operations)
 * @flags: in: NVSCHED_CTL_*
 * @timeout_us: in: completion wait bound (0 = default, capped at the max);
 *	completion failing to come gives ETIMEDOUT
 * @nwrites: out: register writes performed (or planned, with DRY_RUN)
 * @pending: out: the completion register as last read (on ETIMEDOUT)
 * @writes: out: the writes, in order
 * @resolved_runlist: out: the runlist acted on
 * @count: out: channels and runlists re-enabled (RESTORE_CHANNELS)
 * @reserved: zero
 */
struct nvsched_control {
	__u32 gpu;
	__u32 op;
	__s32 runlist;
	__u32 id;
	__u32 flags;
	__u32 timeout_us;
	__u32 nwrites;
	__u32 pending;
	struct {
		__u32 off;
		__u32 val;
	} writes[4];
	__s32 resolved_runlist;
	__u32 count;
	__u32 reserved[2];
};

#define NVSCHED_RAW_MAX_REGS	4096
#define NVSCHED_RAW_MAX_BYTES	(1u << 20)

/**
 * struct nvsched_raw_rd32 - NVSCHED_IOC_RAW_RD32: read BAR0 registers
 *	(root with CAP_SYS_RAWIO; refused under kernel lockdown).  For
 *	snapshot capture; reads only.
 * @gpu: in: GPU index
 * @count: in: number of registers (1..NVSCHED_RAW_MAX_REGS)
 * @offsets: in: user pointer to __u32[@count] BAR0 offsets (4-byte aligned)
 * @values: in: user pointer to __u32[@count], filled with the values
 */
struct nvsched_raw_rd32 {
	__u32 gpu;
	__u32 count;
	__u64 offsets;
	__u64 values;
};

/**
 * struct nvsched_raw_mem - NVSCHED_IOC_RAW_MEM: read GPU memory by physical
 *	address (root with CAP_SYS_RAWIO; refused under kernel lockdown)
 * @gpu: in: GPU index
 * @aperture: in: 0 VID (through the PRAMIN window, restored afterwards)
 * @addr: in: GPU physical address, 4-byte aligned
 * @buf: in: user pointer to @len bytes
 * @len: in: bytes, a multiple of 4, at most NVSCHED_RAW_MAX_BYTES
 * @window_moves: out: PRAMIN window moves the read took
 */
struct nvsched_raw_mem {
	__u32 gpu;
	__u32 aperture;
	__u64 addr;
	__u64 buf;
	__u32 len;
	__u32 window_moves;
};

#define NVSCHED_IOC_VERSION	_IOR(NVSCHED_IOC_MAGIC, 0x00, struct nvsched_version)
#define NVSCHED_IOC_GPU_INFO	_IOWR(NVSCHED_IOC_MAGIC, 0x01, struct nvsched_gpu_info)
#define NVSCHED_IOC_TOPOLOGY	_IOWR(NVSCHED_IOC_MAGIC, 0x02, struct nvsched_topology)
#define NVSCHED_IOC_RUNLIST	_IOWR(NVSCHED_IOC_MAGIC, 0x03, struct nvsched_runlist)
#define NVSCHED_IOC_CONTROL	_IOWR(NVSCHED_IOC_MAGIC, 0x20, struct nvsched_control)
#define NVSCHED_IOC_RAW_RD32	_IOWR(NVSCHED_IOC_MAGIC, 0x30, struct nvsched_raw_rd32)
#define NVSCHED_IOC_RAW_MEM	_IOWR(NVSCHED_IOC_MAGIC, 0x31, struct nvsched_raw_mem)

/* ---- copy engines and GR topology (0x10, 0x11) ---- */

#define NVSCHED_CE_MAX_PCES	32
#define NVSCHED_CE_MAX_GRCES	8
#define NVSCHED_CE_NONE		(-1)	/* unconfigured / not shared */
#define NVSCHED_CE_NOVAL	(-2)	/* the hardware gave no value */

/**
 * struct nvsched_ce - NVSCHED_IOC_CE (in: @gpu; out: the rest)
 * @gpu: GPU index
 * @flags: out: zero (reserved for NVSCHED_CE_* flags)
 * @pce_map: NV_CE_PCE_MAP, bit i = PCE i present (limited to @num_pces bits)
 * @num_pces: PCE slots this generation describes (<= NVSCHED_CE_MAX_PCES)
 * @num_grces: GRCEs (LCE0, LCE1)
 * @num_lces: LCEs of the chip
 * @lce_for_pce: LCE of each PCE; NVSCHED_CE_NONE when absent/unconfigured,
 *	NVSCHED_CE_NOVAL when its register read a PRI error
 * @grce_shared_lce: LCE whose PCEs GRCE g shares; NVSCHED_CE_NONE when not
 *	sharing, NVSCHED_CE_NOVAL when unreadable
 *
 * Errors: ENODEV (no such GPU / gone), EIO (PCE_MAP unreadable, GPU
 * suspended), EOPNOTSUPP (no CE map before Pascal).
 */
struct nvsched_ce {
	__u32 gpu;
	__u32 flags;
	__u32 pce_map;
	__u32 num_pces;
	__u32 num_grces;
	__u32 num_lces;
	__s8 lce_for_pce[NVSCHED_CE_MAX_PCES];
	__s8 grce_shared_lce[NVSCHED_CE_MAX_GRCES];
};

#define NVSCHED_GR_MAX_GPCS	32
#define NVSCHED_GR_MAX_CWD_TPCS	96

/* nvsched_gr.flags */
#define NVSCHED_GR_LOGICAL_KNOWN	(1u << 0)	/* @logical is valid for enabled GPCs */

/**
 * struct nvsched_gr - NVSCHED_IOC_GR (in: @gpu; out: the rest)
 * @gpu: GPU index
 * @flags: out: NVSCHED_GR_*
 * @num_gpcs: on-chip GPCs (NV_PTOP_SCAL_NUM_GPCS)
 * @num_tpc_per_gpc: on-chip TPCs per GPC
 * @gpc_disable_mask: GPC fuse, set bit = disabled
 * @sms_per_tpc: SMs per TPC
 * @tpcs_enabled: enabled TPCs in all enabled GPCs
 * @gpcs_enabled: enabled GPCs
 * @tpc_disable_mask: per physical GPC, TPC fuse (set bit = disabled); all
 *	TPCs for a disabled GPC
 * @logical: logical GPC id of each physical GPC, -1 when disabled/unknown
 * @cwd_err: 0 when @cwd_tpc_map is valid, else a negative errno:
 *	-EOPNOTSUPP (table not known on this chip), -EIO (no value, not
 *	programmed by a GR context, or inconsistent)
 * @cwd_tpcs: valid entries of @cwd_tpc_map (the enabled TPCs), 0 on error
 * @cwd_tpc_map: per global (virtual) TPC id, as in CWD_GPC_TPC_ID: logical
 *	GPC in bits 7:4, TPC within that GPC in bits 3:0
 *
 * Errors: ENODEV, EIO (registers give no value), EOPNOTSUPP (Kepler).
 */
struct nvsched_gr {
	__u32 gpu;
	__u32 flags;
	__u32 num_gpcs;
	__u32 num_tpc_per_gpc;
	__u32 gpc_disable_mask;
	__u32 sms_per_tpc;
	__u32 tpcs_enabled;
	__u32 gpcs_enabled;
	__u32 tpc_disable_mask[NVSCHED_GR_MAX_GPCS];
	__s8 logical[NVSCHED_GR_MAX_GPCS];
	__s32 cwd_err;
	__u32 cwd_tpcs;
	__u8 cwd_tpc_map[NVSCHED_GR_MAX_CWD_TPCS];
};

#define NVSCHED_IOC_CE		_IOWR(NVSCHED_IOC_MAGIC, 0x10, struct nvsched_ce)
#define NVSCHED_IOC_GR		_IOWR(NVSCHED_IOC_MAGIC, 0x11, struct nvsched_gr)

/* ---- fixed-priority GPU scheduling (docs/priority.md) ---- */

#define NVSCHED_PRIO_MAX		99
#define NVSCHED_PRIO_BEST_EFFORT	(-1)	/* a best-effort segment */
#define NVSCHED_PRIO_THREAD		(-2)	/* the caller's SCHED_FIFO priority */

#define NVSCHED_PRIO_TSG_REMOVE	(1u << 0)	/* give the TSG back */

/**
 * struct nvsched_prio_tsg - NVSCHED_IOC_PRIO_TSG: give a TSG to the task of
 *	this open file (CAP_SYS_ADMIN: a managing daemon names TSGs).  One
 *	open file is one task on one GPU; closing it (or the process dying)
 *	drops the task and puts every channel it held back on again.
 * @gpu: in: GPU index (the same on every call of this file)
 * @runlist: in: hardware runlist id (0..63)
 * @tsgid: in: TSG id; it must be on that runlist (ENOENT otherwise) and
 *	owned by no other task (EBUSY)
 * @flags: in: NVSCHED_PRIO_TSG_*
 * @reserved: zero
 */
struct nvsched_prio_tsg {
	__u32 gpu;
	__s32 runlist;
	__u32 tsgid;
	__u32 flags;
	__u32 reserved[4];
};

#define NVSCHED_PRIO_FILE_GPU	0xffffffffu	/* the GPU of this file's task */

enum nvsched_prio_op {
	NVSCHED_PRIO_BEGIN = 1,
	NVSCHED_PRIO_END = 2,
};

#define NVSCHED_PRIO_W_REPRIO	(1u << 0)	/* begin inside a segment: priority changed */
#define NVSCHED_PRIO_W_NOSEG	(1u << 1)	/* end without a segment: nothing changed */

/**
 * struct nvsched_prio_seg - NVSCHED_IOC_PRIO_SEG: a segment of the task of
 *	this open file begins or ends
 * @gpu: in: GPU index (the file's GPU), or NVSCHED_PRIO_FILE_GPU
 * @op: in: enum nvsched_prio_op
 * @prio: in (BEGIN): 0..NVSCHED_PRIO_MAX (real time, higher wins; needs
 *	CAP_SYS_NICE), NVSCHED_PRIO_BEST_EFFORT, or NVSCHED_PRIO_THREAD;
 *	out: the priority used
 * @flags: out: NVSCHED_PRIO_W_*
 * @running: out: the task's segment runs now (1) or is held back (0)
 * @reserved: zero
 */
struct nvsched_prio_seg {
	__u32 gpu;
	__u32 op;
	__s32 prio;
	__u32 flags;
	__u32 running;
	__u32 reserved[3];
};

#define NVSCHED_PRIO_T_IN_SEG	(1u << 0)	/* a segment is open */
#define NVSCHED_PRIO_T_RUNNING	(1u << 1)	/* its segment runs */
#define NVSCHED_PRIO_T_SELF	(1u << 2)	/* the task of the calling file */

/**
 * struct nvsched_prio_task - one task in NVSCHED_IOC_PRIO_STATUS
 * @slot: its policy slot
 * @flags: NVSCHED_PRIO_T_*
 * @prio: its segment's priority (NVSCHED_PRIO_BEST_EFFORT: best effort or
 *	no segment)
 * @ntsgs: TSGs it owns
 */
struct nvsched_prio_task {
	__u32 slot;
	__u32 flags;
	__s32 prio;
	__u32 ntsgs;
};

#define NVSCHED_PRIO_MECH_NONE	0	/* nothing registered yet */
#define NVSCHED_PRIO_MECH_GATE	1	/* channels of held-back TSGs disabled */
#define NVSCHED_PRIO_MECH_RUNLIST	2	/* a filtered runlist copy submitted */

/**
 * struct nvsched_prio_status - NVSCHED_IOC_PRIO_STATUS: the priority
 *	scheduling state of one GPU
 * @gpu: in: GPU index
 * @count: in: room in @tasks; out: the number of tasks (ENOSPC when it
 *	exceeds the room: then only this struct is written)
 * @tasks: in: user pointer to struct nvsched_prio_task[@count]
 * @running: out: slot of the real-time task that runs, -1 when none
 * @mechanism: out: NVSCHED_PRIO_MECH_*
 * @decisions: out: decisions that changed what may run
 * @writes: out: register writes the mechanism made
 * @disabled: out: channels the mechanism holds disabled now
 * @runlists: out: runlists under its control
 * @resubmits: in: zero; out: runlist mechanism: times the owning driver
 *	was found to have submitted its runlist over the module's copy (the
 *	copy was then built again from the driver's new runlist)
 * @submits: in: zero; out: runlist mechanism: runlist submits (copies and
 *	restores of the driver's runlist)
 * @preempts: in: zero; out: runlist mechanism: TSG preempts of TSGs a
 *	decision took off the runlist (after the submit)
 * @reserved: zero
 */
struct nvsched_prio_status {
	__u32 gpu;
	__u32 count;
	__u64 tasks;
	__s32 running;
	__u32 mechanism;
	__u64 decisions;
	__u64 writes;
	__u32 disabled;
	__u32 runlists;
	__u32 resubmits;
	__u32 submits;
	__u32 preempts;
	__u32 reserved[1];
};

enum nvsched_prio_set_op {
	NVSCHED_PRIO_SET_KEEP = 1,	/* the TSG always stays on (a display server, say) */
	NVSCHED_PRIO_SET_UNKEEP = 2,
	NVSCHED_PRIO_SET_MECHANISM = 3,	/* @mechanism: NVSCHED_PRIO_MECH_RUNLIST or _GATE */
};

/**
 * struct nvsched_prio_set - NVSCHED_IOC_PRIO_SET: policy configuration of
 *	one GPU (CAP_SYS_ADMIN)
 * @gpu: in: GPU index
 * @op: in: enum nvsched_prio_set_op
 * @runlist: in: hardware runlist id (0..63); zero for SET_MECHANISM
 * @tsgid: in: TSG id (below 4096; it need not exist yet); zero for
 *	SET_MECHANISM
 * @mechanism: in: SET_MECHANISM: NVSCHED_PRIO_MECH_RUNLIST (EOPNOTSUPP
 *	where GSP firmware owns the runlists and allow_gsp_runlist_writes is
 *	off) or NVSCHED_PRIO_MECH_GATE; zero for the other ops
 * @reserved: zero
 */
struct nvsched_prio_set {
	__u32 gpu;
	__u32 op;
	__s32 runlist;
	__u32 tsgid;
	__u32 mechanism;
	__u32 reserved[3];
};

enum nvsched_prio_capture_op {
	NVSCHED_PRIO_CAPTURE_BEGIN = 1,	/* remember the TSGs on the runlists now */
	NVSCHED_PRIO_CAPTURE_END = 2,	/* take the TSGs that appeared since */
	NVSCHED_PRIO_CAPTURE_PEEK = 3,	/* count them, take nothing */
};

#define NVSCHED_PRIO_CAPTURE_VERSION	1

/**
 * struct nvsched_prio_capture - NVSCHED_IOC_PRIO_CAPTURE: the capture
 *	protocol of the task of this open file.  BEGIN, then the process
 *	creates its GPU context, then END: the task gets the TSGs that
 *	appeared on the GPU's runlists meanwhile and that no task owns.  One
 *	capture per GPU at a time (EBUSY for the others); no capability is
 *	needed (a real-time segment then needs CAP_SYS_NICE).  Closing the
 *	file ends the capture.
 * @size: in: sizeof(struct nvsched_prio_capture)
 * @version: in: NVSCHED_PRIO_CAPTURE_VERSION
 * @gpu: in: GPU index
 * @op: in: enum nvsched_prio_capture_op
 * @ntsgs: in: zero; out (END, PEEK): TSGs that appeared (END: now the
 *	task's)
 * @flags: in: zero
 * @reserved: zero
 */
struct nvsched_prio_capture {
	__u32 size;
	__u32 version;
	__u32 gpu;
	__u32 op;
	__u32 ntsgs;
	__u32 flags;
	__u32 reserved[2];
};

#define NVSCHED_PRIO_STATS_VERSION	1

/**
 * struct nvsched_prio_stats - NVSCHED_IOC_PRIO_STATS: epsilon, the time
 *	from a decision to the mechanism having applied it, over the latest
 *	256 applied decisions of one GPU, and the capture state; every
 *	field but @size, @version and @gpu must be zero on input (EINVAL)
 * @size: in: sizeof(struct nvsched_prio_stats)
 * @version: in: NVSCHED_PRIO_STATS_VERSION
 * @gpu: in: GPU index
 * @samples: out: decisions summarised (at most 256)
 * @total: out: decisions applied since the GPU's state was created
 * @min_ns: out: smallest epsilon (nanoseconds)
 * @median_ns: out: median (nearest rank)
 * @p99_ns: out: 99th percentile (nearest rank)
 * @max_ns: out: largest
 * @captures: out: captures ended (TSGs given)
 * @capturing: out: 1 while a capture is in progress
 * @abandoned: out: captures abandoned because they were held too long
 * @reserved: zero
 */
struct nvsched_prio_stats {
	__u32 size;
	__u32 version;
	__u32 gpu;
	__u32 samples;
	__u64 total;
	__u32 min_ns;
	__u32 median_ns;
	__u32 p99_ns;
	__u32 max_ns;
	__u64 captures;
	__u32 capturing;
	__u32 abandoned;
	__u32 reserved[4];
};

#define NVSCHED_IOC_PRIO_TSG	_IOW(NVSCHED_IOC_MAGIC, 0x40, struct nvsched_prio_tsg)
#define NVSCHED_IOC_PRIO_SEG	_IOWR(NVSCHED_IOC_MAGIC, 0x41, struct nvsched_prio_seg)
#define NVSCHED_IOC_PRIO_STATUS	_IOWR(NVSCHED_IOC_MAGIC, 0x42, struct nvsched_prio_status)
#define NVSCHED_IOC_PRIO_SET	_IOW(NVSCHED_IOC_MAGIC, 0x43, struct nvsched_prio_set)
#define NVSCHED_IOC_PRIO_CAPTURE	_IOWR(NVSCHED_IOC_MAGIC, 0x48, struct nvsched_prio_capture)
#define NVSCHED_IOC_PRIO_STATS	_IOWR(NVSCHED_IOC_MAGIC, 0x49, struct nvsched_prio_stats)

#endif /* _UAPI_NVSCHED_H */
