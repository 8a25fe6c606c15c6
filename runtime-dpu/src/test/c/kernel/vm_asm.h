/*
 * A tiny assembler and image, batch and result codecs for the kernel's tests (vm_test.c): procedures are
 * written instruction by instruction (docs/vm.md "Instructions"), the schema and the database header by hand,
 * exactly as codegen's image builder and the host's DatabaseFormat lay them out.
 */
#ifndef VM_ASM_H
#define VM_ASM_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dpu.h"
#include "pim_ops.h"
#include "pimsim.h"

extern int failures;

#define CHECK(cond, ...)                                                                                     \
    do {                                                                                                     \
        if (!(cond)) {                                                                                       \
            failures++;                                                                                      \
            fprintf(stderr, "FAILED %s:%d: ", __FILE__, __LINE__);                                           \
            fprintf(stderr, __VA_ARGS__);                                                                    \
            fprintf(stderr, "\n");                                                                           \
        }                                                                                                    \
    } while (0)

/* Every test procedure: parameters from 0, exchange buffers from XBUF, buffers from BUF, cells at CELLS. */
#define FRAME 2048u
#define XBUF 128u
#define BUF 192u
#define CELLS 1536u
#define NCELLS 32u
#define MAXPROCS 32u
#define MAXCALLS 4096u

/* ---- assembling one procedure ---- */
void begin(uint32_t id, uint16_t out_bytes);
/* begin for a procedure whose frame is `frame` bytes (cells at its end) instead of FRAME: the rest of the arena's
 * frame is the kernel's range window (docs/vm.md) */
void begin_frame(uint32_t id, uint16_t out_bytes, uint16_t frame);
uint32_t emit(uint8_t op, uint8_t a, uint8_t b, uint8_t c, uint16_t x, uint16_t y);
uint32_t here(void);
void patch(uint32_t at, uint32_t target); /* sets instruction at's x */
uint16_t word(uint32_t w);
uint16_t fd(uint16_t off, uint16_t nbit, uint8_t kind, uint8_t flags, uint16_t cap);
uint16_t lit(const char *s); /* the bytes of s in the pool */

#define NOP() emit(OP_NOP, 0, 0, 0, 0, 0)
#define END() emit(OP_END, 0, 0, 0, 0, 0)
#define J(op, a, x) emit(op, a, 0, 0, x, 0)
#define JMP(x) emit(OP_JMP, 0, 0, 0, x, 0)
#define TICK() emit(OP_TICK, 0, 0, 0, 0, 0)
#define SIGNAL(a, state) emit(OP_SIGNAL, a, 0, 0, lit(state), 0)
#define NUL(a) emit(OP_NULL, a, 0, 0, 0, 0)
#define INT(a, v) emit(OP_INT, a, 0, 0, (uint16_t)((uint32_t)(v) & 0xffffu), (uint16_t)((uint32_t)(v) >> 16))
#define STR(a, s) emit(OP_STR, a, 0, 0, lit(s), (uint16_t)strlen(s))
#define COPY(a, b) emit(OP_COPY, a, b, 0, 0, 0)
#define LD(a, f) emit(OP_LD, a, 0, 0, f, 0)
#define ST(a, f) emit(OP_ST, a, 0, 0, f, 0)
#define MV(dst, src) emit(OP_MV, 0, 0, 0, dst, src)
#define FILL(byte, at, n) emit(OP_FILL, byte, 0, 0, at, n)
#define COPYB(to, from, n) emit(OP_COPYB, 0, (uint8_t)((n) & 0xff), (uint8_t)((n) >> 8), to, from)
#define OP3(op, a, b, c) emit(op, a, b, c, 0, 0)
#define OP2(op, a, b) emit(op, a, b, 0, 0, 0)
#define CMP(a, b, c, rel) emit(OP_CMP, a, b, c, rel, 0)
#define ADDI(a, b, imm) emit(OP_ADDI, a, b, 0, (uint16_t)(int16_t)(imm), 0)
#define CMPI(a, b, rel, imm) emit(OP_CMPI, a, b, 0, rel, (uint16_t)(int16_t)(imm))
/* KEY: field `src` into field `dst` (two descriptors in a row: pair()), or to `target` when src is NULL */
#define KEY(pair, target) emit(OP_KEY, 0, 0, 0, pair, target)
uint16_t pair(uint16_t dst_off, uint16_t dst_nbit, uint8_t dst_kind, uint8_t flags, uint16_t src_off, uint16_t src_nbit,
              uint8_t src_kind, uint16_t cap);

/* CAT parts (docs/vm.md): a string cell, a cell formatted as PIM_PART_* or a number's scale and cut, a literal */
#define PSTR(cell) ((uint32_t)(cell) | (uint32_t)PIM_PART_STRING << 8 | 0xffffu << 16)
#define PART(cell, fmt, cut) ((uint32_t)(cell) | (uint32_t)(fmt) << 8 | (uint32_t)(cut) << 16)
#define PLIT(s) ((uint32_t)strlen(s) | (uint32_t)PIM_PART_LITERAL << 8 | (uint32_t)lit(s) << 16)
/* CAT's pool entry: the buffer at frame offset buf of capacity cap, then the n parts */
uint16_t cat(uint16_t buf, uint16_t cap, uint32_t n, const uint32_t *parts);
#define CAT(a, truncate, buf, cap, ...)                                                                        \
    do {                                                                                                       \
        const uint32_t parts_[] = {__VA_ARGS__};                                                               \
        uint32_t n_ = sizeof(parts_) / sizeof(parts_[0]);                                                      \
        emit(OP_CAT, a, truncate, (uint8_t)n_, cat(buf, cap, n_, parts_), 0);                                  \
    } while (0)

/* ---- the image ---- */
/* The formatted database's data from PIM_DATA_OFF: two tables' hash buckets (16 x 8 bytes each), the root leaves of
 * the two B+trees (32- and 8-byte keys). */
#define TREE_NODE_BYTES(k) (16u + PIM_NODE_FANOUT * ((k) + 8u))
#define FORMATTED_BYTES (2u * 128u + TREE_NODE_BYTES(32u) + TREE_NODE_BYTES(8u))
/* Builds the image of every procedure begun so far for `tasklets` and `features`; returns its bytes. */
uint32_t build_image(uint8_t *out, uint32_t tasklets, uint32_t features);
uint32_t db_bytes(void);

/* ---- batches ---- */
/* The exchange header; commit: how many of the segments the last launch kept stay (the codec turns it into the
 * batch header's commit_to and kept_to; without an exchange header all of them stay). */
typedef struct {
    uint32_t dpu, partitions, dpus, commit;
} mp_hdr_t;
void batch_begin(int init, const mp_hdr_t *mp);
/* Appends a call to procedure `proc` with `bytes` of zeroed parameters; returns the parameter block. */
uint8_t *call(uint16_t proc, uint32_t bytes);
/* Appends an exchange call (flags PIM_CALL_MP and `extra`): parameters, then `nvec` entries of `vec`. */
uint8_t *mp_call(uint16_t proc, uint32_t bytes, uint16_t extra, const uint8_t *vec, uint32_t vec_bytes, uint32_t nvec);
void join_wave(void); /* the last call joins the previous call's wave */
void set_limit(uint32_t limit); /* the formatted database's MRAM limit (for 53200) */

/* ---- running and results ---- */
typedef struct {
    const uint8_t *rec;
    uint16_t proc, status;
    char sqlstate[6];
    uint8_t nsets;
    const char *msg;
    uint16_t msg_len;
    const uint8_t *out;
    uint32_t out_bytes;
    const uint8_t *sets;
    /* exchange report */
    uint32_t mp_bytes, mp_entries, mp_stop, mp_need, mp_status, mp_needs;
    const uint32_t *needs;
    const uint8_t *entries;
} result_t;
/* Sends the batch, launches, reads the output; returns the number of records (ncalls of the result header). */
uint32_t run(struct dpu_set_t set);
/* Sends the batch and launches; returns the launch's status (the output is read only when it is DPU_OK). */
dpu_error_t try_run(struct dpu_set_t set);
extern uint32_t batch_image_generation; /* the batches' image generation (0: the kernel reads the image header) */
extern int batch_swap_chains; /* the next launch hands tasklet 0 tasklet 1's calls and back */
uint32_t result_flags(void);
result_t result_at(uint32_t index); /* the record of the call at batch position index */
int has_result(uint32_t index);

void expect_ok(result_t r, const char *what);
void expect_error(result_t r, const char *state, const char *what);

void set_null(uint8_t *block, int bit);
int is_null(const uint8_t *block, int bit);
void put_varchar(uint8_t *field, const char *s);
int varchar_is(const uint8_t *field, const char *s);

#endif
