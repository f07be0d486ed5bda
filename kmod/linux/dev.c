// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * dev.c - /dev/nvsched, the ioctl interface (include/uapi/nvsched.h).
 */
#include <linux/build_bug.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "nvs_params.h"
#include "nvs_gpu.h"
#include "nvs_control.h"
#include "nvs_prio.h"
#include "nvs_dev.h"
#include "control.h"
#include "ioctl_check.h"
#include "pramin.h"
#include "../../include/uapi/nvsched.h"

/* The ABI has no implicit padding: sizes are the sums of their fields. */
static_assert(sizeof(struct nvsched_version) == 16);
static_assert(sizeof(struct nvsched_gpu_info) == 96);
static_assert(offsetof(struct nvsched_gpu_info, name) == 44);
static_assert(sizeof(struct nvsched_engine) == 40);
static_assert(sizeof(struct nvsched_topology) == 24);
static_assert(sizeof(struct nvsched_rl_entry) == 48);
static_assert(sizeof(struct nvsched_runlist) == 72);
static_assert(sizeof(struct nvsched_control) == 80);
static_assert(sizeof(struct nvsched_raw_rd32) == 24);
static_assert(sizeof(struct nvsched_raw_mem) == 32);
static_assert(sizeof(struct nvsched_prio_tsg) == 32);
static_assert(sizeof(struct nvsched_prio_seg) == 32);
static_assert(sizeof(struct nvsched_prio_task) == 16);
static_assert(sizeof(struct nvsched_prio_set) == 32);
static_assert(sizeof(struct nvsched_prio_status) == 64);
static_assert(sizeof(struct nvsched_prio_capture) == 32);
static_assert(sizeof(struct nvsched_prio_stats) == 72);
static_assert((int)NVSCHED_CTL_RESUBMIT_RUNLIST == (int)NVS_CTL_RESUBMIT_RUNLIST);
static_assert((int)NVSCHED_CTL_SCHED_DISABLE == (int)NVS_CTL_SCHED_DISABLE);
static_assert((int)NVSCHED_CTL_SCHED_ENABLE == (int)NVS_CTL_SCHED_ENABLE);
/* kmod/hw flag bits are the ABI's chflags bits */
static_assert(NVS_CHF_NEXT == 1 && NVS_CHF_ENG_BUSY == 1 << 10);

/* kmod/hw's enum and the ABI's codes must agree */
static_assert((int)NVSCHED_ARCH_BLACKWELL == (int)NVS_ARCH_BLACKWELL);
static_assert((int)NVSCHED_ARCH_KEPLER == (int)NVS_ARCH_KEPLER);

/*
 * The start of every ioctl that reads through the PRAMIN window or writes
 * scheduling registers: the opener and the caller may (docs/security.md),
 * then the request is copied in.
 */
static long nvs_ioc_hw_in(struct file *file, void *req, size_t size, void __user *arg)
{
	long ret = nvs_hw_access_allowed(file);

	if (ret)
		return ret;
	return copy_from_user(req, arg, size) ? -EFAULT : 0;
}

/*
 * The end of an ioctl that lists into a user array: the request comes back
 * on success and on -ENOSPC (then with the count needed), @ret is returned.
 */
static long nvs_ioc_listed(void __user *arg, const void *req, size_t size, long ret)
{
	if (ret && ret != -ENOSPC)
		return ret;
	return copy_to_user(arg, req, size) ? -EFAULT : ret;
}

/* the GPU of a request whose own check (@checked: 0 or its errno) passed */
static long nvs_ioc_gpu(long checked, unsigned int gpu, struct nvs_gpu **g)
{
	if (checked)
		return checked;
	*g = nvs_gpu_get_by_index(gpu);
	return *g ? 0 : -ENODEV;
}

static long nvs_ioc_version(void __user *arg)
{
	struct nvsched_version v = {
		.abi_version = NVSCHED_ABI_VERSION,
		.ngpus = nvs_gpu_count(),
	};

	if (nvs_allow_gsp_runlist_writes())
		v.flags |= NVSCHED_F_ALLOW_GSP_RUNLIST_WRITES;
	if (nvs_test_devices_enabled())
		v.flags |= NVSCHED_F_TEST_DEVICES;
	return copy_to_user(arg, &v, sizeof(v)) ? -EFAULT : 0;
}

static long nvs_ioc_gpu_info(void __user *arg)
{
	struct nvsched_gpu_info info;
	struct nvs_gpu *g;
	const struct nvs_ident *id;
	int ret;

	if (copy_from_user(&info, arg, sizeof(info)))
		return -EFAULT;
	g = nvs_gpu_get_by_index(info.gpu);
	if (!g)
		return -ENODEV;
	memset(&info, 0, sizeof(info));
	info.gpu = g->index;

	ret = nvs_gpu_begin(g);
	if (ret == -EINTR)
		return ret;
	if (ret == 0 && g->ident_err)
		nvs_gpu_identify_locked(g);
	id = &g->ident;
	if (ret == -ENODEV)
		info.flags |= NVSCHED_GPU_GONE;
	if (g->ident_err || (ret && ret != -ENODEV)) {
		info.flags |= NVSCHED_GPU_NO_ID;
	} else {
		info.chip_id = id->chip_id;
		info.boot0 = id->boot0;
		info.boot42 = id->boot42;
		info.arch = id->arch;
		if (!id->chip)
			info.flags |= NVSCHED_GPU_UNKNOWN;
		if (id->caps_guessed)
			info.flags |= NVSCHED_GPU_GUESSED;
		if (id->chip && id->chip->tegra)
			info.flags |= NVSCHED_GPU_TEGRA;
		strscpy(info.name, id->chip ? id->chip->name : "unknown",
			sizeof(info.name));
		if (!ret && nvs_gsp_owned(g))
			info.flags |= NVSCHED_GPU_GSP;
	}
	if (ret == 0)
		nvs_gpu_end(g);
	if (g->test_dev)
		info.flags |= NVSCHED_GPU_TEST;
	if (g->pdev) {
		info.pci_domain = pci_domain_nr(g->pdev->bus);
		info.pci_bus = g->pdev->bus->number;
		info.pci_devfn = g->pdev->devfn;
		info.vendor = g->pdev->vendor;
		info.device = g->pdev->device;
	} else {
		info.flags |= NVSCHED_GPU_TEGRA | NVSCHED_GPU_PLATFORM;
	}
	info.bar0_size = g->regs_len;
	return copy_to_user(arg, &info, sizeof(info)) ? -EFAULT : 0;
}

static long nvs_ioc_topology(void __user *arg)
{
	struct nvsched_topology req;
	struct nvsched_engine __user *uarr;
	struct nvs_topology *t;
	struct nvs_gpu *g;
	unsigned int i;
	long ret = 0;

	if (copy_from_user(&req, arg, sizeof(req)))
		return -EFAULT;
	g = nvs_gpu_get_by_index(req.gpu);
	if (!g)
		return -ENODEV;
	ret = nvs_gpu_topology(g, &t);
	if (ret)
		return ret;
	uarr = u64_to_user_ptr(req.engines);
	if (req.count < t->n) {
		ret = -ENOSPC;
	} else {
		for (i = 0; i < t->n; i++) {
			const struct nvs_engine *e = &t->eng[i];
			struct nvsched_engine ue = {
				.type = e->type,
				.instance = e->instance,
				.runlist = e->runlist,
				.fault_id = e->fault_id,
				.reset_id = e->reset_id,
				.rleng_id = e->rleng_id,
				.engine_id = e->engine_id,
				.flags = e->is_engine ? NVSCHED_ENGINE_IS_ENGINE : 0,
				.pri_base = e->pri_base,
				.runlist_pri_base = e->runlist_pri_base,
			};

			if (copy_to_user(&uarr[i], &ue, sizeof(ue))) {
				ret = -EFAULT;
				break;
			}
		}
	}
	req.count = t->n;
	req.version = t->version;
	req.flags = (t->info2 ? NVSCHED_TOPO_INFO2 : 0) |
		    (t->version_unconfirmed ? NVSCHED_TOPO_UNCONFIRMED : 0);
	kfree(t);
	return nvs_ioc_listed(arg, &req, sizeof(req), ret);
}

static long nvs_ioc_runlist(struct file *file, void __user *arg)
{
	struct nvsched_runlist req;
	struct nvsched_rl_entry __user *uarr;
	struct nvs_rlcopy *s;
	struct nvs_gpu *g;
	unsigned int i;
	long ret = 0;

	/* the entries are read through the PRAMIN window the driver shares */
	ret = nvs_ioc_hw_in(file, &req, sizeof(req), arg);
	if (!ret)
		ret = nvs_ioc_gpu(nvs_ck_runlist(&req), req.gpu, &g);
	if (ret)
		return ret;
	ret = nvs_rlcopy_take(g, req.id, false, &s);
	if (ret)
		return ret;
	uarr = u64_to_user_ptr(req.entries);
	if (!s->err && s->loc.length > req.count)
		ret = -ENOSPC;
	for (i = 0; !ret && !s->err && i < s->loc.length; i++) {
		const struct nvs_rl_item *it = &s->items[i];
		struct nvsched_rl_entry e = {
			.kind = it->kind,
			.err = it->err,
			.inst_ap = it->inst_ap,
			.userd_ap = it->userd_ap,
			.runqueue = it->runqueue,
			.veid = it->veid,
			.status = it->st.status,
			.id = it->id,
			.length = it->length,
			.scale = it->scale,
			.timeout = it->timeout,
			.tsg = it->tsg,
			.chflags = it->st.flags,
			.raw = it->st.raw,
			.flags = (it->has_inst ? NVSCHED_RLE_HAS_INST : 0) |
				 (it->has_userd ? NVSCHED_RLE_HAS_USERD : 0) |
				 (it->st.valid ? NVSCHED_RLE_STATE : 0) |
				 (it->st.enabled ? NVSCHED_RLE_ENABLED : 0) |
				 (it->st.busy ? NVSCHED_RLE_BUSY : 0),
			.inst = it->inst,
			.userd = it->userd,
		};

		if (copy_to_user(&uarr[i], &e, sizeof(e)))
			ret = -EFAULT;
	}
	req.count = s->err ? 0 : s->loc.length;
	req.error = s->err;
	req.base = s->loc.base;
	req.length = s->loc.length;
	req.offset = s->loc.offset;
	req.aperture = s->loc.aperture;
	req.num_channels = s->loc.num_channels;
	req.chram_base = s->loc.chram_base;
	req.window_moves = s->moves;
	nvs_rlcopy_free(s);
	return nvs_ioc_listed(arg, &req, sizeof(req), ret);
}

static long nvs_ioc_control(struct file *file, void __user *arg)
{
	struct nvsched_control c;
	struct nvs_gpu *g;
	long ret;

	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	ret = nvs_ioc_hw_in(file, &c, sizeof(c), arg);
	if (!ret)
		ret = nvs_ioc_gpu(nvs_ck_control(&c), c.gpu, &g);
	if (ret)
		return ret;
	c.nwrites = 0;
	c.pending = 0;
	c.count = 0;
	c.resolved_runlist = -1;
	memset(c.writes, 0, sizeof(c.writes));
	ret = nvs_ck_control_op(&c);
	if (ret)
		return ret;
	if (c.op == NVSCHED_CTL_RESTORE_CHANNELS)
		ret = nvs_restore_channels(g, &c.count);
	else
		ret = nvs_control(g, &c);
	/* the request comes back on success and on ETIMEDOUT (pending bits) */
	if ((!ret || ret == -ETIMEDOUT) && copy_to_user(arg, &c, sizeof(c)))
		return -EFAULT;
	return ret;
}

static long nvs_ioc_raw_rd32(struct file *file, void __user *arg)
{
	struct nvsched_raw_rd32 req;
	struct nvs_gpu *g;
	u32 *off;
	unsigned int i;
	long ret;

	ret = nvs_ioc_hw_in(file, &req, sizeof(req), arg);
	if (!ret)
		ret = nvs_ioc_gpu(nvs_ck_raw_rd32(&req), req.gpu, &g);
	if (ret)
		return ret;
	off = kvmalloc_array(req.count, sizeof(*off), GFP_KERNEL_ACCOUNT);
	if (!off)
		return -ENOMEM;
	if (copy_from_user(off, u64_to_user_ptr(req.offsets), req.count * sizeof(*off))) {
		ret = -EFAULT;
		goto out;
	}
	for (i = 0; i < req.count; i++) {
		ret = nvs_ck_raw_offset(off[i], g->regs_len);
		if (ret)
			goto out;
	}
	ret = nvs_gpu_begin(g);
	if (ret)
		goto out;
	for (i = 0; i < req.count; i++)	/* values overwrite the offsets */
		off[i] = nvs_rd32(&g->io, off[i]);
	nvs_gpu_end(g);
	if (copy_to_user(u64_to_user_ptr(req.values), off, req.count * sizeof(*off)))
		ret = -EFAULT;
out:
	kvfree(off);
	return ret;
}

static long nvs_ioc_raw_mem(struct file *file, void __user *arg)
{
	struct nvsched_raw_mem req;
	struct nvs_gpu *g;
	void *buf;
	unsigned int moves = 0;
	long ret;

	ret = nvs_ioc_hw_in(file, &req, sizeof(req), arg);
	if (!ret)
		ret = nvs_ioc_gpu(nvs_ck_raw_mem(&req), req.gpu, &g);
	if (ret)
		return ret;
	buf = kvmalloc(req.len, GFP_KERNEL_ACCOUNT);
	if (!buf)
		return -ENOMEM;
	ret = nvs_gpu_begin(g);
	if (ret)
		goto out;
	ret = g->ident.caps ? nvs_vid_read(&g->io, g->ident.caps, NVS_AP_VID, req.addr, buf,
					   req.len, &moves) : -EOPNOTSUPP;
	nvs_gpu_end(g);
	if (ret)
		goto out;
	req.window_moves = moves;
	if (copy_to_user(u64_to_user_ptr(req.buf), buf, req.len) ||
	    copy_to_user(arg, &req, sizeof(req)))
		ret = -EFAULT;
out:
	kvfree(buf);
	return ret;
}

static long nvs_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	void __user *uarg = (void __user *)arg;

	switch (cmd) {
	case NVSCHED_IOC_VERSION:
		return nvs_ioc_version(uarg);
	case NVSCHED_IOC_GPU_INFO:
		return nvs_ioc_gpu_info(uarg);
	case NVSCHED_IOC_TOPOLOGY:
		return nvs_ioc_topology(uarg);
	case NVSCHED_IOC_RUNLIST:
		return nvs_ioc_runlist(file, uarg);
	case NVSCHED_IOC_CONTROL:
		return nvs_ioc_control(file, uarg);
	case NVSCHED_IOC_RAW_RD32:
		return nvs_ioc_raw_rd32(file, uarg);
	case NVSCHED_IOC_RAW_MEM:
		return nvs_ioc_raw_mem(file, uarg);
	case NVSCHED_IOC_PRIO_TSG:
	case NVSCHED_IOC_PRIO_SEG:
	case NVSCHED_IOC_PRIO_STATUS:
	case NVSCHED_IOC_PRIO_SET:
	case NVSCHED_IOC_PRIO_CAPTURE:
	case NVSCHED_IOC_PRIO_STATS:
		return nvs_prio_ioctl(file, cmd, uarg);
	default:
		return nvs_ioctl_topo(cmd, uarg);
	}
}

/* file->private_data: the file's priority task (prio.c), none at first */
static int nvs_open(struct inode *inode, struct file *file)
{
	file->private_data = NULL;
	return 0;
}

static int nvs_release(struct inode *inode, struct file *file)
{
	nvs_prio_release(file);
	return 0;
}

static const struct file_operations nvs_fops = {
	.owner = THIS_MODULE,
	.open = nvs_open,
	.release = nvs_release,
	.unlocked_ioctl = nvs_ioctl,
	.compat_ioctl = compat_ptr_ioctl,
	.llseek = noop_llseek,
};

static struct miscdevice nvs_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "nvsched",
	.fops = &nvs_fops,
	.mode = 0600,	/* packaging/udev/70-nvsched.rules, docs/security.md */
};

int nvs_dev_register(void)
{
	return misc_register(&nvs_misc);
}

void nvs_dev_unregister(void)
{
	misc_deregister(&nvs_misc);
}
