# tests/unit: the fixed-priority policy core (kmod/hw/prio.c)
$(B)/tests/unit/test_prio: $(B)/tests/unit/test_prio.o $(B)/libnvshw.a
	$(Q)$(CC) -o $@ $^ -lcmocka
UNIT_TESTS += $(B)/tests/unit/test_prio
