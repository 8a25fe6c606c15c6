package org.pimsql.host.engine;

import java.sql.SQLException;
import java.util.List;
import org.pimsql.frontend.SqlScript;

/**
 * Compiles a database's scripts, all of them in order, into programs, a codec and a router. Every DDL
 * script recompiles the whole schema: later scripts see earlier declarations. {@link #close} releases
 * what the compiled programs needed (their files) once the database is closed.
 */
@FunctionalInterface
public interface SchemaCompiler extends AutoCloseable {
    CompiledSchema compile(List<SqlScript> scripts, int partitionCount) throws SQLException;

    @Override
    default void close() {
        // compilers that keep no files have nothing to release
    }
}
