package org.pimsql.host.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code pimsql compile} on every example: summary, C sources and manifest. */
class CompileCommandTest {
    private static final Pattern PROGRAM_LINE =
            Pattern.compile("(?m)^program (\\d+): (\\d+) procedures?, ~[0-9,]+ of 4,096 instructions, ([0-9,]+ B WRAM|WRAM not measured), (\\d+) tasklets?$");

    static CliRunner compile(String example, Path out) {
        var args = new ArrayList<String>(List.of("compile"));
        args.addAll(List.of(CliRunner.example(example)));
        args.addAll(List.of("-o", out.toString(), "--no-native"));
        return CliRunner.run(args.toArray(String[]::new));
    }

    static JsonNode manifest(Path out) throws Exception {
        return new ObjectMapper().readTree(out.resolve("manifest.json").toFile());
    }

    /** Users type relative paths (`-o out/bank`); the C build must not depend on the working directory. */
    @Test
    void relativeOutputDirectory(@TempDir Path out) throws Exception {
        Path relative = Path.of("").toAbsolutePath().relativize(out.resolve("relative"));
        assertTrue(!relative.isAbsolute(), relative.toString());
        CliRunner r = compile("bank", relative);
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(java.nio.file.Files.exists(out.resolve("relative").resolve("manifest.json")), r.out());
    }

    @Test
    void bank(@TempDir Path out) throws Exception {
        CliRunner r = compile("bank", out);
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(r.out().startsWith("compiled 3 tables and 6 procedures into " + out), r.out());
        JsonNode m = manifest(out);
        assertTrue(r.out().contains("procedure SENDPAYMENT (multi-partition, program " + programOf(m, "SENDPAYMENT") + ")\n"
                + """
                  routing: MOD(SRC) + MOD(DST)
                  reads:   ACCOUNTS(CUSTID, NAME), CHECKING(CUSTID, BAL)
                  writes:  CHECKING(BAL)
                """), r.out());
        assertTrue(r.out().contains("procedure BALANCE (single-partition, program " + programOf(m, "BALANCE") + ")\n"
                + """
                  routing: MOD(P_CUSTID)
                  reads:   ACCOUNTS(CUSTID, NAME), SAVINGS(CUSTID, BAL), CHECKING(CUSTID, BAL)
                  writes:  -
                """), r.out());
        assertTrue(PROGRAM_LINE.matcher(r.out()).find(), r.out());
        assertEquals("", r.err());

        assertEquals("pimsql-manifest", m.get("format").asText());
        assertEquals(3, m.get("tables").size());
        assertEquals("MOD", m.get("tables").get(0).get("partitioning").get("function").asText());
        JsonNode send = procedure(m, "SENDPAYMENT");
        assertEquals("MULTI_PARTITION", send.get("class").asText());
        assertEquals("[\"SRC\",\"DST\"]", send.get("routing").get("parameters").toString());
        assertEquals("{\"CHECKING\":[\"BAL\"]}", send.get("writes").toString());
        assertEquals(11, send.get("statements").size());
        int procedures = 0;
        for (JsonNode program : m.get("programs")) {
            procedures += program.get("procedures").size();
            assertTrue(Files.exists(out.resolve(program.get("cSource").asText())), program.toString());
        }
        assertEquals(6, procedures, "every procedure is in one program");
    }

    @Test
    void ycsb(@TempDir Path out) throws Exception {
        CliRunner r = compile("ycsb", out);
        assertEquals(0, r.exitCode(), r.toString());
        // program numbers depend on how codegen splits the procedures to fit IRAM
        assertTrue(Pattern.compile("procedure SCANRECORDS \\(all partitions, program \\d+\\)\n"
                + "  routing: every partition \\(broadcast read in statement 0\\)\n").matcher(r.out()).find(), r.out());
        assertTrue(r.out().contains("  flag:    reads every partition: statement 0 (USERTABLE"), r.out());
        assertTrue(Pattern.compile("procedure MULTIKEYTXN \\(multi-partition, program \\d+\\)\n"
                + "  routing: MOD\\(P_KEYS\\[\\*\\]\\)\n").matcher(r.out()).find(), r.out());
        assertEquals(manifest(out).get("programs").size() > 1, r.out().contains("procedures split across"), r.out());
        JsonNode scan = procedure(manifest(out), "SCANRECORDS");
        assertEquals("[0]", scan.get("routing").get("broadcastReads").toString());
        assertEquals("EVERY_PARTITION",
                scan.get("statements").get(0).get("accesses").get(0).get("partition").get("kind").asText());
    }

    /**
     * Every TPC-C program fits the IRAM budget with every multi-partition procedure's exchange compiled in
     * (else its spanning calls would fail with 0A000 at the example's full-size partitioning), in at most two
     * programs (issue 2): {NEWORDER} and the other four, which change no B+tree entry and so are built without
     * the B+tree writer (docs/iram.md).
     */
    @Test
    void tpccCompilesIntoProgramsWithinTheIramBudget(@TempDir Path out) throws Exception {
        CliRunner r = compile("tpcc", out);
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(r.out().contains("procedure NEWORDER (multi-partition, program "), r.out());
        assertTrue(r.out().contains("  routing: MOD(P_W_ID) + HASH(INT,INT)(P_W_ID, P_D_ID) + MOD(P_ITEM_IDS[*])\n"), r.out());
        var matcher = PROGRAM_LINE.matcher(r.out());
        int programs = 0;
        while (matcher.find()) {
            programs++;
        }
        JsonNode m = manifest(out);
        assertEquals(m.get("programs").size(), programs, r.out());
        assertTrue(programs >= 1 && programs <= 2, r.out());
        assertFalse(r.out().contains("warning: the multi-partition exchange does not fit"), r.out());
        for (JsonNode program : m.get("programs")) {
            int estimate = program.get("instructionEstimate").asInt();
            assertTrue(estimate > 0 && estimate <= 4096, program.toString());
            assertEquals(0, program.get("exchangeDropped").size(), program.toString());
        }
        assertEquals(programs > 1, r.out().contains("procedures split across"), r.out());
        assertTrue(m.get("programs").get(programOf(m, "NEWORDER")).get("treeWrites").asBoolean());
        assertFalse(m.get("programs").get(programOf(m, "STOCKLEVEL")).get("treeWrites").asBoolean());
        assertEquals(11, m.get("tables").size());
        assertEquals(5, m.get("procedures").size());
    }

    /**
     * A procedure whose exchange does not fit its program is compiled for single-DPU calls, and the user is
     * told: a warning under the procedure and the program's {@code exchangeDropped} in the manifest. The budget
     * (the test-only property) is one instruction below NEWORDER's program with its exchange, as measured by a
     * first compile; without the exchange (about 30 instructions, docs/iram.md) it fits again.
     */
    @Test
    void aDroppedExchangeIsReported(@TempDir Path out) throws Exception {
        assertEquals(0, compile("tpcc", out.resolve("full")).exitCode());
        JsonNode full = manifest(out.resolve("full"));
        int budget = full.get("programs").get(programOf(full, "NEWORDER")).get("instructionEstimate").asInt() - 1;
        for (JsonNode p : full.get("programs")) {
            if (!p.get("procedures").toString().contains("NEWORDER")) {
                assertTrue(p.get("instructionEstimate").asInt() < budget, "the test needs NEWORDER's program to be the largest: " + full);
            }
        }
        out = out.resolve("dropped");
        String previous = System.getProperty("pimsql.iramBudget");
        System.setProperty("pimsql.iramBudget", Integer.toString(budget));
        CliRunner r;
        try {
            r = compile("tpcc", out);
        } finally {
            if (previous == null) System.clearProperty("pimsql.iramBudget");
            else System.setProperty("pimsql.iramBudget", previous);
        }
        assertEquals(0, r.exitCode(), r.toString());
        String neworder = r.out().substring(r.out().indexOf("procedure NEWORDER"), r.out().indexOf("procedure PAYMENT"));
        assertTrue(neworder.contains("  warning: the multi-partition exchange does not fit this procedure's DPU program"),
                r.out());
        assertFalse(r.out().substring(r.out().indexOf("procedure PAYMENT")).contains("warning:"), r.out());
        JsonNode program = manifest(out).get("programs").get(programOf(manifest(out), "NEWORDER"));
        assertEquals("NEWORDER", program.get("exchangeDropped").get(0).asText(), program.toString());
    }

    static int programOf(JsonNode manifest, String procedure) {
        return procedure(manifest, procedure).get("program").asInt();
    }

    static JsonNode procedure(JsonNode manifest, String name) {
        for (JsonNode p : manifest.get("procedures")) {
            if (p.get("name").asText().equals(name)) {
                return p;
            }
        }
        throw new AssertionError("no procedure " + name + " in the manifest");
    }
}
