# lib/: libnvsched (include/nvsched.h) and the backends the commands reach
# GPUs through: module ioctls (module_io.c, snapshot_module.c), NVIDIA RM
# (rm_client.c, rm_io.c, gpu_rm.c), snapshot files (gpu.c over sim/), the
# backend choice (gpu.c, gpu_rm.c) and the JSON reader/writer (json.c).
# docs/architecture.md says what may include what.

# json.c: the JSON reader/writer of the commands and the analysis tools
LIBJSON_OBJS := $(B)/lib/json.o
$(B)/libnvsjson.a: $(LIBJSON_OBJS)
	$(Q)ar rcs $@ $^

# libnvsched: static and shared (MIT), over /dev/nvsched, plus the RM
# client and its READ_32 register accessor (lib/rm.mk has their tests)
LIBNVSCHED_SRCS := lib/libnvsched.c lib/rm_client.c lib/rm_io.c
LIBNVSCHED_OBJS := $(LIBNVSCHED_SRCS:%.c=$(B)/%.o)
$(B)/lib/libnvsched.a: $(LIBNVSCHED_OBJS)
	@mkdir -p $(dir $@)
	$(Q)ar rcs $@ $^
$(B)/pic/lib/%.o: lib/%.c
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) -fPIC -c -o $@ $<
$(B)/lib/libnvsched.so.1: $(LIBNVSCHED_SRCS:%.c=$(B)/pic/%.o)
	@mkdir -p $(dir $@)
	$(Q)$(CC) -shared -Wl,-soname,libnvsched.so.1 -o $@ $^
	$(Q)ln -sf libnvsched.so.1 $(B)/lib/libnvsched.so

# the backends of the CLI (GPU lookup and choice, module, RM, snapshot)
# PCI device names through libpci; `make PCI_LIBS=` builds without it
PCI_LIBS ?= -lpci
$(B)/lib/gpu.o: CFLAGS += $(if $(PCI_LIBS),,-DNVSCHED_NO_LIBPCI)
LIBBACKEND_OBJS := $(B)/lib/gpu.o $(B)/lib/gpu_ops.o $(B)/lib/gpu_snapshot.o $(B)/lib/gpu_rm.o $(B)/lib/module_io.o $(B)/lib/snapshot_module.o
$(B)/libnvsbackend.a: $(LIBBACKEND_OBJS)
	$(Q)ar rcs $@ $^

ALL_TARGETS += $(B)/libnvsjson.a $(B)/lib/libnvsched.a $(B)/lib/libnvsched.so.1 $(B)/libnvsbackend.a
