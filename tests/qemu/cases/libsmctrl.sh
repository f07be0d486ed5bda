fail() { echo "FAIL $*"; exit 1; }
rd() { asuser 65534 smctrl_read "$1"; }
popcount() { v=$1 c=0; while [ "$v" -gt 0 ]; do c=$((c + (v & 1))); v=$((v >> 1)); done; echo $c; }
for i in 0 1 2; do
	d=/proc/gpu$i
	ngpc=$(rd $d/num_gpcs) || fail "gpu$i num_gpcs: $ngpc"
	ntpc=$(rd $d/num_tpc_per_gpc) || fail "gpu$i num_tpc_per_gpc: $ntpc"
	gmask=$(rd $d/gpc_mask) || fail "gpu$i gpc_mask: $gmask"
	[ "$(cat $d/num_gpcs)" = "$(printf '0x%x' "$ngpc")" ] || fail "gpu$i: user and root disagree"
	enabled=0 g=0
	while [ $g -lt "$ngpc" ]; do
		if [ $(( (gmask >> g) & 1 )) -eq 0 ]; then
			m=$(rd $d/gpc${g}_tpc_mask) || fail "gpu$i gpc$g: $m"
			enabled=$((enabled + ntpc - $(popcount "$m")))
		else
			[ -e $d/gpc${g}_tpc_mask ] && fail "gpu$i: floorswept gpc$g has a mask file"
		fi
		g=$((g + 1))
	done
	echo "gpu$i: $ngpc GPCs x $ntpc TPCs, gpc_mask $gmask, $enabled TPCs enabled"
	if [ $i = 0 ]; then
		[ "$ngpc" = 8 ] && [ "$ntpc" = 9 ] && [ "$enabled" = 66 ] || fail "H100: not 8 x 9 with 66 enabled"
	fi
done
echo "@@ done"
