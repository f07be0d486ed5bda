#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""tests/hw/gsp/report.py DIR - summarise what tests/hw/gsp/run-gsp.sh left in
DIR: latency per real-time task (min/median/p99/max), the hog's throughput
during the real-time run against running alone, restore times after kill -9
(of the real-time task, of the arbiter), decision-to-applied latencies, and
the targets of issue 17.  Prints Markdown; exit 0 whatever the numbers."""
import glob, json, os, re, sys

D = sys.argv[1]


def load(name):
    try:
        with open(os.path.join(D, name)) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def hog_rate(name, t0=None, t1=None):
    """kernels per second, over the windows inside [t0, t1] (all but the first and last window when None)"""
    try:
        rows = [tuple(map(int, ln.split())) for ln in open(os.path.join(D, name)) if ln.strip()]
    except OSError:
        return None
    if t0 is not None:
        rows = [r for r in rows if t0 + 100_000_000 <= r[0] <= t1]
    else:
        rows = rows[1:-1]
    if not rows:
        return None
    return sum(c for _, c in rows) / (len(rows) * 0.1)


def trace_done(name):
    out = []
    try:
        for ln in open(os.path.join(D, name)):
            m = re.search(r"trace pid \d+ (mode (\d+)|arbiter gone, restored) done_ns (\d+)", ln)
            if m:
                out.append((m.group(2), int(m.group(3))))
    except OSError:
        pass
    return out


alone = hog_rate("hog-alone.txt")
print(f"# GSP priority backend on the GPU ({D})\n")
try:
    print("```\n" + open(os.path.join(D, "device.txt")).read().strip() + "\n```\n")
except OSError:
    pass
print("| run | task | samples | min µs | median µs | p99 µs | max µs | hog kernels/s during the run | vs alone |")
print("|---|---|---|---|---|---|---|---|---|")
print(f"| hog alone | hog | | | | | | {alone:.0f} | 100 % |" if alone else "| hog alone | (missing) |")
runs = [("rt alone", "rt-alone.json", None), ("defaults (unmanaged)", "rt-defaults.json", "hog-defaults.txt"),
        ("managed, timeslice", "rt-managed.json", "hog-managed.txt"),
        ("three rt + hog", "rt-three-90.json", "hog-three.txt"), ("three rt + hog", "rt-three-50.json", "hog-three.txt"),
        ("three rt + hog", "rt-three-10.json", "hog-three.txt"),
        ("managed, gate", "rt-gate.json", "hog-gate.txt")]
res = {}
for label, rt, hog in runs:
    r = load(rt)
    if not r:
        print(f"| {label} | {rt} missing | | | | | | | |")
        continue
    h = hog_rate(hog, r["start_ns"], r["end_ns"]) if hog else None
    res[rt] = (r, h)
    hs = f"{h:.0f} | {100 * h / alone:.0f} %" if h and alone else " | "
    print(f"| {label} | {r['name']} | {r['samples']} | {r['min_us']:.0f} | {r['median_us']:.0f} | "
          f"{r['p99_us']:.0f} | {r['max_us']:.0f} | {hs} |")

print()
for what, ns_file, err in (("kill -9 of the real-time task", "kill-rt.ns", "hog-kill.err"),
                           ("kill -9 of the arbiter", "kill-arbiter.ns", "hog-arbkill.err")):
    try:
        t_kill = int(open(os.path.join(D, ns_file)).read().split()[0])
    except (OSError, ValueError, IndexError):
        print(f"- {what}: no kill time recorded")
        continue
    after = [t for mode, t in trace_done(err) if t >= t_kill and mode in ("0", None)]
    if after:
        print(f"- {what}: the hog's original timeslices restored {(after[0] - t_kill) / 1e6:.2f} ms after the kill")
    else:
        print(f"- {what}: no restore seen in {err}")

lat = []
for f in sorted(glob.glob(os.path.join(D, "status-*.json"))):
    s = load(os.path.basename(f))
    if not s:
        continue
    for a in s.get("agents", []):
        if a.get("applied"):
            lat.append((os.path.basename(f), a["comm"], a["applied"], a["decision_to_applied_us"], a["apply_in_agent_us"]))
if lat:
    print("\n| status file | agent | applies | decision→applied last / mean / max µs | last apply inside the agent µs |")
    print("|---|---|---|---|---|")
    for f, c, n, d, ag in lat:
        print(f"| {f} | {c} | {n} | {d['last']:.0f} / {d['mean']:.0f} / {d['max']:.0f} | {ag:.0f} |")

print("\nTargets (issue 17):")
m = res.get("rt-managed.json")
if m:
    print(f"- rt p99 with a hog ≤ 350 µs: {m[0]['p99_us']:.0f} µs → {'met' if m[0]['p99_us'] <= 350 else 'MISSED'}")
    if m[1] and alone:
        print(f"- hog ≥ 80 % of alone: {100 * m[1] / alone:.0f} % → {'met' if m[1] >= 0.8 * alone else 'MISSED'}")
t = res.get("rt-three-90.json")
if t:
    print(f"- highest priority p99 ≤ 350 µs with a lower rt task and the hog: {t[0]['p99_us']:.0f} µs → "
          f"{'met' if t[0]['p99_us'] <= 350 else 'MISSED'}")
