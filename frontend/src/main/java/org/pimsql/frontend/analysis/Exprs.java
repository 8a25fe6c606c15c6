package org.pimsql.frontend.analysis;

import java.util.List;
import org.pimsql.frontend.ir.Expr;
import org.pimsql.frontend.ir.ExprTree;
import org.pimsql.frontend.ir.Query;

/**
 * The two traversal entry points the code generator's exchange routing imported before the traversal moved
 * to {@link ExprTree}. They forward there; they go when the code generator is rewritten (issue 15) and
 * imports {@link ExprTree} itself. New code uses {@link ExprTree}. Not marked deprecated: that would only
 * add warnings to the code generator's build until then.
 */
public final class Exprs {
    private Exprs() {}

    /** {@link ExprTree#children}. */
    public static List<Expr> children(Expr e) {
        return ExprTree.children(e);
    }

    /** {@link ExprTree#queryExprs}. */
    public static List<Expr> queryExprs(Query q) {
        return ExprTree.queryExprs(q);
    }
}
