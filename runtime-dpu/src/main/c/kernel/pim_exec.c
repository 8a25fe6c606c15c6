/*
 * The per-DPU execution loop: lays out the WRAM heap for the batch in the input area, runs its calls on every
 * tasklet, and writes one result record per call run to the output area (docs/wire-format.md, docs/vm.md). A
 * call that records an error is rolled back alone and answers with its SQLSTATE and message; the other calls
 * are unaffected.
 *
 * Concurrency (docs/runtime.md "Concurrent calls on a DPU"): the host orders the batch in waves of calls that
 * do not conflict and flags every call that joins the previous call's wave. The host gives the k-th call of a wave
 * to tasklet k mod NR_TASKLETS and chains each tasklet's calls (docs/wire-format.md): a tasklet reads only its own
 * calls, each header with its parameter block in one DMA, and all tasklets meet at a barrier before every wave (the
 * first one's also waits for the launch's layout), so the outcome is that of running the batch serially in batch
 * order. A tasklet without a call, or past its last one, only meets the barriers (the header counts the waves).
 * Each tasklet writes its records
 * into its own slice of the output area, and the result header says how much of each slice holds records: the
 * host reads the slices (nothing is moved). When a slice fills, the calls not yet started stop at the next wave
 * boundary and get no record: the host resubmits them. Exchange calls publish their values into the output
 * area's exchange region, one after the other; their reports say where.
 */
#include "pim_rt.h"
#include <alloc.h>
#if NR_TASKLETS > 1
#include <barrier.h>
#endif

/* The batch header (docs/wire-format.md): the host places everything, so the kernel reads positions, not flags.
 * db: the database header to install (PIM_DB_OFF, or the formatted one of a new database in the batch); calls: the
 * first call; waves: the barriers' count (a wave's calls run at once); commit_to, kept_to: the previous launch's kept
 * segments (tasklet 0's undo area from PIM_UNDO_OFF up to kept_to) are committed up to commit_to and rolled back from
 * there (docs/multi-partition.md "KEEP segments"); then the exchange header (dpu, partitions, dpus, 0), which lands in
 * pim_x; the tasklets the host laid the batch out for; the generation of the image in MRAM (a checksum of its bytes,
 * 0: unknown), whose header the kernel keeps between launches. Per tasklet, where the read of its first call starts
 * (0: none) and its bytes: the call's parameter block and header. The procedures' directory entries follow the
 * header. */
typedef struct {
    uint32_t magic, flags, ncalls, bytes, nprocs;
    pim_off_t db, calls;
    uint32_t waves;
    pim_off_t commit_to, kept_to;
    uint32_t x[4];
    uint32_t tasklets, image;
    uint64_t first[PIM_MAX_TASKLETS]; /* per tasklet, where its first read starts (0: no call) | its bytes << 32 */
} batch_hdr_t;

/* Directory entries tasklet 0 reads with the batch header (a batch of more procedures reads the others apart). */
#define DIR_WITH_HEADER 8u

/* The result header: the slices' table follows (E entries {u32 bytes, u32 records}, room for PIM_MAX_TASKLETS). */
typedef struct {
    uint32_t magic, tasklets, pub_bytes, flags;
} result_hdr_t;

/* A call's header, right behind its body. The calls of one tasklet form a chain (next), so a tasklet reads only its
 * own calls, each parameter block with its header by one DMA (next_read bytes) into the frame, and meets the others
 * at the barriers up to its call's wave. */
typedef struct {
    uint32_t bytes;       /* the call's body: the parameter block (an exchange call's sub-header, block and vector) */
    uint16_t proc, flags; /* PIM_CALL_JOINS_WAVE, PIM_CALL_SERIAL, PIM_CALL_MP, PIM_CALL_KEEP; the tasklet << 8 */
    uint64_t seq;
    int64_t now;
    pim_off_t next;       /* where the tasklet's next read starts (0: this is its last call) */
    uint32_t next_read;   /* its parameter block and header (an exchange call: its header only) */
    uint32_t index, wave; /* the call's place in the batch (its record says it) and its wave */
} call_hdr_t;

/* After the call header of a PIM_CALL_MP call: then the parameters, then the value vector. */
typedef struct {
    uint32_t param_bytes, nvec, vec_bytes, first; /* first: 1 on the call's lowest participant */
} mp_call_hdr_t;

_Static_assert(sizeof(batch_hdr_t) == PIM_BATCH_HEADER_BYTES && PIM_CALL_HEADER_BYTES % 8 == 0, "batch header");
_Static_assert(sizeof(call_hdr_t) == PIM_CALL_HEADER_BYTES, "call header");
_Static_assert(__builtin_offsetof(pim_kernel_t, x) % 8 == 0 && __builtin_offsetof(batch_hdr_t, x) % 8 == 0
               && PIM_MP_HEADER_BYTES == 16, "the exchange header lands in pim_x");
_Static_assert(sizeof(pim_rec_t) == PIM_REC_HDR && PIM_ARENA_MSG_BYTES == PIM_REC_HDR + PIM_MSG_MAX, "record header");
_Static_assert(sizeof(result_hdr_t) + 8 * PIM_MAX_TASKLETS == PIM_RESULT_HEADER_BYTES, "result header");
_Static_assert(sizeof(pim_image_t) == PIM_IMAGE_HEADER_BYTES, "image header");
_Static_assert(sizeof(pim_proc_t) == PIM_DIR_ENTRY_BYTES && sizeof(pim_cell_t) == PIM_CELL_BYTES, "entries");
_Static_assert(sizeof(pim_table_t) == 8 && sizeof(pim_index_t) == 8 && sizeof(pim_col_t) == 8, "schema");
_Static_assert(sizeof(pim_db_t) == 32 && sizeof(pim_btree_t) == 32, "database header");

/* Room kept free in a tasklet's output slice so that a failing call can always write its error record. */
#define REC_RESERVE (PIM_REC_HDR + PIM_MSG_MAX + 8)
/* The output area between the result header and the exchange region, split into one slice per tasklet (VmFormat). */
#define SLICE_BYTES (((PIM_OUT_BYTES - PIM_RESULT_HEADER_BYTES - PIM_OUT_PUB_BYTES) / NR_TASKLETS) & ~7u)
_Static_assert(SLICE_BYTES > 4 * REC_RESERVE, "output slice");
/* The exchange region: every exchange call of the launch publishes its values here, after the previous one's. */
#define PUB_AREA (PIM_OUT_OFF + PIM_OUT_BYTES - PIM_OUT_PUB_BYTES)
/* Room an exchange call keeps in its slice for its report (the DPUs a blocked join needs). */
#define MP_ROOM (32u + 4u * PIM_MP_NEEDS)
#if PIM_HAS(PIM_F_GATHER)
/* With relations an exchange call may publish up to the region's end (partials grow with LIMIT and with groups);
 * one that runs out of it behind earlier calls' entries runs again, first, in the next launch. */
#define MP_PUB_END(pub) ((pub) + PIM_MP_GATHER_PUB_MAX < PUB_AREA + PIM_OUT_PUB_BYTES ? (pub) + PIM_MP_GATHER_PUB_MAX \
                                                                                 : PUB_AREA + PIM_OUT_PUB_BYTES)
#else
#define MP_PUB_END(pub) ((pub) + PIM_MP_PUB_MAX)
#endif

#if NR_TASKLETS > 1
BARRIER_INIT(pim_wave_barrier, NR_TASKLETS);
#define WAVE_BARRIER() barrier_wait(&pim_wave_barrier)
#else
#define WAVE_BARRIER() ((void)0)
#endif

/* pim_k.stopped: a tasklet found its slice full: the calls of its wave not yet started, and every later wave,
 * are resubmitted. Tasklets read it right after a barrier, so all of them agree where to stop. */
#define stopped (pim_k.stopped)

/*
 * Tasklet 0, at the start of every launch: checks the image against this kernel, lays out the WRAM heap
 * (docs/vm.md "WRAM during a launch") at the offsets the image header gives, installs the database header (it
 * lives in MRAM between launches; a new database's comes in the batch) and loads the batch's procedures.
 */
static void layout(const batch_hdr_t *bh, const pim_proc_t *first_entries)
{
    pim_image_t *g = &pim_img;
    pim_proc_t *dir;
    uint8_t *h, *a;
    uint32_t i;

    if (bh->image == 0 || bh->image != pim_k.image) {
        /* WRAM globals survive from one launch to the next (a program load zeroes them) */
        pim_mram_get(PIM_IMAGE_OFF, g, sizeof(*g));
        pim_k.image = bh->image;
    }
    assert(g->magic == PIM_IMAGE_MAGIC && g->format == PIM_IMAGE_FORMAT && g->tasklets == NR_TASKLETS &&
           (g->features & ~(uint32_t)PIM_FEATURES) == 0);
    mem_reset();
    pim_heap = h = mem_alloc(g->heap_bytes);
    pim_mram_get(bh->db, h, g->db_bytes);
    pim_mram_get(PIM_IMAGE_OFF + PIM_IMAGE_HEADER_BYTES, h + g->db_bytes, g->schema_bytes);
    pim_db = (pim_db_t *)(void *)h;
    pim_free_lists = (pim_freelist_t *)(pim_db + 1);
    pim_tstate = (pim_tstate_t *)(void *)(h + g->tstate_at);
    pim_trees = (pim_btree_t *)(void *)(h + g->trees_at);
    pim_tabs = (const pim_table_t *)(void *)(h + g->db_bytes);
    pim_idxs = (const pim_index_t *)(void *)(h + g->idxs_at);
    pim_cols = (const pim_col_t *)(void *)(h + g->cols_at);
    assert(pim_db->magic == PIM_DB_MAGIC && (uint8_t *)(pim_trees + pim_db->ntrees) <= h + g->db_bytes);

    /* the batch's procedures: their directory entries, then each one's code (its heap offset replaces its image
     * offset) */
    pim_procs = dir = mem_alloc(bh->nprocs * sizeof(pim_proc_t));
    pim_nprocs = bh->nprocs;
    i = bh->nprocs < DIR_WITH_HEADER ? bh->nprocs : DIR_WITH_HEADER;
    pim_bt_copy(dir, first_entries, i * sizeof(pim_proc_t)); /* read with the batch header */
    if (i < bh->nprocs) {
        pim_mram_get(PIM_IN_OFF + PIM_BATCH_HEADER_BYTES + i * sizeof(pim_proc_t), dir + i,
                     (bh->nprocs - i) * sizeof(pim_proc_t));
    }
    for (i = 0; i < bh->nprocs; i++, dir++) {
        assert(dir->frame_bytes <= g->frame_bytes && (dir->frame_bytes & 7u) == 0 && dir->code + dir->bytes <= g->bytes);
        a = mem_alloc(dir->bytes);
        pim_mram_get(PIM_IMAGE_OFF + dir->code, a, dir->bytes);
        dir->code = (uint32_t)(a - h);
    }

    for (i = 0, a = h + g->db_bytes + g->schema_bytes; i < NR_TASKLETS; i++, a += g->arena_bytes) {
        pim_task_t *t = &pim_task[i];
        t->rec = (pim_rec_t *)(void *)a;
        t->key_a = a + PIM_ARENA_MSG_BYTES;
        t->key_b = a + g->key_b;
        t->frame = a + g->frame;
#if PIM_HAS(PIM_F_TREES | PIM_F_TREE_WRITES) /* B+tree reads or writes */
        pim_bt_buffers(i, a + g->node, a + g->brec);
#endif
    }
    assert(a == h + g->heap_bytes && g->frame + g->frame_bytes <= g->arena_bytes);
}

#if PIM_HAS(PIM_F_MP)
/* Appends the exchange report of an MP call: {u32 entries, u32 stop ordinal, u32 needed DPU, u16 status,
 * u16 needs, u32 where its published entries start in the output area, u32 their bytes}, then the `needs` DPUs
 * a blocked join needs (u32 each, padded to 8). The next exchange call publishes after these entries. */
static uint32_t mp_report(pim_task_t *T, uint32_t status)
{
    uint32_t head = 24 + ((pim_x.nneed * 4u + 7u) & ~7u);
    pim_mp_report[0] = pim_x.npub;
    pim_mp_report[1] = pim_x.stop;
    pim_mp_report[2] = pim_x.need;
    pim_mp_report[3] = status | pim_x.nneed << 16;
    pim_mp_report[4] = pim_x.pub0 - PIM_OUT_OFF;
    pim_mp_report[5] = pim_x.pub - pim_x.pub0;
    pim_mp_needs[pim_x.nneed] = 0; /* the padding when the count is odd (the array has one spare entry) */
    assert(T->out_pos + head <= T->out_limit + REC_RESERVE);
    pim_mram_put(T->out_pos, pim_mp_report, head);
    T->out_pos += head;
    return head;
}
#endif

/*
 * Runs one call whose parameter block is already at the start of the tasklet's frame and writes its result
 * record. Returns false, with the call rolled back and no record, when its output did not fit behind the
 * records already in the tasklet's slice, or its undo records behind the KEEP segments already in the undo area:
 * the host runs it again in a later launch, where it comes first. So a call fails with 53400 (or 53200) only when
 * its output (or its undo log) alone exceeds a slice (the undo area), whatever else the batch holds. An error
 * record's header and message leave the arena in one DMA (the slice keeps room for one, REC_RESERVE).
 */
static bool run_call(pim_task_t *T, const call_hdr_t *ch, const pim_proc_t *p, uint32_t index, pim_off_t base)
{
    pim_rec_t *rec = T->rec;
    uint32_t *w = (uint32_t *)(void *)rec, status, head;
    bool again;
    T->undo_base = T->undo_pos; /* the call's own undo records start here (earlier KEEP segments lie below) */
    T->mp_flags = ch->flags;
    pim_x.ord = pim_x.stop = pim_x.need = pim_x.npub = pim_x.nneed = pim_x.miss = 0; /* exchange calls run alone */
#if PIM_HAS(PIM_F_GATHER)
    pim_x.full = 0;
#endif
    pim_x.pub0 = pim_x.pub; /* this call's entries follow the previous call's (main checked the room) */
    pim_x.pub_end = MP_PUB_END(pim_x.pub);
    T->status = T->full = T->win_end = 0; /* the range window of an earlier call is gone */
    if (PIM_DMA_SAVERS) {
        T->found_tid = 0; /* as is its last find: a PKFIND marked again never sees another call's row */
    }
    T->steps = PIM_MAX_STEPS;
    T->now = ch->now;
    rec->proc = ch->proc;
    rec->seq = ch->seq;
    w[4] = 0x30303030u; /* SQLSTATE "00000", no result set, no message */
    w[5] = 0x30u;
    w[6] = w[8] = w[9] = w[11] = 0; /* out_bytes, mp_bytes, ops, pad */
    rec->index = index;
    T->rec_start = T->out_pos;
    T->out_pos += PIM_REC_HDR;

    pim_vm_run(T, p);
#if PIM_HAS(PIM_F_MP)
    if ((ch->flags & PIM_CALL_MP) != 0) {
        pim_mp_join_end(); /* a run that speculated past a missing value reports BLOCKED at the first one */
    }
#endif
    head = PIM_REC_HDR;
    if (T->status == 0) {
        uint32_t n = p->out_bytes;
        rec->out_bytes = n;
        if (PIM_DMA_SAVERS && T->out_pos == T->rec_start + PIM_REC_HDR && n <= PIM_MSG_MAX) {
            /* no result set: the OUT block (the prefix of the parameter block) leaves with the record's header, from
             * the message area; it fits the slice, as an error record would (main kept REC_RESERVE for one) */
            pim_bt_copy(rec + 1, T->frame, n);
            head += n;
            T->out_pos += n;
        } else {
            pim_out_write(T->frame, n);
        }
    }
    /* out of room that earlier calls of the launch hold (records in the slice, or KEEP segments in tasklet 0's undo
     * area): the call runs again in the next launch, first; only a call that fills the room alone fails */
    again = (T->full == PIM_FULL_OUTPUT && T->rec_start != base)
            || (T->full == PIM_FULL_UNDO && T->undo_base != T->undo_limit - PIM_UNDO_BYTES);
#if PIM_HAS(PIM_F_GATHER)
    if ((ch->flags & PIM_CALL_MP) != 0 && pim_x.full && pim_x.pub0 != PUB_AREA) {
        /* its partials did not fit behind the earlier calls' entries: run again first in the next launch (54000 only
         * when they exceed the whole region) */
        again = true;
        pim_x.pub = pim_x.pub0;
    }
#endif
    status = T->status;
#if PIM_HAS(PIM_F_MP)
    if (status == PIM_ST_BLOCKED && pim_x.miss != 0 && (ch->flags & PIM_CALL_KEEP) != 0 && !again) {
        /* a call blocked on a missing value keeps, in its segment, the writes it made before that value (they used
         * real values only, as its next run will: the calls after it here see them, and see the same then); what it
         * wrote while speculating past it is undone (docs/multi-partition.md "Speculation"). A call that a broadcast
         * read or a relation blocked (no missing value) is undone whole, as before. */
        pim_off_t base = T->undo_base;
        assert(base <= pim_x.miss_undo && pim_x.miss_undo <= T->undo_pos);
        T->undo_base = pim_x.miss_undo;
        pim_undo_end(true);
        T->undo_base = base;
    } else
#endif
    if (status != 0 || (ch->flags & PIM_CALL_KEEP) == 0) {
        pim_undo_end(status != 0);
    }
    if (again) {
        /* rolled back, no record, no kept segment: the host resubmits the call */
        T->out_pos = T->rec_start;
        return false;
    }
    rec->undo = T->undo_pos; /* a KEEP call's segment ends here (even an empty one: the host counts one per record) */
    rec->status = (uint16_t)status;
    if (status != 0) {
        head = PIM_REC_HDR + ((rec->msg_len + 7u) & ~7u);
        T->out_pos = T->rec_start + head;
        rec->nsets = 0;
        rec->out_bytes = 0;
    }
#if PIM_HAS(PIM_F_MP)
    if ((ch->flags & PIM_CALL_MP) != 0) {
        rec->mp_bytes = mp_report(T, status);
    }
#endif
    rec->bytes = T->out_pos - T->rec_start;
    pim_mram_put(T->rec_start, rec, head);
    T->records++;
    return true;
}

/*
 * Tasklet 0, before the first barrier: reads the batch header, lays out WRAM and gives every tasklet where its first
 * call is, in the record area of its arena (free until that call runs). A function of its own, so that the header is
 * on the stack only here. Returns where the previous launch's kept segments end.
 */
static PIM_OUTLINE pim_off_t begin(pim_task_t *T)
{
    struct {
        batch_hdr_t h;
        pim_proc_t dir[DIR_WITH_HEADER];
    } in __attribute__((aligned(8)));
    const batch_hdr_t *bh = &in.h;
    uint32_t t;
    /* the header and the directory's first entries behind it (past a short directory: whatever the input area holds) */
    pim_mram_get(PIM_IN_OFF, &in, sizeof(in));
    assert(bh->magic == PIM_BATCH_MAGIC && bh->bytes <= PIM_IN_BYTES && bh->tasklets == NR_TASKLETS &&
           bh->waves <= bh->ncalls && (bh->waves > 0) == (bh->ncalls > 0) && (bh->first[0] != 0) == (bh->ncalls > 0));
    pim_k.calls = bh->calls;
    pim_k.end = PIM_IN_OFF + bh->bytes;
    pim_k.ncalls = bh->ncalls;
    pim_k.waves = bh->waves;
    pim_k.db_dirty = bh->db != PIM_DB_OFF; /* a new database's header comes in the batch */
    layout(bh, in.dir);
    __builtin_memcpy(&pim_x, bh->x, PIM_MP_HEADER_BYTES); /* dpu, partitions, dpus */
    stopped = 0;
    pim_x.pub = PUB_AREA;
#pragma clang loop vectorize(disable) unroll(disable)
    for (t = 0; t < NR_TASKLETS; t++) {
        *(uint64_t *)(void *)pim_task[t].rec = bh->first[t];
    }
    assert(PIM_UNDO_OFF <= bh->commit_to && bh->commit_to <= bh->kept_to && bh->kept_to <= T->undo_limit);
    T->undo_base = bh->commit_to;
    return bh->kept_to;
}

/* Runs the batch in the input area on every tasklet. */
int main(void)
{
    call_hdr_t ch __attribute__((aligned(8)));
    uint32_t slot = PIM_SLOT(), wave = 0, read, guard;
    bool stop = false;
    pim_task_t *T = &pim_task[slot];
    pim_off_t pos, base = PIM_OUT_OFF + PIM_RESULT_HEADER_BYTES + slot * SLICE_BYTES;

    T->undo_base = T->undo_pos = PIM_UNDO_OFF + slot * PIM_UNDO_BYTES;
    T->undo_limit = T->undo_base + PIM_UNDO_BYTES;
    T->out_pos = base;
    T->out_limit = base + SLICE_BYTES - REC_RESERVE; /* a failing call can always write its error record */
    T->records = 0;
    if (slot == 0) {
        /* the previous launch's kept segments (tasklet 0's undo area: exchange and KEEP calls run alone, on tasklet 0)
         * are resolved before any call of this launch runs, i.e. before the barrier: the newest ones rolled back, then
         * the rest committed */
        T->undo_pos = begin(T);
        pim_undo_end(true); /* leaves undo_pos at undo_base, where the committed segments end */
        T->undo_base = PIM_UNDO_OFF;
        pim_undo_end(false);
    }
    WAVE_BARRIER(); /* the heap is laid out and the batch header read */
    /* this tasklet's calls: a chain through the batch, each parameter block read with the call's header behind it by
     * one DMA into the frame (every procedure's frame has room for both, ProcCompiler), the header then copied out */
    pos = ((const uint32_t *)(const void *)T->rec)[0];
    read = ((const uint32_t *)(const void *)T->rec)[1]; /* little-endian, as the host (and every DPU) */
    for (guard = 0; pos != 0; guard++) {
        const pim_proc_t *p;
        pim_off_t params;
        uint32_t n;
        assert(guard < pim_k.ncalls && pos >= pim_k.calls && (read & 7u) == 0 && read >= PIM_CALL_HEADER_BYTES &&
               read <= pim_img.frame_bytes && pos + read <= pim_k.end);
        pim_mram_get(pos, T->frame, read);
        ch = *(const call_hdr_t *)(const void *)(T->frame + read - PIM_CALL_HEADER_BYTES);
        params = pos + read - PIM_CALL_HEADER_BYTES - ch.bytes; /* the body, right before the header */
        assert((ch.bytes & 7u) == 0 && params >= pim_k.calls && ch.wave >= wave && ch.wave < pim_k.waves &&
               (ch.flags >> 8) == slot && ch.index < pim_k.ncalls && ch.proc < pim_nprocs);
        /* the barriers up to the call's wave: every call of the waves before is done */
        while (!stop && wave < ch.wave) {
            WAVE_BARRIER();
            wave++;
            stop = stopped != 0; /* a slice filled in an earlier wave: no later wave runs */
        }
        if (stop || stopped) {
            break; /* this call and the wave's calls not yet started are resubmitted */
        }
        p = &pim_procs[ch.proc];
        n = ch.bytes;
        if ((ch.flags & PIM_CALL_MP) != 0) {
            /* an exchange call: its sub-header, then its parameters (its value vector stays in MRAM) */
            mp_call_hdr_t mh __attribute__((aligned(8)));
            assert(PIM_HAS(PIM_F_MP) && slot == 0 && read == PIM_CALL_HEADER_BYTES); /* a wave of its own */
            pim_mram_get(params, &mh, sizeof(mh));
            assert(sizeof(mh) + mh.param_bytes + mh.vec_bytes == n);
            params += sizeof(mh);
            n = mh.param_bytes;
            pim_x.vec = params + n;
            pim_x.nvec = mh.nvec;
#if PIM_HAS(PIM_F_GATHER)
            pim_x.first = mh.first;
#endif
            assert(n <= p->frame_bytes);
            pim_mram_get(params, T->frame, n);
        } else {
            assert(read == n + PIM_CALL_HEADER_BYTES && read <= p->frame_bytes);
        }
        {
            /* an exchange call also keeps room for its report and its whole publish budget */
            uint32_t room = 2 * REC_RESERVE + ((ch.flags & PIM_CALL_MP) != 0 ? MP_ROOM : 0);
            if (T->out_limit + REC_RESERVE - T->out_pos < room ||
                ((ch.flags & PIM_CALL_MP) != 0 && PUB_AREA + PIM_OUT_PUB_BYTES - pim_x.pub < PIM_MP_PUB_MAX) ||
                !run_call(T, &ch, p, ch.index, base)) {
                stopped = 1; /* this call and the wave's calls not yet started are resubmitted */
                break;
            }
        }
        pos = ch.next;
        read = ch.next_read;
    }
    /* the barriers of the waves after this tasklet's last call, checking `stopped` after each as the walk does (never
     * before one: a call of the current wave may set it meanwhile) */
    while (!stop && wave + 1 < pim_k.waves) {
        WAVE_BARRIER();
        wave++;
        stop = stopped != 0;
    }
    WAVE_BARRIER(); /* the last wave is done; every tasklet met the same barriers and stopped at the same one */
    if (slot == 0) {
        /* the result header and every slice's entry (its record bytes and count), built in the record area and
         * written by one DMA; the database header goes back to MRAM when the launch changed it */
        uint32_t *w = (uint32_t *)(void *)T->rec, i;
        pim_off_t at = PIM_OUT_OFF + PIM_RESULT_HEADER_BYTES;
        w[0] = PIM_RESULT_MAGIC;
        w[1] = NR_TASKLETS;
        w[2] = pim_x.pub - PUB_AREA;
        w[3] = stopped;
#pragma clang loop vectorize(disable) unroll(disable)
        for (i = 0; i < NR_TASKLETS; i++, at += SLICE_BYTES) {
            w[4 + 2 * i] = pim_task[i].out_pos - at;
            w[5 + 2 * i] = pim_task[i].records;
        }
        pim_mram_put(PIM_OUT_OFF, w, sizeof(result_hdr_t) + 8 * NR_TASKLETS);
        if (!PIM_DMA_SAVERS || pim_k.db_dirty) {
            pim_mram_put(PIM_DB_OFF, pim_db, pim_img.db_bytes);
        }
    }
    return 0;
}
