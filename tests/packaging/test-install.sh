#!/usr/bin/env bash
# tests/packaging/test-install.sh - make install / uninstall into a DESTDIR,
# the installed library used through pkg-config (shared and static), the
# generated man page and bash completion against the command table, and the
# DKMS source tree added, built and installed by dkms (in private trees).
# Needs `make all` first.  Prints "PACKAGING: N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
bin=build/bin/nvsched

make --no-print-directory -s install DESTDIR="$d/root" PREFIX=/usr >"$d/install.log" 2>&1 ||
	{ cat "$d/install.log"; bad "make install"; }
# the files a user gets (listed here, independently of packaging.mk)
for f in usr/bin/nvsched usr/lib/libnvsched.so.1 usr/lib/libnvsched.so usr/lib/libnvsched.a \
	usr/include/nvsched/nvsched.h usr/include/nvsched/uapi/nvsched.h \
	usr/lib/pkgconfig/nvsched.pc usr/share/bash-completion/completions/nvsched \
	usr/lib/udev/rules.d/70-nvsched.rules usr/share/man/man1/nvsched.1 \
	usr/share/man/man1/nvsched-rta.1 usr/share/man/man1/nvsched-predict.1 usr/share/man/man1/nvsched-prio.1 \
	usr/share/man/man4/nvsched.4 usr/share/man/man3/libnvsched.3; do
	[ -e "$d/root/$f" ] && ok || bad "not installed: /$f"
done
ko=$(find "$d/root/lib/modules" -name 'nvsched.ko*' 2>/dev/null | head -1)
case $ko in */updates/nvsched.ko*) ok ;; *) bad "module not installed under lib/modules/*/updates ($ko)" ;; esac
[ "$(readlink "$d/root/usr/lib/libnvsched.so")" = libnvsched.so.1 ] && ok || bad "libnvsched.so link"
[ -x "$d/root/usr/bin/nvsched" ] && "$d/root/usr/bin/nvsched" version | grep -q '^nvsched [0-9]' && ok || bad "installed nvsched version"
grep -q 'KERNEL=="nvsched".*GROUP="nvsched".*MODE="0660"' "$d/root/usr/lib/udev/rules.d/70-nvsched.rules" &&
	ok || bad "udev rule: root:nvsched 0660"

# pkg-config gives what a program needs, shared and static
cat >"$d/prog.c" <<'C'
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <nvsched.h>
int main(void)
{
	struct nvsched_version v;
	int rc = nvsched_version(&v);	/* no module on this machine */

	printf("%d %s\n", rc, nvsched_strerror(-ENOENT));
	return rc == -ENOENT || rc == -EACCES ? 0 : 1;
}
C
export PKG_CONFIG_SYSROOT_DIR=$d/root PKG_CONFIG_LIBDIR=$d/root/usr/lib/pkgconfig
flags=$(pkg-config --cflags --libs nvsched) && ok || bad "pkg-config nvsched"
[ "$(pkg-config --modversion nvsched)" = "$("$bin" version | awk '{print $2}')" ] && ok || bad "pkg-config version"
if cc -o "$d/prog" "$d/prog.c" $flags -Wl,-rpath,"$d/root/usr/lib" 2>"$d/cc.log"; then
	out=$("$d/prog") && [[ $out == *"modprobe nvsched"* ]] && ok || bad "shared: $out"
	l=$(ldd "$d/prog" 2>&1)
	grep -q "libnvsched.so.1 => $d/root/usr/lib/libnvsched.so.1" <<<"$l" && ok ||
		bad "not linked to the installed .so: $l"
else cat "$d/cc.log"; bad "compile against the installed header + .so"; fi
if cc -static -o "$d/prog-static" "$d/prog.c" $(pkg-config --cflags nvsched) \
	"$d/root/usr/lib/libnvsched.a" 2>"$d/cc.log"; then
	"$d/prog-static" >/dev/null && ok || bad "static program"
else cat "$d/cc.log"; bad "link with the installed libnvsched.a"; fi
unset PKG_CONFIG_SYSROOT_DIR PKG_CONFIG_LIBDIR

# man page and completion cover every command of the table
man1=$d/root/usr/share/man/man1/nvsched.1
comp=$d/root/usr/share/bash-completion/completions/nvsched
grep -q '@COMMANDS@' "$man1" && bad "man page template marker left"
while IFS=$'\t' read -r name _; do
	grep -q "^\.BR $name " "$man1" && ok || bad "man page lacks command $name"
	grep -q "^	$name) " "$comp" && ok || bad "completion lacks command $name"
done < <("$bin" help --list)
complete_words() {	# complete_words WORD... : COMPREPLY for the last word
	bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _nvsched; echo "${COMPREPLY[*]}"' _ "$comp" "$@"
}
[ "$(complete_words nvsched runl)" = runlist ] && ok || bad "complete 'runl'"
[ "$(complete_words nvsched runlist --wa)" = --watch ] && ok || bad "complete 'runlist --wa'"
[ "$(complete_words nvsched channel re)" = restore ] && ok || bad "complete 'channel re'"
[ "$(complete_words nvsched --backend r)" = rm ] && ok || bad "complete '--backend r'"
[ "$(complete_words nvsched --gpu 1 en)" = engines ] && ok || bad "complete after --gpu 1"
[ "$(complete_words nvsched help pre)" = predict ] && ok || bad "complete 'help pre'"

# man renders the installed pages
for page in "1 nvsched:nvsched - inspect and steer" "4 nvsched:/dev/nvsched" "3 libnvsched:nvsched_open"; do
	sec=${page%% *} rest=${page#* } name=${rest%%:*} want=${rest#*:}
	out=$(MANPATH=$d/root/usr/share/man MANWIDTH=100 man -P cat "$sec" "$name" 2>"$d/man.err")
	grep -qF -- "$want" <<<"$out" && ok || { cat "$d/man.err"; bad "man $sec $name does not render ('$want')"; }
done

# DKMS: the staged sources added, built and installed by dkms itself, in
# trees of our own (nothing of the system's /lib/modules is touched but
# dkms's depmod run) against the 6.1 headers
make --no-print-directory -s dkms-source DESTDIR="$d/dkms-src" >/dev/null 2>&1 && ok || bad "make dkms-source"
ver=$("$bin" version | awk '{print $2}')
grep -q "^PACKAGE_VERSION=\"$ver\"" "$d/dkms-src/usr/src/nvsched-$ver/dkms.conf" && ok || bad "dkms.conf version"
kver=$(ls /lib/modules | grep -E '^6\.1\.[0-9]+-[0-9]+-amd64$' | sort -V | tail -1)
if ! command -v dkms >/dev/null; then
	bad "dkms not installed (run make deps)"
elif [ -z "$kver" ] || [ ! -e "/lib/modules/$kver/build" ]; then
	bad "no 6.1 kernel headers under /lib/modules/*/build (run make deps)"
else
	mkdir -p "$d/dkms/tree" "$d/dkms/inst/$kver"
	dk=(--dkmstree "$d/dkms/tree" --sourcetree "$d/dkms-src/usr/src" --installtree "$d/dkms/inst"
		-m nvsched -v "$ver")
	if dkms add "${dk[@]}" >"$d/dkms.log" 2>&1 && dkms build "${dk[@]}" -k "$kver" >>"$d/dkms.log" 2>&1 &&
		dkms install "${dk[@]}" -k "$kver" >>"$d/dkms.log" 2>&1; then
		[ -f "$d/dkms/inst/$kver/updates/dkms/nvsched.ko" ] && ok || bad "dkms install: no nvsched.ko"
		modinfo -F vermagic "$d/dkms/inst/$kver/updates/dkms/nvsched.ko" | grep -q "^$kver " &&
			ok || bad "dkms module not built for $kver"
	else
		tail -20 "$d/dkms.log"; cat "$d/dkms/tree/nvsched/$ver/build/make.log" 2>/dev/null | tail -20
		bad "dkms add/build/install"
	fi
	dkms remove "${dk[@]}" -k "$kver" >/dev/null 2>&1
	[ ! -e "$d/dkms/inst/$kver/updates/dkms/nvsched.ko" ] && ok || bad "dkms remove"
fi

make --no-print-directory -s uninstall DESTDIR="$d/root" PREFIX=/usr >/dev/null 2>&1 && ok || bad "make uninstall"
left=$(find "$d/root" -type f -o -type l | sed "s|^$d/root||")
[ -z "$left" ] && ok || bad "left after uninstall: $left"

echo "PACKAGING: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
