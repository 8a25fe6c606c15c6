/*
 * Table storage on one DPU: fixed-size rows in the MRAM heap, a chained hash primary index whose
 * chain links live in each row's 8-byte header, B+tree secondary indexes (pim_btree.h), and the
 * per-call undo log that lets a failing call be rolled back alone.
 *
 * Undo log record (in the executing tasklet's MRAM undo area, growing upward):
 *   [before image, row_bytes, UPDATE only][u32 kind | tid << 8][u32 row offset]
 * The fixed trailer lets rollback walk the log backwards. Deleted rows keep their bytes until the
 * call commits (their memory is freed at commit), so undoing a delete only re-links the row.
 */
#include "pim_rt.h"

pim_db_t pim_db;

enum { PIM_U_INSERT = 1, PIM_U_DELETE = 2, PIM_U_UPDATE = 3 };

static uint32_t key_hash(const uint8_t *key, uint32_t len)
{
    uint32_t h = 5381u, i;
    for (i = 0; i < len; i++) {
        h = ((h << 5) + h) ^ key[i]; /* djb2-xor: shifts and adds only (no multiply on the DPU) */
    }
    return h;
}

static void put_be64(uint8_t *p, uint64_t u)
{
    uint32_t hi = (uint32_t)(u >> 32), lo = (uint32_t)u, i;
    for (i = 0; i < 4; i++) {
        p[i] = (uint8_t)(hi >> (24 - 8 * i));
        p[4 + i] = (uint8_t)(lo >> (24 - 8 * i));
    }
}

static bool col_is_null(const pim_col_t *c, const uint8_t *row)
{
    return c->nullable && ((row[c->null_bit >> 3] >> (c->null_bit & 7u)) & 1u);
}

/*
 * Encodes the first ncols key columns of `row` so that memcmp order is SQL order: a nullable column
 * starts with 0 (NULL, sorts first) or 1; numbers are 8 bytes big-endian with the sign bit flipped;
 * strings are their declared length, space padded. The key is zero padded to a multiple of 8.
 * Returns the unpadded length (the prefix length for range bounds).
 */
uint32_t pim_key_encode(const pim_index_t *ix, const uint8_t *row, uint32_t ncols, uint8_t *key)
{
    uint32_t n = 0, i, j;
    assert(ncols <= ix->ncols);
    for (i = 0; i < ncols; i++) {
        const pim_col_t *c = &ix->cols[i];
        bool isnull = col_is_null(c, row);
        if (c->nullable) {
            key[n++] = isnull ? 0 : 1;
        }
        if (c->kind == PIM_K_CHAR || c->kind == PIM_K_VARCHAR) {
            const uint8_t *s = row + c->off;
            uint32_t len = c->len;
            if (c->kind == PIM_K_VARCHAR) {
                len = PIM_VLEN(row, c->off);
                s += 2;
            }
            for (j = 0; j < c->len; j++) {
                key[n + j] = isnull ? 0 : (j < len ? s[j] : (uint8_t)' ');
            }
            n += c->len;
        } else {
            uint64_t u = isnull ? 0 : ((uint64_t)pim_ldnum(row + c->off, c->kind) ^ 0x8000000000000000ull);
            put_be64(key + n, u);
            n += 8;
        }
        assert(n <= PIM_KEY_MAX);
    }
    for (j = n; (j & 7u) != 0; j++) {
        key[j] = 0;
    }
    return n;
}

static bool key_has_null(const pim_index_t *ix, const uint8_t *row)
{
    uint32_t i;
    for (i = 0; i < ix->ncols; i++) {
        if (col_is_null(&ix->cols[i], row)) {
            return true;
        }
    }
    return false;
}

static bool key_equal(const uint8_t *a, const uint8_t *b, uint32_t len)
{
    return __builtin_memcmp(a, b, len) == 0;
}

/* ---- hash primary index ---- */

static pim_off_t bucket_pair_off(uint32_t tid, uint32_t b)
{
    return pim_db.tables[tid].buckets + (b & ~1u) * 4u;
}

static pim_off_t bucket_head(uint32_t tid, uint32_t b)
{
    uint32_t pair[2] __attribute__((aligned(8)));
    pim_mram_get(bucket_pair_off(tid, b), pair, 8);
    return pair[b & 1u];
}

static void bucket_set(uint32_t tid, uint32_t b, pim_off_t head)
{
    uint32_t pair[2] __attribute__((aligned(8)));
    pim_mram_get(bucket_pair_off(tid, b), pair, 8);
    pair[b & 1u] = head;
    pim_mram_put(bucket_pair_off(tid, b), pair, 8);
}

/*
 * Finds the row whose primary key is `key` (encoded, len bytes, hash h). Candidates with the same
 * hash are loaded into `scratch` and re-encoded into the tasklet's key_b for comparison.
 */
static pim_off_t hash_find(uint32_t tid, const uint8_t *key, uint32_t len, uint32_t h, uint8_t *scratch)
{
    const pim_index_t *pk = &pim_tables[tid].indexes[0];
    pim_task_t *T = pim_me();
    pim_off_t off = bucket_head(tid, h & pim_db.tables[tid].bucket_mask);
    uint32_t guard;
    uint32_t hdr[2] __attribute__((aligned(8)));
    for (guard = 0; off != PIM_NONE; guard++) {
        assert(guard <= pim_db.tables[tid].rows);
        pim_mram_get(off, hdr, 8);
        if (hdr[1] == h) {
            pim_row_load(tid, off, scratch);
            pim_key_encode(pk, scratch, pk->ncols, T->key_b);
            if (key_equal(key, T->key_b, len)) {
                return off;
            }
        }
        off = hdr[0];
    }
    return PIM_NONE;
}

static void hash_unlink(uint32_t tid, uint32_t h, pim_off_t target)
{
    uint32_t b = h & pim_db.tables[tid].bucket_mask;
    pim_off_t prev = PIM_NONE, off = bucket_head(tid, b);
    uint32_t guard;
    uint32_t hdr[2] __attribute__((aligned(8)));
    uint32_t prev_hdr[2] __attribute__((aligned(8)));
    for (guard = 0; off != PIM_NONE; guard++) {
        assert(guard <= pim_db.tables[tid].rows);
        pim_mram_get(off, hdr, 8);
        if (off == target) {
            if (prev == PIM_NONE) {
                bucket_set(tid, b, hdr[0]);
            } else {
                pim_mram_get(prev, prev_hdr, 8);
                prev_hdr[0] = hdr[0];
                pim_mram_put(prev, prev_hdr, 8);
            }
            return;
        }
        prev = off;
        off = hdr[0];
    }
    assert(!"row missing from its hash chain");
}

/* Puts row `off` at the head of its chain: fills the header of the WRAM copy (written later). */
static void hash_link(uint32_t tid, uint32_t h, pim_off_t off, uint8_t *row)
{
    uint32_t b = h & pim_db.tables[tid].bucket_mask;
    uint32_t *hdr = (uint32_t *)row;
    hdr[0] = bucket_head(tid, b);
    hdr[1] = h;
    bucket_set(tid, b, off);
}

static uint32_t pk_hash(uint32_t tid, const uint8_t *row, uint8_t *key)
{
    const pim_index_t *pk = &pim_tables[tid].indexes[0];
    return key_hash(key, pim_key_encode(pk, row, pk->ncols, key));
}

/* ---- rows ---- */

void pim_row_load(uint32_t tid, pim_off_t off, uint8_t *row)
{
    pim_mram_get(off, row, pim_tables[tid].row_bytes);
}

pim_off_t pim_pk_find(uint32_t tid, uint8_t *row)
{
    pim_task_t *T = pim_me();
    const pim_index_t *pk = &pim_tables[tid].indexes[0];
    uint32_t len = pim_key_encode(pk, row, pk->ncols, T->key_a);
    return hash_find(tid, T->key_a, len, key_hash(T->key_a, len), row);
}

static pim_btree_t *tree_of(const pim_index_t *ix)
{
    return &pim_db.trees[ix->tree];
}

/* Adds row `off` (content `row`, header filled here) to every index and writes it. False: MRAM full. */
static bool link_all(uint32_t tid, pim_off_t off, uint8_t *row)
{
    const pim_table_t *t = &pim_tables[tid];
    pim_task_t *T = pim_me();
    uint32_t i;
    bool ok = true;
    hash_link(tid, pk_hash(tid, row, T->key_a), off, row);
    pim_mram_put(off, row, t->row_bytes);
    for (i = 1; i < t->nindexes; i++) {
        const pim_index_t *ix = &t->indexes[i];
        pim_key_encode(ix, row, ix->ncols, T->key_b);
        ok = pim_bt_insert(tree_of(ix), T->key_b, off, pim_alloc) && ok;
    }
    pim_db.tables[tid].rows++;
    return ok;
}

/* Removes row `off` (current content `row`) from every index; entries already absent are skipped. */
static void unlink_all(uint32_t tid, pim_off_t off, const uint8_t *row)
{
    const pim_table_t *t = &pim_tables[tid];
    pim_task_t *T = pim_me();
    uint32_t i;
    hash_unlink(tid, pk_hash(tid, row, T->key_a), off);
    for (i = 1; i < t->nindexes; i++) {
        const pim_index_t *ix = &t->indexes[i];
        pim_key_encode(ix, row, ix->ncols, T->key_b);
        (void)pim_bt_remove(tree_of(ix), T->key_b, off, pim_free);
    }
    assert(pim_db.tables[tid].rows > 0);
    pim_db.tables[tid].rows--;
}

/* Moves the index entries of row `off` from content `from` to content `to`, then writes `to`. */
static bool relink(uint32_t tid, pim_off_t off, const uint8_t *from, uint8_t *to)
{
    const pim_table_t *t = &pim_tables[tid];
    pim_task_t *T = pim_me();
    uint32_t i, len;
    bool ok = true;
    uint32_t hdr[2] __attribute__((aligned(8)));
    pim_mram_get(off, hdr, 8); /* the chain link may have changed since `from` was read */
    ((uint32_t *)to)[0] = hdr[0];
    ((uint32_t *)to)[1] = hdr[1];
    for (i = 0; i < t->nindexes; i++) {
        const pim_index_t *ix = &t->indexes[i];
        len = pim_key_encode(ix, from, ix->ncols, T->key_a);
        pim_key_encode(ix, to, ix->ncols, T->key_b);
        if (key_equal(T->key_a, T->key_b, len)) {
            continue;
        }
        if (i == 0) {
            hash_unlink(tid, key_hash(T->key_a, len), off);
            hash_link(tid, key_hash(T->key_b, len), off, to);
        } else {
            (void)pim_bt_remove(tree_of(ix), T->key_a, off, pim_free);
            ok = pim_bt_insert(tree_of(ix), T->key_b, off, pim_alloc) && ok;
        }
    }
    pim_mram_put(off, to, t->row_bytes);
    return ok;
}

static bool undo_log(uint32_t kind, uint32_t tid, pim_off_t off, const uint8_t *image)
{
    pim_task_t *T = pim_me();
    uint32_t img = kind == PIM_U_UPDATE ? pim_tables[tid].row_bytes : 0;
    uint32_t trailer[2] __attribute__((aligned(8)));
    if (T->undo_pos + img + 8 > T->undo_base + PIM_UNDO_BYTES) {
        pim_fail("53200", "undo log full: the call writes too much");
        return false;
    }
    if (img != 0) {
        pim_mram_put(T->undo_pos, image, img);
    }
    trailer[0] = kind | (tid << 8);
    trailer[1] = off;
    pim_mram_put(T->undo_pos + img, trailer, 8);
    T->undo_pos += img + 8;
    return true;
}

/* Checks that `row` (about to become row `self`) does not duplicate a unique key of another row. */
static bool unique_ok(uint32_t tid, const uint8_t *row, pim_off_t self, const uint8_t *old)
{
    const pim_table_t *t = &pim_tables[tid];
    pim_task_t *T = pim_me();
    uint32_t i, len;
    for (i = 0; i < t->nindexes; i++) {
        const pim_index_t *ix = &t->indexes[i];
        if (!ix->unique || key_has_null(ix, row)) {
            continue;
        }
        len = pim_key_encode(ix, row, ix->ncols, T->key_a);
        if (old != NULL) {
            pim_key_encode(ix, old, ix->ncols, T->key_b);
            if (key_equal(T->key_a, T->key_b, len)) {
                continue; /* key unchanged by this update */
            }
        }
        if (i == 0 ? hash_find(tid, T->key_a, len, key_hash(T->key_a, len), (uint8_t *)T->row_b) != PIM_NONE
                   : pim_bt_contains_key(tree_of(ix), T->key_a, len)) {
            (void)self;
            pim_fail("23505", i == 0 ? "duplicate primary key" : "duplicate key in a unique index");
            return false;
        }
    }
    return true;
}

pim_off_t pim_row_insert(uint32_t tid, uint8_t *row)
{
    pim_task_t *T = pim_me();
    pim_off_t off;
    if (T->status != 0 || !unique_ok(tid, row, PIM_NONE, NULL)) {
        return PIM_NONE;
    }
    off = pim_alloc(pim_tables[tid].row_bytes);
    if (off == PIM_NONE) {
        pim_fail("53200", "MRAM exhausted: no room for a new row");
        return PIM_NONE;
    }
    if (!undo_log(PIM_U_INSERT, tid, off, NULL)) {
        pim_free(off, pim_tables[tid].row_bytes);
        return PIM_NONE;
    }
    if (!link_all(tid, off, row)) {
        pim_fail("53200", "MRAM exhausted: no room for an index node");
    }
    return off;
}

void pim_row_update(uint32_t tid, pim_off_t off, uint8_t *row)
{
    pim_task_t *T = pim_me();
    uint8_t *old = (uint8_t *)T->row_a;
    if (T->status != 0) {
        return;
    }
    pim_row_load(tid, off, old);
    if (!unique_ok(tid, row, off, old) || !undo_log(PIM_U_UPDATE, tid, off, old)) {
        return;
    }
    if (!relink(tid, off, old, row)) {
        pim_fail("53200", "MRAM exhausted: no room for an index node");
    }
}

void pim_row_delete(uint32_t tid, pim_off_t off)
{
    pim_task_t *T = pim_me();
    uint8_t *cur = (uint8_t *)T->row_a;
    if (T->status != 0 || !undo_log(PIM_U_DELETE, tid, off, NULL)) {
        return;
    }
    pim_row_load(tid, off, cur);
    unlink_all(tid, off, cur);
}

/* ---- scans ---- */

void pim_scan_open(pim_scan_t *s)
{
    s->bucket = 0;
    s->next = PIM_NONE;
}

pim_off_t pim_scan_next(uint32_t tid, pim_scan_t *s, uint8_t *row)
{
    uint32_t guard;
    uint32_t hdr[2] __attribute__((aligned(8)));
    for (guard = 0; s->next == PIM_NONE && guard <= pim_db.tables[tid].bucket_mask; guard++) {
        if (s->bucket > pim_db.tables[tid].bucket_mask) {
            return PIM_NONE;
        }
        s->next = bucket_head(tid, s->bucket);
        s->bucket++;
    }
    if (s->next == PIM_NONE) {
        return PIM_NONE;
    }
    pim_off_t off = s->next;
    pim_mram_get(off, hdr, 8);
    s->next = hdr[0];
    pim_row_load(tid, off, row);
    return off;
}

void pim_range_lo(uint32_t tid, uint32_t ix, const uint8_t *probe, uint32_t nprefix, uint32_t flags)
{
    const pim_index_t *x = &pim_tables[tid].indexes[ix];
    pim_task_t *T = pim_me();
    if ((flags & PIM_R_HAS_LO) != 0) {
        T->lo_len = pim_key_encode(x, probe, nprefix + 1, T->key_a);
    } else {
        T->lo_len = pim_key_encode(x, probe, nprefix, T->key_a);
        if ((flags & PIM_R_HAS_HI) != 0 && x->cols[nprefix].nullable) {
            T->key_a[T->lo_len++] = 1; /* skip NULLs: they sort before every value */
        }
    }
}

void pim_range_open(uint32_t tid, uint32_t ix, pim_bt_cursor_t *c, const uint8_t *probe, uint32_t nprefix,
                    uint32_t flags)
{
    const pim_index_t *x = &pim_tables[tid].indexes[ix];
    pim_task_t *T = pim_me();
    bool lo_incl = (flags & PIM_R_HAS_LO) == 0 || (flags & PIM_R_LO_INCL) != 0;
    bool hi_incl = (flags & PIM_R_HAS_HI) == 0 || (flags & PIM_R_HI_INCL) != 0;
    uint32_t hi_len = pim_key_encode(x, probe, nprefix + ((flags & PIM_R_HAS_HI) != 0 ? 1u : 0u), T->key_b);
    pim_bt_seek(tree_of(x), c, T->lo_len != 0 ? T->key_a : NULL, T->lo_len, lo_incl,
                hi_len != 0 ? T->key_b : NULL, hi_len, hi_incl, (flags & PIM_R_DESC) != 0);
}

pim_off_t pim_range_next(uint32_t tid, uint32_t ix, pim_bt_cursor_t *c, uint8_t *row)
{
    pim_off_t off = pim_bt_next(tree_of(&pim_tables[tid].indexes[ix]), c, NULL);
    if (off != PIM_NONE) {
        pim_row_load(tid, off, row);
    }
    return off;
}

/* ---- database format and call rollback / commit ---- */

void pim_db_format(const uint32_t *bucket_log2)
{
    pim_task_t *T = pim_me();
    uint32_t i, j;
    __builtin_memset(&pim_db, 0, sizeof(pim_db));
    __builtin_memset(T->key_a, 0, PIM_KEY_MAX);
    pim_db.magic = PIM_DB_MAGIC;
    pim_db.ntables = PIM_NTABLES;
    pim_db.bump = PIM_DATA_OFF;
    pim_db.limit = PIM_DATA_END;
    for (i = 0; i < PIM_NTABLES; i++) {
        uint32_t lg = bucket_log2[i] == 0 ? PIM_DEFAULT_BUCKETS_LOG2 : bucket_log2[i];
        uint32_t bytes;
        assert(lg >= 1 && lg <= 22);
        bytes = (1u << lg) * 4u;
        pim_db.tables[i].bucket_mask = (1u << lg) - 1u;
        pim_db.tables[i].buckets = pim_alloc(bytes);
        assert(pim_db.tables[i].buckets != PIM_NONE);
        for (j = 0; j < bytes; j += PIM_KEY_MAX) {
            pim_mram_put(pim_db.tables[i].buckets + j, T->key_a, bytes - j < PIM_KEY_MAX ? bytes - j : PIM_KEY_MAX);
        }
        for (j = 1; j < pim_tables[i].nindexes; j++) {
            const pim_index_t *ix = &pim_tables[i].indexes[j];
            pim_bt_init(&pim_db.trees[ix->tree], ix->key_bytes);
        }
    }
}

void pim_undo_rollback(void)
{
    pim_task_t *T = pim_me();
    pim_off_t pos = T->undo_pos;
    uint8_t *cur = (uint8_t *)T->row_a, *before = (uint8_t *)T->row_b;
    uint32_t guard, trailer[2] __attribute__((aligned(8)));
    for (guard = 0; pos > T->undo_base; guard++) {
        uint32_t kind, tid, rb;
        pim_off_t off;
        assert(guard < PIM_UNDO_BYTES / 8);
        pim_mram_get(pos - 8, trailer, 8);
        kind = trailer[0] & 0xffu;
        tid = trailer[0] >> 8;
        off = trailer[1];
        rb = pim_tables[tid].row_bytes;
        pos -= 8;
        pim_row_load(tid, off, cur);
        if (kind == PIM_U_INSERT) {
            unlink_all(tid, off, cur);
            pim_free(off, rb);
        } else if (kind == PIM_U_DELETE) {
            bool ok = link_all(tid, off, cur);
            assert(ok);
        } else {
            bool ok;
            pos -= rb;
            pim_mram_get(pos, before, rb);
            ok = relink(tid, off, cur, before);
            assert(ok);
        }
    }
    T->undo_pos = T->undo_base;
}

void pim_undo_commit(void)
{
    pim_task_t *T = pim_me();
    pim_off_t pos = T->undo_pos;
    uint32_t guard, trailer[2] __attribute__((aligned(8)));
    for (guard = 0; pos > T->undo_base; guard++) {
        uint32_t kind, tid;
        assert(guard < PIM_UNDO_BYTES / 8);
        pim_mram_get(pos - 8, trailer, 8);
        kind = trailer[0] & 0xffu;
        tid = trailer[0] >> 8;
        pos -= 8;
        if (kind == PIM_U_DELETE) {
            pim_free(trailer[1], pim_tables[tid].row_bytes); /* deleted rows are reclaimed only now */
        } else if (kind == PIM_U_UPDATE) {
            pos -= pim_tables[tid].row_bytes;
        }
    }
    T->undo_pos = T->undo_base;
}
