#!/usr/bin/env python3
"""Compare two hardware runs of identical inputs (same tbsched seed, fresh processes).

  python3 tests/hw/repeat.py [--predict build/bin/nvsched-predict] A.jsonl.gz B.jsonl.gz

Per family: blocks whose measured SM id is the same in both runs (sm same), whose
start agrees within 0.25 unit (start same), cases where every block's SM is the same,
and the bound these put on any predictor that sees only the input: it gives one answer
for both runs, so where the runs differ it is right in at most one of them, and its
mean exact rate over the two runs is at most (1 + same) / 2.  The bound is also given
for the cases whose GPC-rotation state at the first kernel (vGPC after the singleton
TPCs, phase) was the same in both runs, i.e. for a predictor that is told that state.
"""
import collections
import gzip
import json
import subprocess
import sys


def load(path):
    op = gzip.open if path.endswith('.gz') else open
    with op(path, 'rt') as f:
        return [json.loads(l) for l in f if l.strip()]


SM_VGPC = []       # the profile's SM -> virtual GPC map (< 0: singleton TPC)


def state(sms):
    """(vGPC of the first non-singleton block, phase) or None if kernel 1 starts elsewhere."""
    sing = [i for i, v in enumerate(SM_VGPC) if v < 0]
    if sms[0] not in sing:
        return None
    phase = 1 if sms[0] in sing[len(sing) // 2:] else 0
    for s in sms:
        if SM_VGPC[s] >= 0:
            return (SM_VGPC[s], phase)
    return (None, phase)


def main():
    args = sys.argv[1:]
    binary = 'build/bin/nvsched-predict'
    if len(args) == 4 and args[0] == '--predict':
        binary, args = args[1], args[2:]
    if len(args) != 2:
        sys.exit(__doc__)
    A, B = load(args[0]), load(args[1])
    g = A[0]['input']['gpu']
    name = g if isinstance(g, str) else g['base']
    out = subprocess.run([binary, '-l', '-j'], check=True, capture_output=True, text=True)
    SM_VGPC[:] = [p for p in json.loads(out.stdout)['profiles'] if p['name'] == name][0]['sm_vgpc']
    if len(A) != len(B):
        sys.exit('different numbers of cases')
    fam = collections.defaultdict(collections.Counter)
    for a, b in zip(A, B):
        if a['input'] != b['input']:
            sys.exit('case %d: inputs differ' % a['case'])
        c = fam[a['family']]
        c['cases'] += 1
        unit = a['unit']
        sa, sb = state(a['actual'][0]['sm']), state(b['actual'][0]['sm'])
        eq = sa is not None and sa == sb
        n = s = t = 0
        for ka, kb in zip(a['actual'], b['actual']):
            for i in range(len(ka['sm'])):
                n += 1
                s += ka['sm'][i] == kb['sm'][i]
                t += abs(ka['start_us'][i] - kb['start_us'][i]) < 0.25 * unit * 1e6
        c['blocks'] += n
        c['sm_same'] += s
        c['start_same'] += t
        c['case_same'] += s == n
        c['state_same'] += eq
        if eq:
            c['blocks_ss'] += n
            c['sm_same_ss'] += s

    def pct(x, n):
        return '%5.1f%%' % (100.0 * x / n) if n else '    -'

    print('%-8s %5s %7s | %7s %7s %9s | %7s %8s | %7s %8s' % (
        'family', 'cases', 'blocks', 'sm same', 'start', 'cases=', 'bound', 'state=',
        'sm same', 'bound'))
    tot = collections.Counter()
    for k in sorted(fam) + ['ALL']:
        c = tot if k == 'ALL' else fam[k]
        if k != 'ALL':
            tot.update(c)
        print('%-8s %5d %7d | %7s %7s %4d/%-4d | %7s %4d/%-4d| %7s %8s' % (
            k, c['cases'], c['blocks'], pct(c['sm_same'], c['blocks']),
            pct(c['start_same'], c['blocks']), c['case_same'], c['cases'],
            pct(c['blocks'] + c['sm_same'], 2 * c['blocks']), c['state_same'], c['cases'],
            pct(c['sm_same_ss'], c['blocks_ss']),
            pct(c['blocks_ss'] + c['sm_same_ss'], 2 * c['blocks_ss'])))


if __name__ == '__main__':
    main()
