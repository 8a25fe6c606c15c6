package org.pimsql.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.ongres.scram.common.ScramFunctions;
import com.ongres.scram.common.StringPreparation;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.pimsql.server.auth.ScramExchange;
import org.pimsql.server.auth.ScramVerifier;
import org.pimsql.server.auth.UserStore;
import org.pimsql.server.protocol.PgType;
import org.pimsql.server.protocol.PgValues;
import org.pimsql.server.sql.CallText;
import org.pimsql.server.sql.Command;
import org.pimsql.server.sql.Placeholders;

/** The server's parts below the protocol: value formats, parameter rewriting, CALL parsing, SCRAM. */
class ProtocolUnitsTest {

    @Test
    void numericBinaryIsPostgresBase10000Form() throws SQLException {
        // 12345.678: weight 1 (one group before the point), digits 1 2345 6780, display scale 3
        ByteBuffer b = ByteBuffer.wrap(PgValues.binary(new BigDecimal("12345.678"), PgType.NUMERIC));
        assertEquals(3, b.getShort());
        assertEquals(1, b.getShort());
        assertEquals(0, b.getShort());
        assertEquals(3, b.getShort());
        assertEquals(1, b.getShort());
        assertEquals(2345, b.getShort());
        assertEquals(6780, b.getShort());
        for (String v : List.of("0", "0.00", "-1.50", "100000000.00", "0.0001", "-99999999999999.99", "42")) {
            BigDecimal d = new BigDecimal(v);
            assertEquals(d, PgValues.fromBinary(PgValues.binary(d, PgType.NUMERIC), PgType.NUMERIC), v);
        }
    }

    @Test
    void textAndBinaryRoundTrips() throws SQLException {
        Timestamp t = Timestamp.valueOf("2026-11-26 09:30:01.123456");
        assertEquals("2026-11-26 09:30:01.123456", PgValues.textString(t, PgType.TIMESTAMP));
        assertEquals(t, PgValues.fromBinary(PgValues.binary(t, PgType.TIMESTAMP), PgType.TIMESTAMP));
        assertEquals(t, PgValues.fromText("2026-11-26 09:30:01.123456+01", PgType.TIMESTAMP), "offsets are dropped");
        assertEquals(-7L, PgValues.fromBinary(PgValues.binary(-7L, PgType.INT8), PgType.INT8));
        assertEquals(true, PgValues.fromText("on", PgType.BOOL));
        assertEquals("{1,NULL,3}", PgValues.textString(java.util.Arrays.asList(1L, null, 3L), PgType.INT8_ARRAY));
        assertEquals(java.util.Arrays.asList(1L, null, 3L), PgValues.fromText("{1,NULL,3}", PgType.INT8_ARRAY));
        assertEquals(List.of(1L, 2L), PgValues.fromBinary(PgValues.binary(List.of(1L, 2L), PgType.INT8_ARRAY),
                PgType.INT8_ARRAY));
        assertEquals("22P02", assertThrows(SQLException.class, () -> PgValues.fromText("x1", PgType.INT4)).getSQLState());
    }

    @Test
    void numberedParametersBecomePositional() {
        Placeholders p = Placeholders.of("SELECT '$1', \"$2\" FROM t WHERE a = $2 AND b = $1 -- $3\n AND c = $2");
        assertEquals("SELECT '$1', \"$2\" FROM t WHERE a = ? AND b = ? -- $3\n AND c = ?", p.jdbcSql());
        assertEquals(List.of(2, 1, 2), p.order());
        assertEquals(2, p.count());
    }

    @Test
    void callsAsPostgresClientsWriteThem() throws SQLException {
        CallText c = CallText.parse("CALL public.DepositChecking(-5, E'it''s\\n', '1.50'::numeric, NULL, $2, "
                + "ARRAY[1, 2], CAST('7' AS bigint), TRUE);");
        assertEquals("DEPOSITCHECKING", c.procedure());
        assertEquals(List.of(new CallText.Constant(-5L), new CallText.Constant("it's\n"), new CallText.Constant("1.50"),
                new CallText.Constant(null), new CallText.Parameter(2), new CallText.Constant(List.of(1L, 2L)),
                new CallText.Constant("7"), new CallText.Constant(true)), c.arguments());
        assertEquals("\"MixedCase\"(1)", CallText.jdbcSelectCall("select * from \"MixedCase\"(1) as result"));
        assertEquals("MixedCase", CallText.parseInvocation("\"MixedCase\"(1)").procedure());
        assertEquals("42601", assertThrows(SQLException.class, () -> CallText.parse("CALL p(1 + 2)")).getSQLState());
        assertEquals("3F000", assertThrows(SQLException.class, () -> CallText.parse("CALL other.p()")).getSQLState());
        assertEquals(Command.Kind.DDL, Command.classify("CREATE PROCEDURE p() BEGIN ATOMIC END").kind());
        assertEquals(Command.Kind.SESSION, Command.classify("begin").kind());
        assertEquals(Command.Kind.CATALOG, Command.classify("select version()").kind());
        assertEquals(Command.Kind.CALL, Command.classify("SELECT * FROM balance($1, $2) AS result").kind());
    }

    /** A SCRAM-SHA-256 client, as libpq runs it (empty user name in the client-first-message). */
    private static String[] client(ScramExchange server, String password) throws ScramExchange.AuthenticationFailure {
        String clientNonce = "rOprNGfwEbeRWgbNEkqO";
        String bare = "n=,r=" + clientNonce;
        String serverFirst = server.clientFirst("n,," + bare);
        Map<String, String> f = new java.util.HashMap<>();
        for (String a : serverFirst.split(",")) {
            f.put(a.substring(0, 1), a.substring(2));
        }
        assertTrue(f.get("r").startsWith(clientNonce));
        byte[] salted = ScramFunctions.saltedPassword(ScramVerifier.MECHANISM, StringPreparation.POSTGRESQL_PREPARATION,
                password.toCharArray(), Base64.getDecoder().decode(f.get("s")), Integer.parseInt(f.get("i")));
        String withoutProof = "c=biws,r=" + f.get("r");
        String auth = bare + "," + serverFirst + "," + withoutProof;
        byte[] clientKey = ScramFunctions.clientKey(ScramVerifier.MECHANISM, salted);
        byte[] signature = ScramFunctions.clientSignature(ScramVerifier.MECHANISM,
                ScramFunctions.storedKey(ScramVerifier.MECHANISM, clientKey), auth);
        String proof = Base64.getEncoder().encodeToString(ScramFunctions.clientProof(clientKey, signature));
        String serverFinal = server.clientFinal(withoutProof + ",p=" + proof);
        byte[] expected = ScramFunctions.serverSignature(ScramVerifier.MECHANISM,
                ScramFunctions.serverKey(ScramVerifier.MECHANISM, salted), auth);
        return new String[] {serverFinal, "v=" + Base64.getEncoder().encodeToString(expected)};
    }

    @Test
    void scramAcceptsTheRightPasswordOnlyAndHidesWhichUsersExist() throws Exception {
        var random = new SecureRandom();
        var users = new UserStore(Map.of("alice", ScramVerifier.fromPassword("pw", random)));
        byte[] secret = new byte[32];
        String[] ok = client(new ScramExchange("alice", users, secret, random), "pw");
        assertEquals(ok[1], ok[0], "the server proves it knows the verifier");
        assertThrows(ScramExchange.AuthenticationFailure.class,
                () -> client(new ScramExchange("alice", users, secret, random), "wrong"));
        assertThrows(ScramExchange.AuthenticationFailure.class,
                () -> client(new ScramExchange("mallory", users, secret, random), "pw"));
        // an unknown user gets a stable salt, as a known one does
        String first1 = new ScramExchange("mallory", users, secret, random).clientFirst("n,,n=,r=abc");
        String first2 = new ScramExchange("mallory", users, secret, random).clientFirst("n,,n=,r=abc");
        assertEquals(first1.split(",s=")[1], first2.split(",s=")[1]);
        // the verifier's text form is PostgreSQL's and reads back
        ScramVerifier v = ScramVerifier.fromPassword("pw", random);
        ScramVerifier back = ScramVerifier.parse(v.toString());
        assertArrayEquals(v.storedKey(), back.storedKey());
        assertTrue(v.toString().startsWith("SCRAM-SHA-256$4096:"));
    }
}
