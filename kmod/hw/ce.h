/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * ce.h - copy-engine topology: PCE map, LCE for each PCE, GRCE sharing.
 */
#ifndef NVS_HW_CE_H
#define NVS_HW_CE_H

#include "compat.h"
#include "nvs_io.h"
#include "chip.h"
#include "ptop.h"	/* nvs_printf_fn */

#define NVS_CE_MAX_PCES		32
#define NVS_CE_MAX_LCES		16	/* PCE_ASSIGNED_LCE is 4 bits */
#define NVS_CE_MAX_GRCES	2

#define NVS_CE_NONE		(-1)	/* PCE unconfigured / absent; GRCE not shared */
#define NVS_CE_NOVAL		(-2)	/* the hardware gave no value (PRI error, ...) */

/**
 * struct nvs_ce - decoded copy-engine topology
 * @pce_map: NV_CE_PCE_MAP (bit i = PCE i present), limited to @num_pces bits
 * @pce_map_raw: NV_CE_PCE_MAP as read
 * @num_pces: PCE slots this generation's registers describe
 * @num_grces: GRCEs (LCE0 and LCE1)
 * @num_lces: LCEs: NV_PTOP_SCAL_NUM_CES, at least one above the highest
 *	LCE any PCE or GRCE refers to (callers with the PTOP table may
 *	prefer its LCE count: SCAL_NUM_CES is wrong on TX1/TX2)
 * @lce_for_pce: LCE of each PCE, NVS_CE_NONE when the PCE is absent from
 *	@pce_map or unconfigured, NVS_CE_NOVAL when its register gave no value
 * @grce_shared_lce: LCE whose PCEs GRCE g shares, NVS_CE_NONE when it does
 *	not share (or has PCEs of its own), NVS_CE_NOVAL when unreadable
 */
struct nvs_ce {
	/* the arrays first: UBSan's bounds check (make asan) skips an array
	 * that ends a struct, as it could be a flexible one */
	int8_t lce_for_pce[NVS_CE_MAX_PCES];
	int8_t grce_shared_lce[NVS_CE_MAX_GRCES];
	uint32_t pce_map;
	uint32_t pce_map_raw;
	unsigned int num_pces;
	unsigned int num_grces;
	unsigned int num_lces;
};

/* PCE slots / GRCEs of this generation's registers; 0 = no CE map
 * (Kepler, Maxwell, unknown architecture). */
unsigned int nvs_ce_num_pce_slots(const struct nvs_caps *caps);
unsigned int nvs_ce_num_grce_slots(const struct nvs_caps *caps);

/**
 * nvs_ce_read() - read and decode the copy-engine topology
 * Return: 0; -EOPNOTSUPP when the chip has no CE map; -EIO when PCE_MAP
 * gives no value (PRI error, all-ones).  Single PCE/GRCE registers that give
 * no value are marked NVS_CE_NOVAL and do not fail the read.
 */
int nvs_ce_read(const struct nvs_io *io, const struct nvs_caps *caps, struct nvs_ce *ce);

/* Value-level accessors for /proc (one hardware read sequence each).
 * Return 0 with *out set, -ENODEV when unconfigured / not shared, -EIO when
 * the hardware gives no value, -ERANGE for an index the chip does not have,
 * -EOPNOTSUPP when the chip has no CE map. */
int nvs_ce_pce_map(const struct nvs_io *io, const struct nvs_caps *caps, uint32_t *out);
int nvs_ce_num_ces(const struct nvs_io *io, const struct nvs_caps *caps, uint32_t *out);
int nvs_ce_lce_for_pce(const struct nvs_io *io, const struct nvs_caps *caps,
		       unsigned int pce, int *out);
int nvs_ce_shared_lce_for_grce(const struct nvs_io *io, const struct nvs_caps *caps,
			       unsigned int grce, int *out);

/* Bit p set = PCE p is mapped directly to @lce. */
uint32_t nvs_ce_pces_of_lce(const struct nvs_ce *ce, unsigned int lce);
/* Is every present PCE's and every GRCE's register readable? */
bool nvs_ce_complete(const struct nvs_ce *ce);

/**
 * nvs_ce_format() - the copy_topology text (CONTRACTS.md §6): one line per
 * configured LCE in LCE order, "LCE04 -> PCE00 PCE01", a GRCE with its own
 * PCEs "GRCE0 -> PCE12", a sharing GRCE "GRCE0 -> LCE02 (shared)";
 * unconfigured LCEs are omitted.
 * Return: 0, or -EIO (nothing printed) when !nvs_ce_complete().
 */
int nvs_ce_format(const struct nvs_ce *ce, nvs_printf_fn pr, void *ctx);

#endif /* NVS_HW_CE_H */
