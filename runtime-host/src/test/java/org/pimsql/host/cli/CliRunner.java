package org.pimsql.host.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** Runs {@link PimsqlMain#run} in-process and captures what it prints. */
record CliRunner(int exitCode, String out, String err) {
    static final Path EXAMPLES = Path.of("..", "examples");

    static CliRunner run(String... args) {
        return runWithInput("", args);
    }

    /** {@link #run} with {@code input} as the standard input (for {@code pimsql shell}). */
    static CliRunner runWithInput(String input, String... args) {
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        int code;
        try (var o = new PrintStream(out, true, StandardCharsets.UTF_8);
             var e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = PimsqlMain.run(args, new java.io.ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), o, e);
        }
        return new CliRunner(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** The example's scripts in dependency order (schema first). */
    static String[] example(String name) {
        return new String[] {EXAMPLES.resolve(name).resolve("schema.sql").toString(),
                EXAMPLES.resolve(name).resolve("procedures.sql").toString()};
    }

    @Override
    public String toString() {
        return "exit " + exitCode + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
}
