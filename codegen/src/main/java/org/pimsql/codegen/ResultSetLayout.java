package org.pimsql.codegen;

/** Rows of one WITH RETURN cursor as they appear in a call's result record. */
public record ResultSetLayout(int index, String cursor, BlockLayout row) {}
