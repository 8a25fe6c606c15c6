/*
 * The per-DPU execution loop: reads the call batch the host pushed to the input area, runs its calls on
 * PIM_EXEC_TASKLETS tasklets, and writes one result record per call run to the output area
 * (docs/wire-format.md). A call that records an error is rolled back alone and answers with its
 * SQLSTATE and message; the other calls are unaffected.
 *
 * Concurrency (docs/runtime.md "Concurrent calls on a DPU"): the host orders the batch in waves of
 * calls that do not conflict (no row written by one is touched by another, no table written by one is
 * used by another) and flags every call that joins the previous call's wave. Every tasklet walks the
 * whole batch; the k-th call of a wave runs on tasklet k mod PIM_EXEC_TASKLETS, and all tasklets meet
 * at a barrier between waves, so the outcome is that of running the batch serially in batch order.
 * Each tasklet writes its records into its own slice of the output area; tasklet 0 compacts the slices
 * behind the result header at the end. When a slice fills, the calls not yet started stop at the next
 * wave boundary and get no record: the host resubmits them.
 */
#include "pim_rt.h"
#if PIM_EXEC_TASKLETS > 1
#include <barrier.h>
#endif

/* ---- the batch loop ---- */

typedef struct {
    uint32_t magic, flags, ncalls, bytes;
} batch_hdr_t;

typedef struct {
    uint32_t magic, ncalls, bytes, flags;
} result_hdr_t;

typedef struct {
    uint32_t bytes;
    uint16_t proc, flags; /* CALL_JOINS_WAVE, CALL_SERIAL, PIM_CALL_MP, PIM_CALL_KEEP */
    uint64_t seq;
    int64_t now;
} call_hdr_t;

#define CALL_JOINS_WAVE 1u /* call_hdr_t.flags: runs in the wave of the call before it (0: starts a wave) */
/* call_hdr_t.flags: a one-call wave right after another one. Both run on tasklet 0, in order, so the
 * tasklets need not meet first: runs of conflicting calls (bulk loads) cost no barrier per call. */
#define CALL_SERIAL 2u

/* After the call header of a PIM_CALL_MP call: then the parameters, then the value vector. */
typedef struct {
    uint32_t param_bytes, nvec, vec_bytes, pad;
} mp_call_hdr_t;

typedef struct {
    uint32_t bytes;
    uint16_t proc, status;
    uint64_t seq;
    char sqlstate[5];
    uint8_t nsets;
    uint16_t msg_len;
    uint32_t out_bytes;
    uint32_t index; /* the call's position in the batch (records are not in batch order) */
    uint32_t mp_bytes; /* exchange report at the record's end (PIM_CALL_MP calls), 0 otherwise */
    uint32_t pad;
} rec_hdr_t;

_Static_assert(sizeof(batch_hdr_t) == 16, "batch header");
_Static_assert(sizeof(pim_db_t) <= PIM_DB_BYTES && sizeof(pim_db_t) % 8 == 0, "database header");
_Static_assert(sizeof(call_hdr_t) == 24, "call header");
_Static_assert(sizeof(rec_hdr_t) == PIM_REC_HDR, "record header");

_Static_assert(PIM_EXEC_TASKLETS >= 1 && PIM_EXEC_TASKLETS <= NR_TASKLETS, "executing tasklets");

/* Room kept free in a tasklet's output slice so that a failing call can always write its error record. */
#define REC_RESERVE (PIM_REC_HDR + PIM_MSG_MAX + 8)
/* The output area after the result header, split into one slice per executing tasklet. */
#define SLICE_BYTES (((PIM_OUT_BYTES - sizeof(result_hdr_t)) / PIM_EXEC_TASKLETS) & ~7u)
_Static_assert(SLICE_BYTES > 4 * REC_RESERVE, "output slice");

#if PIM_EXEC_TASKLETS > 1
BARRIER_INIT(pim_wave_barrier, PIM_EXEC_TASKLETS);
#define WAVE_BARRIER() barrier_wait(&pim_wave_barrier)
#else
#define WAVE_BARRIER() ((void)0)
#endif

#define NO_STOP 0xffffffffu
/* The wave in which a tasklet found its slice full, NO_STOP otherwise. Only calls of that wave set it,
 * and tasklets read it right after the barrier that ends a wave, so all of them agree where to stop. */
static uint32_t stop_wave;

/* Room an exchange call keeps in the output area for its report. */
#define MP_ROOM (32u * 1024u)

/* Appends the exchange report of an MP call: {u32 entries, u32 stop ordinal, u32 needed DPU, u16 status,
 * u16 needs}, the `needs` DPUs a blocked join needs (u32 each, padded to 8), entries. */
static uint32_t mp_report(pim_task_t *T, uint32_t status)
{
    uint32_t hdr[4] __attribute__((aligned(8)));
    uint32_t n, needs = (pim_mp_nneed * 4u + 7u) & ~7u;
    pim_off_t at;
    hdr[0] = T->mp_npub;
    hdr[1] = T->mp_stop;
    hdr[2] = T->mp_need;
    hdr[3] = status | pim_mp_nneed << 16;
    assert(T->out_pos + 16 + needs + (T->mp_pub - T->mp_pub0) <= T->out_end);
    pim_mram_put(T->out_pos, hdr, 16);
    T->out_pos += 16;
    if (needs != 0) {
        pim_mp_needs[pim_mp_nneed] = 0; /* the padding when the count is odd (the array has one spare entry) */
        pim_mram_put(T->out_pos, pim_mp_needs, needs);
        T->out_pos += needs;
    }
    for (at = T->mp_pub0; at < T->mp_pub; at += n) {
        /* bounce through the key scratch, free at the end of a call */
        n = T->mp_pub - at < PIM_KEY_MAX ? T->mp_pub - at : PIM_KEY_MAX;
        pim_mram_get(at, T->key_a, n);
        pim_mram_put(T->out_pos, T->key_a, n);
        T->out_pos += n;
    }
    return 16 + needs + (T->mp_pub - T->mp_pub0);
}

/*
 * Runs one call whose parameter block is already in T->params and writes its result record. Returns
 * false, with the call rolled back and no record, when its output did not fit behind the records already
 * in the tasklet's slice: the host runs it again in a later launch, where it comes first. So a call
 * fails with 53400 only when its output alone exceeds a slice, whatever else the batch holds.
 */
static bool run_call(pim_task_t *T, const call_hdr_t *ch, uint32_t index)
{
    rec_hdr_t rec __attribute__((aligned(8)));
    uint32_t out_bytes = 0;
    uint32_t status;
    pim_off_t seg = T->undo_pos;
    T->undo_base = seg; /* the call's own undo records start here (earlier KEEP segments lie below) */
    T->mp_flags = ch->flags;
    T->mp_ord = 0;
    T->mp_stop = 0;
    T->mp_need = 0;
    pim_mp_nneed = 0; /* (only exchange calls, alone in their wave, change these) */
    pim_mp_miss = 0;
    T->mp_npub = 0;
    T->mp_pub = T->mp_pub0;
    T->status = 0;
    T->out_full = 0;
    T->steps = PIM_MAX_STEPS;
    T->now = ch->now;
    T->nsets = 0;
    T->msg_len = 0;
    pim_bt_copy(T->sqlstate, "00000", 5);
    T->rec_start = T->out_pos;
    T->out_pos += PIM_REC_HDR;
    T->out_limit = T->out_end - REC_RESERVE;

    pim_dispatch(ch->proc); /* generated: sets T->frame, runs the procedure */
    if (T->status == 0) {
        out_bytes = pim_out_bytes(ch->proc);
        pim_out_write(T->params, out_bytes); /* the OUT block is the prefix of the parameter block */
    }
    status = T->status;
    rec.status = (uint16_t)status;
    if (status != 0 || (ch->flags & PIM_CALL_KEEP) == 0) {
        pim_undo_end(status != 0);
    }
    if (T->out_full && T->rec_start != T->out_base) {
        /* rolled back, no record, no kept segment: the host resubmits the call */
        assert(T->undo_pos == seg);
        T->out_pos = T->rec_start;
        return false;
    }
    if ((ch->flags & PIM_CALL_KEEP) != 0) {
        assert(PIM_SLOT() == 0); /* an exchange call runs alone, on tasklet 0, which owns the segment table */
        pim_mp_keep(T, seg); /* even an empty segment: the host counts one per KEEP call with a record */
    }
    if (T->status != 0) {
        T->out_pos = T->rec_start + PIM_REC_HDR;
        T->out_limit = T->out_end;
        T->nsets = 0;
        T->status = 0;
        out_bytes = 0;
        pim_out_write(T->msg, (T->msg_len + 7u) & ~7u);
    }
    pim_bt_copy(rec.sqlstate, T->sqlstate, 5);
    rec.msg_len = (uint16_t)T->msg_len;
    rec.out_bytes = out_bytes;
    rec.proc = ch->proc;
    rec.seq = ch->seq;
    rec.nsets = (uint8_t)T->nsets;
    rec.index = index;
    rec.mp_bytes = 0;
    rec.pad = 0;
    if ((ch->flags & PIM_CALL_MP) != 0) {
        rec.mp_bytes = mp_report(T, status);
    }
    rec.bytes = T->out_pos - T->rec_start;
    pim_mram_put(T->rec_start, &rec, PIM_REC_HDR);
    T->records++;
    return true;
}

/*
 * Installs the database header (pim_db) for this launch. It lives in MRAM between launches; a batch with
 * PIM_FLAG_INIT carries the host's formatted empty header instead (docs/wire-format.md), and the DPU
 * only zeroes the hash bucket arrays, which the header places from PIM_DATA_OFF up to bump (the host
 * formats so that no DPU program spends IRAM on it).
 */
static void load_db(pim_task_t *T, const batch_hdr_t *bh)
{
    if ((bh->flags & PIM_FLAG_INIT) != 0) {
        pim_off_t at;
        pim_mram_get(PIM_IN_OFF + sizeof(*bh), &pim_db, sizeof(pim_db));
        pim_zero(T->key_a, PIM_KEY_MAX);
        for (at = PIM_DATA_OFF; at < pim_db.bump; at += PIM_KEY_MAX) {
            pim_mram_put(at, T->key_a, PIM_KEY_MAX);
        }
    } else {
        pim_mram_get(PIM_DB_OFF, &pim_db, sizeof(pim_db));
    }
}

/*
 * Tasklet 0, after every tasklet is done: moves each slice's records down behind the result header
 * (ascending, the destination never above the source, through a WRAM buffer), writes the header, and
 * keeps the database header in MRAM for the next launch.
 */
static void finish(pim_task_t *T)
{
    result_hdr_t rh __attribute__((aligned(8)));
    pim_off_t to = PIM_OUT_OFF + sizeof(rh), from = to;
    uint32_t s, records = 0;
#if PIM_EXEC_TASKLETS > 1
    for (s = 0; s < PIM_EXEC_TASKLETS; s++, from += SLICE_BYTES) {
        pim_off_t end = pim_task[s].out_pos, at;
        assert(end >= from && end <= from + SLICE_BYTES && to <= from && ((end - from) & 7u) == 0);
        records += pim_task[s].records;
        for (at = from; to != from && at < end; at += PIM_KEY_MAX) {
            uint32_t n = end - at < PIM_KEY_MAX ? end - at : PIM_KEY_MAX;
            pim_mram_get(at, T->key_a, n);
            pim_mram_put(to + (at - from), T->key_a, n);
        }
        to += end - from;
    }
#else
    /* one slice, already behind the header: nothing to move (IRAM: no copy loop in serial programs) */
    (void)s;
    (void)from;
    records = T->records;
    to = T->out_pos;
#endif
    pim_mram_put(PIM_DB_OFF, &pim_db, sizeof(pim_db));
    rh.magic = PIM_RESULT_MAGIC;
    rh.ncalls = records;
    rh.bytes = to - PIM_OUT_OFF;
    rh.flags = stop_wave != NO_STOP; /* some calls did not run: the host resubmits them */
    pim_mram_put(PIM_OUT_OFF, &rh, sizeof(rh));
}

/* Runs the batch in the input area on every executing tasklet. */
int main(void)
{
    pim_task_t *T;
    batch_hdr_t bh __attribute__((aligned(8)));
    call_hdr_t ch __attribute__((aligned(8)));
    pim_off_t pos = PIM_IN_OFF + sizeof(bh);
    uint32_t i, slot, wave = 0, turn = 0, commit = 0xffffffffu;

    if (me() >= PIM_EXEC_TASKLETS) {
        return 0;
    }
    slot = PIM_SLOT();
    T = pim_me();
    pim_mram_get(PIM_IN_OFF, &bh, sizeof(bh));
    assert(bh.magic == PIM_BATCH_MAGIC && bh.bytes <= PIM_IN_BYTES);
    if ((bh.flags & PIM_FLAG_INIT) != 0) {
        pos += sizeof(pim_db);
    }
    if ((bh.flags & PIM_FLAG_MP) != 0) {
        uint32_t mp[4] __attribute__((aligned(8)));
        pim_mram_get(pos, mp, 16);
        pos += 16;
        commit = mp[3];
        if (slot == 0) {
            pim_mp_dpu = mp[0];
            pim_mp_parts = mp[1];
            pim_mp_dpus = mp[2];
        }
    }
    T->undo_limit = PIM_UNDO_OFF + (pim_off_t)(slot + 1) * PIM_UNDO_BYTES;
    T->undo_base = PIM_UNDO_OFF + (pim_off_t)slot * PIM_UNDO_BYTES;
    T->undo_pos = T->undo_base;
    if (slot == 0) {
        load_db(T, &bh);
        stop_wave = NO_STOP;
        /* the previous launch's kept segments (tasklet 0's undo area: exchange calls run alone, on
         * tasklet 0) are committed or undone before any call of this launch runs, i.e. before the barrier;
         * the other tasklets never touch the segment table */
        assert(pim_db.magic == PIM_DB_MAGIC && pim_db.ntables == PIM_NTABLES);
        pim_mp_launch(T, commit, (bh.flags & PIM_FLAG_INIT) != 0);
    }
    T->mp_pub0 = PIM_IN_OFF + ((bh.bytes + 7u) & ~7u); /* exchange scratch: the input area after the batch */
    T->mp_pub_end = T->mp_pub0 + PIM_MP_PUB_MAX < PIM_IN_OFF + PIM_IN_BYTES ? T->mp_pub0 + PIM_MP_PUB_MAX
                                                                           : PIM_IN_OFF + PIM_IN_BYTES;
    T->out_base = PIM_OUT_OFF + sizeof(result_hdr_t) + (pim_off_t)slot * SLICE_BYTES;
    T->out_pos = T->out_base;
    T->out_end = T->out_base + SLICE_BYTES;
    T->records = 0;
    WAVE_BARRIER(); /* pim_db is installed */
    assert(pim_db.magic == PIM_DB_MAGIC && pim_db.ntables == PIM_NTABLES && stop_wave == NO_STOP);
    for (i = 0; i < bh.ncalls; i++) {
        pim_mram_get(pos, &ch, 8); /* bytes, procedure, flags: enough to step over another tasklet's call */
        assert(ch.bytes >= sizeof(ch) && (ch.bytes & 7u) == 0 && pos + ch.bytes <= PIM_IN_OFF + bh.bytes);
#if PIM_EXEC_TASKLETS > 1
        if (i > 0 && (ch.flags & CALL_JOINS_WAVE) == 0) {
            if ((ch.flags & CALL_SERIAL) == 0) {
                WAVE_BARRIER(); /* every call of the wave before is done */
                if (stop_wave <= wave) {
                    break; /* a slice filled in an earlier wave: no later wave runs */
                }
            }
            wave++;
            turn = 0;
        }
#else
        if (stop_wave != NO_STOP) {
            break; /* one tasklet runs the batch in order: the rest is resubmitted */
        }
#endif
        if (turn == slot && stop_wave == NO_STOP) {
            bool done = false;
            /* an exchange call also keeps room for its report */
            uint32_t room = 2 * REC_RESERVE + ((ch.flags & PIM_CALL_MP) != 0 ? MP_ROOM : 0);
            if (T->out_end - T->out_pos >= room) {
                pim_mram_get(pos, &ch, sizeof(ch));
                if ((ch.flags & PIM_CALL_MP) != 0) {
                    mp_call_hdr_t mh __attribute__((aligned(8)));
                    assert(slot == 0); /* the host gives an exchange call a wave of its own */
                    pim_mram_get(pos + sizeof(ch), &mh, sizeof(mh));
                    assert(mh.param_bytes <= sizeof(T->params) &&
                           sizeof(ch) + sizeof(mh) + mh.param_bytes + mh.vec_bytes == ch.bytes);
                    pim_mram_get(pos + sizeof(ch) + sizeof(mh), T->params, mh.param_bytes);
                    T->mp_vec = pos + sizeof(ch) + sizeof(mh) + mh.param_bytes;
                    T->mp_nvec = mh.nvec;
                } else {
                    /* codegen sizes params for the largest parameter block of the program's procedures */
                    assert(ch.bytes - sizeof(ch) <= sizeof(T->params));
                    pim_mram_get(pos + sizeof(ch), T->params, ch.bytes - sizeof(ch));
                }
                done = run_call(T, &ch, i);
            }
            if (!done) {
                stop_wave = wave; /* this call and the wave's calls not yet started are resubmitted */
            }
        }
#if PIM_EXEC_TASKLETS > 1
        turn = turn + 1 == PIM_EXEC_TASKLETS ? 0 : turn + 1;
#endif
        pos += ch.bytes;
    }
    WAVE_BARRIER(); /* the last wave is done; every tasklet left the loop at the same call */
    if (slot == 0) {
        finish(T);
    }
    return 0;
}
