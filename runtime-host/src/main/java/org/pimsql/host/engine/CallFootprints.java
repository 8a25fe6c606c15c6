package org.pimsql.host.engine;

import java.util.List;
import org.pimsql.frontend.analysis.ConflictFootprint;
import org.pimsql.frontend.ir.Procedure;

/**
 * The conflict locks of calls (docs/runtime.md "Concurrent calls on a DPU"): the footprint the compiled schema keeps
 * for the call's procedure ({@link CompiledSchema#footprint}), evaluated with the call's arguments.
 */
final class CallFootprints {
    private CallFootprints() {}

    /** The locks a call of {@code procedure} with {@code args} takes, or null when it must run alone. */
    static List<ConflictFootprint.Lock> locks(CompiledSchema schema, Procedure procedure, List<Object> args) {
        ConflictFootprint footprint = schema.footprint(procedure.name());
        if (footprint == null) {
            return null;
        }
        try {
            return footprint.locks(args.toArray());
        } catch (RuntimeException e) {
            return null; // arguments the footprint cannot evaluate: the call runs alone, the DPU reports errors
        }
    }
}
