#!/usr/bin/env bash
# CLI tests of `nvsched prio simulate` (docs/CONTRACTS.md section 5).
#   tests/prio/run-cli.sh [BINARY]        (default build/bin/nvsched)
# Each cases/NAME.jsonl has cases/NAME.out.jsonl, its -j output worked out by
# hand from the semantics (never regenerated from the program); each
# cases/err-NAME.jsonl must fail with exit 2 and a message that contains
# cases/err-NAME.err.
set -u
BIN=${1:-build/bin/nvsched}
DIR=$(cd "$(dirname "$0")" && pwd)/cases
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

for f in "$DIR"/*.jsonl; do
	case "$f" in *.out.jsonl) continue ;; esac
	n=${f%.jsonl}
	name=$(basename "$n")
	if [[ $name == err-* ]]; then
		err=$("$BIN" prio simulate -j "$f" 2>&1 >/dev/null); rc=$?
		want=$(cat "$n.err")
		if [ "$rc" -eq 2 ] && [[ $err == *"$want"* ]] && [[ $err == "nvsched prio simulate: "* ]]; then ok
		else bad "$name: rc=$rc msg='$err' (want 2, '$want')"; fi
		continue
	fi
	if "$BIN" prio simulate -j "$f" | cmp -s - "$n.out.jsonl"; then ok
	else bad "$name: -j output differs from $name.out.jsonl"; "$BIN" prio simulate -j "$f" | diff - "$n.out.jsonl"; fi
	# -j before the command, and stdin
	if "$BIN" -j prio simulate - <"$f" | cmp -s - "$n.out.jsonl"; then ok; else bad "$name: global -j / stdin"; fi
	# text output: one line per event
	if [ "$("$BIN" prio simulate "$f" | wc -l)" -eq "$(wc -l <"$n.out.jsonl")" ]; then ok; else bad "$name: text lines"; fi
done

"$BIN" prio simulate "$DIR/contract.jsonl" | grep -qx 't=1 be1 begin: running hi; pending be1' && ok || bad "text line"
"$BIN" prio --help | grep -q "usage: nvsched prio" && ok || bad "prio --help"
"$BIN" prio simulate -h | grep -q "usage: nvsched prio simulate" && ok || bad "simulate -h"
"$BIN" prio >/dev/null 2>&1; [ $? -eq 2 ] && ok || bad "no subcommand rc"
"$BIN" prio bogus >/dev/null 2>&1; [ $? -eq 2 ] && ok || bad "unknown subcommand rc"
"$BIN" prio simulate >/dev/null 2>&1; [ $? -eq 2 ] && ok || bad "no file rc"
"$BIN" prio simulate /nonexistent.jsonl >/dev/null 2>&1; [ $? -eq 1 ] && ok || bad "missing file rc"

echo "prio CLI: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
