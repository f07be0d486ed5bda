#!/usr/bin/env python3
"""tests/cli/test_cli.py - fast tests of nvsched's command layer (issue 18).

Runs build/bin/nvsched --snapshot on every simulator profile and on the real
H100 capture, and checks the text and -j JSON of engines, ce, gr, runlist and
the control commands against values that do NOT come from nvsched:

  * the profile generator's own description of what it encoded
    (build/bin/nvss-gen --describe CHIP; tests/profiles/gen encodes each chip
    from its own field tables, never from include/nvsched/regs or kmod/hw);
  * RM's answers for the captured H100 (tests/fixtures/rmprobe_idle.txt);
  * CONTRACTS.md section 2 (keys, hex format, null instead of 0, ordering)
    and the CHRAM/PCCSR bit tables of the manuals (hand-written below).

Every nvsched invocation runs in parallel; the whole file takes a few
seconds.  Usage: tests/cli/test_cli.py [-q] [--bin=build/bin/nvsched]
  --module-dump STDOUT SNAPSHOTS: the same checks on what the kernel module
  printed in the QEMU case runlists (tests/qemu/cases/runlists.check).
Prints "CLI: N checks passed, F failed" and exits non-zero on a failure.
"""
import concurrent.futures as cf
import itertools
import json
import os
import re
import select
import signal
import subprocess
import sys
import time

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
CHIPS = ["gk104", "gm204", "gp106", "gp10b", "gv100", "gv11b", "tu104", "ga100",
         "ga10b", "ad102", "gh100", "gb202"]
H100 = "tests/fixtures/h100_idle.nvss"
RMPROBE = "tests/fixtures/rmprobe_idle.txt"
HEX_KEYS = {"base", "inst", "userd", "pri_base", "runlist_pri_base", "pce_map",
            "gpc_disable_mask", "tpc_disable_mask", "chip_id"}
HEX_RE = re.compile(r"^0x(0|[1-9a-f][0-9a-f]*)$")
ARCHES = {"kepler", "maxwell", "pascal", "volta", "turing", "ampere", "ada", "hopper",
          "blackwell", "unknown"}
# NV_CHRAM_CHANNEL bits (Ampere+; regs-fifo.md section 4, nvdebug's CHRAM table)
CHRAM_FLAGS = {2: "next", 3: "busy", 4: "pbdma_faulted", 5: "eng_faulted", 6: "on_pbdma",
               7: "on_eng", 8: "pending", 9: "ctx_reload", 10: "pbdma_busy", 11: "eng_busy",
               12: "acquire_fail"}
# NV_PCCSR_CHANNEL_STATUS (27:24) enum, regs-fifo.md section 4.1
PCCSR_STATUS = ["idle", "pending", "pending_ctx_reload", "pending_acquire",
                "pending_acq_ctx_reload", "on_pbdma", "on_pbdma_and_eng", "on_eng",
                "on_eng_pending_acquire", "on_eng_pending", "on_pbdma_ctx_reload",
                "on_pbdma_and_eng_ctx_reload", "on_eng_ctx_reload", "on_eng_pending_ctx_reload",
                "on_eng_pending_acq_ctx_reload"]

# Kepler has neither the PCE map (Pascal+) nor the GM107 GPC/TPC fuses;
# Maxwell has the fuses but no PCE map (regs-mmu-gr.md, ce.h)
UNSUPPORTED = {("gk104", "ce"), ("gk104", "gr"), ("gm204", "ce")}

passed = 0
failures = []
quiet = False


def check(cond, what):
    global passed
    if cond:
        passed += 1
    else:
        failures.append(what)
        if not quiet:
            print("FAIL:", what)


def eq(got, want, what):
    check(got == want, f"{what}: got {got!r}, want {want!r}")


def run(args):
    p = subprocess.run(args, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=60)
    return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")


# ---- the generator's description ----------------------------------------------

def md_tables(text):
    """[(heading line before the table, [row dicts])] of a markdown text."""
    out = []
    lines = text.split("\n")
    i = 0
    last = ""
    while i < len(lines):
        ln = lines[i]
        if ln.startswith("|") and i + 1 < len(lines) and lines[i + 1].startswith("|---"):
            head = [c.strip() for c in ln.strip().strip("|").split("|")]
            rows = []
            i += 2
            while i < len(lines) and lines[i].startswith("|"):
                cells = [c.strip() for c in lines[i].strip().strip("|").split("|")]
                rows.append(dict(zip(head, cells)))
                i += 1
            out.append((last, rows))
            continue
        if ln.strip():
            last = ln
        i += 1
    return out


def num(s):
    if s in ("null", "-", ""):
        return None
    return int(s, 0)


def check_profile(chip, desc, js, text):
    """Every field the generator describes, per command that ran (js and
    text hold only the commands of the selected parts)."""
    tables = md_tables(desc)
    for c, fn in (("engines", check_profile_engines), ("ce", check_profile_ce),
                  ("gr", check_profile_gr), ("runlist", check_profile_runlists)):
        if c in js:
            fn(chip, desc, tables, js, text)


def check_profile_engines(chip, desc, tables, js, text):
    engines_js = js["engines"]
    # ---- engines: every field the generator describes, in PTOP order
    for head, rows in tables:
        if not head.startswith("**Engines**"):
            continue
        eq(len(engines_js["engines"]), len(rows), f"{chip} engines: count")
        for r, e in zip(rows, engines_js["engines"]):
            w = f"{chip} engine #{r['#']}"
            eq(e["type"], r["type"], w + " type")
            eq(e["instance"], num(r["instance"]), w + " instance")
            eq(e["runlist"], num(r["runlist"]), w + " runlist")
            eq(e["pri_base"], r["pri_base"], w + " pri_base")
            eq(e["fault_id"], num(r["fault_id"]), w + " fault_id")
            eq(e["reset_id"], num(r["reset_id"]), w + " reset_id")
    for head, rows in tables:
        if not head.startswith("**Runlists"):
            continue
        names = [f"{e['type']}#{e['instance']}" for e in engines_js["engines"]]
        got = [(rl["id"], " ".join(names[k] for k in rl["engines"]))
               for rl in engines_js["runlists"]]
        want = [(int(r["runlist"]), r["engines"]) for r in rows]
        eq(got, want, f"{chip} runlists -> engines")


def check_profile_ce(chip, desc, tables, js, text):
    # ---- copy engines
    m = re.search(r"PCE_MAP (0x[0-9a-f]+)", desc)
    if m:
        eq(js["ce"]["pce_map"], m.group(1), f"{chip} ce pce_map")
    for head, rows in tables:
        if not head.startswith("**Copy engines"):
            continue
        got = [(l["lce"], l["grce"], l["pces"], l["shared_with_lce"]) for l in js["ce"]["lces"]]
        want = [(int(r["lce"]), r["grce"] == "true", json.loads(r["pces"]),
                 num(r["shared_with_lce"])) for r in rows]
        eq(got, want, f"{chip} ce lces")
        # text summary: the PCE map, its PCE count (set bits), one LCE per row
        if "ce" in text and m:
            eq(re.findall(r"^gpu0 \S+: PCE_MAP (0x[0-9a-f]+) \((\d+) PCEs\), (\d+) LCEs ", text["ce"], re.M),
               [(m.group(1), str(bin(int(m.group(1), 16)).count("1")), str(len(rows)))],
               f"{chip} ce text summary counts")
            # ... and which LCEs are GRCEs: the generator's GRCE rows (gp10b:
            # one LCE, a GRCE, though the chip has two GRCE slots)
            ng = sum(r["grce"] == "true" for r in rows)
            eq(re.findall(r"^gpu0 \S+: PCE_MAP .* LCEs (\(.*\))$", text["ce"], re.M),
               ["(LCE0-%d are GRCEs)" % (ng - 1) if ng > 1 else "(LCE0 is a GRCE)" if ng else
                "(no GRCEs)"], f"{chip} ce text summary GRCEs")
        # each LCE's runlist: the engine table's LCE of that instance
        lce_rl = {}
        for h2, rows2 in tables:
            if h2.startswith("**Engines**"):
                lce_rl = {int(r["instance"]): num(r["runlist"]) for r in rows2 if r["type"] == "LCE"}
        eq([(l["lce"], l["runlist"]) for l in js["ce"]["lces"]],
           [(int(r["lce"]), lce_rl.get(int(r["lce"]))) for r in rows], f"{chip} ce lce runlists")
        # text: LCE<nn> ... PCE<nn> / shares LCE<nn>
        for r in rows if "ce" in text else []:
            lce = int(r["lce"])
            line = [t for t in text["ce"].split("\n") if t.startswith(f"LCE{lce:02d} ")]
            check(len(line) == 1, f"{chip} ce text: one LCE{lce:02d} line")
            if not line:
                continue
            # the kind and runlist columns: GRCE/LCE, the engine table's runlist of
            # that LCE or "-" (the GRCEs serve runlist 0 from Volta on: 0 is a runlist)
            rl = lce_rl.get(lce)
            eq(line[0].split()[1:3], ["GRCE" if r["grce"] == "true" else "LCE",
                                      "-" if rl is None else str(rl)],
               f"{chip} ce text LCE{lce:02d} kind and runlist")
            pces = json.loads(r["pces"])
            if pces:
                eq(re.findall(r"PCE(\d+)", line[0]), [f"{p:02d}" for p in pces],
                   f"{chip} ce text LCE{lce:02d} PCEs")
            if num(r["shared_with_lce"]) is not None:
                check(f"shares LCE{int(r['shared_with_lce']):02d}" in line[0],
                      f"{chip} ce text LCE{lce:02d} shares: {line[0]!r}")


def check_profile_gr(chip, desc, tables, js, text):
    # ---- GPC/TPC
    if "num_gpcs" not in js["gr"]:
        tables = [t for t in tables if not t[0].startswith("**GPC/TPC")]
    m = "num_gpcs" in js["gr"] and re.search(r"\*\*GPC/TPC:\*\* (\d+) GPCs x (\d+) TPCs on chip.*gpc_disable_mask (0x[0-9a-f]+)", desc)
    if m:
        eq(js["gr"]["num_gpcs"], int(m.group(1)), f"{chip} gr num_gpcs")
        eq(js["gr"]["num_tpc_per_gpc"], int(m.group(2)), f"{chip} gr num_tpc_per_gpc")
        eq(js["gr"]["gpc_disable_mask"], m.group(3), f"{chip} gr gpc_disable_mask")
    m = "num_gpcs" in js["gr"] and re.search(r"Total TPCs enabled: (\d+) \(SMs per TPC: (\d+)\)", desc)
    if m:
        eq(js["gr"]["tpcs_enabled"], int(m.group(1)), f"{chip} gr tpcs_enabled")
        eq(js["gr"]["sms_per_tpc"], int(m.group(2)), f"{chip} gr sms_per_tpc")
    for head, rows in tables:
        if not head.startswith("**GPC/TPC"):
            continue
        # the logical map is reported only where its registers are confirmed
        # (kmod/hw/gr.c); then it must be the generator's, else null for all
        known = any(g["logical"] is not None for g in js["gr"]["gpcs"])
        got = [(g["gpc"], g["logical"], g["enabled"], g["tpc_disable_mask"], g["tpcs_enabled"])
               for g in js["gr"]["gpcs"]]
        want = [(int(r["gpc"]), num(r["logical"]) if known else None, r["enabled"] == "true",
                 r["tpc_disable_mask"], int(r["tpcs_enabled"])) for r in rows]
        eq(got, want, f"{chip} gr gpcs")
        # the CWD map, as the generator describes it: global TPC ids round
        # robin over the logical GPCs (TPC 0 of each, then TPC 1, ...); the
        # text lists the same map eight TPCs a line (docs/topology.md)
        per = {num(r["logical"]): int(r["tpcs_enabled"]) for r in rows
               if r["enabled"] == "true" and num(r["logical"]) is not None}
        if "round-robin over logical GPCs" not in desc or not per or js["gr"].get("tpc_map") is None:
            continue
        rr = [(i, l, t) for i, (l, t) in enumerate(
            (l, t) for t in range(max(per.values())) for l in sorted(per) if t < per[l])]
        eq([(x["tpc"], x["logical_gpc"], x["tpc_in_gpc"]) for x in js["gr"]["tpc_map"]], rr,
           f"{chip} gr tpc_map (round robin over the logical GPCs)")
        if "gr" in text:
            sect = text["gr"].split("CUDA's TPC mask bits):\n")[-1].split("\nTPCs per logical GPC")[0]
            eq([[tuple(map(int, e)) for e in re.findall(r"(\d+):(\d+)\.(\d+)", ln)] for ln in sect.split("\n")],
               [rr[k:k + 8] for k in range(0, len(rr), 8)], f"{chip} gr text TPC map, eight a line")


def check_profile_runlists(chip, desc, tables, js, text):
    # ---- runlists
    rls = {rl["id"]: rl for rl in js["runlist"]["runlists"]}
    for head, rows in tables:
        m = re.match(r"Runlist (\d+): base (0x[0-9a-f]+) \((\w+)\), (\d+) entries of (\d+) bytes, "
                     r"SUBMIT offset (\d+)", head)
        if not m:
            continue
        rid = int(m.group(1))
        w = f"{chip} runlist {rid}"
        check(rid in rls, w + " listed")
        if rid not in rls:
            continue
        rl = rls[rid]
        eq(rl["base"], m.group(2), w + " base")
        eq(rl["aperture"], m.group(3), w + " aperture")
        eq(rl["length"], int(m.group(4)), w + " length")
        eq(rl["offset"], int(m.group(6)), w + " offset")
        eq(rl["error"], None, w + " error")
        want_tsgs, want_bare = [], []
        for r in rows:
            if r["kind"] == "TSG":
                sc, to = r["scale/timeout"].split("/")
                want_tsgs.append({"tsgid": int(r["tsgid"]), "timeslice_scale": int(sc),
                                  "timeslice_timeout": int(to),
                                  "timeslice_us": float(r["timeslice_us"]), "channels": []})
                continue
            ch = {"chid": int(r["chid"]), "runqueue": num(r["runqueue"]), "inst": r["inst"],
                  "state": r["state"], "ctl": int(r.get("CHRAM") or r.get("PCCSR_CHANNEL"), 16),
                  "chram": "CHRAM" in r, "userd": r["userd"]}
            (want_tsgs[-1]["channels"] if r["kind"] == "channel" else want_bare).append(ch)
        eq(len(rl["tsgs"]), len(want_tsgs), w + " TSG count")
        eq(len(rl["bare_channels"]), len(want_bare), w + " bare channel count")
        got_ch = []
        for t, wt in zip(rl["tsgs"], want_tsgs):
            for k in ("tsgid", "timeslice_scale", "timeslice_timeout", "timeslice_us"):
                eq(t[k], wt[k], f"{w} TSG {wt['tsgid']} {k}")
            eq(len(t["channels"]), len(wt["channels"]), f"{w} TSG {wt['tsgid']} channel count")
            # GB20x runlist entries carry the channel's VEID: the generator's
            # j (its index in the TSG); no other generation has the key
            eq([c.get("veid") for c in t["channels"]],
               list(range(len(t["channels"]))) if chip == "gb202" else [None] * len(t["channels"]),
               f"{w} TSG {wt['tsgid']} channel veids")
            got_ch += list(zip(t["channels"], wt["channels"]))
        got_ch += list(zip(rl["bare_channels"], want_bare))
        for c, wc in got_ch:
            cw = f"{w} channel {wc['chid']}"
            eq(c["chid"], wc["chid"], cw + " chid")
            eq(c["runqueue"], wc["runqueue"], cw + " runqueue")
            eq(c["inst"], wc["inst"], cw + " inst")
            eq(c["enabled"], bool(wc["ctl"] & (2 if wc["chram"] else 1)), cw + " enabled")
            um = re.match(r"(0x[0-9a-f]+) \((\w+)\)$", wc["userd"])
            if um:
                eq(c["userd"], um.group(1), cw + " userd")
            if wc["chram"]:
                eq(c["status"], None, cw + " status (CHRAM has none)")
                want = [n for b, n in sorted(CHRAM_FLAGS.items()) if wc["ctl"] >> b & 1]
                eq(sorted(c["flags"]), sorted(want), cw + " flags (CHRAM bits)")
                eq(c["busy"], bool(wc["ctl"] >> 3 & 1), cw + " busy")
            else:
                # PCCSR_CHANNEL: ENABLE 0, STATUS 27:24, BUSY 28 (regs-fifo.md section 4.1)
                eq(c["status"], PCCSR_STATUS[wc["ctl"] >> 24 & 0xf], cw + " status")
                if wc["state"] != "disabled":
                    eq(c["status"], wc["state"], cw + " status (generator's state)")
                eq(c["busy"], bool(wc["ctl"] >> 28 & 1), cw + " busy")
        # text: the same ids in the same order, Listing 1 style
        lines = text["runlist"].split("\n")
        try:
            start = next(k for k, t in enumerate(lines) if t.startswith(f"Runlist {rid}:"))
        except StopIteration:
            check(False, w + " text: no 'Runlist N:' line")
            continue
        hm = re.match(r"Runlist \d+: (\d+) entries at (0x[0-9a-f]+) \((\w+)\)(, offset (\d+))?$",
                      lines[start])
        check(hm is not None, f"{w} text header {lines[start]!r}")
        if hm:
            eq((int(hm.group(1)), hm.group(2), hm.group(3), int(hm.group(5) or 0)),
               (int(m.group(4)), m.group(2), m.group(3), int(m.group(6))), w + " text header")
        ids = []
        boxes = []
        for t in lines[start + 1:]:
            if t.startswith("Runlist "):
                break
            e = re.search(r"(TSG|Channel) Entry (\d+)", t)
            if e:
                ids.append((e.group(1), int(e.group(2))))
                boxes.append([])
            elif boxes:
                boxes[-1].append(t.strip().strip("|+-").strip())
        # the fields inside each box (Listing 1 style)
        k = 0
        chans = [c for _, c in got_ch]
        ci = 0
        jch = 0  # the channel's index in its TSG (the generator's j)
        for r, box in zip(rows, boxes):
            f = {}
            for j, t in enumerate(box):
                mm = re.match(r"^([A-Za-z][A-Za-z ()0-9]*?):\s*(.*)$", t)
                if mm:
                    f[mm.group(1)] = mm.group(2) if mm.group(2) else box[j + 1] if j + 1 < len(box) else ""
            bw = f"{w} text entry {k}"
            k += 1
            if r["kind"] == "TSG":
                jch = 0
                sc, to = r["scale/timeout"].split("/")
                eq((f.get("Scale"), f.get("Timeout")), (sc, to), bw + " Scale/Timeout")
                eq(float(f.get("Slice us", "nan")), float(r["timeslice_us"]), bw + " Slice us")
                nch = 0
                for r2 in rows[rows.index(r) + 1:]:
                    if r2["kind"] != "channel":
                        break
                    nch += 1
                eq(f.get("Length"), str(nch), bw + " Length")
                continue
            wc = chans[ci] if ci < len(chans) else None
            if r["kind"] == "channel":
                check_inst_box(chip, f, jch, bw)
                jch += 1
            ci += 1
            if wc is None:
                continue
            eq(int(f.get("Instance PTR", "-1"), 16), int(wc["inst"], 16), bw + " Instance PTR")
            eq(f.get("Enabled"), "1" if wc["ctl"] & (2 if wc["chram"] else 1) else "0", bw + " Enabled")
            if wc["runqueue"] is not None:
                eq(f.get("Runqueue Selector"), str(wc["runqueue"]), bw + " Runqueue Selector")
            if not wc["chram"]:
                eq(f.get("Status"), PCCSR_STATUS[wc["ctl"] >> 24 & 0xf], bw + " Status")
            um = re.match(r"(0x[0-9a-f]+) \((\w+)\)$", wc["userd"])
            if um:
                eq(int(f.get("USERD PTR", "-1"), 16), int(um.group(1), 16), bw + " USERD PTR")
        want_ids = []
        for r in rows:
            if r["kind"] == "TSG":
                want_ids.append(("TSG", int(r["tsgid"])))
            else:
                want_ids.append(("Channel", int(r["chid"])))
        eq(ids, want_ids, w + " text entries")


# The instance block the generator writes for channel j of a TSG
# (tests/profiles/gen/gen.c build_inst: GPFIFO at VA 0x1000001000 + 512 j,
# GP_BASE_HI LIMIT2 6 = 64 entries except on Hopper (0) and GB20x (no
# field), VEID j where RAMFC has SET_CHANNEL_INFO (Volta-Hopper), the
# runlist entry's VEID j on GB20x, one valid subcontext PDB from Volta on);
# the page-table version by generation (mmu: version 1 Kepler/Maxwell, 2
# Pascal-Ada, 3 Hopper+) and the big page size (128 KiB on Kepler, 64 KiB
# selected per instance block from GM20x)
PDB_VERSION = {"gk104": 1, "gm204": 1, "gp106": 2, "gp10b": 2, "gv100": 2, "gv11b": 2,
               "tu104": 2, "ga100": 2, "ga10b": 2, "ad102": 2, "gh100": 3, "gb202": 3}
RAMFC_VEID = {"gv100", "gv11b", "tu104", "ga100", "ga10b", "ad102", "gh100"}


def check_inst_box(chip, f, j, w):
    """The instance-block part of a channel box (nvsched runlist text)."""
    eq(int(f.get("GPFIFO VA", "-1"), 16), 0x1000001000 + 512 * j, w + " GPFIFO VA (generator)")
    want = "64" if chip not in ("gh100", "gb202") else None
    eq(f.get("GPFIFO entries"), want, w + " GPFIFO entries (LIMIT2 6)")
    v = PDB_VERSION[chip]
    check(f"Page Dir Base (v{v})" in f, w + f" Page Dir Base (v{v})")
    eq(f.get("Big pages"), "128 KiB" if chip == "gk104" else "64 KiB", w + " Big pages")
    eq(f.get("RAMFC VEID"), str(j) if chip in RAMFC_VEID else None, w + " RAMFC VEID")
    eq(f.get("Subcontexts"), "1" if v >= 2 and chip not in ("gp106", "gp10b") else None,
       w + " Subcontexts")
    if chip == "gb202":
        eq(f.get("VEID"), str(j), w + " VEID (runlist entry)")


# submit-register family per profile (regs-fifo.md section 3; the generator's
# notes name layout B for GB20x)
SUBMIT = {"gk104": "single", "gm204": "single", "gp106": "single", "gp10b": "single",
          "gv100": "single", "gv11b": "single", "tu104": "indexed", "ga100": "A",
          "ga10b": "A", "ad102": "A", "gh100": "A", "gb202": "B"}
APERTURE = {"vid": 0, "sys_coh": 2, "sys_noncoh": 3}


def control_jobs(nv, chip, desc):
    """The control commands to run (all --dry-run) and the writes the manual
    says each must plan: [(key, argv, expected writes or an error)]."""
    snap = f"build/profiles/{chip}.nvss"
    fam = SUBMIT[chip]
    blocks = {int(m.group(1)): (int(m.group(2), 16), int(m.group(3), 16)) for m in re.finditer(
        r"runlist id (\d+): NV_RUNLIST block (0x[0-9a-f]+), CHRAM (0x[0-9a-f]+)", desc)}
    regs = {}
    with open(os.path.join(REPO, snap)) as f:
        for line in f:
            m = re.match(r"^r (0x[0-9a-f]+) (0x[0-9a-f]+)", line)
            if m:
                regs[int(m.group(1), 16)] = int(m.group(2), 16)
    sched = regs.get(0x2630, 0)
    if not blocks and fam == "A":
        # the H100 capture: RM's runlist pri bases; CHRAM from the captured
        # NV_RUNLIST_CHANNEL_CONFIG (+0x004, base = value & ~0xf)
        for name, inst, rl, rlbase, fault in rm_answers()[0]:
            if rlbase + 4 in regs:
                blocks[rl] = (rlbase, regs[rlbase + 4] & ~0xf)
    jobs = []
    for head, rows in md_tables(desc):
        m = re.match(r"Runlist (\d+): base (0x[0-9a-f]+) \((\w+)\), (\d+) entries of \d+ bytes, "
                     r"SUBMIT offset (\d+)", head)
        if not m or not any(r["kind"] == "TSG" for r in rows):
            continue
        rl, base, ap, length, off = (int(m.group(1)), int(m.group(2), 16), m.group(3),
                                     int(m.group(4)), int(m.group(5)))
        tsg = next(r for r in rows if r["kind"] == "TSG")
        ch = next(r for r in rows if r["kind"] == "channel")
        tsgid, chid = int(tsg["tsgid"]), int(ch["chid"])
        ctl = int(ch.get("CHRAM") or ch.get("PCCSR_CHANNEL"), 16)
        blk = blocks.get(rl, (None, None))[0]
        chram = blocks.get(rl, (None, None))[1]
        pre = [nv, "--snapshot", snap, "-j"]
        if fam in ("single", "indexed"):
            keep = ctl & 0x2 | (ctl & 0xf0000 if chip == "gk104" else 0)
            w_dis = [(0x800004 + 8 * chid, keep | 0x800)]
            w_en = [(0x800004 + 8 * chid, keep | 0x400)]
            w_tsg = [(0x2634, 0x1000000 | tsgid)]
            w_pre = "no register" if chip == "gk104" else [(0x2638, 1 << rl)]
            w_sd = [(0x2630, sched | 1 << rl)]
            w_se = [(0x2630, sched & ~(1 << rl))]
        else:
            if blk is None:
                continue
            p_off, s_off, sub = (0x98, 0x94, 0x88) if fam == "A" else (0x14, 0x10, 0x08)
            w_dis = [(chram + 4 * chid, 0x3)]
            w_en = [(chram + 4 * chid, 0x2)]
            w_tsg = [(blk + p_off, 0x1000000 | tsgid)]
            w_pre = [(blk + p_off, 0)]
            w_sd = [(blk + s_off, 1)]
            w_se = [(blk + s_off, 0)]
        if fam == "single":
            w_rs = [(0x2270, base >> 12 | APERTURE[ap] << 28), (0x2274, rl << 20 | length)]
        elif fam == "indexed":
            w_rs = [(0x2b08 + 16 * rl, off << 16 | length)]
        else:
            w_rs = [(blk + sub, off << 16 | length)]
        r = ["-r", str(rl)]
        jobs += [
            (("disable_channel", chid), pre + ["channel", "disable", str(chid)] + r + ["--dry-run"], w_dis),
            (("enable_channel", chid), pre + ["channel", "enable", str(chid)] + r + ["--dry-run"], w_en),
            (("preempt_tsg", tsgid), pre + ["tsg", "preempt", str(tsgid)] + r + ["--dry-run"], w_tsg),
            (("preempt_runlist", None), pre + ["runlist", "preempt", str(rl), "--dry-run"], w_pre),
            (("resubmit_runlist", None), pre + ["runlist", "resubmit", str(rl), "--dry-run"], w_rs),
            (("disable_runlist_scheduling", None), pre + ["runlist", "disable", str(rl), "--dry-run"], w_sd),
            (("enable_runlist_scheduling", None), pre + ["runlist", "enable", str(rl), "--dry-run"], w_se),
        ]
        # the same plan as text: "  W 0xOFF <- 0xVALUE(8 digits)"
        jobs.append((("text", chid), [nv, "--snapshot", snap, "channel", "disable", str(chid)] + r +
                     ["--dry-run"], w_dis))
        break
    return jobs


def check_control(chip, rl_jobs, res):
    for (op, ident), argv, want in rl_jobs:
        rc, out, err = res[tuple(argv)]
        w = f"{chip} {' '.join(argv[4:])}"
        if op == "text":
            eq(rc, 0, w + " exit status")
            got = [(int(a, 16), int(b, 16)) for a, b in
                   re.findall(r"^  W (0x[0-9a-f]+) <- (0x[0-9a-f]{8})$", out, re.M)]
            eq(got, want, w + " text writes")
            check(re.search(r"^gpu0: would disable_channel \d+ on runlist \d+", out, re.M) is not None,
                  w + f" text header {out[:80]!r}")
            continue
        try:
            doc = json.loads(out)
        except ValueError:
            check(False, w + f": not JSON {out[:100]!r}")
            continue
        contract(doc, w)
        res_ = doc.get("results", [])
        eq(len(res_), 1, w + " one result")
        if not res_:
            continue
        r = res_[0]
        eq(sorted(r), sorted(["op", "runlist", "id", "dry_run", "writes", "error"]), w + " result keys")
        eq((r["op"], r["id"], r["dry_run"]), (op, ident, True), w + " op/id/dry_run")
        # the runlist asked for (-r RL, or the runlist operation's N) is the
        # one the result names, refused or not
        rl = int(argv[argv.index("-r") + 1]) if "-r" in argv else int(argv[-2])
        eq(r["runlist"], rl, w + " runlist")
        if isinstance(want, str):
            eq((rc, r["writes"]), (1, []), w + " refused")
            check(isinstance(r["error"], str) and want in r["error"], w + f" error {r['error']!r}")
            continue
        eq(rc, 0, w + " exit status")
        eq(r["error"], None, w + " error")
        got = [(int(x["offset"], 16), int(x["value"], 16)) for x in r["writes"]]
        eq(got, want, w + " writes (regs-fifo.md)")
        for x in r["writes"]:
            check(HEX_RE.match(x["offset"]) and HEX_RE.match(x["value"]), w + " hex format")


def check_cli_misc(nv, descs):
    """Id parsing, text headers of control plans, --watch (JSON Lines and
    SIGINT) on the Volta and Ampere profiles."""
    import signal
    import time
    snap = "build/profiles/gv100.nvss"
    for bad in ("abc", "-1", "-0", "0x100000000", "4294967296", "12x", ""):
        rc, out, err = run([nv, "--snapshot", snap, "channel", "disable", "--", bad])
        eq((rc, out, err), (2, "", f"nvsched channel: bad id '{bad}'\n"), f"channel disable {bad!r}")
    # the largest id the uapi's __u32 holds is an id (2^32 - 1, the bound's other side of
    # 4294967296 above): parsed, then refused by the chip's limit (gv100: 4096 channels)
    for big in ("4294967295", "0xffffffff"):
        rc, out, err = run([nv, "--snapshot", snap, "channel", "disable", big, "--dry-run"])
        eq((rc, out, err), (1, "", "nvsched: gpu0: disable_channel: channel id 4294967295 is "
                            "beyond this chip's limits\n"), f"channel disable {big}")
    # several ids in one command: each planned (PCCSR 0x800004 + 8 chid)
    rc, out, err = run([nv, "--snapshot", snap, "channel", "disable", "4095", "33", "2048", "--dry-run"])
    eq((rc, re.findall(r"^  W (0x[0-9a-f]+) <- (0x[0-9a-f]+)$", out, re.M)),
       (0, [("0x807ffc", "0x00000800"), ("0x80010c", "0x00000800"), ("0x804004", "0x00000800")]),
       "channel disable with three ids")
    # without -r the channel is acted on on the default runlist 0 (nvsched
    # channel --help): -j names the runlist resolved, 0, not null or -1
    rc, out, err = run([nv, "--snapshot", snap, "-j", "channel", "disable", "4095", "--dry-run"])
    try:
        got = [(r.get("runlist"), r.get("id"), r.get("writes")) for r in json.loads(out)["results"]]
    except (ValueError, KeyError, AttributeError):
        got = out[:200]
    eq((rc, got), (0, [(0, 4095, [{"offset": "0x807ffc", "value": "0x800"}])]),
       "channel disable 4095 -j without -r: runlist 0")
    rc, out, err = run([nv, "--snapshot", snap, "tsg", "preempt", "11", "--dry-run"])
    eq(out.split("\n")[:2], ["gpu0: would preempt_tsg 11 on runlist 0 (simulated on the snapshot; "
                             "the file is unchanged)", "  W 0x002634 <- 0x0100000b"], "tsg preempt text")
    rc, out, err = run([nv, "--snapshot", snap, "runlist", "preempt", "4", "--dry-run"])
    eq(out.split("\n")[:2], ["gpu0: would preempt_runlist on runlist 4 (simulated on the snapshot; "
                             "the file is unchanged)", "  W 0x002638 <- 0x00000010"], "runlist preempt text")
    rc, out, err = run([nv, "--snapshot", snap, "tsg", "preempt", "11"])
    eq(out.split("\n")[0], "gpu0: preempt_tsg 11 on runlist 0 (simulated on the snapshot; "
       "the file is unchanged)", "tsg preempt text (not dry run)")
    wants = {}
    for chip in ("gv100", "ga100"):
        snap = f"build/profiles/{chip}.nvss"
        want = []
        for head, rows in md_tables(descs[chip]):
            m = re.match(r"Runlist (\d+): ", head)
            if not m:
                continue
            tsg = None
            for r in rows:
                if r["kind"] == "TSG":
                    tsg = int(r["tsgid"])
                    want.append((int(m.group(1)), "tsg_added", tsg, None))
                elif r["kind"] == "channel":
                    want.append((int(m.group(1)), "channel_added", tsg, int(r["chid"])))
        rc, out, err = run([nv, "--snapshot", snap, "runlist", "--watch", "-i", "20", "--count", "3", "-j"])
        eq(rc, 0, f"{chip} runlist --watch -j exit status")
        got = []
        for line in out.split("\n"):
            if not line:
                continue
            try:
                e = json.loads(line)
            except ValueError:
                check(False, f"{chip} --watch line not JSON: {line!r}")
                continue
            check(e.get("schema") == 1 and isinstance(e.get("t"), (int, float)) and e["t"] >= 0,
                  f"{chip} --watch line schema/t: {line!r}")
            got.append((e["runlist"], e["event"], e.get("tsgid"), e.get("chid")))
        # a static snapshot: everything appears at the first poll, then nothing
        eq(got, want, f"{chip} runlist --watch -j events (the generator's TSGs and channels)")
        wants[chip] = want
    # the predictor's GPU profiles: SM/TPC counts from public specifications
    # (RTX 3090 82 SMs, A100 108, H100 SXM 132 as RM reports for the capture,
    # Orin 16), each with its source line
    rc, out, err = run([os.path.join(os.path.dirname(nv), "nvsched-predict"), "-l"])
    rows = re.findall(r"^(\S+)\s+(\d+)\s+(\d+)\s.*\n\s+source: (\S.*)$", out, re.M)
    eq([(n, int(a), int(b)) for n, a, b, _ in rows],
       [("ga102-rtx3090", 82, 41), ("ga100-a100", 108, 54), ("gh100-h100-sxm", 132, 66),
        ("ga10b-orin", 16, 8)], "predict -l profiles")
    check(len(rows) == 4 and "Wang et al." in rows[0][3] and "A100" in rows[1][3],
          f"predict -l sources: {[r[3] for r in rows]}")
    check(all(r[3] for r in rows) and len({r[3] for r in rows}) == len(rows), "predict -l: one source each")
    # the per-compute-capability limits of the CUDA C++ Programming Guide
    # ("Technical Specifications per Compute Capability"): 8.6 (GA102), 8.0
    # (GA100), 9.0 (GH100), 8.7 (GA10B); warp 32, 1024 threads and 255
    # registers per thread, 64 K registers per SM on all of them
    cc_limits = {"ga102-rtx3090": (16, 48), "ga100-a100": (32, 64),
                 "gh100-h100-sxm": (32, 64), "ga10b-orin": (16, 48)}
    rc, out, err = run([os.path.join(os.path.dirname(nv), "nvsched-predict"), "-l", "-j"])
    try:
        profs = json.loads(out)["profiles"]
    except (ValueError, KeyError):
        profs = []
    eq(sorted(p.get("name") for p in profs), sorted(cc_limits), "predict -l -j profile names")
    for p in profs:
        if p.get("name") in cc_limits:
            eq((p.get("warp_size"), p.get("max_threads_per_block"), p.get("max_regs_per_thread"),
                p.get("regs_per_sm"), p.get("max_blocks_per_sm"), p.get("max_warps_per_sm")),
               (32, 1024, 255, 65536) + cc_limits[p["name"]],
               f"predict -l -j {p['name']}: CUDA per-compute-capability limits")
    # without --count it polls until interrupted: the first poll's events
    # (every TSG and channel of the static snapshot), then SIGINT ends it.
    # Each event is flushed as it is printed: the first poll's (647 bytes,
    # less than a pipe's stdio buffer, and the static snapshot adds none)
    # reach the pipe while it still runs, not at exit
    p = subprocess.Popen([nv, "--snapshot", "build/profiles/gv100.nvss", "-j", "runlist", "--watch",
                          "-i", "20"], cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    ready = select.select([p.stdout], [], [], 10)[0]
    check(bool(ready) and p.poll() is None,
          "runlist --watch: the first poll's events come while it runs (flushed), "
          f"{'before' if ready else 'not within 10 s of'} its start, still running: {p.poll() is None}")
    time.sleep(0.2)
    p.send_signal(signal.SIGINT)
    try:
        rc = p.wait(timeout=5)
        eq(rc, 0, "runlist --watch: SIGINT ends it cleanly")
    except subprocess.TimeoutExpired:
        p.kill()
        check(False, "runlist --watch: SIGINT did not stop it")
    out = p.communicate()[0].decode(errors="replace")
    try:
        got = [(e["runlist"], e["event"], e.get("tsgid"), e.get("chid"))
               for e in map(json.loads, out.split("\n")[:-1])]
    except (ValueError, KeyError) as e:
        got = f"{e}: {out[:200]!r}"
    eq(got, wants.get("gv100"), "runlist --watch without --count: the first poll's events before SIGINT")
    # --count N is N polls with N - 1 waits between them (nvsched(1), runlist --watch):
    # no wait after the last poll, so --count 1 -i 5000 returns at once
    t0 = time.monotonic()
    rc, out, err = run([nv, "--snapshot", "build/profiles/gv100.nvss", "runlist", "--watch",
                        "-i", "5000", "--count", "1", "-j"])
    eq(rc, 0, "runlist --watch --count 1 exit status")
    check(time.monotonic() - t0 < 2.5,
          f"runlist --watch --count 1 -i 5000 waited after its only poll ({time.monotonic() - t0:.1f} s)")


def contract(doc, what):
    """CONTRACTS.md section 2 rules every document follows."""
    eq(doc.get("schema"), 1, what + " schema")
    g = doc.get("gpu")
    check(isinstance(g, dict), what + " gpu object")
    if isinstance(g, dict):
        eq(sorted(g), sorted(["index", "bdf", "chip_id", "chip", "arch"]), what + " gpu keys")
        check(g["arch"] in ARCHES, what + f" gpu arch {g['arch']!r}")
        check(g["chip"] == "unknown" or g["chip"] == g["chip"].upper(), what + " chip upper case")

    def walk(v, key):
        if isinstance(v, dict):
            for k, x in v.items():
                walk(x, k)
        elif isinstance(v, list):
            for x in v:
                walk(x, key)
        elif key in HEX_KEYS and v is not None:
            check(isinstance(v, str) and HEX_RE.match(v), f"{what} {key} hex format: {v!r}")
    walk(doc, None)


def rm_answers():
    """RM's engine table, GR and CE answers for the captured H100."""
    text = open(os.path.join(REPO, RMPROBE)).read()
    engines = []
    for m in re.finditer(r"^  (\w+?)(\d*)\s+0x[0-9a-f]{4}\s+(-?\d+)\s+0x([0-9a-f]{8})\s+(-?\d+)\s+(-?\d+)",
                         text, re.M):
        name, inst, rl, rlbase, _hw, fault = m.groups()
        if int(rl) < 0:
            continue
        engines.append((name, int(inst or 0), int(rl), int(rlbase, 16), int(fault)))
    tpc = [int(m.group(2), 16) for m in re.finditer(r"^    GPC(\d+)  tpcMask=0x([0-9a-f]+)", text, re.M)]
    ce = {}
    for m in re.finditer(r"^    COPY(\d+)   caps=(\S+) pceMask=0x([0-9a-f]+)", text, re.M):
        ce[int(m.group(1))] = ("GRCE" in m.group(2).split("|"), int(m.group(3), 16))
    return engines, tpc, ce


def check_h100(js, text, parts=None):
    """parts: those of --part (None: every check, as the module dump wants)."""
    if parts is None or "topo" in parts:
        check_h100_topo(js)
    if parts is None or "runlist" in parts:
        check_h100_runlist(js, text)


def check_h100_topo(js):
    engines, tpc, ce = rm_answers()
    check(len(engines) >= 20 and len(tpc) == 8 and len(ce) == 5, "rmprobe parsed")
    types = {"GR": "GRAPHICS", "COPY": "LCE", "NVDEC": "NVDEC", "NVJPG": "NVJPG", "OFA": "OFA",
             "SEC": "SEC"}
    ej = js["engines"]["engines"]
    for name, inst, rl, rlbase, fault in engines:
        if name == "SEC":  # RM's SEC2 is PTOP's SEC instance 0
            inst = 0
        mine = [e for e in ej if e["type"] == types.get(name) and e["instance"] == inst]
        check(len(mine) == 1, f"h100 engine {name}{inst}: one PTOP device ({len(mine)})")
        if len(mine) != 1:
            continue
        e = mine[0]
        eq(e["runlist"], rl, f"h100 {name}{inst} runlist (RM)")
        eq(e["runlist_pri_base"], hex(rlbase), f"h100 {name}{inst} runlist_pri_base (RM)")
        eq(e["fault_id"], fault, f"h100 {name}{inst} fault_id (RM)")
    rl_ids = sorted({r["id"] for r in js["engines"]["runlists"]})
    check(set(rl for _, _, rl, _, _ in engines) <= set(rl_ids), "h100 runlists include RM's")
    eq(rl_ids, [r["id"] for r in js["engines"]["runlists"]], "h100 runlists sorted by id")
    # GR: RM's per-GPC TPC masks (set bit = present) against the fuse decode
    gr = js["gr"]
    eq(gr["num_gpcs"], 8, "h100 num_gpcs (RM LITTER_NUM_GPCS)")
    eq(gr["num_tpc_per_gpc"], 9, "h100 num_tpc_per_gpc (RM LITTER_NUM_TPC_PER_GPC)")
    eq(gr["sms_per_tpc"], 2, "h100 sms_per_tpc (RM LITTER_NUM_SM_PER_TPC)")
    eq(gr["gpc_disable_mask"], "0x0", "h100 gpc_disable_mask (RM GPC mask 0xff)")
    eq(gr["tpcs_enabled"], sum(bin(m).count("1") for m in tpc), "h100 tpcs_enabled (RM)")
    eq([(g["gpc"], g["enabled"], g["tpc_disable_mask"], g["tpcs_enabled"]) for g in gr["gpcs"]],
       [(i, True, hex(~m & 0x1ff), bin(m).count("1")) for i, m in enumerate(tpc)],
       "h100 per-GPC TPC masks (RM GR_GET_TPC_MASK)")
    # CE: RM's pceMask per LCE; a GRCE shares the PCEs of the LCE whose mask is equal
    lces = {l["lce"]: l for l in js["ce"]["lces"]}
    for lce, (grce, mask) in ce.items():
        l = lces.get(lce)
        check(l is not None, f"h100 LCE{lce} listed")
        if l is None:
            continue
        eq(l["grce"], grce, f"h100 LCE{lce} grce (RM caps)")
        pces = [b for b in range(32) if mask >> b & 1]
        if grce:
            eq(l["pces"], [], f"h100 GRCE LCE{lce} pces")
            owner = [k for k, (g, mk) in ce.items() if not g and mk == mask]
            eq(l["shared_with_lce"], owner[0] if owner else None, f"h100 GRCE LCE{lce} shared_with_lce (RM)")
        else:
            eq(l["pces"], pces, f"h100 LCE{lce} pces (RM pceMask)")
            eq(l["shared_with_lce"], None, f"h100 LCE{lce} shared_with_lce")


def check_h100_runlist(js, text):
    rl_ids = sorted({r["id"] for r in js["engines"]["runlists"]})
    # register-only capture: every runlist is listed, none decodes, error says why
    for rl in js["runlist"]["runlists"]:
        if rl["length"]:
            check(isinstance(rl["error"], str) and rl["error"], f"h100 runlist {rl['id']} error message")
        else:
            eq(rl["error"], None, f"h100 empty runlist {rl['id']} error")
        eq((rl["tsgs"], rl["bare_channels"]), ([], []), f"h100 runlist {rl['id']} empty arrays")
    eq(sorted(r["id"] for r in js["runlist"]["runlists"]), rl_ids, "h100 runlist -j lists every runlist")
    check(re.search(r'"tsgs":\[\]', text["runlist-j"]) is not None, "h100 empty arrays written as []")


def check_device_info(chip, desc, text):
    """/proc/gpuX/device_info's table (dev type inst runlist fault reset
    pri_base ...) against the generator's engine table."""
    rows = next((r for h, r in md_tables(desc) if h.startswith("**Engines**")), None)
    if rows is None:
        return
    got = []
    for m in re.finditer(r"^\s*(\d+) (\S+)\s+(\d+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(0x[0-9a-f]+)", text, re.M):
        got.append((m.group(2), int(m.group(3)), num(m.group(4)), num(m.group(5)), num(m.group(6)),
                    int(m.group(7), 16)))
    want = [(r["type"], int(r["instance"]), num(r["runlist"]), num(r["fault_id"]),
             num(r["reset_id"]), int(r["pri_base"], 16)) for r in rows]
    eq(got, want, f"{chip} device_info table")


def check_gr_text(chip, desc, text):
    """nvsched gr (text): the summary line and the GPC table."""
    m = re.search(r"\*\*GPC/TPC:\*\* (\d+) GPCs x (\d+) TPCs on chip", desc)
    t = re.search(r"Total TPCs enabled: (\d+) \(SMs per TPC: (\d+)\)", desc)
    rows = next((r for h, r in md_tables(desc) if h.startswith("**GPC/TPC")), None)
    if not m or not t or rows is None or not text:
        return
    en = sum(1 for r in rows if r["enabled"] == "true")
    tpcs, spt = int(t.group(1)), int(t.group(2))
    head = re.search(r"^gpu0 \S+: (\d+) GPCs x (\d+) TPCs on chip; (\d+) GPCs, (\d+) TPCs, (\d+) SMs "
                     r"enabled \((\d+) SMs/TPC\)$", text, re.M)
    check(head is not None, f"{chip} gr text summary line")
    if head:
        eq(tuple(int(x) for x in head.groups()),
           (int(m.group(1)), int(m.group(2)), en, tpcs, tpcs * spt, spt), f"{chip} gr text summary")
    got = re.findall(r"^(\d+)\s+(\S+)\s+(yes|no)\s+(0x[0-9a-f]+)\s+(\d+)$", text, re.M)
    eq([(int(g), en_ == "yes", mk, int(n)) for g, _, en_, mk, n in got],
       [(int(r["gpc"]), r["enabled"] == "true", r["tpc_disable_mask"], int(r["tpcs_enabled"]))
        for r in rows], f"{chip} gr text table")


def module_dump(out_path, snaps_path):
    """QEMU case runlists: what the module read through real MMIO from the
    responder's simulated GPUs (the guest's @@ sections) against what the
    host put there (the generator's description; RM's answers for the
    H100 capture)."""
    sections = {}
    cur = None
    for line in open(out_path, errors="replace").read().split("\n"):
        m = re.match(r"^@@ (gpu\d+) (\S+)", line)
        if m:
            cur = (m.group(1), m.group(2))
            sections[cur] = []
        elif cur:
            sections[cur].append(line)
    text_of = {k: "\n".join(v).strip("\n") + "\n" for k, v in sections.items()}
    snaps = [l.strip() for l in open(snaps_path) if l.strip()]
    gen = os.path.join(REPO, "build/bin/nvss-gen")
    for i, snap in enumerate(snaps):
        g = f"gpu{i}"
        name = None
        with open(snap, errors="replace") as f:
            for line in f:
                m = re.match(r"^meta name sim-(\w+)", line)
                if m:
                    name = m.group(1)
                    break
        js, text = {}, {}
        for c, sec in (("engines", "engines-json"), ("ce", "ce-json"), ("gr", "gr-json"),
                       ("runlist", "json")):
            raw = text_of.get((g, sec), "")
            text[c + "-j"] = raw
            try:
                js[c] = json.loads(raw)
            except ValueError:
                js[c] = {}
        rl_ids = sorted(int(k[1][len("runlist"):]) for k in text_of
                        if k[0] == g and re.match(r"runlist\d+$", k[1]))
        text["runlist"] = "".join(text_of[(g, f"runlist{r}")] for r in rl_ids)
        check(bool(rl_ids), f"{g} ({snap}): runlist files")
        if name is None and os.path.basename(snap) == os.path.basename(H100):
            for c in js:
                contract(js[c], f"{g} h100 {c} (module)")
            check_h100(js, text)
            continue
        if name not in CHIPS:
            print(f"{g}: {snap} is neither a generator profile nor the H100 capture: not checked")
            continue
        desc = subprocess.run([gen, "--describe", name], stdout=subprocess.PIPE).stdout.decode()
        for c in js:
            if not js[c] or "schema" not in js[c]:
                check((name, c) in UNSUPPORTED, f"{g} {name} {c} -j through the module: no JSON")
                js[c] = {"engines": [], "runlists": [], "lces": [], "gpcs": []}
                continue
            contract(js[c], f"{g} {name} {c} (module)")
        check_profile(name, desc, js, text)
        check_device_info(name, desc, text_of.get((g, "device_info"), ""))
        eq(rl_ids, [r["id"] for r in js["engines"]["runlists"]], f"{g} {name}: one runlist file per runlist")


# ---- the module backend, against a stand-in /dev/nvsched ------------------------

FAKEDEV = "build/tests/cli/fakedev.so"
FAILMALLOC = "build/tests/cli/failmalloc.so"
SIZES = "build/tests/cli/sizes"
# what tests/cli/fakedev.c answers, written out again from its header comment
# (uapi field by field; names from CONTRACTS.md section 2)
MOD_GPU = {"index": 0, "bdf": "0000:3b:00.0", "chip_id": "0x140", "chip": "GV100",
           "arch": "volta"}
MOD_ENGINES = [
    {"type": "GRAPHICS", "instance": 0, "runlist": 0, "fault_id": 0, "reset_id": 12,
     "pri_base": "0x400000", "runlist_pri_base": None, "rleng_id": None, "is_engine": True},
    {"type": "LCE", "instance": 2, "runlist": 1, "fault_id": 17, "reset_id": 21,
     "pri_base": "0x104000", "runlist_pri_base": None, "rleng_id": None, "is_engine": True},
    {"type": "LCE", "instance": 3, "runlist": None, "fault_id": None, "reset_id": None,
     "pri_base": "0x104000", "runlist_pri_base": None, "rleng_id": None, "is_engine": False},
]
MOD_RUNLISTS = [{"id": 0, "pri_base": None, "engines": [0]},
                {"id": 1, "pri_base": None, "engines": [1]}]
# PCE_MAP 0x3b = PCEs 0, 1, 3, 4, 5; PCE -> LCE 2, 2, -, 3, 4, 4; GRCE0
# shares LCE 3; LCE 2 serves runlist 1 (the engine table)
MOD_LCES = [
    {"lce": 0, "grce": True, "pces": [], "shared_with_lce": 3, "runlist": None},
    {"lce": 1, "grce": True, "pces": [], "shared_with_lce": None, "runlist": None},
    {"lce": 2, "grce": False, "pces": [0, 1], "shared_with_lce": None, "runlist": 1},
    {"lce": 3, "grce": False, "pces": [3], "shared_with_lce": None, "runlist": None},
    {"lce": 4, "grce": False, "pces": [4, 5], "shared_with_lce": None, "runlist": None},
]
# 3 GPCs x 4 TPCs, GPC 1 fused off; TPC masks 0x0 / all / 0x9 (2 of 4 left)
MOD_GPCS = [
    {"gpc": 0, "logical": 1, "enabled": True, "tpc_disable_mask": "0x0", "tpcs_enabled": 4},
    {"gpc": 1, "logical": None, "enabled": False, "tpc_disable_mask": "0xf", "tpcs_enabled": 0},
    {"gpc": 2, "logical": 0, "enabled": True, "tpc_disable_mask": "0x9", "tpcs_enabled": 2},
]
MOD_TPC_MAP = [(0, 0, 0), (1, 1, 0), (2, 0, 1), (3, 1, 1), (4, 1, 2), (5, 1, 3)]
MOD_RL0 = {
    "id": 0, "base": "0x2f0000000", "aperture": "vid", "length": 4, "offset": 2, "error": None,
    "errors": [{"entry": 3, "code": "zero_length_tsg", "message": "TSG header with length 0"}],
    "tsgs": [
        {"tsgid": 10, "timeslice_scale": 3, "timeslice_timeout": 128,
         # (128 << 3) * 1024 ns
         "timeslice_us": 1048.576, "length": 2, "channels": [
             {"chid": 4095, "runqueue": 1, "inst": "0x2f0009000", "inst_aperture": "vid",
              "userd": "0x2f0002000", "enabled": True, "busy": True, "status": "on_eng",
              "flags": ["busy", "on_eng"]},
             {"chid": 2048, "runqueue": 0, "inst": "0x3000a000", "inst_aperture": "sys_coh",
              "userd": None, "enabled": False, "busy": False, "status": "idle", "flags": []}]},
        # a timeslice of 0 counts as 1 unit: 1.024 us (regs-fifo.md 5.4)
        {"tsgid": 11, "timeslice_scale": 0, "timeslice_timeout": 0, "timeslice_us": 1.024,
         "length": 0, "channels": []}],
    "bare_channels": []}
MOD_RL1 = {"id": 1, "base": "0x1000", "aperture": "vid", "length": 4, "offset": 0,
           "errors": [], "tsgs": [], "bare_channels": []}

MOD_PRIO_TASKS = [{"slot": 0, "prio": 50, "in_segment": True, "running": True, "tsgs": 2},
                  {"slot": 1, "prio": None, "in_segment": True, "running": False, "tsgs": 1},
                  {"slot": 7, "prio": None, "in_segment": False, "running": False, "tsgs": 0}]
MOD_PRIO_TEXT = ["task 0: prio 50, 2 TSG(s), running",
                 "task 1: best effort, 1 TSG(s), pending",
                 "task 7: best effort, 0 TSG(s), no segment"]


def check_module_prio(mod, jdoc):
    """nvsched prio status over the module: the fake's PRIO_STATUS and
    PRIO_STATS answers, JSON member by member and the text line by line
    (--gpu 0: the module's status, not a GSP arbiter's)."""
    pre = ["--gpu", "0", "prio", "status"]
    d = jdoc(pre)
    eq(list(d.keys()), ["schema", "gpu", "backend", "mechanism", "running", "decisions", "writes",
                        "disabled_channels", "runlists", "capturing", "captures",
                        "captures_abandoned", "epsilon_ns", "submits", "resubmits", "preempts",
                        "tasks"], "module prio status -j members")
    eq([d.get(k) for k in ("backend", "mechanism", "running", "decisions", "writes",
                           "disabled_channels", "runlists", "submits", "resubmits", "preempts")],
       ["module", "runlist", 1, 12345678901, 77, 4, 2, 6, 5, 7], "module prio status -j counters")
    eq([d.get(k) for k in ("capturing", "captures", "captures_abandoned")], [True, 3, 2],
       "module prio status -j captures")
    eq(d.get("epsilon_ns"), {"samples": 256, "total": 999, "min": 1234, "median": 5678,
                             "p99": 91011, "max": 121314}, "module prio status -j epsilon")
    eq(d.get("tasks"), MOD_PRIO_TASKS, "module prio status -j tasks")
    d = jdoc(pre, {"NVSCHED_TEST_NO_PRIO_STATS": "1"})
    eq([k for k in ("capturing", "captures", "captures_abandoned", "epsilon_ns") if k in d], [],
       "module prio status -j without the stats ioctl")
    r, out, err = mod(pre)
    eq((r, out.split("\n")), (0, [
        "backend module, mechanism runlist, 2 runlist(s), 4 channel(s) held disabled, "
        "12345678901 decision(s), 77 write(s)",
        "epsilon (decision to applied, latest 256 of 999): min 1.2 us, median 5.7 us, "
        "p99 91.0 us, max 121.3 us",
        "captures: 3 ended, 2 abandoned, one in progress",
        "6 runlist submit(s), 5 driver resubmit(s) detected and re-applied, "
        "7 evicted TSG(s) preempted"] + MOD_PRIO_TEXT + [""]), "module prio status text")
    r, out, err = mod(pre, {"NVSCHED_TEST_PRIO_GATE": "1", "NVSCHED_TEST_NO_PRIO_STATS": "1"})
    eq((r, out.split("\n")), (0, [
        "backend module, mechanism gate, 2 runlist(s), 4 channel(s) held disabled, "
        "12345678901 decision(s), 77 write(s)"] + MOD_PRIO_TEXT + [""]),
       "module prio status text (gate, no stats ioctl)")

# runlist --watch over the stand-in with NVSCHED_TEST_RL_CHANGE: every second
# read of runlist 0 answers it changed (tests/cli/fakedev.c); the events of
# each poll, (event, TSG or channel, id, owning TSG, field, old, new), written
# out from the two runlists of the fake's header comment
MOD_WATCH = [
    [("tsg_added", "TSG", 10, None, None, None, None),
     ("channel_added", "channel", 4095, 10, None, None, None),
     ("channel_added", "channel", 2048, 10, None, None, None),
     ("tsg_added", "TSG", 11, None, None, None, None)],
    [("tsg_changed", "TSG", 10, None, "timeslice", "3/128", "4/128"),
     ("channel_changed", "channel", 4095, 10, "enabled", "true", "false"),
     ("channel_changed", "channel", 4095, 10, "status", "on_eng", "on_pbdma"),
     ("channel_changed", "channel", 4095, 10, "flags", "busy,on_eng", "next,busy"),
     ("channel_changed", "channel", 2048, None, "tsg", "10", "-1"),
     ("channel_changed", "channel", 2048, None, "enabled", "false", "unknown"),
     ("channel_changed", "channel", 2048, None, "status", "idle", "null"),
     ("tsg_removed", "TSG", 11, None, None, None, None)],
    [("tsg_changed", "TSG", 10, None, "timeslice", "4/128", "3/128"),
     ("channel_changed", "channel", 4095, 10, "enabled", "false", "true"),
     ("channel_changed", "channel", 4095, 10, "status", "on_pbdma", "on_eng"),
     ("channel_changed", "channel", 4095, 10, "flags", "next,busy", "busy,on_eng"),
     ("channel_changed", "channel", 2048, 10, "tsg", "-1", "10"),
     ("channel_changed", "channel", 2048, 10, "enabled", "unknown", "false"),
     ("channel_changed", "channel", 2048, 10, "status", "null", "idle"),
     ("tsg_added", "TSG", 11, None, None, None, None)],
]


def start_slow_watch(nv, so):
    """--interval 1000 over the stand-in: the second poll comes a second
    after the first (the only run here that waits: started first, in the
    background, checked by check_module_watch)."""
    env = dict(os.environ, NVSCHED_DEVICE="/dev/null", LD_PRELOAD=so, NVSCHED_TEST_RL_CHANGE="1")
    return time.monotonic(), subprocess.Popen([nv, "--backend", "module", "-j", "runlist", "--watch", "-r", "0",
                             "-i", "1000", "--count", "2"], cwd=REPO, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def start_endless_watch(nv, so):
    """--watch without --count over the stand-in's changing runlist 0: it
    polls once a second until interrupted (check_module_watch sends SIGTERM
    after the slow run's two polls)."""
    env = dict(os.environ, NVSCHED_DEVICE="/dev/null", LD_PRELOAD=so, NVSCHED_TEST_RL_CHANGE="1")
    p = subprocess.Popen([nv, "--backend", "module", "-j", "runlist", "--watch", "-r", "0", "-i", "1000"],
                         cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.started = time.monotonic()
    return p


def check_module_watch(mod, slow_run, endless):
    """runlist --watch over the stand-in: appeared, changed and removed TSGs
    and channels, text and JSON Lines, one batch of events per poll, the
    interval between polls."""
    ch = {"NVSCHED_TEST_RL_CHANGE": "1"}
    r, out, err = mod(["-j", "runlist", "--watch", "-r", "0", "-i", "10", "--count", "3"], ch)
    eq(r, 0, "module runlist --watch -j exit status")
    got, ts = [], []
    for line in out.split("\n"):
        if not line:
            continue
        try:
            e = json.loads(line)
        except ValueError:
            check(False, f"module --watch -j: not JSON {line!r}")
            continue
        tsg = e["event"].startswith("tsg")
        eq(sorted(e), sorted(["schema", "t", "runlist", "event", "tsgid"] +
                             ([] if tsg else ["chid"]) +
                             (["field", "old", "new"] if "changed" in e["event"] else [])),
           f"module --watch -j keys {line!r}")
        eq((e.get("schema"), e.get("runlist")), (1, 0), f"module --watch -j schema/runlist {line!r}")
        got.append((e.get("event"), "TSG" if tsg else "channel", e.get("tsgid" if tsg else "chid"),
                    None if tsg else e.get("tsgid"), e.get("field"), e.get("old"), e.get("new")))
        ts.append(e.get("t"))
    eq(got, [x for batch in MOD_WATCH for x in batch], "module runlist --watch -j events")
    # one time per poll: 0 at the first, then at least 10 ms apart
    polls = sorted(set(ts))
    eq([ts.count(t) for t in polls], [len(b) for b in MOD_WATCH], "module --watch -j events per poll")
    check(len(polls) == 3 and 0 <= polls[0] < 0.01 and polls[1] - polls[0] >= 0.01 and
          polls[2] - polls[1] >= 0.01 and polls[2] < 5, f"module --watch -j poll times {polls}")
    r, out, err = mod(["runlist", "--watch", "-r", "0", "-i", "10", "--count", "3"], ch)
    want = []
    for k, batch in enumerate(MOD_WATCH):
        for ev, kind, ident, owner, field, old, new in batch:
            w = f"runlist 0: {ev} {kind} {ident}" + (f" (TSG {owner})" if owner is not None else "")
            want.append((k, w + (f": {field} {old} -> {new}" if field else "")))
    lines = [ln for ln in out.split("\n") if ln]
    times = [ln[:9] for ln in lines]
    eq([(sorted(set(times)).index(t), ln[10:]) for t, ln in zip(times, lines)], want,
       "module runlist --watch text")
    check(all(re.match(r"^ {0,4}\d+\.\d{3}$", t) for t in times), f"module --watch text times {times[:3]}")
    # 130 bare channels (fakedev NVSCHED_TEST_RL_LONG): the watch set grows
    # past its first 64 and 128 objects; each channel appears once, at the
    # first of three polls; with NVSCHED_TEST_RL_CHANGE the first of them,
    # 1000, leaves at the second poll and comes back at the third
    r, out, err = mod(["-j", "runlist", "--watch", "-r", "0", "-i", "10", "--count", "3"],
                      {"NVSCHED_TEST_RL_LONG": "1", "NVSCHED_TEST_RL_CHANGE": "1"})
    try:
        got = [(e["event"], e["chid"], e["tsgid"]) for e in map(json.loads, out.split("\n")[:-1])]
    except (ValueError, KeyError) as e:
        got = f"{e}: {out[:200]!r}"
    want = [("channel_added", 1000 + i, None) for i in range(130)] + \
        [("channel_removed", 1000, None), ("channel_added", 1000, None)]
    check((r, got) == (0, want), f"module runlist --watch: 130 channels, 1000 leaving: exit {r}, "
          f"{len(got)} events, first difference {next((x for x in zip(got, want) if x[0] != x[1]), None)}")
    t_slow, slow = slow_run
    try:
        out, err = slow.communicate(timeout=30)
        t = [json.loads(ln)["t"] for ln in out.decode().split("\n") if ln]
        eq(len(t), len(MOD_WATCH[0]) + len(MOD_WATCH[1]), "module --watch -i 1000 --count 2: events of 2 polls")
        check(len(t) > 4 and t[0] < 0.5 and 1.0 <= t[4] < 1.5 + (time.monotonic() - t_slow),
              f"module --watch -i 1000: polls a second apart {t[:1]} {t[4:5]}")
    except (subprocess.TimeoutExpired, ValueError, KeyError) as e:
        slow.kill()
        check(False, f"module --watch -i 1000 --count 2: {e}")
    eq(slow.returncode, 0, "module --watch -i 1000 exit status")
    # the run without --count, started with the slow one: about a second has
    # passed, so it has polled once or twice - at most once at the start
    # and once a second since, plus one (a loaded machine slows the slow
    # run; a busy loop would poll hundreds of times),
    # each poll's batch of events as MOD_WATCH's; SIGTERM (kill, as
    # docs/guide.md ends a watch; check_cli_misc's run checks SIGINT)
    # ends the loop, exit 0
    # (its first line is read first: by then it has set its signal handlers;
    # each poll's events are flushed, so the line comes without waiting)
    if not select.select([endless.stdout], [], [], 10)[0]:
        check(False, "module --watch without --count: no event within 10 s (not flushed?)")
        endless.kill()
        endless.communicate()
        return
    first = endless.stdout.readline()
    endless.send_signal(signal.SIGTERM)	# docs/guide.md: kill %1
    most = int(time.monotonic() - endless.started) + 2
    try:
        out = first + endless.stdout.read()	# to the end: SIGTERM ends the loop
        endless.communicate(timeout=10)
        ev = [json.loads(ln) for ln in out.decode().split("\n") if ln]
        polls = sorted({e["t"] for e in ev})
        got = [(e["event"], e.get("tsgid") if e["event"].startswith("tsg") else e.get("chid")) for e in ev]
        # the runlist changes and changes back: batches 1 and 2 alternate
        batches = [MOD_WATCH[0]] + [MOD_WATCH[1 + i % 2] for i in range(len(polls) - 1)]
        want = [(x[0], x[2]) for batch in batches for x in batch]
        check(1 <= len(polls) <= max(3, most) and got == want,
              f"module --watch -i 1000 without --count: {len(polls)} polls (at most {max(3, most)}), events {got[:12]}")
    except (subprocess.TimeoutExpired, ValueError, KeyError) as e:
        endless.kill()
        check(False, f"module --watch -i 1000 without --count: {e}")
    eq(endless.returncode, 0, "module --watch without --count: SIGTERM exit status")


def check_module_errors(mod, jdoc):
    """What nvsched says when the module refuses a control, cannot read a
    runlist or the device table, or a CE register gave no value (the
    stand-in's error ids and switches, tests/cli/fakedev.c)."""
    pre = "nvsched: gpu0: "
    for args, msg in (
            (["tsg", "preempt", "78"], "preempt_tsg: TSG 78 is not on runlist 0 (or no such runlist); "
                                       "--force overrides"),
            (["channel", "disable", "78", "-r", "3"], "disable_channel: channel 78 is not on runlist 3 "
                                                      "(or no such runlist); --force overrides"),
            (["channel", "enable", "79"], "enable_channel: channel id 79 is beyond this chip's limits"),
            (["tsg", "preempt", "79"], "preempt_tsg: TSG id 79 is beyond this chip's limits"),
            (["tsg", "preempt", "77"], "preempt_tsg: a preempt is already pending (the GPU's driver's, or "
                                       "an earlier one that timed out): nothing written; try again when "
                                       "it completed"),
            (["channel", "enable", "77"], "enable_channel: the GPU's driver changed the same registers or "
                                          "the PRAMIN window meanwhile, or a submit is pending: nothing "
                                          "written over it; try again"),
            (["tsg", "preempt", "80", "--timeout", "999"],
             "preempt_tsg: did not complete within the timeout (completion register 0x2634 still pending)"),
            (["tsg", "preempt", "80", "-t", "0x3e7"],
             "preempt_tsg: did not complete within the timeout (completion register 0x2634 still pending)"),
            (["tsg", "preempt", "80", "-t", "1"],
             "preempt_tsg: did not complete within the timeout (completion register 0x2634 still pending)"),
            (["runlist", "preempt", "9"], "preempt_runlist: no runlist 9 on this GPU (see nvsched engines)"),
            (["runlist", "resubmit", "10"], "resubmit_runlist: this chip has no register for that operation"),
            (["runlist", "disable", "11"], "disable_runlist_scheduling: the GPU returned no data (runlist "
                                           "memory or registers unreadable)"),
            (["runlist", "enable", "12"], "enable_runlist_scheduling: not permitted: needs CAP_SYS_ADMIN")):
        r, out, err = mod(args)
        eq((r, out), (1, ""), f"module {' '.join(args)}: refused")
        check(err.startswith(pre + msg), f"module {' '.join(args)}: message {err!r}")
    # a module that counts more writes than the 4 the ioctl carries: 4 shown
    d = jdoc(["runlist", "resubmit", "13"])
    eq([(w.get("offset"), w.get("value")) for r in d.get("results", []) for w in r.get("writes", [])],
       [(hex(0x800028 + 4 * k), hex(0xabc00d + k)) for k in range(4)], "module runlist resubmit 13: 4 writes")
    # the refusals as JSON: the same text in "error", no writes
    d = jdoc(["tsg", "preempt", "80", "--timeout", "999"], rc=1)
    eq(d.get("results"), [{"op": "preempt_tsg", "runlist": None, "id": 80, "dry_run": False, "writes": [],
                           "error": "did not complete within the timeout (completion register 0x2634 "
                                    "still pending)"}], "module tsg preempt 80 -j (ETIMEDOUT)")
    # --force, --no-wait and --timeout reach the module: 78 planned with
    # --force, 80 done with --no-wait or a timeout of 1000 us or more
    for args in (["channel", "disable", "78", "--force"], ["tsg", "preempt", "80", "-t", "999", "--no-wait"],
                 ["tsg", "preempt", "80", "--timeout", "1000"], ["tsg", "preempt", "80", "-t", "1000000"],
                 ["tsg", "preempt", "80"]):
        r, out, err = mod(args)
        ident = int(args[2])
        op = {"channel": (1, "disable_channel"), "tsg": (3, "preempt_tsg")}[args[0]]
        eq((r, out, err), (0, f"gpu0: {op[1]} {ident} on runlist 5\n  W 0x{0x800000 + 8 * op[0]:06x} <- "
                              f"0x{0xabc000 + ident:08x}\n", ""), f"module {' '.join(args)}")
    # option bounds (usage, exit 2, nothing asked of the module)
    for args, msg in ((["--timeout", "0"], "nvsched: --timeout takes 1..1000000 microseconds"),
                      (["--timeout", "1000001"], "nvsched: --timeout takes 1..1000000 microseconds"),
                      (["-t", "5x"], "nvsched: --timeout takes 1..1000000 microseconds"),
                      (["-r", "32768"], "nvsched: bad runlist '32768'"),
                      (["-r", "-1"], "nvsched: bad runlist '-1'"),
                      (["-r", "1z"], "nvsched: bad runlist '1z'")):
        r, out, err = mod(["tsg", "preempt", "80"] + args)
        eq((r, out, err), (2, "", msg + "\n"), f"module tsg preempt 80 {' '.join(args)}")
    for args, want in ((["-r", "32767"], 32767), (["-r", "0x10"], 16), (["-r", "0"], 0)):
        r, out, err = mod(["channel", "enable", "4095", "--dry-run"] + args)
        eq((r, out.split("\n")[0]), (0, f"gpu0: would enable_channel 4095 on runlist {want}"),
           f"module channel enable 4095 {' '.join(args)}")
    for args, msg in ((["tsg", "preempt", "1", "2"], "nvsched tsg preempt: give exactly one TSG id"),
                      (["tsg", "preempt"], "nvsched tsg preempt: give exactly one TSG id"),
                      (["runlist", "resubmit"], "nvsched runlist resubmit: give exactly one runlist id"),
                      (["channel", "enable"], "nvsched channel enable: which channel ids?")):
        r, out, err = mod(args)
        eq((r, out, err), (2, "", msg + "\n"), f"module {' '.join(args)}: usage")
    # nvsched runlist's option bounds (nvsched runlist --help: -r a hardware
    # id 0..4095, --interval 10..3600000 ms, --count positive)
    for args, msg in ((["-i", "9"], "--interval takes 10..3600000 ms"),
                      (["-i", "3600001"], "--interval takes 10..3600000 ms"),
                      (["-i", "10x"], "--interval takes 10..3600000 ms"),
                      (["--count", "0"], "--count takes a positive number"),
                      (["--count", "2y"], "--count takes a positive number"),
                      (["-r", "4096"], "bad runlist id '4096'"),
                      (["-r", "-1"], "bad runlist id '-1'"),
                      (["-r", "0z"], "bad runlist id '0z'")):
        r, out, err = mod(["runlist", "--watch"] + args)
        eq((r, out, err), (2, "", f"nvsched runlist: {msg}\n"), f"module runlist --watch {' '.join(args)}")
    r, out, err = mod(["runlist", "-r", "4095"])
    eq((r, out, err), (1, "", "nvsched runlist: gpu0 has no runlist 4095 (see nvsched engines)\n"),
       "module runlist -r 4095 (a valid id, not on this GPU)")
    r, out, err = mod(["runlist", "--watch", "-r", "1", "-i", "3600000", "--count", "1"])
    eq((r, out, err), (0, "", ""), "module runlist --watch -i 3600000 --count 1 (unreadable runlist 1)")
    # a runlist the module cannot read: listed with the reason, the others
    # decoded; EPERM stops the command with the CAP_SYS_RAWIO hint
    d = jdoc(["runlist"], {"NVSCHED_TEST_RL_FAIL": "EFBIG"})
    rls = d.get("runlists", [])
    eq([r.get("id") for r in rls], [0, 1], "module runlist (runlist 1 EFBIG) ids")
    if len(rls) == 2:
        eq(rls[0], MOD_RL0, "module runlist (runlist 1 EFBIG): runlist 0")
        e = rls[1].pop("error", None)
        check(isinstance(e, str) and "8192 entries" in e, f"module runlist 1 EFBIG error {e!r}")
        eq(rls[1], {"id": 1, "base": "0x0", "aperture": "vid", "length": 0, "offset": 0, "errors": [],
                    "tsgs": [], "bare_channels": []}, "module runlist 1 (EFBIG)")
    r, out, err = mod(["runlist", "-r", "1"], {"NVSCHED_TEST_RL_FAIL": "EFBIG"})
    eq((r, out), (0, "Runlist 1: 0 entries at 0x0 (vid)\n"
                     "error: runlist longer than nvsched reads (8192 entries)\n"), "module runlist -r 1 (EFBIG) text")
    r, out, err = mod(["runlist", "-r", "1"], {"NVSCHED_TEST_RL_FAIL": "EPERM"})
    eq((r, out), (1, ""), "module runlist -r 1 (EPERM)")
    check("needs CAP_SYS_RAWIO" in err, f"module runlist -r 1 (EPERM) message {err!r}")
    # every runlist is read before anything is printed: EPERM on the second
    # leaves stdout empty, not half a document or runlist 0's text
    for args in (["runlist"], ["-j", "runlist"]):
        r, out, err = mod(args, {"NVSCHED_TEST_RL_FAIL": "EPERM"})
        eq((r, out), (1, ""), f"module {' '.join(args)} (runlist 1 EPERM): nothing on stdout")
        check("needs CAP_SYS_RAWIO" in err, f"module {' '.join(args)} (EPERM) message {err!r}")
    r, out, err = mod(["runlist", "-r", "7"])
    eq((r, out, err), (1, "", "nvsched runlist: gpu0 has no runlist 7 (see nvsched engines)\n"),
       "module runlist -r 7 (no such runlist)")
    nt = {"NVSCHED_TEST_TOPO_FAIL": "1"}
    r, out, err = mod(["runlist"], nt)
    eq((r, out, err), (1, "", f"nvsched runlist: cannot read the device table: {os.strerror(5)}\n"),
       "module runlist without a device table")
    # an empty device table: no runlist to decode, an empty list (CONTRACTS.md
    # section 2: [] for empty arrays), not a failure; --watch polls nothing
    d = jdoc(["runlist"], {"NVSCHED_TEST_TOPO_NONE": "1"})
    eq(d.get("runlists"), [], "module runlist (empty device table)")
    eq(mod(["runlist", "--watch", "-i", "10", "--count", "2"], {"NVSCHED_TEST_TOPO_NONE": "1"}), (0, "", ""),
       "module runlist --watch (empty device table)")
    # the device table's allocation failing in `nvsched ce` (tests/cli/
    # failmalloc.c, the first malloc of its size): the copy engines as with
    # an empty device table (no LCE from it, no runlist), in text and JSON;
    # with nothing referring to an LCE (CE_EMPTY) too, where the count is
    # NUM_CES's alone (5), not at least one
    fm, sizes = build_standin(FAILMALLOC), build_standin(SIZES)
    if fm and sizes:
        size = dict(l.split() for l in subprocess.run(
            [sizes], stdout=subprocess.PIPE, check=True).stdout.decode().splitlines())["nvs_topology"]
        for ce, args in itertools.product(({}, {"NVSCHED_TEST_CE_EMPTY": "1"}), (["ce"], ["-j", "ce"])):
            what = f"module {' '.join(args)}{' (CE_EMPTY)' if ce else ''}"
            none = mod(args, dict(ce, NVSCHED_TEST_TOPO_NONE="1"))
            eq(none[0], 0, f"{what} (empty device table): exit status")
            check(none != mod(args, ce), f"{what}: an empty device table changes the output")
            eq(mod(args, dict(ce, LD_PRELOAD=f"{os.path.join(REPO, FAKEDEV)}:{fm}",
                              NVSCHED_TEST_FAIL_MALLOC=size)), none,
               f"{what} with the device table's allocation failing")
        d = jdoc(["ce"], {"NVSCHED_TEST_CE_EMPTY": "1", "NVSCHED_TEST_TOPO_NONE": "1"})
        eq([l.get("lce") for l in d.get("lces", [])], [0, 1, 2, 3, 4], "module ce lces (CE_EMPTY, empty device table)")
    # the device table in another order, LCE 2 first: the same LCEs and
    # runlists (PTOP's order is the hardware's, not a rule)
    d = jdoc(["ce"], {"NVSCHED_TEST_TOPO_LCE_FIRST": "1"})
    eq(d.get("lces"), MOD_LCES, "module ce lces (device table with LCE 2 first)")
    # the device table's LCE 3 renumbered: LCE 15 is the highest the CE
    # registers can name (PCE_ASSIGNED_LCE is 4 bits; ce.h: 16 LCEs), so the
    # list runs to it (LCEs 5..15 unconfigured); LCE 16 is left out
    unconf = {"grce": False, "pces": [], "shared_with_lce": None, "runlist": None}
    d = jdoc(["ce"], {"NVSCHED_TEST_TOPO_LCE_HIGH": "15"})
    eq(d.get("lces"), MOD_LCES + [dict(unconf, lce=n) for n in range(5, 16)],
       "module ce lces (device table LCE 15)")
    d = jdoc(["ce"], {"NVSCHED_TEST_TOPO_LCE_HIGH": "16"})
    eq(d.get("lces"), MOD_LCES, "module ce lces (device table LCE 16: beyond the 16 LCEs)")
    # a full device table (256 rows, the 253 added of another type): the
    # same LCEs (test_leaks.sh --asan runs it too: no row read past the 256)
    d = jdoc(["ce"], {"NVSCHED_TEST_TOPO_FULL": "1"})
    eq(d.get("lces"), MOD_LCES, "module ce lces (256-row device table)")
    # ce without a device table: the CE ioctl's 5 LCEs, no runlist known
    d = jdoc(["ce"], nt)
    eq(d.get("lces"), [dict(l, runlist=None) for l in MOD_LCES], "module ce without a device table")
    # GRCE 1 shares LCE 6: one entry per LCE up to the highest referred to
    # (CONTRACTS.md section 2: every LCE the chip has; 5 and 6 unconfigured)
    d = jdoc(["ce"], {"NVSCHED_TEST_CE_WIDE": "1"})
    unconf = {"grce": False, "pces": [], "shared_with_lce": None, "runlist": None}
    eq(d.get("lces"), [MOD_LCES[0], dict(MOD_LCES[1], shared_with_lce=6)] + MOD_LCES[2:] +
       [dict(unconf, lce=5), dict(unconf, lce=6)], "module ce lces (GRCE1 shares LCE 6)")
    # the same with GRCE 0 sharing LCE 6 (instead of LCE 3)
    d = jdoc(["ce"], {"NVSCHED_TEST_CE_WIDE": "0"})
    eq(d.get("lces"), [dict(MOD_LCES[0], shared_with_lce=6)] + MOD_LCES[1:] +
       [dict(unconf, lce=5), dict(unconf, lce=6)], "module ce lces (GRCE0 shares LCE 6)")
    # PCE 2 and both GRCEs gave no value
    nv_ = {"NVSCHED_TEST_CE_NOVAL": "1"}
    d = jdoc(["ce"], nv_)
    eq((d.get("unreadable_pces"), d.get("unreadable_grces")), ([2], [0, 1]), "module ce unreadable (NOVAL)")
    eq(d.get("lces"), [dict(MOD_LCES[0], shared_with_lce=None)] + MOD_LCES[1:], "module ce lces (NOVAL)")
    r, out, err = mod(["ce"], nv_)
    eq(re.findall(r"^LCE0([01])\s+GRCE\s+-\s+(.*)$", out, re.M),
       [("0", "(GRCE config unreadable)"), ("1", "(GRCE config unreadable)")], "module ce text GRCEs (NOVAL)")
    eq(re.findall(r"^PCE(\d+): no value", out, re.M), ["02"], "module ce text unreadable PCEs")
    # the first PCE slot and the last present one unreadable instead (=edges)
    ed = {"NVSCHED_TEST_CE_NOVAL": "edges"}
    eq(jdoc(["ce"], ed).get("unreadable_pces"), [0, 5], "module ce unreadable PCEs 0 and 5")
    eq(re.findall(r"^PCE(\d+): no value", mod(["ce"], ed)[1], re.M), ["00", "05"],
       "module ce text unreadable PCEs 0 and 5")
    # a two-LCE chip (device table: LCE 0 and 1) whose GRCE 1 shares LCE 0:
    # GRCE 1 is LCE 1, so the LCEs referred to are 0 and 1 and the list is
    # exactly the device table's two, not one more
    na = {"NVSCHED_TEST_CE_NARROW": "1"}
    d = jdoc(["ce"], na)
    eq(d.get("lces"), [{"lce": 0, "grce": True, "pces": [0, 1], "shared_with_lce": None, "runlist": 1},
                       {"lce": 1, "grce": True, "pces": [], "shared_with_lce": 0, "runlist": None}],
       "module ce lces (two LCEs, GRCE1 shares LCE 0)")
    r, out, err = mod(["ce"], na)
    eq(out.split("\n")[0], "gpu0 GV100: PCE_MAP 0x3 (2 PCEs), 2 LCEs (LCE0-1 are GRCEs)",
       "module ce text summary (two LCEs)")
    eq(re.findall(r"^LCE(\d\d)\s+(GRCE|LCE)\s+(\S+)\s+(.*)$", out, re.M),
       [("00", "GRCE", "1", "PCE00 PCE01"), ("01", "GRCE", "-", "shares LCE00")],
       "module ce text table (two LCEs)")
    # the same chip with a device table that lists LCE 0 only: GRCE 1 is
    # LCE 1 and shares LCE 0, so LCE 1 exists and is still listed
    d = jdoc(["ce"], dict(na, NVSCHED_TEST_TOPO_TWO="1"))
    eq(d.get("lces"), [{"lce": 0, "grce": True, "pces": [0, 1], "shared_with_lce": None, "runlist": 1},
                       {"lce": 1, "grce": True, "pces": [], "shared_with_lce": 0, "runlist": None}],
       "module ce lces (device table LCE 0 only, GRCE1 shares LCE 0)")
    # every PCE on LCE 2, GRCE0 sharing it: the CE registers refer to LCEs
    # 0..2 only, but the device table also has LCE 3, so it is listed
    # (without PCEs or runlist) as the fourth
    d = jdoc(["ce"], {"NVSCHED_TEST_CE_SPARE": "1"})
    eq(d.get("lces"), [{"lce": 0, "grce": True, "pces": [], "shared_with_lce": 2, "runlist": None},
                       {"lce": 1, "grce": True, "pces": [], "shared_with_lce": None, "runlist": None},
                       {"lce": 2, "grce": False, "pces": [0, 1, 3, 4, 5], "shared_with_lce": None,
                        "runlist": 1},
                       {"lce": 3, "grce": False, "pces": [], "shared_with_lce": None, "runlist": None}],
       "module ce lces (device table LCE 3 without PCEs)")
    # the same without a device table: the CE ioctl's count, 4 LCEs
    # (docs/topology.md: else NV_PTOP_SCAL_NUM_CES), although the CE
    # registers refer to LCEs 0..2 only; no runlist known
    d = jdoc(["ce"], {"NVSCHED_TEST_CE_SPARE": "1", "NVSCHED_TEST_TOPO_FAIL": "1"})
    eq(d.get("lces"), [{"lce": 0, "grce": True, "pces": [], "shared_with_lce": 2, "runlist": None},
                       {"lce": 1, "grce": True, "pces": [], "shared_with_lce": None, "runlist": None},
                       {"lce": 2, "grce": False, "pces": [0, 1, 3, 4, 5], "shared_with_lce": None,
                        "runlist": None},
                       {"lce": 3, "grce": False, "pces": [], "shared_with_lce": None, "runlist": None}],
       "module ce lces (CE_SPARE without a device table: the CE count, 4)")
    # PCE 0 on LCE 4, PCE 1 on LCE 5: the highest LCE referred to is 5, met
    # before PCE 3's LCE 3, so the list runs to LCE 5 (six entries), past the
    # device table's four; LCE 2 keeps its runlist but loses its PCEs
    d = jdoc(["ce"], {"NVSCHED_TEST_CE_HIGH": "1"})
    eq(d.get("lces"), MOD_LCES[:2] + [dict(MOD_LCES[2], pces=[]), MOD_LCES[3],
                                      dict(MOD_LCES[4], pces=[0, 4, 5]),
                                      {"lce": 5, "grce": False, "pces": [1], "shared_with_lce": None,
                                       "runlist": None}],
       "module ce lces (PCEs on LCEs 4 and 5, above the device table's)")
    # PCE 0, the first slot, alone on LCE 5: the list still runs to LCE 5
    d = jdoc(["ce"], {"NVSCHED_TEST_CE_HIGH": "0"})
    eq(d.get("lces"), MOD_LCES[:2] + [dict(MOD_LCES[2], pces=[1])] + MOD_LCES[3:] +
       [{"lce": 5, "grce": False, "pces": [0], "shared_with_lce": None, "runlist": None}],
       "module ce lces (PCE 0 alone on LCE 5)")
    # no GRCE (fakedev NVSCHED_TEST_CE_NOGRCE): every LCE is a plain LCE, in
    # the summary too (not "LCE0-0 are GRCEs"); LCEs 0 and 1 have no PCE
    r, out, err = mod(["ce"], {"NVSCHED_TEST_CE_NOGRCE": "1"})
    eq((r, out.split("\n")[0]), (0, "gpu0 GV100: PCE_MAP 0x3b (5 PCEs), 5 LCEs (no GRCEs)"),
       "module ce text summary (no GRCE)")
    eq(re.findall(r"^LCE(\d\d)\s+(GRCE|LCE)\s+(\S+)\s+(.*)$", out, re.M),
       [("00", "LCE", "-", "(unconfigured)"), ("01", "LCE", "-", "(unconfigured)"),
        ("02", "LCE", "1", "PCE00 PCE01"), ("03", "LCE", "-", "PCE03"),
        ("04", "LCE", "-", "PCE04 PCE05")], "module ce text table (no GRCE)")
    # no GRCE slot, and the GRCE registers' values NOVAL: they belong to no
    # GRCE, so no GRCE is listed as unreadable (PCE 2 is)
    d = jdoc(["ce"], {"NVSCHED_TEST_CE_NOGRCE": "1", "NVSCHED_TEST_CE_NOVAL": "1"})
    eq((d.get("unreadable_pces"), d.get("unreadable_grces")), ([2], []),
       "module ce unreadable (no GRCE slot, NOVAL values)")
    # every command but list works on one GPU, the selected one: the
    # stand-in has only gpu0 (ngpus 1), so --gpu 1 is refused, naming the
    # command, not answered with gpu0's topology, runlists or writes
    snap = os.path.join(REPO, "build", "tests", "cli", "gpu1.nvss")
    if os.path.exists(snap):
        os.unlink(snap)
    for args in (["ce"], ["gr"], ["info"], ["engines"], ["runlist"], ["runlist", "-j"],
                 ["runlist", "--watch", "--count", "1"], ["runlist", "preempt", "0"],
                 ["channel", "disable", "5"], ["channel", "restore"], ["tsg", "preempt", "10"],
                 ["snapshot", "-o", snap], ["prio", "status"]):
        eq(mod(["--gpu", "1"] + args),
           (1, "", f"nvsched {args[0]}: no GPU 1 (1 GPU(s) found): see nvsched list\n"),
           f"module --gpu 1 {' '.join(args)}")
    check(not os.path.exists(snap), "module --gpu 1 snapshot -o: no file written")


def build_standin(rel):
    """Build a preloaded stand-in (tests/cli/cli.mk); its path, or None
    (a failed check) when it does not build."""
    p = subprocess.run(["make", "--no-print-directory", "-s", rel], cwd=REPO,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    check(p.returncode == 0, f"build {rel}: {p.stdout.decode()[:300]}")
    return os.path.join(REPO, rel) if p.returncode == 0 else None


def check_module(nv):
    """The CLI's module backend (ioctls) against tests/cli/fakedev.c, a
    preloaded stand-in for /dev/nvsched with a fixed, hand-written GPU."""
    so = build_standin(FAKEDEV)
    if not so:
        return

    def mod(args, extra=None):
        env = dict(os.environ, NVSCHED_DEVICE="/dev/null", LD_PRELOAD=so)
        env.update(extra or {})
        p = subprocess.run([nv, "--backend", "module"] + args, cwd=REPO, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
        return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")

    def jdoc(args, extra=None, rc=0):
        r, out, err = mod(["-j"] + args, extra)
        eq(r, rc, f"module {' '.join(args)}: exit status ({err.strip()[:200]})")
        try:
            d = json.loads(out)
        except ValueError:
            check(False, f"module {' '.join(args)}: not JSON: {out[:200]!r}")
            return {}
        eq(d.get("gpu"), MOD_GPU, f"module {' '.join(args)}: gpu object")
        eq(d.get("schema"), 1, f"module {' '.join(args)}: schema")
        return d

    slow_run = start_slow_watch(nv, so)
    endless = start_endless_watch(nv, so)
    # prio run's option bounds (usage: exit 2, nothing run), hand-written messages
    for args, msg in ((["--prio", "100"], "--prio takes 0..99"),
                      (["--prio", ""], "--prio takes 0..99"),
                      (["--prio", "7x"], "--prio takes 0..99"),
                      (["--fifo", "0"], "--fifo takes 1..99"),
                      (["--fifo", "100"], "--fifo takes 1..99"),
                      (["--capture-ms", "-1"], "--capture-ms takes 0..3600000 (ms)"),
                      (["--settle-ms", "3600001"], "--settle-ms takes 0..3600000 (ms)")):
        r, out, err = mod(["prio", "run"] + args + ["--", "true"])
        eq((r, err), (2, f"nvsched prio run: {msg}\n"), f"module prio run {' '.join(args)}")
    d = jdoc(["engines"])
    eq(d.get("engines"), MOD_ENGINES, "module engines -j engines")
    eq(d.get("runlists"), MOD_RUNLISTS, "module engines -j runlists")
    d = jdoc(["ce"])
    eq(d.get("pce_map"), "0x3b", "module ce pce_map")
    eq(d.get("lces"), MOD_LCES, "module ce lces")
    eq((d.get("unreadable_pces"), d.get("unreadable_grces")), ([], []), "module ce unreadable")
    d = jdoc(["gr"])
    eq((d.get("num_gpcs"), d.get("num_tpc_per_gpc"), d.get("gpc_disable_mask")), (3, 4, "0x2"),
       "module gr chip")
    eq(d.get("gpcs"), MOD_GPCS, "module gr gpcs")
    eq((d.get("gpcs_enabled"), d.get("tpcs_enabled"), d.get("sms_per_tpc"), d.get("sms_enabled")),
       (2, 6, 2, 12), "module gr totals")
    eq([(t["tpc"], t["logical_gpc"], t["tpc_in_gpc"]) for t in d.get("tpc_map", [])], MOD_TPC_MAP,
       "module gr tpc_map")
    eq(d.get("tpc_map_error"), None, "module gr tpc_map_error")
    d = jdoc(["runlist"])
    rls = d.get("runlists", [])
    eq([r.get("id") for r in rls], [0, 1], "module runlist ids")
    if len(rls) == 2:
        eq(rls[0], MOD_RL0, "module runlist 0")
        e = rls[1].pop("error", None)
        check(isinstance(e, str) and "unreadable" in e, f"module runlist 1 error {e!r}")
        eq(rls[1], MOD_RL1, "module runlist 1")
    # a buffer of 1 entry, then the size the module asks for (ENOSPC)
    d2 = jdoc(["runlist", "-r", "0"], {"NVSCHED_TEST_RL_CAP": "1"})
    eq(d2.get("runlists"), [MOD_RL0], "module runlist -r 0 after ENOSPC")
    # an error on entry 0 too (fakedev NVSCHED_TEST_RL_ERR0): both listed
    d2 = jdoc(["runlist", "-r", "0"], {"NVSCHED_TEST_RL_ERR0": "1"})
    eq([(x.get("entry"), x.get("code")) for r in d2.get("runlists", []) for x in r.get("errors", [])],
       [(0, "tsg_too_long"), (3, "zero_length_tsg")], "module runlist -r 0 errors (entry 0 too)")
    d2 = jdoc(["runlist", "-r", "0"], {"NVSCHED_TEST_RL_CAP": "4"})
    eq(d2.get("runlists"), [MOD_RL0], "module runlist -r 0, exactly 4 entries of room")
    # text
    r, out, err = mod(["runlist", "-r", "0"])
    eq(r, 0, "module runlist text exit status")
    eq(out.split("\n")[0], "Runlist 0: 4 entries at 0x2f0000000 (vid), offset 2",
       "module runlist text header")
    eq(re.findall(r"(TSG|Channel) Entry (\d+)", out),
       [("TSG", "10"), ("Channel", "4095"), ("Channel", "2048"), ("TSG", "11")],
       "module runlist text entries")
    for want in ("| Runqueue Selector: 1|", "|   0x00000002f0009000|", "|   0x00000002f0002000|",
                 "|   0x000000003000a000|", "| Status:       on_eng|", "| Enabled:           0|",
                 "| ERROR zero_length_tsg|", "| Slice us:      1.024|"):
        check(want in out, f"module runlist text: {want!r}")
    r, out, err = mod(["runlist", "-r", "1"])
    eq((r, out.split("\n")[0]), (0, "Runlist 1: 4 entries at 0x1000 (vid)"),
       "module runlist 1 text header")
    check(out.split("\n")[1].startswith("error: runlist memory unreadable"),
          f"module runlist 1 text error {out!r}")
    r, out, err = mod(["gr"])
    check("3 GPCs x 4 TPCs on chip; 2 GPCs, 6 TPCs, 12 SMs enabled (2 SMs/TPC)" in out,
          f"module gr text summary {out[:200]!r}")
    eq(re.findall(r"^(\d+)\s+(\S+)\s+(yes|no)\s+(0x[0-9a-f]+)\s+(\d+)$", out, re.M),
       [("0", "1", "yes", "0x0", "4"), ("1", "-", "no", "0xf", "0"), ("2", "0", "yes", "0x9", "2")],
       "module gr text table")
    eq(re.findall(r"(\d+):(\d+)\.(\d+)", out.split("CWD_GPC_TPC_ID")[-1].split("\n")[1]),
       [(str(a), str(b), str(c)) for a, b, c in MOD_TPC_MAP], "module gr text TPC map")
    eq(re.findall(r"^TPCs per logical GPC:.*$", out, re.M), ["TPCs per logical GPC: 0:2 1:4"],
       "module gr text TPCs per logical GPC")
    eq(out.split("\n")[1], "GPC disable mask 0x2 (set bit = floorswept)", "module gr text mask line")
    r, out, err = mod(["ce"])
    eq(out.split("\n")[0], "gpu0 GV100: PCE_MAP 0x3b (5 PCEs), 5 LCEs (LCE0-1 are GRCEs)",
       "module ce text summary")
    eq(re.findall(r"^LCE(\d\d)\s+(GRCE|LCE)\s+(\S+)\s+(.*)$", out, re.M),
       [("00", "GRCE", "-", "shares LCE03"), ("01", "GRCE", "-", "(unconfigured)"),
        ("02", "LCE", "1", "PCE00 PCE01"), ("03", "LCE", "-", "PCE03"),
        ("04", "LCE", "-", "PCE04 PCE05")], "module ce text table")
    # control: the stand-in plans "0xabc000 + id at 0x800000 + 8 op", runlist
    # 5 when none is given, EBUSY for id 77, 3 channels restored
    d = jdoc(["channel", "disable", "4095", "77", "-r", "0", "--dry-run"], rc=1)
    res = d.get("results", [])
    eq(len(res), 2, "module channel disable: two results")
    if len(res) == 2:
        eq(res[0], {"op": "disable_channel", "runlist": 0, "id": 4095, "dry_run": True,
                    "writes": [{"offset": "0x800008", "value": "0xabcfff"}], "error": None},
           "module channel disable 4095")
        e = res[1].pop("error", None)
        check(isinstance(e, str) and "try again" in e, f"module channel disable 77: EBUSY text {e!r}")
        eq(res[1], {"op": "disable_channel", "runlist": 0, "id": 77, "dry_run": True, "writes": []},
           "module channel disable 77")
    # the refused id first: its ioctl leaves errno at EBUSY, which must not
    # make the next id read as malformed (strtoul sets errno only on an
    # error, C11 7.22.1.4): 4095 is still planned, exit 1 for the refusal
    d = jdoc(["channel", "disable", "77", "4095", "-r", "0", "--dry-run"], rc=1)
    res = d.get("results", [])
    eq([(r.get("id"), r.get("error") is None) for r in res], [(77, False), (4095, True)],
       "module channel disable 77 4095: both ids, only 77 refused")
    if len(res) == 2:
        eq(res[1], {"op": "disable_channel", "runlist": 0, "id": 4095, "dry_run": True,
                    "writes": [{"offset": "0x800008", "value": "0xabcfff"}], "error": None},
           "module channel disable 77 4095: 4095 planned")
    d = jdoc(["tsg", "preempt", "10"])
    eq(d.get("results"), [{"op": "preempt_tsg", "runlist": 5, "id": 10, "dry_run": False,
                           "writes": [{"offset": "0x800018", "value": "0xabc00a"}], "error": None}],
       "module tsg preempt 10")
    d = jdoc(["runlist", "preempt", "0", "--dry-run"])
    eq(d.get("results"), [{"op": "preempt_runlist", "runlist": 0, "id": None, "dry_run": True,
                           "writes": [{"offset": "0x800020", "value": "0xabc000"}], "error": None}],
       "module runlist preempt 0")
    d = jdoc(["channel", "restore"])
    eq(d.get("results"), [{"op": "restore_channels", "runlist": None, "id": None, "dry_run": False,
                           "writes": [], "restored": 3, "error": None}], "module channel restore")
    r, out, err = mod(["channel", "enable", "4095", "--dry-run"])
    eq((r, out), (0, "gpu0: would enable_channel 4095 on runlist 5\n  W 0x800010 <- 0x00abcfff\n"),
       "module channel enable text")
    r, out, err = mod(["runlist", "resubmit", "1"])
    eq((r, out), (0, "gpu0: resubmit_runlist on runlist 1\n  W 0x800028 <- 0x00abc000\n"),
       "module runlist resubmit text")
    r, out, err = mod(["channel", "restore"])
    eq((r, out), (0, "gpu0: re-enabled 3 channel(s) nvsched had disabled\n"), "module restore text")
    r, out, err = mod(["channel", "disable", "77", "-r", "0"])
    eq((r, out), (1, ""), "module channel disable 77 (EBUSY) text")
    check(err.startswith("nvsched: gpu0: disable_channel: ") and "try again" in err,
          f"module channel disable 77 message {err!r}")
    check_module_prio(mod, jdoc)
    check_module_errors(mod, jdoc)
    check_module_watch(mod, slow_run, endless)
    r, out, err = mod(["-j", "list"])
    eq(r, 0, "module list -j exit status")
    try:
        eq(json.loads(out), {"schema": 1, "gpus": [MOD_GPU]}, "module list -j")
    except ValueError:
        check(False, f"module list -j: not JSON: {out[:200]!r}")


# ---- the rm backend, against a stand-in NVIDIA driver ----------------------------

FAKENV = "build/tests/cli/fakenv.so"
# what tests/cli/fakenv.c answers, written out again from its header comment:
# one GPU, the H100 of the capture (BOOT0 0x180000a1: chip 0x180, GH100,
# Hopper; tests/fixtures/README.md) at its default BDF (the capture has no
# meta bdf), registers from the capture
RM_GPU = {"index": 0, "bdf": "0000:01:00.0", "chip_id": "0x180", "chip": "GH100",
          "arch": "hopper"}
RM_EXEC_REG_OPS = 0x20800122  # NV2080_CTRL_CMD_GPU_EXEC_REG_OPS (lib/rm_abi.h)
RM_GET_ID_INFO_V2 = 0x00000205  # NV0000_CTRL_CMD_GPU_GET_ID_INFO_V2
RM_REG_OPS_BATCH = 64  # ops per EXEC_REG_OPS call (docs/rm-backend.md, RM sources section 6)
CAP_SYS_ADMIN = 21  # capabilities(7); CapEff in /proc/PID/status (proc(5))
NO_SYS_ADMIN = ["setpriv", "--bounding-set=-sys_admin", "--inh-caps=-sys_admin"]
# the messages, written from the format strings (cli/cmd_runlist.c, cli/cmd_ctl.c,
# cli/cmd_rm.c) by hand: they are the contract
RM_RUNLIST_NOROOT = ("nvsched runlist: gpu0: runlist registers need root over the rm backend "
                     "(CAP_SYS_ADMIN: RM rejects register reads from other users)\n")
RM_CTL_READONLY = ("nvsched {}: the rm backend is read-only; control needs nvsched.ko "
                   "(or --snapshot FILE to simulate)\n")
# with NVSCHED_FAKENV_NO_ENGINES=1 the stand-in answers NV_ERR_NOT_SUPPORTED
# to GET_ENGINES_V2 (as to every control it does not know)
RM_ENGINES_NOROOT = "nvsched engines: GPU_GET_ENGINES_V2 failed: NV_ERR_NOT_SUPPORTED\n"
RM_GET_ENGINES_V2 = 0x20800170  # NV2080_CTRL_CMD_GPU_GET_ENGINES_V2 (lib/rm_abi.h)
# the note `engines` prints without CAP_SYS_ADMIN (lib/gpu_rm.c, gpu_rm_root_note(),
# written out by hand; docs/rm-backend.md "Privileges")
RM_ROOT_NOTE = ("register views (PTOP decode, runlist ids and pri bases, runlist state, "
                "snapshots) need root (CAP_SYS_ADMIN) over the rm backend: RM rejects "
                "register reads and GET_ENGINE_RUNLIST_PRI_BASE for other users")


def rm_engine_list():
    """[(name, NV2080 engine type)] of GET_ENGINES_V2 as NVIDIA's RM answered
    it on the captured H100, in RM's order: the "engineCount=N:" line of
    RMPROBE, checked against the names and types of its "Engine table"."""
    text = open(os.path.join(REPO, RMPROBE)).read()
    m = re.search(r"^  engineCount=(\d+): (.*)$", text, re.M)
    if not m:
        return []
    got = [(n, int(t, 16)) for n, t in re.findall(r"(\w+)\((0x[0-9a-f]+)\)", m.group(2))]
    table = [(n, int(t, 16)) for n, t in
             re.findall(r"^  ([A-Z]+\d*)\s+(0x[0-9a-f]{4})\s+-?\d+\s+0x[0-9a-f]{8}", text, re.M)]
    return got if len(got) == int(m.group(1)) and got == table else []


def cap_eff(prefix=()):
    """CapEff of a process started with PREFIX (proc(5)), or None."""
    rc, out, _ = run(list(prefix) + ["cat", "/proc/self/status"])
    m = re.search(r"^CapEff:\s*([0-9a-f]+)$", out, re.M)
    return int(m.group(1), 16) if rc == 0 and m else None


def check_rm(nv):
    """The CLI's rm backend (lib/rm_client.c: RM ioctls on /dev/nvidiactl and
    /dev/nvidia0) against tests/cli/fakenv.c, a preloaded stand-in for
    NVIDIA's driver answering register reads from the H100 capture: as root
    the read commands give what --snapshot gives for the capture (the
    transport, its batching and offsets, end to end); control is refused
    (read-only); without CAP_SYS_ADMIN the register views are refused
    before any register read."""
    import shutil
    import tempfile
    so = build_standin(FAKENV)
    if not so:
        return
    with tempfile.TemporaryDirectory(prefix="nvsched-rm-") as tmp:
        for node in ("nvidiactl", "nvidia0"):
            open(os.path.join(tmp, node), "w").close()
        log = os.path.join(tmp, "controls.log")

        def rm(args, prefix=()):
            if os.path.exists(log):
                os.unlink(log)
            env = dict(os.environ, NVSCHED_NVIDIA_DEV_DIR=tmp, LD_PRELOAD=so,
                       NVSCHED_FAKENV_SNAPSHOT=os.path.join(REPO, H100), NVSCHED_FAKENV_LOG=log)
            for k in ("NVSCHED_RM_PROBE_REGS", "NVSCHED_DEVICE"):
                env.pop(k, None)
            p = subprocess.run(list(prefix) + [nv, "--backend", "rm"] + args, cwd=REPO, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
            calls = open(log).read().split("\n")[:-1] if os.path.exists(log) else []
            return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace"), calls

        # control: refused, whatever the privileges (never a write through RM)
        for cmd, args in (("channel", ["channel", "disable", "5", "-r", "0", "--dry-run"]),
                          ("channel", ["-j", "channel", "enable", "5", "-r", "0"]),
                          ("tsg", ["tsg", "preempt", "5", "-r", "0", "--dry-run"]),
                          ("runlist", ["runlist", "disable", "0", "--dry-run"]),
                          ("runlist", ["-j", "runlist", "preempt", "0"])):
            rc, out, err, _ = rm(args)
            eq((rc, out, err), (1, "", RM_CTL_READONLY.format(cmd)), f"rm {' '.join(args)}: refused")

        if cap_eff() is None or not cap_eff() >> CAP_SYS_ADMIN & 1:
            print("CLI: rm backend as root: skipped (this process lacks CAP_SYS_ADMIN)")
        else:
            js, text = {}, {}
            for c in ("engines", "ce", "gr", "runlist"):
                rc, out, err, calls = rm(["-j", c])
                eq(rc, 0, f"rm -j {c}: exit status ({err.strip()[:200]})")
                rc2, out2, err2 = run([nv, "--snapshot", H100, "-j", c])
                try:
                    d, want = json.loads(out), json.loads(out2)
                except ValueError:
                    check(False, f"rm -j {c}: not JSON: {out[:200]!r} / {out2[:200]!r}")
                    continue
                contract(d, f"rm {c} -j")
                eq(d.get("gpu"), RM_GPU, f"rm -j {c}: gpu object (the stand-in's GPU)")
                d.pop("gpu", None)
                want.pop("gpu", None)
                eq(d, want, f"rm -j {c}: the document of --snapshot {H100} (gpu object aside)")
                js[c], text[c + "-j"] = d, out
                # every read an EXEC_REG_OPS call of 1..64 READ_32 ops; the
                # prefetches fill whole calls
                ops = [int(x.split(" ops ")[1]) for x in calls
                       if x.startswith("control 0x%08x ops " % RM_EXEC_REG_OPS)]
                check(ops and all(1 <= n <= RM_REG_OPS_BATCH for n in ops),
                      f"rm -j {c}: register reads in EXEC_REG_OPS calls of 1..64 ops ({ops[:8]})")
                check(RM_REG_OPS_BATCH in ops, f"rm -j {c}: batched reads (a call of 64 ops)")
            if len(js) == 4:
                check_h100(js, text, {"topo", "runlist"})
            rc, out, err, _ = rm(["-j", "info"])
            try:
                d = json.loads(out)
            except ValueError:
                d = {}
            eq((rc, d.get("source"), d.get("gpu")), (0, "rm", RM_GPU), "rm -j info: source rm, the GPU")
            rc, out, err, _ = rm(["-j", "runlist", "-r", "99"])
            eq((rc, out), (1, ""), "rm runlist -r 99 (no such runlist): exit 1, nothing on stdout")

        # without CAP_SYS_ADMIN: refused before any register read
        if not shutil.which(NO_SYS_ADMIN[0]):
            check(False, f"{NO_SYS_ADMIN[0]} (util-linux) missing: cannot drop CAP_SYS_ADMIN")
            return
        eff = cap_eff(NO_SYS_ADMIN)
        check(eff is not None and not eff >> CAP_SYS_ADMIN & 1,
              f"{' '.join(NO_SYS_ADMIN)}: CapEff lacks CAP_SYS_ADMIN ({eff!r})")
        no_eng = NO_SYS_ADMIN + ["env", "NVSCHED_FAKENV_NO_ENGINES=1"]
        for args, msg, pre in ((["runlist"], RM_RUNLIST_NOROOT, NO_SYS_ADMIN),
                               (["-j", "runlist"], RM_RUNLIST_NOROOT, NO_SYS_ADMIN),
                               (["runlist", "-r", "0"], RM_RUNLIST_NOROOT, NO_SYS_ADMIN),
                               (["engines"], RM_ENGINES_NOROOT, no_eng),
                               (["-j", "engines"], RM_ENGINES_NOROOT, no_eng)):
            rc, out, err, calls = rm(args, pre)
            eq((rc, out, err), (1, "", msg), f"rm {' '.join(args)} without CAP_SYS_ADMIN")
            check("control 0x%08x" % RM_GET_ID_INFO_V2 in calls,
                  f"rm {' '.join(args)} without CAP_SYS_ADMIN: the stand-in was reached ({calls[:4]})")
            check(not [x for x in calls if x.startswith("control 0x%08x" % RM_EXEC_REG_OPS)],
                  f"rm {' '.join(args)} without CAP_SYS_ADMIN: no EXEC_REG_OPS call ({calls[:4]})")
        # engines without CAP_SYS_ADMIN: RM's own engine list (GET_ENGINES_V2,
        # cli/cmd_rm.c cmd_rm_engines_unpriv; docs/rm-backend.md "Privileges"),
        # exactly the H100's of the RM probe log, and the note about root
        want = rm_engine_list()
        check(len(want) == 23, f"{RMPROBE}: GET_ENGINES_V2 list parsed ({want[:3]})")
        text = (f"gpu0  {RM_GPU['bdf']}  engines reported by the NVIDIA driver "
                f"(RM, {len(want)}):\n " + "".join(" " + n for n, _ in want)
                + f"\n\nnote: {RM_ROOT_NOTE}.\n")
        # the gpu object: BOOT0 is a register RM refuses to read without
        # CAP_SYS_ADMIN, so no chip (CONTRACTS.md section 2: unreadable is
        # null, an unknown chip "unknown")
        gpu = {"index": 0, "bdf": RM_GPU["bdf"], "chip_id": None, "chip": "unknown",
               "arch": "unknown"}
        doc = {"schema": 1, "gpu": gpu, "source": "rm", "engines": [], "runlists": [],
               "rm_engines": [{"name": n, "rm_type": hex(t)} for n, t in want],
               "error": RM_ROOT_NOTE}
        for args in (["engines"], ["-j", "engines"]):
            what = f"rm {' '.join(args)} without CAP_SYS_ADMIN"
            rc, out, err, calls = rm(args, NO_SYS_ADMIN)
            eq((rc, err), (0, ""), f"{what}: exit status, nothing on stderr")
            if args[0] == "-j":
                try:
                    d = json.loads(out)
                except ValueError:
                    check(False, f"{what}: not JSON: {out[:200]!r}")
                    d = {}
                contract(d, what)
                eq(d, doc, f"{what}: RM's engines of {RMPROBE}, the note")
            else:
                eq(out, text, f"{what}: RM's engines of {RMPROBE}, the note")
            eq([x for x in calls if x == "control 0x%08x" % RM_GET_ENGINES_V2],
               ["control 0x%08x" % RM_GET_ENGINES_V2],
               f"{what}: one GET_ENGINES_V2 call ({calls[:6]})")
            check(not [x for x in calls if x.startswith("control 0x%08x" % RM_EXEC_REG_OPS)],
                  f"{what}: no EXEC_REG_OPS call ({calls[:6]})")
        # NVSCHED_RM_PROBE_REGS=1 probes anyway (lib/gpu_rm.c): RM, and the
        # stand-in, refuse each op of the one probe call; the same refusal
        rc, out, err, calls = rm(["runlist"], NO_SYS_ADMIN + ["env", "NVSCHED_RM_PROBE_REGS=1"])
        eq((rc, out, err), (1, "", RM_RUNLIST_NOROOT), "rm runlist, probe forced, without CAP_SYS_ADMIN")
        eq(len([x for x in calls if x.startswith("control 0x%08x" % RM_EXEC_REG_OPS)]), 1,
           f"rm runlist, probe forced, without CAP_SYS_ADMIN: one EXEC_REG_OPS call, the probe ({calls[:4]})")


def verb_tables():
    """{table name: [verb names]} of every struct cli_verb table in cli/*.c,
    read from the sources (not from nvsched's output)."""
    out = {}
    cli = os.path.join(REPO, "cli")
    for fn in sorted(os.listdir(cli)):
        if not fn.endswith(".c"):
            continue
        src = open(os.path.join(cli, fn)).read()
        for m in re.finditer(r"struct cli_verb (\w+)\[\] = \{(.*?)\n\};", src, re.S):
            out[f"{fn}:{m.group(1)}"] = re.findall(r'\{ "([a-z-]+)",', m.group(2))
    return out


def verb_sections(text):
    """{heading: [verb names]} of the "NAME verbs:" lists of a --help text."""
    out, cur = {}, None
    for ln in text.split("\n"):
        if ln.endswith(" verbs:") and not ln.startswith(" "):
            cur = ln[:-len(" verbs:")]
            out[cur] = []
        elif cur is not None and re.match(r"^  [a-z]", ln):
            out[cur].append(ln.split()[0])
        else:
            cur = None
    return out


def check_verb_help(nv):
    """Every verb table's verbs, in table order, are listed by the --help of
    its object (`nvsched CMD --help`, `nvsched CMD VERB --help`), and the
    generated bash completion offers each of a command's verbs."""
    tables = verb_tables()
    check(len(tables) >= 5, f"verb tables found in cli/*.c: {sorted(tables)}")
    sections = {}
    rc, table, err = run([nv, "help", "--list"])
    cmds = [ln.split("\t")[0] for ln in table.split("\n") if ln]
    for c in cmds:
        rc, out, err = run([nv, c, "--help"])
        # every command's --help starts with its usage line (nvsched(1):
        # "--help on every command"), before any verb list; help's too
        check(rc == 0 and re.match(r"usage: nvsched (\[global options\] )?" + re.escape(c) + r"( |$)",
                                   out.split("\n")[0]) is not None,
              f"{c} --help: exit {rc}, first line {out.split(chr(10))[0]!r}")
        got = verb_sections(out)
        sections.update(got)
        for verb in got.get(c, []):
            rc2, out2, err2 = run([nv, c, verb, "--help"])
            sections.update({k: v for k, v in verb_sections(out2).items() if k != c})
    for name, verbs in tables.items():
        check(any(v == verbs for v in sections.values()),
              f"--help lists the verbs of {name} {verbs}: lists found {sections}")
    # the topology commands' usage names the command (docs/topology.md,
    # "Commands": nvsched [...] ce [-j] [-p], gr [-j] [-p]), -h as --help
    for c in ("ce", "gr"):
        for h in ("--help", "-h"):
            rc, out, err = run([nv, c, h])
            eq((rc, out.split("\n")[0]), (0, f"usage: nvsched [global options] {c} [-j] [-p]"),
               f"{c} {h}: usage line")
    for head, verbs in sections.items():
        rc, out, err = run([nv, *head.split(), "--bogus-verb"])
        check(rc != 0, f"{head} --bogus-verb: exit status {rc}")
    d = os.path.join(REPO, "build", "tests", "cli", "docs")
    p = subprocess.run(["bash", "scripts/gen-cli-docs.sh", nv, d], cwd=REPO,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    eq(p.returncode, 0, f"gen-cli-docs.sh: {p.stderr.decode()[:200]}")
    comp = open(os.path.join(d, "completion", "nvsched")).read() if p.returncode == 0 else ""
    man = open(os.path.join(d, "man1", "nvsched.1")).read() if p.returncode == 0 else ""
    for c in cmds:
        m = re.search(r"^\t" + re.escape(c) + r'\) echo "([^"]*)"', comp, re.M)
        words = m.group(1).split() if m else []
        for verb in sections.get(c, []):
            check(verb in words, f"completion of {c} offers verb {verb}: {words}")
            check(re.search(r"^  " + re.escape(verb) + " ", man, re.M) is not None,
                  f"man page lists verb {verb} of {c}")


# --part=P[,P...] runs and checks only some of the commands (make mutate
# runs each part as its own job, so a mutant runs only the parts that
# execute its line): topo (engines, ce, gr), runlist, ctl (the control
# commands), misc (options, errors, the module backend), help (--help,
# man page and completion of every verb)
PARTS = ("topo", "runlist", "ctl", "misc", "help")  # also read by tests/mutate/covermap.py


def main():
    global quiet
    quiet = "-q" in sys.argv
    nv = "build/bin/nvsched"
    gen = "build/bin/nvss-gen"
    for a in sys.argv[1:]:
        if a.startswith("--bin="):
            nv = a[len("--bin="):]
    if "--module-dump" in sys.argv:
        k = sys.argv.index("--module-dump")
        module_dump(sys.argv[k + 1], sys.argv[k + 2])
        print(f"CLI (module dump): {passed} checks passed, {len(failures)} failed")
        for f in failures[:40] if quiet else []:
            print("FAIL:", f)
        return 1 if failures else 0
    parts = set(PARTS)
    for a in sys.argv[1:]:
        if a.startswith("--part="):
            parts = set(a[len("--part="):].split(","))
            if not parts <= set(PARTS):
                sys.exit(f"test_cli.py: unknown part in {a} (parts: {', '.join(PARTS)})")
    # the read commands each part checks, and the ones it runs (runlist also
    # needs engines -j: the runlists a GPU has)
    checked = (["engines", "ce", "gr"] if "topo" in parts else []) + \
        (["runlist"] if "runlist" in parts else [])
    cmds = checked + (["engines"] if "runlist" in parts and "engines" not in checked else [])
    jobs = {}
    for chip in CHIPS:
        snap = f"build/profiles/{chip}.nvss"
        jobs[(chip, "desc")] = [gen, "--describe", chip]
        for c in cmds:
            jobs[(chip, c + "-j")] = [nv, "--snapshot", snap, "-j", c]
        for c in checked:
            jobs[(chip, c)] = [nv, "--snapshot", snap, c]
        if "runlist" in parts:
            jobs[(chip, "runlist-r0")] = [nv, "--snapshot", snap, "runlist", "-r", "0", "-j"]
    ctl_jobs = {}
    descs = {}
    with cf.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as ex:
        for chip, (rc, out, err) in zip(CHIPS, ex.map(run, [[gen, "--describe", c] for c in CHIPS])):
            descs[chip] = out
    for chip in CHIPS if "ctl" in parts else []:
        ctl_jobs[chip] = control_jobs(nv, chip, descs[chip])
        for _, argv, _ in ctl_jobs[chip]:
            jobs[tuple(argv)] = argv
    for c in cmds:
        jobs[("h100", c + "-j")] = [nv, "--snapshot", H100, "-j", c]
    for c in checked:
        jobs[("h100", c)] = [nv, "--snapshot", H100, c]
    with cf.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as ex:
        futs = {k: ex.submit(run, v) for k, v in jobs.items()}
        res = {k: f.result() for k, f in futs.items()}
    # Kepler has neither the PCE map (Pascal+) nor the GM107 GPC/TPC fuses;
    # Maxwell has the fuses but no PCE map (regs-mmu-gr.md, ce.h)
    unsupported = {(c, k) for c, x in UNSUPPORTED for k in (x, x + "-j")}
    for k, (rc, out, err) in res.items():
        if isinstance(k[0], str) and k[0] == nv:
            continue  # control commands: checked by check_control
        if k in unsupported:
            # the generator encodes no CE/GR topology for this chip: nvsched
            # must say so (exit 1, a message) and print nothing on stdout
            eq((rc, out), (1, ""), f"{' '.join(jobs[k])}: unsupported")
            what = "copy-engine" if k[1].startswith("ce") else "GPC/TPC"
            eq(err, f"nvsched {k[1][:2]}: gpu0: cannot read the {what} topology: not available on this "
               "GPU generation\n", f"{k}: message")
            res[k] = (0, "{}" if k[1].endswith("-j") else "", err)
            continue
        eq(rc, 0, f"{' '.join(jobs[k])}: exit status ({err.strip()[:200]})")

    def doc(key):
        try:
            return json.loads(res[key][1])
        except ValueError as e:
            check(False, f"{key}: not JSON: {e}")
            return None

    if "misc" in parts:
        check_cli_misc(nv, descs)
        check_module(nv)
        check_rm(nv)
    if "help" in parts:
        check_verb_help(nv)
    for chip in CHIPS if "ctl" in parts else []:
        check(len(ctl_jobs[chip]) == 8, f"{chip}: control commands planned ({len(ctl_jobs[chip])})")
        check_control(chip, ctl_jobs[chip], res)
    for chip in CHIPS + ["h100"] if cmds else []:
        js, text = {}, {}
        for c in cmds:
            js[c] = doc((chip, c + "-j"))
            text[c + "-j"] = res[(chip, c + "-j")][1]
            if c in checked:
                text[c] = res[(chip, c)][1]
            if js[c] is None:
                break
            if not js[c]:  # unsupported on this chip (checked above)
                js[c] = {"engines": [], "runlists": [], "lces": [], "gpcs": []}
                continue
            if c in checked:
                contract(js[c], f"{chip} {c} -j")
        else:
            if chip == "h100":
                check_h100(js, text, parts)
                continue
            check_profile(chip, res[(chip, "desc")][1], {c: js[c] for c in checked}, text)
            if "topo" in parts:
                check_device_info(chip + " engines text", res[(chip, "desc")][1], text["engines"])
                check_gr_text(chip, res[(chip, "desc")][1], text["gr"])
            if "runlist" in parts:
                one = doc((chip, "runlist-r0"))
                if one is not None:
                    eq([r["id"] for r in one["runlists"]], [0], f"{chip} runlist -r 0 lists runlist 0 only")
                    eq(one["runlists"][0], next(r for r in js["runlist"]["runlists"] if r["id"] == 0),
                       f"{chip} runlist -r 0 equals the runlist 0 of the full listing")
                ids = [r["id"] for r in js["runlist"]["runlists"]]
                eq(ids, sorted(ids), f"{chip} runlist -j sorted by id")
                eq(ids, [r["id"] for r in js["engines"]["runlists"]],
                   f"{chip} runlist -j lists every runlist the GPU has")
    print(f"CLI: {passed} checks passed, {len(failures)} failed")
    if failures and quiet:
        for f in failures[:20]:
            print("FAIL:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
