# tests/unit: the /proc control-file input parser (kmod/hw/ctlparse.c)
$(B)/tests/unit/test_ctlparse: $(B)/tests/unit/test_ctlparse.o $(B)/libnvshw.a
	$(Q)$(CC) -o $@ $^ -lcmocka
UNIT_TESTS += $(B)/tests/unit/test_ctlparse
