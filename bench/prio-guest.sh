#!/usr/bin/env bash
# bench/prio-guest.sh - epsilon of a priority decision against a null ioctl,
# in the same QEMU guest (make bench-prio-guest; issue 12): for each profile
# and mechanism, tests/qemu/guest/priolat times N segment begin/end calls
# (NVSCHED_IOC_PRIO_SEG: one decision each, applied before the call
# returns) and N null ioctls (NVSCHED_IOC_VERSION) on the first TSG of
# runlist 0.  Report only (under TCG every MMIO is a round trip to the host
# responder: the ratio says how much a decision costs beyond the ioctl path
# in this setup, not on hardware; make bench-prio gives the MMIO counts).
set -u
cd "$(dirname "$0")/.."
N=${N:-50}
printf '%-8s %-8s %12s %12s %12s %10s\n' profile mech "null_us" "begin_us" "end_us" "begin/null"
rc=0
for prof in gv100 ga100; do
	for mech in runlist gate; do
		out=$(NVSS_RESPONDER_ARGS="--vid-backing 0x40000000:0x400000" \
			tests/qemu/run.sh --snapshot "build/profiles/$prof.nvss" --timeout 300 \
			--modparams "test_runlist_vid=0x40000000 prio_mechanism=$mech" -- \
			"T=\$(nvsched runlist -r 0 -j | grep -o '\"tsgid\":[0-9]*' | head -1 | cut -d: -f2); priolat 0 0 \$T $N" 2>&1)
		st=$?
		null=$(echo "$out" | awk '$1 == "null" { print $3 }')
		beg=$(echo "$out" | awk '$1 == "begin" { print $3 }')
		end=$(echo "$out" | awk '$1 == "end" { print $3 }')
		if [ $st != 0 ] || [ -z "$null" ] || [ -z "$beg" ]; then
			echo "$prof $mech: failed (rc $st)"; echo "$out" | tail -5; rc=1; continue
		fi
		printf '%-8s %-8s %12s %12s %12s %9.0fx\n' "$prof" "$mech" "$null" "$beg" "$end" \
			"$(echo "$beg $null" | awk '{ print $1 / $2 }')"
	done
done
echo "(medians of $N calls each; guest under TCG)"
exit $rc
