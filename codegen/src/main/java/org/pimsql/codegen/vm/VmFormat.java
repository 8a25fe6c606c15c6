package org.pimsql.codegen.vm;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Every constant the host, the compiler and the kernel share (docs/vm.md, docs/wire-format.md): magics, header
 * sizes, flags, field kinds, feature bits. They are defined here once; {@link KernelHeader} writes them into
 * {@code kernel/pim_ops.h} next to the operation codes, and a test checks the checked-in header.
 */
public final class VmFormat {
    private VmFormat() {}

    public static final int BATCH_MAGIC = 0x424D4950; // "PIMB"
    public static final int RESULT_MAGIC = 0x524D4950; // "PIMR"
    public static final int DB_MAGIC = 0x444D4950; // "PIMD"
    public static final int IMAGE_MAGIC = 0x494D4950; // "PIMI"
    /** 3: every procedure's frame holds its parameter block and a call header behind it (read together). */
    public static final int IMAGE_FORMAT = 3;

    /** The batch header: 64 bytes, then per tasklet (room for 16) its first call and the bytes to read there. */
    public static final int BATCH_HEADER_BYTES = 64 + 8 * 16;
    /**
     * A call's header, right behind its body. A tasklet's calls form a chain (each header names the next one and its
     * size), so a tasklet reads its own calls only, a parameter block and its header in one DMA.
     */
    public static final int CALL_HEADER_BYTES = 40;
    public static final int RECORD_HEADER_BYTES = 48;
    /** The result header: 16 bytes, then a table of {u32 bytes, u32 records} for each tasklet's output slice. */
    public static final int RESULT_HEADER_BYTES = 16 + 8 * 16;
    public static final int MP_HEADER_BYTES = 16;
    public static final int IMAGE_HEADER_BYTES = 64;
    public static final int DIRECTORY_ENTRY_BYTES = 16;
    public static final int ROW_HEADER_BYTES = 8;
    public static final int CELL_BYTES = 16;
    public static final int INSTRUCTION_BYTES = 8;
    /** The start of a tasklet's arena: the running call's result record header, then its error message (MSG_MAX). */
    public static final int ARENA_MSG_BYTES = RECORD_HEADER_BYTES + 248;
    public static final int MSG_MAX = 248;

    /** Batch flags. */
    public static final int FLAG_INIT = 1;
    public static final int FLAG_MP = 2;
    /** Call header flags. */
    public static final int CALL_JOINS_WAVE = 1;
    public static final int CALL_SERIAL = 2;
    public static final int CALL_MP = 4;
    public static final int CALL_KEEP = 8;
    /** The most instructions one procedure's program holds: jump targets are u16 instruction numbers. */
    public static final int MAX_PROGRAM_INSTRUCTIONS = 0xFFFF;
    /** An exchange vector entry's owner when the host merged its value (a broadcast read's, a relation's). */
    public static final int MP_ANY = -1;
    /** An exchange vector entry's header: {u16 statement, u16 length, u32 ordinal, u32 owner, u32 0}. */
    public static final int MP_VECTOR_ENTRY_BYTES = 16;
    /** Call status in a result record and an exchange report. */
    public static final int STATUS_FAILED = 1;
    public static final int STATUS_BLOCKED = 2;

    /** Field kinds (FieldLayout.KIND_*). */
    public static final int K_BOOL = 1;
    public static final int K_I16 = 2;
    public static final int K_I32 = 3;
    public static final int K_I64 = 4;
    public static final int K_CHAR = 5;
    public static final int K_VARCHAR = 6;

    /** Field descriptor flags: range-check codes in bits 0-4, NOT NULL in bit 5. */
    public static final int FIT_SMALLINT = 30;
    public static final int FIT_INTEGER = 31;
    public static final int FD_NOT_NULL = 0x20;
    public static final int NO_NULL_BIT = 0xFFFF;
    public static final int NO_CELL = 0xFF;
    public static final int NO_OPERAND = 0xFFFF;

    /** SCALE's operand: from | to << 5 | ROUND. */
    public static final int SCALE_ROUND = 1024;
    /** NTOS / STON formats besides a scale. */
    public static final int TEXT_BOOLEAN = 0x100;
    public static final int TEXT_TIMESTAMP = 0x200;
    /** STON: digits beyond the scale round half down (a DECIMAL target, as HSQLDB), instead of being cut. */
    public static final int TEXT_ROUND = 0x400;
    /** CAT part formats besides a number's scale (0..18). */
    public static final int PART_BOOLEAN = 0x40;
    public static final int PART_TIMESTAMP = 0x41;
    public static final int PART_STRING = 0x80;
    /** A CAT part that is a literal: its length in the cell byte, its bytes' pool word in the cut half. */
    public static final int PART_LITERAL = 0x81;
    /**
     * PKFIND's b: KEEP, the row is the before image of the in-place UPDATE that follows (kept in the arena's scratch);
     * AGAIN, the same lookup already ran last and nothing it depends on changed since (RepeatedLookups): the kernel
     * returns the offset it remembered without reading MRAM.
     */
    public static final int FIND_KEEP = 1;
    public static final int FIND_AGAIN = 2;
    /** SETADD: the set holds 32-bit values (an integer argument). */
    public static final int SET_NARROW = 0x8000;
    /** SKEY: descending. */
    public static final int SORT_DESC = 0x8000;
    /** CMP / SCMP relations. */
    public static final int REL_EQ = 0;
    public static final int REL_NE = 1;
    public static final int REL_LT = 2;
    public static final int REL_LE = 3;
    public static final int REL_GT = 4;
    public static final int REL_GE = 5;

    /** Range descriptor flags (pim_range_open). */
    public static final int R_DESC = 1;
    public static final int R_LO_INCL = 2;
    public static final int R_HI_INCL = 4;
    public static final int R_HAS_LO = 8;
    public static final int R_HAS_HI = 16;
    public static final int R_LO_DONE = 32;

    /** Broadcast-read aggregate kinds (docs/multi-partition.md). */
    public static final int SG_COUNT = 1;
    public static final int SG_SUM = 2;
    public static final int SG_MIN = 3;
    public static final int SG_MAX = 4;
    public static final int SG_AVG = 5;
    public static final int SG_SEEN = 0x100;

    /**
     * Relations (docs/multi-partition.md "Relations"): how GPUT keeps records. STREAM: in arrival order, straight into
     * the partial (a key, if any, already ascends); SORT: sorted by key; DISTINCT: sorted, one record per key; GROUP:
     * sorted, records of equal keys combined (their accumulators).
     */
    public static final int G_STREAM = 0;
    public static final int G_SORT = 1;
    public static final int G_DISTINCT = 2;
    public static final int G_GROUP = 3;
    /** Relation flags: a cursor's rows the host finishes (skip, take, decode); a cursor (finished by the first
     * participant only); sources all replicated (only the first participant contributes rows). */
    public static final int G_HOST = 4;
    public static final int G_CURSOR = 8;
    public static final int G_REPLICATED = 16;
    /**
     * Relation flag: the records are the sort keys of a cursor's first rows, and the merge answers, per participant,
     * which of its rows are in the window OFFSET .. OFFSET + LIMIT: records {u32 dpu, u32 skip, u32 take} (keys first,
     * the wide rows of the window only then, docs/multi-partition.md "Relations").
     */
    public static final int G_RANK = 32;
    /** Accumulator flags (with the SG_* kind in the low bits): a string MIN/MAX; a DISTINCT aggregate. */
    public static final int G_ACC_STRING = 0x10;
    public static final int G_ACC_DISTINCT = 0x20;
    /**
     * A relation descriptor: {@code G_DESC_BYTES} for the kernel, then the partial header's static part ({@code
     * G_STATIC_BYTES}) and the accumulators (8 bytes each), in an 8-byte aligned pool entry. A partial's header is
     * {@code G_PARTIAL_BYTES}: the static part, {keep, owner, skip, take}, then the accumulators. A merged value's
     * header is {@code G_MERGED_BYTES}.
     */
    public static final int G_DESC_BYTES = 24;
    public static final int G_STATIC_BYTES = 16;
    public static final int G_PARTIAL_BYTES = 32;
    public static final int G_MERGED_BYTES = 8;
    /** The form byte of a relation's partial and merged value (1 and 2: GAGGS, GROWS). */
    public static final int G_FORM = 3;
    /** Merged status: a SUM beyond 64 bits (22003); more than one exchange value returns to the DPUs (54000). */
    public static final int G_STATUS_OVERFLOW = 1;
    public static final int G_STATUS_TOO_LARGE = 2;

    /** Kernel features (docs/vm.md "Kernel features"). */
    public static final int F_TREES = 1;
    public static final int F_TREE_WRITES = 2;
    public static final int F_MP = 4;
    public static final int F_MP_ROWS = 8;
    public static final int F_MP_SCATTER = 16;
    public static final int F_MP_HASH = 32;
    /** NTOS of numbers and BOOLEAN (TIMESTAMP: also {@link #F_TIME}). */
    public static final int F_TEXT = 64;
    /** SKEY, SORTPUT, SORTGET (the sort buffer of an ORDER BY no index gives). */
    public static final int F_SORT = 128;
    /** NTOS and STON of TIMESTAMP (the calendar: about 440 instructions, so a feature of its own). */
    public static final int F_TIME = 256;
    /** STON (text to number, BOOLEAN; TIMESTAMP also needs {@link #F_TIME}). */
    public static final int F_PARSE = 512;
    /** SCANOPEN, SCANNEXT (full scans in hash-bucket order). */
    public static final int F_SCAN = 1024;
    /** SETADD (COUNT/SUM/AVG(DISTINCT x)). */
    public static final int F_DISTINCT = 2048;
    /** Unique checks of B+tree indexes in INSERT and UPDATE: a program writes a table with a unique secondary index. */
    public static final int F_UNIQUE = 4096;
    /**
     * GOPEN, GPUT, GCLOSE, GNEXT, GREW (relations: partials every participant reduces, merged by the host), with
     * records streamed in arrival order; {@link #F_GATHER_SORT} adds the WRAM buffer of sorted and distinct records,
     * {@link #F_GATHER_GROUP} the combining of grouped ones (their accumulators): what a kernel lacks costs no IRAM.
     */
    public static final int F_GATHER = 8192;
    public static final int F_GATHER_SORT = 16384;
    public static final int F_GATHER_GROUP = 32768;
    /**
     * The less common expressions: AND, OR, NOT, NEG, MOD, FIT, CLEN, SUBSTR (a bound that is not a constant), PAD,
     * COPYB. About 200 instructions of the interpreter that a kernel whose programs use none of them (TPC-C's) does
     * not carry.
     */
    public static final int F_EXPR = 65536;
    /**
     * A lean kernel: built without the kernel's DMA savers (docs/performance.md "DMA per call": the B+tree's ascending
     * insert runs, kept before images, the range window, OUT blocks leaving with their record's header, the repeated
     * lookup answered from the last find, the database header written back only when changed), which cost about 250
     * IRAM instructions and change no result. No program needs it; the
     * hardware build takes it when the full kernel does not fit a DPU's IRAM.
     */
    public static final int F_LEAN = 131072;
    /** LIKE, TRIM, FOLD (UPPER and LOWER): about 184 proxy instructions that a kernel whose programs use none does not carry. */
    public static final int F_STRINGS = 262144;

    /** TSPART's parts, in the order of Expr.DatePart. */
    public static final int TS_YEAR = 0;
    public static final int TS_MONTH = 1;
    public static final int TS_DAY = 2;
    public static final int TS_HOUR = 3;
    public static final int TS_MINUTE = 4;
    public static final int TS_SECOND = 5;
    public static final int TS_DAY_OF_WEEK = 6;
    public static final int TS_DAY_OF_YEAR = 7;
    public static final int TS_QUARTER = 8;

    /** Exchange limits. */
    public static final int MP_VALUE_MAX = 1024;
    /** What one exchange call may publish. */
    public static final int MP_PUB_MAX = 30 * 1024;
    /**
     * With relations (PIM_F_GATHER): what one exchange call may publish, their partials included; the output area's
     * exchange region ({@link #OUT_PUB_BYTES}) bounds it too.
     */
    public static final int MP_GATHER_PUB_MAX = 1 << 20;
    /** The largest value of one exchange entry (its length is a u16): longer partials continue in further entries. */
    public static final int MP_ENTRY_MAX = 0xFFF8;
    /** The output area's exchange region (its end): a launch's exchange calls publish there, one after the other. */
    public static final int OUT_PUB_BYTES = 256 << 10;

    /** B+tree records per node (pim_btree.h PIM_BT_FANOUT) and the largest encoded keys (PIM_BT_MAX_KEY). */
    public static final int NODE_FANOUT = 10;
    public static final int MAX_TREE_KEY = 64;
    public static final int MAX_HASH_KEY = 248;

    /** The MRAM map (offsets from DPU_MRAM_HEAP_POINTER; docs/vm.md "Memory: MRAM map"). */
    public static final int DB_OFF = 0;
    public static final int DB_BYTES = 32 << 10;
    public static final int IMAGE_OFF = DB_OFF + DB_BYTES;
    public static final int IMAGE_BYTES = 1 << 20;
    public static final int IN_OFF = IMAGE_OFF + IMAGE_BYTES;
    public static final int IN_BYTES = 2 << 20;
    public static final int OUT_OFF = IN_OFF + IN_BYTES;
    public static final int OUT_BYTES = 2 << 20;
    public static final int UNDO_OFF = OUT_OFF + OUT_BYTES;
    public static final int UNDO_BYTES = 256 << 10;
    public static final int UNDO_SLOTS = 16;
    public static final int DATA_OFF = UNDO_OFF + UNDO_BYTES * UNDO_SLOTS;
    public static final int DATA_END = 60 << 20;
    /** Loop iterations one call may make before it fails with 54000. */
    public static final int MAX_STEPS = 1_000_000;
    /** Largest frame (u16 NULL-bit numbers address it) and most executing tasklets. */
    public static final int MAX_FRAME_BYTES = 8184;
    public static final int MAX_TASKLETS = 16;

    /** The constants of pim_ops.h, in order: name (without the PIM_ prefix) -> value. */
    static Map<String, Integer> constants() {
        var m = new LinkedHashMap<String, Integer>();
        m.put("BATCH_MAGIC", BATCH_MAGIC);
        m.put("RESULT_MAGIC", RESULT_MAGIC);
        m.put("DB_MAGIC", DB_MAGIC);
        m.put("IMAGE_MAGIC", IMAGE_MAGIC);
        m.put("IMAGE_FORMAT", IMAGE_FORMAT);
        m.put("BATCH_HEADER_BYTES", BATCH_HEADER_BYTES);
        m.put("CALL_HEADER_BYTES", CALL_HEADER_BYTES);
        m.put("REC_HDR", RECORD_HEADER_BYTES);
        m.put("RESULT_HEADER_BYTES", RESULT_HEADER_BYTES);
        m.put("MP_HEADER_BYTES", MP_HEADER_BYTES);
        m.put("IMAGE_HEADER_BYTES", IMAGE_HEADER_BYTES);
        m.put("DIR_ENTRY_BYTES", DIRECTORY_ENTRY_BYTES);
        m.put("ROW_HDR", ROW_HEADER_BYTES);
        m.put("CELL_BYTES", CELL_BYTES);
        m.put("ARENA_MSG_BYTES", ARENA_MSG_BYTES);
        m.put("MSG_MAX", MSG_MAX);
        m.put("FLAG_INIT", FLAG_INIT);
        m.put("FLAG_MP", FLAG_MP);
        m.put("CALL_JOINS_WAVE", CALL_JOINS_WAVE);
        m.put("CALL_SERIAL", CALL_SERIAL);
        m.put("CALL_MP", CALL_MP);
        m.put("CALL_KEEP", CALL_KEEP);
        m.put("MP_ANY", MP_ANY);
        m.put("MP_VECTOR_ENTRY_BYTES", MP_VECTOR_ENTRY_BYTES);
        m.put("ST_FAILED", STATUS_FAILED);
        m.put("ST_BLOCKED", STATUS_BLOCKED);
        m.put("K_BOOL", K_BOOL);
        m.put("K_I16", K_I16);
        m.put("K_I32", K_I32);
        m.put("K_I64", K_I64);
        m.put("K_CHAR", K_CHAR);
        m.put("K_VARCHAR", K_VARCHAR);
        m.put("FIT_SMALLINT", FIT_SMALLINT);
        m.put("FIT_INTEGER", FIT_INTEGER);
        m.put("FD_NOT_NULL", FD_NOT_NULL);
        m.put("NO_NULL_BIT", NO_NULL_BIT);
        m.put("NO_CELL", NO_CELL);
        m.put("NO_OPERAND", NO_OPERAND);
        m.put("SCALE_ROUND", SCALE_ROUND);
        m.put("TEXT_BOOLEAN", TEXT_BOOLEAN);
        m.put("TEXT_TIMESTAMP", TEXT_TIMESTAMP);
        m.put("TEXT_ROUND", TEXT_ROUND);
        m.put("PART_BOOLEAN", PART_BOOLEAN);
        m.put("PART_TIMESTAMP", PART_TIMESTAMP);
        m.put("PART_STRING", PART_STRING);
        m.put("PART_LITERAL", PART_LITERAL);
        m.put("FIND_KEEP", FIND_KEEP);
        m.put("FIND_AGAIN", FIND_AGAIN);
        m.put("SET_NARROW", SET_NARROW);
        m.put("SORT_DESC", SORT_DESC);
        m.put("REL_EQ", REL_EQ);
        m.put("REL_NE", REL_NE);
        m.put("REL_LT", REL_LT);
        m.put("REL_LE", REL_LE);
        m.put("REL_GT", REL_GT);
        m.put("REL_GE", REL_GE);
        m.put("R_DESC", R_DESC);
        m.put("R_LO_INCL", R_LO_INCL);
        m.put("R_HI_INCL", R_HI_INCL);
        m.put("R_HAS_LO", R_HAS_LO);
        m.put("R_HAS_HI", R_HAS_HI);
        m.put("R_LO_DONE", R_LO_DONE);
        m.put("SG_COUNT", SG_COUNT);
        m.put("SG_SUM", SG_SUM);
        m.put("SG_MIN", SG_MIN);
        m.put("SG_MAX", SG_MAX);
        m.put("SG_AVG", SG_AVG);
        m.put("SG_SEEN", SG_SEEN);
        m.put("G_STREAM", G_STREAM);
        m.put("G_SORT", G_SORT);
        m.put("G_DISTINCT", G_DISTINCT);
        m.put("G_GROUP", G_GROUP);
        m.put("G_HOST", G_HOST);
        m.put("G_CURSOR", G_CURSOR);
        m.put("G_REPLICATED", G_REPLICATED);
        m.put("G_RANK", G_RANK);
        m.put("G_ACC_STRING", G_ACC_STRING);
        m.put("G_ACC_DISTINCT", G_ACC_DISTINCT);
        m.put("G_DESC_BYTES", G_DESC_BYTES);
        m.put("G_STATIC_BYTES", G_STATIC_BYTES);
        m.put("G_PARTIAL_BYTES", G_PARTIAL_BYTES);
        m.put("G_MERGED_BYTES", G_MERGED_BYTES);
        m.put("G_FORM", G_FORM);
        m.put("G_STATUS_OVERFLOW", G_STATUS_OVERFLOW);
        m.put("G_STATUS_TOO_LARGE", G_STATUS_TOO_LARGE);
        m.put("F_TREES", F_TREES);
        m.put("F_TREE_WRITES", F_TREE_WRITES);
        m.put("F_MP", F_MP);
        m.put("F_MP_ROWS", F_MP_ROWS);
        m.put("F_MP_SCATTER", F_MP_SCATTER);
        m.put("F_MP_HASH", F_MP_HASH);
        m.put("F_TEXT", F_TEXT);
        m.put("F_SORT", F_SORT);
        m.put("F_TIME", F_TIME);
        m.put("F_PARSE", F_PARSE);
        m.put("F_SCAN", F_SCAN);
        m.put("F_DISTINCT", F_DISTINCT);
        m.put("F_UNIQUE", F_UNIQUE);
        m.put("F_GATHER", F_GATHER);
        m.put("F_GATHER_SORT", F_GATHER_SORT);
        m.put("F_GATHER_GROUP", F_GATHER_GROUP);
        m.put("F_EXPR", F_EXPR);
        m.put("F_STRINGS", F_STRINGS);
        m.put("TS_YEAR", TS_YEAR);
        m.put("TS_MONTH", TS_MONTH);
        m.put("TS_DAY", TS_DAY);
        m.put("TS_HOUR", TS_HOUR);
        m.put("TS_MINUTE", TS_MINUTE);
        m.put("TS_SECOND", TS_SECOND);
        m.put("TS_DAY_OF_WEEK", TS_DAY_OF_WEEK);
        m.put("TS_DAY_OF_YEAR", TS_DAY_OF_YEAR);
        m.put("TS_QUARTER", TS_QUARTER);
        m.put("F_LEAN", F_LEAN);
        m.put("MP_VALUE_MAX", MP_VALUE_MAX);
        m.put("MP_PUB_MAX", MP_PUB_MAX);
        m.put("MP_GATHER_PUB_MAX", MP_GATHER_PUB_MAX);
        m.put("MP_ENTRY_MAX", MP_ENTRY_MAX);
        m.put("OUT_PUB_BYTES", OUT_PUB_BYTES);
        m.put("NODE_FANOUT", NODE_FANOUT);
        m.put("MAX_TREE_KEY", MAX_TREE_KEY);
        m.put("MAX_HASH_KEY", MAX_HASH_KEY);
        m.put("DB_OFF", DB_OFF);
        m.put("DB_BYTES", DB_BYTES);
        m.put("IMAGE_OFF", IMAGE_OFF);
        m.put("IMAGE_BYTES", IMAGE_BYTES);
        m.put("IN_OFF", IN_OFF);
        m.put("IN_BYTES", IN_BYTES);
        m.put("OUT_OFF", OUT_OFF);
        m.put("OUT_BYTES", OUT_BYTES);
        m.put("UNDO_OFF", UNDO_OFF);
        m.put("UNDO_BYTES", UNDO_BYTES);
        m.put("UNDO_SLOTS", UNDO_SLOTS);
        m.put("DATA_OFF", DATA_OFF);
        m.put("DATA_END", DATA_END);
        m.put("MAX_STEPS", MAX_STEPS);
        m.put("MAX_FRAME_BYTES", MAX_FRAME_BYTES);
        m.put("MAX_TASKLETS", MAX_TASKLETS);
        return m;
    }
}
