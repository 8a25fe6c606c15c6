package org.pimsql.frontend.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pimsql.frontend.catalog.SqlType;
import org.pimsql.frontend.ir.Expr.Binary;
import org.pimsql.frontend.ir.Expr.BinaryOp;
import org.pimsql.frontend.ir.Expr.Case;
import org.pimsql.frontend.ir.Expr.Literal;
import org.pimsql.frontend.ir.Expr.ScalarSubquery;
import org.pimsql.frontend.ir.Expr.Substring;
import org.pimsql.frontend.ir.Expr.VarRef;
import org.pimsql.frontend.ir.Expr.When;

class ExprTreeTest {
    private static final SqlType VARCHAR = SqlType.varchar(10);
    private static final Variable P = new Variable(0, "P", SqlType.BIGINT, ParamMode.IN, null, null);

    private static Literal num(long v) {
        return new Literal(v, SqlType.BIGINT);
    }

    private static Binary add(Expr a, Expr b) {
        return new Binary(BinaryOp.ADD, a, b, SqlType.BIGINT);
    }

    private static Binary eq(Expr a, Expr b) {
        return new Binary(BinaryOp.EQ, a, b, SqlType.BOOLEAN);
    }

    private static Binary and(Expr a, Expr b) {
        return new Binary(BinaryOp.AND, a, b, SqlType.BOOLEAN);
    }

    /** SELECT p + 10 (a subquery without sources). */
    private static ScalarSubquery subquery() {
        var q = new Query(List.of(), List.of(new Query.OutputColumn("X", add(new VarRef(P), num(10)))), false, false,
                List.of(), false, null, null);
        return new ScalarSubquery(q, SqlType.BIGINT);
    }

    @Test
    void childrenAreListedInEvaluationOrderAndRebuildTheNode() {
        var kase = new Case(List.of(new When(eq(new VarRef(P), num(1)), num(2))), num(3), SqlType.BIGINT);
        assertEquals(List.of(kase.whens().getFirst().condition(), num(2), num(3)), ExprTree.children(kase));
        assertEquals(kase, ExprTree.withChildren(kase, ExprTree.children(kase)));

        var noLength = new Substring(new Literal("abc", VARCHAR), num(2), null, VARCHAR);
        assertEquals(2, ExprTree.children(noLength).size(), "an absent FOR length is no child");
        assertEquals(noLength, ExprTree.withChildren(noLength, ExprTree.children(noLength)));

        ScalarSubquery sub = subquery();
        assertEquals(List.of(), ExprTree.children(sub), "a subquery's expressions are not its children");
        assertSame(sub, ExprTree.withChildren(sub, List.of()));
    }

    @Test
    void walkIsPreOrderAndStaysOutOfSubqueriesUnlessDeep() {
        ScalarSubquery sub = subquery();
        Expr e = add(num(1), add(sub, num(2)));
        var seen = new ArrayList<Expr>();
        ExprTree.walk(e, seen::add);
        assertEquals(List.of(e, num(1), ExprTree.children(e).get(1), sub, num(2)), seen);

        var deep = new ArrayList<Expr>();
        ExprTree.walkDeep(e, deep::add);
        assertEquals(seen.size() + 3, deep.size(), "the subquery's p + 10: the sum, p and 10");
        assertTrue(deep.contains(new VarRef(P)));
        assertFalse(ExprTree.any(e, VarRef.class::isInstance), "any() stays outside the subquery");

        ExprTree.walk(null, x -> { throw new AssertionError("visited " + x); });
    }

    @Test
    void collectAndAnyFindNodesByKind() {
        Expr e = add(new VarRef(P), add(num(1), new VarRef(P)));
        assertEquals(List.of(new VarRef(P), new VarRef(P)), ExprTree.collect(e, VarRef.class));
        assertEquals(List.of(e, ExprTree.children(e).get(1)), ExprTree.collect(e, Binary.class), "pre-order");
        assertTrue(ExprTree.any(e, x -> x instanceof Literal l && l.value().equals(1L)));
        assertFalse(ExprTree.any(e, Case.class::isInstance));
        assertFalse(ExprTree.any(null, x -> true));
    }

    @Test
    void mapRebuildsBottomUp() {
        Expr e = add(new VarRef(P), add(num(1), new VarRef(P)));
        Expr replaced = ExprTree.map(e, x -> x instanceof VarRef ? num(5) : x);
        assertEquals(add(num(5), add(num(1), num(5))), replaced);

        // the function sees each node after its children were rebuilt: fold constant additions
        Expr folded = ExprTree.map(replaced, x -> x instanceof Binary b && b.left() instanceof Literal l
                && b.right() instanceof Literal r ? num((Long) l.value() + (Long) r.value()) : x);
        assertEquals(num(11), folded);
    }

    @Test
    void conjunctsSplitNestedAndsLeftToRight() {
        Expr a = eq(new VarRef(P), num(1));
        Expr b = eq(num(2), num(2));
        Expr c = new Binary(BinaryOp.OR, a, b, SqlType.BOOLEAN);
        assertEquals(List.of(a, b, c), ExprTree.conjuncts(and(and(a, b), c)));
        assertEquals(List.of(c), ExprTree.conjuncts(c));
        assertEquals(List.of(), ExprTree.conjuncts(null));
    }

    @Test
    void queryExprsListKeysFiltersOutputsSortKeysLimitAndOffset() {
        Query q = new Query(List.of(), List.of(new Query.OutputColumn("A", num(1))), false, false,
                List.of(new Query.SortKey(num(2), true)), false, num(3), num(4));
        assertEquals(List.of(num(1), num(2), num(3), num(4)), ExprTree.queryExprs(q));
        Expr key = new VarRef(P);
        assertEquals(List.of(key), ExprTree.accessExprs(new Access.PrimaryKey(List.of(key))));
        assertEquals(List.of(key, num(7)), ExprTree.accessExprs(new Access.IndexRange(null, List.of(key),
                new Access.Bound(num(7), true), null, false)));
        assertEquals(List.of(), ExprTree.accessExprs(new Access.FullScan()));
    }
}
