package org.pimsql.frontend.resolve;

/** Where a statement stands among all scripts: script index, then statement index within it. */
record DeclarationOrder(int script, int statement) implements Comparable<DeclarationOrder> {
    @Override
    public int compareTo(DeclarationOrder o) {
        return script != o.script ? Integer.compare(script, o.script) : Integer.compare(statement, o.statement);
    }
}
