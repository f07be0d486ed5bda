/* SPDX-License-Identifier: MIT */
/* probe.h - interface between tbsched.cu and the per-register-budget probe kernels. */
#ifndef PROBE_H
#define PROBE_H
#include <cuda_runtime.h>

struct probe_rec {
	unsigned smid;
	unsigned pad;
	unsigned long long t_start, t_end;	/* %globaltimer, ns */
	long long clk_start, clk_end;		/* clock64 */
};

#define PROBE_LM1 4096		/* local-memory variants: bytes of local array */
#define PROBE_LM2 16384
#define PROBE_MAX_DYN_SMEM (227 * 1024)

/* register budgets compiled (-maxrregcount), as in the paper: 24, 32, .., 248, 255 */
#define PROBE_REGS_LIST(X) X(24) X(32) X(40) X(48) X(56) X(64) X(72) X(80) X(88) X(96) \
	X(104) X(112) X(120) X(128) X(136) X(144) X(152) X(160) X(168) X(176) X(184) \
	X(192) X(200) X(208) X(216) X(224) X(232) X(240) X(248) X(255)

#define PROBE_DECL(n) \
	extern "C" int probe_attr_##n(int lm, struct cudaFuncAttributes *a); \
	extern "C" int probe_launch_##n(int lm, unsigned blocks, unsigned threads, size_t smem, \
					cudaStream_t st, struct probe_rec *rec, const float *in, \
					float *out, unsigned long long spin_ns);
PROBE_REGS_LIST(PROBE_DECL)
#endif
