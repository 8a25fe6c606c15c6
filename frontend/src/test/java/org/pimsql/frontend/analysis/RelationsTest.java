package org.pimsql.frontend.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pimsql.frontend.CompileException;
import org.pimsql.frontend.Frontend;
import org.pimsql.frontend.SqlScript;
import org.pimsql.frontend.ir.Query;
import org.pimsql.frontend.ir.Stmt;

/**
 * Which sources of a read across partitions each participant reads where they are (Relations.localSources): the
 * replicated ones and the largest group of partitioned ones whose partition keys are bound to each other's; the
 * others are gathered. And which reads need the host's merge whatever their partitions (GROUP BY, DISTINCT).
 */
class RelationsTest {
    private static final String SCHEMA = """
            CREATE TABLE item (i_id INTEGER NOT NULL, i_cat INTEGER, PRIMARY KEY (i_id));
            PARTITION TABLE item ON COLUMN i_id;
            CREATE TABLE stock (s_i_id BIGINT NOT NULL, s_qty INTEGER, PRIMARY KEY (s_i_id));
            PARTITION TABLE stock ON COLUMN s_i_id;
            CREATE TABLE orders (o_id BIGINT NOT NULL, o_i_id INTEGER, PRIMARY KEY (o_id));
            PARTITION TABLE orders ON COLUMN o_id;
            CREATE TABLE cat (c_id INTEGER NOT NULL, c_name VARCHAR(8), PRIMARY KEY (c_id));
            """;

    private static Query query(String select) throws CompileException {
        String sql = SCHEMA + "CREATE PROCEDURE p(IN k INTEGER) READS SQL DATA DYNAMIC RESULT SETS 1\nBEGIN ATOMIC\n"
                + "DECLARE c CURSOR WITH RETURN FOR " + select + ";\nOPEN c;\nEND;\n";
        var schema = Frontend.compile(List.of(new SqlScript("r.sql", sql)));
        var open = (Stmt.OpenCursor) schema.catalog().procedure("P").body().statements().getFirst();
        return open.cursor().query();
    }

    private static String sourcesOf(Query q, BitSet bits) {
        var names = new java.util.ArrayList<String>();
        for (int i = bits.nextSetBit(0); i >= 0; i = bits.nextSetBit(i + 1)) {
            names.add(q.sources().get(i).table().name());
        }
        return String.join(",", names);
    }

    @Test
    void coLocatedPartitionedTablesAreReadLocally() throws CompileException {
        // ITEM and STOCK share the item number as partition key (INTEGER and BIGINT: the same MOD partition)
        Query q = query("SELECT i_cat, s_qty FROM item JOIN stock ON s_i_id = i_id");
        assertEquals("ITEM,STOCK", sourcesOf(q, Relations.localSources(q)));
    }

    @Test
    void aSourceNotCoLocatedIsGathered() throws CompileException {
        Query q = query("SELECT o_id, i_cat FROM orders JOIN item ON i_id = o_i_id");
        BitSet local = Relations.localSources(q);
        assertEquals(1, local.cardinality(), "one of ORDERS and ITEM is gathered");
        Query three = query("SELECT o_id, s_qty FROM orders JOIN item ON i_id = o_i_id JOIN stock ON s_i_id = i_id");
        assertEquals("ITEM,STOCK", sourcesOf(three, Relations.localSources(three)), "the larger co-located group stays");
    }

    @Test
    void replicatedTablesAreAlwaysLocal() throws CompileException {
        Query q = query("SELECT o_id, c_name FROM orders JOIN item ON i_id = o_i_id JOIN cat ON c_id = i_cat");
        assertTrue(sourcesOf(q, Relations.localSources(q)).contains("CAT"));
    }

    @Test
    void groupByAndDistinctNeedTheHost() throws CompileException {
        assertTrue(Relations.needsHost(query("SELECT i_cat, COUNT(*) FROM item GROUP BY i_cat")));
        assertTrue(Relations.needsHost(query("SELECT DISTINCT i_cat FROM item")));
        assertFalse(Relations.needsHost(query("SELECT COUNT(*) FROM item HAVING COUNT(*) > 1")));
        assertFalse(Relations.needsHost(query("SELECT i_cat FROM item WHERE i_id = k")));
    }
}
