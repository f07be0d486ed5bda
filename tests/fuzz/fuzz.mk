# tests/fuzz: libFuzzer targets (clang), each built with ASan + UBSan.
#
#   make fuzz [FUZZ_SECONDS=60] [FUZZ_TARGETS="snapshot regs ..."]
#        run each target for FUZZ_SECONDS; seeds: the chip profiles, the
#        RTA and predictor inputs in the repository; the growing corpus is
#        kept in build/fuzz/corpus/, findings go to build/fuzz/findings/
#        (copy each into tests/fuzz/regress/TARGET/ once fixed).
#   make fuzz-regress   replay tests/fuzz/regress/ (every past finding)
#
# Targets: snapshot (snapshot parser + every decoder over the simulated
# GPU), regs (every decoder and page-table walker over random registers and
# memory, all chip generations), ctlparse (the /proc control-file parser
# against a strtoull reference), rm (the RM client against a fake driver
# whose replies are the input), rta and predict (their JSON inputs and
# models), ioctl (the module's ioctl argument checks against a byte-level
# reference), prio (`prio simulate`'s JSON Lines input and the policy core
# under random operations, with its invariants).
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= snapshot regs ctlparse rm rta predict ioctl prio
FUZZ_CC ?= clang
FUZZ_B := $(B)/fuzz
FUZZ_CFLAGS := -std=gnu11 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer -Iinclude -Ikmod/hw -Isim -Ilib -Icli -Ianalysis/rta -Ianalysis/predict -Ianalysis/priosim -Itests/fuzz -D_GNU_SOURCE
FUZZ_HW := $(wildcard kmod/hw/*.c)
FUZZ_SRCS_snapshot := tests/fuzz/fuzz_snapshot.c sim/snapshot.c sim/sim.c $(FUZZ_HW)
FUZZ_SRCS_regs := tests/fuzz/fuzz_regs.c $(FUZZ_HW)
FUZZ_SRCS_ctlparse := tests/fuzz/fuzz_ctlparse.c kmod/hw/ctlparse.c
FUZZ_SRCS_ioctl := tests/fuzz/fuzz_ioctl.c kmod/hw/ioctl_check.c
FUZZ_SRCS_prio := tests/fuzz/fuzz_prio.c analysis/priosim/prio_sim.c lib/json.c kmod/hw/prio.c
FUZZ_SRCS_rm := tests/fuzz/fuzz_rm.c lib/rm_client.c lib/rm_io.c $(FUZZ_HW)
FUZZ_SRCS_rta := tests/fuzz/fuzz_rta.c analysis/rta/rta.c analysis/rta/rta_fast.c lib/json.c
FUZZ_SRCS_predict := tests/fuzz/fuzz_predict.c analysis/predict/predict.c analysis/predict/predict_gpu.c analysis/predict/predict_input.c lib/json.c
FUZZ_MAXLEN_snapshot := 600000
FUZZ_MAXLEN_regs := 4096
FUZZ_MAXLEN_rta := 65536
FUZZ_MAXLEN_predict := 65536
FUZZ_MAXLEN_prio := 65536

$(FUZZ_B)/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/decode_all.h $(FUZZ_HW) $(wildcard sim/*.c lib/*.c cli/*.c analysis/*/*.c)
	@mkdir -p $(dir $@)
	@command -v $(FUZZ_CC) >/dev/null || { echo "fuzz: $(FUZZ_CC) not installed (run make deps)"; exit 1; }
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $(FUZZ_SRCS_$*) -lm

# seeds, from what the repository has (regenerated, not committed)
fuzz-seeds: user
	@rm -rf $(FUZZ_B)/seeds; mkdir -p $(FUZZ_B)/seeds/snapshot $(FUZZ_B)/seeds/regs \
		$(FUZZ_B)/seeds/rta $(FUZZ_B)/seeds/predict $(FUZZ_B)/seeds/ctlparse $(FUZZ_B)/seeds/rm \
		$(FUZZ_B)/seeds/ioctl $(FUZZ_B)/seeds/prio
	@for i in 0 1 2 3 4 5 6 7 8 9 10; do printf "\\$$(printf %03o $$i)" > $(FUZZ_B)/seeds/ioctl/$$i; done
	@for f in tests/prio/cases/*.jsonl; do case $$f in *.out.jsonl) continue ;; esac; { printf '\000'; cat "$$f"; } > $(FUZZ_B)/seeds/prio/$$(basename $$f); done; true
	@head -c 4096 /dev/zero > $(FUZZ_B)/seeds/rm/zero
	@for s in 5 3:5 0x1f: 017 4294967295 0:99999999999 '+7\n' 08; do printf '%b' "$$s" > $(FUZZ_B)/seeds/ctlparse/$$(printf '%s' "$$s" | md5sum | cut -c1-8); done
	@cp $(B)/profiles/*.nvss $(FUZZ_B)/seeds/snapshot/
	@head -c 64 /dev/zero > $(FUZZ_B)/seeds/regs/zero
	@cp tests/fixtures/rta/ts_paper_table2.json $(FUZZ_B)/seeds/rta/
	@cp tests/fixtures/rta/gcaps-artifact-be30-seed7/ts_0000.json $(FUZZ_B)/seeds/rta/be30.json
	@cp tests/fixtures/rta/gcaps-artifact-seed1/ts_0001.json $(FUZZ_B)/seeds/rta/seed1.json
	@for f in tests/predict/cases/*.json; do case $$f in *.out.json) ;; *) cp $$f $(FUZZ_B)/seeds/predict/ ;; esac; done

.PHONY: fuzz fuzz-regress fuzz-seeds
fuzz: fuzz-seeds $(FUZZ_TARGETS:%=$(FUZZ_B)/fuzz_%) fuzz-regress
	@mkdir -p $(FUZZ_B)/findings
	@rc=0; for t in $(FUZZ_TARGETS); do \
		mkdir -p $(FUZZ_B)/corpus/$$t; \
		echo "=== fuzz $$t for $(FUZZ_SECONDS) s"; \
		max=$$(case $$t in snapshot) echo $(FUZZ_MAXLEN_snapshot);; regs) echo $(FUZZ_MAXLEN_regs);; \
			*) echo 65536;; esac); \
		$(FUZZ_B)/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) -timeout=20 -rss_limit_mb=2048 \
			-malloc_limit_mb=1024 -max_len=$$max -print_final_stats=1 \
			-artifact_prefix=$(FUZZ_B)/findings/$$t- \
			$(FUZZ_B)/corpus/$$t $(FUZZ_B)/seeds/$$t > $(FUZZ_B)/$$t.log 2>&1 || \
			{ rc=1; echo "fuzz $$t: FINDING (log $(FUZZ_B)/$$t.log)"; grep -E 'ERROR|SUMMARY|runtime error' $(FUZZ_B)/$$t.log | head -5; }; \
		grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb' $(FUZZ_B)/$$t.log | tr '\n' ' '; echo; \
	done; \
	echo "FUZZ: $$(echo $(FUZZ_TARGETS) | wc -w) targets x $(FUZZ_SECONDS) s, $$([ $$rc = 0 ] && echo 'no findings' || echo 'FINDINGS in $(FUZZ_B)/findings')"; \
	exit $$rc

fuzz-regress: $(FUZZ_TARGETS:%=$(FUZZ_B)/fuzz_%)
	@rc=0; n=0; for t in $(FUZZ_TARGETS); do \
		d=tests/fuzz/regress/$$t; [ -d $$d ] || continue; \
		for f in $$d/*; do [ -f "$$f" ] || continue; n=$$((n + 1)); \
			$(FUZZ_B)/fuzz_$$t -runs=1 -timeout=20 "$$f" > $(FUZZ_B)/regress.log 2>&1 || \
				{ rc=1; echo "fuzz-regress: $$f FAILS"; tail -5 $(FUZZ_B)/regress.log; }; done; \
	done; echo "fuzz-regress: $$n past findings replayed"; exit $$rc
