// NR_TASKLETS=4
/* Deliberately bad kernel: when armed, tasklet 2 writes 4096 bytes in one DMA (the maximum is 2048). */
#include <defs.h>
#include <mram.h>
#include <stdint.h>

__host uint32_t armed;
__dma_aligned uint8_t buffer[4096];

int main(void) {
    unsigned size = (armed && me() == 2) ? 4096 : 2048;
    mram_write(buffer, DPU_MRAM_HEAP_POINTER, size);
    return 0;
}
