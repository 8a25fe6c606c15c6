// NR_TASKLETS=8
/* Deliberately bad kernel: a 60 KiB constant table (constants live in WRAM on the DPU) + 8 KiB of stacks. */
#include <attributes.h>
#include <defs.h>
#include <stdint.h>

#define TABLE_BYTES (60 * 1024)
static const uint8_t table[TABLE_BYTES] = {1, 2, 3};
__host uint32_t index_in;
__host uint32_t out;

int main(void) {
    out = table[index_in % TABLE_BYTES];
    return 0;
}
