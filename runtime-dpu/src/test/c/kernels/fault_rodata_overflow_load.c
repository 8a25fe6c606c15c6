// NR_TASKLETS=8
/* Deliberately bad kernel: 60 KiB of anonymous read-only data (a string literal: WRAM on the DPU, as .rodata) + 8 KiB
 * of stacks. */
#include <attributes.h>
#include <defs.h>
#include <stdint.h>

#define S16 "0123456789abcdef"
#define S256 S16 S16 S16 S16 S16 S16 S16 S16 S16 S16 S16 S16 S16 S16 S16 S16
#define S4K S256 S256 S256 S256 S256 S256 S256 S256 S256 S256 S256 S256 S256 S256 S256 S256
#define S60K S4K S4K S4K S4K S4K S4K S4K S4K S4K S4K S4K S4K S4K S4K S4K

__host uint32_t index_in;
__host uint32_t out;

int main(void) {
    const char *text = S60K;
    out = (uint8_t)text[index_in % 61440];
    return 0;
}
