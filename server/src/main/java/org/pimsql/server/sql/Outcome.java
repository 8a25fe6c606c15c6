package org.pimsql.server.sql;

import java.util.List;

/**
 * What one statement produced: result sets in order (a CALL's OUT row first, then its dynamic result
 * sets) and the command tag of its CommandComplete ("SELECT 3", "CALL", "INSERT 0 5", "CREATE TABLE").
 */
public record Outcome(List<ResultRows> results, String tag) {
    public Outcome {
        results = List.copyOf(results);
    }

    public static Outcome tag(String tag) {
        return new Outcome(List.of(), tag);
    }

    public static Outcome rows(ResultRows rows) {
        return new Outcome(List.of(rows), "SELECT " + rows.rows().size());
    }
}
