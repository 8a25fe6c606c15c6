package org.pimsql.frontend.ir;

import org.pimsql.frontend.catalog.Table;

/**
 * One table occurrence in a query or the target of an UPDATE/DELETE, with the access path chosen for
 * it. {@code filter} is the residual predicate evaluated on each row the access path yields (null when
 * the access path alone is exact). In a join, source {@code i} may refer to columns of sources
 * {@code 0..i-1} (nested loops in source order).
 */
public record Source(int index, Table table, String alias, Access access, Expr filter) {}
