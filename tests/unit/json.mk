# tests/unit: the CLI's JSON writer and reader (cli/json.c) against
# hand-written RFC 8259 / CONTRACTS.md expectations
$(B)/tests/unit/test_json: $(B)/tests/unit/test_json.o $(B)/libnvscli.a
	$(Q)$(CC) -o $@ $^ -lcmocka -lm
UNIT_TESTS += $(B)/tests/unit/test_json
