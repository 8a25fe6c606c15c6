/*
 * The procedures of the kernel test (vm_test.c), assembled by hand against the test schema (vm_asm.c). Each
 * comment gives the parameter block: field @offset (NULL bit).
 */
#include "vm_procs.h"

/* Fields of an ACCT row and a LOG row whose buffer starts at frame offset r (vm_asm.c's schema). */
static uint16_t id_of(uint16_t r, uint8_t flags)
{
    return fd(r + 12, r * 8 + 64, PIM_K_I32, flags, 0);
}
static uint16_t name_of(uint16_t r)
{
    return fd(r + 16, r * 8 + 65, PIM_K_VARCHAR, 0, 16);
}
static uint16_t bal_of(uint16_t r)
{
    return fd(r + 40, r * 8 + 66, PIM_K_I64, 10 | PIM_FD_NOT_NULL, 0);
}
static uint16_t code_of(uint16_t r)
{
    return fd(r + 48, r * 8 + 67, PIM_K_CHAR, 0, 4);
}
static uint16_t k_of(uint16_t r)
{
    return fd(r + 16, r * 8 + 64, PIM_K_I64, PIM_FD_NOT_NULL, 0);
}
static uint16_t v_of(uint16_t r)
{
    return fd(r + 24, r * 8 + 65, PIM_K_I32, PIM_FIT_INTEGER, 0);
}
/* A parameter (or any frame field) at `off` with NULL bit `bit`. */
static uint16_t par(uint16_t off, uint16_t bit, uint8_t kind, uint16_t cap)
{
    return fd(off, bit, kind, 0, cap);
}

/* `k == value` for the selector cell: jumps to the returned instruction's patch point when it does not hold. */
static uint32_t when(uint8_t k, int32_t value)
{
    INT(30, value);
    CMP(31, k, 30, PIM_REL_EQ);
    return J(OP_JF, 31, 0);
}

/* PUT(ID @4 (0), NAME VARCHAR(16) @8 (1), BAL @32 (2), CODE CHAR(4) @40 (3)): INSERT INTO ACCT */
static void put(void)
{
    begin(P_PUT, 0);
    FILL(0, BUF, 56);
    MV(id_of(BUF, PIM_FD_NOT_NULL), par(4, 0, PIM_K_I32, 0));
    MV(name_of(BUF), par(8, 1, PIM_K_VARCHAR, 16));
    MV(bal_of(BUF), par(32, 2, PIM_K_I64, 0));
    MV(code_of(BUF), par(40, 3, PIM_K_CHAR, 4));
    emit(OP_INSERT, 0, 0, 0, BUF, 0);
    END();
}

/* GET(OUT NAME VARCHAR(16) @2 (0), OUT BAL @24 (1), OUT CODE CHAR(4) @32 (2), ID @36 (3)): OUT block 40 */
static void get(void)
{
    uint32_t none;
    begin(P_GET, 40);
    MV(id_of(BUF, 0), par(36, 3, PIM_K_I32, 0));
    emit(OP_PKFIND, 0, 0, 0, BUF, 0);
    none = J(OP_JNULL, 0, 0);
    MV(par(2, 0, PIM_K_VARCHAR, 16), name_of(BUF));
    MV(par(24, 1, PIM_K_I64, 0), bal_of(BUF));
    MV(par(32, 2, PIM_K_CHAR, 4), code_of(BUF));
    END();
    patch(none, here());
    NUL(1);
    ST(1, par(2, 0, PIM_K_VARCHAR, 16));
    ST(1, par(24, 1, PIM_K_I64, 0));
    ST(1, par(32, 2, PIM_K_CHAR, 4));
    END();
}

/* PAY(ID @4 (0), AMOUNT @8 (1)): BAL = BAL - AMOUNT, SIGNAL 45000 'overdrawn' below 0, 02000 without the row */
static void pay(void)
{
    uint32_t miss, ok;
    begin(P_PAY, 0);
    MV(id_of(BUF, 0), par(4, 0, PIM_K_I32, 0));
    emit(OP_PKFIND, 0, 0, 0, BUF, 0);
    miss = J(OP_JNULL, 0, 0);
    COPYB(BUF + 64, BUF, 56);
    LD(1, bal_of(BUF));
    LD(2, par(8, 1, PIM_K_I64, 0));
    OP3(OP_SUB, 3, 1, 2);
    INT(4, 0);
    CMP(5, 3, 4, PIM_REL_LT);
    ok = J(OP_JF, 5, 0);
    STR(6, "overdrawn");
    SIGNAL(6, "45000");
    patch(ok, here());
    ST(3, bal_of(BUF + 64));
    emit(OP_UPDATE, 0, 0, 0, BUF + 64, BUF);
    END();
    patch(miss, here());
    SIGNAL(PIM_NO_CELL, "02000");
}

/* RENAME(ID @4 (0), NAME VARCHAR(16) @8 (1), FAIL BOOLEAN @26 (2)): changes an indexed column, then fails
 * with 45003 when FAIL */
static void rename_acct(void)
{
    uint32_t miss, no;
    begin(P_RENAME, 0);
    MV(id_of(BUF, 0), par(4, 0, PIM_K_I32, 0));
    emit(OP_PKFIND, 0, 0, 0, BUF, 0);
    miss = J(OP_JNULL, 0, 0);
    COPYB(BUF + 64, BUF, 56);
    MV(name_of(BUF + 64), par(8, 1, PIM_K_VARCHAR, 16));
    emit(OP_UPDATE, 0, 0, 0, BUF + 64, BUF);
    LD(1, par(26, 2, PIM_K_BOOL, 0));
    no = J(OP_JF, 1, 0);
    SIGNAL(PIM_NO_CELL, "45003");
    patch(miss, here());
    patch(no, here());
    END();
}

/* DEL(ID @4 (0), FAIL BOOLEAN @8 (1)): DELETE, then 45004 when FAIL */
static void del(void)
{
    uint32_t miss, no;
    begin(P_DEL, 0);
    MV(id_of(BUF, 0), par(4, 0, PIM_K_I32, 0));
    emit(OP_PKFIND, 0, 0, 0, BUF, 0);
    miss = J(OP_JNULL, 0, 0);
    emit(OP_DELETE, 0, 0, 0, BUF, 0);
    LD(1, par(8, 1, PIM_K_BOOL, 0));
    no = J(OP_JF, 1, 0);
    SIGNAL(PIM_NO_CELL, "45004");
    patch(miss, here());
    patch(no, here());
    END();
}

/* RANGE(LO VARCHAR(16) @2 (0), HI VARCHAR(16) @20 (1), DESC BOOLEAN @38 (2)): rows of the NAME index between
 * LO and HI (both inclusive) as result set 0 of rows {ID @4 (0), NAME VARCHAR(16) @8 (1), BAL @32 (2)} */
static void range(void)
{
    uint32_t desc, scan, loop, end;
    uint16_t probe = BUF, cursor = BUF + 64, row = BUF + 240;
    uint16_t ra, rd;
    uint32_t flags = PIM_R_HAS_LO | PIM_R_LO_INCL | PIM_R_HAS_HI | PIM_R_HI_INCL | PIM_R_LO_DONE;
    begin(P_RANGE, 0);
    ra = word(cursor | (uint32_t)probe << 16);
    word(0 | 1u << 8 | 0u << 16 | flags << 24);
    rd = word(cursor | (uint32_t)probe << 16);
    word(0 | 1u << 8 | 0u << 16 | (flags | PIM_R_DESC) << 24);
    FILL(0, probe, 56);
    MV(name_of(probe), par(2, 0, PIM_K_VARCHAR, 16));
    LD(0, par(38, 2, PIM_K_BOOL, 0));
    desc = J(OP_JT, 0, 0);
    emit(OP_RLO, 0, 0, 0, ra, 0);
    MV(name_of(probe), par(20, 1, PIM_K_VARCHAR, 16));
    emit(OP_ROPEN, 0, 0, 0, ra, 0);
    scan = JMP(0);
    patch(desc, here());
    emit(OP_RLO, 0, 0, 0, rd, 0);
    MV(name_of(probe), par(20, 1, PIM_K_VARCHAR, 16));
    emit(OP_ROPEN, 0, 0, 0, rd, 0);
    patch(scan, here());
    emit(OP_RSBEGIN, 0, 0, 0, 0, 0);
    loop = here();
    emit(OP_RNEXT, 1, 0, 0, ra, 0);
    end = J(OP_JNULL, 1, 0);
    MV(fd(row + 4, row * 8 + 0, PIM_K_I32, 0, 0), id_of(probe, 0));
    MV(fd(row + 8, row * 8 + 1, PIM_K_VARCHAR, 0, 16), name_of(probe));
    MV(fd(row + 32, row * 8 + 2, PIM_K_I64, 0, 0), bal_of(probe));
    emit(OP_RSROW, 0, 0, 0, row, 40);
    JMP(loop);
    patch(end, here());
    emit(OP_RSEND, 0, 0, 0, 0, 0);
    END();
}

/*
 * ARITH(K INT @4 (0), A BIGINT @8 (1), B BIGINT @16 (2), OUT R BIGINT @24 (3)): one numeric operation chosen
 * by K (see vm_test.c's table); OUT block 32.
 */
static void arith(void)
{
    uint32_t next[40], n = 0, done[40], nd = 0, i;
    uint16_t r;
    begin(P_ARITH, 32);
    r = par(24, 3, PIM_K_I64, 0);
    LD(0, par(4, 0, PIM_K_I32, 0));
    LD(1, par(8, 1, PIM_K_I64, 0));
    LD(2, par(16, 2, PIM_K_I64, 0));
#define CASE(k, code)                                                                                          \
    next[n++] = when(0, k);                                                                                   \
    code;                                                                                                      \
    done[nd++] = JMP(0);                                                                                       \
    patch(next[n - 1], here())
    CASE(1, OP3(OP_ADD, 5, 1, 2));
    CASE(2, OP3(OP_SUB, 5, 1, 2));
    CASE(3, OP3(OP_MUL, 5, 1, 2));
    CASE(4, OP3(OP_DIV, 5, 1, 2));
    CASE(5, OP3(OP_MOD, 5, 1, 2));
    CASE(6, OP2(OP_NEG, 5, 1));
    CASE(7, emit(OP_SCALE, 5, 1, 0, 2 | 4 << 5, 0));
    CASE(8, emit(OP_SCALE, 5, 1, 0, 4 | 2 << 5 | PIM_SCALE_ROUND, 0));
    CASE(9, emit(OP_SCALE, 5, 1, 0, 4 | 2 << 5, 0));
    CASE(10, emit(OP_FIT, 5, 1, 0, 5, 0));
    CASE(11, emit(OP_FIT, 5, 1, 0, PIM_FIT_SMALLINT, 0));
    CASE(12, emit(OP_FIT, 5, 1, 0, PIM_FIT_INTEGER, 0));
    /* every relation as a bit: EQ bit 5 ... GE bit 0 */
    CASE(13, INT(5, 0); for (i = 0; i < 6; i++) { CMP(6, 1, 2, i); OP3(OP_ADD, 5, 5, 5); OP3(OP_ADD, 5, 5, 6); });
    CASE(14, emit(OP_INT64, 5, 0, 0, word(0x9abcdef0u), 0); word(0x12345678u));
    CASE(15, emit(OP_NOW, 5, 0, 0, 0, 0));
    CASE(16, emit(OP_ISNULL, 5, 1, 0, 0, 0));
    CASE(17, emit(OP_ISNULL, 5, 1, 0, 1, 0));
    CASE(18, CMP(6, 1, 2, PIM_REL_EQ); OP2(OP_NOT, 5, 6));
    CASE(19, COPY(5, 1));
    CASE(20, INT(5, -5));
    /* stores with range checks, then loads back */
    CASE(21, ST(1, fd(BUF, BUF * 8 + 256, PIM_K_I16, PIM_FIT_SMALLINT, 0)); LD(5, fd(BUF, BUF * 8 + 256, PIM_K_I16, 0, 0)));
    CASE(22, ST(1, fd(BUF, BUF * 8 + 256, PIM_K_I32, PIM_FIT_INTEGER, 0)); LD(5, fd(BUF, BUF * 8 + 256, PIM_K_I32, 0, 0)));
    CASE(23, NUL(6); ST(6, fd(BUF + 8, BUF * 8 + 257, PIM_K_I64, PIM_FD_NOT_NULL, 0)));
    CASE(24, MV(fd(BUF, BUF * 8 + 256, PIM_K_BOOL, 0, 0), par(8, 1, PIM_K_I64, 0)); LD(5, fd(BUF, BUF * 8 + 256, PIM_K_BOOL, 0, 0)));
    CASE(25, ST(1, fd(BUF, BUF * 8 + 256, PIM_K_I64, 4, 0)); LD(5, fd(BUF, BUF * 8 + 256, PIM_K_I64, 0, 0)));
    CASE(26, ST(1, fd(BUF + 8, PIM_NO_NULL_BIT, PIM_K_I64, 0, 0)); LD(5, fd(BUF + 8, PIM_NO_NULL_BIT, PIM_K_I64, 0, 0)));
    /* immediates: A + -3, A < 7 */
    CASE(27, ADDI(5, 1, -3));
    CASE(28, CMPI(5, 1, PIM_REL_LT, 7));
    /* KEY: A (nullable) into an INTEGER field with its range check; a NULL A jumps over the load (R stays NULL) */
    CASE(29, NUL(5); KEY(pair(BUF, BUF * 8 + 256, PIM_K_I32, PIM_FIT_INTEGER, 8, 1, PIM_K_I64, 0), here() + 2);
          LD(5, fd(BUF, BUF * 8 + 256, PIM_K_I32, 0, 0)));
#undef CASE
    NUL(5);
    for (i = 0; i < nd; i++) {
        patch(done[i], here());
    }
    ST(5, r);
    END();
}

/*
 * STRS(K INT @4 (0), S VARCHAR(20) @8 (1), T VARCHAR(20) @30 (2), N BIGINT @56 (3), M BIGINT @64 (4),
 *      OUT TEXT VARCHAR(40) @72 (5), OUT NUM BIGINT @120 (6)): one string operation chosen by K; OUT block 128.
 */
static void strs(void)
{
    uint32_t next[40], n = 0, done[40], nd = 0, i;
    begin(P_STRS, 128);
    LD(0, par(4, 0, PIM_K_I32, 0));
    LD(1, par(8, 1, PIM_K_VARCHAR, 20));
    LD(2, par(30, 2, PIM_K_VARCHAR, 20));
    LD(3, par(56, 3, PIM_K_I64, 0));
    LD(4, par(64, 4, PIM_K_I64, 0));
    NUL(5);
    NUL(6);
#define CASE(k, code)                                                                                          \
    next[n++] = when(0, k);                                                                                   \
    code;                                                                                                      \
    done[nd++] = JMP(0);                                                                                       \
    patch(next[n - 1], here())
    CASE(1, CAT(5, 0, BUF, 40, PSTR(1), PSTR(2)));
    CASE(2, emit(OP_SUBSTR, 5, 1, 3, 4, 0));
    CASE(3, emit(OP_SUBSTR, 5, 1, 3, PIM_NO_OPERAND, 0));
    CASE(4, OP2(OP_CLEN, 6, 1));
    CASE(5, OP3(OP_POS, 6, 2, 1));
    CASE(6, INT(6, 0); for (i = 0; i < 6; i++) { emit(OP_SCMP, 7, 1, 2, i, 0); OP3(OP_ADD, 6, 6, 6); OP3(OP_ADD, 6, 6, 7); });
    CASE(7, emit(OP_FITS, 5, 1, 0, 5, 0));
    CASE(8, emit(OP_CUT, 5, 1, 0, 5, 0));
    CASE(9, emit(OP_PAD, 5, 1, 0, BUF, 8));
    CASE(10, emit(OP_NTOS, 5, 3, 0, BUF, 2));
    CASE(11, emit(OP_NTOS, 5, 3, 0, BUF, PIM_TEXT_BOOLEAN));
    CASE(12, emit(OP_NTOS, 5, 3, 0, BUF, PIM_TEXT_TIMESTAMP));
    CASE(13, emit(OP_STON, 6, 1, 0, 2, 0));
    CASE(14, emit(OP_STON, 6, 1, 0, PIM_TEXT_BOOLEAN, 0));
    CASE(15, emit(OP_STON, 6, 1, 0, PIM_TEXT_TIMESTAMP, 0));
    CASE(16, ST(1, fd(BUF, BUF * 8 + 512, PIM_K_CHAR, 0, 4)); LD(5, fd(BUF, BUF * 8 + 512, PIM_K_CHAR, 0, 4)));
    CASE(17, CAT(5, 0, BUF, 40, PSTR(1), PSTR(2), PSTR(1), PSTR(2)));
    CASE(18, STR(8, "x="); CAT(5, 0, BUF, 40, PSTR(8), PSTR(1)));
    CASE(19, ST(1, fd(BUF, BUF * 8 + 512, PIM_K_VARCHAR, 0, 4)); LD(5, fd(BUF, BUF * 8 + 512, PIM_K_VARCHAR, 0, 4)));
    CASE(20, STR(5, ""));
    CASE(21, ST(1, fd(BUF, BUF * 8 + 512, PIM_K_CHAR, PIM_FD_NOT_NULL, 4)); LD(5, fd(BUF, BUF * 8 + 512, PIM_K_CHAR, 0, 4)));
    /* CAT formats numbers, booleans and timestamps itself, cuts parts, reads literals from the pool */
    CASE(22, CAT(5, 0, BUF, 40, PSTR(1), PART(3, 2, 10), PLIT("!")));
    CASE(23, CAT(5, 0, BUF, 40, PART(3, 0, 3)));
    CASE(24, CAT(5, 0, BUF, 40, PART(1, PIM_PART_STRING, 3), PSTR(2)));
    CASE(25, CAT(5, 1, BUF, 5, PSTR(1), PSTR(2)));
    CASE(26, CAT(5, 0, BUF, 40, PART(3, PIM_PART_BOOLEAN, 0xffff), PART(4, PIM_PART_TIMESTAMP, 0xffff)));
    CASE(27, CAT(5, 0, BUF, 40, PLIT("abcdef"), PSTR(1))); /* the literal's length 6 is not a cell: 6 is NULL */
    CASE(28, CAT(5, 0, BUF, 5, PSTR(1), PSTR(2)));
    CASE(29, emit(OP_STON, 6, 1, 0, 0, 0));
    CASE(30, emit(OP_STON, 6, 1, 0, 1 | PIM_TEXT_ROUND, 0)); /* into a DECIMAL(p,1): rounded half down */
    CASE(31, emit(OP_STON, 6, 1, 0, 0 | PIM_TEXT_ROUND, 0));
    CASE(32, emit(OP_CUT, 5, 1, 0, 3, 2)); /* SUBSTRING(s FROM 3 FOR 3) */
#undef CASE
    for (i = 0; i < nd; i++) {
        patch(done[i], here());
    }
    ST(5, par(72, 5, PIM_K_VARCHAR, 40));
    ST(6, par(120, 6, PIM_K_I64, 0));
    END();
}

/* LOGIC(A BOOLEAN @1 (0), B BOOLEAN @2 (1), OUT AND @3 (2), OUT OR @4 (3), OUT NOT @5 (4), OUT JUMPS INT @8 (5)):
 * three-valued logic, and which conditional jumps on A are taken (bit 0 JT ... bit 4 JNN, bit 5 JMP) */
static void logic(void)
{
    static const uint8_t jumps[] = {OP_JT, OP_JF, OP_JFALSE, OP_JNULL, OP_JNN, OP_JMP};
    uint32_t i, taken, skip;
    begin(P_LOGIC, 16);
    LD(0, par(1, 0, PIM_K_BOOL, 0));
    LD(1, par(2, 1, PIM_K_BOOL, 0));
    OP3(OP_AND, 2, 0, 1);
    ST(2, par(3, 2, PIM_K_BOOL, 0));
    OP3(OP_OR, 2, 0, 1);
    ST(2, par(4, 3, PIM_K_BOOL, 0));
    OP2(OP_NOT, 2, 0);
    ST(2, par(5, 4, PIM_K_BOOL, 0));
    INT(3, 0);
    for (i = 0; i < 6; i++) {
        taken = J(jumps[i], 0, 0);
        skip = JMP(0);
        patch(taken, here());
        INT(4, 1 << i);
        OP3(OP_ADD, 3, 3, 4);
        patch(skip, here());
    }
    ST(3, par(8, 5, PIM_K_I32, 0));
    NOP();
    END();
}

/* ARRAY(IDS INT ARRAY[4] @8 (0): cardinality @8, element NULL bits @12, elements @16; I INT @32 (1),
 *       OUT V INT @36 (2), OUT CARD INT @40 (3)); OUT block 48 */
static void array(void)
{
    uint16_t d;
    begin(P_ARRAY, 48);
    d = word(8 | 12u << 16);
    word(16 | 4u << 16);
    word(PIM_K_I32);
    LD(0, par(32, 1, PIM_K_I32, 0));
    emit(OP_ELEM, 1, 0, 0, d, 0);
    ST(1, par(36, 2, PIM_K_I32, 0));
    emit(OP_CARD, 2, 0, 0, 8, 0);
    ST(2, par(40, 3, PIM_K_I32, 0));
    END();
}

/*
 * LOOP(K INT @4 (0), N BIGINT @8 (1), OUT R BIGINT @16 (2)): N iterations of one bounded thing chosen by K:
 * 1 TICK, 2 PUSHOFF into 8 slots, 3 SETADD of 0..N-1 into 8 slots, 4 RSROW of a 40-byte row (result set 3),
 * 5 SIGNAL with a 300-character message, 6 SIGNAL with a NULL message, 7 SETADD of 32-bit values; R = the count
 * reached. OUT block 24.
 */
static void loop(void)
{
    uint32_t next[8], n = 0, done[8], nd = 0, top, out;
    static char longmsg[301];
    begin(P_LOOP, 24);
    LD(0, par(4, 0, PIM_K_I32, 0));
    LD(1, par(8, 1, PIM_K_I64, 0));
    INT(2, 0); /* i */
    INT(3, 1);
    FILL(0, BUF, 80); /* the set: count, pad, 8 values */
#define CASE(k, body)                                                                                          \
    next[n++] = when(0, k);                                                                                   \
    top = here();                                                                                             \
    CMP(4, 2, 1, PIM_REL_LT);                                                                                  \
    out = J(OP_JF, 4, 0);                                                                                      \
    body;                                                                                                      \
    OP3(OP_ADD, 2, 2, 3);                                                                                      \
    JMP(top);                                                                                                  \
    patch(out, here());                                                                                        \
    done[nd++] = JMP(0);                                                                                       \
    patch(next[n - 1], here())
    CASE(1, TICK());
    INT(5, 0);
    CASE(2, emit(OP_PUSHOFF, 2, 5, 0, BUF + 128, 8));
    CASE(3, emit(OP_SETADD, 6, 2, 0, BUF, 8));
    /* 32-bit values; adding i again is no new value (were it one, i would step twice) */
    CASE(7, emit(OP_SETADD, 6, 2, 0, BUF, 8 | PIM_SET_NARROW); emit(OP_SETADD, 6, 2, 0, BUF, 8 | PIM_SET_NARROW);
          OP3(OP_ADD, 2, 2, 6));
#undef CASE
    /* 4: N rows of result set 3 */
    next[n++] = when(0, 4);
    emit(OP_RSBEGIN, 0, 0, 0, 3, 0);
    top = here();
    CMP(4, 2, 1, PIM_REL_LT);
    out = J(OP_JF, 4, 0);
    emit(OP_RSROW, 0, 0, 0, BUF + 256, 40);
    OP3(OP_ADD, 2, 2, 3);
    JMP(top);
    patch(out, here());
    emit(OP_RSEND, 0, 0, 0, 0, 0);
    done[nd++] = JMP(0);
    patch(next[n - 1], here());
    next[n++] = when(0, 5);
    memset(longmsg, 'm', 300);
    STR(7, longmsg);
    SIGNAL(7, "45005");
    patch(next[n - 1], here());
    next[n++] = when(0, 6);
    NUL(7);
    SIGNAL(7, "45006");
    patch(next[n - 1], here());
    while (nd > 0) {
        patch(done[--nd], here());
    }
    ST(2, par(16, 2, PIM_K_I64, 0));
    END();
}

/* BUMP(OUT N INT @4 (0), AMOUNT @8 (1)): every ACCT row gets BAL + AMOUNT and NAME || '+', collected by a full
 * scan first (PUSHOFF, 16 slots), then updated by offset (GETOFF, ROWLOAD, UPDATE); OUT block 8 */
static void bump(void)
{
    uint32_t l1, l2, l3, l4;
    uint16_t offs = BUF, r = BUF + 64, u = BUF + 128, scan = BUF + 248, catbuf = BUF + 256;
    begin(P_BUMP, 8);
    INT(0, 0);
    emit(OP_SCANOPEN, 0, 0, 0, scan, 0);
    l1 = here();
    emit(OP_SCANNEXT, 1, 0, 0, scan, r);
    l2 = J(OP_JNULL, 1, 0);
    emit(OP_PUSHOFF, 1, 0, 0, offs, 16);
    JMP(l1);
    patch(l2, here());
    INT(2, 0);
    l3 = here();
    CMP(3, 2, 0, PIM_REL_LT);
    l4 = J(OP_JF, 3, 0);
    emit(OP_GETOFF, 1, 2, 0, offs, 0);
    emit(OP_ROWLOAD, 1, 0, 0, r, 0);
    COPYB(u, r, 56);
    LD(4, bal_of(r));
    LD(5, par(8, 1, PIM_K_I64, 0));
    OP3(OP_ADD, 4, 4, 5);
    ST(4, bal_of(u));
    LD(6, name_of(r));
    STR(7, "+");
    CAT(8, 0, catbuf, 17, PSTR(6), PSTR(7));
    ST(8, name_of(u));
    emit(OP_UPDATE, 1, 0, 0, u, r);
    INT(9, 1);
    OP3(OP_ADD, 2, 2, 9);
    JMP(l3);
    patch(l4, here());
    ST(0, par(4, 0, PIM_K_I32, 0));
    END();
}

/* STATS(OUT N INT @4 (0), OUT TOTAL BIGINT @8 (1), OUT MAX NAME VARCHAR(16) @16 (2), OUT DISTINCT BAL INT @36 (3)):
 * a full scan of ACCT; OUT block 40 */
static void stats(void)
{
    uint32_t l, e, nd, nx, set;
    uint16_t row = BUF, scan = BUF + 64, s = BUF + 72, mx;
    begin(P_STATS, 40);
    mx = fd(BUF + 216, (BUF + 212) * 8, PIM_K_VARCHAR, 0, 16);
    INT(0, 0);
    INT(1, 0);
    NUL(2);
    INT(3, 0);
    INT(5, 1);
    FILL(0, s, 8);
    emit(OP_SCANOPEN, 0, 0, 0, scan, 0);
    l = here();
    emit(OP_SCANNEXT, 4, 0, 0, scan, row);
    e = J(OP_JNULL, 4, 0);
    OP3(OP_ADD, 0, 0, 5);
    LD(6, bal_of(row));
    OP3(OP_ADD, 1, 1, 6);
    emit(OP_SETADD, 7, 6, 0, s, 16);
    nd = J(OP_JF, 7, 0);
    OP3(OP_ADD, 3, 3, 5);
    patch(nd, here());
    LD(8, name_of(row));
    nx = J(OP_JNULL, 8, 0);
    set = J(OP_JNULL, 2, 0);
    emit(OP_SCMP, 9, 8, 2, PIM_REL_GT, 0);
    J(OP_JF, 9, l);
    patch(set, here());
    ST(8, mx);
    LD(2, mx);
    patch(nx, here());
    JMP(l);
    patch(e, here());
    ST(0, par(4, 0, PIM_K_I32, 0));
    ST(1, par(8, 1, PIM_K_I64, 0));
    ST(2, par(16, 2, PIM_K_VARCHAR, 16));
    ST(3, par(36, 3, PIM_K_I32, 0));
    END();
}

/* TOP(K INT @4 (0), KEEP BOOLEAN @8 (1)): ACCT by BAL descending, ID ascending, through a sort buffer of K
 * records (dropping the rest when KEEP, else 54000): result set 1 of rows {ID @4 (0), BAL @8 (1)} */
static void top(void)
{
    uint32_t l, e, l2, e2;
    uint16_t buf = BUF, rec = BUF + 320, row = BUF + 368, scan = BUF + 424, d;
    begin(P_TOP, 0);
    d = word(buf | (uint32_t)rec << 16);
    word(40 | 24u << 16);
    word(10 | 11u << 8 | 12u << 16);
    INT(10, 0);
    LD(11, par(4, 0, PIM_K_I32, 0));
    LD(12, par(8, 1, PIM_K_BOOL, 0));
    FILL(0, rec, 40);
    emit(OP_SCANOPEN, 0, 0, 0, scan, 0);
    l = here();
    emit(OP_SCANNEXT, 0, 0, 0, scan, row);
    e = J(OP_JNULL, 0, 0);
    LD(1, bal_of(row));
    emit(OP_SKEY, 0, 1, 0, rec, PIM_SORT_DESC);
    LD(2, id_of(row, 0));
    emit(OP_SKEY, 0, 2, 0, rec + 9, 0);
    MV(fd(rec + 24 + 4, (rec + 24) * 8, PIM_K_I32, 0, 0), id_of(row, 0));
    MV(fd(rec + 24 + 8, (rec + 24) * 8 + 1, PIM_K_I64, 0, 0), bal_of(row));
    emit(OP_SORTPUT, 0, 0, 0, d, 0);
    JMP(l);
    patch(e, here());
    emit(OP_RSBEGIN, 0, 0, 0, 1, 0);
    INT(3, 0);
    INT(5, 1);
    l2 = here();
    CMP(4, 3, 10, PIM_REL_LT);
    e2 = J(OP_JF, 4, 0);
    emit(OP_SORTGET, 3, 0, 0, d, 0);
    emit(OP_RSROW, 0, 0, 0, rec + 24, 16);
    OP3(OP_ADD, 3, 3, 5);
    JMP(l2);
    patch(e2, here());
    emit(OP_RSEND, 0, 0, 0, 0, 0);
    END();
}

/* LOGPUT(N INT @4 (0), BASE BIGINT @8 (1)): inserts LOG rows K = BASE .. BASE + N - 1, V = 2 K */
static void logput(void)
{
    uint32_t l, e;
    begin(P_LOGPUT, 0);
    INT(0, 0);
    INT(1, 1);
    LD(2, par(4, 0, PIM_K_I32, 0));
    LD(3, par(8, 1, PIM_K_I64, 0));
    INT(4, 2);
    l = here();
    CMP(5, 0, 2, PIM_REL_LT);
    e = J(OP_JF, 5, 0);
    FILL(0, BUF, 32);
    OP3(OP_ADD, 6, 3, 0);
    ST(6, k_of(BUF));
    OP3(OP_MUL, 7, 6, 4);
    ST(7, v_of(BUF));
    emit(OP_INSERT, 0, 1, 0, BUF, 0);
    OP3(OP_ADD, 0, 0, 1);
    JMP(l);
    patch(e, here());
    END();
}

/* PUTRUN(N INT @4 (0), BASE INT @8 (1), FAIL BOOLEAN @12 (2)): inserts ACCT rows ID = BASE .. BASE + N - 1, all named
 * 'run' (so their (NAME, ID) entries ascend: the B+tree's insert fast path), BAL 0, CODE NULL; then 45005 when FAIL */
static void putrun(void)
{
    uint32_t l, e, no;
    begin(P_PUTRUN, 0);
    INT(0, 0);
    INT(1, 1);
    LD(2, par(4, 0, PIM_K_I32, 0));
    LD(3, par(8, 1, PIM_K_I32, 0));
    STR(8, "run");
    INT(7, 0);
    NUL(9);
    l = here();
    CMP(5, 0, 2, PIM_REL_LT);
    e = J(OP_JF, 5, 0);
    FILL(0, BUF, 56);
    OP3(OP_ADD, 6, 3, 0);
    ST(6, id_of(BUF, PIM_FD_NOT_NULL));
    ST(8, name_of(BUF));
    ST(7, bal_of(BUF));
    ST(9, code_of(BUF));
    emit(OP_INSERT, 0, 0, 0, BUF, 0);
    OP3(OP_ADD, 0, 0, 1);
    JMP(l);
    patch(e, here());
    LD(4, par(12, 2, PIM_K_BOOL, 0));
    no = J(OP_JF, 4, 0);
    SIGNAL(PIM_NO_CELL, "45005");
    patch(no, here());
    END();
}

/* KEEPPAY(ID @4 (0), AMOUNT BIGINT @8 (1), TIMES INT @16 (2), FAIL BOOLEAN @20 (3)): TIMES in-place updates BAL =
 * BAL - AMOUNT, each found by a PKFIND that keeps the before image for its UPDATE (PKFIND b = 1, UPDATE c = 1), then
 * 45006 when FAIL */
static void keeppay(void)
{
    uint32_t l, e, miss, no;
    begin(P_KEEPPAY, 0);
    INT(1, 0);
    LD(2, par(16, 2, PIM_K_I32, 0));
    INT(3, 1);
    l = here();
    CMP(4, 1, 2, PIM_REL_LT);
    e = J(OP_JF, 4, 0);
    MV(id_of(BUF, 0), par(4, 0, PIM_K_I32, 0));
    emit(OP_PKFIND, 0, 1, 0, BUF, 0);
    miss = J(OP_JNULL, 0, 0);
    LD(5, bal_of(BUF));
    LD(6, par(8, 1, PIM_K_I64, 0));
    OP3(OP_SUB, 5, 5, 6);
    ST(5, bal_of(BUF));
    emit(OP_UPDATE, 0, 0, 1, BUF, PIM_NO_OPERAND); /* in place (BAL is in no index), the image kept */
    patch(miss, here());
    OP3(OP_ADD, 1, 1, 3);
    JMP(l);
    patch(e, here());
    LD(7, par(20, 3, PIM_K_BOOL, 0));
    no = J(OP_JF, 7, 0);
    SIGNAL(PIM_NO_CELL, "45006");
    patch(no, here());
    END();
}

/* REFIND(ID @4 (0), AMOUNT BIGINT @8 (1), MODE INT @16 (2)): a PKFIND of ACCT, then the same lookup marked again:
 * MODE 0: again keeping the before image, BAL = BAL - AMOUNT in place from it, then 45007 when AMOUNT > 5000;
 * MODE 1: again but of table LOG (the kernel faults: its last find was ACCT's);
 * MODE 2: again with no find before it in the call (faults: the call's first find) */
static void refind(void)
{
    uint32_t other, first, miss, ok;
    begin(P_REFIND, 0);
    LD(2, par(16, 2, PIM_K_I32, 0));
    first = when(2, 2);
    MV(id_of(BUF, 0), par(4, 0, PIM_K_I32, 0));
    emit(OP_PKFIND, 1, PIM_FIND_AGAIN, 0, BUF, 0);
    END();
    patch(first, here());
    MV(id_of(BUF, 0), par(4, 0, PIM_K_I32, 0));
    emit(OP_PKFIND, 0, 0, 0, BUF, 0);
    other = when(2, 1);
    emit(OP_PKFIND, 1, PIM_FIND_AGAIN, 0, BUF, 1);
    END();
    patch(other, here());
    MV(id_of(BUF, 0), par(4, 0, PIM_K_I32, 0)); /* the same key written again, as a second statement's KEY does */
    emit(OP_PKFIND, 1, PIM_FIND_AGAIN | PIM_FIND_KEEP, 0, BUF, 0);
    miss = J(OP_JNULL, 1, 0);
    LD(5, bal_of(BUF));
    LD(6, par(8, 1, PIM_K_I64, 0));
    OP3(OP_SUB, 5, 5, 6);
    ST(5, bal_of(BUF));
    emit(OP_UPDATE, 1, 0, 1, BUF, PIM_NO_OPERAND); /* in place, the image kept by the again-find */
    INT(30, 5000);
    CMP(31, 6, 30, PIM_REL_GT);
    ok = J(OP_JF, 31, 0);
    SIGNAL(PIM_NO_CELL, "45007");
    patch(ok, here());
    patch(miss, here());
    END();
}

/* AGAIN(ID @4 (0), TIMES INT @8 (1)): TIMES updates of one row (BAL + 1 each): every one logs a before image */
static void again(void)
{
    uint32_t l, e;
    begin(P_AGAIN, 0);
    MV(id_of(BUF, 0), par(4, 0, PIM_K_I32, 0));
    emit(OP_PKFIND, 0, 0, 0, BUF, 0);
    e = J(OP_JNULL, 0, 0);
    INT(1, 0);
    LD(2, par(8, 1, PIM_K_I32, 0));
    INT(3, 1);
    l = here();
    CMP(4, 1, 2, PIM_REL_LT);
    J(OP_JF, 4, e + 0); /* patched below */
    LD(5, bal_of(BUF));
    OP3(OP_ADD, 5, 5, 3);
    ST(5, bal_of(BUF));
    emit(OP_UPDATE, 0, 0, 0, BUF, PIM_NO_OPERAND); /* in place: BAL is in no index */
    OP3(OP_ADD, 1, 1, 3);
    JMP(l);
    patch(e, here());
    patch(l + 1, here());
    END();
}

/* XREAD(ID @4 (0), OUT BAL @8 (1), route slot @16): an exchange read: MPAT on the slot, the read, MPVAL of
 * BAL (statement 7, a 16-byte block: bitmap, BAL @8); OUT block 16 */
static void xread(void)
{
    uint32_t skip, skip2;
    uint16_t xv;
    begin(P_XREAD, 16);
    xv = word(7 | 16u << 16);
    word(1 | (uint32_t)XBUF << 16);
    fd(8, 1, PIM_K_I64, 0, 0);
    word(8 | 0u << 16);
    skip = emit(OP_MPAT, 0, PIM_NO_CELL, 0, 0, 16); /* the route slot at 16 */
    MV(id_of(BUF, 0), par(4, 0, PIM_K_I32, 0));
    emit(OP_PKFIND, 2, 0, 0, BUF, 0);
    skip2 = J(OP_JNULL, 2, 0);
    MV(par(8, 1, PIM_K_I64, 0), bal_of(BUF));
    patch(skip, here());
    patch(skip2, here());
    emit(OP_MPVAL, 0, 0, 0, xv, 0);
    END();
}

/* XPAY(ID @4 (0), AMOUNT @8 (1), route slot @16): an exchange write (BAL + AMOUNT where the slot is local), then
 * 45007 when AMOUNT < 0, on every participant */
static void xpay(void)
{
    uint32_t skip, skip2, ok;
    begin(P_XPAY, 0);
    LD(0, fd(16, PIM_NO_NULL_BIT, PIM_K_I32, 0, 0));
    skip = emit(OP_MPAT, 0, 0, 0, 0, PIM_NO_OPERAND); /* the key in cell 0 */
    MV(id_of(BUF, 0), par(4, 0, PIM_K_I32, 0));
    emit(OP_PKFIND, 2, 0, 0, BUF, 0);
    skip2 = J(OP_JNULL, 2, 0);
    COPYB(BUF + 64, BUF, 56);
    LD(3, bal_of(BUF));
    LD(4, par(8, 1, PIM_K_I64, 0));
    OP3(OP_ADD, 3, 3, 4);
    ST(3, bal_of(BUF + 64));
    emit(OP_UPDATE, 2, 0, 0, BUF + 64, BUF);
    patch(skip, here());
    patch(skip2, here());
    LD(4, par(8, 1, PIM_K_I64, 0));
    INT(5, 0);
    CMP(6, 4, 5, PIM_REL_LT);
    ok = J(OP_JF, 6, 0);
    SIGNAL(PIM_NO_CELL, "45007");
    patch(ok, here());
    END();
}

/* XSHASH(A VARCHAR(8) @2 (0), B BOOLEAN @12 (1), OUT H BIGINT @16 (2)): MPHASH of the string A and the BOOLEAN B
 * (kinds: bit 0, bit 8 + 1); OUT block 24 */
static void xshash(void)
{
    begin(P_XSHASH, 24);
    LD(0, par(2, 0, PIM_K_VARCHAR, 8));
    LD(1, par(12, 1, PIM_K_BOOL, 0));
    emit(OP_MPHASH, 3, 0, 2, 1u | 1u << 9, 0);
    ST(3, par(16, 2, PIM_K_I64, 0));
    END();
}

/*
 * XJOIN(OUT TOTAL BIGINT @8 (0), OUT LOOKUPS BIGINT @16 (1), route slot @24): a join through the exchange: the
 * rowset is LOG (owned by the slot's partition; every row publishes V, statement 9, an 8-byte block: bitmap,
 * V @4); per row a lookup of ACCT by ID = V, routed by V (statement 10, BAL in a 16-byte block @8). TOTAL = sum
 * of V, LOOKUPS = sum of the BAL found. OUT block 24.
 */
static void xjoin(void)
{
    uint32_t lpass, ldone, lrow, lbody, lnextpass, llook, j1, j2, j3;
    uint16_t log = BUF, acct = BUF + 64, scan = BUF + 128, xrows, xlook;
    begin(P_XJOIN, 24);
    xrows = word(9 | 8u << 16);
    word(1 | (uint32_t)XBUF << 16);
    fd(log + 24, log * 8 + 65, PIM_K_I32, 0, 0);
    word(4 | 0u << 16);
    xlook = word(10 | 16u << 16);
    word(1 | (uint32_t)(XBUF + 32) << 16); /* a buffer of its own */
    fd(acct + 40, acct * 8 + 66, PIM_K_I64, 0, 0);
    word(8 | 0u << 16);
    INT(10, 0);
    INT(11, 0);
    INT(12, 0);
    INT(13, 1);
    LD(0, fd(24, PIM_NO_NULL_BIT, PIM_K_I32, 0, 0));
    emit(OP_MPROWS, 1, 0, 0, xrows, 0);
    lpass = here();
    CMP(3, 1, 12, PIM_REL_EQ);
    ldone = J(OP_JT, 3, 0);
    emit(OP_SCANOPEN, 0, 0, 0, scan, 0);
    lrow = here();
    emit(OP_MPROW, 4, 0, 0, 0, 0);
    lbody = J(OP_JT, 4, 0);
    CMP(6, 1, 13, PIM_REL_EQ);
    j1 = J(OP_JF, 6, 0);
    emit(OP_SCANNEXT, 7, 1, 0, scan, log);
    j2 = J(OP_JNULL, 7, 0);
    emit(OP_MPPUT, 8, 0, 0, 0, 0);
    J(OP_JF, 8, lrow);
    patch(lbody, here());
    LD(9, v_of(log));
    OP3(OP_ADD, 10, 10, 9);
    NUL(15);
    j3 = emit(OP_MPAT, 0, 9, 0, 0, PIM_NO_OPERAND);
    MV(id_of(acct, 0), v_of(log));
    emit(OP_PKFIND, 15, 0, 0, acct, 0);
    llook = here();
    patch(j3, llook);
    emit(OP_MPLOOK, 15, 0, 0, xlook, 0);
    J(OP_JNULL, 15, lrow);
    LD(16, bal_of(acct));
    OP3(OP_ADD, 11, 11, 16);
    JMP(lrow);
    lnextpass = here();
    patch(j1, lnextpass);
    patch(j2, lnextpass);
    emit(OP_MPRNEXT, 1, 0, 0, 0, 0);
    JMP(lpass);
    patch(ldone, here());
    emit(OP_MPJEND, 0, 0, 0, 0, 0);
    ST(10, par(8, 0, PIM_K_I64, 0));
    ST(11, par(16, 1, PIM_K_I64, 0));
    END();
}

/* XAGG(OUT CNT BIGINT @8 (0), OUT SUM BIGINT @16 (1)): COUNT(*) and SUM(V) over LOG as a broadcast read
 * (GAGGS, statement 11); OUT block 24 */
static void xagg(void)
{
    uint32_t l, e, seen;
    uint16_t row = BUF, scan = BUF + 64, d;
    begin(P_XAGG, 24);
    d = word(11 | 2u << 16);
    word(BUF + 128);
    word(PIM_SG_COUNT | PIM_SG_SUM << 8);
    INT(20, 0);
    INT(21, 0);
    INT(22, 1);
    INT(23, 0);
    INT(24, 0);
    INT(25, 0);
    INT(1, 1);
    emit(OP_SCANOPEN, 0, 0, 0, scan, 0);
    l = here();
    emit(OP_SCANNEXT, 0, 1, 0, scan, row);
    e = J(OP_JNULL, 0, 0);
    OP3(OP_ADD, 20, 20, 1);
    OP3(OP_ADD, 21, 21, 1);
    LD(2, v_of(row));
    OP3(OP_ADD, 23, 23, 2);
    OP3(OP_ADD, 24, 24, 1);
    INT(25, 1);
    JMP(l);
    patch(e, here());
    emit(OP_GAGGS, 0, 20, 0, d, 0);
    ST(20, par(8, 0, PIM_K_I64, 0));
    seen = J(OP_JT, 25, 0);
    NUL(23);
    patch(seen, here());
    ST(23, par(16, 1, PIM_K_I64, 0));
    END();
}

/* XROWS(OUT FIRST BIGINT @8 (0), OUT N INT @16 (1), CAP INT @20 (2)): the first LOG rows by K descending, at most
 * CAP (2 when NULL) kept, as a broadcast read (GROWS, statement 12: sort records of a 9-byte key padded to 16 and
 * the K); OUT block 24 */
static void xrows(void)
{
    uint32_t l, e, none;
    uint16_t rec = BUF, row = BUF + 64, scan = BUF + 128, buf = BUF + 256, d; /* buf: up to 45 records */
    begin(P_XROWS, 24);
    d = word(buf | (uint32_t)rec << 16);
    word(24 | 16u << 16);
    word(10 | 11u << 8 | 12u << 16);
    INT(10, 0);
    LD(11, par(20, 2, PIM_K_I32, 0));
    J(OP_JNN, 11, here() + 2);
    INT(11, 2);
    INT(12, 1);
    FILL(0, rec, 24);
    emit(OP_SCANOPEN, 0, 0, 0, scan, 0);
    l = here();
    emit(OP_SCANNEXT, 0, 1, 0, scan, row);
    e = J(OP_JNULL, 0, 0);
    LD(1, k_of(row));
    emit(OP_SKEY, 0, 1, 0, rec, PIM_SORT_DESC);
    ST(1, fd(rec + 16, PIM_NO_NULL_BIT, PIM_K_I64, 0, 0));
    emit(OP_SORTPUT, 0, 0, 0, d, 0);
    JMP(l);
    patch(e, here());
    emit(OP_GROWS, 0, 0, 0, d, 12);
    ST(10, par(16, 1, PIM_K_I32, 0));
    NUL(2);
    none = J(OP_JNULL, 10, 0);
    CMP(3, 10, 12, PIM_REL_GE);
    J(OP_JF, 3, none);
    INT(4, 0);
    emit(OP_SORTGET, 4, 0, 0, d, 0);
    LD(2, fd(rec + 16, PIM_NO_NULL_BIT, PIM_K_I64, 0, 0));
    patch(none, here());
    ST(2, par(8, 0, PIM_K_I64, 0));
    END();
}

/*
 * XGROUP(OUT GROUPS BIGINT @8 (0), OUT TOTAL BIGINT @16 (1)): the LOG rows of K <= 105 grouped by K mod 3 with COUNT(*) and SUM(V)
 * as a relation (statement 14, GROUP: records of a 9-byte key padded to 16, COUNT's {value, count} @16, SUM's @32; a
 * WRAM buffer of 2 records, so a third group spills); over the merged records GROUPS = how many, TOTAL = the sum of
 * COUNT * 1000 + SUM. OUT block 24.
 */
static void xgroup(void)
{
    uint32_t l, e, closed, top, done;
    uint16_t rec = BUF, row = BUF + 64, scan = BUF + 128, buf = BUF + 192, state = BUF + 304, d;
    begin(P_XGROUP, 24);
    if (word(0) % 2 == 0) {
        word(0); /* the descriptor starts 8-byte aligned: GOPEN publishes its second half straight from the pool */
    }
    d = word(buf | (uint32_t)rec << 16);
    word(48 | 9u << 16);
    word(10 | 11u << 8 | 12u << 16 | (uint32_t)PIM_NO_CELL << 24);
    word(14 | (uint32_t)state << 16);
    word(PIM_NO_CELL);
    word(0);
    word(PIM_G_FORM | (uint32_t)PIM_G_GROUP << 8 | 2u << 16);
    word(48 | 9u << 16);
    word(9 | 16u << 16);
    word(0);
    word(16);
    word(PIM_SG_COUNT);
    word(32);
    word(PIM_SG_SUM);
    INT(10, 0);
    INT(11, 2);
    INT(12, 0);
    INT(13, 3);
    INT(14, 1);
    emit(OP_GOPEN, 20, PIM_NO_CELL, 0, d, 0);
    closed = J(OP_JF, 20, 0);
    emit(OP_SCANOPEN, 0, 0, 0, scan, 0);
    l = here();
    emit(OP_SCANNEXT, 0, 1, 0, scan, row);
    e = J(OP_JNULL, 0, 0);
    LD(1, k_of(row));
    CMPI(4, 1, PIM_REL_LE, 105);
    J(OP_JF, 4, l); /* the rows K <= 105 only */
    FILL(0, rec, 48);
    OP3(OP_MOD, 2, 1, 13);
    emit(OP_SKEY, 0, 2, 0, rec, 0);
    ST(14, fd(rec + 24, PIM_NO_NULL_BIT, PIM_K_I64, 0, 0));
    LD(3, v_of(row));
    ST(3, fd(rec + 32, PIM_NO_NULL_BIT, PIM_K_I64, 0, 0));
    ST(14, fd(rec + 40, PIM_NO_NULL_BIT, PIM_K_I64, 0, 0));
    emit(OP_GPUT, 21, 0, 0, d, PIM_G_GROUP);
    JMP(l);
    patch(e, here());
    patch(closed, here());
    emit(OP_GCLOSE, 22, 0, 0, d, 0);
    INT(23, 0);
    INT(24, 0);
    INT(25, 1000);
    top = here();
    emit(OP_GNEXT, 26, 0, 0, d, 0);
    done = J(OP_JF, 26, 0);
    OP3(OP_ADD, 23, 23, 14);
    LD(27, fd(rec + 24, PIM_NO_NULL_BIT, PIM_K_I64, 0, 0));
    OP3(OP_MUL, 28, 27, 25);
    OP3(OP_ADD, 24, 24, 28);
    LD(29, fd(rec + 32, PIM_NO_NULL_BIT, PIM_K_I64, 0, 0));
    OP3(OP_ADD, 24, 24, 29);
    JMP(top);
    patch(done, here());
    ST(23, par(8, 0, PIM_K_I64, 0));
    ST(24, par(16, 1, PIM_K_I64, 0));
    END();
}

/* XMANY(N INT @4 (0), route slot @8): N reads of the slot's partition (MPAT, MPVAL of an empty 8-byte block,
 * statement 13) in one call: 54000 once the call's publish budget is spent */
static void xmany(void)
{
    uint32_t l, e;
    uint16_t xv;
    begin(P_XMANY, 0);
    xv = word(13 | 8u << 16);
    word(0 | (uint32_t)XBUF << 16);
    LD(1, par(4, 0, PIM_K_I32, 0));
    INT(2, 0);
    INT(3, 1);
    l = here();
    CMP(4, 2, 1, PIM_REL_LT);
    e = J(OP_JF, 4, 0);
    emit(OP_MPAT, 0, PIM_NO_CELL, 0, here() + 1, 8); /* either way on to MPVAL */
    emit(OP_MPVAL, 0, 0, 0, xv, 0);
    OP3(OP_ADD, 2, 2, 3);
    JMP(l);
    patch(e, here());
    END();
}

/* XHASH(A BIGINT @8 (0), B BIGINT @16 (1), C BIGINT @24 (2), OUT H BIGINT @32 (3)): MPHASH of (A, B, C); OUT 40 */
static void xhash(void)
{
    begin(P_XHASH, 40);
    LD(0, par(8, 0, PIM_K_I64, 0));
    LD(1, par(16, 1, PIM_K_I64, 0));
    LD(2, par(24, 2, PIM_K_I64, 0));
    emit(OP_MPHASH, 3, 0, 3, 0, 0);
    ST(3, par(32, 3, PIM_K_I64, 0));
    END();
}

/* SORTKEY(): SKEY, an operation of PIM_F_SORT (for a kernel built without it) */
static void sortkey(void)
{
    begin(P_SORTKEY, 0);
    INT(0, 1);
    emit(OP_SKEY, 0, 0, 0, BUF, 0);
    END();
}

/*
 * WSCAN(MODE INT @4 (0), ID INT @8 (1), BAL BIGINT @16 (2), NAME VARCHAR(16) @24 (3)): every row of the NAME index
 * in order, as result set 0 of rows {ID @4 (0), NAME VARCHAR(16) @8 (1), BAL @32 (2)} (as RANGE); right after the
 * second row it writes, by MODE: 1 sets BAL of row ID (an in-place update), 2 deletes row ID, 3 inserts (ID, NAME,
 * BAL). As P_WSCAN its frame is WSCAN_FRAME bytes, so the kernel has a range window; as P_WSCAN_FULL it has none.
 */
static void wscan(uint32_t id, uint16_t frame)
{
    uint16_t probe = BUF, cursor = BUF + 64, row = BUF + 240, other = BUF + 288, ra;
    uint32_t loop, end, next;
    begin_frame(id, 0, frame);
    ra = word(cursor | (uint32_t)probe << 16);
    word(0 | 1u << 8 | 0u << 16 | 0u << 24); /* ACCT, its NAME index, no prefix, no bounds */
    FILL(0, probe, 56);
    emit(OP_ROPEN, 0, 0, 0, ra, 0);
    emit(OP_RSBEGIN, 0, 0, 0, 0, 0);
    INT(2, 0);
    loop = here();
    emit(OP_RNEXT, 1, 0, 0, ra, 0);
    end = J(OP_JNULL, 1, 0);
    MV(fd(row + 4, row * 8 + 0, PIM_K_I32, 0, 0), id_of(probe, 0));
    MV(fd(row + 8, row * 8 + 1, PIM_K_VARCHAR, 0, 16), name_of(probe));
    MV(fd(row + 32, row * 8 + 2, PIM_K_I64, 0, 0), bal_of(probe));
    emit(OP_RSROW, 0, 0, 0, row, 40);
    ADDI(2, 2, 1);
    CMPI(3, 2, PIM_REL_EQ, 2);
    J(OP_JF, 3, loop);
    LD(4, par(4, 0, PIM_K_I32, 0));
    FILL(0, other, 56);
    MV(id_of(other, PIM_FD_NOT_NULL), par(8, 1, PIM_K_I32, 0));
    next = when(4, 1);
    emit(OP_PKFIND, 5, 0, 0, other, 0);
    MV(bal_of(other), par(16, 2, PIM_K_I64, 0));
    emit(OP_UPDATE, 5, 0, 0, other, PIM_NO_OPERAND);
    JMP(loop);
    patch(next, here());
    next = when(4, 2);
    emit(OP_PKFIND, 5, 0, 0, other, 0);
    emit(OP_DELETE, 5, 0, 0, other, 0);
    JMP(loop);
    patch(next, here());
    next = when(4, 3);
    MV(name_of(other), par(24, 3, PIM_K_VARCHAR, 16));
    MV(bal_of(other), par(16, 2, PIM_K_I64, 0));
    emit(OP_INSERT, 0, 0, 0, other, 0);
    patch(next, here());
    JMP(loop);
    patch(end, here());
    emit(OP_RSEND, 0, 0, 0, 0, 0);
    END();
}

/* XSPEC's read of ACCT[id].BAL into the field `into`, routed by the route slot at `slot`, published as xv. */
static void xspec_read(uint16_t id_cell, uint16_t slot, uint16_t into, uint16_t xv)
{
    uint32_t skip, skip2;
    skip = emit(OP_MPAT, 0, PIM_NO_CELL, 0, 0, slot);
    ST(id_cell, id_of(BUF, 0));
    emit(OP_PKFIND, 2, 0, 0, BUF, 0);
    skip2 = J(OP_JNULL, 2, 0);
    MV(into, bal_of(BUF));
    patch(skip, here());
    patch(skip2, here());
    emit(OP_MPVAL, 0, 0, 0, xv, 0);
}

/*
 * XSPEC(A INT @4 (0), route slots @8 and @12, OUT X BIGINT @16 (1), OUT Y BIGINT @24 (2)): speculation past a missing
 * value (docs/multi-partition.md "Speculation"). X = ACCT[A].BAL (slot @8, statement 15); then, on slot @12's
 * partition, Y = ACCT[2].BAL when X > 100 (statement 16), else Y = ACCT[4].BAL (statement 17): the path depends on X;
 * finally 45009 when X = 0 (a placeholder's value). OUT block 32.
 */
static void xspec(void)
{
    uint32_t other, end, ok;
    uint16_t x, y2, y4;
    begin(P_XSPEC, 32);
    x = word(15 | 16u << 16);
    word(1 | (uint32_t)XBUF << 16);
    fd(16, 1, PIM_K_I64, 0, 0);
    word(8 | 0u << 16);
    y2 = word(16 | 16u << 16);
    word(1 | (uint32_t)XBUF << 16);
    fd(24, 2, PIM_K_I64, 0, 0);
    word(8 | 0u << 16);
    y4 = word(17 | 16u << 16);
    word(1 | (uint32_t)XBUF << 16);
    fd(24, 2, PIM_K_I64, 0, 0);
    word(8 | 0u << 16);
    LD(7, par(4, 0, PIM_K_I32, 0));
    xspec_read(7, 8, par(16, 1, PIM_K_I64, 0), x);
    LD(3, par(16, 1, PIM_K_I64, 0));
    INT(4, 100);
    CMP(5, 3, 4, PIM_REL_GT);
    other = J(OP_JF, 5, 0);
    INT(7, 2);
    xspec_read(7, 12, par(24, 2, PIM_K_I64, 0), y2);
    end = J(OP_JMP, 0, 0);
    patch(other, here());
    INT(7, 4);
    xspec_read(7, 12, par(24, 2, PIM_K_I64, 0), y4);
    patch(end, here());
    LD(3, par(16, 1, PIM_K_I64, 0));
    INT(4, 0);
    CMP(5, 3, 4, PIM_REL_EQ);
    ok = J(OP_JF, 5, 0);
    SIGNAL(PIM_NO_CELL, "45009");
    patch(ok, here());
    END();
}

void assemble(void)
{
    put();
    get();
    pay();
    rename_acct();
    del();
    range();
    arith();
    strs();
    logic();
    array();
    loop();
    bump();
    stats();
    top();
    logput();
    again();
    xread();
    xpay();
    xshash();
    xjoin();
    xagg();
    xrows();
    xhash();
    sortkey();
    xmany();
    xgroup();
    wscan(P_WSCAN, WSCAN_FRAME);
    wscan(P_WSCAN_FULL, FRAME);
    putrun();
    keeppay();
    xspec();
    refind();
}
