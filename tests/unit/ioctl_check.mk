# tests/unit: the ioctl argument checks (kmod/hw/ioctl_check.c)
$(B)/tests/unit/test_ioctl_check: $(B)/tests/unit/test_ioctl_check.o $(B)/libnvshw.a
	$(Q)$(CC) -o $@ $^ -lcmocka
UNIT_TESTS += $(B)/tests/unit/test_ioctl_check
