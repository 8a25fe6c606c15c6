/* Test kernel for fault reporting: a DMA of 12 bytes, which the hardware refuses. */
#include <defs.h>
#include <mram.h>
#include <stdint.h>

int main(void) {
    __dma_aligned uint64_t buf[2];
    mram_read((__mram_ptr void *)DPU_MRAM_HEAP_POINTER, buf, 12);
    return 0;
}
