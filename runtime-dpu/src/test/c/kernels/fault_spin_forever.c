// NR_TASKLETS=4
/* Deliberately bad kernel: when armed, tasklet 2 busy-waits on a WRAM flag that nobody sets, without
 * ever calling the runtime (the simulator's cooperative tasklets cannot switch it out). */
#include <attributes.h>
#include <defs.h>
#include <stdint.h>

__host uint32_t armed;
__host volatile uint32_t released;

int main(void) {
    if (armed && me() == 2)
        while (!released) {
        }
    return 0;
}
