# guest: writes work while the TU104's GSP core is stopped and are refused
# once it runs (the register is set behind the module's back with devmem);
# the GH100 refuses them from the start (see gsp.conf)
fail() { echo "FAIL $*"; exit 1; }
js=$(nvsched --gpu 0 runlist -r 0 -j)
C=$(echo "$js" | grep -o '"chid":[0-9]*' | head -1 | cut -d: -f2)
T=$(echo "$js" | grep -o '"tsgid":[0-9]*' | head -1 | cut -d: -f2)
[ -n "$C" ] && [ -n "$T" ] || fail "gpu0: no channel/TSG"
echo "@@ gpu0 C=$C T=$T"
r=$(wr /proc/gpu0/resubmit_runlist 0)
[ "$r" = ok ] || fail "resubmit with GSP stopped: $r"
r=$(wr /proc/gpu0/disable_channel "$C")
[ "$r" = ok ] || fail "disable with GSP stopped: $r"
bar=$(sed -n 3p "/sys/bus/pci/devices/$(cat /proc/gpu0/pci)/resource" | cut -d' ' -f1)
devmem $((bar + 0x111388)) 32 0x80 || fail devmem	# CPUCTL.ACTIVE_STAT = 1
echo "@@ gsp running"
# refused: every operation, through /proc, the CLI and the priority ioctls
refused() { # gpu runlist channel tsg: every write refused with EPERM
	for op in "disable_channel $2:$3" "enable_channel $2:$3" "preempt_tsg $2:$4" \
		  "preempt_runlist $2" "resubmit_runlist $2"; do
		# shellcheck disable=SC2086  # $op: a file name and its argument
		set -- "$1" "$2" "$3" "$4" $op
		r=$(wr "/proc/gpu$1/$5" "$6")
		case $r in *"not permitted"*) ;; *) fail "gpu$1 $5 $6 under GSP: $r" ;; esac
	done
	nvsched --gpu "$1" tsg preempt -r "$2" "$4" 2> /tmp/e && fail "gpu$1: CLI preempt under GSP"
	grep -q "allow_gsp_runlist_writes=1" /tmp/e || fail "gpu$1 CLI: $(cat /tmp/e)"
	nvsched --gpu "$1" prio run --prio 10 --tsg "$2:$4" -- true 2> /tmp/e &&
		fail "gpu$1: priority scheduling under GSP"
	grep -q "not permitted.*allow_gsp_runlist_writes=1" /tmp/e || fail "gpu$1 prio: $(cat /tmp/e)"
}
refused 0 0 "$C" "$T"
dmesg | grep -q "refusing to preempt TSG on runlist 0: GSP firmware owns the runlists; load nvsched with allow_gsp_runlist_writes=1" ||
	fail "no reason in dmesg"
dmesg | grep -q "refusing to schedule TSGs by priority" || fail "no prio reason in dmesg"
# undoing what nvsched disabled is not refused
nvsched --gpu 0 channel restore || fail "restore under GSP"
nvsched --gpu 0 runlist -r 0 -j | tr '{' '\n' | grep "\"chid\":$C," | grep -q '"enabled":true' ||
	fail "channel $C not re-enabled by restore"
# GH100: GSP-owned by generation (runlist 1 holds its TSGs)
js=$(nvsched --gpu 1 runlist -r 1 -j)
C1=$(echo "$js" | grep -o '"chid":[0-9]*' | head -1 | cut -d: -f2)
T1=$(echo "$js" | grep -o '"tsgid":[0-9]*' | head -1 | cut -d: -f2)
[ -n "$C1" ] && [ -n "$T1" ] || fail "gpu1: no channel/TSG"
refused 1 1 "$C1" "$T1"
rmmod nvsched || fail rmmod
echo "@@ done"
exit 0
