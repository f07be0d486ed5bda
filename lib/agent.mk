# lib/agent: libnvsched-agent.so, the in-process agent of the GSP priority
# backend (docs/priority-gsp.md), loaded with LD_PRELOAD by `nvsched prio run`
AGENT_SRCS := lib/agent/agent.c lib/agent/agent_core.c
AGENT_CFLAGS := -Ilib/agent -fPIC -fvisibility=hidden
$(B)/pic/lib/agent/%.o: lib/agent/%.c
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) $(AGENT_CFLAGS) -MMD -MP -c -o $@ $<
$(B)/lib/libnvsched-agent.so: $(AGENT_SRCS:%.c=$(B)/pic/%.o)
	@mkdir -p $(dir $@)
	$(Q)$(CC) -shared -Wl,-soname,libnvsched-agent.so -Wl,-z,defs -o $@ $^ -ldl -lpthread
$(B)/lib/agent/agent_core.o: CFLAGS += -Ilib/agent
ALL_TARGETS += $(B)/lib/libnvsched-agent.so

# unit test of the capture and the controls (no GPU, no interposition)
$(B)/tests/unit/test_agent.o: CFLAGS += -Ilib/agent
$(B)/tests/unit/test_agent: $(B)/tests/unit/test_agent.o $(B)/lib/agent/agent_core.o
	@mkdir -p $(dir $@)
	$(Q)$(CC) -o $@ $^ -lcmocka
UNIT_TESTS += $(B)/tests/unit/test_agent

# process tests (tests/agent/run.sh): a recording stand-in for the RM ioctls
# and a program that allocates like libcuda does
$(B)/tests/agent/libfakerm.so: tests/agent/fakerm.c
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) -Ilib/agent -fPIC -shared -o $@ $< -ldl
$(B)/tests/agent/fakeapp: tests/agent/fakeapp.c
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) -Ilib/agent -o $@ $< -ldl
AGENT_TEST_BINS := $(B)/tests/agent/libfakerm.so $(B)/tests/agent/fakeapp
# (built by the process test step: make $(AGENT_TEST_BINS))

# make agent-test: the process tests (real processes, arbiter, stand-in RM)
.PHONY: agent-test
agent-test: $(B)/bin/nvsched $(B)/lib/libnvsched-agent.so $(AGENT_TEST_BINS)
	@python3 tests/agent/procs.py $(B)
