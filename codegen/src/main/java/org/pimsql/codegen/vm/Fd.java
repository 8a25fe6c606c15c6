package org.pimsql.codegen.vm;

import org.pimsql.codegen.FieldLayout;

/**
 * A field descriptor (docs/vm.md, pim_fd_t): a value in the frame, its NULL flag, its kind and what a store into it
 * checks. Two pool words.
 *
 * @param off   frame offset of the value (a VARCHAR's length word)
 * @param nbit  frame bit number of the NULL flag, or {@link VmFormat#NO_NULL_BIT} when the value is never NULL
 * @param kind  storage kind (FieldLayout.KIND_*)
 * @param flags range-check code (bits 0-4) and {@link VmFormat#FD_NOT_NULL}
 * @param cap   strings: declared length
 * @param name  what the field holds, for listings (not part of the descriptor)
 */
record Fd(int off, int nbit, int kind, int flags, int cap, String name) {
    Fd {
        if (off < 0 || off > VmFormat.MAX_FRAME_BYTES || nbit < 0 || nbit > 0xFFFF) {
            throw new IllegalArgumentException("field outside the frame: offset " + off + ", NULL bit " + nbit);
        }
    }

    /** The field {@code f} of a block placed at frame offset {@code base}. */
    static Fd of(int base, FieldLayout f) {
        int cap = f.isString() ? f.type().length() : 0;
        return new Fd(base + f.offset(), f.nullable() ? base * 8 + f.nullBit() : VmFormat.NO_NULL_BIT, f.kind(), 0, cap,
                f.name());
    }

    /** The same field under another name (a listing's view: a variable, a table's column). */
    Fd named(String n) {
        return new Fd(off, nbit, kind, flags, cap, n);
    }

    /** The same field as a store target that checks range code {@code fit} and, when {@code notNull}, refuses NULL. */
    Fd storing(int fit, boolean notNull) {
        return new Fd(off, nbit, kind, fit | (notNull ? VmFormat.FD_NOT_NULL : 0), cap, name);
    }

    boolean isString() {
        return kind == VmFormat.K_CHAR || kind == VmFormat.K_VARCHAR;
    }

    boolean nullable() {
        return nbit != VmFormat.NO_NULL_BIT;
    }

    int[] words() {
        return new int[] {off | nbit << 16, kind | flags << 8 | cap << 16};
    }
}
