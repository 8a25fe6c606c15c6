/*
 * Test kernel for the DPU bridge: each DPU reads "count, values[count]" (uint64) from the MRAM heap,
 * writes "count, sum * factor" 4 KiB further, counts its launches in a __host variable and leaves the count of
 * values in a 4-byte one (a __host variable the host must not read past its end).
 */
#include <defs.h>
#include <mram.h>
#include <stdint.h>

__host uint64_t factor = 1;
__host uint64_t launches;
__host uint32_t last_count;

int main(void) {
    if (me() != 0) {
        return 0;
    }
    __dma_aligned uint64_t word[2];
    __mram_ptr uint8_t *heap = (__mram_ptr uint8_t *)DPU_MRAM_HEAP_POINTER;
    mram_read(heap, word, 8);
    uint64_t count = word[0];
    uint64_t sum = 0;
    for (uint64_t i = 0; i < count; i++) {
        mram_read(heap + 8 + 8 * i, word, 8);
        sum += word[0];
    }
    word[0] = count;
    word[1] = sum * factor;
    mram_write(word, heap + 4096, 16);
    launches++;
    last_count = (uint32_t)count;
    return 0;
}
