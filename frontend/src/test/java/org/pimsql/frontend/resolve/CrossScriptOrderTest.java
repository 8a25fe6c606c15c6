package org.pimsql.frontend.resolve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.pimsql.frontend.CompileException;
import org.pimsql.frontend.ScriptCompiler;
import org.pimsql.frontend.SqlScript;

/** `pimsql compile dir/*.sql` passes files in name order, so procedures may precede the schema file. */
class CrossScriptOrderTest {
    private static final SqlScript PROCEDURES = new SqlScript("procedures.sql",
            "CREATE PROCEDURE get(IN k INTEGER, OUT v INTEGER) READS SQL DATA\n"
                    + "BEGIN ATOMIC SELECT b INTO v FROM t WHERE a = k; END;");
    private static final SqlScript SCHEMA = new SqlScript("schema.sql",
            "CREATE TABLE t (a INTEGER PRIMARY KEY, b INTEGER);");

    @Test
    void procedureScriptBeforeSchemaScriptSeesItsTables() throws CompileException {
        var catalog = ScriptCompiler.compile(List.of(PROCEDURES, SCHEMA));
        assertEquals("T", catalog.procedure("GET").body().statements().getFirst() instanceof
                org.pimsql.frontend.ir.Stmt.SelectInto s ? s.query().sources().getFirst().table().name() : "?");
    }

    @Test
    void withinOneScriptTheTableMustComeFirst() {
        var oneFile = new SqlScript("one.sql", PROCEDURES.text() + "\n" + SCHEMA.text());
        var e = assertThrows(CompileException.class, () -> ScriptCompiler.compile(List.of(oneFile)));
        assertEquals(2, e.diagnostics().getFirst().pos().line());
    }
}
