package org.pimsql.host.engine;

import org.pimsql.frontend.ir.Procedure;
import org.pimsql.host.sequencer.SequencedCall;

/** A sequenced call resolved against the schema and routed to the logical partition that runs it. */
public record RoutedCall(SequencedCall call, Procedure procedure, int partition) {}
