package org.pimsql.frontend.ir;

import org.pimsql.frontend.catalog.SourcePos;
import org.pimsql.frontend.catalog.SqlType;

/**
 * A parameter or local variable of a procedure. {@code id} is unique within the procedure: parameters
 * are numbered 0..n-1 in declaration order, locals follow. {@code defaultValue} is the DECLARE
 * default (null means SQL NULL). Locals declared in nested blocks are hoisted with distinct ids.
 */
public record Variable(int id, String name, SqlType type, ParamMode mode, Expr defaultValue, SourcePos pos) {

    public boolean isParameter() {
        return mode != ParamMode.LOCAL;
    }

    /** OUT parameters are write-only (HSQLDB), everything else is readable. */
    public boolean readable() {
        return mode != ParamMode.OUT;
    }

    /** IN parameters are read-only. */
    public boolean writable() {
        return mode != ParamMode.IN;
    }
}
