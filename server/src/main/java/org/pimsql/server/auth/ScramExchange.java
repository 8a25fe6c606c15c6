package org.pimsql.server.auth;

import com.ongres.scram.common.ScramFunctions;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The server side of one SCRAM-SHA-256 exchange (RFC 5802, RFC 7677, as PostgreSQL runs it: the user
 * name comes from the startup message, channel binding is not offered). The cryptographic primitives are
 * ongres' scram-common (the library the PostgreSQL JDBC driver uses); the message flow is here.
 *
 * <p>A user that does not exist gets the same exchange with a salt derived from the name and a server
 * secret, so the reply reveals nothing about which users exist; its proof can never verify.
 */
public final class ScramExchange {
    private final ScramVerifier verifier;
    private final boolean userExists;
    private final SecureRandom random;
    private String clientFirstBare;
    private String gs2Header;
    private String serverFirst;
    private String nonce;

    public ScramExchange(String user, UserStore users, byte[] serverSecret, SecureRandom random) {
        this.random = random;
        ScramVerifier known = users.verifier(user);
        this.userExists = known != null;
        this.verifier = known != null ? known : mock(user, serverSecret, random);
    }

    private static ScramVerifier mock(String user, byte[] serverSecret, SecureRandom random) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(serverSecret, "HmacSHA256"));
            byte[] salt = Arrays.copyOf(mac.doFinal(("salt:" + user).getBytes(StandardCharsets.UTF_8)), 16);
            byte[] key = new byte[32];
            random.nextBytes(key);
            return new ScramVerifier(ScramVerifier.DEFAULT_ITERATIONS, salt, key, key);
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Takes the client-first-message; returns the server-first-message. */
    public String clientFirst(String message) throws AuthenticationFailure {
        // gs2-header "n,," / "y,," (no channel binding) / "p=..." (binding: not offered), then the bare message
        // "n=<user>,r=<nonce>[,...]"; libpq leaves the user empty (the startup message names it), which
        // scram-common's parser rejects, so the few fields are read here
        int first = message.indexOf(',');
        int second = first < 0 ? -1 : message.indexOf(',', first + 1);
        if (second < 0 || message.isEmpty()) {
            throw new AuthenticationFailure("malformed SCRAM client-first-message");
        }
        if (message.charAt(0) == 'p') {
            throw new AuthenticationFailure("channel binding is not supported (use SCRAM-SHA-256, not -PLUS)");
        }
        if (message.charAt(0) != 'n' && message.charAt(0) != 'y') {
            throw new AuthenticationFailure("malformed SCRAM gs2 header");
        }
        gs2Header = message.substring(0, second + 1);
        clientFirstBare = message.substring(second + 1);
        String clientNonce = null;
        for (String attribute : clientFirstBare.split(",")) {
            if (attribute.startsWith("r=")) {
                clientNonce = attribute.substring(2);
            }
        }
        if (clientNonce == null || clientNonce.isEmpty()) {
            throw new AuthenticationFailure("SCRAM client-first-message without a nonce");
        }
        nonce = clientNonce + ScramFunctions.nonce(24, random);
        serverFirst = "r=" + nonce + ",s=" + Base64.getEncoder().encodeToString(verifier.salt()) + ",i="
                + verifier.iterations();
        return serverFirst;
    }

    /**
     * Takes the client-final-message; returns the server-final-message when the proof is right, else throws
     * (the same failure for a wrong password and an unknown user).
     */
    public String clientFinal(String message) throws AuthenticationFailure {
        if (serverFirst == null) {
            throw new AuthenticationFailure("SCRAM client-final-message before client-first-message");
        }
        int proofAt = message.lastIndexOf(",p=");
        if (proofAt < 0) {
            throw new AuthenticationFailure("malformed SCRAM client-final-message");
        }
        String withoutProof = message.substring(0, proofAt);
        String channelBinding = null;
        String finalNonce = null;
        for (String attribute : withoutProof.split(",")) {
            if (attribute.startsWith("c=")) {
                channelBinding = attribute.substring(2);
            } else if (attribute.startsWith("r=")) {
                finalNonce = attribute.substring(2);
            }
        }
        byte[] proof;
        try {
            proof = Base64.getDecoder().decode(message.substring(proofAt + 3));
        } catch (IllegalArgumentException e) {
            throw new AuthenticationFailure("malformed SCRAM proof");
        }
        String expectedBinding = Base64.getEncoder().encodeToString(gs2Header.getBytes(StandardCharsets.UTF_8));
        if (!expectedBinding.equals(channelBinding) || !nonce.equals(finalNonce)) {
            throw new AuthenticationFailure("SCRAM channel binding or nonce does not match");
        }
        String authMessage = clientFirstBare + "," + serverFirst + "," + withoutProof;
        boolean verified = proof.length == verifier.storedKey().length
                && ScramFunctions.verifyClientProof(ScramVerifier.MECHANISM, proof, verifier.storedKey(), authMessage);
        if (!verified || !userExists) {
            throw new AuthenticationFailure(null);
        }
        byte[] signature = ScramFunctions.serverSignature(ScramVerifier.MECHANISM, verifier.serverKey(), authMessage);
        return "v=" + Base64.getEncoder().encodeToString(signature);
    }

    /** Why authentication failed; the client only ever sees "password authentication failed". */
    public static final class AuthenticationFailure extends Exception {
        public AuthenticationFailure(String reason) {
            super(reason);
        }
    }
}
