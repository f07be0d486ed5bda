# analysis/rta/rta.mk: `nvsched rta` (GCAPS response-time analysis) -> librta.a,
# a standalone driver build/bin/nvsched-rta, unit tests and the bench.
RTA_SRCS := analysis/rta/rta.c analysis/rta/rta_fast.c analysis/rta/rta_gen.c analysis/rta/cmd_rta.c
RTA_OBJS := $(RTA_SRCS:%.c=$(B)/%.o)
# the analysis' loops: -O3 measured 3-4 % faster (no fast-math: results unchanged)
$(B)/analysis/rta/rta.o: CFLAGS += -O3
$(B)/librta.a: $(RTA_OBJS)
	$(Q)ar rcs $@ $^
ALL_TARGETS += $(B)/librta.a $(B)/bin/nvsched-rta

$(B)/bin/nvsched-rta: $(B)/analysis/rta/main.o $(B)/librta.a $(B)/libnvsjson.a
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) -o $@ $^ -lm

# test_rta fails the analysis' allocations (--wrap, tests/unit/failalloc.h)
$(B)/tests/unit/test_rta: $(B)/tests/unit/test_rta.o $(B)/tests/unit/rta_ref.o $(B)/librta.a $(B)/libnvsjson.a
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) -o $@ $^ -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=strdup -lcmocka -lm
UNIT_TESTS += $(B)/tests/unit/test_rta

.PHONY: bench-rta
BENCH_TARGETS += bench-rta
bench-rta: $(B)/bin/nvsched-rta $(B)/bin/rta-bench
	@bash bench/rta-bench.sh $(B)/bin/nvsched-rta $(B)/bin/rta-bench

$(B)/bin/rta-bench: $(B)/bench/rta_bench.o $(B)/librta.a $(B)/libnvsjson.a
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) -o $@ $^ -lm
ALL_TARGETS += $(B)/bin/rta-bench
