/*
 * The per-DPU execution loop: reads the call batch the host pushed to the input area, runs each call
 * in sequence order on tasklet 0, and writes one result record per call to the output area
 * (docs/wire-format.md). A call that records an error is rolled back alone and answers with its
 * SQLSTATE and message; the calls after it are unaffected.
 *
 * Only tasklet 0 executes calls for now (PIM_EXEC_TASKLETS = 1); the other tasklets return at once.
 * Concurrent execution of non-conflicting calls is the runtime issue's work; every piece of per-call
 * state is already per tasklet.
 */
#include "pim_rt.h"

/* ---- the batch loop ---- */

typedef struct {
    uint32_t magic, flags, ncalls, bytes;
} batch_hdr_t;

typedef struct {
    uint32_t magic, ncalls, bytes, flags;
} result_hdr_t;

typedef struct {
    uint32_t bytes;
    uint16_t proc, flags; /* PIM_CALL_MP, PIM_CALL_KEEP */
    uint64_t seq;
    int64_t now;
} call_hdr_t;

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
    uint32_t mp_bytes; /* exchange report at the record's end (PIM_CALL_MP calls), 0 otherwise */
} rec_hdr_t;

_Static_assert(sizeof(batch_hdr_t) == 16, "batch header");
_Static_assert(sizeof(pim_db_t) <= PIM_DB_BYTES && sizeof(pim_db_t) % 8 == 0, "database header");
_Static_assert(sizeof(call_hdr_t) == 24, "call header");
_Static_assert(sizeof(rec_hdr_t) == PIM_REC_HDR, "record header");

/* Room kept free in the output area so that a failing call can always write its error record. */
#define REC_RESERVE (PIM_REC_HDR + PIM_MSG_MAX + 8)
_Static_assert(PIM_OUT_BYTES > 4 * REC_RESERVE, "output area");

/* Room an exchange call keeps in the output area for its report. */
#define MP_ROOM (32u * 1024u)

/* Appends the exchange report of an MP call: {u32 entries, u32 stop ordinal, u32 needed DPU, u32 status}, entries. */
static uint32_t mp_report(pim_task_t *T, uint32_t status)
{
    uint32_t hdr[4] __attribute__((aligned(8)));
    uint32_t n;
    pim_off_t at;
    hdr[0] = T->mp_npub;
    hdr[1] = T->mp_stop;
    hdr[2] = T->mp_need;
    hdr[3] = status;
    assert(T->out_pos + 16 + (T->mp_pub - T->mp_pub0) <= PIM_OUT_OFF + PIM_OUT_BYTES);
    pim_mram_put(T->out_pos, hdr, 16);
    T->out_pos += 16;
    for (at = T->mp_pub0; at < T->mp_pub; at += n) {
        /* bounce through the key scratch, free at the end of a call */
        n = T->mp_pub - at < PIM_KEY_MAX ? T->mp_pub - at : PIM_KEY_MAX;
        pim_mram_get(at, T->key_a, n);
        pim_mram_put(T->out_pos, T->key_a, n);
        T->out_pos += n;
    }
    return 16 + (T->mp_pub - T->mp_pub0);
}

/* Runs one call whose parameter block is already in T->params and writes its result record. */
static void run_call(pim_task_t *T, const call_hdr_t *ch)
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
    T->mp_npub = 0;
    T->mp_pub = T->mp_pub0;
    T->mp_pend = NULL;
    T->status = 0;
    T->steps = PIM_MAX_STEPS;
    T->now = ch->now;
    T->nsets = 0;
    T->msg_len = 0;
    pim_bt_copy(T->sqlstate, "00000", 5);
    T->rec_start = T->out_pos;
    T->out_pos += PIM_REC_HDR;
    T->out_limit = PIM_OUT_OFF + PIM_OUT_BYTES - REC_RESERVE;

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
    if ((ch->flags & PIM_CALL_KEEP) != 0) {
        pim_mp_keep(T, seg); /* even an empty segment: the host counts one per KEEP call */
    }
    if (T->status != 0) {
        T->out_pos = T->rec_start + PIM_REC_HDR;
        T->out_limit = PIM_OUT_OFF + PIM_OUT_BYTES;
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
    rec.mp_bytes = 0;
    if ((ch->flags & PIM_CALL_MP) != 0) {
        rec.mp_bytes = mp_report(T, status);
    }
    rec.bytes = T->out_pos - T->rec_start;
    pim_mram_put(T->rec_start, &rec, PIM_REC_HDR);
}

/*
 * Runs the batch in the input area. The database header (pim_db) lives in MRAM between launches; a
 * batch with PIM_FLAG_INIT carries the host's formatted empty header instead (docs/wire-format.md).
 */
int main(void)
{
    pim_task_t *T;
    batch_hdr_t bh __attribute__((aligned(8)));
    result_hdr_t rh __attribute__((aligned(8)));
    call_hdr_t ch __attribute__((aligned(8)));
    pim_off_t pos = PIM_IN_OFF + sizeof(bh);
    uint32_t i, commit = 0xffffffffu;

    if (me() >= PIM_EXEC_TASKLETS) {
        return 0;
    }
    T = pim_me();
    pim_mram_get(PIM_IN_OFF, &bh, sizeof(bh));
    assert(bh.magic == PIM_BATCH_MAGIC && bh.bytes <= PIM_IN_BYTES);
    if ((bh.flags & PIM_FLAG_INIT) != 0) {
        /* the host formats: its empty database header follows the batch header; the DPU only zeroes the
         * hash bucket arrays, which the header places from PIM_DATA_OFF up to bump */
        pim_off_t at;
        pim_mram_get(pos, &pim_db, sizeof(pim_db));
        pos += sizeof(pim_db);
        pim_zero(T->key_a, PIM_KEY_MAX);
        for (at = PIM_DATA_OFF; at < pim_db.bump; at += PIM_KEY_MAX) {
            pim_mram_put(at, T->key_a, PIM_KEY_MAX);
        }
    } else {
        pim_mram_get(PIM_DB_OFF, &pim_db, sizeof(pim_db));
    }
    if ((bh.flags & PIM_FLAG_MP) != 0) {
        uint32_t mp[4] __attribute__((aligned(8)));
        pim_mram_get(pos, mp, 16);
        pos += 16;
        pim_mp_dpu = mp[0];
        pim_mp_parts = mp[1];
        pim_mp_dpus = mp[2];
        commit = mp[3];
    }
    assert(pim_db.magic == PIM_DB_MAGIC && pim_db.ntables == PIM_NTABLES);
    pim_mp_launch(T, commit, (bh.flags & PIM_FLAG_INIT) != 0);
    T->mp_pub0 = PIM_IN_OFF + ((bh.bytes + 7u) & ~7u); /* exchange scratch: the input area after the batch */
    T->out_pos = PIM_OUT_OFF + sizeof(rh);
    rh.magic = PIM_RESULT_MAGIC;
    rh.flags = 0;
    for (i = 0; i < bh.ncalls; i++) {
        if (PIM_OUT_OFF + PIM_OUT_BYTES - T->out_pos < 2 * REC_RESERVE) {
            rh.flags = 1; /* output area full: the host resubmits the calls not done */
            break;
        }
        pim_mram_get(pos, &ch, sizeof(ch));
        if ((ch.flags & PIM_CALL_MP) != 0) {
            mp_call_hdr_t mh __attribute__((aligned(8)));
            if (PIM_OUT_OFF + PIM_OUT_BYTES - T->out_pos < 2 * REC_RESERVE + MP_ROOM) {
                rh.flags = 1;
                break;
            }
            pim_mram_get(pos + sizeof(ch), &mh, sizeof(mh));
            assert(mh.param_bytes <= sizeof(T->params) && sizeof(ch) + sizeof(mh) + mh.param_bytes + mh.vec_bytes == ch.bytes);
            pim_mram_get(pos + sizeof(ch) + sizeof(mh), T->params, mh.param_bytes);
            T->mp_vec = pos + sizeof(ch) + sizeof(mh) + mh.param_bytes;
            T->mp_nvec = mh.nvec;
        } else {
            /* codegen sizes params for the largest parameter block of the program's procedures */
            assert(ch.bytes >= sizeof(ch) && (ch.bytes & 7u) == 0 && ch.bytes - sizeof(ch) <= sizeof(T->params));
            pim_mram_get(pos + sizeof(ch), T->params, ch.bytes - sizeof(ch));
        }
        run_call(T, &ch);
        pos += ch.bytes;
    }
    pim_mram_put(PIM_DB_OFF, &pim_db, sizeof(pim_db));
    rh.ncalls = i;
    rh.bytes = T->out_pos - PIM_OUT_OFF;
    pim_mram_put(PIM_OUT_OFF, &rh, sizeof(rh));
    return 0;
}
