// SPDX-License-Identifier: MIT
// Rotation-state probe (docs/predict-h100-accuracy.md, "SM visiting order"): in a fresh
// process, 60 trials of kernels of 16, 132, 16 (and every third trial 66) one-warp
// blocks that spin 100 us on the global timer, one after the other (cudaMemcpy
// synchronises), sometimes with a host sleep in between.  Prints "trial kernel blocks
// smid of the first 24 blocks".  Build and run on the H100:
//   nvcc -arch=sm_90 -O2 -o rotprobe tests/hw/rotprobe.cu && ./rotprobe > probe.txt
#include <cstdio>
#include <unistd.h>
__global__ void k(int *o, long ns)
{
	unsigned s;
	long t0, t;
	asm("mov.u32 %0,%%smid;" : "=r"(s));
	asm volatile("mov.u64 %0,%%globaltimer;" : "=l"(t0));
	do
		asm volatile("mov.u64 %0,%%globaltimer;" : "=l"(t));
	while (t - t0 < ns);
	if (!threadIdx.x)
		o[blockIdx.x] = s;
}
int main()
{
	int *d, h[256];
	cudaMalloc(&d, 1024);
	k<<<1, 32>>>(d, 1000);
	cudaDeviceSynchronize();
	for (int i = 0; i < 60; i++) {
		int nb[4] = { 16, 132, 16, 66 };
		int n = (i % 3 == 2) ? 4 : 3;
		for (int j = 0; j < n; j++) {
			k<<<nb[j], 32>>>(d, 100000);
			cudaMemcpy(h, d, nb[j] * 4, cudaMemcpyDeviceToHost);
			printf("%d %d %d", i, j, nb[j]);
			for (int b = 0; b < nb[j] && b < 24; b++)
				printf(" %d", h[b]);
			printf("\n");
			if (i % 2)
				usleep(700 * (i % 5));
		}
	}
	return 0;
}
