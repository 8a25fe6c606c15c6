package org.pimsql.host.query;

import org.pimsql.host.engine.TableSnapshot;

/**
 * The snapshot the running query reads from, and what may stop it. A query executes on the caller's thread
 * ({@code Engine.withSnapshot}); Calcite calls {@link DpuTable#scan} on that same thread, which finds its
 * snapshot and {@link QueryControl} here. A scan outside a snapshot is a bug and fails loudly.
 */
final class SnapshotScope {
    private static final ThreadLocal<TableSnapshot> CURRENT = new ThreadLocal<>();
    private static final ThreadLocal<QueryControl> CONTROL = ThreadLocal.withInitial(QueryControl::none);

    private SnapshotScope() {}

    static TableSnapshot current() {
        TableSnapshot s = CURRENT.get();
        if (s == null) {
            throw new IllegalStateException("a PimSQL table was scanned outside a snapshot");
        }
        return s;
    }

    /** The cancel flag and deadline of the running query. */
    static QueryControl control() {
        return CONTROL.get();
    }

    static void enter(TableSnapshot snapshot, QueryControl control) {
        CURRENT.set(snapshot);
        CONTROL.set(control);
    }

    static void leave() {
        CURRENT.remove();
        CONTROL.remove();
    }
}
