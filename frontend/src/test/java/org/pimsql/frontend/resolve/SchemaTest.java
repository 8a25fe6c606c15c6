package org.pimsql.frontend.resolve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.pimsql.frontend.catalog.Catalog;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.Stmt;

class SchemaTest {

    @Test
    void tablesColumnsTypesAndKeys() {
        Catalog c = Sql.compile(Sql.SCHEMA);
        assertEquals(List.of("CUSTOMER", "ITEM", "STOCK", "ORDER_LINE"), List.copyOf(c.tables().keySet()));
        Table customer = c.table("CUSTOMER");
        assertEquals(0, customer.id());
        assertEquals(List.of(0, 1, 2), customer.primaryKey().columns());
        assertTrue(customer.primaryKey().primary());
        assertEquals(SqlType.SMALLINT, customer.column("C_D_ID").type());
        assertEquals(SqlType.varchar(16), customer.column("C_FIRST").type());
        assertEquals(SqlType.decimal(12, 2), customer.column("C_BALANCE").type());
        assertEquals(SqlType.chars(2), customer.column("C_CREDIT").type());
        assertEquals(SqlType.TIMESTAMP, customer.column("C_SINCE").type());
        assertEquals(SqlType.BOOLEAN, customer.column("C_GOOD").type());
        assertTrue(customer.column("C_FIRST").nullable());
        assertFalse(customer.column("C_LAST").nullable());
        assertEquals(List.of(0), customer.partitionColumns());
        assertEquals(1, customer.secondaryIndexes().size());
        assertEquals("CUSTOMER_BY_NAME", customer.secondaryIndexes().getFirst().name());
        assertEquals(List.of(0, 1, 4, 3), customer.secondaryIndexes().getFirst().columns());
        assertTrue(c.table("ITEM").replicated());
        assertEquals("test.sql:1:14", customer.pos().toString());
    }

    @Test
    void columnPrimaryKeyIsImplicitlyNotNull() {
        Table item = Sql.compile(Sql.SCHEMA).table("ITEM");
        assertEquals(List.of(0), item.primaryKey().columns());
        assertFalse(item.column("I_ID").nullable());
    }

    @Test
    void typeSpellingsAndDefaults() {
        Table t = Sql.compile("""
                create table T1 (a int primary key, b numeric(7), c character(4), d character varying(9), e char,
                  f dec(3,1), g timestamp(6) without time zone, h bigint default -5, i varchar(3) default 'ab');
                """).table("T1");
        assertEquals(SqlType.INTEGER, t.column("A").type());
        assertEquals(SqlType.decimal(7, 0), t.column("B").type());
        assertEquals(SqlType.chars(4), t.column("C").type());
        assertEquals(SqlType.varchar(9), t.column("D").type());
        assertEquals(SqlType.chars(1), t.column("E").type());
        assertEquals(SqlType.decimal(3, 1), t.column("F").type());
        assertEquals(SqlType.TIMESTAMP, t.column("G").type());
    }

    @Test
    void quotedIdentifiersAreKeptVerbatimUnquotedAreUpperCased() {
        Catalog c = Sql.compile("""
                CREATE TABLE "MixedCase" ("key" INTEGER PRIMARY KEY, plain INTEGER, "with""quote" INTEGER);
                """);
        Table t = c.table("MixedCase");
        assertNotNull(t);
        assertNotNull(t.column("key"));
        assertNotNull(t.column("PLAIN"));
        assertNotNull(t.column("with\"quote"));
    }

    @Test
    void commentsAndCaseInsensitiveKeywords() {
        Catalog c = Sql.compile("""
                -- a line comment
                cReAtE TaBlE t /* a block
                   comment */ (a InTeGeR nOt NuLl, PrImArY kEy (a));
                partition TABLE t on column A;
                """);
        assertEquals(List.of(0), c.table("T").partitionColumns());
    }

    @Test
    void uniqueConstraintsBecomeUniqueIndexes() {
        Table t = Sql.compile("""
                CREATE TABLE t (a INTEGER PRIMARY KEY, b INTEGER UNIQUE, c INTEGER, d INTEGER,
                  CONSTRAINT t_cd UNIQUE (c, d));
                CREATE UNIQUE INDEX t_d ON t (d);
                """).table("T");
        assertEquals(3, t.secondaryIndexes().size());
        assertTrue(t.secondaryIndexes().stream().allMatch(i -> i.unique() && !i.primary()));
        assertEquals(List.of(2, 3), t.secondaryIndexes().get(1).columns());
        assertEquals("T_CD", t.secondaryIndexes().get(1).name());
        assertEquals("T_D", t.secondaryIndexes().get(2).name());
    }

    @Test
    void multiColumnPartitioning() {
        Table t = Sql.compile("""
                CREATE TABLE t (a INTEGER NOT NULL, b INTEGER NOT NULL, c INTEGER, PRIMARY KEY (b, a));
                PARTITION TABLE t ON COLUMNS (a, b);
                """).table("T");
        assertEquals(List.of(0, 1), t.partitionColumns());
    }

    @Test
    void laterScriptsSeeEarlierTablesAndIndexesMayFollowProcedures() {
        Catalog c = Sql.compile("CREATE TABLE t (a INTEGER PRIMARY KEY, b INTEGER);", """
                CREATE PROCEDURE p(IN x INTEGER, OUT y INTEGER) READS SQL DATA
                BEGIN ATOMIC
                  SELECT a INTO y FROM t WHERE b = x;
                END;
                CREATE INDEX t_b ON t (b);
                """);
        var select = (Stmt.SelectInto) c.procedure("P").body().statements().getFirst();
        assertTrue(select.query().sources().getFirst().access() instanceof org.pimsql.frontend.ir.Access.IndexRange);
    }

    @Test
    void insertUsesColumnDefaults() {
        var p = Sql.procedure("INSERT INTO stock (s_w_id, s_i_id) VALUES (w, 7);");
        var insert = (Stmt.Insert) Sql.stmt(p, 0);
        assertEquals(new Expr.Literal(10L, SqlType.SMALLINT), insert.values().get(2));
    }
}
