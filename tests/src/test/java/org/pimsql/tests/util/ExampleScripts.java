package org.pimsql.tests.util;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Locates the project's examples ({@code examples/NAME/schema.sql} and {@code procedures.sql}). */
public final class ExampleScripts {
    private ExampleScripts() {}

    /** The project root: the nearest directory at or above the working directory holding {@code examples/}. */
    public static Path projectRoot() {
        Path dir = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        for (Path p = dir; p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("examples")) && Files.isRegularFile(p.resolve("pom.xml"))) return p;
        }
        throw new IllegalStateException("no examples/ directory above " + dir);
    }

    public static Path examplesDir() {
        return projectRoot().resolve("examples");
    }

    /** Every example: each directory of {@code examples/} with a {@code schema.sql}, sorted by name. */
    public static List<String> names() {
        try (Stream<Path> dirs = Files.list(examplesDir())) {
            return dirs.filter(d -> Files.isRegularFile(d.resolve("schema.sql")))
                    .map(d -> d.getFileName().toString())
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** An example's scripts in the order they are compiled: the schema, then the procedures. */
    public static List<Path> scripts(String example) {
        Path dir = examplesDir().resolve(example);
        return List.of(dir.resolve("schema.sql"), dir.resolve("procedures.sql"));
    }
}
