// NR_TASKLETS=4
/* Deliberately bad kernel: when armed, tasklet 2 polls MRAM forever for a value nobody writes. */
#include <defs.h>
#include <mram.h>
#include <stdint.h>

__host uint32_t armed;

int main(void) {
    __dma_aligned uint64_t flag = 0;
    if (armed && me() == 2) {
        do {
            mram_read(DPU_MRAM_HEAP_POINTER, &flag, sizeof flag);
        } while (flag != 0xdeadbeefull);
    }
    return 0;
}
