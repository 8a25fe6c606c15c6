package org.pimsql.host.cli;

/**
 * A mistake the user can fix (a missing file, an unknown procedure, a failed C build): reported on
 * stderr as {@code subject: error: message}, exit code 1, never with a stack trace.
 */
final class UserError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String subject;

    UserError(String subject, String message) {
        super(message);
        this.subject = subject;
    }

    /** The javac-style rendering: {@code subject: error: message}, indented detail lines, and the error count. */
    String format() {
        return subject + ": error: " + getMessage() + (getMessage().endsWith("\n") ? "" : "\n") + "1 error\n";
    }
}
