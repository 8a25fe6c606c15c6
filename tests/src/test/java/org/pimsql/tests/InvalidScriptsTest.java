package org.pimsql.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.pimsql.tests.util.Cli;
import org.pimsql.tests.util.ExampleScripts;

/**
 * The user-facing contract of {@code pimsql compile} for broken scripts: every file of the corpus
 * {@code src/test/resources/invalid/} (one problem each; its first line
 * {@code -- expect-error-line: N} names the line of the problem, an optional
 * {@code -- expect-message: text} a piece of the message) gives exit code 1 and a javac-style
 * diagnostic {@code file:N:col: error: message} (the first one printed) followed by the source line
 * and a caret, and no stack trace.
 */
class InvalidScriptsTest {
    private static final Pattern EXPECT_LINE = Pattern.compile("^-- expect-error-line: (\\d+)\\s*$", Pattern.MULTILINE);
    private static final Pattern EXPECT_MESSAGE = Pattern.compile("^-- expect-message: (.+?)\\s*$", Pattern.MULTILINE);
    private static final Pattern CARET = Pattern.compile("^\\s*\\^[\\^~]*\\s*$");

    static Path corpusDir() {
        return ExampleScripts.projectRoot().resolve("tests/src/test/resources/invalid");
    }

    static List<Path> corpus() {
        try (Stream<Path> files = Files.list(corpusDir())) {
            return files.filter(f -> f.toString().endsWith(".sql")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void theCorpusHasAtLeastFiftyWellFormedScripts() throws IOException {
        List<Path> files = corpus();
        assertTrue(files.size() >= 50, "only " + files.size() + " invalid scripts");
        for (Path f : files) {
            String text = Files.readString(f, StandardCharsets.UTF_8);
            assertTrue(text.startsWith("-- expect-error-line: "), f + " must start with its expected error line");
            int line = expectedLine(text);
            int lines = text.split("\n", -1).length;
            assertTrue(line >= 1 && line <= lines, f + ": expected line " + line + " is outside the file (" + lines + " lines)");
            assertFalse(text.split("\n", -1)[line - 1].isBlank(), f + ": expected line " + line + " is blank");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("corpus")
    void aBrokenScriptGivesALocatedErrorAndExitCodeOne(Path script, @TempDir Path out) throws IOException {
        String text = Files.readString(script, StandardCharsets.UTF_8);
        int line = expectedLine(text);
        Matcher m = EXPECT_MESSAGE.matcher(text);
        String message = m.find() ? m.group(1) : null;

        Cli.Result r = Cli.run("compile", script.toString(), "-o", out.toString());

        assertEquals(1, r.exitCode(), r.describe());
        assertFalse(r.err().contains("Exception") || r.out().contains("Exception"), "a stack trace or exception name leaked:\n" + r.describe());
        assertFalse(r.err().contains("\tat ") || r.out().contains("\tat "), "a stack trace leaked:\n" + r.describe());

        Pattern located = Pattern.compile("^" + Pattern.quote(script.toString()) + ":(\\d+):(\\d+): error: (.+)$");
        List<String> errLines = r.err().lines().toList();
        // The first diagnostic is the one a user reads and fixes first: it must be the script's problem
        // (parsers may add follow-up errors after it).
        int found = -1;
        for (int i = 0; i < errLines.size(); i++) {
            if (located.matcher(errLines.get(i)).matches()) {
                found = i;
                break;
            }
        }
        assertTrue(found >= 0, "no diagnostic '" + script + ":" + line + ":COL: error: ...' on stderr:\n" + r.describe());
        Matcher first = located.matcher(errLines.get(found));
        assertTrue(first.matches());
        assertEquals(line, Integer.parseInt(first.group(1)), "the first diagnostic is on the wrong line:\n" + r.describe());
        String diagnostic = errLines.get(found);
        if (message != null) {
            assertTrue(diagnostic.toLowerCase(Locale.ROOT).contains(message.toLowerCase(Locale.ROOT)),
                    "the message should mention '" + message + "': " + diagnostic);
        }
        boolean caret = false;
        for (int i = found + 1; i < Math.min(errLines.size(), found + 4); i++) {
            if (CARET.matcher(errLines.get(i)).matches()) caret = true;
        }
        assertTrue(caret, "no caret line under the diagnostic:\n" + r.describe());
        Matcher d = located.matcher(diagnostic);
        assertTrue(d.matches());
        int column = Integer.parseInt(d.group(2));
        String sourceLine = text.split("\n", -1)[line - 1];
        assertTrue(column >= 1 && column <= sourceLine.length() + 1, "column " + column + " is outside line " + line + ": " + sourceLine);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.pimsql.tests.util.ExampleScripts#names")
    void everyExampleCompiles(String example, @TempDir Path out) throws IOException {
        List<Path> scripts = ExampleScripts.scripts(example);
        Cli.Result r = Cli.run("compile", scripts.get(0).toString(), scripts.get(1).toString(), "-o", out.toString());
        assertEquals(0, r.exitCode(), r.describe());
        assertFalse(r.err().contains(": error: "), r.describe());
        assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), r.describe());
        try (Stream<Path> written = Files.list(out)) {
            assertTrue(written.findAny().isPresent(), "compile wrote nothing to " + out + "\n" + r.describe());
        }
    }

    private static int expectedLine(String text) {
        Matcher m = EXPECT_LINE.matcher(text);
        assertTrue(m.find(), "no '-- expect-error-line: N' header");
        String n = m.group(1);
        assertNotNull(n);
        return Integer.parseInt(n);
    }
}
