package org.pimsql.host.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLSyntaxErrorException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class CallSyntaxTest {
    @Test
    void escapeAndPlainCallsParse() throws Exception {
        CallSyntax call = CallSyntax.parse("{ call payment(?, 12, -3.50, 'O''Brien', NULL, TRUE, ?, ARRAY[1, 2]) }");
        assertEquals("PAYMENT", call.procedure());
        assertEquals(List.of(new CallSyntax.Placeholder(1), new CallSyntax.Literal(12L),
                new CallSyntax.Literal(new BigDecimal("-3.50")), new CallSyntax.Literal("O'Brien"),
                new CallSyntax.Literal(null), new CallSyntax.Literal(true), new CallSyntax.Placeholder(2),
                new CallSyntax.Literal(Arrays.asList(1L, 2L))), call.arguments());
        assertEquals(2, call.placeholderCount());
        assertEquals("MixedCase", CallSyntax.parse("CALL public.\"MixedCase\"();").procedure());
        assertEquals("pr\"oc", CallSyntax.parse("CALL \"pr\"\"oc\"(21, ?)").procedure(), "a doubled quote is one quote");
        assertEquals(List.of(), CallSyntax.parse("{call noargs}").arguments());
    }

    @Test
    void callsAreToldApartFromScripts() {
        assertTrue(CallSyntax.isCall("  call p(1)"));
        assertTrue(CallSyntax.isCall("{call p}"));
        assertFalse(CallSyntax.isCall("CALLER_TABLE"));
        assertFalse(CallSyntax.isCall("CREATE TABLE t (id INT PRIMARY KEY)"));
    }

    @Test
    void malformedCallsAreSyntaxErrors() {
        assertThrows(SQLSyntaxErrorException.class, () -> CallSyntax.parse("CALL p(1,"));
        assertThrows(SQLSyntaxErrorException.class, () -> CallSyntax.parse("CALL p('open)"));
        assertThrows(SQLSyntaxErrorException.class, () -> CallSyntax.parse("{call p(1)"));
        assertThrows(SQLSyntaxErrorException.class, () -> CallSyntax.parse("CALL \"p\"\"(1)"));
        assertThrows(SQLSyntaxErrorException.class, () -> CallSyntax.parse("CALL p(1) extra"));
        assertThrows(SQLFeatureNotSupportedException.class, () -> CallSyntax.parse("{? = call f(1)}"));
    }
}
