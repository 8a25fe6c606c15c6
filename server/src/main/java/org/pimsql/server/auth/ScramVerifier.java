package org.pimsql.server.auth;

import com.ongres.scram.common.ScramFunctions;
import com.ongres.scram.common.ScramMechanism;
import com.ongres.scram.common.StringPreparation;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * What the server keeps of a password: PostgreSQL's SCRAM-SHA-256 verifier
 * ({@code SCRAM-SHA-256$<iterations>:<salt>$<StoredKey>:<ServerKey>}, base64 fields, the format of
 * {@code pg_authid.rolpassword}). The password itself is never stored.
 */
public record ScramVerifier(int iterations, byte[] salt, byte[] storedKey, byte[] serverKey) {
    public static final ScramMechanism MECHANISM = ScramMechanism.SCRAM_SHA_256;
    /** PostgreSQL's default ({@code scram_iterations}). */
    public static final int DEFAULT_ITERATIONS = 4096;

    public static ScramVerifier fromPassword(String password, SecureRandom random) {
        byte[] salt = ScramFunctions.salt(16, random);
        byte[] salted = ScramFunctions.saltedPassword(MECHANISM, StringPreparation.POSTGRESQL_PREPARATION,
                password.toCharArray(), salt, DEFAULT_ITERATIONS);
        return new ScramVerifier(DEFAULT_ITERATIONS, salt,
                ScramFunctions.storedKey(MECHANISM, ScramFunctions.clientKey(MECHANISM, salted)),
                ScramFunctions.serverKey(MECHANISM, salted));
    }

    /** Parses PostgreSQL's text form; throws IllegalArgumentException naming what is wrong. */
    public static ScramVerifier parse(String text) {
        String prefix = "SCRAM-SHA-256$";
        if (!text.startsWith(prefix)) {
            throw new IllegalArgumentException("not a SCRAM-SHA-256 verifier (expected " + prefix
                    + "<iterations>:<salt>$<StoredKey>:<ServerKey>)");
        }
        String[] halves = text.substring(prefix.length()).split("\\$");
        if (halves.length != 2) {
            throw new IllegalArgumentException("a SCRAM-SHA-256 verifier has two '$'-separated parts");
        }
        String[] iterSalt = halves[0].split(":");
        String[] keys = halves[1].split(":");
        if (iterSalt.length != 2 || keys.length != 2) {
            throw new IllegalArgumentException("expected <iterations>:<salt>$<StoredKey>:<ServerKey>");
        }
        var b64 = Base64.getDecoder();
        int iterations = Integer.parseInt(iterSalt[0]);
        if (iterations < 1) {
            throw new IllegalArgumentException("iterations must be positive");
        }
        return new ScramVerifier(iterations, b64.decode(iterSalt[1]), b64.decode(keys[0]), b64.decode(keys[1]));
    }

    @Override
    public String toString() {
        var b64 = Base64.getEncoder();
        return "SCRAM-SHA-256$" + iterations + ":" + b64.encodeToString(salt) + "$" + b64.encodeToString(storedKey)
                + ":" + b64.encodeToString(serverKey);
    }
}
