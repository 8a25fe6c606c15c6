package org.pimsql.host.engine;

/**
 * One checkpoint: it covers the log up to record {@code lsn} and holds {@code bytes} bytes on disk (or in the heap
 * for {@code mem:}); the sequencer was held {@code holdNanos} to take it (settling kept undo segments, starting a
 * new log segment, registering the copy-on-write snapshot); writing it took {@code writeMillis}.
 */
public record CheckpointReport(long lsn, long bytes, long holdNanos, long writeMillis) {}
