// NR_TASKLETS=4
/* Deliberately bad kernel: when armed, tasklet 2 writes 16 bytes across the end of the 64 MiB MRAM. */
#include <defs.h>
#include <mram.h>
#include <stdint.h>

__host uint32_t armed;

int main(void) {
    __dma_aligned uint64_t words[2] = {me(), me()};
    /* no MRAM globals here, so the heap starts at MRAM offset 0 and ends with the MRAM at 64 MiB */
    __mram_ptr uint8_t *last_word = (__mram_ptr uint8_t *)DPU_MRAM_HEAP_POINTER + (64u << 20) - 8;
    if (armed && me() == 2)
        mram_write(words, last_word, 16); /* the second word would lie past the end */
    else
        mram_write(words, last_word - 8 * me(), 8);
    return 0;
}
