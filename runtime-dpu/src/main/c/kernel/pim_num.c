/*
 * Exact numerics. SMALLINT/INTEGER/BIGINT are int64 values; DECIMAL(p,s) is an int64 holding
 * value * 10^s (p <= 18). Overflow raises 22003, division by zero 22012, as in HSQLDB. Scale
 * reduction into a DECIMAL rounds half down on assignment and CAST (HSQLDB's convertToTypeLimits);
 * into SMALLINT, INTEGER or BIGINT, and in division, it truncates toward zero (HSQLDB converts to an
 * integer type and divides with RoundingMode.DOWN). The compiler chooses which (ExprCompiler.toNum).
 */
#include "pim_rt.h"

static const int64_t pow10[19] = {
    1LL, 10LL, 100LL, 1000LL, 10000LL, 100000LL, 1000000LL, 10000000LL, 100000000LL, 1000000000LL,
    10000000000LL, 100000000000LL, 1000000000000LL, 10000000000000LL, 100000000000000LL,
    1000000000000000LL, 10000000000000000LL, 100000000000000000LL, 1000000000000000000LL,
};

int64_t pim_overflow(void)
{
    pim_error(PIM_E_OVERFLOW);
    return 0;
}

/*
 * Unsigned 64-bit long division, one bit per step (constant shifts only). Much smaller than the
 * compiler-rt routines (__udivdi3 and friends); 64-bit division is rare in procedures. The DPU's pim_udivmod
 * (pim_rt.h); the native simulator divides with the host's instruction instead (below).
 */
__attribute__((noinline)) uint64_t pim_udivmod_bits(uint64_t n, uint64_t d, uint64_t *rem)
{
    uint64_t r = 0;
    uint32_t i;
    /* restoring division; the quotient bits fill n from the bottom as its bits move into r */
    for (i = 0; i < 64; i++) {
        r = (r << 1) | (n >> 63);
        n <<= 1;
        if (r >= d) {
            r -= d;
            n |= 1;
        }
    }
    *rem = r;
    return n;
}

#if UINTPTR_MAX != 0xffffffffu
/*
 * The native simulator's division: the same quotient and remainder as the DPU's loop (key_order_test compares the
 * two), which took 2-3% of the simulator's CPU in TPC-C (decimal rescaling, the multi-partition router) at 64 steps
 * a call.
 */
uint64_t pim_udivmod(uint64_t n, uint64_t d, uint64_t *rem)
{
    assert(d != 0); /* every caller divides by a checked or constant divisor */
    *rem = n % d;
    return n / d;
}
#endif

#if UINTPTR_MAX == 0xffffffffu
/*
 * The compiler's 32-bit multiply, unsigned quotient and remainder on a 32-bit DPU build: a DPU, like the
 * rv32i proxy, has no 32-bit multiply or divide instruction, and index arithmetic (`slot * record_bytes`,
 * `tid * sizeof(table)`, `part % dpus`) and the calendar (pim_str.c) call these. A shift and add loop of about ten
 * instructions replaces the runtime library's multiply of about 40, and the quotient and remainder are
 * pim_udivmod's (one division loop in the kernel, not three): IRAM over cycles (docs/iram.md). Not compiled for the
 * native simulator (64-bit hardware arithmetic).
 */
uint32_t __mulsi3(uint32_t a, uint32_t b);
uint32_t __umodsi3(uint32_t n, uint32_t d);
uint32_t __udivsi3(uint32_t n, uint32_t d);

uint32_t __mulsi3(uint32_t a, uint32_t b)
{
    uint32_t p = 0;
    while (b != 0) {
        p += (b & 1u) != 0 ? a : 0;
        a <<= 1;
        b >>= 1;
    }
    return p;
}

uint32_t __umodsi3(uint32_t n, uint32_t d)
{
    uint64_t r;
    (void)pim_udivmod(n, d, &r);
    return (uint32_t)r;
}

uint32_t __udivsi3(uint32_t n, uint32_t d)
{
    uint64_t r;
    return (uint32_t)pim_udivmod(n, d, &r);
}
#endif

static uint64_t mag(int64_t v)
{
    return v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
}

/* Applies a sign to a magnitude; overflow when it does not fit int64. */
static int64_t signed_of(uint64_t m, bool neg)
{
    if (m > (uint64_t)INT64_MAX + (neg ? 1u : 0u)) {
        return pim_overflow();
    }
    return neg ? (int64_t)((uint64_t)0 - m) : (int64_t)m;
}

int64_t pim_add(int64_t a, int64_t b)
{
    int64_t r;
    return __builtin_add_overflow(a, b, &r) ? pim_overflow() : r;
}

int64_t pim_sub(int64_t a, int64_t b)
{
    int64_t r;
    return __builtin_sub_overflow(a, b, &r) ? pim_overflow() : r;
}

/*
 * The 64-bit product by shift and add over b's bits: no compiler-rt __muldi3, which is large on the DPU (8x8
 * hardware multiply). *ovf tells whether the true product needs more than 64 bits: a carry out of the sum, or
 * a bit of a shifted out while b still has bits to add it with.
 */
uint64_t pim_mul64(uint64_t a, uint64_t b, bool *ovf)
{
    uint64_t p = 0;
    bool o = false;
    while (b != 0) {
        if ((b & 1u) != 0) {
            p += a;
            o |= p < a;
        }
        b >>= 1;
        o |= b != 0 && (a >> 63) != 0;
        a <<= 1;
    }
    *ovf = o;
    return p;
}

PIM_NO_TAIL_CALLS int64_t pim_mul(int64_t a, int64_t b)
{
    bool ovf;
    uint64_t p = pim_mul64(mag(a), mag(b), &ovf);
    return ovf ? pim_overflow() : signed_of(p, (a < 0) != (b < 0));
}

int64_t pim_neg(int64_t a)
{
    return a == INT64_MIN ? pim_overflow() : -a;
}

int64_t pim_divmod(int64_t a, int64_t b, bool mod)
{
    uint64_t r, q;
    if (b == 0) {
        pim_error(PIM_E_DIVZERO);
        return 0;
    }
    q = pim_udivmod(mag(a), mag(b), &r);
    /* the quotient's sign is the operands', the remainder's the dividend's (never beyond int64) */
    return signed_of(mod ? r : q, mod ? a < 0 : (a < 0) != (b < 0));
}

int64_t pim_rescale(int64_t v, int32_t from, int32_t to, uint32_t round)
{
    uint64_t p, q, r;
    if (to >= from) {
        assert(to - from <= 18);
        return to == from ? v : pim_mul(v, pow10[to - from]);
    }
    assert(from - to <= 18);
    p = (uint64_t)pow10[from - to];
    q = pim_udivmod(mag(v), p, &r);
    if (round != 0 && r > p / 2) {
        q++; /* half down: exactly .5 goes toward zero */
    }
    return signed_of(q, v < 0);
}

int64_t pim_fit(int64_t v, uint32_t code)
{
    /* SMALLINT and INTEGER: [-lim, lim); DECIMAL(p): (-10^p, 10^p) */
    int64_t lim = code == PIM_FIT_SMALLINT ? 32768 : code == PIM_FIT_INTEGER ? 2147483648LL : pow10[code];
    assert(code >= 1 && (code <= 18 || code == PIM_FIT_SMALLINT || code == PIM_FIT_INTEGER));
    return v < lim && v >= (code >= PIM_FIT_SMALLINT ? -lim : 1 - lim) ? v : pim_overflow();
}

PIM_INLINE int64_t pim_ldnum(const uint8_t *p, uint32_t kind)
{
    switch (kind) {
    case PIM_K_BOOL:
        return p[0];
    case PIM_K_I16:
        return *(const int16_t *)p;
    case PIM_K_I32:
        return *(const int32_t *)p;
    default:
        return *(const int64_t *)p;
    }
}

void pim_stnum(uint8_t *p, uint32_t kind, int64_t v)
{
    switch (kind) {
    case PIM_K_BOOL:
        p[0] = (uint8_t)v;
        break;
    case PIM_K_I16:
        *(int16_t *)p = (int16_t)v;
        break;
    case PIM_K_I32:
        *(int32_t *)p = (int32_t)v;
        break;
    default:
        *(int64_t *)p = v;
        break;
    }
}

/* Writes v / 10^scale as decimal text ("-12.50"); returns the length, at most 21. */
uint32_t pim_num_to_str(char *dst, int64_t v, int32_t scale)
{
    char tmp[24];
    uint32_t n = 0, len = 0, i;
    uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    assert(scale >= 0 && scale <= 18);
    do {
        uint64_t digit;
        u = pim_udivmod(u, 10, &digit);
        tmp[n++] = (char)('0' + (int)digit);
        if ((int32_t)n == scale) {
            tmp[n++] = '.';
        }
    } while (u != 0 || (int32_t)n <= scale + (scale > 0)); /* 0.05, not .05: a digit before the point */
    if (v < 0) {
        tmp[n++] = '-';
    }
    assert(n <= 21);
    for (i = 0; i < n; i++) {
        dst[len++] = tmp[n - 1 - i];
    }
    return len;
}

#if PIM_HAS(PIM_F_TEXT)
/* The text of a value (NTOS, a number in a || chain): fmt 0..18 a number at that scale, PIM_PART_BOOLEAN TRUE or
 * FALSE, PIM_PART_TIMESTAMP (with PIM_F_TIME); at most 26 characters. */
uint32_t pim_text(char *dst, int64_t v, uint32_t fmt)
{
    if (fmt == PIM_PART_BOOLEAN) {
        pim_bt_copy(dst, v != 0 ? "TRUE" : "FALSE", 5);
        return v != 0 ? 4 : 5;
    }
#if PIM_HAS(PIM_F_TIME)
    if (fmt == PIM_PART_TIMESTAMP) {
        return pim_ts_to_str(dst, v);
    }
#endif
    assert(fmt <= 18);
    return pim_num_to_str(dst, v, (int32_t)fmt);
}
#endif

/* Parses decimal text (leading/trailing spaces, sign, digits, optional fraction) to a scaled int64. */
int64_t pim_str_to_num(const char *s, uint32_t len, int32_t scale, bool round)
{
    uint32_t i = 0, digits = 0;
    int32_t frac = -1, first_cut = -1; /* the first digit beyond the scale */
    int64_t v = 0;
    bool neg = false, more = false;    /* more: a nonzero digit after first_cut */
    while (i < len && s[i] == ' ') {
        i++;
    }
    if (i < len && (s[i] == '-' || s[i] == '+')) {
        neg = s[i] == '-';
        i++;
    }
    for (; i < len && ((s[i] >= '0' && s[i] <= '9') || (s[i] == '.' && frac < 0)); i++) {
        if (s[i] == '.') {
            frac = 0;
            continue;
        }
        digits++; /* '.5' is a number, also where its digit is cut */
        if (frac >= scale) {
            /* digits beyond the target scale are cut, or with `round` rounded half down (a DECIMAL, as HSQLDB) */
            more |= first_cut >= 0 && s[i] != '0';
            first_cut = first_cut < 0 ? s[i] - '0' : first_cut;
            continue;
        }
        /* accumulated with the sign: -9223372036854775808 has no positive int64 magnitude */
        v = pim_add(pim_mul(v, 10), neg ? '0' - s[i] : s[i] - '0');
        if (frac >= 0) {
            frac++;
        }
    }
    while (i < len && s[i] == ' ') {
        i++;
    }
    if (i != len || digits == 0) {
        pim_error(PIM_E_CAST);
        return 0;
    }
    v = pim_rescale(v, frac < 0 ? 0 : frac, scale, 0);
    if (round && (first_cut > 5 || (first_cut == 5 && more))) {
        v = pim_add(v, neg ? -1 : 1);
    }
    return v;
}

/* Parses TRUE or FALSE in any case between spaces to 1 or 0, as HSQLDB's CAST; anything else fails with 22018. */
int64_t pim_str_to_bool(const char *s, uint32_t len)
{
    static const char words[] = "FALSETRUE";
    uint32_t i = 0, n, k, w;
    while (i < len && s[i] == ' ') {
        i++;
    }
    while (len > i && s[len - 1] == ' ') {
        len--;
    }
    n = len - i;
    for (w = 0; w < 2; w++) {
        const char *word = words + (w == 0 ? 0 : 5);
        if (n != 5 - w) {
            continue;
        }
        for (k = 0; k < n && (s[i + k] & ~0x20) == word[k]; k++) {
        }
        if (k == n) {
            return w;
        }
    }
    pim_error(PIM_E_CAST);
    return 0;
}
