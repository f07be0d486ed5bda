# Every attached GPU shows up as /proc/gpuN with the right chip (checked on
# the host by chip.check against each snapshot's expected chip name).
i=0
while [ $i -lt "$NGPU" ]; do
	if [ -r /proc/gpu$i/chip ]; then
		echo "gpu$i $(cat /proc/gpu$i/chip)"
	else
		echo "gpu$i MISSING"
	fi
	i=$((i + 1))
done
[ -e /proc/gpu$NGPU ] && echo "gpu$NGPU UNEXPECTED"
exit 0
