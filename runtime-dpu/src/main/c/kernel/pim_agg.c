/* Table-driven aggregates over an index range (pim_rt.h pim_range_agg): the key moves, the scan and the
 * accumulation of SET v = (SELECT COUNT(*) | MIN(c) | MAX(c) | SUM(c) FROM t WHERE <index prefix>), or the
 * pick of SET v = (SELECT c ... LIMIT 1 OFFSET k), in one call instead of some forty instructions of loop,
 * 64-bit compares and stores per statement. */
#include "pim_rt.h"

void pim_range_agg(const pim_agg_t *a)
{
    pim_task_t *T = pim_me();
    uint8_t *row = T->frame + a->row;
    pim_bt_cursor_t *c = (pim_bt_cursor_t *)(void *)(T->frame + a->cursor);
    uint8_t *db = a->dst_base == PIM_B_PARAMS ? (uint8_t *)T->params : T->frame + a->dst_block;
    int64_t acc = 0;
    bool seen = a->agg == PIM_AGG_COUNT; /* COUNT(*) is never NULL, the others are without a value */
    int64_t skip = 0;
    assert(a->agg >= PIM_AGG_COUNT && a->agg <= PIM_AGG_PICK && (a->flags & ~PIM_R_DESC) == 0);
    if (a->agg == PIM_AGG_PICK && (pim_get(&a->skip, &skip) || skip < 0)) {
        pim_fail("2201X", "invalid row count in result offset clause"); /* HSQLDB's answer to OFFSET NULL or < 0 */
        return;
    }
    if (pim_move(a->keys, a->nkeys)) { /* a NULL key matches no row */
        pim_range_open(a->tid, a->ix, c, row, a->nkeys, a->flags);
        while (pim_range_next(a->tid, a->ix, c, row) != PIM_NONE) { /* counts the iterations */
            int64_t v;
            if (a->agg == PIM_AGG_COUNT) {
                acc++;
                continue;
            }
            if (a->agg == PIM_AGG_PICK && skip > 0) {
                skip--;
                continue;
            }
            if ((row[a->col.null_off] & a->col.null_mask) != 0) {
                if (a->agg == PIM_AGG_PICK) {
                    break; /* the picked row's value is NULL */
                }
                continue; /* aggregates skip NULLs */
            }
            v = pim_ldnum(row + a->col.off, a->col.kind);
            if (a->agg == PIM_AGG_SUM) {
                acc = seen ? pim_add(acc, v) : v;
            } else if (!seen || a->agg == PIM_AGG_PICK || (a->agg == PIM_AGG_MIN ? v < acc : v > acc)) {
                acc = v;
            }
            seen = true;
            if (a->agg == PIM_AGG_PICK) {
                break;
            }
        }
    }
    pim_put(db, a->fd, acc, !seen);
}
