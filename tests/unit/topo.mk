# tests/unit: copy-engine and GR topology decoders (kmod/hw/ce.c, gr.c)
$(B)/tests/unit/test_ce: $(B)/tests/unit/test_ce.o $(B)/libnvssim.a $(B)/libnvshw.a
	$(Q)$(CC) -o $@ $^ -lcmocka
UNIT_TESTS += $(B)/tests/unit/test_ce
$(B)/tests/unit/test_gr: $(B)/tests/unit/test_gr.o $(B)/libnvssim.a $(B)/libnvshw.a
	$(Q)$(CC) -o $@ $^ -lcmocka
UNIT_TESTS += $(B)/tests/unit/test_gr
