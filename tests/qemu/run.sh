#!/usr/bin/env bash
# tests/qemu/run.sh - boot a QEMU (TCG) guest running Debian's own kernel with
# nvsched.ko bound to simulated GPUs, run a command in it, print its stdout
# and return its exit status.  See tests/qemu/README.md.
#
#   tests/qemu/run.sh --snapshot FILE [--snapshot FILE2 ...] [--kernel 6.1|6.12|6.12-rt]
#                     [--timeout S] [options] -- CMD...
#
# Every snapshot gets a host responder (build/bin/nvss-responder, env
# NVSS_RESPONDER) serving a 32 MiB image file that becomes BAR2 of an
# ivshmem-plain PCI device (PCI slots in snapshot order -> gpu0, gpu1, ...).
# The guest runs `insmod nvsched.ko test_devices=1af4:1110:2`, then
# `sh -c "CMD..."` (the words joined by spaces, like ssh).
#
# Exit status: CMD's own status when the guest ran cleanly, else
#   120 insmod failed           121 kernel tainted / oops / WARNING in dmesg
#   122 guest died without a result (panic, reboot)
#   123 inconsistent result (isa-debug-exit status disagrees with serial)
#   124 timeout (hang)          125 host-side setup error (kernel, module
#   build, responder, QEMU start)          126 --check script failed
set -euo pipefail
QNAME=run.sh
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
# shellcheck source=tests/qemu/lib.sh
. "$here/lib.sh"

usage() {
	sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
	cat <<'EOF'
Options:
  --snapshot FILE     attach a simulated GPU from this snapshot (repeatable)
  --kernel K          6.1 (default, env NVSS_QEMU_KERNEL), 6.12, 6.12-rt, or
                      debug (the lockdep/KASAN kernel of make check-debug-kernel)
  --timeout S         kill the guest after S seconds (default 120)
  --smp N / --mem MB  guest CPUs (default 1) / memory (default 512)
  --no-insmod         do not load the module before CMD (it is still in the
                      guest: insmod /lib/modules/nvsched.ko test_devices=...)
  --modparams STR     extra module parameters (after test_devices=...)
  --module-src DIR    build nvsched.ko from DIR/Kbuild instead of the repo
                      (self-tests); env NVSS_QEMU_MODULE=FILE.ko: prebuilt
  --file SRC[:DST]    copy a host file into the guest (default /files/NAME)
  --mmiotrace         trace every MMIO access of the module with the kernel's
                      mmiotrace (on before insmod); the host gets DIR/mmioN.txt
                      per GPU: "R|W WIDTH 0xBAR_OFFSET 0xVALUE" in order
  --check SCRIPT      run SCRIPT (bash) on the host after a clean run (env
                      NVSS_REPO, NVSS_RUN_DIR, NVSS_SNAPSHOTS = file listing the
                      snapshots in gpu order, NVSS_KERNEL, NVSS_KERNEL_ABI);
                      failure -> exit 126
  --workdir DIR       keep every artifact in DIR (default: temporary, kept
                      only on failure)
  --keep              keep the temporary work directory
  --prepare-only      only prepare kernel, module and guest programs
  -v, --verbose       progress and timings on stderr
Env: NVSS_RESPONDER, NVSS_QEMU_ACCEL (tcg; kvm only on real VT-x hosts),
     NVSS_QEMU_BUILD (build/qemu), NVSS_FIXTURES, NVSS_QEMU_APPEND (extra
     kernel command line, e.g. "loglevel=8" or "ignore_loglevel").
EOF
}

snaps=() files=()
kernel=${NVSS_QEMU_KERNEL:-6.1} timeout_s=120 smp=1 mem=512 insmod=1 modparams=
modsrc="" check="" workdir="" keep=0 prepare_only=0 verbose=0 mmiotrace=0
while [ $# -gt 0 ]; do
	case $1 in
	--snapshot|--kernel|--timeout|--smp|--mem|--modparams|--module-src|--file|--check|--workdir)
		[ $# -ge 2 ] || { qerr "$1 needs an argument"; exit 125; } ;;&
	--snapshot) snaps+=("$2"); shift 2 ;;
	--kernel) kernel=$2; shift 2 ;;
	--timeout) timeout_s=$2; shift 2 ;;
	--smp) smp=$2; shift 2 ;;
	--mem) mem=$2; shift 2 ;;
	--no-insmod) insmod=0; shift ;;
	--modparams) modparams=$2; shift 2 ;;
	--module-src) modsrc=$2; shift 2 ;;
	--file) files+=("$2"); shift 2 ;;
	--mmiotrace) mmiotrace=1; shift ;;
	--check) check=$2; shift 2 ;;
	--workdir) workdir=$2; shift 2 ;;
	--keep) keep=1; shift ;;
	--prepare-only) prepare_only=1; shift ;;
	-v|--verbose) verbose=1; shift ;;
	-h|--help) usage; exit 0 ;;
	--) shift; break ;;
	*) qerr "unknown option '$1' (see --help)"; exit 125 ;;
	esac
done
if [ $prepare_only = 0 ] && [ $# -eq 0 ]; then qerr "no command (use: run.sh [options] -- CMD...)"; exit 125; fi
cmd="$*"

t0=$(date +%s.%N)
elapsed() { awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }'; }
say() { [ $verbose = 1 ] && echo "run.sh: [$(elapsed)s] $*" >&2 || true; }

# ---- host preparation: kernel, module, guest programs ----------------------
for t in qemu-system-x86_64:qemu-system-x86 cpio:cpio gzip:gzip base64:coreutils flock:util-linux; do
	command -v "${t%%:*}" >/dev/null || { qerr "${t%%:*} not found (apt-get install ${t#*:}, or make deps)"; exit 125; }
done
case $kernel in 6.1|6.12|6.12-rt|debug) ;; *) qerr "unknown kernel '$kernel' (6.1, 6.12, 6.12-rt, debug)"; exit 125 ;; esac
vmlinux=$("$here/prepare-kernel.sh" "$kernel") || { qerr "cannot prepare kernel $kernel"; exit 125; }
abi=$(kernel_abi "$kernel")
say "kernel $abi: $vmlinux"
if [ -n "${NVSS_QEMU_MODULE:-}" ]; then
	ko=$NVSS_QEMU_MODULE
	[ -f "$ko" ] || { qerr "NVSS_QEMU_MODULE=$ko: no such file"; exit 125; }
else
	ko=$(build_module "$abi" "$modsrc") || exit 125
fi
say "module ${ko:-none}"
build_guest_bins || exit 125
say "guest programs ready"
busybox=$(command -v busybox || echo /bin/busybox)
[ -x "$busybox" ] && is_static "$busybox" ||
	{ qerr "$busybox is not a static busybox (apt-get install busybox-static)"; exit 125; }
[ $prepare_only = 1 ] && exit 0

if [ -n "${NVSS_RESPONDER:-}" ]; then
	responder=$NVSS_RESPONDER
	[ -x "$responder" ] || { qerr "NVSS_RESPONDER=$responder is not executable"; exit 125; }
elif [ -x "$repo/build/bin/nvss-responder" ]; then
	responder=$repo/build/bin/nvss-responder
else
	responder=$(build_standin) || exit 125
	[ ${#snaps[@]} -gt 0 ] && qwarn "build/bin/nvss-responder not built: using the static stand-in (register image only, no hardware semantics)"
fi

# ---- work directory ----------------------------------------------------------
if [ -n "$workdir" ]; then
	mkdir -p "$workdir"; D=$(cd "$workdir" && pwd); keep=1
	(cd "$D" && rm -rf bar*.img ready* writes*.txt responder*.log results.* console.log stdout.txt \
		stderr.txt dmesg-bad.txt bars.txt mmio*.txt check.log verdict qemu.stderr initramfs*)
else
	mkdir -p "$QB/runs"; D=$(mktemp -d "$QB/runs/run.XXXXXX")
fi
pids=() qpid=
# The BAR images live on tmpfs while the guest runs: QEMU maps them shared,
# and a disk file's writeback can stall the vCPU that writes a page being
# written back (stable pages); they move into the work dir afterwards.
shm=
shm_base=${NVSS_QEMU_SHM:-/dev/shm}
if [ -d "$shm_base" ] && [ -w "$shm_base" ]; then
	shm=$(mktemp -d "$shm_base/nvss-bars.XXXXXX" 2>/dev/null) || shm=
fi
img() { echo "${shm:-$D}/bar$1.img"; }
cleanup() {
	local p
	[ -n "$qpid" ] && kill "$qpid" 2>/dev/null || true
	for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
	if [ -n "$shm" ]; then rm -rf "$shm"; fi
}
trap 'cleanup; exit 125' INT TERM
trap cleanup EXIT

# ---- responders -----------------------------------------------------------------
: > "$D/snapshots.txt"
devargs=()
for i in "${!snaps[@]}"; do
	s=${snaps[$i]}
	[ -f "$s" ] || { qerr "no such snapshot: $s"; exit 125; }
	s=$(cd "$(dirname "$s")" && pwd)/$(basename "$s")
	echo "$s" >> "$D/snapshots.txt"
	rm -f "$D/ready$i"
	# shellcheck disable=SC2086  # NVSS_RESPONDER_ARGS: extra words, e.g. --pending-ms 600000
	"$responder" --snapshot "$s" --image "$(img "$i")" --ready "$D/ready$i" --log "$D/writes$i.txt" \
		${NVSS_RESPONDER_ARGS:-} > "$D/responder$i.log" 2>&1 < /dev/null &
	pids+=($!)
	# slots 4..27 of bus 0, then 24 per PCI bridge: bus order == snapshot order
	br=$((i / 24)) slot=$((i % 24))
	if [ $br -eq 0 ]; then where="addr=$(printf '0x%x' $((4 + slot)))"; else
		[ $slot -eq 0 ] && devargs+=(-device "pci-bridge,id=br$br,chassis_nr=$br,addr=$(printf '0x%x' $((27 + br)))")
		where="bus=br$br,addr=$(printf '0x%x' $((1 + slot)))"
	fi
	devargs+=(-object "memory-backend-file,id=bar$i,share=on,mem-path=$(img "$i"),size=32M"
		-device "ivshmem-plain,memdev=bar$i,$where")
done
for i in "${!snaps[@]}"; do
	n=0
	while [ ! -e "$D/ready$i" ]; do
		if ! kill -0 "${pids[$i]}" 2>/dev/null; then
			qerr "responder for ${snaps[$i]} exited before it was ready:"; cat "$D/responder$i.log" >&2; exit 125
		fi
		n=$((n + 1)); [ $n -gt 600 ] && { qerr "responder for ${snaps[$i]} not ready after 30 s"; exit 125; }
		sleep 0.05
	done
	sz=$(stat -c %s "$(img "$i")" 2>/dev/null || echo 0)
	[ "$sz" = 33554432 ] || { qerr "responder image $(img "$i") is $sz bytes, not 32 MiB"; exit 125; }
done
say "${#snaps[@]} responder(s) ready ($responder)"

# ---- initramfs ----------------------------------------------------------------------
R=$D/initramfs
rm -rf "$R"; mkdir -p "$R"/{bin,sbin,lib/modules,proc,sys,dev,tmp,root,files,snapshots}
cp "$busybox" "$R/bin/busybox"
cp "$here/guest/init" "$R/init"; chmod 755 "$R/init"
(
	flock -s 8
	for b in "$QB"/guestbin/*; do
		[ -f "$b" ] && [ -x "$b" ] || continue
		n=$(basename "$b")
		case $n in *.tmp|*.log|*.txt) continue ;; extra-*) cp "$b" "$R/bin/${n#extra-}" ;; *) cp "$b" "$R/bin/$n" ;; esac
	done
	while IFS= read -r l; do
		[ -n "$l" ] || continue
		mkdir -p "$R$(dirname "$l")"; cp -L "$l" "$R$l"
	done < "$QB/guestbin/dynlibs.txt"
) 8>"$QB/guestbin/.lock"
[ -s "$QB/guestbin/dynlibs.txt" ] && mkdir -p "$R/lib64"
cp "$ko" "$R/lib/modules/nvsched.ko"
for i in "${!snaps[@]}"; do cp "${snaps[$i]}" "$R/snapshots/gpu$i.nvss"; done
for f in "${files[@]}"; do
	src=${f%%:*}; dst=/files/$(basename "$src"); [ "$f" != "$src" ] && dst=${f#*:}
	mkdir -p "$R$(dirname "$dst")"; cp -r "$src" "$R$dst"
done
mp="test_devices=1af4:1110:2${modparams:+ $modparams}"
printf 'INSMOD=%s\nMODPARAMS=%q\nNGPU=%s\nMMIOTRACE=%s\n' "$insmod" "$mp" "${#snaps[@]}" "$mmiotrace" > "$R/harness.conf"
# A guest that is still running 30 s before the timeout dumps what its tasks
# and CPUs are doing (guest/init: hang_dump) so that a hang says where it
# hangs; the guest's clock starts from the host's (QEMU's RTC, UTC).  Set
# here, just before the boot, from the host's clock.  30 s, not less: on
# CI's loaded host a dump once needed more than 20 s under TCG.
if [ "$timeout_s" -ge 50 ]; then
	printf 'HANGDUMP_AT=%s\nHANGDUMP_IN=%s\n' "$(( $(date +%s) + timeout_s - 30 ))" "$((timeout_s - 30))" >> "$R/harness.conf"
fi
printf '%s\n' "$cmd" > "$R/cmd.sh"
(cd "$R" && find . -print0 | cpio --null -o -H newc --quiet --owner=0:0 | gzip -1) > "$D/initramfs.cpio.gz"
say "initramfs $(stat -c %s "$D/initramfs.cpio.gz") bytes"

# ---- boot ---------------------------------------------------------------------------
# no_timer_check: on a loaded host the TCG guest can miss the IO-APIC timer
# check at boot ("IO-APIC + timer doesn't work!" panic) - seen here under load 20
accel=${NVSS_QEMU_ACCEL:-tcg}
cpu=(); [ "$accel" = kvm ] && cpu=(-cpu host)
: > "$D/results.txt"; : > "$D/console.log"
set +e
timeout -k 5 "$timeout_s" qemu-system-x86_64 -accel "$accel" "${cpu[@]}" -M pc -m "$mem" -smp "$smp" \
	-nodefaults -display none -no-reboot \
	-kernel "$vmlinux" -initrd "$D/initramfs.cpio.gz" \
	-append "console=ttyS0 panic=-1 oops=panic panic_on_warn=1 no_timer_check quiet${NVSS_QEMU_APPEND:+ $NVSS_QEMU_APPEND}" \
	-serial "file:$D/console.log" -serial "file:$D/results.txt" \
	-device isa-debug-exit,iobase=0xf4,iosize=0x04 \
	"${devargs[@]}" < /dev/null > "$D/qemu.stderr" 2>&1 &
qpid=$!
wait $qpid; qrc=$?
qpid=
set -e
tboot=$(elapsed)
say "QEMU exited $qrc"

# ---- stop the responders (their write logs stay in the work dir) ---------------------
resp_bad=0
for i in "${!pids[@]}"; do kill -TERM "${pids[$i]}" 2>/dev/null || true; done
for i in "${!pids[@]}"; do
	p=${pids[$i]} n=0
	while kill -0 "$p" 2>/dev/null && [ $n -lt 200 ]; do sleep 0.05; n=$((n + 1)); done
	if kill -0 "$p" 2>/dev/null; then
		kill -KILL "$p" 2>/dev/null || true
		qwarn "responder $i ignored SIGTERM for 10 s; killed"; resp_bad=1
	fi
	set +e; wait "$p"; r=$?; set -e
	if [ $r -ne 0 ]; then qwarn "responder $i exited with status $r (see $D/responder$i.log)"; resp_bad=1; fi
done
pids=()
# the images into the work dir, where the checks and a failure's artifacts are
if [ -n "$shm" ]; then
	for i in "${!snaps[@]}"; do mv "$(img "$i")" "$D/bar$i.img" 2>/dev/null || true; done
	rm -rf "$shm"; shm=
fi

# ---- verdict ---------------------------------------------------------------------------
tr -d '\r' < "$D/results.txt" > "$D/results.clean"
block() { # NAME -> decoded block on stdout
	awk -v b="HARNESS-$1-BEGIN" -v e="HARNESS-$1-END" '$0==e{f=0} f{print} $0==b{f=1}' "$D/results.clean" | base64 -d 2>/dev/null || true
}
block STDOUT > "$D/stdout.txt"
block STDERR > "$D/stderr.txt"
block DMESG > "$D/dmesg-bad.txt"
block BARS > "$D/bars.txt"
if [ $mmiotrace = 1 ]; then
	block MMIOTRACE | gunzip -c > "$D/mmiotrace.txt" 2>/dev/null || true
	# per-GPU access lists with offsets into the BAR: mmioN.txt
	awk -v D="$D" '
		function hex(s,  i, v) { s = tolower(s); sub(/^0x/, "", s); v = 0
			for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
			return v }
		FNR == NR { base[NR - 1] = hex($2); end[NR - 1] = hex($3); n = NR; next }
		($1 == "R" || $1 == "W") && NF >= 6 {
			a = hex($5)
			for (i = 0; i < n; i++)
				if (a >= base[i] && a <= end[i]) {
					printf "%s %s 0x%06x %s\n", $1, $2, a - base[i], $6 > (D "/mmio" i ".txt"); break
				}
		}' "$D/bars.txt" "$D/mmiotrace.txt"
	for i in "${!snaps[@]}"; do touch "$D/mmio$i.txt"; done
fi
res=$(grep -m1 '^HARNESS-RESULT ' "$D/results.clean" || true)
grc=$(sed -n 's/.* rc=\([0-9-]*\).*/\1/p' <<< "$res")
crc=$(sed -n 's/.* cmd=\([0-9-]*\).*/\1/p' <<< "$res")
why=$(sed -n 's/.* reason=\([a-z]*\).*/\1/p' <<< "$res")

rc=0 msg=
if [ $qrc -eq 124 ] || [ $qrc -eq 137 ]; then
	rc=124 msg="timeout: guest killed after ${timeout_s}s (hang)"
elif [ $qrc -ge 125 ] && [ $qrc -le 127 ] && [ -z "$res" ]; then
	rc=125 msg="could not run QEMU (timeout exit $qrc): $(head -c 600 "$D/qemu.stderr")"
elif [ $qrc -eq 0 ]; then
	rc=122 msg="guest died without a result (panic or reboot)"
elif [ $qrc -eq 1 ] && [ -z "$res" ]; then
	rc=125 msg="QEMU failed to start: $(head -c 600 "$D/qemu.stderr")"
elif [ -z "$res" ]; then
	rc=122 msg="no HARNESS-RESULT on the result port (QEMU exit $qrc)"
elif [ $((qrc & 1)) -ne 1 ] || [ $(( (qrc - 1) / 2 - 16 )) -ne $(( grc > 111 ? 111 : grc )) ]; then
	rc=123 msg="isa-debug-exit status $qrc disagrees with '$res'"
else
	case $why in
	ok) rc=0 ;;
	cmd) rc=$crc ;;
	insmod) rc=120 msg="insmod nvsched.ko failed" ;;
	taint) rc=121 msg="kernel tainted or oops/WARNING in dmesg ($(grep -m1 '^HARNESS-TAINT' "$D/results.clean"))" ;;
	*) rc=123 msg="unknown verdict '$res'" ;;
	esac
fi
if [ $rc -eq 0 ] && [ $resp_bad -ne 0 ]; then rc=125 msg="a responder failed"; fi
if [ $rc -eq 0 ] && [ -n "$check" ]; then
	set +e
	NVSS_REPO=$repo NVSS_RUN_DIR=$D NVSS_SNAPSHOTS=$D/snapshots.txt NVSS_KERNEL=$kernel NVSS_KERNEL_ABI=$abi \
		bash "$check" > "$D/check.log" 2>&1
	r=$?
	set -e
	if [ $r -ne 0 ]; then rc=126 msg="host check $check failed (rc=$r):
$(tail -20 "$D/check.log")"; fi
fi

# what the console says about a failed guest: the kernel's first report
# (oops, lockup, stall, hung task) from its headline, the hang dump if the
# guest took one, and the last lines
console_report() {
	local c first
	c=$(tr -d '\r' < "$D/console.log")
	first=$(grep -n -m1 -E 'BUG:|soft lockup|rcu: INFO|rcu_.*stall|blocked for more than|Oops|WARNING:|Kernel panic|general protection' <<< "$c" | cut -d: -f1 || true)
	if [ -n "$first" ]; then
		echo "--- console: the kernel's first report (line $first, 45 lines):"
		tail -n +"$first" <<< "$c" | head -45 || true
	fi
	if grep -q 'HARNESS-HANGDUMP' <<< "$c"; then
		echo "--- console: the hang dump (CPUs, blocked tasks, processes; 150 lines at most):"
		awk '/HARNESS-HANGDUMP/ { f = 1 } f' <<< "$c" | head -150 || true
	fi
	echo "--- console (last 25 lines):"
	tail -25 <<< "$c" || true
}

cat "$D/stdout.txt"
[ -s "$D/stderr.txt" ] && cat "$D/stderr.txt" >&2
printf '%s %s %s\n' "$rc" "$qrc" "$tboot" > "$D/verdict"
if [ -n "$msg" ]; then
	{
		echo "run.sh: FAIL ($rc): $msg"
		[ -s "$D/dmesg-bad.txt" ] && { echo "--- dmesg:"; cat "$D/dmesg-bad.txt"; }
		case $rc in 12[0-5]) console_report ;; esac
		echo "run.sh: artifacts in $D"
	} >&2
	keep=1
fi
say "done in ${tboot}s"
[ $keep = 1 ] || rm -rf "$D"
exit "$rc"
