#!/usr/bin/env bash
# tests/mutate/fast-suite.sh - the killer of `make mutate`: the fast tests
# (make unit, the predictor's golden and independent CLI cases, the command
# layer tests, the leak check), quietly; exits non-zero when any of them fails.
set -u
cd "$(dirname "$0")/../.." || exit 1
make --no-print-directory -s -j2 unit >/dev/null 2>&1 || { echo "fast suite: make unit failed"; exit 1; }
bash tests/predict/run-golden.sh build/bin/nvsched-predict >/dev/null 2>&1 || { echo "fast suite: predictor golden tests failed"; exit 1; }
if [ -f tests/cli/test_cli.py ]; then
	python3 tests/cli/test_cli.py -q >/dev/null 2>&1 || { echo "fast suite: CLI tests failed"; exit 1; }
fi
# no leak on the command, predictor and unit-test paths (a deleted free())
bash tests/cli/test_leaks.sh -q >/dev/null 2>&1 || { echo "fast suite: leak check failed"; exit 1; }
# the predictor against the committed H100 measurements (analysis mutants)
if [ "${MUTATE_AREA:-analysis}" = analysis ]; then
	bash tests/hw/score-committed.sh >/dev/null 2>&1 || { echo "fast suite: H100 score regressed"; exit 1; }
fi
exit 0
