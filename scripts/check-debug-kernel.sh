#!/usr/bin/env bash
# make check-debug-kernel: build (once, cached) a debug kernel from Debian's
# linux-source-6.1 with lockdep (PROVE_LOCKING), DEBUG_ATOMIC_SLEEP, KASAN,
# KMEMLEAK, DEBUG_LIST and DEBUG_OBJECTS — none of which Debian's own
# kernels enable — and run the module's QEMU cases under it: the stress
# case (concurrent readers, control writers, SIGKILLed clients, 100
# load/unload cycles), concurrency, control, faults, load_unload and
# interfaces.  Any lockdep splat, KASAN report, sleeping-in-atomic BUG or
# WARN fails the run (the guest's dmesg check, panic_on_warn), and so does
# a kmemleak suspect allocated by nvsched (guest/init scans before exit).
#
# Takes long (the kernel build is ~30-60 min on 2 cores; the cases run
# ~4x slower than on Debian's kernels), so it is not part of make test; run
# it before each release.  The tree is cached in build/debug-kernel (or
# $NVSS_DEBUG_KERNEL_TREE's parent); a new linux-source package or a change
# of the options below rebuilds it.
#   scripts/check-debug-kernel.sh [CASE...]      (default: the cases above)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
tarball=$(ls /usr/src/linux-source-6.1.tar.* 2>/dev/null | head -1 || true)
[ -n "$tarball" ] || { echo "check-debug-kernel: /usr/src/linux-source-6.1.tar.* missing (run make deps)"; exit 1; }
tree=${NVSS_DEBUG_KERNEL_TREE:-$top/build/debug-kernel/linux-source-6.1}
cache=$(dirname "$tree")

# x86_64_defconfig + kvm_guest.config, then these (-e enable, -d disable)
opts=(-e PVH -e MODULES -e MODULE_UNLOAD -d MODULE_SIG -e DEVTMPFS -e DEVTMPFS_MOUNT
	-e BLK_DEV_INITRD -e DEBUG_FS
	-e KASAN -e KASAN_GENERIC -e KASAN_OUTLINE -d KASAN_INLINE
	-e PROVE_LOCKING -e DEBUG_ATOMIC_SLEEP -e DEBUG_KMEMLEAK -e DEBUG_KMEMLEAK_AUTO_SCAN
	-e DEBUG_LIST -e DEBUG_OBJECTS -e DEBUG_INFO_NONE -d DEBUG_INFO
	-d DRM -d SOUND -d WLAN -d WIRELESS -d USB_SUPPORT -d NETFILTER -d HID -d INPUT_MOUSE -d AGP)
stamp="$(stat -c '%s %Y' "$tarball") $(gcc -dumpfullversion) ${opts[*]}"
if [ "$(cat "$cache/stamp" 2>/dev/null)" != "$stamp" ] || [ ! -s "$tree/vmlinux" ] ||
   [ ! -f "$tree/Module.symvers" ]; then
	echo "check-debug-kernel: building a debug kernel from $(basename "$tarball") in ${cache#"$top"/} (long)"
	rm -rf "$cache"; mkdir -p "$cache"
	tar -C "$cache" -xf "$tarball" --exclude='*/Documentation/*/*'
	[ "$(basename "$tree")" = linux-source-6.1 ] || mv "$cache/linux-source-6.1" "$tree"
	(
		cd "$tree"
		make -s x86_64_defconfig && make -s kvm_guest.config &&
			./scripts/config "${opts[@]}" && make -s olddefconfig
	) >"$cache/config.log" 2>&1 || { echo "check-debug-kernel: configuring failed"; tail "$cache/config.log"; exit 1; }
	for o in KASAN PROVE_LOCKING DEBUG_ATOMIC_SLEEP DEBUG_KMEMLEAK PVH MODULE_UNLOAD; do
		grep -q "^CONFIG_$o=y" "$tree/.config" || { echo "check-debug-kernel: CONFIG_$o did not stick"; exit 1; }
	done
	if ! make -C "$tree" -j"$(nproc)" bzImage modules >"$cache/build.log" 2>&1; then
		echo "check-debug-kernel: kernel build failed:"; tail -20 "$cache/build.log"; exit 1
	fi
	echo "$stamp" >"$cache/stamp"
fi
echo "check-debug-kernel: kernel debug-$(cat "$tree/include/config/kernel.release") (lockdep, KASAN, kmemleak, atomic-sleep)"
[ $# -gt 0 ] || set -- stress concurrency control faults load_unload interfaces
NVSS_DEBUG_KERNEL_TREE=$tree exec bash tests/qemu/suite.sh --kernel debug "$@"
