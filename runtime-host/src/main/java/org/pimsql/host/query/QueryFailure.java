package org.pimsql.host.query;

import java.sql.SQLException;

/** Carries an SQLException of a table read through Calcite's execution, which only passes unchecked ones. */
final class QueryFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    QueryFailure(SQLException cause) {
        super(cause.getMessage(), cause);
    }

    SQLException sqlException() {
        return (SQLException) getCause();
    }
}
