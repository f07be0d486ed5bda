# guest: read a runlist while the "driver" moves the window (window_race.conf)
fail() { echo "FAIL $*"; exit 1; }
cat /proc/gpu0/runlist0 > /tmp/r.txt 2>&1
cat /tmp/r.txt
grep -q "moved the PRAMIN window meanwhile" /tmp/r.txt || fail "no EBUSY: $(head -3 /tmp/r.txt)"
echo "@@ done"
exit 0
