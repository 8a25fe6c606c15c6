/* Point-to-point tasklet synchronisation (simulator version of the SDK's <handshake.h>). */
#ifndef PIMSIM_HANDSHAKE_H
#define PIMSIM_HANDSHAKE_H

#include "defs.h"

/* Blocks until another tasklet waits for the caller (handshake_wait_for(me())), then releases it. */
void handshake_notify(void);

/*
 * Blocks until tasklet `notifier` calls handshake_notify(). Returns 0; returns a non-zero error
 * without waiting when another tasklet already waits for the same notifier.
 */
int handshake_wait_for(sysname_t notifier);

#endif
