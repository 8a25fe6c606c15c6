package org.pimsql.tests.util;

import org.pimsql.bench.util.SqlStatementSplitter;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class SqlStatementSplitterTest {

    private static List<String> texts(String script) {
        return SqlStatementSplitter.split(script).stream().map(SqlStatementSplitter.Statement::text).toList();
    }

    @Test
    void splitsAtSemicolonsOutsideStringsAndComments() {
        String script = "CREATE TABLE t (a INTEGER); -- a comment; with a semicolon\n"
                + "INSERT INTO t VALUES ('x;y'); /* block; comment */ INSERT INTO t VALUES ('it''s;');\n";
        // a statement's text starts at its first token: comments before it are not part of it
        assertEquals(List.of("CREATE TABLE t (a INTEGER)", "INSERT INTO t VALUES ('x;y')",
                "INSERT INTO t VALUES ('it''s;')"), texts(script));
    }

    @Test
    void keepsAProcedureBodyTogether() {
        String script = """
                CREATE TABLE t (a INTEGER, PRIMARY KEY (a));
                CREATE PROCEDURE p(IN x INTEGER)
                BEGIN ATOMIC
                    DECLARE v INTEGER DEFAULT CASE WHEN x > 0 THEN 1 ELSE 0 END;
                    IF x > 0 THEN
                        SET v = 1;
                    ELSEIF x < 0 THEN
                        SET v = CASE x WHEN -1 THEN 2 ELSE 3 END;
                    END IF;
                    WHILE v < 10 DO
                        BEGIN ATOMIC
                            SET v = v + 1;
                        END;
                    END WHILE;
                    FOR SELECT a FROM t DO
                        SET v = v + a;
                    END FOR;
                    CASE v WHEN 1 THEN SET v = 2; ELSE SET v = 3; END CASE;
                END;
                PARTITION TABLE t ON COLUMN a;
                """;
        List<SqlStatementSplitter.Statement> statements = SqlStatementSplitter.split(script);
        assertEquals(3, statements.size());
        assertEquals(1, statements.get(0).line());
        assertEquals(2, statements.get(1).line());
        assertEquals(20, statements.get(2).line());
        assertEquals("CREATE PROCEDURE P", statements.get(1).leadingWords(3).replace("(IN", "").trim());
        assertEquals("PARTITION TABLE T", statements.get(2).leadingWords(3));
        assertEquals(2, SqlStatementSplitter.standardStatements(script).size());
    }

    @Test
    void aStatementStartsAtItsFirstTokenAfterComments() {
        List<SqlStatementSplitter.Statement> s = SqlStatementSplitter.split("-- header\n\n  /* x */\nSELECT 1;\n\nSELECT 2");
        assertEquals(2, s.size());
        assertEquals(4, s.get(0).line());
        assertEquals(6, s.get(1).line());
        assertEquals("SELECT 2", s.get(1).text());
    }
}
