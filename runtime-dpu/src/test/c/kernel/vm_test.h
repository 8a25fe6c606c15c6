/* What vm_test.c shares with vm_test_mp.c. */
#ifndef VM_TEST_H
#define VM_TEST_H

#include "vm_asm.h"

void load_image(struct dpu_set_t set, uint32_t ntasklets, uint32_t features);
void get(int32_t id);
int64_t out64(result_t r, uint32_t off);
void expect_account(result_t r, const char *name, int64_t bal, const char *code, const char *what);
void test_exchange(struct dpu_set_t set);
/* The executing tasklets of the kernel under test. */
extern uint32_t tasklets;
void test_features(const char *kernel);

#endif
