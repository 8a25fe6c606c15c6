// NR_TASKLETS=16
/* Deliberately bad kernel: 56 KiB of WRAM globals + 16 tasklets x 1 KiB of stack exceed 64 KiB. */
#include <attributes.h>
#include <defs.h>
#include <stdint.h>

uint8_t table[56 * 1024];
__host uint32_t out;

int main(void) {
    table[me()] = 1;
    out = table[0];
    return 0;
}
