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
        pim_error(PIM_E_SUBSTRING);
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

#if PIM_HAS(PIM_F_STRINGS)
/* ---- LIKE, TRIM, UPPER and LOWER: ISO-8859-1 characters, one byte each ---- */

/* 22025 unless every escape character in p precedes %, _ or itself. */
static bool like_pattern_ok(const char *p, uint32_t m, int32_t esc)
{
    uint32_t j;
    for (j = 0; j < m; j++) {
        if ((uint8_t)p[j] == esc) {
            if (j + 1 == m || (p[j + 1] != '%' && p[j + 1] != '_' && (uint8_t)p[j + 1] != esc)) {
                pim_fail("22025", "invalid escape sequence in a LIKE pattern");
                return false;
            }
            j++;
        }
    }
    return true;
}

/*
 * s LIKE p: % matches any run of characters, _ one, and after the escape character (esc, when el is 1) %, _
 * and the escape character itself stand for themselves. Characters compare as stored (a CHAR operand keeps
 * its padding, as in HSQLDB). s or p NULL (a NULL operand): -1 once the escape and a non-NULL pattern are
 * checked. Only the last % is a backtracking point, which is enough for % and _ (a later % can absorb whatever
 * an earlier one would), so the matching needs no recursion.
 */
int32_t pim_like(const char *s, uint32_t n, const char *p, uint32_t m, const char *esc_text, uint32_t el)
{
    int32_t esc = -1;
    uint32_t i = 0, j = 0, star_i = 0, star_j = 0;
    bool star = false;
    if (esc_text != NULL) {
        if (el != 1) {
            pim_fail("22019", "invalid escape character: the ESCAPE clause needs one character");
            return 0;
        }
        esc = (uint8_t)esc_text[0];
    }
    if (p != NULL && !like_pattern_ok(p, m, esc)) {
        return 0;
    }
    if (s == NULL || p == NULL) {
        return -1;
    }
    while (i < n) {
        /* bounded: a step advances i (or j past a %) within an attempt, and each attempt starts at a later star_i */
        assert(i <= n && j <= m && star_i <= n);
        if (j < m && p[j] == '%' && esc != '%') {
            star = true;
            star_j = ++j;
            star_i = i;
            continue;
        }
        if (j < m) {
            bool escaped = (uint8_t)p[j] == esc;
            if ((!escaped && p[j] == '_') || p[j + escaped] == s[i]) {
                i++;
                j += 1u + escaped;
                continue;
            }
        }
        if (!star) {
            return 0;
        }
        j = star_j;
        i = ++star_i;
    }
    while (j < m && p[j] == '%' && esc != '%') {
        j++;
    }
    return j == m;
}

/* TRIM: s without the runs of the one character c (22027 otherwise) at its start (sides bit 0) and end (bit 1). */
uint32_t pim_trim(const char *s, uint32_t n, const char *c, uint32_t cl, uint32_t sides, const char **out)
{
    uint32_t from = 0;
    *out = s;
    if (cl != 1) {
        pim_fail("22027", "trim error: the trim character must be one character");
        return 0;
    }
    while ((sides & 1u) != 0 && from < n && s[from] == c[0]) {
        from++;
    }
    while ((sides & 2u) != 0 && n > from && s[n - 1] == c[0]) {
        n--;
    }
    *out = s + from;
    return n - from;
}

/* UPPER (upper) or LOWER into dst: ISO-8859-1's letters; 22021 for the three whose capital it lacks. */
void pim_fold(char *dst, const char *s, uint32_t n, bool upper)
{
    uint32_t i, c;
    for (i = 0; i < n; i++) {
        c = (uint8_t)s[i];
        if (upper && (c == 0xDFu || c == 0xFFu || c == 0xB5u)) {
            pim_fail("22021", "UPPER: a character without a capital in ISO-8859-1 (sharp s, y diaeresis, micro sign)");
        }
        if (upper ? (c >= 'a' && c <= 'z') || (c >= 0xE0u && c <= 0xFEu && c != 0xF7u)
                  : (c >= 'A' && c <= 'Z') || (c >= 0xC0u && c <= 0xDEu && c != 0xD7u)) {
            c ^= 0x20u;
        }
        dst[i] = (char)c;
    }
}
#endif

/* ---- timestamps (proleptic Gregorian calendar, days from 1970-01-01) ----
 * H. Hinnant's civil_from_days / days_from_civil with the day count shifted by ERAS whole 400-year eras so
 * that every division is unsigned 32-bit (the kernel's __udivsi3), and the 64-bit steps through pim_udivmod
 * and pim_mul64: no compiler-rt 64-bit routine. */

#define US_PER_DAY 86400000000ull
#define ERAS 800u /* more than the 730 eras of days an int64 of microseconds spans */

static uint32_t put_num(char *dst, uint32_t v, uint32_t width)
{
    uint32_t i;
    for (i = width; i > 0; i--) {
        dst[i - 1] = (char)('0' + v % 10u);
        v /= 10u;
    }
    return width;
}

/* A timestamp's calendar fields: civil_from_days of its day (floor), and the microseconds into that day. */
typedef struct {
    uint32_t y, m, d, z, doy; /* z: days from 0000-03-01 shifted by ERAS eras; doy: from March 1 */
    uint64_t us;
} ts_fields_t;

static void ts_fields(int64_t micros, ts_fields_t *f)
{
    uint64_t rem;
    uint32_t days = (uint32_t)pim_udivmod(micros < 0 ? 0u - (uint64_t)micros : (uint64_t)micros, US_PER_DAY, &rem);
    uint32_t era, doe, yoe, mp;
    if (micros < 0) { /* floor: the day before, counted from its start */
        days = 0u - days - (rem != 0);
        rem = rem != 0 ? US_PER_DAY - rem : 0;
    }
    f->z = days + 719468u + ERAS * 146097u;
    era = f->z / 146097u;
    doe = f->z - era * 146097u;
    yoe = (doe - doe / 1460u + doe / 36524u - doe / 146096u) / 365u;
    f->y = yoe + era * 400u - ERAS * 400u;
    f->doy = doe - (365u * yoe + yoe / 4u - yoe / 100u);
    mp = (5u * f->doy + 2u) / 153u;
    f->d = f->doy - (153u * mp + 2u) / 5u + 1u;
    f->m = mp < 10u ? mp + 3u : mp - 9u;
    f->y += f->m <= 2u;
    f->us = rem;
}

uint32_t pim_ts_to_str(char *dst, int64_t micros)
{
    ts_fields_t f;
    uint64_t frac;
    uint32_t n = 0, secs;
    ts_fields(micros, &f);
    secs = (uint32_t)pim_udivmod(f.us, 1000000u, &frac);
    n += put_num(dst + n, f.y, 4);
    dst[n++] = '-';
    n += put_num(dst + n, f.m, 2);
    dst[n++] = '-';
    n += put_num(dst + n, f.d, 2);
    dst[n++] = ' ';
    n += put_num(dst + n, secs / 3600u, 2);
    dst[n++] = ':';
    n += put_num(dst + n, secs / 60u % 60u, 2);
    dst[n++] = ':';
    n += put_num(dst + n, secs % 60u, 2);
    dst[n++] = '.';
    n += put_num(dst + n, (uint32_t)frac, 6);
    return n;
}

/* EXTRACT (TSPART): one PIM_TS_* field; SECOND at scale 6 (its microseconds), DAY_OF_WEEK from Sunday = 1. */
int64_t pim_ts_part(int64_t micros, uint32_t part)
{
    ts_fields_t f;
    uint64_t frac;
    uint32_t secs, leap;
    ts_fields(micros, &f);
    secs = (uint32_t)pim_udivmod(f.us, 1000000u, &frac);
    switch (part) {
    case PIM_TS_YEAR:
        return f.y;
    case PIM_TS_MONTH:
        return f.m;
    case PIM_TS_DAY:
        return f.d;
    case PIM_TS_HOUR:
        return secs / 3600u;
    case PIM_TS_MINUTE:
        return secs / 60u % 60u;
    case PIM_TS_SECOND:
        return secs % 60u * 1000000u + (uint32_t)frac; /* under 6 * 10^7: 32-bit */
    case PIM_TS_DAY_OF_WEEK:
        return (f.z + 3u) % 7u + 1u; /* z of 1970-01-01, a Thursday (5), is 1 modulo 7 */
    case PIM_TS_DAY_OF_YEAR:
        /* doy counts from March 1: January and February end the March-based year */
        leap = (f.y & 3u) == 0 && (f.y % 100u != 0 || f.y % 400u == 0);
        return f.m <= 2u ? f.doy - 305u : f.doy + 60u + leap;
    default:
        assert(part == PIM_TS_QUARTER);
        return (f.m + 2u) / 3u;
    }
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

/* Days in month m (1..12) of year y: 28 + two bits per month (bits 2m), February's 29th in leap years. */
static uint32_t month_days(uint32_t y, uint32_t m)
{
    return 28u + ((0x3BBEECCu >> (2u * m)) & 3u) + (m == 2u && (y & 3u) == 0 && (y % 100u != 0 || y % 400u == 0));
}

int64_t pim_str_to_ts(const char *s, uint32_t len)
{
    uint32_t pos = 0, digits, yy, yoe, doy, doe, days;
    int32_t y, m, d, hh = 0, mi = 0, ss = 0, f, frac = 0;
    bool timed;
    while (len > 0 && s[len - 1] == ' ') {
        len--;
    }
    if (!get_num(s, len, &pos, 4, &y) || !expect(s, len, &pos, '-') || !get_num(s, len, &pos, 2, &m) ||
        !expect(s, len, &pos, '-') || !get_num(s, len, &pos, 2, &d) || m < 1 || m > 12 || d < 1 ||
        (uint32_t)d > month_days((uint32_t)y, (uint32_t)m)) {
        pim_error(PIM_E_DATETIME);
        return 0;
    }
    timed = expect(s, len, &pos, ' ');
    if (timed &&
        (!get_num(s, len, &pos, 2, &hh) || !expect(s, len, &pos, ':') || !get_num(s, len, &pos, 2, &mi) ||
         !expect(s, len, &pos, ':') || !get_num(s, len, &pos, 2, &ss) || hh > 23 || mi > 59 || ss > 59)) {
        pim_error(PIM_E_DATETIME);
        return 0;
    }
    if (timed && expect(s, len, &pos, '.')) { /* a fraction of the seconds, not of a date */
        for (digits = 0; digits < 6 && get_num(s, len, &pos, 1, &f); digits++) {
            frac = frac * 10 + f;
        }
        for (; digits < 6; digits++) {
            frac *= 10;
        }
    }
    if (pos != len) {
        pim_error(PIM_E_DATETIME);
        return 0;
    }
    /* days_from_civil; the year has 4 digits, so one era ahead keeps every division unsigned */
    yy = (uint32_t)y - (m <= 2) + 400u;
    yoe = yy % 400u;
    doy = (153u * (uint32_t)(m > 2 ? m - 3 : m + 9) + 2u) / 5u + (uint32_t)d - 1u;
    doe = yoe * 365u + yoe / 4u - yoe / 100u + doy;
    days = (yy / 400u - 1u) * 146097u + doe - 719468u;
    bool ovf; /* none: a 4-digit year */
    return (int64_t)pim_mul64(pim_mul64((uint64_t)(int64_t)(int32_t)days, 86400u, &ovf) + (uint32_t)(hh * 3600 + mi * 60 + ss),
                              1000000u, &ovf) + frac;
}

/* A string of len characters stored into `cap` (an assignment, or a number's text CAST to a string): the
 * length kept, min(len, cap); 22001 unless what is cut is spaces. */
PIM_INLINE uint32_t pim_strfit(const char *s, uint32_t len, uint32_t cap)
{
    for (; len > cap; len--) {
        if (s[len - 1] != ' ') {
            pim_error(PIM_E_TRUNCATION);
            return cap;
        }
    }
    return len;
}
