# guest: privilege checks and restore --dry-run (see security.conf)
fail() { echo "FAIL $*"; exit 1; }
ok() { echo "ok $*"; }
state() { # chid -> true/false: the channel's "enabled" in runlist 0
	nvsched runlist -r 0 -j | tr '{' '\n' | grep "\"chid\":$1," |
		sed -n 's/.*"enabled":\([a-z]*\).*/\1/p' | head -1
}
[ "$(stat -c %a /dev/nvsched)" = 600 ] || fail "/dev/nvsched mode $(stat -c %a /dev/nvsched)"
cat /proc/gpu0/runlist0 > /tmp/r.txt || fail "root cannot read runlist0"
grep -q "^Runlist 0" /tmp/r.txt || fail "runlist0: $(head -3 /tmp/r.txt)"
C=$(nvsched runlist -r 0 -j | grep -o '"chid":[0-9]*' | head -1 | cut -d: -f2)
[ -n "$C" ] || fail "no channel in runlist 0"
[ "$(state "$C")" = true ] || fail "channel $C starts disabled"
ok "root reads"

# without CAP_SYS_RAWIO nothing that moves the window or writes control
asuser -r cat /proc/gpu0/runlist0 > /tmp/o 2> /tmp/e && fail "runlist0 read without CAP_SYS_RAWIO"
grep -q "Operation not permitted" /tmp/e || fail "runlist0 without RAWIO: $(cat /tmp/e)"
if asuser -r nvsched runlist -r 0 > /tmp/o 2> /tmp/e; then fail "CLI runlist exited 0 on EPERM"; fi
grep -q "needs CAP_SYS_RAWIO" /tmp/e || fail "CLI runlist EPERM text: $(cat /tmp/e)"
asuser -r sh -c "echo $C > /proc/gpu0/disable_channel" 2> /tmp/e && fail "control write without RAWIO"
grep -q "Operation not permitted" /tmp/e || fail "control without RAWIO: $(cat /tmp/e)"
if asuser -r nvsched channel disable "$C" 2> /tmp/e; then fail "ioctl control without RAWIO"; fi
grep -q "not permitted" /tmp/e || fail "ioctl control without RAWIO: $(cat /tmp/e)"
[ "$(state "$C")" = true ] || fail "channel $C disabled by an unprivileged caller"
echo "@@ unprivileged done"
ok "CAP_SYS_RAWIO required"

# restore --dry-run must not re-enable anything
echo "$C" > /proc/gpu0/disable_channel || fail "disable $C"
[ "$(state "$C")" = false ] || fail "channel $C still enabled"
echo "@@ dry-run start"
if nvsched channel restore --dry-run > /tmp/o 2>&1; then fail "restore --dry-run exited 0: $(cat /tmp/o)"; fi
[ "$(state "$C")" = false ] || fail "restore --dry-run re-enabled channel $C"
echo "@@ dry-run end"
nvsched channel restore || fail "restore"
[ "$(state "$C")" = true ] || fail "restore did not re-enable $C"
ok "restore --dry-run writes nothing"
echo "@@ done"
exit 0
