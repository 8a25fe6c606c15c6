package org.pimsql.frontend.analysis;

import java.util.List;
import java.util.SortedSet;

/**
 * What the analysis knows about the value of one expression before the call runs, for routing.
 */
sealed interface KeyValue {

    /**
     * The value is one of {@code alternatives}, each computable on the host from the call's arguments:
     * built from literals, IN/INOUT parameters and elements of array parameters (an {@link
     * org.pimsql.frontend.ir.Expr.ArrayElement} stands for every element of its array, whatever its
     * index). Several alternatives arise when different assignments of a variable may reach the use.
     */
    record Derived(List<org.pimsql.frontend.ir.Expr> alternatives) implements KeyValue {}

    /** The value is known only after the listed statements have read data. */
    record DataDependent(SortedSet<Integer> statements) implements KeyValue {}

    /** The value cannot be bounded before the call runs; {@code reason} says why, for diagnostics. */
    record Unknown(String reason) implements KeyValue {}
}
