#!/usr/bin/env bash
# scripts/check-refs.sh - the repository stands on its own: no tracked file
# may name a path outside it (the developers' reference folder beside the
# checkout, or an absolute path of a build machine).  Prints the offending
# lines and one summary line "REFS: ok" / "REFS: N offending lines"; exits
# non-zero on any.  This file is the only one allowed to spell the patterns.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
self=scripts/check-refs.sh
# ../shared, and absolute paths of the machines this project was built on
pat='\.\./shared|/work/|/farm/|(^|[[:space:]"'"'"'=:(`])(/root|/home/[a-z][a-z0-9_-]*)/'
# the pattern itself: what it must and must not catch
for t in '../shared/docs/x.md' 'see /work/shared' 'cd /root/build' 'f="/home/dev/x"'; do
	grep -qE "$pat" <<<"$t" || { echo "REFS: pattern misses '$t'"; exit 1; }
done
for t in 'DESTDIR=$d/root/usr' 'tests/fixtures/x' 'make install PREFIX=/usr'; do
	grep -qE "$pat" <<<"$t" && { echo "REFS: pattern wrongly catches '$t'"; exit 1; }
done
if ! git rev-parse --git-dir >/dev/null 2>&1; then
	echo "REFS: not a git checkout (cannot list tracked files)"; exit 1
fi
hits=$(git grep -nIE "$pat" -- . ":!$self" || true)
if [ -n "$hits" ]; then
	echo "$hits" | head -40
	n=$(printf '%s\n' "$hits" | wc -l)
	echo "check-refs: these tracked files name paths outside the repository; copy the data in and cite public sources" >&2
	echo "REFS: $n offending lines"
	exit 1
fi
echo "REFS: ok ($(git ls-files | wc -l) tracked files, none names a path outside the repository)"
