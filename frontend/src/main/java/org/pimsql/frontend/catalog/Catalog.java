package org.pimsql.frontend.catalog;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pimsql.frontend.ir.Procedure;

/**
 * The whole compiled schema: tables in declaration order and procedures in declaration order.
 * Names are canonical: unquoted identifiers are upper-cased (as in HSQLDB), quoted ones kept.
 */
public record Catalog(Map<String, Table> tables, Map<String, Procedure> procedures) {

    public Catalog {
        tables = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(tables));
        procedures = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(procedures));
    }

    public Table table(String name) {
        return tables.get(name);
    }

    public Procedure procedure(String name) {
        return procedures.get(name);
    }

    public List<Table> tableList() {
        return List.copyOf(tables.values());
    }

    public List<Procedure> procedureList() {
        return List.copyOf(procedures.values());
    }
}
