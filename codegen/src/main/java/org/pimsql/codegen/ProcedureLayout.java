package org.pimsql.codegen;

import java.util.List;

/**
 * How one procedure's calls and results are encoded.
 *
 * @param id          the procedure number in a call header
 * @param name        the procedure name
 * @param params      the parameter block that follows the call header; OUT and INOUT parameters come first
 * @param outBytes    the prefix of {@code params} returned after a successful call (0 without OUT/INOUT parameters)
 * @param outParams   names of the OUT and INOUT parameters, in declaration order
 * @param resultSets  the procedure's WITH RETURN cursors, by result-set index
 * @param program     the program (ProgramInfo.id) whose dispatcher runs this procedure
 * @param routes      partitions the host computes for the procedure's exchange calls, in u32 slots at the end
 *                    of {@code params} (after every parameter; {@link RouteSlots}); empty for most procedures
 */
public record ProcedureLayout(int id, String name, BlockLayout params, int outBytes, List<String> outParams,
                              List<ResultSetLayout> resultSets, int program, List<RouteSlot> routes) {
    public ProcedureLayout {
        outParams = List.copyOf(outParams);
        resultSets = List.copyOf(resultSets);
        routes = List.copyOf(routes);
    }

    ProcedureLayout withProgram(int programId) {
        return new ProcedureLayout(id, name, params, outBytes, outParams, resultSets, programId, routes);
    }
}
