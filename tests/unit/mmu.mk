# GMMU walkers and instance-block decode vs the profile generator's page
# tables (needs build/profiles), plus fault injection
$(B)/tests/unit/test_mmu.o: CFLAGS += -Wno-missing-field-initializers
$(B)/tests/unit/test_mmu: $(B)/tests/unit/test_mmu.o $(B)/tests/profiles/gen/chips.o $(B)/libnvssim.a $(B)/libnvshw.a | profiles
	$(Q)$(CC) -o $@ $(filter %.o %.a,$^) -lcmocka
UNIT_TESTS += $(B)/tests/unit/test_mmu
