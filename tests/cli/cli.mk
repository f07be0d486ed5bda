# tests/cli/cli.mk - the stand-in for /dev/nvsched that the CLI tests
# preload (tests/cli/fakedev.c; used by test_cli.py and test_leaks.sh).
# Plain gcc: it is preloaded into the sanitizer builds too.
$(B)/tests/cli/fakedev.so: tests/cli/fakedev.c
	$(Q)mkdir -p $(@D)
	$(Q)gcc -O1 -Wall -Werror -shared -fPIC -Iinclude -o $@ $< -ldl
