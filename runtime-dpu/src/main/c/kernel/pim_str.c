/*
 * Character strings: single-byte characters, CHAR(n) stored space padded, VARCHAR(n) stored as a u16
 * length and its bytes. Comparison uses PAD SPACE (the shorter operand is extended with spaces), as
 * HSQLDB does by default; storing a longer value fails with 22001 unless the excess is spaces.
 * Also TIMESTAMP <-> text ("YYYY-MM-DD HH:MM:SS[.ffffff]", microseconds since 1970 UTC).
 */
#include "pim_rt.h"

int32_t pim_strcmp(const char *a, uint32_t al, const char *b, uint32_t bl)
{
    uint32_t n = al > bl ? al : bl, i;
    for (i = 0; i < n; i++) {
        uint8_t ca = i < al ? (uint8_t)a[i] : (uint8_t)' ';
        uint8_t cb = i < bl ? (uint8_t)b[i] : (uint8_t)' ';
        if (ca != cb) {
            return ca < cb ? -1 : 1;
        }
    }
    return 0;
}

void pim_ststr(uint8_t *field, uint32_t kind, uint32_t cap, const char *s, uint32_t len)
{
    uint32_t i;
    uint8_t *dst = kind == PIM_K_VARCHAR ? field + 2 : field;
    len = pim_strfit(s, len, cap); /* on 22001 the call fails: what is stored then is never used */
    for (i = 0; i < len; i++) {
        dst[i] = (uint8_t)s[i];
    }
    if (kind == PIM_K_VARCHAR) {
        *(uint16_t *)field = (uint16_t)len;
    } else {
        for (; i < cap; i++) {
            dst[i] = ' ';
        }
    }
}

uint32_t pim_concat(char *dst, uint32_t cap, const char *a, uint32_t al, const char *b, uint32_t bl)
{
    uint32_t i;
    if (al + bl > cap) {
        pim_fail_truncation();
        return 0;
    }
    for (i = 0; i < bl; i++) {
        dst[al + i] = b[i]; /* b first: a may already sit at dst (left-nested concatenation) */
    }
    if (dst != a) {
        for (i = 0; i < al; i++) {
            dst[i] = a[i];
        }
    }
    return al + bl;
}

uint32_t pim_cat(char *dst, uint32_t cap, uint32_t at, const char *s, uint32_t len)
{
    uint32_t i;
    if (at + len > cap) {
        pim_fail_truncation();
        return at;
    }
    for (i = 0; i < len; i++) {
        dst[at + i] = s[i];
    }
    return at + len;
}

/*
 * SUBSTRING(s FROM start [FOR count]), 1-based, as HSQLDB answers: the characters at positions
 * [max(start, 1), min(start + count, len + 1)), none when that range is empty; a negative count fails
 * with 22011. start and count are any BIGINTs: start + count saturates instead of overflowing, and both
 * ends are clamped to the string before they become a pointer, so *out stays within [s, s + len].
 */
uint32_t pim_substr(const char *s, uint32_t len, int64_t start, int64_t count, bool has_count, const char **out)
{
    int64_t end = (int64_t)len + 1, from, to;
    *out = s;
    if (has_count && count < 0) {
        pim_fail("22011", "substring error: negative length");
        return 0;
    }
    if (!has_count || start > INT64_MAX - count) {
        to = end; /* start + count would pass INT64_MAX: it passes the end of any string */
    } else {
        to = start + count < end ? start + count : end;
    }
    /* Both ends within [1, len + 1] before they are subtracted: to - from cannot overflow then (with to far
     * below 1, clang 14 -O2 folded `to > from ? to - from : 0` into an overflowing smax and returned 2^32-1). */
    to = to < 1 ? 1 : to;
    from = start < 1 ? 1 : start > end ? end : start;
    assert(from >= 1 && from <= end && to >= 1 && to <= end);
    *out = s + (from - 1);
    return to > from ? (uint32_t)(to - from) : 0;
}

/*
 * POSITION(needle IN hay): compares bytes as stored, so CHAR(n) operands take part with their padding, as
 * in HSQLDB (POSITION(' ' IN a CHAR(5) holding 'ab') is 3). Naive search: both strings are at most a
 * column's length, and the loops are bounded by hl and nl.
 */
uint32_t pim_position(const char *needle, uint32_t nl, const char *hay, uint32_t hl)
{
    uint32_t i, j;
    assert(nl <= 0xffffu && hl <= 0xffffu); /* string lengths fit a VARCHAR's u16 length */
    for (i = 0; i + nl <= hl; i++) {
        for (j = 0; j < nl && hay[i + j] == needle[j]; j++) {
        }
        if (j == nl) {
            return i + 1;
        }
    }
    return 0;
}

/* ---- timestamps (proleptic Gregorian calendar, days from 1970-01-01) ---- */

#define US_PER_DAY 86400000000LL

static uint32_t put_num(char *dst, uint32_t v, uint32_t width)
{
    uint32_t i;
    for (i = width; i > 0; i--) {
        dst[i - 1] = (char)('0' + v % 10u);
        v /= 10u;
    }
    return width;
}

uint32_t pim_ts_to_str(char *dst, uint32_t cap, int64_t micros)
{
    int64_t days = micros / US_PER_DAY, rem = micros % US_PER_DAY;
    int32_t z, era, doe, yoe, y, doy, mp, d, m;
    uint32_t n = 0, secs, frac;
    if (rem < 0) {
        rem += US_PER_DAY;
        days--;
    }
    if (cap < 26) {
        pim_fail_truncation();
        return 0;
    }
    /* civil_from_days (H. Hinnant's algorithm) */
    z = (int32_t)days + 719468;
    era = (z >= 0 ? z : z - 146096) / 146097;
    doe = z - era * 146097;
    yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    y = yoe + era * 400;
    doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    mp = (5 * doy + 2) / 153;
    d = doy - (153 * mp + 2) / 5 + 1;
    m = mp < 10 ? mp + 3 : mp - 9;
    y += m <= 2;
    secs = (uint32_t)(rem / 1000000);
    frac = (uint32_t)(rem % 1000000);
    n += put_num(dst + n, (uint32_t)y, 4);
    dst[n++] = '-';
    n += put_num(dst + n, (uint32_t)m, 2);
    dst[n++] = '-';
    n += put_num(dst + n, (uint32_t)d, 2);
    dst[n++] = ' ';
    n += put_num(dst + n, secs / 3600u, 2);
    dst[n++] = ':';
    n += put_num(dst + n, secs / 60u % 60u, 2);
    dst[n++] = ':';
    n += put_num(dst + n, secs % 60u, 2);
    dst[n++] = '.';
    n += put_num(dst + n, frac, 6);
    return n;
}

static bool get_num(const char *s, uint32_t len, uint32_t *pos, uint32_t width, int32_t *out)
{
    uint32_t i;
    int32_t v = 0;
    for (i = 0; i < width; i++) {
        if (*pos >= len || s[*pos] < '0' || s[*pos] > '9') {
            return false;
        }
        v = v * 10 + (s[*pos] - '0');
        (*pos)++;
    }
    *out = v;
    return true;
}

static bool expect(const char *s, uint32_t len, uint32_t *pos, char c)
{
    if (*pos < len && s[*pos] == c) {
        (*pos)++;
        return true;
    }
    return false;
}

int64_t pim_str_to_ts(const char *s, uint32_t len)
{
    uint32_t pos = 0, digits;
    int32_t y, m, d, hh = 0, mi = 0, ss = 0, f, yy, era, yoe, doy, doe;
    int64_t days, frac = 0;
    while (len > 0 && s[len - 1] == ' ') {
        len--;
    }
    if (!get_num(s, len, &pos, 4, &y) || !expect(s, len, &pos, '-') || !get_num(s, len, &pos, 2, &m) ||
        !expect(s, len, &pos, '-') || !get_num(s, len, &pos, 2, &d) || m < 1 || m > 12 || d < 1 || d > 31) {
        pim_fail("22007", "invalid datetime format");
        return 0;
    }
    if (expect(s, len, &pos, ' ') &&
        (!get_num(s, len, &pos, 2, &hh) || !expect(s, len, &pos, ':') || !get_num(s, len, &pos, 2, &mi) ||
         !expect(s, len, &pos, ':') || !get_num(s, len, &pos, 2, &ss) || hh > 23 || mi > 59 || ss > 59)) {
        pim_fail("22007", "invalid datetime format");
        return 0;
    }
    if (expect(s, len, &pos, '.')) {
        for (digits = 0; digits < 6 && get_num(s, len, &pos, 1, &f); digits++) {
            frac = frac * 10 + f;
        }
        for (; digits < 6; digits++) {
            frac *= 10;
        }
    }
    if (pos != len) {
        pim_fail("22007", "invalid datetime format");
        return 0;
    }
    /* days_from_civil (H. Hinnant's algorithm) */
    yy = y - (m <= 2);
    era = (yy >= 0 ? yy : yy - 399) / 400;
    yoe = yy - era * 400;
    doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    days = (int64_t)era * 146097 + doe - 719468;
    return days * US_PER_DAY + ((int64_t)hh * 3600 + mi * 60 + ss) * 1000000 + frac;
}

/*
 * SET v = v || s: appends at the VARCHAR(cap) field's end. What passes cap fails with 22001 unless it is
 * spaces, as the assignment of the whole chain would (HSQLDB), or is dropped when `cut` (a written CAST of
 * the chain to v's type). NULL (v or a part NULL) if isnull.
 */
void pim_append(uint8_t *base, uint32_t fd, uint32_t cap, const char *s, uint32_t len, bool isnull, bool cut)
{
    uint8_t *field = base + (fd & 0x1fffu);
    uint32_t at, i;
    assert(((fd >> 13) & 7u) == PIM_K_VARCHAR);
    if (!pim_put_null(base, fd, isnull)) {
        return;
    }
    at = *(uint16_t *)field;
    assert(at <= cap);
    for (i = 0; i < len; i++) {
        if (at < cap) {
            field[2 + at++] = (uint8_t)s[i];
        } else if (!cut && s[i] != ' ') {
            pim_fail_truncation();
            return;
        }
    }
    *(uint16_t *)field = (uint16_t)at;
}

/* A string of len characters stored into `cap` (an assignment, or a number's text CAST to a string): the
 * length kept, min(len, cap); 22001 unless what is cut is spaces. */
uint32_t pim_strfit(const char *s, uint32_t len, uint32_t cap)
{
    for (; len > cap; len--) {
        if (s[len - 1] != ' ') {
            pim_fail_truncation();
            return cap;
        }
    }
    return len;
}

/* One out-of-line 22001 for the string helpers: a call instead of the two message arguments at each site. */
__attribute__((noinline)) void pim_fail_truncation(void)
{
    pim_fail("22001", "string data, right truncation");
}

void pim_putstr(uint8_t *base, uint32_t fd, uint32_t cap, const char *s, uint32_t len, bool isnull)
{
    if (pim_put_null(base, fd, isnull)) {
        pim_ststr(base + (fd & 0x1fffu), (fd >> 13) & 7u, cap, s, len);
    }
}
