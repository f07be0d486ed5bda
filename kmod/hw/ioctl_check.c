// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * ioctl_check.c - the pure checks of the /dev/nvsched ioctl arguments
 * (ioctl_check.h).
 */
#include "ioctl_check.h"
#include "nvs_io.h"
#include "../../include/uapi/nvsched.h"

/* true when every one of @n 32-bit words is zero */
static bool nvs_ck_zero(const uint32_t *w, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (w[i])
			return false;
	return true;
}

int nvs_ck_runlist(const struct nvsched_runlist *r)
{
	return nvs_ck_zero(r->reserved, NVS_ARRAY_SIZE(r->reserved)) ? 0 : -EINVAL;
}

int nvs_ck_control(const struct nvsched_control *c)
{
	if (c->flags & ~(NVSCHED_CTL_DRY_RUN | NVSCHED_CTL_NO_WAIT | NVSCHED_CTL_FORCE))
		return -EINVAL;
	return nvs_ck_zero(c->reserved, NVS_ARRAY_SIZE(c->reserved)) ? 0 : -EINVAL;
}

int nvs_ck_control_op(const struct nvsched_control *c)
{
	if (c->op == NVSCHED_CTL_RESTORE_CHANNELS && (c->flags & NVSCHED_CTL_DRY_RUN))
		return -EINVAL;
	return 0;
}

int nvs_ck_raw_rd32(const struct nvsched_raw_rd32 *r)
{
	return r->count && r->count <= NVSCHED_RAW_MAX_REGS ? 0 : -EINVAL;
}

int nvs_ck_raw_offset(uint32_t off, uint64_t regs_len)
{
	if ((off & 3) || regs_len < 4 || (uint64_t)off > regs_len - 4)
		return -EINVAL;
	return 0;
}

int nvs_ck_raw_mem(const struct nvsched_raw_mem *r)
{
	if (r->aperture != NVS_AP_VID || !r->len || r->len > NVSCHED_RAW_MAX_BYTES ||
	    (r->len & 3) || (r->addr & 3))
		return -EINVAL;
	return 0;
}

int nvs_ck_prio_tsg(const struct nvsched_prio_tsg *r)
{
	if (!nvs_ck_zero(r->reserved, NVS_ARRAY_SIZE(r->reserved)) ||
	    (r->flags & ~NVSCHED_PRIO_TSG_REMOVE))
		return -EINVAL;
	return 0;
}

int nvs_ck_prio_target(int32_t runlist, uint32_t tsgid)
{
	if (runlist < 0 || runlist >= NVS_CK_PRIO_RUNLISTS || tsgid >= NVS_CK_PRIO_TSGS)
		return -EINVAL;
	return 0;
}

int nvs_ck_prio_seg(const struct nvsched_prio_seg *r)
{
	if (!nvs_ck_zero(r->reserved, NVS_ARRAY_SIZE(r->reserved)) || r->flags || r->running)
		return -EINVAL;
	if (r->op != NVSCHED_PRIO_BEGIN && r->op != NVSCHED_PRIO_END)
		return -EINVAL;
	if (r->op == NVSCHED_PRIO_BEGIN && r->prio != NVSCHED_PRIO_THREAD &&
	    (r->prio > NVSCHED_PRIO_MAX || r->prio < NVSCHED_PRIO_BEST_EFFORT))
		return -EINVAL;
	return 0;
}

int nvs_ck_prio_status(const struct nvsched_prio_status *r)
{
	/* the runlist mechanism's counters are outputs that must come in zero
	 * (they took reserved words) */
	if (!nvs_ck_zero(r->reserved, NVS_ARRAY_SIZE(r->reserved)) || r->preempts ||
	    r->resubmits || r->submits)
		return -EINVAL;
	return 0;
}

int nvs_ck_prio_set(const struct nvsched_prio_set *r)
{
	if (!nvs_ck_zero(r->reserved, NVS_ARRAY_SIZE(r->reserved)))
		return -EINVAL;
	if (r->op == NVSCHED_PRIO_SET_MECHANISM)
		return r->runlist || r->tsgid || (r->mechanism != NVSCHED_PRIO_MECH_GATE &&
						  r->mechanism != NVSCHED_PRIO_MECH_RUNLIST) ?
		       -EINVAL : 0;
	if ((r->op != NVSCHED_PRIO_SET_KEEP && r->op != NVSCHED_PRIO_SET_UNKEEP) || r->mechanism)
		return -EINVAL;
	return 0;
}
