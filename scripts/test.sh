#!/usr/bin/env bash
# scripts/test.sh - what `make test` runs after building, in this order:
#   1. scripts/check-refs.sh     no tracked file names a path outside the repo
#      scripts/check-layers.py  the include rules of docs/architecture.md (and
#                               tests/layers/run.sh: planted violations caught)
#      tests/regs/run.sh         entry fields carry their word; NVS_GET refuses
#                               them (field.h)
#   2. scripts/check-kernels.sh  the module W=1 + sparse on 6.1, 6.12, 6.12-rt
#      scripts/check-arm64.sh    the same cross-built for arm64 (Jetson)
#      make cppcheck             user-space C, no finding
#   3. make unit                 cmocka unit tests (a skip is a failure)
#      make asan                 the same under AddressSanitizer + UBSan
#      make fuzz                 libFuzzer smoke (FUZZ_SECONDS each, default 10)
#   4. tests/predict/run-golden.sh   the predictor's CLI
#      tests/hw/score-committed.sh   the predictor vs what the H100 did
#      tests/cli/test_cli.py     engines/ce/gr/runlist text and JSON vs the
#                                generator's descriptions and RM's answers
#      tests/cli/test_leaks.sh   no leak on those paths (LeakSanitizer preloaded)
#      make mutate (sample)      2 mutants per area, so the tool cannot rot
#      tests/prio/run-cli.sh         nvsched prio simulate
#   5. tests/packaging/test-install.sh  make install/uninstall, DKMS build
#   6. tests/qemu/suite.sh       the module in QEMU guests on Debian kernels
# Every step runs even when an earlier one failed; the final summary block
# gives each runner's counts, then one "NOT RUN:" line per check that needs
# what a fresh Debian machine cannot have (a GPU, nvcc).  Exits non-zero if
# any runner failed.
#   scripts/test.sh [suite.sh options, e.g. --kernel 6.1]
#   env NVSS_QEMU_SELFTEST=0: skip the QEMU harness self-tests
set -uo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo" || exit 1
mkdir -p build
t0=$(date +%s)
lines=()
rc_all=0

# step NAME LOG PATTERN CMD...: run CMD, tee its output to build/LOG, keep
# its last line matching PATTERN for the summary (or say it printed none)
step() {
	local name=$1 log=build/$2 pat=$3 rc line
	shift 3
	echo "=== $name"
	"$@" 2>&1 | tee "$log"
	rc=${PIPESTATUS[0]}
	line=$(grep -a "$pat" "$log" | tail -1)
	[ -n "$line" ] || line="${pat#^}: no summary line"
	[ "$rc" -eq 0 ] || { line="$line [FAILED: exit $rc]"; rc_all=1; }
	lines+=("$line")
}

kernels() {
	local out rc n
	out=$(bash scripts/check-kernels.sh 2>&1); rc=$?
	out+=$'\n'$(bash scripts/check-arm64.sh 2>&1) || rc=1
	echo "$out"
	n=$(grep -c '^ok ' <<<"$out")
	echo "KERNELS: $n built warning-free, $(grep -c '^FAIL ' <<<"$out") failed ($(grep '^ok ' <<<"$out" | awk '{printf "%s%s", s, $2; s=", "}'))"
	return $rc
}

step "repository references (scripts/check-refs.sh)" test-refs.log '^REFS:' bash scripts/check-refs.sh
step "layout and include rules (scripts/check-layers.py, docs/architecture.md; planted violations: tests/layers)" test-layers.log '^LAYERS:' \
	bash -c 'bash tests/layers/run.sh && python3 scripts/check-layers.py'
step "multi-word entry fields carry their word (tests/regs/run.sh)" test-regs.log '^REGS:' \
	bash tests/regs/run.sh
step "module build on every kernel (scripts/check-kernels.sh)" test-kernels.log '^KERNELS:' kernels
step "cppcheck over the user-space C (make cppcheck)" test-cppcheck.log '^CPPCHECK:' \
	make --no-print-directory cppcheck
step "unit tests (make unit)" test-unit.log '^UNIT:' make --no-print-directory unit
step "unit tests under ASan+UBSan (make asan)" test-asan.log '^UNIT (ASan+UBSan):' \
	make --no-print-directory asan
step "fuzz smoke: past findings, then each target ${FUZZ_SECONDS:-10} s (make fuzz)" test-fuzz.log '^FUZZ:' \
	make --no-print-directory fuzz FUZZ_SECONDS="${FUZZ_SECONDS:-10}"
step "CLI golden tests (nvsched predict)" test-cli.log '^predict CLI:' \
	bash tests/predict/run-golden.sh build/bin/nvsched-predict
step "predictor vs the committed H100 measurements (tests/hw/score-committed.sh)" test-hwscore.log '^HW SCORE:' \
	bash tests/hw/score-committed.sh build/bin/nvsched-predict
step "command layer vs independent values (tests/cli/test_cli.py)" test-cli-cmds.log '^CLI:' \
	python3 tests/cli/test_cli.py -q
step "no leak on the command, predictor and unit-test paths (tests/cli/test_leaks.sh)" test-leaks.log '^LEAKS:' \
	bash tests/cli/test_leaks.sh -q
step "mutation sample: ${MUTATE_PER_AREA:-2} mutants per area (make mutate)" test-mutate.log '^MUTATE:' \
	make --no-print-directory mutate MUTATE_PER_AREA="${MUTATE_PER_AREA:-2}"
step "CLI tests (nvsched prio simulate)" test-prio-cli.log '^prio CLI:' \
	bash tests/prio/run-cli.sh build/bin/nvsched
step "GSP priority backend: agent + arbiter with real processes (make agent-test)" test-agent.log '^agent procs:' \
	make --no-print-directory agent-test
step "install, pkg-config, man page, completion, DKMS (tests/packaging)" test-packaging.log '^PACKAGING:' \
	bash tests/packaging/test-install.sh
args=()
[ "${NVSS_QEMU_SELFTEST:-1}" = 1 ] && args+=(--selftest)
step "QEMU kernel tests (tests/qemu/suite.sh)" test-qemu.log '^QEMU:' \
	bash tests/qemu/suite.sh "${args[@]}" "$@"

echo "=== summary ($(( $(date +%s) - t0 )) s)"
printf '%s\n' "${lines[@]}"
if ! command -v nvcc >/dev/null || ! command -v nvidia-smi >/dev/null; then
	echo "NOT RUN: tests/hw (predictor against a real H100: needs an NVIDIA GPU and nvcc; run tests/hw/run-h100.sh there; committed results in docs/hw/)"
	echo "NOT RUN: rm backend on a live GPU (needs the NVIDIA driver; evidence in tests/hw/rm-h100/, tests/hw/main-h100/)"
fi
exit $rc_all
