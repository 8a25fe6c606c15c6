// NR_TASKLETS=4
/* Deliberately bad kernel: when armed, tasklet 2 fails a plain assert() from <assert.h>. */
#include <assert.h>
#include <attributes.h>
#include <defs.h>
#include <stdint.h>

__host uint32_t armed;
__host uint32_t value;

int main(void) {
    if (me() == 2) assert(armed == 0 || value == 42);
    return 0;
}
