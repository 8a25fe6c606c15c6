package org.pimsql.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pimsql.host.cli.PimsqlMain;

/**
 * {@code pimsql CMD --help} of every command, the benchmarks' included, prints its usage and nothing on
 * standard error: picocli reports a description it cannot format (a '%' not written '%%') as a warning on
 * the process's standard error, so the commands run in a child JVM whose standard error is captured.
 */
class HelpTextTest {
    /** The child: runs {@code --help} of every command it finds under "Commands:", prints each result, then stderr. */
    public static final class Walker {
        public static void main(String[] args) {
            var stderr = new ByteArrayOutputStream();
            PrintStream realOut = System.out;
            System.setErr(new PrintStream(stderr, true, StandardCharsets.UTF_8)); // before picocli's tracer exists
            var queue = new ArrayDeque<List<String>>();
            queue.add(List.of());
            while (!queue.isEmpty()) {
                List<String> command = queue.removeFirst();
                var args2 = new ArrayList<>(command);
                args2.add("--help");
                var out = new ByteArrayOutputStream();
                var err = new ByteArrayOutputStream();
                int code = PimsqlMain.run(args2.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8));
                String help = out.toString(StandardCharsets.UTF_8);
                realOut.println("command [" + String.join(" ", command) + "] exit " + code + " stderr "
                        + err.toString(StandardCharsets.UTF_8).length() + " usage " + help.startsWith("Usage: pimsql"));
                for (String sub : subcommands(help)) {
                    if (!sub.equals("help")) {
                        var next = new ArrayList<>(command);
                        next.add(sub);
                        queue.add(next);
                    }
                }
            }
            realOut.println("process stderr:");
            realOut.print(stderr.toString(StandardCharsets.UTF_8));
        }

        /** The names listed under "Commands:" (two-space indent, then the name). */
        static List<String> subcommands(String help) {
            var names = new ArrayList<String>();
            boolean in = false;
            for (String line : help.lines().toList()) {
                if (line.equals("Commands:")) {
                    in = true;
                } else if (in && line.startsWith("  ") && !line.startsWith("   ")) {
                    names.add(line.strip().split("\\s+")[0]);
                } else if (in && !line.startsWith(" ")) {
                    in = false;
                }
            }
            return names;
        }
    }

    @Test
    void everyCommandsHelpPrintsWithoutWarnings(@TempDir Path dir) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path out = dir.resolve("out.txt");
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), Walker.class.getName())
                .redirectErrorStream(true).redirectOutput(out.toFile()).start();
        assertTrue(p.waitFor(2, TimeUnit.MINUTES), "the walk finished");
        String report = Files.readString(out, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), report);
        List<String> commands = report.lines().filter(l -> l.startsWith("command [")).toList();
        for (String expected : List.of("[]", "[bench]", "[bench bank]", "[bench ycsb]", "[bench tpcc]", "[bench compare]",
                "[run]", "[shell]", "[compile]", "[explain]", "[tpcc load]", "[tpcc check]")) {
            assertTrue(commands.stream().anyMatch(c -> c.startsWith("command " + expected + " ")), expected + "\n" + report);
        }
        for (String c : commands) {
            assertTrue(c.endsWith("exit 0 stderr 0 usage true"), c + "\n" + report);
        }
        assertTrue(report.endsWith("process stderr:\n"), "nothing on standard error (picocli's warnings go there):\n" + report);
    }
}
