// NR_TASKLETS=4
/* Deliberately bad kernel: when armed, tasklet 2 reads from an MRAM address that is not 8-aligned. */
#include <defs.h>
#include <mram.h>
#include <stdint.h>

__host uint32_t armed;

int main(void) {
    __dma_aligned uint64_t word;
    __mram_ptr uint8_t *from = (__mram_ptr uint8_t *)DPU_MRAM_HEAP_POINTER + ((armed && me() == 2) ? 4 : 8);
    mram_read(from, &word, sizeof word);
    return 0;
}
