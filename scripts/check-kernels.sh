#!/usr/bin/env bash
# Build nvsched.ko with W=1 (and sparse, C=1) against every Debian kernel
# whose headers are installed: 6.1 (linux-headers-amd64), 6.12 and 6.12-rt
# (bookworm-security).  Fails on any warning.  Each kernel builds in its own
# copy of the sources so objects never mix.
#   scripts/check-kernels.sh [--no-sparse]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
sparse=1
[ "${1:-}" = --no-sparse ] && sparse=0
command -v sparse >/dev/null || { echo "check-kernels: sparse not installed (run make deps)"; exit 1; }

kernels=()
for pat in '6.1.*-amd64' '6.12.*+deb12-amd64' '6.12.*+deb12-rt-amd64'; do
	d=$(ls -d /usr/src/linux-headers-$pat 2>/dev/null | grep -v -- '-common' | sort -V | tail -1 || true)
	if [ -z "$d" ]; then
		echo "check-kernels: no headers matching linux-headers-$pat (run make deps)"; exit 1
	fi
	kernels+=("$d")
done

fail=0
for kdir in "${kernels[@]}"; do
	abi=${kdir#/usr/src/linux-headers-}
	out=$top/build/kcheck/$abi
	rm -rf "$out"; mkdir -p "$out"
	cp -r "$top/Kbuild" "$top/kmod" "$top/include" "$out/"
	log=$out/build.log
	args=(W=1)
	[ $sparse = 1 ] && args+=(C=1)
	if ! make -C "$kdir" M="$out" "${args[@]}" modules >"$log" 2>&1; then
		echo "FAIL $abi: build failed"; grep -E 'error|warning' "$log" | head -20; fail=1; continue
	fi
	if grep -E 'warning:|error:' "$log" | grep -v 'Skipping BTF generation' >/dev/null; then
		echo "FAIL $abi: warnings"; grep -E 'warning:|error:' "$log" | head -20; fail=1; continue
	fi
	[ -f "$out/nvsched.ko" ] || { echo "FAIL $abi: no nvsched.ko"; fail=1; continue; }
	echo "ok   $abi (W=1$([ $sparse = 1 ] && echo ', sparse'))"
done
exit $fail
