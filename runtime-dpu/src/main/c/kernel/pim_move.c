/* Table-driven field copies (pim_rt.h pim_move): the compact form of most generated data movement. */
#include "pim_rt.h"

static uint8_t *base_of(const pim_task_t *T, const pim_fld_t *f)
{
    return f->base == PIM_B_PARAMS ? (uint8_t *)(uintptr_t)T->params : T->frame;
}

bool pim_move(const pim_mv_t *mv, uint32_t n)
{
    pim_task_t *T = pim_me();
    bool all = true;
    uint32_t i;
    for (i = 0; i < n; i++) {
        const pim_fld_t *d = &mv[i].dst, *s = &mv[i].src;
        uint8_t *db = base_of(T, d);
        const uint8_t *sp = base_of(T, s) + s->off;
        bool isnull = s->kind == 0 || (base_of(T, s)[s->null_off] & s->null_mask) != 0;
        all = all && !isnull;
        if (isnull && d->notnull) {
            pim_fail("23502", "NULL value for a NOT NULL column");
            continue;
        }
        db[d->null_off] = (uint8_t)(isnull ? db[d->null_off] | d->null_mask : db[d->null_off] & ~d->null_mask);
        if (isnull) {
            continue;
        }
        if (d->kind >= PIM_K_CHAR) {
            uint32_t len = s->len;
            if (s->kind == PIM_K_VARCHAR) {
                len = PIM_VLEN(sp, 0);
                sp += 2;
            }
            pim_ststr(db + d->off, d->kind, d->len, (const char *)sp, len);
        } else {
            int64_t v = pim_ldnum(sp, s->kind);
            assert(d->rescale == 0); /* codegen moves only values of equal scale */
            pim_stnum(db + d->off, d->kind, d->fit != 0 ? pim_fit(v, d->fit) : v);
        }
    }
    return all;
}

pim_off_t pim_pk_probe(uint32_t tid, uint8_t *row, const pim_mv_t *keys, uint32_t n)
{
    return pim_move(keys, n) ? pim_pk_find(tid, row) : PIM_NONE;
}
