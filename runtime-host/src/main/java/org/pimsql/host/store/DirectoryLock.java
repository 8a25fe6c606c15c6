package org.pimsql.host.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The exclusive hold of one process on a database directory: an operating-system lock (POSIX {@code fcntl},
 * released by the kernel when the process dies, even by {@code kill -9}) on {@code DIR/pimsql.lock}, whose
 * content names the holder ({@code pid=...}). A second opener is refused at once, before it reads or writes
 * anything else, with a message naming the holder's process id.
 *
 * <p>Within one JVM the same directory is guarded by a table of held directories, because POSIX locks belong
 * to the process: a second lock attempt from the same JVM would not be refused by the kernel, and closing any
 * other descriptor of the lock file would silently release the lock.
 */
public final class DirectoryLock implements AutoCloseable {
    public static final String FILE_NAME = "pimsql.lock";
    private static final Map<Path, DirectoryLock> HELD = new ConcurrentHashMap<>();

    private final Path dir;
    private final FileChannel channel;
    private final FileLock lock;

    private DirectoryLock(Path dir, FileChannel channel, FileLock lock) {
        this.dir = dir;
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Takes the directory ({@code dir} must exist and be the real path). Fails with SQLSTATE 55006 naming the
     * holder when another process, or another database of this JVM, holds it.
     */
    public static DirectoryLock acquire(Path dir, String purpose) throws StoreException {
        Path key = dir.toAbsolutePath().normalize();
        var placeholder = new DirectoryLock(key, null, null);
        if (HELD.putIfAbsent(key, placeholder) != null) {
            throw new StoreException(StoreException.IN_USE, "the database " + key + " is already open in this process "
                    + "(pid " + ProcessHandle.current().pid() + "); share its connection instead of opening it twice");
        }
        try {
            DirectoryLock taken = take(key, purpose);
            HELD.put(key, taken);
            return taken;
        } catch (StoreException | RuntimeException e) {
            HELD.remove(key, placeholder);
            throw e;
        }
    }

    private static DirectoryLock take(Path dir, String purpose) throws StoreException {
        Path file = dir.resolve(FILE_NAME);
        if (Files.isSymbolicLink(file)) {
            throw new StoreException(StoreException.CANNOT_OPEN, file + " is a symbolic link; PimSQL never writes "
                    + "through symbolic links in a database directory: remove it");
        }
        FileChannel channel;
        try {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            throw new StoreException(StoreException.IO, "cannot open the lock file " + file + ": " + StoreException.reason(e), e);
        }
        try {
            FileLock lock = channel.tryLock(0, Long.MAX_VALUE, false);
            if (lock == null) {
                String holder = holder(file, channel);
                channel.close();
                throw new StoreException(StoreException.IN_USE, "the database " + dir + " is in use by " + holder
                        + "; only one process may open a database at a time (a read-only open, readOnly=true, "
                        + "inspects it without the lock)");
            }
            String content = "pid=" + ProcessHandle.current().pid() + "\nhost=" + hostName() + "\npurpose=" + purpose
                    + "\nsince=" + java.time.Instant.now() + "\n";
            channel.truncate(0);
            ByteBuffer b = ByteBuffer.wrap(content.getBytes(StandardCharsets.UTF_8));
            while (b.hasRemaining()) {
                channel.write(b, b.position());
            }
            channel.force(false);
            return new DirectoryLock(dir, channel, lock);
        } catch (StoreException e) {
            throw e;
        } catch (IOException e) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // the open failed already
            }
            throw new StoreException(StoreException.IO, "cannot lock " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Who holds the lock: the process ids the kernel lists for the lock file in {@code /proc/locks} (Linux), else
     * what the holder wrote into the file.
     */
    private static String holder(Path file, FileChannel channel) {
        List<Long> pids = kernelHolders(file);
        String written = "";
        try {
            ByteBuffer b = ByteBuffer.allocate(512);
            channel.read(b, 0);
            written = new String(b.array(), 0, b.position(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            // the kernel's answer is enough
        }
        String purpose = field(written, "purpose");
        String suffix = purpose == null ? "" : " (" + purpose + (field(written, "since") == null ? ""
                : ", since " + field(written, "since")) + ")";
        if (!pids.isEmpty()) {
            return (pids.size() == 1 ? "process " + pids.getFirst() : "processes " + pids) + suffix;
        }
        String pid = field(written, "pid");
        return pid != null ? "process " + pid + suffix : "another process";
    }

    private static String field(String text, String name) {
        for (String line : text.split("\n")) {
            if (line.startsWith(name + "=")) {
                return line.substring(name.length() + 1).strip();
            }
        }
        return null;
    }

    private static List<Long> kernelHolders(Path file) {
        var pids = new ArrayList<Long>();
        try {
            long ino = ((Number) Files.getAttribute(file, "unix:ino")).longValue();
            long dev = ((Number) Files.getAttribute(file, "unix:dev")).longValue();
            long major = (dev >>> 8) & 0xfff;
            long minor = (dev & 0xff) | ((dev >>> 12) & 0xfff00);
            String id = String.format("%02x:%02x:%d", major, minor, ino);
            for (String line : Files.readAllLines(Path.of("/proc/locks"))) {
                String[] f = line.trim().split("\\s+");
                // "1: POSIX  ADVISORY  WRITE 1234 fe:00:9978007 0 EOF"
                if (f.length >= 6 && f[5].equals(id) && !f[4].equals("-1")) {
                    pids.add(Long.parseLong(f[4]));
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or /proc unreadable: fall back to the file's content
        }
        return pids;
    }

    private static String hostName() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }

    public Path dir() {
        return dir;
    }

    /** Releases the directory (the kernel releases it too if the process dies). */
    @Override
    public void close() {
        try {
            if (channel != null && channel.isOpen()) {
                lock.release();
                channel.close();
            }
        } catch (IOException e) {
            // closing the descriptor releases the lock whatever release() said
        } finally {
            HELD.remove(dir, this);
        }
    }
}
