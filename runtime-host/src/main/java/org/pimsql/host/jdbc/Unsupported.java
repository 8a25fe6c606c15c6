package org.pimsql.host.jdbc;

import java.sql.SQLFeatureNotSupportedException;

/** The exceptions the driver raises for JDBC features PimSQL does not offer. */
final class Unsupported {
    private Unsupported() {}

    static SQLFeatureNotSupportedException feature(String method) {
        return new SQLFeatureNotSupportedException(method + " is not supported by PimSQL", "0A000");
    }

    /** For the few JDBC methods whose signature allows no SQLException. */
    static UnsupportedOperationException operation(String method) {
        return new UnsupportedOperationException(method + " is not supported by PimSQL");
    }
}
