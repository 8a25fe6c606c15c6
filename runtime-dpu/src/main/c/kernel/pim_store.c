/*
 * Table storage on one DPU: fixed-size rows in the MRAM heap, a chained hash primary index, B+tree
 * secondary indexes (pim_btree.h), and the per-call undo log that lets a failing call be rolled back
 * alone. Written for a small IRAM footprint: one chain walker, one index-maintenance loop, one undo
 * walker, and 32-bit arithmetic only.
 *
 * The hash index is built for few DMAs per point access (docs/wire-format.md "Hash index"): a link is a
 * {u32 row, u32 key hash} pair, held by a bucket for the first row of its chain and by each row's 8-byte
 * header for the next one. A chain step therefore knows the next row's hash before reading the row: a row
 * whose hash differs costs one 8-byte DMA (its own link), and a row is loaded only when its 32-bit hash
 * matches. A lookup whose row heads its chain costs two DMAs (bucket, row); an insert two plus the row.
 *
 * Undo log record (in the executing tasklet's MRAM undo area, growing upward):
 *   [before image, row_bytes, UPDATE only][u32 kind | tid << 8][u32 row offset]
 * The fixed trailer lets rollback walk the log backwards. Deleted rows keep their bytes until the
 * call commits (their memory is freed at commit), so undoing a delete only re-links the row; a commit
 * walks the log only when it holds a delete. A record is one DMA when its before image is at hand.
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

/*
 * Jenkins' one-at-a-time hash of the encoded key: shifts, adds and xors only (the DPU multiplies 32-bit
 * numbers in software), and every input bit reaches every output bit, so keys that differ in one byte
 * (consecutive ids) spread over every bucket and almost never share a 32-bit hash. The host computes the
 * same function (PrimaryKeyHash).
 */
static __attribute__((noinline)) uint32_t key_hash(const uint8_t *key, uint32_t len)
{
    uint32_t h = 0, i;
    for (i = 0; i < len; i++) {
        h += key[i];
        h += h << 10;
        h ^= h >> 6;
    }
    h += h << 3;
    h ^= h >> 11;
    return h + (h << 15);
}

static uint32_t encode(const pim_index_t *ix, const uint8_t *row, uint8_t *key)
{
    return pim_key_encode(ix, row, ix->ncols, key);
}

/* ---- hash primary index ---- */

/* A chain link: the row it leads to (PIM_NONE: the chain ends) and that row's key hash. */
typedef struct {
    pim_off_t row;
    uint32_t hash;
} link_t;

PIM_OUTLINE static pim_off_t bucket_at(uint32_t tid, uint32_t h)
{
    return pim_tstate[tid].buckets + (h & pim_tstate[tid].bucket_mask) * 8u;
}

/*
 * The link of the bucket at `at`. The tasklet keeps the last bucket its call read: while a call runs, no other
 * call writes the buckets of a table it uses (an insert or a delete locks its table, docs/runtime.md "Concurrent
 * calls on a DPU"), so the copy stays exact until the call writes a link or ends (pim_undo_end forgets it). A KEEP
 * call's copy survives into tasklet 0's next call: no call writes a link of a table a KEEP call used in between,
 * since such a call conflicts with it and so runs KEEP itself, on tasklet 0 (docs/multi-partition.md).
 */
static void bucket_get(pim_off_t at, link_t *l)
{
    pim_task_t *T = pim_me();
    if (T->bucket_at != at) {
        T->bucket_at = at;
        pim_mram_get(at, T->bucket, 8);
    }
    *l = *(const link_t *)(const void *)T->bucket;
}

/* Writes the link at `at` (a bucket or a row header); the tasklet's copy of a bucket is forgotten. */
static void link_put(pim_off_t at, const link_t *l)
{
    pim_me()->bucket_at = PIM_NONE;
    pim_mram_put(at, l, 8);
}

/*
 * Walks the chain of hash h, reading each link once. With target != NONE, unlinks row `target` and returns
 * it. Otherwise returns the row whose primary key equals `key` (len bytes, in key_a or key_b): only rows
 * whose hash is h are loaded (into `scratch`) and re-encoded into the other key buffer for comparison.
 */
static pim_off_t chain_walk(uint32_t tid, uint32_t h, pim_off_t target, const uint8_t *key, uint32_t len,
                            uint8_t *scratch)
{
    pim_task_t *T = pim_me();
    pim_off_t at = bucket_at(tid, h);
    uint32_t guard;
    link_t l __attribute__((aligned(8))), next __attribute__((aligned(8)));
    bucket_get(at, &l);
    for (guard = 0; l.row != PIM_NONE; guard++) {
        assert(guard <= pim_tstate[tid].rows);
        if (l.row == target) {
            pim_mram_get(target, &next, 8);
            link_put(at, &next);
            return target;
        }
        if (target == PIM_NONE && l.hash == h) {
            uint8_t *cand = key == T->key_a ? T->key_b : T->key_a;
            pim_row_load(tid, l.row, scratch);
            encode(PIM_INDEX(tid, 0), scratch, cand);
            if (pim_bt_keycmp(key, cand, len) == 0) {
                return l.row;
            }
            next = *(const link_t *)(const void *)scratch; /* the row's header is the next link */
        } else {
            pim_mram_get(l.row, &next, 8);
        }
        at = l.row;
        l = next;
    }
    assert(target == PIM_NONE);
    return PIM_NONE;
}

/* ---- rows ---- */

/* The stretch of the arena from the error message to the frame, which nothing uses during an in-place update: the
 * message buffer (written only when the call fails), the key buffers and the B+tree buffers (docs/vm.md "WRAM during
 * a launch"). An undo record whose image and trailer fit it leaves WRAM in one DMA. */
static uint32_t scratch_room(const pim_task_t *T)
{
    return (uint32_t)(T->frame - (const uint8_t *)PIM_MSG(T)) & ~7u;
}

void pim_row_load(uint32_t tid, pim_off_t off, uint8_t *row)
{
    pim_mram_get(off, row, pim_tabs[tid].row_bytes);
}

pim_off_t pim_pk_find(uint32_t tid, uint8_t *row)
{
    pim_task_t *T = pim_me();
    uint32_t how = tid >> 8, len;
    pim_off_t off;
    tid &= 0xffu;
    if (PIM_DMA_SAVERS && (how & PIM_FIND_AGAIN) != 0) {
        /* the compiler proved that this lookup ran last in this call and that neither its key, its row buffer nor any
         * table changed since (RepeatedLookups): its answer, and the row in the buffer, still hold */
        assert(T->found_tid == tid + 1u);
        off = T->found;
    } else {
        len = encode(PIM_INDEX(tid, 0), row, T->key_a);
        off = chain_walk(tid, key_hash(T->key_a, len), PIM_NONE, T->key_a, len, row);
        if (PIM_DMA_SAVERS) {
            T->found = off;
            T->found_tid = tid + 1u;
        }
    }
    if (PIM_DMA_SAVERS && (how & PIM_FIND_KEEP) != 0 && off != PIM_NONE) {
        /* the before image of the in-place update that follows, and behind it the undo record's trailer, as
         * pim_row_write writes them (the update forgets the B+tree's buffered leaf when they reach it: no tree is used
         * in between) */
        uint32_t rb = pim_tabs[tid].row_bytes;
        uint8_t *via = (uint8_t *)PIM_MSG(T);
        uint32_t *tr = (uint32_t *)(void *)(via + rb);
        if (rb + 8 <= scratch_room(T)) { /* pim_row_write decides the same */
            pim_bt_copy(via, row, rb);
            tr[0] = U_UPDATE | (tid << 8);
            tr[1] = off;
        }
    }
    return off;
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
    uint32_t skip = PIM_ROW_HDR; /* the row's header (its chain link) stays unless the row is (re)linked */
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
                /* at the chain's head: the bucket's link becomes the row's header (an insert's unique check
                 * has just read the bucket) */
                link_t l __attribute__((aligned(8)));
                pim_off_t at = bucket_at(tid, h);
                bucket_get(at, (link_t *)(void *)to);
                l.row = off;
                l.hash = h;
                link_put(at, &l);
                skip = 0;
            }
        } else {
#if PIM_HAS(PIM_F_TREE_WRITES)
            pim_btree_t *tree = &pim_trees[ix->tree];
            PIM_DB_DIRTY(); /* the tree's version, and maybe its root and height */
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
            pim_mram_put(off + skip, to + skip, t->row_bytes - skip);
        }
        if ((to != NULL) != (from != NULL)) {
            PIM_DB_DIRTY();
            pim_tstate[tid].rows += to != NULL ? 1u : (uint32_t)-1;
        }
    }
    return ok;
}

/* Copies `bytes` (a multiple of 8) from MRAM `from` to MRAM `to` through the WRAM buffer `via` of `chunk` bytes
 * (a multiple of 8): an in-place update's before image when it does not fit the arena's scratch. */
static void mram_move(pim_off_t to, pim_off_t from, uint32_t bytes, void *via, uint32_t chunk)
{
    uint32_t n, done;
    for (done = 0; done < bytes; done += n) {
        n = bytes - done < chunk ? bytes - done : chunk;
        pim_mram_get(from + done, via, n);
        pim_mram_put(to + done, via, n);
    }
}

PIM_NO_TAIL_CALLS void pim_row_write(uint32_t tid, pim_off_t off, const uint8_t *old, uint8_t *row)
{
    pim_task_t *T = pim_me();
    uint32_t kept = PIM_DMA_SAVERS ? tid >> 8 : 0; /* in place, the before image kept by its PKFIND (pim_pk_find) */
    tid &= 0xffu;
    uint32_t rb = pim_tabs[tid].row_bytes, kind = row == NULL ? U_DELETE : (old == NULL ? U_INSERT : U_UPDATE);
    uint32_t trailer[2] __attribute__((aligned(8)));
    uint32_t img = kind == U_UPDATE ? rb : 0;
    uint32_t *tr;
    uint8_t *from;
    pim_off_t rec_at;
    /* an update in place (old == row): the row buffer was changed where it was read, and no indexed column
     * changed (the compiler only does it then); the before image is still the row in MRAM, or kept in the scratch */
    uint8_t *via = (uint8_t *)PIM_MSG(T);
    bool in_place = old == row;
    assert(!kept || in_place);
#if PIM_HAS(PIM_F_TREES)
    T->win_end = 0; /* the range window may hold this row or a chain link this write changes */
#endif
    assert(PIM_HAS(PIM_F_TREE_WRITES) || kind == U_UPDATE || pim_tabs[tid].nindexes == 1); /* see reindex */
    assert((kind == U_INSERT) == (off == PIM_NONE));
    if (row != NULL && !in_place && !reindex(tid, off, old, row, true, row + rb)) {
        return;
    }
    if (T->undo_pos + img + 8 > T->undo_limit) {
        T->full = PIM_FULL_UNDO;
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
    from = (uint8_t *)trailer; /* what the record's last DMA writes: the trailer alone, or the image too */
    tr = trailer;
    rec_at = T->undo_pos + img;
    if (in_place) {
        /* The before image is the row in MRAM (or already in the scratch, kept): it travels through the arena's
         * scratch (scratch_room) */
        uint32_t room = scratch_room(T);
#if PIM_HAS(PIM_F_TREES | PIM_F_TREE_WRITES)
        pim_bt_forget(via + img + 8); /* the B+tree's node buffer follows: a long image reaches it */
#endif
        assert(room >= PIM_MSG_MAX && room <= pim_img.arena_bytes); /* the arena's layout, docs/vm.md */
        if (img + 8 <= room) {
            tr = (uint32_t *)(void *)(via + img);
            if (!kept) {
                pim_mram_get(off, via, img);
            }
            assert(!kept || (tr[0] == (U_UPDATE | (tid << 8)) && tr[1] == off)); /* pim_pk_find kept this row's */
            from = via;
            rec_at = T->undo_pos;
        } else {
            mram_move(T->undo_pos, off, img, via, room);
        }
    } else if (img != 0) {
        pim_mram_put(T->undo_pos, old, img);
    }
    tr[0] = kind | (tid << 8);
    tr[1] = off;
    pim_mram_put(rec_at, from, T->undo_pos + img + 8 - rec_at);
    T->undo_pos += img + 8;
    if (kind == U_DELETE) {
        T->deletes_below_inv = ~T->undo_pos;
    }
    if (in_place) {
        pim_mram_put(off + PIM_ROW_HDR, row + PIM_ROW_HDR, rb - PIM_ROW_HDR); /* the chain link stays */
    } else if (!reindex(tid, off, old, row, false, NULL)) {
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
    if (!rollback && ~T->deletes_below_inv <= T->undo_base) {
        pos = T->undo_base; /* no delete record to free: a commit walks nothing */
    }
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
    T->bucket_at = PIM_NONE; /* the next call may find the buckets changed by others */
    T->deletes_below_inv = ~T->undo_base; /* the records above are gone; any record left ends below */
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
        pim_mram_get(pim_tstate[tid].buckets + s->bucket * 8u, row, 8); /* the link: first row, its hash */
        s->next = *(const pim_off_t *)(const void *)row;
        s->bucket++;
    }
    off = s->next;
    if (pim_tick()) {
        return PIM_NONE;
    }
    pim_row_load(tid, off, row);
    s->next = *(const pim_off_t *)(const void *)row; /* the row's header: the next row of the chain */
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

/*
 * The range window (docs/vm.md "The range window"): rows inserted one after the other (the lines of one order) lie
 * back to back in MRAM and follow each other in their index, so when a range's row is not in the window, the
 * window is refilled from that row by one DMA: as many bytes as the frame's slack behind the running procedure's
 * frame holds, up to the end of the allocated rows (pim_db->bump). A later row of any range that falls in it is
 * copied from there. The first row of a range is read alone (a one-row range reads no window), and so is every row
 * of a procedure whose frame leaves no room for one.
 * Only rows an index entry names are served, and their bytes are exact while the call writes no row: a row write
 * empties the window (as does the start of a call), and no other call writes a table this call reads an index range
 * of while it runs (a range takes a table read lock, docs/runtime.md "Concurrent calls on a DPU"). The window's
 * other bytes (free blocks, other tables' rows) may change under it; they are never served.
 */
pim_off_t pim_range_next(const pim_range_t *r, uint8_t *frame, uint32_t frame_bytes)
{
    const pim_index_t *x = PIM_INDEX(r->table, r->index);
    pim_bt_cursor_t *c = (pim_bt_cursor_t *)(void *)(frame + r->cursor);
    pim_task_t *T = pim_me();
    uint32_t rb = pim_tabs[r->table].row_bytes, span;
    uint8_t *win = frame + frame_bytes;
    bool first = !c->from_is_entry; /* no entry returned since RLO/ROPEN */
    pim_off_t off = pim_bt_next(&pim_trees[x->tree], c, NULL);
    if (off == PIM_NONE || pim_tick()) {
        return PIM_NONE;
    }
    if (!PIM_DMA_SAVERS) {
        pim_row_load(r->table, off, frame + r->row);
        return off;
    }
    if (off < T->win || off + rb > T->win_end) {
        span = pim_img.frame_bytes - frame_bytes;
        if (span > pim_db->bump - off) {
            span = pim_db->bump - off; /* the last rows allocated: nothing is read past them */
        }
        if (first || span < rb) {
            pim_row_load(r->table, off, frame + r->row);
            return off;
        }
        pim_mram_get(off, win, span);
        T->win = off;
        T->win_end = off + span;
    }
    pim_bt_move_words(frame + r->row, win + (off - T->win), rb / 4);
    return off;
}
#endif
