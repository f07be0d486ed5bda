# cli/rm.mk: unit tests of the RM backend (cli/rm_client.c, cli/rm_io.c,
# backend choice in cli/gpu_rm.c); the objects are built by cli/cli.mk.
$(B)/tests/unit/test_rm: $(B)/tests/unit/test_rm.o $(B)/cli/gpu_rm.o $(B)/cli/rm_client.o \
		$(B)/cli/rm_io.o $(B)/libnvssim.a $(B)/libnvshw.a
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS) -lcmocka

UNIT_TESTS += $(B)/tests/unit/test_rm
