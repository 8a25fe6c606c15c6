package org.pimsql.frontend.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.pimsql.frontend.CompileException;
import org.pimsql.frontend.Frontend;
import org.pimsql.frontend.SqlScript;

/** Which broadcast reads the host can merge (ScatterReads, docs/multi-partition.md "Broadcast reads"). */
class ScatterReadsTest {
    private static final String SCHEMA = """
            CREATE TABLE t (id BIGINT NOT NULL, grp INTEGER, v DECIMAL(10,2), name VARCHAR(10), PRIMARY KEY (id));
            PARTITION TABLE t ON COLUMN id;
            """;

    private static ProcedureAnalysis analyze(String body) throws CompileException {
        String sql = SCHEMA + "CREATE PROCEDURE p(IN k BIGINT, INOUT a BIGINT, INOUT b DECIMAL(12,2), INOUT s VARCHAR(10))\n"
                + "    MODIFIES SQL DATA\nBEGIN ATOMIC\n" + body + "\nEND;\n";
        return Frontend.compile(List.of(new SqlScript("t.sql", sql))).analysis().procedure("P");
    }

    private static void merged(String body) throws CompileException {
        Routing r = analyze(body).routing();
        assertEquals(List.of(0), r.broadcastReads(), body);
        assertEquals(List.of(0), r.gatheredReads(), body);
        assertTrue(r.exchange(), "a merged broadcast read makes an exchange procedure: " + body);
    }

    /** Broadcast reads of other shapes run as relations (Relations): still exchange procedures. */
    private static void relation(String body) throws CompileException {
        Routing r = analyze(body).routing();
        assertEquals(List.of(0), r.broadcastReads(), body);
        assertEquals(List.of(), r.gatheredReads(), body);
        assertEquals(List.of(0), r.relationReads(), body);
        assertTrue(r.exchange(), body);
        assertTrue(r.startsEverywhere(), body);
    }

    @Test
    void aggregatesOrderByLimitAndLookupsAreMerged() throws CompileException {
        merged("SELECT COUNT(*), SUM(v) INTO a, b FROM t;");
        merged("SELECT COUNT(grp), MIN(v) INTO a, b FROM t WHERE grp = 3;");
        merged("SET b = (SELECT COALESCE(SUM(v), 0) * 2 FROM t WHERE v > 0);");
        merged("SET b = (SELECT AVG(v) FROM t);");
        merged("SET a = (SELECT COUNT(DISTINCT id) FROM t WHERE grp = 1);");
        merged("SET a = (SELECT id FROM t ORDER BY v DESC, id LIMIT 1 OFFSET k);");
        merged("SET a = (SELECT id FROM t WHERE name = 'x');");
        merged("SET a = (SELECT id FROM t WHERE id > k ORDER BY id LIMIT 1);");
    }

    @Test
    void otherShapesRunAsRelations() throws CompileException {
        relation("SET a = (SELECT COUNT(DISTINCT grp) FROM t);"); // equal values on several partitions
        relation("SET s = (SELECT MIN(name) FROM t);"); // strings
        relation("SET a = (SELECT id FROM t WHERE v = (SELECT MAX(v) FROM t));"); // a subquery inside
        relation("FOR SELECT id AS i FROM t WHERE grp = 2 DO SET a = i; END FOR;");
    }

    @Test
    void groupByAndDistinctRunAsRelationsEvenOnOnePartition() throws CompileException {
        Routing r = analyze("SET a = (SELECT COUNT(*) FROM t WHERE id = k GROUP BY grp);").routing();
        assertEquals(List.of(), r.broadcastReads());
        assertEquals(List.of(0), r.relationReads());
        assertTrue(r.exchange(), "the host merges its groups");
        assertFalse(r.startsEverywhere(), "only the key's partition has rows");
    }

    @Test
    void keyedReadsAreNotBroadcasts() throws CompileException {
        Routing r = analyze("SELECT COUNT(*) INTO a FROM t WHERE id = k;").routing();
        assertEquals(List.of(), r.broadcastReads());
        assertFalse(r.exchange(), "one partition");
        ProcedureAnalysis mixed = analyze("SET b = (SELECT SUM(v) FROM t);\n UPDATE t SET v = b WHERE id = k;");
        assertTrue(mixed.routing().exchange());
        assertTrue(mixed.flags().getFirst().contains("scatter-gather, partials merged on the host"), mixed.flags().toString());
    }
}
