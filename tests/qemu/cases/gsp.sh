# guest: resubmit works while the GSP core is stopped, is refused once it
# runs (the register is set behind the module's back with devmem)
fail() { echo "FAIL $*"; exit 1; }
r=$(wr /proc/gpu0/resubmit_runlist 0)
[ "$r" = ok ] || fail "resubmit with GSP stopped: $r"
bar=$(sed -n 3p "/sys/bus/pci/devices/$(cat /proc/gpu0/pci)/resource" | cut -d' ' -f1)
devmem $((bar + 0x111388)) 32 0x80 || fail devmem	# CPUCTL.ACTIVE_STAT = 1
echo "@@ gsp running"
r=$(wr /proc/gpu0/resubmit_runlist 0)
case $r in *"not permitted"*) ;; *) fail "resubmit with GSP running: $r" ;; esac
dmesg | grep -q "GSP firmware owns the runlists" || fail "no reason in dmesg"
echo "@@ done"
exit 0
