/*
 * Relations (docs/multi-partition.md "Relations"): a read that every participant of an exchange call runs over its
 * own rows, reduces, and hands to the host, which merges the participants' partials and hands the result back.
 *
 * A relation statement instance is numbered like any data access (GOPEN: same ordinal on every participant). While
 * its scan runs, the program builds one record per result row in the descriptor's staging record (`rec`: the key
 * bytes, then a block of values, then accumulators) and GPUT keeps it:
 *   STREAM    appended to the partial at once, in arrival order (a key, if any, already ascends): no WRAM buffer;
 *             with `keep` (the records the merge keeps) not 0, the first `keep` only (GPUT then answers false: the
 *             scan may stop)
 *   SORT      inserted into the WRAM buffer in key order (stable), DISTINCT dropped when its key is there,
 *   DISTINCT  GROUP combined with the record of its key (the accumulators, pim_rel_combine)
 *   GROUP
 * A buffer of `cap` records keeps its first `keep` records when the merge keeps no more than the buffer holds
 * (OFFSET + LIMIT), and otherwise, when full, is SPILLED: its records go to the partial and it starts empty. The host merges everything a
 * participant sent, so a spill costs bytes, never correctness. GCLOSE flushes the buffer, closes the partial and
 * looks for the host's merged records of this instance in the vector (blocking the call when they are not there
 * yet); GNEXT then copies them one by one into `rec` and GREW starts them over (a gathered join source, iterated
 * once per outer row).
 *
 * Published format (docs/wire-format.md): the partial is one exchange entry, statement id | 0x8000, whose value
 * starts with a header (PIM_G_PARTIAL_BYTES, then the accumulator descriptors), then records; a partial longer
 * than one entry holds (PIM_MP_ENTRY_MAX) continues in further entries with the same statement and ordinal. The
 * merged value is {u8 form, u8 status, u16 0, u32 records}, then the records.
 *
 * State lives in statics: exchange calls run alone, on tasklet 0, and one relation streams at a time (the
 * compiler finishes a relation's partial before it starts another).
 */
#include "pim_rt.h"

#if PIM_HAS(PIM_F_GATHER)
#define PARTIAL_BIT 0x8000u

/*
 * A relation descriptor (docs/vm.md GOPEN): an 8-byte aligned pool entry. Its second half is the first part of the
 * partial's header as it is published (form, mode, accumulators, result set, sizes), and the accumulators' descriptors
 * follow it, so that GOPEN sends both straight from the pool.
 */
typedef struct {
    uint16_t off, cap; /* where in the record; a string's length */
    uint8_t kind, flags; /* PIM_SG_*, PIM_G_ACC_* */
    uint16_t key_at;   /* a DISTINCT aggregate's argument in the key (for the host) */
} pim_gacc_t;
typedef struct pim_rel {
    uint16_t buf, rec, rec_bytes, key_bytes;
    uint8_t n, cap, keep, skip; /* cells; skip and take: PIM_NO_CELL when none */
    uint16_t stmt, state;
    uint8_t take, pad[7];
    uint8_t form, mode, nacc, rs; /* the partial's header from here: 16 bytes, then nacc accumulators */
    uint16_t hdr_rec_bytes, hdr_key_bytes, gkey_bytes, payload;
    uint32_t pad2;
    pim_gacc_t acc[];
} pim_rel_t;
_Static_assert(sizeof(pim_rel_t) == PIM_G_DESC_BYTES + PIM_G_STATIC_BYTES && sizeof(pim_gacc_t) == 8, "relation");

/* The iteration state in the frame: the merged records' first byte, the next one, the end. */
typedef struct {
    uint32_t begin, at, end, pad;
} g_iter_t;

static pim_off_t g_start; /* the publication before the partial (a stopped call withdraws it) */
static uint32_t g_npub;
static pim_off_t g_head;  /* the header of the entry being filled */
static uint32_t g_ord;
static uint16_t g_stmt;
static bool g_open;

static void entry_open(void)
{
    if (pim_x.pub + 8 > pim_x.pub_end) {
        pim_error(PIM_E_PARTIAL);
        return;
    }
    g_head = pim_x.pub;
    pim_x.pub += 8;
}

static void entry_close(void)
{
    uint16_t hdr[4] __attribute__((aligned(8)));
    uint32_t len = pim_x.pub - (g_head + 8);
    assert(len <= PIM_MP_ENTRY_MAX);
    hdr[0] = (uint16_t)(g_stmt | PARTIAL_BIT);
    hdr[1] = (uint16_t)len;
    hdr[2] = (uint16_t)(g_ord & 0xffffu);
    hdr[3] = (uint16_t)(g_ord >> 16);
    pim_mram_put(g_head, hdr, 8);
    pim_x.npub++;
}

/* Appends `bytes` (a multiple of 8) of WRAM to the partial, in a new entry when the current one is full. */
static void append(const void *w, uint32_t bytes)
{
    if (pim_x.pub - (g_head + 8) + bytes > PIM_MP_ENTRY_MAX) {
        entry_close();
        entry_open();
    }
    if (pim_me()->status != 0) {
        return;
    }
    if (pim_x.pub + bytes > pim_x.pub_end) {
        pim_error(PIM_E_PARTIAL);
        return;
    }
    pim_mram_put(pim_x.pub, w, bytes); /* (a WRAM source: the frame, the stack, or an 8-byte aligned pool entry) */
    pim_x.pub += bytes;
}

/*
 * Folds the accumulators of record `src` into `dst` (same key): COUNT adds counts; SUM and AVG add values (22003
 * beyond 64 bits, as a serial scan would) and counts; MIN and MAX keep the smaller or larger value (strings: PAD
 * SPACE, their whole field copied so that equal records keep equal bytes). A value counts only when its count is
 * not 0 (no non-NULL value: nothing to fold). A DISTINCT aggregate's argument is in the key, so both records hold
 * the same value of it: it is kept, not added (the host adds each distinct value once per group).
 */
#if PIM_HAS(PIM_F_GATHER_GROUP)
static void combine(const pim_rel_t *d, uint8_t *dst, const uint8_t *src)
{
    uint32_t i;
    for (i = 0; i < d->nacc; i++) {
        const pim_gacc_t *a = &d->acc[i];
        uint32_t kind = a->kind & 0xfu;
        int64_t *dv = (int64_t *)(void *)(dst + a->off), *sv = (int64_t *)(void *)(src + a->off);
        if ((a->kind & PIM_G_ACC_STRING) != 0) {
            /* {i64 count, u16 length, characters} */
            int32_t c;
            if (sv[0] == 0) {
                continue;
            }
            c = pim_strcmp((const char *)src + a->off + 10, PIM_VLEN(src, a->off + 8), (const char *)dst + a->off + 10,
                           PIM_VLEN(dst, a->off + 8));
            if (dv[0] == 0 || (kind == PIM_SG_MIN ? c < 0 : c > 0)) {
                pim_bt_copy(dst + a->off + 8, src + a->off + 8, 2u + a->cap);
            }
            dv[0] += sv[0];
            continue;
        }
        /* {i64 value, i64 count} */
        if (sv[1] == 0) {
            continue;
        }
        if (dv[1] == 0 || kind == PIM_SG_COUNT || (a->kind & PIM_G_ACC_DISTINCT) != 0) {
            dv[0] = sv[0]; /* (a DISTINCT aggregate's records hold one value of its argument: the host adds them) */
        } else if (kind == PIM_SG_SUM || kind == PIM_SG_AVG) {
            dv[0] = pim_add(dv[0], sv[0]);
        } else if (kind == PIM_SG_MIN ? sv[0] < dv[0] : sv[0] > dv[0]) {
            dv[0] = sv[0];
        }
        dv[1] += sv[1];
    }
}

#endif /* PIM_F_GATHER_GROUP */

/* GOPEN: numbers the instance and starts its partial with its header; true when this participant scans (a keyed
 * relation: the key's owner; a relation of replicated tables: the first participant; otherwise every one). */
bool pim_rel_open(const pim_rel_t *d, pim_cell_t *cells, const pim_cell_t *key)
{
    pim_task_t *T = pim_me();
    uint32_t h[4] __attribute__((aligned(8)));
    bool scan = (d->mode & PIM_G_REPLICATED) == 0 || pim_x.first != 0;
    assert((T->mp_flags & PIM_CALL_MP) != 0 && !g_open); /* relations run in exchange calls, one at a time */
    assert(d->rec_bytes % 8 == 0 && d->key_bytes <= d->rec_bytes && ((uintptr_t)&d->form & 7u) == 0);
    h[1] = 0xffffffffu; /* the owner: none (every participant contributes) */
    pim_x.ord++;
    if (key != NULL) {
        h[1] = pim_mp_route(key->v, key->null != 0);
        scan = h[1] == pim_x.dpu;
    }
    cells[d->n].v = 0;
    g_stmt = d->stmt;
    g_ord = pim_x.ord;
    g_start = pim_x.pub;
    g_npub = pim_x.npub;
    g_open = true;
    entry_open();
    /* {static header, from the pool} {keep, owner, skip, take} {accumulators, from the pool} */
    h[0] = (uint32_t)cells[d->keep].v;
    h[2] = d->skip == PIM_NO_CELL ? 0u : (uint32_t)cells[d->skip].v;
    h[3] = d->take == PIM_NO_CELL ? 0xffffffffu : (uint32_t)cells[d->take].v;
    append(&d->form, PIM_G_STATIC_BYTES);
    append(h, sizeof(h));
    if (d->nacc != 0) {
        append(d->acc, d->nacc * sizeof(pim_gacc_t));
    }
    return scan;
}

/* Sends the buffer's records to the partial and empties it. */
static void spill(const pim_rel_t *d, uint8_t *F, pim_cell_t *cells)
{
    uint32_t n = (uint32_t)cells[d->n].v;
    if (n != 0) {
        append(F + d->buf, n * d->rec_bytes);
    }
    cells[d->n].v = 0;
}

/* GPUT: keeps the staging record (see the file's comment); false when a streamed relation has all it keeps. */
bool pim_rel_put(const pim_rel_t *d, uint8_t *F, pim_cell_t *cells)
{
    uint8_t *buf = F + d->buf, *rec = F + d->rec;
    uint32_t rb = d->rec_bytes, kb = d->key_bytes, mode = d->mode & 3u, lo = 0, hi, i;
    uint32_t n = (uint32_t)cells[d->n].v, cap = (uint32_t)cells[d->cap].v, keep = (uint32_t)cells[d->keep].v;
    assert(g_open);
    if (mode == PIM_G_STREAM) {
        if (keep != 0 && n >= keep) {
            return false;
        }
        append(rec, rb);
        cells[d->n].v = ++n;
        return !(keep != 0 && n >= keep);
    }
#if PIM_HAS(PIM_F_GATHER_SORT)
    /* the first position whose key is not below the record's (after equal keys for SORT: stable) */
    hi = n;
    while (lo < hi) {
        uint32_t mid = (lo + hi) / 2;
        int32_t c = pim_bt_keycmp(buf + mid * rb, rec, kb);
        if (c < 0 || (c == 0 && mode == PIM_G_SORT)) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    if (mode != PIM_G_SORT && lo < n && pim_bt_keycmp(buf + lo * rb, rec, kb) == 0) {
#if PIM_HAS(PIM_F_GATHER_GROUP)
        if (mode == PIM_G_GROUP) {
            combine(d, buf + lo * rb, rec);
        }
#else
        assert(mode == PIM_G_DISTINCT); /* grouped records need PIM_F_GATHER_GROUP */
#endif
        return true;
    }
    if (keep != 0 && keep <= cap) {
        cap = keep; /* a LIMIT the buffer holds: the records beyond it are never merged */
        if (n >= cap && lo >= cap) {
            return true;
        }
    }
    if (n >= cap) {
        if (keep == cap) {
            n = cap - 1; /* the last record gives way */
        } else {
            spill(d, F, cells);
            n = lo = 0;
        }
    }
    for (i = n; i > lo; i--) {
        pim_bt_copy(buf + i * rb, buf + (i - 1) * rb, rb);
    }
    pim_bt_copy(buf + lo * rb, rec, rb);
    cells[d->n].v = n + 1;
    return true;
#else
    (void)buf, (void)kb, (void)lo, (void)hi, (void)i, (void)cap;
    assert(false); /* buffered records need PIM_F_GATHER_SORT */
    return false;
#endif
}

/*
 * GCLOSE: flushes the buffer and closes the partial, then finds the merged records in the vector. Returns 1 when
 * the program goes on to iterate them, 0 when this participant does not (a cursor finished by the first
 * participant only, or blocked), 2 for the first participant of a cursor the host finishes (its placeholder).
 */
uint32_t pim_rel_close(const pim_rel_t *d, uint8_t *F, pim_cell_t *cells)
{
    pim_task_t *T = pim_me();
    g_iter_t *it = (g_iter_t *)(void *)(F + d->state);
    uint32_t hdr[2] __attribute__((aligned(8)));
    uint32_t len = 0;
    pim_off_t at;
    if ((d->mode & 3u) != PIM_G_STREAM) {
        spill(d, F, cells); /* (a streamed relation's records are in the partial already; n counts them) */
    }
    if (T->status != 0) {
        return 0;
    }
    entry_close();
    g_open = false;
    if ((d->mode & PIM_G_HOST) != 0) {
        return pim_x.first != 0 ? 2u : 0u;
    }
    at = pim_mp_find(d->stmt, PIM_MP_ANY, &len);
    if (at == PIM_NONE) {
        T->status = PIM_ST_BLOCKED; /* every participant's partial is needed first: the host merges them */
        pim_x.stop = pim_x.ord;
        pim_x.need = pim_x.dpu; /* a participant already */
        return 0;
    }
    pim_mram_get(at, hdr, 8);
    assert((hdr[0] & 0xffu) == PIM_G_FORM && len == PIM_G_MERGED_BYTES + hdr[1] * d->rec_bytes);
    if (((hdr[0] >> 8) & 0xffu) != 0) {
        /* a SUM beyond 64 bits (22003), or more merged records than one exchange value holds (54000) */
        pim_error(((hdr[0] >> 8) & 0xffu) == PIM_G_STATUS_OVERFLOW ? PIM_E_OVERFLOW : PIM_E_PARTIAL);
        return 0;
    }
    it->begin = it->at = at + PIM_G_MERGED_BYTES;
    it->end = at + len;
    return (d->mode & PIM_G_CURSOR) != 0 && pim_x.first == 0 ? 0u : 1u;
}

/* GNEXT: the next merged record into `rec`; false after the last. */
bool pim_rel_next(const pim_rel_t *d, uint8_t *F)
{
    g_iter_t *it = (g_iter_t *)(void *)(F + d->state);
    if (it->at >= it->end) {
        return false;
    }
    pim_mram_get(it->at, F + d->rec, d->rec_bytes);
    it->at += d->rec_bytes;
    return true;
}

/* GREW: the merged records from the first again. */
void pim_rel_rewind(const pim_rel_t *d, uint8_t *F)
{
    g_iter_t *it = (g_iter_t *)(void *)(F + d->state);
    it->at = it->begin;
}

/* The interpreter stopped inside a relation's scan: the partial is withdrawn (a stopped call sends no half of one). */
void pim_rel_stop(void)
{
    if (g_open) {
        g_open = false;
        pim_x.pub = g_start;
        pim_x.npub = g_npub;
    }
}
#endif /* PIM_F_GATHER */
