// NR_TASKLETS=4
/* Deliberately bad kernel: when armed, tasklet 2 divides by zero (a native arithmetic trap). */
#include <attributes.h>
#include <defs.h>
#include <stdint.h>

__host uint32_t armed;
__host uint32_t quotient;

int main(void) {
    volatile uint32_t divisor = (armed && me() == 2) ? 0 : 3;
    quotient = 300u / divisor;
    return 0;
}
