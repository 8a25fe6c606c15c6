package org.pimsql.host.query;

import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rex.RexShuttle;

/** Applies an expression rewrite to every expression of every node of a plan (the rewrites before planning). */
final class PlanRewrite {
    private PlanRewrite() {}

    static RelNode everywhere(RelNode plan, RexShuttle rewrite) {
        return plan.accept(new RelHomogeneousShuttle() {
            @Override
            public RelNode visit(RelNode other) {
                return super.visit(other).accept(rewrite);
            }
        });
    }
}
