package org.pimsql.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.pimsql.frontend.ScriptCompiler;
import org.pimsql.frontend.SqlScript;
import org.pimsql.frontend.catalog.Catalog;
import org.pimsql.frontend.ir.Procedure;

/**
 * Partitions the host computes for exchange calls (RouteSlots, docs/multi-partition.md "Partitions the host
 * computes"): which accesses get a route slot, where the slots sit in the parameter block, and that a program
 * whose HASH keys are all parameters neither calls nor links pim_mp_hash (PIM_MP_HASH 0).
 */
class RouteSlotsTest {
    static final String SCHEMA = """
            CREATE TABLE acct (w INTEGER NOT NULL, d INTEGER NOT NULL, id INTEGER NOT NULL, bal DECIMAL(12,2) NOT NULL,
                               PRIMARY KEY (w, d, id));
            CREATE TABLE branch (w INTEGER NOT NULL PRIMARY KEY, moves INTEGER NOT NULL);
            CREATE TABLE link (id INTEGER NOT NULL PRIMARY KEY, w INTEGER NOT NULL, d INTEGER NOT NULL);
            PARTITION TABLE acct ON COLUMNS (w, d);
            PARTITION TABLE branch ON COLUMN w;
            """;
    /** Two HASH keys and one MOD key, all of IN parameters: three slots, no hashing on the DPU. */
    static final String MOVE = """
            CREATE PROCEDURE Move(IN p_w1 INTEGER, IN p_d1 INTEGER, IN p_w2 INTEGER, IN p_d2 INTEGER,
                                  IN p_amount DECIMAL(12,2), OUT p_b1 DECIMAL(12,2))
                MODIFIES SQL DATA
            BEGIN ATOMIC
                UPDATE acct SET bal = bal - p_amount WHERE w = p_w1 AND d = p_d1 AND id = 1;
                UPDATE acct SET bal = bal + p_amount WHERE w = p_w2 AND d = p_d2 AND id = 1;
                UPDATE branch SET moves = moves + 1 WHERE w = p_w2;
                SELECT bal INTO p_b1 FROM acct WHERE w = p_w1 AND d = p_d1 AND id = 1;
            END;
            """;
    /** An INOUT key the procedure assigns, and a key read from a row: both stay hashed on the DPU. */
    static final String SHIFT = """
            CREATE PROCEDURE Shift(INOUT p_w INTEGER, IN p_d INTEGER, IN p_link INTEGER, OUT p_b DECIMAL(12,2),
                                   OUT p_c DECIMAL(12,2))
                READS SQL DATA
            BEGIN ATOMIC
                DECLARE v_w INTEGER;
                DECLARE v_d INTEGER;
                SET p_b = (SELECT bal FROM acct WHERE w = p_w AND d = p_d AND id = 1);
                SET p_w = p_w + 1;
                SELECT bal INTO p_b FROM acct WHERE w = p_w AND d = p_d AND id = 1;
                SELECT w, d INTO v_w, v_d FROM link WHERE id = p_link;
                SET p_c = (SELECT bal FROM acct WHERE w = v_w AND d = v_d AND id = 1);
            END;
            """;

    static Catalog catalog(String... procedures) throws Exception {
        return ScriptCompiler.compile(List.of(new SqlScript("route.sql", SCHEMA + String.join("\n", procedures))));
    }

    static CodegenResult program(Catalog c) throws Exception {
        return Codegen.compile(c);
    }

    /** The listing lines of every procedure of a compiled schema. */
    static List<String> listing(CodegenResult r) {
        return r.image().procedures().stream().flatMap(p -> p.listing().lines().stream()).toList();
    }

    static boolean hashes(CodegenResult r) {
        return (r.image().kernel().features() & org.pimsql.codegen.vm.VmFormat.F_MP_HASH) != 0;
    }

    @Test
    void parameterKeysGetOneSlotPerDistinctTupleAfterTheParameters() throws Exception {
        Catalog c = catalog(MOVE);
        Set<String> exchange = Codegen.exchangeProcedures(c);
        assertEquals(Set.of("MOVE"), exchange);
        Procedure move = c.procedureList().getFirst();
        ProcedureLayout plain = LayoutBuilder.procedure(move);
        ProcedureLayout routed = LayoutBuilder.build(c, exchange).procedure(move.id());
        assertTrue(plain.routes().isEmpty());
        int end = plain.params().bytes();
        // (p_w1, p_d1) by HASH, read and written twice, shares one slot; (p_w2, p_d2) by HASH; p_w2 by MOD
        assertEquals(List.of(end, end + 4, end + 8), routed.routes().stream().map(RouteSlot::offset).toList());
        assertEquals(List.of(List.of(0, 1), List.of(2, 3), List.of(2)),
                routed.routes().stream().map(RouteSlot::args).toList());
        assertEquals(List.of("HASH(INT,INT)", "HASH(INT,INT)", "MOD"),
                routed.routes().stream().map(r -> r.function().signature()).toList());
        assertEquals(end + 16, routed.params().bytes()); // three u32 slots, padded to 8
        assertEquals(plain.params().fields(), routed.params().fields());
        assertEquals(plain.outBytes(), routed.outBytes());
    }

    @Test
    void aProgramWithOnlyParameterKeysNeitherHashesNorNeedsTheHashingKernel() throws Exception {
        CodegenResult p = program(catalog(MOVE));
        int end = LayoutBuilder.procedure(catalog(MOVE).procedureList().getFirst()).params().bytes();
        List<String> lines = listing(p);
        assertFalse(lines.stream().anyMatch(l -> l.contains("MPHASH")), String.join("\n", lines));
        assertTrue(lines.stream().anyMatch(l -> l.contains("route slot") && l.contains("@" + end + " ")), String.join("\n", lines));
        assertTrue(lines.stream().anyMatch(l -> l.contains("route slot") && l.contains("@" + (end + 8) + " ")), String.join("\n", lines));
        assertFalse(hashes(p));
    }

    @Test
    void assignedParametersAndKeysReadOnTheDpuAreStillHashedThere() throws Exception {
        Catalog c = catalog(SHIFT);
        ProcedureLayout shift = LayoutBuilder.build(c, Codegen.exchangeProcedures(c)).procedure(0);
        // p_w is assigned: its value at the second read is not the argument, so not even the first read gets a slot
        assertEquals(List.of(), shift.routes());
        CodegenResult p = program(c);
        assertEquals(3, listing(p).stream().filter(l -> l.contains(" MPHASH ")).count(), String.join("\n", listing(p)));
        assertTrue(hashes(p));
        // in one image with Move, Move still reads its slots
        CodegenResult both = program(catalog(MOVE, SHIFT));
        int end = LayoutBuilder.procedure(catalog(MOVE).procedureList().getFirst()).params().bytes();
        assertTrue(listing(both).stream().anyMatch(l -> l.contains("route slot") && l.contains("@" + end + " ")));
        assertTrue(hashes(both));
    }
}
