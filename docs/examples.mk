# docs/examples: example programs, built by `make` against the tree's libnvsched
$(B)/bin/prio-daemon: docs/examples/prio-daemon.c $(B)/lib/libnvsched.a
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) -o $@ $< $(B)/lib/libnvsched.a
ALL_TARGETS += $(B)/bin/prio-daemon
