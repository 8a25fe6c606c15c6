/* Helpers shared by the simulator's C tests. */
#ifndef PIMSIM_SUPPORT_H
#define PIMSIM_SUPPORT_H

#include <stdio.h>
#include <stdlib.h>

#include "pimsim.h"

#define CHECK(cond)                                                                                           \
    do {                                                                                                      \
        if (!(cond)) {                                                                                        \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);                          \
            exit(1);                                                                                          \
        }                                                                                                     \
    } while (0)

/* Checks that a libdpu call returns DPU_OK; prints the simulator's fault text if not. */
#define CHECK_OK(expr)                                                                                        \
    do {                                                                                                      \
        dpu_error_t check_status_ = (expr);                                                                   \
        if (check_status_ != DPU_OK) {                                                                        \
            char check_text_[1024];                                                                           \
            pimsim_last_fault(check_text_, sizeof check_text_);                                               \
            fprintf(stderr, "%s:%d: %s returned %s: %s\n", __FILE__, __LINE__, #expr,                         \
                    pimsim_error_name(check_status_), check_text_);                                           \
            exit(1);                                                                                          \
        }                                                                                                     \
    } while (0)

/* Path of a test kernel .so built by the Makefile (directory from PIMSIM_KERNELS). */
const char *kernel_path(const char *name);

/* Checks that `status` is `expected` and that pimsim_last_fault() contains every given fragment
 * (NULL-terminated list); prints the text. */
void check_error(const char *what, dpu_error_t status, dpu_error_t expected, ...);

/* FNV-1a over bytes, for comparing memory contents. */
unsigned long long hash_bytes(unsigned long long h, const void *data, size_t size);

#endif
