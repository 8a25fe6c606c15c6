package org.pimsql.frontend.analysis;

/** How many partitions a procedure's calls touch. */
public enum ProcedureClass {
    /** Every touched partition comes from one parameter-derived key: each call runs on exactly one partition. */
    SINGLE_PARTITION,
    /** Several keys, array parameters or data-dependent keys: a call may span several partitions. */
    MULTI_PARTITION,
    /** A broadcast read or a write to a replicated table: every call touches every partition. */
    ALL_PARTITIONS
}
