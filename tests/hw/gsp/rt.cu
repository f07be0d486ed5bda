// SPDX-License-Identifier: MIT
// rt.cu - the real-time task of the GSP priority evidence (tests/hw/gsp):
// a 1-block kernel every 1-2 ms at random phase; latency = launch to
// completion (host clock around launch + synchronize, spinning).
//   rt NAME SAMPLES OUT.json       (SAMPLES 0: until killed, nothing written)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>
#include <cuda_runtime.h>

__global__ void tiny(int *p) { if (threadIdx.x == 0) p[blockIdx.x] += 1; }

static long long now_ns() {
	timespec t; clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000000000LL + t.tv_nsec;
}

int main(int argc, char **argv) {
	if (argc != 4) { fprintf(stderr, "usage: rt NAME SAMPLES OUT.json\n"); return 2; }
	long n = atol(argv[2]);
	cudaSetDeviceFlags(cudaDeviceScheduleSpin);
	int *d; cudaStream_t s;
	if (cudaMalloc(&d, 64 * sizeof(int)) != cudaSuccess) { fprintf(stderr, "rt: no GPU\n"); return 1; }
	cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
	for (int i = 0; i < 50; i++) { tiny<<<1, 32, 0, s>>>(d); cudaStreamSynchronize(s); }
	srand48((long)now_ns());
	std::vector<double> lat;
	long long t_start = now_ns();
	for (long i = 0; n == 0 || i < n; i++) {
		timespec w = { 0, 1000000L + (long)(drand48() * 1000000.0) };
		nanosleep(&w, nullptr);
		long long t0 = now_ns();
		tiny<<<1, 32, 0, s>>>(d);
		if (cudaStreamSynchronize(s) != cudaSuccess) { fprintf(stderr, "rt: kernel failed\n"); return 1; }
		lat.push_back((now_ns() - t0) / 1e3);
	}
	long long t_end = now_ns();
	std::vector<double> v = lat;
	std::sort(v.begin(), v.end());
	size_t k = v.size();
	FILE *f = fopen(argv[3], "w");
	if (!f) return 1;
	fprintf(f, "{\"name\":\"%s\",\"samples\":%zu,\"start_ns\":%lld,\"end_ns\":%lld,"
		"\"min_us\":%.1f,\"median_us\":%.1f,\"p99_us\":%.1f,\"max_us\":%.1f}\n",
		argv[1], k, t_start, t_end, v[0], v[k / 2], v[(size_t)(0.99 * (k - 1))], v[k - 1]);
	fclose(f);
	return 0;
}
