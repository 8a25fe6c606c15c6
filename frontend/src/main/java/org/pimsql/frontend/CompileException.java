package org.pimsql.frontend;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The user's scripts have errors. Carries every diagnostic found (in source order); {@link #format}
 * renders them javac-style: {@code file:line:col: error: message}, the source line, and a caret.
 */
public final class CompileException extends Exception {
    private final List<Diagnostic> diagnostics;

    public CompileException(List<Diagnostic> diagnostics) {
        super(diagnostics.isEmpty() ? "compile error" : diagnostics.getFirst().pos() + ": " + diagnostics.getFirst().message());
        this.diagnostics = List.copyOf(diagnostics);
    }

    public CompileException(Diagnostic diagnostic) {
        this(List.of(diagnostic));
    }

    public List<Diagnostic> diagnostics() {
        return diagnostics;
    }

    /** javac-style rendering; {@code sources} maps file names to scripts for the source-line excerpt. */
    public String format(Map<String, SqlScript> sources) {
        return diagnostics.stream().map(d -> {
            var sb = new StringBuilder();
            sb.append(d.pos().file()).append(':').append(d.pos().line()).append(':').append(d.pos().column())
              .append(": error: ").append(d.message()).append('\n');
            SqlScript script = sources.get(d.pos().file());
            if (script != null && d.pos().line() > 0) {
                String line = script.line(d.pos().line());
                sb.append(line).append('\n');
                int col = Math.max(1, d.pos().column());
                for (int i = 1; i < col && i <= line.length(); i++) {
                    sb.append(line.charAt(i - 1) == '\t' ? '\t' : ' ');
                }
                sb.append("^\n");
            }
            return sb.toString();
        }).collect(Collectors.joining()) + diagnostics.size() + (diagnostics.size() == 1 ? " error" : " errors") + "\n";
    }
}
