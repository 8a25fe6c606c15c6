package org.pimsql.codegen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Set;
import java.util.HashSet;
import java.util.Map;
import org.pimsql.frontend.catalog.Catalog;
import org.pimsql.frontend.ir.Procedure;

/**
 * Compiles a catalog's procedures into DPU programs: lays out rows, parameters and results
 * ({@link SchemaLayout}), generates one C program with every procedure and one dispatcher, measures its
 * IRAM on the 32-bit proxy target and, when it is over budget, splits the procedures into several
 * programs (first-fit decreasing by each procedure's measured size, every program carrying the whole
 * runtime), then builds each program for the simulator.
 *
 * <p>Output directory: {@code kernel/} and {@code sim/include/} (the runtime sources), and one
 * {@code programN/} per program with {@code pim_schema.h}, {@code programN.c}, {@code libprogramN.so}
 * and {@code proxy/} (objects and the linked proxy ELF).
 */
public final class Codegen {
    private Codegen() {}

    public static CodegenResult generate(Catalog catalog, Path requestedOutDir, CodegenOptions options)
            throws IOException, BuildException {
        // clang runs in each program's directory, so every path handed to it must be absolute.
        Path outDir = requestedOutDir.toAbsolutePath().normalize();
        // procedures compiled with the multi-partition exchange; split() drops one that does not fit alone
        Set<String> exchange = new HashSet<>(ProgramGen.exchangeProcedures(catalog));
        SchemaLayout layout = LayoutBuilder.build(catalog, exchange);
        Files.createDirectories(outDir);
        KernelSources.Extracted kernel = KernelSources.extract(outDir);
        Toolchain tools = new Toolchain(options.clang());
        List<Procedure> all = catalog.procedureList();

        List<List<Procedure>> groups = new ArrayList<>();
        groups.add(all);
        List<Built> built = new ArrayList<>();
        Built whole = build(catalog, layout, all, 0, outDir, kernel, tools, options, exchange);
        if (options.buildProxy() && whole.estimate.instructions() > options.iramBudget() && all.size() > 0) {
            groups = split(catalog, layout, all, whole, outDir, kernel, tools, options, exchange);
            deleteProgramDir(outDir.resolve(programName(0)));
            for (int i = 0; i < groups.size(); i++) {
                built.add(build(catalog, layout, groups.get(i), i, outDir, kernel, tools, options, exchange));
            }
        } else {
            built.add(whole);
        }

        List<ProgramInfo> programs = new ArrayList<>();
        List<ProcedureLayout> procLayouts = new ArrayList<>(layout.procedures());
        for (int i = 0; i < built.size(); i++) {
            Built b = built.get(i);
            Path lib = options.buildNative() ? tools.buildNative(b.dir, b.source, kernel, b.name, b.tasklets) : null;
            Map<String, Integer> perProc = new LinkedHashMap<>();
            List<String> names = new ArrayList<>();
            for (Procedure p : b.procedures) {
                names.add(p.name());
                perProc.put(p.name(), b.estimate == null ? -1 : b.estimate.instructionsWithPrefix(prefix(p)));
                procLayouts.set(procLayouts.indexOf(layout.procedure(p.id())), layout.procedure(p.id()).withProgram(i));
            }
            programs.add(new ProgramInfo(i, b.name, names, b.source, lib,
                    b.estimate == null ? -1 : b.estimate.instructions(), b.estimate == null ? -1 : b.estimate.wramBytes(),
                    perProc, b.estimate == null ? "" : b.estimate.toolchain(), b.tasklets,
                    TreeWrites.any(b.procedures)));
        }
        return new CodegenResult(programs, new SchemaLayout(layout.memory(), layout.tables(), procLayouts), exchange);
    }

    static String programName(int id) {
        return "program" + id;
    }

    private static String prefix(Procedure p) {
        return "p" + p.id() + "_";
    }

    /** A generated program, its executing tasklets and, when the proxy was built, its measurement. */
    private record Built(String name, Path dir, Path source, List<Procedure> procedures, int tasklets,
                         IramEstimate estimate) {}

    private static Built build(Catalog catalog, SchemaLayout layout, List<Procedure> procs, int id, Path outDir,
                               KernelSources.Extracted kernel, Toolchain tools, CodegenOptions options,
                               Set<String> exchange) throws IOException, BuildException {
        String name = programName(id);
        Path dir = outDir.resolve(name);
        Files.createDirectories(dir);
        ProgramGen.Program program = ProgramGen.generate(catalog, layout, procs, name, 1, exchange);
        Path source = dir.resolve(name + ".c");
        Files.writeString(source, program.source(), StandardCharsets.UTF_8);
        int tasklets = executingTasklets(layout, procs, program.tables(), dir, source, kernel, tools, options);
        Files.writeString(dir.resolve("pim_schema.h"), ProgramGen.schemaHeader(layout, procs, program.tables(), tasklets),
                StandardCharsets.UTF_8);
        IramEstimate estimate = null;
        if (options.buildProxy()) {
            estimate = IramEstimate.measure(tools.buildProxy(dir, source, kernel, name, tasklets), tasklets, tools.proxy());
            if (estimate.instructions() > options.iramBudget() && tasklets > 1) {
                // Concurrency costs IRAM (barriers, the allocator's mutex, per-tasklet addressing): a program
                // that fits only without it runs its calls on one tasklet (waves still order them correctly).
                Files.writeString(dir.resolve("pim_schema.h"), ProgramGen.schemaHeader(layout, procs, program.tables(), 1),
                        StandardCharsets.UTF_8);
                IramEstimate one = IramEstimate.measure(tools.buildProxy(dir, source, kernel, name, 1), 1, tools.proxy());
                if (one.instructions() <= options.iramBudget()) {
                    tasklets = 1;
                    estimate = one;
                } else {
                    Files.writeString(dir.resolve("pim_schema.h"), ProgramGen.schemaHeader(layout, procs, program.tables(), tasklets),
                            StandardCharsets.UTF_8);
                    estimate = IramEstimate.measure(tools.buildProxy(dir, source, kernel, name, tasklets), tasklets,
                            tools.proxy());
                }
            }
        }
        return new Built(name, dir, source, procs, tasklets, estimate);
    }

    /**
     * As many executing tasklets as the requested count, the memory map's undo logs and WRAM allow
     * ({@link TaskletSizing}); measured on a one-tasklet build of the program in {@code dir/wram-probe}.
     */
    private static int executingTasklets(SchemaLayout layout, List<Procedure> procs, TableDriven tables, Path dir, Path source,
                                         KernelSources.Extracted kernel, Toolchain tools, CodegenOptions options)
            throws IOException, BuildException {
        int cap = Math.min(options.tasklets(), layout.memory().executingTasklets());
        if (cap == 1) {
            return 1;
        }
        Path probe = dir.resolve("wram-probe");
        Files.createDirectories(probe);
        Files.writeString(probe.resolve("pim_schema.h"), ProgramGen.schemaHeader(layout, procs, tables, 1), StandardCharsets.UTF_8);
        TaskletSizing.Sizes sizes = TaskletSizing.measure(tools, probe, source, kernel);
        deleteProgramDir(probe);
        return sizes.tasklets(cap);
    }

    /**
     * The options of split's trial builds: one executing tasklet, so that concurrency never costs a
     * program (each final program then gets as many tasklets as still fit its IRAM and WRAM).
     */
    private static CodegenOptions serial(CodegenOptions o) {
        return new CodegenOptions(o.buildNative(), o.buildProxy(), o.iramBudget(), 1, o.clang());
    }

    /**
     * Bin packing by measurement. Each procedure is first built alone: that gives its own code size and
     * the runtime it pulls in, and a procedure over budget even alone is an error naming it. A few
     * procedures are packed into the fewest programs that measure within budget ({@link ExactPacking});
     * otherwise (or when that finds nothing) procedures are placed largest first into the first program whose estimate (the largest runtime of its
     * members + the sum of their code) stays within budget; every resulting program is built and
     * measured, and one still over budget gives up its smallest procedure to the next program.
     */
    private static List<List<Procedure>> split(Catalog catalog, SchemaLayout layout, List<Procedure> all, Built whole,
                                               Path outDir, KernelSources.Extracted kernel, Toolchain tools,
                                               CodegenOptions options, Set<String> exchange)
            throws IOException, BuildException {
        int budget = options.iramBudget();
        Path trial = outDir.resolve("split-trial");
        Map<Procedure, Integer> size = new LinkedHashMap<>();
        Map<Procedure, Integer> runtime = new LinkedHashMap<>();
        for (Procedure p : all) {
            Built alone = build(catalog, layout, List.of(p), 0, trial, kernel, tools, serial(options), exchange);
            if (alone.estimate.instructions() > budget && exchange.remove(p.name())) {
                // the exchange's call sites and runtime do not fit: compile it for single-DPU calls only
                alone = build(catalog, layout, List.of(p), 0, trial, kernel, tools, serial(options), exchange);
            }
            int own = alone.estimate.instructionsWithPrefix(prefix(p));
            if (alone.estimate.instructions() > budget) {
                throw new BuildException("procedure " + p.name() + " needs " + alone.estimate.instructions()
                        + " instructions in a DPU program of its own (" + own + " of its own code, the rest runtime), over "
                        + "the IRAM budget of " + budget + ". Split it into smaller procedures.");
            }
            size.put(p, own);
            runtime.put(p, alone.estimate.instructions() - own);
        }
        // a procedure's code in the shared build (helpers it alone would inline stay shared), the rest runtime
        Map<Procedure, Integer> shared = new LinkedHashMap<>();
        Map<Procedure, Integer> rest = new LinkedHashMap<>();
        for (Procedure p : all) {
            int own = Math.min(size.get(p), whole.estimate.instructionsWithPrefix(prefix(p)));
            shared.put(p, own);
            rest.put(p, size.get(p) + runtime.get(p) - own);
        }
        List<List<Procedure>> exact = ExactPacking.pack(all, shared, rest, budget, bins -> {
            for (int i = 0; i < bins.size(); i++) {
                if (build(catalog, layout, sortedByCatalog(bins.get(i), all), i, trial, kernel, tools, serial(options), exchange)
                        .estimate.instructions() > budget) {
                    return false;
                }
            }
            return true;
        });
        if (exact != null) {
            deleteProgramDir(trial);
            List<List<Procedure>> result = new ArrayList<>();
            for (List<Procedure> bin : exact) {
                result.add(sortedByCatalog(bin, all));
            }
            return result;
        }
        List<Procedure> order = new ArrayList<>(all);
        order.sort(Comparator.comparingInt((Procedure p) -> size.get(p)).reversed());
        List<List<Procedure>> bins = new ArrayList<>();
        for (Procedure p : order) {
            List<Procedure> target = null;
            for (List<Procedure> bin : bins) {
                int rt = runtime.get(p);
                int code = size.get(p);
                for (Procedure q : bin) {
                    rt = Math.max(rt, runtime.get(q));
                    code += size.get(q);
                }
                if (rt + code <= budget) {
                    target = bin;
                    break;
                }
            }
            if (target == null) {
                target = new ArrayList<>();
                bins.add(target);
            }
            target.add(p);
        }
        // the estimate ignores runtime helpers that only the combination needs: verify every program
        for (int round = 0; round < all.size() * 2; round++) {
            boolean changed = false;
            for (int i = 0; i < bins.size(); i++) {
                List<Procedure> bin = sortedByCatalog(bins.get(i), all);
                Built b = build(catalog, layout, bin, i, trial, kernel, tools, serial(options), exchange);
                if (b.estimate.instructions() <= budget || bin.size() == 1) {
                    continue;
                }
                Procedure smallest = bin.stream().min(Comparator.comparingInt(size::get)).orElseThrow();
                bins.get(i).remove(smallest);
                if (i + 1 == bins.size()) {
                    bins.add(new ArrayList<>());
                }
                bins.get(i + 1).add(smallest);
                changed = true;
                break;
            }
            if (!changed) {
                break;
            }
        }
        deleteProgramDir(trial);
        List<List<Procedure>> result = new ArrayList<>();
        for (List<Procedure> bin : bins) {
            result.add(sortedByCatalog(bin, all));
        }
        return result;
    }

    private static List<Procedure> sortedByCatalog(List<Procedure> bin, List<Procedure> all) {
        List<Procedure> sorted = new ArrayList<>(bin);
        sorted.sort(Comparator.comparingInt(all::indexOf));
        return sorted;
    }

    private static void deleteProgramDir(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
