fail() { echo "FAIL $*"; exit 1; }
norm() { sed -e 's/"gpu":{[^}]*},//' -e 's/gpu[0-9]*: /gpuN: /'; }
i=0
while [ $i -lt "$NGPU" ]; do
	nvsched --gpu $i snapshot -o /tmp/s$i.nvss 2> /tmp/e || fail "gpu$i snapshot: $(cat /tmp/e)"
	cat /tmp/e
	for c in engines ce gr runlist; do
		nvsched --gpu $i $c -j 2>&1 | norm > /tmp/live
		nvsched --snapshot /tmp/s$i.nvss $c -j 2>&1 | norm > /tmp/off
		cmp -s /tmp/live /tmp/off || { diff /tmp/live /tmp/off | head -5; fail "gpu$i $c -j differs offline"; }
	done
	# the text of every runlist file too (instance blocks, page-table walks)
	for f in /proc/gpu$i/runlist*; do
		nvsched --snapshot /tmp/s$i.nvss runlist -r "${f##*runlist}" > /tmp/off 2>&1
		cmp -s "$f" /tmp/off || { diff "$f" /tmp/off | head -5; fail "gpu$i ${f##*/} text differs offline"; }
	done
	i=$((i + 1))
done
asuser 65534 nvsched snapshot -o /tmp/u.nvss 2> /tmp/e && fail "user snapshot"
chmod 666 /dev/nvsched
asuser 65534 nvsched snapshot -o /tmp/u.nvss 2> /tmp/e && fail "user raw reads"
grep -q "CAP_SYS_RAWIO" /tmp/e || fail "user raw reads: $(cat /tmp/e)"
echo "@@ done"
