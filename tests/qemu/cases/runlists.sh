# guest: dump device_info and every runlist file of every GPU, with markers
i=0
while [ $i -lt "$NGPU" ]; do
	echo "@@ gpu$i device_info"
	cat /proc/gpu$i/device_info || echo "@@ READ-ERROR"
	for f in /proc/gpu$i/runlist*; do
		[ -e "$f" ] || continue
		echo "@@ gpu$i ${f##*/}"
		cat "$f" || echo "@@ READ-ERROR"
	done
	echo "@@ gpu$i json"
	nvsched --gpu $i runlist -j > /tmp/rl.json || echo "@@ READ-ERROR"
	cat /tmp/rl.json
	# a 1-entry buffer: the ioctl answers ENOSPC with the size, the CLI retries
	NVSCHED_TEST_RL_CAP=1 nvsched --gpu $i runlist -j | cmp -s - /tmp/rl.json ||
		echo "@@ READ-ERROR size negotiation"
	for c in engines ce gr; do
		echo "@@ gpu$i $c-json"
		nvsched --gpu $i $c -j 2>&1
	done
	i=$((i + 1))
done
exit 0
