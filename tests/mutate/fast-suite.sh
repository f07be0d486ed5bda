#!/usr/bin/env bash
# tests/mutate/fast-suite.sh - the killer of `make mutate`: the fast tests
# (make unit, the predictor golden and independent CLI cases, the command
# layer tests, five unit tests under ASan, the leak check), quietly; exits
# non-zero when any of them fails.
set -u
cd "$(dirname "$0")/../.." || exit 1
make --no-print-directory -s -j2 unit >/dev/null 2>&1 || { echo "fast suite: make unit failed"; exit 1; }
bash tests/predict/run-golden.sh build/bin/nvsched-predict >/dev/null 2>&1 || { echo "fast suite: predictor golden tests failed"; exit 1; }
if [ -f tests/cli/test_cli.py ]; then
	python3 tests/cli/test_cli.py -q >/dev/null 2>&1 || { echo "fast suite: CLI tests failed"; exit 1; }
fi
# memory faults (an index one off, a write past a buffer): the unit tests of
# the JSON code, the snapshot reader, the predictor, the runlist decoder and
# the control plans under ASan+UBSan, built as `make asan` builds them
# (build/asan, incremental: only the mutated file recompiles)
ASAN_CC="${CC:-cc} -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"
ASAN_T="test_json test_snapshot test_predict test_runlist test_control_seq"
# shellcheck disable=SC2046
ASAN_OPTIONS=detect_leaks=0 make --no-print-directory -s -j2 B=build/asan CC="$ASAN_CC" \
	$(printf 'build/asan/tests/unit/%s ' $ASAN_T) >/dev/null 2>&1 || { echo "fast suite: ASan build failed"; exit 1; }
for t in $ASAN_T; do
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1 "build/asan/tests/unit/$t" >/dev/null 2>&1 ||
		{ echo "fast suite: $t under ASan+UBSan failed"; exit 1; }
done
# no leak on the command, predictor and unit-test paths (a deleted free())
bash tests/cli/test_leaks.sh -q >/dev/null 2>&1 || { echo "fast suite: leak check failed"; exit 1; }
# the predictor against the committed H100 measurements (analysis mutants)
if [ "${MUTATE_AREA:-analysis}" = analysis ]; then
	bash tests/hw/score-committed.sh >/dev/null 2>&1 || { echo "fast suite: H100 score regressed"; exit 1; }
fi
exit 0
