package org.pimsql.host.query;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.pimsql.frontend.catalog.Catalog;

/** The tables of the current PimSQL schema, for Calcite; rebuilt when a DDL script changes the catalog. */
final class PimSchema extends AbstractSchema {
    private final Supplier<Catalog> catalog;
    private Catalog built;
    private Map<String, Table> tables = Map.of();

    PimSchema(Supplier<Catalog> catalog) {
        this.catalog = catalog;
    }

    @Override
    protected synchronized Map<String, Table> getTableMap() {
        Catalog now = catalog.get();
        if (now != built) {
            var map = new HashMap<String, Table>();
            for (org.pimsql.frontend.catalog.Table t : now.tableList()) {
                map.put(t.name(), new DpuTable(t));
            }
            tables = Map.copyOf(map);
            built = now;
        }
        return tables;
    }

    @Override
    public boolean isMutable() {
        return false;
    }
}
