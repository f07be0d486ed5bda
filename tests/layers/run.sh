#!/usr/bin/env bash
# tests/layers/run.sh - scripts/check-layers.py must pass on the tree and
# fail on each planted violation of docs/architecture.md's rules (each in a
# fresh copy of the product folders).  Prints "layers: N passed, M failed".
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
chk=$top/scripts/check-layers.py
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
db=$tmp/make.db
make -C "$top" -pn --no-print-directory user >"$db" 2>/dev/null
pass=0 fail=0

copy() {
	rm -rf "$tmp/t"; mkdir -p "$tmp/t"
	cp -r "$top/include" "$top/kmod" "$top/lib" "$top/cli" "$top/analysis" "$top/sim" "$tmp/t/"
	mkdir -p "$tmp/t/tests/unit"; cp "$top/tests/unit/topo_fixture.h" "$tmp/t/tests/unit/" 2>/dev/null || :
}
ok() {	# name: the unchanged tree passes
	if python3 "$chk" --root "$tmp/t" --make-db "$2" >"$tmp/out" 2>&1; then
		pass=$((pass + 1)); echo "PASS $1"
	else
		fail=$((fail + 1)); echo "FAIL $1: rejected"; cat "$tmp/out"
	fi
}
bad() {	# name pattern: a planted violation is reported
	if python3 "$chk" --root "$tmp/t" --make-db "${3:-$db}" >"$tmp/out" 2>&1; then
		fail=$((fail + 1)); echo "FAIL $1: not detected"
	elif grep -q -- "$2" "$tmp/out"; then
		pass=$((pass + 1)); echo "PASS $1"
	else
		fail=$((fail + 1)); echo "FAIL $1: wrong report"; cat "$tmp/out"
	fi
}
plant() {	# file line: insert an include after the SPDX line
	sed -i "1a $2" "$tmp/t/$1"
}

copy; ok "tree as committed" "$db"
copy; plant cli/cmd_topo.c '#include "sim.h"'; bad "command reaches the simulator" 'cli/ may not include sim/'
copy; plant lib/json.c '#include "cli.h"'; bad "library includes the front end" 'lib/ may not include cli/'
copy; plant kmod/hw/ptop.c '#include <linux/slab.h>'; bad "portable core includes a Linux header" 'portable core includes <linux/slab.h>'
copy; plant kmod/hw/ptop.c '#include "nvs_gpu.h"'; bad "portable core includes the module glue" 'resolves to no file\|may not include'
copy; plant kmod/linux/nvs_gpu.h '#include "nvs_prio.h"'; bad "kmod/linux include cycle (gpu -> prio)" 'nvs_gpu.h: includes nvs_prio.h, which is not below it'
copy; plant kmod/linux/control.c '#include "nvs_proc.h"'; bad "control reaches up to proc" 'control.c: includes nvs_proc.h, above its own layer'
copy; plant analysis/rta/rta.c '#include "gpu.h"'; bad "analysis includes a backend" 'analysis/rta/ may include only'
copy; plant analysis/predict/predict.c '#include "nvsched/regs/fifo.h"'; bad "a model reads register facts" "analysis/predict/ may include only \\['errbuf.h'\\] of include/"
copy; plant sim/sim.c '#include "../tests/unit/topo_fixture.h"'; bad "product code includes test code" 'product code includes test code'
copy; touch "$tmp/t/kmod/linux/extra.c"; bad "kmod/linux file outside the order" 'extra.c: not placed'
copy; sed 's#^build/bin/nvsched: #build/bin/nvsched: build/tests/unit/test_x.o #' "$db" >"$tmp/db2"
bad "shipped binary links test code" 'build/bin/nvsched links test code build/tests/unit/test_x.o' "$tmp/db2"

echo "layers: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
