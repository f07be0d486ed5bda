#!/usr/bin/env python3
"""Measure, over a set of tasksets, how each artifact deviation changes the
answers: for every deviation Dn, `--deviations all,-Dn` (the artifact with
Dn alone removed) against `--compat artifact`; then the default mode
against the artifact; then the soundness fix (`literal` = Eq. (12) as
printed).  Prints Markdown tables (docs/rta.md).
usage: deviations.py NVSCHED_RTA FIXTURE_DIR"""
import json, subprocess, sys, glob, os
exe, d = sys.argv[1], sys.argv[2]
files = sorted(glob.glob(os.path.join(d, 'ts_*[0-9].json')))
POL = ['tsg_rr_busy', 'tsg_rr_suspend', 'gcaps_busy', 'gcaps_suspend',
       'gcaps_busy_gpu_prio', 'gcaps_suspend_gpu_prio']

def run(args):
    out = subprocess.run([exe, '-a', '-j'] + args + files, capture_output=True,
                         text=True, check=True).stdout.splitlines()
    return [json.loads(l)['policies'] for l in out]

def cmp(a, b):
    """per policy: verdicts differing, bounds differing (both analysed),
    A sched & B not, B sched & A not, gpu orders differing"""
    res = {}
    for p in POL:
        v = nb = ab = ba = go = 0
        for x, y in zip(a, b):
            px, py = x[p], y[p]
            if px['schedulable'] != py['schedulable']:
                v += 1
                if px['schedulable']: ab += 1
                else: ba += 1
            for tx, ty in zip(px['tasks'], py['tasks']):
                if tx.get('analysed', True) and ty.get('analysed', True):
                    rx, ry = tx['response_time_ms'], ty['response_time_ms']
                    if (rx is None) != (ry is None) or (rx is not None and abs(rx - ry) > 1e-9 * max(1, abs(ry))):
                        nb += 1
            if px['schedulable'] and py['schedulable'] and 'gpu_priority' in px['tasks'][0]:
                if [t['gpu_priority'] for t in px['tasks']] != [t['gpu_priority'] for t in py['tasks']]:
                    go += 1
        res[p] = (v, ab, ba, nb, go)
    return res

def table(title, res):
    print(f'\n{title}\n')
    print('| policy | verdicts differ | A only | B only | bounds differ | GPU orders differ |')
    print('| --- | --- | --- | --- | --- | --- |')
    for p in POL:
        v, ab, ba, nb, go = res[p]
        print(f'| {p} | {v} | {ab} | {ba} | {nb} | {go} |')

art = run(['--compat', 'artifact'])
paper = run([])
print(f'{len(files)} tasksets')
sched = {p: (sum(x[p]['schedulable'] for x in art), sum(x[p]['schedulable'] for x in paper)) for p in POL}
print('\n| policy | schedulable (artifact) | schedulable (default) |\n| --- | --- | --- |')
for p in POL:
    print(f'| {p} | {sched[p][0]} | {sched[p][1]} |')
table('Default (A) vs artifact (B)', cmp(paper, art))
for dv in ['D1', 'D2', 'D2b', 'D2c', 'D3', 'D4', 'D5', 'D7', 'D8', 'D9', 'D11']:
    r = cmp(run(['--deviations', 'all,-' + dv]), art)
    touched = {p: r[p] for p in POL if any(r[p])}
    print(f'\nArtifact without {dv} (A) vs artifact (B): ' +
          ('; '.join(f'{p}: verdicts {v} (A only {ab}, B only {ba}), bounds {nb}, orders {go}'
                     for p, (v, ab, ba, nb, go) in touched.items()) or 'no change'))
table('Default (A) vs default with Eq. (12) as printed (B, unsound)', cmp(paper, run(['--deviations', 'literal'])))
