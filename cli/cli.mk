# cli/: the nvsched CLI and libnvsched
CLI_COMMON_SRCS := cli/json.c
CLI_COMMON_OBJS := $(CLI_COMMON_SRCS:%.c=$(B)/%.o)
$(B)/libnvscli.a: $(CLI_COMMON_OBJS)
	$(Q)ar rcs $@ $^
ALL_TARGETS += $(B)/libnvscli.a
