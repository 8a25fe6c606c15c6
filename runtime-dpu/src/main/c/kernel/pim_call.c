/*
 * Per-call state of the executing tasklets: the first-error record (pim_fail), the loop iteration budget
 * (pim_tick), and the output area writers used by result sets and result records.
 */
#include "pim_rt.h"

pim_task_t pim_task[NR_TASKLETS];
_Static_assert(sizeof(pim_task_t) == 128, "a shift indexes the tasklets' states");
_Static_assert(offsetof(pim_task_t, bucket) % 8 == 0, "a bucket's link is read into the state by DMA");

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

/* PIM_E_* in order: the SQLSTATE, then the message. */
static const char *const errors[PIM_ERRORS] = {
    "22003" "numeric value out of range",
    "22012" "division by zero",
    "22001" "string data, right truncation",
    "23502" "NULL value for a NOT NULL column",
    "23505" "duplicate primary key",
    "23505" "duplicate key in a unique index",
    "2202E" "array element not found: index out of range",
    "22011" "substring error: negative length",
    "22018" "invalid character value for cast",
    "22007" "invalid datetime format",
    "54000" "loop iteration limit of the call exceeded",
    "54000" "UPDATE, DELETE or a writing FOR loop matches more rows than it can collect",
    "54000" "too many distinct values for COUNT(DISTINCT)",
    "54000" "ORDER BY needs more rows than the sort buffer holds; add a LIMIT or an index",
    "54000" "multi-partition call publishes too many values",
    "54000" "a join in a multi-partition call publishes too many rows",
    "54000" "a broadcast read's partial result is too large to exchange",
    "53400" "output area full: the call returns more rows than a tasklet's share of the output area",
    "53200" "undo log full: the call writes too much",
    "53200" "MRAM exhausted: no room for a new row",
    "53200" "MRAM exhausted: no room for an index node",
    "54000" "a multi-partition call writes on more DPUs outside its participants than one report names (64)",
};

void pim_error(uint32_t e)
{
    assert(e < PIM_ERRORS);
#if PIM_HAS(PIM_F_GATHER)
    pim_x.full |= e == PIM_E_PARTIAL || e == PIM_E_PUBLISH; /* (read for exchange calls only, which run alone) */
#endif
    pim_fail(errors[e], errors[e] + 5);
}

PIM_INLINE bool pim_tick(void)
{
    pim_task_t *T = pim_me();
    if (--T->steps == 0) {
        pim_error(PIM_E_STEPS);
        return true;
    }
    return false;
}

/* ---- output area ---- */

PIM_NO_TAIL_CALLS void pim_out_write(const void *wram, uint32_t bytes)
{
    pim_task_t *T = pim_me();
    if (T->out_limit - T->out_pos < bytes) {
        T->full = PIM_FULL_OUTPUT;
        pim_error(PIM_E_OUTPUT);
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
    hdr[0] = T->rs_set = set_index;
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
    hdr[0] = T->rs_set;
    hdr[1] = T->rs_rows;
    pim_mram_put(T->rs_hdr, hdr, 8);
}
