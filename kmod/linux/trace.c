// SPDX-License-Identifier: MIT OR GPL-2.0
/*
 * trace.c - instantiates the tracepoints of nvsched_trace.h (once per
 * module).
 */
#define CREATE_TRACE_POINTS
#include "nvsched_trace.h"
