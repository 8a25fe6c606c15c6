package org.pimsql.host.engine;

import java.sql.SQLException;
import java.util.Arrays;

/**
 * Where a database's DPUs are ({@code backend=NAME} in a JDBC URL, {@code --backend NAME} on the command line):
 * PimSQL's simulator, or the DPUs of an UPMEM server reached through the UPMEM SDK's libdpu (docs/upmem.md).
 */
public enum DpuPlatform {
    SIMULATOR("simulator"),
    UPMEM("upmem");

    private final String key;

    DpuPlatform(String key) {
        this.key = key;
    }

    public String key() {
        return key;
    }

    public static DpuPlatform named(String name) throws SQLException {
        for (DpuPlatform p : values()) {
            if (p.key.equals(name)) {
                return p;
            }
        }
        throw new SQLException("unknown backend '" + name + "'; available: "
                + Arrays.stream(values()).map(DpuPlatform::key).toList(), "08001");
    }
}
