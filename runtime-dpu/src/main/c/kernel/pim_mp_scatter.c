/*
 * Broadcast reads of an exchange call as scatter-gather fragments (docs/multi-partition.md "Broadcast reads").
 *
 * A read that must visit every partition (no equality on the partition key) runs on every participant over
 * its own rows; the program then hands its partial to pim_mp_gather_aggs (the aggregates'
 * accumulators) or pim_mp_gather_rows (the first rows in ORDER BY order, from the sort buffer). Each call
 * numbers the statement instance like pim_mp_at (same ordinal on every participant), publishes the partial
 * as an entry whose statement id has bit 15 set, and then either finds the host's MERGED value for this
 * instance in the vector (the merge of every participant's partial of an earlier launch) and continues with
 * it, or blocks the call. Partials are published at every launch, so the host re-merges them and notices
 * when a merged value it handed out has changed (the call then runs again, like any stale vector value).
 *
 * Value formats (docs/wire-format.md), little-endian:
 *   aggregates: {u8 form = 1, u8 n, u8 status, 5 x u8 0}, then per aggregate {i64 value, i64 count, u64 flags}
 *               (flags: bits 0-7 the kind PIM_SG_COUNT.., bit 8 set when value holds a value); merged status
 *               1 = a SUM overflowed 64 bits (22003)
 *   rows:       {u8 form = 2, u8 keep, u8 status, u8 0, u16 n, u16 cap, u16 rec_bytes, u16 key_bytes, u32 0},
 *               then n sort records (key bytes, then the row); merged status 1 = more rows than the sort
 *               buffer holds without a LIMIT that bounds them (54000, as pim_sort_put)
 * A call that runs on one DPU alone (every partition is local) needs nothing from here: the helpers return
 * at once and the local result is the result.
 */
#include "pim_rt.h"

#if PIM_HAS(PIM_F_MP_SCATTER)
#define PARTIAL_BIT 0x8000u /* statement id of a partial entry (the host merges these, never sends them) */

typedef struct {
    uint16_t stmt, len;
    uint32_t ord;
} sg_ent_t;

/*
 * Numbers the instance, publishes the partial (hdr_bytes of hdr, then body_bytes of body) and looks for the
 * merged value: returns the MRAM offset of its value (its header first), or 0 when the call is not an
 * exchange call, or now blocked.
 */
static pim_off_t gather(uint32_t stmt, const uint64_t *hdr, uint32_t hdr_bytes, const void *body, uint32_t body_bytes)
{
    pim_task_t *T = pim_me();
    sg_ent_t e __attribute__((aligned(8)));
    uint32_t len = hdr_bytes + body_bytes;
    pim_off_t at;
    if ((T->mp_flags & PIM_CALL_MP) == 0) {
        return 0;
    }
    pim_x.ord++;
    assert(stmt < PARTIAL_BIT && (hdr_bytes & 7u) == 0 && (body_bytes & 7u) == 0);
    if (len > PIM_MP_VALUE_MAX || pim_x.pub + 8 + len > pim_x.pub_end) {
        pim_error(PIM_E_PARTIAL);
        return 0;
    }
    e.stmt = (uint16_t)(stmt | PARTIAL_BIT);
    e.len = (uint16_t)len;
    e.ord = pim_x.ord;
    pim_mram_put(pim_x.pub, &e, 8);
    pim_mram_put(pim_x.pub + 8, hdr, hdr_bytes);
    if (body_bytes != 0) {
        pim_mram_put(pim_x.pub + 8 + hdr_bytes, body, body_bytes);
    }
    pim_x.pub += 8 + len;
    pim_x.npub++;
    at = pim_mp_find(stmt, PIM_MP_ANY, &len);
    if (at != PIM_NONE) {
        assert(len >= hdr_bytes && len <= PIM_MP_VALUE_MAX);
        return at;
    }
    T->status = PIM_ST_BLOCKED; /* every participant's partial is needed first: the host merges them */
    pim_x.stop = pim_x.ord;
    pim_x.need = pim_x.dpu; /* a participant already: the call runs on every DPU */
    return 0;
}

void pim_mp_gather_aggs(uint32_t stmt, int64_t *w, uint32_t n)
{
    uint64_t hdr[1] __attribute__((aligned(8)));
    pim_off_t merged;
    hdr[0] = 1u | ((uint64_t)n << 8);
    merged = gather(stmt, hdr, 8, w, n * 24u);
    if (merged == 0) {
        return;
    }
    pim_mram_get(merged, hdr, 8);
    assert((hdr[0] & 0xffffu) == (1u | (n << 8)));
    if (((hdr[0] >> 16) & 0xffu) != 0) {
        pim_error(PIM_E_OVERFLOW);
        return;
    }
    pim_mram_get(merged + 8, w, n * 24u);
}

void pim_mp_gather_rows(uint32_t stmt, uint8_t *buf, uint32_t *n, uint32_t cap, uint32_t rec_bytes, uint32_t key_bytes,
                        bool keep)
{
    uint64_t hdr[2] __attribute__((aligned(8)));
    uint32_t got;
    pim_off_t merged;
    assert(*n <= cap && (rec_bytes & 7u) == 0);
    hdr[0] = 2u | ((uint64_t)(keep ? 1u : 0u) << 8) | ((uint64_t)*n << 32) | ((uint64_t)cap << 48);
    hdr[1] = rec_bytes | ((uint64_t)key_bytes << 16);
    merged = gather(stmt, hdr, 16, buf, *n * rec_bytes);
    if (merged == 0) {
        return;
    }
    pim_mram_get(merged, hdr, 16);
    got = (uint32_t)(hdr[0] >> 32) & 0xffffu;
    assert((hdr[0] & 0xffu) == 2u && got <= cap);
    if (((hdr[0] >> 16) & 0xffu) != 0) {
        pim_error(PIM_E_SORT);
        return;
    }
    if (got != 0) {
        pim_mram_get(merged + 16, buf, got * rec_bytes);
    }
    *n = got;
}
#endif /* PIM_F_MP_SCATTER */
