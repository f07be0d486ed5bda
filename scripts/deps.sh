#!/usr/bin/env bash
# Install every Debian package nvsched's build and tests need.
# Idempotent and non-interactive: installs only what is missing.
# Usage: scripts/deps.sh            (as root, or with sudo available)
set -euo pipefail

SUDO=
if [ "$(id -u)" -ne 0 ]; then
	command -v sudo >/dev/null || { echo "deps: need root (or sudo) to install packages" >&2; exit 1; }
	SUDO=sudo
fi
export DEBIAN_FRONTEND=noninteractive

# Newest 6.12 (and 6.12-rt) header ABI in bookworm-security, e.g. 6.12.111+deb12.
k612_abi() {
	apt-cache search --names-only '^linux-headers-6\.12\.[0-9]+\+deb12-amd64$' 2>/dev/null |
		sed -n 's/^linux-headers-\(6\.12\.[0-9]*+deb12\)-amd64 .*/\1/p' | sort -V | tail -1
}

BASE_PKGS="build-essential gcc make pkg-config libcmocka-dev libpci-dev sparse
	linux-headers-amd64 qemu-system-x86 busybox-static cpio xz-utils zstd kmod
	dkms man-db clang libclang-rt-14-dev python3
	linux-source-6.1 gcc-aarch64-linux-gnu bc flex bison cppcheck libelf-dev libssl-dev"

missing() {
	local p out=""
	for p in "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || out="$out $p"
	done
	echo "$out"
}

updated=0
need=$(missing $BASE_PKGS)
abi=$(k612_abi || true)
if [ -z "$abi" ] && [ "${NVSCHED_SKIP_612:-0}" != 1 ]; then
	$SUDO apt-get update -qq; updated=1
	abi=$(k612_abi || true)
fi
if [ -n "$abi" ]; then
	need="$need $(missing linux-headers-$abi-amd64 linux-headers-$abi-rt-amd64)"
fi
need=$(echo $need)
if [ -n "$need" ]; then
	[ $updated = 1 ] || $SUDO apt-get update -qq
	echo "deps: installing $need"
	$SUDO apt-get install -y -qq --no-install-recommends $need >/dev/null
else
	echo "deps: all packages present"
fi
