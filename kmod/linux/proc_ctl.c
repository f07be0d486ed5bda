// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * proc_ctl.c - the control files of /proc/gpuX (mode 0200):
 * disable_channel, enable_channel, preempt_tsg ("ID" or "RUNLIST:ID"),
 * preempt_runlist, resubmit_runlist ("RUNLIST").  The opener and the
 * writer need CAP_SYS_ADMIN and CAP_SYS_RAWIO, with no kernel lockdown.
 */
#include <linux/capability.h>
#include <linux/cred.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/proc_fs.h>
#include <linux/uaccess.h>

#include "nvs_params.h"
#include "nvs_gpu.h"
#include "nvs_control.h"
#include "nvs_proc.h"
#include "control.h"
#include "ctlparse.h"
#include "../../include/uapi/nvsched.h"

#define NVS_CTL_INPUT_MAX	32	/* "4294967295:4294967295\n" fits */

struct nvs_ctl_file {
	const char *name;
	enum nvs_ctl_op op;
};

static const struct nvs_ctl_file nvs_ctl_files[] = {
	{ "disable_channel", NVS_CTL_DISABLE_CHANNEL },
	{ "enable_channel", NVS_CTL_ENABLE_CHANNEL },
	{ "preempt_tsg", NVS_CTL_PREEMPT_TSG },
	{ "preempt_runlist", NVS_CTL_PREEMPT_RUNLIST },
	{ "resubmit_runlist", NVS_CTL_RESUBMIT_RUNLIST },
};

static ssize_t nvs_ctl_write(struct file *file, const char __user *ubuf, size_t count,
			     loff_t *ppos)
{
	const struct nvs_ctl_data *d = nvs_pde_data(file_inode(file));
	struct nvs_gpu *g = d->g;
	struct nvsched_control c = { 0 };
	char buf[NVS_CTL_INPUT_MAX];
	unsigned int id;
	int rl, ret;

	/* the opener's credentials, not only the writer's (docs/security.md) */
	if (!file_ns_capable(file, &init_user_ns, CAP_SYS_ADMIN) || !capable(CAP_SYS_ADMIN))
		return -EPERM;
	ret = nvs_hw_access_allowed(file);
	if (ret)
		return ret;
	/* one whole command per write: no split or over-long writes */
	if (*ppos != 0 || count == 0 || count >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	/* kmod/hw/ctlparse.c: kstrtouint's rules, unit-tested and fuzzed */
	ret = nvs_ctl_parse(buf, count, d->op <= NVS_CTL_PREEMPT_TSG, &rl, &id);
	if (ret)
		return ret;
	c.gpu = g->index;
	c.op = d->op;
	if (d->op == NVS_CTL_PREEMPT_RUNLIST || d->op == NVS_CTL_RESUBMIT_RUNLIST) {
		if (id > NVS_CTL_RUNLIST_MAX)
			return -ERANGE;
		c.runlist = id;
	} else {
		c.runlist = rl;
		c.id = id;
	}
	ret = nvs_control(g, &c);
	if (ret)
		return ret;
	*ppos += count;
	return count;
}

static const struct proc_ops nvs_ctl_ops = {
	.proc_write = nvs_ctl_write,
	.proc_lseek = noop_llseek,
};

/**
 * nvs_proc_add_control() - create the control files of @g (mode 0200)
 * @g: the GPU (its /proc directory exists)
 *
 * Return: 0 or -ENOMEM.
 */
int nvs_proc_add_control(struct nvs_gpu *g)
{
	unsigned int i;

	BUILD_BUG_ON(ARRAY_SIZE(nvs_ctl_files) != NVS_CTL_FILES);
	for (i = 0; i < ARRAY_SIZE(nvs_ctl_files); i++) {
		g->ctl_files[i].g = g;
		g->ctl_files[i].op = nvs_ctl_files[i].op;
		if (!proc_create_data(nvs_ctl_files[i].name, 0200, g->proc, &nvs_ctl_ops,
				      &g->ctl_files[i]))
			return -ENOMEM;
	}
	return 0;
}
