package org.pimsql.frontend.resolve;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import org.pimsql.frontend.ir.Variable;

/** Variables visible at one point of a procedure: parameters, then one level per nested block or FOR loop. */
final class VariableScope {
    private final Deque<Map<String, Variable>> levels = new ArrayDeque<>();

    VariableScope() {
        push();
    }

    void push() {
        levels.push(new HashMap<>());
    }

    void pop() {
        levels.pop();
    }

    Variable lookup(String name) {
        for (Map<String, Variable> level : levels) {
            Variable v = level.get(name);
            if (v != null) {
                return v;
            }
        }
        return null;
    }

    /** Adds {@code v} to the innermost level; shadowing an outer variable is refused as confusing. */
    void declare(Variable v) {
        levels.peek().put(v.name(), v);
    }
}
