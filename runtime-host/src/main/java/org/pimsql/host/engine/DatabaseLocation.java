package org.pimsql.host.engine;

import java.nio.file.Path;

/** Where a database lives: in memory under a name ({@code mem:NAME}), or in a directory with a command log. */
public sealed interface DatabaseLocation {

    /** The key under which one JVM shares one engine among connections. */
    String key();

    record Memory(String name) implements DatabaseLocation {
        @Override
        public String key() {
            return "mem:" + name;
        }
    }

    record Directory(Path dir) implements DatabaseLocation {
        public Directory {
            dir = dir.toAbsolutePath().normalize();
        }

        @Override
        public String key() {
            return "file:" + dir;
        }
    }
}
