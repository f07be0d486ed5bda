#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Which kernel may start next to another: the cfg2/cfg3/pair families.

  cfg-ceiling.py [--predict BIN] [--table] RESULTS.jsonl[.gz] ...

Each case of these families is two kernels of one block per SM: k1, then k2.
k2's blocks start at launch exactly when they may share an SM with k1's.
For every case this prints nothing; at the end it gives, per folder and family, how many
cases each candidate rule gets right.  A rule names the SM configuration
("ceiling") an SM holding one block of k1 accepts; k2 joins when its own
configuration (occupancy x per-block shared memory, rounded up to a supported
size; docs/predict-h100-accuracy.md, Mechanism 3) is not above the ceiling,
both blocks' shared memory fits in it, and warps and registers fit the
processing blocks.  --table prints the measured ceiling of every cfg3 shape
(the largest probe configuration that joined) beside the rules' values.
"""
import argparse
import collections
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare  # noqa: E402

KB = 1024
PREDICTOR = 'predictor: chosen size, needed size joins'


def kernels(binary, case):
    """Per kernel: warps, regs per warp, shared memory per block, occupancy, configs."""
    res = subprocess.run([binary, '-j', '-'], input=json.dumps(case['input']),
                         capture_output=True, text=True, check=True)
    out = []
    for pk in json.loads(res.stdout)['kernels']:
        out.append(dict(w=pk['warps_per_block'], rpw=pk['regs_per_warp'],
                        spb=pk['smem_per_block'], occ=pk['occupancy'],
                        cfg=pk['smem_config'],
                        need=pk.get('smem_config_need', pk['smem_config'])))
    return out


def rup(cfgs, need):
    for c in cfgs:
        if c >= need:
            return c
    return cfgs[-1]


def target(cfgs, k):
    return rup(cfgs, k['occ'] * k['spb'])


def rules(cfgs):
    def up(c):
        return cfgs[min(cfgs.index(c) + 1, len(cfgs) - 1)]

    def floor_thr(k):
        return min(32 * KB, 8 * KB * max(1, 1024 // (32 * k['w'])))
    return {
        'model (no minimum)': lambda k: target(cfgs, k),
        'model, at least 32 KB (old profile)': lambda k: max(32 * KB, target(cfgs, k)),
        'one size above the model': lambda k: up(target(cfgs, k)),
        'model, at least min(32 KB, 8 KB x 1024/threads)': lambda k: max(target(cfgs, k), floor_thr(k)),
        # the predictor's own sizes (--predict's profile): the SM holds k1's
        # chosen size, k2 joins when its needed size is not above it
        PREDICTOR: lambda k: k['cfg'],
    }


def joins(k1, k2, ceiling, cfgs, g, need2=None):
    if need2 is None:
        need2 = target(cfgs, k2)
    if need2 > ceiling or k1['spb'] + k2['spb'] > ceiling:
        return False
    npb = g['processing_blocks_per_sm']
    w, r = [0] * npb, [0] * npb
    for i in range(k1['w']):
        w[i % npb] += 1
        r[i % npb] += k1['rpw']
    p = k1['w'] % npb if k1['w'] % npb else 1
    for i in range(k2['w']):
        w[(p + i) % npb] += 1
        r[(p + i) % npb] += k2['rpw']
    return (max(w) <= g['max_warps_per_sm'] // npb and
            max(r) <= g['regs_per_sm'] // npb)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--predict', default='build/bin/nvsched-predict')
    ap.add_argument('--table', action='store_true')
    ap.add_argument('files', nargs='+')
    a = ap.parse_args()
    score = collections.defaultdict(collections.Counter)
    ceil = collections.defaultdict(lambda: [0, None])
    g = None
    for path in a.files:
        for case in compare.load_lines(path):
            f = case['family']
            if f not in ('cfg2', 'cfg3', 'pair'):
                continue
            g = compare.resolve_gpu(a.predict, case['input']['gpu'])
            cfgs = g['smem_configs']
            k1, k2 = kernels(a.predict, case)
            unit = case['unit'] * 1e6
            joined = any(s < unit / 2 for s in case['actual'][1]['start_us'])
            run = '%s %s' % (os.path.basename(os.path.dirname(os.path.abspath(path))), f)
            score[run]['cases'] += 1
            for name, rule in rules(cfgs).items():
                need2 = k2['need'] if name == PREDICTOR else None
                score[run][name] += joins(k1, k2, rule(k1), cfgs, g, need2) == joined
            if f == 'cfg3':
                i = case['input']['kernels'][0]
                key = (i['threads'], i['regs'], i['smem'])
                c = ceil[key]
                c[1] = k1
                if joined:
                    c[0] = max(c[0], target(cfgs, k2))
    for f, c in sorted(score.items()):
        print('%s: %d cases' % (f, c['cases']))
        for name in rules([0]):
            print('  %-50s %5d  %5.1f %%' % (name, c[name], 100.0 * c[name] / c['cases']))
    if a.table and ceil:
        cfgs = g['smem_configs']
        print('\ncfg3: k1 (threads, registers, smem) -> measured ceiling (KB) | model occupancy, '
              'model configuration')
        for key, (m, k1) in sorted(ceil.items()):
            print('  %-18s %4s | occ %2d  model %3d  predictor %3d' % (
                key, m // KB if m else '-', k1['occ'], target(cfgs, k1) // KB, k1['cfg'] // KB))


if __name__ == '__main__':
    main()
