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
[ "$(rlioctl 0 0 0)" = ok ] || fail "RUNLIST ioctl: $(rlioctl 0 0 0)"
[ "$(rlioctl 0 0 1)" = "Invalid argument" ] || fail "reserved field not checked: $(rlioctl 0 0 1)"
r=$(asuser -r rlioctl 0 0 0)
[ "$r" = "Operation not permitted" ] || fail "RUNLIST ioctl without RAWIO: $r"
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

# restore re-enables only the channel it disabled: same id, same instance
# block (GK104: PCCSR INST); an id now naming another block stays disabled,
# its record kept and shown
C2=$(nvsched runlist -r 0 -j | grep -o '"chid":[0-9]*' | sed -n 2p | cut -d: -f2)
[ -n "$C2" ] || fail "no second channel"
echo "$C2" > /proc/gpu0/disable_channel || fail "disable $C2"
[ "$(stat -c %a /proc/gpu0/disabled_channels)" = 400 ] || fail "disabled_channels mode"
cat /proc/gpu0/disabled_channels
grep -q "^runlist 0 channel $C2 inst 0x[0-9a-f]* vid pending$" /proc/gpu0/disabled_channels ||
	fail "disabled_channels: $(cat /proc/gpu0/disabled_channels)"
bar=$(sed -n 3p "/sys/bus/pci/devices/$(cat /proc/gpu0/pci)/resource" | cut -d' ' -f1)
a=$((bar + 0x800000 + C2 * 8))
v=$(devmem $a 32) || fail "devmem"
devmem $a 32 $((v ^ 1))		# the id now names another instance block
nvsched channel restore > /tmp/o 2>&1
[ "$(state "$C2")" = false ] || fail "restore re-enabled a reused channel id"
grep -q "^runlist 0 channel $C2 inst 0x[0-9a-f]* vid failed -116$" /proc/gpu0/disabled_channels ||
	fail "failed record not kept: $(cat /proc/gpu0/disabled_channels)"
dmesg | grep -q "not re-enabling channel $C2 of runlist 0: the id now names another instance block" ||
	fail "no warning in dmesg"
devmem $a 32 $((v))
echo "@@ stale restored"
nvsched channel restore || fail "second restore"
[ "$(state "$C2")" = true ] || fail "channel $C2 not re-enabled once it is the same again"
[ -s /proc/gpu0/disabled_channels ] && fail "records left: $(cat /proc/gpu0/disabled_channels)"
ok "restore checks the instance block, keeps failed records"
echo "@@ done"
exit 0
