# guest: see stress.conf
fail() { echo "FAIL $*"; touch /tmp/stop; exit 1; }
cycles=${STRESS_CYCLES:-100}
mod="insmod /lib/modules/nvsched.ko test_devices=1af4:1110:2 allow_gsp_runlist_writes=1"	# GH100 is GSP-owned
$mod || fail "first insmod"
# what a reader must see whenever the module is loaded: the same bytes
files=$(for f in /proc/gpu*/*; do [ -r "$f" ] && [ ! -d "$f" ] && echo "$f"; done)
for f in $files; do cat "$f" > "/tmp/ref.$(echo "$f" | tr / _)" 2>/dev/null; done
# channel and TSG to play with on gpu0
js=$(nvsched --gpu 0 runlist -r 0 -j)
C=$(echo "$js" | grep -o '"chid":[0-9]*' | head -1 | cut -d: -f2)
T=$(echo "$js" | grep -o '"tsgid":[0-9]*' | head -1 | cut -d: -f2)
[ -n "$C" ] && [ -n "$T" ] || fail "no channel/TSG on gpu0"
# priority work on gpu0 (GH100) runlist 1, apart from the control writer's
# runlist 0: its TSGs, and every channel's state as the driver left it
PR=1
# "TSG ENABLED" for every channel of gpu0 runlist $PR
chans() {
	nvsched --gpu 0 runlist -r $PR -j | tr '{' '\n' | while read -r l; do
		case $l in
		*'"tsgid":'*) t=${l#*\"tsgid\":}; t=${t%%,*} ;;
		*'"chid":'*) e=${l#*\"enabled\":}; echo "$t ${e%%,*}" ;;
		esac
	done
}
chans > /tmp/rlinit
set -- $(cut -d' ' -f1 /tmp/rlinit | uniq)
PA=$1 PB=$2 PK=$3
[ -n "$PK" ] || fail "gpu0 runlist $PR: need three TSGs, got '$*'"
grep -q false /tmp/rlinit && fail "gpu0 runlist $PR: a channel is off to begin with"
rmmod nvsched || fail "first rmmod"

# proc reader: a read either fails (module gone) or returns the reference
# bytes; a short or mixed read is a torn read
proc_reader() {
	n=0
	while [ ! -f /tmp/stop ]; do
		for f in $files; do
			cat "$f" > /tmp/pr$1 2>/dev/null || continue
			[ -s /tmp/pr$1 ] || continue
			cmp -s /tmp/pr$1 "/tmp/ref.$(echo "$f" | tr / _)" || {
				# the control writer changes gpu0's channel states
				case $f in /proc/gpu0/runlist*|*/disabled_channels) continue ;; esac
				echo "reader $1: $f differs" >> /tmp/bad; cp /tmp/pr$1 /tmp/badout; }
			n=$((n + 1))
		done
	done
	echo $n > /tmp/prcount$1
}
# ioctl clients: short-lived nvsched processes (the killer SIGKILLs them)
ioctl_client() {
	while [ ! -f /tmp/stop ]; do
		nvsched --gpu 1 runlist -j > /dev/null 2>&1
		nvsched engines -j > /dev/null 2>&1
		nvsched --gpu 0 info -j > /dev/null 2>&1
		nvsched --gpu 0 ce -j > /dev/null 2>&1
	done
}
# control writer: disable/enable a channel, preempt a TSG, through /proc and ioctls
control_writer() {
	while [ ! -f /tmp/stop ]; do
		wr /proc/gpu0/disable_channel "$C" > /dev/null 2>&1
		nvsched --gpu 0 tsg preempt "$T" > /dev/null 2>&1
		nvsched --gpu 0 channel enable "$C" > /dev/null 2>&1
		wr /proc/gpu0/enable_channel "0:$C" > /dev/null 2>&1
	done
}
rnd() { echo $(( $(od -An -N2 -tu2 /dev/urandom) % $1 )); }
# while the unload loop waits for the module to be free, priority workers
# start nothing new (their tasks hold /dev/nvsched open)
hold_wait() { while [ -f /tmp/hold ] && [ ! -f /tmp/stop ]; do usleep 20000; done; }
# priority tasks: `prio run` of one TSG at a random priority (or best
# effort), SIGKILLed at a random point: before, while or after it registers
prio_runner() {
	while [ ! -f /tmp/stop ]; do
		hold_wait
		p=$(rnd 101)
		if [ "$p" = 100 ]; then a=--best-effort; else a="--prio $p"; fi
		nvsched --gpu 0 prio run $a --tsg $PR:$1 -- sleep 5 > /dev/null 2>&1 &
		k=$!
		usleep $(( $(rnd 150) * 1000 ))
		kill -9 $k 2> /dev/null
		wait $k 2> /dev/null
		echo x >> /tmp/prioruns$1
		[ -e /dev/nvsched ] || usleep 50000
	done
}
# the example daemon (libnvsched): two tasks, segments begun and ended at
# changing priorities, the daemon SIGKILLed at a random point
daemon_gen() {
	echo "task a $PR:$PK"
	echo "task b $PR:$PA"
	for p in 10 30 -1 5 20; do
		echo "begin a $p"; usleep 15000
		echo "begin b $((p + 2))"; usleep 15000
		echo "end a"; usleep 10000
		echo "end b"
	done
}
prio_daemon() {
	while [ ! -f /tmp/stop ]; do
		hold_wait
		daemon_gen | prio-daemon 0 > /dev/null 2>&1 &
		k=$!
		usleep $(( $(rnd 200) * 1000 ))
		kill -9 $k 2> /dev/null
		wait $k 2> /dev/null
		echo x >> /tmp/prioruns_d
		[ -e /dev/nvsched ] || usleep 50000
	done
}
killer() {
	while [ ! -f /tmp/stop ]; do
		usleep $(( ($(od -An -N2 -tu2 /dev/urandom) % 300 + 20) * 1000 ))
		killall -9 nvsched > /dev/null 2>&1
	done
}
rm -f /tmp/stop /tmp/bad /tmp/hold /tmp/prioruns*
proc_reader 1 & proc_reader 2 & proc_reader 3 &
ioctl_client & ioctl_client &
control_writer &
killer &
prio_runner $PA & prio_runner $PB &
prio_daemon &

i=0 busy=0
while [ $i -lt "$cycles" ]; do
	$mod || fail "insmod #$i"
	usleep $(( ($(od -An -N2 -tu2 /dev/urandom) % 200) * 1000 ))
	# rmmod under load: an open /dev/nvsched holds the module (EBUSY); retry
	t=0
	until rmmod nvsched 2> /dev/null; do
		t=$((t + 1)); busy=$((busy + 1))
		[ $t -lt 200 ] || fail "rmmod #$i: still busy after 200 tries"
		[ $t = 3 ] && touch /tmp/hold
		usleep 20000
	done
	rm -f /tmp/hold
	[ -z "$(ls -d /proc/gpu* 2>/dev/null)" ] || fail "unload #$i: /proc/gpu* still there"
	i=$((i + 1))
done
touch /tmp/stop
wait
[ -f /tmp/bad ] && { cat /tmp/bad; head -5 /tmp/badout; fail "torn or wrong reads"; }
total=0
for r in 1 2 3; do total=$((total + $(cat /tmp/prcount$r))); done
echo "@@ $cycles load/unload cycles under load ($busy busy rmmod retries), $total proc reads"
[ $total -gt 0 ] || fail "no proc read succeeded"
# every channel the writer left disabled was re-enabled at unload
dis=$(dmesg | grep -c "disable channel")
res=$(dmesg | grep -c "restore: enable channel")
echo "@@ disables $dis, unload restores $res"
[ "$dis" -gt 0 ] || fail "the control writer never disabled a channel"
np=$(cat /tmp/prioruns* | wc -l)
echo "@@ $np priority tasks and daemons killed at random points"
[ "$np" -gt 0 ] || fail "no priority worker ran"
# the last state: load once more and check channel C is enabled
$mod || fail "final insmod"
state=$(nvsched --gpu 0 runlist -r 0 -j | tr '{' '\n' | grep "\"chid\":$C," |
	sed -n 's/.*"enabled":\([a-z]*\).*/\1/p' | head -1)
[ "$state" = true ] || fail "channel $C left '$state' after the cycles"
# every channel the gate disabled was re-enabled (at task death or unload)
chans > /tmp/rl
cmp -s /tmp/rl /tmp/rlinit || { cat /tmp/rl; fail "gpu0 runlist $PR: channels left off after the cycles"; }
# now with the module loaded: three tasks, the gate engages; after their
# deaths (SIGKILL, at random) every channel is back on
nvsched --gpu 0 prio run --prio 10 --tsg $PR:$PA -- sleep 100 > /dev/null 2>&1 & k1=$!
nvsched --gpu 0 prio run --prio 20 --tsg $PR:$PB -- sleep 100 > /dev/null 2>&1 & k2=$!
nvsched --gpu 0 prio run --best-effort --tsg $PR:$PK -- sleep 100 > /dev/null 2>&1 & k3=$!
n=0
until chans | grep -q false; do
	n=$((n + 1)); [ $n -lt 50 ] || fail "the gate never disabled a channel"; usleep 100000
done
for k in $k1 $k2 $k3; do usleep $(( $(rnd 100) * 1000 )); kill -9 $k; done
wait $k1 $k2 $k3 2> /dev/null
n=0
until chans > /tmp/rl && cmp -s /tmp/rl /tmp/rlinit; do
	n=$((n + 1)); [ $n -lt 50 ] || { cat /tmp/rl; fail "channels left off after the last task died"; }
	usleep 100000
done
nvsched --gpu 0 prio status -j | grep -q '"tasks":\[\]' ||
	fail "tasks left: $(nvsched --gpu 0 prio status -j)"
rmmod nvsched || fail "final rmmod"
# the module's own accounting at each unload (prio.c): nothing leaked
dmesg | grep "leaked at unload" && fail "the module reports a leak at unload"
echo "@@ done"
