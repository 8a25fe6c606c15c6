package org.pimsql.codegen;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Copies the kernel runtime (pimsql/dpu/kernel/...) and the simulator's DPU-runtime headers
 * (pimsql/dpu/sim/include/...) from the runtime-dpu jar (or its classes directory) into a build directory.
 */
final class KernelSources {
    static final String KERNEL = "pimsql/dpu/kernel";
    static final String SIM_INCLUDE = "pimsql/dpu/sim/include";

    /** Where the sources were put. */
    record Extracted(Path kernelDir, Path simIncludeDir, List<Path> runtimeSources) {}

    private KernelSources() {}

    static Extracted extract(Path outDir) throws IOException {
        Path kernel = outDir.resolve("kernel");
        Path include = outDir.resolve("sim").resolve("include");
        copyTree(KERNEL, "pim_rt.h", kernel);
        copyTree(SIM_INCLUDE, "defs.h", include);
        List<Path> sources = new ArrayList<>();
        try (Stream<Path> files = Files.list(kernel)) {
            files.filter(p -> p.getFileName().toString().endsWith(".c")).sorted().forEach(sources::add);
        }
        return new Extracted(kernel, include, sources);
    }

    private static void copyTree(String prefix, String knownFile, Path target) throws IOException {
        URL url = KernelSources.class.getClassLoader().getResource(prefix + "/" + knownFile);
        if (url == null) {
            throw new IOException("kernel runtime resource " + prefix + "/" + knownFile
                    + " is not on the classpath (is pimsql-runtime-dpu installed?)");
        }
        Files.createDirectories(target);
        if (url.getProtocol().equals("jar")) {
            String spec = url.getPath();
            String jarPath = spec.substring("file:".length(), spec.indexOf("!/"));
            try (JarFile jar = new JarFile(Paths.get(new URL("file:" + jarPath).toURI()).toFile())) {
                Enumeration<JarEntry> entries = jar.entries();
                while (entries.hasMoreElements()) {
                    JarEntry e = entries.nextElement();
                    String name = e.getName();
                    if (!e.isDirectory() && name.startsWith(prefix + "/") && name.indexOf('/', prefix.length() + 1) < 0) {
                        try (InputStream in = jar.getInputStream(e)) {
                            Files.copy(in, target.resolve(name.substring(prefix.length() + 1)),
                                    StandardCopyOption.REPLACE_EXISTING);
                        }
                    }
                }
            } catch (URISyntaxException e) {
                throw new IOException("bad jar location " + url, e);
            }
            return;
        }
        try {
            Path dir = Paths.get(url.toURI()).getParent();
            try (Stream<Path> files = Files.list(dir)) {
                for (Path p : files.filter(Files::isRegularFile).toList()) {
                    Files.copy(p, target.resolve(p.getFileName().toString()), StandardCopyOption.REPLACE_EXISTING);
                }
            }
        } catch (URISyntaxException e) {
            throw new IOException("bad resource location " + url, e);
        }
    }
}
