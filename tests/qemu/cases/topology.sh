# Read every topology file of every GPU: "gpuN FILE = CONTENT" or
# "gpuN FILE ! ERROR" (cat's message), then the file modes, then the
# CLI's JSON through the ioctls.
i=0
while [ $i -lt "$NGPU" ]; do
	d=/proc/gpu$i
	for f in $(cd $d && ls); do
		case $f in
		copy_topology)
			if out=$(cat $d/$f 2>&1); then
				echo "$out" | sed "s|^|gpu$i copy_topology : |"
			else
				echo "gpu$i $f ! $out"
			fi ;;
		chip|pci|device_info|runlist*) ;;
		*)
			if out=$(cat $d/$f 2>&1); then
				echo "gpu$i $f = $out"
			else
				echo "gpu$i $f ! $out"
			fi ;;
		esac
	done
	for f in $d/*; do
		case ${f##*/} in
		copy_topology|pce_map|num_ces|num_gpcs|num_tpc_per_gpc|gpc_mask|gpc*_tpc_mask|lce_for_pce*|shared_lce_for_grce*|CWD_*)
			echo "gpu$i mode ${f##*/} $(stat -c %a $f)" ;;
		esac
	done
	# libsmctrl's read: one 18-byte read at offset 0
	echo "gpu$i dd18 $(dd if=$d/num_gpcs bs=18 count=1 2>/dev/null)"
	echo "gpu$i ce-json $(nvsched --gpu $i ce -j 2>&1)"
	echo "gpu$i gr-json $(nvsched --gpu $i gr -j 2>&1)"
	i=$((i + 1))
done
exit 0
