package org.pimsql.server.protocol;

import java.sql.SQLException;

/**
 * What an ErrorResponse or NoticeResponse carries. SQL errors keep the SQLSTATE and message of the
 * SQLException that PimSQL's embedded driver raises, so a client sees the same error either way.
 */
public record PgError(String severity, String sqlState, String message, String detail, String hint) {

    public static PgError error(String sqlState, String message) {
        return new PgError("ERROR", sqlState, message, null, null);
    }

    public static PgError fatal(String sqlState, String message) {
        return new PgError("FATAL", sqlState, message, null, null);
    }

    public static PgError of(SQLException e) {
        String state = e.getSQLState();
        if (state == null || state.length() != 5) {
            state = "XX000";
        }
        String message = e.getMessage() == null ? e.toString() : e.getMessage();
        return new PgError("ERROR", state, message, null, null);
    }

    public PgError withHint(String text) {
        return new PgError(severity, sqlState, message, detail, text);
    }
}
