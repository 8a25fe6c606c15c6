package org.pimsql.frontend.resolve;

import org.pimsql.frontend.Diagnostic;
import org.pimsql.frontend.catalog.SourcePos;

/**
 * A user error found while resolving one statement. Thrown from deep inside resolution and caught at
 * statement level, where it becomes one {@link Diagnostic} so that the other statements are still checked.
 */
final class SemanticException extends RuntimeException {
    private final transient Diagnostic diagnostic;

    SemanticException(SourcePos pos, String message) {
        super(message, null, false, false);
        this.diagnostic = new Diagnostic(pos, message);
    }

    /**
     * A follow-on error caused by one already reported (a use of a table or variable whose declaration
     * failed). It stops the statement but is not shown: the user fixes the first error.
     */
    static SemanticException followOn() {
        return new SemanticException(null, null);
    }

    boolean isFollowOn() {
        return diagnostic.pos() == null;
    }

    Diagnostic diagnostic() {
        return diagnostic;
    }
}
