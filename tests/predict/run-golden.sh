#!/usr/bin/env bash
# CLI tests of nvsched predict: golden outputs and exit codes.
#   tests/predict/run-golden.sh [BINARY]        (default build/bin/nvsched-predict)
#   UPDATE=1 tests/predict/run-golden.sh         rewrite the golden files
# Each cases/NAME.json has cases/NAME.out.json (-j output) and, if present,
# cases/NAME.out.txt (default output); cases/err-NAME.json must fail with exit 2
# and a message containing cases/err-NAME.err.
set -u
BIN=${1:-build/bin/nvsched-predict}
DIR=$(cd "$(dirname "$0")" && pwd)/cases
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

for f in "$DIR"/*.json; do
	case "$f" in *.out.json) continue ;; esac
	n=${f%.json}
	name=$(basename "$n")
	if [[ $name == err-* ]]; then
		err=$("$BIN" -j "$f" 2>&1 >/dev/null); rc=$?
		want=$(cat "$n.err")
		if [ "$rc" -eq 2 ] && [[ $err == *"$want"* ]] && [[ $err == "nvsched predict: "* ]]; then ok
		else bad "$name: rc=$rc msg='$err' (want 2, '$want')"; fi
		continue
	fi
	if [ "${UPDATE:-}" = 1 ]; then
		"$BIN" -j "$f" >"$n.out.json"
		[ -f "$n.out.txt" ] && "$BIN" "$f" >"$n.out.txt"
	fi
	if "$BIN" -j "$f" | cmp -s - "$n.out.json"; then ok; else bad "$name -j differs from $name.out.json"; fi
	if [ -f "$n.out.txt" ]; then
		if "$BIN" "$f" | cmp -s - "$n.out.txt"; then ok; else bad "$name text differs"; fi
	fi
done

# options and exit codes
# -s: hand-derived likelihoods over the hidden rotation states (phase 1 share 0.08,
# 8 starts equally likely): the singleton blocks land where predicted in every
# phase-0 state (share m = 0.92); block 8 (SM 0, start 0) in states (0,0) and (0,1)
# (m = 1/8). Both are first-kernel blocks placed at launch, so the measured hit rate
# is 0.011 + (0.995 - 0.011) m: 0.91628 and 0.134.
lik=$("$BIN" -s -j "$DIR/h100-gpc-quota90.json" | tr '{' '\n')
grep -q '^"block":0,"sm":124,.*"sm_likelihood":0.91628}' <<<"$lik" && grep -q '^"block":8,"sm":0,.*"sm_likelihood":0.134}' <<<"$lik" && ok || bad "-s likelihoods"
"$BIN" -s "$DIR/h100-case2.1.json" >/dev/null 2>&1; [ $? -eq 2 ] && ok || bad "-s on the paper order rc"
"$BIN" -h | grep -q "usage: nvsched predict" && ok || bad "-h"
"$BIN" --help >/dev/null && ok || bad "--help rc"
"$BIN" --bogus "$DIR/table2-case3.json" >/dev/null 2>&1; [ $? -eq 2 ] && ok || bad "unknown option rc"
"$BIN" >/dev/null 2>&1; [ $? -eq 2 ] && ok || bad "no file rc"
"$BIN" /nonexistent/x.json >/dev/null 2>&1; [ $? -eq 1 ] && ok || bad "missing file rc"
"$BIN" -j - <"$DIR/table2-case3.json" | cmp -s - "$DIR/table2-case3.out.json" && ok || bad "stdin"
"$BIN" -p "$DIR/table2-case3.json" | grep -q '^  "schema": 1,' && ok || bad "-p pretty"
"$BIN" -j -e "$DIR/table2-case3.json" | grep -q '"events":\[{"t":0.0,"event":"start","kernel":"k1","block":0,"sm":0}' \
	&& ok || bad "-e events"
out=$("$BIN" -l)
for p in ga102-rtx3090 ga100-a100 gh100-h100-sxm ga10b-orin; do
	[[ $out == *"$p"* ]] && ok || bad "-l lacks $p"
done
"$BIN" -l -j | grep -q '"profiles":\[{"name":"ga102-rtx3090","sms":82' && ok || bad "-l -j"
"$BIN" -j -g ga100-a100 "$DIR/table2-case3.json" | grep -q '"gpu":"ga100-a100"' && ok || bad "-g"
"$BIN" -j -g nope "$DIR/table2-case3.json" >/dev/null 2>&1; [ $? -eq 2 ] && ok || bad "-g unknown rc"

echo "predict CLI: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
