package org.pimsql.host.store;

import java.io.IOException;

/** Reads a checkpoint back: its {@link CheckpointMeta}, then its parts in order, each checked. */
public interface CheckpointSource extends AutoCloseable {
    CheckpointMeta meta();

    /** The next part, or null after the last (the checkpoint's end record, checked too). */
    CheckpointPart next() throws IOException;

    @Override
    void close() throws IOException;
}
