package org.pimsql.server.sql;

import org.pimsql.server.protocol.PgType;

/** A result column as the protocol describes it: its name, PostgreSQL type and type modifier. */
public record Column(String name, PgType type, int typmod) {
    public static Column of(String name, PgType type) {
        return new Column(name, type, -1);
    }
}
