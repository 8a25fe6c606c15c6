package org.pimsql.frontend.catalog;

/** A table column; {@code ordinal} is its 0-based position in the table. */
public record Column(String name, int ordinal, SqlType type, boolean nullable, SourcePos pos) {}
