/*
 * Per-call state of the executing tasklets: the first-error record (pim_fail), the loop iteration
 * budget (pim_tick), and the output area writers used by result sets and result records.
 */
#include "pim_rt.h"

pim_task_t pim_task[PIM_EXEC_TASKLETS];

pim_task_t *pim_me(void)
{
#if PIM_EXEC_TASKLETS == 1
    return &pim_task[0]; /* only tasklet 0 executes calls (main returns on the others) */
#else
    sysname_t id = me();
    assert(id < PIM_EXEC_TASKLETS);
    return &pim_task[id];
#endif
}

void pim_fail_text(const char *sqlstate, const char *msg, uint32_t len)
{
    pim_task_t *T = pim_me();
    uint32_t i;
    if (T->status != 0) {
        return; /* the first error of a call is the one reported */
    }
    T->status = 1;
    T->mp_stop = T->mp_ord;
    for (i = 0; i < 5; i++) {
        T->sqlstate[i] = sqlstate[i];
    }
    if (len > PIM_MSG_MAX) {
        len = PIM_MSG_MAX;
    }
    for (i = 0; i < len; i++) {
        T->msg[i] = msg[i];
    }
    T->msg_len = len;
}

void pim_fail(const char *sqlstate, const char *msg)
{
    uint32_t len = 0;
    while (len < PIM_MSG_MAX && msg[len] != 0) {
        len++;
    }
    pim_fail_text(sqlstate, msg, len);
}

bool pim_tick(void)
{
    pim_task_t *T = pim_me();
    if (T->status != 0) {
        return true;
    }
    if (--T->steps == 0) {
        pim_fail("54000", "loop iteration limit of the call exceeded");
        return true;
    }
    return false;
}

/* ---- output area ---- */

void pim_out_write(const void *wram, uint32_t bytes)
{
    pim_task_t *T = pim_me();
    if (T->status != 0) {
        return;
    }
    if (T->out_limit - T->out_pos < bytes) {
        T->out_full = 1;
        pim_fail("53400", "output area full: the call returns more rows than a tasklet's share of the output area");
        return;
    }
    pim_mram_put(T->out_pos, wram, bytes);
    T->out_pos += bytes;
}

static void rs_header(pim_task_t *T, pim_off_t at)
{
    uint32_t hdr[2] __attribute__((aligned(8)));
    hdr[0] = T->rs_index;
    hdr[1] = T->rs_rows;
    pim_mram_put(at, hdr, 8);
}

void pim_rs_begin(uint32_t set_index)
{
    pim_task_t *T = pim_me();
    uint64_t header_slot = 0; /* the row count is patched in when the set ends */
    if (T->status != 0) {
        return;
    }
    T->rs_index = set_index;
    T->rs_rows = 0;
    T->rs_hdr = T->out_pos;
    pim_out_write(&header_slot, 8);
    T->nsets++;
}

void pim_rs_row(const void *row, uint32_t bytes)
{
    pim_task_t *T = pim_me();
    pim_out_write(row, bytes);
    T->rs_rows++;
}

void pim_rs_end(void)
{
    pim_task_t *T = pim_me();
    if (T->status == 0) {
        rs_header(T, T->rs_hdr);
    }
}
