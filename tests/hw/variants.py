#!/usr/bin/env python3
"""Start-time accuracy per family and run, with optional profile overrides.

usage: python3 tests/hw/variants.py [--predict BIN] [--set KEY=JSON ...]
                                    [--runs 2,3,4,5a,5b,6,7] [--save FILE]

Scores the committed H100 runs (docs/hw/h100-runN/results-*.jsonl.gz, main
and lm; run 6's `pair` file is left out) like `compare.py --no-replay`: a
block's start is right when it is within 0.25 unit of the measured one.  Each
--set puts KEY into every case's `gpu` object (e.g. --set
reconfig_wait_first=false --set release_batch=2), so a variant of the profile
is scored without a rebuild.  One line per run: m1, m2, m3, m4, rand and all
(every family of the run).  --save writes the per-case counts as JSON
({"res": per run and family, "cases": "run/file/case" -> [family, right,
blocks]}) to compare two variants case by case
(docs/predict-h100-accuracy.md, "Which reconfigurations wait").
"""
import argparse
import collections
import glob
import json
import os
import subprocess

from compare import load_lines

FAMILIES = ['m1', 'm2', 'm3', 'm4', 'rand', 'ALL']


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--predict', default='build/bin/nvsched-predict')
    ap.add_argument('--set', action='append', default=[], metavar='KEY=JSON')
    ap.add_argument('--runs', default='2,3,4,5a,5b,6,7')
    ap.add_argument('--save')
    a = ap.parse_args()
    over = {}
    for s in a.set:
        k, v = s.split('=', 1)
        over[k] = json.loads(v)
    res, cases = {}, {}
    for r in a.runs.split(','):
        fam = collections.defaultdict(collections.Counter)
        paths = sorted(p for p in glob.glob('docs/hw/h100-run%s/results-*.jsonl.gz' % r)
                       if 'pair' not in os.path.basename(p))
        if not paths:
            ap.error('no results for run %s' % r)
        for path in paths:
            for case in load_lines(path):
                f = case['family']
                inp = case['input']
                inp['gpu'].setdefault('lmem_initial', 1024 if f == 'lm' else 32768)
                inp['gpu'].update(over)
                p = subprocess.run([a.predict, '-j', '-'], input=json.dumps(inp),
                                   capture_output=True, text=True, check=True)
                pred = json.loads(p.stdout)
                ok = n = 0
                for pk, ak in zip(pred['kernels'], case['actual']):
                    for b, pb in enumerate(pk['blocks']):
                        ast = ak['start_us'][b] / 1e6
                        n += 1
                        ok += (pb['start'] is not None and
                               abs(pb['start'] - ast) < 0.25 * case['unit'])
                for key in (f, 'ALL'):
                    fam[key]['n'] += n
                    fam[key]['ok'] += ok
                name = os.path.basename(path)[len('results-'):].split('.')[0]
                cases['%s/%s/%d' % (r, name, case['case'])] = [f, ok, n]
        res[r] = {f: 100.0 * c['ok'] / c['n'] for f, c in fam.items()}
    print('run  ' + ' '.join('%6s' % f for f in FAMILIES))
    for r, v in res.items():
        print('%-4s ' % r + ' '.join('%6.2f' % v[f] if f in v else '     -' for f in FAMILIES))
    if a.save:
        with open(a.save, 'w') as fh:
            json.dump({'res': res, 'cases': cases}, fh)


if __name__ == '__main__':
    main()
