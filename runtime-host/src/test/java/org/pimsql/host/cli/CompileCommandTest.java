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

/** {@code pimsql compile} on every example: summary, image, listing and manifest; one kernel runs every procedure. */
class CompileCommandTest {
    private static final Pattern PROGRAM_LINE = Pattern.compile(
            "(?m)^DPU program: one kernel for all (\\d+) procedures, (~[0-9,]+ of 4,096 instructions \\(rv32 proxy, machine "
                    + "outliner off\\)|IRAM not measured); features: .*$");
    private static final Pattern TASKLETS_LINE = Pattern.compile("(?m)^  tasklets: (\\d+) run calls; WRAM [0-9,]+ B shared \\+ "
            + "[0-9,]+ B per tasklet \\(a [0-9,]+-byte frame, \\d+-byte stack\\) = [0-9,]+ of 65,536$");

    static CliRunner compile(String example, Path out, String... options) {
        var args = new ArrayList<String>(List.of("compile"));
        args.addAll(List.of(CliRunner.example(example)));
        args.addAll(List.of("-o", out.toString(), "--no-native"));
        args.addAll(List.of(options));
        return CliRunner.run(args.toArray(String[]::new));
    }

    static JsonNode manifest(Path out) throws Exception {
        return new ObjectMapper().readTree(out.resolve("manifest.json").toFile());
    }

    /** Users type relative paths (`-o out/bank`); the output must not depend on the working directory. */
    @Test
    void relativeOutputDirectory(@TempDir Path out) throws Exception {
        Path relative = Path.of("").toAbsolutePath().relativize(out.resolve("relative"));
        assertTrue(!relative.isAbsolute(), relative.toString());
        CliRunner r = compile("bank", relative, "--no-estimate");
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(Files.exists(out.resolve("relative").resolve("manifest.json")), r.out());
        assertTrue(Files.exists(out.resolve("relative").resolve("image.bin")), r.out());
    }

    @Test
    void bank(@TempDir Path out) throws Exception {
        CliRunner r = compile("bank", out, "--no-estimate");
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(r.out().startsWith("compiled 3 tables and 6 procedures into " + out), r.out());
        assertTrue(r.out().contains("""
                procedure SENDPAYMENT (multi-partition)
                  routing: MOD(SRC) + MOD(DST)
                  reads:   ACCOUNTS(CUSTID, NAME), CHECKING(CUSTID, BAL)
                  writes:  CHECKING(BAL)
                  program: """), r.out());
        assertTrue(r.out().contains("""
                procedure BALANCE (single-partition)
                  routing: MOD(P_CUSTID)
                  reads:   ACCOUNTS(CUSTID, NAME), SAVINGS(CUSTID, BAL), CHECKING(CUSTID, BAL)
                  writes:  -
                  program: """), r.out());
        var program = PROGRAM_LINE.matcher(r.out());
        assertTrue(program.find(), r.out());
        assertEquals("6", program.group(1), "the bank's procedures; the loaders are the engine's");
        assertTrue(TASKLETS_LINE.matcher(r.out()).find(), r.out());
        assertEquals("", r.err());

        JsonNode m = manifest(out);
        assertEquals("pimsql-manifest", m.get("format").asText());
        assertEquals(3, m.get("tables").size());
        assertEquals("MOD", m.get("tables").get(0).get("partitioning").get("function").asText());
        JsonNode send = procedure(m, "SENDPAYMENT");
        assertEquals("MULTI_PARTITION", send.get("class").asText());
        assertEquals("[\"SRC\",\"DST\"]", send.get("routing").get("parameters").toString());
        assertEquals("{\"CHECKING\":[\"BAL\"]}", send.get("writes").toString());
        assertEquals(11, send.get("statements").size());
        for (JsonNode p : m.get("procedures")) {
            assertTrue(p.get("program").get("bytes").asInt() > 0, p.toString());
        }
        assertEquals(Files.size(out.resolve(m.get("image").get("file").asText())), m.get("image").get("bytes").asLong());
        String listing = Files.readString(out.resolve(m.get("image").get("listing").asText()));
        assertTrue(listing.contains("PROCEDURE SENDPAYMENT"), listing);
        assertTrue(listing.contains("-- [0] "), "statements are listed with their source: " + listing);
    }

    @Test
    void ycsb(@TempDir Path out) throws Exception {
        CliRunner r = compile("ycsb", out, "--no-estimate");
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(r.out().contains("procedure SCANRECORDS (all partitions)\n"
                + "  routing: every partition (broadcast read in statement 0)\n"), r.out());
        assertTrue(r.out().contains("  flag:    reads every partition: statement 0 (USERTABLE"), r.out());
        assertTrue(r.out().contains("procedure MULTIKEYTXN (multi-partition)\n  routing: MOD(P_KEYS[*])\n"), r.out());
        assertTrue(PROGRAM_LINE.matcher(r.out()).find(), r.out());
        JsonNode scan = procedure(manifest(out), "SCANRECORDS");
        assertEquals("[0]", scan.get("routing").get("broadcastReads").toString());
        assertEquals("EVERY_PARTITION",
                scan.get("statements").get(0).get("accesses").get(0).get("partition").get("kind").asText());
    }

    /**
     * TPC-C is one program of the one kernel, with every multi-partition exchange compiled in, on at least 11 tasklets
     * (issue 15). Its IRAM estimate (machine outliner off) is printed, kept in the manifest, and warned about when it
     * exceeds a DPU's 4,096 instructions: today it does (docs/iram.md "Where it stands", about 4,530; the issue's goal
     * of 3,900 is not reached), and the warning must say so rather than the estimate being weakened.
     */
    @Test
    void tpccIsOneProgramOfOneKernelAndItsIramEstimateIsReported(@TempDir Path out) throws Exception {
        CliRunner r = compile("tpcc", out);
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(r.out().contains("procedure NEWORDER (multi-partition)\n"), r.out());
        assertTrue(r.out().contains("  routing: MOD(P_W_ID) + HASH(INT,INT)(P_W_ID, P_D_ID) + MOD(P_ITEM_IDS[*])\n"), r.out());
        assertEquals(1, PROGRAM_LINE.matcher(r.out()).results().count(), r.out());
        JsonNode kernel = manifest(out).get("kernel");
        int estimate = kernel.get("instructionEstimate").asInt();
        assertTrue(estimate > 2000, kernel.toString());
        assertTrue(r.out().contains(String.format(java.util.Locale.ROOT, "~%,d of 4,096 instructions", estimate)), r.out());
        assertEquals(estimate > 4096, r.out().contains("warning:"), r.out());
        var tasklets = TASKLETS_LINE.matcher(r.out());
        assertTrue(tasklets.find(), r.out());
        assertTrue(Integer.parseInt(tasklets.group(1)) >= 11, r.out());
        assertEquals(Integer.parseInt(tasklets.group(1)), kernel.get("tasklets").asInt());
        assertEquals(11, manifest(out).get("tables").size());
        assertEquals(5, manifest(out).get("procedures").size());
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
