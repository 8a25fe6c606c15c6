package org.pimsql.frontend.resolve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.Expr.Binary;
import org.pimsql.frontend.ir.Expr.BinaryOp;
import org.pimsql.frontend.ir.ParamMode;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.frontend.ir.Stmt;
import org.pimsql.frontend.ir.Variable;

class ProcedureTest {

    @Test
    void parametersAndLocalsAreNumberedAndHoisted() {
        Procedure p = Sql.procedure("""
                DECLARE a INTEGER DEFAULT 1;
                DECLARE b, c VARCHAR(5);
                BEGIN ATOMIC
                  DECLARE inner1 BIGINT DEFAULT 2 + 1;
                  SET inner1 = 2;
                END;
                SET a = 3;
                """);
        assertEquals(List.of("W", "D", "O", "IO", "IDS", "NAME", "AMOUNT"), p.params().stream().map(Variable::name).toList());
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6), p.params().stream().map(Variable::id).toList());
        assertEquals(ParamMode.OUT, p.params().get(2).mode());
        assertEquals(ParamMode.INOUT, p.params().get(3).mode());
        assertEquals(SqlType.INTEGER.arrayOf(5), p.params().get(4).type());
        assertEquals(List.of("A", "B", "C", "INNER1"), p.locals().stream().map(Variable::name).toList());
        assertEquals(List.of(7, 8, 9, 10), p.locals().stream().map(Variable::id).toList());
        assertTrue(p.locals().stream().allMatch(v -> v.mode() == ParamMode.LOCAL));
        assertEquals(new Expr.Literal(1L, SqlType.INTEGER), p.locals().getFirst().defaultValue());
        assertNull(p.locals().get(1).defaultValue());
        // the nested block's statements are inlined (INTEGER + INTEGER is BIGINT in HSQLDB, so no CAST)
        assertInstanceOf(Expr.Binary.class, p.locals().get(3).defaultValue());
        assertEquals(2, p.body().statements().size());
        assertEquals(p.locals().get(3), ((Stmt.Assign) Sql.stmt(p, 0)).target());
    }

    @Test
    void nestedBlocksMayReuseANameAfterTheBlockEnds() {
        Procedure p = Sql.procedure("""
                BEGIN ATOMIC DECLARE t INTEGER; SET t = 1; END;
                BEGIN ATOMIC DECLARE t INTEGER; SET t = 2; END;
                """);
        assertEquals(2, p.locals().size());
        var first = (Stmt.Assign) Sql.stmt(p, 0);
        var second = (Stmt.Assign) Sql.stmt(p, 1);
        assertEquals(7, first.target().id());
        assertEquals(8, second.target().id());
    }

    @Test
    void statementIdsArePreOrderInSourceOrder() {
        Procedure p = Sql.procedure("""
                IF w > 1 THEN
                  SET o = 1;
                ELSEIF w > 0 THEN
                  SET o = 2;
                  SET o = 3;
                ELSE
                  SET o = 4;
                END IF;
                SET io = 5;
                """);
        var ifStmt = (Stmt.If) Sql.stmt(p, 0);
        assertEquals(0, ifStmt.id());
        assertEquals(2, ifStmt.branches().size());
        assertEquals(1, ifStmt.branches().get(0).body().statements().getFirst().id());
        assertEquals(List.of(2, 3), ifStmt.branches().get(1).body().statements().stream().map(Stmt::id).toList());
        assertEquals(4, ifStmt.elseBlock().statements().getFirst().id());
        assertEquals(5, Sql.stmt(p, 1).id());
        assertEquals("test.sql:5:1", ifStmt.pos().toString());
        assertTrue(ifStmt.text().startsWith("IF w > 1 THEN") && ifStmt.text().endsWith("END IF;"));
    }

    @Test
    void whileLoopWithLabels() {
        Procedure p = Sql.procedure("""
                SET io = 0;
                lp: WHILE io < CARDINALITY(ids) DO
                  SET io = io + 1;
                  SET o = ids[io];
                END WHILE lp;
                """);
        var loop = (Stmt.While) Sql.stmt(p, 1);
        var condition = (Binary) loop.condition();
        assertEquals(BinaryOp.LT, condition.op());
        assertInstanceOf(Expr.Cardinality.class, condition.right());
        var element = (Expr.ArrayElement) ((Stmt.Assign) loop.body().statements().get(1)).value();
        assertEquals("IDS", element.array().name());
        assertEquals(SqlType.INTEGER, element.type());
    }

    @Test
    void forLoopBindsColumnsByNameAndAlias() {
        Procedure p = Sql.procedure("""
                FOR SELECT i_id, i_price AS price FROM item WHERE i_id < w DO
                  SET amount = price;
                  SET o = i_id;
                END FOR;
                """);
        var loop = (Stmt.ForEach) Sql.stmt(p, 0);
        assertEquals(List.of("I_ID", "PRICE"), loop.rowVariables().stream().map(Variable::name).toList());
        assertEquals(List.of(7, 8), loop.rowVariables().stream().map(Variable::id).toList());
        assertEquals(SqlType.decimal(5, 2), loop.rowVariables().get(1).type());
        var assign = (Stmt.Assign) loop.body().statements().getFirst();
        // an assignment's implicit CAST is marked (a string that does not fit it fails with 22001)
        assertEquals(new Expr.Cast(new Expr.VarRef(loop.rowVariables().get(1)), SqlType.decimal(12, 2), true), assign.value());
        assertEquals(p.locals(), loop.rowVariables());
    }

    @Test
    void selectIntoCastsToTheTargetTypes() {
        Procedure p = Sql.procedure("SELECT c_d_id, c_balance INTO o, amount FROM customer WHERE c_w_id = w AND c_d_id = d AND c_id = 1;");
        var select = (Stmt.SelectInto) Sql.stmt(p, 0);
        assertEquals(List.of("O", "AMOUNT"), select.targets().stream().map(Variable::name).toList());
        assertEquals(SqlType.INTEGER, select.query().select().get(0).value().type());
        assertInstanceOf(Expr.Cast.class, select.query().select().get(0).value());
        assertInstanceOf(Expr.ColumnRef.class, select.query().select().get(1).value());
        assertFalse(select.query().aggregated());
    }

    @Test
    void insertOrdersValuesByColumnAndFillsNulls() {
        Procedure p = Sql.procedure("INSERT INTO customer (c_last, c_id, c_d_id, c_w_id) VALUES (name, 5, d, w);");
        var insert = (Stmt.Insert) Sql.stmt(p, 0);
        assertEquals("CUSTOMER", insert.table().name());
        assertEquals(9, insert.values().size());
        assertEquals(new Expr.VarRef(p.params().get(0)), insert.values().get(0));
        assertEquals(new Expr.Cast(new Expr.VarRef(p.params().get(1)), SqlType.SMALLINT, true), insert.values().get(1));
        assertEquals(new Expr.Literal(5L, SqlType.INTEGER), insert.values().get(2));
        assertEquals(new Expr.Literal(null, SqlType.varchar(16)), insert.values().get(3));
        assertEquals(new Expr.VarRef(p.params().get(5)), insert.values().get(4));
    }

    @Test
    void insertWithoutColumnList() {
        Procedure p = Sql.procedure("INSERT INTO item VALUES (w, 'pen', 1.5);");
        var insert = (Stmt.Insert) Sql.stmt(p, 0);
        assertEquals(new Expr.Literal("pen", SqlType.varchar(24)), insert.values().get(1));
        assertEquals(new Expr.Literal(150L, SqlType.decimal(5, 2)), insert.values().get(2));
    }

    @Test
    void updateSetsAndTarget() {
        Procedure p = Sql.procedure("UPDATE customer SET c_balance = c_balance - io, c_credit = 'BC' "
                + "WHERE c_w_id = w AND c_d_id = d AND c_id = io;");
        var update = (Stmt.Update) Sql.stmt(p, 0);
        assertEquals(2, update.sets().size());
        assertEquals("C_BALANCE", update.sets().getFirst().column().name());
        assertEquals(SqlType.decimal(12, 2), update.sets().getFirst().value().type());
        assertEquals(new Expr.Literal("BC", SqlType.chars(2)), update.sets().get(1).value());
        assertEquals(0, update.target().index());
        assertEquals("CUSTOMER", update.target().alias());
    }

    @Test
    void signalWithAndWithoutMessage() {
        Procedure p = Sql.procedure("""
                SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'it''s bad';
                SIGNAL SQLSTATE VALUE '22012';
                """);
        var first = (Stmt.Signal) Sql.stmt(p, 0);
        assertEquals("45000", first.sqlState());
        assertEquals("it's bad", ((Expr.Literal) first.message()).value());
        assertNull(((Stmt.Signal) Sql.stmt(p, 1)).message());
    }

    @Test
    void cursorsAndOpenOrder() {
        Procedure p = Sql.procedure("""
                DECLARE c1 CURSOR WITH RETURN FOR SELECT * FROM item WHERE i_id = w;
                DECLARE c2 CURSOR WITH RETURN FOR SELECT i.i_name, s.s_quantity FROM item i JOIN stock s ON s.s_i_id = i.i_id
                  WHERE s.s_w_id = w;
                OPEN c2;
                OPEN c1;
                """);
        // by result-set index, the order of the OPENs: a cursor's position names its result set's row layout
        assertEquals(List.of("C2", "C1"), p.cursors().stream().map(c -> c.name()).toList());
        assertEquals(3, p.cursors().get(1).query().select().size());
        var open2 = (Stmt.OpenCursor) Sql.stmt(p, 0);
        var open1 = (Stmt.OpenCursor) Sql.stmt(p, 1);
        assertEquals("C2", open2.cursor().name());
        assertEquals(0, open2.resultSetIndex());
        assertEquals(1, open1.resultSetIndex());
        assertEquals(2, p.dynamicResultSets());
    }

    @Test
    void dataAccessCharacteristics() {
        var c = Sql.compile(Sql.SCHEMA, """
                CREATE PROCEDURE r(IN x INTEGER, OUT y VARCHAR(24)) READS SQL DATA
                BEGIN ATOMIC SELECT i_name INTO y FROM item WHERE i_id = x; END;
                CREATE PROCEDURE m(IN x INTEGER) MODIFIES SQL DATA
                BEGIN ATOMIC DELETE FROM item WHERE i_id = x; END;
                CREATE PROCEDURE n(INOUT x INTEGER)
                BEGIN ATOMIC SET x = x * 2; END;
                """);
        assertFalse(c.procedure("R").modifiesData());
        assertTrue(c.procedure("M").modifiesData());
        assertEquals(List.of(0, 1, 2), c.procedureList().stream().map(Procedure::id).toList());
        assertTrue(c.procedure("R").sourceText().startsWith("CREATE PROCEDURE r("));
    }

    @Test
    void severalErrorsAreReportedInSourceOrder() {
        var e = Sql.errors(Sql.SCHEMA, Sql.proc("""
                SET w = 1;
                SET o = 'x';
                IF name THEN SET o = 1; END IF;
                SELECT nope INTO o FROM item WHERE i_id = 1;
                """));
        assertEquals(List.of("test.sql:5:5", "test.sql:6:9", "test.sql:7:4", "test.sql:8:8"),
                e.diagnostics().stream().map(d -> d.pos().toString()).toList());
    }

    @Test
    void errorsInDifferentScriptsAreOrderedByScript() {
        var e = Sql.errors("CREATE TABLE a (x INTEGER);", "CREATE TABLE b (y DOUBLE PRIMARY KEY);");
        assertEquals(List.of("s0.sql:1:14", "test.sql:1:19"), e.diagnostics().stream().map(d -> d.pos().toString()).toList());
        String formatted = e.format(java.util.Map.of("s0.sql", new org.pimsql.frontend.SqlScript("s0.sql", "CREATE TABLE a (x INTEGER);")));
        assertTrue(formatted.startsWith("s0.sql:1:14: error: table A has no PRIMARY KEY; every table needs one\nCREATE TABLE a (x INTEGER);\n             ^\n"),
                formatted);
    }
}
