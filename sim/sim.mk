# sim/: snapshot parser/writer + behavioural GPU model (libnvssim.a),
# the QEMU-side responder (nvss-responder), nvss-tool and their unit tests.

NVSSIM_LIB := $(B)/libnvssim.a
NVSSIM_OBJS := $(B)/sim/snapshot.o $(B)/sim/sim.o

$(NVSSIM_LIB): $(NVSSIM_OBJS)
	$(Q)ar rcs $@ $^

$(B)/bin/nvss-responder: $(B)/sim/responder.o $(B)/sim/responder_driver.o $(NVSSIM_LIB) \
		$(B)/libnvshw.a
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS)

$(B)/bin/nvss-tool: $(B)/sim/nvss-tool.o $(NVSSIM_LIB)
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS)

# test_snapshot fails the reader's allocations one at a time (--wrap)
$(B)/tests/unit/test_snapshot: $(B)/tests/unit/test_snapshot.o $(NVSSIM_LIB)
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS) -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=strdup -lcmocka

# test_sim also runs the responder end to end
$(B)/tests/unit/test_sim.o: CFLAGS += -DNVSS_RESPONDER_DEFAULT='"$(B)/bin/nvss-responder"'
$(B)/tests/unit/test_sim: $(B)/tests/unit/test_sim.o $(NVSSIM_LIB) | $(B)/bin/nvss-responder
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) -o $@ $(filter-out $(B)/bin/%,$^) $(LDFLAGS) -lcmocka

ALL_TARGETS += $(NVSSIM_LIB) $(B)/bin/nvss-responder $(B)/bin/nvss-tool
UNIT_TESTS += $(B)/tests/unit/test_snapshot $(B)/tests/unit/test_sim

# the responder playing the owning driver (--driver-tsg), on the simulator
$(B)/tests/unit/test_responder_driver: $(B)/tests/unit/test_responder_driver.o \
		$(B)/sim/responder_driver.o $(NVSSIM_LIB) $(B)/libnvshw.a | profiles
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) -o $@ $(filter %.o %.a,$^) $(LDFLAGS) -lcmocka
UNIT_TESTS += $(B)/tests/unit/test_responder_driver
