// NR_TASKLETS=4
/* Deliberately bad kernel: when armed, tasklet 2 reaches a path that calls halt(). */
#include <attributes.h>
#include <defs.h>
#include <stdint.h>

__host uint32_t armed;
__host uint32_t reached;

static void unreachable_state(void) { halt(); }

int main(void) {
    if (armed && me() == 2) unreachable_state();
    reached++;
    return 0;
}
