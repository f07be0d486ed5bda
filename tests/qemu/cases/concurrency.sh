fail() { echo "FAIL $*"; exit 1; }
files=$(ls /proc/gpu*/runlist*)
for f in $files; do cat "$f" > "/tmp/ref.$(echo "$f" | tr / _)"; done
reader() { # $1: reader number; loops until the deadline
	end=$(( $(date +%s) + 30 )) n=0
	while [ "$(date +%s)" -lt $end ]; do
		for f in $files; do
			cat "$f" > /tmp/r$1 2>&1 || { echo "reader $1: $f failed" > /tmp/bad$1; return; }
			cmp -s /tmp/r$1 "/tmp/ref.$(echo "$f" | tr / _)" ||
				{ echo "reader $1: $f differs" > /tmp/bad$1; cp /tmp/r$1 /tmp/badout$1; return; }
			n=$((n + 1))
		done
	done
	echo $n > /tmp/count$1
}
for r in 1 2 3 4 5 6 7 8; do reader $r & done
wait
total=0
for r in 1 2 3 4 5 6 7 8; do
	[ -f /tmp/bad$r ] && { cat /tmp/bad$r; head -20 /tmp/badout$r 2>/dev/null; fail "reader $r"; }
	[ -f /tmp/count$r ] || fail "reader $r did not finish"
	total=$((total + $(cat /tmp/count$r)))
done
echo "@@ reads $total"
[ $total -ge 80 ] || fail "only $total reads in 30 s"
echo "@@ done"
