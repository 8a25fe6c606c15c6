/*
 * PimSQL DPU kernel: the one program every DPU runs (docs/vm.md). It interprets the procedures of the image
 * in MRAM (pim_vm.c) over the storage runtime declared here: rows in the MRAM heap, the chained hash primary
 * index, B+tree secondary indexes, the per-call undo log, the output area and the multi-partition exchange.
 *
 * A build is fixed by -DNR_TASKLETS (every tasklet executes calls), -DPIM_FEATURES (PIM_F_* bits: what a
 * feature brings is compiled out without it) and -DSTACK_SIZE_DEFAULT; every other constant comes from the
 * generated pim_ops.h. WRAM holds the kernel's few globals and one heap that tasklet 0 lays out at every
 * launch (pim_exec.c): the database header, the schema, the batch's procedures and one arena per tasklet.
 * Nothing else is allocated; loops are bounded; there is no recursion and no C library call.
 *
 * Errors: a failing helper records the first error of the call (SQLSTATE, message) in the tasklet's state
 * and returns a harmless value; the interpreter stops after the operation and the call is rolled back.
 *
 * Concurrency: the tasklets run the calls of a batch wave by wave (pim_exec.c); the host puts only
 * non-conflicting calls in one wave (docs/runtime.md "Concurrent calls on a DPU"). Per-call state is indexed
 * by me(); concurrent calls share only the allocator (pim_mem.c, under a mutex) and pim_db's counters.
 */
#ifndef PIM_RT_H
#define PIM_RT_H

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <defs.h>
#include <mram.h>

#include "pim_ops.h"

#ifndef PIM_FEATURES
#error "build the kernel with -DPIM_FEATURES=<PIM_F_* bits> (docs/vm.md \"Kernel features\")"
#endif
#define PIM_HAS(f) ((PIM_FEATURES & (f)) != 0)
/* The DMA savers (docs/performance.md "DMA per call"): left out of a lean kernel (PIM_F_LEAN), which the hardware build
 * takes when the full one does not fit IRAM. They change no result, only the DMA a call costs. */
#define PIM_DMA_SAVERS (!PIM_HAS(PIM_F_LEAN))
/* On a function whose error exits end in a call (pim_error, pim_overflow): one shared epilogue instead of a copy of
 * it before each tail call (measured smaller on the proxy: scripts/kernel-iram.sh). */
#define PIM_NO_TAIL_CALLS __attribute__((disable_tail_calls))
/* Inlined at every call, or kept as one function, against the link-time inliner's choice: each placement is the
 * smaller one as measured on the proxy (scripts/kernel-iram.sh; docs/iram.md). */
#define PIM_INLINE __attribute__((always_inline))
#define PIM_OUTLINE __attribute__((noinline))
#if NR_TASKLETS > PIM_MAX_TASKLETS || NR_TASKLETS > PIM_UNDO_SLOTS
#error "NR_TASKLETS: at most PIM_MAX_TASKLETS executing tasklets, one undo log each"
#endif

/* The B+tree's limits come from the shared constants (the same value for every file). */
#define PIM_BT_MAX_KEY PIM_MAX_TREE_KEY
#define PIM_BT_FANOUT PIM_NODE_FANOUT
#include "pim_btree.h"

typedef pim_mram_off_t pim_off_t;
#define PIM_NONE 0u

/* Index of the executing tasklet's state; a constant 0 with one tasklet. */
#define PIM_SLOT() (NR_TASKLETS == 1 ? 0u : (uint32_t)me())

/* ---- the image (MRAM at PIM_IMAGE_OFF), docs/vm.md ---- */
/* The header, with the WRAM heap's layout as the compiler computed it: heap offsets of the schema's index and
 * column arrays and of the database header's table states and B+tree slots; arena offsets of the second key
 * buffer, the B+tree node and record buffers and the frame. */
typedef struct {
    uint32_t magic, format, bytes, tasklets, features, db_bytes, schema_bytes, arena_bytes;
    uint32_t frame_bytes, key_bytes, heap_bytes, reserved;
    uint16_t idxs_at, cols_at, tstate_at, trees_at;
    uint16_t key_b, node, brec, frame;
} pim_image_t;

/* The schema section, copied to WRAM at every launch. */
typedef struct {
    uint16_t row_bytes; /* multiple of 8, header included */
    uint8_t nindexes;   /* index 0 is the hash primary key, the others B+trees */
    uint8_t pad;
    uint16_t first_index;
    uint16_t pad2;
} pim_table_t;

typedef struct {
    uint16_t first_col;
    uint8_t ncols, unique;
    uint8_t tree;      /* B+tree slot; unused for the primary key */
    uint8_t key_bytes; /* encoded size, multiple of 8 */
    uint16_t pad;
} pim_index_t;

/* A key column: where it is in the row and how it encodes (docs/wire-format.md "Keys"). */
typedef struct {
    uint16_t off;      /* byte offset of the value in the row */
    uint16_t len;      /* characters, strings only */
    uint16_t null_bit; /* bit number in the row's null bitmap */
    uint8_t kind;
    uint8_t nullable;
} pim_col_t;

/* A procedure's directory entry (the batch lists the entries of the procedures it calls); the loaded copy in WRAM
 * holds the code's heap offset instead of its image offset. */
typedef struct {
    uint32_t code, bytes;
    uint16_t ninstr, frame_bytes, out_bytes, pad; /* pad: every value descriptor names its own exchange buffer */
} pim_proc_t;


#define PIM_TABLE(tid) (&pim_tabs[tid])
#define PIM_INDEX(tid, i) (&pim_idxs[pim_tabs[tid].first_index + (i)])

/* ---- the database header (pim_db, docs/vm.md), in the WRAM heap during a launch ---- */
typedef struct {
    uint32_t magic, ntables;
    pim_off_t bump, limit;
    uint32_t nfree, ntrees, pad[2];
} pim_db_t;

typedef struct {
    uint32_t size;
    pim_off_t head;
} pim_freelist_t;

typedef struct {
    pim_off_t buckets;    /* MRAM array of u32 chain heads */
    uint32_t bucket_mask; /* buckets - 1 (a power of two) */
    uint32_t rows;
    uint32_t pad;
} pim_tstate_t;


/* A result record's header (docs/wire-format.md "Results"): built in the arena while the call runs. */
typedef struct {
    uint32_t bytes;
    uint16_t proc, status;
    uint64_t seq;
    char sqlstate[5];
    uint8_t nsets;
    uint16_t msg_len;
    uint32_t out_bytes;
    uint32_t index;    /* the call's position in the batch (records are not in batch order) */
    uint32_t mp_bytes; /* exchange report at the record's end (PIM_CALL_MP calls), 0 otherwise */
    uint32_t ops;      /* program instructions the call executed: counted by simulator builds (PIM_COUNT_OPS), else 0 */
    pim_off_t undo;    /* the tasklet's undo position after the call: where a KEEP call's segment ends */
    uint32_t pad;
} pim_rec_t;

/* What a call ran out of (pim_task_t.full): a call that earlier calls of the launch left too little of runs again
 * in the next launch, first (pim_exec.c). */
#define PIM_FULL_OUTPUT 1u
#define PIM_FULL_UNDO 2u

/* ---- per executing tasklet: the running call (128 bytes on a DPU: &pim_task[me()] is a shift) ---- */
typedef struct {
    uint8_t *frame;         /* the running procedure's frame (its arena's end); parameters at offset 0 */
    pim_rec_t *rec;         /* the arena's start: the call's record header, then its error message */
    uint8_t *key_a, *key_b; /* key scratch (arena) */
    int64_t now;            /* CURRENT_TIMESTAMP of the call, from the sequencer */
    uint32_t status;        /* 0 while the call is fine, else PIM_ST_FAILED or PIM_ST_BLOCKED */
    uint32_t steps;         /* loop iterations left before the call is aborted */
    pim_off_t out_pos;      /* next free byte in the output area */
    pim_off_t out_limit;    /* where output stops: this tasklet's output slice's end less room for an error record */
    pim_off_t rec_start;
    uint32_t records;       /* result records this tasklet wrote in this launch */
    uint32_t full;          /* the call ran out of room: PIM_FULL_OUTPUT (53400) or PIM_FULL_UNDO (53200) */
    pim_off_t rs_hdr;       /* header of the result set being written: {rs_set, rs_rows} when it ends */
    uint32_t rs_rows;
    pim_off_t undo_base;
    pim_off_t undo_pos;
    pim_off_t undo_limit;   /* end of the tasklet's undo area */
    uint16_t xbuf;          /* frame offset of the exchange buffer of the value descriptor in use */
    /* pim_store.c: the table + 1 of the call's last primary-key find (0: none yet), whose row offset `found` holds:
     * what a PKFIND marked again returns (docs/vm.md "PKFIND again") */
    uint16_t found_tid;
    uint32_t mp_flags;      /* the call header's flags: PIM_CALL_MP, PIM_CALL_KEEP */
    /* pim_store.c: the hash bucket this call last read or wrote (PIM_NONE: none), so that a repeated probe of a
     * key, or an insert after its unique check, reads its bucket once; and ~(an undo log position below which
     * every delete record lies), so that a commit without deletes walks nothing (0, a fresh WRAM: walk) */
    pim_off_t bucket_at;
    uint32_t deletes_below_inv;
    uint32_t bucket[2];     /* its link {row, hash} (8-byte aligned: read by DMA) */
    uint32_t rs_set;        /* the index of the result set being written */
    /* pim_store.c: the MRAM bytes [win, win_end) that the range window at the end of the arena's frame holds (win_end
     * 0: none); reset when a call starts and by every row write of the call (docs/vm.md "The range window") */
    pim_off_t win, win_end;
    pim_off_t found;
    uint32_t pad[(128 - 4 * sizeof(void *) - 8 - 22 * 4) / 4]; /* to 128 bytes (pim_call.c checks) */
} pim_task_t;
#define PIM_MSG(T) ((char *)(T)->rec + PIM_REC_HDR)

/* The exchange call's state (pim_mp*.c): exchange calls run alone in their wave, on tasklet 0. */
typedef struct {
    uint32_t dpu, parts, dpus, pad; /* the batch's exchange header (read by one DMA) */
    uint32_t ord;              /* data-access statement instances passed so far */
    uint32_t stop;             /* ord when the call failed or blocked */
    uint32_t need;             /* blocked: the DPU that owns the missing value */
    uint32_t last;             /* the DPU owning the partition of the last routed access */
    pim_off_t vec;             /* the host's value vector (entries in the input area) */
    uint32_t nvec;
    pim_off_t pub0;            /* this call's published entries (the output area's exchange region) */
    pim_off_t pub;
    pim_off_t pub_end;         /* the call's budget: PIM_MP_PUB_MAX bytes */
    uint32_t npub;
    uint32_t nneed, miss;      /* a join's missing values: how many DPUs, the first missing ordinal */
    uint32_t first;            /* the call's sub-header: 1 on its lowest participant (relations finish there) */
    uint32_t full;             /* a publication reached pub_end (relations: the call may run again first) */
    /* the rowset of a join's first source (pim_mp_rows.c): its published fields (their block is a row's bytes), its
     * ordinal, whether this DPU publishes it, its entry's header, the next row taken and the rows' end */
    const struct pim_xval *rs_val;
    uint32_t rs_ord, rs_publishing;
    pim_off_t rs_head, rs_at, rs_end;
    pim_off_t miss_undo;       /* where the call's undo records stood at its first missing value */
} pim_xstate_t;

/* The kernel's state of a launch, in one object (one base address for all of it). */
typedef struct {
    pim_image_t img;           /* the image header */
    pim_xstate_t x;
    uint8_t *heap;             /* the WRAM heap's base */
    const pim_table_t *tabs;   /* the schema section */
    const pim_index_t *idxs;
    const pim_col_t *cols;
    const pim_proc_t *procs;   /* the procedures the batch loads */
    uint32_t nprocs;
    pim_db_t *db;              /* the database header */
    pim_freelist_t *free;      /* db->nfree of them */
    pim_tstate_t *tstate;      /* per table */
    pim_btree_t *trees;        /* per B+tree slot */
    uint32_t stopped;          /* a slice filled: the calls not yet started are resubmitted */
    pim_off_t calls, end;      /* the batch's first call and end (tasklet 0 reads the header for all) */
    uint32_t ncalls, waves;    /* its calls and waves */
    uint32_t image;            /* the generation of the image whose header img holds (0: none) */
    uint32_t db_dirty;         /* the launch changed the database header (PIM_DB_DIRTY): it goes back to MRAM */
} pim_kernel_t;
extern pim_kernel_t pim_k;
/* Every change to the database header (allocator, row counts, B+tree slots) says so, so that a launch that changes
 * none of it does not write the header back (a DMA saver: the lean kernel always writes it). */
#define PIM_DB_DIRTY()                                                                                                 \
    do {                                                                                                               \
        if (PIM_DMA_SAVERS)                                                                                            \
            pim_k.db_dirty = 1;                                                                                        \
    } while (0)
#define pim_img (pim_k.img)
#define pim_x (pim_k.x)
#define pim_heap (pim_k.heap)
#define pim_tabs (pim_k.tabs)
#define pim_idxs (pim_k.idxs)
#define pim_cols (pim_k.cols)
#define pim_procs (pim_k.procs)
#define pim_nprocs (pim_k.nprocs)
#define pim_db (pim_k.db)
#define pim_free_lists (pim_k.free)
#define pim_tstate (pim_k.tstate)
#define pim_trees (pim_k.trees)

extern pim_task_t pim_task[NR_TASKLETS];
pim_task_t *pim_me(void);

/* ---- errors and loops (pim_call.c) ---- */
/* The errors the kernel raises (pim_error; their SQLSTATEs and messages are in pim_call.c). */
enum {
    PIM_E_OVERFLOW,
    PIM_E_DIVZERO,
    PIM_E_TRUNCATION,
    PIM_E_NOT_NULL,
    PIM_E_DUP_PK,
    PIM_E_DUP_UNIQUE,
    PIM_E_ARRAY,
    PIM_E_SUBSTRING,
    PIM_E_CAST,
    PIM_E_DATETIME,
    PIM_E_STEPS,
    PIM_E_COLLECT,
    PIM_E_DISTINCT,
    PIM_E_SORT,
    PIM_E_PUBLISH,
    PIM_E_JOIN_ROWS,
    PIM_E_PARTIAL,
    PIM_E_OUTPUT,
    PIM_E_UNDO,
    PIM_E_ROW_MRAM,
    PIM_E_NODE_MRAM,
    PIM_E_WRITERS,
    PIM_ERRORS
};
/* Records error `e` (PIM_E_*): a code at the call site instead of two strings. */
void pim_error(uint32_t e);
void pim_fail(const char *sqlstate, const char *msg);
void pim_fail_text(const char *sqlstate, const char *msg, uint32_t len);
/* Counts one loop iteration; true when the call must stop (54000 after PIM_MAX_STEPS). */
bool pim_tick(void);

/* ---- MRAM (pim_mem.c) ---- */
void pim_mram_get(pim_off_t off, void *wram, uint32_t bytes); /* any multiple of 8, chunked by 2 KiB */
void pim_mram_put(pim_off_t off, const void *wram, uint32_t bytes);
pim_off_t pim_alloc(uint32_t bytes);
void pim_free(pim_off_t off, uint32_t bytes);
/* Fills `bytes` at a WRAM address with the byte b: memset without the libc routine. */
void pim_fill(void *wram, uint32_t b, uint32_t bytes);

/* ---- rows and indexes (pim_store.c) ---- */
uint32_t pim_key_encode(const pim_index_t *ix, const uint8_t *row, uint32_t ncols, uint8_t *key);
void pim_row_load(uint32_t tid, pim_off_t off, uint8_t *row);
/* Primary-key lookup: the key columns are read from `row`; on success the row is loaded there. tid >> 8 is PKFIND's b
 * (table ids are below 256: VmCompiler.MAX_TABLES): with PIM_FIND_KEEP the row is the before image of the in-place
 * update that follows: it is kept in the arena's scratch for it (the compiler puts nothing between them that uses the
 * scratch); with PIM_FIND_AGAIN the call's last find was this same lookup and nothing changed since: its answer is
 * returned without a DMA (a lean kernel finds again). */
pim_off_t pim_pk_find(uint32_t tid, uint8_t *row);
/*
 * Inserts `row` (off == PIM_NONE, old == NULL), replaces the row at `off` whose current image is `old` by
 * `row`, or deletes it (row == NULL). Checks unique keys (23505; the row_bytes after `row` are scratch),
 * logs undo, allocates MRAM (53200), maintains every index. With 256 added to tid, an in-place update (old == row)
 * whose before image its PKFIND kept (UPDATE c = 1).
 */
void pim_row_write(uint32_t tid, pim_off_t off, const uint8_t *old, uint8_t *row);
/* Ends the call's transaction: undoes its changes (rollback) or frees the rows it deleted (commit). */
void pim_undo_end(bool rollback);

typedef struct {
    uint32_t bucket;
    pim_off_t next;
} pim_scan_t;
void pim_scan_open(pim_scan_t *s);
/* Next row of a full scan (hash-bucket order), loaded into row; PIM_NONE at the end or when the iteration
 * cap is hit (each row counts one loop iteration). */
pim_off_t pim_scan_next(uint32_t tid, pim_scan_t *s, uint8_t *row);

/*
 * Index range scans (docs/vm.md RLO, ROPEN, RNEXT): the descriptor names the cursor and the probe row in the
 * frame, the table, the index (its position in the table's indexes), the equality prefix's columns and the
 * PIM_R_* flags. The probe row holds the prefix and, in the next column, the lower bound; RLO encodes the
 * lower key (into the cursor, pim_bt_open), then the program stores the upper bound in the same column and ROPEN
 * (with PIM_R_LO_DONE) encodes the upper key and positions the cursor; without PIM_R_LO_DONE it does both.
 * NULLs in the bound column are excluded whenever that column is range-restricted.
 */
typedef struct {
    uint16_t cursor, row;
    uint8_t table, index, nprefix, flags;
} pim_range_t;
/* RLO (open false) and ROPEN (open true). */
void pim_range(const pim_range_t *r, uint8_t *frame, bool open);
/* Next row of the range, loaded into the probe row; PIM_NONE at the end (each row counts one iteration). The frame's
 * bytes from frame_bytes (the running procedure's) to the arena's frame end are the range window: rows that follow
 * in the index and lie back to back in MRAM are read together into it, and served from it while the call writes no
 * row. */
pim_off_t pim_range_next(const pim_range_t *r, uint8_t *frame, uint32_t frame_bytes);

/* ---- output (pim_call.c) ---- */
void pim_out_write(const void *wram, uint32_t bytes);
void pim_rs_begin(uint32_t set_index);
void pim_rs_row(const void *row, uint32_t bytes);
void pim_rs_end(void);

/* ---- numbers (pim_num.c; DECIMAL(p,s) is an int64 scaled by 10^s) ---- */
int64_t pim_add(int64_t a, int64_t b);
int64_t pim_sub(int64_t a, int64_t b);
int64_t pim_mul(int64_t a, int64_t b);
/* a / b truncated toward zero or, with mod, its remainder (the dividend's sign); 22012 when b is 0. */
int64_t pim_divmod(int64_t a, int64_t b, bool mod);
int64_t pim_neg(int64_t a);
/* Changes the scale: more digits multiply (22003 on overflow); fewer round half down (round) or truncate. */
int64_t pim_rescale(int64_t v, int32_t from, int32_t to, uint32_t round);
/* Checks that v fits a target: code 1..18 = DECIMAL precision digits, PIM_FIT_SMALLINT, PIM_FIT_INTEGER. */
int64_t pim_fit(int64_t v, uint32_t code);
int64_t pim_ldnum(const uint8_t *p, uint32_t kind);
void pim_stnum(uint8_t *p, uint32_t kind, int64_t v);
/* Text of v / 10^scale ("-12.50"); returns the length (at most 21). */
uint32_t pim_num_to_str(char *dst, int64_t v, int32_t scale);
uint32_t pim_text(char *dst, int64_t v, uint32_t fmt);
int64_t pim_str_to_num(const char *s, uint32_t len, int32_t scale, bool round);
int64_t pim_str_to_bool(const char *s, uint32_t len); /* TRUE/FALSE in any case: 1/0; else 22018 */
/* Rejects with 22003 (the first error of the call). */
int64_t pim_overflow(void);
/* Unsigned 64-bit quotient (remainder in *rem; d != 0) and product modulo 2^64 by shifts: no compiler-rt routine. */
uint64_t pim_udivmod_bits(uint64_t n, uint64_t d, uint64_t *rem);
#if UINTPTR_MAX == 0xffffffffu
#define pim_udivmod pim_udivmod_bits /* a DPU (and its 32-bit proxy) has no 64-bit divide */
#else
uint64_t pim_udivmod(uint64_t n, uint64_t d, uint64_t *rem); /* the native simulator's: the host's divide */
#endif
uint64_t pim_mul64(uint64_t a, uint64_t b, bool *ovf);

/* ---- strings (pim_str.c: bytes, PAD SPACE comparison) ---- */
int32_t pim_strcmp(const char *a, uint32_t al, const char *b, uint32_t bl);
/* Stores a string into a CHAR(cap) (space padded) or VARCHAR(cap) (u16 length + bytes) field: 22001 unless
 * only spaces are cut. */
void pim_ststr(uint8_t *field, uint32_t kind, uint32_t cap, const char *s, uint32_t len);
/* The length a string of len characters keeps in `cap`: min(len, cap), 22001 unless the cut is spaces. */
uint32_t pim_strfit(const char *s, uint32_t len, uint32_t cap);
uint32_t pim_substr(const char *s, uint32_t len, int64_t start, int64_t count, bool has_count, const char **out);
/* POSITION(needle IN hay): 1-based position of needle's first occurrence in hay, 0 if none, 1 if needle is empty. */
uint32_t pim_position(const char *needle, uint32_t nl, const char *hay, uint32_t hl);
/* LIKE, TRIM, UPPER/LOWER (PIM_F_STRINGS; the host's reference: StringRules.java). */
int32_t pim_like(const char *s, uint32_t n, const char *p, uint32_t m, const char *esc, uint32_t el); /* -1: NULL */
uint32_t pim_trim(const char *s, uint32_t n, const char *c, uint32_t cl, uint32_t sides, const char **out);
void pim_fold(char *dst, const char *s, uint32_t n, bool upper);
uint32_t pim_ts_to_str(char *dst, int64_t micros); /* 26 characters */
int64_t pim_ts_part(int64_t micros, uint32_t part); /* EXTRACT of a PIM_TS_* field */
int64_t pim_str_to_ts(const char *s, uint32_t len);

/* ---- bounded sets and sort buffers (pim_sort.c) ---- */
/* Adds v to a set of `*n` int64 values of capacity cap; false if it was already there. 54000 when full. */
bool pim_set_add(uint8_t *at, uint32_t cap, int64_t v, bool narrow);
/* Inserts rec (rec_bytes, first key_bytes compared with memcmp) into a sorted array of *n records, keeping at
 * most cap; a record beyond cap is dropped when keep_top, otherwise the call fails with 54000. */
void pim_sort_put(uint8_t *buf, uint32_t *n, uint32_t cap, uint32_t rec_bytes, uint32_t key_bytes,
                  const uint8_t *rec, bool keep_top);
/* Encodes a sort key at dst: 1 + 8 bytes for a number, 1 + width for a string (NULLs first), inverted when
 * descending (docs/multi-partition.md "Ties in ORDER BY"). */
void pim_sortkey(uint8_t *dst, uint32_t width, int64_t v, const char *s, uint32_t len, bool is_null, bool desc);

/* ---- multi-partition calls (pim_mp*.c, docs/multi-partition.md) ---- */
#define PIM_MP_NEEDS 64u /* DPUs one report can name */
/* The exchange buffer of the value descriptor in use: an 8-byte entry header, then the value block. */
#define PIM_MP_BUF(T) ((T)->frame + (T)->xbuf)

/* A value descriptor in the pool (docs/vm.md): the values one statement instance exchanges. */
typedef struct {
    uint16_t off, nbit; /* a field descriptor (pim_fd_t) */
    uint8_t kind, flags;
    uint16_t cap;
    uint16_t block_off, block_bit; /* where the value sits in the exchanged block */
} pim_xfield_t;
typedef struct pim_xval {
    uint16_t stmt, bytes, n, xbuf; /* xbuf: frame offset of the exchange buffer the values go through */
    pim_xfield_t f[];
} pim_xval_t;
/* In a read's stmt: only its owner uses the values (codegen's OwnerLocalReads), so a participant without them goes on
 * with zeros and does not block for them; the statement id is the rest. */
#define PIM_XVAL_OWNER_ONLY 0x8000u

/* The exchange report's header {u32 entries, stop ordinal, needed DPU, status | needs << 16, entries' offset,
 * their bytes}, then the DPUs the call needs (up to PIM_MP_NEEDS, one spare word to pad to 8): the owners of the values
 * it missed and of the writes it skipped. Written to the output in one DMA. */
extern uint32_t pim_mp_report[6 + PIM_MP_NEEDS + 1];
#define pim_mp_needs (pim_mp_report + 6)
/* Whether the access keyed by partition `key` runs here (numbers the statement instance); a skipped `write` names its
 * owner in the report. */
bool pim_mp_at(int64_t key, bool key_null, bool write);
uint32_t pim_mp_route(int64_t key, bool key_null);
/* MPVAL (look false) and MPLOOK (look true), pim_mp.c. */
pim_off_t pim_mp_value(pim_off_t off, const pim_xval_t *v, bool look);
/* The router's HASH partition of n key cells; `kinds`: bit i when key i is a string, bit 8 + i when a BOOLEAN. */
int64_t pim_mp_hash(const void *cells, uint32_t n, uint32_t kinds);
void pim_mp_pack(pim_task_t *T, const pim_xval_t *v);
void pim_mp_unpack(pim_task_t *T, const pim_xval_t *v, pim_off_t at, uint32_t len);
bool pim_mp_publish(pim_task_t *T, uint32_t stmt, uint32_t len);
pim_off_t pim_mp_find(uint32_t stmt, uint32_t owner, uint32_t *len);
void pim_mp_missing(uint32_t dpu);
void pim_mp_join_end(void);
/* The first source of a join or FOR loop through the exchange (pim_mp_rows.c). */
uint32_t pim_mp_rows(int64_t key, bool key_null, const pim_xval_t *fields);
uint32_t pim_mp_rows_next(void);
bool pim_mp_row_next(void);
bool pim_mp_row_put(void);
/* The interpreter stopped (error or block): withdraws a rowset being published, and blocks a join that missed
 * values at its first missing ordinal (docs/vm.md "Stopping"). */
void pim_mp_stop(void);
/* Broadcast reads (pim_mp_scatter.c). */
void pim_mp_gather_aggs(uint32_t stmt, int64_t *w, uint32_t n); /* n x {value, count, kind | PIM_SG_SEEN} */
void pim_mp_gather_rows(uint32_t stmt, uint8_t *buf, uint32_t *n, uint32_t cap, uint32_t rec_bytes, uint32_t key_bytes,
                        bool keep);

/* ---- cells and fields (pim_vm.c, docs/vm.md) ---- */
/* A cell's string address: its WRAM address on a DPU (32 bits), an offset from the heap in the native simulator,
 * whose pointers are 64-bit. Only the kernel reads and writes it (docs/vm.md "cells"). */
#if UINTPTR_MAX == 0xffffffffu
#define PIM_CELL_P(ptr) ((uint32_t)(uintptr_t)(ptr))
#define PIM_CELL_PTR(p) ((uint8_t *)(uintptr_t)(p))
#else
#define PIM_CELL_P(ptr) ((uint32_t)((const uint8_t *)(ptr) - pim_heap))
#define PIM_CELL_PTR(p) (pim_heap + (p))
#endif
/* A register of the frame: a number in v, a string of len bytes at heap offset p; null = 1: SQL NULL. */
typedef struct {
    int64_t v;
    uint32_t p;
    uint16_t len;
    uint8_t null, pad;
} pim_cell_t;

/* A field descriptor (two pool words): a value in the frame. */
typedef struct {
    uint16_t off, nbit; /* nbit: frame bit of the NULL flag, PIM_NO_NULL_BIT: never NULL */
    uint8_t kind, flags; /* flags: range check code (bits 0-4), PIM_FD_NOT_NULL */
    uint16_t cap;        /* strings: declared length */
} pim_fd_t;

/* Bit `bit` of the bitmap at base (false for PIM_NO_NULL_BIT); pim_setbit ignores PIM_NO_NULL_BIT. */
bool pim_bit(const uint8_t *base, uint32_t bit);
void pim_setbit(uint8_t *base, uint32_t bit, bool on);
/* MV: the field `from` of the running call's frame stored into the field `to` (with to's checks). */
void pim_move(const pim_fd_t *to, const pim_fd_t *from);

/* ---- relations (pim_mp_gather.c, docs/multi-partition.md "Relations"): a read every participant of an exchange
 * call reduces and the host merges; the descriptor is a pool entry (docs/vm.md GOPEN) ---- */
struct pim_rel;
bool pim_rel_open(const struct pim_rel *d, pim_cell_t *cells, const pim_cell_t *key);
bool pim_rel_put(const struct pim_rel *d, uint8_t *F, pim_cell_t *cells);
uint32_t pim_rel_close(const struct pim_rel *d, uint8_t *F, pim_cell_t *cells);
bool pim_rel_next(const struct pim_rel *d, uint8_t *F);
void pim_rel_rewind(const struct pim_rel *d, uint8_t *F);
void pim_rel_stop(void);

/* ---- the interpreter (pim_vm.c) ---- */
/* Runs procedure p in the calling tasklet's frame (its parameters already at offset 0). */
void pim_vm_run(pim_task_t *T, const pim_proc_t *p);

/* ---- typed access in rows and blocks ---- */
#define PIM_VLEN(p, o) ((uint32_t)*(const uint16_t *)((const uint8_t *)(p) + (o)))

#endif
