package org.pimsql.frontend.resolve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.ir.Access;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.Procedure;
import org.pimsql.frontend.ir.Query;
import org.pimsql.frontend.ir.Source;
import org.pimsql.frontend.ir.Stmt;

class AccessPathTest {

    private static Query selectInto(String body) {
        return ((Stmt.SelectInto) Sql.stmt(Sql.procedure(body), 0)).query();
    }

    private static Query cursor(String select) {
        Procedure p = Sql.procedure("DECLARE c CURSOR WITH RETURN FOR " + select + ";\nOPEN c;");
        return p.cursors().getFirst().query();
    }

    @Test
    void fullPrimaryKeyUsesTheHashIndexWithKeysInKeyOrder() {
        Query q = selectInto("SELECT c_first INTO name FROM customer WHERE c_id = io AND c_w_id = w AND c_d_id = d;");
        Source s = q.sources().getFirst();
        var pk = assertInstanceOf(Access.PrimaryKey.class, s.access());
        Procedure p = Sql.procedure("SET o = 1;");
        assertEquals(new Expr.VarRef(p.params().get(0)), pk.key().get(0));
        // the INTEGER parameter is cast to the SMALLINT key column
        assertEquals(new Expr.Cast(new Expr.VarRef(p.params().get(1)), SqlType.SMALLINT), pk.key().get(1));
        assertEquals(new Expr.VarRef(p.params().get(3)), pk.key().get(2));
        assertNull(s.filter());
    }

    @Test
    void extraConjunctsBecomeTheResidualFilter() {
        Query q = selectInto("SELECT c_first INTO name FROM customer WHERE c_w_id = w AND c_d_id = d AND c_id = 3 AND c_credit = 'GC';");
        Source s = q.sources().getFirst();
        assertInstanceOf(Access.PrimaryKey.class, s.access());
        var filter = assertInstanceOf(Expr.Binary.class, s.filter());
        assertEquals(Expr.BinaryOp.EQ, filter.op());
    }

    @Test
    void partialKeyUsesTheSecondaryIndexPrefix() {
        Query q = selectInto("SELECT COUNT(*) INTO o FROM customer WHERE c_w_id = w AND c_d_id = d AND c_last = name;");
        var range = assertInstanceOf(Access.IndexRange.class, q.sources().getFirst().access());
        assertEquals("CUSTOMER_BY_NAME", range.index().name());
        assertEquals(3, range.equalPrefix().size());
        assertNull(range.lower());
        assertNull(range.upper());
        assertTrue(q.aggregated());
    }

    @Test
    void rangeOnTheColumnAfterThePrefix() {
        Query q = selectInto("SELECT COUNT(*) INTO o FROM order_line WHERE ol_w_id = w AND ol_d_id = d AND ol_o_id >= io - 20 AND ol_o_id < io;");
        var range = assertInstanceOf(Access.IndexRange.class, q.sources().getFirst().access());
        assertEquals("OL_BY_ORDER", range.index().name());
        assertEquals(2, range.equalPrefix().size());
        assertTrue(range.lower().inclusive());
        assertFalse(range.upper().inclusive());
        assertNull(q.sources().getFirst().filter());
    }

    @Test
    void betweenGivesBothBoundsAndReversedComparisonsAreFlipped() {
        Query q = selectInto("SELECT COUNT(*) INTO o FROM order_line WHERE ol_w_id = w AND ol_d_id = d AND ol_o_id BETWEEN 1 AND io;");
        var range = assertInstanceOf(Access.IndexRange.class, q.sources().getFirst().access());
        assertEquals(new Expr.Literal(1L, SqlType.INTEGER), range.lower().value());
        assertTrue(range.lower().inclusive() && range.upper().inclusive());

        Query flipped = selectInto("SELECT COUNT(*) INTO o FROM order_line WHERE w = ol_w_id AND d = ol_d_id AND io > ol_o_id;");
        var r2 = assertInstanceOf(Access.IndexRange.class, flipped.sources().getFirst().access());
        assertNull(r2.lower());
        assertFalse(r2.upper().inclusive());
    }

    @Test
    void orderByIndexColumnsDescendingWithLimit() {
        Query q = cursor("SELECT ol_o_id FROM order_line WHERE ol_w_id = w AND ol_d_id = d ORDER BY ol_o_id DESC LIMIT 1");
        var range = assertInstanceOf(Access.IndexRange.class, q.sources().getFirst().access());
        assertTrue(range.descending());
        assertTrue(q.orderFromIndex());
        assertEquals(new Expr.Literal(1L, SqlType.INTEGER), q.limit());
    }

    @Test
    void orderByTheIndexEvenWithoutAKey() {
        Query q = cursor("SELECT c_last FROM customer ORDER BY c_w_id, c_d_id, c_last");
        var range = assertInstanceOf(Access.IndexRange.class, q.sources().getFirst().access());
        assertEquals(0, range.equalPrefix().size());
        assertFalse(range.descending());
        assertTrue(q.orderFromIndex());
    }

    @Test
    void orderByANonIndexedColumnNeedsASort() {
        Query q = cursor("SELECT c_last FROM customer WHERE c_w_id = w AND c_d_id = d ORDER BY c_balance");
        assertFalse(q.orderFromIndex());
        assertEquals(1, q.orderBy().size());
        Query mixed = cursor("SELECT c_last FROM customer WHERE c_w_id = w AND c_d_id = d ORDER BY c_last ASC, c_first DESC");
        assertFalse(mixed.orderFromIndex());
    }

    @Test
    void orderBySelectAlias() {
        Query q = cursor("SELECT c_first AS f FROM customer WHERE c_w_id = w AND c_d_id = d AND c_last = name ORDER BY f");
        assertTrue(q.orderFromIndex());
        assertInstanceOf(Expr.ColumnRef.class, q.orderBy().getFirst().value());
    }

    @Test
    void noUsableKeyIsAFullScanWithFilter() {
        Query q = cursor("SELECT i_id FROM item WHERE i_price > 10");
        Source s = q.sources().getFirst();
        assertInstanceOf(Access.FullScan.class, s.access());
        assertNotNull(s.filter());
    }

    @Test
    void lossyKeyConversionStaysInTheFilter() {
        Query q = cursor("SELECT i_id FROM item WHERE i_id = 1.5");
        assertInstanceOf(Access.FullScan.class, q.sources().getFirst().access());
        assertNotNull(q.sources().getFirst().filter());
    }

    @Test
    void stockLevelJoinFindsTheInnerSideByItsKey() {
        String select = "SELECT COUNT(DISTINCT s_i_id) INTO o FROM %s WHERE ol_w_id = w AND ol_d_id = d AND ol_o_id < io "
                + "AND ol_o_id >= io - 20 AND s_w_id = w AND s_i_id = ol_i_id AND s_quantity < 10;";
        for (String from : List.of("order_line, stock", "stock, order_line", "order_line JOIN stock ON s_i_id = ol_i_id")) {
            Query q = selectInto(select.formatted(from));
            assertEquals(List.of("ORDER_LINE", "STOCK"), q.sources().stream().map(s -> s.table().name()).toList(), from);
            assertInstanceOf(Access.IndexRange.class, q.sources().get(0).access());
            var pk = assertInstanceOf(Access.PrimaryKey.class, q.sources().get(1).access());
            var inner = assertInstanceOf(Expr.ColumnRef.class, pk.key().get(1));
            assertEquals(0, inner.source());
            assertEquals("OL_I_ID", inner.column().name());
            assertNotNull(q.sources().get(1).filter(), "s_quantity < 10 is checked on the stock row");
            var count = assertInstanceOf(Expr.Aggregate.class, ((Expr.Cast) q.select().getFirst().value()).operand());
            assertTrue(count.distinct());
            assertEquals(1, ((Expr.ColumnRef) count.argument()).source());
        }
    }

    @Test
    void updateAndDeleteByKeyAndByRange() {
        Procedure p = Sql.procedure("""
                UPDATE stock SET s_quantity = s_quantity - 1 WHERE s_w_id = w AND s_i_id = io;
                DELETE FROM order_line WHERE ol_w_id = w AND ol_d_id = d AND ol_o_id <= io;
                DELETE FROM item;
                """);
        assertInstanceOf(Access.PrimaryKey.class, ((Stmt.Update) Sql.stmt(p, 0)).target().access());
        var range = assertInstanceOf(Access.IndexRange.class, ((Stmt.Delete) Sql.stmt(p, 1)).target().access());
        assertTrue(range.upper().inclusive());
        Source all = ((Stmt.Delete) Sql.stmt(p, 2)).target();
        assertInstanceOf(Access.FullScan.class, all.access());
        assertNull(all.filter());
    }

    @Test
    void scalarSubqueryAsAKeyAndWithLimitOffset() {
        Procedure p = Sql.procedure("""
                SET o = (SELECT c_id FROM customer WHERE c_w_id = w AND c_d_id = d AND c_last = name
                         ORDER BY c_first LIMIT 1 OFFSET io);
                UPDATE stock SET s_quantity = 0 WHERE s_w_id = w AND s_i_id = (SELECT MAX(i_id) FROM item);
                """);
        var sub = assertInstanceOf(Expr.ScalarSubquery.class, ((Stmt.Assign) Sql.stmt(p, 0)).value());
        assertEquals(SqlType.INTEGER, sub.type());
        assertTrue(sub.query().orderFromIndex());
        assertEquals(new Expr.VarRef(p.params().get(3)), sub.query().offset());
        var pk = assertInstanceOf(Access.PrimaryKey.class, ((Stmt.Update) Sql.stmt(p, 1)).target().access());
        assertInstanceOf(Expr.ScalarSubquery.class, pk.key().get(1));
    }

    @Test
    void offsetFetchFirst() {
        Query q = cursor("SELECT i_id FROM item ORDER BY i_id OFFSET 2 ROWS FETCH FIRST 3 ROWS ONLY");
        assertEquals(new Expr.Literal(3L, SqlType.INTEGER), q.limit());
        assertEquals(new Expr.Literal(2L, SqlType.INTEGER), q.offset());
    }

    @Test
    void distinctAndAliasesInJoins() {
        Query q = cursor("SELECT DISTINCT a.c_last FROM customer a INNER JOIN customer b ON b.c_w_id = a.c_w_id "
                + "AND b.c_d_id = a.c_d_id AND b.c_id = a.c_id WHERE a.c_w_id = w AND a.c_d_id = d AND a.c_last = name");
        assertTrue(q.distinct());
        assertEquals(List.of("A", "B"), q.sources().stream().map(Source::alias).toList());
        assertInstanceOf(Access.IndexRange.class, q.sources().get(0).access());
        assertInstanceOf(Access.PrimaryKey.class, q.sources().get(1).access());
    }
}
