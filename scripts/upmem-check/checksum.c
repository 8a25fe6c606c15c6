/*
 * The DPU program scripts/check-upmem.sh drives the Java backend with (UpmemBackendCheck): tasklet 0 sums the
 * 65,536 bytes of QUERY (MRAM) into the 4-byte __host variable checksum. Built with the SDK's compiler when it runs.
 */
#include <defs.h>
#include <mram.h>
#include <stdint.h>

#define QUERY_BYTES 65536
#define CHUNK 256

__mram_noinit uint8_t QUERY[QUERY_BYTES];
__host uint32_t checksum;

int main(void) {
    if (me() != 0) {
        return 0;
    }
    __dma_aligned uint8_t chunk[CHUNK];
    uint32_t sum = 0;
    for (uint32_t at = 0; at < QUERY_BYTES; at += CHUNK) {
        mram_read(&QUERY[at], chunk, CHUNK);
        for (uint32_t i = 0; i < CHUNK; i++) {
            sum += chunk[i];
        }
    }
    checksum = sum;
    return 0;
}
