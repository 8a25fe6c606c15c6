/*
 * The exchange on one simulated DPU (docs/multi-partition.md): published values and their report, blocking,
 * taken values, kept segments committed or rolled back by the next launch, joins through a rowset with lookups,
 * broadcast reads, HASH partitions; and kernels built without features (vm_test.c runs these).
 */
#include <inttypes.h>

#include "vm_procs.h"
#include "vm_test.h"

static uint8_t vec[64 * 1024];
static uint32_t vlen, nvec;

static void vec_reset(void)
{
    vlen = nvec = 0;
}

/* A vector entry as the host writes it: {u16 stmt, u16 len, u32 ord, u32 owner, u32 0}, the value padded to 8. The
 * tests run DPU 0 of 2: a remote access's owner is DPU 1; a value the host merged has owner PIM_MP_ANY. */
static void vec_entry_of(uint16_t stmt, uint32_t ord, const void *value, uint16_t len, uint32_t owner)
{
    *(uint16_t *)(void *)(vec + vlen) = stmt;
    *(uint16_t *)(void *)(vec + vlen + 2) = len;
    *(uint32_t *)(void *)(vec + vlen + 4) = ord;
    *(uint32_t *)(void *)(vec + vlen + 8) = owner;
    *(uint32_t *)(void *)(vec + vlen + 12) = 0;
    memset(vec + vlen + 16, 0, (len + 7u) & ~7u);
    memcpy(vec + vlen + 16, value, len);
    vlen += 16 + ((len + 7u) & ~7u);
    nvec++;
}

/* A value DPU 1 published. */
static void vec_entry(uint16_t stmt, uint32_t ord, const void *value, uint16_t len)
{
    vec_entry_of(stmt, ord, value, len, 1);
}

/* A value the host merged (a broadcast read's, a relation's). */
static void vec_merged(uint16_t stmt, uint32_t ord, const void *value, uint16_t len)
{
    vec_entry_of(stmt, ord, value, len, PIM_MP_ANY);
}

/* A call of an exchange procedure: an exchange call (with the vector built so far) when mp, else a plain one. */
static uint8_t *xcall(uint16_t proc, uint32_t bytes, int mp, uint16_t flags)
{
    uint8_t *p = mp ? mp_call(proc, bytes, flags, vec, vlen, nvec) : call(proc, bytes);
    vec_reset();
    return p;
}

static void xread(int32_t id, uint32_t slot, int mp)
{
    uint8_t *p = xcall(P_XREAD, 24, mp, 0);
    *(int32_t *)(void *)(p + 4) = id;
    set_null(p, 1);
    *(uint32_t *)(void *)(p + 16) = slot;
}

static void xpay(int32_t id, int64_t amount, uint32_t slot, uint16_t flags)
{
    uint8_t *p = xcall(P_XPAY, 24, 1, flags);
    *(int32_t *)(void *)(p + 4) = id;
    *(int64_t *)(void *)(p + 8) = amount;
    *(uint32_t *)(void *)(p + 16) = slot;
}

static void xjoin(uint32_t slot, int mp)
{
    uint8_t *p = xcall(P_XJOIN, 32, mp, 0);
    p[0] = 3;
    *(uint32_t *)(void *)(p + 24) = slot;
}

/* A published entry of a report: statement, value bytes, ordinal, value; returns the next entry. */
static const uint8_t *entry(const uint8_t *e, uint16_t *stmt, uint16_t *len, uint32_t *ord, const uint8_t **value)
{
    *stmt = *(const uint16_t *)(const void *)e;
    *len = *(const uint16_t *)(const void *)(e + 2);
    *ord = *(const uint32_t *)(const void *)(e + 4);
    *value = e + 8;
    return e + 8 + ((*len + 7u) & ~7u);
}

static void expect_report(result_t r, uint32_t status, uint32_t entries, uint32_t stop, const char *what)
{
    CHECK(r.mp_bytes != 0, "%s: no exchange report", what);
    CHECK(r.mp_status == status && r.mp_entries == entries && r.mp_stop == stop,
          "%s: report status %u entries %u stop %u, expected %u %u %u", what, r.mp_status, r.mp_entries, r.mp_stop, status,
          entries, stop);
}

static uint64_t fnv(uint64_t h, uint32_t octet)
{
    return (h ^ octet) * 0x100000001b3ull;
}

/* PartitionFunction's HASH: FNV-1a over a NULL byte (0) or 1 and the 8 value bytes of each key, mod P. */
static int64_t hash_partition(const int64_t *v, const int *null, int n, uint32_t parts)
{
    uint64_t h = 0xcbf29ce484222325ull;
    int i, b;
    for (i = 0; i < n; i++) {
        h = fnv(h, null[i] ? 0 : 1);
        for (b = 0; b < 8 && !null[i]; b++) {
            h = fnv(h, (uint32_t)((uint64_t)v[i] >> (8 * b)) & 0xff);
        }
    }
    return (int64_t)(h % parts);
}

/* What one exchange call may publish on a kernel with relations (pim_exec.c MP_PUB_END). */
static uint32_t publish_budget(void)
{
    /* a kernel with every feature (relations): the first exchange call of a launch may fill the output area's
     * exchange region, at most PIM_MP_GATHER_PUB_MAX (pim_exec.c MP_PUB_END) */
    return PIM_OUT_PUB_BYTES < PIM_MP_GATHER_PUB_MAX ? PIM_OUT_PUB_BYTES : PIM_MP_GATHER_PUB_MAX;
}

/* PartitionFunction's HASH of (a string without its trailing spaces, a BOOLEAN): per key 1, then the string's length
 * in 4 bytes little-endian and its characters, or the BOOLEAN's byte; mod P. */
static int64_t string_partition(const char *s, int boolean, uint32_t parts)
{
    uint64_t h = fnv(0xcbf29ce484222325ull, 1);
    uint32_t len = (uint32_t)strlen(s), b;
    for (b = 0; b < 4; b++) {
        h = fnv(h, (len >> (8 * b)) & 0xff);
    }
    for (b = 0; b < len; b++) {
        h = fnv(h, (uint8_t)s[b]);
    }
    h = fnv(fnv(h, 1), boolean ? 1 : 0);
    return (int64_t)(h % parts);
}

static void test_values(struct dpu_set_t set)
{
    static const mp_hdr_t mp = {0, 2, 2, 0xffffffffu};
    uint8_t value[16] = {0};
    result_t r;
    uint16_t stmt, len;
    uint32_t ord;
    const uint8_t *v;
    uint8_t *p;
    batch_begin(0, &mp);
    xread(1, 0, 1);                 /* 0: the owner reads and publishes */
    xread(1, 1, 1);                 /* 1: another DPU owns it: blocked */
    *(int64_t *)(void *)(value + 8) = 4242;
    vec_entry(7, 1, value, 16);
    xread(1, 1, 1);                 /* 2: takes the value */
    value[0] = 1;
    vec_entry(7, 1, value, 16);
    xread(1, 1, 1);                 /* 3: takes a NULL */
    xread(1, 1, 0);                 /* 4: a plain call runs every access */
    p = xcall(P_XSHASH, 24, 1, 0);  /* 5: a string and a BOOLEAN key */
    put_varchar(p + 2, "ab  ");
    p[12] = 1;
    p = xcall(P_XSHASH, 24, 0, 0);  /* 6: a plain call does not route */
    put_varchar(p + 2, "ab");
    p[12] = 1;
    xpay(2, -1, 1, 0);              /* 7: the remote write is skipped, the SIGNAL is everyone's */
    p = xcall(P_XHASH, 40, 1, 0);   /* 8 */
    *(int64_t *)(void *)(p + 8) = 5;
    set_null(p, 1);
    *(int64_t *)(void *)(p + 24) = -3;
    p = xcall(P_XHASH, 40, 0, 0);   /* 9: a plain call does not route */
    *(int64_t *)(void *)(p + 8) = 5;
    *(int64_t *)(void *)(value + 8) = 4242;
    vec_entry_of(7, 1, value, 16, 0);
    xread(1, 1, 1);                 /* 10: a value DPU 0 published is not the access's (DPU 1 owns it): blocked */
    CHECK(run(set) == 11, "exchange values launch");

    r = result_at(0);
    expect_ok(r, "owner read");
    CHECK(out64(r, 8) == 7000, "owner read: %" PRId64, out64(r, 8));
    expect_report(r, 0, 1, 0, "owner read");
    if (r.mp_entries == 1) {
        entry(r.entries, &stmt, &len, &ord, &v);
        CHECK(stmt == 7 && len == 16 && ord == 1 && v[0] == 0 && *(const int64_t *)(const void *)(v + 8) == 7000,
              "published entry: %u %u %u", stmt, len, ord);
    }
    r = result_at(1);
    CHECK(r.status == PIM_ST_BLOCKED && r.out_bytes == 0, "remote read without a value: status %u", r.status);
    expect_report(r, PIM_ST_BLOCKED, 0, 1, "blocked read");
    CHECK(r.mp_need == 1, "blocked read needs DPU %u", r.mp_need);
    r = result_at(2);
    expect_ok(r, "remote read with its value");
    CHECK(!is_null(r.out, 1) && out64(r, 8) == 4242, "taken value %" PRId64, out64(r, 8));
    expect_report(r, 0, 0, 0, "taken value");
    r = result_at(3);
    CHECK(is_null(r.out, 1), "taken NULL");
    CHECK(out64(result_at(4), 8) == 7000, "plain call");
    CHECK(result_at(4).mp_bytes == 0, "a plain call has no report");
    r = result_at(5);
    expect_ok(r, "string HASH partition");
    CHECK(out64(r, 16) == string_partition("ab", 1, 2), "string HASH partition %" PRId64, out64(r, 16));
    CHECK(out64(result_at(6), 16) == 0, "string HASH in a plain call");
    r = result_at(7);
    expect_error(r, "45007", "SIGNAL after a skipped remote write");
    expect_report(r, PIM_ST_FAILED, 0, 1, "SIGNAL after a remote write");
    {
        int64_t keys[3] = {5, 0, -3};
        int nulls[3] = {0, 1, 0};
        r = result_at(8);
        expect_ok(r, "HASH partition");
        CHECK(out64(r, 32) == hash_partition(keys, nulls, 3, 2), "HASH partition %" PRId64, out64(r, 32));
        CHECK(out64(result_at(9), 32) == 0, "HASH in a plain call");
    }
    r = result_at(10);
    expect_report(r, PIM_ST_BLOCKED, 0, 1, "another owner's value");
    CHECK(r.mp_need == 1, "another owner's value: needs DPU %u", r.mp_need);
}

static void test_keep(struct dpu_set_t set)
{
    mp_hdr_t mp = {0, 2, 2, 0xffffffffu};
    batch_begin(0, &mp);
    xpay(2, 100, 0, PIM_CALL_KEEP);
    CHECK(run(set) == 1, "keep 1");
    expect_ok(result_at(0), "kept write");
    mp.commit = 0;
    batch_begin(0, &mp);
    get(2);
    CHECK(run(set) == 1, "rollback of the kept segment");
    expect_account(result_at(0), "bob+", 4900, "B2  ", "the kept write was rolled back");

    mp.commit = 0xffffffffu;
    batch_begin(0, &mp);
    xpay(2, 100, 0, PIM_CALL_KEEP);
    xpay(2, 50, 0, PIM_CALL_KEEP);
    CHECK(run(set) == 2, "keep 2");
    mp.commit = 1;
    batch_begin(0, &mp);
    get(2);
    CHECK(run(set) == 1, "commit 1 of 2");
    expect_account(result_at(0), "bob+", 5000, "B2  ", "the first segment stays, the second goes");

    mp.commit = 0xffffffffu;
    batch_begin(0, &mp);
    xpay(2, 7, 0, PIM_CALL_KEEP);
    CHECK(run(set) == 1, "keep 3");
    batch_begin(0, NULL);
    get(2);
    CHECK(run(set) == 1, "a batch without the exchange header commits");
    expect_account(result_at(0), "bob+", 5007, "B2  ", "committed");
}

static void test_joins(struct dpu_set_t set)
{
    static const mp_hdr_t mp0 = {0, 2, 2, 0xffffffffu}, mp1 = {1, 2, 2, 0xffffffffu};
    uint8_t rows[24] = {0};
    result_t r;
    uint16_t stmt, len;
    uint32_t ord;
    const uint8_t *v, *e;
    uint8_t *p;
    batch_begin(0, &mp0);
    p = call(P_LOGPUT, 16); /* 0: LOG K 1..3, V 2, 4, 6 */
    *(int32_t *)(void *)(p + 4) = 3;
    *(int64_t *)(void *)(p + 8) = 1;
    xjoin(0, 1);            /* 1: the owner of the rowset */
    xjoin(1, 1);            /* 2: the rowset is remote and missing */
    *(int32_t *)(void *)(rows + 4) = 2;
    *(int32_t *)(void *)(rows + 12) = 4;
    *(int32_t *)(void *)(rows + 20) = 6;
    vec_entry(9, 1, rows, 24);
    xjoin(1, 1);            /* 3: the rowset from the vector */
    xjoin(0, 0);            /* 4: a plain call */
    CHECK(run(set) == 5, "joins launch");
    expect_ok(result_at(0), "log rows");
    r = result_at(1);
    expect_ok(r, "join owner");
    CHECK(out64(r, 8) == 12 && out64(r, 16) == 5007 + 6800, "join owner: %" PRId64 " %" PRId64, out64(r, 8), out64(r, 16));
    expect_report(r, 0, 4, 0, "join owner");
    if (r.mp_entries == 4) {
        /* the rowset holds the rows in scan (hash bucket) order; lookup i follows row i: ACCT has IDs 2 and 4 */
        const uint8_t *rowset;
        uint32_t i, sum = 0;
        e = entry(r.entries, &stmt, &len, &ord, &rowset);
        CHECK(stmt == 9 && len == 24 && ord == 1, "rowset entry %u %u %u", stmt, len, ord);
        for (i = 0; i < 3; i++) {
            int32_t key = *(const int32_t *)(const void *)(rowset + 8 * i + 4);
            sum += (uint32_t)key;
            e = entry(e, &stmt, &len, &ord, &v);
            CHECK(stmt == 10 && ord == 2 + i && len == (key == 6 ? 0 : 16), "lookup of %d: %u %u %u", key, stmt, len, ord);
            CHECK(key == 6 || *(const int64_t *)(const void *)(v + 8) == (key == 2 ? 5007 : 6800), "lookup of %d: balance", key);
        }
        CHECK(sum == 12, "rowset values");
    }
    r = result_at(2);
    CHECK(r.status == PIM_ST_BLOCKED, "missing rowset: status %u", r.status);
    expect_report(r, PIM_ST_BLOCKED, 0, 1, "missing rowset");
    CHECK(r.mp_needs == 1 && r.needs[0] == 1, "missing rowset needs DPU 1");
    r = result_at(3);
    expect_ok(r, "rowset from the vector");
    CHECK(out64(r, 8) == 12 && out64(r, 16) == 5007 + 6800, "rowset from the vector: sums");
    expect_report(r, 0, 3, 0, "rowset from the vector");
    r = result_at(4);
    CHECK(out64(r, 8) == 12 && out64(r, 16) == 5007 + 6800 && r.mp_bytes == 0, "plain join");

    /* as DPU 1: it owns the rowset, the lookups are DPU 0's: blocked at the first, naming DPU 0 */
    batch_begin(0, &mp1);
    xjoin(1, 1);
    CHECK(run(set) == 1, "joins as DPU 1");
    r = result_at(0);
    CHECK(r.status == PIM_ST_BLOCKED, "lookups missing: status %u", r.status);
    expect_report(r, PIM_ST_BLOCKED, 1, 2, "lookups missing");
    CHECK(r.mp_needs == 1 && r.needs[0] == 0 && r.mp_need == 0, "lookups need DPU 0");
}

static void test_scatter(struct dpu_set_t set)
{
    static const mp_hdr_t mp = {0, 2, 2, 0xffffffffu};
    uint64_t merged[7] = {0};
    uint8_t rows[16 + 24] = {0};
    result_t r;
    uint16_t stmt, len;
    uint32_t ord;
    const uint8_t *v;
    uint8_t *p;
    batch_begin(0, &mp);
    xcall(P_XAGG, 24, 1, 0)[0] = 3;           /* 0: partial published, blocked */
    merged[0] = 1 | 2u << 8;
    merged[1] = 10;
    merged[2] = 10;
    merged[3] = PIM_SG_COUNT | PIM_SG_SEEN;
    merged[4] = 99;
    merged[5] = 10;
    merged[6] = PIM_SG_SUM | PIM_SG_SEEN;
    vec_merged(11, 1, merged, 56);
    xcall(P_XAGG, 24, 1, 0)[0] = 3;           /* 1: the merge */
    merged[6] = PIM_SG_SUM;
    vec_merged(11, 1, merged, 56);
    xcall(P_XAGG, 24, 1, 0)[0] = 3;           /* 2: SUM saw no value */
    merged[0] |= 1u << 16;
    vec_merged(11, 1, merged, 56);
    xcall(P_XAGG, 24, 1, 0)[0] = 3;           /* 3: a SUM beyond 64 bits */
    xcall(P_XAGG, 24, 0, 0)[0] = 3;           /* 4: plain */
    xcall(P_XROWS, 24, 1, 0)[0] = 7;          /* 5: partial rows, blocked (CAP NULL: 2) */
    rows[0] = 2;
    rows[1] = 1;
    *(uint16_t *)(void *)(rows + 4) = 1;
    *(uint16_t *)(void *)(rows + 6) = 2;
    *(uint16_t *)(void *)(rows + 8) = 24;
    *(uint16_t *)(void *)(rows + 10) = 16;
    *(int64_t *)(void *)(rows + 16 + 16) = 77;
    vec_merged(12, 1, rows, 40);
    xcall(P_XROWS, 24, 1, 0)[0] = 7;          /* 6: the merged rows */
    p = xcall(P_XROWS, 24, 0, 0);             /* 7: plain */
    p[0] = 7;
    CHECK(run(set) == 8, "scatter launch");
    r = result_at(0);
    CHECK(r.status == PIM_ST_BLOCKED, "aggregates: blocked until merged");
    expect_report(r, PIM_ST_BLOCKED, 1, 1, "aggregate partial");
    entry(r.entries, &stmt, &len, &ord, &v);
    CHECK(stmt == (11 | 0x8000) && len == 56 && ord == 1, "partial entry %x %u %u", stmt, len, ord);
    CHECK(v[0] == 1 && v[1] == 2 && *(const int64_t *)(const void *)(v + 8) == 3 && *(const int64_t *)(const void *)(v + 32) == 12 &&
              *(const uint64_t *)(const void *)(v + 48) == (PIM_SG_SUM | PIM_SG_SEEN),
          "partial accumulators");
    r = result_at(1);
    expect_ok(r, "merged aggregates");
    CHECK(out64(r, 8) == 10 && out64(r, 16) == 99, "merged: %" PRId64 " %" PRId64, out64(r, 8), out64(r, 16));
    CHECK(is_null(result_at(2).out, 1), "merged SUM without a value is NULL");
    expect_error(result_at(3), "22003", "merged SUM overflow");
    r = result_at(4);
    CHECK(out64(r, 8) == 3 && out64(r, 16) == 12, "plain aggregates");
    r = result_at(5);
    expect_report(r, PIM_ST_BLOCKED, 1, 1, "rows partial");
    entry(r.entries, &stmt, &len, &ord, &v);
    CHECK(stmt == (12 | 0x8000) && len == 16 + 2 * 24 && v[0] == 2 && *(const uint16_t *)(const void *)(v + 4) == 2 &&
              *(const int64_t *)(const void *)(v + 16 + 16) == 3 && *(const int64_t *)(const void *)(v + 40 + 16) == 2,
          "rows partial: K 3 then 2");
    r = result_at(6);
    expect_ok(r, "merged rows");
    CHECK(out64(r, 8) == 77 && *(const int32_t *)(const void *)(r.out + 16) == 1, "merged rows: first %" PRId64, out64(r, 8));
    r = result_at(7);
    CHECK(out64(r, 8) == 3 && *(const int32_t *)(const void *)(r.out + 16) == 2, "plain rows");

    /* a rowset beyond one exchange value (64 KiB: 54000, and the partial rowset entry is withdrawn); a partial
     * beyond one exchange value (45 sort records of 24 bytes); 100 values */
    batch_begin(0, &mp);
    p = call(P_LOGPUT, 16);
    *(int32_t *)(void *)(p + 4) = 9000;
    *(int64_t *)(void *)(p + 8) = 100;
    xjoin(0, 1);
    p = xcall(P_XROWS, 24, 1, 0);
    p[0] = 3;
    *(int32_t *)(void *)(p + 20) = 45;
    p = xcall(P_XMANY, 16, 1, 0);
    *(int32_t *)(void *)(p + 4) = 100;
    CHECK(run(set) == 4, "big rowset");
    r = result_at(1);
    expect_error(r, "54000", "a rowset beyond one exchange value");
    expect_report(r, PIM_ST_FAILED, 0, 1, "withdrawn rowset");
    expect_error(result_at(2), "54000", "a broadcast partial beyond one exchange value");
    r = result_at(3);
    expect_ok(r, "100 values");
    expect_report(r, 0, 100, 0, "100 values");

    /* values beyond the call's publish budget: with relations, the exchange region (publish_budget) */
    batch_begin(0, &mp);
    p = xcall(P_XMANY, 16, 1, 0);
    *(int32_t *)(void *)(p + 4) = 100000;
    CHECK(run(set) == 1, "many values");
    r = result_at(0);
    expect_error(r, "54000", "values beyond the publish budget");
    CHECK(r.mp_entries == publish_budget() / 16 && r.mp_stop == publish_budget() / 16 + 1,
          "published %u, stopped at %u", r.mp_entries, r.mp_stop);

    /* two exchange calls that together publish more than the region: the second runs out behind the first's
     * entries, so it leaves no record and the launch says calls were not run (the host runs it again, first, in
     * the next launch, where it fits) */
    batch_begin(0, &mp);
    p = xcall(P_XMANY, 16, 1, 0);
    *(int32_t *)(void *)(p + 4) = (int32_t)(publish_budget() / 16 * 2 / 3);
    p = xcall(P_XMANY, 16, 1, 0);
    *(int32_t *)(void *)(p + 4) = (int32_t)(publish_budget() / 16 * 2 / 3);
    CHECK(run(set) == 1, "the second call runs again");
    CHECK(result_flags() != 0, "the launch reports calls it did not run");
    r = result_at(0);
    expect_ok(r, "the first call's values");
    CHECK(r.mp_entries == publish_budget() / 16 * 2 / 3, "first call published %u", r.mp_entries);
    batch_begin(0, &mp);
    p = xcall(P_XMANY, 16, 1, 0);
    *(int32_t *)(void *)(p + 4) = (int32_t)(publish_budget() / 16 * 2 / 3);
    CHECK(run(set) == 1, "alone in the next launch");
    r = result_at(0);
    expect_ok(r, "the second call's values, run first");
    CHECK(r.mp_entries == publish_budget() / 16 * 2 / 3, "second call published %u", r.mp_entries);
}

/*
 * A relation (pim_mp_gather.c): nine LOG rows grouped by K mod 3 in a buffer of two records (so records combine and
 * spill) publish a partial whose records count every row once; the merged records are iterated; a merged SUM beyond
 * 64 bits fails the call with 22003.
 */
static void test_relation(struct dpu_set_t set)
{
    static const mp_hdr_t mp = {0, 2, 2, 0xffffffffu};
    uint8_t merged[8 + 3 * 48] = {0};
    result_t r;
    uint16_t stmt, len;
    uint32_t ord, i, e, bytes = 0;
    int64_t count = 0, sum = 0;
    const uint8_t *v, *at;
    batch_begin(0, &mp);
    xcall(P_XGROUP, 24, 1, 0);                /* 0: the partial, blocked */
    merged[0] = PIM_G_FORM;
    *(uint32_t *)(void *)(merged + 4) = 3;
    for (i = 0; i < 3; i++) {
        uint8_t *m = merged + 8 + 48 * i;
        m[0] = 1;
        m[8] = (uint8_t)(0x80 | i); /* (key bytes: only their order matters to the iteration) */
        *(int64_t *)(void *)(m + 24) = 1 + i;  /* COUNT's count */
        *(int64_t *)(void *)(m + 32) = 10 * i; /* SUM's value */
        *(int64_t *)(void *)(m + 40) = 1;
    }
    vec_merged(14, 1, merged, sizeof merged);
    xcall(P_XGROUP, 24, 1, 0);                /* 1: the merged records */
    merged[1] = PIM_G_STATUS_OVERFLOW;
    vec_merged(14, 1, merged, sizeof merged);
    xcall(P_XGROUP, 24, 1, 0);                /* 2: a SUM beyond 64 bits */
    CHECK(run(set) == 3, "relation launch");
    r = result_at(0);
    CHECK(r.mp_status == PIM_ST_BLOCKED && r.mp_stop == 1 && r.mp_entries >= 1, "grouped partial: blocked at 1");
    at = r.entries;
    for (e = 0; e < r.mp_entries; e++) {
        at = entry(at, &stmt, &len, &ord, &v);
        CHECK(stmt == (14 | 0x8000) && ord == 1 && len <= PIM_MP_ENTRY_MAX, "relation entry %x %u %u", stmt, ord, len);
        if (e == 0) {
            CHECK(v[0] == PIM_G_FORM && v[1] == PIM_G_GROUP && v[2] == 2, "relation partial header");
            v += PIM_G_PARTIAL_BYTES + 16;
            len -= PIM_G_PARTIAL_BYTES + 16;
        }
        CHECK(len % 48 == 0, "whole records in an entry: %u bytes", len);
        for (i = 0; i < len / 48u; i++) {
            count += *(const int64_t *)(const void *)(v + 48 * i + 24);
            sum += *(const int64_t *)(const void *)(v + 48 * i + 32);
        }
        bytes += len;
    }
    /* K = 1, 2, 3 (test_scatter's rows) and 100 .. 105 (test_values'): V = 2K */
    CHECK(count == 9 && sum == 1242 && bytes > 3 * 48, "every row once: count %" PRId64 ", sum %" PRId64 " (%u bytes)",
          count, sum, bytes);
    r = result_at(1);
    expect_ok(r, "merged records");
    CHECK(out64(r, 8) == 3 && out64(r, 16) == 6030, "merged: %" PRId64 " groups, total %" PRId64, out64(r, 8),
          out64(r, 16));
    expect_error(result_at(2), "22003", "a merged SUM beyond 64 bits");
}

static void xspec(int32_t a, uint32_t slot1, uint32_t slot2, int mp)
{
    uint8_t *p = xcall(P_XSPEC, 32, mp, 0);
    *(int32_t *)(void *)(p + 4) = a;
    *(uint32_t *)(void *)(p + 8) = slot1;
    *(uint32_t *)(void *)(p + 12) = slot2;
    set_null(p, 1);
    set_null(p, 2);
}

/*
 * Speculation past a missing value (docs/multi-partition.md "Speculation"): a participant without X goes on with a
 * zero, publishes the read it owns further along (on the path a zero takes) and reports BLOCKED at X's ordinal, not
 * the SIGNAL the zero raised; with the real X the path changes (another statement at the same ordinal) and the call
 * gives the serial result; an entry of another statement at an ordinal is never taken for the one the path reaches.
 */
static void test_speculation(struct dpu_set_t set)
{
    static const mp_hdr_t mp = {0, 2, 2, 0xffffffffu};
    uint8_t value[16] = {0};
    int64_t bal2, bal4;
    result_t r;
    uint16_t stmt, len;
    uint32_t ord;
    const uint8_t *v;
    batch_begin(0, &mp);
    xspec(1, 0, 0, 0);              /* 0: plain: X = BAL of 1 (> 100), Y = BAL of 2 */
    xspec(3, 0, 0, 0);              /* 1: plain: no ACCT 3: X NULL, Y = BAL of 4 */
    xspec(1, 1, 0, 1);              /* 2: X is DPU 1's and missing: speculates, publishes Y (statement 17) */
    *(int64_t *)(void *)(value + 8) = 5000;
    vec_entry(15, 1, value, 16);
    xspec(1, 1, 0, 1);              /* 3: X = 5000 from the vector: Y is statement 16 at the same ordinal */
    vec_entry(15, 1, value, 16);
    *(int64_t *)(void *)(value + 8) = -1;
    vec_entry(17, 2, value, 16);
    xspec(1, 1, 1, 1);              /* 4: both remote: the entry of statement 17 is not Y's: blocked at 2 */
    *(int64_t *)(void *)(value + 8) = 5000;
    vec_entry(15, 1, value, 16);
    *(int64_t *)(void *)(value + 8) = -1;
    vec_entry(17, 2, value, 16);
    *(int64_t *)(void *)(value + 8) = 4242;
    vec_entry(16, 2, value, 16);
    xspec(1, 1, 1, 1);              /* 5: every value: completes */
    CHECK(run(set) == 6, "speculation launch");

    r = result_at(0);
    expect_ok(r, "plain XSPEC");
    bal2 = out64(r, 24);
    r = result_at(1);
    expect_ok(r, "plain XSPEC without the row");
    CHECK(is_null(r.out, 1), "no ACCT 3");
    bal4 = out64(r, 24);
    CHECK(bal2 > 100 && bal4 > 100 && bal2 != bal4, "balances %" PRId64 " %" PRId64, bal2, bal4);

    r = result_at(2);
    CHECK(r.status == PIM_ST_BLOCKED && r.out_bytes == 0, "speculative run: status %u", r.status);
    expect_report(r, PIM_ST_BLOCKED, 1, 1, "speculative run");
    CHECK(r.mp_need == 1 && r.mp_needs == 1 && r.needs[0] == 1, "speculative run needs DPU 1 (%u, %u)", r.mp_need,
          r.mp_needs);
    if (r.mp_entries == 1) {
        entry(r.entries, &stmt, &len, &ord, &v);
        CHECK(stmt == 17 && len == 16 && ord == 2 && v[0] == 0 && *(const int64_t *)(const void *)(v + 8) == bal4,
              "the later owned read on the zero's path: %u %u %u", stmt, len, ord);
    }
    r = result_at(3);
    expect_ok(r, "the real value changes the path");
    CHECK(out64(r, 16) == 5000 && out64(r, 24) == bal2, "X %" PRId64 " Y %" PRId64, out64(r, 16), out64(r, 24));
    expect_report(r, 0, 1, 0, "the real path's read");
    if (r.mp_entries == 1) {
        entry(r.entries, &stmt, &len, &ord, &v);
        CHECK(stmt == 16 && ord == 2 && *(const int64_t *)(const void *)(v + 8) == bal2, "statement %u at %u", stmt, ord);
    }
    r = result_at(4);
    expect_report(r, PIM_ST_BLOCKED, 0, 2, "another statement's entry at the ordinal");
    CHECK(r.status == PIM_ST_BLOCKED && r.mp_need == 1, "blocked on Y, needs DPU %u", r.mp_need);
    r = result_at(5);
    expect_ok(r, "every value");
    CHECK(out64(r, 16) == 5000 && out64(r, 24) == 4242, "X %" PRId64 " Y %" PRId64, out64(r, 16), out64(r, 24));
    expect_report(r, 0, 0, 0, "every value");
}

void test_exchange(struct dpu_set_t set)
{
    test_values(set);
    test_keep(set);
    test_joins(set);
    test_scatter(set);
    test_relation(set);
    test_speculation(set);
}

/* A kernel built without features (one tasklet): runs what needs none, faults on an image that needs more or
 * on an operation it lacks. */
void test_features(const char *kernel)
{
    struct dpu_set_t set;
    char fault[512];
    uint8_t *p;
    int i;
    for (i = 0; i < 3; i++) {
        if (dpu_alloc(1, NULL, &set) != DPU_OK || dpu_load(set, kernel, NULL) != DPU_OK) {
            CHECK(0, "cannot load %s", kernel);
            return;
        }
        load_image(set, 1, i == 0 ? 0x1fff : 0);
        batch_begin(1, NULL);
        if (i == 2) {
            call(P_SORTKEY, 8);
        } else {
            p = call(P_LOGPUT, 16);
            *(int32_t *)(void *)(p + 4) = 2;
            *(int64_t *)(void *)(p + 8) = 1;
        }
        if (i == 1) {
            CHECK(run(set) == 1, "a program without features");
            expect_ok(result_at(0), "LOG rows on a kernel without features");
        } else {
            CHECK(try_run(set) == DPU_ERR_DPU_FAULT, "kernel without features, case %d: no fault", i);
            pimsim_last_fault(fault, sizeof fault);
            CHECK(strstr(fault, "assertion failed") != NULL, "fault: %s", fault);
        }
        dpu_free(set);
    }
}
