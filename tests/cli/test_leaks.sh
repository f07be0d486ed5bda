#!/usr/bin/env bash
# tests/cli/test_leaks.sh - no memory leak on the paths the fast tests take:
# the command layer (every read command on three snapshots, the control
# commands' dry runs, runlist --watch), the predictor (every case, the SM
# likelihood), the QEMU responder's start-up and error paths, and the unit
# tests of the snapshot reader/writer, JSON, predictor and control plans,
# each run with LeakSanitizer preloaded
# (interceptors only: the normal build, no rebuild; about 5 s).  A leak
# report (exit status 23) fails; other exit statuses are the functional
# tests' business.  Skipped with a message where gcc's liblsan is missing.
#   tests/cli/test_leaks.sh [-q] [--part=cli,predict,responder,units]
# (--part: only those groups; make mutate runs each group as its own job)
set -u
cd "$(dirname "$0")/../.." || exit 1
quiet=
all_parts=cli,predict,responder,units	# also read by tests/mutate/covermap.py
parts=$all_parts
for a in "$@"; do
	case $a in
	-q) quiet=-q ;;
	--part=*) parts=${a#--part=} ;;
	*) echo "usage: tests/cli/test_leaks.sh [-q] [--part=$all_parts]" >&2; exit 2 ;;
	esac
done
part() {
	case ",$parts," in *",$1,"*) return 0 ;; esac
	return 1
}
lsan=$(gcc -print-file-name=liblsan.so 2>/dev/null)
if [ -z "$lsan" ] || [ ! -e "$lsan" ]; then
	echo "LEAKS: skipped (no liblsan.so from gcc)"
	exit 0
fi
log=$(mktemp)
tmp=$(mktemp -d)
trap 'rm -f "$log"; rm -rf "$tmp"' EXIT
pass=0
fail=0
leak() {
	LSAN_OPTIONS=exitcode=23:detect_leaks=1 LD_PRELOAD=$lsan "$@" >/dev/null 2>"$log" </dev/null
	if [ $? -eq 23 ]; then
		fail=$((fail + 1))
		echo "LEAK: $*"
		[ "$quiet" = -q ] || grep -m 12 -E 'leak of|#[0-9] ' "$log"
	else
		pass=$((pass + 1))
	fi
}

if part cli; then
	NV=build/bin/nvsched
	for snap in build/profiles/gk104.nvss build/profiles/gv100.nvss tests/fixtures/h100_idle.nvss; do
		for c in engines ce gr runlist; do
			leak $NV --snapshot "$snap" "$c"
			leak $NV --snapshot "$snap" -j "$c"
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
	leak $NV --snapshot $G -j runlist --watch -i 1 --count 2
	leak $NV --snapshot $G runlist --watch -i 1 --count 2
	leak $NV --snapshot $G -j runlist -r 0
	# the module backend against the stand-in /dev/nvsched (built by test_cli.py)
	F=build/tests/cli/fakedev.so
	if [ -e "$F" ]; then
		for c in engines ce gr runlist "channel disable 4095 77 -r 0 --dry-run" "tsg preempt 10" \
			 "channel restore" list; do
			# shellcheck disable=SC2086
			leak env NVSCHED_DEVICE=/dev/null LD_PRELOAD="$lsan:$F" $NV --backend module -j $c
		done
		leak env NVSCHED_TEST_RL_CAP=1 NVSCHED_DEVICE=/dev/null LD_PRELOAD="$lsan:$F" $NV --backend module runlist
	fi
fi
# the predictor: every case (errors included), text, the SM likelihood
if part predict; then
	P=build/bin/nvsched-predict
	for f in tests/predict/cases/*.json; do
		case "$f" in *.out.json) continue ;; esac
		leak $P -j "$f"
	done
	leak $P tests/predict/cases/orin-base.json
	leak $P -s -j tests/predict/cases/h100-gpc-quota90.json
	leak $P -s tests/predict/cases/h100-gpc-quota90.json
fi
# the QEMU responder: start-up, --once, and its error paths (missing
# snapshot, image it cannot create, a --driver-tsg runlist it cannot read)
if part responder; then
	R=build/bin/nvss-responder
	H=tests/fixtures/h100_idle.nvss
	leak $R --snapshot "$tmp/missing.nvss" --image "$tmp/a.img" --submits "$tmp/s"
	leak $R --snapshot $H --image "$tmp/no/a.img" --submits "$tmp/s"
	leak $R --snapshot $H --image "$tmp/a.img" --once --submits "$tmp/s"
	leak $R --snapshot $H --image "$tmp/b.img" --vid-backing 0x1000:0x1000 --once
	leak $R --snapshot $H --image "$tmp/c.img" --driver-tsg 0:1 --once --submits "$tmp/s"
fi
# unit tests of the snapshot reader/writer, JSON, predictor, control plans
if part units; then
	for t in test_snapshot test_json test_predict test_control_seq test_runlist; do
		leak build/tests/unit/$t
	done
fi
echo "LEAKS: $pass runs without a leak, $fail with one"
[ "$fail" -eq 0 ]
