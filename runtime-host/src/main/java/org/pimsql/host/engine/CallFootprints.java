package org.pimsql.host.engine;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.pimsql.frontend.analysis.ConflictAnalysis;
import org.pimsql.frontend.analysis.ConflictFootprint;
import org.pimsql.frontend.ir.Procedure;

/**
 * The conflict locks of calls (docs/runtime.md "Concurrent calls on a DPU"): each procedure's footprint, analysed
 * when it is first called and kept for the schema that compiled it, evaluated with a call's arguments.
 */
final class CallFootprints {
    private static final System.Logger LOG = System.getLogger(CallFootprints.class.getName());

    /** Footprints per procedure of one compiled schema (empty: the procedure's calls run alone). */
    private record OfSchema(CompiledSchema schema, Map<String, Optional<ConflictFootprint>> byProcedure) {}

    private volatile OfSchema current = new OfSchema(null, new ConcurrentHashMap<>());

    /** The locks a call of {@code procedure} with {@code args} takes, or null when it must run alone. */
    List<ConflictFootprint.Lock> locks(CompiledSchema schema, Procedure procedure, List<Object> args) {
        OfSchema f = current;
        if (f.schema() != schema) {
            f = new OfSchema(schema, new ConcurrentHashMap<>());
            current = f;
        }
        Optional<ConflictFootprint> footprint = f.byProcedure().computeIfAbsent(procedure.name(), n -> {
            try {
                return Optional.of(ConflictAnalysis.of(procedure));
            } catch (RuntimeException e) {
                LOG.log(System.Logger.Level.WARNING, "no conflict footprint for procedure {0}: its calls run alone ({1})",
                        n, e.toString());
                return Optional.empty();
            }
        });
        if (footprint.isEmpty()) {
            return null;
        }
        try {
            return footprint.get().locks(args.toArray());
        } catch (RuntimeException e) {
            return null; // arguments the footprint cannot evaluate: the call runs alone, the DPU reports errors
        }
    }
}
