/*
 * Joins in multi-partition calls (docs/multi-partition.md "Joins"): a query whose first source lives on one
 * partition (the rowset) and whose later sources are replicated or found by primary key on the partition of
 * a key computed from earlier rows (lookups), e.g. TPC-C Stock-Level's order lines of a district joined with
 * the stock of their items.
 *
 * Rowset. The owner of the first source's partition scans it and publishes the fields the rest of the query
 * reads of every row that passes the source's filter, as one vector entry (value: the rows, each a block of
 * those fields like INTO values, docs/vm.md "value descriptor"). Every other participant's local scan finds nothing (the rows live on
 * the owner only), and it iterates the published rows instead: all participants see the same rows in the
 * same order, so their later ordinals agree.
 *
 * Lookups. Each inner lookup is a statement instance of its own (pim_mp_at with no INTO fields): its owner
 * probes and publishes the row's fields (an empty value: no row); the others take them from the vector.
 * A missing value (rowset or lookup) does not stop the call at once: the participant marks it
 * (pim_mp_missing, pim_mp.c), skips the row, publishes every lookup it owns, and blocks at the end of the statement
 * naming every DPU it needs (pim_mp_join_end). So a join costs about three launches whatever its size:
 * the rowset, every owner's lookups, the result.
 *
 * State lives in statics: exchange calls run alone on tasklet 0, and a query holds one rowset at a time.
 */
#include "pim_rt.h"

#if PIM_HAS(PIM_F_MP_ROWS)
/* The rowset (in the exchange's state: exchange calls run alone on tasklet 0, and a query holds one rowset). */
#define rs_val (pim_x.rs_val)
#define rs_ord (pim_x.rs_ord)
#define rs_publishing (pim_x.rs_publishing)
#define rs_head (pim_x.rs_head)
#define rs_at (pim_x.rs_at)
#define rs_end (pim_x.rs_end)

/*
 * Starts the first source of a join; returns the pass to run: 1 = scan the local partition (a call on one
 * DPU runs the rest of the query on each row; the owner of an exchange call only publishes the rows), 2 =
 * iterate the published rows (pim_mp_row_next). The program's loop is (docs/vm.md MPROWS..MPJEND)
 *
 *     for (ph = MPROWS; ph != 0; ph = MPRNEXT)
 *         while (MPROW || (ph == 1 && <next local row>))
 *             if (<filter>) if (MPPUT) <the rest of the query>
 *     MPJEND
 *
 * so the owner runs the rest of the query in a second pass over its own published rows, after they are
 * complete (its lookups publish entries of their own behind them), like every other participant.
 */
uint32_t pim_mp_rows(int64_t key, bool key_null, const pim_xval_t *fields)
{
    pim_task_t *T = pim_me();
    uint32_t dpu, len = 0;
    if ((T->mp_flags & PIM_CALL_MP) == 0) {
        return 1; /* a call on one DPU: the scan alone (the statics belong to exchange calls, on tasklet 0) */
    }
    rs_at = rs_end = 0;
    rs_publishing = false;
    pim_x.ord++;
    assert(fields->bytes != 0 && fields->bytes % 8 == 0); /* every row one aligned DMA */
    rs_val = fields;
    rs_ord = pim_x.ord;
    dpu = pim_mp_route(key, key_null);
    if (dpu == pim_x.dpu) {
        /* the entry's header is written by pim_mp_rows_next, once the rows are known */
        if (pim_x.pub + 8 > pim_x.pub_end) {
            pim_error(PIM_E_PUBLISH);
            return 0;
        }
        rs_publishing = true;
        rs_head = pim_x.pub;
        pim_x.pub += 8;
        return 1;
    }
    rs_at = pim_mp_find(fields->stmt, dpu, &len);
    if (rs_at == PIM_NONE) {
        pim_mp_missing(dpu); /* no rows: the lookups of the rows it has not seen are not run either */
        rs_at = 0;
        return 2;
    }
    assert(len % fields->bytes == 0);
    rs_end = rs_at + len;
    return 2;
}

/* After pass 1: the owner closes its rowset entry and iterates it (pass 2); everyone else is done. */
uint32_t pim_mp_rows_next(void)
{
    pim_task_t *T = pim_me();
    uint16_t hdr[4] __attribute__((aligned(8)));
    uint32_t len;
    if ((T->mp_flags & PIM_CALL_MP) == 0 || !rs_publishing) {
        return 0;
    }
    rs_publishing = false;
    len = pim_x.pub - (rs_head + 8);
    hdr[0] = (uint16_t)rs_val->stmt;
    hdr[1] = (uint16_t)len;
    hdr[2] = (uint16_t)(rs_ord & 0xffffu);
    hdr[3] = (uint16_t)(rs_ord >> 16);
    pim_mram_put(rs_head, hdr, 8);
    pim_x.npub++;
    rs_at = rs_head + 8;
    rs_end = pim_x.pub;
    return 2;
}

bool pim_mp_row_next(void)
{
    pim_task_t *T = pim_me();
    if ((T->mp_flags & PIM_CALL_MP) == 0 || rs_at >= rs_end) {
        return false;
    }
    pim_mp_unpack(T, rs_val, rs_at, rs_val->bytes);
    rs_at += rs_val->bytes;
    return true;
}

bool pim_mp_row_put(void)
{
    pim_task_t *T = pim_me();
    uint32_t step;
    if ((T->mp_flags & PIM_CALL_MP) == 0 || !rs_publishing) {
        return true; /* run the rest of the query on this row */
    }
    step = rs_val->bytes;
    if (pim_x.pub + step > pim_x.pub_end || pim_x.pub + step - (rs_head + 8) > 0xfff8u) {
        pim_error(PIM_E_JOIN_ROWS);
        pim_x.stop = rs_ord; /* where the others wait for these rows: the failure is decided there */
        return false;
    }
    pim_mp_pack(T, rs_val);
    pim_mram_put(pim_x.pub, PIM_MP_BUF(T) + 8, step);
    pim_x.pub += step;
    return false;
}

void pim_mp_stop(void)
{
    if (rs_publishing) {
        rs_publishing = false;
        pim_x.pub = rs_head; /* a failed call publishes no rows */
    }
    pim_mp_join_end();
}
#endif /* PIM_F_MP_ROWS */
