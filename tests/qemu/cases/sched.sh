fail() { echo "FAIL $*"; exit 1; }
nvsched --gpu 0 runlist disable 1 || fail "gv100 disable"
nvsched --gpu 0 runlist enable 1 || fail "gv100 enable"
nvsched --gpu 0 runlist disable 1 || fail "gv100 disable again"
nvsched --gpu 1 runlist disable 1 || fail "ga100 disable"
nvsched --gpu 2 runlist disable 1 2> /tmp/e && fail "gh100 (GSP) disable allowed"
grep -q "allow_gsp_runlist_writes" /tmp/e || fail "gh100: $(cat /tmp/e)"
nvsched --gpu 1 runlist disable 77 2> /tmp/e && fail "no such runlist"
grep -q "no runlist 77" /tmp/e || fail "runlist 77: $(cat /tmp/e)"
rmmod nvsched || fail rmmod
# with the override the GSP-owned GPU accepts it
insmod /lib/modules/nvsched.ko test_devices=1af4:1110:2 allow_gsp_runlist_writes=1 || fail insmod
nvsched --gpu 2 runlist disable 1 || fail "gh100 with the override"
rmmod nvsched || fail rmmod
echo "@@ done"
