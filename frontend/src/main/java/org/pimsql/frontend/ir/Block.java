package org.pimsql.frontend.ir;

import java.util.List;
import java.util.function.Predicate;

/** A sequence of statements (a BEGIN ... END body, a THEN branch, a loop body). */
public record Block(List<Stmt> statements) {

    /** True when {@code test} holds for a statement of this block or of a block nested in it (branches, loop bodies). */
    public boolean anyStatement(Predicate<Stmt> test) {
        for (Stmt st : statements) {
            boolean nested = switch (st) {
                case Stmt.If i -> i.branches().stream().anyMatch(br -> br.body().anyStatement(test))
                        || i.elseBlock().anyStatement(test);
                case Stmt.While wh -> wh.body().anyStatement(test);
                case Stmt.ForEach f -> f.body().anyStatement(test);
                default -> false;
            };
            if (nested || test.test(st)) {
                return true;
            }
        }
        return false;
    }
}
