/*
 * Table storage on one DPU: fixed-size rows in the MRAM heap, a chained hash primary index whose
 * chain links live in each row's 8-byte header ({u32 next row in chain, u32 key hash}), B+tree
 * secondary indexes (pim_btree.h), and the per-call undo log that lets a failing call be rolled back
 * alone. Written for a small IRAM footprint: one chain walker, one index-maintenance loop, one undo
 * walker, and 32-bit arithmetic only.
 *
 * Undo log record (in the executing tasklet's MRAM undo area, growing upward):
 *   [before image, row_bytes, UPDATE only][u32 kind | tid << 8][u32 row offset]
 * The fixed trailer lets rollback walk the log backwards. Deleted rows keep their bytes until the
 * call commits (their memory is freed at commit), so undoing a delete only re-links the row.
 */
#include "pim_rt.h"

enum { U_INSERT = 1, U_DELETE = 2, U_UPDATE = 3 };

/*
 * Encodes the first ncols key columns of `row` so that memcmp order is SQL order: a nullable column
 * starts with 0 (NULL, sorts first) or 1; numbers are 8 bytes big-endian two's complement with the
 * sign bit flipped; strings are their declared length, space padded. A NULL's bytes are zero. The key is
 * zero padded to a multiple of 8. Returns the unpadded length (the prefix length for range bounds).
 */
uint32_t pim_key_encode(const pim_index_t *ix, const uint8_t *row, uint32_t ncols, uint8_t *key)
{
    const pim_col_t *c = &pim_cols[ix->first_col];
    uint32_t n = 0, i, j, len, width, flip;
    int64_t num;
    assert(ncols <= ix->ncols);
    for (i = 0; i < ncols; i++, c++) {
        const uint8_t *p = row + c->off;
        bool isnull = c->nullable && pim_bit(row, c->null_bit);
        if (c->nullable) {
            key[n++] = !isnull;
        }
        width = len = c->len;
        flip = 0;
        if (c->kind < PIM_K_CHAR) { /* the number's 8 bytes, read backwards (big-endian), sign bit flipped */
            num = pim_ldnum(p, c->kind) ^ INT64_MIN;
            p = (const uint8_t *)&num;
            width = len = 8;
            flip = 7;
        } else if (c->kind == PIM_K_VARCHAR) {
            len = PIM_VLEN(p, 0);
            p += 2;
        }
        for (j = 0; j < width; j++) {
            key[n + j] = isnull ? 0 : (j < len ? p[j ^ flip] : (uint8_t)' ');
        }
        n += width;
        assert(n <= pim_img.key_bytes);
    }
    for (j = n; (j & 7u) != 0; j++) {
        key[j] = 0;
    }
    return n;
}

static __attribute__((noinline)) uint32_t key_hash(const uint8_t *key, uint32_t len)
{
    uint32_t h = 5381u, i;
    for (i = 0; i < len; i++) {
        h = ((h << 5) + h) ^ key[i]; /* djb2-xor: shifts and adds only (no multiply on the DPU) */
    }
    return h;
}

static uint32_t encode(const pim_index_t *ix, const uint8_t *row, uint8_t *key)
{
    return pim_key_encode(ix, row, ix->ncols, key);
}

/* ---- hash primary index ---- */

PIM_OUTLINE static pim_off_t bucket_at(uint32_t tid, uint32_t h)
{
    return pim_tstate[tid].buckets + (h & pim_tstate[tid].bucket_mask) * 4u;
}

/* Reads or writes the u32 link at MRAM offset `at` (a bucket or a row header) with one 8-byte DMA. */
static __attribute__((noinline)) pim_off_t link_get(pim_off_t at)
{
    uint32_t pair[2] __attribute__((aligned(8)));
    pim_mram_get(at & ~7u, pair, 8);
    return pair[(at >> 2) & 1u];
}

static __attribute__((noinline)) void link_set(pim_off_t at, pim_off_t value)
{
    uint32_t pair[2] __attribute__((aligned(8)));
    pim_mram_get(at & ~7u, pair, 8);
    pair[(at >> 2) & 1u] = value;
    pim_mram_put(at & ~7u, pair, 8);
}

/*
 * Walks the chain of hash h. With target != NONE, unlinks row `target` and returns it. Otherwise
 * returns the row whose primary key equals `key` (len bytes, in key_a or key_b): candidates with the
 * same hash are loaded into `scratch` and re-encoded into the other key buffer for comparison.
 */
static pim_off_t chain_walk(uint32_t tid, uint32_t h, pim_off_t target, const uint8_t *key, uint32_t len,
                            uint8_t *scratch)
{
    pim_task_t *T = pim_me();
    pim_off_t at = bucket_at(tid, h), off;
    uint32_t guard, hdr[2] __attribute__((aligned(8)));
    /* at: the link that points to off (the bucket, then the previous row's header) */
    for (guard = 0, off = link_get(at); off != PIM_NONE; guard++, at = off, off = hdr[0]) {
        assert(guard <= pim_tstate[tid].rows);
        pim_mram_get(off, hdr, 8);
        if (off == target) {
            link_set(at, hdr[0]);
            return off;
        }
        if (target == PIM_NONE && hdr[1] == h) {
            uint8_t *cand = key == T->key_a ? T->key_b : T->key_a;
            pim_row_load(tid, off, scratch);
            encode(PIM_INDEX(tid, 0), scratch, cand);
            if (pim_bt_keycmp(key, cand, len) == 0) {
                return off;
            }
        }
    }
    assert(target == PIM_NONE);
    return PIM_NONE;
}

/* ---- rows ---- */

void pim_row_load(uint32_t tid, pim_off_t off, uint8_t *row)
{
    pim_mram_get(off, row, pim_tabs[tid].row_bytes);
}

pim_off_t pim_pk_find(uint32_t tid, uint8_t *row)
{
    pim_task_t *T = pim_me();
    uint32_t len = encode(PIM_INDEX(tid, 0), row, T->key_a);
    return chain_walk(tid, key_hash(T->key_a, len), PIM_NONE, T->key_a, len, row);
}

/*
 * Moves row `off` in every index from content `from` to content `to` (either may be NULL: insert,
 * delete), skipping indexes whose key is unchanged, then writes `to` and maintains its header (the
 * hash chain link). With check set it changes nothing and only verifies that `to` duplicates no
 * unique key of another row (23505), loading candidates into `scratch`. Returns false on a duplicate or
 * when a B+tree could not get a node (MRAM full).
 */
static bool reindex(uint32_t tid, pim_off_t off, const uint8_t *from, uint8_t *to, bool check, uint8_t *scratch)
{
    const pim_table_t *t = PIM_TABLE(tid);
    const pim_index_t *ix = PIM_INDEX(tid, 0);
    pim_task_t *T = pim_me();
    uint32_t i, len = 0;
    bool ok = true;
    uint32_t *hdr = (uint32_t *)to;
    if (to != NULL && !check) {
        pim_mram_get(off, hdr, 8); /* current chain link; meaningless for a row being (re)inserted */
    }
    /* A kernel without PIM_F_TREE_WRITES maintains the primary key only: its programs change no B+tree entry
     * (pim_row_write and pim_undo_end assert it). */
    for (i = 0; i < (PIM_HAS(PIM_F_TREE_WRITES) ? t->nindexes : 1u); i++, ix++) {
        uint32_t h;
        if (from != NULL) {
            len = encode(ix, from, T->key_a);
        }
        if (to != NULL) {
            len = encode(ix, to, T->key_b);
        }
        if (from != NULL && to != NULL && pim_bt_keycmp(T->key_a, T->key_b, len) == 0) {
            continue;
        }
        h = key_hash(T->key_b, len);
        if (check) {
            bool dup = false;
            /* a kernel without PIM_F_UNIQUE writes no table with a unique B+tree index */
            assert(PIM_HAS(PIM_F_UNIQUE) || i == 0 || !ix->unique);
            if (i == 0) {
                /* the primary key (its columns are NOT NULL) */
                dup = chain_walk(tid, h, PIM_NONE, T->key_b, len, scratch) != PIM_NONE;
            }
#if PIM_HAS(PIM_F_UNIQUE)
            else if (ix->unique) {
                const pim_col_t *c = &pim_cols[ix->first_col];
                uint32_t j;
                for (j = 0; j < ix->ncols && !(c->nullable && ((to[c->null_bit >> 3] >> (c->null_bit & 7u)) & 1u)); j++, c++) {
                }
                /* keys with a NULL never collide; key_a is free once `from` was compared */
                dup = j == ix->ncols && pim_bt_contains_key(&pim_trees[ix->tree], T->key_b, len);
            }
#endif
            if (dup) {
                pim_error(i == 0 ? PIM_E_DUP_PK : PIM_E_DUP_UNIQUE);
                return false;
            }
            continue;
        }
        if (i == 0) {
            if (from != NULL) {
                chain_walk(tid, key_hash(T->key_a, len), off, NULL, 0, NULL);
            }
            if (to != NULL) {
                pim_off_t at = bucket_at(tid, h);
                hdr[0] = link_get(at);
                hdr[1] = h;
                link_set(at, off);
            }
        } else {
#if PIM_HAS(PIM_F_TREE_WRITES)
            pim_btree_t *tree = &pim_trees[ix->tree];
            if (from != NULL) {
                (void)pim_bt_remove(tree, T->key_a, off, pim_free);
            }
            if (to != NULL) {
                ok = pim_bt_insert(tree, T->key_b, off, pim_alloc, pim_free) && ok;
            }
#endif
        }
    }
    if (!check) {
        if (to != NULL) {
            pim_mram_put(off, to, t->row_bytes);
        }
        pim_tstate[tid].rows += (to != NULL) - (from != NULL);
    }
    return ok;
}

PIM_NO_TAIL_CALLS void pim_row_write(uint32_t tid, pim_off_t off, const uint8_t *old, uint8_t *row)
{
    pim_task_t *T = pim_me();
    uint32_t rb = pim_tabs[tid].row_bytes, kind = row == NULL ? U_DELETE : (old == NULL ? U_INSERT : U_UPDATE);
    uint32_t trailer[2] __attribute__((aligned(8)));
    uint32_t img = kind == U_UPDATE ? rb : 0;
    assert(PIM_HAS(PIM_F_TREE_WRITES) || kind == U_UPDATE || pim_tabs[tid].nindexes == 1); /* see reindex */
    assert((kind == U_INSERT) == (off == PIM_NONE));
    if (row != NULL && !reindex(tid, off, old, row, true, row + rb)) {
        return;
    }
    if (T->undo_pos + img + 8 > T->undo_limit) {
        pim_error(PIM_E_UNDO);
        return;
    }
    if (kind == U_INSERT) {
        off = pim_alloc(rb);
        if (off == PIM_NONE) {
            pim_error(PIM_E_ROW_MRAM);
            return;
        }
    }
    if (img != 0) {
        pim_mram_put(T->undo_pos, old, img);
    }
    trailer[0] = kind | (tid << 8);
    trailer[1] = off;
    pim_mram_put(T->undo_pos + img, trailer, 8);
    T->undo_pos += img + 8;
    if (!reindex(tid, off, old, row, false, NULL)) {
        pim_error(PIM_E_NODE_MRAM);
    }
}

/*
 * Ends the call's transaction: walks the undo log backwards and either undoes every change (rollback) or
 * frees the rows the call deleted (commit). The tasklet's frame holds the two row images: the call's OUT
 * block is written before, and at launch start nothing runs yet (frame_bytes >= 2 x the largest row).
 */
void pim_undo_end(bool rollback)
{
    pim_task_t *T = pim_me();
    pim_off_t pos = T->undo_pos;
    uint32_t guard, trailer[2] __attribute__((aligned(8)));
    for (guard = 0; pos > T->undo_base; guard++) {
        uint32_t kind, tid, rb;
        uint8_t *cur = T->frame, *before;
        pim_off_t off;
        bool ok = true;
        assert(guard < PIM_UNDO_BYTES / 8);
        pos -= 8;
        pim_mram_get(pos, trailer, 8);
        kind = trailer[0] & 0xffu;
        tid = trailer[0] >> 8;
        off = trailer[1];
        rb = pim_tabs[tid].row_bytes;
        before = cur + rb;
        assert(2 * rb <= pim_img.frame_bytes);
        if (kind == U_UPDATE) {
            pos -= rb;
        }
        if (!rollback) {
            if (kind == U_DELETE) {
                pim_free(off, rb); /* deleted rows are reclaimed only now */
            }
            continue;
        }
        /* another program's insert or delete of a row with B+tree entries: the host has that program
         * resolve its own kept writes (docs/multi-partition.md) */
        assert(PIM_HAS(PIM_F_TREE_WRITES) || kind == U_UPDATE || pim_tabs[tid].nindexes == 1);
        pim_row_load(tid, off, cur);
        if (kind == U_INSERT) {
            reindex(tid, off, cur, NULL, false, NULL);
            pim_free(off, rb);
        } else if (kind == U_DELETE) {
            ok = reindex(tid, off, NULL, cur, false, NULL);
        } else {
            pim_mram_get(pos, before, rb);
            ok = reindex(tid, off, cur, before, false, NULL);
        }
        assert(ok); /* undo only reuses the nodes the undone changes released */
    }
    T->undo_pos = T->undo_base;
}

/* ---- scans ---- */
#if PIM_HAS(PIM_F_SCAN)

void pim_scan_open(pim_scan_t *s)
{
    s->bucket = 0;
    s->next = PIM_NONE;
}

pim_off_t pim_scan_next(uint32_t tid, pim_scan_t *s, uint8_t *row)
{
    pim_off_t off;
    while (s->next == PIM_NONE) {
        if (s->bucket > pim_tstate[tid].bucket_mask) {
            return PIM_NONE;
        }
        s->next = link_get(pim_tstate[tid].buckets + s->bucket * 4u);
        s->bucket++;
    }
    off = s->next;
    s->next = link_get(off);
    if (pim_tick()) {
        return PIM_NONE;
    }
    pim_row_load(tid, off, row);
    return off;
}
#endif

#if PIM_HAS(PIM_F_TREES)
void pim_range(const pim_range_t *r, uint8_t *frame, bool open)
{
    const pim_index_t *x = PIM_INDEX(r->table, r->index);
    pim_bt_cursor_t *c = (pim_bt_cursor_t *)(void *)(frame + r->cursor);
    uint32_t flags = r->flags, hi_len;
    bool desc = (flags & PIM_R_DESC) != 0;
    /* the bounds are encoded in the cursor: the start bound in from, the far one in bound (pim_bt_open) */
    uint8_t *lo = desc ? c->bound : c->from, *hi = desc ? c->from : c->bound;
    uint32_t *lo_len = desc ? &c->prefix_len : &c->from_len;
    const uint8_t *probe = frame + r->row;
    if (!open || (flags & PIM_R_LO_DONE) == 0) {
        *lo_len = pim_key_encode(x, probe, r->nprefix + ((flags & PIM_R_HAS_LO) != 0), lo);
        if ((flags & (PIM_R_HAS_LO | PIM_R_HAS_HI)) == PIM_R_HAS_HI && pim_cols[x->first_col + r->nprefix].nullable) {
            lo[(*lo_len)++] = 1; /* skip NULLs: they sort before every value */
        }
    }
    if (open) {
        hi_len = pim_key_encode(x, probe, r->nprefix + ((flags & PIM_R_HAS_HI) != 0), hi);
        pim_bt_open(&pim_trees[x->tree], c, *lo_len, (flags & PIM_R_HAS_LO) == 0 || (flags & PIM_R_LO_INCL) != 0,
                    hi_len, (flags & PIM_R_HAS_HI) == 0 || (flags & PIM_R_HI_INCL) != 0, desc);
    }
}

pim_off_t pim_range_next(const pim_range_t *r, uint8_t *frame)
{
    const pim_index_t *x = PIM_INDEX(r->table, r->index);
    pim_off_t off = pim_bt_next(&pim_trees[x->tree], (pim_bt_cursor_t *)(void *)(frame + r->cursor), NULL);
    if (off == PIM_NONE || pim_tick()) {
        return PIM_NONE;
    }
    pim_row_load(r->table, off, frame + r->row);
    return off;
}
#endif
