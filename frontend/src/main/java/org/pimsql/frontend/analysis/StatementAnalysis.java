package org.pimsql.frontend.analysis;

import java.util.List;
import org.pimsql.frontend.catalog.SourcePos;

/**
 * The analysis of one statement of a procedure (nested statements included, each on its own).
 *
 * @param id               the statement's id (source order; the numbering of {@code pimsql explain})
 * @param kind             SET, SELECT INTO, INSERT, UPDATE, DELETE, IF, WHILE, FOR, SIGNAL or OPEN
 * @param parent           the id of the enclosing IF/WHILE/FOR, or -1 at the top level
 * @param depth            nesting depth (0 at the top level)
 * @param accesses         its table accesses (a control statement's own are those of its condition or query)
 * @param variablesRead    variables and parameters it reads, by name
 * @param variablesWritten variables it assigns, by name
 * @param dependencies     what it depends on, sorted by statement id
 */
public record StatementAnalysis(int id, String kind, SourcePos pos, String text, int parent, int depth,
                                List<TableAccess> accesses, List<String> variablesRead, List<String> variablesWritten,
                                List<Dependency> dependencies) {

    public boolean writes() {
        return accesses.stream().anyMatch(TableAccess::isWrite);
    }
}
