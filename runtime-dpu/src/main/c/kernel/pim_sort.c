/*
 * Bounded helpers for query evaluation: the distinct-value set of COUNT(DISTINCT) and the sort
 * buffer of ORDER BY clauses that no index satisfies. Both live in the calling procedure's WRAM
 * frame with a capacity fixed by codegen; exceeding it fails the call with 54000 instead of
 * silently dropping rows.
 */
#include "pim_rt.h"

#if PIM_HAS(PIM_F_DISTINCT)
/* The set at `at` is {u32 count, u32 pad, values[cap]}: int64 values, or int32 when `narrow` (an integer
 * argument: half the WRAM). */
bool pim_set_add(uint8_t *at, uint32_t cap, int64_t v, bool narrow)
{
    uint32_t *n = (uint32_t *)(void *)at, i;
    int64_t *wide = (int64_t *)(void *)(at + 8);
    int32_t *small = (int32_t *)(void *)(at + 8);
    for (i = 0; i < *n; i++) {
        if ((narrow ? small[i] : wide[i]) == v) {
            return false;
        }
    }
    if (*n >= cap) {
        pim_error(PIM_E_DISTINCT);
        return false;
    }
    if (narrow) {
        assert(v >= INT32_MIN && v <= INT32_MAX);
        small[*n] = (int32_t)v;
    } else {
        wide[*n] = v;
    }
    (*n)++;
    return true;
}
#endif

/* Records are kept sorted by memcmp of their first key_bytes (insertion; stable for equal keys). */
void pim_sort_put(uint8_t *buf, uint32_t *n, uint32_t cap, uint32_t rec_bytes, uint32_t key_bytes,
                  const uint8_t *rec, bool keep_top)
{
    uint32_t pos = *n, i;
    while (pos > 0 && pim_bt_keycmp(buf + (pos - 1) * rec_bytes, rec, key_bytes) > 0) {
        pos--;
    }
    if (*n >= cap) {
        if (!keep_top) {
            pim_error(PIM_E_SORT);
            return;
        }
        if (pos >= cap) {
            return; /* beyond the rows LIMIT/OFFSET can return */
        }
        *n = cap - 1;
    }
    for (i = *n; i > pos; i--) {
        pim_bt_copy(buf + i * rec_bytes, buf + (i - 1) * rec_bytes, rec_bytes);
    }
    pim_bt_copy(buf + pos * rec_bytes, rec, rec_bytes);
    (*n)++;
}

/* One encoder for both forms: a number is its 8 bytes big-endian with the sign bit flipped, a string its
 * width bytes space padded, every byte inverted when descending; the NULL byte first and never inverted, so NULLs
 * sort first in either direction, as HSQLDB orders them (and the host's ad-hoc queries, QueryService). */
void pim_sortkey(uint8_t *dst, uint32_t width, int64_t v, const char *s, uint32_t len, bool is_null, bool desc)
{
    uint8_t flip = desc ? 0xff : 0;
    uint64_t u = (uint64_t)v ^ 0x8000000000000000ull;
    uint32_t i, n = width != 0 ? width : 8;
    dst[0] = is_null ? 0 : 1;
    for (i = 0; i < n; i++, u <<= 8) {
        uint8_t c = width != 0 ? (i < len ? (uint8_t)s[i] : (uint8_t)' ') : (uint8_t)(u >> 56);
        dst[1 + i] = (uint8_t)((is_null ? 0 : c) ^ flip);
    }
}
