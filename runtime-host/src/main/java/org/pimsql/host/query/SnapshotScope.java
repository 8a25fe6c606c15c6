package org.pimsql.host.query;

import org.pimsql.host.engine.TableSnapshot;

/**
 * The snapshot the running query reads from. A query executes on the thread that holds the engine's
 * barrier ({@code Engine.withSnapshot}); Calcite calls {@link DpuTable#scan} on that same thread, which
 * finds its snapshot here. A scan outside a snapshot is a bug and fails loudly.
 */
final class SnapshotScope {
    private static final ThreadLocal<TableSnapshot> CURRENT = new ThreadLocal<>();

    private SnapshotScope() {}

    static TableSnapshot current() {
        TableSnapshot s = CURRENT.get();
        if (s == null) {
            throw new IllegalStateException("a PimSQL table was scanned outside a snapshot");
        }
        return s;
    }

    static void enter(TableSnapshot snapshot) {
        CURRENT.set(snapshot);
    }

    static void leave() {
        CURRENT.remove();
    }
}
