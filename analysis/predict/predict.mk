# analysis/predict/predict.mk: nvsched predict (thread block-to-SM scheduling predictor)
#   $(B)/libpredict.a          cmd_predict() and the predictor, for the nvsched CLI
#                              (link with libnvsjson.a for json.c, and -lm; the CLI
#                              enables it with -DNVSCHED_HAVE_PREDICT)
#   $(B)/bin/nvsched-predict   standalone driver (analysis/predict/main.c)
#   $(B)/tests/unit/test_predict   cmocka unit tests
#   make predict-test          unit tests + CLI golden tests
#   make predict-hw            build the CUDA validation program (needs nvcc)
PREDICT_SRCS := analysis/predict/predict.c analysis/predict/predict_gpu.c analysis/predict/predict_input.c analysis/predict/cmd_predict.c
PREDICT_OBJS := $(PREDICT_SRCS:%.c=$(B)/%.o)

$(B)/libpredict.a: $(PREDICT_OBJS)
	$(Q)ar rcs $@ $^

$(B)/bin/nvsched-predict: $(B)/analysis/predict/main.o $(B)/libpredict.a $(B)/libnvsjson.a
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) -o $@ $^ -lm

# test_predict fails the predictor's allocations one at a time (--wrap)
$(B)/tests/unit/test_predict: $(B)/tests/unit/test_predict.o $(B)/libpredict.a $(B)/libnvsjson.a
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) -o $@ $^ -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=strdup -lcmocka -lm

ALL_TARGETS += $(B)/libpredict.a $(B)/bin/nvsched-predict
UNIT_TESTS += $(B)/tests/unit/test_predict

.PHONY: predict-test predict-hw
predict-test: $(B)/tests/unit/test_predict $(B)/bin/nvsched-predict
	$(B)/tests/unit/test_predict
	bash tests/predict/run-golden.sh $(B)/bin/nvsched-predict

predict-hw:
	$(MAKE) -C tests/hw
