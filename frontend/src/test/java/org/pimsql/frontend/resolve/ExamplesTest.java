package org.pimsql.frontend.resolve;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.pimsql.frontend.CompileException;
import org.pimsql.frontend.ScriptCompiler;
import org.pimsql.frontend.SqlScript;
import org.pimsql.frontend.catalog.Catalog;

/** Every example in the repository's examples/ folder compiles (schema.sql first, then the other scripts). */
class ExamplesTest {
    private static final Path EXAMPLES = Path.of("..", "examples");

    static Stream<Path> examples() throws IOException {
        try (Stream<Path> dirs = Files.list(EXAMPLES)) {
            return dirs.filter(Files::isDirectory).filter(d -> Files.exists(d.resolve("schema.sql")))
                    .sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void exampleCompiles(Path dir) throws IOException {
        var scripts = new ArrayList<SqlScript>();
        scripts.add(SqlScript.read(dir.resolve("schema.sql")));
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".sql") && !f.endsWith("schema.sql"))
                    .sorted(Comparator.naturalOrder()).toList()) {
                scripts.add(SqlScript.read(f));
            }
        }
        Catalog catalog;
        try {
            catalog = ScriptCompiler.compile(scripts);
        } catch (CompileException e) {
            throw new AssertionError(e.format(java.util.Map.of()), e);
        }
        assertFalse(catalog.tables().isEmpty(), "no tables in " + dir);
        assertFalse(catalog.procedures().isEmpty(), "no procedures in " + dir);
        catalog.procedureList().forEach(p -> assertTrue(p.body().statements().size() > 0, p.name() + " has an empty body"));
    }
}
