#!/usr/bin/env bash
# Run the thread block-to-SM validation on a Hopper GPU and collect the results.
#   tests/hw/run-h100.sh OUTDIR      (TBSCHED=path/to/tbsched, default build/hw/tbsched,
#                                     built with `make -C tests/hw` if missing)
# Writes OUTDIR/device.txt, OUTDIR/results-main.jsonl, OUTDIR/results-lm.jsonl and
# OUTDIR/log.txt; score with:
#   python3 tests/hw/compare.py OUTDIR/results-main.jsonl OUTDIR/results-lm.jsonl
set -u
OUTDIR=${1:-build/hw/out}
mkdir -p "$OUTDIR"
TB=${TBSCHED:-build/hw/tbsched}
if [ ! -x "$TB" ]; then make -C tests/hw -j"$(nproc)" || exit 1; fi
export CUDA_MODULE_LOADING=EAGER
{ nvidia-smi --query-gpu=name,pci.bus_id,driver_version,clocks.sm,clocks.max.sm,mig.mode.current --format=csv
  nvidia-smi -q | grep -iE 'product name|product architecture|mig mode|compute mode|cuda version' ; } >"$OUTDIR/device.txt" 2>&1
SEED=${SEED:-20261122}
"$TB" -s "$SEED" -u 20 -o "$OUTDIR/results-main.jsonl" \
	table2:3 order:5 cfg:1 m1:60 m2:80 m3:80 m4:60 rand:120 2>&1 | tee "$OUTDIR/log.txt"
"$TB" -L -s "$((SEED + 1))" -u 20 -o "$OUTDIR/results-lm.jsonl" lm:40 2>&1 | tee -a "$OUTDIR/log.txt"
