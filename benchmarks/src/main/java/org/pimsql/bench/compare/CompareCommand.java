package org.pimsql.bench.compare;

import java.io.PrintWriter;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.pimsql.bench.measure.Measurement;
import org.pimsql.bench.peers.BenchSystem;
import org.pimsql.bench.peers.H2System;
import org.pimsql.bench.peers.HsqldbSystem;
import org.pimsql.bench.peers.PimSqlSystem;
import org.pimsql.bench.peers.PostgresServer;
import org.pimsql.bench.peers.PostgresSystem;
import org.pimsql.bench.tpcc.TpccScale;
import org.pimsql.bench.ycsb.YcsbWorkload;
import org.pimsql.host.cli.ClientScheduling;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code pimsql bench compare}: PimSQL and its peers (HSQLDB, H2, PostgreSQL) on the same data and mix,
 * one system after the other, in one run: TPC-C and YCSB A/B/C/F. Prints the table, writes it as Markdown
 * and a PNG chart under the output directory.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Runs TPC-C and YCSB on PimSQL and on its peers (HSQLDB, H2, PostgreSQL) with the same data "
                + "and mix, and prints throughput, p50/p99 latency and PimSQL's ratio to each peer.",
                "Writes the table as Markdown and a PNG chart under --out. PimSQL runs twice per workload: with "
                + "synchronous JDBC clients (as the peers) and with asynchronous clients (callAsync, calls in flight)."})
public final class CompareCommand implements Callable<Integer> {

    @Option(names = "--systems", split = ",", paramLabel = "S",
            defaultValue = "pimsql,hsqldb,h2,postgres",
            description = "Systems to run, comma-separated: pimsql, pimsql-server (the same database through "
                    + "pimsql server and the PostgreSQL JDBC driver), hsqldb, h2, postgres (default ${DEFAULT-VALUE}).")
    List<String> systems;

    @Option(names = "--workloads", split = ",", paramLabel = "W", defaultValue = "tpcc,A,B,C,E,F",
            description = "tpcc and/or YCSB workloads A, B, C, E, F (default ${DEFAULT-VALUE}).")
    List<String> workloads;

    @Option(names = "--records", paramLabel = "N", defaultValue = "20000",
            description = "YCSB records, 1 KB each (default ${DEFAULT-VALUE}).")
    long records;

    @Option(names = "--distribution", paramLabel = "D", defaultValue = "zipfian",
            description = "YCSB key distribution: zipfian (scrambled, as YCSB) or uniform (default ${DEFAULT-VALUE}).")
    String distribution;

    @Option(names = "--theta", paramLabel = "T", defaultValue = "0.99",
            description = "Zipfian constant (default ${DEFAULT-VALUE}).")
    double theta;

    @Option(names = "--warehouses", paramLabel = "W",
            description = {"TPC-C warehouses (default: --dpus, a warehouse per DPU).",
                    "TPC-C only grows (orders, order lines, history): at today's speeds one warehouse fills its DPU's "
                    + "64 MiB MRAM within seconds when every terminal works on it."})
    Integer warehousesOption;
    int warehouses;

    @Option(names = "--tpcc-scale", paramLabel = "S", defaultValue = "reduced",
            description = {"TPC-C population: 'standard' (clause 4.3: 100,000 items, 3,000 customers and orders per "
                    + "district) or 'reduced' (10,000 items, 300 customers and orders per district; not a valid TPC-C "
                    + "database, but the same schema, transactions and mix), default ${DEFAULT-VALUE}.",
                    "A standard warehouse (~70 MB) does not fit one DPU's 64 MiB MRAM, and PimSQL places one "
                    + "warehouse per DPU."})
    String tpccScaleName;

    @Option(names = "--clients", paramLabel = "C", defaultValue = "4",
            description = "Client threads per system, each with its own connection (default ${DEFAULT-VALUE}).")
    int clients;

    @Option(names = "--outstanding", paramLabel = "M", defaultValue = "32",
            description = "Calls each PimSQL async client keeps in flight (default ${DEFAULT-VALUE}).")
    int outstanding;

    @Option(names = "--client-scheduling", paramLabel = "P", defaultValue = "batch", converter = ClientScheduling.Converter.class,
            description = {"How every system's client threads are scheduled: batch (default; Linux's SCHED_BATCH, so a "
                    + "client that wakes up does not preempt the database's threads on a busy CPU) or normal.",
                    "The clients share the CPUs with the database they measure: docs/performance.md \"Clients that "
                    + "preempt the executor\"."})
    ClientScheduling clientScheduling;

    @Option(names = "--dpus", paramLabel = "N", defaultValue = "8",
            description = "Simulated DPUs for PimSQL (default ${DEFAULT-VALUE}).")
    int dpus;

    @Option(names = "--seconds", paramLabel = "S", defaultValue = "8",
            description = "Measured seconds per system and workload (default ${DEFAULT-VALUE}).")
    int seconds;

    @Option(names = "--warmup", paramLabel = "S", defaultValue = "2",
            description = "Warm-up seconds before each measurement (default ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "42", description = "Random seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Where the Markdown table and PNG chart go (default: benchmarks/results in the source tree, "
                    + "else ./pimsql-results).")
    Path out;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The original command line, for the report's heading. */
    private String commandLine() {
        var args = spec.commandLine().getParseResult().originalArgs();
        return "bin/pimsql " + String.join(" ", args);
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        validate();
        long start = System.nanoTime();
        var ycsb = new ArrayList<YcsbWorkload>();
        boolean tpcc = false;
        for (String w : workloads) {
            if (w.equalsIgnoreCase("tpcc")) {
                tpcc = true;
            } else {
                ycsb.add(YcsbWorkload.parse(w));
            }
        }
        var settings = new YcsbSettings(records, distribution, theta, clients, outstanding, warmup, seconds, seed,
                clientScheduling);
        var report = new ComparisonReport();
        var cost = new CostSection();
        stdout.printf(Locale.ROOT, "Comparison: %s; %d client threads per system, %d s warm-up + %d s measured per run%n",
                String.join(", ", systems), clients, warmup, seconds);
        if (tpcc) {
            stdout.printf(Locale.ROOT, "TPC-C: %s, the standard mix (45/43/4/4/4), no keying or think time%n", tpccScale());
        }
        if (!ycsb.isEmpty()) {
            stdout.printf(Locale.ROOT, "YCSB %s: %,d records of 10 x 100 bytes, %s keys%n",
                    ycsb.stream().map(Enum::name).reduce((a, b) -> a + "," + b).orElse(""), records, settings.describeKeys());
        }
        stdout.flush();

        if (tpcc) {
            var tpccPart = new TpccComparison(tpccScale(), clients, outstanding, warmup, seconds, seed, clientScheduling);
            for (String s : systems) {
                tpccPart.runSystem(s, dpus, report, cost, err);
            }
        }
        if (!ycsb.isEmpty()) {
            var part = new YcsbComparison(settings, err);
            for (String s : systems) {
                runYcsb(s, part, ycsb, report, cost, err);
            }
        }

        double minutes = (System.nanoTime() - start) / 60e9;
        report.note(String.format(Locale.ROOT, "Total run time %.1f min. Ratios divide PimSQL's throughput on the same "
                + "workload by the row's.", minutes));
        stdout.println();
        report.print(stdout);
        cost.print(stdout);

        Path dir = outputDirectory();
        String stamp = ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        List<String> heading = heading();
        String markdown = report.markdown(heading) + "\n" + cost.markdown();
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("compare-" + stamp + ".md"), markdown);
        Files.writeString(dir.resolve("latest.md"), markdown);
        Path md = dir.resolve("compare-" + stamp + ".md");
        Path png = dir.resolve("compare-" + stamp + ".png");
        if (report.writeChart(png, "PimSQL vs peers: throughput (" + heading.get(1) + ")")) {
            Files.copy(png, dir.resolve("latest.png"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            stdout.printf("wrote %s and %s (also latest.md, latest.png)%n", md, png);
        } else {
            stdout.printf("wrote %s (also latest.md); no chart: nothing ran%n", md);
        }
        stdout.flush();
        // PimSQL is what is compared: a workload it could not run (a kernel that does not build, say) makes the
        // comparison fail, while a peer that is not installed does not
        for (Measurement m : report.rows()) {
            if (!m.ran() && m.system().startsWith("PimSQL") && !m.notRun().equals(TpccComparison.SERVER_SKIPS_TPCC)) {
                err.println(org.pimsql.host.cli.PimsqlMain.ERROR + m.system() + " did not run " + m.workload() + ": "
                        + m.notRun());
                err.flush();
                return org.pimsql.host.cli.PimsqlMain.USER_ERROR;
            }
        }
        return 0;
    }

    TpccScale tpccScale() {
        return tpccScaleName.equals("standard") ? TpccScale.standard(warehouses)
                : TpccScale.reduced(warehouses, 10_000, 300, 300);
    }

    private void validate() {
        warehouses = warehousesOption != null ? warehousesOption : dpus;
        if (!tpccScaleName.equals("standard") && !tpccScaleName.equals("reduced")) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--tpcc-scale is standard or reduced");
        }
        if (records < 1 || clients < 1 || outstanding < 1 || dpus < 1 || seconds < 1 || warmup < 0 || warehouses < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--records, --clients, --outstanding, --dpus, --seconds and --warehouses must be at least 1, --warmup at least 0");
        }
        for (String s : systems) {
            if (!List.of("pimsql", "pimsql-server", "hsqldb", "h2", "postgres").contains(s)) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "unknown system '" + s + "' (pimsql, pimsql-server, hsqldb, h2, postgres)");
            }
        }
        for (String w : workloads) {
            if (!w.equalsIgnoreCase("tpcc")) {
                try {
                    YcsbWorkload.parse(w);
                } catch (IllegalArgumentException e) {
                    throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage() + " or tpcc");
                }
            }
        }
        if (!distribution.equals("zipfian") && !distribution.equals("uniform")) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--distribution is zipfian or uniform");
        }
    }

    private List<String> heading() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (Exception e) {
            host = "?";
        }
        String date = ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'"));
        String machine = Runtime.getRuntime().availableProcessors() + " cores, " + cpuModel() + ", Java "
                + Runtime.version().feature() + ", " + System.getProperty("os.name") + " " + System.getProperty("os.arch");
        return List.of("## PimSQL vs peers, " + date,
                machine,
                "",
                "- machine: " + machine + " (host " + host + ")",
                "- command: `" + commandLine() + "`",
                String.format(Locale.ROOT, "- settings: %d client threads per system (%s); PimSQL on %d simulated DPUs, async "
                        + "clients keep up to %d calls in flight each; TPC-C clients play the terminals of every warehouse in turn "
                        + "(client i: warehouses i + 1, i + 1 + clients, ...); %d s warm-up + %d s measured per run; TPC-C %s; "
                        + "YCSB %,d records, %s keys", clients, clientScheduling.describe(), dpus, outstanding, warmup, seconds, tpccScale(), records,
                        distribution.equals("zipfian") ? "scrambled zipfian theta " + theta : "uniform"));
    }

    private static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).strip();
                }
            }
        } catch (Exception ignored) {
            // not Linux
        }
        return System.getProperty("os.arch");
    }

    private Path outputDirectory() {
        if (out != null) {
            return out;
        }
        Path dir = Path.of("").toAbsolutePath();
        for (Path p = dir; p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("benchmarks/pom.xml"))) {
                return p.resolve("benchmarks/results");
            }
        }
        return dir.resolve("pimsql-results");
    }

    /** Opens the system, loads YCSB, runs every workload, closes it; a failure becomes "not run" rows. */
    private void runYcsb(String which, YcsbComparison part, List<YcsbWorkload> ycsb, ComparisonReport report,
                         CostSection cost, PrintWriter err) {
        String label = switch (which) {
            case "pimsql" -> "PimSQL";
            case "pimsql-server" -> "PimSQL server";
            case "hsqldb" -> "HSQLDB";
            case "h2" -> "H2";
            default -> "PostgreSQL";
        };
        if (which.equals("postgres") && PostgresServer.unavailableReason().isPresent()) {
            for (YcsbWorkload w : ycsb) {
                report.add(Measurement.notRun(label, "YCSB-" + w, PostgresServer.unavailableReason().get()));
            }
            return;
        }
        err.printf("YCSB on %s: creating and loading %,d records ...%n", label, records);
        err.flush();
        try (BenchSystem system = openSystem(which, records)) {
            double load = part.prepare(system);
            err.printf(Locale.ROOT, "YCSB on %s: loaded in %.1f s%n", system.name(), load);
            err.flush();
            for (YcsbWorkload w : ycsb) {
                if (system instanceof PimSqlSystem pim) {
                    report.add(rename(part.run(system, ComparisonReport.PIMSQL_SYNC, w),
                            ComparisonReport.PIMSQL_SYNC + " (" + dpus + " DPUs)"));
                    var before = cost.snapshot(pim);
                    Measurement async = part.runAsync(pim, ComparisonReport.PIMSQL_ASYNC, w);
                    report.add(rename(async, ComparisonReport.PIMSQL_ASYNC + " (" + dpus + " DPUs)"));
                    cost.record("YCSB-" + w, pim, before, async);
                } else {
                    report.add(part.run(system, system.name(), w));
                }
                err.printf("  %s YCSB-%s done%n", label, w);
                err.flush();
            }
        } catch (Exception e) {
            err.printf("YCSB on %s failed: %s%n", label, e);
            err.flush();
            for (YcsbWorkload w : ycsb) {
                if (report.rows().stream().noneMatch(m -> m.workload().equals("YCSB-" + w) && m.system().startsWith(label))) {
                    report.add(Measurement.notRun(label, "YCSB-" + w, e.toString()));
                }
            }
        }
    }

    static Measurement rename(Measurement m, String system) {
        return new Measurement(system, m.workload(), m.transactions(), m.seconds(), m.latencyMicros(), m.failures(),
                m.retries(), m.notRun());
    }

    /** A fresh database on system {@code which}; {@code rows}: the largest table's rows (sizes PimSQL's buckets). */
    BenchSystem openSystem(String which, long rows) throws Exception {
        return switch (which) {
            case "pimsql" -> new PimSqlSystem(dpus, rows);
            case "pimsql-server" -> new org.pimsql.bench.peers.PimSqlServerSystem(dpus, rows);
            case "hsqldb" -> new HsqldbSystem();
            case "h2" -> new H2System();
            case "postgres" -> PostgresSystem.start();
            default -> throw new IllegalArgumentException(which);
        };
    }
}
