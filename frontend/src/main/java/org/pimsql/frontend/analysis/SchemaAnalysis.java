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
}
