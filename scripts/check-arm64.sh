#!/usr/bin/env bash
# Cross-build nvsched.ko for arm64 (Jetson boards run it) with W=1 and
# sparse, and fail on any compiler or sparse warning.
#
# Debian's arm64 header packages carry arm64 host tools (fixdep, modpost)
# that cannot run on an x86_64 build machine, so an arm64 tree is prepared
# from Debian's linux-source-6.1 (arm64 defconfig + modules_prepare with
# gcc-aarch64-linux-gnu) and cached in build/arm64-linux (or
# $NVSS_ARM64_TREE); a new linux-source package invalidates the cache.
# modpost has no vmlinux symbol table for this tree, so its "Module.symvers
# is missing" / unresolved-symbol notes are expected and not warnings about
# nvsched; every compiler and sparse warning fails the check.
#   scripts/check-arm64.sh [--no-sparse]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
sparse=1
[ "${1:-}" = --no-sparse ] && sparse=0
cross=aarch64-linux-gnu-
tarball=$(ls /usr/src/linux-source-6.1.tar.* 2>/dev/null | head -1 || true)
[ -n "$tarball" ] || { echo "check-arm64: /usr/src/linux-source-6.1.tar.* missing (run make deps)"; exit 1; }
command -v ${cross}gcc >/dev/null || { echo "check-arm64: ${cross}gcc missing (run make deps)"; exit 1; }
[ $sparse = 0 ] || command -v sparse >/dev/null || { echo "check-arm64: sparse missing (run make deps)"; exit 1; }

cache=${NVSS_ARM64_TREE:-$top/build/arm64-linux}
tree=$cache/linux-source-6.1
stamp="$(stat -c '%s %Y' "$tarball") $(${cross}gcc -dumpfullversion)"
kargs=(ARCH=arm64 CROSS_COMPILE=$cross)
if [ "$(cat "$cache/stamp" 2>/dev/null)" != "$stamp" ] || [ ! -f "$tree/scripts/mod/modpost" ]; then
	echo "check-arm64: preparing an arm64 tree from $(basename "$tarball") (cached in ${cache#"$top"/})"
	rm -rf "$cache"; mkdir -p "$cache"
	# only what defconfig + modules_prepare read: no documentation, no
	# driver, sound, network or file-system sources (their Kconfig stays)
	tar -C "$cache" -xf "$tarball" --exclude='*/Documentation/*/*' \
		--exclude='*/drivers/*.c' --exclude='*/sound/*.c' --exclude='*/net/*.c' \
		--exclude='*/fs/*.c' --exclude='*/tools/testing'
	make -C "$tree" "${kargs[@]}" defconfig >"$cache/prepare.log" 2>&1 &&
		make -C "$tree" "${kargs[@]}" -j"$(nproc)" modules_prepare >>"$cache/prepare.log" 2>&1 ||
		{ echo "check-arm64: preparing the tree failed:"; tail -20 "$cache/prepare.log"; exit 1; }
	echo "$stamp" >"$cache/stamp"
fi

out=$top/build/kcheck/arm64-$(make -s -C "$tree" "${kargs[@]}" kernelrelease)
rm -rf "$out"; mkdir -p "$out"
cp -r "$top/Kbuild" "$top/kmod" "$top/include" "$out/"
args=(W=1)
[ $sparse = 1 ] && args+=(C=1)
log=$out/build.log
if ! make -C "$tree" "${kargs[@]}" M="$out" "${args[@]}" modules >"$log" 2>&1; then
	echo "FAIL arm64: build failed"; grep -E 'error|warning' "$log" | head -20; exit 1
fi
if grep -E 'warning:|error:' "$log" | grep -v -e 'Module.symvers is missing' -e 'unresolved symbol' >/dev/null; then
	echo "FAIL arm64: warnings"; grep -E 'warning:|error:' "$log" | head -20; exit 1
fi
file -b "$out/nvsched.ko" | grep -q 'ARM aarch64' || { echo "FAIL arm64: no arm64 nvsched.ko"; exit 1; }
echo "ok   arm64 $(basename "$out" | sed 's/^arm64-//') (cross, W=1$([ $sparse = 1 ] && echo ', sparse'))"
