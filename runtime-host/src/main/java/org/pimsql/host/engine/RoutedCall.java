package org.pimsql.host.engine;

import org.pimsql.frontend.ir.Procedure;
import org.pimsql.host.sequencer.SequencedCall;

/**
 * A sequenced call resolved against the schema and routed to the logical partition that runs it. A call
 * that runs independently on several partitions has one RoutedCall per partition ({@code copies} of
 * them); only the {@code primary} one (the lowest partition) answers the caller.
 */
public record RoutedCall(SequencedCall call, Procedure procedure, int partition, boolean primary, int copies,
                         int flags, ExchangeVector vector) {

    /**
     * Call flag: an exchange call; {@code vector} holds the values the host collected so far. The call
     * header's flags also carry the wave bits (1 and 2, WireCodec), hence 4 and 8 (pim_rt.h PIM_CALL_MP).
     */
    public static final int EXCHANGE = 4;
    /** Call flag: the DPU keeps the call's undo records after it ends, until the host decides. */
    public static final int KEEP = 8;

    public RoutedCall(SequencedCall call, Procedure procedure, int partition, boolean primary, int copies) {
        this(call, procedure, partition, primary, copies, 0, null);
    }

    public boolean exchange() {
        return (flags & EXCHANGE) != 0;
    }
}
