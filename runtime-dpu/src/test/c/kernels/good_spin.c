// NR_TASKLETS=8
/* A correct kernel that runs for a while (many DMAs), to observe a DPU while it is running. */
#include <defs.h>
#include <mram.h>
#include <stdint.h>

__host uint32_t rounds;
__host uint64_t checksum;

int main(void) {
    __dma_aligned uint64_t word = 0;
    uint64_t sum = 0;
    __mram_ptr uint64_t *cell = (__mram_ptr uint64_t *)DPU_MRAM_HEAP_POINTER + me();
    for (uint32_t i = 0; i < rounds; i++) {
        word += i;
        mram_write(&word, cell, sizeof word);
        mram_read(cell, &word, sizeof word);
        sum += word;
    }
    if (me() == 0) checksum = sum;
    return 0;
}
