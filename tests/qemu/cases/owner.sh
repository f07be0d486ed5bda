# guest: a GPU bound to no driver (as one passed to vfio-pci is not to
# nvidia/nouveau) gets no /proc files and no index (see owner.conf)
fail() { echo "FAIL $*"; exit 1; }
[ -e /proc/gpu0 ] && fail "/proc/gpu0 exists for a GPU no driver owns"
dmesg | grep -q "not using this GPU: it is bound to no driver, not to nvidia or nouveau" ||
	fail "no reason in dmesg: $(dmesg | grep nvsched | tail -3)"
nvsched list 2>&1 | grep -q -i "tu104" && fail "nvsched list shows the GPU"
echo "ok unowned GPU refused"
exit 0
