#!/usr/bin/env bash
# scripts/run.sh - what `make run` does after building: show /proc/gpu0/device_info
# and /proc/gpu0/runlist0.
#  * On a machine with an NVIDIA GPU (PCI class 03xx, vendor 10de) where the
#    module loads (already loaded, or insmod of the freshly built nvsched.ko
#    as root), read them from the real GPU.
#  * Otherwise boot a QEMU guest (tests/qemu/run.sh) on the simulated GH100
#    (build/profiles/gh100.nvss, else the real H100 fixture snapshot) and read
#    them there.
# A missing file is reported, not fatal.  Env: NVSS_RUN_QEMU=1 forces QEMU,
# NVSS_QEMU_KERNEL picks the guest kernel (6.1, 6.12, 6.12-rt).
set -uo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo" || exit 1
FILES="device_info runlist0"

show() { # prefix for /proc
	local f
	for f in $FILES; do
		echo "=== /proc/gpu0/$f"
		cat "$1/proc/gpu0/$f" 2>&1 || true
	done
}

has_nvidia_gpu() {
	local d
	for d in /sys/bus/pci/devices/*; do
		[ -r "$d/vendor" ] || continue
		[ "$(cat "$d/vendor")" = 0x10de ] || continue
		case $(cat "$d/class") in 0x03*) return 0 ;; esac
	done
	return 1
}

if [ "${NVSS_RUN_QEMU:-0}" != 1 ] && has_nvidia_gpu; then
	loaded=0
	if [ -d /proc/gpu0 ] && grep -q '^nvsched ' /proc/modules 2>/dev/null; then
		echo "run: NVIDIA GPU found, nvsched already loaded"
		show ""
		exit 0
	fi
	for ko in nvsched.ko build/nvsched.ko build/kmod/nvsched.ko; do
		[ -f "$ko" ] || continue
		if insmod "$ko" 2> build/run-insmod.err; then loaded=1; break; fi
		echo "run: insmod $ko failed: $(cat build/run-insmod.err)" >&2
		break
	done
	if [ $loaded = 1 ]; then
		echo "run: NVIDIA GPU found, loaded $ko"
		show ""
		rmmod nvsched 2>/dev/null || echo "run: note: could not unload nvsched" >&2
		exit 0
	fi
	echo "run: NVIDIA GPU found but the module cannot be loaded here (Secure Boot lockdown? not root?); using QEMU" >&2
fi

snap=build/profiles/gh100.nvss
[ -f "$snap" ] || snap=tests/fixtures/h100_idle.nvss
[ -f "$snap" ] || { echo "run: no GH100 snapshot (build/profiles/gh100.nvss or the H100 fixture)" >&2; exit 1; }
echo "run: no usable NVIDIA GPU: QEMU guest (kernel ${NVSS_QEMU_KERNEL:-6.1}) on simulated $(basename "$snap")"
exec bash tests/qemu/run.sh --snapshot "$snap" -- \
	"for f in $FILES; do echo \"=== /proc/gpu0/\$f\"; cat /proc/gpu0/\$f 2>&1; done; exit 0"
