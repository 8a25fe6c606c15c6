package org.pimsql.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** User text can never break out of C identifiers, string literals or comments. */
class CTextTest {
    @Test
    void identifiersAreMangledToSafeNames() {
        assertEquals("a_2a_2fb", CText.mangle("a*/b"));
        assertEquals("W_ID", CText.mangle("W_ID"));
        assertEquals("x_20y_22", CText.mangle("x y\""));
        assertEquals("x", CText.mangle(""));
        assertTrue(CText.mangle("ü\n;{}").matches("[A-Za-z0-9_]+"));
    }

    @Test
    void literalsAreEscapedCStrings() {
        assertEquals("\"x\\134n\\042\"", CText.literal("x\\n\""));
        assertEquals("\"a\\077\\077=\"", CText.literal("a??="));
        assertEquals("\"*/\\012\"", CText.literal("*/\n"));
        assertEquals("\"\\351\"", CText.literal("é"));
    }

    @Test
    void commentsCannotBeClosedEarly() {
        String c = CText.comment("SELECT 1 /* x */ FROM t -- y\n*/ ??/\\", 200);
        assertFalse(c.contains("*/"), c);
        assertFalse(c.contains("/*"), c);
        assertFalse(c.contains("??"), c);
        assertFalse(c.contains("\n"), c);
        assertFalse(c.endsWith("\\"), c);
        assertEquals("abc...", CText.comment("abcdef", 3));
    }
}
