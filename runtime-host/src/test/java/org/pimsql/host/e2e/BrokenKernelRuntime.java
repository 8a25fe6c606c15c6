package org.pimsql.host.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.pimsql.host.engine.BackendFactory;
import org.pimsql.host.engine.EngineRuntime;
import org.pimsql.host.engine.SchemaCompiler;
import org.pimsql.host.engine.SimulatorRuntime;

/**
 * The real simulator and code generator with a C compiler that cannot give the DPUs their kernel, in a kernel cache
 * of its own (the user's cache is never touched): {@code runtime=simulator-cc-fails} rejects the kernel's C as
 * clang does when it has an error; {@code runtime=simulator-kernel-unloadable} "builds" a file that is no shared
 * object, which the simulator's {@code dpu_load} refuses.
 */
public abstract class BrokenKernelRuntime implements EngineRuntime {
    /** What the failing compiler prints, as clang prints an error. */
    public static final String COMPILER_ERROR = "pim_vm.c:1:1: error: unknown type name 'broken_for_a_test'";

    private final String name;
    private final String script;

    BrokenKernelRuntime(String name, String script) {
        this.name = name;
        this.script = script;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public BackendFactory backends() {
        return new SimulatorRuntime().backends();
    }

    @Override
    public SchemaCompiler compiler() {
        try {
            Path dir = Files.createTempDirectory("pimsql-" + name + "-");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteTree(dir)));
            Path cc = dir.resolve("cc");
            Files.writeString(cc, "#!/bin/sh\n"
                    + "if [ \"$1\" = --version ]; then echo '" + name + " 1.0'; exit 0; fi\n" + script);
            Files.setPosixFilePermissions(cc, PosixFilePermissions.fromString("rwx------"));
            return SimulatorRuntime.withKernelCompiler(cc.toString(), dir.resolve("cache")).compiler();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteTree(Path dir) {
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            // a temporary directory: the system cleans it up if this cannot
        }
    }

    /** {@code runtime=simulator-cc-fails}: the compiler rejects the kernel. */
    public static final class BuildFails extends BrokenKernelRuntime {
        public BuildFails() {
            super("simulator-cc-fails", "echo \"" + COMPILER_ERROR + "\" >&2\nexit 1\n");
        }
    }

    /** {@code runtime=simulator-kernel-unloadable}: the compiler writes a file the DPUs cannot load. */
    public static final class LoadFails extends BrokenKernelRuntime {
        public LoadFails() {
            super("simulator-kernel-unloadable", """
                    out=""; previous=""
                    for a in "$@"; do [ "$previous" = -o ] && out="$a"; previous="$a"; done
                    echo "not a shared object" > "$out"
                    """);
        }
    }
}
