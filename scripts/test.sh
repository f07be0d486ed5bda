#!/usr/bin/env bash
# scripts/test.sh - what `make test` runs after building: the unit tests
# (`make unit`, summary line "UNIT: ...") and the QEMU kernel tests
# (tests/qemu/suite.sh, summary line "QEMU: N passed, M failed").  Ends with
# both summary lines; exits non-zero if either runner failed.
#   scripts/test.sh [suite.sh options, e.g. --kernel 6.1]
#   env NVSS_QEMU_SELFTEST=0: skip the QEMU harness self-tests
set -uo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo" || exit 1
mkdir -p build
t0=$(date +%s)

echo "=== unit tests (make unit)"
make --no-print-directory unit 2>&1 | tee build/test-unit.log
urc=${PIPESTATUS[0]}
unit_line=$(grep -a '^UNIT:' build/test-unit.log | tail -1)
[ -n "$unit_line" ] || unit_line="UNIT: no summary line (make unit exited $urc)"
[ $urc -eq 0 ] || unit_line="$unit_line [make unit exited $urc]"

echo "=== CLI golden tests (nvsched predict)"
bash tests/predict/run-golden.sh build/bin/nvsched-predict 2>&1 | tee build/test-cli.log
crc=${PIPESTATUS[0]}
cli_line=$(grep -a '^predict CLI:' build/test-cli.log | tail -1)
[ -n "$cli_line" ] || cli_line="predict CLI: no summary line (exited $crc)"

echo "=== QEMU kernel tests (tests/qemu/suite.sh)"
args=()
[ "${NVSS_QEMU_SELFTEST:-1}" = 1 ] && args+=(--selftest)
bash tests/qemu/suite.sh "${args[@]}" "$@" 2>&1 | tee build/test-qemu.log
qrc=${PIPESTATUS[0]}
qemu_line=$(grep -a '^QEMU:' build/test-qemu.log | tail -1)
[ -n "$qemu_line" ] || qemu_line="QEMU: no summary line (suite.sh exited $qrc)"

echo "=== summary ($(( $(date +%s) - t0 )) s)"
echo "$unit_line"
echo "$cli_line"
echo "$qemu_line"
[ $urc -eq 0 ] && [ $crc -eq 0 ] && [ $qrc -eq 0 ]
