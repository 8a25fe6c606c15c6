package org.pimsql.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pimsql.host.cli.PimsqlMain;
import org.pimsql.tests.util.ExampleScripts;

/**
 * The README's examples run as written: its Java program is saved and started with the README's own command
 * line (only the class path is this build's), and {@code examples/bad.sql} gives the compile error the README
 * shows, character for character. Both run in a child JVM from the repository's root, as a user would.
 */
class ReadmeExamplesTest {
    private static String readme() throws IOException {
        return Files.readString(ExampleScripts.projectRoot().resolve("README.md"), StandardCharsets.UTF_8);
    }

    /** The body of the first fenced block of {@code language} after {@code marker}. */
    private static String fencedBlock(String text, String marker, String language) {
        int at = text.indexOf(marker);
        assertTrue(at >= 0, "the README has '" + marker + "'");
        int open = text.indexOf("```" + language + "\n", at);
        int start = open + 4 + language.length();
        int end = text.indexOf("\n```", start);
        return text.substring(start, end + 1);
    }

    /** Splits a shell command line on blanks; single quotes group (the README quotes its class path). */
    private static List<String> words(String line) {
        var out = new ArrayList<String>();
        Matcher m = Pattern.compile("'([^']*)'|(\\S+)").matcher(line);
        while (m.find()) {
            out.add(m.group(1) != null ? m.group(1) : m.group(2));
        }
        return out;
    }

    private record Run(int exitCode, String out, String err) {}

    private static Run run(List<String> command, Path workDir, Path logs) throws Exception {
        Path out = logs.resolve("out.txt");
        Path err = logs.resolve("err.txt");
        Process p = new ProcessBuilder(command).directory(workDir.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).start();
        assertTrue(p.waitFor(3, TimeUnit.MINUTES), "finished: " + command);
        return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    private static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    @Test
    void theJavaProgramPrintsWhatItsCommentPromises(@TempDir Path dir) throws Exception {
        String program = fencedBlock(readme(), "From Java", "java");
        String firstLine = program.lines().findFirst().orElseThrow();
        assertTrue(firstLine.startsWith("// java "), "the program's first line is the command that runs it: " + firstLine);
        List<String> command = new ArrayList<>(words(firstLine.substring(3)));
        String fileName = command.getLast();
        Files.writeString(dir.resolve(fileName), program, StandardCharsets.UTF_8);

        command.set(0, javaBinary());
        int cp = command.indexOf("-cp");
        assertTrue(cp > 0, "the command names its class path");
        command.set(cp + 1, System.getProperty("java.class.path")); // this build's classes instead of target/ jars
        command.set(command.size() - 1, dir.resolve(fileName).toString());
        Run r = run(command, ExampleScripts.projectRoot(), dir);

        Matcher promise = Pattern.compile("// prints (.*)").matcher(program);
        assertTrue(promise.find(), "the program says what it prints");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals(promise.group(1).strip() + "\n", r.out(), r.err());
    }

    @Test
    void badSqlGivesTheCompileErrorTheReadmeShows(@TempDir Path dir) throws Exception {
        String text = readme();
        Matcher intro = Pattern.compile("Errors are javac-style \\(`bin/pimsql ([^`]*)`\\):").matcher(text);
        assertTrue(intro.find(), "the README names the command behind its error example");
        String expected = fencedBlock(text, intro.group(), "");
        List<String> args = words(intro.group(1));
        args.set(args.indexOf("-o") + 1, dir.resolve("out").toString());

        var command = new ArrayList<>(List.of(javaBinary(), "--enable-native-access=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), PimsqlMain.class.getName()));
        command.addAll(args);
        Run r = run(command, ExampleScripts.projectRoot(), dir);
        assertEquals(PimsqlMain.USER_ERROR, r.exitCode(), r.err());
        assertEquals("", r.out());
        assertEquals(expected, r.err());
    }
}
