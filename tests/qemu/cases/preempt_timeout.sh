# guest: see preempt_timeout.conf; preempt_timeout.check counts the writes
fail() { echo "FAIL $*"; exit 1; }
tsg() { nvsched --gpu "$1" runlist -r "$2" -j | grep -o '"tsgid":[0-9]*' | head -1 | cut -d: -f2; }
busy() { # gpu, then a command whose stderr must say EBUSY for a pending preempt
	g=$1; shift
	"$@" 2> /tmp/e > /dev/null && fail "gpu$g: '$*' over a pending preempt succeeded"
	grep -q "a preempt is already pending" /tmp/e || fail "gpu$g: '$*': $(cat /tmp/e)"
}
for i in 0 1; do
	T=$(tsg $i 0)
	[ -n "$T" ] || fail "gpu$i: no TSG"
	t0=$(date +%s)
	nvsched --gpu $i tsg preempt --timeout 20000 "$T" 2> /tmp/e && fail "gpu$i: preempt returned success"
	t1=$(date +%s)
	cat /tmp/e
	grep -q "did not complete within the timeout" /tmp/e || fail "gpu$i: $(cat /tmp/e)"
	grep -q "still pending" /tmp/e || fail "gpu$i: no pending register reported"
	[ $((t1 - t0)) -le 5 ] || fail "gpu$i: took $((t1 - t0)) s for a 20 ms bound"
	# the first is still pending: every further preempt is refused, unwritten
	busy $i nvsched --gpu $i tsg preempt "$T"
	busy $i nvsched --gpu $i tsg preempt --no-wait "$T"
	busy $i nvsched --gpu $i runlist preempt 0
	r=$(wr /proc/gpu$i/preempt_tsg "$T")
	[ "$r" = "Device or resource busy" ] || fail "gpu$i: preempt_tsg file over a pending one: $r"
	# the module still answers
	grep -q . /proc/gpu$i/chip || fail "gpu$i: chip after timeouts"
done
# GH100 runlist 1 has its own preempt register: --no-wait returns at once,
# successfully; then that one is pending too
T=$(tsg 0 1)
[ -n "$T" ] || fail "gpu0 runlist 1: no TSG"
nvsched --gpu 0 tsg preempt -r 1 --no-wait "$T" > /dev/null || fail "gpu0: --no-wait"
r=$(wr /proc/gpu0/preempt_tsg "1:$T")
[ "$r" = "Device or resource busy" ] || fail "gpu0 runlist 1: preempt_tsg file: $r"
# the /proc file uses the documented default bound (100 ms)
T=$(tsg 2 0)
t0=$(date +%s)
r=$(wr /proc/gpu2/preempt_tsg "$T")
t1=$(date +%s)
[ "$r" = "Connection timed out" ] || fail "gpu2: preempt_tsg file: $r"
[ $((t1 - t0)) -le 5 ] || fail "gpu2: took $((t1 - t0)) s for the 100 ms bound"
r=$(wr /proc/gpu2/preempt_tsg "$T")
[ "$r" = "Device or resource busy" ] || fail "gpu2: second preempt_tsg: $r"
dmesg | grep -q "completion timed out" || fail "no audit line for the timeout"
dmesg | grep -q "preempt TSG on runlist 0 refused: a preempt is already pending" ||
	fail "no reason for the refusal in dmesg"
echo "@@ done"
