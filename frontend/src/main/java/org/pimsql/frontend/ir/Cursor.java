package org.pimsql.frontend.ir;

import org.pimsql.frontend.catalog.SourcePos;

/** A {@code DECLARE c CURSOR WITH RETURN FOR query}; {@link Stmt.OpenCursor#resultSetIndex} orders result sets as opened. */
public record Cursor(String name, Query query, SourcePos pos) {}
