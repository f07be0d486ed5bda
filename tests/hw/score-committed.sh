#!/usr/bin/env bash
# tests/hw/score-committed.sh - the predictor scored against what a real H100
# did: tests/hw/compare.py over the committed `cfg` run (docs/hw/h100-cfg:
# 72 cases, 19 008 measured blocks).  Fails when a block's measured start or
# "waits at launch" is no longer predicted, when a measured placement becomes
# infeasible in the model, or when any count falls below the committed
# accuracy (docs/hw/h100-cfg/accuracy.json).  One line: "HW SCORE: ...".
#   tests/hw/score-committed.sh [build/bin/nvsched-predict]
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
bin=${1:-build/bin/nvsched-predict}
run=docs/hw/h100-cfg
out=$(mktemp)
trap 'rm -f "$out"' EXIT
python3 tests/hw/compare.py --predict "$bin" --json "$out" "$run"/results-*.jsonl.gz >/dev/null 2>&1 ||
	{ echo "HW SCORE: compare.py failed"; exit 1; }
python3 - "$out" "$run/accuracy.json" <<'PY'
import json, sys
got = json.load(open(sys.argv[1]))["ALL"]
ref = json.load(open(sys.argv[2]))["ALL"]
bad = [f"{k} {got.get(k)} < committed {v}" for k, v in ref.items() if got.get(k, -1) < v]
for k, tot in (("start_ok", "blocks"), ("wait_ok", "blocks"), ("feasible", "placements")):
    if got[k] != got[tot]:
        bad.append(f"{k} {got[k]} of {got[tot]}")
print(f"HW SCORE: {got['cases']} H100 cases, {got['blocks']} blocks: start {got['start_ok']}, "
      f"wait {got['wait_ok']}, feasible {got['feasible']}/{got['placements']}, "
      f"maxroom {got['maxroom']}, exact SM {got['exact']}"
      + ("; REGRESSED: " + "; ".join(bad) if bad else "; as committed"))
sys.exit(1 if bad else 0)
PY
