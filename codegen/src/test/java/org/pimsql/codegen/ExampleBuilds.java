package org.pimsql.codegen;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.pimsql.frontend.CompileException;
import org.pimsql.frontend.ScriptCompiler;
import org.pimsql.frontend.SqlScript;
import org.pimsql.frontend.catalog.Catalog;

/** Compiles an example of the repository's examples/ directory through the frontend. */
public final class ExampleBuilds {
    private ExampleBuilds() {}

    public static Path repoRoot() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !Files.isDirectory(p.resolve("examples"))) {
            p = p.getParent();
        }
        if (p == null) {
            throw new IllegalStateException("examples/ not found above " + Path.of("").toAbsolutePath());
        }
        return p;
    }

    public static Catalog catalog(String example) throws IOException, CompileException {
        Path dir = repoRoot().resolve("examples").resolve(example);
        List<SqlScript> scripts = new ArrayList<>();
        scripts.add(SqlScript.read(dir.resolve("schema.sql")));
        scripts.add(SqlScript.read(dir.resolve("procedures.sql")));
        return ScriptCompiler.compile(scripts);
    }
}
