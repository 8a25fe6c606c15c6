package org.pimsql.host.log;

import java.io.IOException;

/**
 * Where the sequencer writes its inputs. {@link #commit} returns only once every record appended so far
 * is durable: the sequencer calls it once per epoch (group commit) before any result of that epoch is
 * released.
 */
public interface CommandSink extends AutoCloseable {

    void append(LogRecord record) throws IOException;

    void commit() throws IOException;

    @Override
    void close() throws IOException;

    /** The sink of {@code mem:} databases: nothing is kept, nothing needs to be durable. */
    CommandSink NONE = new CommandSink() {
        @Override
        public void append(LogRecord record) {}

        @Override
        public void commit() {}

        @Override
        public void close() {}
    };
}
