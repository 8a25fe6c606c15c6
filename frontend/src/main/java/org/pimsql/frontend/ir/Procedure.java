package org.pimsql.frontend.ir;

import java.util.List;
import org.pimsql.frontend.catalog.SourcePos;

/**
 * A resolved, type-checked stored procedure.
 *
 * @param id            0-based position in the schema; the DPU dispatcher's procedure number
 * @param params        parameters in declaration order (ids 0..n-1)
 * @param locals        every local variable, hoisted out of nested blocks (ids follow the params)
 * @param cursors       every WITH RETURN cursor by result-set index: the opened ones in the order of their OPEN
 *                      statements (a cursor's position is its OPEN's {@code resultSetIndex}), then those never opened
 * @param modifiesData  true for MODIFIES SQL DATA (the default), false for READS SQL DATA
 * @param sourceText    the procedure's text as written, for listings and generated-code comments
 */
public record Procedure(int id, String name, List<Variable> params, List<Variable> locals, List<Cursor> cursors,
                        Block body, boolean modifiesData, int dynamicResultSets, SourcePos pos, String sourceText) {

    public List<Variable> allVariables() {
        var all = new java.util.ArrayList<Variable>(params);
        all.addAll(locals);
        return all;
    }
}
