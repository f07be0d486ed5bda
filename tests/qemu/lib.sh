# shellcheck shell=bash
# Shared helpers of tests/qemu/run.sh and tests/qemu/suite.sh (sourced).
# Expects $repo (repository root) to be set; host checks of cases have
# $NVSS_REPO instead.
repo=${repo:-${NVSS_REPO:-}}

QB=${NVSS_QEMU_BUILD:-$repo/build/qemu}
QDIR=$repo/tests/qemu

qwarn() { echo "${QNAME:-qemu}: warning: $*" >&2; }
qerr() { echo "${QNAME:-qemu}: $*" >&2; }

# fixture_dir: the real captures (h100_idle.nvss, rmprobe_idle.txt):
# $NVSS_FIXTURES if set, else the repository's tests/fixtures
fixture_dir() {
	local d=${NVSS_FIXTURES:-$repo/tests/fixtures}
	[ -f "$d/h100_idle.nvss" ] || { qerr "fixture missing: $d/h100_idle.nvss"; return 1; }
	(cd "$d" && pwd)
}

# expected_chip SNAPSHOT: the chip name the module must report for it:
# `meta name sim-<chip>` upper-cased; else `meta chip NAME`; else decoded
# from BOOT_0 for the few chips real fixtures exist for (H100 -> GH100).
expected_chip() {
	local f=$1 n boot0 id
	n=$(awk '$1=="meta" && $2=="name" && $3 ~ /^sim-/ { sub(/^sim-/, "", $3); print toupper($3); exit }' "$f")
	[ -n "$n" ] && { echo "$n"; return; }
	n=$(awk '$1=="meta" && $2=="chip" { print toupper($3); exit }' "$f")
	[ -n "$n" ] && { echo "$n"; return; }
	boot0=$(awk '$1=="r" && $2 ~ /^0[xX]0+$/ { print $3; exit }' "$f")
	if [ -n "$boot0" ]; then
		id=$(( (boot0 >> 20) & 0x1ff ))
		case $(printf '0x%x' "$id") in
		0x180) echo GH100; return ;;
		0x170) echo GA100; return ;;
		0x172) echo GA102; return ;;
		0x192) echo AD102; return ;;
		esac
	fi
	echo UNKNOWN
}

# profile_snapshots: every generated chip profile plus the real H100 fixture
profile_snapshots() {
	local f fx
	for f in "$repo"/build/profiles/*.nvss; do
		[ -f "$f" ] && echo "$f"
	done
	if fx=$(fixture_dir); then
		echo "$fx/h100_idle.nvss"
	fi
}

# is_static FILE
is_static() { file -bL "$1" | grep -qE 'statically linked|static-pie linked'; }

# The debug kernel (scripts/check-debug-kernel.sh): a tree built from
# Debian's linux-source with lockdep, KASAN, kmemleak; flavour "debug"
debug_tree() { echo "${NVSS_DEBUG_KERNEL_TREE:-$repo/build/debug-kernel/linux-source-6.1}"; }

# kernel_kdir ABI: the build tree modules for ABI are built against
kernel_kdir() {
	local t
	t=$(debug_tree)
	if [ "$1" = "debug-$(cat "$t/include/config/kernel.release" 2>/dev/null)" ]; then
		echo "$t"
	else
		echo "/usr/src/linux-headers-$1"
	fi
}

# kernel_abi FLAVOUR (6.1, 6.12, 6.12-rt, debug): newest installed header
# ABI; for debug, "debug-" and the built tree's release (empty if not built)
kernel_abi() {
	local pat t
	case "$1" in
	debug)
		t=$(debug_tree)
		[ -s "$t/vmlinux" ] && [ -f "$t/Module.symvers" ] || return 0
		echo "debug-$(cat "$t/include/config/kernel.release")"
		return 0 ;;
	6.1)     pat='^linux-headers-(6\.1\.0-[0-9]+-amd64)$' ;;
	6.12)    pat='^linux-headers-(6\.12\.[0-9]+\+deb12-amd64)$' ;;
	6.12-rt) pat='^linux-headers-(6\.12\.[0-9]+\+deb12-rt-amd64)$' ;;
	*) return 2 ;;
	esac
	ls /usr/src | sed -nE "s/$pat/\1/p" | sort -V | tail -1
}

# sync_sources SRC DST PATHS...: copy the module sources (only *.c, *.h,
# Kbuild, Makefile) of PATHS under SRC into DST.  Unchanged files are left
# alone (so kbuild stays incremental); files gone from SRC are removed.
# Prints the number of files changed.
sync_sources() {
	local src=$1 dst=$2 f n=0; shift 2
	mkdir -p "$dst"
	local list
	list=$(cd "$src" && for p in "$@"; do [ -e "$p" ] && find "$p" -type f \( -name '*.[ch]' -o -name Kbuild -o -name Makefile \) ! -name '*.mod.c'; done | sed 's|^\./||' | sort)
	while IFS= read -r f; do
		[ -n "$f" ] || continue
		if ! cmp -s "$src/$f" "$dst/$f"; then
			mkdir -p "$dst/$(dirname "$f")"
			cp "$src/$f" "$dst/$f"
			n=$((n + 1))
		fi
	done <<< "$list"
	(cd "$dst" && find . -type f \( -name '*.[ch]' -o -name Kbuild -o -name Makefile \) ! -name '*.mod.c' | sed 's|^\./||' | sort) |
	while IFS= read -r f; do
		grep -qxF "$f" <<< "$list" || { rm -f "$dst/$f"; echo gone; }
	done | wc -l | { read -r g; echo $((n + g)); }
}

# build_module ABI [SRC_DIR] -> prints the path of nvsched.ko
# SRC_DIR empty: the real module from the repository (Kbuild, kmod/,
# include/), built in $QB/mod-<abi>/.  Else a directory with its own Kbuild
# (self-test placeholder), built in $QB/mod-<abi>-<basename>/.
build_module() {
	local abi=$1 src=${2:-} out kdir
	kdir=$(kernel_kdir "$1")
	[ -d "$kdir" ] || { qerr "no kernel headers $kdir"; return 1; }
	if [ -z "$src" ]; then
		if [ ! -f "$repo/Kbuild" ] || ! ls "$repo"/kmod/linux/*.c >/dev/null 2>&1; then
			qerr "the nvsched module source is not in this tree yet (need Kbuild and kmod/linux/*.c)"
			return 1
		fi
		out=$QB/mod-$abi
	else
		src=$(cd "$src" && pwd) || return 1
		out=$QB/mod-$abi-$(basename "$src")
	fi
	mkdir -p "$out"
	(
		flock 8
		if [ -z "$src" ]; then
			changed=$(sync_sources "$repo" "$out" Kbuild kmod include)
		else
			changed=$(sync_sources "$src" "$out" .)
		fi
		# nothing changed since the last good build: skip kbuild (~1 s)
		[ "$changed" = 0 ] && [ -f "$out/nvsched.ko" ] && [ -f "$out/.build-ok" ] && exit 0
		rm -f "$out/.build-ok"
		if ! make -C "$kdir" M="$out" modules > "$out/build.log" 2>&1; then
			qerr "module build for $abi failed ($out/build.log):"
			grep -E 'error|Error' "$out/build.log" | head -20 >&2
			exit 1
		fi
		touch "$out/.build-ok"
	) 8>"$out/.lock" || return 1
	[ -f "$out/nvsched.ko" ] || { qerr "no nvsched.ko in $out"; return 1; }
	echo "$out/nvsched.ko"
}

# build_guest_bins: static programs for the guest in $QB/guestbin/ (readers
# copy them while holding a shared flock on $QB/guestbin/.lock)
#   qexit and every tests/qemu/guest/*.c (gcc -static)
#   every program in build/bin/ (except the host-only nvss-responder): relinked
#   statically through `make B=build/qemu/static CC="cc -static"`; if that
#   fails, a binary that is already static is copied; otherwise a warning
#   and the dynamic binary is copied with its host libraries (dynlibs.txt).
build_guest_bins() {
	local gb=$QB/guestbin
	mkdir -p "$gb"
	(
		flock 8
		local c n b sb
		for c in "$QDIR"/guest/*.c; do
			n=$(basename "$c" .c)
			if [ ! -x "$gb/$n" ] || [ "$c" -nt "$gb/$n" ]; then
				gcc -O2 -static -Wall -Wextra -Werror -I"$repo/include" -o "$gb/$n.tmp" "$c" &&
					mv "$gb/$n.tmp" "$gb/$n" || { qerr "cannot build guest program $c"; exit 1; }
			fi
		done
		: > "$gb/dynlibs.txt.new"
		: > "$gb/extra.txt.new"
		for b in "$repo"/build/bin/*; do
			[ -f "$b" ] && [ -x "$b" ] || continue
			n=$(basename "$b")
			case $n in nvss-responder*|*.sh|*.py) continue ;; esac
			sb=$repo/build/qemu/static/bin/$n
			if make -s -C "$repo" B=build/qemu/static CC="${CC:-cc} -static" LDFLAGS=-static PCI_LIBS= "build/qemu/static/bin/$n" \
				> "$gb/static-$n.log" 2>&1 && [ -f "$sb" ] && is_static "$sb"; then
				b=$sb
			elif ! is_static "$b"; then
				qwarn "static link of build/bin/$n failed (see $gb/static-$n.log); the guest gets the dynamic binary plus host libraries"
				ldd "$b" 2>/dev/null | grep -oE '/[^ ]+' >> "$gb/dynlibs.txt.new" || true
			fi
			cmp -s "$b" "$gb/extra-$n" || cp "$b" "$gb/extra-$n"
			echo "extra-$n" >> "$gb/extra.txt.new"
		done
		# programs gone from build/bin leave the guest too
		for b in "$gb"/extra-*; do
			[ -e "$b" ] || continue
			grep -qxF "$(basename "$b")" "$gb/extra.txt.new" || rm -f "$b"
		done
		sort -u "$gb/dynlibs.txt.new" > "$gb/dynlibs.txt"; rm -f "$gb/dynlibs.txt.new"
		mv "$gb/extra.txt.new" "$gb/extra.txt"
	) 8>"$gb/.lock"
}

# build_standin: the stand-in responder, when build/bin/nvss-responder is absent
build_standin() {
	local s=$QDIR/selftest/standin-responder.c o=$QB/standin-responder
	mkdir -p "$QB"
	(
		flock 8
		if [ ! -x "$o" ] || [ "$s" -nt "$o" ]; then
			gcc -O2 -Wall -Wextra -Werror -o "$o.tmp" "$s" && mv "$o.tmp" "$o"
		fi
	) 8>"$QB/.standin.lock" || return 1
	echo "$o"
}
