package org.pimsql.host.engine;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.ServiceLoader;

/**
 * A way to run databases: how DPUs are reached and how scripts are compiled. Runtimes are found with
 * {@link ServiceLoader} and chosen by name ({@code runtime=NAME} in a JDBC URL). The built-in one,
 * {@code simulator}, compiles with the code generator and runs on the simulated DPUs through the C bridge.
 */
public interface EngineRuntime {
    String DEFAULT = "simulator";

    String name();

    BackendFactory backends();

    SchemaCompiler compiler();

    /**
     * This runtime with its DPUs on {@code platform}. A runtime that does not reach DPUs through the C bridge has only
     * the simulator's place.
     */
    default EngineRuntime on(DpuPlatform platform) throws SQLException {
        if (platform == DpuPlatform.SIMULATOR) {
            return this;
        }
        throw new SQLException("runtime '" + name() + "' cannot run on the " + platform.key() + " backend", "08001");
    }

    static EngineRuntime named(String name) throws SQLException {
        var known = new ArrayList<String>();
        for (EngineRuntime runtime : ServiceLoader.load(EngineRuntime.class, EngineRuntime.class.getClassLoader())) {
            if (runtime.name().equals(name)) {
                return runtime;
            }
            known.add(runtime.name());
        }
        throw new SQLException("unknown PimSQL runtime '" + name + "'; available: " + known, "08001");
    }
}
