/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * ioctl_check.h - the pure checks of the /dev/nvsched ioctl arguments
 * (include/uapi/nvsched.h): reserved fields zero, known flags and
 * operations only, counts and ranges within their bounds.  kmod/linux calls
 * them after copy_from_user(), in the order that gives the errnos of
 * docs/CONTRACTS.md; the unit tests and the libFuzzer target `ioctl` run the
 * same code in user space.  No function reads anything but its arguments.
 */
#ifndef NVS_HW_IOCTL_CHECK_H
#define NVS_HW_IOCTL_CHECK_H

#include "compat.h"

struct nvsched_runlist;
struct nvsched_control;
struct nvsched_raw_rd32;
struct nvsched_raw_mem;
struct nvsched_prio_tsg;
struct nvsched_prio_seg;
struct nvsched_prio_status;
struct nvsched_prio_set;

/* the module's priority runtime limits (hardware runlist ids, TSG ids) */
#define NVS_CK_PRIO_RUNLISTS	64
#define NVS_CK_PRIO_TSGS	4096

/**
 * nvs_ck_runlist() - NVSCHED_IOC_RUNLIST request
 * @r: the request as copied in
 *
 * Return: 0; -EINVAL when a reserved word is not zero.
 */
int nvs_ck_runlist(const struct nvsched_runlist *r);

/**
 * nvs_ck_control() - NVSCHED_IOC_CONTROL request, before the GPU is looked up
 * @c: the request
 *
 * Return: 0; -EINVAL for an unknown flag or a reserved word not zero.
 */
int nvs_ck_control(const struct nvsched_control *c);

/**
 * nvs_ck_control_op() - NVSCHED_IOC_CONTROL, after the GPU is looked up
 * @c: the request
 *
 * Return: 0; -EINVAL for RESTORE_CHANNELS with DRY_RUN (a restore cannot
 * be planned: it would write).  Unknown operations are refused later, by
 * the control code (kmod/hw/control.c).
 */
int nvs_ck_control_op(const struct nvsched_control *c);

/**
 * nvs_ck_raw_rd32() - NVSCHED_IOC_RAW_RD32 request
 * @r: the request
 *
 * Return: 0; -EINVAL when @r->count is 0 or above NVSCHED_RAW_MAX_REGS.
 */
int nvs_ck_raw_rd32(const struct nvsched_raw_rd32 *r);

/**
 * nvs_ck_raw_offset() - one offset of NVSCHED_IOC_RAW_RD32
 * @off:      the BAR0 offset
 * @regs_len: bytes of the mapped register aperture
 *
 * Return: 0 when the 4-byte register at @off lies inside the aperture and
 * @off is 4-byte aligned; -EINVAL otherwise (also for an aperture below 4
 * bytes).
 */
int nvs_ck_raw_offset(uint32_t off, uint64_t regs_len);

/**
 * nvs_ck_raw_mem() - NVSCHED_IOC_RAW_MEM request
 * @r: the request
 *
 * Return: 0; -EINVAL for an aperture other than VID (0), a length of 0,
 * above NVSCHED_RAW_MAX_BYTES or not a multiple of 4, or an unaligned address.
 */
int nvs_ck_raw_mem(const struct nvsched_raw_mem *r);

/**
 * nvs_ck_prio_tsg() - NVSCHED_IOC_PRIO_TSG request, before the capability
 * @r: the request
 *
 * Return: 0; -EINVAL for an unknown flag or a reserved word not zero.
 */
int nvs_ck_prio_tsg(const struct nvsched_prio_tsg *r);

/**
 * nvs_ck_prio_target() - the TSG of NVSCHED_IOC_PRIO_TSG and _PRIO_SET,
 *			  after the capability
 * @runlist: hardware runlist id
 * @tsgid:   TSG id
 *
 * Return: 0; -EINVAL unless 0 <= @runlist < NVS_CK_PRIO_RUNLISTS and
 * @tsgid < NVS_CK_PRIO_TSGS.
 */
int nvs_ck_prio_target(int32_t runlist, uint32_t tsgid);

/**
 * nvs_ck_prio_seg() - NVSCHED_IOC_PRIO_SEG request
 * @r: the request
 *
 * Return: 0; -EINVAL for a reserved word, @r->flags or @r->running not
 * zero, an operation other than BEGIN and END, or (BEGIN) a priority other
 * than NVSCHED_PRIO_THREAD, NVSCHED_PRIO_BEST_EFFORT and 0..NVSCHED_PRIO_MAX.
 */
int nvs_ck_prio_seg(const struct nvsched_prio_seg *r);

/**
 * nvs_ck_prio_status() - NVSCHED_IOC_PRIO_STATUS request
 * @r: the request
 *
 * Return: 0; -EINVAL when a reserved word is not zero.
 */
int nvs_ck_prio_status(const struct nvsched_prio_status *r);

/**
 * nvs_ck_prio_set() - NVSCHED_IOC_PRIO_SET request, before the capability
 * @r: the request
 *
 * Return: 0; -EINVAL for a reserved word not zero or an operation other
 * than KEEP and UNKEEP.
 */
int nvs_ck_prio_set(const struct nvsched_prio_set *r);

#endif /* NVS_HW_IOCTL_CHECK_H */
