package org.pimsql.frontend;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** A user's SQL script: the name used in diagnostics and its text. */
public record SqlScript(String fileName, String text) {

    public static SqlScript read(Path path) throws IOException {
        return new SqlScript(path.toString(), Files.readString(path, StandardCharsets.UTF_8));
    }

    /** The 1-based line {@code line} without its terminator, or "" when out of range. */
    public String line(int line) {
        String[] lines = text.split("\r?\n", -1);
        return line >= 1 && line <= lines.length ? lines[line - 1] : "";
    }
}
