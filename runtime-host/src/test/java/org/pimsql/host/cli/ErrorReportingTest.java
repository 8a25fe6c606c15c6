package org.pimsql.host.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** User errors: javac-style, exit code 1, never a stack trace. */
class ErrorReportingTest {
    private static final String SCHEMA = """
            CREATE TABLE accounts (
                custid BIGINT NOT NULL,
                bal    DECIMAL(15,2) NOT NULL,
                PRIMARY KEY (custid)
            );
            PARTITION TABLE accounts ON COLUMN custid;
            """;

    static void assertNoStackTrace(CliRunner r) {
        assertFalse(r.err().contains("\tat "), r.toString());
        assertFalse(r.err().contains("Exception"), r.toString());
        assertFalse(r.out().contains("\tat "), r.toString());
    }

    /** The first diagnostic is {@code file:line:col: error: ...}, then the source line, then a caret under the column. */
    static void assertLocated(CliRunner r, Path file, int line, String message) throws Exception {
        assertEquals(1, r.exitCode(), r.toString());
        assertNoStackTrace(r);
        String[] lines = r.err().split("\n");
        var header = Pattern.compile(Pattern.quote(file.toString()) + ":(\\d+):(\\d+): error: (.*)").matcher(lines[0]);
        assertTrue(header.matches(), r.toString());
        assertEquals(line, Integer.parseInt(header.group(1)), r.toString());
        assertTrue(header.group(3).contains(message), r.toString());
        int column = Integer.parseInt(header.group(2));
        assertEquals(Files.readAllLines(file).get(line - 1), lines[1], r.toString());
        assertEquals(" ".repeat(column - 1) + "^", lines[2].replace('\t', ' '), r.toString());
        assertTrue(r.err().endsWith(" error\n") || r.err().endsWith(" errors\n"), r.toString());
    }

    static Path write(Path dir, String name, String text) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, text);
        return f;
    }

    @Test
    void underivableWriteNamesTheStatementAndTheFix(@TempDir Path dir) throws Exception {
        Path f = write(dir, "bad.sql", SCHEMA + """
                CREATE PROCEDURE zero_all(IN x INTEGER) MODIFIES SQL DATA
                BEGIN ATOMIC
                    UPDATE accounts SET bal = 0;
                END;
                """);
        CliRunner r = CliRunner.run("compile", f.toString(), "-o", dir.resolve("out").toString(), "--no-native");
        assertLocated(r, f, 9, "cannot derive the partition of this UPDATE of ACCOUNTS: its WHERE clause must fix the "
                + "partition column CUSTID by equality to a parameter or to a value read earlier; or make ACCOUNTS replicated");
        assertFalse(Files.exists(dir.resolve("out").resolve("manifest.json")));
    }

    @Test
    void insertKeyedByTheClockIsAnError(@TempDir Path dir) throws Exception {
        Path f = write(dir, "clock.sql", """
                CREATE TABLE log (at TIMESTAMP NOT NULL, msg VARCHAR(20), PRIMARY KEY (at));
                PARTITION TABLE log ON COLUMN at;
                CREATE PROCEDURE note(IN m VARCHAR(20)) MODIFIES SQL DATA
                BEGIN ATOMIC
                    INSERT INTO log VALUES (CURRENT_TIMESTAMP, m);
                END;
                """);
        CliRunner r = CliRunner.run("compile", f.toString(), "-o", dir.resolve("out").toString(), "--no-native");
        assertLocated(r, f, 5, "cannot derive the partition of this INSERT into LOG: the inserted partition key "
                + "(AT = CURRENT_TIMESTAMP) is not known before the call runs (it uses CURRENT_TIMESTAMP)");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "CREATE TABLE t (a INTEGER, PRIMARY KEY (a)",            // syntax: missing parenthesis
            "CREATE PROCEDURE p(IN a INTEGER) BEGIN ATOMIC SET a = 1; END;",   // assignment to an IN parameter
            "CREATE PROCEDURE p(IN a INTEGER) BEGIN ATOMIC DELETE FROM nowhere WHERE k = a; END;", // unknown table
    })
    void invalidScriptsGiveLocatedErrors(String text, @TempDir Path dir) throws Exception {
        Path f = write(dir, "invalid.sql", SCHEMA + text + "\n");
        CliRunner r = CliRunner.run("compile", f.toString(), "-o", dir.resolve("out").toString(), "--no-native");
        assertEquals(1, r.exitCode(), r.toString());
        assertNoStackTrace(r);
        assertTrue(r.err().startsWith(f + ":"), r.toString());
        assertTrue(r.err().contains(": error: "), r.toString());
        assertTrue(r.err().lines().anyMatch(l -> l.strip().equals("^")), r.toString());
    }

    @Test
    void explainReportsCompileErrorsToo(@TempDir Path dir) throws Exception {
        Path f = write(dir, "bad.sql", SCHEMA + """
                CREATE PROCEDURE zero_all(IN x INTEGER) MODIFIES SQL DATA
                BEGIN ATOMIC
                    DELETE FROM accounts WHERE bal > 0;
                END;
                """);
        CliRunner r = CliRunner.run("explain", f.toString(), "zero_all");
        assertLocated(r, f, 9, "cannot derive the partition of this DELETE from ACCOUNTS");
    }

    @Test
    void missingFile(@TempDir Path dir) {
        String missing = dir.resolve("nope.sql").toString();
        CliRunner r = CliRunner.run("compile", missing, "-o", dir.toString());
        assertEquals(1, r.exitCode(), r.toString());
        assertEquals("pimsql: error: " + missing + ": file not found\n", r.err());
        assertNoStackTrace(r);
    }

    @Test
    void fileThatIsNotText(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("binary.sql");
        Files.write(f, new byte[] {(byte) 0xC3, (byte) 0x28, (byte) 0xFF});
        CliRunner r = CliRunner.run("compile", f.toString(), "-o", dir.resolve("out").toString());
        assertEquals(1, r.exitCode(), r.toString());
        assertEquals("pimsql: error: " + f + ": cannot read: the file is not UTF-8 text\n", r.err());
    }

    @Test
    void aRemovedOptionIsNamed(@TempDir Path dir) {
        // the compiler chooses the tasklets from WRAM (docs/vm.md); the option of the per-schema programs is gone
        CliRunner r = CliRunner.run("compile", "x.sql", "-o", dir.toString(), "--tasklets", "25");
        assertEquals(1, r.exitCode(), r.toString());
        assertTrue(r.err().contains("Unknown option: '--tasklets'"), r.toString());
    }

    @Test
    void directoryInsteadOfFile(@TempDir Path dir) {
        CliRunner r = CliRunner.run("explain", dir.toString(), "P");
        assertEquals(1, r.exitCode(), r.toString());
        assertEquals("pimsql: error: " + dir + ": is a directory, not a SQL script\n", r.err());
    }

    @Test
    void usageErrors() {
        CliRunner none = CliRunner.run();
        assertEquals(1, none.exitCode(), none.toString());
        assertTrue(none.err().startsWith("pimsql: error: missing a command\nUsage: pimsql"), none.toString());

        CliRunner noOutput = CliRunner.run("compile", "x.sql");
        assertEquals(1, noOutput.exitCode(), noOutput.toString());
        assertEquals("pimsql: error: Missing required option: '--output=DIR'\nTry 'pimsql compile --help' for usage.\n",
                noOutput.err());

        CliRunner unknown = CliRunner.run("frobnicate");
        assertEquals(1, unknown.exitCode(), unknown.toString());
        assertTrue(unknown.err().startsWith("pimsql: error: Unmatched argument"), unknown.toString());
    }

    @Test
    void helpListsTheSubcommands() {
        CliRunner r = CliRunner.run("--help");
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(r.out().contains("compile") && r.out().contains("explain"), r.out());
    }
}
