package org.pimsql.frontend.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.pimsql.frontend.ScriptCompiler;
import org.pimsql.frontend.SqlScript;
import org.pimsql.frontend.catalog.Catalog;

/** The lock rules of {@link ConflictAnalysis} on one small schema, one procedure per rule. */
class ConflictAnalysisTest {
    static final String SQL = """
            CREATE TABLE acct (id BIGINT NOT NULL, name VARCHAR(16), bal DECIMAL(10,2) NOT NULL, other BIGINT,
                               PRIMARY KEY (id));
            CREATE INDEX acct_by_name ON acct (name);
            PARTITION TABLE acct ON COLUMN id;
            CREATE TABLE code (c CHAR(4) NOT NULL, v INTEGER, PRIMARY KEY (c));
            PARTITION TABLE code ON COLUMN c;

            CREATE PROCEDURE get_acct(IN p_id BIGINT, OUT p_bal DECIMAL(10,2))
                READS SQL DATA
            BEGIN ATOMIC
                SELECT bal INTO p_bal FROM acct WHERE id = p_id;
            END;
            CREATE PROCEDURE pay(IN p_id BIGINT, IN p_amount DECIMAL(10,2))
                MODIFIES SQL DATA
            BEGIN ATOMIC
                UPDATE acct SET bal = bal - p_amount WHERE id = p_id;
            END;
            CREATE PROCEDURE rename(IN p_id BIGINT, IN p_name VARCHAR(16))
                MODIFIES SQL DATA
            BEGIN ATOMIC
                UPDATE acct SET name = p_name WHERE id = p_id;
            END;
            CREATE PROCEDURE open_acct(IN p_id BIGINT)
                MODIFIES SQL DATA
            BEGIN ATOMIC
                INSERT INTO acct (id, name, bal) VALUES (p_id, 'new', 0);
            END;
            CREATE PROCEDURE by_name(IN p_name VARCHAR(16), OUT p_bal DECIMAL(10,2))
                READS SQL DATA
            BEGIN ATOMIC
                SELECT bal INTO p_bal FROM acct WHERE name = p_name;
            END;
            CREATE PROCEDURE pay_linked(IN p_id BIGINT)
                MODIFIES SQL DATA
            BEGIN ATOMIC
                DECLARE v BIGINT;
                SELECT other INTO v FROM acct WHERE id = p_id;
                UPDATE acct SET bal = 0 WHERE id = v;
            END;
            CREATE PROCEDURE pay_many(IN p_ids BIGINT ARRAY[4])
                MODIFIES SQL DATA
            BEGIN ATOMIC
                DECLARE i INTEGER DEFAULT 1;
                WHILE i <= CARDINALITY(p_ids) DO
                    UPDATE acct SET bal = bal + 1 WHERE id = p_ids[i];
                    SET i = i + 1;
                END WHILE;
            END;
            CREATE PROCEDURE get_code(IN p_c VARCHAR(10), OUT p_v INTEGER)
                READS SQL DATA
            BEGIN ATOMIC
                SELECT v INTO p_v FROM code WHERE c = p_c;
            END;
            """;

    static ConflictFootprint footprint(String procedure) throws Exception {
        Catalog catalog = ScriptCompiler.compile(List.of(new SqlScript("conflicts.sql", SQL)));
        return ConflictAnalysis.of(catalog.procedure(procedure.toUpperCase()));
    }

    static List<ConflictFootprint.Lock> locks(String procedure, Object... args) throws Exception {
        return footprint(procedure).locks(args);
    }

    static ConflictFootprint.Lock row(boolean write, Object... key) {
        return new ConflictFootprint.Lock("ACCT", write, List.of(key));
    }

    @Test
    void primaryKeyAccessesLockTheirRow() throws Exception {
        assertEquals(List.of(row(false, 5L)), locks("get_acct", 5, null));
        assertEquals(List.of(row(true, 7L)), locks("pay", 7L, "1.00"));
        assertFalse(ConflictFootprint.conflict(locks("get_acct", 5, null), locks("pay", 7L, "1.00")));
        assertTrue(ConflictFootprint.conflict(locks("get_acct", 7, null), locks("pay", 7L, "1.00")));
        assertFalse(ConflictFootprint.conflict(locks("get_acct", 7, null), locks("get_acct", 7, null)), "two reads");
    }

    @Test
    void structuralWritesLockTheTable() throws Exception {
        var table = new ConflictFootprint.Lock("ACCT", true, null);
        var allocator = new ConflictFootprint.Lock(ConflictAnalysis.ALLOCATOR, true, null);
        assertEquals(List.of(table, allocator), locks("rename", 1L, "x"), "an indexed column changes");
        assertEquals(List.of(table, allocator), locks("open_acct", 1L), "INSERT");
        assertTrue(ConflictFootprint.conflict(locks("open_acct", 1L), locks("get_acct", 99L, null)));
        // inserts into different tables share the allocator
        assertTrue(ConflictFootprint.conflict(locks("open_acct", 1L),
                List.of(new ConflictFootprint.Lock("CODE", true, null), allocator)));
    }

    @Test
    void accessesNotPinnedToKnownKeysLockTheTable() throws Exception {
        assertEquals(List.of(new ConflictFootprint.Lock("ACCT", false, null)), locks("by_name", "bob", null));
        assertTrue(ConflictFootprint.conflict(locks("by_name", "bob", null), locks("pay", 1L, "1")));
        assertFalse(ConflictFootprint.conflict(locks("by_name", "bob", null), locks("get_acct", 1L, null)));
        // the UPDATE's key is read by the call itself
        assertEquals(List.of(row(false, 3L), new ConflictFootprint.Lock("ACCT", true, null)), locks("pay_linked", 3L));
        // NULL keys are not trusted to match nothing
        assertEquals(List.of(new ConflictFootprint.Lock("ACCT", false, null)), locks("get_acct", null, null));
    }

    @Test
    void arrayElementsLockEveryElement() throws Exception {
        assertEquals(List.of(row(true, 1L), row(true, 4L), row(true, 9L)), locks("pay_many", (Object) new long[] {1, 4, 9}));
        assertTrue(ConflictFootprint.conflict(locks("pay_many", (Object) new long[] {1, 4, 9}), locks("get_acct", 4L, null)));
        assertFalse(ConflictFootprint.conflict(locks("pay_many", (Object) new long[] {1, 4, 9}), locks("get_acct", 5L, null)));
    }

    @Test
    void keysCompareAsTheDpuComparesThem() throws Exception {
        // CHAR and VARCHAR compare with PAD SPACE: trailing spaces do not make another key
        assertTrue(ConflictFootprint.conflict(locks("get_code", "ab", null),
                List.of(new ConflictFootprint.Lock("CODE", true, List.of("ab")))));
        assertEquals(locks("get_code", "ab", null), locks("get_code", "ab  ", null));
        // numbers of any Java type convert to the column's type first
        assertEquals(locks("get_acct", 5, null), locks("get_acct", new java.math.BigDecimal("5.0"), null));
    }
}
