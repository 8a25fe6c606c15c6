package org.pimsql.host.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Open descriptors of the files a read-only open uses (the checkpoint and the log segments after it), taken
 * before they are read: the process that owns the database may retire them meanwhile, and on POSIX systems a
 * deleted file stays readable through a descriptor that was open. So a read-only open reads one consistent
 * state, however many checkpoints the owner takes while it replays.
 */
final class Pins implements AutoCloseable {
    private final Map<Path, FileChannel> channels = new HashMap<>();
    /** The pinned segments by first LSN. */
    final TreeMap<Long, Path> segments = new TreeMap<>();

    /** Opens and keeps {@code file} (NoSuchFileException when it is already gone). */
    FileChannel pin(Path file) throws IOException {
        FileChannel ch = channels.get(file);
        if (ch == null) {
            Fsync.refuseLink(file);
            ch = Fsync.openForRead(file);
            channels.put(file, ch);
        }
        return ch;
    }

    void pinSegment(long first, Path file) throws IOException {
        pin(file);
        segments.put(first, file);
    }

    /** The pinned descriptor of {@code file}, or null. */
    FileChannel get(Path file) {
        return channels.get(file);
    }

    @Override
    public void close() {
        for (FileChannel ch : channels.values()) {
            try {
                ch.close();
            } catch (IOException e) {
                // reading only: nothing to lose
            }
        }
        channels.clear();
    }
}
