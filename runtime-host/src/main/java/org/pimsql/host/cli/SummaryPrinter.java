package org.pimsql.host.cli;

import java.io.PrintWriter;
import java.util.List;
import org.pimsql.codegen.KernelEstimate;
import org.pimsql.codegen.vm.CompiledProcedure;
import org.pimsql.codegen.vm.KernelSpec;
import org.pimsql.codegen.vm.VmImage;
import org.pimsql.codegen.vm.VmLayout;
import org.pimsql.frontend.CompiledSchema;
import org.pimsql.frontend.analysis.ProcedureAnalysis;

/** The human-readable result of {@code pimsql compile}: one block per procedure, then the DPU program. */
final class SummaryPrinter {
    private SummaryPrinter() {}

    static void print(PrintWriter out, CompiledSchema schema, DpuBuild build, String outDir) {
        int tables = schema.catalog().tables().size();
        int procedures = schema.catalog().procedures().size();
        out.printf("compiled %d table%s and %d procedure%s into %s%n%n", tables, tables == 1 ? "" : "s",
                procedures, procedures == 1 ? "" : "s", outDir);
        for (ProcedureAnalysis p : schema.analysis().procedureList()) {
            printProcedure(out, p, program(build.result().image(), p.name()));
        }
        List<String> readOnly = schema.analysis().readOnlyTables();
        if (!readOnly.isEmpty()) {
            out.println("read-only tables (no procedure writes them): " + String.join(", ", readOnly));
            out.println();
        }
        for (String line : programLines(build.result().image(), build.estimate())) {
            out.println(line);
        }
    }

    static void printProcedure(PrintWriter out, ProcedureAnalysis p, CompiledProcedure program) {
        out.printf("procedure %s (%s)%n", p.name(), Describe.procedureClass(p.procedureClass()));
        out.println("  routing: " + p.routing().describe());
        out.println("  reads:   " + Describe.columnSet(p.readSet()));
        out.println("  writes:  " + Describe.columnSet(p.writeSet()));
        for (String flag : p.flags()) {
            out.println("  flag:    " + flag);
        }
        if (program != null) {
            out.println("  program: " + programLine(program));
        }
        out.println();
    }

    static String programLine(CompiledProcedure p) {
        return Describe.number(p.ninstr()) + " instructions, " + Describe.number(p.code().length) + " bytes of code, a "
                + Describe.number(p.frameBytes()) + "-byte frame";
    }

    /** What the DPUs run: one kernel for every procedure, its IRAM estimate and its tasklets. */
    static List<String> programLines(VmImage image, KernelEstimate estimate) {
        KernelSpec k = image.kernel();
        VmLayout w = image.layout();
        String iram = estimate == null ? "IRAM not measured"
                : "~" + Describe.number(estimate.instructions()) + " of " + Describe.number(DpuBuild.IRAM)
                + " instructions (rv32 proxy, machine outliner off)";
        var lines = new java.util.ArrayList<String>();
        lines.add("DPU program: one kernel for all " + image.procedures().size() + " procedures, " + iram + "; features: "
                + KernelSpec.describe(k.features()));
        if (estimate != null && estimate.instructions() > DpuBuild.IRAM) {
            lines.add("  warning: this kernel build is estimated larger than a DPU's IRAM: it runs on the simulator, but "
                    + "a DPU could not load it (docs/iram.md)");
        }
        lines.addAll(List.of(
                "  image: " + Describe.number(image.bytes().length) + " bytes in MRAM (" + Describe.number(w.codeBytes())
                        + " of code), loaded without building anything",
                "  tasklets: " + k.tasklets() + " run calls; WRAM " + Describe.number(w.sharedBytes()) + " B shared + "
                        + Describe.number(w.perTasklet()) + " B per tasklet (a " + Describe.number(w.frameBytes())
                        + "-byte frame, " + k.stackBytes() + "-byte stack) = " + Describe.number(w.wramBytes()) + " of "
                        + Describe.number(VmLayout.WRAM_BYTES)));
        return lines;
    }

    static CompiledProcedure program(VmImage image, String procedure) {
        for (CompiledProcedure p : image.procedures()) {
            if (p.name().equalsIgnoreCase(procedure)) {
                return p;
            }
        }
        return null;
    }
}
