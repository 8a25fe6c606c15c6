package org.pimsql.host.cli;

import java.util.Map;
import org.pimsql.frontend.CompileException;
import org.pimsql.frontend.SqlScript;

/** Carries a {@link CompileException} with the scripts needed to render its source lines and carets. */
final class CompileFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient CompileException error;
    private final transient Map<String, SqlScript> sources;

    CompileFailure(CompileException error, Map<String, SqlScript> sources) {
        super(error.getMessage(), error);
        this.error = error;
        this.sources = sources;
    }

    String format() {
        return error.format(sources);
    }
}
