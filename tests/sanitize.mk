# make asan: the unit tests built and run under AddressSanitizer +
# UndefinedBehaviorSanitizer (any report fails the test: no recovery), with
# leak detection on for the tests; then the programs of that build through
# the runs of the leak check (tests/cli/test_leaks.sh --asan: every read
# command on three snapshots, the control dry runs, --watch, the module
# backend's stand-in, every predictor case, the responder's error paths).  Build tools (the profile generator) run
# without leak detection: they are one-shot programs that exit right away.
.PHONY: asan
ASAN_B := $(B)/asan
ASAN_CC := $(CC) -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
asan:
	$(Q)ASAN_OPTIONS=detect_leaks=0 $(MAKE) --no-print-directory B=$(ASAN_B) CC="$(ASAN_CC)" \
		user $(patsubst $(B)/%,$(ASAN_B)/%,$(UNIT_TESTS))
	$(Q)ASAN_OPTIONS=detect_leaks=1:detect_stack_use_after_return=1 \
		UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 UNIT_LABEL="UNIT (ASan+UBSan)" \
		bash scripts/run-unit.sh $(patsubst $(B)/%,$(ASAN_B)/%,$(UNIT_TESTS))
	$(Q)$(MAKE) --no-print-directory profiles $(B)/tests/cli/fakedev.so
	$(Q)bash tests/cli/test_leaks.sh -q --asan --part=cli,predict,responder
