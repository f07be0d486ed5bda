// SPDX-License-Identifier: MIT
// hog.cu - the best-effort task of the GSP priority evidence: every SM busy
// (4 blocks of 256 threads per SM, each spinning ~0.5 ms), kernels back to
// back for SECONDS; writes one line per 100 ms window: "<CLOCK_MONOTONIC ns>
// <kernels completed in the window>".
//   hog SECONDS OUT.txt
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <cuda_runtime.h>

__global__ void spin(long long cycles, int *sink) {
	long long t0 = clock64();
	while (clock64() - t0 < cycles) ;
	if (threadIdx.x == 0 && cycles < 0) sink[blockIdx.x] = 1;
}

static long long now_ns() {
	timespec t; clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000000000LL + t.tv_nsec;
}

int main(int argc, char **argv) {
	if (argc != 3) { fprintf(stderr, "usage: hog SECONDS OUT.txt\n"); return 2; }
	double secs = atof(argv[1]);
	cudaDeviceProp p; int *d; cudaStream_t s; cudaEvent_t ev[4];
	if (cudaGetDeviceProperties(&p, 0) != cudaSuccess) { fprintf(stderr, "hog: no GPU\n"); return 1; }
	cudaMalloc(&d, 4096 * sizeof(int));
	cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
	for (int i = 0; i < 4; i++) cudaEventCreateWithFlags(&ev[i], cudaEventDisableTiming);
	int khz = 0;
	cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, 0);
	long long cycles = (long long)khz * 1000LL / 2000;	/* ~0.5 ms */
	int blocks = p.multiProcessorCount * 4;
	FILE *f = fopen(argv[2], "w");
	if (!f) return 1;
	long long end = now_ns() + (long long)(secs * 1e9), win = now_ns() + 100000000LL;
	long done = 0, launched = 0;
	/* keep 4 kernels in flight: each event marks one completion */
	for (;;) {
		int slot = launched % 4;
		if (launched >= 4) { cudaEventSynchronize(ev[slot]); done++; }
		long long t = now_ns();
		if (t >= win) { fprintf(f, "%lld %ld\n", t, done); done = 0; win += 100000000LL; }
		if (t >= end) break;
		spin<<<blocks, 256, 0, s>>>(cycles, d);
		cudaEventRecord(ev[slot], s);
		launched++;
	}
	cudaStreamSynchronize(s);
	fclose(f);
	return 0;
}
