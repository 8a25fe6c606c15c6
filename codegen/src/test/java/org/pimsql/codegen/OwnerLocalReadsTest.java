package org.pimsql.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.pimsql.frontend.ScriptCompiler;
import org.pimsql.frontend.SqlScript;
import org.pimsql.frontend.catalog.Catalog;
import org.pimsql.frontend.ir.Block;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.frontend.ir.Stmt;

/**
 * Which exchanged reads only their owner uses (OwnerLocalReads, docs/multi-partition.md "Values only their owner
 * uses"): a participant that lacks them neither blocks nor runs again for them, so every other use must keep a read
 * out.
 */
class OwnerLocalReadsTest {
    static final String SCHEMA = """
            CREATE TABLE counter (w INTEGER NOT NULL PRIMARY KEY, last_id INTEGER NOT NULL);
            CREATE TABLE log (w INTEGER NOT NULL, id INTEGER NOT NULL, who INTEGER NOT NULL, note VARCHAR(20),
                              PRIMARY KEY (w, id));
            CREATE TABLE acct (w INTEGER NOT NULL, id INTEGER NOT NULL, bal INTEGER NOT NULL, PRIMARY KEY (w, id));
            CREATE TABLE tag (code VARCHAR(8) NOT NULL PRIMARY KEY, w INTEGER NOT NULL);
            PARTITION TABLE counter ON COLUMN w;
            PARTITION TABLE log ON COLUMN w;
            PARTITION TABLE acct ON COLUMN w;
            PARTITION TABLE tag ON COLUMN code;
            """;

    /** The next log id of warehouse p_w goes only into that warehouse's log row: owner-local (TPC-C's history id). */
    static final String PAY = """
            CREATE PROCEDURE Pay(IN p_w INTEGER, IN p_cw INTEGER, IN p_id INTEGER, IN p_amount INTEGER,
                                 OUT p_bal INTEGER)
                MODIFIES SQL DATA
            BEGIN ATOMIC
                DECLARE v_id INTEGER;
                DECLARE v_bal INTEGER;
                UPDATE acct SET bal = bal - p_amount WHERE w = p_cw AND id = p_id;
                SELECT bal INTO v_bal FROM acct WHERE w = p_cw AND id = p_id;
                UPDATE counter SET last_id = last_id + 1 WHERE w = p_w;
                SELECT last_id INTO v_id FROM counter WHERE w = p_w;
                INSERT INTO log (w, id, who, note) VALUES (p_w, v_id, p_id, 'pay');
                SET p_bal = v_bal;
            END;
            """;

    /** Every other use of the id keeps its read out. */
    static final String USES = """
            CREATE PROCEDURE Uses(IN p_w INTEGER, IN p_other INTEGER, INOUT p_x INTEGER, OUT p_out INTEGER)
                MODIFIES SQL DATA
            BEGIN ATOMIC
                DECLARE v_a INTEGER;
                DECLARE v_b INTEGER;
                DECLARE v_c INTEGER;
                DECLARE v_d INTEGER;
                DECLARE v_e INTEGER;
                DECLARE v_f INTEGER;
                SELECT last_id INTO v_a FROM counter WHERE w = p_w;
                IF v_a > 10 THEN
                    SET p_x = 1;
                END IF;
                SELECT last_id INTO v_b FROM counter WHERE w = p_w;
                INSERT INTO log (w, id, who, note) VALUES (p_other, v_b, 1, 'other warehouse');
                SELECT last_id INTO v_c FROM counter WHERE w = p_w;
                UPDATE acct SET bal = 0 WHERE w = p_w AND id = v_c;
                SELECT last_id INTO v_d FROM counter WHERE w = p_w;
                SET p_out = v_d;
                SELECT last_id INTO p_x FROM counter WHERE w = p_w;
                SELECT last_id INTO v_e FROM counter WHERE w = p_x;
                INSERT INTO log (w, id, who, note) VALUES (p_x, v_e, 2, 'key assigned');
                SELECT last_id INTO v_f FROM counter WHERE w = p_w;
                UPDATE acct SET bal = v_f WHERE w = p_w AND id = 1;
            END;
            """;

    static Procedure procedure(String name, String... procedures) throws Exception {
        Catalog c = ScriptCompiler.compile(List.of(new SqlScript("owner.sql", SCHEMA + String.join("\n", procedures))));
        return c.procedure(name);
    }

    /** The texts of the statements {@code ids} names, in order. */
    static List<String> texts(Procedure p, Set<Integer> ids) {
        var out = new ArrayList<String>();
        collect(p.body(), new TreeSet<>(ids), out);
        return out;
    }

    private static void collect(Block b, Set<Integer> ids, List<String> out) {
        for (Stmt s : b.statements()) {
            if (ids.contains(s.id())) {
                out.add(text(s).strip());
            }
            switch (s) {
                case Stmt.If i -> {
                    i.branches().forEach(br -> collect(br.body(), ids, out));
                    collect(i.elseBlock(), ids, out);
                }
                case Stmt.While w -> collect(w.body(), ids, out);
                case Stmt.ForEach f -> collect(f.body(), ids, out);
                default -> { }
            }
        }
    }

    private static String text(Stmt s) {
        return switch (s) {
            case Stmt.SelectInto si -> si.text();
            case Stmt.Assign a -> a.text();
            default -> s.toString();
        };
    }

    @Test
    void anIdWrittenOnlyIntoTheSamePartitionIsOwnerLocal() throws Exception {
        Procedure pay = procedure("PAY", PAY);
        // the balance goes to an OUT parameter: every participant needs it
        assertEquals(List.of("SELECT last_id INTO v_id FROM counter WHERE w = p_w;"), texts(pay, OwnerLocalReads.of(pay)));
    }

    @Test
    void aConditionAnotherPartitionAKeyAnOutParameterOrAWriteThatFollowsAnAssignedKeyKeepReadsOut() throws Exception {
        Procedure uses = procedure("USES", USES);
        // v_a: a condition; v_b: another warehouse's row; v_c: a key; v_d: an OUT parameter through SET; p_x: an
        // INOUT parameter; v_e: a write keyed by p_x, which the procedure assigns. v_f: the same warehouse's row.
        assertEquals(List.of("SELECT last_id INTO v_f FROM counter WHERE w = p_w;"), texts(uses, OwnerLocalReads.of(uses)));
    }
}
