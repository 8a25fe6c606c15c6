package org.pimsql.host.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.pimsql.frontend.parser.SqlSplitter;

class SqlSessionTest {
    private static SqlSplitter.Statement statement(String text) {
        return SqlSplitter.split(text).getFirst();
    }

    @Test
    void procedureNames() throws Exception {
        assertEquals("BALANCE", SqlSession.procedureName("CALL Balance(1, ?)"));
        assertEquals("BALANCE", SqlSession.procedureName("{call balance(1, ?)}"));
        assertEquals("Mixed", SqlSession.procedureName("call \"Mixed\"(1)"));
        assertEquals("pr\"oc", SqlSession.procedureName("CALL \"pr\"\"oc\"(21, ?)"));
    }

    @Test
    void statementKinds() {
        assertTrue(SqlSession.isCall(statement("{call p(1)}")));
        assertTrue(SqlSession.isCall(statement("-- c\ncall p(1)")));
        assertTrue(SqlSession.isInsert(statement("insert into t values (1)")));
        assertTrue(SqlSession.isQuery(statement("WITH x AS (SELECT 1) SELECT * FROM x")));
        assertTrue(SqlSession.isQuery(statement("DELETE FROM t")), "refused, but as a statement of its own");
        assertFalse(SqlSession.isQuery(statement("CREATE TABLE t (a INT)")));
    }
}
