// NR_TASKLETS=24
// CFLAGS: -DSTACK_SIZE_DEFAULT=3072
/* Deliberately bad kernel: 24 tasklets x 3 KiB of stack (set by -DSTACK_SIZE_DEFAULT) exceed 64 KiB. */
#include <attributes.h>
#include <defs.h>
#include <stdint.h>

__host uint32_t out;

int main(void) {
    out = me();
    return 0;
}
