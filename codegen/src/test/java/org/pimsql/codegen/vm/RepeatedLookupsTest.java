package org.pimsql.codegen.vm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pimsql.codegen.Codegen;
import org.pimsql.codegen.CodegenResult;
import org.pimsql.frontend.ScriptCompiler;
import org.pimsql.frontend.SqlScript;

/**
 * Which PKFINDs the compiler marks FIND_AGAIN (RepeatedLookups): procedures compiled from SQL, each checked by the b
 * operand of its PKFINDs in program order, and hand-assembled programs for the writes SQL cannot place between two
 * lookups.
 */
class RepeatedLookupsTest {
    private static final String SCHEMA = """
            CREATE TABLE acct (id BIGINT NOT NULL PRIMARY KEY, bal DECIMAL(12,2) NOT NULL, n INTEGER NOT NULL);
            CREATE TABLE other (id BIGINT NOT NULL PRIMARY KEY, v BIGINT NOT NULL);
            CREATE TABLE named (name VARCHAR(20) NOT NULL PRIMARY KEY, v BIGINT NOT NULL);
            CREATE TABLE fixed (code CHAR(4) NOT NULL PRIMARY KEY, v BIGINT NOT NULL);
            PARTITION TABLE acct ON COLUMN id;
            PARTITION TABLE other ON COLUMN id;
            PARTITION TABLE named ON COLUMN name;
            PARTITION TABLE fixed ON COLUMN code;
            """;

    private static final int AGAIN = VmFormat.FIND_AGAIN;
    private static final int KEEP = VmFormat.FIND_KEEP;

    /** The b operands of the PKFINDs of the one procedure {@code body} defines, in program order. */
    private static List<Integer> finds(String body) throws Exception {
        CompiledProcedure p = compile(body);
        ByteBuffer b = ByteBuffer.wrap(p.code()).order(ByteOrder.LITTLE_ENDIAN);
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < p.ninstr(); i++) {
            if ((b.get(8 * i) & 0xFF) == Op.PKFIND.code()) {
                out.add(b.get(8 * i + 2) & 0xFF);
            }
        }
        return out;
    }

    private static CompiledProcedure compile(String body) throws Exception {
        var catalog = ScriptCompiler.compile(List.of(new SqlScript("again.sql", SCHEMA + body)));
        CodegenResult r = Codegen.compile(catalog);
        assertEquals(1, r.image().procedures().size());
        return r.image().procedures().get(0);
    }

    private static String proc(String params, String declarations, String statements) {
        return "CREATE PROCEDURE P(" + params + ") MODIFIES SQL DATA BEGIN ATOMIC " + declarations + " " + statements
                + " END;";
    }

    @Test
    void anUpdateAfterASelectOfTheSameRowFindsItAgain() throws Exception {
        assertEquals(List.of(0, AGAIN | KEEP), finds(proc("IN p BIGINT", "DECLARE b DECIMAL(12,2);",
                "SELECT bal INTO b FROM acct WHERE id = p; UPDATE acct SET bal = bal + 1 WHERE id = p;")));
    }

    @Test
    void bothBranchesOfAnIfFindAgainAndTheListingNamesTheFirstFind() throws Exception {
        String body = proc("IN p BIGINT, IN amount DECIMAL(12,2)", "DECLARE b DECIMAL(12,2);",
                "SELECT bal INTO b FROM acct WHERE id = p; "
                        + "IF b < amount THEN UPDATE acct SET bal = bal - amount - 1 WHERE id = p; "
                        + "ELSE UPDATE acct SET bal = bal - amount WHERE id = p; END IF;");
        assertEquals(List.of(0, AGAIN | KEEP, AGAIN | KEEP), finds(body));
        List<String> lines = compile(body).listing().lines();
        int first = lines.stream().filter(l -> l.contains("PKFIND")).map(l -> Integer.parseInt(l.strip().split(" +")[0]))
                .findFirst().orElseThrow();
        assertEquals(2, lines.stream().filter(l -> l.contains("again (row from instruction " + first + ")")).count(),
                String.join("\n", lines));
    }

    @Test
    void aScalarSubqueryAfterASelectOfTheSameRowFindsItAgain() throws Exception {
        // the first SELECT's "no key" and "no row" paths join its found path, and so do the second's
        assertEquals(List.of(0, 0, AGAIN), finds(proc("IN p BIGINT, OUT b DECIMAL(12,2), OUT w BIGINT", "",
                "SELECT v INTO w FROM other WHERE id = p; SELECT bal INTO b FROM acct WHERE id = p; "
                        + "SET b = (SELECT bal FROM acct WHERE id = p);")));
    }

    @Test
    void aReassignedKeySourceFindsAfresh() throws Exception {
        assertEquals(List.of(0, KEEP), finds(proc("IN p BIGINT", "DECLARE k BIGINT; DECLARE b DECIMAL(12,2);",
                "SET k = p; SELECT bal INTO b FROM acct WHERE id = k; SET k = p; "
                        + "UPDATE acct SET bal = bal + 1 WHERE id = k;")));
    }

    @Test
    void anotherLookupInBetweenFindsAfresh() throws Exception {
        assertEquals(List.of(0, 0, KEEP), finds(proc("IN p BIGINT", "DECLARE b DECIMAL(12,2); DECLARE w BIGINT;",
                "SELECT bal INTO b FROM acct WHERE id = p; SELECT v INTO w FROM other WHERE id = p; "
                        + "UPDATE acct SET bal = bal + 1 WHERE id = p;")));
    }

    @Test
    void aRowWriteInBetweenFindsAfresh() throws Exception {
        // a write to any table: the analysis does not tell the tables' rows apart
        assertEquals(List.of(0, KEEP, KEEP), finds(proc("IN p BIGINT", "DECLARE b DECIMAL(12,2);",
                "SELECT bal INTO b FROM acct WHERE id = p; UPDATE other SET v = v + 1 WHERE id = p; "
                        + "UPDATE acct SET bal = bal + 1 WHERE id = p;")));
        assertEquals(List.of(0, KEEP), finds(proc("IN p BIGINT", "DECLARE b DECIMAL(12,2);",
                "SELECT bal INTO b FROM acct WHERE id = p; INSERT INTO other VALUES (p + 1, 1); "
                        + "UPDATE acct SET bal = bal + 1 WHERE id = p;")));
    }

    @Test
    void aDifferentKeyFindsAfresh() throws Exception {
        assertEquals(List.of(0, KEEP), finds(proc("IN p BIGINT, IN q BIGINT", "DECLARE b DECIMAL(12,2);",
                "SELECT bal INTO b FROM acct WHERE id = p; UPDATE acct SET bal = bal + 1 WHERE id = q;")));
    }

    @Test
    void aVarcharKeyIsNeverFoundAgainButACharKeyIs() throws Exception {
        // 'a' and 'a ' find the same VARCHAR row, whose bytes then differ from the key the second KEY writes back
        assertEquals(List.of(0, KEEP), finds(proc("IN p VARCHAR(20)", "DECLARE w BIGINT;",
                "SELECT v INTO w FROM named WHERE name = p; UPDATE named SET v = v + 1 WHERE name = p;")));
        assertEquals(List.of(0, AGAIN | KEEP), finds(proc("IN p CHAR(4)", "DECLARE w BIGINT;",
                "SELECT v INTO w FROM fixed WHERE code = p; UPDATE fixed SET v = v + 1 WHERE code = p;")));
    }

    @Test
    void aLoopWithoutAKillFindsAgainInsideAndOneWithAKillDoesNot() throws Exception {
        // the body's lookup repeats the one before the loop, and its own from the previous iteration
        assertEquals(List.of(0, AGAIN), finds(proc("IN p BIGINT, OUT b DECIMAL(12,2)", "DECLARE i INTEGER DEFAULT 0;",
                "SELECT bal INTO b FROM acct WHERE id = p; "
                        + "WHILE i < 3 DO SET b = (SELECT bal FROM acct WHERE id = p); SET i = i + 1; END WHILE;")));
        // the body updates the row: the loop's head meets the update's kill on the back edge
        assertEquals(List.of(0, KEEP), finds(proc("IN p BIGINT, OUT b DECIMAL(12,2)", "DECLARE i INTEGER DEFAULT 0;",
                "SELECT bal INTO b FROM acct WHERE id = p; "
                        + "WHILE i < 3 DO UPDATE acct SET bal = bal + 1 WHERE id = p; SET i = i + 1; END WHILE;")));
        // a key source written in the loop, after the lookup: found afresh in every iteration
        assertEquals(List.of(0, 0), finds(proc("IN p BIGINT, OUT b DECIMAL(12,2)",
                "DECLARE i INTEGER DEFAULT 0; DECLARE k BIGINT;",
                "SET k = p; SELECT bal INTO b FROM acct WHERE id = k; "
                        + "WHILE i < 3 DO SET b = (SELECT bal FROM acct WHERE id = k); SET k = p; SET i = i + 1; "
                        + "END WHILE;")));
    }

    // ---- hand-assembled programs: writes into the row buffer ----

    /** The key's source: a BIGINT parameter at 8, its NULL flag bit 0 of the bitmap at 0. */
    private static final Fd P = new Fd(8, 0, VmFormat.K_I64, 0, 0, "P");

    /** KEY ID from P, PKFIND into the row buffer [64, 88) of table 0 (ID at 72, BAL at 80); returns the PKFIND. */
    private static int probe(Assembler asm, Label miss) {
        Fd dst = new Fd(72, VmFormat.NO_NULL_BIT, VmFormat.K_I64, 0, 0, "ID");
        asm.jumpY(Op.KEY, 0, 0, 0, asm.fdPair(dst, P), miss);
        int at = asm.size();
        asm.lookup(at, new RepeatedLookups.Lookup(0, 64, 24, List.of(asm.at(at - 1)[4])));
        asm.emit(Op.PKFIND, 0, 0, 0, 64, 0);
        asm.jump(Op.JNULL, 0, miss);
        return at;
    }

    private static int[] again(java.util.function.Consumer<Assembler> between) {
        Assembler asm = new Assembler();
        Label m1 = new Label();
        int first = probe(asm, m1);
        asm.bind(m1);
        between.accept(asm);
        Label m2 = new Label();
        int second = probe(asm, m2);
        asm.bind(m2);
        asm.emit(Op.END);
        asm.finish(256, 4);
        return new int[] {asm.at(first)[2], asm.at(second)[2]};
    }

    private static int store(Assembler asm, int off, int nbit) {
        return asm.fd(new Fd(off, nbit, VmFormat.K_I64, 0, 0, "F"));
    }

    @Test
    void writesIntoTheRowBufferOrTheKeySourceKillAndOthersDoNot() {
        assertEquals(AGAIN, again(asm -> asm.emit(Op.ST, 1, 0, 0, store(asm, 40, 2), 0))[1], "a store into a local");
        assertEquals(0, again(asm -> asm.emit(Op.ST, 1, 0, 0, store(asm, 80, VmFormat.NO_NULL_BIT), 0))[1],
                "a store into the row buffer");
        assertEquals(0, again(asm -> asm.emit(Op.MV, 0, 0, 0, store(asm, 80, VmFormat.NO_NULL_BIT), store(asm, 40, 2)))[1],
                "a move into the row buffer");
        assertEquals(0, again(asm -> asm.emit(Op.FILL, 0, 0, 0, 84, 4))[1], "FILL over the buffer's end");
        assertEquals(AGAIN, again(asm -> asm.emit(Op.FILL, 0, 0, 0, 88, 8))[1], "FILL behind the buffer");
        assertEquals(0, again(asm -> asm.emit(Op.COPYB, 0, 8, 0, 60, 200))[1], "COPYB into the buffer");
        assertEquals(AGAIN, again(asm -> asm.emit(Op.COPYB, 0, 8, 0, 200, 64))[1], "COPYB out of the buffer");
        assertEquals(0, again(asm -> asm.emit(Op.ST, 1, 0, 0, store(asm, 8, 0), 0))[1], "a store into the key's source");
        assertEquals(0, again(asm -> asm.emit(Op.ST, 1, 0, 0, store(asm, 16, 0), 0))[1],
                "a store that sets the NULL flag of the key's source");
        assertEquals(AGAIN, again(asm -> asm.emit(Op.ST, 1, 0, 0, store(asm, 16, 1), 0))[1],
                "a store that sets another NULL flag of the same byte");
        assertEquals(0, again(asm -> asm.emit(Op.FILL, 0xFF, 0, 0, 0, 1))[1], "FILL over the NULL bitmap");
        assertEquals(0, again(asm -> asm.emit(Op.ROWLOAD, 1, 0, 0, 200, 0))[1], "a row access");
        assertEquals(0, again(asm -> asm.emit(Op.SORTPUT, 0, 0, 0, asm.pool(0, 0, 0), 0))[1], "an operation not listed");
        assertEquals(AGAIN, again(asm -> asm.emit(Op.ADD, 1, 2, 3, 0, 0))[1], "cells only");
    }

    @Test
    void aBackwardJumpOverAKillIsSeen() {
        // find; top: find again?; ST into the buffer; JT back to top: the back edge carries the kill
        Assembler asm = new Assembler();
        Label m1 = new Label();
        probe(asm, m1);
        asm.bind(m1);
        Label top = asm.here();
        Label m2 = new Label();
        int second = probe(asm, m2);
        asm.bind(m2);
        asm.emit(Op.ST, 1, 0, 0, store(asm, 80, VmFormat.NO_NULL_BIT), 0);
        asm.jump(Op.JT, 2, top);
        asm.emit(Op.END);
        asm.finish(256, 4);
        assertEquals(0, asm.at(second)[2]);
        assertTrue(asm.againOf(second) == null);
    }
}
