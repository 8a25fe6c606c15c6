// NR_TASKLETS=4
/* Deliberately bad kernel: when armed, tasklet 2 allocates more WRAM than is left after globals and stacks. */
#include <alloc.h>
#include <attributes.h>
#include <defs.h>
#include <stdint.h>

__host uint32_t armed;
__host uint32_t allocated;

int main(void) {
    /* 4 tasklets x 1 KiB of stack + a few globals leave about 60 KiB of heap */
    size_t size = (armed && me() == 2) ? 61 * 1024 : 1024;
    uint8_t *p = mem_alloc(size);
    p[0] = 1;
    allocated += (uint32_t)size;
    return 0;
}
