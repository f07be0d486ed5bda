fail() { echo "FAIL $*"; exit 1; }
# 0: 65535 entries of nothing: an error line, quickly (runlists longer than
# 8192 entries are not read at all: docs/security.md, issue 19)
cat /proc/gpu0/runlist0 > /tmp/o 2>&1
grep -q "^error: runlist longer than nvsched reads" /tmp/o || fail "long: $(head -3 /tmp/o)"
# 1: window register is a PRI error: nothing is decoded through it
cat /proc/gpu1/runlist0 > /tmp/o 2>&1
grep -q "^error: runlist memory unreadable" /tmp/o || fail "window: $(head -3 /tmp/o)"
grep -q "GH100" /proc/gpu1/chip || fail "window: chip"
# 2: TSG length past the end is reported inline
cat /proc/gpu2/runlist0 > /tmp/o 2>&1 || fail "overrun read failed"
nvsched --gpu 2 runlist -r 0 -j > /tmp/j || fail "overrun ioctl"
grep -q '"error":null' /tmp/j && grep -q '"code":"' /tmp/j || fail "overrun: no inline error: $(head -c 300 /tmp/j)"
# 3: base in unbacked memory
cat /proc/gpu3/runlist0 > /tmp/o 2>&1
grep -q "^error:" /tmp/o || fail "unbacked: $(head -3 /tmp/o)"
# 4: CHRAM base unreadable: the runlist cannot be located
cat /proc/gpu4/runlist0 > /tmp/o 2>&1 && fail "chram: read succeeded: $(head -3 /tmp/o)"
grep -q "Input/output error" /tmp/o || fail "chram: $(cat /tmp/o)"
wr /proc/gpu4/disable_channel 3 | grep -q "Input/output error" || fail "chram: control did not fail with EIO"
# 5: system memory that is not RAM: an error, no access
cat /proc/gpu5/runlist0 > /tmp/o 2>&1
grep -q "(sys_coh)" /tmp/o && grep -q "^error: runlist memory unreadable" /tmp/o || fail "sysmem: $(head -3 /tmp/o)"
# every other file of every GPU can still be read or fails cleanly
for f in /proc/gpu*/*; do
	case $f in *_channel|*_tsg|*_runlist) continue ;; esac
	cat "$f" > /dev/null 2>&1
done
echo "@@ done"
