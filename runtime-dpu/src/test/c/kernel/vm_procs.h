/* The kernel test's procedures (vm_procs.c): their ids, i.e. their directory positions in the test image. */
#ifndef VM_PROCS_H
#define VM_PROCS_H

#include "vm_asm.h"

enum {
    P_PUT, P_GET, P_PAY, P_RENAME, P_DEL, P_RANGE, P_ARITH, P_STRS, P_LOGIC, P_ARRAY, P_LOOP, P_BUMP, P_STATS,
    P_TOP, P_LOGPUT, P_AGAIN, P_XREAD, P_XPAY, P_XSHASH, P_XJOIN, P_XAGG, P_XROWS, P_XHASH, P_SORTKEY, P_XMANY,
    P_XGROUP, P_WSCAN, P_WSCAN_FULL, P_PUTRUN, P_KEEPPAY, P_XSPEC, P_REFIND
};
/* WSCAN's frame: the arena's frame (FRAME) is larger by the range window's bytes */
#define WSCAN_FRAME 1280u

/* Assembles every procedure (call once, before build_image). */
void assemble(void);

#endif
