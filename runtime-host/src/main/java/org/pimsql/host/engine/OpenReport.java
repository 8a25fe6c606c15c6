package org.pimsql.host.engine;

/**
 * How a database opened: from the checkpoint of log record {@code checkpointLsn} (0: none), then {@code epochs}
 * epochs of {@code calls} calls replayed from {@code logBytes} bytes of log, in {@code millis} milliseconds
 * (DPU allocation, schema compilation, restore and replay); {@code tornBytes} of torn tail cut. Of the time:
 * {@code compileMillis} compiling the schema (clang), {@code restoreMillis} restoring the checkpoint (compilation
 * of its schema included), {@code replayMillis} replaying the log (later compilations excluded).
 */
public record OpenReport(long millis, long checkpointLsn, long epochs, long calls, long logBytes, long tornBytes,
                         long compileMillis, long restoreMillis, long replayMillis) {}
