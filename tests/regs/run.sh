#!/usr/bin/env bash
# tests/regs/run.sh - the word of a multi-word entry cannot be misread.
#
# Fields of runlist entries (NV_RAMRL_ENTRY_*, regs/fifo.h) and page-table
# entries (NV_MMU_*, regs/mmu.h) carry their 32-bit word: (hi+w*32):(lo+w*32)
# (include/nvsched/regs/field.h).  For every such field this checks that
#   - it lies within one word (a static assertion per field),
#   - NVS_EGET(entry, field) reads that word (against a plain shift),
#   - NVS_GET(word, field), the single-word reader, does not build when the
#     field is not in word 0 (so nobody can pick a word by hand).
# Prints "REGS: N fields, M misuses refused" and exits non-zero on a failure.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
CC=${CC:-cc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# NAME WORD HI LO of every word-encoded field
grep -hE '^#define NV_(RAMRL_ENTRY|MMU)_[A-Z0-9_]+[[:space:]]+\([0-9]+\+[0-9]\*32\):\([0-9]+\+[0-9]\*32\)' \
	include/nvsched/regs/fifo.h include/nvsched/regs/mmu.h |
	sed -E 's/^#define ([A-Z0-9_]+)[[:space:]]+\(([0-9]+)\+([0-9])\*32\):\(([0-9]+)\+[0-9]\*32\).*/\1 \3 \2 \4/' \
	> "$tmp/fields"
n=$(wc -l < "$tmp/fields")
[ "$n" -gt 40 ] || { echo "REGS: only $n word-encoded fields found"; exit 1; }

{
	echo '#include <stdio.h>'
	echo '#include "nvsched/regs/fifo.h"'
	echo '#include "nvsched/regs/mmu.h"'
	echo 'int main(void) {'
	echo '	const unsigned int e[4] = { 0x89abcdefu, 0x13579bdfu, 0xfdb97531u, 0x2468ace0u };'
	echo '	int bad = 0;'
	while read -r name w hi lo; do
		echo "	_Static_assert(NVS_WORD($name) == $w && NVS_HI($name) / 32 == $w, \"$name spans words\");"
		echo "	if (NVS_EGET(e, $name) != ((e[$w] >> $lo) & (0xffffffffu >> (31 - $hi + $lo)))) { printf(\"$name misread\\n\"); bad = 1; }"
	done < "$tmp/fields"
	echo '	return bad;'
	echo '}'
} > "$tmp/ok.c"
if ! $CC -std=gnu11 -Wall -Wextra -Werror -Iinclude -o "$tmp/ok" "$tmp/ok.c"; then
	echo "FAIL: the word-encoded fields do not build with NVS_EGET"; fail=1
elif ! "$tmp/ok"; then
	echo "FAIL: NVS_EGET misreads a field"; fail=1
fi

refused=0
while read -r name w hi lo; do
	[ "$w" -gt 0 ] || continue
	printf '#include "nvsched/regs/fifo.h"\n#include "nvsched/regs/mmu.h"\nunsigned int f(const unsigned int *e) { return NVS_GET(e[%d], %s); }\n' \
		"$w" "$name" > "$tmp/bad.c"
	if $CC -std=gnu11 -Wall -Werror -Iinclude -c -o "$tmp/bad.o" "$tmp/bad.c" 2>/dev/null; then
		echo "FAIL: NVS_GET(e[$w], $name) builds"; fail=1
	else
		refused=$((refused + 1))
	fi
done < "$tmp/fields"

echo "REGS: $n fields, $refused misuses refused$([ $fail = 0 ] || echo ', FAILED')"
exit $fail
