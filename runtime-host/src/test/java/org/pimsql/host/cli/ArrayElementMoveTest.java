package org.pimsql.host.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Elements of ARRAY parameters read by pim_move (PIM_B_ELEM, docs/iram.md): primary-key probes, SET,
 * INSERT values and a scalar subquery's key take {@code p_items[k]} from the move tables, on simulated
 * DPUs. A NULL element is a NULL value (no row found, NULL stored); an index outside the array, or a NULL
 * index, fails the call with 2202E as an inline element read does. Expected values follow SQL's rules as
 * HSQLDB applies them.
 */
class ArrayElementMoveTest {
    static final String SCHEMA = """
            CREATE TABLE stock (w INTEGER NOT NULL, i INTEGER NOT NULL, qty INTEGER, PRIMARY KEY (w, i));
            CREATE TABLE line (w INTEGER NOT NULL, n INTEGER NOT NULL, i INTEGER, qty SMALLINT, PRIMARY KEY (w, n));
            PARTITION TABLE stock ON COLUMN w;
            PARTITION TABLE line ON COLUMN w;
            CREATE PROCEDURE pick(IN p_w INTEGER, IN p_items INTEGER ARRAY[5], IN p_ws INTEGER ARRAY[5], IN p_k INTEGER,
                                  OUT p_item INTEGER, OUT p_qty INTEGER, OUT p_total INTEGER)
                MODIFIES SQL DATA
            BEGIN ATOMIC
                DECLARE v_item INTEGER;
                DECLARE v_q INTEGER;
                DECLARE v_total INTEGER DEFAULT 0;
                DECLARE k INTEGER DEFAULT 1;
                WHILE k <= CARDINALITY(p_items) DO
                    SET v_item = p_items[k];
                    SET v_q = NULL;
                    SET v_q = (SELECT qty FROM stock WHERE w = p_ws[k] AND i = p_items[k]);
                    INSERT INTO line VALUES (p_w, k, p_items[k], v_q);
                    SET v_total = v_total + COALESCE(v_q, 0);
                    SET k = k + 1;
                END WHILE;
                SET p_total = v_total;
                SET p_item = p_items[p_k];
                SET p_qty = (SELECT qty FROM stock WHERE w = p_w AND i = p_items[2]);
            END;
            """;
    static final String ROWS = """
            INSERT INTO stock VALUES (1, 10, 5);
            INSERT INTO stock VALUES (1, 11, 7);
            INSERT INTO stock VALUES (1, 12, NULL);
            CALL pick(1, ARRAY[10, 11, 12], ARRAY[1, 1, 1], 3, ?, ?, ?);
            CALL pick(2, ARRAY[11, NULL, 10], ARRAY[1, 1, NULL], 1, ?, ?, ?);
            SELECT * FROM line ORDER BY w, n;
            """;

    @Test
    void elementsAreMoveTableEntries(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("pick.sql");
        Files.writeString(script, SCHEMA);
        var r = CliRunner.run("compile", script.toString(), "-o", dir.resolve("out").toString(), "--no-native");
        assertEquals(0, r.exitCode(), r.toString());
        String c = Files.readString(dir.resolve("out/program0/program0.c"));
        // SET v_item, both keys of the subquery, the INSERT value, SET p_item and the last subquery's key
        // (the exchange call site still computes its partition key p_ws[k] inline)
        assertEquals(6, c.split("PIM_B_ELEM, 0, 0, 0\\}").length - 1, c);
        assertTrue(Files.readString(dir.resolve("out/program0/pim_schema.h")).contains("#define PIM_MOVE_ELEMS 1u"));
    }

    /** Aggregates over an index prefix keyed by array elements keep the inline form (pim_range_agg counts key rows). */
    @Test
    void aggregatesKeyedByElements(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("agg.sql");
        Files.writeString(script, """
                CREATE TABLE stock (w INTEGER NOT NULL, i INTEGER NOT NULL, qty INTEGER, PRIMARY KEY (w, i));
                CREATE INDEX stock_by_w ON stock (w, i);
                PARTITION TABLE stock ON COLUMN w;
                CREATE PROCEDURE agg(IN p_ws INTEGER ARRAY[3], OUT p_n INTEGER, OUT p_min INTEGER, OUT p_max INTEGER)
                    READS SQL DATA
                BEGIN ATOMIC
                    SET p_n = (SELECT COUNT(*) FROM stock WHERE w = p_ws[1]);
                    SET p_min = (SELECT MIN(qty) FROM stock WHERE w = p_ws[2]);
                    SET p_max = (SELECT MAX(qty) FROM stock WHERE w = p_ws[1]);
                END;
                INSERT INTO stock VALUES (1, 10, 5);
                INSERT INTO stock VALUES (1, 11, 7);
                INSERT INTO stock VALUES (1, 12, NULL);
                INSERT INTO stock VALUES (2, 10, 1);
                CALL agg(ARRAY[1, 3], ?, ?, ?);
                """);
        var r = CliRunner.run("run", script.toString(), "--dpus", "2");
        assertEquals(0, r.exitCode(), r.toString());
        assertEquals("""
                +-----+-------+-------+
                | P_N | P_MIN | P_MAX |
                +-----+-------+-------+
                |   3 |  NULL |     7 |
                +-----+-------+-------+
                (1 row)
                """, r.out(), r.toString());
    }

    @Test
    void valuesAndErrorsMatchHsqldb(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("pick.sql");
        Files.writeString(script, SCHEMA + ROWS);
        var r = CliRunner.run("run", script.toString(), "--dpus", "2");
        assertEquals(0, r.exitCode(), r.toString());
        assertEquals("""
                +--------+-------+---------+
                | P_ITEM | P_QTY | P_TOTAL |
                +--------+-------+---------+
                |     12 |     7 |      12 |
                +--------+-------+---------+
                (1 row)
                +--------+-------+---------+
                | P_ITEM | P_QTY | P_TOTAL |
                +--------+-------+---------+
                |     11 |  NULL |       7 |
                +--------+-------+---------+
                (1 row)
                +---+---+------+------+
                | W | N | I    | QTY  |
                +---+---+------+------+
                | 1 | 1 |   10 |    5 |
                | 1 | 2 |   11 |    7 |
                | 1 | 3 |   12 | NULL |
                | 2 | 1 |   11 |    7 |
                | 2 | 2 | NULL | NULL |
                | 2 | 3 |   10 | NULL |
                +---+---+------+------+
                (6 rows)
                """, r.out(), r.toString());
        for (String call : new String[] {"CALL pick(3, ARRAY[10, 11], ARRAY[1, 1], 4, ?, ?, ?);",
                                         "CALL pick(4, ARRAY[10, 11], ARRAY[1, 1], NULL, ?, ?, ?);"}) {
            Path bad = dir.resolve("bad.sql");
            Files.writeString(bad, SCHEMA + call + "\nSELECT COUNT(*) FROM line;\n");
            var b = CliRunner.run("run", bad.toString(), "--dpus", "2");
            assertTrue(b.err().contains("SQLSTATE 2202E"), b.toString());
        }
    }
}
