package org.pimsql.host.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

class SqlSplitterTest {
    @Test
    void procedureBodiesKeepTheirSemicolons() throws Exception {
        String text = Files.readString(CliRunner.EXAMPLES.resolve("bank").resolve("procedures.sql"));
        List<SqlSplitter.Statement> statements = SqlSplitter.split(text);
        assertEquals(6, statements.size(), statements.toString());
        for (SqlSplitter.Statement s : statements) {
            assertTrue(s.text().startsWith("CREATE PROCEDURE"), s.text());
            assertTrue(s.text().endsWith("END"), s.text());
            assertEquals(s.text(), text.substring(s.start(), s.end()));
        }
        assertEquals(5, statements.getFirst().line());
        assertEquals(1, statements.getFirst().column());
    }

    @Test
    void quotesCommentsAndEndSuffixes() {
        String script = """
                -- a comment; with a semicolon
                INSERT INTO t VALUES (1, 'a;b', 'it''s');  CALL p(1, "x;y");
                CREATE PROCEDURE q() BEGIN ATOMIC
                  IF 1 = 1 THEN SET x = CASE WHEN y THEN 1 ELSE 2 END; END IF; /* ; */
                  WHILE x < 3 DO SET x = x + 1; END WHILE;
                END;
                CALL q()""";
        List<SqlSplitter.Statement> s = SqlSplitter.split(script);
        assertEquals(4, s.size(), s.toString());
        assertEquals("INSERT INTO t VALUES (1, 'a;b', 'it''s')", s.get(0).text());
        assertTrue(s.get(0).isInsert());
        assertEquals("CALL p(1, \"x;y\")", s.get(1).text());
        assertEquals(2, s.get(1).line());
        assertEquals(44, s.get(1).column());
        assertTrue(s.get(1).isCall());
        assertTrue(s.get(2).text().endsWith("END WHILE;\nEND"), s.get(2).text());
        assertEquals(3, s.get(2).line());
        assertEquals("CALL q()", s.get(3).text());
    }

    @Test
    void scanReportsTheUnterminatedTail() {
        SqlSplitter.Split open = SqlSplitter.scan("CALL a(); CREATE PROCEDURE p() BEGIN ATOMIC SET x = 1;");
        assertEquals(1, open.statements().size());
        assertTrue(open.tail().text().startsWith("CREATE PROCEDURE"));
        SqlSplitter.Split closed = SqlSplitter.scan("CALL a(); -- done\n");
        assertEquals(1, closed.statements().size());
        assertNull(closed.tail());
        assertEquals("{call p(1)}", SqlSplitter.split("{call p(1)};").getFirst().text());
        assertTrue(SqlSplitter.split("{call p(1)};").getFirst().isCall());
    }

    @Test
    void procedureNames() {
        assertEquals("BALANCE", SqlSession.procedureName("CALL Balance(1, ?)"));
        assertEquals("BALANCE", SqlSession.procedureName("{call balance(1, ?)}"));
        assertEquals("Mixed", SqlSession.procedureName("call \"Mixed\"(1)"));
    }
}
