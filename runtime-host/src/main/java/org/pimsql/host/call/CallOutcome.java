package org.pimsql.host.call;

import java.util.List;

/** What a call produced: OUT values and result sets, or the SQL error that rolled it back. */
public sealed interface CallOutcome {

    /**
     * @param outValues one entry per parameter, in declaration order: the final value of OUT and INOUT
     *                  parameters, null for IN parameters
     */
    record Success(long sequence, List<Object> outValues, List<ResultTable> resultSets) implements CallOutcome {
        public Success {
            outValues = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(outValues));
            resultSets = List.copyOf(resultSets);
        }
    }

    /** The call was rolled back: {@code SIGNAL}, a constraint violation, or a runtime fault. */
    record Failure(long sequence, String sqlState, String message) implements CallOutcome {}

    long sequence();
}
