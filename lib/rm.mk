# lib/rm.mk: unit tests of the RM backend (lib/rm_client.c, lib/rm_io.c,
# backend choice in lib/gpu_rm.c); the objects are built by lib/lib.mk.
$(B)/tests/unit/test_rm: $(B)/tests/unit/test_rm.o $(B)/lib/gpu_rm.o $(B)/lib/rm_client.o \
		$(B)/lib/rm_io.o $(B)/libnvsbackend.a $(B)/libnvsjson.a $(B)/lib/libnvsched.a \
		$(B)/libnvssim.a $(B)/libnvshw.a
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS) $(PCI_LIBS) -lcmocka -lm

UNIT_TESTS += $(B)/tests/unit/test_rm
