package org.pimsql.host.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.pimsql.frontend.SqlScript;
import org.pimsql.frontend.parser.SqlSplitter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code pimsql run SCRIPT.sql...}: executes the scripts' statements in order (DDL, {@code CALL p(...)},
 * {@code INSERT ... VALUES/SELECT}, read-only queries) against an embedded database and prints what calls
 * and queries return.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Executes SQL scripts against an embedded PimSQL database: DDL, CALL p(...), INSERT ... VALUES/SELECT "
                + "and read-only queries (SELECT, WITH, EXPLAIN PLAN FOR), in order. Each CALL's OUT parameters (written "
                + "as ?) and result sets, and each query's result, are printed as tables.",
                "Stops at the first error: file:line:col for compile errors, file:line with the SQLSTATE for a failing "
                + "statement (exit code 1)."})
final class RunCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "SCRIPT.sql", description = "Scripts to execute, in order.")
    List<Path> scripts;

    @CommandLine.Mixin
    DatabaseOptions database = new DatabaseOptions();

    @CommandLine.Mixin
    BackendOption backend = new BackendOption();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        List<SqlScript> inputs = ScriptInputs.read(scripts);
        var statements = new java.util.ArrayList<List<SqlSplitter.Statement>>();
        for (SqlScript script : inputs) { // every script splits before anything runs
            try {
                statements.add(SqlSplitter.split(script.text()));
            } catch (SqlSplitter.UnclosedException u) {
                throw new UserError(script.fileName() + ":" + u.line() + ":" + u.column(), u.getMessage());
            }
        }
        String url = backend.appendTo(database.url());
        try (var session = new SqlSession(Databases.open(url), out, false)) {
            for (int i = 0; i < inputs.size(); i++) {
                SqlScript script = inputs.get(i);
                try {
                    session.execute(script.fileName(), script.text(), statements.get(i));
                } catch (SqlSession.Failure f) {
                    out.flush();
                    err.print(f.getMessage());
                    return PimsqlMain.USER_ERROR;
                }
            }
        }
        return PimsqlMain.OK;
    }
}
