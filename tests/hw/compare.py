#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Score nvsched predict against tbsched results (JSON lines, optionally .gz).

  compare.py [--predict BIN] [--order FILE] [--json OUT] RESULTS.jsonl[.gz] ...

For every case it runs the predictor on the recorded input and compares:
  exact     the predicted SM of a block equals the measured one
  start     predicted start within 0.25 unit of the measured start (both
            "at launch" = within 0.5 unit of 0)
  wait      predicted "starts at launch" agrees with the measured one
It also replays the measured placements through the model (Algorithm 1's
resource state, placing each block where the GPU put it, releasing blocks at
their measured end) and checks, for every placement:
  feasible  the model says the chosen SM can hold the block at that moment
  maxroom   the chosen SM is one of those that can hold the most blocks of
            the kernel (Mechanism 1, independent of the tie-break order)
"""
import argparse
import collections
import gzip
import json
import subprocess
import sys

PROFILE_CACHE = {}


def load_lines(path):
    op = gzip.open if path.endswith('.gz') else open
    with op(path, 'rt') as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


def profile(binary, name):
    if name not in PROFILE_CACHE:
        out = subprocess.run([binary, '-l', '-j'], check=True, capture_output=True, text=True)
        for p in json.loads(out.stdout)['profiles']:
            PROFILE_CACHE[p['name']] = p
    return dict(PROFILE_CACHE[name])


def resolve_gpu(binary, g):
    if isinstance(g, str):
        return profile(binary, g)
    base = profile(binary, g['base']) if 'base' in g else {}
    base.update({k: v for k, v in g.items() if k != 'base'})
    return base


class Replay:
    """Algorithm 1's resource state (mirrors analysis/predict/predict.c)."""

    def __init__(self, gpu):
        self.g = gpu
        n, npb = gpu['sms'], gpu['processing_blocks_per_sm']
        self.npb = npb
        self.b = [gpu['max_blocks_per_sm']] * n
        self.p = [0] * n
        self.w = [[gpu['max_warps_per_sm'] // npb] * npb for _ in range(n)]
        self.r = [[gpu['regs_per_sm'] // npb] * npb for _ in range(n)]
        self.segs = [[] for _ in range(n)]
        self.per_sm = gpu.get('smem_config_scope', 'tpc') == 'sm'
        ntpc = n if self.per_sm else (n + gpu['sms_per_tpc'] - 1) // gpu['sms_per_tpc']
        self.tpc_cfg = [0] * ntpc
        self.tpc_res = [0] * ntpc
        self.resident = 0
        self.cfg_l = gpu.get('lmem_initial', 0)

    def tpc(self, sm):
        return sm if self.per_sm else sm // self.g['sms_per_tpc']

    def idle_config(self, t, ki):
        # smem_config_sticky (predict.c idle_config): while the GPU is busy an
        # idle SM keeps a larger configuration it had
        if self.g.get('smem_config_sticky') and self.resident and self.tpc_cfg[t] > ki['smem_config']:
            return self.tpc_cfg[t]
        return ki['smem_config']

    def largest(self, sm, cap):
        best, at = 0, 0
        for off, size in self.segs[sm]:
            best = max(best, off - at)
            at = off + size
        return max(best, cap - at)

    def capacity(self, sm, ki):
        if self.g.get('lmem_waits_for_idle', True) and self.resident and ki['lmem'] > self.cfg_l:
            return 0
        t = self.tpc(sm)
        if self.tpc_res[t] and ki.get('smem_config_need', ki['smem_config']) > self.tpc_cfg[t]:
            return 0
        lim = []
        for j in range(self.npb):
            x = self.w[sm][j]
            if ki['regs_per_warp']:
                x = min(x, self.r[sm][j] // ki['regs_per_warp'])
            lim.append(x)
        mn = min(lim)
        lim_w = 0
        for j in range(self.npb):
            if lim[(self.p[sm] + j) % self.npb] == mn:
                lim_w = mn * self.npb + j
                break
        lim_w //= ki['warps_per_block']
        if not ki['smem_per_block']:
            lim_s = self.b[sm]
        elif self.tpc_res[t]:
            lim_s = self.largest(sm, self.tpc_cfg[t]) // ki['smem_per_block']
        else:
            lim_s = self.idle_config(t, ki) // ki['smem_per_block']
        return min(self.b[sm], lim_w, lim_s)

    def place(self, sm, ki):
        """Force a block onto sm (as the GPU did); returns a release token."""
        t = self.tpc(sm)
        if not self.resident and ki['lmem'] > self.cfg_l:
            self.cfg_l = ki['lmem']
        if not self.tpc_res[t]:
            self.tpc_cfg[t] = self.idle_config(t, ki)
        # first fit; if the model has no room, allocate past the end (overcommit)
        at, idx, segs, s = 0, 0, self.segs[sm], ki['smem_per_block']
        for idx in range(len(segs) + 1):
            nxt = segs[idx][0] if idx < len(segs) else 1 << 62
            if nxt - at >= s:
                break
            at = segs[idx][0] + segs[idx][1]
        if s:
            segs.insert(idx, (at, s))
        else:
            at = -1
        p0 = self.p[sm]
        for j in range(ki['warps_per_block']):
            q = (p0 + j) % self.npb
            self.w[sm][q] -= 1
            self.r[sm][q] -= ki['regs_per_warp']
        self.p[sm] = (p0 + ki['warps_per_block']) % self.npb
        if ki['warps_per_block'] % self.npb == 0:
            self.p[sm] = (self.p[sm] + 1) % self.npb
        self.b[sm] -= 1
        self.tpc_res[t] += 1
        self.resident += 1
        return (sm, p0, at, ki)

    def release(self, tok):
        sm, p0, at, ki = tok
        for j in range(ki['warps_per_block']):
            q = (p0 + j) % self.npb
            self.w[sm][q] += 1
            self.r[sm][q] += ki['regs_per_warp']
        self.segs[sm] = [x for x in self.segs[sm] if x[0] != at]
        self.b[sm] += 1
        self.tpc_res[self.tpc(sm)] -= 1
        self.resident -= 1


def hidden_state(binary, g, sms):
    """(order_start, order_phase) shown by kernel 1's blocks in a GPC-rotation profile."""
    gpu = resolve_gpu(binary, g)
    vg = gpu.get('sm_vgpc')
    if gpu.get('sm_order') != 'gpc-rotation' or not vg or not sms or vg[sms[0]] >= 0:
        return None
    sing = [i for i, v in enumerate(vg) if v < 0]
    phase = 1 if sms[0] in sing[len(sing) // 2:] else 0
    for sm in sms:
        if vg[sm] >= 0:
            return (vg[sm], phase)
    return None


def replay(gpu, kinfos, actual):
    """Per placement: (kernel, feasible, maxroom)."""
    ev = []
    for k, a in enumerate(actual):
        for b, sm in enumerate(a['sm']):
            ev.append((a['start_us'][b], 1, k, b, sm))
            ev.append((a['end_us'][b], 0, k, b, sm))
    ev.sort()
    m = Replay(gpu)
    toks, out = {}, []
    for t, kind, k, b, sm in ev:
        if kind == 0:
            if (k, b) in toks:
                m.release(toks.pop((k, b)))
            continue
        ki = kinfos[k]
        caps = [m.capacity(i, ki) for i in range(gpu['sms'])]
        c = caps[sm]
        out.append((k, c >= 1, c >= 1 and c == max(caps)))
        toks[(k, b)] = m.place(sm, ki)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--predict', default='build/bin/nvsched-predict')
    ap.add_argument('--json', help='write per-family numbers here')
    ap.add_argument('--lmem-initial', type=int, default=None,
                    help='lmem_initial for the GPU (default: 32768 unless family lm: 1024)')
    ap.add_argument('--show', type=int, default=0, help='print N diverging cases')
    ap.add_argument('--no-replay', action='store_true', help='skip the replay (feas/maxroom)')
    ap.add_argument('--order-oracle', action='store_true',
                    help='GPC-rotation profiles: set order_start/order_phase from the measured '
                         'first blocks of kernel 1 (the hidden rotation state at the case start)')
    ap.add_argument('--likelihood', action='store_true',
                    help='run the predictor with -s and report the mean predicted '
                         'likelihood of the SM ids (column sm-lik) beside the hit rate')
    ap.add_argument('files', nargs='+')
    a = ap.parse_args()
    states = collections.Counter()
    bins = collections.defaultdict(collections.Counter)   # -s reliability, by tenths

    fam = collections.defaultdict(lambda: collections.Counter())
    shown = 0
    for path in a.files:
        for case in load_lines(path):
            f = case['family']
            key = f if f != 'table2' else 'table2/%d' % (case['case'] % 10)
            inp = case['input']
            if isinstance(inp['gpu'], dict) and 'lmem_initial' not in inp['gpu']:
                inp['gpu']['lmem_initial'] = (a.lmem_initial if a.lmem_initial is not None
                                              else (1024 if f == 'lm' else 32768))
            unit = case['unit']
            st = hidden_state(a.predict, inp['gpu'], case['actual'][0]['sm'])
            if st:
                states[st] += 1
                if a.order_oracle:
                    inp['gpu']['order_start'], inp['gpu']['order_phase'] = st
            opts = ['-s'] if a.likelihood and st else []
            res = subprocess.run([a.predict, '-j'] + opts + ['-'], input=json.dumps(inp),
                                 capture_output=True, text=True)
            if res.returncode:
                fam[key]['predict_error'] += 1
                print('case %d: predictor: %s' % (case['case'], res.stderr.strip()), file=sys.stderr)
                continue
            pred = json.loads(res.stdout)
            gpu = resolve_gpu(a.predict, inp['gpu'])
            c = fam[key]
            c['cases'] += 1
            case_exact = case_start = True
            for k, (pk, ak) in enumerate(zip(pred['kernels'], case['actual'])):
                for b, pb in enumerate(pk['blocks']):
                    asm, ast = ak['sm'][b], ak['start_us'][b] / 1e6
                    c['blocks'] += 1
                    ok = pb['sm'] == asm
                    c['exact'] += ok
                    c['lik'] += pb.get('sm_likelihood', ok)
                    if 'sm_likelihood' in pb:
                        lb = min(int(pb['sm_likelihood'] * 10), 9)
                        bins[lb]['n'] += 1
                        bins[lb]['lik'] += pb['sm_likelihood']
                        bins[lb]['hit'] += ok
                    case_exact &= ok
                    a_launch = ast < 0.5 * unit
                    p_launch = pb['start'] is not None and pb['start'] < 0.5 * unit
                    c['wait_ok'] += a_launch == p_launch
                    sok = pb['start'] is not None and abs(pb['start'] - ast) < 0.25 * unit
                    c['start_ok'] += sok
                    case_start &= sok
                    if a_launch:
                        c['launch_blocks'] += 1
                        c['launch_exact'] += ok
            c['case_exact'] += case_exact
            c['case_start'] += case_start
            kinfos = [dict(warps_per_block=pk['warps_per_block'],
                           regs_per_warp=pk['regs_per_warp'],
                           smem_per_block=pk['smem_per_block'],
                           smem_config=pk['smem_config'],
                           smem_config_need=pk.get('smem_config_need', pk['smem_config']),
                           lmem=inp['kernels'][k].get('lmem', 0))
                      for k, pk in enumerate(pred['kernels'])]
            rp = [] if a.no_replay else replay(gpu, kinfos, case['actual'])
            feas = sum(1 for x in rp if x[1])
            mr = sum(1 for x in rp if x[2])
            c['placements'] += len(rp)
            c['feasible'] += feas
            c['maxroom'] += mr
            c['case_feasible'] += feas == len(rp)
            c['case_maxroom'] += mr == len(rp)
            if a.show and shown < a.show and (not case_start or feas != len(rp)):
                shown += 1
                print('--- case %d (%s): %s' % (case['case'], f,
                      [(k['blocks'], k['threads'], k['regs'], k['smem'], k.get('lmem', 0),
                        k['duration']) for k in inp['kernels']]))
                for k, (pk, ak) in enumerate(zip(pred['kernels'], case['actual'])):
                    ps = [(x['sm'], x['start']) for x in pk['blocks']][:12]
                    print('  k%d pred %s' % (k + 1, ps))
                    print('  k%d real %s' % (k + 1, list(zip(ak['sm'], [s / 1e6 for s in ak['start_us']]))[:12]))
                print('  replay infeasible at kernels', sorted({x[0] + 1 for x in rp if not x[1]}))

    def pct(x, n):
        return '%5.1f%%' % (100.0 * x / n) if n else '    -'

    hdr = ('%-10s %5s %7s | %7s %7s %7s %7s | %7s %7s | %7s %7s %7s %7s'
           % ('family', 'cases', 'blocks', 'sm', 'sm@t0', 'start', 'wait', 'c.sm', 'c.start',
              'feas', 'maxroom', 'c.feas', 'c.maxr'))
    print(hdr)
    tot = collections.Counter()
    rows = {}
    for key in sorted(fam):
        c = fam[key]
        tot.update(c)
        rows[key] = dict(c)
        print('%-10s %5d %7d | %7s %7s %7s %7s | %7s %7s | %7s %7s %7s %7s' % (
            key, c['cases'], c['blocks'], pct(c['exact'], c['blocks']),
            pct(c['launch_exact'], c['launch_blocks']), pct(c['start_ok'], c['blocks']),
            pct(c['wait_ok'], c['blocks']), pct(c['case_exact'], c['cases']),
            pct(c['case_start'], c['cases']), pct(c['feasible'], c['placements']),
            pct(c['maxroom'], c['placements']), pct(c['case_feasible'], c['cases']),
            pct(c['case_maxroom'], c['cases'])))
    c = tot
    print('%-10s %5d %7d | %7s %7s %7s %7s | %7s %7s | %7s %7s %7s %7s' % (
        'ALL', c['cases'], c['blocks'], pct(c['exact'], c['blocks']),
        pct(c['launch_exact'], c['launch_blocks']), pct(c['start_ok'], c['blocks']),
        pct(c['wait_ok'], c['blocks']), pct(c['case_exact'], c['cases']),
        pct(c['case_start'], c['cases']), pct(c['feasible'], c['placements']),
        pct(c['maxroom'], c['placements']), pct(c['case_feasible'], c['cases']),
        pct(c['case_maxroom'], c['cases'])))
    if a.likelihood:
        print('mean predicted likelihood of the SM ids (sm-lik) vs hit rate (sm):')
        for key in sorted(fam) + ['ALL']:
            c = tot if key == 'ALL' else fam[key]
            print('  %-10s sm-lik %s  sm %s' % (key, pct(c['lik'], c['blocks']),
                                                pct(c['exact'], c['blocks'])))
        print('reliability (blocks by predicted likelihood): bin, blocks, mean likelihood, hit rate')
        for lb in sorted(bins):
            x = bins[lb]
            print('  %.1f-%.1f %8d %s %s' % (lb / 10, (lb + 1) / 10, x['n'],
                                             pct(x['lik'], x['n']), pct(x['hit'], x['n'])))
    if states:
        n = sum(states.values())
        print('rotation state at case start (order_start, order_phase): ' +
              ', '.join('%s %d (%.0f%%)' % (k, v, 100.0 * v / n) for k, v in states.most_common()))
    if a.json:
        rows['ALL'] = dict(tot)
        if states:
            rows['rotation_states'] = {'%d/%d' % k: v for k, v in states.items()}
        with open(a.json, 'w') as f:
            json.dump(rows, f, indent=1, sort_keys=True)


if __name__ == '__main__':
    main()
