package org.pimsql.host.engine;

import org.pimsql.frontend.ir.Procedure;
import org.pimsql.host.sequencer.SequencedCall;

/**
 * A sequenced call resolved against the schema and routed to the logical partition that runs it. A call
 * that runs independently on several partitions has one RoutedCall per partition ({@code copies} of
 * them); only the {@code primary} one (the lowest partition) answers the caller.
 */
public record RoutedCall(SequencedCall call, Procedure procedure, int partition, boolean primary, int copies) {}
