/*
 * B+tree in MRAM: see pim_btree.h for the node layout, the deletion policy and the concurrency rules.
 *
 * Writers work bottom-up on a single node buffer: the descent records the path (node, child index,
 * count per level), the leaf takes the new record, and every overflowing node is split in that same
 * buffer (it has one record of slack) before the parent is re-read. Re-reading a parent costs one DMA
 * per split level, which is rare, and saves a node buffer per level of WRAM per tasklet.
 */
#include "pim_btree.h"
#ifdef PIM_FEATURES /* the kernel's build: a lean kernel (PIM_F_LEAN) leaves the insert fast path out */
#include "pim_ops.h"
#define FAST_INSERTS ((PIM_FEATURES & PIM_F_LEAN) == 0)
#else
#define FAST_INSERTS 1
#endif

#include <assert.h>
#include <attributes.h>
#include <defs.h>
#include <mram.h>

#define HDR 16u                       /* node header bytes */
#define MAX_REC (PIM_BT_MAX_KEY + 8u) /* key + row + child */
#define CAP PIM_BT_FANOUT             /* records per node */

_Static_assert(PIM_BT_NODE_BYTES(PIM_BT_MAX_KEY) <= 2048, "one DMA per node");
_Static_assert(CAP >= 3, "a split needs at least 3 records per node");
_Static_assert(PIM_BT_MAX_KEY % 8 == 0, "records stay 8-byte aligned");

typedef struct {
    pim_mram_off_t prev, next; /* leaf links; 0 in internal nodes. Offsets 0 and 4: see set_link */
    uint16_t count;            /* records */
    uint16_t level;            /* 0 for leaves */
    pim_mram_off_t child0;     /* internal nodes only */
} node_hdr_t;

/* A node in WRAM; r has one record of slack so an overflowing node can be split in place. */
typedef struct {
    node_hdr_t h;
    uint8_t r[(CAP + 1) * MAX_REC];
} node_t;

typedef union {
    uint64_t align;
    uint8_t b[MAX_REC];
} rec_buf_t;

_Static_assert(sizeof(node_hdr_t) == HDR, "header layout");

/* Per tasklet buffers, given by pim_bt_buffers: the node being read or changed, and the record carried up
 * or read by next. Sized for the tasklet's largest key, so a node_t is only ever used up to its records. */
static node_t *g_node[NR_TASKLETS];
static uint8_t *g_rec[NR_TASKLETS];
/* The leaf whose whole image g_node holds for pim_bt_next (PIM_BT_NONE: none), so that a range scan reads a leaf
 * once rather than an entry at a time. Every other use of the node buffer forgets it: load() does, and the
 * kernel's in-place update borrows the buffer after pim_bt_forget(). The writer tags it (leaf | 1, offsets being
 * 8-byte aligned) when it leaves the leaf it just inserted into in the buffer: see fast_t. */
static pim_mram_off_t g_leaf[NR_TASKLETS];

/*
 * The insert fast path. A call that inserts consecutive keys (TPC-C's order lines) puts each entry right after the
 * one its previous insert put, so the writer remembers that leaf instead of descending again: while g_leaf is
 * tagged, nothing used the node buffer since the insert (any other use overwrites g_leaf), so the buffer still holds
 * the leaf's image, the record buffer holds this fast_t, and the rs bytes before it, the end of the node buffer's
 * slack record (which only a split writes; loads stop before the slack), hold the separator right of the leaf,
 * copied by the descent. The image is still the leaf in MRAM when the tree's version is the one the insert left
 * (every writer bumps it); root names the tree (roots are never freed, so no other tree has it). An entry p belongs
 * right after the previous insert's entry e when e < p < the entry after e, or the separator when e is the leaf's
 * last (entries(left) < s <= entries(right)); then the insert costs the leaf's store. The separator of the tree's
 * last leaf is an entry above every key (all ones: no row is at offset ~0).
 */
typedef struct {
    pim_mram_off_t root;
    uint32_t version;
    uint32_t slot;    /* where the insert put its entry, */
    uint32_t at;      /* and at which byte of the leaf's records (slot x record bytes) */
} fast_t;

void pim_bt_buffers(uint32_t tasklet, void *node, void *rec)
{
    assert(tasklet < NR_TASKLETS && ((uintptr_t)node & 7u) == 0 && ((uintptr_t)rec & 7u) == 0);
    g_node[tasklet] = node;
    g_rec[tasklet] = rec;
    g_leaf[tasklet] = PIM_BT_NONE;
}

void pim_bt_forget(const void *end)
{
    uint32_t self = me();
    if ((uintptr_t)end > (uintptr_t)g_node[self])
        g_leaf[self] = PIM_BT_NONE;
}

/* What a search compares records against: the first `len` key bytes, then the row if has_row. */
typedef struct {
    const uint8_t *key;
    uint32_t len;
    uint32_t row;
    bool has_row;
} probe_t;

typedef struct {
    pim_mram_off_t node[PIM_BT_MAX_HEIGHT];
    uint32_t idx[PIM_BT_MAX_HEIGHT]; /* child taken, or slot in the leaf */
    /* records each node had; once an insert knows how many nodes its splits need, those nodes (one more than
     * the height at most: a full root splits into two) */
    uint32_t count[PIM_BT_MAX_HEIGHT + 1];
    uint8_t *upper; /* where the descent copies the separator right of the leaf (fast_t) */
} path_t;

/* Records are 8-byte aligned in the buffers, so these compile to single loads and stores. The inline and noinline
 * attributes in this file are the smaller placement, as measured in the kernel (scripts/kernel-iram.sh). */
__attribute__((noinline)) static uint32_t ld32(const uint8_t *p)
{
    uint32_t v;
    __builtin_memcpy(&v, __builtin_assume_aligned(p, 4), 4);
    return v;
}

static inline void st32(uint8_t *p, uint32_t v)
{
    __builtin_memcpy(__builtin_assume_aligned(p, 4), &v, 4);
}

void pim_bt_dma(pim_mram_off_t off, void *wram, uint32_t bytes, bool write)
{
    /* no assert of the DMA rules: the DMA engine faults on a transfer that breaks them (so does the simulator) */
    uint8_t *w = wram;
    while (bytes > 0) {
        uint32_t n = bytes < 2048 ? bytes : 2048;
        __mram_ptr void *m = (__mram_ptr uint8_t *)DPU_MRAM_HEAP_POINTER + off;
        if (write)
            mram_write(w, m, n);
        else
            mram_read(m, w, n);
        off += n;
        w += n;
        bytes -= n;
    }
}

static void dma_read(pim_mram_off_t off, void *to, uint32_t bytes)
{
    assert(off != PIM_BT_NONE);
    pim_bt_dma(off, to, bytes, false);
}

static void dma_write(const void *from, pim_mram_off_t off, uint32_t bytes)
{
    assert(off != PIM_BT_NONE);
    pim_bt_dma(off, (void *)(uintptr_t)from, bytes, true);
}

__attribute__((always_inline)) static node_t *load(pim_mram_off_t off, uint32_t rs)
{
    node_t *n = g_node[me()];
    dma_read(off, n, HDR + CAP * rs);
    return n;
}

__attribute__((noinline)) static void store(const node_t *n, pim_mram_off_t off, uint32_t rs)
{
    assert(n->h.count <= CAP);
    dma_write(n, off, HDR + n->h.count * rs);
}

/* Sets a node's prev (which = 0) or next (which = 1) link without touching the rest of it. */
__attribute__((always_inline)) static void set_link(pim_mram_off_t node, uint32_t which, pim_mram_off_t value)
{
    uint32_t w[2] __dma_aligned;
    dma_read(node, w, 8);
    w[which] = value;
    dma_write(w, node, 8);
}

static void check_tree(const pim_btree_t *t __attribute__((unused)))
{
    assert(t->key_size >= 8 && t->key_size <= PIM_BT_MAX_KEY && t->key_size % 8 == 0);
    assert(t->height >= 1 && t->height <= PIM_BT_MAX_HEIGHT && t->root != PIM_BT_NONE);
}

/* memcmp, written out so the DPU program needs no libc routine for it (the store uses it too): the DPU's
 * pim_bt_keycmp (pim_btree.h). */
__attribute__((noinline)) int pim_bt_keycmp_bytes(const uint8_t *a, const uint8_t *b, uint32_t len)
{
    for (uint32_t i = 0; i < len; i++) {
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    }
    return 0;
}

#if UINTPTR_MAX != 0xffffffffu
/* The native simulator's: the host's memcmp, with the same sign (key_order_test compares the two); the byte loop
 * was 2-3% of the simulator's CPU in TPC-C, whose keys share long prefixes (warehouse, district, order). */
int pim_bt_keycmp(const uint8_t *a, const uint8_t *b, uint32_t len)
{
    int r = __builtin_memcmp(a, b, len);
    return (r > 0) - (r < 0);
}
#endif

static int keycmp(const uint8_t *a, const uint8_t *b, uint32_t len)
{
    assert(len <= PIM_BT_MAX_KEY);
    return pim_bt_keycmp(a, b, len);
}

/* Copies n bytes (no overlap): memcpy without a libc routine, for keys of any alignment. */
__attribute__((noinline)) void pim_bt_copy(void *to, const void *from, uint32_t n)
{
    uint8_t *t = to;
    const uint8_t *f = from;
    for (uint32_t i = 0; i < n; i++)
        t[i] = f[i];
}

/* Moves `words` 32-bit words from `from` to `to` (overlapping either way): memmove without a libc
 * routine. Records are 8-byte aligned and a multiple of 8 bytes. */
__attribute__((noinline)) void pim_bt_move_words(void *to_, const void *from_, uint32_t words)
{
    uint8_t *to = to_;
    const uint8_t *from = from_;
    uint32_t *t = __builtin_assume_aligned(to, 4);
    const uint32_t *f = __builtin_assume_aligned(from, 4);
    if (t < f) {
        for (uint32_t i = 0; i < words; i++)
            t[i] = f[i];
    } else {
        for (uint32_t i = words; i-- > 0;)
            t[i] = f[i];
    }
}

/* Sign of (record - probe). */
static int cmp_probe(const uint8_t *rec, const probe_t *p)
{
    int c = keycmp(rec, p->key, p->len);
    if (c == 0 && p->has_row) {
        uint32_t row = ld32(rec + p->len);
        c = row < p->row ? -1 : row > p->row;
    }
    return c;
}

/* Index of the node's first record r with r > p (strict) or r >= p (!strict): a linear scan of at most CAP
 * records, smaller code than a binary search (the node's DMA costs far more than its comparisons). */
static uint32_t find(const node_t *n, uint32_t rs, const probe_t *p, bool strict)
{
    uint32_t i;
    const uint8_t *r = n->r;
    for (i = 0; i < n->h.count; i++, r += rs) {
        int c = cmp_probe(r, p);
        if (c > 0 || (c == 0 && !strict))
            break;
    }
    return i;
}

static pim_mram_off_t child(const node_t *n, uint32_t i, uint32_t rs, uint32_t ks)
{
    return i == 0 ? n->h.child0 : ld32(n->r + (i - 1) * rs + ks + 4);
}

/*
 * Reads the nodes from the root down to a leaf, which stays in this tasklet's buffer. In an internal
 * node the descent takes child i where i = number of separators s that fail the predicate
 * (s > p when istrict, else s >= p); in the leaf, idx is the first record satisfying the lstrict one.
 * Writers get the whole path; readers pass path == 0 and get the leaf and slot (saves stack).
 */
static node_t *descend(const pim_btree_t *t, const probe_t *p, bool istrict, bool lstrict, path_t *path,
                       pim_mram_off_t *leaf_off, uint32_t *slot)
{
    uint32_t ks = t->key_size, rs = ks + 8, height = t->height;
    pim_mram_off_t off = t->root;
    node_t *n = 0;
    assert(height >= 1 && height <= PIM_BT_MAX_HEIGHT);
    for (uint32_t d = 0; d < height; d++) {
        n = load(off, rs);
        bool leaf = d + 1 == height;
        assert(n->h.level == height - 1 - d && n->h.count <= CAP);
        assert(leaf ? n->h.count >= 1 || height == 1 : n->h.child0 != PIM_BT_NONE); /* only a root leaf is empty */
        uint32_t i = find(n, rs, p, leaf ? lstrict : istrict);
        if (path) {
            path->node[d] = off;
            path->idx[d] = i;
            path->count[d] = n->h.count;
            if (FAST_INSERTS && !leaf && i < n->h.count) { /* record i bounds child i on the right; the deepest one is the leaf's */
                pim_bt_move_words(path->upper, n->r + i * rs, rs / 4);
            }
        } else if (leaf) {
            *leaf_off = off;
            *slot = i;
        }
        off = child(n, i, rs, ks);
    }
    return n;
}

void pim_bt_init(pim_btree_t *t, uint32_t key_size, pim_mram_off_t root)
{
    node_hdr_t h __dma_aligned = {0};
    dma_write(&h, root, HDR); /* an empty leaf */
    t->root = root;
    t->key_size = key_size;
    t->height = 1;
    t->entries = 0;
    t->reserved[0] = t->reserved[1] = t->reserved[2] = 0;
    t->version = 0;
    check_tree(t);
}

/*
 * The one writer: inserts (key, row) (ins) or removes it, bottom-up on this tasklet's node buffer. Both
 * directions edit nodes the same way (one record in at `pos`, or one out), so they share the level loop:
 * an insert that overflows a node splits it and carries the separator up; a remove that empties a leaf
 * (or takes an internal node's last child) frees that node and carries the removal of its child up.
 * No merging or borrowing: nodes may be under-full (see pim_btree.h for why that is safe and bounded).
 * An insert first allocates every node its splits need (each full node on the path, two for a full root),
 * so a failing allocation changes nothing: the nodes it got go back.
 */
static bool write(pim_btree_t *t, const uint8_t *key, pim_mram_off_t row, bool ins, pim_bt_alloc_fn alloc,
                  pim_bt_free_fn release)
{
    check_tree(t);
    assert(row != PIM_BT_NONE);
    uint32_t ks = t->key_size, rs = ks + 8, node_bytes = HDR + CAP * rs;
    probe_t p = {key, ks, row, true};
    path_t path;
    pim_mram_off_t *fresh = path.count; /* the counts are read first */
    uint32_t self = me(), d = t->height - 1, need = 0;
    pim_mram_off_t tagged = g_leaf[self];
    node_t *n = g_node[self];
    fast_t *f = (fast_t *)(void *)g_rec[self];
    path.upper = (uint8_t *)f - rs;
    /* rec follows the node buffer of the largest key (pim_bt_buffers): the separator's room is in its slack record */
    assert(!FAST_INSERTS || (path.upper >= n->r + CAP * rs && (uint8_t *)f <= n->r + (CAP + 1u) * (PIM_BT_MAX_KEY + 8u)));
    g_leaf[self] = PIM_BT_NONE; /* the writer's nodes take the node buffer */
    uint32_t cnt = n->h.count, at = f->slot + 1u, seq = 0;
    /* the entry goes right after the previous insert's (fast_t): before the next entry, or the leaf's separator */
    if (FAST_INSERTS && ins && (tagged & 1u) != 0 && f->root == t->root && f->version == t->version &&
        cmp_probe(n->r + f->at, &p) < 0 && cmp_probe(at < cnt ? n->r + f->at + rs : path.upper, &p) > 0) {
        assert(n->h.level == 0 && at <= cnt);
        path.node[d] = tagged - 1u;
        path.idx[d] = at;
        path.count[d] = cnt;
        if (cnt == CAP) { /* an ascending run reached a full leaf: descend for the split, after the new entry */
            seq = 1;
            tagged = 0;
        }
    } else {
        tagged = 0;
    }
    if (tagged == 0) {
        /* no separator right of the tree's last leaf: an entry above every key (rows are never ~0) stands for it */
        for (uint32_t w = 0; FAST_INSERTS && w < rs / 4; w++)
            ((uint32_t *)(void *)path.upper)[w] = ~0u;
        n = descend(t, &p, true, false, &path, 0, 0);
    }
    uint32_t s = path.idx[d];
    if ((s < n->h.count && cmp_probe(n->r + s * rs, &p) == 0) == ins)
        return ins; /* inserting a present entry changes nothing; removing an absent one fails */
    for (uint32_t l = d + 1; ins && l-- > 0 && path.count[l] == CAP;)
        need += l == 0 ? 2 : 1;
    if (need > t->height && t->height == PIM_BT_MAX_HEIGHT)
        return false;
    for (uint32_t i = 0; i < need; i++) {
        fresh[i] = alloc(node_bytes);
        if (fresh[i] == PIM_BT_NONE) {
            while (i-- > 0)
                release(fresh[i], node_bytes);
            return false; /* nothing changed */
        }
    }

    uint8_t *r = g_rec[self];
    pim_bt_copy(r, key, ks);
    st32(r + ks, row);
    st32(r + ks + 4, PIM_BT_NONE);
    /* Appending past the largest entry (ascending keys: row ids, timestamps) splits full nodes at the
     * end instead of the middle, so such trees fill their nodes instead of leaving them half empty. */
    bool append = ins && n->h.next == PIM_BT_NONE && s == n->h.count;
    t->entries += ins ? 1 : (uint32_t)-1;
    t->version++;
    for (uint32_t i = 0;; i++) {
        assert(i < PIM_BT_MAX_HEIGHT);
        uint32_t pos = path.idx[d], cnt = n->h.count;
        bool leaf = n->h.level == 0;
        pim_mram_off_t off = path.node[d];
        assert(pos <= cnt && cnt <= CAP && (!append || pos == cnt));
        if (!ins && d > 0 && cnt == (uint32_t)leaf) {
            /* The leaf's last entry or the internal node's last child goes: free the node, and remove
             * its child slot from the parent. The root is never freed (see below). */
            if (leaf) {
                if (n->h.prev != PIM_BT_NONE)
                    set_link(n->h.prev, 1, n->h.next);
                if (n->h.next != PIM_BT_NONE)
                    set_link(n->h.next, 0, n->h.prev);
            }
            release(off, node_bytes);
            n = load(path.node[--d], rs);
            continue;
        }
        if (!ins && !leaf) {
            if (cnt == 0) {
                /* The root lost its only child: the tree is empty and the root becomes an empty leaf
                 * (the height never shrinks otherwise: an internal root with one child stays). */
                n->h = (node_hdr_t){0};
                t->height = 1;
                store(n, off, rs);
                break;
            }
            /* child pos is child0 or record pos-1's child: drop that record */
            if (pos == 0)
                n->h.child0 = child(n, 1, rs, ks);
            else
                pos--;
        }
        /* The one node edit: open a record's room at pos (insert) or close record pos (remove). */
        uint8_t *at = n->r + pos * rs;
        pim_bt_move_words(ins ? at + rs : at, ins ? at : at + rs, (cnt - pos - !ins) * rs / 4);
        if (ins)
            pim_bt_move_words(at, r, rs / 4);
        cnt += ins ? 1 : (uint32_t)-1;
        n->h.count = (uint16_t)cnt;
        if (cnt <= CAP) {
            store(n, off, rs);
            if (FAST_INSERTS && ins && i == 0) { /* the leaf took the entry without a split: the next insert may take the fast path */
                fast_t *nf = (fast_t *)(void *)r;
                nf->root = t->root;
                nf->version = t->version;
                nf->slot = pos;
                nf->at = (uint32_t)(at - n->r);
                g_leaf[self] = off | 1u;
            }
            break;
        }
        /* Split: the left half (all but the new record when appending) stays; a leaf copies its first
         * right record up as the separator, an internal node moves its middle record up and the
         * record's child becomes the right child0. */
        uint32_t half = append ? CAP - !leaf : cnt / 2;
        if (leaf && seq) /* keep the run's room: the new entry ends the left leaf, or starts the right one */
            half = pos + 1u < CAP ? pos + 1u : pos;
        uint8_t *mid = n->r + half * rs;
        pim_mram_off_t right = fresh[--need];
        node_hdr_t rh __dma_aligned = {
            .prev = leaf ? off : PIM_BT_NONE,
            .next = leaf ? n->h.next : PIM_BT_NONE,
            .count = (uint16_t)(cnt - half - !leaf),
            .level = n->h.level,
            .child0 = leaf ? PIM_BT_NONE : ld32(mid + ks + 4),
        };
        assert(rh.count >= 1 && half >= 1);
        dma_write(&rh, right, HDR);
        dma_write(leaf ? mid : mid + rs, right + HDR, rh.count * rs);
        if (rh.next != PIM_BT_NONE)
            set_link(rh.next, 0, right);
        pim_bt_move_words(r, mid, rs / 4);
        st32(r + ks + 4, right);
        n->h.count = (uint16_t)half;
        if (leaf)
            n->h.next = right;
        store(n, off, rs);
        if (d == 0) { /* the root split: a new root holds the separator */
            uint16_t level = (uint16_t)(n->h.level + 1);
            n->h = (node_hdr_t){.count = 1, .level = level, .child0 = off};
            pim_bt_move_words(n->r, r, rs / 4);
            t->root = fresh[--need];
            t->height++;
            store(n, t->root, rs);
            break;
        }
        n = load(path.node[--d], rs);
    }
    assert(need == 0);
    return true;
}

bool pim_bt_insert(pim_btree_t *t, const uint8_t *key, pim_mram_off_t row, pim_bt_alloc_fn alloc,
                   pim_bt_free_fn release)
{
    return write(t, key, row, true, alloc, release);
}

bool pim_bt_remove(pim_btree_t *t, const uint8_t *key, pim_mram_off_t row, pim_bt_free_fn release)
{
    return write(t, key, row, false, 0, release);
}

void pim_bt_open(const pim_btree_t *t, pim_bt_cursor_t *c, uint32_t lo_len, bool lo_inclusive, uint32_t hi_len,
                 bool hi_inclusive, bool descending)
{
    check_tree(t);
    assert(lo_len <= t->key_size && hi_len <= t->key_size);
    /* Ascending starts at the first entry >= lo (> lo if exclusive); descending just before the first
     * entry > hi (>= hi if exclusive). An absent bound compares 0 bytes and is inclusive: ">= nothing" holds for
     * every entry (start at the first), "> nothing" for none (start after the last); a far end of 0 bytes stops
     * nothing. */
    c->from_strict = descending ? hi_inclusive : !lo_inclusive;
    c->from_len = descending ? hi_len : lo_len;
    c->prefix_len = descending ? lo_len : hi_len;
    c->bound_inclusive = descending ? lo_inclusive : hi_inclusive;
    c->descending = descending;
    c->from_is_entry = false;
    c->from_row = PIM_BT_NONE;
    c->done = false;
    c->leaf = c->link = PIM_BT_NONE;
    c->slot = 0;
    c->count = 0;
    c->version = t->version;
}

void pim_bt_seek(const pim_btree_t *t, pim_bt_cursor_t *c,
                 const uint8_t *lo, uint32_t lo_len, bool lo_inclusive,
                 const uint8_t *hi, uint32_t hi_len, bool hi_inclusive, bool descending)
{
    lo_len = lo ? lo_len : 0;
    hi_len = hi ? hi_len : 0;
    assert(lo_len <= PIM_BT_MAX_KEY && hi_len <= PIM_BT_MAX_KEY);
    pim_bt_copy(descending ? c->bound : c->from, lo, lo_len);
    pim_bt_copy(descending ? c->from : c->bound, hi, hi_len);
    pim_bt_open(t, c, lo_len, lo_inclusive || !lo, hi_len, hi_inclusive || !hi, descending);
}

pim_mram_off_t pim_bt_next(const pim_btree_t *t, pim_bt_cursor_t *c, uint8_t *key_out)
{
    uint32_t ks = t->key_size, rs = ks + 8, self = me();
    int32_t step = c->descending ? -1 : 1;
    node_t *n = g_node[self];
    if (c->done)
        return PIM_BT_NONE;
    if (c->leaf == PIM_BT_NONE || c->version != t->version) {
        /* First call, or the tree changed since the position was read: find it again from `from`. */
        probe_t p = {c->from, c->from_len, c->from_row, c->from_is_entry};
        uint32_t slot;
        descend(t, &p, c->from_strict, c->from_strict, 0, &c->leaf, &slot);
        c->count = n->h.count;
        c->link = step < 0 ? n->h.prev : n->h.next;
        c->slot = (int32_t)slot + (step < 0 ? -1 : 0);
        c->version = t->version;
        g_leaf[self] = c->leaf;
    }
    bool hop = c->slot < 0 || (uint32_t)c->slot >= c->count;
    if (hop) {
        /* Off the end of this leaf: one hop suffices because only a root leaf (which has no
         * neighbours) can be empty. */
        if (c->link == PIM_BT_NONE) {
            c->done = true;
            return PIM_BT_NONE;
        }
        c->leaf = c->link;
    }
    if (g_leaf[self] != c->leaf) {
        /* the next leaf, or this one again when the buffer was used since (unchanged: the version says so) */
        dma_read(c->leaf, n, HDR + CAP * rs);
        g_leaf[self] = c->leaf;
    }
    if (hop) {
        c->count = n->h.count;
        c->link = step < 0 ? n->h.prev : n->h.next;
        c->slot = step < 0 ? (int32_t)n->h.count - 1 : 0;
    }
    assert(n->h.level == 0 && n->h.count == c->count && c->count >= 1 && c->count <= CAP);
    uint8_t *r = n->r + (uint32_t)c->slot * rs;
    int cmp = keycmp(r, c->bound, c->prefix_len); /* 0 bytes (no far end): 0, inclusive */
    if (step < 0)
        cmp = -cmp;
    if (cmp > 0 || (cmp == 0 && !c->bound_inclusive)) {
        c->done = true;
        return PIM_BT_NONE;
    }
    /* Remember the entry: a re-seek continues after it (ascending) or before it (descending). */
    pim_mram_off_t row = ld32(r + ks);
    pim_bt_copy(c->from, r, ks);
    c->from_len = ks;
    c->from_row = row;
    c->from_is_entry = true;
    c->from_strict = step > 0;
    if (key_out)
        pim_bt_copy(key_out, r, ks);
    c->slot += step;
    return row;
}

bool pim_bt_contains_key(const pim_btree_t *t, const uint8_t *key, uint32_t prefix_len)
{
    pim_bt_cursor_t c;
    pim_bt_seek(t, &c, key, prefix_len, true, key, prefix_len, true, false);
    return pim_bt_next(t, &c, 0) != PIM_BT_NONE;
}

#ifdef PIM_BT_VALIDATE
/* Walks the tree depth first without recursion. The in-order sequence of leaf entries and separators
 * must be increasing, except that a separator may equal the entry right after it; this is exactly the
 * search invariant entries(left) < separator <= entries(right) at every level. */
uint32_t pim_bt_validate(const pim_btree_t *t)
{
    check_tree(t);
    uint32_t ks = t->key_size, rs = ks + 8;
    static rec_buf_t last_buf;
    uint8_t *last = last_buf.b;
    int last_kind = 0; /* 0: nothing yet, 1: entry, 2: separator */
    pim_mram_off_t node[PIM_BT_MAX_HEIGHT], prev_leaf = PIM_BT_NONE, expect_next = PIM_BT_NONE;
    uint32_t next_child[PIM_BT_MAX_HEIGHT], nodes = 0, entries = 0;
    int32_t d = 0;
    node[0] = t->root;
    next_child[0] = 0;
    for (uint32_t step = 0; d >= 0; step++) {
        assert(step < 3u * ((1u << 26) / (HDR + CAP * 16u)));
        g_leaf[me()] = PIM_BT_NONE;
        node_t *n = load(node[d], rs);
        uint32_t cnt = n->h.count;
        assert(n->h.level == t->height - 1 - (uint32_t)d && cnt <= CAP);
        if (next_child[d] == 0)
            nodes++;
        uint32_t first = 0, end = cnt, kind = 1; /* records to put in sequence */
        if (n->h.level == 0) {
            assert((cnt >= 1 || t->height == 1) && n->h.prev == prev_leaf && (prev_leaf == PIM_BT_NONE || expect_next == node[d]));
            assert(n->h.child0 == PIM_BT_NONE);
            entries += cnt;
            prev_leaf = node[d];
            expect_next = n->h.next;
            d--;
        } else if (next_child[d] > cnt) {
            end = 0;
            d--;
        } else {
            uint32_t ci = next_child[d]++;
            first = ci - 1;
            end = ci == 0 ? 0 : ci;
            kind = 2;
            assert(d + 1 < (int32_t)t->height);
            pim_mram_off_t ch = child(n, ci, rs, ks);
            node[++d] = ch;
            next_child[d] = 0;
        }
        for (uint32_t i = first; i < end; i++) {
            const uint8_t *rec = n->r + i * rs;
            probe_t p = {last, ks, ld32(last + ks), true};
            int c = last_kind ? cmp_probe(rec, &p) : 1;
            assert(c > 0 || (c == 0 && last_kind == 2 && kind == 1));
            assert(kind == 1 ? ld32(rec + ks) != PIM_BT_NONE && ld32(rec + ks + 4) == PIM_BT_NONE
                             : last_kind == 1 && ld32(rec + ks + 4) != PIM_BT_NONE);
            pim_bt_copy(last, rec, ks + 4);
            last_kind = (int)kind;
        }
    }
    assert(expect_next == PIM_BT_NONE && entries == t->entries);
    return nodes;
}
#endif
