package org.pimsql.host.backend;

import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Copies one folder of classpath resources (the C sources that travel in the runtime-dpu and
 * runtime-host jars) to a directory, from a jar or from a classes directory alike.
 */
final class ResourceTree {
    private ResourceTree() {}

    /**
     * Copies the regular files directly under {@code prefix} (a resource folder containing
     * {@code knownFile}, which locates it) into {@code target}; returns the copies, sorted by name.
     */
    static List<Path> copy(String prefix, String knownFile, Path target) throws IOException {
        URL url = ResourceTree.class.getClassLoader().getResource(prefix + "/" + knownFile);
        if (url == null) {
            throw new IOException("resource " + prefix + "/" + knownFile + " is not on the classpath");
        }
        Files.createDirectories(target);
        var copied = new ArrayList<Path>();
        if (url.getProtocol().equals("jar")) {
            var connection = (JarURLConnection) url.openConnection();
            connection.setUseCaches(false);
            try (JarFile jar = connection.getJarFile()) {
                Enumeration<JarEntry> entries = jar.entries();
                while (entries.hasMoreElements()) {
                    JarEntry e = entries.nextElement();
                    String name = e.getName();
                    if (!e.isDirectory() && name.startsWith(prefix + "/") && name.indexOf('/', prefix.length() + 1) < 0) {
                        Path out = target.resolve(name.substring(prefix.length() + 1));
                        try (InputStream in = jar.getInputStream(e)) {
                            Files.copy(in, out, StandardCopyOption.REPLACE_EXISTING);
                        }
                        copied.add(out);
                    }
                }
            }
        } else {
            try {
                Path dir = Path.of(url.toURI()).getParent();
                try (Stream<Path> files = Files.list(dir)) {
                    for (Path p : files.filter(Files::isRegularFile).toList()) {
                        Path out = target.resolve(p.getFileName().toString());
                        Files.copy(p, out, StandardCopyOption.REPLACE_EXISTING);
                        copied.add(out);
                    }
                }
            } catch (URISyntaxException e) {
                throw new IOException("bad resource location " + url, e);
            }
        }
        copied.sort(null);
        return copied;
    }
}
