package org.pimsql.codegen.vm;

import java.util.BitSet;

/**
 * The layout of one procedure's frame (docs/vm.md "The frame of a procedure"): the parameter block at 0, the locals
 * block, then buffers that statements take and give back in nesting order, the cells after the highest buffer once
 * the whole procedure is compiled, and the exchange buffer.
 *
 * <p>Cells are registers: an expression takes its result cell first, computes its operands in cells it gives back
 * right after the operation that reads them ({@link #cellMark}), so that a statement needs about as many cells as its
 * expressions are deep, not as many as they have operators. Buffers hold strings that cells point at (a field, a
 * number's text, a concatenation), so they live until the statement ends ({@link #mark}).
 */
final class Frame {
    private int top;
    private int highest;
    private BitSet cells = new BitSet();
    private int cellHighWater;

    Frame(int fixedBytes) {
        this.top = align(fixedBytes, 8);
        this.highest = top;
    }

    static int align(int v, int a) {
        return (v + a - 1) / a * a;
    }

    /** A buffer of {@code bytes}, 8-byte aligned (DMA), until the mark before it is released. */
    int buffer(int bytes) {
        int at = top;
        top = align(top + Math.max(bytes, 1), 8);
        highest = Math.max(highest, top);
        if (top > VmFormat.MAX_FRAME_BYTES) {
            throw new FrameFull(top);
        }
        return at;
    }

    int cell() {
        int c = cells.nextClearBit(0);
        if (c >= 255) {
            throw new FrameFull(-1);
        }
        cells.set(c);
        cellHighWater = Math.max(cellHighWater, c + 1);
        return c;
    }

    /** {@code n} consecutive free cells; returns the first. */
    int cells(int n) {
        int first = 0;
        while (true) {
            int c = cells.nextClearBit(first);
            int used = cells.nextSetBit(c);
            if (used < 0 || used - c >= n) {
                first = c;
                break;
            }
            first = used;
        }
        if (first + n > 255) {
            throw new FrameFull(-1);
        }
        cells.set(first, first + n);
        cellHighWater = Math.max(cellHighWater, first + n);
        return first;
    }

    /** A state to give buffers and cells back to. */
    Mark mark() {
        return new Mark(top, (BitSet) cells.clone());
    }

    void release(Mark m) {
        top = m.top;
        cells = (BitSet) m.cells.clone();
    }

    /** A state to give cells back to (buffers stay: cells taken since may point into them). */
    BitSet cellMark() {
        return (BitSet) cells.clone();
    }

    void releaseCells(BitSet mark) {
        cells = (BitSet) mark.clone();
    }

    /** Takes a cell given back by {@link #releaseCells} again (an operation's result computed in a sub-scope). */
    void keep(int cell) {
        cells.set(cell);
    }

    record Mark(int top, BitSet cells) {}

    int cellsOffset() {
        return align(highest, 8);
    }

    int cellCount() {
        return cellHighWater;
    }

    int bytes() {
        return align(cellsOffset() + VmFormat.CELL_BYTES * cellHighWater, 8);
    }

    /** The procedure needs more frame than a tasklet can have, or more than 255 cells. */
    static final class FrameFull extends RuntimeException {
        FrameFull(int bytes) {
            super(bytes < 0 ? "more than 255 values live at once" : "a frame of " + bytes + " bytes (at most "
                    + VmFormat.MAX_FRAME_BYTES + ")");
        }
    }
}
