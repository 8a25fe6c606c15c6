package org.pimsql.frontend.analysis;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pimsql.frontend.catalog.Catalog;

/** The analysis of every procedure of a schema, in declaration order. */
public record SchemaAnalysis(Catalog catalog, Map<String, ProcedureAnalysis> procedures) {

    public SchemaAnalysis {
        procedures = Collections.unmodifiableMap(new LinkedHashMap<>(procedures));
    }

    public ProcedureAnalysis procedure(String name) {
        return procedures.get(name);
    }

    public List<ProcedureAnalysis> procedureList() {
        return List.copyOf(procedures.values());
    }

    /**
     * Tables no procedure writes, in schema order. Their contents change only by bulk loading, so the
     * host can answer reads of them without a DPU round trip (design decision 8).
     */
    public List<String> readOnlyTables() {
        var written = new java.util.HashSet<String>();
        procedures.values().forEach(p -> written.addAll(p.writeSet().keySet()));
        return catalog.tableList().stream().map(org.pimsql.frontend.catalog.Table::name)
                .filter(t -> !written.contains(t)).toList();
    }
}
