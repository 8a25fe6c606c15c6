package org.pimsql.host.store;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A database directory that cannot be used as it is: held by another process, damaged, not a database, or
 * refused for safety (a symbolic link where PimSQL writes). Carries the SQLSTATE the engine reports, and for
 * damage the file and byte offset where it was found.
 */
public final class StoreException extends IOException {
    /** Another process holds the directory (PostgreSQL's object_in_use). */
    public static final String IN_USE = "55006";
    /** A checksum, sequence or structure check failed (PostgreSQL's data_corrupted). */
    public static final String CORRUPT = "XX001";
    /** Not a database, or not one this version can open. */
    public static final String CANNOT_OPEN = "08001";
    /** An operating-system I/O error. */
    public static final String IO = "58030";
    /** A write was attempted on a database opened read-only. */
    public static final String READ_ONLY = "25006";

    private final String sqlState;
    private final Path file;
    private final long offset;

    public StoreException(String sqlState, String message) {
        this(sqlState, message, null, -1, null);
    }

    public StoreException(String sqlState, String message, Throwable cause) {
        this(sqlState, message, null, -1, cause);
    }

    public StoreException(String sqlState, String message, Path file, long offset, Throwable cause) {
        super(message, cause);
        this.sqlState = sqlState;
        this.file = file;
        this.offset = offset;
    }

    /** Damage found in {@code file} at byte {@code offset}; the message names both. */
    public static StoreException corrupt(Path file, long offset, String what) {
        return new StoreException(CORRUPT, file + " at byte offset " + offset + ": " + what, file, offset, null);
    }

    /**
     * What an I/O error of a file says: Java's file-system exceptions carry only the path as their message, so
     * "permission denied" (with the way out: a read-only open) or "no such file" is added here.
     */
    public static String reason(java.io.IOException e) {
        return switch (e) {
            case java.nio.file.AccessDeniedException a -> "permission denied on " + a.getFile()
                    + " (the database's files must be writable by this user; readOnly=true opens it without writing)";
            case java.nio.file.NoSuchFileException n -> "no such file: " + n.getFile();
            case java.nio.file.FileSystemException f when f.getReason() != null -> f.getFile() + ": " + f.getReason();
            default -> String.valueOf(e.getMessage());
        };
    }

    public String sqlState() {
        return sqlState;
    }

    /** The damaged file, or null. */
    public Path file() {
        return file;
    }

    /** The byte offset of the damage in {@link #file}, or -1. */
    public long offset() {
        return offset;
    }
}
