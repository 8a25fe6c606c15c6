package org.pimsql.frontend.resolve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.pimsql.frontend.CompileException;
import org.pimsql.frontend.Diagnostic;
import org.pimsql.frontend.SchemaLimits;

/** Schemas past SchemaLimits are refused by the frontend, at the declaration that passes the limit. */
class SchemaLimitsTest {
    private static String table(int n) {
        return "CREATE TABLE t" + n + " (id INTEGER PRIMARY KEY);\n";
    }

    private static Diagnostic only(CompileException e) {
        assertEquals(1, e.diagnostics().size(), e.diagnostics().toString());
        return e.diagnostics().getFirst();
    }

    @Test
    void theTableAfterTheLastOneAllowedIsAnError() {
        var script = new StringBuilder();
        for (int i = 1; i <= SchemaLimits.MAX_TABLES; i++) {
            script.append(table(i));
        }
        Sql.compile(script.toString()); // exactly the limit: fine
        script.append(table(SchemaLimits.MAX_TABLES + 1));
        Diagnostic d = only(Sql.errors(script.toString()));
        assertEquals(SchemaLimits.MAX_TABLES + 1, d.pos().line());
        assertTrue(d.message().contains("too many tables") && d.message().contains("255"), d.message());
    }

    @Test
    void tooManyColumnsOrIndexesAreErrorsAtTheirTable() {
        var columns = new StringBuilder("CREATE TABLE wide (id INTEGER PRIMARY KEY");
        for (int i = 1; i < SchemaLimits.MAX_COLUMNS + 1; i++) {
            columns.append(", c").append(i).append(" INTEGER");
        }
        Diagnostic d = only(Sql.errors(columns + ");"));
        assertTrue(d.message().contains("too many columns in table WIDE (256)"), d.message());

        var indexes = new StringBuilder("CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER, b INTEGER);\n");
        for (int i = 1; i <= SchemaLimits.MAX_SECONDARY_INDEXES + 1; i++) {
            indexes.append("CREATE INDEX ix").append(i).append(" ON t (").append(i % 2 == 0 ? "a" : "b").append(");\n");
        }
        d = only(Sql.errors(indexes.toString()));
        assertEquals(SchemaLimits.MAX_SECONDARY_INDEXES + 2, d.pos().line());
        assertTrue(d.message().contains("too many indexes on table T"), d.message());
    }

    @Test
    void tooManyProceduresIsAnErrorAtTheFirstOneTooMany() {
        var script = new StringBuilder(table(1));
        for (int i = 1; i <= SchemaLimits.MAX_PROCEDURES + 1; i++) {
            script.append("CREATE PROCEDURE p").append(i).append("(OUT x INTEGER) READS SQL DATA BEGIN ATOMIC SET x = 1; END;\n");
        }
        Diagnostic d = only(Sql.errors(script.toString()));
        assertEquals(SchemaLimits.MAX_PROCEDURES + 2, d.pos().line());
        assertTrue(d.message().contains("too many procedures"), d.message());
    }
}
