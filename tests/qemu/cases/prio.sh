# guest: priority segments of real processes move channel state (prio.conf)
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
# expect GPU $1 runlist $2: channels of the TSGs in "$3" as the driver left
# them (/tmp/init), all others off (polls up to 10 s: the task begins after
# the process starts)
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
tsgs() { chans "$1" "$2" | cut -d' ' -f1 | uniq | tr '\n' ' '; }
i=0
for R in 0 0 1; do	# gv100 and ga100: runlist 0; gh100: runlist 1
	ALL=$(tsgs $i $R)
	set -- $ALL
	A=$1 B=$2
	[ -n "$B" ] || fail "gpu$i runlist $R: need two TSGs, got '$ALL'"
	echo "@@ gpu$i runlist $R TSGs: $ALL"
	chans $i $R > /tmp/init
	grep -q true /tmp/init || fail "gpu$i runlist $R: no channel enabled to begin with"
	nvsched --gpu $i prio run --prio 10 --tsg $R:$A -- sleep 1000 &
	P1=$!
	expect $i $R "$A"
	# another process cannot take A; unknown TSG; no permission
	nvsched --gpu $i prio run --prio 30 --tsg $R:$A -- true 2> /tmp/e && fail "TSG taken twice"
	grep -q "busy" /tmp/e || fail "taken TSG: $(cat /tmp/e)"
	nvsched --gpu $i prio run --prio 30 --tsg $R:4000 -- true 2> /tmp/e && fail "unknown TSG"
	grep -q "No such file" /tmp/e || fail "unknown TSG: $(cat /tmp/e)"
	asuser -n nvsched --gpu $i prio run --prio 30 --tsg $R:$B -- true 2> /tmp/e &&
		fail "root without CAP_SYS_ADMIN named a TSG"
	grep -q "not permitted" /tmp/e || fail "no CAP_SYS_ADMIN: $(cat /tmp/e)"
	expect $i $R "$A"
	# a higher priority preempts; its death gives A back; A's death, everything
	nvsched --gpu $i prio run --prio 20 --tsg $R:$B -- sleep 1000 &
	P2=$!
	expect $i $R "$B"
	kill -9 $P2
	expect $i $R "$A"
	# no --prio: the GPU priority is the thread's SCHED_FIFO priority (40 > 10)
	nvsched --gpu $i prio run --fifo 40 --tsg $R:$B -- sleep 1000 &
	P4=$!
	expect $i $R "$B"
	nvsched --gpu $i prio status -j | grep -q '"prio":40,"in_segment":true,"running":true' ||
		fail "SCHED_FIFO 40: $(nvsched --gpu $i prio status -j)"
	kill -9 $P4
	expect $i $R "$A"
	# an always-kept TSG stays on while A runs; unkept, it goes
	if [ -n "$3" ]; then
		K=$3
		nvsched --gpu $i prio set keep $R:$K || fail "keep"
		expect $i $R "$A $K"
		asuser -n nvsched --gpu $i prio set unkeep $R:$K 2> /tmp/e && fail "unkeep without CAP_SYS_ADMIN"
		nvsched --gpu $i prio set unkeep $R:$K || fail "unkeep"
		expect $i $R "$A"
	fi
	# a best-effort task waits while A runs, then runs with everything
	nvsched --gpu $i prio run --best-effort --tsg $R:$B -- sleep 1000 &
	P3=$!
	sleep 1
	expect $i $R "$A"
	kill -9 $P1
	expect $i $R "$ALL"
	kill -9 $P3
	expect $i $R "$ALL"
	i=$((i + 1))
done
# the example daemon (docs/examples/prio-daemon.c, libnvsched only): tasks as
# handles, the kernel's errno for bad input, closing a handle mid-segment
chans 0 0 > /tmp/init
set -- $(tsgs 0 0)
A=$1 B=$2
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
say "task e" ok				# a task with no TSG yet
say "begin e 10" "No such file"		# begin before any TSG: ENOENT
say "task a 0:$A" ok
say "task b 0:$B" ok
say "task c 0:$A" "busy"		# A is a's
say "task d 0:4000" "No such file"	# not on the runlist
say "begin a 100" "Invalid argument"	# priority out of range
expect 0 0 "$(tsgs 0 0)"
say "begin a 10" ok
expect 0 0 "$A"
say "begin b 20" ok
expect 0 0 "$B"
# status: a and b (e has no TSG: no task yet); b (priority 20) runs, a (10) waits
st=$(nvsched --gpu 0 prio status -j)
echo "$st" | grep -q '"mechanism":"gate"' || fail "status: $st"
[ "$(echo "$st" | grep -o '"slot"' | wc -l)" -eq 2 ] || fail "status tasks: $st"
echo "$st" | grep -q '"prio":20,"in_segment":true,"running":true,"tsgs":1' || fail "status b: $st"
echo "$st" | grep -q '"prio":10,"in_segment":true,"running":false,"tsgs":1' || fail "status a: $st"
echo "$st" | grep -q '"disabled_channels":0' && fail "status: nothing disabled: $st"
nvsched --gpu 0 prio status | grep -q "prio 10, 1 TSG(s), pending" || fail "status text"
say "end b" ok
expect 0 0 "$A"
say "end b" ok				# no segment: a warning, nothing changes
expect 0 0 "$A"
say "begin b -1" ok			# best effort waits
expect 0 0 "$A"
say "drop a" ok				# closing the handle mid-segment
expect 0 0 "$(tsgs 0 0)"
say "begin a 5" "No such file"		# a is gone
say "begin b 30" ok
expect 0 0 "$B"
echo quit >&3
exec 3>&-
wait $D
expect 0 0 "$(tsgs 0 0)"
# prio run without --tsg picks its backend: on a GSP-owned GPU (gh100,
# gpu2) the GSP agent (no arbiter here: refused), not the module's capture
nvsched --gpu 2 prio run --prio 5 -- true 2> /tmp/e && fail "GSP GPU: ran without an arbiter"
grep -qE "arbiter|libnvsched-agent" /tmp/e || fail "GSP backend not chosen: $(cat /tmp/e)"
nvsched --gpu 2 prio status -j | grep -q '"capturing":false,"captures":0,' ||
	fail "GSP GPU: a capture happened: $(nvsched --gpu 2 prio status -j)"
# a task alive at rmmod time keeps the module: rmmod refuses; after its
# death everything is on and the module unloads
chans 0 0 > /tmp/init
nvsched --gpu 0 prio run --prio 5 --tsg 0:$(tsgs 0 0 | cut -d' ' -f1) -- sleep 1000 &
P=$!
# wait until its segment is open (a fixed sleep was too short on the debug kernel)
n=0
until nvsched --gpu 0 prio status -j | grep -q '"in_segment":true'; do
	n=$((n + 1)); [ $n -ge 100 ] && fail "task not in its segment: $(nvsched --gpu 0 prio status -j)"
	sleep 0.2
done
rmmod nvsched 2> /dev/null && fail "rmmod with an open task"
kill -9 $P
wait $P 2> /dev/null
sleep 1
expect 0 0 "$(tsgs 0 0)"
nvsched --gpu 0 prio status -j | grep -q '"tasks":\[\]' || fail "tasks left: $(nvsched --gpu 0 prio status -j)"
rmmod nvsched || fail rmmod
echo "@@ done"
