"""tests/mutate/covermap.py - which job of the fast suite executes which line.

mutate.py runs a mutant only against the jobs that execute its line (the
per-test coverage that mutation tools such as PIT use): a job that never
reaches the mutated line computes exactly what it computes without it, so
running it cannot kill the mutant.  The map comes from one build of the tree
with gcc's --coverage at -O0 (exact line attribution) and one run of every
job, gcov's JSON read after each.  A line that no job executes although gcov
instruments it survives without a run ("no coverage"); a line gcov does not
instrument (a declaration, a table row, a macro in a header, a function the
compiler inlined away) runs every job, so nothing is lost there.

The jobs are the fast suite cut at its joints: each unit-test binary on its
own (`make unit`), five of them again under ASan+UBSan (memory faults: an
index one off, a write past a buffer), the predictor golden cases, the CLI
tests, the leak check (a deleted free()), the predictor against the
committed H100 measurements.  A mutant is run against its jobs fastest
first and stops at the first failure.
"""
import hashlib
import json
import os
import re
import sys
import subprocess
import time


class Job:
    """One part of the fast suite: what to build (make targets, or the ASan
    build of some unit tests) and the command that passes or fails."""

    def __init__(self, name, targets, cmd, asan=None, cover=None):
        self.name = name
        self.targets = targets      # make targets in the tree's build/
        self.cmd = cmd
        self.asan = asan            # make targets built with B=build/asan (sanitizers)
        self.cover = cover or name  # whose coverage decides (ASan: the unit test's)
        self.seconds = 10.0         # measured in the coverage run


ASAN_TESTS = ("test_json", "test_snapshot", "test_predict", "test_runlist", "test_control_seq",
              "test_ctlparse", "test_gr", "test_ce", "test_ptop", "test_rta")
ASAN_CC = "cc -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all"


def make_var(tree, var):
    """A variable of the tree's Makefile, as make expands it."""
    out = subprocess.run(["make", "--no-print-directory", "-s", "-f", "Makefile", "-f", "-",
                          "print-var"], cwd=tree, input=f"print-var:\n\t@echo $({var})\n",
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, check=True)
    return out.stdout.split()


def script_list(tree, rel, pattern, what):
    """The names a test script lists (its --part groups, the unit tests the
    leak check runs), read from the script so they are written once."""
    with open(os.path.join(tree, rel)) as f:
        m = re.search(pattern, f.read(), re.M)
    if not m:
        sys.exit(f"covermap: {rel} no longer has {what}")
    return re.findall(r"\w+", m.group(1))


def jobs(tree):
    units = make_var(tree, "UNIT_TESTS")
    out = []
    for path in sorted(units):
        out.append(Job("unit:" + os.path.basename(path), [path], f"bash scripts/run-unit.sh {path}"))
    out.append(Job("golden", ["user-bin"], "bash tests/predict/run-golden.sh build/bin/nvsched-predict"))
    # the CLI tests and the leak check as their --part groups: a mutant runs
    # only the groups that reach its line; the leak check's unit-test group
    # rebuilds only the unit tests it runs
    cli, leaks = "tests/cli/test_cli.py", "tests/cli/test_leaks.sh"
    for part in script_list(tree, cli, r"^PARTS = \(([^)]*)\)", "its PARTS"):
        out.append(Job("cli:" + part, ["user-bin"], f"python3 {cli} -q --part={part}"))
    leak_units = script_list(tree, leaks, r"^\s*for t in ([\w ]+); do\n\s*leak build/tests/unit/\$t$",
                             "its 'for t in ...' unit-test list")
    for part in script_list(tree, leaks, r"^all_parts=([\w,]+)", "its all_parts"):
        targets = ([u for u in units if os.path.basename(u) in leak_units] if part == "units"
                   else ["user-bin"])
        out.append(Job("leaks:" + part, targets, f"bash {leaks} -q --part={part}"))
    out.append(Job("score", ["user-bin"], "bash tests/hw/score-committed.sh"))
    for t in ASAN_TESTS:
        out.append(Job("asan:" + t, [], "ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1 "
                       f"build/asan/tests/unit/{t}", asan=[f"build/asan/tests/unit/{t}"],
                       cover="unit:" + t))
    # the leak check's command and predictor runs with the programs built
    # under ASan+UBSan (make asan): a read past a buffer fails there
    for part in ("cli", "predict"):
        out.append(Job("asan:leaks:" + part, ["profiles"],
                       f"bash {leaks} -q --asan --part={part}", asan=["user-bin"],
                       cover="leaks:" + part))
    return out


def build_cmd(job, jobs_par=1):
    """The make command that brings the job's programs up to date."""
    if job.asan:
        plain = (f"make --no-print-directory -s -j{jobs_par} {' '.join(job.targets)} && "
                 if job.targets else "")
        return (f"{plain}ASAN_OPTIONS=detect_leaks=0 make --no-print-directory -s -j{jobs_par} "
                f"B=build/asan CC='{ASAN_CC}' {' '.join(job.asan)}")
    return f"make --no-print-directory -s -j{jobs_par} {' '.join(job.targets)}"


def tree_key(tree, files):
    """A hash of the files that decide the map (the whole source, not build/)."""
    h = hashlib.sha256()
    for rel in files:
        h.update(rel.encode() + b"\0")
        with open(os.path.join(tree, rel), "rb") as f:
            h.update(hashlib.sha256(f.read()).digest())
    return h.hexdigest()


def _gcov(tree, gcdas):
    """Run gcov over the .gcda files; yield (source, line, count) for every
    source file they cover (paths relative to the tree)."""
    by_dir = {}
    for g in gcdas:
        by_dir.setdefault(os.path.dirname(g), []).append(g)
    for d, files in by_dir.items():
        p = subprocess.run(["gcov", "--json-format", "--stdout", "-o", d] + files, cwd=tree,
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        for doc in p.stdout.decode(errors="replace").splitlines():
            if not doc.startswith("{"):
                continue
            for f in json.loads(doc).get("files", []):
                src = os.path.normpath(f["file"])
                for ln in f["lines"]:
                    yield src, ln["line_number"], ln["count"]


def _gcda_files(build):
    out = []
    for d, _, files in os.walk(build):
        out += [os.path.join(d, f) for f in files if f.endswith(".gcda")]
    return out


def build_map(tree, all_jobs, wanted, log, cflags_common):
    """Build the tree with coverage, run every job (ASan jobs share their
    unit test's map), and return {"lines": {"file:line": [jobs]},
    "instrumented": {"file": [lines]}, "touched": {"file": [jobs]},
    "seconds": {job: s}}: the lines each job executes (of the wanted
    files), and the source files of every object linked into a program a
    job ran (gcov writes an object's counts at exit even when none of its
    code ran)."""
    build = os.path.join(tree, "build")
    flags = re.sub(r"-O\d", "-O0", cflags_common)
    cmd = (f"make --no-print-directory -s -j2 CC='cc --coverage' CFLAGS_COMMON='{flags}' user " + " ".join(make_var(tree, "UNIT_TESTS")))
    if subprocess.run(cmd, shell=True, cwd=tree, stdout=log, stderr=subprocess.STDOUT).returncode:
        raise RuntimeError("the coverage build failed")
    lines, inst, secs, touched = {}, {}, {}, {}
    wanted = set(wanted)
    for job in all_jobs:
        if job.asan:
            continue
        for g in _gcda_files(build):
            os.unlink(g)
        t0 = time.time()
        rc = subprocess.run(job.cmd, shell=True, cwd=tree, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True).returncode
        secs[job.name] = time.time() - t0
        if rc:
            raise RuntimeError(f"job {job.name} fails on the unmutated tree (coverage build)")
        for src, ln, count in _gcov(tree, _gcda_files(build)):
            touched.setdefault(src, set()).add(job.name)
            if src not in wanted:
                continue
            inst.setdefault(src, set()).add(ln)
            if count > 0:
                lines.setdefault(f"{src}:{ln}", set()).add(job.name)
    for job in all_jobs:  # an ASan job takes as long as its unit test, a few times over
        if job.asan:
            secs[job.name] = 3 * secs.get(job.cover, 10.0)
    return {"lines": {k: sorted(v) for k, v in lines.items()},
            "instrumented": {k: sorted(v) for k, v in inst.items()},
            "touched": {k: sorted(v) for k, v in touched.items()}, "seconds": secs}


def load_or_build(tree, cache, key, all_jobs, wanted, log, cflags_common):
    """The map for this source (cached in `cache` by the source's hash)."""
    m = None
    try:
        with open(cache) as f:
            m = json.load(f)
        if m.get("key") != key:
            m = None
    except (OSError, ValueError):
        m = None
    if m is None:
        m = build_map(tree, all_jobs, wanted, log, cflags_common)
        m["key"] = key
        with open(cache + ".tmp", "w") as f:
            json.dump(m, f)
        os.replace(cache + ".tmp", cache)
    m["instrumented"] = {k: set(v) for k, v in m["instrumented"].items()}
    return m


def select(m, all_jobs, rel, line, sources):
    """The jobs to run against a mutant of rel:line, fastest first; [] when
    no job executes the line.  A line gcov does not instrument goes to the
    jobs that ran a program with an object compiled from `sources` (the
    file itself, or for a header the sources that include it); None when
    that is not known either (run them all)."""
    if line in m["instrumented"].get(rel, ()):
        hit = set(m["lines"].get(f"{rel}:{line}", ()))
    else:
        hit = set()
        for src in sources:
            if src not in m["touched"]:
                return None
            hit |= set(m["touched"][src])
        if not hit:
            return None
    return sorted((j for j in all_jobs if j.cover in hit), key=lambda j: m["seconds"].get(j.name, 10.0))
