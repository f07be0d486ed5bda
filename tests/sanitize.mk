# make asan: the unit tests built and run under AddressSanitizer +
# UndefinedBehaviorSanitizer (any report fails the test: no recovery), with
# leak detection on for the tests.  Build tools (the profile generator) run
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
