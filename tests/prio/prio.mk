# tests/prio: CLI tests of `nvsched prio simulate` (hand-worked expectations)
.PHONY: prio-test
prio-test: $(B)/bin/nvsched $(B)/tests/unit/test_prio
	$(B)/tests/unit/test_prio
	bash tests/prio/run-cli.sh $(B)/bin/nvsched
