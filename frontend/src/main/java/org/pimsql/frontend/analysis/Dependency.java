package org.pimsql.frontend.analysis;

/**
 * "This statement depends on statement {@code on}": it must see {@code on}'s effect.
 *
 * @param on     the id of the statement depended on
 * @param kind   why
 * @param detail the variable, table or condition involved, for listings
 */
public record Dependency(int on, Kind kind, String detail) {

    public enum Kind {
        /** Uses a variable that statement {@code on} may have assigned. */
        VARIABLE,
        /** Reads or writes a table (row set or columns) that statement {@code on} writes. */
        TABLE,
        /** Runs only if a condition holds that is evaluated by, or uses the results of, statement {@code on}. */
        CONTROL
    }
}
