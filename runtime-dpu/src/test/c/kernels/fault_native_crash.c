// NR_TASKLETS=4
/* Deliberately bad kernel: when armed, tasklet 2 writes through a null pointer (a native crash). */
#include <attributes.h>
#include <defs.h>
#include <stdint.h>

__host uint32_t armed;
__host uint32_t written;

int main(void) {
    uint32_t *volatile target = &written;
    if (armed && me() == 2) target = (uint32_t *)0;
    *target = me();
    return 0;
}
