#!/usr/bin/env bash
# rta-bench.sh - speed of `nvsched rta --compat artifact` against the
# GCAPS authors' Python analysis on the same 200 tasksets.
#
# The Python code is not run here (it is not available); its times are the
# ones recorded in the oracle files (python_s: seconds of their verdict
# call(s) per policy, analysis only, no file reading).  Ours include
# reading and parsing the JSON taskset and writing the JSON answer, in one
# process for all files (batch mode, CONTRACTS.md §3).
#
# usage: bench/rta-bench.sh [NVSCHED_RTA [RTA_BENCH]] ; env RTA_FIXTURES (default
# tests/fixtures/rta), RTA_BENCH_REPS (default 20)
set -euo pipefail
exe=${1:-build/bin/nvsched-rta}
bench=${2:-build/bin/rta-bench}
fx=${RTA_FIXTURES:-tests/fixtures/rta}
dir=$fx/gcaps-artifact-seed1
reps=${RTA_BENCH_REPS:-20}
if [ ! -d "$dir" ]; then
	echo "bench-rta: $dir not found (set RTA_FIXTURES)" >&2
	exit 1
fi
mapfile -t files < <(ls "$dir"/ts_*[0-9].json | sort)
n=${#files[@]}
args=()
for ((r = 0; r < reps; r++)); do args+=("${files[@]}"); done

now() { date +%s.%N; }
# CPU seconds (user + sys) of a command: robust on a busy machine
cputime() {
	local TIMEFORMAT='%U %S' t
	t=$( { time "$@" > /dev/null; } 2>&1 )
	calc "${t% *} + ${t#* }"
}
calc() { awk "BEGIN { printf \"%.12g\", $1 }"; }
# the least CPU time of 5 runs (the machine is shared: other load only adds)
cputime_best() {
	local best="" t
	for ((k = 0; k < 5; k++)); do
		t=$(cputime "$@")
		if [ -z "$best" ] || awk "BEGIN { exit !($t < $best) }"; then best=$t; fi
	done
	echo "$best"
}
policies="tsg_rr_busy tsg_rr_suspend gcaps_busy gcaps_suspend gcaps_busy_gpu_prio gcaps_suspend_gpu_prio"

# artifact's recorded seconds per policy, summed over the tasksets
declare -A py
while read -r pol secs; do py[$pol]=$secs; done < <(
	for f in "${files[@]}"; do
		o=${f%.json}.oracle.json
		tr -d '\n ' < "$o" | grep -o '"python_s":{[^}]*}' | sed 's/"python_s":{//; s/}//' |
			tr ',' '\n' | tr -d '"' | tr ':' ' '
	done | awk '{s[$1] += $2} END {for (p in s) printf "%s %.9f\n", p, s[p]}')


printf "nvsched rta --compat artifact vs the artifact's recorded python_s, %d tasksets\n" "$n"
printf "(analysis: rta-bench, thread CPU time, best of 7 trials of %d repetitions, no I/O,\n" "$reps"
printf " like python_s; all six (one pass): rta_analyze_all, as nvsched rta -a runs them;\n"
printf " cli: nvsched-rta end to end, CPU time, JSON read + analysis + JSON\n"
printf " write, one process for all files x%d; all six: least of 5 runs)\n" "$reps"
declare -A ana
while read -r pol secs; do ana[$pol]=$secs; done < <("$bench" --compat artifact -n "$reps" "${files[@]}")
printf "%-24s %12s %12s %12s %9s\n" policy "analysis_s" "cli_s" "python_s" "speedup"
tot_a=0 tot_py=0
for p in $policies; do
	c=$(cputime "$exe" --compat artifact -j --policy "$p" "${args[@]}")
	cli=$(calc "$c / ($n * $reps)")
	pys=$(calc "${py[$p]:-0} / $n")
	a=${ana[$p]}
	printf "%-24s %12.3e %12.3e %12.3e %8.1fx\n" "$p" "$a" "$cli" "$pys" "$(calc "$pys / $a")"
	tot_a=$(calc "$tot_a + $a")
	tot_py=$(calc "$tot_py + $pys")
done
c=$(cputime_best "$exe" --compat artifact -a -j "${args[@]}")
all=$(calc "$c / ($n * $reps)")
one=${ana[all_six]}
printf "%-24s %12.3e %12s %12.3e %8.1fx\n" "six, one by one" "$tot_a" "-" "$tot_py" "$(calc "$tot_py / $tot_a")"
printf "%-24s %12.3e %12.3e %12.3e %8.1fx\n" "all six (one pass)" "$one" "$all" "$tot_py" "$(calc "$tot_py / $one")"
printf "(seconds per taskset; speedup = python_s / analysis_s; JSON reading alone: %.3e s/taskset)\n" "${ana[load_json]}"
# the targets of issue 13, against the artifact's recorded time for all six
ra=$(calc "$tot_py / $one")
re=$(calc "$tot_py / $all")
verdict() { awk "BEGIN { exit !($1 >= $2) }" && echo met || echo "NOT met"; }
printf "analysis, all six policies:            %7.1fx the artifact (target >= 100x: %s)\n" "$ra" "$(verdict "$ra" 100)"
printf "end to end (read + analyse + write):   %7.1fx the artifact (target >= 25x: %s)\n" "$re" "$(verdict "$re" 25)"
