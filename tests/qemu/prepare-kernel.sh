#!/usr/bin/env bash
# prepare-kernel.sh 6.1|6.12|6.12-rt  -> prints the cached vmlinux path
#
# Picks the kernel ABI from the installed Debian headers, takes
# /boot/vmlinuz-<abi> or downloads (never installs) the matching linux-image
# package, and extracts the uncompressed vmlinux inside the bzImage (xz on
# 6.1, zstd on 6.12; PVH boot: ~2.5x faster under TCG than the bzImage).
# Cached in build/qemu/kernels/<abi>/{vmlinuz,vmlinux}; the ABI is written to
# build/qemu/kernels/<flavour>.abi.  Without xz/zstd it prints the bzImage
# path instead (still bootable, slower).
#
# Env: NVSS_QEMU_BUILD (default <repo>/build/qemu); NVSS_QEMU_DOWNLOAD=1 ignores
# /boot/vmlinuz-<abi> and always downloads the package.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck disable=SC2034  # used by lib.sh
repo=$(cd "$here/../.." && pwd)

flavour=${1:-6.1}

# shellcheck source=tests/qemu/lib.sh
. "$here/lib.sh"
case $flavour in 6.1|6.12|6.12-rt|debug) ;; *) echo "prepare-kernel: unknown kernel '$flavour' (6.1, 6.12, 6.12-rt or debug)" >&2; exit 2 ;; esac
if [ "$flavour" = debug ]; then
	# built by scripts/check-debug-kernel.sh: its bzImage (a KASAN vmlinux
	# does not come up through the PVH entry)
	abi=$(kernel_abi debug)
	[ -n "$abi" ] || { echo "prepare-kernel: no debug kernel built (run make check-debug-kernel)" >&2; exit 1; }
	mkdir -p "$QB/kernels"
	echo "$abi" > "$QB/kernels/debug.abi"
	echo "$(debug_tree)/arch/x86/boot/bzImage"
	exit 0
fi

abi=$(kernel_abi "$flavour")
if [ -z "$abi" ]; then
	echo "prepare-kernel: no linux-headers for $flavour in /usr/src (run 'make deps')" >&2
	exit 1
fi
out=$QB/kernels/$abi
mkdir -p "$out"
echo "$abi" > "$QB/kernels/$flavour.abi.$$" && mv "$QB/kernels/$flavour.abi.$$" "$QB/kernels/$flavour.abi"

if [ -s "$out/vmlinux" ]; then
	echo "$out/vmlinux"
	exit 0
fi

exec 9>"$out/.lock"
flock 9
if [ -s "$out/vmlinux" ]; then echo "$out/vmlinux"; exit 0; fi

tmp=$(mktemp -d "$out/tmp.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
bz=$out/vmlinuz
if [ ! -s "$bz" ]; then
	if [ -r "/boot/vmlinuz-$abi" ] && [ "${NVSS_QEMU_DOWNLOAD:-0}" != 1 ]; then
		cp "/boot/vmlinuz-$abi" "$tmp/vmlinuz"
	else
		# the unsigned package has the plain bzImage (the signed one works too)
		pkg=
		for p in "linux-image-$abi-unsigned" "linux-image-$abi"; do
			if apt-cache show "$p" >/dev/null 2>&1; then pkg=$p; break; fi
		done
		[ -n "$pkg" ] || { echo "prepare-kernel: no linux-image package for $abi (apt-get update?)" >&2; exit 1; }
		echo "prepare-kernel: downloading $pkg" >&2
		( cd "$tmp" && apt-get download -q -o APT::Sandbox::User=root "$pkg" >&2 ) ||
			{ echo "prepare-kernel: apt-get download $pkg failed" >&2; exit 1; }
		dpkg-deb --fsys-tarfile "$tmp"/"$pkg"_*.deb | tar -x -C "$tmp" "./boot/vmlinuz-$abi"
		mv "$tmp/boot/vmlinuz-$abi" "$tmp/vmlinuz"
		rm -f "$tmp"/*.deb
	fi
	mv "$tmp/vmlinuz" "$bz"
fi
# The payload is xz (6.1) or zstd (6.12): try every magic match in order and
# keep the first one that decompresses to an ELF.  Process substitution, not
# a pipe: tail gets SIGPIPE when the decompressor stops after one stream.
extract() { # MAGIC_RE DECOMPRESS...
	local re=$1 off; shift
	command -v "$1" >/dev/null || return 1
	for off in $(LC_ALL=C grep -obUaP "$re" "$bz" | cut -d: -f1 | head -5 || true); do
		"$@" < <(tail -c +$((off + 1)) "$bz") > "$tmp/vmlinux" 2>/dev/null || true
		if file -b "$tmp/vmlinux" | grep -q '^ELF 64-bit'; then return 0; fi
	done
	return 1
}
if ! extract '\xfd7zXZ\x00' xz -dc --single-stream &&
   ! extract '\x28\xb5\x2f\xfd' zstd -dcq; then
	# still bootable, only slower: QEMU runs the kernel's own decompressor
	echo "prepare-kernel: warning: cannot extract vmlinux from $bz (install xz-utils and zstd); booting the bzImage (slower)" >&2
	echo "$bz"
	exit 0
fi
mv "$tmp/vmlinux" "$out/vmlinux"
echo "$out/vmlinux"
