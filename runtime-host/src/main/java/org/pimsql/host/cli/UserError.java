package org.pimsql.host.cli;

/**
 * A mistake the user can fix (a missing file, an unknown procedure, a failed C build): reported on
 * stderr as {@code pimsql: error: subject: message} ({@link PimsqlMain#ERROR}), exit code 1, never with a
 * stack trace.
 */
final class UserError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String subject;

    UserError(String subject, String message) {
        super(message);
        this.subject = subject;
    }

    /** {@code pimsql: error: subject: message}, then any detail lines of the message. */
    String format() {
        return PimsqlMain.ERROR + subject + ": " + getMessage() + (getMessage().endsWith("\n") ? "" : "\n");
    }
}
