/* Host side of the concurrent-reader test: loads tasklets_kernel.so on one simulated DPU and checks it. */
#include <stdio.h>
#include <stdlib.h>

#include "pimsim.h"

int main(int argc, char **argv)
{
    struct dpu_set_t set;
    uint32_t checks = 0, errors = 0, line = 0;
    char fault[512];
    if (argc != 2) {
        fprintf(stderr, "usage: %s kernel.so\n", argv[0]);
        return 2;
    }
    if (dpu_alloc(1, NULL, &set) != DPU_OK || dpu_load(set, argv[1], NULL) != DPU_OK ||
        dpu_launch(set, DPU_SYNCHRONOUS) != DPU_OK) {
        pimsim_last_fault(fault, sizeof fault);
        fprintf(stderr, "tasklet reader test: launch failed: %s\n", fault);
        return 1;
    }
    if (dpu_copy_from(set, "checks", 0, &checks, 4) != DPU_OK || dpu_copy_from(set, "errors", 0, &errors, 4) != DPU_OK ||
        dpu_copy_from(set, "first_error_line", 0, &line, 4) != DPU_OK) {
        fprintf(stderr, "tasklet reader test: copy_from failed\n");
        return 1;
    }
    dpu_free(set);
    printf("tasklet reader test (%s): %u checks, %u errors%s\n", argv[1], checks, errors,
           errors ? " (see the EXPECT at tasklets_kernel.c line below)" : "");
    if (errors)
        printf("first failing EXPECT at tasklets_kernel.c:%u\n", line);
    return errors != 0 || checks < 50000;
}
