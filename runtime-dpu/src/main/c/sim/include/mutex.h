/*
 * Tasklet mutexes (simulator version of the SDK's <mutex.h>). A mutex is used by value:
 *   MUTEX_INIT(my_mutex);  ...  mutex_lock(my_mutex); ... mutex_unlock(my_mutex);
 * The hardware has at most 56 of them; dpu_load counts them (they live in their own section)
 * and refuses a program with more.
 */
#ifndef PIMSIM_MUTEX_H
#define PIMSIM_MUTEX_H

#include <stdbool.h>
#include "pimsim_kernel.h"

struct pimsim_mutex {
    unsigned int locked;
};
typedef struct pimsim_mutex *mutex_id_t;

#define MUTEX_INIT(name)                                                                          \
    struct pimsim_mutex pimsim_mutex_storage_##name __attribute__((section("pimsim_mutexes"), used)); \
    mutex_id_t name = &pimsim_mutex_storage_##name

void mutex_lock(mutex_id_t mutex);
/* Takes the mutex if it is free; returns true when it was taken. */
bool mutex_trylock(mutex_id_t mutex);
void mutex_unlock(mutex_id_t mutex);

#endif
