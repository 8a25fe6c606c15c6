package org.pimsql.codegen;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * An installed UPMEM SDK (docs/upmem.md): the directory given by {@code PIMSQL_UPMEM_HOME}, else the one whose
 * {@code bin/} holds the {@code dpu-upmem-dpurte-clang} found on the PATH. The DPU compiler builds the kernel; the
 * host header {@code include/dpu/dpu.h} and {@code libdpu} build the bridge.
 */
public record UpmemSdk(Path home) {
    public static final String COMPILER = "dpu-upmem-dpurte-clang";
    public static final String HOME_VARIABLE = "PIMSQL_UPMEM_HOME";

    /** The SDK of this process's environment. */
    public static UpmemSdk locate() throws BuildException {
        return locate(System.getenv());
    }

    /** The SDK that {@code env} names; a {@link BuildException} says what is missing. */
    public static UpmemSdk locate(Map<String, String> env) throws BuildException {
        String home = env.get(HOME_VARIABLE);
        if (home != null && !home.isBlank()) {
            Path dir = Path.of(home);
            if (!Files.isDirectory(dir)) {
                throw new BuildException(HOME_VARIABLE + "=" + home + " is not a directory: set it to the UPMEM SDK's "
                        + "install directory (the one with bin/" + COMPILER + ", include/dpu/dpu.h and lib/libdpu.so)");
            }
            return new UpmemSdk(dir.toAbsolutePath().normalize());
        }
        String path = env.getOrDefault("PATH", "");
        for (String d : path.split(File.pathSeparator)) {
            Path compiler = d.isEmpty() ? null : Path.of(d, COMPILER);
            if (compiler != null && Files.isExecutable(compiler)) {
                try {
                    // the SDK's bin/ may be reached through a symbolic link (e.g. /usr/bin)
                    return new UpmemSdk(compiler.toRealPath().getParent().getParent());
                } catch (IOException e) {
                    throw new BuildException("cannot resolve " + compiler + ": " + e.getMessage());
                }
            }
        }
        throw new BuildException("the upmem backend needs the UPMEM SDK, which was not found: " + HOME_VARIABLE
                + " is not set and " + COMPILER + " is not on the PATH (install the SDK and set " + HOME_VARIABLE
                + " to its directory, or source its upmem_env.sh; docs/upmem.md)");
    }

    /** The DPU compiler. */
    public Path compiler() {
        return home.resolve("bin").resolve(COMPILER);
    }

    /** The directory of the host library's {@code dpu.h}. */
    public Path hostIncludeDir() {
        return home.resolve("include").resolve("dpu");
    }

    /** The directory of {@code libdpu.so} ({@code lib}, or {@code lib64} on distributions that use it). */
    public Path hostLibraryDir() {
        Path lib = home.resolve("lib");
        Path lib64 = home.resolve("lib64");
        return !Files.exists(lib.resolve("libdpu.so")) && Files.exists(lib64.resolve("libdpu.so")) ? lib64 : lib;
    }

    /** Fails unless the DPU compiler is there. */
    public void requireCompiler() throws BuildException {
        if (!Files.isExecutable(compiler())) {
            throw new BuildException("the UPMEM SDK at " + home + " has no DPU compiler bin/" + COMPILER
                    + " (is " + HOME_VARIABLE + " the SDK's install directory?)");
        }
    }

    /** Fails unless the host library and its header are there. */
    public void requireHostLibrary() throws BuildException {
        if (!Files.isRegularFile(hostIncludeDir().resolve("dpu.h"))) {
            throw new BuildException("the UPMEM SDK at " + home + " has no host header include/dpu/dpu.h");
        }
        if (!Files.exists(hostLibraryDir().resolve("libdpu.so"))) {
            throw new BuildException("the UPMEM SDK at " + home + " has no host library lib/libdpu.so");
        }
    }
}
