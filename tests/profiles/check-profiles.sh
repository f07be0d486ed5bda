#!/usr/bin/env bash
# Check generated chip profiles (CONTRACTS.md §1) WITHOUT using nvss-gen's code:
#   * well-formed: version line, known line kinds, hex syntax, aligned r offsets,
#     no duplicate r offsets, no r lines in the PRAMIN window 0x700000-0x7fffff,
#     even-length m data, non-overlapping m ranges (per aperture), meta name,
#     the PRAMIN window register of the generation present
#   * BOOT_0 / BOOT_42 decode (shell arithmetic) to the chip id intended for the
#     file name, from the table below
#   * runlist 0's base/length registers (decoded here per generation) point at
#     memory the file holds, and entry 0 is a TSG header
# usage: check-profiles.sh build/profiles/*.nvss
set -u

# name -> chip id (regs-fifo §1.4), BOOT_42 expectation (id | zero | absent),
# runlist-register style, entry size
declare -A CHIP=( [gk104]=0x0e4 [gm204]=0x124 [gp106]=0x136 [gp10b]=0x13b [gv100]=0x140
	[gv11b]=0x15b [tu104]=0x164 [ga100]=0x170 [ga10b]=0x17b [ad102]=0x192 [gh100]=0x180
	[gb202]=0x1b2 )
declare -A B42=( [gk104]=zero [gm204]=absent )
declare -A RLSTYLE=( [gk104]=pfifo [gm204]=pfifo [gp106]=pfifo [gp10b]=pfifo [gv100]=pfifo
	[gv11b]=pfifo [tu104]=turing [ga100]=ga100 [ga10b]=ampere [ad102]=ampere [gh100]=hopper
	[gb202]=gb20x )
declare -A ESZ=( [gk104]=8 [gm204]=8 [gp106]=8 [gp10b]=8 )

fail=0
err() { echo "FAIL $1: $2"; fail=1; }

# --- structural checks (one awk pass + sort for m overlaps) -----------------
structure() {
	local f=$1
	awk -v F="$f" '
	function hexval(s,   i, c, v) {
		v = 0
		s = tolower(s)
		for (i = 3; i <= length(s); i++) {
			c = index("0123456789abcdef", substr(s, i, 1))
			if (c == 0) return -1
			v = v * 16 + (c - 1)
		}
		return v
	}
	function ishex(s, maxd) {
		return s ~ /^0[xX][0-9a-fA-F]+$/ && length(s) - 2 <= maxd
	}
	function bad(msg) { printf("FAIL %s:%d: %s\n", F, NR, msg); nbad++ }
	{
		line = $0
		sub(/#.*/, "", line)
		n = split(line, t, /[ \t]+/)
		# split with a leading separator yields an empty first field
		k = 0
		for (i = 1; i <= n; i++) if (t[i] != "") tok[++k] = t[i]
		if (k == 0) next
		if (!seen_version) {
			if (k == 2 && tok[1] == "nvsched-snapshot" && tok[2] == "1") { seen_version = 1; next }
			bad("first line is not \"nvsched-snapshot 1\""); seen_version = 1; next
		}
		if (tok[1] == "meta") {
			if (k < 2) bad("meta without key")
			if (tok[2] == "name") name = tok[3]
			next
		}
		if (tok[1] == "r") {
			if (k != 3 || !ishex(tok[2], 8) || !ishex(tok[3], 8)) { bad("malformed r line"); next }
			off = hexval(tok[2])
			if (off % 4 != 0) bad("misaligned offset " tok[2])
			if (off >= 7340032 && off <= 8388607) bad("r line inside PRAMIN window " tok[2])
			if (off in regs) bad("duplicate r offset " tok[2])
			regs[off] = 1
			nregs++
			next
		}
		if (tok[1] == "m") {
			if (k != 4 || (tok[2] != "vid" && tok[2] != "sys") || !ishex(tok[3], 16)) { bad("malformed m line"); next }
			if (tok[4] !~ /^[0-9a-fA-F]+$/ || length(tok[4]) % 2 != 0) { bad("m data not even-length hex"); next }
			a = hexval(tok[3])
			printf("RANGE %s %.0f %.0f %d\n", tok[2], a, a + length(tok[4]) / 2, NR) > "/dev/stderr"
			next
		}
		bad("unknown line kind " tok[1])
	}
	END {
		if (!seen_version) bad("empty file")
		if (name == "") bad("no meta name")
		printf("NAME %s\nREGS %d\nBAD %d\n", name, nregs, nbad + 0)
	}' "$f" > "$tmp/summary" 2> "$tmp/stderr"
	grep '^FAIL' "$tmp/summary"
	grep '^RANGE' "$tmp/stderr" > "$tmp/ranges"
	# overlap check: sort by aperture, then start address
	sort -k2,2 -k3,3n "$tmp/ranges" | awk -v F="$f" '
		{ if ($2 == ap && $3 < end) { printf("FAIL %s:%d: m range overlaps the one on line %d\n", F, $5, endline); exit }
		  if ($2 != ap || $4 > end) { end = $4; endline = $5 }; ap = $2 }'
}

reg() {         # reg FILE OFFSET -> value (hex) or empty
	awk -v O="$2" '
	function hexval(s,   i, c, v) { v = 0; s = tolower(s)
		for (i = 3; i <= length(s); i++) { c = index("0123456789abcdef", substr(s, i, 1)); v = v * 16 + (c - 1) }
		return v }
	$1 == "r" && hexval($2) == hexval(O) { print $3; exit }' "$1"
}

memword() {     # memword FILE APERTURE ADDR(decimal) -> 32-bit LE word (hex) or empty
	awk -v AP="$2" -v A="$3" '
	function hexval(s,   i, c, v) { v = 0; s = tolower(s)
		for (i = 3; i <= length(s); i++) { c = index("0123456789abcdef", substr(s, i, 1)); v = v * 16 + (c - 1) }
		return v }
	$1 == "m" && $2 == AP {
		s = hexval($3); n = length($4) / 2
		if (A + 0 >= s && A + 4 <= s + n) {
			o = (A - s) * 2
			print "0x" substr($4, o + 7, 2) substr($4, o + 5, 2) substr($4, o + 3, 2) substr($4, o + 1, 2)
			exit
		}
	}' "$1"
}

check_ids() {
	local f=$1 chip=$2 want=${CHIP[$2]}
	local b0 b42 arch impl got
	b0=$(reg "$f" 0x0)
	[ -n "$b0" ] || { err "$f" "no BOOT_0"; return; }
	arch=$(( ((b0 >> 24) & 0x1f) | (((b0 >> 8) & 1) << 5) ))
	impl=$(( (b0 >> 20) & 0xf ))
	got=$(( (arch << 4) | impl ))
	[ "$got" -eq $((want)) ] || err "$f" "BOOT_0 $b0 decodes to chip $(printf 0x%x $got), want $want"
	b42=$(reg "$f" 0xa00)
	case ${B42[$chip]:-id} in
	absent) [ -z "$b42" ] || err "$f" "BOOT_42 present ($b42), expected absent";;
	zero) [ -n "$b42" ] && [ $((b42)) -eq 0 ] || err "$f" "BOOT_42 '$b42', expected 0";;
	id) [ -n "$b42" ] || { err "$f" "no BOOT_42"; return; }
	    got=$(( (b42 >> 20) & 0x3ff ))
	    [ "$got" -eq $((want)) ] || err "$f" "BOOT_42 $b42 decodes to chip $(printf 0x%x $got), want $want";;
	esac
}

check_runlist0() {
	local f=$1 chip=$2 style=${RLSTYLE[$2]} esz=${ESZ[$2]:-16}
	local base len lo hi sub k blk id dbo
	case $style in
	pfifo)  # fifo §3.1 ENG_RUNLIST_BASE(0) / ENG_RUNLIST(0)
		lo=$(reg "$f" 0x2280); sub=$(reg "$f" 0x2284)
		base=$(( (lo & 0x0fffffff) << 12 )); len=$(( sub & 0xffff ));;
	turing) # fifo §3.2
		lo=$(reg "$f" 0x2b00); hi=$(reg "$f" 0x2b04); sub=$(reg "$f" 0x2b08)
		base=$(( (lo & 0xfffff000) | ((hi & 0xff) << 32) )); len=$(( sub & 0xffff ));;
	*)      # fifo §3.3: the block whose DOORBELL_CONFIG.ID is 0
		if [ "$style" = gb20x ]; then dbo=0x14c; else dbo=0x8; fi
		blk=
		for k in $(seq 0 63); do
			id=$(reg "$f" $(printf 0x%x $(( 0xc00000 + 0x400 * k + dbo ))))
			if [ -n "$id" ] && [ $(( (id >> 16) & 0xffff )) -eq 0 ]; then blk=$(( 0xc00000 + 0x400 * k )); break; fi
		done
		[ -n "$blk" ] || { err "$f" "no NV_RUNLIST block with DOORBELL_CONFIG.ID 0"; return; }
		if [ "$style" = gb20x ]; then
			lo=$(reg "$f" $(printf 0x%x $blk)); hi=$(reg "$f" $(printf 0x%x $((blk + 4))))
			sub=$(reg "$f" $(printf 0x%x $((blk + 8))))
			base=$(( (lo & 0xffffff00) | ((hi & 0xfffff) << 32) ))
		else
			lo=$(reg "$f" $(printf 0x%x $((blk + 0x80)))); hi=$(reg "$f" $(printf 0x%x $((blk + 0x84))))
			sub=$(reg "$f" $(printf 0x%x $((blk + 0x88))))
			case $style in
			ga100) base=$(( (lo & 0xfffff000) | ((hi & 0xff) << 32) ));;
			ampere) base=$(( (lo & 0xfffffc00) | ((hi & 0xff) << 32) ));;
			hopper) base=$(( (lo & 0xfffffc00) | ((hi & 0xfffff) << 32) ));;
			esac
		fi
		len=$(( sub & 0xffff ));;
	esac
	[ "$len" -gt 0 ] || { err "$f" "runlist 0 is empty"; return; }
	local w0 wl
	w0=$(memword "$f" vid $base)
	wl=$(memword "$f" vid $(( base + len * esz - 4 )))
	[ -n "$w0" ] && [ -n "$wl" ] || { err "$f" "runlist 0 at $(printf 0x%x $base) x$len not in the file"; return; }
	if [ "$esz" = 8 ]; then
		[ $(( (w0 >> 13) & 1 )) -eq 1 ] || err "$f" "runlist 0 entry 0 ($w0) is not a TSG header"
	else
		[ $(( w0 & 1 )) -eq 1 ] || err "$f" "runlist 0 entry 0 ($w0) is not a TSG header"
	fi
	echo "ok   $f: chip ${CHIP[$chip]}, runlist 0 at $(printf 0x%x $base), $len entries"
}

[ $# -gt 0 ] || { echo "usage: $0 PROFILE.nvss..."; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for f in "$@"; do
	chip=$(basename "$f" .nvss)
	[ -n "${CHIP[$chip]:-}" ] || { err "$f" "unknown chip name $chip"; continue; }
	out=$(structure "$f")
	if [ -n "$out" ]; then echo "$out"; fail=1; fi
	name=$(awk '$1 == "NAME" { print $2 }' "$tmp/summary")
	[ "$name" = "sim-$chip" ] || err "$f" "meta name '$name', want sim-$chip"
	check_ids "$f" "$chip"
	# PRAMIN window register of this generation (CONTRACTS §1)
	case $chip in
	gh100|gb202) [ -n "$(reg "$f" 0x10fd40)" ] || err "$f" "no PRAMIN window register 0x10fd40";;
	*) w=$(reg "$f" 0x1700)
	   [ -n "$w" ] && [ $(( (w >> 24) & 3 )) -eq 0 ] || err "$f" "0x1700 window missing or not VID ($w)";;
	esac
	check_runlist0 "$f" "$chip"
done
if [ $fail -ne 0 ]; then echo "check-profiles: FAILED"; exit 1; fi
echo "check-profiles: all $# profiles OK"
