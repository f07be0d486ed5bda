#!/usr/bin/env bash
# tests/cli/test_leaks.sh - no memory leak on the paths the fast tests take:
# the command layer (every read command on three snapshots, the control
# commands' dry runs, runlist --watch, the module and rm backends against
# their stand-ins), the predictor (every case, the SM
# likelihood), the QEMU responder's start-up and error paths, and the unit
# tests of the snapshot reader/writer, JSON, predictor and control plans,
# each run with LeakSanitizer preloaded
# (interceptors only: the normal build, no rebuild; about 5 s).  A leak
# report (exit status 23) fails, and so does any other exit status than the
# one the run expects (0 unless written `leak --exit=N ...`): a run refused for a
# usage error would check nothing.  Skipped with a message where gcc's
# liblsan is missing.
#   tests/cli/test_leaks.sh [-q] [--asan] [--part=cli,predict,responder,units]
# (--part: only those groups; make mutate runs each group as its own job.
# --asan: the programs of `make asan`'s build, build/asan/bin, under
# AddressSanitizer + UndefinedBehaviorSanitizer, whose reports, leaks
# included, also exit 23: a read past a buffer fails too)
set -u
cd "$(dirname "$0")/../.." || exit 1
quiet=
asan=
all_parts=cli,predict,responder,units	# also read by tests/mutate/covermap.py
parts=$all_parts
for a in "$@"; do
	case $a in
	-q) quiet=-q ;;
	--asan) asan=1 ;;
	--part=*) parts=${a#--part=} ;;
	*) echo "usage: tests/cli/test_leaks.sh [-q] [--asan] [--part=$all_parts]" >&2; exit 2 ;;
	esac
done
part() {
	case ",$parts," in *",$1,"*) return 0 ;; esac
	return 1
}
BIN=build/bin
if [ -n "$asan" ]; then
	# the sanitizers are linked in: nothing to preload (fakedev.so comes
	# before libasan in the library list, hence verify_asan_link_order=0)
	BIN=build/asan/bin
	lsan=
	export ASAN_OPTIONS=exitcode=23:detect_leaks=1:verify_asan_link_order=0
	export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:exitcode=23
else
	lsan=$(gcc -print-file-name=liblsan.so 2>/dev/null)
	if [ -z "$lsan" ] || [ ! -e "$lsan" ]; then
		echo "LEAKS: skipped (no liblsan.so from gcc)"
		exit 0
	fi
fi
log=$(mktemp)
tmp=$(mktemp -d)
trap 'rm -f "$log"; rm -rf "$tmp"' EXIT
pass=0
fail=0
# leak [--exit=STATUS] COMMAND...: run COMMAND; it must exit with STATUS (0)
leak() {
	local want=0 rc
	case $1 in --exit=*) want=${1#--exit=}; shift ;; esac
	if [ -n "$lsan" ]; then
		LSAN_OPTIONS=exitcode=23:detect_leaks=1 LD_PRELOAD=$lsan "$@" >/dev/null 2>"$log" </dev/null
	else
		"$@" >/dev/null 2>"$log" </dev/null
	fi
	rc=$?
	if [ $rc -eq 23 ]; then
		fail=$((fail + 1))
		echo "${asan:+SANITIZER REPORT OR }LEAK: $*"
		[ "$quiet" = -q ] || grep -m 12 -E 'ERROR: |leak of|#[0-9] ' "$log"
	elif [ $rc -ne "$want" ]; then
		fail=$((fail + 1))
		echo "EXIT STATUS $rc, not $want (the run checked nothing): $*"
		[ "$quiet" = -q ] || head -n 3 "$log"
	else
		pass=$((pass + 1))
	fi
}

if part cli; then
	NV=$BIN/nvsched
	for snap in build/profiles/gk104.nvss build/profiles/gv100.nvss tests/fixtures/h100_idle.nvss; do
		for c in engines ce gr runlist; do
			# Kepler has no CE or GPC/TPC registers nvsched reads: exit 1
			st=0
			case $snap:$c in *gk104*:ce | *gk104*:gr) st=1 ;; esac
			leak --exit=$st $NV --snapshot "$snap" "$c"
			leak --exit=$st $NV --snapshot "$snap" -j "$c"
		done
	done
	# control commands on gv100's runlist 0 (TSG 10 with channels 4095, 2048;
	# the generator's description), text and JSON, one id and several
	G=build/profiles/gv100.nvss
	leak $NV --snapshot $G channel disable 4095 -r 0 --dry-run
	leak $NV --snapshot $G -j channel disable 4095 2048 -r 0 --dry-run
	leak $NV --snapshot $G -j channel enable 4095 -r 0 --dry-run
	leak $NV --snapshot $G -j tsg preempt 10 -r 0 --dry-run
	leak $NV --snapshot $G tsg preempt 10 -r 0 --dry-run
	for op in preempt resubmit disable enable; do
		leak $NV --snapshot $G -j runlist "$op" 0 --dry-run
	done
	leak $NV --snapshot $G -j runlist --watch -i 10 --count 2
	leak $NV --snapshot $G runlist --watch -i 10 --count 2
	leak $NV --snapshot $G -j runlist -r 0
	leak --exit=1 $NV --snapshot $G runlist -r 99	# no such runlist: the message names the GPU
	# the module backend against the stand-in /dev/nvsched (tests/cli/cli.mk)
	F=build/tests/cli/fakedev.so
	if ! make --no-print-directory -s "$F"; then
		fail=$((fail + 1))
		echo "cannot build $F"
	else
		M="env NVSCHED_DEVICE=/dev/null LD_PRELOAD=${lsan:+$lsan:}$F $NV --backend module"
		for c in engines ce gr runlist "tsg preempt 10" "channel restore" list; do
			# shellcheck disable=SC2086
			leak $M -j $c
		done
		# the stand-in answers EBUSY for channel 77 (exit 1); with
		# NVSCHED_TEST_RL_CAP the first runlist read has room for one
		# entry, ENOSPC, and is retried at the size the module asks for
		leak --exit=1 $M -j channel disable 4095 77 -r 0 --dry-run
		leak env NVSCHED_TEST_RL_CAP=1 $M runlist
		# 130 bare channels on runlist 0: --watch's set grows past 64
		# and 128 objects (written past its end, --asan reports it)
		leak env NVSCHED_TEST_RL_LONG=1 $M -j runlist --watch -r 0 -i 10 --count 2
		# a device table of 256 rows, as many as nvsched keeps: ce reads
		# each once, none past them (--asan)
		leak env NVSCHED_TEST_TOPO_FULL=1 $M -j ce
	fi
	# the rm backend against the stand-in NVIDIA driver (tests/cli/fakenv.c):
	# as root the register views of the H100 capture; without CAP_SYS_ADMIN
	# (setpriv, util-linux) the refusals (exit 1), whose messages name the GPU,
	# and engines: RM's engine list (GET_ENGINES_V2), or with
	# NVSCHED_FAKENV_NO_ENGINES=1 its failure (exit 1)
	N=build/tests/cli/fakenv.so
	if ! make --no-print-directory -s "$N"; then
		fail=$((fail + 1))
		echo "cannot build $N"
	else
		mkdir -p "$tmp/nvdev"
		: >"$tmp/nvdev/nvidiactl"
		: >"$tmp/nvdev/nvidia0"
		R="env NVSCHED_NVIDIA_DEV_DIR=$tmp/nvdev NVSCHED_FAKENV_SNAPSHOT=tests/fixtures/h100_idle.nvss"
		R="$R LD_PRELOAD=${lsan:+$lsan:}$N $NV --backend rm"
		for c in engines runlist; do
			# shellcheck disable=SC2086
			leak $R -j $c
			# shellcheck disable=SC2086
			leak $R $c
		done
		leak --exit=1 $R channel disable 5 -r 0 --dry-run
		if ! command -v setpriv >/dev/null; then
			fail=$((fail + 1))
			echo "setpriv (util-linux) missing: the rm runs without CAP_SYS_ADMIN cannot run"
		else
			U="setpriv --bounding-set=-sys_admin --inh-caps=-sys_admin"
			leak --exit=1 $U $R runlist
			leak $U $R -j engines
			leak $U $R engines
			leak --exit=1 $U env NVSCHED_FAKENV_NO_ENGINES=1 $R -j engines
		fi
	fi
fi
# the predictor: every case (errors included), text, the SM likelihood
if part predict; then
	P=$BIN/nvsched-predict
	for f in tests/predict/cases/*.json; do
		case "$f" in *.out.json) continue ;; esac
		case "$f" in
		*/err-*) leak --exit=2 $P -j "$f" ;;	# the input errors: exit 2
		*) leak $P -j "$f" ;;
		esac
	done
	leak $P tests/predict/cases/orin-base.json
	leak $P -s -j tests/predict/cases/h100-gpc-quota90.json
	leak $P -s tests/predict/cases/h100-gpc-quota90.json
fi
# the QEMU responder: start-up, --once, and its error paths (missing
# snapshot, image it cannot create, a --driver-tsg runlist it cannot read)
if part responder; then
	R=$BIN/nvss-responder
	H=tests/fixtures/h100_idle.nvss
	leak --exit=1 $R --snapshot "$tmp/missing.nvss" --image "$tmp/a.img" --submits "$tmp/s"
	leak --exit=1 $R --snapshot $H --image "$tmp/no/a.img" --submits "$tmp/s"
	leak $R --snapshot $H --image "$tmp/a.img" --once --submits "$tmp/s"
	leak $R --snapshot $H --image "$tmp/b.img" --vid-backing 0x1000:0x1000 --once
	leak --exit=1 $R --snapshot $H --image "$tmp/c.img" --driver-tsg 0:1 --once --submits "$tmp/s"
fi
# unit tests of the snapshot reader/writer, JSON, predictor, control plans
if part units; then
	for t in test_snapshot test_json test_predict test_control_seq test_runlist; do
		leak build/tests/unit/$t
	done
fi
if [ -n "$asan" ]; then
	echo "LEAKS (ASan+UBSan): $pass runs without a report, $fail with one"
else
	echo "LEAKS: $pass runs without a leak, $fail with one"
fi
[ "$fail" -eq 0 ]
