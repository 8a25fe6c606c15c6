// NR_TASKLETS=4
/* Deliberately bad kernel: when armed, tasklet 2 reads 12 bytes (DMA sizes are multiples of 8). */
#include <defs.h>
#include <mram.h>
#include <stdint.h>

__host uint32_t armed;

int main(void) {
    __dma_aligned uint8_t buffer[16];
    unsigned size = (armed && me() == 2) ? 12 : 8;
    mram_read(DPU_MRAM_HEAP_POINTER, buffer, size);
    return 0;
}
