package org.pimsql.host.jdbc;

import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import org.pimsql.host.engine.Engine;
import org.pimsql.host.engine.EngineConfig;
import org.pimsql.host.engine.EngineRuntime;
import org.pimsql.host.sequencer.TimestampSource;

/**
 * The databases open in this JVM. Connections to the same {@code mem:} name or {@code file:} directory
 * share one engine (one sequencer, so one global order); it closes when its last connection does.
 */
final class EngineRegistry {
    private record Entry(Engine engine, JdbcUrl url, int[] connections) {}

    private static final Map<String, Entry> OPEN = new HashMap<>();

    private EngineRegistry() {}

    static synchronized Engine acquire(JdbcUrl url) throws SQLException {
        Entry entry = OPEN.get(url.location().key());
        if (entry != null) {
            int open = entry.engine().partitionCount();
            if (entry.url().dpus() != url.dpus() || !entry.url().runtime().equals(url.runtime())
                    || entry.url().backend() != url.backend() || (url.partitions() != 0 && url.partitions() != open)
                    || entry.url().readOnly() != url.readOnly()) {
                throw new SQLException(url.location().key() + " is already open with dpus=" + entry.url().dpus()
                        + ", partitions=" + open + ", runtime=" + entry.url().runtime() + ", backend="
                        + entry.url().backend().key() + " and readOnly=" + entry.url().readOnly(), "08001");
            }
            entry.connections()[0]++;
            return entry.engine();
        }
        EngineRuntime runtime = EngineRuntime.named(url.runtime()).on(url.backend());
        Engine engine = Engine.open(new EngineConfig(url.location(), url.dpus(), url.sequencer(), runtime.backends(),
                runtime.compiler(), TimestampSource.SYSTEM, url.bucketsLog2(), url.partitions(), url.readOnly(),
                url.checkpoints()));
        OPEN.put(url.location().key(), new Entry(engine, url, new int[] {1}));
        return engine;
    }

    /** Closing happens under the lock, so that a reopen of the same database waits for the close to finish. */
    static synchronized void release(Engine engine) throws SQLException {
        for (var it = OPEN.entrySet().iterator(); it.hasNext(); ) {
            Entry entry = it.next().getValue();
            if (entry.engine() == engine && --entry.connections()[0] == 0) {
                it.remove();
                engine.close();
                return;
            }
        }
    }
}
