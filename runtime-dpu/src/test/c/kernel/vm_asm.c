/* The test assembler, the test schema's image and the batch and result codecs (vm_asm.h). */
#include "vm_asm.h"

#include <assert.h>

int failures;

/* ---- procedures ---- */

typedef struct {
    uint64_t code[1024];
    uint32_t pool[2048];
    uint32_t ni, np;
    uint16_t out;
    uint16_t frame; /* its frame_bytes: FRAME unless begin_frame says otherwise */
    int used;
} asm_proc_t;

static asm_proc_t procs[MAXPROCS];
static asm_proc_t *A;

void begin(uint32_t id, uint16_t out_bytes)
{
    assert(id < MAXPROCS);
    A = &procs[id];
    memset(A, 0, sizeof(*A));
    A->used = 1;
    A->out = out_bytes;
    A->frame = FRAME;
    word(CELLS | NCELLS << 16);
}

void begin_frame(uint32_t id, uint16_t out_bytes, uint16_t frame)
{
    begin(id, out_bytes);
    assert(frame <= FRAME && frame % 8 == 0 && frame >= BUF + 16 * NCELLS);
    A->frame = frame;
    A->pool[0] = (uint32_t)(frame - 16 * NCELLS) | NCELLS << 16; /* the cells end the frame */
}

uint32_t emit(uint8_t op, uint8_t a, uint8_t b, uint8_t c, uint16_t x, uint16_t y)
{
    assert(A->ni < 1024);
    A->code[A->ni] = (uint64_t)op | (uint64_t)a << 8 | (uint64_t)b << 16 | (uint64_t)c << 24 | (uint64_t)x << 32 |
                     (uint64_t)y << 48;
    return A->ni++;
}

uint32_t here(void)
{
    return A->ni;
}

void patch(uint32_t at, uint32_t target)
{
    A->code[at] = (A->code[at] & ~(0xffffull << 32)) | (uint64_t)target << 32;
}

uint16_t word(uint32_t w)
{
    assert(A->np < 2048);
    A->pool[A->np] = w;
    return (uint16_t)A->np++;
}

uint16_t fd(uint16_t off, uint16_t nbit, uint8_t kind, uint8_t flags, uint16_t cap)
{
    uint16_t w = word(off | (uint32_t)nbit << 16);
    word(kind | (uint32_t)flags << 8 | (uint32_t)cap << 16);
    return w;
}

uint16_t pair(uint16_t dst_off, uint16_t dst_nbit, uint8_t dst_kind, uint8_t flags, uint16_t src_off, uint16_t src_nbit,
              uint8_t src_kind, uint16_t cap)
{
    uint16_t w = fd(dst_off, dst_nbit, dst_kind, flags, cap);
    fd(src_off, src_nbit, src_kind, 0, cap);
    return w;
}

uint16_t cat(uint16_t buf, uint16_t cap, uint32_t n, const uint32_t *parts)
{
    uint16_t w = word(buf | (uint32_t)cap << 16);
    uint32_t i;
    for (i = 0; i < n; i++) {
        word(parts[i]);
    }
    return w;
}

uint16_t lit(const char *s)
{
    uint32_t n = (uint32_t)strlen(s), i, w = A->np;
    for (i = 0; i < (n + 3) / 4 || i == 0; i++) {
        uint32_t v = 0;
        memcpy(&v, s + 4 * i, n - 4 * i < 4 ? n - 4 * i : 4);
        word(v);
    }
    return (uint16_t)w;
}

/*
 * The test schema (docs/vm.md "The image"):
 *   table 0 ACCT, 56-byte rows: bitmap byte 8; ID INTEGER NOT NULL @12 (bit 64), NAME VARCHAR(16) @16 (65),
 *     BAL DECIMAL(10,2) NOT NULL @40 (66), CODE CHAR(4) @48 (67); indexes: 0 primary key (ID), 1 B+tree
 *     (NAME, ID) in slot 0, 2 unique B+tree (CODE) in slot 1
 *   table 1 LOG, 32-byte rows: bitmap byte 8; K BIGINT NOT NULL @16 (bit 64), V INTEGER @24 (65); primary key K
 */
static const uint16_t schema_words[] = {
    /* table[2]: row_bytes, nindexes | pad << 8, first_index, pad */
    56, 3, 0, 0,
    32, 1, 3, 0,
    /* index[4]: first_col, ncols | unique << 8, tree | key_bytes << 8, pad */
    0, 1 | 1 << 8, 0 | 8 << 8, 0,
    1, 2 | 0 << 8, 0 | 32 << 8, 0,
    3, 1 | 1 << 8, 1 | 8 << 8, 0,
    4, 1 | 1 << 8, 0 | 8 << 8, 0,
    /* col[5]: off, len, null_bit, kind | nullable << 8 */
    12, 0, 64, PIM_K_I32,
    16, 16, 65, PIM_K_VARCHAR | 1 << 8,
    12, 0, 64, PIM_K_I32,
    48, 4, 67, PIM_K_CHAR | 1 << 8,
    16, 0, 64, PIM_K_I64,
};
#define NTABLES 2u
#define NINDEXES 4u
#define NTREES 2u
#define NFREE (NTABLES + NTREES + 1u)
#define KEY_BYTES 32u
#define TREE_KEY 32u
#define BT_BUFFERS (16u + 11u * (TREE_KEY + 8u) + (TREE_KEY + 8u)) /* node + slack record, record */
#define ARENA (PIM_ARENA_MSG_BYTES + 2u * KEY_BYTES + BT_BUFFERS + FRAME)

uint32_t db_bytes(void)
{
    return 32 + 8 * NFREE + 16 * NTABLES + 32 * NTREES;
}

static void put32(uint8_t *p, uint32_t v)
{
    memcpy(p, &v, 4);
}

static void put16(uint8_t *p, uint16_t v)
{
    memcpy(p, &v, 2);
}

/* The directory entries of the procedures of the last image (the batch lists those of the procedures it calls). */
static uint8_t entries[MAXPROCS][PIM_DIR_ENTRY_BYTES];
static uint32_t image_tasklets = 1; /* the last image's: the codec gives each call its tasklet */

uint32_t build_image(uint8_t *out, uint32_t tasklets, uint32_t features)
{
    uint32_t nprocs = 0, i, schema = sizeof(schema_words), at, db = db_bytes(), node, tstate = 32 + 8 * NFREE;
    for (i = 0; i < MAXPROCS; i++) {
        if (procs[i].used) {
            nprocs = i + 1;
        }
    }
    memset(out, 0, PIM_IMAGE_BYTES);
    image_tasklets = tasklets;
    memcpy(out + PIM_IMAGE_HEADER_BYTES, schema_words, schema);
    schema = (schema + 7) & ~7u;
    at = PIM_IMAGE_HEADER_BYTES + schema;
    for (i = 0; i < nprocs; i++) {
        asm_proc_t *p = &procs[i];
        uint8_t *e = entries[i];
        uint32_t bytes;
        if (!p->used) { /* an empty slot: a procedure that only ends */
            A = p;
            begin(i, 0);
            END();
            p->used = 0;
        }
        bytes = (8 * p->ni + 4 * p->np + 7) & ~7u;
        put32(e, at);
        put32(e + 4, bytes);
        put16(e + 8, (uint16_t)p->ni);
        put16(e + 10, p->frame);
        put16(e + 12, p->out);
        put16(e + 14, 0);
        memcpy(out + at, p->code, 8 * p->ni);
        memcpy(out + at + 8 * p->ni, p->pool, 4 * p->np);
        at += bytes;
    }
    put32(out, PIM_IMAGE_MAGIC);
    put32(out + 4, PIM_IMAGE_FORMAT);
    put32(out + 8, at);
    put32(out + 12, tasklets);
    put32(out + 16, features);
    put32(out + 20, db);
    put32(out + 24, schema);
    put32(out + 28, ARENA);
    put32(out + 32, FRAME);
    put32(out + 36, KEY_BYTES);
    put32(out + 40, db + schema + tasklets * ARENA); /* the heap before the batch's procedures */
    /* heap offsets: index[] and col[] in the schema section, the table states and B+tree slots in the header */
    put16(out + 48, (uint16_t)(db + 8 * NTABLES));
    put16(out + 50, (uint16_t)(db + 8 * (NTABLES + NINDEXES)));
    put16(out + 52, (uint16_t)tstate);
    put16(out + 54, (uint16_t)(tstate + 16 * NTABLES));
    /* arena offsets: key_b, the B+tree node (with its slack record) and record buffers, the frame */
    node = PIM_ARENA_MSG_BYTES + 2 * KEY_BYTES;
    put16(out + 56, PIM_ARENA_MSG_BYTES + KEY_BYTES);
    put16(out + 58, (uint16_t)node);
    put16(out + 60, (uint16_t)(node + 16 + 11 * (TREE_KEY + 8)));
    put16(out + 62, (uint16_t)(node + BT_BUFFERS));
    return at;
}

/* ---- batches ---- */

static uint8_t calls[1 << 20], batch[2 << 20];
static uint32_t calls_len, ncalls, nlisted, listed[MAXPROCS], limit = 60u << 20;
static int batch_init;
static mp_hdr_t batch_mp;
static int has_mp;
static uint8_t *last_call;
static uint64_t next_seq = 1;
/* The kept segments of the last launch: where each KEEP call's segment ends (its record's undo position), in batch
 * order; the next batch commits the first `commit` of them (mp_hdr_t) and rolls the rest back. */
static uint32_t kept_ends[MAXCALLS], nkept;
static uint16_t call_flags[MAXCALLS];

void set_limit(uint32_t l)
{
    limit = l;
}

void batch_begin(int init, const mp_hdr_t *mp)
{
    calls_len = ncalls = nlisted = 0;
    batch_init = init;
    has_mp = mp != NULL;
    if (mp != NULL) {
        batch_mp = *mp;
    }
}

static void list(uint16_t proc)
{
    uint32_t i;
    for (i = 0; i < nlisted && listed[i] != proc; i++) {
    }
    if (i == nlisted) {
        listed[nlisted++] = proc;
    }
}

static uint8_t *header(uint16_t proc, uint32_t total, uint16_t flags)
{
    uint8_t *c = calls + calls_len;
    assert(calls_len + total <= sizeof(calls) && total % 8 == 0);
    memset(c, 0, total);
    assert(ncalls < MAXCALLS);
    call_flags[ncalls] = flags;
    put32(c, total);
    *(uint16_t *)(c + 4) = proc;
    *(uint16_t *)(c + 6) = flags;
    *(uint64_t *)(c + 8) = next_seq++;
    *(int64_t *)(c + 16) = 1700000000123456LL; /* 2023-11-14 22:13:20.123456 */
    last_call = c;
    calls_len += total;
    ncalls++;
    list(proc);
    return c;
}

uint8_t *call(uint16_t proc, uint32_t bytes)
{
    return header(proc, PIM_CALL_HEADER_BYTES + ((bytes + 7) & ~7u), 0) + PIM_CALL_HEADER_BYTES;
}

uint8_t *mp_call(uint16_t proc, uint32_t bytes, uint16_t extra, const uint8_t *vec, uint32_t vec_bytes, uint32_t nvec)
{
    uint32_t pb = (bytes + 7) & ~7u;
    uint8_t *c = header(proc, PIM_CALL_HEADER_BYTES + 16 + pb + vec_bytes, PIM_CALL_MP | extra);
    put32(c + PIM_CALL_HEADER_BYTES, pb);
    put32(c + PIM_CALL_HEADER_BYTES + 4, nvec);
    put32(c + PIM_CALL_HEADER_BYTES + 8, vec_bytes);
    memcpy(c + PIM_CALL_HEADER_BYTES + 16 + pb, vec, vec_bytes);
    return c + PIM_CALL_HEADER_BYTES + 16;
}

void join_wave(void)
{
    *(uint16_t *)(last_call + 6) |= PIM_CALL_JOINS_WAVE;
    call_flags[ncalls - 1] |= PIM_CALL_JOINS_WAVE;
}

static void db_image(uint8_t *p)
{
    uint32_t *w = (uint32_t *)(void *)p, i;
    memset(p, 0, db_bytes());
    w[0] = PIM_DB_MAGIC;
    w[1] = NTABLES;
    w[2] = PIM_DATA_OFF + FORMATTED_BYTES; /* 16 buckets of 8 bytes ({row, hash}) per table, then the B+trees' root leaves */
    w[3] = limit;
    w[4] = NFREE;
    w[5] = NTREES;
    i = 8 + 2 * NFREE;
    w[i] = PIM_DATA_OFF; /* ACCT: buckets, mask, rows, 0 */
    w[i + 1] = 15;
    w[i + 4] = PIM_DATA_OFF + 128; /* LOG */
    w[i + 5] = 15;
    i += 4 * NTABLES;
    w[i] = PIM_DATA_OFF + 256; /* tree 0: NAME, ID: root, key_size, height */
    w[i + 1] = 32;
    w[i + 2] = 1;
    w[i + 8] = PIM_DATA_OFF + 256 + TREE_NODE_BYTES(32u); /* tree 1: CODE */
    w[i + 8 + 1] = 8;
    w[i + 8 + 2] = 1;
}

/* ---- running ---- */

int batch_swap_chains;
uint32_t batch_image_generation;

static uint8_t out[2 << 20];

static dpu_error_t launch(struct dpu_set_t set)
{
    uint32_t len = PIM_BATCH_HEADER_BYTES, i, at, k, size, wave, first, n;
    uint8_t *previous[PIM_MAX_TASKLETS] = {0}; /* per tasklet, its latest call so far */
    dpu_error_t err;
    memset(batch, 0, sizeof(batch));
    for (i = 0; i < nlisted; i++) {
        memcpy(batch + len + PIM_DIR_ENTRY_BYTES * i, entries[listed[i]], PIM_DIR_ENTRY_BYTES);
    }
    len += PIM_DIR_ENTRY_BYTES * nlisted;
    put32(batch + 20, batch_init ? PIM_IN_OFF + len : PIM_DB_OFF); /* the database header to install */
    if (batch_init) {
        db_image(batch + len);
        len += db_bytes();
    }
    put32(batch + 24, PIM_IN_OFF + len);
    first = len;
    for (at = 0, k = 0, wave = 0, n = 0; at < calls_len; at += size, n++) {
        /* a call names its procedure's entry in the batch's directory, and its tasklet: the k-th call of a wave
         * runs on tasklet k mod E; its body comes first, then its header (`calls` holds each header before its
         * body); the tasklet's previous call (or the batch header) names where its read starts and its bytes */
        uint8_t *body = batch + first + at, *c;
        uint16_t *proc, *flags;
        uint32_t t, read, readat;
        size = *(uint32_t *)(void *)(calls + at);
        c = body + size - PIM_CALL_HEADER_BYTES;
        memcpy(body, calls + at + PIM_CALL_HEADER_BYTES, size - PIM_CALL_HEADER_BYTES);
        memcpy(c, calls + at, PIM_CALL_HEADER_BYTES);
        proc = (uint16_t *)(void *)(c + 4);
        flags = proc + 1;
        for (i = 0; listed[i] != *proc; i++) {
        }
        *proc = (uint16_t)i;
        k = (*flags & PIM_CALL_JOINS_WAVE) != 0 ? k + 1 : 0;
        t = k % image_tasklets;
        *flags = (uint16_t)(*flags | t << 8);
        wave += at != 0 && (*flags & (PIM_CALL_JOINS_WAVE | PIM_CALL_SERIAL)) == 0;
        readat = (*flags & PIM_CALL_MP) != 0 ? first + at + size - PIM_CALL_HEADER_BYTES : first + at;
        read = first + at + size - readat;
        if (previous[t] == NULL) {
            put32(batch + 64 + 8 * t, PIM_IN_OFF + readat); /* first[t]: where, then the bytes */
            put32(batch + 68 + 8 * t, read);
        } else {
            put32(previous[t] + 24, PIM_IN_OFF + readat);
            put32(previous[t] + 28, read);
        }
        previous[t] = c;
        put32(c, size - PIM_CALL_HEADER_BYTES); /* the header's bytes: the body's */
        put32(c + 32, n); /* the call's place in the batch */
        put32(c + 36, wave);
    }
    len += calls_len;
    put32(batch + 28, calls_len == 0 ? 0 : wave + 1);
    put32(batch + 56, image_tasklets);
    put32(batch + 60, batch_image_generation);
    if (batch_swap_chains) {
        /* tasklets 0 and 1 trade their chains (a wrong batch, for the kernel's check) */
        uint8_t t0[8];
        memcpy(t0, batch + 64, 8);
        memcpy(batch + 64, batch + 72, 8);
        memcpy(batch + 72, t0, 8);
    }
    put32(batch, PIM_BATCH_MAGIC);
    put32(batch + 4, (batch_init ? PIM_FLAG_INIT : 0) | (has_mp ? PIM_FLAG_MP : 0));
    put32(batch + 8, ncalls);
    put32(batch + 12, len);
    put32(batch + 16, nlisted);
    {
        /* the last launch's kept segments: the first `commit` stay (all without an exchange header) */
        uint32_t commit = has_mp && batch_mp.commit < nkept ? batch_mp.commit : nkept;
        put32(batch + 32, commit == 0 ? PIM_UNDO_OFF : kept_ends[commit - 1]);
        put32(batch + 36, nkept == 0 ? PIM_UNDO_OFF : kept_ends[nkept - 1]);
        nkept = 0;
    }
    if (has_mp) {
        memcpy(batch + 40, &batch_mp, 12); /* dpu, partitions, dpus */
    }
    err = dpu_copy_to(set, DPU_MRAM_HEAP_POINTER_NAME, PIM_IN_OFF, batch, len);
    CHECK(err == DPU_OK, "push batch: %d", (int)err);
    if (batch_init) {
        /* the host zeroes the hash bucket arrays and B+tree roots of a new database (db_image places them) */
        static const uint8_t zero[FORMATTED_BYTES];
        err = dpu_copy_to(set, DPU_MRAM_HEAP_POINTER_NAME, PIM_DATA_OFF, zero, sizeof(zero));
        CHECK(err == DPU_OK, "zero buckets: %d", (int)err);
    }
    return dpu_launch(set, DPU_SYNCHRONOUS);
}

dpu_error_t try_run(struct dpu_set_t set)
{
    return launch(set);
}

static uint32_t slices(void);
static uint32_t slice_bytes(void);

uint32_t run(struct dpu_set_t set)
{
    uint32_t total, i;
    dpu_error_t err = launch(set);
    if (err != DPU_OK) {
        char fault[512];
        pimsim_last_fault(fault, sizeof(fault));
        fprintf(stderr, "launch failed: %d: %s\n", (int)err, fault);
        exit(2);
    }
    /* the whole output area: the result header and its slice table, the slices, the exchange region */
    err = dpu_copy_from(set, DPU_MRAM_HEAP_POINTER_NAME, PIM_OUT_OFF, out, PIM_OUT_BYTES);
    CHECK(err == DPU_OK, "read results: %d", (int)err);
    CHECK(((uint32_t *)(void *)out)[0] == PIM_RESULT_MAGIC, "result magic %08x", ((uint32_t *)(void *)out)[0]);
    total = 0;
    for (i = 0; i < slices(); i++) {
        uint32_t bytes = ((uint32_t *)(void *)out)[4 + 2 * i];
        CHECK(bytes <= slice_bytes() && bytes % 8 == 0, "slice %u: %u bytes", i, bytes);
        total += ((uint32_t *)(void *)out)[5 + 2 * i];
    }
    CHECK(((uint32_t *)(void *)out)[2] <= PIM_OUT_PUB_BYTES, "exchange region bytes %u", ((uint32_t *)(void *)out)[2]);
    for (i = 0; i < ncalls; i++) {
        if ((call_flags[i] & PIM_CALL_KEEP) != 0 && has_result(i)) {
            kept_ends[nkept++] = *(const uint32_t *)(const void *)(result_at(i).rec + 40); /* the record's undo */
        }
    }
    return total;
}

uint32_t result_flags(void)
{
    return ((uint32_t *)(void *)out)[3];
}

static uint32_t slices(void)
{
    return ((uint32_t *)(void *)out)[1];
}

static uint32_t slice_bytes(void)
{
    return ((PIM_OUT_BYTES - PIM_RESULT_HEADER_BYTES - PIM_OUT_PUB_BYTES) / slices()) & ~7u;
}

static const uint8_t *find(uint32_t index)
{
    const uint8_t *found = NULL;
    uint32_t i;
    for (i = 0; i < slices(); i++) {
        uint32_t at = PIM_RESULT_HEADER_BYTES + i * slice_bytes(), end = at + ((uint32_t *)(void *)out)[4 + 2 * i];
        while (at < end) {
            if (*(const uint32_t *)(const void *)(out + at + 28) == index) {
                CHECK(found == NULL, "call %u has two records", index);
                found = out + at;
            }
            at += *(const uint32_t *)(const void *)(out + at);
        }
    }
    return found;
}

int has_result(uint32_t index)
{
    return find(index) != NULL;
}

result_t result_at(uint32_t index)
{
    result_t r;
    const uint8_t *rec = find(index);
    uint32_t bytes;
    memset(&r, 0, sizeof(r));
    CHECK(rec != NULL, "call %u has no record", index);
    if (rec == NULL) {
        strcpy(r.sqlstate, "?????");
        r.status = 99;
        return r;
    }
    bytes = *(const uint32_t *)(const void *)rec;
    r.rec = rec;
    r.proc = *(const uint16_t *)(const void *)(rec + 4);
    r.status = *(const uint16_t *)(const void *)(rec + 6);
    memcpy(r.sqlstate, rec + 16, 5);
    r.nsets = rec[21];
    r.msg_len = *(const uint16_t *)(const void *)(rec + 22);
    r.out_bytes = *(const uint32_t *)(const void *)(rec + 24);
    r.mp_bytes = *(const uint32_t *)(const void *)(rec + 32);
    r.msg = (const char *)rec + PIM_REC_HDR;
    r.sets = rec + PIM_REC_HDR;
    r.out = rec + bytes - r.mp_bytes - r.out_bytes;
    if (r.mp_bytes != 0) {
        const uint8_t *m = rec + bytes - r.mp_bytes;
        r.mp_entries = *(const uint32_t *)(const void *)m;
        r.mp_stop = *(const uint32_t *)(const void *)(m + 4);
        r.mp_need = *(const uint32_t *)(const void *)(m + 8);
        r.mp_status = *(const uint16_t *)(const void *)(m + 12);
        r.mp_needs = *(const uint16_t *)(const void *)(m + 14);
        r.needs = (const uint32_t *)(const void *)(m + 24);
        r.entries = out + *(const uint32_t *)(const void *)(m + 16); /* in the exchange region */
    }
    return r;
}

void expect_ok(result_t r, const char *what)
{
    CHECK(r.status == 0 && strcmp(r.sqlstate, "00000") == 0, "%s: status %u sqlstate %s message %.*s", what, r.status,
          r.sqlstate, r.msg_len, r.msg);
}

void expect_error(result_t r, const char *state, const char *what)
{
    CHECK(r.status == PIM_ST_FAILED && strcmp(r.sqlstate, state) == 0, "%s: expected %s, got status %u sqlstate %s (%.*s)",
          what, state, r.status, r.sqlstate, r.msg_len, r.msg);
    CHECK(r.nsets == 0 && r.out_bytes == 0, "%s: an error record has no results", what);
}

void set_null(uint8_t *block, int bit)
{
    block[bit / 8] |= (uint8_t)(1u << (bit % 8));
}

int is_null(const uint8_t *block, int bit)
{
    return (block[bit / 8] >> (bit % 8)) & 1;
}

void put_varchar(uint8_t *field, const char *s)
{
    *(uint16_t *)(void *)field = (uint16_t)strlen(s);
    memcpy(field + 2, s, strlen(s));
}

int varchar_is(const uint8_t *field, const char *s)
{
    return *(const uint16_t *)(const void *)field == strlen(s) && memcmp(field + 2, s, strlen(s)) == 0;
}
