# Chip profiles for the simulator: build/bin/nvss-gen encodes each simulated
# chip from its own field tables (tests/profiles/gen/regs.h; never from
# include/nvsched/regs or kmod/hw) into build/profiles/<chip>.nvss.
#   make profiles         build the generator, all profiles, and check them

NVSS_GEN_SRCS := $(wildcard tests/profiles/gen/*.c)
NVSS_GEN_OBJS := $(NVSS_GEN_SRCS:%.c=$(B)/%.o)
PROFILE_CHIPS := gk104 gm204 gp106 gp10b gv100 gv11b tu104 ga100 ga10b ad102 gh100 gb202
PROFILES := $(PROFILE_CHIPS:%=$(B)/profiles/%.nvss)
H100_FIXTURE := tests/fixtures/h100_idle.nvss

$(B)/bin/nvss-gen: $(NVSS_GEN_OBJS)
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) -o $@ $(NVSS_GEN_OBJS)

$(B)/profiles/%.nvss: $(B)/bin/nvss-gen $(H100_FIXTURE)
	@mkdir -p $(dir $@)
	$(Q)$(B)/bin/nvss-gen --fixture $(H100_FIXTURE) $* > $@.tmp && mv $@.tmp $@

ALL_TARGETS += $(B)/bin/nvss-gen $(PROFILES)

# checked once per change of a profile or of the checker (a stamp), not at
# every make that builds a unit test needing the profiles
$(B)/profiles/checked.stamp: $(PROFILES) tests/profiles/check-profiles.sh
	$(Q)bash tests/profiles/check-profiles.sh $(PROFILES)
	@touch $@

.PHONY: profiles check-profiles
profiles: $(B)/bin/nvss-gen $(B)/profiles/checked.stamp

check-profiles: profiles

# The per-chip part of docs/profiles.md ("what each profile should decode to")
.PHONY: profiles-describe
profiles-describe: $(B)/bin/nvss-gen
	$(Q)for c in $(PROFILE_CHIPS); do $(B)/bin/nvss-gen --fixture $(H100_FIXTURE) --describe $$c; done \
		> $(B)/profiles/describe.md
	@echo "wrote $(B)/profiles/describe.md"
