package org.pimsql.tests.util;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.pimsql.host.cli.PimsqlMain;

/** Runs the {@code pimsql} command line in this JVM and captures what it prints. */
public final class Cli {
    private Cli() {}

    /** The exit code and the text written to standard output and standard error. */
    public record Result(int exitCode, String out, String err) {
        public String describe() {
            return "exit code " + exitCode + "\n--- stdout ---\n" + out + "\n--- stderr ---\n" + err;
        }
    }

    /** {@link #run} with {@code input} as the standard input (for {@code pimsql shell}). */
    public static Result runWithInput(String input, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = PimsqlMain.run(args, new java.io.ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), o, e);
        }
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    public static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = PimsqlMain.run(args, o, e);
        }
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
