# guest: the capture protocol with the responder as the owning driver (prio_capture.conf)
fail() { echo "FAIL $*"; exit 1; }
# "TSG ENABLED" for every channel of runlist $2 of GPU $1
chans() {
	nvsched --gpu "$1" runlist -r "$2" -j | tr '{' '\n' | while read -r l; do
		case $l in
		*'"tsgid":'*) t=${l#*\"tsgid\":}; t=${t%%,*} ;;
		*'"chid":'*) e=${l#*\"enabled\":}; echo "$t ${e%%,*}" ;;
		esac
	done
}
tsgs() { chans "$1" "$2" | cut -d' ' -f1 | uniq | tr '\n' ' '; }
# expect GPU $1 runlist $2: channels of the TSGs in "$3" as in /tmp/init,
# all others off (polls up to 10 s)
expect() {
	n=0
	while :; do
		ok=1
		chans "$1" "$2" > /tmp/ch
		[ "$(cut -d' ' -f1 /tmp/ch)" = "$(cut -d' ' -f1 /tmp/init)" ] || ok=0
		paste -d' ' /tmp/ch /tmp/init > /tmp/both
		while read -r t e _ e0; do
			want=false
			for a in $3; do [ "$t" = "$a" ] && want=$e0; done
			[ "$e" = "$want" ] || ok=0
		done < /tmp/both
		[ $ok = 1 ] && [ -s /tmp/ch ] && return 0
		n=$((n + 1))
		[ $n -ge 50 ] && { cat /tmp/ch; fail "gpu$1 runlist $2: want only TSGs '$3' enabled"; }
		sleep 0.2
	done
}
# wait until `prio status -j` of GPU $1 contains $2 (10 s)
status_has() {
	n=0
	until nvsched --gpu "$1" prio status -j | grep -q -- "$2"; do
		n=$((n + 1))
		[ $n -ge 50 ] && fail "gpu$1 status: want '$2': $(nvsched --gpu "$1" prio status -j)"
		sleep 0.2
	done
}
# PCI address of simulated GPU $1 (ivshmem 1af4:1110 devices in order)
bdf() {
	k=0
	for d in /sys/bus/pci/devices/*; do
		[ "$(cat "$d/vendor")" = 0x1af4 ] && [ "$(cat "$d/device")" = 0x1110 ] || continue
		[ $k = "$1" ] && { basename "$d"; return; }
		k=$((k + 1))
	done
}
# the tracepoints (trace-cmd/perf read the same events)
T=/sys/kernel/tracing
[ -d $T/events ] || mount -t tracefs nodev $T || fail "no tracefs"
[ -d $T/events/nvsched ] || fail "no nvsched trace events: $(ls $T/events | head)"
echo 1 > $T/events/nvsched/enable || fail "cannot enable the nvsched events"
# trace_has PATTERN: an nvsched event line matches the extended regex
trace_has() {
	grep -qE "$1" $T/trace || { grep nvsched $T/trace | tail -20; fail "trace: want '$1'"; }
}
for i in 0 1; do
	echo > $T/trace
	B=$(bdf $i)
	[ -n "$B" ] || fail "gpu$i: no PCI address"
	ALL=$(tsgs $i 0)
	echo "@@ gpu$i ($B) runlist 0 TSGs before: $ALL"
	case " $ALL " in *" 2047 "*) fail "gpu$i: TSG 2047 is there before the driver created it" ;; esac
	nvsched --gpu $i prio status -j | grep -q '"backend":"module"' || fail "status backend"
	# a process captures; 2 s into it, it creates its context (the driver
	# creates TSG 2047 and resubmits); meanwhile a second capture is refused
	nvsched --gpu $i prio run --prio 10 --settle-ms 300 -- \
		sh -c "sleep 2; drvreq $B 0 > /tmp/created; exec sleep 1000" &
	P1=$!
	status_has $i '"capturing":true'
	nvsched --gpu $i prio run --prio 20 --capture-ms 0 -- true 2> /tmp/e && fail "two captures at once"
	grep -q "busy" /tmp/e || fail "second capture: $(cat /tmp/e)"
	status_has $i '"prio":10,"in_segment":true,"running":true,"tsgs":1'
	[ "$(cat /tmp/created)" = 2047 ] || fail "driver did not create TSG 2047: $(cat /tmp/created)"
	NOW=$(tsgs $i 0)
	case " $NOW " in *" 2047 "*) ;; *) fail "gpu$i: TSG 2047 not on runlist 0: $NOW" ;; esac
	# the driver's runlist with every channel as it left them, then only
	# the captured TSG runs
	nvsched --gpu $i prio status -j | grep -q '"capturing":false,"captures":1,' ||
		fail "capture counters: $(nvsched --gpu $i prio status -j)"
	# every step traced: begin, the refused second capture (EBUSY), the end
	# that gave one TSG, the decision that let only it run (channels held)
	trace_has "nvsched_prio_capture: gpu=$i pid=[0-9]+ slot=0 op=begin ntsgs=0 ret=0"
	trace_has "nvsched_prio_capture: gpu=$i pid=[0-9]+ slot=1 op=begin ntsgs=0 ret=-16"
	trace_has "nvsched_prio_capture: gpu=$i pid=[0-9]+ slot=0 op=end ntsgs=1 ret=0"
	trace_has "nvsched_prio_decision: gpu=$i pid=[0-9]+ slot=0 prio=-1 event=capture running=-1 added=0 removed=0 held=0 apply_ns=[0-9]+ err=0"
	trace_has "nvsched_prio_decision: gpu=$i pid=[0-9]+ slot=0 prio=10 event=begin running=0 added=0 removed=0 held=[1-9][0-9]* apply_ns=[1-9][0-9]* err=0"
	grep -E 'nvsched_prio_(capture|decision):' $T/trace | grep -v op=peek | sed 's/^ *[^ ]* *\[[0-9]*\] [^ ]* *[0-9.]*: /@@ trace /' | head -8
	kill -9 $P1
	wait $P1 2> /dev/null
	# the child (sleep) still holds the task; it dies too
	sleep 0.5
	for p in $(pidof sleep); do kill -9 "$p"; done
	status_has $i '"tasks":\[\]'
	trace_has "nvsched_prio_decision: gpu=$i pid=0 slot=0 prio=-1 event=exit running=-1 added=0 removed=0 held=0 apply_ns=[0-9]+ err=0"
	chans $i 0 > /tmp/init
	grep -q true /tmp/init || fail "gpu$i: no channel enabled"
	echo "@@ gpu$i after: $(cat /tmp/init | tr '\n' ' ')"
	# again, now that TSG 2047 exists: its owner-to-be runs alone.  Its
	# capture cannot take it (it was there when the capture began): the
	# daemon path names it instead (CAP_SYS_ADMIN), and a capture that sees
	# nothing new leaves the command unmanaged
	nvsched --gpu $i prio run --prio 5 --capture-ms 500 -- sleep 1 2> /tmp/e ||
		fail "capture with no new TSG: $(cat /tmp/e)"
	grep -q "no TSG appeared" /tmp/e || fail "no TSG message: $(cat /tmp/e)"
	nvsched --gpu $i prio run --prio 10 --tsg 0:2047 -- sleep 1000 &
	P2=$!
	expect $i 0 2047
	# a process killed during its capture: both the CLI and its command
	# die, the capture ends and the next one begins at once
	rm -f /tmp/p3
	nvsched --gpu $i prio run --prio 30 -- sh -c 'echo $$ > /tmp/p3; exec sleep 1001' &
	P3=$!
	status_has $i '"capturing":true'
	n=0
	until [ -s /tmp/p3 ]; do	# the command runs (it holds the task too)
		n=$((n + 1)); [ $n -ge 50 ] && fail "capturing command did not start"; sleep 0.2
	done
	kill -9 $P3 "$(cat /tmp/p3)"
	status_has $i '"capturing":false'
	nvsched --gpu $i prio run --prio 30 --capture-ms 300 -- true 2> /tmp/e ||
		fail "capture after a killed one: $(cat /tmp/e)"
	# epsilon: every applied decision measured
	st=$(nvsched --gpu $i prio status -j)
	echo "@@ gpu$i status: $st"
	echo "$st" | grep -q '"epsilon_ns":{"samples":[1-9]' || fail "epsilon: $st"
	nvsched --gpu $i prio status | grep -q "^epsilon (decision to applied" || fail "epsilon text"
	kill -9 $P2
	wait $P2 2> /dev/null
	expect $i 0 "$(tsgs $i 0)"
done
# the library (docs/examples/prio-daemon.c): errnos of the capture protocol,
# and a capture held past 30 s is abandoned for the next one
mkfifo /tmp/din
prio-daemon 0 < /tmp/din > /tmp/dout 2>&1 &
D=$!
exec 3> /tmp/din
nd=0
# say CMD WANT: send CMD, require the answer to contain WANT
say() {
	echo "$1" >&3
	nd=$((nd + 1))
	k=0
	while [ "$(grep -c . /tmp/dout)" -lt $nd ]; do
		k=$((k + 1)); [ $k -ge 100 ] && fail "daemon: no answer to '$1'"; sleep 0.1
	done
	r=$(sed -n "${nd}p" /tmp/dout)
	case $r in *"$2"*) ;; *) fail "daemon '$1': got '$r', want '$2'" ;; esac
}
say "task x" ok
say "task y" ok
say "capture x end" "Invalid argument"		# end without begin
say "capture x peek" "Invalid argument"
say "capture x begin" ok
say "capture x peek" "ok 0"
say "capture y begin" "busy"			# one capture at a time
say "capture y end" "Invalid argument"		# y has none
say "begin x 10" "No such file"			# no TSG yet: begin refused
say "capture x end" "ok 0"
say "begin x 10" "No such file"			# the capture gave none
say "capture y begin" ok
say "drop y" ok					# closing ends the capture
say "capture x begin" ok
sleep 31
say "task z" ok
say "capture z begin" ok			# x's was held too long: abandoned
say "capture x end" "timed out"
say "capture z end" "ok 0"
st=$(nvsched --gpu 0 prio status -j)
echo "$st" | grep -q '"captures_abandoned":1' || fail "abandoned: $st"
echo quit >&3
exec 3>&-
wait $D
echo "@@ done"
