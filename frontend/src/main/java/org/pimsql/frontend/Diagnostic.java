package org.pimsql.frontend;

import org.pimsql.frontend.catalog.SourcePos;

/** One user-facing compile error, located in the user's script. */
public record Diagnostic(SourcePos pos, String message) {}
