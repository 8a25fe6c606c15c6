/*
 * Multi-partition calls by deterministic re-execution with value exchange (docs/multi-partition.md).
 *
 * Every participant DPU of a multi-partition call runs the WHOLE procedure from its start. Each data
 * access of a procedure that may span partitions goes through pim_mp_at, which numbers the statement
 * instance (the ordinal: how many accesses the call has passed, identical on every participant since all
 * of them follow the same control flow given the same values) and computes the access's partition with
 * the router's function. A local access runs and, if it reads, publishes its INTO values; a remote read
 * takes its values from the vector the host collected in earlier rounds or, when they are not there,
 * BLOCKS the call (status PIM_ST_BLOCKED: every helper then refuses to act, the call's writes are undone);
 * a remote write is skipped (its owner does it). The host decides from the participants' reports whether
 * the call is done (docs/multi-partition.md "Deciding").
 *
 * Speculation across launches: a call flagged KEEP keeps its undo records after it ends (a segment); the
 * next launch's batch says how many of the kept segments to commit, the rest are rolled back first.
 */
#include "pim_rt.h"

/* Kept segments, in the first PIM_MP_SEG_BYTES of the executing tasklet's undo area. */
typedef struct {
    uint32_t nseg; /* segments kept by the previous launch */
    pim_off_t top; /* end of the last segment's undo records */
} seg_hdr_t;

uint32_t pim_mp_dpu, pim_mp_parts, pim_mp_dpus;

static pim_off_t seg_table(void)
{
    return PIM_UNDO_OFF + (pim_off_t)PIM_SLOT() * PIM_UNDO_BYTES;
}

/* Resolves the previous launch's kept segments: the first `commit` stay, the others are undone. */
void pim_mp_launch(pim_task_t *T, uint32_t commit, bool format)
{
    seg_hdr_t h __attribute__((aligned(8)));
    pim_off_t base = seg_table() + PIM_MP_SEG_BYTES;
    pim_off_t split;
    T->undo_limit = seg_table() + PIM_UNDO_BYTES;
    T->undo_base = base;
    T->undo_pos = base;
    pim_mram_get(seg_table(), &h, sizeof(h));
    if (format || h.nseg == 0) {
        h.nseg = 0;
        pim_mram_put(seg_table(), &h, sizeof(h));
        return;
    }
    if (commit > h.nseg) {
        commit = h.nseg;
    }
    split = h.top;
    if (commit < h.nseg) {
        uint64_t e;
        pim_mram_get(seg_table() + 8 + 8 * commit, &e, 8);
        split = (pim_off_t)e;
        T->undo_base = split;
        T->undo_pos = h.top;
        pim_undo_end(true);
    }
    T->undo_base = base;
    T->undo_pos = split;
    pim_undo_end(false);
    h.nseg = 0;
    h.top = base;
    pim_mram_put(seg_table(), &h, sizeof(h));
}

/* Records the segment of a KEEP call that just ended (its undo records from `start` to undo_pos). */
void pim_mp_keep(pim_task_t *T, pim_off_t start)
{
    seg_hdr_t h __attribute__((aligned(8)));
    uint64_t e = start;
    pim_mram_get(seg_table(), &h, sizeof(h));
    assert(8 + 8 * (h.nseg + 1) <= PIM_MP_SEG_BYTES); /* the host keeps at most PIM_MP_MAX_KEEP per launch */
    pim_mram_put(seg_table() + 8 + 8 * h.nseg, &e, 8);
    h.nseg++;
    h.top = T->undo_pos;
    pim_mram_put(seg_table(), &h, sizeof(h));
}


/* An exchange entry header: {u16 statement, u16 value bytes, u32 ordinal}, then the value padded to 8. */
typedef struct {
    uint16_t stmt, len;
    uint32_t ord;
} ent_t;

/* Fills the exchange buffer's block with v's fields. The block is zeroed first: a NULL's bytes and the rest
 * of a VARCHAR stay zero, so equal values publish equal bytes (the host compares them across launches). */
void pim_mp_pack(pim_task_t *T, const pim_mp_val_t *v)
{
    pim_zero(PIM_MP_BUF(T) + 8, v->bytes);
    pim_move(v->put, v->n);
}

/* Copies the value of a vector entry (MRAM offset `at`, len bytes) into v's fields through the buffer. */
void pim_mp_unpack(pim_task_t *T, const pim_mp_val_t *v, pim_off_t at, uint32_t len)
{
    assert(len == v->bytes); /* the same program published it */
    pim_mram_get(at, PIM_MP_BUF(T) + 8, len);
    pim_move(v->take, v->n);
}

/* Appends the exchange buffer's first `len` value bytes (a multiple of 8) as the entry of (stmt, the current
 * ordinal); false (54000) when the call's publish budget or the scratch area is full. */
bool pim_mp_publish(pim_task_t *T, uint32_t stmt, uint32_t len)
{
    ent_t *e = (ent_t *)(void *)PIM_MP_BUF(T);
    assert((len & ~0xfff8u) == 0); /* a multiple of 8 that fits the header's u16 */
    if (T->mp_pub + 8 + len > T->mp_pub_end) {
        pim_fail("54000", "multi-partition call publishes too many values");
        return false;
    }
    e->stmt = (uint16_t)stmt;
    e->len = (uint16_t)len;
    e->ord = T->mp_ord;
    pim_mram_put(T->mp_pub, e, 8 + len);
    T->mp_pub += 8 + len;
    T->mp_npub++;
    return true;
}

/* The MRAM offset of the value of vector entry (stmt, the current ordinal) and its length, or PIM_NONE. */
pim_off_t pim_mp_find(pim_task_t *T, uint32_t stmt, uint32_t *len)
{
    ent_t e __attribute__((aligned(8)));
    pim_off_t at = T->mp_vec;
    uint32_t i;
    for (i = 0; i < T->mp_nvec; i++) {
        pim_mram_get(at, &e, 8);
        if (e.ord == T->mp_ord && e.stmt == stmt) {
            *len = e.len;
            return at + 8;
        }
        at += 8 + ((e.len + 7u) & ~7u);
    }
    return PIM_NONE;
}

/*
 * Several missing values (a join's inner lookups, docs/multi-partition.md "Joins"): the call goes on and
 * blocks at the end of the statement (pim_mp_join_end), stopping at the first missing instance and naming
 * every DPU it needs (up to PIM_MP_NEEDS; the rest are found in a later launch).
 */
uint32_t pim_mp_nneed, pim_mp_miss;
uint32_t pim_mp_needs[PIM_MP_NEEDS + 1] __attribute__((aligned(8)));

void pim_mp_missing(pim_task_t *T, uint32_t dpu)
{
    uint32_t i;
    if (pim_mp_miss == 0) {
        pim_mp_miss = T->mp_ord;
        T->mp_need = dpu;
    }
    for (i = 0; i < pim_mp_nneed; i++) {
        if (pim_mp_needs[i] == dpu) {
            return;
        }
    }
    if (pim_mp_nneed < PIM_MP_NEEDS) {
        pim_mp_needs[pim_mp_nneed++] = dpu;
    }
}

/* The end of a join in an exchange call: a missing value blocks the call at the first one, even when the rows
 * it saw made the statement fail (without all of them that failure proves nothing). The only errors that
 * leave a join early (21000, a full sort buffer) would also be raised with every row. */
void pim_mp_join_end(void)
{
    pim_task_t *T = pim_me();
    if (pim_mp_miss != 0 && T->status != PIM_ST_BLOCKED) {
        T->status = PIM_ST_BLOCKED;
        T->mp_stop = pim_mp_miss;
    }
}

uint32_t pim_mp_last; /* the DPU owning the partition of the last access pim_mp_at or pim_mp_rows routed */

/* The DPU of a partition key: the router's MOD function (PartitionFunction), floorMod(key, P), NULL keys on
 * partition 0, then PartitionPlacement.modulo. The remainder is a binary long division of the key's magnitude
 * in 32-bit halves, high word first (r < P < 2^31, so r << 1 cannot overflow): no 64-bit division or checked
 * arithmetic is linked for routing (about 30 instructions less where nothing else divides). */
uint32_t pim_mp_route(int64_t key, bool key_null)
{
    uint64_t m = key < 0 ? 0u - (uint64_t)key : (uint64_t)key;
    uint32_t w[2] = {(uint32_t)(m >> 32), (uint32_t)m}, part = 0, i, b;
    assert(pim_mp_parts > 0 && pim_mp_parts < 0x80000000u);
    for (i = 0; i < 2 && !key_null; i++) {
        for (b = 32; b-- > 0;) {
            part = (part << 1) | ((w[i] >> b) & 1u);
            if (part >= pim_mp_parts) {
                part -= pim_mp_parts;
            }
        }
    }
    if (key < 0 && part != 0 && !key_null) {
        part = pim_mp_parts - part; /* floorMod: a negative key's remainder counts up from -P */
    }
    pim_mp_last = part % pim_mp_dpus;
    return pim_mp_last;
}

bool pim_mp_at(int64_t key, bool key_null)
{
    pim_task_t *T = pim_me();
    if ((T->mp_flags & PIM_CALL_MP) == 0) {
        return true; /* a call that runs on one DPU alone: every access is local */
    }
    if (T->status != 0) {
        return false;
    }
    T->mp_ord++;
    return pim_mp_route(key, key_null) == pim_mp_dpu; /* a remote write is skipped: its owner does it */
}

/* After a read pim_mp_at routed: the owner publishes the INTO values it read (unless the read failed), the
 * others take them from the vector or, when they are not there, BLOCK the call (everything stops; run_call
 * undoes the writes; the host asks the owner, pim_mp_last). */
void pim_mp_val(const pim_mp_val_t *v)
{
    pim_task_t *T = pim_me();
    uint32_t len;
    pim_off_t at;
    if ((T->mp_flags & PIM_CALL_MP) == 0 || T->status != 0) {
        return;
    }
    if (pim_mp_last == pim_mp_dpu) {
        pim_mp_pack(T, v);
        pim_mp_publish(T, v->stmt, v->bytes);
        return;
    }
    at = pim_mp_find(T, v->stmt, &len);
    if (at == PIM_NONE) {
        T->status = PIM_ST_BLOCKED;
        T->mp_stop = T->mp_ord;
        T->mp_need = pim_mp_last;
        return;
    }
    pim_mp_unpack(T, v, at, len);
}

#if PIM_MP_HASH
static uint8_t *fld_base(pim_task_t *T, const pim_fld_t *f)
{
    return f->base == PIM_B_PARAMS ? (uint8_t *)(uintptr_t)T->params : T->frame;
}

/* One octet into a 64-bit FNV-1a hash: xor, then multiply by the prime 2^40 + 0x1b3 as shifts and adds (no
 * 64-bit multiply helper on the DPU; a loop over the shifts is smaller than the unrolled sum). */
static const uint8_t fnv_shifts[6] = {40, 8, 7, 5, 4, 1};

static uint64_t __attribute__((noinline)) fnv(uint64_t h, uint32_t octet)
{
    uint64_t p;
    uint32_t k;
    h ^= octet;
    p = h;
    for (k = 0; k < 6; k++) {
        p += h << fnv_shifts[k];
    }
    return p;
}

/*
 * The router's HASH partition function (PartitionFunction): FNV-1a from the offset basis over, per key
 * column, byte 0 for NULL, else byte 1 and the 8 value bytes little-endian (exact numerics at the
 * column's scale, TIMESTAMP in microseconds), reduced unsigned mod the partition count. The keys are a
 * const table of source fields (parameters, locals, row fields, constants; codegen checks that each holds
 * the column's value as it is). Returns the partition (pim_mp_at's floorMod keeps it as it is).
 */
int64_t pim_mp_hash(const pim_fld_t *keys, uint32_t n)
{
    pim_task_t *T = pim_me();
    uint64_t h = 0xcbf29ce484222325ull;
    uint32_t i, b, r = 0;
    if ((T->mp_flags & PIM_CALL_MP) == 0) {
        return 0; /* a call on one DPU: pim_mp_at does not route */
    }
    assert(n <= 32 && pim_mp_parts > 0 && pim_mp_parts < 0x80000000u);
    for (i = 0; i < n; i++, keys++) {
        const uint8_t *base = fld_base(T, keys);
        uint64_t v;
        if (keys->base == PIM_B_CONST) {
            v = (uint64_t)(int64_t)(int32_t)((uint32_t)keys->off | (uint32_t)keys->null_off << 16);
        } else if (keys->kind == 0 || (base[keys->null_off] & keys->null_mask) != 0) {
            h = fnv(h, 0); /* NULL */
            continue;
        } else {
            v = (uint64_t)pim_ldnum(base + keys->off, keys->kind);
        }
        h = fnv(h, 1);
        for (b = 0; b < 8; b++, v >>= 8) {
            h = fnv(h, (uint32_t)v & 0xffu);
        }
    }
    /* h mod P by binary long division in 32 bits (r < P < 2^31, so r << 1 cannot overflow) */
    for (i = 64; i-- > 0;) {
        r = (r << 1) | (uint32_t)((h >> i) & 1u);
        if (r >= pim_mp_parts) {
            r -= pim_mp_parts;
        }
    }
    return (int64_t)r;
}
#endif /* PIM_MP_HASH */

void pim_mp_none(uint32_t stmt)
{
    pim_task_t *T = pim_me();
    (void)stmt;
    if ((T->mp_flags & PIM_CALL_MP) != 0) {
        pim_fail("0A000", "this statement cannot run in a multi-partition call (see pimsql compile's summary)");
    }
}
