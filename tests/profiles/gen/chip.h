/* SPDX-License-Identifier: MIT */
/* nvss-gen: the description of one simulated chip (data only; encoding is in gen.c) */
#ifndef NVSS_GEN_CHIP_H
#define NVSS_GEN_CHIP_H
#include <stdint.h>
#include <stdio.h>
#include "snap.h"

enum gen { G_KEPLER, G_MAXWELL, G_PASCAL, G_VOLTA, G_TURING, G_AMPERE, G_ADA, G_HOPPER, G_BLACKWELL };

#define NONE (-1)
#define HOLE (-2)       /* a NOT_VALID / zero row in the PTOP table */

struct dev {
	int type;       /* ET_*, or HOLE */
	int inst;
	int rl;         /* runlist id, NONE for devices without a runlist */
	int rleng;      /* Ampere+: engine index within the runlist */
	uint32_t pri_base;
	int fault, reset, intr;
};

/* channel states (PCCSR STATUS pre-Ampere, CHRAM bits on Ampere+) */
enum chst { CS_IDLE, CS_PENDING, CS_ON_PBDMA, CS_ON_ENG, CS_DISABLED };

struct chan {
	int chid;
	enum chst st;
	int runqueue;           /* Volta+ RUNQUEUE_SELECTOR */
	int userd_sys;          /* 0: USERD in VID; else USERD in SYS at sys_userd (Volta+) */
	uint64_t sys_userd;
	uint64_t fixed_inst;    /* GH100: instance address given by the capture, 0 = allocate */
};

struct tsg {
	int tsgid;              /* NONE: a bare channel (Kepler–Pascal only), ch[0] */
	int scale, timeout;
	int nch;
	struct chan ch[6];
};

struct rl {
	int id;
	uint64_t base;          /* 0 = allocate; else fixed (GH100 capture) */
	unsigned base_misalign; /* offset of the runlist from a 4 KiB page (tests PTR_LO widths) */
	int offset;             /* SUBMIT OFFSET (Turing+) */
	int ntsg;
	struct tsg tsg[6];
};

struct chip {
	const char *name;       /* lower case, e.g. "gk104" */
	const char *product;
	uint32_t chip_id;       /* (arch << 4) | impl */
	int major_rev, minor_rev;
	const char *pci_id;
	enum gen gen;
	int boot42;             /* 0: no BOOT_42 line; 1: BOOT_42 encodes the id; 2: BOOT_42 reads 0 */
	int tegra;
	const char *note;       /* comment line(s) written into the profile */

	int ndev;
	struct dev dev[24];
	int num_rl_regs;        /* pre-Ampere: size of per-runlist register arrays */
	int num_pbdma;

	int ngpc, ntpc;
	uint32_t gpc_fuse;
	uint32_t tpc_fuse[16];

	int num_ces;            /* PTOP SCAL_NUM_CES value (0 = not written) */
	uint32_t pce_map;
	int npce;               /* entries written for PCE2LCE */
	int pce2lce[24];        /* LCE per PCE, 0xF none */
	int ngrce;
	int grce_shared[4];     /* LCE a GRCE shares, NONE = not shared */

	uint32_t num_channels;
	uint64_t vram_region;   /* where the generator allocates runlists/inst blocks/page tables */
	uint64_t window_base;   /* PRAMIN window base */

	int nrl;
	struct rl rl[3];
};

struct alloc { uint64_t next; };       /* bump allocator of VID addresses */

struct chanres { int chid; enum chst st; uint64_t inst; int tsgid; };
struct rlres {
	uint64_t base;
	int len;                /* entries */
	int nch;
	struct chanres ch[40];
	int on_eng_id, on_eng_is_tsg;   /* what ENGINE_STATUS reports, -1 none */
};

/* runlist entries, instance blocks, USERD, GPFIFO and page tables of one runlist */
void build_runlist_mem(const struct chip *c, struct snap *s, struct alloc *a,
		       const struct rl *r, struct rlres *res, uint32_t chram_base);

extern const struct chip chips[];
extern const int nchips;

int build_chip(const struct chip *c, struct snap *s);
int build_gh100(const struct chip *c, struct snap *s, const char *fixture);
int describe_chip(const struct chip *c, const char *fixture, FILE *out);

#endif
