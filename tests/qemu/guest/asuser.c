// SPDX-License-Identifier: MIT
/* asuser UID CMD [ARGS...]: drop to UID (and GID = UID, no groups) and exec
 * CMD; lets guest cases check what an unprivileged user may open.
 * asuser -n CMD [ARGS...]: stay root but without CAP_SYS_ADMIN (dropped from
 * the bounding set, so exec gives root every capability but that one).
 * asuser -r CMD [ARGS...]: the same without CAP_SYS_RAWIO. */
#include <string.h>
#include <sys/prctl.h>
#include <linux/capability.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	uid_t uid;

	if (argc < 3) {
		fprintf(stderr, "usage: asuser UID CMD [ARGS...]\n");
		return 2;
	}
	if (!strcmp(argv[1], "-n") || !strcmp(argv[1], "-r")) {
		int cap = argv[1][1] == 'n' ? CAP_SYS_ADMIN : CAP_SYS_RAWIO;

		if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0)) {
			perror("asuser: PR_CAPBSET_DROP");
			return 2;
		}
		execvp(argv[2], argv + 2);
		perror(argv[2]);
		return 127;
	}
	uid = (uid_t)atoi(argv[1]);
	if (setgroups(0, NULL) || setgid(uid) || setuid(uid)) {
		perror("asuser");
		return 2;
	}
	execvp(argv[2], argv + 2);
	perror(argv[2]);
	return 127;
}
