package org.pimsql.frontend;

import java.util.List;
import org.pimsql.frontend.catalog.Catalog;
import org.pimsql.frontend.resolve.CatalogResolver;

/**
 * The frontend's entry point: parses the user's scripts in order (tables, indexes, PARTITION TABLE,
 * procedures; later scripts see earlier ones' declarations), resolves names and types, and returns the
 * catalog with every procedure as typed IR.
 */
public final class ScriptCompiler {
    private ScriptCompiler() {}

    public static Catalog compile(List<SqlScript> scripts) throws CompileException {
        return CatalogResolver.resolve(scripts);
    }
}
