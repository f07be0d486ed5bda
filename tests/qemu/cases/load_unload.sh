# The module loads and unloads cleanly, three times, with every profile
# attached; /proc/gpuN appear and disappear with it (the harness then checks
# dmesg and taint).
i=0
while [ $i -lt 3 ]; do
	insmod /lib/modules/nvsched.ko test_devices=1af4:1110:2 || { echo "insmod #$i failed"; exit 1; }
	n=$(ls -d /proc/gpu* 2>/dev/null | wc -l)
	[ "$n" -eq "$NGPU" ] || { echo "load #$i: $n /proc/gpuN, expected $NGPU"; exit 2; }
	cat /proc/gpu*/chip > /dev/null || { echo "load #$i: chip unreadable"; exit 3; }
	rmmod nvsched || { echo "rmmod #$i failed"; exit 4; }
	n=$(ls -d /proc/gpu* 2>/dev/null | wc -l)
	[ "$n" -eq 0 ] || { echo "unload #$i: /proc/gpu* still there"; exit 5; }
	i=$((i + 1))
done
echo "3 load/unload cycles ok with $NGPU GPUs"
