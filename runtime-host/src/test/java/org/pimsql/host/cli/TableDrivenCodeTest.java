package org.pimsql.host.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The table-driven forms of generated code on simulated DPUs (docs/iram.md): aggregates over an index
 * prefix (pim_range_agg: COUNT(*), MIN and MAX skipping NULLs, SUM of DECIMAL, an empty range), || chains
 * of numbers, literals and CHAR/VARCHAR columns (pim_fmt, a NULL part), and sums with constants in
 * UPDATE, INSERT, DECLARE defaults and runs of SET (pim_move: a NULL operand, chains left to right).
 * The expected values are worked out by hand with SQL's rules as HSQLDB applies them.
 */
class TableDrivenCodeTest {
    static final String SCHEMA = """
            CREATE TABLE item (g INTEGER NOT NULL, id INTEGER NOT NULL, qty INTEGER, price DECIMAL(6,2),
                               name VARCHAR(10), code CHAR(3), PRIMARY KEY (g, id));
            CREATE INDEX item_by_g ON item (g, id);
            PARTITION TABLE item ON COLUMN g;
            CREATE PROCEDURE stats(IN p_g INTEGER, OUT p_n INTEGER, OUT p_min INTEGER, OUT p_max INTEGER,
                                   OUT p_sum DECIMAL(12,2), OUT p_text VARCHAR(40), OUT p_label VARCHAR(20))
                READS SQL DATA
            BEGIN ATOMIC
                DECLARE v_n INTEGER;
                DECLARE v_min INTEGER;
                DECLARE v_max INTEGER;
                DECLARE v_sum DECIMAL(12,2);
                SET v_n = (SELECT COUNT(*) FROM item WHERE g = p_g);
                SET v_min = (SELECT MIN(qty) FROM item WHERE g = p_g);
                SET v_max = (SELECT MAX(qty) FROM item WHERE g = p_g);
                SET v_sum = (SELECT SUM(price) FROM item WHERE g = p_g);
                SET p_n = v_n;
                SET p_min = v_min;
                SET p_max = v_max;
                SET p_sum = v_sum;
                SET p_text = CAST(v_n AS VARCHAR(5)) || '/' || CAST(v_sum AS VARCHAR(12)) || '/' || CAST(v_min AS VARCHAR(6)) || '|';
                SET p_label = (SELECT name || '-' || code FROM item WHERE g = p_g AND id = 1);
            END;
            CREATE PROCEDURE bump(IN p_g INTEGER, IN p_id INTEGER, IN p_d INTEGER, OUT p_v INTEGER)
                MODIFIES SQL DATA
            BEGIN ATOMIC
                DECLARE v INTEGER DEFAULT 7;
                UPDATE item SET qty = qty + p_d, price = price - 1.25 WHERE g = p_g AND id = p_id;
                INSERT INTO item VALUES (p_g, p_id + 100, p_d - 1 + 10, NULL, 'x', 'abc');
                SET v = p_d + 1;
                SET v = v - p_id + 3;
                SET p_v = v;
            END;
            """;

    @Test
    void theCompiledProgramUsesEveryTableDrivenForm(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("forms.sql");
        Files.writeString(script, SCHEMA);
        var r = CliRunner.run("compile", script.toString(), "-o", dir.resolve("out").toString(), "--no-native");
        assertEquals(0, r.exitCode(), r.toString());
        String c = Files.readString(dir.resolve("out/program0/program0.c"));
        for (String form : new String[] {"pim_range_agg(&", "PIM_AGG_COUNT", "PIM_AGG_MIN", "PIM_AGG_MAX", "PIM_AGG_SUM",
                "pim_fmt(", "PIM_OP_ADD", "PIM_OP_SUB", "PIM_CONST_OP("}) {
            assertTrue(c.contains(form), form + " missing from the generated program");
        }
        assertTrue(Files.readString(dir.resolve("out/program0/pim_schema.h")).contains("#define PIM_MOVE_SUMS 1u"));
    }

    /**
     * {@code SELECT c ... ORDER BY <the index's order> [DESC] LIMIT 1 [OFFSET k]} is a pick of pim_range_agg
     * (its values against HSQLDB: IndexPickDifferentialTest), and a program whose writes change no B+tree
     * entry is built without the B+tree writer (PIM_TREE_WRITES 0; TreeWritesTest for the rule).
     */
    @Test
    void picksAreTableDrivenAndReadOnlyProgramsHaveNoTreeWriter(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("picks.sql");
        Files.writeString(script, """
                CREATE TABLE item (g INTEGER NOT NULL, id INTEGER NOT NULL, qty INTEGER, PRIMARY KEY (g, id));
                CREATE INDEX item_by_g ON item (g, id);
                PARTITION TABLE item ON COLUMN g;
                CREATE PROCEDURE picks(IN p_g INTEGER, IN p_k INTEGER, OUT p_a INTEGER, OUT p_b INTEGER, OUT p_c INTEGER)
                    MODIFIES SQL DATA
                BEGIN ATOMIC
                    SET p_a = (SELECT qty FROM item WHERE g = p_g ORDER BY id LIMIT 1 OFFSET p_k);
                    SET p_b = (SELECT id FROM item WHERE g = p_g ORDER BY id DESC LIMIT 1);
                    SET p_c = (SELECT COUNT(*) FROM item WHERE g = p_g);
                    UPDATE item SET qty = qty + 1 WHERE g = p_g AND id = p_k;
                END;
                """);
        var r = CliRunner.run("compile", script.toString(), "-o", dir.resolve("out").toString(), "--no-native");
        assertEquals(0, r.exitCode(), r.toString());
        String c = Files.readString(dir.resolve("out/program0/program0.c"));
        for (String form : new String[] {"PIM_AGG_PICK", "PIM_R_DESC", "PIM_AGG_COUNT"}) {
            assertTrue(c.contains(form), form + " missing from the generated program");
        }
        assertTrue(!c.contains("pim_range_next("), "no generated scan loop is left");
        assertTrue(Files.readString(dir.resolve("out/program0/pim_schema.h")).contains("#define PIM_TREE_WRITES 0u"));
    }

    @Test
    void valuesMatchHsqldb(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("forms.sql");
        Files.writeString(script, SCHEMA + """
                INSERT INTO item VALUES (1, 1, 5, 10.50, 'ab', 'xyz');
                INSERT INTO item VALUES (1, 2, NULL, 2.25, 'cd', 'q');
                INSERT INTO item VALUES (1, 3, -7, NULL, NULL, 'z');
                INSERT INTO item VALUES (2, 1, 4, 1.00, 'e', 'w');
                CALL stats(1, ?, ?, ?, ?, ?, ?);
                CALL stats(9, ?, ?, ?, ?, ?, ?);
                CALL bump(1, 1, 3, ?);
                CALL stats(1, ?, ?, ?, ?, ?, ?);
                CALL bump(1, 2, 3, ?);
                CALL stats(1, ?, ?, ?, ?, ?, ?);
                CALL stats(2, ?, ?, ?, ?, ?, ?);
                """);
        var r = CliRunner.run("run", script.toString(), "--dpus", "2");
        assertEquals(0, r.exitCode(), r.toString());
        assertEquals("""
                +-----+-------+-------+-------+-------------+---------+
                | P_N | P_MIN | P_MAX | P_SUM | P_TEXT      | P_LABEL |
                +-----+-------+-------+-------+-------------+---------+
                |   3 |    -7 |     5 | 12.75 | 3/12.75/-7| | ab-xyz  |
                +-----+-------+-------+-------+-------------+---------+
                (1 row)
                +-----+-------+-------+-------+--------+---------+
                | P_N | P_MIN | P_MAX | P_SUM | P_TEXT | P_LABEL |
                +-----+-------+-------+-------+--------+---------+
                |   0 |  NULL |  NULL |  NULL |   NULL |    NULL |
                +-----+-------+-------+-------+--------+---------+
                (1 row)
                +-----+
                | P_V |
                +-----+
                |   6 |
                +-----+
                (1 row)
                +-----+-------+-------+-------+-------------+---------+
                | P_N | P_MIN | P_MAX | P_SUM | P_TEXT      | P_LABEL |
                +-----+-------+-------+-------+-------------+---------+
                |   4 |    -7 |    12 | 11.50 | 4/11.50/-7| | ab-xyz  |
                +-----+-------+-------+-------+-------------+---------+
                (1 row)
                +-----+
                | P_V |
                +-----+
                |   5 |
                +-----+
                (1 row)
                +-----+-------+-------+-------+-------------+---------+
                | P_N | P_MIN | P_MAX | P_SUM | P_TEXT      | P_LABEL |
                +-----+-------+-------+-------+-------------+---------+
                |   5 |    -7 |    12 | 10.25 | 5/10.25/-7| | ab-xyz  |
                +-----+-------+-------+-------+-------------+---------+
                (1 row)
                +-----+-------+-------+-------+-----------+---------+
                | P_N | P_MIN | P_MAX | P_SUM | P_TEXT    | P_LABEL |
                +-----+-------+-------+-------+-----------+---------+
                |   1 |     4 |     4 |  1.00 | 1/1.00/4| | e-w     |
                +-----+-------+-------+-------+-----------+---------+
                (1 row)
                """, r.out(), r.toString());
    }
}
