/* SPDX-License-Identifier: MIT OR GPL-2.0 */
/*
 * ptop.h - device topology: engines and the runlists they are bound to.
 */
#ifndef NVS_HW_PTOP_H
#define NVS_HW_PTOP_H

#include "compat.h"
#include "nvs_io.h"
#include "chip.h"

#define NVS_MAX_ENGINES		256	/* GB100 has MAX_DEVICES 0x99 */
#define NVS_MAX_INFO2_ROWS	1024	/* NUM_ROWS is 12 bits; GB100 has 353 */

/**
 * struct nvs_engine - one PTOP device
 * @type: DEV_TYPE_ENUM / TYPE_ENUM value
 * @instance: instance id
 * @runlist: hardware runlist id, -1 when the device has none
 * @fault_id: MMU fault id, -1 when invalid
 * @reset_id: reset id, -1 when invalid
 * @engine_id: host engine enum (legacy PTOP only), -1 otherwise
 * @intr_id: interrupt enum (legacy PTOP only), -1 otherwise
 * @rleng_id: engine index within its runlist (Ampere+), -1 otherwise
 * @is_engine: a host engine (has a runlist)
 * @pri_base: BAR0 base of the device's registers (0 when none)
 * @runlist_pri_base: BAR0 base of its NV_RUNLIST block (Ampere+), 0 if none
 */
struct nvs_engine {
	uint8_t type;
	uint8_t instance;
	int16_t runlist;
	int16_t fault_id;
	int16_t reset_id;
	int8_t engine_id;
	int8_t intr_id;
	int8_t rleng_id;
	bool is_engine;
	uint32_t pri_base;
	uint32_t runlist_pri_base;
};

/**
 * struct nvs_topology - the decoded device table
 * @n: number of devices in @eng, in table order
 * @info2: decoded from DEVICE_INFO2 (Ampere+), else legacy DEVICE_INFO
 * @version: DEVICE_INFO_CFG.VERSION (Ampere+), 0 for legacy
 * @version_unconfirmed: the version is not 2: decoded as version 2, which
 *	is only confirmed for the fields we use on GB20C (regs-fifo.md §2.2)
 * @rows: rows (Ampere+) or entries (legacy) scanned
 * @eng: the devices
 */
struct nvs_topology {
	unsigned int n;
	bool info2;
	uint8_t version;
	bool version_unconfirmed;
	unsigned int rows;
	struct nvs_engine eng[NVS_MAX_ENGINES];
};

/**
 * nvs_ptop_read() - decode the device table of the GPU behind @io
 * @io: register access
 * @caps: the chip's capabilities (selects the table format)
 * @t: result
 *
 * Return: 0, -EIO when the table reads PRI errors or is malformed,
 * -EOPNOTSUPP for an unknown DEVICE_INFO_CFG version, -E2BIG when a table
 * has more devices than NVS_MAX_ENGINES.
 */
int nvs_ptop_read(const struct nvs_io *io, const struct nvs_caps *caps,
		  struct nvs_topology *t);

/* Upper-case type name ("GRAPHICS", "LCE", ...) or NULL when unknown
 * (CONTRACTS.md §2 then wants "TYPE<n>"). */
const char *nvs_engine_type_name(unsigned int type);

/* Output sink for the text formatters (seq_printf, fprintf, ...). */
typedef void (*nvs_printf_fn)(void *ctx, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The device_info text: per-engine records, then runlist -> engines. */
void nvs_ptop_format(const struct nvs_topology *t, nvs_printf_fn pr, void *ctx);

/**
 * nvs_ptop_runlists() - distinct runlist ids, sorted
 * @t: topology
 * @ids: output array with room for NVS_MAX_ENGINES ids
 * Return: number of ids
 */
unsigned int nvs_ptop_runlists(const struct nvs_topology *t, int16_t *ids);

#endif /* NVS_HW_PTOP_H */
