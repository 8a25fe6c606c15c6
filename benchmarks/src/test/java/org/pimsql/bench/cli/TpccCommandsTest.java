package org.pimsql.bench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.pimsql.host.cli.PimsqlMain;

/** {@code pimsql bench tpcc} and {@code pimsql tpcc load} through the launcher's entry point, on HSQLDB. */
class TpccCommandsTest {
    record Run(int exit, String out, String err) {}

    static Run pimsql(String... args) {
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        int exit = PimsqlMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static final String[] REDUCED = {"--items", "300", "--customers-per-district", "20", "--orders-per-district", "20"};

    static String[] args(String[] head, String... tail) {
        var all = new java.util.ArrayList<String>(java.util.List.of(head));
        all.addAll(java.util.List.of(REDUCED));
        all.addAll(java.util.List.of(tail));
        return all.toArray(String[]::new);
    }

    @Test
    void benchTpccLoadsRunsReportsAndChecks() {
        Run r = pimsql(args(new String[] {"bench", "tpcc", "--engine", "hsqldb", "--warehouses", "2"},
                "--clients", "2", "--warmup", "1", "--seconds", "1", "--check-load"));
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.out().contains("2 clients, 1 s measured after a 1 s ramp-up"), r.out());
        assertTrue(r.err().contains("ramp-up 100%"), r.err());
        assertTrue(r.out().contains("2 warehouse(s), REDUCED size: 300 items, 20 customers and 20 orders per district"), r.out());
        assertTrue(r.out().contains("consistency after load (clause 3.3.2"), r.out());
        assertTrue(r.out().contains("consistency: all 12 conditions hold"), r.out());
        assertTrue(r.out().matches("(?s).*\ntpmC: [0-9,]+ .*"), r.out());
        for (String t : new String[] {"NewOrder", "Payment", "OrderStatus", "Delivery", "StockLevel"}) {
            assertTrue(r.out().contains("\n" + t + " "), t + " row in\n" + r.out());
        }
        assertTrue(r.out().contains("consistency after the run"), r.out());
        assertTrue(r.out().contains("consistency: all 11 conditions hold"), r.out());
        assertTrue(r.err().contains("loading TPC-C"), r.err());
    }

    @Test
    void benchTpccReportsDmaByProcedureOnPimsql() {
        Run r = pimsql(args(new String[] {"bench", "tpcc", "--dpus", "2", "--partition-by", "warehouse"},
                "--warmup", "0", "--seconds", "1", "--no-check", "--dma-by-procedure", "10"));
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.out().contains("DMA by procedure (each alone, 32 in flight"), r.out());
        for (String t : new String[] {"NewOrder", "Payment", "OrderStatus", "StockLevel"}) {
            assertTrue(r.out().matches("(?s).*\n" + t + " +10 +[0-9,]+ +[0-9]+\\.[0-9] .*"), t + " in\n" + r.out());
        }
        // one Delivery is a call per district
        assertTrue(r.out().matches("(?s).*\nDelivery +100 +[0-9,]+ +[0-9]+\\.[0-9] .*"), r.out());
        for (String table : new String[] {"STOCK", "ORDER_LINE", "ITEM"}) {
            assertTrue(r.out().matches("(?s).*\n" + table + " +[1-9][0-9,]* +[0-9,]+ .*"), table + " in\n" + r.out());
        }
        Run hsqldb = pimsql("bench", "tpcc", "--engine", "hsqldb", "--dma-by-procedure");
        assertEquals(1, hsqldb.exit(), hsqldb.toString());
        assertTrue(hsqldb.err().contains("--dma-by-procedure needs --engine pimsql"), hsqldb.err());
    }

    @Test
    void tpccLoadChecksAnInMemoryDatabase() {
        Run r = pimsql(args(new String[] {"tpcc", "load", "--engine", "hsqldb"}));
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.out().contains("load: "), r.out());
        assertTrue(r.out().contains("consistency: all 12 conditions hold"), r.out());
    }

    @Test
    void tpccCheckChecksAFileDatabaseLoadedBefore(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        String db = "jdbc:hsqldb:file:" + dir.resolve("tpcc");
        Run load = pimsql(args(new String[] {"tpcc", "load", "--engine", "hsqldb", "--db", db}));
        assertEquals(0, load.exit(), load.toString());
        Run check = pimsql(args(new String[] {"tpcc", "check", "--engine", "hsqldb", "--db", db, "--after-load"}));
        assertEquals(0, check.exit(), check.toString());
        assertTrue(check.out().contains("consistency: all 12 conditions hold"), check.out());
    }

    @Test
    void badOptionsAreUserErrors() {
        Run r = pimsql("bench", "tpcc", "--engine", "hsqldb", "--warehouses", "0");
        assertEquals(1, r.exit(), r.toString());
        assertTrue(r.err().contains("--warehouses must be at least 1"), r.err());
        Run check = pimsql("tpcc", "check", "--engine", "hsqldb");
        assertEquals(1, check.exit(), check.toString());
        assertTrue(check.err().contains("--db is required"), check.err());
        Run engine = pimsql("tpcc", "load", "--engine", "oracle");
        assertEquals(1, engine.exit(), engine.toString());
        assertTrue(engine.err().contains("unknown --engine oracle"), engine.err());
    }
}
