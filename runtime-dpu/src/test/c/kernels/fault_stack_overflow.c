// NR_TASKLETS=4
/*
 * Deliberately bad kernel: when armed, tasklet 2 fills a 3 KiB local buffer, three times its DPU stack (1 KiB, the
 * default): the simulator's stack canary reports it when the launch ends. Unarmed, every tasklet uses a few bytes.
 */
#include <attributes.h>
#include <defs.h>
#include <stdint.h>

__host uint32_t armed;
__host uint32_t sum;

static __attribute__((noinline)) uint32_t deep(void) {
    volatile uint8_t frame[3072];
    for (uint32_t i = 0; i < sizeof frame; i++) frame[i] = (uint8_t)i;
    return frame[0] + frame[sizeof frame - 1];
}

static __attribute__((noinline)) uint32_t shallow(void) {
    volatile uint8_t frame[64];
    for (uint32_t i = 0; i < sizeof frame; i++) frame[i] = (uint8_t)i;
    return frame[0] + frame[sizeof frame - 1];
}

int main(void) {
    uint32_t s = armed && me() == 2 ? deep() : shallow();
    if (me() == 0) sum = s;
    return 0;
}
