package org.pimsql.host.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Files named by an LSN: 20 decimal digits and a suffix (log segments by their first LSN, checkpoints by the LSN
 * they stand at), so that the name sorts as the number does.
 */
final class LsnFiles {
    private LsnFiles() {}

    static Path fileOf(Path dir, long lsn, String suffix) {
        return dir.resolve(String.format("%020d", lsn) + suffix);
    }

    /** Every file of {@code dir} named by an LSN with {@code suffix}, by LSN (empty when there is none or no directory). */
    static TreeMap<Long, Path> list(Path dir, String suffix) throws IOException {
        var out = new TreeMap<Long, Path>();
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return out;
        }
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                String name = f.getFileName().toString();
                if (name.endsWith(suffix) && name.length() == 20 + suffix.length()) {
                    try {
                        out.put(Long.parseLong(name.substring(0, 20)), f);
                    } catch (NumberFormatException e) {
                        // not one of ours
                    }
                }
            }
        }
        return out;
    }
}
