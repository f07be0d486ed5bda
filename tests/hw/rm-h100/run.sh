#!/usr/bin/env bash
# Read-only RM-backend run on a locked-down GSP machine (the H100 through the
# device tool).  Every nvsched command below only allocates an RM client,
# sends reading controls and READ_32 register ops; nothing writes GPU state.
# Usage: tests/hw/rm-h100/run.sh OUTDIR  (run from the repository root, as root)
set -u
O=${1:?outdir}
mkdir -p "$O"
B=./build/bin/nvsched
export LD_LIBRARY_PATH=$PWD/build/hwlib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
if ! [ -x "$B" ] || ldd "$B" | grep -q 'not found'; then
	echo "== building (carried binary unusable)"; make user -j8 >/dev/null || exit 1
fi
exec > >(tee "$O/log.txt") 2>&1
set -x
date -u
uname -r
cat /proc/driver/nvidia/version
ls -la /dev/nvidia* /dev/nvsched 2>&1
id
cat /sys/kernel/security/lockdown 2>&1
dmesg 2>/dev/null | grep -c NVRM
$B --backend rm list
$B --backend rm info
$B list                                   # automatic fallback: no /dev/nvsched
$B --backend rm engines -j > "$O/engines.json"; echo rc=$?
$B --backend rm engines
$B --backend rm runlist -j > "$O/runlist.json"; echo rc=$?
$B --backend rm runlist
$B --backend rm info --verify | tee "$O/verify.txt"; echo rc=${PIPESTATUS[0]}
$B --backend rm info --verify -j > "$O/verify.json"; echo rc=$?
for c in ce gr; do $B help $c >/dev/null 2>&1 && $B --backend rm $c -j > "$O/$c.json"; done
$B --backend rm snapshot -o "$O/h100_rm.nvss"; echo rc=$?
$B --snapshot "$O/h100_rm.nvss" engines -j > "$O/engines.offline.json"
$B --snapshot "$O/h100_rm.nvss" runlist -j > "$O/runlist.offline.json"
cmp "$O/engines.json" "$O/engines.offline.json" && echo "engines: live == offline"
cmp "$O/runlist.json" "$O/runlist.offline.json" && echo "runlist: live == offline"
# unprivileged view (uid 65534)
chmod -R a+rX . 2>/dev/null; chmod a+x .. 2>/dev/null
setpriv --reuid=65534 --regid=65534 --clear-groups $B --backend rm engines
setpriv --reuid=65534 --regid=65534 --clear-groups $B --backend rm engines -j > "$O/engines.nobody.json"
setpriv --reuid=65534 --regid=65534 --clear-groups $B --backend rm info --verify
setpriv --reuid=65534 --regid=65534 --clear-groups $B --backend rm snapshot -o /tmp/x.nvss; echo rc=$?
dmesg 2>/dev/null | grep NVRM | tail -5
date -u
