// SPDX-License-Identifier: MIT
/*
 * tbsched.cu - hardware validation of nvsched predict (Wang et al., Section
 * III): launch random concurrent kernel sequences into distinct streams,
 * record the SM (%smid) and times of every thread block, and write one JSON
 * line per case with the predictor's input and the GPU's answer.
 * tests/hw/compare.py runs the predictor on these lines and scores it.
 *
 *   tbsched [-s SEED] [-u UNIT_MS] [-o FILE] [-L] FAMILY:COUNT ...
 *   families: table2 order cfg cfg2 cfg3 pair m1 m2 m3 m4 rand lm
 *   -L  do not preset a large stack limit (for the local-memory family)
 */
#include <cuda_runtime.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <vector>
#include <string>

#include "probe.h"

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
	exit(1); } } while (0)

typedef int (*attr_fn)(int, struct cudaFuncAttributes *);
typedef int (*launch_fn)(int, unsigned, unsigned, size_t, cudaStream_t, struct probe_rec *,
			 const float *, float *, unsigned long long);
struct variant {
	int budget;
	attr_fn attr;
	launch_fn launch;
	cudaFuncAttributes a[3];
};
#define PROBE_ENTRY(n) { n, probe_attr_##n, probe_launch_##n, {} },
static variant variants[] = { PROBE_REGS_LIST(PROBE_ENTRY) };
#define NVAR ((int)(sizeof(variants) / sizeof(variants[0])))

struct kspec {
	unsigned blocks, threads;
	int var;		/* index into variants */
	int lm;			/* local-memory variant 0..2 */
	size_t smem;		/* dynamic shared memory, bytes */
	double dur;		/* seconds */
};

static int nsm;
static size_t stack_limit;
static double unit = 0.02;	/* seconds */
static unsigned long long rng_state = 1;

static unsigned rnd(void)
{
	rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
	return (unsigned)(rng_state >> 33);
}
static unsigned rr(unsigned lo, unsigned hi) { return lo + rnd() % (hi - lo + 1); }

static int var_of_budget(int regs)
{
	for (int i = 0; i < NVAR; i++)
		if (variants[i].budget >= regs)
			return i;
	return NVAR - 1;
}

/* Can a block ever fit an empty H100 SM (64 warps, 64K registers, 228 KB)? */
static bool fits(const kspec &k)
{
	int regs = variants[k.var].a[k.lm].numRegs;
	unsigned w = (k.threads + 31) / 32;
	long r = (long)((regs + 7) / 8) * 8 * 32;
	long per_pb = (w + 3) / 4;

	if (w > 64 || per_pb * r > 16384)
		return false;
	if (k.smem + variants[k.var].a[k.lm].sharedSizeBytes + 1024 > 228 * 1024)
		return false;
	return true;
}

static kspec K(unsigned blocks, unsigned threads, int regs, size_t smem, double dur_units)
{
	kspec k = { blocks, threads, var_of_budget(regs), 0, smem, dur_units * unit };
	return k;
}

/* ---- case families ---- */

static std::vector<std::vector<kspec> > table2(void)
{
	std::vector<std::vector<kspec> > cs;
	unsigned h = nsm / 2;

	/* case 1.1 / 1.2 (warp-limited), 1.3 (register-limited), 1.4 (smem-limited) */
	cs.push_back({ K(h, 256, 32, 0, 1), K(h, 256, 32, 0, 1), K(1, 256, 32, 0, 1) });
	cs.push_back({ K(h, 512, 32, 0, 1), K(h, 256, 32, 0, 1), K(1, 256, 32, 0, 1) });
	cs.push_back({ K(h, 256, 128, 0, 1), K(h, 256, 64, 0, 1), K(1, 256, 64, 0, 1) });
	cs.push_back({ K(h, 32, 32, 96 * 1024, 1), K(h, 32, 32, 48 * 1024, 1),
		       K(1, 32, 32, 48 * 1024, 1) });
	/* case 2.1 */
	cs.push_back({ K(nsm, 64, 255, 0, 2), K(nsm, 64, 255, 0, 1), K(nsm, 64, 255, 0, 2),
		       K(nsm, 64, 255, 0, 1), K(nsm, 128, 255, 0, 1) });
	/* case 2.2 (3 warps wait) and its 2-warp counterpart */
	cs.push_back({ K(nsm, 32, 255, 0, 1), K(nsm, 128, 255, 0, 1), K(nsm, 96, 255, 0, 1) });
	cs.push_back({ K(nsm, 32, 255, 0, 1), K(nsm, 128, 255, 0, 1), K(nsm, 64, 255, 0, 1) });
	/* case 3 (H100: 32 blocks x 1 KB = 32 KB; then 32 x 2 KB = 64 KB) */
	cs.push_back({ K(h, 1, 32, 0, 1), K(1, 1, 32, 1024, 1) });
	/* case 4.1: 8 x 4 warps x 64 regs fill the registers; then 4 x 255 */
	{
		std::vector<kspec> c;
		for (int i = 0; i < 8; i++)
			c.push_back(K(nsm, 128, 64, 0, i % 2 ? 2 : 1));
		c.push_back(K(nsm, 128, 255, 0, 1));
		cs.push_back(c);
	}
	/* case 4.2: 8 x 28 KB fill a 228 KB configuration; then 56 KB */
	{
		std::vector<kspec> c;
		for (int i = 0; i < 8; i++)
			c.push_back(K(nsm, 32, 32, 27 * 1024, i % 2 ? 2 : 1));
		c.push_back(K(nsm, 32, 32, 55 * 1024, 1));
		cs.push_back(c);
	}
	return cs;
}

static std::vector<kspec> random_case(const char *fam)
{
	std::vector<kspec> c;
	unsigned nk;
	static const size_t smems[] = { 0, 512, 1024, 2048, 4096, 8192, 16384, 24576, 32768,
					49152, 65536, 98304, 131072, 163840, 200704 };

	if (!strcmp(fam, "m1"))
		nk = rr(2, 6);
	else if (!strcmp(fam, "m4"))
		nk = rr(6, 10);
	else
		nk = rr(2, 8);
	while (c.size() < nk) {
		kspec k;

		k.lm = 0;
		if (!strcmp(fam, "m1")) {	/* resources, no waiting: long equal durations */
			k.blocks = rr(1, nsm + nsm / 2);
			k.threads = rr(1, 1024);
			k.var = rr(0, 7);	/* 24..80 registers */
			k.smem = rr(0, 4) * 1024;
			k.dur = 3 * unit;
		} else if (!strcmp(fam, "m2")) {	/* processing blocks: many registers */
			k.blocks = rr(1, nsm);
			k.threads = rr(1, 8) * 32 - rr(0, 1) * rr(0, 31);
			k.var = rr(13, NVAR - 1);	/* 128..255 */
			k.smem = 0;
			k.dur = rr(1, 3) * unit;
		} else if (!strcmp(fam, "m3")) {	/* shared-memory configurations */
			k.blocks = rr(1, nsm);
			k.threads = rr(1, 8) * 32;
			k.var = rr(0, 3);
			k.smem = smems[rr(0, 14)];
			k.dur = rr(1, 3) * unit;
		} else if (!strcmp(fam, "m4")) {	/* register fragments */
			k.blocks = nsm;
			k.threads = rr(1, 4) * 32;
			k.var = rr(4, NVAR - 1);
			k.smem = 0;
			k.dur = rr(1, 2) * unit;
		} else if (!strcmp(fam, "lm")) {	/* local-memory configuration */
			k.blocks = rr(1, nsm);
			k.threads = rr(1, 4) * 32;
			k.var = 1;
			k.lm = rr(0, 2);
			k.smem = 0;
			k.dur = rr(1, 2) * unit;
		} else {	/* rand: everything, as the paper's generator */
			k.blocks = rr(1, 2 * nsm);
			k.threads = rr(1, 1024);
			k.var = rr(0, NVAR - 1);
			k.smem = rr(0, 3) ? rr(0, 64) * 512 : smems[rr(0, 14)];
			k.dur = rr(1, 3) * unit;
		}
		if (fits(k))
			c.push_back(k);
	}
	return c;
}

/*
 * cfg2: which kernel may start next to another (Mechanism 3 below the 32 KB
 * configuration).  k1 fills every SM with one block, k2 follows with one
 * block per SM; whether k2's blocks start at launch next to k1's tells if the
 * two configurations are compatible.  k1 is register-bound to one block per
 * SM (24 warps x 48 registers: configuration = 1 x (smem + 1 KB)) or holds
 * two (29 warps x 24 registers); k2 is the two-block kernel or a one-warp one
 * (occupancy 32), with shared memory from 0 to 30 KB.  Warps and registers
 * always fit beside each other (53 warps, 15 360 registers per processing
 * block at most), so only the shared-memory configuration can keep them
 * apart.
 */
static std::vector<std::vector<kspec> > cfg2(void)
{
	static const size_t s1a[] = { 0, 3072, 5632, 14336, 30720, 61440 };
	static const size_t s1b[] = { 0, 3072, 6144, 14336 };
	static const size_t s2a[] = { 0, 1024, 2048, 3072, 4096, 6144, 7168, 14336, 30720 };
	static const size_t s2b[] = { 0, 1024, 3072, 7168 };
	std::vector<kspec> k1, k2;
	std::vector<std::vector<kspec> > cs;

	for (size_t s : s1a)
		k1.push_back(K(nsm, 768, 48, s, 1));
	for (size_t s : s1b)
		k1.push_back(K(nsm, 928, 24, s, 1));
	for (size_t s : s2a)
		k2.push_back(K(nsm, 928, 24, s, 1));
	for (size_t s : s2b)
		k2.push_back(K(nsm, 32, 32, s, 1));
	for (auto &a : k1)
		for (auto &b : k2)
			cs.push_back({ a, b });
	return cs;
}

/*
 * cfg3: the largest SM configuration each kernel shape lets a later kernel
 * raise the SM to.  k1 (threads x registers x shared memory, one block per
 * SM) is followed by a probe of a known configuration: 256 threads x 24
 * registers (occupancy 8: 8, 16, 32, 64 KB) or one warp (occupancy 32:
 * 100-228 KB).  The probe starts at launch when its configuration is one k1
 * allows (and its block fits beside k1's).
 */
static std::vector<std::vector<kspec> > cfg3(void)
{
	static const unsigned th[] = { 32, 128, 256, 512, 768, 928, 1024 };
	static const int rg[] = { 24, 32, 48, 64, 96, 128 };
	static const size_t s1[] = { 0, 2048, 6144, 14336 };
	static const size_t pa[] = { 0, 1024, 3072, 7168 };
	static const size_t pb[] = { 2048, 3072, 4096, 5120, 6144 };
	std::vector<std::vector<kspec> > cs;

	for (unsigned t : th)
		for (int r : rg)
			for (size_t s : s1) {
				kspec a = K(nsm, t, r, s, 1);

				if (!fits(a))
					continue;
				for (size_t p : pa)
					cs.push_back({ a, K(nsm, 256, 24, p, 1) });
				for (size_t p : pb)
					cs.push_back({ a, K(nsm, 32, 32, p, 1) });
			}
	return cs;
}

/* pair: two random kernels of one block per SM each (as rand draws them) */
static std::vector<kspec> random_pair(void)
{
	std::vector<kspec> c;

	while (c.size() < 2) {
		kspec k;

		k.lm = 0;
		k.blocks = nsm;
		k.threads = rr(1, 1024);
		k.var = rr(0, NVAR - 1);
		k.smem = rr(0, 1) ? rr(0, 64) * 512 : rr(0, 40) * 1024;
		k.dur = unit;
		if (fits(k))
			c.push_back(k);
	}
	return c;
}

/* ---- running a case ---- */

static FILE *out;
static std::vector<cudaStream_t> streams;
static float *d_in, *d_out;

static void run_case(int id, const char *fam, const std::vector<kspec> &c)
{
	std::vector<probe_rec *> d(c.size());
	std::vector<std::vector<probe_rec> > h(c.size());
	unsigned long long t0 = ~0ULL;

	for (size_t i = 0; i < c.size(); i++) {
		CK(cudaMalloc(&d[i], c[i].blocks * sizeof(probe_rec)));
		CK(cudaMemset(d[i], 0xff, c[i].blocks * sizeof(probe_rec)));
	}
	CK(cudaDeviceSynchronize());
	for (size_t i = 0; i < c.size(); i++) {
		const kspec &k = c[i];
		int e = variants[k.var].launch(k.lm, k.blocks, k.threads, k.smem,
					       streams[i % streams.size()], d[i], d_in, d_out,
					       (unsigned long long)(k.dur * 1e9));
		if (e) {
			fprintf(stderr, "case %d kernel %zu: launch: %s\n", id, i,
				cudaGetErrorString((cudaError_t)e));
			exit(1);
		}
	}
	CK(cudaDeviceSynchronize());
	for (size_t i = 0; i < c.size(); i++) {
		h[i].resize(c[i].blocks);
		CK(cudaMemcpy(h[i].data(), d[i], c[i].blocks * sizeof(probe_rec),
			      cudaMemcpyDeviceToHost));
		CK(cudaFree(d[i]));
		for (auto &r : h[i])
			if (r.t_start < t0)
				t0 = r.t_start;
	}
	fprintf(out, "{\"case\":%d,\"family\":\"%s\",\"unit\":%g,\"input\":{\"schema\":1,"
		"\"gpu\":{\"base\":\"gh100-h100-sxm\",\"sms\":%d,\"lmem_initial\":%zu},"
		"\"kernels\":[", id, fam, unit, nsm, stack_limit);
	for (size_t i = 0; i < c.size(); i++) {
		const kspec &k = c[i];
		const cudaFuncAttributes &a = variants[k.var].a[k.lm];

		fprintf(out, "%s{\"name\":\"k%zu\",\"blocks\":%u,\"threads\":%u,\"regs\":%d,"
			"\"smem\":%zu,\"lmem\":%zu,\"duration\":%g,\"maxrregcount\":%d}",
			i ? "," : "", i + 1, k.blocks, k.threads, a.numRegs,
			k.smem + a.sharedSizeBytes, a.localSizeBytes, k.dur, variants[k.var].budget);
	}
	fprintf(out, "]},\"actual\":[");
	for (size_t i = 0; i < c.size(); i++) {
		fprintf(out, "%s{\"sm\":[", i ? "," : "");
		for (size_t b = 0; b < h[i].size(); b++)
			fprintf(out, "%s%u", b ? "," : "", h[i][b].smid);
		fprintf(out, "],\"start_us\":[");
		for (size_t b = 0; b < h[i].size(); b++)
			fprintf(out, "%s%llu", b ? "," : "", (h[i][b].t_start - t0) / 1000);
		fprintf(out, "],\"end_us\":[");
		for (size_t b = 0; b < h[i].size(); b++)
			fprintf(out, "%s%llu", b ? "," : "", (h[i][b].t_end - t0) / 1000);
		fprintf(out, "],\"clk\":[");
		for (size_t b = 0; b < h[i].size(); b++)
			fprintf(out, "%s%lld", b ? "," : "", h[i][b].clk_end - h[i][b].clk_start);
		fprintf(out, "]}");
	}
	fprintf(out, "]}\n");
	fflush(out);
}

int main(int argc, char **argv)
{
	const char *path = NULL;
	bool keep_stack = false;
	unsigned seed = 1;
	int opt, id = 0;
	cudaDeviceProp p;

	while ((opt = getopt(argc, argv, "s:u:o:L")) != -1) {
		switch (opt) {
		case 's': seed = (unsigned)strtoul(optarg, NULL, 0); break;
		case 'u': unit = atof(optarg) / 1000.0; break;
		case 'o': path = optarg; break;
		case 'L': keep_stack = true; break;
		default:
			fprintf(stderr, "usage: tbsched [-s SEED] [-u UNIT_MS] [-o FILE] [-L] FAMILY:COUNT ...\n");
			return 2;
		}
	}
	rng_state = seed * 2654435761ULL + 1;
	out = path ? fopen(path, "w") : stdout;
	if (!out) {
		perror(path);
		return 1;
	}
	CK(cudaGetDeviceProperties(&p, 0));
	nsm = p.multiProcessorCount;
	fprintf(stderr, "device: %s, %d SMs, cc %d.%d, %zu B smem/SM, %d threads/SM, %d blocks/SM\n",
		p.name, nsm, p.major, p.minor, p.sharedMemPerMultiprocessor,
		p.maxThreadsPerMultiProcessor, p.maxBlocksPerMultiProcessor);
	if (!keep_stack)
		CK(cudaDeviceSetLimit(cudaLimitStackSize, 32 * 1024));
	CK(cudaDeviceGetLimit(&stack_limit, cudaLimitStackSize));
	fprintf(stderr, "stack limit %zu B/thread\n", stack_limit);
	for (int i = 0; i < NVAR; i++)
		for (int lm = 0; lm < 3; lm++) {
			int e = variants[i].attr(lm, &variants[i].a[lm]);

			if (e) {
				fprintf(stderr, "attributes of r%d/lm%d: %s\n", variants[i].budget, lm,
					cudaGetErrorString((cudaError_t)e));
				return 1;
			}
		}
	for (int i = 0; i < NVAR; i++)
		fprintf(stderr, "r%-3d: %d regs, local %zu/%zu/%zu B\n", variants[i].budget,
			variants[i].a[0].numRegs, variants[i].a[0].localSizeBytes,
			variants[i].a[1].localSizeBytes, variants[i].a[2].localSizeBytes);
	streams.resize(32);
	for (auto &s : streams)
		CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
	CK(cudaMalloc(&d_in, 4096 * sizeof(float)));
	CK(cudaMemset(d_in, 0, 4096 * sizeof(float)));
	CK(cudaMalloc(&d_out, 1024 * sizeof(float)));
	/* warm-up: every variant once */
	for (int i = 0; i < NVAR; i++) {
		kspec k = { 1, 32, i, 0, 0, 0 };
		std::vector<kspec> c(1, k);
		probe_rec *r;

		CK(cudaMalloc(&r, sizeof(*r)));
		for (int lm = 0; lm < 3; lm++)
			CK((cudaError_t)variants[i].launch(lm, 1, 32, 0, streams[0], r, d_in, d_out, 0));
		CK(cudaDeviceSynchronize());
		CK(cudaFree(r));
	}
	for (int a = optind; a < argc; a++) {
		char fam[32];
		int count = 1;

		if (sscanf(argv[a], "%31[^:]:%d", fam, &count) < 1) {
			fprintf(stderr, "bad family '%s'\n", argv[a]);
			return 2;
		}
		if (!strcmp(fam, "cfg")) {	/* Mechanism 3 thresholds: does k2 wait for k1? */
			static const size_t k1s[] = { 0, 3072, 7168 };
			static const size_t k2s[] = { 0, 1024, 2048, 3072, 4096, 5120, 6144, 8192,
						      16384, 32768, 65536, 102400 };
			for (int n = 0; n < count; n++)
				for (size_t a = 0; a < 3; a++)
					for (size_t b = 0; b < 12; b++)
						run_case(id++, fam, { K(nsm, 32, 32, k1s[a], 1),
								      K(nsm, 32, 32, k2s[b], 1) });
		} else if (!strcmp(fam, "order")) {	/* SM visiting order: one block per SM */
			for (int n = 0; n < count; n++) {
				run_case(id++, fam, { K(nsm, 1024, 64, 0, 1) });
				run_case(id++, fam, { K(nsm, 1024, 64, 0, 1), K(nsm, 32, 32, 0, 1) });
			}
		} else if (!strcmp(fam, "cfg2")) {
			auto cs = cfg2();
			for (int rep = 0; rep < count; rep++)
				for (auto &c : cs)
					run_case(id++, fam, c);
		} else if (!strcmp(fam, "cfg3")) {
			auto cs = cfg3();
			for (int rep = 0; rep < count; rep++)
				for (auto &c : cs)
					run_case(id++, fam, c);
		} else if (!strcmp(fam, "pair")) {
			for (int n = 0; n < count; n++)
				run_case(id++, fam, random_pair());
		} else if (!strcmp(fam, "table2")) {
			auto cs = table2();
			for (int rep = 0; rep < count; rep++)
				for (auto &c : cs)
					run_case(id++, fam, c);
		} else {
			for (int n = 0; n < count; n++)
				run_case(id++, fam, random_case(fam));
		}
		fprintf(stderr, "%s: done (%d cases so far)\n", fam, id);
	}
	if (out != stdout)
		fclose(out);
	return 0;
}
