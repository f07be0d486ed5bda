#!/usr/bin/env python3
"""check-layers.py - the include rules of docs/architecture.md, enforced.

Every #include "..." of the product code (kmod/, lib/, cli/, analysis/,
sim/, include/) is resolved the way the build resolves it (the file's own
folder, then the -I folders of the Makefile or Kbuild) and checked against
what its folder may include.  Also: the portable core includes no Linux or
libc-only header outside compat.h, kmod/linux's headers form a strict order
(no include cycle), and no product binary links an object from tests/.

Prints one line per violation and "LAYERS: ok (...)" when there is none;
exits 1 on a violation.

    scripts/check-layers.py [--root DIR] [--make-db FILE]

--root checks another copy of the tree; --make-db reads the output of
`make -pn user` from FILE instead of running make (tests/layers/run.sh
plants violations that way).
"""
import os
import re
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAKE_DB = None
args = sys.argv[1:]
while args:
    if args[0] == "--root" and len(args) > 1:
        TOP = os.path.abspath(args[1])
        args = args[2:]
    elif args[0] == "--make-db" and len(args) > 1:
        MAKE_DB = args[1]
        args = args[2:]
    else:
        sys.exit("usage: check-layers.py [--root DIR] [--make-db FILE]")
USER_I = ["include", "kmod/hw", "sim", "lib", "cli",
          "analysis/rta", "analysis/predict", "analysis/priosim"]
KERNEL_I = ["include", "kmod/hw", "kmod/linux"]

# folder -> folders it may include from (its own always included)
ALLOWED = {
    "include": ["include"],
    "kmod/hw": ["include"],	# register facts and the uapi structs
    "kmod/linux": ["include", "kmod/hw"],
    "sim": ["include", "kmod/hw"],
    "lib": ["include", "kmod/hw", "sim", "lib/agent"],
    "lib/agent": ["include", "lib"],
    "analysis/rta": ["include", "lib", "cli"],
    "analysis/predict": ["include", "lib", "cli"],
    "analysis/priosim": ["include", "kmod/hw", "lib", "cli"],
    "cli": ["include", "kmod/hw", "lib", "lib/agent", "analysis/rta",
            "analysis/predict", "analysis/priosim"],
}
# analysis/ and cli/ share only the command entry point and exit codes;
# the models take nothing of include/ but the error-buffer helper
ONLY = {("analysis/rta", "include"): {"errbuf.h"},
        ("analysis/predict", "include"): {"errbuf.h"},
        ("analysis/rta", "cli"): {"cli.h"},
        ("analysis/predict", "cli"): {"cli.h"},
        ("analysis/priosim", "cli"): {"cli.h"},
        ("analysis/rta", "lib"): {"json.h", "gpu_select.h"},
        ("analysis/predict", "lib"): {"json.h", "gpu_select.h"},
        ("analysis/priosim", "lib"): {"json.h", "gpu_select.h"},
        ("lib", "lib/agent"): {"prio_wire.h"},
        ("cli", "lib/agent"): {"prio_wire.h"},
        ("lib/agent", "lib"): {"rm_abi.h"}}
# kmod/linux: a header may include only headers before it in this order,
# a .c file only its own header's rank and below
KLINUX_ORDER = ["nvsched_trace.h", "nvs_params.h", "nvs_gpu.h", "nvs_control.h",
                "nvs_prio.h", "nvs_proc.h", "nvs_dev.h"]
KLINUX_OWN = {"params.c": "nvs_params.h", "gpu.c": "nvs_gpu.h", "rlcopy.c": "nvs_gpu.h",
              "control.c": "nvs_control.h", "prio.c": "nvs_prio.h",
              "prio_runlist.c": "nvs_prio.h", "trace.c": "nvs_prio.h",
              "proc.c": "nvs_proc.h", "proc_runlist.c": "nvs_proc.h",
              "proc_ctl.c": "nvs_proc.h", "proc_topo.c": "nvs_proc.h",
              "dev.c": "nvs_dev.h", "dev_topo.c": "nvs_dev.h", "main.c": None}
# what ships or runs outside the tests: the installed files (packaging/),
# the analysis drivers, the simulator's tools, and every build/lib*.a
PRODUCT_TARGETS = {"build/bin/nvsched", "build/bin/nvsched-rta", "build/bin/nvsched-predict",
                   "build/bin/nvss-responder", "build/bin/nvss-tool",
                   "build/lib/libnvsched.a", "build/lib/libnvsched.so.1",
                   "build/lib/libnvsched-agent.so"}
PRODUCT = ["include", "kmod", "lib", "cli", "analysis", "sim"]

errors = []


def folder_of(rel):
    d = os.path.dirname(rel)
    return d


def resolve(rel, name):
    here = os.path.join(os.path.dirname(rel), name)
    if os.path.isfile(os.path.join(TOP, here)):
        return os.path.normpath(here)
    dirs = KERNEL_I if rel.startswith("kmod/linux/") else USER_I
    for d in dirs:
        p = os.path.join(d, name)
        if os.path.isfile(os.path.join(TOP, p)):
            return os.path.normpath(p)
    return None


def check_file(rel):
    src = open(os.path.join(TOP, rel), errors="replace").read()
    here = folder_of(rel)
    base = os.path.basename(rel)
    for m in re.finditer(r'^\s*#\s*include\s+([<"])([^>"]+)[>"]', src, re.M):
        kind, name = m.group(1), m.group(2)
        if kind == "<":
            if here == "kmod/hw" and base != "compat.h" and name.startswith(("linux/", "asm/")):
                errors.append(f"{rel}: the portable core includes <{name}> (only compat.h may)")
            continue
        target = resolve(rel, name)
        if target is None:
            errors.append(f'{rel}: "{name}" resolves to no file of the tree')
            continue
        if target.startswith("tests/"):
            errors.append(f'{rel}: product code includes test code "{target}"')
            continue
        tdir = folder_of(target)
        if tdir.startswith("include/"):
            tdir = "include"	# include/nvsched/regs, include/uapi
        if tdir == here:
            continue
        allowed = ALLOWED.get(here)
        if allowed is None:
            continue
        if tdir not in allowed:
            errors.append(f'{rel}: {here}/ may not include {tdir}/ ("{name}")')
            continue
        only = ONLY.get((here, tdir))
        if only and os.path.basename(target) not in only:
            errors.append(f'{rel}: {here}/ may include only {sorted(only)} of {tdir}/, not "{name}"')
    if here == "kmod/linux":
        incs = [n for n in re.findall(r'^\s*#\s*include\s+"([^"]+)"', src, re.M)
                if n in KLINUX_ORDER]
        if base in KLINUX_ORDER:
            rank = KLINUX_ORDER.index(base)
            for n in incs:
                if KLINUX_ORDER.index(n) >= rank:
                    errors.append(f"{rel}: includes {n}, which is not below it")
        elif base.endswith(".c"):
            if base not in KLINUX_OWN:
                errors.append(f"{rel}: not placed in the kmod/linux order (scripts/check-layers.py)")
                return
            own = KLINUX_OWN[base]
            if own is not None:
                for n in incs:
                    if n != "nvsched_trace.h" and KLINUX_ORDER.index(n) > KLINUX_ORDER.index(own):
                        errors.append(f"{rel}: includes {n}, above its own layer {own}")


def check_links():
    """No product binary or library links an object built from tests/."""
    if MAKE_DB:
        out = open(MAKE_DB).read()
    else:
        try:
            out = subprocess.run(["make", "-C", TOP, "-pn", "--no-print-directory", "user"],
                                 capture_output=True, text=True, timeout=120).stdout
        except (OSError, subprocess.TimeoutExpired) as e:
            errors.append(f"make -pn user failed: {e}")
            return 0
    n = 0
    for line in out.splitlines():
        m = re.match(r"^(build/[^:\s]+):\s*(.*)$", line)
        if not m or not (m.group(1) in PRODUCT_TARGETS or re.match(r"build/lib[a-z]+\.a$", m.group(1))):
            continue
        n += 1
        for dep in m.group(2).split():
            if dep.startswith("build/tests/") or dep.startswith("tests/"):
                errors.append(f"{m.group(1)} links test code {dep}")
    return n


def main():
    files = []
    for d in PRODUCT:
        for root, _, names in os.walk(os.path.join(TOP, d)):
            for fn in names:
                if fn.endswith((".c", ".h")):
                    files.append(os.path.relpath(os.path.join(root, fn), TOP))
    for rel in sorted(files):
        check_file(rel)
    targets = check_links()
    if targets == 0:
        errors.append("no product link target found in the make database")
    if errors:
        for e in errors:
            print("LAYERS: " + e)
        print(f"LAYERS: {len(errors)} violation(s); the rules are in docs/architecture.md")
        return 1
    print(f"LAYERS: ok ({len(files)} product files, {targets} link targets)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
