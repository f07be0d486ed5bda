// SPDX-License-Identifier: MIT
/* asuser UID CMD [ARGS...]: drop to UID (and GID = UID, no groups) and exec
 * CMD; lets guest cases check what an unprivileged user may open. */
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
	uid = (uid_t)atoi(argv[1]);
	if (setgroups(0, NULL) || setgid(uid) || setuid(uid)) {
		perror("asuser");
		return 2;
	}
	execvp(argv[2], argv + 2);
	perror(argv[2]);
	return 127;
}
