package org.pimsql.frontend.parser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class SqlSplitterTest {
    @Test
    void procedureBodiesKeepTheirSemicolons() throws Exception {
        String text = Files.readString(Path.of("..", "examples", "bank", "procedures.sql"));
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
        assertEquals("INSERT", s.get(0).firstWord());
        assertEquals("CALL p(1, \"x;y\")", s.get(1).text());
        assertEquals(2, s.get(1).line());
        assertEquals(44, s.get(1).column());
        assertEquals("CALL", s.get(1).firstWord());
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
        assertEquals("", SqlSplitter.split("{call p(1)};").getFirst().firstWord());
    }

    /** Characters the dialect has no token for stay in the text: JDBC escapes, ? placeholders, other engines' syntax. */
    @Test
    void charactersWithoutATokenStayInTheStatement() {
        List<SqlSplitter.Statement> s = SqlSplitter.split("{call p(?, ?)} ;\n  @x # !;");
        assertEquals(2, s.size(), s.toString());
        assertEquals("{call p(?, ?)}", s.get(0).text());
        assertEquals("@x # !", s.get(1).text());
        assertEquals(2, s.get(1).line());
        assertEquals(3, s.get(1).column());
    }

    /** An unclosed quote or comment holds the rest of the text: the statement is not complete yet. */
    @Test
    void anUnclosedQuoteOrCommentLeavesTheStatementOpen() {
        SqlSplitter.Split quote = SqlSplitter.scan("CALL a(); INSERT INTO t VALUES ('it;s\nstill; open");
        assertEquals(1, quote.statements().size());
        assertEquals("INSERT INTO t VALUES ('it;s\nstill; open", quote.tail().text());
        SqlSplitter.Split name = SqlSplitter.scan("SELECT \"a;b FROM t;");
        assertEquals(0, name.statements().size());
        assertEquals("SELECT \"a;b FROM t;", name.tail().text());
        SqlSplitter.Split comment = SqlSplitter.scan("SELECT 1; SELECT 2 /* not; closed");
        assertEquals(1, comment.statements().size());
        assertEquals("SELECT 2 /* not; closed", comment.tail().text());
        assertEquals(2, SqlSplitter.split("SELECT 1; SELECT 2 /* closed; */ ;").size());
    }

    @Test
    void shiftedMovesAStatementIntoALongerText() {
        SqlSplitter.Statement s = SqlSplitter.split("SELECT 1").getFirst().shifted(2, 5, 40);
        assertEquals(3, s.line());
        assertEquals(6, s.column());
        assertEquals(40, s.start());
        assertEquals(48, s.end());
    }

    @Test
    void keepsAProcedureBodyWithNestedBlocksTogether() {
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
        List<SqlSplitter.Statement> statements = SqlSplitter.split(script);
        assertEquals(3, statements.size());
        assertEquals(1, statements.get(0).line());
        assertEquals(2, statements.get(1).line());
        assertEquals(20, statements.get(2).line());
        assertEquals("CREATE PROCEDURE P (", statements.get(1).leadingWords(4));
        assertEquals("PARTITION TABLE T", statements.get(2).leadingWords(3));
    }

    @Test
    void aStatementStartsAtItsFirstTokenAfterComments() {
        List<SqlSplitter.Statement> s = SqlSplitter.split("-- header\n\n  /* x */\nSELECT 1;\n\nSELECT 2");
        assertEquals(2, s.size());
        assertEquals(4, s.get(0).line());
        assertEquals(6, s.get(1).line());
        assertEquals("SELECT 2", s.get(1).text());
        assertEquals("SELECT 2", s.get(1).leadingWords(5));
    }

    @Test
    void aScriptEndingInsideACommentOrQuotedTextIsRefusedWithWhereItStarts() {
        var comment = org.junit.jupiter.api.Assertions.assertThrows(SqlSplitter.UnclosedException.class,
                () -> SqlSplitter.split("CALL a();\n  /* forgot to close\nCALL b();\nCALL c();\n"));
        org.junit.jupiter.api.Assertions.assertEquals(2, comment.line());
        org.junit.jupiter.api.Assertions.assertEquals(3, comment.column());
        org.junit.jupiter.api.Assertions.assertTrue(comment.getMessage().contains("unclosed comment"));
        var quote = org.junit.jupiter.api.Assertions.assertThrows(SqlSplitter.UnclosedException.class,
                () -> SqlSplitter.split("CALL a('x);\nCALL b();"));
        org.junit.jupiter.api.Assertions.assertTrue(quote.getMessage().contains("unclosed quoted text"));
        org.junit.jupiter.api.Assertions.assertEquals(2, SqlSplitter.split("CALL a(); /* closed */ CALL b();").size());
        // the shell keeps reading while a comment is open: the comment is part of the unterminated tail
        SqlSplitter.Split open = SqlSplitter.scan("CALL a(); /* still");
        org.junit.jupiter.api.Assertions.assertEquals(1, open.statements().size());
        org.junit.jupiter.api.Assertions.assertEquals("/* still", open.tail().text());
        org.junit.jupiter.api.Assertions.assertEquals("comment", open.open().what());
    }
}
