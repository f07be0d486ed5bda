#!/usr/bin/env python3
"""Classify the blocks whose predicted start time is wrong (0.25 unit or more off).

usage: python3 tests/hw/misses.py [--predict BIN] FILES...

Per family: missed blocks, model late / early, by how many units, by the
kernel's launch position, and the direction of each case's first missed block
(docs/predict-h100-accuracy.md, "The remaining start-time misses").
"""
import argparse
import collections
import json
import subprocess

from compare import load_lines


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--predict', default='build/bin/nvsched-predict')
    ap.add_argument('files', nargs='+')
    a = ap.parse_args()
    fam = collections.defaultdict(collections.Counter)
    units = collections.defaultdict(collections.Counter)
    kpos = collections.defaultdict(collections.Counter)
    first = collections.defaultdict(collections.Counter)
    launch = collections.Counter()
    for path in a.files:
        for case in load_lines(path):
            f = case['family']
            inp = case['input']
            if isinstance(inp['gpu'], dict) and 'lmem_initial' not in inp['gpu']:
                inp['gpu']['lmem_initial'] = 1024 if f == 'lm' else 32768
            res = subprocess.run([a.predict, '-j', '-'], input=json.dumps(inp),
                                 capture_output=True, text=True, check=True)
            pred = json.loads(res.stdout)
            unit = case['unit']
            fm = None
            for k, (pk, ak) in enumerate(zip(pred['kernels'], case['actual'])):
                for b, pb in enumerate(pk['blocks']):
                    ast = ak['start_us'][b] / 1e6
                    fam[f]['blocks'] += 1
                    if pb['start'] is None:
                        fam[f]['never'] += 1
                        continue
                    d = (pb['start'] - ast) / unit
                    if abs(d) < 0.25:
                        continue
                    fam[f]['missed'] += 1
                    fam[f]['late' if d > 0 else 'early'] += 1
                    units[f]['%+d' % round(d)] += 1
                    kpos[f][k + 1] += 1
                    launch[(ast < 0.5 * unit, pb['start'] < 0.5 * unit)] += 1
                    if fm is None or (ast, k, b) < fm[0]:
                        fm = ((ast, k, b), d)
            if fm:
                first[f]['late' if fm[1] > 0 else 'early'] += 1
    for f in sorted(fam):
        c = fam[f]
        if not c['missed']:
            continue
        print('%-8s blocks %7d missed %6d (%.1f%%) late %6d early %6d; first miss of a case: '
              'late %d, early %d' % (f, c['blocks'], c['missed'], 100.0 * c['missed'] / c['blocks'],
                                     c['late'], c['early'], first[f]['late'], first[f]['early']))
        print('         units off: %s' % ', '.join('%s: %d' % x for x in units[f].most_common()))
        print('         kernel:    %s' % ', '.join('%d: %d' % x for x in sorted(kpos[f].items())))
    print('missed blocks (measured at launch, predicted at launch): %s' %
          ', '.join('%s: %d' % x for x in sorted(launch.items())))


if __name__ == '__main__':
    main()
