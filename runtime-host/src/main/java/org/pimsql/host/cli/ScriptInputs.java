package org.pimsql.host.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pimsql.frontend.SqlScript;

/** Reads the user's SQL scripts, turning file-system problems into {@link UserError}s. */
final class ScriptInputs {
    private ScriptInputs() {}

    static List<SqlScript> read(List<Path> files) {
        var scripts = new ArrayList<SqlScript>();
        for (Path file : files) {
            String name = file.toString();
            if (!Files.exists(file)) {
                throw new UserError(name, "file not found");
            }
            if (Files.isDirectory(file)) {
                throw new UserError(name, "is a directory, not a SQL script");
            }
            try {
                scripts.add(SqlScript.read(file));
            } catch (NoSuchFileException e) {
                throw new UserError(name, "file not found");
            } catch (java.nio.charset.MalformedInputException e) {
                throw new UserError(name, "cannot read: the file is not UTF-8 text");
            } catch (IOException e) {
                throw new UserError(name, "cannot read: " + e.getMessage());
            }
        }
        return scripts;
    }

    /** File name -> script, for {@link org.pimsql.frontend.CompileException#format}. */
    static Map<String, SqlScript> byName(List<SqlScript> scripts) {
        var map = new LinkedHashMap<String, SqlScript>();
        scripts.forEach(s -> map.put(s.fileName(), s));
        return map;
    }
}
