# guest: exercise the module's interfaces; every check prints "ok ..." or
# "FAIL ..." and the case fails on the first FAIL.
fail() { echo "FAIL $*"; exit 1; }
ok() { echo "ok $*"; }

# ioctls, through the CLI (VERSION, GPU_INFO, TOPOLOGY)
nvsched list -j > /tmp/list.json 2>&1 || fail "nvsched list: $(cat /tmp/list.json)"
cat /tmp/list.json
for c in GH100 GK104 GA10B; do
	grep -q "\"chip\":\"$c\"" /tmp/list.json || fail "list -j lacks $c"
done
ok "list -j shows the 3 GPUs"
nvsched --gpu 1 info -j > /tmp/info.json || fail "info --gpu 1"
grep -q '"chip_id":"0xe4"' /tmp/info.json || fail "info --gpu 1 is not GK104: $(cat /tmp/info.json)"
nvsched --gpu 0 engines -j > /tmp/eng.json || fail "engines"
grep -q '"runlists":\[{"id":0,"pri_base":"0xc00000","engines":\[0,16,17\]}' /tmp/eng.json ||
	fail "GH100 runlist 0 is not GR0+LCE0+LCE1: $(head -c 400 /tmp/eng.json)"
ok "ioctls through the CLI"
bdf=$(cat /proc/gpu2/pci)
nvsched --gpu "$bdf" info | grep -q GA10B || fail "--gpu $bdf"
ok "--gpu BDF"

# modes (CONTRACTS §6)
[ "$(stat -c %a /proc/gpu0/chip)" = 444 ] || fail "chip mode $(stat -c %a /proc/gpu0/chip)"
[ "$(stat -c %a /proc/gpu0/device_info)" = 444 ] || fail "device_info mode"
[ "$(stat -c %a /proc/gpu0/runlist0)" = 440 ] || fail "runlist0 mode $(stat -c %a /proc/gpu0/runlist0)"
[ "$(stat -c %a /dev/nvsched)" = 600 ] || fail "/dev/nvsched mode $(stat -c %a /dev/nvsched)"
asuser 65534 cat /proc/gpu0/chip > /tmp/u.txt 2>&1 || fail "user cannot read chip"
grep -q "^GH100 0x180 hopper$" /tmp/u.txt || fail "chip as user: $(cat /tmp/u.txt)"
if asuser 65534 cat /proc/gpu0/runlist0 > /tmp/u.txt 2>&1; then fail "user read runlist0"; fi
grep -q "Permission denied" /tmp/u.txt || fail "runlist0 as user: $(cat /tmp/u.txt)"
if asuser 65534 nvsched list > /tmp/u.txt 2>&1; then fail "user opened /dev/nvsched"; fi
grep -q "permission denied on /dev/nvsched" /tmp/u.txt || fail "user list: $(cat /tmp/u.txt)"
ok "modes and unprivileged access"

# concurrent readers of one runlist file see whole, identical snapshots
cat /proc/gpu1/runlist0 > /tmp/ref.txt
for n in 1 2 3 4 5 6; do cat /proc/gpu1/runlist0 > /tmp/c$n.txt & done
wait
for n in 1 2 3 4 5 6; do cmp -s /tmp/ref.txt /tmp/c$n.txt || fail "concurrent reader $n differs"; done
ok "concurrent readers"

# hot-unplug of gpu2: its files stay and fail with ENODEV, others still work
echo 1 > /sys/bus/pci/devices/$bdf/remove
if cat /proc/gpu2/chip > /tmp/r.txt 2>&1; then fail "removed GPU still answers: $(cat /tmp/r.txt)"; fi
grep -q "No such device" /tmp/r.txt || fail "removed GPU: $(cat /tmp/r.txt)"
nvsched --gpu 2 info > /tmp/r.txt 2>&1
grep -q "state    gone" /tmp/r.txt || fail "info of a removed GPU: $(cat /tmp/r.txt)"
grep -q GH100 /proc/gpu0/chip || fail "gpu0 after gpu2 removal"
ok "device removal"

# unload removes everything
rmmod nvsched || fail "rmmod"
[ -e /proc/gpu0 ] && fail "/proc/gpu0 after rmmod"
[ -e /dev/nvsched ] && fail "/dev/nvsched after rmmod"
nvsched list > /tmp/r.txt 2>&1 && fail "list without the module"
grep -q "module not loaded: run sudo modprobe nvsched" /tmp/r.txt || fail "no-module message: $(cat /tmp/r.txt)"
ok "unload"
exit 0
