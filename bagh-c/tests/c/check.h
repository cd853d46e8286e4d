/* check.h: the few assertions the C tests share. A failed check prints
 * where, the code's name and the thread's last error, and exits with 1. */
#ifndef BAGH_TEST_CHECK_H
#define BAGH_TEST_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#include "bagh.h"

static inline void check_failed(const char *file, int line, const char *what) {
    char message[512];
    size_t length = 0;
    if (bagh_last_error_message(message, sizeof message, &length) != BAGH_OK) message[0] = 0;
    fprintf(stderr, "%s:%d: check failed: %s (last error: %s)\n", file, line, what, message);
    exit(1);
}

#define CHECK(condition) \
    do { if (!(condition)) check_failed(__FILE__, __LINE__, #condition); } while (0)

/* A call that must return `expected` (a bagh_result). */
#define CHECK_RESULT(call, expected)                                              \
    do {                                                                          \
        enum bagh_result result_ = (call);                                        \
        if (result_ != (expected)) {                                              \
            fprintf(stderr, "%s:%d: %s returned %s, expected %s\n", __FILE__,     \
                    __LINE__, #call, bagh_result_name(result_),                   \
                    bagh_result_name(expected));                                  \
            check_failed(__FILE__, __LINE__, #call);                              \
        }                                                                         \
    } while (0)

#define CHECK_OK(call) CHECK_RESULT(call, BAGH_OK)

#endif
