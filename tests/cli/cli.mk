# tests/cli/cli.mk - the stand-in for /dev/nvsched that the CLI tests
# preload (tests/cli/fakedev.c; used by test_cli.py and test_leaks.sh).
# Plain gcc: it is preloaded into the sanitizer builds too.
$(B)/tests/cli/fakedev.so: tests/cli/fakedev.c
	$(Q)mkdir -p $(@D)
	$(Q)gcc -O1 -Wall -Werror -shared -fPIC -Iinclude -o $@ $< -ldl

# the stand-in for NVIDIA's driver (/dev/nvidiactl, /dev/nvidia0) that the
# rm backend's CLI tests preload (tests/cli/fakenv.c): register values from
# a snapshot, so the snapshot reader is linked in, its symbols hidden
$(B)/tests/cli/fakenv.so: tests/cli/fakenv.c sim/snapshot.c sim/snapshot.h lib/rm_abi.h
	$(Q)mkdir -p $(@D)
	$(Q)gcc -O1 -Wall -Werror -shared -fPIC -fvisibility=hidden \
		-Iinclude -Ikmod/hw -Isim -Ilib -o $@ tests/cli/fakenv.c sim/snapshot.c -ldl

# a malloc that fails once, at a given size (tests/cli/failmalloc.c), and
# the sizes of the structures the CLI allocates (tests/cli/sizes.c)
$(B)/tests/cli/failmalloc.so: tests/cli/failmalloc.c
	$(Q)mkdir -p $(@D)
	$(Q)gcc -O1 -Wall -Werror -shared -fPIC -o $@ $<

$(B)/tests/cli/sizes: tests/cli/sizes.c kmod/hw/ptop.h
	$(Q)mkdir -p $(@D)
	$(Q)gcc -O1 -Wall -Werror -Iinclude -Ikmod/hw -o $@ $<
