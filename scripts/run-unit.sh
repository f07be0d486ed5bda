#!/usr/bin/env bash
# Run each unit-test binary given as an argument (from the repository root),
# show its output, and finish with one line "UNIT: N passed, M failed".
# Exits non-zero when any test binary fails (or is missing).
set -u

pass=0
fail=0
failed=()
for t in "$@"; do
	echo "=== $t"
	if [ ! -x "$t" ]; then
		echo "missing or not executable: $t"
		fail=$((fail + 1))
		failed+=("$t")
		continue
	fi
	"$t"
	rc=$?
	if [ "$rc" -eq 0 ]; then
		pass=$((pass + 1))
	else
		echo "--- $t FAILED (exit $rc)"
		fail=$((fail + 1))
		failed+=("$t")
	fi
done
[ "$fail" -gt 0 ] && echo "failed: ${failed[*]}"
echo "UNIT: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
