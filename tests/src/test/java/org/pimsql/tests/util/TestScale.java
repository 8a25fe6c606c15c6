package org.pimsql.tests.util;

/**
 * The size of the slow suites (tagged {@code slow}). By default they run scaled down, so that the whole
 * build ({@code ./test.sh}, CI's {@code .ci/run}) stays within CI's time; {@code ./test.sh -Pfull-tests}
 * (or {@code -Dpimsql.test.full=true}) runs them at the full size their acceptance criteria name. Only the
 * amount of work changes with the scale, never what a test checks.
 */
public final class TestScale {
    /** True under {@code -Pfull-tests}. */
    public static final boolean FULL = Boolean.getBoolean("pimsql.test.full");

    private TestScale() {}

    /** {@code full} under {@code -Pfull-tests}, else {@code quick}. */
    public static int pick(int quick, int full) {
        return FULL ? full : quick;
    }
}
