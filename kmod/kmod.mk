# kmod/hw unit tests (the module itself is built by Kbuild)
$(B)/tests/unit/test_chip: $(B)/tests/unit/test_chip.o $(B)/libnvshw.a
	$(Q)$(CC) -o $@ $^ -lcmocka
UNIT_TESTS += $(B)/tests/unit/test_chip
$(B)/tests/unit/test_caps: $(B)/tests/unit/test_caps.o $(B)/libnvshw.a
	$(Q)$(CC) -o $@ $^ -lcmocka
UNIT_TESTS += $(B)/tests/unit/test_caps
$(B)/tests/unit/test_ptop: $(B)/tests/unit/test_ptop.o $(B)/libnvssim.a $(B)/libnvshw.a | profiles
	$(Q)$(CC) -o $@ $(filter %.o %.a,$^) -lcmocka
UNIT_TESTS += $(B)/tests/unit/test_ptop
$(B)/tests/unit/test_runlist: $(B)/tests/unit/test_runlist.o $(B)/libnvssim.a $(B)/libnvshw.a
	$(Q)$(CC) -o $@ $^ -lcmocka
UNIT_TESTS += $(B)/tests/unit/test_runlist
# decoders vs the profile generator's chip descriptions (needs build/profiles)
$(B)/tests/unit/test_profiles.o: CFLAGS += -Wno-missing-field-initializers
$(B)/tests/unit/test_profiles: $(B)/tests/unit/test_profiles.o $(B)/tests/profiles/gen/chips.o $(B)/libnvssim.a $(B)/libnvshw.a | profiles
	$(Q)$(CC) -o $@ $(filter %.o %.a,$^) -lcmocka
UNIT_TESTS += $(B)/tests/unit/test_profiles
$(B)/tests/unit/test_control: $(B)/tests/unit/test_control.o $(B)/libnvssim.a $(B)/libnvshw.a | profiles
	$(Q)$(CC) -o $@ $(filter %.o %.a,$^) -lcmocka
UNIT_TESTS += $(B)/tests/unit/test_control
