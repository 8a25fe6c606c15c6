/*
 * Ordered secondary index for one DPU: a B+tree stored in MRAM, keyed by fixed-width byte strings
 * compared with memcmp (generated code encodes column values so that memcmp order is SQL order).
 *
 * Every entry is (key, row) where row is the MRAM offset of the indexed row. Entries are unique on
 * (key, row), so non-unique SQL indexes need no special case; a UNIQUE SQL index is enforced by the
 * caller with pim_bt_contains_key() before inserting.
 *
 * Nodes are read and written with mram_read/mram_write only (8-byte aligned, multiples of 8,
 * at most 2,048 bytes per transfer); a lookup costs one whole-node DMA per level, and a range scan one more
 * DMA per leaf it moves to: pim_bt_next keeps the cursor's leaf in the tasklet's node buffer (reading it again
 * only when something else used the buffer in between). An insert costs a descent and the leaf's store, except
 * the next one of an ascending run (a call inserting consecutive keys, such as one order's lines): when its entry
 * follows the previous insert's in the leaf still in the tasklet's node buffer, before that leaf's right separator,
 * and nothing used the buffer or wrote the tree since, it costs the leaf's store alone (the fast path, fast_t in
 * pim_btree.c; one slot per tasklet, so a table with two B+tree indexes, whose inserts alternate, does not get it). A node holds PIM_BT_FANOUT records whatever the key size, so it has PIM_BT_NODE_BYTES(key_size)
 * bytes: small keys get small nodes, which keeps each level's DMA short (a DMA costs about
 * 77 cycles + 0.5 cycle/byte, so for 8-byte keys 10 records per node beats 30 records of 512 bytes).
 * WRAM use is bounded and given by the caller: per tasklet (indexed by me()) one node buffer of
 * PIM_BT_NODE_BYTES(largest key) plus one record of slack and one record of scratch (pim_bt_buffers), i.e.
 * 880 bytes for 64-byte keys. Stack: the deepest call chain takes about 420 bytes (insert; contains_key, which
 * keeps a cursor on the stack, about 390; measured on a 32-bit proxy target), within the DPU's default
 * 1 KiB. A cursor (pim_bt_cursor_t) takes 168 bytes with the defaults. Loops are bounded by the tree height
 * (PIM_BT_MAX_HEIGHT) and PIM_BT_FANOUT. Node memory comes from a caller-supplied MRAM allocator so the
 * tree shares the row heap's region.
 *
 * Layout: every node starts with a 16-byte header {prev, next, count, level, child0} followed by
 * `count` records of key_size + 8 bytes {key, row, child}. Leaves (level 0) hold entries sorted by
 * (key, row) and are linked both ways (prev/next) for ascending and descending scans. An internal
 * node with n records has n + 1 children: child0, then record i's child; record i's (key, row) is a
 * separator s with entries(left of s) < s <= entries(right of s).
 *
 * A full node splits in the middle, except when an insert appends after the largest entry of the tree
 * (ascending keys such as row ids or timestamps): then the full nodes stay full and the new record
 * starts a new rightmost node, so such trees end up about 90% full instead of 50%. Likewise a full leaf that an
 * ascending run reaches (the fast path's leaf) splits right after the new entry, or just before it when the left
 * leaf would be full, so the run goes on filling the leaf it is in rather than splitting every few inserts.
 *
 * Deletion is lazy to keep the code small (insert and remove share one writer, pim_btree.c): nodes are
 * never merged or rebalanced, so they may become under-full, as in PostgreSQL's nbtree. What keeps this
 * bounded is that emptied nodes are given back: a leaf is freed (and unlinked) when it becomes empty, an
 * internal node when it loses its last child, so a queue-like index (TPC-C's NEW_ORDER: ascending
 * inserts, removals from the front) holds nodes in proportion to its entries, and a scan never crosses
 * an empty leaf. The root is never freed and the height never shrinks (nbtree does not lower its root
 * level either): an internal root may keep a single child, and a tree whose last entry goes keeps its
 * root as an empty leaf (height 1). Only that root leaf can be empty; a new tree starts as one.
 *
 * Concurrency: writers (insert/remove) must be serialised by the caller, and no reader may run while
 * a writer runs. Readers (contains_key, seek, next) on different tasklets may run concurrently: they
 * only read MRAM and use their own tasklet's buffers. A cursor stays valid across writes to its tree
 * made between two of its pim_bt_next() calls (see pim_bt_cursor_t).
 */
#ifndef PIM_BTREE_H
#define PIM_BTREE_H

#include <stdbool.h>
#include <stdint.h>

#ifndef PIM_BT_MAX_KEY
#define PIM_BT_MAX_KEY 64      /* bytes of encoded key per entry, multiple of 8; a schema with smaller
                                  keys may lower it (same value for every file) to shrink WRAM buffers */
#endif
#ifndef PIM_BT_FANOUT
#define PIM_BT_FANOUT 10       /* records per node, >= 3 (overridable, same value for every file) */
#endif
/* Bytes of one node of a tree with keys of key_size bytes: header + records of key, row and child. */
#define PIM_BT_NODE_BYTES(key_size) (16u + PIM_BT_FANOUT * ((key_size) + 8u))
/* 12 levels: an internal node's split leaves at least 5 records in each half (an append split, see below, leaves a
 * full left node), so with the default fanout a tree grown by inserts stays below 10 levels even when its nodes
 * fill all of MRAM with 8-byte keys (a run's leaf split may leave 1 or 2 entries on one side: that bounds the
 * entries, not the levels, which the number of nodes MRAM holds does). An insert that would need a 13th level fails like an exhausted
 * MRAM (returns false, tree unchanged). */
#ifndef PIM_BT_MAX_HEIGHT
#define PIM_BT_MAX_HEIGHT 12    /* overridable (with the same value for every file) for tests */
#endif
#define PIM_BT_NONE 0u         /* no row / no node: MRAM offset 0 is never a node or a row */

typedef uint32_t pim_mram_off_t; /* byte offset from DPU_MRAM_HEAP_POINTER */

/* Allocates/frees one node of `bytes` bytes in MRAM (8-byte aligned); returns PIM_BT_NONE when MRAM is
 * exhausted. A tree always asks for PIM_BT_NODE_BYTES(key_size), so trees with different key sizes
 * use different block sizes (one free-list class per distinct key size in a size-class allocator). */
typedef pim_mram_off_t (*pim_bt_alloc_fn)(uint32_t bytes);
typedef void (*pim_bt_free_fn)(pim_mram_off_t node, uint32_t bytes);

/* Lives in MRAM (or WRAM) as part of the database header; 8-byte aligned. A tree always has a root node: an
 * empty tree's is an empty leaf (height 1), which whoever formats the database provides (pim_bt_init). */
typedef struct {
    pim_mram_off_t root;
    uint32_t key_size;        /* multiple of 8, <= PIM_BT_MAX_KEY */
    uint32_t height;          /* >= 1 */
    uint32_t entries;
    uint32_t version;         /* changes with every insert or remove that changes the entries */
    uint32_t reserved[3];     /* zero; keep the size a multiple of 8 for DMA */
} pim_btree_t;

/*
 * A position in the tree for ordered iteration; plain data, may live on a tasklet's stack.
 *
 * The cursor remembers where the scan continues (`from`: the start bound, then the last entry
 * returned) and the tree version its leaf position was read at. pim_bt_next() re-seeks from `from`
 * when the tree changed in between (the same tasklet inserting or removing entries while it scans, e.g.
 * a DELETE driven by an index scan), so a cursor survives writes: it returns the entries after the last
 * one it returned, in the tree as it is at each call. An entry moved ahead of the cursor (an UPDATE of
 * the scanned key) is met again; avoiding that is the caller's business.
 */
typedef struct {
    pim_mram_off_t leaf;      /* PIM_BT_NONE until pim_bt_next() has positioned the cursor */
    int32_t slot;             /* next entry of `leaf`; outside [0, count) means "continue at link" */
    uint32_t count;           /* entries of `leaf` */
    pim_mram_off_t link;      /* neighbour leaf in the scan direction, PIM_BT_NONE at the end */
    uint32_t version;         /* tree version when leaf, slot, count and link were read */
    uint32_t prefix_len;      /* bytes of the key compared against `bound` */
    uint32_t from_len;        /* bytes of `from` compared when re-seeking */
    pim_mram_off_t from_row;  /* row of `from` when from_is_entry */
    bool descending;
    bool bound_inclusive;     /* (a far end of 0 bytes is inclusive: it stops nothing) */
    bool done;
    bool from_is_entry;       /* `from` is the last entry returned (key and row), not the start bound */
    bool from_strict;         /* re-seek to entries > `from` (ascending) / >= (descending, then one back) */
    uint8_t bound[PIM_BT_MAX_KEY]; /* the far end of the range (upper when ascending, lower when descending) */
    uint8_t from[PIM_BT_MAX_KEY];
} pim_bt_cursor_t;
_Static_assert(sizeof(pim_btree_t) % 8 == 0 && sizeof(pim_bt_cursor_t) % 8 == 0, "DMA-able sizes");

/* An empty tree whose root is the node at `root` (PIM_BT_NODE_BYTES(key_size) bytes): its header is zeroed, an
 * empty leaf. (A kernel's trees come formatted by the host: DatabaseFormat zeroes their roots.) */
void pim_bt_init(pim_btree_t *t, uint32_t key_size, pim_mram_off_t root);

/* Gives tasklet `tasklet` its buffers before it uses any tree (8-byte aligned): `node` of
 * PIM_BT_NODE_BYTES(k) + (k + 8) bytes and `rec` of k + 8 bytes right behind it, k being the largest key size of its
 * trees (the insert fast path keeps a separator at the end of node's slack record, just before rec). */
void pim_bt_buffers(uint32_t tasklet, void *node, void *rec);
/* The calling tasklet is about to write its arena's WRAM up to `end` (exclusive; the node buffer follows the key
 * buffers): when that reaches the node buffer, the leaf a range scan or the insert fast path keeps there is gone. */
void pim_bt_forget(const void *end);
/* The bytes of those two buffers for keys of at most k bytes. */
#define PIM_BT_BUFFER_BYTES(k) (PIM_BT_NODE_BYTES(k) + 2u * ((k) + 8u))

/* DMA between MRAM offset `off` and WRAM, 2,048 bytes at a time: a multiple of 8 bytes, both addresses 8-byte
 * aligned (the hardware's rules). The kernel's own MRAM access goes through it too, so one copy is linked. */
void pim_bt_dma(pim_mram_off_t off, void *wram, uint32_t bytes, bool write);

/* memcmp's sign for len bytes (no libc call on the DPU); any length. */
int pim_bt_keycmp_bytes(const uint8_t *a, const uint8_t *b, uint32_t len);
#if UINTPTR_MAX == 0xffffffffu
#define pim_bt_keycmp pim_bt_keycmp_bytes /* a DPU (and its 32-bit proxy): the byte loop */
#else
int pim_bt_keycmp(const uint8_t *a, const uint8_t *b, uint32_t len); /* the native simulator's: memcmp's sign */
#endif
/* memcpy of n bytes, any alignment, no overlap (no libc call on the DPU). */
void pim_bt_copy(void *to, const void *from, uint32_t n);
/* memmove of 32-bit words between 4-byte aligned buffers, overlapping either way. */
void pim_bt_move_words(void *to, const void *from, uint32_t words);

/* Returns false when MRAM is exhausted (the tree is unchanged then: the nodes it got for the splits go back to
 * `release`). Inserting an entry that is already present changes nothing and returns true. */
bool pim_bt_insert(pim_btree_t *t, const uint8_t *key, pim_mram_off_t row, pim_bt_alloc_fn alloc,
                   pim_bt_free_fn release);

/* Removes (key,row); returns false if absent. */
bool pim_bt_remove(pim_btree_t *t, const uint8_t *key, pim_mram_off_t row, pim_bt_free_fn release);

/* True if some entry's first `prefix_len` key bytes equal key's. */
bool pim_bt_contains_key(const pim_btree_t *t, const uint8_t *key, uint32_t prefix_len);

/*
 * Positions `c` for a range scan. Only the first lo_len (resp. hi_len) bytes of lo/hi are compared;
 * lo == NULL / hi == NULL means unbounded on that side. Ascending scans start at the smallest entry
 * >= lo (> lo when !lo_inclusive) and stop after hi; descending scans start at the largest entry <= hi.
 * Entries with equal keys come in ascending (resp. descending) row order. Reads nothing from MRAM: the
 * first pim_bt_next() finds the start.
 */
void pim_bt_seek(const pim_btree_t *t, pim_bt_cursor_t *c,
                 const uint8_t *lo, uint32_t lo_len, bool lo_inclusive,
                 const uint8_t *hi, uint32_t hi_len, bool hi_inclusive, bool descending);

/*
 * pim_bt_seek for bounds the caller has encoded into the cursor itself: the start (lo when ascending, hi when
 * descending) in c->from, the far end in c->bound. A bound of length 0 is absent and must be inclusive.
 */
void pim_bt_open(const pim_btree_t *t, pim_bt_cursor_t *c, uint32_t lo_len, bool lo_inclusive, uint32_t hi_len,
                 bool hi_inclusive, bool descending);

/* Next row in the range, or PIM_BT_NONE at the end. If key_out != NULL the entry's key is copied there. */
pim_mram_off_t pim_bt_next(const pim_btree_t *t, pim_bt_cursor_t *c, uint8_t *key_out);

#ifdef PIM_BT_VALIDATE
/* Test aid (compiled only with -DPIM_BT_VALIDATE): asserts every structural invariant (order of
 * entries and separators, leaf depth and links, counts, entry total) and returns the number of MRAM nodes the
 * tree owns. */
uint32_t pim_bt_validate(const pim_btree_t *t);
#endif

#endif
