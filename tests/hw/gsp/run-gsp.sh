#!/usr/bin/env bash
# tests/hw/gsp/run-gsp.sh DIR - evidence for the GSP priority backend on a
# real GPU (H100, GSP firmware; no nvsched module needed): builds rt, hog and
# killmono with nvcc/cc, nvsched and libnvsched-agent.so with make, then runs
#   hog alone, rt alone, rt + hog unmanaged (driver defaults),
#   rt (prio run --prio 90) + hog (prio run --best-effort) under the arbiter,
#   three real-time priorities (90, 50, 10) + hog,
#   the gate mechanism, kill -9 of the real-time task, kill -9 of the arbiter
# and leaves raw results in DIR; tests/hw/gsp/report.py DIR summarises them.
# N (samples per rt run, default 400), SMALL_US (the arbiter's --small-us,
# default 1), LOWER_MECH (mechanism of the lower real-time tasks of step 5:
# timeslice by default, gate for strict priority among real-time tasks).
set -u
D=${1:?usage: run-gsp.sh DIR}
N=${N:-400}
mkdir -p "$D"
BIN=build/hw/gsp
mkdir -p "$BIN"
NVCC=${NVCC:-nvcc}
command -v "$NVCC" >/dev/null || NVCC=/usr/local/cuda/bin/nvcc
"$NVCC" -O2 -arch=sm_90 -o "$BIN/rt" tests/hw/gsp/rt.cu || exit 1
"$NVCC" -O2 -arch=sm_90 -o "$BIN/hog" tests/hw/gsp/hog.cu || exit 1
cc -O2 -o "$BIN/killmono" tests/hw/gsp/killmono.c || exit 1
make -s -j8 PCI_LIBS= build/bin/nvsched build/lib/libnvsched-agent.so || exit 1
NVS=build/bin/nvsched
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv; cat /proc/driver/nvidia/version
  "$NVCC" --version | tail -2; uname -r; id -u; echo "SMALL_US=${SMALL_US:-1} N=$N LOWER_MECH=${LOWER_MECH:-timeslice}"; } >"$D/device.txt" 2>&1
export NVSCHED_PRIO_SOCKET=/tmp/nvsched-gsp-test.sock
export NVSCHED_AGENT_TRACE=1
st() { $NVS prio status -j >"$D/$1" 2>&1; }
arbiter() { $NVS prio daemon --small-us "${SMALL_US:-1}" "$@" 2>>"$D/daemon.log" & A=$!; sleep 0.3; }

echo "== 1 hog alone"; $BIN/hog 4 "$D/hog-alone.txt"
echo "== 2 rt alone"; $BIN/rt alone "$N" "$D/rt-alone.json"
echo "== 3 defaults (unmanaged)"
$BIN/hog 6 "$D/hog-defaults.txt" & H=$!; sleep 1.5
$BIN/rt defaults "$N" "$D/rt-defaults.json"; wait $H

echo "== 4 managed: timeslice"
arbiter
$NVS prio run --best-effort -- $BIN/hog 6 "$D/hog-managed.txt" 2>"$D/hog-managed.err" & H=$!; sleep 1.5
$NVS prio run --prio 90 -- $BIN/rt prio90 "$N" "$D/rt-managed.json" 2>"$D/rt-managed.err" & R=$!
sleep 1; st status-managed.json
wait $R; sleep 0.1; st status-managed-after.json; wait $H

echo "== 5 three real-time priorities + hog (the lower two start first and run longer)"
$NVS prio run --best-effort -- $BIN/hog 9 "$D/hog-three.txt" 2>"$D/hog-three.err" & H=$!; sleep 1.5
for p in 10 50; do
	m=; [ -n "${LOWER_MECH:-}" ] && m="--mechanism $LOWER_MECH"
	$NVS prio run --prio $p $m -- $BIN/rt prio$p "$((N * 4))" "$D/rt-three-$p.json" 2>"$D/rt-three-$p.err" & eval R$p=\$!
done
sleep 1.5
$NVS prio run --prio 90 -- $BIN/rt prio90 "$N" "$D/rt-three-90.json" 2>"$D/rt-three-90.err" & R90=$!
sleep 0.5; st status-three.json
wait $R90 $R50 $R10; wait $H

echo "== 6 gate mechanism"
$NVS prio run --best-effort --mechanism gate -- $BIN/hog 6 "$D/hog-gate.txt" 2>"$D/hog-gate.err" & H=$!; sleep 1.5
$NVS prio run --prio 90 -- $BIN/rt gate90 "$N" "$D/rt-gate.json" 2>"$D/rt-gate.err" & R=$!
sleep 1; st status-gate.json
wait $R; wait $H

echo "== 7 kill -9 of the real-time task"
$NVS prio run --best-effort -- $BIN/hog 5 "$D/hog-kill.txt" 2>"$D/hog-kill.err" & H=$!; sleep 1.5
$NVS prio run --prio 90 -- $BIN/rt killed 0 /dev/null 2>"$D/rt-kill.err" & R=$!
sleep 1.5; st status-before-kill.json
$BIN/killmono $R >"$D/kill-rt.ns"; sleep 0.2; st status-after-kill.json
wait $H

echo "== 8 kill -9 of the arbiter"
$NVS prio run --best-effort -- $BIN/hog 5 "$D/hog-arbkill.txt" 2>"$D/hog-arbkill.err" & H=$!; sleep 1.5
$NVS prio run --prio 90 -- $BIN/rt arb 0 /dev/null 2>"$D/rt-arbkill.err" & R=$!
sleep 1.5; st status-before-arbkill.json
$BIN/killmono $A >"$D/kill-arbiter.ns"; sleep 0.2
kill -9 $R; wait $H
echo "== done"
