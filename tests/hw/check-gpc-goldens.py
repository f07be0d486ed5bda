#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Check that the SM ids in the H100 visiting-order golden files
(tests/predict/cases/h100-gpc-*.out.json) are the %smid values measured on the
H100 (docs/hw/h100-run2).  Run from the repository root:
  python3 tests/hw/check-gpc-goldens.py
"""
import gzip
import json
import sys

GOLDENS = {  # golden -> (run 2 case, kernels compared)
    'h100-gpc-fill132': (30, 1),
    'h100-gpc-quota90': (41, 1),
    'h100-gpc-two-kernels': (0, 2),
    'h100-gpc-second-kernel': (103, 2),
}

measured = {}
with gzip.open('docs/hw/h100-run2/results-main.jsonl.gz', 'rt') as f:
    for line in f:
        c = json.loads(line)
        measured[c['case']] = c['actual']
bad = 0
for name, (case, nk) in GOLDENS.items():
    with open('tests/predict/cases/%s.out.json' % name) as f:
        out = json.load(f)
    for k in range(nk):
        if [b['sm'] for b in out['kernels'][k]['blocks']] != measured[case][k]['sm']:
            print('%s kernel %d: SM ids differ from run 2 case %d' % (name, k, case))
            bad += 1
print('gpc goldens: %d of %d kernels equal the measured SM ids'
      % (sum(n for _, n in GOLDENS.values()) - bad, sum(n for _, n in GOLDENS.values())))
sys.exit(1 if bad else 0)
