// SPDX-License-Identifier: MIT
/* killmono PID: print CLOCK_MONOTONIC (ns) and send SIGKILL to PID at once */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv)
{
	struct timespec t;

	if (argc != 2)
		return 2;
	clock_gettime(CLOCK_MONOTONIC, &t);
	if (kill((pid_t)atoi(argv[1]), SIGKILL))
		return 1;
	printf("%lld\n", (long long)t.tv_sec * 1000000000LL + t.tv_nsec);
	return 0;
}
