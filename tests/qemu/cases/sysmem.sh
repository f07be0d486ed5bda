# guest: see sysmem.conf
fail() { echo "FAIL $*"; exit 1; }
ids() { nvsched --gpu 0 runlist -r 0 -j | grep -o '"tsgid":[0-9]*\|"chid":[0-9]*\|"inst[a-z_]*":"[^"]*"'; }
bar=$(sed -n 3p "/sys/bus/pci/devices/$(cat /proc/gpu0/pci)/resource" | cut -d' ' -f1)
base=$(devmem $((bar + 0x2280)) 32)	# NV_PFIFO_ENG_RUNLIST_BASE(0): VID 0x2f0000000
[ $((base)) -eq $((0x2f0000)) ] || fail "unexpected runlist base register $base"
ids > /tmp/vid
[ -s /tmp/vid ] || fail "no entries in video memory"
# the 8 entries (16 bytes each) as the snapshot holds them
hex=$(grep -E '^m vid 0x00000002f00000(00|40) ' /snapshots/gpu0.nvss | cut -d' ' -f4 | tr -d '\n')
[ ${#hex} -eq 256 ] || fail "runlist bytes from the snapshot: ${#hex} hex digits"
sysbuf "$hex" > /tmp/phys &
P=$!
n=0; while [ ! -s /tmp/phys ]; do n=$((n + 1)); [ $n -lt 100 ] || fail "sysbuf"; sleep 0.1; done
phys=$(cat /tmp/phys)
echo "@@ runlist copy at $phys"
# TARGET 29:28 = 2 (SYS_MEM_COHERENT), PTR 27:0 = address >> 12
devmem $((bar + 0x2280)) 32 $(( (2 << 28) | (phys >> 12) )) || fail devmem
cat /proc/gpu0/runlist0 > /tmp/o 2>&1 || fail "sysmem read: $(head -3 /tmp/o)"
grep -q "(sys_coh)" /tmp/o || fail "aperture not shown: $(head -3 /tmp/o)"
grep -q "^error" /tmp/o && fail "RAM copy: $(grep ^error /tmp/o)"
ids > /tmp/sys
cmp -s /tmp/vid /tmp/sys || { diff /tmp/vid /tmp/sys; fail "the copy in RAM reads differently"; }
kill $P
# MMIO (the GPU's own register BAR) and an address past the end of RAM
for a in "$bar" 0xfff000000; do
	devmem $((bar + 0x2280)) 32 $(( (2 << 28) | (a >> 12) )) || fail devmem
	cat /proc/gpu0/runlist0 > /tmp/o 2>&1
	grep -q "^error: runlist memory unreadable" /tmp/o || fail "bus address $a: $(head -3 /tmp/o)"
	nvsched --gpu 0 runlist -r 0 -j > /tmp/o 2>&1
	grep -q '"error":null' /tmp/o && fail "bus address $a: CLI read without error: $(head -c 300 /tmp/o)"
	grep -q '"error":"' /tmp/o || fail "bus address $a: CLI: $(head -c 300 /tmp/o)"
done
devmem $((bar + 0x2280)) 32 "$base"
ids > /tmp/back
cmp -s /tmp/vid /tmp/back || fail "video memory runlist after the test"
echo "@@ done"
