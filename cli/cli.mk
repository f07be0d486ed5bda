# cli/: the nvsched command table (nvsched.c) and the commands (cmd_*.c);
# they reach GPUs only through lib/ (docs/architecture.md).

# Analysis commands are linked in when their libraries are part of the tree.
CLI_EXTRA_LIBS := $(if $(wildcard analysis/rta/rta.mk),$(B)/librta.a) \
	$(if $(wildcard analysis/predict/predict.mk),$(B)/libpredict.a)
CLI_DEFS := $(if $(wildcard analysis/rta/rta.mk),-DNVSCHED_HAVE_RTA) \
	$(if $(wildcard analysis/predict/predict.mk),-DNVSCHED_HAVE_PREDICT)
$(B)/cli/nvsched.o: CFLAGS += $(CLI_DEFS)
$(B)/cli/nvsched.o: cli/cli.mk $(wildcard analysis/rta/rta.mk analysis/predict/predict.mk)

NVSCHED_OBJS := $(B)/cli/nvsched.o $(B)/cli/cmd_runlist.o $(B)/cli/cmd_ctl.o $(B)/cli/cmd_topo.o \
	$(B)/cli/cmd_rm.o $(B)/cli/cmd_prio.o $(B)/cli/prio_gsp.o $(B)/cli/out.o $(B)/cli/opts.o $(B)/analysis/priosim/prio_sim.o
$(B)/bin/nvsched: $(NVSCHED_OBJS) $(CLI_EXTRA_LIBS) $(B)/libnvsbackend.a $(B)/libnvsjson.a \
		$(B)/lib/libnvsched.a $(B)/libnvssim.a $(B)/libnvshw.a
	@mkdir -p $(dir $@)
	$(Q)$(CC) -o $@ $^ $(PCI_LIBS) -lm

ALL_TARGETS += $(B)/bin/nvsched
