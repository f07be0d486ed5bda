# make mutate: one-line faults in the product code, one at a time, against
# the fast tests (tests/mutate/mutate.py; docs/testing.md).
#   make mutate MUTATE_PER_AREA=20 MUTATE_AREAS="decoders output" MUTATE_SEED=18
#   MUTATE_PER_AREA=0 runs every candidate (long; MUTATE_WORKERS=2 on two cores).
MUTATE_PER_AREA ?= 20
MUTATE_AREAS ?= decoders control snapshot output analysis
MUTATE_SEED ?= 18
.PHONY: mutate
mutate: user
	@python3 tests/mutate/mutate.py --per-area $(MUTATE_PER_AREA) \
		--areas "$(MUTATE_AREAS)" --seed $(MUTATE_SEED)
