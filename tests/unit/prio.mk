# tests/unit: the fixed-priority policy core (kmod/hw/prio.c)
$(B)/tests/unit/test_prio: $(B)/tests/unit/test_prio.o $(B)/libnvshw.a
	$(Q)$(CC) -o $@ $^ -lcmocka
UNIT_TESTS += $(B)/tests/unit/test_prio
# the runlist mechanism (kmod/hw/prio_rl.c) on the simulator, every profile
$(B)/tests/unit/test_prio_rl: $(B)/tests/unit/test_prio_rl.o $(B)/libnvssim.a $(B)/libnvshw.a | profiles
	$(Q)$(CC) -o $@ $(filter %.o %.a,$^) -lcmocka
UNIT_TESTS += $(B)/tests/unit/test_prio_rl
