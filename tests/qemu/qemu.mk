# QEMU kernel tests (tests/qemu/README.md).  Included by the top Makefile.
#   make qemu-test      the QEMU cases on Debian's kernels (QEMU_ARGS="--kernel 6.1 ...")
#   make qemu-selftest  only the harness self-tests (placeholder module)
#   make qemu-run CMD='cat /proc/gpu0/chip' [SNAPSHOT=file.nvss] [KERNEL=6.12]
.PHONY: qemu-test qemu-selftest qemu-run
QEMU_ARGS ?=
qemu-test: user
	@bash tests/qemu/suite.sh --selftest $(QEMU_ARGS)
qemu-selftest:
	@bash tests/qemu/suite.sh --selftest-only $(QEMU_ARGS)
qemu-run: user
	@bash tests/qemu/run.sh --kernel $(or $(KERNEL),6.1) \
		--snapshot $(or $(SNAPSHOT),$(firstword $(wildcard $(B)/profiles/gh100.nvss) tests/fixtures/h100_idle.nvss)) \
		-- '$(or $(CMD),cat /proc/gpu0/chip)'
