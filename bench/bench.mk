# make bench: measured targets (never timed tests)
$(B)/bin/runlist-bench: $(B)/bench/runlist_bench.o $(B)/libnvssim.a $(B)/libnvshw.a
	@mkdir -p $(dir $@)
	$(Q)$(CC) -o $@ $^
.PHONY: bench-runlist
bench-runlist: $(B)/bin/runlist-bench profiles
	$(B)/bin/runlist-bench $(sort $(wildcard $(B)/profiles/*.nvss))
BENCH_TARGETS += bench-runlist
# the priority policy's begin/end decision latency (user space)
$(B)/bin/prio-bench: $(B)/bench/prio_bench.o $(B)/libnvssim.a $(B)/libnvshw.a
	@mkdir -p $(dir $@)
	$(Q)$(CC) -o $@ $^
.PHONY: bench-prio
bench-prio: $(B)/bin/prio-bench profiles
	$(B)/bin/prio-bench $(B)/profiles/gv100.nvss $(B)/profiles/tu104.nvss $(B)/profiles/ga100.nvss \
		$(B)/profiles/gh100.nvss $(B)/profiles/gb202.nvss
BENCH_TARGETS += bench-prio
# epsilon of a priority decision against a null ioctl in a QEMU guest
# (report only; boots four guests, about 30 s)
.PHONY: bench-prio-guest
bench-prio-guest: user profiles
	bash bench/prio-guest.sh
BENCH_TARGETS += bench-prio-guest
# the GSP backend's restore deadlines (10 ms after kill -9 of the real-time
# task or of the arbiter) with real processes and the stand-in RM; the same
# checks as make agent-test, which bounds them at 250 ms only
.PHONY: bench-agent
bench-agent: $(B)/bin/nvsched $(B)/lib/libnvsched-agent.so $(AGENT_TEST_BINS)
	NVS_AGENT_BENCH=1 python3 tests/agent/procs.py $(B)
BENCH_TARGETS += bench-agent
