#!/usr/bin/env bash
# shellcheck disable=SC1090,SC2154  # job.conf (generated) sets case, kernel, snaps, ...
# tests/qemu/suite.sh - run the QEMU kernel test cases (tests/qemu/cases/) on
# Debian's kernels, in parallel, and print one summary line:
#     QEMU: N passed, M failed
# Exit status 0 only when every run passed.
#
#   tests/qemu/suite.sh [--kernel K]... [--selftest] [-j N] [CASE...]
#
#   --kernel K   run only on these kernels (6.1, 6.12, 6.12-rt; repeatable;
#                debug: the lockdep/KASAN kernel, every selected case);
#                default: each case's KERNELS
#   --selftest   also run the harness self-tests (tests/qemu/selftest/cases/):
#                a placeholder module proves the pipeline, and negative cases
#                (panic, WARN, dmesg WARNING, hang, failing host check,
#                failing insmod) must be reported with the right failure code
#   --selftest-only   only the self-tests
#   --module-src DIR  build nvsched.ko for every case from DIR/Kbuild (e.g.
#                tests/qemu/selftest/stubmod to try the real cases' plumbing)
#   -j N         parallel guests (default: number of CPUs)
#   CASE         run only these cases (names without .sh)
#
# A case NAME is NAME.sh (run in the guest with `sh -c`, after insmod),
# optional NAME.conf (bash, sourced on the host: SNAPSHOTS, KERNELS, TIMEOUT,
# SMP, MEM, INSMOD, MODPARAMS, MODULE_SRC, EXPECT_RC, EXPECT_CONSOLE, RESPONDER_ARGS,
# MMIOTRACE, SCRIPT, CHECK; EXPECT_CONSOLE: regexes, one a line) and
# optional NAME.check (bash, run on the host after a clean run; README.md).
set -uo pipefail
QNAME=suite.sh
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
# shellcheck source=tests/qemu/lib.sh
. "$here/lib.sh"

kernels=() only=() selftest=0 force_modsrc="" cases_too=1 jobs=$(nproc 2>/dev/null || echo 2)
while [ $# -gt 0 ]; do
	case $1 in
	--kernel) kernels+=("$2"); shift 2 ;;
	--selftest) selftest=1; shift ;;
	--selftest-only) selftest=1; cases_too=0; shift ;;
	-j) jobs=$2; shift 2 ;;
	--module-src) force_modsrc=$(cd "$2" && pwd) || exit 2; force_modsrc=${force_modsrc#"$repo"/}; shift 2 ;;
	-h|--help) sed -n '2,/^set -uo/p' "$0" | sed '$d; /shellcheck/d; s/^# \{0,1\}//'; exit 0 ;;
	-*) qerr "unknown option $1"; exit 2 ;;
	*) only+=("$1"); shift ;;
	esac
done
[ "$jobs" -ge 1 ] 2>/dev/null || jobs=2

S=$QB/suite
mkdir -p "$QB"
exec 7>"$QB/.suite.lock"
flock -n 7 || { qerr "another suite.sh is running on $QB"; exit 2; }
absrepo() { case $1 in /*) echo "$1" ;; *) echo "$repo/$1" ;; esac; }
rm -rf "$S"; mkdir -p "$S"
t0=$(date +%s.%N)
elapsed() { awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }

# ---- collect the jobs: one per (case, kernel) -----------------------------------
dirs=()
[ $cases_too = 1 ] && dirs+=("$here/cases")
[ $selftest = 1 ] && dirs+=("$here/selftest/cases")
: > "$S/jobs.first"; : > "$S/jobs.rest"
for d in "${dirs[@]}"; do
	for sh in "$d"/*.sh; do
		[ -f "$sh" ] || continue
		name=$(basename "$sh" .sh)
		if [ ${#only[@]} -gt 0 ] && ! printf '%s\n' "${only[@]}" | grep -qxF "$name"; then continue; fi
		# defaults, then the case's .conf
		SNAPSHOTS=@profiles KERNELS="6.1 6.12 6.12-rt" TIMEOUT=120 SMP=1 MEM=512 INSMOD=1
		MODPARAMS="" MODULE_SRC="" EXPECT_RC=0 EXPECT_CONSOLE="" MMIOTRACE=0 SCRIPT=$sh CHECK=${sh%.sh}.check
		RESPONDER_ARGS=""
		[ "$d" = "$here/selftest/cases" ] && MODULE_SRC=tests/qemu/selftest/stubmod
		conf=${sh%.sh}.conf
		# shellcheck disable=SC1090
		[ -f "$conf" ] && . "$conf"
		[ -n "$force_modsrc" ] && MODULE_SRC=$force_modsrc
		# the debug kernel is never a case's default: asked for, it runs
		# every selected case, with its timeout scaled (lockdep + KASAN
		# under TCG are several times slower; x4 was too little for
		# stress with its priority workers at host load 5-6: 58 of 100 cycles
		# in 1250 s; the timeout only catches hangs)
		if printf '%s\n' "${kernels[@]}" | grep -qxF debug; then
			KERNELS="$KERNELS debug"
			TIMEOUT=$((TIMEOUT * ${NVSS_DEBUG_TIMEOUT_SCALE:-8}))
		fi
		for k in $KERNELS; do
			if [ ${#kernels[@]} -gt 0 ] && ! printf '%s\n' "${kernels[@]}" | grep -qxF "$k"; then continue; fi
			id=$name@$k
			mkdir -p "$S/$id"
			{
				case $SCRIPT in /*) ;; *) [ "$SCRIPT" = "$sh" ] || SCRIPT=$repo/$SCRIPT ;; esac
				case $CHECK in /*|'') ;; *) CHECK=$repo/$CHECK ;; esac
				printf 'case=%q\ncheck=%q\nkernel=%q\ntimeout=%q\nsmp=%q\nmem=%q\ninsmod=%q\n' \
					"$SCRIPT" "$CHECK" "$k" "$TIMEOUT" "$SMP" "$MEM" "$INSMOD"
				printf 'modparams=%q\nmodsrc=%q\nexpect=%q\nmmiotrace=%q\nexpect_console=%q\n' \
					"$MODPARAMS" "$MODULE_SRC" "$EXPECT_RC" "$MMIOTRACE" "$EXPECT_CONSOLE"
				printf 'responder_args=%q\n' "$RESPONDER_ARGS"
				printf 'snaps=(\n'
				for s in $SNAPSHOTS; do
					if [ "$s" = @profiles ]; then
						profile_snapshots | while IFS= read -r p; do printf '%q\n' "$p"; done
					elif [ "$s" = @fixture-h100 ]; then
						fx=$(fixture_dir) && printf '%q\n' "$fx/h100_idle.nvss"
					else
						case $s in /*) printf '%q\n' "$s" ;; *) printf '%q\n' "$repo/$s" ;; esac
					fi
				done
				printf ')\n'
			} > "$S/$id/job.conf"
			# runs that must wait out their timeout start first, overlapping the rest
			if [ "$EXPECT_RC" = 124 ]; then echo "$id" >> "$S/jobs.first"; else echo "$id" >> "$S/jobs.rest"; fi
		done
	done
done
cat "$S/jobs.first" "$S/jobs.rest" > "$S/jobs" 2>/dev/null
njobs=$(wc -l < "$S/jobs")
if [ "$njobs" -eq 0 ]; then echo "QEMU: 0 passed, 0 failed (no cases selected)"; exit 0; fi

# ---- prepare kernels and modules once, serially (jobs then only read them) ------
declare -A prep_err=()
for id in $(cat "$S/jobs"); do
	( . "$S/$id/job.conf"; echo "$kernel|$modsrc" )
done | sort -u > "$S/preps"
while IFS='|' read -r k ms; do
	a=(--kernel "$k"); [ -n "$ms" ] && a+=(--module-src "$(absrepo "$ms")")
	if ! "$here/run.sh" --prepare-only "${a[@]}" > "$S/prep.log" 2>&1; then
		prep_err["$k|$ms"]=$(grep -v '^run.sh: warning' "$S/prep.log" | head -3 | tr '\n' ' ')
	fi
done < "$S/preps"

# ---- run one job (in the background) -------------------------------------------------
run_job() {
	local id=$1 J=$S/$1 rc t1
	# shellcheck disable=SC1091
	. "$J/job.conf"
	local key="$kernel|$modsrc"
	if [ -n "${prep_err[$key]:-}" ]; then
		echo "125 0.0 setup: ${prep_err[$key]}" > "$J/result"; return
	fi
	local a=(--workdir "$J/run" --kernel "$kernel" --timeout "$timeout" --smp "$smp" --mem "$mem")
	[ -n "$modsrc" ] && a+=(--module-src "$(absrepo "$modsrc")")
	[ "$insmod" = 1 ] || a+=(--no-insmod)
	[ -n "$modparams" ] && a+=(--modparams "$modparams")
	[ "$mmiotrace" = 1 ] && a+=(--mmiotrace)
	[ -n "$check" ] && [ -f "$check" ] && a+=(--check "$check")
	local s; for s in "${snaps[@]}"; do a+=(--snapshot "$s"); done
	t1=$(date +%s.%N)
	NVSS_RESPONDER_ARGS=${responder_args:-} "$here/run.sh" "${a[@]}" -- "$(cat "$case")" > "$J/stdout" 2> "$J/stderr"
	rc=$?
	local dt; dt=$(awk -v a="$t1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
	local why=
	[ "$rc" -ne "$expect" ] && why=$(grep -m1 '^run.sh: FAIL' "$J/stderr" | cut -c1-160)
	# the right failure for the right reason (a boot panic is not the sysrq one)
	# (EXPECT_CONSOLE: one regex a line, each must match)
	if [ "$rc" -eq "$expect" ] && [ -n "$expect_console" ]; then
		local re
		while IFS= read -r re; do
			[ -n "$re" ] || continue
			tr -d '\r' < "$J/run/console.log" | grep -qE -- "$re" && continue
			rc=999 why="console.log lacks /$re/"
			break
		done <<< "$expect_console"
	fi
	echo "$rc $dt $why" > "$J/result"
	# keep the big BAR images only for failures
	[ "$rc" -eq "$expect" ] && rm -f "$J"/run/bar*.img "$J"/run/initramfs.cpio.gz && rm -rf "$J/run/initramfs"
}

running=0
for id in $(cat "$S/jobs"); do
	if [ $running -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
	run_job "$id" &
	running=$((running + 1))
done
wait

# ---- report ----------------------------------------------------------------------------
pass=0 fail=0
for id in $(cat "$S/jobs"); do
	J=$S/$id
	expect=$(. "$J/job.conf"; echo "$expect")
	read -r rc dt why < "$J/result" 2>/dev/null || { rc=125 dt=0 why="no result"; }
	if [ "$rc" = "$expect" ]; then
		pass=$((pass + 1))
		if [ "$expect" = 0 ]; then echo "PASS $id (${dt}s)"
		else echo "PASS $id (${dt}s; expected failure rc=$rc detected)"; fi
	else
		fail=$((fail + 1))
		echo "FAIL $id (${dt}s) rc=$rc, expected $expect${why:+: $why}"
		[ -s "$J/stderr" ] && grep -v '^run.sh: warning' "$J/stderr" | head -15 | sed 's/^/    /'
		echo "    artifacts: $J"
	fi
done
grep -h '^run.sh: warning' "$S"/*/stderr 2>/dev/null | sort -u | sed 's/^run.sh: /suite.sh: /'
echo "suite.sh: $njobs runs with $jobs in parallel, $(elapsed)s"
echo "QEMU: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
