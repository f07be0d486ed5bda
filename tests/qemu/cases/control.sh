# guest: control operations on every GPU (see control.conf)
fail() { echo "FAIL $*"; exit 1; }
# write $2 to /proc/gpu$1/$3 and require errno text $4 (or "ok")
try() {
	r=$(wr /proc/gpu$1/$3 "$2")
	case $r in *"$4"*) ;; *) fail "gpu$1 $3 '$2': got '$r', want '$4'" ;; esac
}
state() { # gpu chid -> true/false/none: the channel's "enabled" in runlist 0
	nvsched --gpu "$1" runlist -r 0 -j | tr '{' '\n' | grep "\"chid\":$2," |
		sed -n 's/.*"enabled":\([a-z]*\).*/\1/p' | head -1
}
i=0
while [ $i -lt "$NGPU" ]; do
	js=$(nvsched --gpu $i runlist -r 0 -j)
	C=$(echo "$js" | grep -o '"chid":[0-9]*' | head -1 | cut -d: -f2)
	T=$(echo "$js" | grep -o '"tsgid":[0-9]*' | head -1 | cut -d: -f2)
	chip=$(cut -d' ' -f1 /proc/gpu$i/chip)
	[ -n "$C" ] && [ -n "$T" ] || fail "gpu$i: no channel/TSG in runlist 0"
	echo "@@ gpu$i chip=$chip C=$C T=$T"
	# bad input first: nothing may be written (checked on the host)
	try $i "abc" disable_channel "Invalid argument"
	try $i "-1" disable_channel "Invalid argument"
	try $i "1 2" disable_channel "Invalid argument"
	try $i "0x" disable_channel "Invalid argument"
	try $i "99999999999" disable_channel "out of range"
	try $i "0:99999999999" enable_channel "out of range"
	try $i "$(printf '%040d' 1)" disable_channel "Invalid argument"
	try $i "0:1:2" disable_channel "Invalid argument"
	try $i "4096" disable_channel "out of range"
	try $i "65535" preempt_tsg "out of range"
	try $i "1:5" preempt_runlist "Invalid argument"
	try $i "77" preempt_runlist "No such file"
	c2=0; while echo "$js" | grep -q "\"chid\":$c2,"; do c2=$((c2 + 1)); done
	try $i "$c2" disable_channel "No such file"
	# permissions
	asuser 65534 sh -c "echo $C > /proc/gpu$i/disable_channel" 2> /tmp/e && fail "user wrote"
	grep -q "Permission denied" /tmp/e || fail "user write: $(cat /tmp/e)"
	asuser -n sh -c "echo $C > /proc/gpu$i/disable_channel" 2> /tmp/e && fail "root without CAP_SYS_ADMIN wrote"
	grep -q "Operation not permitted" /tmp/e || fail "no CAP_SYS_ADMIN: $(cat /tmp/e)"
	# good operations, in the order control.check expects
	[ "$(state $i $C)" = true ] || echo "note: gpu$i channel $C starts disabled"
	try $i "$C" disable_channel ok
	[ "$(state $i $C)" = false ] || fail "gpu$i: channel $C still enabled after disable"
	try $i "0:$C
" enable_channel ok
	[ "$(state $i $C)" = true ] || fail "gpu$i: channel $C not enabled after enable"
	try $i "0x$(printf '%x' $T)" preempt_tsg ok
	case $chip in
	GK104) try $i "0" preempt_runlist "not supported" ;;
	*) try $i "0" preempt_runlist ok ;;
	esac
	try $i "0" resubmit_runlist ok
	nvsched --gpu $i channel disable --dry-run -j "$C" | grep -q '"dry_run":true' || fail "dry run"
	try $i "$C" disable_channel ok	# left disabled: rmmod must re-enable it
	i=$((i + 1))
done
# unprivileged control ioctl: EPERM even when the device node is open to all
chmod 666 /dev/nvsched
asuser 65534 nvsched channel disable 1 2> /tmp/e && fail "user ioctl"
grep -q "not permitted" /tmp/e || fail "user ioctl: $(cat /tmp/e)"
chmod 660 /dev/nvsched
dmesg | grep -q "disable channel .* by uid 0 pid" || fail "no audit line in dmesg"
rmmod nvsched || fail rmmod
dmesg | grep -q "restore: enable channel" || fail "no restore on unload"
echo "@@ done"
exit 0
