/*
 * The interpreter (docs/vm.md "Instructions"): one loop over the running procedure's instructions, in the
 * procedure's frame, calling the runtime for everything that touches storage, output or the exchange.
 *
 * Written for IRAM: the operands are decoded once at the top of the loop (cells a, b, c; x, y), NULL
 * propagation is tested once for the two runs of NULL-propagating operations (Op.java orders them), results go
 * through one numeric and one string tail, and the conditional jumps, comparisons and three-valued logic are
 * bit tables instead of branches. An operation whose feature this kernel lacks is a fault (the default case):
 * the less common expressions are PIM_F_EXPR, so that a kernel whose programs do not use them does not carry them.
 */
#include "pim_rt.h"

typedef struct {
    uint8_t op, a, b, c;
    uint16_t x, y;
} pim_ins_t;

/* ELEM's array descriptor, SORTPUT's sort descriptor, GAGGS's aggregates (pool words, docs/vm.md). */
typedef struct {
    uint16_t card_off, nulls_off, elems_off, stride;
    uint8_t kind, pad;
    uint16_t cap;
} pim_array_t;
typedef struct {
    uint16_t buf, rec, rec_bytes, key_bytes;
    uint8_t n, cap, keep, pad;
} pim_sort_t;
typedef struct {
    uint16_t stmt, n, temp, pad;
    uint8_t kind[];
} pim_aggs_t;

_Static_assert(sizeof(pim_ins_t) == 8 && sizeof(pim_fd_t) == 8 && sizeof(pim_xfield_t) == 12, "pool layouts");
_Static_assert(OP_SUBSTR + 1 == OP_NEG && OP_ADD < OP_SUBSTR && OP_NEG < OP_SETADD && OP_CMPI < OP_SETADD,
               "NULL-propagating runs");
_Static_assert(OP_JMP + 5 == OP_JNN && OP_AND + 1 == OP_OR, "jump and logic tables");

/* Bit (op - OP_JMP) * 3 + t of JUMPS: whether the jump is taken for a cell that is FALSE (t 0), TRUE (1) or
 * NULL (2): JMP always, JT on TRUE, JF unless TRUE, JFALSE on FALSE, JNULL on NULL, JNN unless NULL. */
#define JUMPS (7u | 2u << 3 | 5u << 6 | 1u << 9 | 4u << 12 | 3u << 15)
/* Bit rel * 3 + (sign + 1) of RELS: whether b R c holds when b is less (0), equal (1) or greater (2). */
#define RELS (2u | 5u << 3 | 1u << 6 | 3u << 9 | 4u << 12 | 6u << 15)

PIM_INLINE bool pim_bit(const uint8_t *base, uint32_t bit)
{
    return bit != PIM_NO_NULL_BIT && ((base[bit >> 3] >> (bit & 7u)) & 1u) != 0;
}

void pim_setbit(uint8_t *base, uint32_t bit, bool on)
{
    uint8_t m = (uint8_t)(1u << (bit & 7u));
    if (bit != PIM_NO_NULL_BIT) {
        base[bit >> 3] = (uint8_t)(on ? base[bit >> 3] | m : base[bit >> 3] & ~m);
    }
}

PIM_OUTLINE static void set_null(pim_cell_t *c)
{
    c->v = 0;
    c->len = 0;
    c->null = 1;
}

static void set_str(pim_cell_t *c, const void *s, uint32_t len)
{
    c->p = PIM_CELL_P(s);
    c->len = (uint16_t)len;
    c->null = 0;
}

static const char *str(const pim_cell_t *c)
{
    return (const char *)PIM_CELL_PTR(c->p);
}

/* LD: the field's value (CHAR: its cap characters; VARCHAR: its length) or NULL. */
static void fd_load(pim_cell_t *c, const pim_fd_t *d, uint8_t *F)
{
    uint8_t *p = F + d->off;
    if (pim_bit(F, d->nbit)) {
        set_null(c);
    } else if (d->kind < PIM_K_CHAR) {
        c->v = pim_ldnum(p, d->kind);
        c->null = 0;
    } else if (d->kind == PIM_K_CHAR) {
        set_str(c, p, d->cap);
    } else {
        set_str(c, p + 2, PIM_VLEN(p, 0));
    }
}

/* ST: NULL sets the flag (23502 when NOT NULL); a number is range-checked and stored in the field's kind; a
 * string is stored by pim_ststr (22001 unless only spaces are cut). */
PIM_NO_TAIL_CALLS static void fd_store(const pim_cell_t *c, const pim_fd_t *d, uint8_t *F)
{
    uint8_t *p = F + d->off;
    uint32_t fit = d->flags & 31u;
    if (c->null && (d->flags & PIM_FD_NOT_NULL) != 0) {
        pim_error(PIM_E_NOT_NULL);
        return;
    }
    assert(!c->null || d->nbit != PIM_NO_NULL_BIT);
    pim_setbit(F, d->nbit, c->null);
    if (c->null) {
        return;
    }
    if (d->kind < PIM_K_CHAR) {
        pim_stnum(p, d->kind, fit != 0 ? pim_fit(c->v, fit) : c->v);
    } else {
        pim_ststr(p, d->kind, d->cap, str(c), c->len);
    }
}

__attribute__((noinline)) void pim_move(const pim_fd_t *to, const pim_fd_t *from)
{
    pim_cell_t c;
    uint8_t *F = pim_me()->frame;
    fd_load(&c, from, F);
    fd_store(&c, to, F);
}

/* Out of line: smaller than inlined into main (measured), and main keeps its registers for the batch loop. */
__attribute__((noinline)) void pim_vm_run(pim_task_t *T, const pim_proc_t *proc)
{
    const pim_ins_t *code = (const pim_ins_t *)(void *)(pim_heap + proc->code);
    const uint32_t *pool = (const uint32_t *)(const void *)(code + proc->ninstr);
    uint8_t *F = T->frame;
    pim_cell_t *cells = (pim_cell_t *)(void *)(F + (pool[0] & 0xffffu));
    uint32_t pc = 0;
    assert(((uintptr_t)cells & 7u) == 0);
    for (;;) {
        const pim_ins_t *in = &code[pc++];
        pim_cell_t *A = &cells[in->a], *B = &cells[in->b], *C = &cells[in->c];
        uint32_t op = in->op, x = in->x, y = in->y, n, i;
        const void *px = &pool[x];
        uint8_t *dst = F + x;
        int64_t r;
        int32_t s;
        pim_off_t off;
        assert(pc <= proc->ninstr);
#ifdef PIM_COUNT_OPS
        T->rec->ops++; /* the cost model's interpretation term (docs/cost-model.md); not in DPU builds */
#endif
        if (op >= OP_ADD && op <= OP_SETADD && (B->null || (op <= OP_SUBSTR && C->null))) {
            set_null(A);
            continue;
        }
        switch (op) {
        case OP_NOP:
            break;
        case OP_END:
            return;
        case OP_JMP:
        case OP_JT:
        case OP_JF:
        case OP_JFALSE:
        case OP_JNULL:
        case OP_JNN:
            if (((JUMPS >> ((op - OP_JMP) * 3u + (A->null ? 2u : A->v != 0))) & 1u) != 0) {
                pc = x;
            }
            break;
        case OP_TICK:
            pim_tick();
            break;
        case OP_SIGNAL:
            if (in->a == PIM_NO_CELL || A->null) {
                pim_fail_text((const char *)px, "", 0);
            } else {
                pim_fail_text((const char *)px, str(A), A->len);
            }
            break;
        case OP_NULL:
            set_null(A);
            break;
        case OP_INT:
            r = (int32_t)(x | y << 16);
            goto num;
        case OP_INT64:
            r = (int64_t)((uint64_t)pool[x] | (uint64_t)pool[x + 1] << 32);
            goto num;
        case OP_STR:
            set_str(A, px, y);
            break;
        case OP_COPY:
            *A = *B;
            break;
        case OP_NOW:
            r = T->now;
            goto num;
        case OP_LD:
            fd_load(A, px, F);
            break;
        case OP_ST:
            fd_store(A, px, F);
            break;
        case OP_MV:
            pim_move(px, (const pim_fd_t *)&pool[y]);
            break;
        case OP_KEY: {
            /* a key field copied into a probe row; a NULL key matches no row: jump to y */
            const pim_fd_t *d = px;
            if (pim_bit(F, d[1].nbit)) {
                pc = y;
                break;
            }
            pim_move(d, d + 1);
            break;
        }
        case OP_FILL:
            pim_fill(dst, in->a, y);
            break;
#if PIM_HAS(PIM_F_EXPR)
        case OP_COPYB:
            pim_bt_move_words(dst, F + y, (uint32_t)(in->b | in->c << 8) / 4u);
            break;
#endif
        /* ---- NULL-propagating, two operands ---- */
        case OP_ADD:
            r = pim_add(B->v, C->v);
            goto num;
        case OP_SUB:
            r = pim_sub(B->v, C->v);
            goto num;
        case OP_MUL:
            r = pim_mul(B->v, C->v);
            goto num;
        case OP_DIV:
#if PIM_HAS(PIM_F_EXPR)
        case OP_MOD:
#endif
            r = pim_divmod(B->v, C->v, PIM_HAS(PIM_F_EXPR) && op == OP_MOD);
            goto num;
        case OP_CMP:
            s = B->v < C->v ? -1 : B->v > C->v;
            goto rel;
        case OP_SCMP:
            s = pim_strcmp(str(B), B->len, str(C), C->len);
        rel:
            r = (RELS >> (x * 3u + (uint32_t)(s + 1))) & 1u;
            goto num;
        case OP_POS:
            r = pim_position(str(B), B->len, str(C), C->len);
            goto num;
#if PIM_HAS(PIM_F_STRINGS)
        case OP_TRIM: {
            const char *out;
            n = pim_trim(str(B), B->len, str(C), C->len, x, &out);
            set_str(A, out, n);
            break;
        }
#endif
#if PIM_HAS(PIM_F_EXPR)
        case OP_SUBSTR: {
            const pim_cell_t *X = &cells[x & 0xffu];
            const char *out;
            if (x != PIM_NO_OPERAND && X->null) {
                set_null(A);
                break;
            }
            n = pim_substr(str(B), B->len, C->v, X->v, x != PIM_NO_OPERAND, &out);
            set_str(A, out, n);
            break;
        }
#endif
        /* ---- NULL-propagating, one operand ---- */
#if PIM_HAS(PIM_F_EXPR)
        case OP_NEG:
            r = pim_neg(B->v);
            goto num;
#endif
        case OP_ADDI:
            r = pim_add(B->v, (int16_t)x);
            goto num;
        case OP_CMPI:
            s = B->v < (int16_t)y ? -1 : B->v > (int16_t)y;
            goto rel;
        case OP_SCALE:
            r = pim_rescale(B->v, (int32_t)(x & 31u), (int32_t)((x >> 5) & 31u), x & PIM_SCALE_ROUND);
            goto num;
#if PIM_HAS(PIM_F_EXPR)
        case OP_FIT:
            r = pim_fit(B->v, x);
            goto num;
        case OP_NOT:
            r = B->v == 0;
            goto num;
        case OP_CLEN:
            r = B->len;
            goto num;
#endif
        case OP_FITS:
            *A = *B;
            if (B->len > x) {
                A->len = (uint16_t)pim_strfit(str(B), B->len, x);
            }
            break;
        case OP_CUT:
            /* the at most x characters after the first y (SUBSTRING with constant bounds, CAST cutting a string) */
            n = B->len < y ? B->len : y;
            set_str(A, str(B) + n, B->len - n < x ? B->len - n : x);
            break;
#if PIM_HAS(PIM_F_EXPR)
        case OP_PAD:
            pim_ststr(dst, PIM_K_CHAR, y, str(B), B->len);
            set_str(A, dst, y);
            break;
#endif
#if PIM_HAS(PIM_F_TEXT)
        case OP_NTOS:
            n = pim_text((char *)dst, B->v, y == PIM_TEXT_BOOLEAN ? PIM_PART_BOOLEAN
                                                 : y == PIM_TEXT_TIMESTAMP ? PIM_PART_TIMESTAMP : y);
            set_str(A, dst, n);
            break;
#endif
#if PIM_HAS(PIM_F_PARSE)
        case OP_STON:
            if (x == PIM_TEXT_BOOLEAN) {
                r = pim_str_to_bool(str(B), B->len);
            } else if (PIM_HAS(PIM_F_TIME) && x == PIM_TEXT_TIMESTAMP) {
                r = pim_str_to_ts(str(B), B->len);
            } else {
                assert((x & ~PIM_TEXT_ROUND) <= 18);
                r = pim_str_to_num(str(B), B->len, (int32_t)(x & ~PIM_TEXT_ROUND), (x & PIM_TEXT_ROUND) != 0);
            }
            goto num;
#endif
#if PIM_HAS(PIM_F_TIME)
        case OP_TSPART:
            r = pim_ts_part(B->v, x);
            goto num;
#endif
#if PIM_HAS(PIM_F_STRINGS)
        case OP_FOLD:
            assert(B->len <= y >> 1); /* the string fits the frame buffer its type sized */
            pim_fold((char *)dst, str(B), B->len, (y & 1u) != 0);
            set_str(A, dst, B->len);
            break;
#endif
#if PIM_HAS(PIM_F_DISTINCT)
        case OP_SETADD:
            r = pim_set_add(dst, y & ~PIM_SET_NARROW, B->v, (y & PIM_SET_NARROW) != 0);
            goto num;
#endif
        /* ---- the rest ---- */
#if PIM_HAS(PIM_F_EXPR)
        case OP_AND:
        case OP_OR: {
            /* FALSE 0 < NULL 1 < TRUE 2: AND is the smaller truth value, OR the larger */
            uint32_t tb = B->null ? 1u : (B->v != 0) * 2u, tc = C->null ? 1u : (C->v != 0) * 2u;
            n = (op == OP_AND) == (tb < tc) ? tb : tc;
            if (n == 1) {
                set_null(A);
                break;
            }
            r = n >> 1;
            goto num;
        }
#endif
        case OP_ISNULL:
            r = B->null ^ (x & 1u);
            goto num;
#if PIM_HAS(PIM_F_STRINGS)
        case OP_LIKE: {
            /* as HSQLDB: an escape that is not one character (22019) or a pattern that misuses it (22025) fails
             * even when the other operand is NULL; a NULL escape makes the result NULL unchecked */
            const pim_cell_t *X = &cells[x & 0xffu];
            if (x != PIM_NO_OPERAND && X->null) {
                set_null(A);
                break;
            }
            s = pim_like(B->null ? NULL : str(B), B->len, C->null ? NULL : str(C), C->len,
                         x != PIM_NO_OPERAND ? str(X) : NULL, x != PIM_NO_OPERAND ? X->len : 0);
            if (s < 0) {
                set_null(A);
                break;
            }
            r = s;
            goto num;
        }
#endif
        case OP_CAT: {
            /* the parts of a || chain (pool: buffer and capacity, then per part its cell, format and cut, or a
             * literal's length, PIM_PART_LITERAL and pool word): a string keeps at most `cut` characters, a number
             * is formatted at its scale and must fit `cut` (22001); NULL if a part is NULL; beyond the capacity
             * 22001, or (b = 1, SUBSTRING(chain FROM 1 FOR capacity)) the rest is dropped */
            const uint16_t *h = px;
            const uint32_t *part = (const uint32_t *)px + 1;
            uint8_t *buf = F + h[0];
            for (i = 0; i < in->c; i++) {
                if (((part[i] >> 8) & 0xffu) != PIM_PART_LITERAL && cells[part[i] & 0xffu].null) {
                    set_null(A);
                    goto next;
                }
            }
            for (i = n = 0; i < in->c; i++) {
                const pim_cell_t *P = &cells[part[i] & 0xffu];
                uint32_t fmt = (part[i] >> 8) & 0xffu, cut = part[i] >> 16, len = P->len;
                char text[26];
                const char *src = str(P);
                if (fmt == PIM_PART_LITERAL) {
                    src = (const char *)&pool[cut];
                    len = part[i] & 0xffu;
                    cut = len;
                }
#if PIM_HAS(PIM_F_TEXT)
                else if (fmt != PIM_PART_STRING) {
                    len = pim_text(text, P->v, fmt);
                    src = text;
                    if (len > cut) {
                        pim_error(PIM_E_TRUNCATION); /* a number's text is never cut */
                        goto next;
                    }
                }
#else
                (void)text;
                assert(fmt == PIM_PART_STRING || fmt == PIM_PART_LITERAL); /* numbers in a chain need PIM_F_TEXT */
#endif
                len = len < cut ? len : cut;
                if (n + len > h[1]) {
                    if (in->b == 0) {
                        pim_error(PIM_E_TRUNCATION);
                        goto next;
                    }
                    len = h[1] - n;
                }
                pim_bt_copy(buf + n, src, len);
                n += len;
            }
            set_str(A, buf, n);
            break;
        }
        case OP_ELEM: {
            const pim_array_t *ar = px;
            pim_fd_t d;
            if (B->null || B->v < 1 || B->v > *(const uint32_t *)(void *)(F + ar->card_off)) {
                pim_error(PIM_E_ARRAY);
                break;
            }
            n = (uint32_t)B->v - 1u;
            d.off = (uint16_t)(ar->elems_off + n * ar->stride);
            d.nbit = (uint16_t)(ar->nulls_off * 8u + n);
            d.kind = ar->kind;
            d.cap = ar->cap;
            fd_load(A, &d, F);
            break;
        }
        case OP_CARD:
            r = *(const uint32_t *)(void *)dst;
            goto num;
        case OP_PKFIND:
            off = pim_pk_find(y | (uint32_t)in->b << 8, dst); /* b: PIM_FIND_KEEP, PIM_FIND_AGAIN (pim_pk_find) */
            goto offset;
#if PIM_HAS(PIM_F_SCAN)
        case OP_SCANOPEN:
            pim_scan_open((pim_scan_t *)(void *)dst);
            break;
        case OP_SCANNEXT:
            off = pim_scan_next(in->b, (pim_scan_t *)(void *)dst, F + y);
            goto offset;
#endif
#if PIM_HAS(PIM_F_TREES)
        case OP_RLO:
        case OP_ROPEN:
            pim_range(px, F, op == OP_ROPEN);
            break;
        case OP_RNEXT:
            off = pim_range_next(px, F, proc->frame_bytes);
            goto offset;
#endif
        case OP_ROWLOAD:
            pim_row_load(in->b, (pim_off_t)A->v, dst);
            break;
        case OP_INSERT:
            pim_row_write(in->b, PIM_NONE, NULL, dst);
            break;
        case OP_UPDATE:
            /* y = NO_OPERAND: the row at x was changed in place (no indexed column: the compiler checks); c = 1: its
             * PKFIND kept the before image (pim_row_keep) */
            pim_row_write(in->b | (uint32_t)in->c << 8, (pim_off_t)A->v, y == PIM_NO_OPERAND ? dst : F + y, dst);
            break;
        case OP_DELETE:
            pim_row_write(in->b, (pim_off_t)A->v, dst, NULL);
            break;
        case OP_PUSHOFF:
            n = (uint32_t)B->v;
            if (n >= y) {
                pim_error(PIM_E_COLLECT);
                break;
            }
            ((uint32_t *)(void *)dst)[n] = (uint32_t)A->v;
            B->v = n + 1;
            break;
        case OP_GETOFF:
            r = ((const uint32_t *)(void *)dst)[B->v];
            goto num;
#if PIM_HAS(PIM_F_SORT)
        case OP_SKEY:
            pim_sortkey(dst, y & 0x7fffu, B->v, str(B), B->len, B->null, (y & PIM_SORT_DESC) != 0);
            break;
        case OP_SORTPUT: {
            const pim_sort_t *d = px;
            n = (uint32_t)cells[d->n].v;
            pim_sort_put(F + d->buf, &n, (uint32_t)cells[d->cap].v, d->rec_bytes, d->key_bytes, F + d->rec,
                         cells[d->keep].v != 0);
            cells[d->n].v = n;
            break;
        }
        case OP_SORTGET: {
            const pim_sort_t *d = px;
            pim_bt_copy(F + d->rec, F + d->buf + (uint32_t)A->v * d->rec_bytes, d->rec_bytes);
            break;
        }
#endif
        case OP_RSBEGIN:
            pim_rs_begin(x);
            break;
        case OP_RSROW:
            pim_rs_row(dst, y);
            break;
        case OP_RSEND:
            pim_rs_end();
            break;
#if PIM_HAS(PIM_F_MP)
        case OP_MPAT:
            /* the key: cell b, or (b = NO_CELL) the route slot the host filled at frame offset y; the access runs
             * here or the program jumps to x (a = 1: a write, whose owner a skipping participant names) */
            if (in->b == PIM_NO_CELL ? !pim_mp_at(*(const int32_t *)(void *)(F + y), false, false)
                                     : !pim_mp_at(B->v, B->null, in->a != 0)) {
                pc = x;
            }
            break;
        case OP_MPVAL:
            pim_mp_value(PIM_NONE, px, false);
            break;
#endif
#if PIM_HAS(PIM_F_MP_HASH)
        case OP_MPHASH:
            r = pim_mp_hash(B, in->c, x);
            goto num;
#endif
#if PIM_HAS(PIM_F_MP_ROWS)
        case OP_MPROWS:
            r = pim_mp_rows(B->v, B->null, px);
            goto num;
        case OP_MPRNEXT:
            r = pim_mp_rows_next();
            goto num;
        case OP_MPROW:
            r = pim_mp_row_next();
            goto num;
        case OP_MPPUT:
            r = pim_mp_row_put();
            goto num;
        case OP_MPLOOK:
            off = pim_mp_value(A->null ? PIM_NONE : (pim_off_t)A->v, px, true);
            goto offset;
        case OP_MPJEND:
            pim_mp_join_end();
            break;
#endif
#if PIM_HAS(PIM_F_MP_SCATTER)
        case OP_GAGGS: {
            const pim_aggs_t *d = px;
            int64_t *w = (int64_t *)(void *)(F + d->temp);
            if ((T->mp_flags & PIM_CALL_MP) == 0) {
                break; /* a call on one DPU: the local accumulators are the result */
            }
            for (i = 0; i < d->n; i++) {
                w[3 * i] = B[3 * i].v;
                w[3 * i + 1] = B[3 * i + 1].v;
                w[3 * i + 2] = d->kind[i] | (B[3 * i + 2].v != 0 ? PIM_SG_SEEN : 0u);
            }
            pim_mp_gather_aggs(d->stmt, w, d->n);
            for (i = 0; i < d->n && T->status == 0; i++) {
                B[3 * i].v = w[3 * i];
                B[3 * i].null = 0;
                B[3 * i + 1].v = w[3 * i + 1];
                B[3 * i + 1].null = 0;
                B[3 * i + 2].v = (w[3 * i + 2] & PIM_SG_SEEN) != 0;
                B[3 * i + 2].null = 0;
            }
            break;
        }
        case OP_GROWS: {
            const pim_sort_t *d = px;
            n = (uint32_t)cells[d->n].v;
            pim_mp_gather_rows(y, F + d->buf, &n, (uint32_t)cells[d->cap].v, d->rec_bytes, d->key_bytes,
                               cells[d->keep].v != 0);
            cells[d->n].v = n;
            break;
        }
#endif
#if PIM_HAS(PIM_F_GATHER)
        case OP_GOPEN:
            r = pim_rel_open(px, cells, in->b == PIM_NO_CELL ? NULL : B);
            goto num;
        case OP_GPUT:
            r = pim_rel_put(px, F, cells);
            goto num;
        case OP_GCLOSE:
            r = pim_rel_close(px, F, cells);
            goto num;
        case OP_GNEXT:
            r = pim_rel_next(px, F);
            goto num;
        case OP_GREW:
            pim_rel_rewind(px, F);
            break;
        case OP_MPDPU:
            r = pim_x.dpu; /* the batch's exchange header: this DPU's index */
            goto num;
#endif
        default:
            assert(false); /* an operation of a feature this kernel was built without */
            break;
        offset:
            if (off == PIM_NONE) {
                set_null(A);
                break;
            }
            r = off;
        num:
            A->v = r;
            A->null = 0;
            break;
        }
    next:
        if (T->status != 0) {
            break;
        }
    }
#if PIM_HAS(PIM_F_MP_ROWS)
    if ((T->mp_flags & PIM_CALL_MP) != 0) {
        pim_mp_stop();
    }
#endif
#if PIM_HAS(PIM_F_GATHER)
    if ((T->mp_flags & PIM_CALL_MP) != 0) {
        pim_rel_stop();
    }
#endif
}
