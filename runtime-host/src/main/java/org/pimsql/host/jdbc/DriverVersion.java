package org.pimsql.host.jdbc;

/** The driver's name and version, reported by the driver and its metadata. */
final class DriverVersion {
    static final String PRODUCT = "PimSQL";
    static final String DRIVER = "PimSQL embedded JDBC driver";
    static final int MAJOR = 0;
    static final int MINOR = 1;
    static final String TEXT = MAJOR + "." + MINOR;

    private DriverVersion() {}
}
