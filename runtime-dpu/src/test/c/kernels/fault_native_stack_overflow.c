// NR_TASKLETS=4
// CFLAGS: -DSTACK_SIZE_DEFAULT=2048
/* Deliberately bad kernel: when armed, tasklet 2 recurses without bound and overflows its native stack (before the
 * launch ends and the stack canary is checked). Unarmed, one 1 KiB frame fits its 2 KiB DPU stack. */
#include <attributes.h>
#include <defs.h>
#include <stdint.h>

__host uint32_t armed;
__host uint32_t depth_reached;

static uint32_t descend(uint32_t depth) {
    volatile uint8_t frame[1024];
    frame[depth % sizeof frame] = (uint8_t)depth;
    if (depth == 0) return frame[0];
    return descend(depth - 1) + frame[depth % sizeof frame];
}

int main(void) {
    uint32_t depth = (armed && me() == 2) ? 100000000u : 0u;
    depth_reached = descend(depth);
    return 0;
}
