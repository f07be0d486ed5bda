# nvsched top-level Makefile.
#
#   make            build the module (nvsched.ko), the CLI and libnvsched
#   make run        the main job: show /proc/gpu0/device_info and runlist0
#                   (real GPU with a loadable module, else a QEMU guest on
#                   the simulated GH100)
#   make test       reference check, module on every kernel, unit tests,
#                   CLI tests, QEMU kernel tests (installs deps first)
#   make deps       install the Debian packages the build and tests need
#   make check-kernels   build the module W=1 against every Debian kernel
#   make check-arm64     the module cross-built for arm64 (W=1, sparse)
#   make cppcheck        cppcheck over the user-space and portable C
#   make check-debug-kernel [CASES="stress prio"]  QEMU cases under a
#                        lockdep/KASAN/kmemleak kernel (default: the debug set)
#
# Sub-directories add their own rules through */*.mk fragments; they append
# to ALL_TARGETS (built by `make`), UNIT_TESTS (run by `make unit`) and
# CLEAN_FILES.

KDIR ?= $(shell if [ -d /lib/modules/$$(uname -r)/build ]; then \
		echo /lib/modules/$$(uname -r)/build; else \
		ls -d /usr/src/linux-headers-*-amd64 2>/dev/null | grep -v -- '-rt-' | sort -V | tail -1; fi)
B := build
CC ?= cc
CFLAGS_COMMON := -std=gnu11 -O2 -g -Wall -Wextra -Werror -Wno-unused-parameter \
	-Iinclude -Ikmod/hw -Isim -Ilib -Icli -Ianalysis/rta -Ianalysis/predict -Ianalysis/priosim -D_GNU_SOURCE
CFLAGS += $(CFLAGS_COMMON)
Q := $(if $(V),,@)

ALL_TARGETS :=
UNIT_TESTS :=
BENCH_TARGETS :=
CLEAN_FILES :=

.PHONY: all module user deps test unit qemu-test run check-kernels check-arm64 check-debug-kernel cppcheck sparse clean bench
all: user module

# ---- portable hardware core, as a user-space library -----------------------
HW_SRCS := $(wildcard kmod/hw/*.c)
HW_OBJS := $(HW_SRCS:%.c=$(B)/%.o)
$(B)/libnvshw.a: $(HW_OBJS)
	@mkdir -p $(dir $@)
	$(Q)ar rcs $@ $^

$(B)/%.o: %.c
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) -MMD -MP -c -o $@ $<

-include $(wildcard */*.mk analysis/*/*.mk tests/*/*.mk)

user: $(B)/libnvshw.a $(ALL_TARGETS)

# the programs and libraries without the generated CLI documentation (which
# runs nvsched some hundred times): what the fast tests run, so what
# `make mutate` rebuilds after each mutant (tests/mutate/covermap.py)
.PHONY: user-bin
user-bin: $(B)/libnvshw.a $(filter-out $(CLI_DOCS),$(ALL_TARGETS))

# ---- kernel module ----------------------------------------------------------
module:
	@if [ -z "$(KDIR)" ] || [ ! -d "$(KDIR)" ]; then \
		echo "no kernel headers found: run 'make deps' or set KDIR=/path/to/build"; exit 1; fi
	$(MAKE) -C $(KDIR) M=$(CURDIR) W=1 modules

sparse:
	$(MAKE) -C $(KDIR) M=$(CURDIR) C=2 W=1 modules

check-kernels:
	@bash scripts/check-kernels.sh

# the module cross-built for arm64 (Jetson) against a cached linux-source tree
check-arm64:
	@bash scripts/check-arm64.sh

# the module's QEMU cases under a lockdep/KASAN/kmemleak kernel built from
# Debian's linux-source (cached; long; not part of make test: before releases)
check-debug-kernel:
	@bash scripts/check-debug-kernel.sh $(CASES)

# cppcheck over everything that ships in user space (the portable core, the
# CLI and library, the snapshot/simulator code the CLI links); any finding fails
CPPCHECK_DIRS := kmod/hw lib cli analysis sim
cppcheck:
	@command -v cppcheck >/dev/null || { echo "cppcheck not installed: run make deps"; exit 1; }
	@cppcheck --quiet --enable=warning,portability --std=c11 --inline-suppr \
		-Iinclude -Ikmod/hw -Isim -Ilib -Icli -Ianalysis/rta -Ianalysis/predict -Ianalysis/priosim -D_GNU_SOURCE --error-exitcode=1 \
		$(CPPCHECK_DIRS) && echo "CPPCHECK: ok ($(CPPCHECK_DIRS))"

deps:
	@bash scripts/deps.sh

unit: user $(UNIT_TESTS)
	@bash scripts/run-unit.sh $(UNIT_TESTS)

test: deps
	$(MAKE) all
	@bash scripts/test.sh

run: deps
	$(MAKE) all
	@bash scripts/run.sh

# speed and memory targets are measured here, never in timed tests
bench: user
	@[ -n "$(BENCH_TARGETS)" ] || { echo "no benchmarks"; exit 0; }
	$(MAKE) -k $(BENCH_TARGETS)	# every benchmark prints, a missed target still fails

clean:
	rm -rf $(B) $(CLEAN_FILES)
	-$(MAKE) -C $(KDIR) M=$(CURDIR) clean >/dev/null 2>&1

-include $(shell find $(B) \( -path $(B)/debug-kernel -o -path $(B)/arm64-linux -o -path $(B)/kcheck -o -path $(B)/qemu \) -prune -o -type f -name '*.d' -print 2>/dev/null)
