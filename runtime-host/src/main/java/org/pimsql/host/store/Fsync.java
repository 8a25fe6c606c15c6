package org.pimsql.host.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Durable file operations for the database directory. Files are created with {@code O_NOFOLLOW}/
 * {@code CREATE_NEW} semantics: PimSQL never writes through a symbolic link, so a link planted in a database
 * directory cannot make it overwrite a file elsewhere.
 */
final class Fsync {
    private Fsync() {}

    /** Opens an existing file of the database for appending; refuses symbolic links. */
    static FileChannel openForWrite(Path file) throws IOException {
        refuseLink(file);
        return FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
    }

    /** Creates a new file (it must not exist), for writing. */
    static FileChannel create(Path file) throws IOException {
        refuseLink(file);
        return FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE,
                LinkOption.NOFOLLOW_LINKS);
    }

    static FileChannel openForRead(Path file) throws IOException {
        return FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
    }

    static void refuseLink(Path file) throws StoreException {
        if (Files.isSymbolicLink(file)) {
            throw new StoreException(StoreException.CANNOT_OPEN, file + " is a symbolic link; PimSQL never writes through "
                    + "symbolic links in a database directory (it could overwrite a file elsewhere): replace it by "
                    + "the file itself");
        }
    }

    /** Writes {@code bytes} as {@code file}: a temporary file, fsync, atomic rename, fsync of the directory. */
    static void atomicWrite(Path file, byte[] bytes) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.deleteIfExists(tmp);
        try (FileChannel ch = create(tmp)) {
            writeFully(ch, ByteBuffer.wrap(bytes), 0);
            ch.force(true);
        }
        refuseLink(file);
        moveAtomically(tmp, file);
        directory(file.getParent());
    }

    static void moveAtomically(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    static void writeFully(FileChannel ch, ByteBuffer b, long position) throws IOException {
        long p = position;
        while (b.hasRemaining()) {
            p += ch.write(b, p);
        }
    }

    static void readFully(FileChannel ch, ByteBuffer b, long position) throws IOException {
        long p = position;
        while (b.hasRemaining()) {
            int n = ch.read(b, p);
            if (n < 0) {
                throw new java.io.EOFException("unexpected end of file");
            }
            p += n;
        }
    }

    /** Makes a directory's entries (new, renamed or deleted files) durable (Linux allows fsync on a directory). */
    static void directory(Path dir) {
        try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
            d.force(true);
        } catch (IOException e) {
            // some file systems refuse to open directories; the files' own fsyncs are all they offer
        }
    }
}
