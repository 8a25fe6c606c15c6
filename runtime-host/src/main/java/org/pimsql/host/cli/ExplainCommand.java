package org.pimsql.host.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.pimsql.frontend.analysis.ProcedureAnalysis;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code pimsql explain FILE.sql [MORE.sql ...] PROC}: one procedure's analysed plan, then its program for the DPU
 * kernel with each statement's source line, as SQLite's EXPLAIN prints a VDBE program (docs/vm.md).
 */
@Command(name = "explain", mixinStandardHelpOptions = true,
        description = "Print one procedure's plan (numbered statements with their access paths, partitions and "
                + "dependencies) and its DPU program, instruction by instruction with its source lines.")
final class ExplainCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "2..*", paramLabel = "FILE.sql... PROC",
            description = "The schema and procedure scripts, in order, then the procedure's name.")
    List<String> arguments;

    @picocli.CommandLine.Option(names = "--dpus", paramLabel = "N", defaultValue = "64",
            description = "DPUs of the placement shown (default ${DEFAULT-VALUE}).")
    int dpus;

    @picocli.CommandLine.Option(names = "--partitions", paramLabel = "P",
            description = "Logical partitions (default: one per DPU).")
    Integer partitions;

    @Override
    public Integer call() {
        var files = new ArrayList<Path>();
        for (String a : arguments.subList(0, arguments.size() - 1)) {
            files.add(Path.of(a));
        }
        String wanted = arguments.getLast();
        SchemaLoader.Loaded loaded = SchemaLoader.load(files);
        ProcedureAnalysis p = find(loaded, wanted);
        PlanPrinter.print(spec.commandLine().getOut(), p);
        var out = spec.commandLine().getOut();
        try {
            var placement = org.pimsql.host.engine.PartitionPlacement.modulo(partitions == null ? dpus : partitions, dpus);
            out.println("placement: " + placement.describe());
        } catch (IllegalArgumentException e) {
            throw new UserError("explain", e.getMessage());
        }
        var merged = new java.util.TreeSet<Integer>(p.routing().gatheredReads());
        merged.addAll(p.routing().relationReads());
        if (p.routing().exchange() && !merged.isEmpty()) {
            out.println("execution: exchange call" + (p.routing().startsEverywhere() ? " on every DPU" : "") + "; statement"
                    + (merged.size() == 1 ? " " : "s ") + String.join(", ", merged.stream().map(String::valueOf).toList())
                    + ": each participant reduces its rows, the host merges them (scatter-gather, relations: "
                    + "docs/multi-partition.md)");
        } else if (p.routing().exchange()) {
            out.println("execution: exchange call when its keys name partitions on several DPUs "
                    + "(re-execution with value exchange, docs/multi-partition.md)");
        }
        printProgram(out, loaded, p.name());
        out.flush();
        return PimsqlMain.OK;
    }

    /** The procedure's compiled program and what the kernel needs to run it (features, tasklets, WRAM). */
    private static void printProgram(java.io.PrintWriter out, SchemaLoader.Loaded loaded, String name) {
        org.pimsql.codegen.CodegenResult result;
        try {
            result = org.pimsql.codegen.Codegen.compile(loaded.schema().catalog());
        } catch (org.pimsql.codegen.BuildException e) {
            throw new UserError(name, "the schema does not fit a DPU: " + e.getMessage());
        }
        var program = SummaryPrinter.program(result.image(), name);
        out.println();
        out.println("program: " + SummaryPrinter.programLine(program));
        for (String line : program.listing().lines()) {
            out.println(line);
        }
        out.println();
        for (String line : SummaryPrinter.programLines(result.image(), null)) {
            out.println(line);
        }
    }

    /** Exact (canonical) name first, then case-insensitively, as an unquoted identifier would match. */
    private static ProcedureAnalysis find(SchemaLoader.Loaded loaded, String wanted) {
        var analysis = loaded.schema().analysis();
        if (analysis.procedure(wanted) != null) {
            return analysis.procedure(wanted);
        }
        for (ProcedureAnalysis p : analysis.procedureList()) {
            if (p.name().equalsIgnoreCase(wanted)) {
                return p;
            }
        }
        if (wanted.toLowerCase(java.util.Locale.ROOT).endsWith(".sql")) {
            throw new UserError(wanted, "expected a procedure name as the last argument of explain, after the scripts");
        }
        List<String> names = analysis.procedureList().stream().map(ProcedureAnalysis::name).toList();
        throw new UserError(wanted, "no procedure named " + wanted + " in " + String.join(", ", loaded.fileNames())
                + (names.isEmpty() ? " (it defines no procedures)" : "; its procedures are " + String.join(", ", names)));
    }
}
