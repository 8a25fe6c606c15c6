package org.pimsql.host.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pimsql.codegen.vm.CompiledProcedure;
import org.pimsql.codegen.vm.KernelSpec;
import org.pimsql.codegen.vm.VmLayout;
import org.pimsql.frontend.CompiledSchema;
import org.pimsql.frontend.analysis.Dependency;
import org.pimsql.frontend.analysis.PartitionFunction;
import org.pimsql.frontend.analysis.ProcedureAnalysis;
import org.pimsql.frontend.analysis.Routing;
import org.pimsql.frontend.analysis.StatementAnalysis;
import org.pimsql.frontend.analysis.TableAccess;
import org.pimsql.frontend.catalog.Column;
import org.pimsql.frontend.catalog.Index;
import org.pimsql.frontend.catalog.Table;
import org.pimsql.frontend.ir.Variable;

/**
 * {@code manifest.json}: everything a runtime or a tool needs to know about a compiled schema without
 * re-reading the SQL. Shape (version 1):
 * <pre>
 * { "format": "pimsql-manifest", "version": 1, "sources": [file...],
 *   "tables": [{ "id", "name", "readOnly", "columns": [{"name", "type", "nullable"}], "primaryKey": [col...],
 *                "indexes": [{"name", "columns", "unique"}],
 *                "partitioning": {"replicated", "columns", "function"} }],
 *   "procedures": [{ "id", "name", "program": {"instructions", "bytes", "frameBytes"},
 *                    "parameters": [{"name", "mode", "type"}], "class",
 *                    "readsSqlDataOnly", "dynamicResultSets",
 *                    "routing": {"description", "keys": [{"function", "text", "tuples", "tables", "statements"}],
 *                                "parameters", "arrays", "broadcastReads", "gatheredReads", "relationReads", "replicatedWrites",
 *                                "dataDependent",
 *                                "anyPartition", "allPartitions"},
 *                    "reads": {table: [col...]}, "writes": {table: [col...]}, "flags": [text...],
 *                    "abortDecision": [statement...],
 *                    "statements": [{ "id", "kind", "line", "column", "text", "parent", "depth",
 *                                     "accesses": [{"table", "operation", "path", "columnsRead", "columnsWritten",
 *                                                   "partition": {"kind", "description", "key", "afterStatements"}}],
 *                                     "variablesRead", "variablesWritten",
 *                                     "dependencies": [{"on", "kind", "detail"}] }] }],
 *   "kernel": { "id", "features": [name...], "tasklets", "stackBytes", "instructionEstimate", "wramBytes",
 *               "toolchain", "nativeLibrary" },
 *   "image": { "file", "listing", "bytes", "codeBytes", "sharedWramBytes", "perTaskletWramBytes", "frameBytes" } }
 * </pre>
 * One kernel runs every procedure (docs/vm.md); a procedure's "program" is its compiled code in the image.
 * Partition functions are named by {@link PartitionFunction#signature()}: {@code MOD} is
 * {@code floorMod(value, P)} of a single integer column, {@code HASH(...)} the FNV-1a hash documented there.
 */
final class Manifest {
    static final String FILE_NAME = "manifest.json";

    private Manifest() {}

    static Map<String, Object> build(CompiledSchema schema, List<String> sources, DpuBuild build, Path outDir) {
        var root = new LinkedHashMap<String, Object>();
        root.put("format", "pimsql-manifest");
        root.put("version", 1);
        root.put("sources", sources);
        List<String> readOnly = schema.analysis().readOnlyTables();
        root.put("tables", schema.catalog().tableList().stream().map(t -> table(t, readOnly.contains(t.name()))).toList());
        var procs = new ArrayList<Object>();
        for (ProcedureAnalysis p : schema.analysis().procedureList()) {
            procs.add(procedure(p, SummaryPrinter.program(build.result().image(), p.name())));
        }
        root.put("procedures", procs);
        root.put("kernel", kernel(build, outDir));
        root.put("image", image(build, outDir));
        return root;
    }

    static void write(Path file, Map<String, Object> manifest) throws IOException {
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), manifest);
    }

    private static Map<String, Object> table(Table t, boolean readOnly) {
        var m = new LinkedHashMap<String, Object>();
        m.put("id", t.id());
        m.put("name", t.name());
        m.put("readOnly", readOnly);
        var cols = new ArrayList<Object>();
        for (Column c : t.columns()) {
            var cm = new LinkedHashMap<String, Object>();
            cm.put("name", c.name());
            cm.put("type", c.type().toString());
            cm.put("nullable", c.nullable());
            cols.add(cm);
        }
        m.put("columns", cols);
        m.put("primaryKey", names(t, t.primaryKey().columns()));
        var indexes = new ArrayList<Object>();
        for (Index i : t.secondaryIndexes()) {
            var im = new LinkedHashMap<String, Object>();
            im.put("name", i.name());
            im.put("columns", names(t, i.columns()));
            im.put("unique", i.unique());
            indexes.add(im);
        }
        m.put("indexes", indexes);
        var part = new LinkedHashMap<String, Object>();
        part.put("replicated", t.replicated());
        part.put("columns", names(t, t.partitionColumns()));
        part.put("function", t.replicated() ? null : PartitionFunction.of(t).signature());
        m.put("partitioning", part);
        return m;
    }

    private static List<String> names(Table t, List<Integer> ordinals) {
        return ordinals.stream().map(o -> t.columns().get(o).name()).toList();
    }

    private static Map<String, Object> procedure(ProcedureAnalysis p, CompiledProcedure program) {
        var m = new LinkedHashMap<String, Object>();
        m.put("id", p.procedure().id());
        m.put("name", p.name());
        if (program != null) {
            var pm = new LinkedHashMap<String, Object>();
            pm.put("instructions", program.ninstr());
            pm.put("bytes", program.code().length);
            pm.put("frameBytes", program.frameBytes());
            m.put("program", pm);
        }
        var params = new ArrayList<Object>();
        for (Variable v : p.procedure().params()) {
            var pm = new LinkedHashMap<String, Object>();
            pm.put("name", v.name());
            pm.put("mode", v.mode().name());
            pm.put("type", v.type().toString());
            params.add(pm);
        }
        m.put("parameters", params);
        m.put("class", p.procedureClass().name());
        m.put("readsSqlDataOnly", !p.procedure().modifiesData());
        m.put("dynamicResultSets", p.procedure().dynamicResultSets());
        m.put("routing", routing(p.routing()));
        m.put("reads", p.readSet());
        m.put("writes", p.writeSet());
        m.put("flags", p.flags());
        m.put("abortDecision", p.abortDecision());
        m.put("statements", p.statements().stream().map(Manifest::statement).toList());
        return m;
    }

    private static Map<String, Object> routing(Routing r) {
        var m = new LinkedHashMap<String, Object>();
        m.put("description", r.describe());
        var keys = new ArrayList<Object>();
        for (Routing.PartitionKey k : r.keys()) {
            var km = new LinkedHashMap<String, Object>();
            km.put("function", k.function().signature());
            km.put("text", k.text());
            km.put("tuples", k.tupleTexts());
            km.put("tables", k.tables());
            km.put("statements", k.statements());
            keys.add(km);
        }
        m.put("keys", keys);
        m.put("parameters", r.routingParameters());
        m.put("arrays", r.routingArrays());
        m.put("broadcastReads", r.broadcastReads());
        m.put("gatheredReads", r.gatheredReads()); // broadcast reads merged on the host (docs/multi-partition.md)
        m.put("relationReads", r.relationReads()); // reads every participant reduces, the host merges ("Relations")
        m.put("replicatedWrites", r.replicatedWrites());
        m.put("dataDependent", r.dataDependent());
        m.put("anyPartition", r.anyPartition());
        m.put("allPartitions", r.touchesAllPartitions());
        return m;
    }

    private static Map<String, Object> statement(StatementAnalysis s) {
        var m = new LinkedHashMap<String, Object>();
        m.put("id", s.id());
        m.put("kind", s.kind());
        m.put("line", s.pos().line());
        m.put("column", s.pos().column());
        m.put("text", s.text());
        m.put("parent", s.parent());
        m.put("depth", s.depth());
        var accesses = new ArrayList<Object>();
        for (TableAccess a : s.accesses()) {
            var am = new LinkedHashMap<String, Object>();
            am.put("table", a.table());
            am.put("operation", a.operation().name());
            am.put("path", a.path());
            am.put("columnsRead", a.columnsRead());
            am.put("columnsWritten", a.columnsWritten());
            var pm = new LinkedHashMap<String, Object>();
            pm.put("kind", a.placement().kind().name());
            pm.put("description", a.placement().description());
            pm.put("key", a.placement().keyText());
            pm.put("afterStatements", List.copyOf(a.placement().afterStatements()));
            am.put("partition", pm);
            accesses.add(am);
        }
        m.put("accesses", accesses);
        m.put("variablesRead", s.variablesRead());
        m.put("variablesWritten", s.variablesWritten());
        var deps = new ArrayList<Object>();
        for (Dependency d : s.dependencies()) {
            var dm = new LinkedHashMap<String, Object>();
            dm.put("on", d.on());
            dm.put("kind", d.kind().name());
            dm.put("detail", d.detail());
            deps.add(dm);
        }
        m.put("dependencies", deps);
        return m;
    }

    private static Map<String, Object> kernel(DpuBuild b, Path outDir) {
        KernelSpec k = b.result().image().kernel();
        var m = new LinkedHashMap<String, Object>();
        m.put("id", k.id());
        var features = new ArrayList<String>();
        for (String f : KernelSpec.describe(k.features()).split(", ")) {
            if (!f.equals("none")) {
                features.add(f);
            }
        }
        m.put("features", features);
        m.put("tasklets", k.tasklets());
        m.put("stackBytes", k.stackBytes());
        m.put("instructionEstimate", b.estimate() == null ? -1 : b.estimate().instructions());
        m.put("wramBytes", b.estimate() == null ? -1 : b.estimate().wramBytes());
        m.put("largestFunctions", b.estimate() == null ? Map.of() : b.estimate().functions());
        m.put("toolchain", b.estimate() == null ? "" : b.estimate().toolchain());
        m.put("nativeLibrary", b.nativeKernel() == null ? null : b.nativeKernel().toString());
        return m;
    }

    private static Map<String, Object> image(DpuBuild b, Path outDir) {
        VmLayout w = b.result().image().layout();
        var m = new LinkedHashMap<String, Object>();
        m.put("file", outDir.relativize(b.image()).toString());
        m.put("listing", outDir.relativize(b.listing()).toString());
        m.put("bytes", b.result().image().bytes().length);
        m.put("codeBytes", w.codeBytes());
        m.put("sharedWramBytes", w.sharedBytes());
        m.put("perTaskletWramBytes", w.perTasklet());
        m.put("frameBytes", w.frameBytes());
        return m;
    }
}
