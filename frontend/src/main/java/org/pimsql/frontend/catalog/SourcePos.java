package org.pimsql.frontend.catalog;

/** A place in a user's script: file name, 1-based line, 1-based column. */
public record SourcePos(String file, int line, int column) {
    public static final SourcePos NONE = new SourcePos("<none>", 0, 0);

    @Override
    public String toString() {
        return file + ":" + line + ":" + column;
    }
}
