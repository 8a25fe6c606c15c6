package org.pimsql.codegen.vm;

/**
 * A value the compiled code holds in a cell: a number at {@code scale} (exact numerics, TIMESTAMP, BOOLEAN) or a
 * string. {@code neverNull} lets the compiler skip NULL tests it knows cannot succeed.
 */
record Val(int cell, boolean str, int scale, boolean neverNull) {
    static Val num(int cell, int scale, boolean neverNull) {
        return new Val(cell, false, scale, neverNull);
    }

    static Val str(int cell, boolean neverNull) {
        return new Val(cell, true, 0, neverNull);
    }
}
