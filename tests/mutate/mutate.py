#!/usr/bin/env python3
"""tests/mutate/mutate.py - mutation testing for nvsched (issue 18).

Applies one-line faults ("mutants") to the product code, one at a time,
rebuilds what the mutated file goes into, and runs the jobs of the fast
test suite that execute the mutated line (covermap.py) as the killer.  A
mutant is KILLED when a job fails (or times out), SURVIVED when all pass
(or no job executes its line), STILLBORN (not counted) when the product no
longer compiles, and SAME (not counted, not run) when every object file
compiled from the mutated file is byte for byte as without it: the
compiler proved it equivalent.

Operators (applied by content, outside comments and string literals):
  shift     << N / >> N  ->  N+1 (or N-1)
  field     hi:lo in a register header  ->  (hi+1):(lo+1)  ("field moved")
  relop     > >= < <=  ->  >= > <= <
  eqop      == !=      ->  != ==
  logic     && ||      ->  || &&
  not       if (!x)    ->  if (x)
  const     an integer constant  ->  +1
  bool      true/false ->  false/true
  arith     + -        ->  - +
  delete    an expression statement removed (a flag check, an escape, a write)
  swap      the last two simple arguments of a call swapped (output fields)

Usage: mutate.py [--per-area N] [--areas a,b] [--seed S] [--workers W]
                 [--no-coverage] [--reuse] [--list] [--only TEXT]... [--timeout T]
MUTATE_WORK=DIR puts the trees and the map in DIR instead of build/mutate
(a second run beside a first).
The candidate list is sorted and shuffled with a fixed seed, so a run with
the same seed and sizes judges the same mutants, whatever the workers.
Mutants are applied in copies of the tree (build/mutate/tree, tree1, ...:
one per worker, rebuilt there), never in the checkout; the mutated file is
restored after every mutant, on Ctrl-C, and at the next start when a run
was killed (a backup lives in build/mutate/backup[N]).
"""
import argparse
import hashlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import threading
import time

SRC = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
WORK = os.environ.get("MUTATE_WORK") or os.path.join(SRC, "build", "mutate")
# candidates are generated from the checkout; mutants are applied in private
# copies of the tree (build/mutate/tree, tree1, ...: one per worker, each
# with its own build/), so the checkout and its build stay usable
REPO = SRC
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import covermap  # noqa: E402  (tests/mutate/covermap.py)


def source_files():
    """The tracked and untracked-not-ignored files of the checkout."""
    files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=SRC,
                           stdout=subprocess.PIPE, check=True).stdout.decode().split("\0")
    return sorted(f for f in files if f and os.path.isfile(os.path.join(SRC, f)))


def sync_tree(dst_root):
    """Copy the source files into dst_root (only those that differ)."""
    for rel in source_files():
        src, dst = os.path.join(SRC, rel), os.path.join(dst_root, rel)
        with open(src, "rb") as f:
            data = f.read()
        try:
            with open(dst, "rb") as f:
                if f.read() == data:
                    continue
        except OSError:
            pass
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        with open(dst, "wb") as f:
            f.write(data)
        shutil.copymode(src, dst)

AREAS = {
    # register and memory decoders (the portable core) and their field tables
    "decoders": ["kmod/hw/ptop.c", "kmod/hw/runlist.c", "kmod/hw/ce.c",
                 "kmod/hw/gr.c", "kmod/hw/chip.c", "kmod/hw/mmu.c",
                 "kmod/hw/inst.c", "kmod/hw/pramin.c", "kmod/hw/ctlparse.c",
                 "include/nvsched/regs/top.h", "include/nvsched/regs/fifo.h",
                 "include/nvsched/regs/ce.h", "include/nvsched/regs/gr.h",
                 "include/nvsched/regs/boot.h", "include/nvsched/regs/mmu.h"],
    # register-write plans of the control operations
    "control": ["kmod/hw/control.c"],
    # the .nvss snapshot reader/writer the CLI and simulator use
    "snapshot": ["sim/snapshot.c"],
    # command output: text and JSON of runlist, topology, control commands
    "output": ["lib/json.c", "cli/cmd_runlist.c", "cli/cmd_topo.c",
               "cli/cmd_ctl.c"],
    # analysis: the thread-block placement predictor and its GPU model, and
    # the GCAPS response-time analysis
    "analysis": ["analysis/predict/predict.c", "analysis/predict/predict_gpu.c",
                 "analysis/rta/rta.c"],
}

# ---- candidate generation ---------------------------------------------------

def code_mask(lines):
    """For each line, a string of the same length: 'c' for code, ' ' for
    comments, string and char literals (their quotes stay code)."""
    out = []
    in_comment = False
    for line in lines:
        m = []
        i = 0
        n = len(line)
        while i < n:
            if in_comment:
                if line.startswith("*/", i):
                    m += "  "
                    i += 2
                    in_comment = False
                else:
                    m.append(" ")
                    i += 1
                continue
            if line.startswith("/*", i):
                in_comment = True
                m += "  "
                i += 2
                continue
            if line.startswith("//", i):
                m += " " * (n - i)
                break
            c = line[i]
            if c in "\"'":
                q = c
                m.append("c")
                i += 1
                while i < n and line[i] != q:
                    if line[i] == "\\":
                        m.append(" ")
                        i += 1
                    if i < n:
                        m.append(" ")
                        i += 1
                if i < n:
                    m.append("c")
                    i += 1
                continue
            m.append("c")
            i += 1
        out.append("".join(m[:n]).ljust(n))
    return out


def in_code(mask, start, end):
    return all(ch == "c" for ch in mask[start:end])


SKIP_LINE = re.compile(r"^\s*#\s*(include|if|ifdef|ifndef|elif|else|endif|pragma|undef|error)\b")
DECL = re.compile(r"^\s*(static\s+|const\s+|unsigned\s+|signed\s+|struct\s+|enum\s+|union\s+)*"
                  r"(void|bool|char|short|int|long|float|double|size_t|ssize_t|u?int(8|16|32|64)_t|"
                  r"struct\s+\w+|enum\s+\w+|unsigned|FILE)\b[\s\*]*\w+\s*(\[.*\])?\s*[;=,(]")


_used = None


def used_names():
    """How often each identifier occurs in the product sources: a #define
    nobody uses gives only equivalent mutants, so it is left out."""
    global _used
    if _used is None:
        _used = {}
        for d in ("kmod", "lib", "cli", "analysis", "include", "sim"):
            for root, _, files in os.walk(os.path.join(REPO, d)):
                for fn in files:
                    if fn.endswith((".c", ".h")):
                        with open(os.path.join(root, fn), errors="replace") as f:
                            for w in re.findall(r"\b[A-Za-z_]\w*\b", f.read()):
                                _used[w] = _used.get(w, 0) + 1
    return _used


def candidates(rel):
    """Every (line, op, new_line, description) for file rel."""
    path = os.path.join(REPO, rel)
    with open(path) as f:
        lines = f.read().split("\n")
    masks = code_mask(lines)
    header = rel.endswith(".h")
    out = []

    def add(i, op, a, b, repl, what):
        line = lines[i]
        new = line[:a] + repl + line[b:]
        if new != line:
            out.append((i + 1, op, new, what))

    for i, line in enumerate(lines):
        mask = masks[i]
        if not line.strip() or SKIP_LINE.match(line):
            continue
        is_define = re.match(r"^\s*#\s*define\b", line)
        if header and not is_define:
            continue
        if is_define:
            dm = re.match(r"^\s*#\s*define\s+(\w+)", line)
            if dm and used_names().get(dm.group(1), 0) < 2:
                continue
            # register field "hi:lo" -> moved one bit up
            m = re.match(r"^\s*#\s*define\s+\w+\s+(\d+):(\d+)\b", line)
            if m and in_code(mask, m.start(1), m.end(2)):
                hi, lo = int(m.group(1)), int(m.group(2))
                add(i, "field", m.start(1), m.end(2), f"{hi + 1}:{lo + 1}",
                    f"field {hi}:{lo} -> {hi + 1}:{lo + 1}")
                continue
            m = re.match(r"^\s*#\s*define\s+\w+\s+(0x[0-9a-fA-F]+|\d+)u?\b", line)
            if m and in_code(mask, m.start(1), m.end(1)) and not re.match(r"^\s*#\s*define\s+\w+\s+0x[0-9a-fA-F]{5,}", line):
                v = int(m.group(1), 0)
                nv = hex(v + 1) if m.group(1).startswith("0x") else str(v + 1)
                add(i, "const", m.start(1), m.end(1), nv, f"{m.group(1)} -> {nv}")
            if header:
                continue
        for m in re.finditer(r"(<<|>>)\s*(\d+)\b", line):
            if in_code(mask, m.start(), m.end()):
                n = int(m.group(2))
                nn = n + 1 if n == 0 or (i + n) % 2 == 0 else n - 1
                add(i, "shift", m.start(2), m.end(2), str(nn), f"{m.group(1)} {n} -> {nn}")
        for m in re.finditer(r"(?<![<>=!\-])(>=|<=|>|<)(?![<>=])", line):
            if not in_code(mask, m.start(), m.end()) or line[max(0, m.start() - 1)] == "-":
                continue
            if m.group(1) in "<>" and re.search(r"#\s*include", line):
                continue
            rep = {">": ">=", ">=": ">", "<": "<=", "<=": "<"}[m.group(1)]
            add(i, "relop", m.start(), m.end(), rep, f"{m.group(1)} -> {rep}")
        for m in re.finditer(r"(==|!=)", line):
            if in_code(mask, m.start(), m.end()):
                rep = "!=" if m.group(1) == "==" else "=="
                add(i, "eqop", m.start(), m.end(), rep, f"{m.group(1)} -> {rep}")
        for m in re.finditer(r"(&&|\|\|)", line):
            if in_code(mask, m.start(), m.end()):
                rep = "||" if m.group(1) == "&&" else "&&"
                add(i, "logic", m.start(), m.end(), rep, f"{m.group(1)} -> {rep}")
        for m in re.finditer(r"\b(if|while)\s*\(\s*!(?!=)", line):
            if in_code(mask, m.start(), m.end()):
                add(i, "not", m.end() - 1, m.end(), "", "if (!x) -> if (x)")
        for m in re.finditer(r"(?<![\w.])(0x[0-9a-fA-F]+|\d+)([uUlL]*)\b", line):
            if not in_code(mask, m.start(), m.end()):
                continue
            if re.match(r"^\s*case\b", line) and m.group(1) in ("0", "1"):
                pass
            v = int(m.group(1), 0)
            nv = hex(v + 1) if m.group(1).startswith("0x") else str(v + 1)
            add(i, "const", m.start(1), m.end(1), nv, f"{m.group(1)} -> {nv}")
        for m in re.finditer(r"\b(true|false)\b", line):
            if in_code(mask, m.start(), m.end()):
                rep = "false" if m.group(1) == "true" else "true"
                add(i, "bool", m.start(), m.end(), rep, f"{m.group(1)} -> {rep}")
        for m in re.finditer(r"(?<=[\w)\]]) ([+\-]) (?=[\w(])", line):
            if in_code(mask, m.start(), m.end()):
                rep = " - " if m.group(1) == "+" else " + "
                add(i, "arith", m.start(), m.end(), rep, f"{m.group(1)} -> {rep.strip()}")
        st = line.strip()
        if (st.endswith(";") and not DECL.match(line) and "return" not in st
                and not st.startswith(("}", "case", "default", "break", "continue", "goto"))
                and line.count("(") == line.count(")") and in_code(mask, 0, len(line.rstrip()))
                and (i == 0 or lines[i - 1].rstrip().endswith((";", "{", "}", ":", "*/")))):
            ind = line[:len(line) - len(line.lstrip())]
            out.append((i + 1, "delete", ind + ";", f"deleted: {st}"))
        m = re.search(r",\s*([\w.>\-\[\]]+)\s*,\s*([\w.>\-\[\]]+)\s*\)\s*;\s*$", line)
        if m and in_code(mask, m.start(), m.end()) and m.group(1) != m.group(2):
            add(i, "swap", m.start(1), m.end(2), f"{m.group(2)}, {m.group(1)}",
                f"swap {m.group(1)} <-> {m.group(2)}")
    return out


EQUIVALENT = os.path.join(SRC, "tests", "mutate", "equivalent.txt")


FUNC_START = re.compile(r"^[A-Za-z_][\w\s\*]*?\b(\w+)\s*\(")


def functions(rel):
    """For each line of file rel, the function it is in: the name of the
    last definition that starts at column 0 above it (None before any)."""
    with open(os.path.join(REPO, rel)) as f:
        lines = f.read().split("\n")
    out, cur = [], None
    for line in lines:
        m = FUNC_START.match(line)
        if m and not line.rstrip().endswith(";") and not line.startswith(("typedef", "struct", "enum")):
            cur = m.group(1)
        out.append(cur)
    return out


def equivalents():
    """Mutants shown equivalent by reading (tests/mutate/equivalent.txt):
    'file<TAB>operator<TAB>mutated line<TAB>reason', matched by the file and
    the mutated line's text (not its number, so edits elsewhere keep it); a
    delete mutant by its description, 'deleted: STATEMENT'.  The operator
    may end in a scope:
      ' in NAME()'          only inside function NAME (a line such as
                            'return 1;' that the file has in several);
      ' in NAME():K'        only the K-th line of NAME (from the top) that
                            gives this mutated text;
      ' in every function'  every line of the file that gives it.
    An entry without a scope must match lines of one function only (see
    check_scopes): otherwise it could hide a killable mutant elsewhere."""
    out = set()
    if os.path.exists(EQUIVALENT):
        with open(EQUIVALENT) as f:
            for line in f:
                if not line.strip() or line.startswith("#"):
                    continue
                parts = line.rstrip("\n").split("\t")
                if len(parts) < 4 or not parts[3].strip():
                    sys.exit(f"mutate: {EQUIVALENT}: needs file, operator, mutated line and a reason: {line!r}")
                text = " ".join(parts[2].split())
                if parts[1].endswith(" in every function"):
                    out.add((parts[0], text, "*", None))
                    continue
                fm = re.search(r" in (\w+)\(\)(?::(\d+))?$", parts[1])
                out.add((parts[0], text, fm.group(1) if fm else None,
                         int(fm.group(2)) if fm and fm.group(2) else None))
    return out


def is_equivalent(eq, rel, new, what, func=None, occ=None):
    """A deleted statement's mutated line is only ";", so a delete mutant is
    named in equivalent.txt by its description ("deleted: STATEMENT").
    Blanks are compared collapsed (a tab inside a line cannot be written in
    the tab-separated file).  occ: for each of (new, what), the rank of
    this line among the lines of its function giving that text."""
    for i, t in enumerate((new, what)):
        t = " ".join(t.split())
        k = occ[i] if occ else None
        if ((rel, t, None, None) in eq or (rel, t, "*", None) in eq or
                (rel, t, func, None) in eq or (rel, t, func, k) in eq):
            return True
    return False


def occurrences(rel, cands, funcs):
    """For each candidate of rel, the rank (1, 2, ...) of its line among the
    lines of its function whose candidates give the same text, for the
    mutated line and for the description."""
    lines = {}
    for (ln, op, new, what) in cands:
        for t in (new, what):
            lines.setdefault((funcs[ln - 1], " ".join(t.split())), set()).add(ln)
    rank = {k: {ln: i + 1 for i, ln in enumerate(sorted(v))} for k, v in lines.items()}
    return [tuple(rank[(funcs[ln - 1], " ".join(t.split()))][ln] for t in (new, what))
            for (ln, op, new, what) in cands]


def check_scopes(eq):
    """Unscoped entries must match lines of one function only."""
    bad = []
    files = sorted({e[0] for e in eq if e[2] is None})
    for rel in files:
        if not os.path.exists(os.path.join(REPO, rel)):
            continue
        funcs = functions(rel)
        where = {}
        for (ln, op, new, what) in candidates(rel):
            for t in (new, what):
                key = (rel, " ".join(t.split()), None, None)
                if key in eq:
                    where.setdefault(key, set()).add((funcs[ln - 1], ln))
        for key, hits in sorted(where.items()):
            if len({f for f, _ in hits}) > 1:
                bad.append(f"{rel}: '{key[1]}' matches lines "
                           + ", ".join(f"{ln} ({f})" for f, ln in sorted(hits, key=lambda h: h[1])))
    if bad:
        sys.exit("mutate: tests/mutate/equivalent.txt: an entry without a scope matches lines of "
                 "several functions; add ' in NAME()', ' in NAME():K' or ' in every function' "
                 "to its operator:\n  " + "\n  ".join(bad))


def all_candidates(area, skip_equivalent=True):
    out = []
    eq = equivalents() if skip_equivalent else set()
    if eq:
        check_scopes(eq)
    for rel in AREAS[area]:
        funcs = functions(rel)
        cands = candidates(rel)
        for (ln, op, new, what), occ in zip(cands, occurrences(rel, cands, funcs)):
            if is_equivalent(eq, rel, new, what, funcs[ln - 1], occ):
                continue
            out.append((rel, ln, op, new, what))
    out.sort(key=lambda c: (c[0], c[1], c[2], c[4]))
    return out


# ---- running -----------------------------------------------------------------

# build folders that are not the normal build of the product and its unit
# tests: the ASan build (rebuilt by its jobs), the kernel and QEMU trees
NOT_BUILT_HERE = ("asan", "mutate", "qemu", "debug-kernel", "cov")


_hash_cache = {}


def code_hash(path):
    """SHA-256 of an object file without its debug sections (a mutant moves
    the column numbers of the tokens after it); computed again only when
    the file changed."""
    st = os.stat(path)
    key = (st.st_mtime_ns, st.st_size)
    if _hash_cache.get(path, (None,))[0] != key:
        tmp = path + ".nodebug"
        subprocess.run(["objcopy", "--strip-debug", path, tmp], check=True)
        with open(tmp, "rb") as f:
            _hash_cache[path] = (key, hashlib.sha256(f.read()).hexdigest())
        os.unlink(tmp)
    return _hash_cache[path][1]


def run(cmd, timeout, log, cwd):
    """Run cmd in its own process group; at the time limit the whole group
    is killed (a mutant's endless loop runs in a grandchild of the shell)."""
    p = subprocess.Popen(cmd, shell=True, cwd=cwd, stdout=log, stderr=subprocess.STDOUT,
                         start_new_session=True)
    try:
        return p.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout"
    finally:
        try:
            os.killpg(p.pid, signal.SIGKILL)    # leftovers of the group, too
        except ProcessLookupError:
            pass
        p.wait()


class Tree:
    """A private copy of the source with its own build/, where one worker
    applies its mutants.  The mutated file is restored after every mutant,
    on Ctrl-C, and at the next start when a run was killed (a backup in
    build/mutate/backup[N])."""

    def __init__(self, n):
        self.root = os.path.join(WORK, "tree" + (str(n) if n else ""))
        self.backup = os.path.join(WORK, "backup" + (str(n) if n else ""))
        self.log = os.path.join(WORK, f"mutant{n or ''}.log")
        self.current = None     # (path, original bytes) while a mutant is applied
        self.base = {}          # object (relative to root) -> code hash, unmutated
        self.objects = {}       # source or header (relative) -> objects compiled from it
        self.source = {}        # object -> the source file it is compiled from

    def sync(self):
        os.makedirs(self.root, exist_ok=True)
        self.recover()
        sync_tree(self.root)

    def recover(self):
        """A previous run was killed with a mutant applied: put the file back."""
        marker = os.path.join(self.backup, "file")
        if os.path.exists(marker):
            with open(os.path.join(self.backup, "path")) as f:
                rel = f.read().strip()
            shutil.copyfile(marker, os.path.join(self.root, rel))
            print(f"mutate: restored {rel} left mutated by an interrupted run")
            os.unlink(marker)

    def apply(self, rel, lineno, new_line):
        path = os.path.join(self.root, rel)
        with open(path, "rb") as f:
            data = f.read()
        os.makedirs(self.backup, exist_ok=True)
        with open(os.path.join(self.backup, "path"), "w") as f:
            f.write(rel)
        shutil.copyfile(path, os.path.join(self.backup, "file"))
        self.current = (path, data)
        lines = data.decode().split("\n")
        lines[lineno - 1] = new_line
        with open(path, "w") as f:
            f.write("\n".join(lines))

    def restore(self):
        if self.current is not None:
            path, data = self.current
            with open(path, "wb") as f:
                f.write(data)
            self.current = None
        marker = os.path.join(self.backup, "file")
        if os.path.exists(marker):
            os.unlink(marker)

    def scan(self):
        """Read the compiler's dependency files: which objects each source
        and header goes into, and their unmutated code hashes."""
        build = os.path.join(self.root, "build")
        self.objects, self.base, self.source = {}, {}, {}
        for d, dirs, files in os.walk(build):
            if d == build:
                dirs[:] = [x for x in dirs if x not in NOT_BUILT_HERE]
            for fn in files:
                if not fn.endswith(".d"):
                    continue
                with open(os.path.join(d, fn)) as f:
                    text = f.read().replace("\\\n", " ")
                first = text.split("\n", 1)[0]
                if ":" not in first:
                    continue
                obj, deps = first.split(":", 1)
                obj = obj.strip()
                if not obj.endswith(".o") or not os.path.exists(os.path.join(self.root, obj)):
                    continue
                self.base[obj] = code_hash(os.path.join(self.root, obj))
                if deps.split():
                    self.source[obj] = os.path.normpath(deps.split()[0])
                for dep in deps.split():
                    self.objects.setdefault(os.path.normpath(dep), set()).add(obj)

    def run(self, cmd, timeout, log):
        t = time.time()
        rc = run(cmd, timeout, log, self.root)
        log.write(f"mutate: {cmd}: {rc} after {time.time() - t:.1f} s\n")
        log.flush()
        return rc


def baseline(tree, jobs, check, log):
    """Build everything the jobs need in a tree (and, where check, run every
    job: the unmutated tree must pass, or every mutant would look killed)."""
    for job in jobs:
        if tree.run(covermap.build_cmd(job, 2), 900, log) != 0:
            return f"building for {job.name} failed"
    tree.scan()
    if check:
        for job in jobs:
            if tree.run(job.cmd, 900, log) != 0:
                return f"{job.name} fails"
    return None


def job_timeout(cov, job, limit):
    """A job's limit: five times what it took in the coverage run (-O0, so
    slower than now), at least 60 s, at most --timeout."""
    return max(60, min(limit, int(5 * cov["seconds"].get(job.name, 30.0))))


def run_mutant(tree, cand, jobs, cov, limit):
    """Apply one mutant in the tree and judge it.  Returns (verdict, detail):
    STILLBORN (does not compile), SAME (every object it touches is
    unchanged), KILLED (by the named job), SURVIVED."""
    rel, ln, op, new, what = cand
    objs = sorted(tree.objects.get(rel, ()))
    tree.apply(rel, ln, new)
    try:
        with open(tree.log, "w") as log:
            if objs:
                if tree.run("make --no-print-directory -s -j1 " + " ".join(objs), 600, log) != 0:
                    return "STILLBORN", None
                if all(code_hash(os.path.join(tree.root, o)) == tree.base[o] for o in objs):
                    return "SAME", None
            sel = None
            if cov.get("lines") is not None:
                srcs = {tree.source[o] for o in objs if o in tree.source} if objs else {rel}
                sel = covermap.select(cov, jobs, rel, ln, sorted(srcs))
            if sel == []:
                return "SURVIVED", "no test executes this line"
            if sel is None:
                sel = sorted(jobs, key=lambda j: cov["seconds"].get(j.name, 30.0))
            for job in sel:
                if tree.run(covermap.build_cmd(job), 600, log) != 0:
                    return "STILLBORN", f"building for {job.name} failed"
                rc = tree.run(job.cmd, job_timeout(cov, job, limit), log)
                if rc != 0:
                    return "KILLED", job.name + (" timeout" if rc == "timeout" else "")
            return "SURVIVED", None
    finally:
        tree.restore()


# ---- verdicts of earlier runs (--reuse) ------------------------------------
#
# Every verdict but SURVIVED is appended to build/mutate/verdicts.jsonl under
# the mutant's key: the SHA-256 of the file it mutates, its line, operator
# and mutated text.  SAME and not compiling depend on that file alone.  A
# KILLED verdict stays true while the test that failed is kept and not
# weakened; the line says which commit's suite killed it.  SURVIVED is never
# stored: a survivor always runs again, against the tests of now.

VERDICTS = os.path.join(WORK, "verdicts.jsonl")
_file_sha = {}


def verdict_key(cand):
    rel, ln, op, new, what = cand
    if rel not in _file_sha:
        with open(os.path.join(SRC, rel), "rb") as f:
            _file_sha[rel] = hashlib.sha256(f.read()).hexdigest()
    return f"{_file_sha[rel]}:{rel}:{ln}:{op}:{new.strip()}"


def load_verdicts():
    out = {}
    try:
        with open(VERDICTS) as f:
            for line in f:
                try:
                    v = json.loads(line)
                    out[v["key"]] = v
                except (ValueError, KeyError):
                    continue
    except OSError:
        pass
    return out


def store_verdict(key, verdict, detail, commit):
    with open(VERDICTS, "a") as f:
        f.write(json.dumps({"key": key, "verdict": verdict, "detail": detail or "",
                            "commit": commit}) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--per-area", type=int, default=int(os.environ.get("MUTATE_PER_AREA", "20")),
                    help="mutants per area that compile (0: all)")
    ap.add_argument("--areas", default=os.environ.get("MUTATE_AREAS", ",".join(AREAS)))
    ap.add_argument("--seed", type=int, default=int(os.environ.get("MUTATE_SEED", "18")))
    ap.add_argument("--timeout", type=int, default=int(os.environ.get("MUTATE_TIMEOUT", "240")),
                    help="seconds for one job at most")
    ap.add_argument("--workers", type=int, default=int(os.environ.get("MUTATE_WORKERS", "1")),
                    help="trees mutated in parallel (one core each)")
    ap.add_argument("--killer", default=os.environ.get("MUTATE_KILLER"),
                    help="one command as the whole suite instead of the covered jobs")
    ap.add_argument("--no-coverage", action="store_true",
                    help="run every job against every mutant (to check the selection)")
    ap.add_argument("--reuse", action="store_true",
                    help="take KILLED, SAME and not-compiling verdicts of earlier runs on the same file")
    ap.add_argument("--list", action="store_true", help="list the candidates and exit")
    ap.add_argument("--only", action="append",
                    help="run only mutants whose 'file:line op' contains this (repeatable)")
    a = ap.parse_args()
    areas = [x for x in a.areas.replace(" ", ",").split(",") if x]
    for x in areas:
        if x not in AREAS:
            sys.exit(f"mutate: unknown area '{x}' (areas: {', '.join(AREAS)})")

    if a.list:  # read-only: lists from the checkout
        for area in areas:
            c = all_candidates(area)
            print(f"# {area}: {len(c)} candidates")
            for rel, ln, op, new, what in c:
                print(f"{area} {rel}:{ln} {op}: {what}")
        return 0

    os.makedirs(WORK, exist_ok=True)
    lock = open(os.path.join(WORK, "lock"), "w")
    try:
        import fcntl
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        sys.exit("mutate: another run is using build/mutate")

    def on_signal(sig, frame):
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, on_signal)

    t0 = time.time()
    trees = [Tree(n) for n in range(max(1, a.workers))]
    for t in trees:
        t.sync()
    if a.killer:
        jobs = [covermap.Job("killer", ["user"], a.killer)]
    else:
        jobs = covermap.jobs(trees[0].root)
    # the coverage map: built once for this source in its own copy
    cov = {"lines": None, "seconds": {}}
    log = open(os.path.join(WORK, "baseline.log"), "w")
    if not a.killer and not a.no_coverage:
        covtree = os.path.join(WORK, "cov")
        sync_tree(covtree)
        wanted = sorted({f for files in AREAS.values() for f in files})
        # the map depends on the product and its tests, not on this tool,
        # and on the files it maps (an area given one more file needs them)
        key = covermap.tree_key(covtree, [f for f in source_files() if not f.startswith("tests/mutate/")])
        key = hashlib.sha256("\n".join([key] + wanted).encode()).hexdigest()
        try:
            cov = covermap.load_or_build(covtree, os.path.join(WORK, "coverage.json"), key, jobs,
                                         wanted, log, " ".join(covermap.make_var(covtree, "CFLAGS_COMMON")))
        except RuntimeError as e:
            print(f"mutate: {e} (build/mutate/baseline.log)")
            return 2
    for n, t in enumerate(trees):
        err = baseline(t, jobs, n == 0, log)
        if err:
            print(f"mutate: the unmutated tree: {err} (build/mutate/baseline.log)")
            return 2
    log.close()
    print(f"mutate: {len(jobs)} jobs, {len(trees)} worker(s), ready after {int(time.time() - t0)} s"
          + ("" if cov.get("lines") is None else "; each mutant runs the jobs that execute its line"),
          flush=True)

    results = {}
    survivors = []
    reuse = load_verdicts()
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=SRC, stdout=subprocess.PIPE,
                          text=True).stdout.strip() + ("+" if subprocess.run(
                              ["git", "diff", "--quiet", "HEAD"], cwd=SRC).returncode else "")
    out_lock = threading.Lock()
    stop = threading.Event()
    t1 = time.time()

    def run_area(area, cands):
        done = {}          # candidate index -> (verdict, detail)
        counted = [0]
        nxt = [0]

        def worker(tree):
            while not stop.is_set():
                with out_lock:
                    if nxt[0] >= len(cands) or (a.per_area and counted[0] >= a.per_area):
                        return
                    i = nxt[0]
                    nxt[0] += 1
                rel, ln, op, new, what = cands[i]
                key = verdict_key(cands[i])
                cached = reuse.get(key) if a.reuse else None
                if cached:
                    verdict, detail = cached["verdict"], f"{cached['detail']}; cached from {cached['commit']}"
                else:
                    verdict, detail = run_mutant(tree, cands[i], jobs, cov, a.timeout)
                with out_lock:
                    if not cached and verdict != "SURVIVED":
                        store_verdict(key, verdict, detail, head)
                    done[i] = (verdict, detail)
                    if verdict in ("KILLED", "SURVIVED"):
                        counted[0] += 1
                    note = {"SAME": " (same object code, not counted)",
                            "STILLBORN": " (does not build, not counted)"}.get(verdict, "")
                    if detail and verdict != "STILLBORN":
                        note += f" ({detail})"
                    if verdict == "SURVIVED":
                        # the mutated line itself: a line can hold the same
                        # operator twice (two "0 -> 1" on one line)
                        note += f"\n         | {new.strip()}"
                    if verdict != "STILLBORN":
                        print(f"{verdict:8} {area:9} {rel}:{ln} {op}: {what}{note}", flush=True)

        threads = [threading.Thread(target=worker, args=(t,)) for t in trees]
        for th in threads:
            th.start()
        try:
            for th in threads:
                while th.is_alive():
                    th.join(0.5)
        except KeyboardInterrupt:
            stop.set()
            for th in threads:
                th.join()
            raise
        # the first per-area counted mutants in candidate order decide, so a
        # run with the same seed judges the same mutants whatever the workers
        killed = total = stillborn = same = 0
        for i in sorted(done):
            verdict, _ = done[i]
            if a.per_area and total >= a.per_area:
                break
            if verdict == "STILLBORN":
                stillborn += 1
            elif verdict == "SAME":
                same += 1
            else:
                total += 1
                if verdict == "KILLED":
                    killed += 1
                else:
                    rel, ln, op, new, what = cands[i]
                    survivors.append(f"{area} {rel}:{ln} {op}: {what}\n\t{new.strip()}")
        return killed, total, stillborn, same

    try:
        for area in areas:
            cands = all_candidates(area)
            rng = random.Random(f"{a.seed}:{area}")
            rng.shuffle(cands)
            if a.only:
                cands = [c for c in cands if any(o in f"{c[0]}:{c[1]} {c[2]}" for o in a.only)]
            results[area] = run_area(area, cands)
    except KeyboardInterrupt:
        print("mutate: interrupted; source restored")
        return 130
    finally:
        for t in trees:
            t.restore()
    with open(os.path.join(WORK, "survivors.txt"), "w") as f:
        f.write("".join(s + "\n" for s in survivors))
    K = T = 0
    for area in areas:
        k, t, s, e = results[area]
        K += k
        T += t
        pct = f"{100 * k // t} %" if t else "n/a"
        print(f"MUTATE {area}: {k}/{t} killed ({pct}; not counted: {s} not compiling, "
              f"{e} same object code)")
    pct = f"{100 * K // T} %" if T else "n/a"
    print(f"MUTATE: {K}/{T} killed ({pct}) seed {a.seed}, {a.per_area or 'all'} per area, "
          f"{int(time.time() - t1)} s; survivors in build/mutate/survivors.txt")
    return 0


if __name__ == "__main__":
    sys.exit(main())
