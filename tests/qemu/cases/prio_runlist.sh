# guest: the runlist mechanism follows real processes (prio_runlist.conf);
# "@@ want gpuI SET" lines say which TSGs the next submitted runlist must
# hold (the host check compares them with what the responders recorded)
fail() { echo "FAIL $*"; exit 1; }
tsgs() { nvsched --gpu "$1" runlist -r "$2" -j | grep -o '"tsgid":[0-9]*' | cut -d: -f2 | sort -un | tr '\n' ' '; }
set_of() { printf '%s\n' "$@" | sort -n | tr '\n' ',' | sed 's/,$//'; }
st() { nvsched --gpu "$1" prio status -j; }
# waitst GPU TASKS INSEG: until the module has TASKS tasks, INSEG in a segment
waitst() {
	n=0
	while :; do
		s=$(st "$1")
		t=$(echo "$s" | grep -o '"slot"' | wc -l)
		g=$(echo "$s" | grep -o '"in_segment":true' | wc -l)
		[ "$t" = "$2" ] && [ "$g" = "$3" ] && return 0
		n=$((n + 1))
		[ $n -ge 100 ] && fail "gpu$1: want $2 tasks, $3 in a segment: $s"
		sleep 0.1
	done
}
want() { echo "@@ want gpu$1 $2"; }
has() { st "$1" | grep -q "$2" || fail "gpu$1 status lacks $2: $(st "$1")"; }
i=0
for R in 0 0 1; do	# gv100 and ga100: runlist 0; gh100: runlist 1
	ALL=$(tsgs $i $R)
	set -- $ALL
	A=$1 B=$2 C=$3
	[ -n "$C" ] || fail "gpu$i runlist $R: need three TSGs, got '$ALL'"
	echo "@@ gpu$i runlist $R TSGs: $ALL"
	eval "ALL$i=\$ALL RL$i=$R"
	has $i '"mechanism":"none"'
	nvsched --gpu $i prio run --best-effort --tsg $R:$C -- sleep 1000 &
	PB=$!
	waitst $i 1 1
	has $i '"mechanism":"runlist"'
	has $i '"submits":0,'
	nvsched --gpu $i prio run --prio 10 --tsg $R:$A -- sleep 1000 &
	P1=$!
	waitst $i 2 2
	want $i "$(set_of $A)"
	# the driver's runlist corrupt in GPU memory (untrusted): the decision
	# fails with EIO and nothing is submitted; repaired, the next one works
	sub=$(st $i | grep -o '"submits":[0-9]*')
	[ "$(simcmd $i corrupt)" -ge 1 ] || fail "gpu$i: the model did not corrupt"
	nvsched --gpu $i prio set keep $R:$C 2> /tmp/e && fail "gpu$i: decision on a corrupt runlist"
	grep -q "Input/output error" /tmp/e || fail "gpu$i corrupt: $(cat /tmp/e)"
	[ "$(st $i | grep -o '"submits":[0-9]*')" = "$sub" ] || fail "gpu$i: submitted from a corrupt runlist"
	[ "$(simcmd $i repair)" -ge 1 ] || fail "gpu$i: the model did not repair"
	nvsched --gpu $i prio set unkeep $R:$C || fail "gpu$i: unkeep after repair"
	[ "$(st $i | grep -o '"submits":[0-9]*')" != "$sub" ] || fail "gpu$i: nothing submitted after repair"
	want $i "$(set_of $A)"
	nvsched --gpu $i prio run --prio 20 --tsg $R:$B -- sleep 1000 &
	P2=$!
	waitst $i 3 3
	want $i "$(set_of $B)"
	kill -9 $P2
	waitst $i 2 2
	want $i "$(set_of $A)"
	nvsched --gpu $i prio run --prio 30 --tsg $R:$B -- sleep 1000 &
	P3=$!
	waitst $i 3 3
	want $i "$(set_of $B)"
	# the owning driver submits its own runlist over ours: with no decision
	# in between the module finds out (it looks every 10 ms), counts it and
	# submits a copy filtered from the driver's new list
	has $i '"resubmits":0,'
	dec=$(st $i | grep -o '"decisions":[0-9]*')
	[ "$(simcmd $i resubmit)" -ge 1 ] || fail "gpu$i: the model did not resubmit"
	want $i D
	n=0
	until st $i | grep -q '"resubmits":1,'; do
		n=$((n + 1)); [ $n -ge 50 ] && fail "gpu$i: driver resubmit not detected: $(st $i)"
		sleep 0.1
	done
	want $i "$(set_of $B)"
	[ "$(st $i | grep -o '"decisions":[0-9]*')" = "$dec" ] || fail "gpu$i: a decision happened meanwhile"
	nvsched --gpu $i prio set keep $R:$C || fail "keep"
	want $i "$(set_of $B $C)"
	nvsched --gpu $i prio set unkeep $R:$C || fail "unkeep"
	want $i "$(set_of $B)"
	# the mechanism per GPU: CAP_SYS_ADMIN only; gate gives the driver's
	# runlist back and disables the held-back channels instead; back
	asuser -n nvsched --gpu $i prio set mechanism gate 2> /tmp/e && fail "mechanism without CAP_SYS_ADMIN"
	grep -q "not permitted" /tmp/e || fail "mechanism EPERM: $(cat /tmp/e)"
	nvsched --gpu $i prio set mechanism fifo 2> /dev/null && fail "mechanism fifo accepted"
	nvsched --gpu $i prio set mechanism gate || fail "mechanism gate"
	want $i "$(set_of $ALL)"
	has $i '"mechanism":"gate"'
	st $i | grep -q '"disabled_channels":0,' && fail "gate disabled nothing: $(st $i)"
	nvsched --gpu $i prio set mechanism runlist || fail "mechanism runlist"
	want $i "$(set_of $B)"
	has $i '"mechanism":"runlist"'
	has $i '"disabled_channels":0,'
	# malformed mechanism/status requests: EINVAL, nothing changes
	prioioc $i > /tmp/e || { cat /tmp/e; fail "gpu$i: malformed prio requests"; }
	[ "$(grep -c ' ok$' /tmp/e)" = 10 ] || fail "gpu$i: prioioc: $(cat /tmp/e)"
	# kill -9 of the running task: the next one runs; the last real-time
	# task's end restores the driver's runlist
	kill -9 $P3
	waitst $i 2 2
	want $i "$(set_of $A)"
	kill $P1
	waitst $i 1 1
	want $i "$(set_of $ALL)"
	[ "$(tsgs $i $R)" = "$ALL" ] || fail "gpu$i: driver's runlist not back: $(tsgs $i $R)"
	kill -9 $PB
	waitst $i 0 0
	i=$((i + 1))
done
wait 2> /dev/null
# explicit begin/end (the example daemon, libnvsched: one task per handle,
# all in one process) and closing a handle mid-segment, on the GV100
set -- $ALL0
A=$1 B=$2
mkfifo /tmp/din
prio-daemon 0 < /tmp/din > /tmp/dout 2>&1 &
D=$!
exec 3> /tmp/din
nd=0
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
say "task a 0:$A" ok
say "task b 0:$B" ok
say "begin a 10" ok
want 0 "$(set_of $A)"
say "begin b 20" ok
want 0 "$(set_of $B)"
say "end b" ok
want 0 "$(set_of $A)"
say "end a" ok
want 0 "$(set_of $ALL0)"
say "begin b 30" ok
want 0 "$(set_of $B)"
say "begin a 40" ok
want 0 "$(set_of $A)"
say "drop a" ok				# closing the handle mid-segment
want 0 "$(set_of $B)"
say "drop b" ok
want 0 "$(set_of $ALL0)"
echo quit >&3
exec 3>&-
wait $D
# decision latency (begin: copy + submit + preempts; end: the driver's
# runlist again) against a null ioctl, 20 of each per GPU; every begin and
# end is a submit the host check expects
for i in 0 1 2; do
	eval "ALL=\$ALL$i R=\$RL$i"
	set -- $ALL
	priolat $i $R $1 20 > /tmp/lat || fail "gpu$i: priolat"
	echo "@@ lat gpu$i (us: min median max): $(tr '\n' ';' < /tmp/lat)"
	for k in $(seq 20); do
		want $i "$(set_of $1)"
		want $i "$(set_of $ALL)"
	done
done
rmmod nvsched || fail rmmod
# without allow_gsp_runlist_writes the Hopper GPU (GSP firmware) refuses
# priority scheduling (no channel or runlist write under GSP: docs/security.md
# item 2) and the runlist mechanism, and writes nothing; the Volta GPU
# keeps runlist
insmod /lib/modules/nvsched.ko test_devices=1af4:1110:2 test_runlist_vid=0x40000000 || fail insmod
set -- $(tsgs 2 1)
nvsched --gpu 2 prio run --prio 10 --tsg 1:$1 -- sleep 1000 2> /tmp/e && fail "prio run under GSP"
grep -q "Operation not permitted" /tmp/e || fail "GSP refusal of a TSG: $(cat /tmp/e)"
nvsched --gpu 2 prio set mechanism runlist 2> /tmp/e && fail "runlist under GSP"
grep -q "not supported" /tmp/e || fail "GSP refusal: $(cat /tmp/e)"
has 2 '"writes":0,'
has 2 '"tasks":\[\]'
set -- $(tsgs 0 0)
nvsched --gpu 0 prio run --prio 10 --tsg 0:$1 -- sleep 1000 &
P=$!
waitst 0 1 1
has 0 '"mechanism":"runlist"'
want 0 "$(set_of $1)"
kill -9 $P
waitst 0 0 0
want 0 "$(set_of $ALL0)"
wait 2> /dev/null
rmmod nvsched || fail rmmod
# prio_mechanism: gate makes every GPU use gate; anything else refuses the load
insmod /lib/modules/nvsched.ko test_devices=1af4:1110:2 test_runlist_vid=0x40000000 \
	prio_mechanism=fifo 2> /dev/null && fail "prio_mechanism=fifo loaded"
insmod /lib/modules/nvsched.ko test_devices=1af4:1110:2 test_runlist_vid=0x40000000 \
	prio_mechanism=gate || fail "insmod prio_mechanism=gate"
set -- $ALL0
nvsched --gpu 0 prio run --prio 10 --tsg 0:$1 -- sleep 1000 &
P=$!
waitst 0 1 1
has 0 '"mechanism":"gate"'
has 0 '"submits":0,'
kill -9 $P
waitst 0 0 0
wait 2> /dev/null
rmmod nvsched || fail rmmod
echo "@@ done"
