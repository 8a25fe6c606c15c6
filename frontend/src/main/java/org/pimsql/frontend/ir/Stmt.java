package org.pimsql.frontend.ir;

import java.util.List;
import org.pimsql.frontend.catalog.Column;
import org.pimsql.frontend.catalog.SourcePos;
import org.pimsql.frontend.catalog.Table;

/**
 * A procedure statement. Every statement carries {@code id}, unique within its procedure and numbered
 * in source order (the numbering used by {@code pimsql explain}, dependencies and generated-code
 * comments), its position, and its source text.
 */
public sealed interface Stmt {
    int id();

    SourcePos pos();

    String text();

    /** {@code SET v = e}, also {@code SET v = (SELECT ...)} (the value is a {@link Expr.ScalarSubquery}). */
    record Assign(int id, Variable target, Expr value, SourcePos pos, String text) implements Stmt {}

    /**
     * {@code SELECT ... INTO targets}. The query yields at most one row (a second row raises SQLSTATE
     * 21000 as in HSQLDB); when it yields none the targets are left unchanged and no error is raised.
     */
    record SelectInto(int id, Query query, List<Variable> targets, SourcePos pos, String text) implements Stmt {}

    /** {@code INSERT INTO t [(cols)] VALUES (...)}: {@code values} has one expression per table column, in column order. */
    record Insert(int id, Table table, List<Expr> values, SourcePos pos, String text) implements Stmt {}

    /** {@code UPDATE t SET ... WHERE ...}: rows are found through {@code source.access()} then {@code source.filter()}. */
    record Update(int id, Source target, List<SetClause> sets, SourcePos pos, String text) implements Stmt {}

    /** {@code DELETE FROM t WHERE ...}. */
    record Delete(int id, Source target, SourcePos pos, String text) implements Stmt {}

    /** {@code IF c1 THEN b1 ELSEIF c2 THEN b2 ... ELSE e END IF}; {@code elseBlock} may be empty. */
    record If(int id, List<Branch> branches, Block elseBlock, SourcePos pos, String text) implements Stmt {}

    /** {@code [label:] WHILE c DO body END WHILE}. */
    record While(int id, Expr condition, Block body, SourcePos pos, String text) implements Stmt {}

    /** {@code FOR SELECT ... DO body END FOR}: each output column is bound to {@code rowVariables[i]}. */
    record ForEach(int id, Query query, List<Variable> rowVariables, Block body, SourcePos pos, String text)
            implements Stmt {}

    /** {@code SIGNAL SQLSTATE 'xxxxx' [SET MESSAGE_TEXT = e]}: aborts the whole call, undoing its writes. */
    record Signal(int id, String sqlState, Expr message, SourcePos pos, String text) implements Stmt {}

    /** {@code OPEN c}: the cursor's rows become the call's next result set. */
    record OpenCursor(int id, Cursor cursor, int resultSetIndex, SourcePos pos, String text) implements Stmt {}

    record Branch(Expr condition, Block body) {}

    record SetClause(Column column, Expr value) {}
}
