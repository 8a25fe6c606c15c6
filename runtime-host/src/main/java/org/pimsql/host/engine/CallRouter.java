package org.pimsql.host.engine;

import java.util.List;
import org.pimsql.frontend.ir.Procedure;

/** The compiled router: where a call runs, computed on the host from its arguments. */
@FunctionalInterface
public interface CallRouter {

    /**
     * Where a call runs.
     *
     * @param partitions  the logical partitions it touches, ascending
     * @param independent true when each of those partitions can run the whole call alone with the same
     *                    outcome (it writes replicated tables only and reads nothing partitioned), so the
     *                    call simply runs everywhere; false for a call that needs its partitions together
     */
    record Route(int[] partitions, boolean independent, boolean exchange, boolean dataDependent, boolean relations) {
        /**
         * @param exchange      the procedure was compiled with the multi-partition exchange
         *                      (docs/multi-partition.md): the call runs as an exchange call on the DPUs of
         *                      {@code partitions} (its statically known participants)
         * @param dataDependent more participants may be discovered while it runs
         * @param relations     its program has relations (docs/multi-partition.md "Relations"): every call is an
         *                      exchange call, even on one DPU, since the host merges the relations' records
         */
        public Route(int[] partitions, boolean independent) {
            this(partitions, independent, false, false, false);
        }

        public static Route single(int partition) {
            return new Route(new int[] {partition}, false);
        }
    }

    Route route(Procedure procedure, List<Object> args, int partitionCount);
}
