package org.pimsql.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.pimsql.frontend.ScriptCompiler;
import org.pimsql.frontend.SqlScript;
import org.pimsql.frontend.catalog.Catalog;

/**
 * Which programs may change B+tree entries (TreeWrites, PIM_TREE_WRITES in pim_schema.h): an INSERT or DELETE
 * on a table with a secondary index, or an UPDATE that sets an indexed column, wherever it sits (a branch, a
 * loop body); reads of B+trees, writes of tables without one, and updates of other columns do not.
 */
class TreeWritesTest {
    static final String SCHEMA = """
            CREATE TABLE item (g INTEGER NOT NULL, id INTEGER NOT NULL, name VARCHAR(10), qty INTEGER,
                               PRIMARY KEY (g, id));
            CREATE INDEX item_by_name ON item (g, name);
            CREATE TABLE counter (g INTEGER NOT NULL PRIMARY KEY, n INTEGER NOT NULL);
            """;

    static boolean treeWrites(String body) throws Exception {
        Catalog c = ScriptCompiler.compile(List.of(new SqlScript("t.sql", SCHEMA + """
                CREATE PROCEDURE p(IN p_g INTEGER, IN p_id INTEGER, OUT p_n INTEGER)
                    MODIFIES SQL DATA
                BEGIN ATOMIC
                    DECLARE i INTEGER DEFAULT 0;
                """ + body + "\nEND;\n")));
        return TreeWrites.any(c.procedureList());
    }

    @Test
    void writesThatChangeNoIndexEntryNeedNoWriter() throws Exception {
        assertEquals(false, treeWrites("SET p_n = (SELECT COUNT(*) FROM item WHERE g = p_g AND name = 'a');"));
        assertEquals(false, treeWrites("UPDATE item SET qty = qty + 1 WHERE g = p_g AND id = p_id;"));
        assertEquals(false, treeWrites("INSERT INTO counter VALUES (p_g, 0); DELETE FROM counter WHERE g = p_g;"));
        assertEquals(false, treeWrites("UPDATE counter SET n = n + 1 WHERE g = p_g;"));
    }

    @Test
    void insertsDeletesAndIndexedColumnsNeedTheWriter() throws Exception {
        assertEquals(true, treeWrites("INSERT INTO item VALUES (p_g, p_id, 'a', 1);"));
        assertEquals(true, treeWrites("DELETE FROM item WHERE g = p_g AND id = p_id;"));
        assertEquals(true, treeWrites("UPDATE item SET name = 'b' WHERE g = p_g AND id = p_id;"));
        assertEquals(true, treeWrites("IF p_id > 0 THEN SET p_n = 1; ELSE DELETE FROM item WHERE g = p_g AND id = p_id; END IF;"));
        assertEquals(true, treeWrites("WHILE i < 2 DO UPDATE item SET name = 'c' WHERE g = p_g AND id = i; SET i = i + 1; END WHILE;"));
    }
}
