package org.pimsql.codegen;

/** Indented C text. */
final class CodeWriter {
    private final StringBuilder out = new StringBuilder();
    private int depth;

    CodeWriter line(String text) {
        if (!text.isEmpty()) {
            out.append("    ".repeat(depth)).append(text);
        }
        out.append('\n');
        return this;
    }

    /** Writes {@code header {} and indents. */
    CodeWriter open(String header) {
        line(header + " {");
        depth++;
        return this;
    }

    CodeWriter close() {
        return close("");
    }

    /** Closes a block with text after the brace, e.g. ";" after a struct definition. */
    CodeWriter close(String suffix) {
        depth--;
        return line("}" + suffix);
    }

    /** Closes the current block and opens {@code } header {}, e.g. "} else {". */
    CodeWriter reopen(String header) {
        depth--;
        line("} " + header + " {");
        depth++;
        return this;
    }

    CodeWriter comment(String text) {
        return line("/* " + CText.comment(text, 300) + " */");
    }

    CodeWriter append(CodeWriter other) {
        for (String l : other.out.toString().split("\n", -1)) {
            if (!l.isEmpty()) {
                out.append("    ".repeat(depth)).append(l);
                out.append('\n');
            }
        }
        return this;
    }

    int depth() {
        return depth;
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
