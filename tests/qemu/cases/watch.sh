fail() { echo "FAIL $*"; exit 1; }
for i in 0 1; do
	C=$(nvsched --gpu $i runlist -r 0 -j | grep -o '"chid":[0-9]*' | head -1 | cut -d: -f2)
	nvsched --gpu $i runlist --watch -r 0 -i 50 -j > /tmp/w$i &
	pid=$!
	sleep 1
	nvsched --gpu $i channel disable "$C" > /dev/null || fail "disable"
	sleep 1
	nvsched --gpu $i channel enable "$C" > /dev/null || fail "enable"
	sleep 1
	kill $pid; wait $pid
	cat /tmp/w$i
	grep -q "\"event\":\"channel_added\",\"chid\":$C," /tmp/w$i || fail "gpu$i: no initial channel $C"
	grep "\"chid\":$C," /tmp/w$i | grep '"field":"enabled"' > /tmp/e$i
	[ "$(sed -n 1p /tmp/e$i | grep -c '"old":"true","new":"false"')" = 1 ] || fail "gpu$i: no disable seen"
	[ "$(sed -n 2p /tmp/e$i | grep -c '"old":"false","new":"true"')" = 1 ] || fail "gpu$i: no enable seen"
	[ "$(wc -l < /tmp/e$i)" = 2 ] || fail "gpu$i: unexpected changes"
done
echo "@@ done"
