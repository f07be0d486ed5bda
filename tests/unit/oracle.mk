# tests/unit: tests with hand-written oracles (issue 18)
# tests/unit: the CLI's JSON writer and reader (lib/json.c) against
# hand-written RFC 8259 / CONTRACTS.md expectations; read() and the
# allocations wrapped to fail (tests/unit/failalloc.h)
$(B)/tests/unit/test_json: $(B)/tests/unit/test_json.o $(B)/libnvsjson.a
	$(Q)$(CC) -o $@ $^ -Wl,--wrap=read \
		-Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=strdup -lcmocka -lm
UNIT_TESTS += $(B)/tests/unit/test_json
# tests/unit: control-operation write sequences per generation vs the manuals
$(B)/tests/unit/test_control_seq: $(B)/tests/unit/test_control_seq.o $(B)/libnvshw.a
	$(Q)$(CC) -o $@ $^ -lcmocka
UNIT_TESTS += $(B)/tests/unit/test_control_seq
# tests/unit: boundary values of the runlist-register decoders
$(B)/tests/unit/test_bounds: $(B)/tests/unit/test_bounds.o $(B)/libnvshw.a
	$(Q)$(CC) -o $@ $^ -lcmocka
UNIT_TESTS += $(B)/tests/unit/test_bounds
# tests/unit: the CLI's output helpers (cli/out.c) and option parser (cli/opts.c)
$(B)/tests/unit/test_cli_util: $(B)/tests/unit/test_cli_util.o $(B)/cli/out.o $(B)/cli/opts.o \
		$(B)/libnvsjson.a
	$(Q)$(CC) -o $@ $^ -lcmocka -lm
UNIT_TESTS += $(B)/tests/unit/test_cli_util
