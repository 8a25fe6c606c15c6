/*
 * Per-call state of the executing tasklets: the first-error record (pim_fail), the loop iteration budget
 * (pim_tick), and the output area writers used by result sets and result records.
 */
#include "pim_rt.h"

pim_task_t pim_task[NR_TASKLETS];
_Static_assert(sizeof(pim_task_t) == 128, "a shift indexes the tasklets' states");

pim_task_t *pim_me(void)
{
    return &pim_task[PIM_SLOT()];
}

void pim_fail_text(const char *sqlstate, const char *msg, uint32_t len)
{
    pim_task_t *T = pim_me();
    if (T->status != 0) {
        return; /* the first error of a call is the one reported (an operation may meet two) */
    }
    T->status = PIM_ST_FAILED;
    pim_x.stop = pim_x.ord; /* read for exchange calls only, which run alone */
    pim_bt_copy(T->rec->sqlstate, sqlstate, 5);
    if (len > PIM_MSG_MAX) {
        len = PIM_MSG_MAX;
    }
    pim_bt_copy(PIM_MSG(T), msg, len);
    T->rec->msg_len = (uint16_t)len;
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
    if (T->out_limit - T->out_pos < bytes) {
        T->out_full = 1;
        pim_fail("53400", "output area full: the call returns more rows than a tasklet's share of the output area");
        return;
    }
    pim_mram_put(T->out_pos, wram, bytes);
    T->out_pos += bytes;
}

/* A result set: u32 set index, u32 rows (patched in when the set ends), then the rows. */
void pim_rs_begin(uint32_t set_index)
{
    pim_task_t *T = pim_me();
    uint32_t hdr[2] __attribute__((aligned(8)));
    hdr[0] = set_index;
    hdr[1] = 0;
    T->rs_rows = 0;
    T->rs_hdr = T->out_pos;
    pim_out_write(hdr, 8);
    T->rec->nsets++;
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
    uint32_t hdr[2] __attribute__((aligned(8)));
    pim_mram_get(T->rs_hdr, hdr, 8);
    hdr[1] = T->rs_rows;
    pim_mram_put(T->rs_hdr, hdr, 8);
}
