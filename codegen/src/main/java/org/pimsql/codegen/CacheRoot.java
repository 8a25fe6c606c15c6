package org.pimsql.codegen;

import java.nio.file.Path;

/**
 * Where PimSQL keeps what it builds once and reuses across runs and databases (kernels, the simulator library):
 * {@code $PIMSQL_HOME/cache} when PIMSQL_HOME is set, else {@code ~/.cache/pimsql}. Never inside a checkout, so a
 * fresh clone (and CI) reuses what an earlier run built.
 */
public final class CacheRoot {
    private CacheRoot() {}

    public static Path get() {
        String home = System.getenv("PIMSQL_HOME");
        if (home != null && !home.isBlank()) {
            return Path.of(home, "cache");
        }
        return Path.of(System.getProperty("user.home"), ".cache", "pimsql");
    }
}
