package org.pimsql.host.store;

import java.io.IOException;

/**
 * Writes a checkpoint. Nothing of it counts until {@link #commit} returns: then it is durable, it is the newest
 * checkpoint, and the log it makes unnecessary may be retired. {@link #close} without a commit abandons it (a
 * crash in the middle has the same effect: the previous checkpoint stays in force).
 */
public interface CheckpointSink extends AutoCloseable {
    /** Adds {@code length} bytes of {@code bytes} from {@code from}: DPU {@code dpu}'s MRAM heap at {@code offset}. */
    void write(int dpu, long offset, byte[] bytes, int from, int length) throws IOException;

    /** Makes the checkpoint durable and current; returns its size in bytes. */
    long commit() throws IOException;

    @Override
    void close() throws IOException;
}
