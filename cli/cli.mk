# cli/: the nvsched CLI and libnvsched
CLI_COMMON_SRCS := cli/json.c
CLI_COMMON_OBJS := $(CLI_COMMON_SRCS:%.c=$(B)/%.o)
$(B)/libnvscli.a: $(CLI_COMMON_OBJS)
	$(Q)ar rcs $@ $^

# libnvsched: static and shared (MIT), over /dev/nvsched, plus the RM
# client and its READ_32 register accessor (cli/rm.mk)
LIBNVSCHED_SRCS := cli/libnvsched.c cli/rm_client.c cli/rm_io.c
LIBNVSCHED_OBJS := $(LIBNVSCHED_SRCS:%.c=$(B)/%.o)
$(B)/lib/libnvsched.a: $(LIBNVSCHED_OBJS)
	@mkdir -p $(dir $@)
	$(Q)ar rcs $@ $^
$(B)/pic/cli/%.o: cli/%.c
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) -fPIC -c -o $@ $<
$(B)/lib/libnvsched.so.1: $(LIBNVSCHED_SRCS:%.c=$(B)/pic/%.o)
	@mkdir -p $(dir $@)
	$(Q)$(CC) -shared -Wl,-soname,libnvsched.so.1 -o $@ $^
	$(Q)ln -sf libnvsched.so.1 $(B)/lib/libnvsched.so

# Analysis commands are linked in when their libraries are part of the tree.
CLI_EXTRA_LIBS := $(if $(wildcard cli/rta.mk),$(B)/librta.a) $(if $(wildcard cli/predict.mk),$(B)/libpredict.a)
CLI_DEFS := $(if $(wildcard cli/rta.mk),-DNVSCHED_HAVE_RTA) $(if $(wildcard cli/predict.mk),-DNVSCHED_HAVE_PREDICT)
$(B)/cli/nvsched.o: CFLAGS += $(CLI_DEFS)
$(B)/cli/nvsched.o: cli/cli.mk $(wildcard cli/rta.mk cli/predict.mk)

# PCI device names through libpci; `make PCI_LIBS=` builds without it
PCI_LIBS ?= -lpci
$(B)/cli/gpu.o: CFLAGS += $(if $(PCI_LIBS),,-DNVSCHED_NO_LIBPCI)
NVSCHED_OBJS := $(B)/cli/nvsched.o $(B)/cli/gpu.o $(B)/cli/cmd_runlist.o $(B)/cli/cmd_ctl.o $(B)/cli/cmd_topo.o \
	$(B)/cli/gpu_rm.o $(B)/cli/cmd_rm.o $(B)/cli/module_io.o $(B)/cli/snapshot_module.o \
	$(B)/cli/cmd_prio.o $(B)/cli/prio_sim.o $(B)/cli/prio_gsp.o
$(B)/bin/nvsched: $(NVSCHED_OBJS) $(CLI_EXTRA_LIBS) $(B)/libnvscli.a $(B)/lib/libnvsched.a $(B)/libnvssim.a $(B)/libnvshw.a
	@mkdir -p $(dir $@)
	$(Q)$(CC) -o $@ $^ $(PCI_LIBS) -lm

ALL_TARGETS += $(B)/libnvscli.a $(B)/lib/libnvsched.a $(B)/lib/libnvsched.so.1 $(B)/bin/nvsched
