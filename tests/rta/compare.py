#!/usr/bin/env python3
"""Compare `nvsched rta --compat artifact -a -j` with the oracle files.
usage: compare.py NVSCHED_RTA FIXTURE_DIR [variant]   (variant: shipped)"""
import json, subprocess, sys, glob, os, collections
exe, d = sys.argv[1], sys.argv[2]
files = sorted(glob.glob(os.path.join(d, 'ts_*[0-9].json')))
out = subprocess.run([exe, '--compat', 'artifact', '-a', '-j'] + files,
                     capture_output=True, text=True, check=True).stdout.splitlines()
stats = collections.defaultdict(lambda: [0, 0, 0, 0])  # sets ok, sets, bounds ok, bounds
bad = collections.defaultdict(list)
for f, line in zip(files, out):
    mine = json.loads(line)
    orc = json.load(open(f[:-5] + '.oracle.json'))['policies']
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
for pol, s in stats.items():
    print(f'{pol:24s} tasksets {s[0]}/{s[1]}  bounds {s[2]}/{s[3]}  bad: {" ".join(bad[pol][:8])}')
