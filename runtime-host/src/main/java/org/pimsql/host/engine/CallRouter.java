package org.pimsql.host.engine;

import org.pimsql.frontend.ir.Procedure;

/** The compiled router: the logical partitions a call touches, computed on the host from its arguments. */
@FunctionalInterface
public interface CallRouter {

    /** Partitions in ascending order; exactly one for a single-partition call. */
    int[] partitions(Procedure procedure, java.util.List<Object> args, int partitionCount);
}
