fail() { echo "FAIL $*"; exit 1; }
for i in 0 1; do
	T=$(nvsched --gpu $i runlist -r 0 -j | grep -o '"tsgid":[0-9]*' | head -1 | cut -d: -f2)
	[ -n "$T" ] || fail "gpu$i: no TSG"
	t0=$(date +%s)
	nvsched --gpu $i tsg preempt --timeout 20000 "$T" 2> /tmp/e && fail "gpu$i: preempt returned success"
	t1=$(date +%s)
	cat /tmp/e
	grep -q "did not complete within the timeout" /tmp/e || fail "gpu$i: $(cat /tmp/e)"
	grep -q "still pending" /tmp/e || fail "gpu$i: no pending register reported"
	[ $((t1 - t0)) -le 5 ] || fail "gpu$i: took $((t1 - t0)) s for a 20 ms bound"
	# the /proc file uses the documented default bound (100 ms)
	r=$(wr /proc/gpu$i/preempt_tsg "$T")
	[ "$r" = "Connection timed out" ] || fail "gpu$i: preempt_tsg file: $r"
	# --no-wait returns at once, successfully
	nvsched --gpu $i tsg preempt --no-wait "$T" > /dev/null || fail "gpu$i: --no-wait"
	# the module still answers
	grep -q . /proc/gpu$i/chip || fail "gpu$i: chip after timeouts"
done
dmesg | grep -q "completion timed out" || fail "no audit line for the timeout"
echo "ok"
