// NR_TASKLETS=4
/* Deliberately bad kernel: when armed, tasklet 2 writes from a WRAM buffer that is not 8-aligned. */
#include <defs.h>
#include <mram.h>
#include <stdint.h>

__host uint32_t armed;
__dma_aligned uint8_t buffer[32];

int main(void) {
    const uint8_t *from = buffer + ((armed && me() == 2) ? 4 : 8);
    mram_write(from, DPU_MRAM_HEAP_POINTER, 8);
    return 0;
}
