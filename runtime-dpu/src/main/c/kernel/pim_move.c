/* Table-driven field copies (pim_rt.h pim_move): the compact form of most generated data movement. */
#include "pim_rt.h"
#include "pim_btree.h"

static uint8_t *base_of(const pim_task_t *T, const pim_fld_t *f)
{
    return f->base == PIM_B_PARAMS ? (uint8_t *)(uintptr_t)T->params : T->frame;
}

/* Reads a source: a number into *v (a string only for its NULL flag); true when the value is NULL. */
static bool get(const pim_task_t *T, const pim_fld_t *s, int64_t *v)
{
    const uint8_t *b = base_of(T, s);
    if (s->base == PIM_B_CONST) {
        *v = (int32_t)((uint32_t)s->off | (uint32_t)s->null_off << 16);
        return false;
    }
    if (s->kind == 0) {
        return true; /* the NULL constant */
    }
    if (s->kind < PIM_K_CHAR) {
        *v = pim_ldnum(b + s->off, s->kind);
    }
    return (b[s->null_off] & s->null_mask) != 0;
}

bool pim_get(const pim_fld_t *s, int64_t *v)
{
    assert(s->base != PIM_B_ELEM && s->fit == 0);
    return get(pim_me(), s, v);
}

bool pim_move(const pim_mv_t *mv, uint32_t n)
{
    pim_task_t *T = pim_me();
    bool all = true;
    for (; n > 0; n--, mv++) { /* pointer steps: an index would multiply by the entry size */
        const pim_fld_t *d = &mv->dst, *s = &mv->src;
        uint8_t *db = base_of(T, d);
        int64_t v;
        bool isnull;
#if PIM_MOVE_ELEMS
        if (s->base == PIM_B_ELEM) { /* an array element; the next entry's source is its index */
            const uint8_t *p = (const uint8_t *)(uintptr_t)T->params;
            int64_t ix;
            uint32_t e;
            assert(n > 1 && s->kind != 0 && s->kind < PIM_K_CHAR && s->fit == 0);
            n--;
            mv++;
            e = pim_elem(p + s->null_off, s->len, get(T, &mv->src, &ix) ? 0 : ix);
            isnull = (e & 1u) != 0;
            v = pim_ldnum(p + s->off + (e >> 1) * s->null_mask, s->kind);
        } else
#endif
        {
            isnull = get(T, s, &v);
        }
#if PIM_MOVE_SUMS
        for (uint32_t op = s->fit; op != 0; op = mv->src.fit) { /* a sum or difference with the next entry's
                                                                    source, which may continue it */
            int64_t w;
            assert(n > 1 && op <= PIM_OP_SUB);
            n--;
            mv++;
            isnull = get(T, &mv->src, &w) || isnull;
            if (!isnull) {
                v = op == PIM_OP_ADD ? pim_add(v, w) : pim_sub(v, w);
            }
        }
#else
        assert(s->fit == 0);
#endif
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
            const uint8_t *sp = base_of(T, s) + s->off;
            uint32_t len = s->len;
            if (s->kind == PIM_K_VARCHAR) {
                len = PIM_VLEN(sp, 0);
                sp += 2;
            }
            pim_ststr(db + d->off, d->kind, d->len, (const char *)sp, len);
        } else {
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

void pim_pk_stmt(const pim_pk_t *d)
{
    pim_task_t *T = pim_me();
    uint8_t *row = T->frame + d->row, *nrow = T->frame + d->nrow;
    pim_off_t off = PIM_NONE;
    assert(d->op <= PIM_PK_INSERT); /* a scalar has one move (codegen checks), its NULL store next */
    if (d->route == PIM_PK_LOCAL || pim_mp_at(PIM_LD32((uintptr_t)T->params, d->route), 0)) {
        if (d->op != PIM_PK_INSERT) {
            off = pim_pk_probe(d->tid, row, d->keys, d->nkeys);
        }
        if (off != PIM_NONE || d->op == PIM_PK_INSERT) {
            if (d->op == PIM_PK_UPDATE) {
                pim_bt_move_words(nrow, row, d->words);
            } else if (d->op == PIM_PK_INSERT) {
                pim_zero(nrow, d->words * 4u);
            }
            pim_move(d->moves, d->nmoves); /* no entries (a delete): no effect */
            if (d->op >= PIM_PK_UPDATE) {
                pim_row_write(d->tid, off, d->op == PIM_PK_DELETE ? NULL : nrow);
            }
        } else if (d->op == PIM_PK_SCALAR) {
            pim_move(d->moves + 1, 1); /* no row: the subquery's value is NULL (its one move, then this entry) */
        }
    }
    if (d->xv != NULL) {
        pim_mp_val(d->xv);
    }
}
