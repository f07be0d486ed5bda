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
killer() {
	while [ ! -f /tmp/stop ]; do
		usleep $(( ($(od -An -N2 -tu2 /dev/urandom) % 300 + 20) * 1000 ))
		killall -9 nvsched > /dev/null 2>&1
	done
}
rm -f /tmp/stop /tmp/bad
proc_reader 1 & proc_reader 2 & proc_reader 3 &
ioctl_client & ioctl_client &
control_writer &
killer &

i=0 busy=0
while [ $i -lt "$cycles" ]; do
	$mod || fail "insmod #$i"
	usleep $(( ($(od -An -N2 -tu2 /dev/urandom) % 200) * 1000 ))
	# rmmod under load: an open /dev/nvsched holds the module (EBUSY); retry
	t=0
	until rmmod nvsched 2> /dev/null; do
		t=$((t + 1)); busy=$((busy + 1))
		[ $t -lt 200 ] || fail "rmmod #$i: still busy after 200 tries"
		usleep 20000
	done
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
# the last state: load once more and check channel C is enabled
$mod || fail "final insmod"
state=$(nvsched --gpu 0 runlist -r 0 -j | tr '{' '\n' | grep "\"chid\":$C," |
	sed -n 's/.*"enabled":\([a-z]*\).*/\1/p' | head -1)
[ "$state" = true ] || fail "channel $C left '$state' after the cycles"
rmmod nvsched || fail "final rmmod"
echo "@@ done"
