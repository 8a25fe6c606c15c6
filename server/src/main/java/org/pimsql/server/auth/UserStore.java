package org.pimsql.server.auth;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The users the operator allows: a text file of {@code name:verifier} lines ({@code #} starts a comment),
 * the verifier in PostgreSQL's SCRAM-SHA-256 form. {@code pimsql server --add-user} writes such lines;
 * a verifier copied from PostgreSQL's {@code pg_authid.rolpassword} works as well.
 */
public final class UserStore {
    private final Map<String, ScramVerifier> users;

    public UserStore(Map<String, ScramVerifier> users) {
        this.users = Map.copyOf(users);
    }

    public static UserStore read(Path file) throws IOException {
        var users = new LinkedHashMap<String, ScramVerifier>();
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int colon = line.indexOf(':');
            if (colon <= 0) {
                throw new IOException(file + ":" + (i + 1) + ": expected name:SCRAM-SHA-256$...");
            }
            try {
                users.put(line.substring(0, colon), ScramVerifier.parse(line.substring(colon + 1)));
            } catch (IllegalArgumentException e) {
                throw new IOException(file + ":" + (i + 1) + ": " + e.getMessage(), e);
            }
        }
        return new UserStore(users);
    }

    /** Adds or replaces {@code name}'s line in {@code file} (created if missing), keeping the other lines. */
    public static void writeUser(Path file, String name, ScramVerifier verifier) throws IOException {
        if (name.isEmpty() || name.contains(":") || name.chars().anyMatch(Character::isWhitespace)) {
            throw new IOException("a user name must be non-empty, without ':' or spaces: '" + name + "'");
        }
        var kept = new java.util.ArrayList<String>();
        if (Files.exists(file)) {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (!line.startsWith(name + ":")) {
                    kept.add(line);
                }
            }
        }
        kept.add(name + ":" + verifier);
        Files.write(file, kept, StandardCharsets.UTF_8);
    }

    public ScramVerifier verifier(String user) {
        return users.get(user);
    }

    public int size() {
        return users.size();
    }
}
