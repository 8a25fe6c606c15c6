package org.pimsql.host.cli;

import java.nio.file.Path;
import java.util.List;
import org.pimsql.frontend.CompileException;
import org.pimsql.frontend.CompiledSchema;
import org.pimsql.frontend.Frontend;
import org.pimsql.frontend.SqlScript;

/** Reads and compiles the user's scripts; problems surface as {@link UserError} or {@link CompileFailure}. */
final class SchemaLoader {
    private SchemaLoader() {}

    record Loaded(List<SqlScript> scripts, CompiledSchema schema) {
        List<String> fileNames() {
            return scripts.stream().map(SqlScript::fileName).toList();
        }
    }

    static Loaded load(List<Path> files) {
        List<SqlScript> scripts = ScriptInputs.read(files);
        try {
            CompiledSchema schema = Frontend.compile(scripts);
            String reserved = org.pimsql.host.engine.LoaderScript.reservedNameError(schema.catalog());
            if (reserved != null) {
                throw new UserError("schema", reserved);
            }
            return new Loaded(scripts, schema);
        } catch (CompileException e) {
            throw new CompileFailure(e, ScriptInputs.byName(scripts));
        }
    }
}
