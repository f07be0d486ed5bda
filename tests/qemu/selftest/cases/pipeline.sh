# placeholder module: two GPUs from the H100 fixture -> /proc/gpu0, /proc/gpu1
for i in 0 1; do echo "gpu$i $(cat /proc/gpu$i/chip) $(cat /proc/gpu$i/pci)"; done
[ "$NGPU" = 2 ] && [ ! -e /proc/gpu2 ]
