// SPDX-License-Identifier: MIT
/*
 * runlist-bench: MMIO cost of reading runlists, from the simulator's
 * counters (no timing): for every profile given, every runlist is located,
 * fetched through the PRAMIN window (as the module does: no direct memory
 * access), decoded and its channel state read.  Reports 32-bit MMIO reads
 * per decoded entry (for the entries themselves and in total) and window
 * moves per runlist read.  Targets (issue "Runlists"): at most 4 entry reads
 * per 16-byte entry (2 per 8-byte entry) and at most 1 window move for a
 * runlist inside 1 MiB.  Exit status 1 when a target is missed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chip.h"
#include "ptop.h"
#include "runlist.h"
#include "sim.h"
#include "counting_io.h"

int main(int argc, char **argv)
{
	int a, fail = 0;

	printf("%-10s %3s %7s %9s %11s %11s %6s\n", "profile", "rl", "entries",
	       "entry_sz", "fetch/entry", "total/entry", "moves");
	for (a = 1; a < argc; a++) {
		char err[256];
		struct counter c = { 0 };
		struct nvs_io io = { .rd32 = c_rd, .wr32 = c_wr, .ctx = &c };
		struct nvs_topology *t = malloc(sizeof(*t));
		struct nvs_ident id;
		int16_t ids[NVS_MAX_ENGINES];
		unsigned int i, n;

		c.sim = nvs_sim_open(argv[a], err, sizeof(err));
		if (!c.sim || !t) {
			fprintf(stderr, "runlist-bench: %s\n", err);
			return 2;
		}
		if (nvs_identify(&io, &id) || nvs_ptop_read(&io, id.caps, t)) {
			fprintf(stderr, "runlist-bench: %s: cannot identify/decode\n", argv[a]);
			return 2;
		}
		n = nvs_ptop_runlists(t, ids);
		for (i = 0; i < n; i++) {
			struct nvs_rl_loc loc;
			struct nvs_rl_item *items;
			unsigned long r0, r1, r2, w0;
			unsigned int moves = 0;
			void *raw;
			double fetch, total;

			if (nvs_runlist_locate(&io, id.caps, t, ids[i], &loc) || !loc.length)
				continue;
			raw = malloc(nvs_runlist_bytes(id.caps, &loc));
			items = calloc(loc.length, sizeof(*items));
			r0 = c.reads;
			w0 = c.win_reads;
			if (nvs_runlist_fetch(&io, id.caps, &loc, raw, &moves)) {
				free(raw);
				free(items);
				continue;	/* unbacked (register-only capture) */
			}
			r1 = c.reads;
			nvs_runlist_decode(id.caps, &loc, raw, items);
			nvs_runlist_read_states(&io, id.caps, &loc, items);
			r2 = c.reads;
			/*
			 * entry reads only: the window register is read before
			 * a move and again before it is put back (the check that
			 * the owning driver did not move it meanwhile)
			 */
			fetch = (double)(r1 - r0 - (c.win_reads - w0)) / loc.length;
			total = (double)(r2 - r0) / loc.length;
			printf("%-10s %3d %7u %9u %11.2f %11.2f %6u\n",
			       strrchr(argv[a], '/') ? strrchr(argv[a], '/') + 1 : argv[a],
			       ids[i], loc.length, id.caps->rl_entry_size, fetch, total, moves);
			if (fetch > id.caps->rl_entry_size / 4 ||
			    (loc.length * id.caps->rl_entry_size <= 0x100000 && moves > 1)) {
				printf("  ^ target missed\n");
				fail = 1;
			}
			free(raw);
			free(items);
		}
		free(t);
		nvs_sim_free(c.sim);
	}
	return fail;
}
