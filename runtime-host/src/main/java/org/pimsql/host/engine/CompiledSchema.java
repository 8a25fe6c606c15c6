package org.pimsql.host.engine;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.pimsql.codegen.OwnerLocalReads;
import org.pimsql.codegen.SchemaLayout;
import org.pimsql.frontend.analysis.ConflictAnalysis;
import org.pimsql.frontend.analysis.ConflictFootprint;
import org.pimsql.frontend.catalog.Catalog;
import org.pimsql.frontend.ir.Procedure;

/** Everything the runtime needs from one compilation of the schema's scripts. */
public final class CompiledSchema {
    private static final System.Logger LOG = System.getLogger(CompiledSchema.class.getName());
    private final Catalog catalog;
    private final DpuCode code;
    private final CallCodec codec;
    private final CallRouter router;
    /** The code generator's layout (row formats, memory map), for reading tables from MRAM; null for test doubles. */
    private final SchemaLayout layout;
    /** Conflict footprints by procedure name (docs/runtime.md "Concurrent calls on a DPU"); absent: runs alone. */
    private final Map<String, ConflictFootprint> footprints;
    /** By procedure name, the reads whose published values only their owner uses ({@link OwnerLocalReads}). */
    private final Map<String, Set<Integer>> ownerLocalReads;

    public CompiledSchema(Catalog catalog, DpuCode code, CallCodec codec, CallRouter router) {
        this(catalog, code, codec, router, null);
    }

    public CompiledSchema(Catalog catalog, DpuCode code, CallCodec codec, CallRouter router, SchemaLayout layout) {
        this.layout = layout;
        this.catalog = catalog;
        this.code = code;
        this.codec = codec;
        this.router = router;
        this.footprints = footprints(catalog);
        this.ownerLocalReads = ownerLocalReads(catalog);
    }

    private static Map<String, Set<Integer>> ownerLocalReads(Catalog catalog) {
        var out = new HashMap<String, Set<Integer>>();
        if (catalog != null) {
            for (Procedure p : catalog.procedures().values()) {
                out.put(p.name(), OwnerLocalReads.of(p));
            }
        }
        return Map.copyOf(out);
    }

    /**
     * The statements of procedure {@code name} whose exchanged values only their owner uses: a change of such a
     * value between launches does not make the call run again (docs/multi-partition.md "Values only their owner uses").
     */
    public Set<Integer> ownerLocalReads(String name) {
        return ownerLocalReads.getOrDefault(name, Set.of());
    }

    /** Every procedure's footprint, computed with the schema rather than on a call's path. */
    private static Map<String, ConflictFootprint> footprints(Catalog catalog) {
        var out = new HashMap<String, ConflictFootprint>();
        if (catalog == null) {
            return Map.of();
        }
        for (Procedure p : catalog.procedures().values()) {
            try {
                out.put(p.name(), ConflictAnalysis.of(p));
            } catch (RuntimeException e) {
                // a shape the analysis does not cover: correct, only slower (the procedure's calls run alone)
                LOG.log(System.Logger.Level.WARNING, "no conflict footprint for procedure {0}: its calls run alone ({1})",
                        p.name(), e.toString());
            }
        }
        return Map.copyOf(out);
    }

    /** The footprint of procedure {@code name}, or null when its calls must run alone on their DPU. */
    public ConflictFootprint footprint(String name) {
        return footprints.get(name);
    }

    public Catalog catalog() {
        return catalog;
    }

    /** The kernel and image the DPUs run (every procedure of the schema is in the image). */
    public DpuCode code() {
        return code;
    }

    public CallCodec codec() {
        return codec;
    }

    /** The storage layout the programs were compiled with, or null when this schema has none (test doubles). */
    public SchemaLayout layout() {
        return layout;
    }

    public CallRouter router() {
        return router;
    }
}
