#!/usr/bin/env python3
"""Compare `nvsched rta` in compat mode with the artifact oracle files.
usage: compare.py NVSCHED_RTA FIXTURE_DIR [shipped|segsum|fixed]
  shipped: --compat artifact on the files as they are (the default);
  segsum:  --compat artifact with C_i, G_i = the segment sums (the
           cpu_total_ms / gpu_total_ms keys removed), against the oracle's
           "segsum" variant;
  fixed:   segsum, with deviations D2 (relative lp indices) and D3 (stale
           WR) removed, against the oracle's "fixed" variant."""
import json, subprocess, sys, glob, os, collections, tempfile
exe, d = sys.argv[1], sys.argv[2]
variant = sys.argv[3] if len(sys.argv) > 3 else 'shipped'
files = sorted(glob.glob(os.path.join(d, 'ts_*[0-9].json')))
inputs = files
tmp = None
if variant != 'shipped':
    tmp = tempfile.TemporaryDirectory()
    inputs = []
    for f in files:
        ts = json.load(open(f))
        for t in ts['tasks']:
            t.pop('cpu_total_ms', None)
            t.pop('gpu_total_ms', None)
        p = os.path.join(tmp.name, os.path.basename(f))
        json.dump(ts, open(p, 'w'))
        inputs.append(p)
mode = {'shipped': ['--compat', 'artifact'], 'segsum': ['--compat', 'artifact'],
        'fixed': ['--deviations', 'all,-D2,-D3']}[variant]
out = subprocess.run([exe, '-a', '-j'] + mode + inputs,
                     capture_output=True, text=True, check=True).stdout.splitlines()
stats = collections.defaultdict(lambda: [0, 0, 0, 0])  # sets ok, sets, bounds ok, bounds
bad = collections.defaultdict(list)
for f, line in zip(files, out):
    mine = json.loads(line)
    o = json.load(open(f[:-5] + '.oracle.json'))
    orc = o['policies'] if variant == 'shipped' else o['variants'][variant]['policies']
    for pol, o in orc.items():
        m = mine['policies'][pol]
        ok = m['schedulable'] == o['schedulable']
        rt = {t['name']: t for t in m['tasks']}
        for name, r in o['response_times_ms'].items():
            mr = rt[name]['response_time_ms']
            good = (r is None and mr is None) or (r is not None and mr is not None and abs(mr - r) <= 1e-9 * max(1, abs(r)))
            stats[pol][2] += good; stats[pol][3] += 1
            if not good:
                ok = False
        if 'stage' in o and m.get('stage') != o['stage']:
            ok = False
        if o.get('gpu_priorities') is not None:
            for name, g in o['gpu_priorities'].items():
                if rt[name].get('gpu_priority') != g:
                    ok = False
        stats[pol][0] += ok; stats[pol][1] += 1
        if not ok:
            bad[pol].append(os.path.basename(f))
print(f'variant {variant}')
for pol, s in stats.items():
    print(f'{pol:24s} tasksets {s[0]}/{s[1]}  bounds {s[2]}/{s[3]}  bad: {" ".join(bad[pol][:8])}')
sys.exit(0 if all(s[0] == s[1] and s[2] == s[3] for s in stats.values()) else 1)
