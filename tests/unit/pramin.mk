# tests/unit: PRAMIN window sessions (kmod/hw/pramin.c): once per span,
# never restored over the driver's value, all-ones stops
$(B)/tests/unit/test_pramin: $(B)/tests/unit/test_pramin.o $(B)/libnvshw.a
	$(Q)$(CC) -o $@ $^ -lcmocka
UNIT_TESTS += $(B)/tests/unit/test_pramin
