#!/usr/bin/env bash
# Run each unit-test binary given as an argument (from the repository root),
# show its output, and finish with one line
#   "UNIT: B binaries passed, F failed; T tests run, S skipped"
# (UNIT_LABEL replaces "UNIT", e.g. for the sanitizer run.)
# A cmocka skip is a failure: every unit test can run on any machine (the
# data it needs is in tests/fixtures).  Exits non-zero when any test binary
# fails, skips a test, or is missing.
set -u
# glibc fills freshly allocated (malloc, not calloc) and freed memory with a
# pattern: code that reads memory it never wrote sees garbage, not a lucky
# zero or the previous run's values (man 3 mallopt, M_PERTURB)
export MALLOC_PERTURB_=${MALLOC_PERTURB_:-165}

pass=0
fail=0
tests=0
skipped=0
failed=()
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for t in "$@"; do
	echo "=== $t"
	if [ ! -x "$t" ]; then
		echo "missing or not executable: $t"
		fail=$((fail + 1))
		failed+=("$t")
		continue
	fi
	"$t" 2>&1 | tee "$log"
	rc=${PIPESTATUS[0]}
	n=$(sed -n 's/^\[=*\] \([0-9][0-9]*\) test(s) run\..*/\1/p' "$log" | tail -1)
	s=$(grep -c '^\[  SKIPPED \]' "$log")
	tests=$((tests + ${n:-0}))
	if [ "$s" -gt 0 ]; then
		# cmocka lists each skipped test once more in its summary
		s=$(grep '^\[  SKIPPED \] [a-z_]' "$log" | sort -u | wc -l)
		skipped=$((skipped + s))
		echo "--- $t: $s test(s) SKIPPED: a skip is a failure here"
		[ "$rc" -eq 0 ] && rc=1
	fi
	if [ "$rc" -eq 0 ] && [ -z "$n" ]; then
		echo "--- $t: no cmocka summary line"
		rc=1
	fi
	if [ "$rc" -eq 0 ]; then
		pass=$((pass + 1))
	else
		echo "--- $t FAILED (exit $rc)"
		fail=$((fail + 1))
		failed+=("$t")
	fi
done
[ "$fail" -gt 0 ] && echo "failed: ${failed[*]}"
echo "${UNIT_LABEL:-UNIT}: $pass binaries passed, $fail failed; $tests tests run, $skipped skipped"
[ "$fail" -eq 0 ]
