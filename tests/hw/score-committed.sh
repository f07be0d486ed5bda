#!/usr/bin/env bash
# tests/hw/score-committed.sh - the predictor scored against what a real H100
# did (tests/hw/compare.py):
#  - the committed `cfg` run (docs/hw/h100-cfg: 72 cases, 19 008 measured
#    blocks): fails when a block's measured start or "waits at launch" is no
#    longer predicted, when a measured placement becomes infeasible in the
#    model, or when any count falls below docs/hw/h100-cfg/accuracy.json;
#  - run 3 (docs/hw/h100-run3 main: 440 cases, 235 528 blocks) with each
#    case's GPC-rotation state read from its first kernel (--order-oracle),
#    without the replay: fails when a count (SM ids, SM ids at launch, start
#    times, waits) falls below docs/hw/h100-run3/score-order-oracle.json.
#    The SM ids of later kernels there depend on the rotation rules
#    (docs/predict-h100-accuracy.md, "SM visiting order"), which the cfg
#    cases hardly exercise.
# One line each: "HW SCORE: ...".
#   tests/hw/score-committed.sh [build/bin/nvsched-predict]
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
bin=${1:-build/bin/nvsched-predict}
out=$(mktemp)
trap 'rm -f "$out"' EXIT

# score LABEL FLOORS ALL_RIGHT COMPARE-ARGS...: one "HW SCORE" line; ALL_RIGHT
# (1/0) also demands every start, wait and placement of the run
score() {
	local label=$1 floors=$2 all=$3
	shift 3
	python3 tests/hw/compare.py --predict "$bin" --json "$out" "$@" >/dev/null 2>&1 ||
		{ echo "HW SCORE: $label: compare.py failed"; return 1; }
	python3 - "$out" "$floors" "$label" "$all" <<'PY'
import json, sys
got = json.load(open(sys.argv[1]))["ALL"]
ref = json.load(open(sys.argv[2]))["ALL"]
bad = [f"{k} {got.get(k)} < committed {v}" for k, v in ref.items() if got.get(k, -1) < v]
if sys.argv[4] == "1":
    for k, tot in (("start_ok", "blocks"), ("wait_ok", "blocks"), ("feasible", "placements")):
        if got[k] != got[tot]:
            bad.append(f"{k} {got[k]} of {got[tot]}")
print(f"HW SCORE: {sys.argv[3]}: {got['cases']} H100 cases, {got['blocks']} blocks: "
      f"start {got['start_ok']}, wait {got['wait_ok']}, feasible {got['feasible']}/{got['placements']}, "
      f"maxroom {got['maxroom']}, exact SM {got['exact']} (at launch {got['launch_exact']})"
      + ("; REGRESSED: " + "; ".join(bad) if bad else "; as committed"))
sys.exit(1 if bad else 0)
PY
}

rc=0
score "cfg run" docs/hw/h100-cfg/accuracy.json 1 docs/hw/h100-cfg/results-*.jsonl.gz || rc=1
score "run 3, rotation state from the data" docs/hw/h100-run3/score-order-oracle.json 0 \
	--no-replay --order-oracle docs/hw/h100-run3/results-main.jsonl.gz || rc=1
exit $rc
