package org.pimsql.codegen;

/**
 * A generated C value: for numbers (every exact numeric, TIMESTAMP and BOOLEAN) an int64 expression
 * {@code v} scaled by 10^scale; for strings a pointer {@code p} and a length {@code l}. {@code n} is a C
 * expression that is true when the value is SQL NULL ("0" when it never is).
 */
record V(boolean str, String v, int scale, String p, String l, String n) {
    static V num(String v, int scale, String n) {
        return new V(false, v, scale, null, null, n);
    }

    static V str(String p, String l, String n) {
        return new V(true, null, 0, p, l, n);
    }

    static final V NULL_NUM = num("0", 0, "1");

    boolean neverNull() {
        return n.equals("0");
    }
}
