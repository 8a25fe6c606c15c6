/*
 * Multi-partition calls by deterministic re-execution with value exchange (docs/multi-partition.md).
 *
 * Every participant DPU of a multi-partition call runs the WHOLE procedure from its start. Each data
 * access of a procedure that may span partitions is preceded by MPAT (pim_mp_at), which numbers the statement
 * instance (the ordinal: how many accesses the call has passed, identical on every participant since all
 * of them follow the same control flow given the same values) and computes the access's partition with
 * the router's function. A local access runs and, if it reads, publishes its INTO values (MPVAL); a remote
 * read takes its values from the vector the host collected in earlier rounds or, when they are not there,
 * SPECULATES: it goes on with zeros and publishes the reads it owns further along, and the call ends BLOCKED at
 * the first missing value (status PIM_ST_BLOCKED; the writes it made speculatively, after that value, undone, the
 * ones before it kept in its KEEP segment); a remote write is skipped (its owner does it). The host decides from
 * the participants' reports whether the call is done (docs/multi-partition.md "Deciding", "Speculation").
 *
 * Speculation across launches: a call flagged KEEP keeps its undo records after it ends (a segment, pim_exec.c);
 * the next launch's batch says up to where the kept segments are committed, the rest are rolled back first.
 */
#include "pim_rt.h"

#if PIM_HAS(PIM_F_MP)
/* An exchange entry header: {u16 statement, u16 value bytes, u32 ordinal}, then the value padded to 8. */
typedef struct {
    uint16_t stmt, len;
    uint32_t ord;
} ent_t;

/* Copies v's fields between the frame and the exchange buffer's block as MV does (a VARCHAR's length and
 * characters, a NULL's flag only): the block's side is a field of the same kind at its place in the block. */
static void xcopy(pim_task_t *T, const pim_xval_t *v, bool put)
{
    uint32_t blk = T->xbuf + 8, i;
    const pim_xfield_t *f = v->f;
    for (i = 0; i < v->n; i++, f++) {
        pim_fd_t b = {(uint16_t)(blk + f->block_off), (uint16_t)(blk * 8 + f->block_bit), f->kind, 0, f->cap};
        pim_fd_t d = {f->off, f->nbit, f->kind, 0, f->cap};
        pim_move(put ? &b : &d, put ? &d : &b);
    }
}

/* Fills the exchange buffer's block with v's fields. The block is zeroed first: a NULL's bytes and the rest
 * of a VARCHAR stay zero, so equal values publish equal bytes (the host compares them across launches). */
void pim_mp_pack(pim_task_t *T, const pim_xval_t *v)
{
    T->xbuf = v->xbuf;
    pim_fill(PIM_MP_BUF(T) + 8, 0, v->bytes);
    xcopy(T, v, true);
}

/* Copies the value of a vector entry (MRAM offset `at`, len bytes) into v's fields through the buffer. */
PIM_INLINE void pim_mp_unpack(pim_task_t *T, const pim_xval_t *v, pim_off_t at, uint32_t len)
{
    assert(len == v->bytes); /* the same program published it */
    T->xbuf = v->xbuf;
    pim_mram_get(at, PIM_MP_BUF(T) + 8, len);
    xcopy(T, v, false);
}

/* Appends the exchange buffer's first `len` value bytes (a multiple of 8) as the entry of (stmt, the current
 * ordinal); false (54000) when the call's publish budget or the scratch area is full. */
bool pim_mp_publish(pim_task_t *T, uint32_t stmt, uint32_t len)
{
    ent_t *e = (ent_t *)(void *)PIM_MP_BUF(T);
    assert((len & ~0xfff8u) == 0); /* a multiple of 8 that fits the header's u16 */
    if (pim_x.pub + 8 + len > pim_x.pub_end) {
        pim_error(PIM_E_PUBLISH);
        return false;
    }
    e->stmt = (uint16_t)stmt;
    e->len = (uint16_t)len;
    e->ord = pim_x.ord;
    pim_mram_put(pim_x.pub, e, 8 + len);
    pim_x.pub += 8 + len;
    pim_x.npub++;
    return true;
}

/* A vector entry's header (the host adds the DPU that published it; a published entry is an ent_t). */
typedef struct {
    uint16_t stmt, len;
    uint32_t ord, owner, pad;
} vent_t;

/*
 * The MRAM offset of the value of vector entry (stmt, the current ordinal) that `owner` published (PIM_MP_ANY: one the
 * host merged) and its length, or PIM_NONE. The owner is the DPU that owns the access on this participant's path: an
 * entry another DPU published at the same instance came from a path with another key (a speculative one).
 */
pim_off_t pim_mp_find(uint32_t stmt, uint32_t owner, uint32_t *len)
{
    vent_t e __attribute__((aligned(8)));
    pim_off_t at = pim_x.vec;
    uint32_t i;
    for (i = 0; i < pim_x.nvec; i++) {
        pim_mram_get(at, &e, sizeof e);
        if (e.ord == pim_x.ord && e.stmt == stmt && e.owner == owner) {
            *len = e.len;
            return at + sizeof e;
        }
        at += sizeof e + ((e.len + 7u) & ~7u);
    }
    return PIM_NONE;
}
_Static_assert(sizeof(vent_t) == PIM_MP_VECTOR_ENTRY_BYTES, "the host writes vector entries of this header");

uint32_t pim_mp_report[6 + PIM_MP_NEEDS + 1] __attribute__((aligned(8)));

/*
 * A missing value (a remote read's INTO values, a join's rowset or lookup): the call goes on speculatively and
 * blocks when it stops (pim_mp_join_end), at the first missing instance, naming every DPU it needs.
 */
/* Names `dpu` in the report's needed DPUs (once); false when the list is full. */
static bool pim_mp_name(uint32_t dpu)
{
    uint32_t i;
    for (i = 0; i < pim_x.nneed; i++) {
        if (pim_mp_needs[i] == dpu) {
            return true;
        }
    }
    if (pim_x.nneed == PIM_MP_NEEDS) {
        return false;
    }
    pim_mp_needs[pim_x.nneed++] = dpu;
    return true;
}

void pim_mp_missing(uint32_t dpu)
{
    if (pim_x.miss == 0) {
        pim_x.miss = pim_x.ord;
        pim_x.need = dpu;
        pim_x.miss_undo = pim_me()->undo_pos; /* the writes before it used real values only (run_call keeps them) */
    }
    (void)pim_mp_name(dpu); /* beyond the list: named in a later run, once these DPUs take part */
}

/* The end of a join, and of the call: a missing value blocks the call at the first one, even when what it ran after
 * it failed, or blocked later (without the real values that proves nothing). */
void pim_mp_join_end(void)
{
    pim_task_t *T = pim_me();
    if (pim_x.miss != 0) {
        T->status = PIM_ST_BLOCKED;
        pim_x.stop = pim_x.miss;
    }
}


/* The DPU of a partition key: the router's MOD function (PartitionFunction), floorMod(key, P), NULL keys on
 * partition 0, then PartitionPlacement.modulo. */
uint32_t pim_mp_route(int64_t key, bool key_null)
{
    uint64_t r = 0;
    assert(pim_x.parts > 0 && pim_x.parts < 0x80000000u);
    if (!key_null) {
        pim_udivmod(key < 0 ? 0u - (uint64_t)key : (uint64_t)key, pim_x.parts, &r);
        if (key < 0 && r != 0) {
            r = pim_x.parts - r; /* floorMod: a negative key's remainder counts up from -P */
        }
    }
    pim_x.last = (uint32_t)r % pim_x.dpus;
    return pim_x.last;
}

bool pim_mp_at(int64_t key, bool key_null, bool write)
{
    pim_task_t *T = pim_me();
    if ((T->mp_flags & PIM_CALL_MP) == 0) {
        return true; /* a call that runs on one DPU alone: every access is local */
    }
    pim_x.ord++;
    if (pim_mp_route(key, key_null) == pim_x.dpu) {
        return true;
    }
    /* A remote write is skipped: its owner does it. A key computed here (read from a row, say) can name an owner the
     * host did not make a participant, and a write publishes nothing that would make anyone block for it: the owner
     * is named in the report, and the host adds it to the call's DPUs when it is not one (LaunchDecider). A full list
     * fails the call rather than lose the write. */
    if (write && !pim_mp_name(pim_x.last)) {
        pim_error(PIM_E_WRITERS);
    }
    return false;
}

/*
 * After an access pim_mp_at routed: the owner publishes the values it read, the others take them from the
 * vector. MPVAL (look false): a read's INTO values; a participant without them marks them missing (the host asks
 * the owner, pim_x.last) and speculates on with zeros: run_call blocks the call at the first missing ordinal when
 * it ends and undoes its writes. MPLOOK (look true): a join's lookup whose probe found the row at `off`
 * (PIM_NONE: no row, published as an empty value); a participant without the value marks it missing and goes on
 * (pim_mp_rows.c). Returns the row's offset (a taken row: a dummy one, its fields are in the frame) or PIM_NONE.
 */
pim_off_t pim_mp_value(pim_off_t off, const pim_xval_t *v, bool look)
{
    pim_task_t *T = pim_me();
    uint32_t len = 0, stmt = v->stmt & ~PIM_XVAL_OWNER_ONLY;
    pim_off_t at;
    if ((T->mp_flags & PIM_CALL_MP) == 0) {
        return off; /* a call on one DPU: nothing is exchanged */
    }
    T->xbuf = v->xbuf;
    if (pim_x.last == pim_x.dpu) {
        if (!look || off != PIM_NONE) {
            pim_mp_pack(T, v);
            len = v->bytes;
        }
        pim_mp_publish(T, stmt, len);
        return off;
    }
    at = pim_mp_find(stmt, pim_x.last, &len);
    if (at == PIM_NONE) {
        /* missing: the call will report BLOCKED here (pim_mp_join_end), but speculates on to publish the reads it
         * owns further along (docs/multi-partition.md "Speculation"): a read's INTO values become zeros, not NULL, so
         * that the path most likely stays the one the real values take. Values only their owner uses change nothing
         * here: no block for them. */
        if ((v->stmt & PIM_XVAL_OWNER_ONLY) == 0 || look) {
            pim_mp_missing(pim_x.last);
        }
        if (!look) {
            pim_fill(PIM_MP_BUF(T) + 8, 0, v->bytes);
            xcopy(T, v, false);
        }
        return PIM_NONE;
    }
    if (len == 0) {
        return PIM_NONE;
    }
    pim_mp_unpack(T, v, at, len);
    return 8;
}
#endif /* PIM_F_MP */

#if PIM_HAS(PIM_F_MP_HASH)
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
 * column, byte 0 for NULL, else byte 1 and the value: 8 bytes little-endian for exact numerics (at the
 * column's scale) and TIMESTAMP (microseconds), a string's length without its trailing spaces (4 bytes
 * little-endian) and those characters (bit i of `kinds`: key i is a string), one byte 0/1 for a BOOLEAN (bit 8 + i);
 * reduced unsigned mod the partition count. The keys are n consecutive cells holding the columns' values.
 * Returns the partition (pim_mp_at's floorMod keeps it).
 */
int64_t pim_mp_hash(const void *cells, uint32_t n, uint32_t kinds)
{
    const pim_cell_t *c = cells;
    uint64_t h = 0xcbf29ce484222325ull;
    uint32_t i, b;
    if ((pim_me()->mp_flags & PIM_CALL_MP) == 0) {
        return 0; /* a call on one DPU: pim_mp_at does not route */
    }
    assert(pim_x.parts > 0 && pim_x.parts < 0x80000000u && n <= 8);
    for (i = 0; i < n; i++, c++) {
        uint64_t v = (uint64_t)c->v;
        uint32_t bytes = 8;
        h = fnv(h, c->null ? 0u : 1u);
        if (c->null) {
            continue;
        }
        if ((kinds >> i) & 1u) {
            const uint8_t *s = PIM_CELL_PTR(c->p);
            uint32_t len = c->len;
            while (len > 0 && s[len - 1] == ' ') {
                len--;
            }
            for (b = 0; b < 4; b++) {
                h = fnv(h, (len >> (8 * b)) & 0xffu);
            }
            for (b = 0; b < len; b++) {
                h = fnv(h, s[b]);
            }
            continue;
        }
        if ((kinds >> (8 + i)) & 1u) {
            v = v != 0;
            bytes = 1;
        }
        for (b = 0; b < bytes; b++, v >>= 8) {
            h = fnv(h, (uint32_t)v & 0xffu);
        }
    }
    pim_udivmod(h, pim_x.parts, &h); /* unsigned, mod P */
    return (int64_t)h;
}
#endif /* PIM_F_MP_HASH */
