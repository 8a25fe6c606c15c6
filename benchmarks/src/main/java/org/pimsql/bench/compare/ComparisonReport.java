package org.pimsql.bench.compare;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.pimsql.bench.measure.Measurement;

/**
 * The comparison's results: a table (throughput, p50/p99 latency, retries, failures, and the ratio of
 * PimSQL's throughput to each row's), printed as text, written as Markdown, and drawn as a PNG bar chart.
 * A row that did not run shows its reason instead of numbers.
 */
public final class ComparisonReport {
    /** The measurement rows whose throughput the ratio columns divide. */
    public static final String PIMSQL_ASYNC = "PimSQL async";
    public static final String PIMSQL_SYNC = "PimSQL sync";

    private final List<Measurement> rows = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    public void add(Measurement m) {
        rows.add(m);
    }

    public void note(String line) {
        notes.add(line);
    }

    public List<Measurement> rows() {
        return List.copyOf(rows);
    }

    private Measurement find(String workload, String systemPrefix) {
        for (Measurement m : rows) {
            if (m.workload().equals(workload) && m.system().startsWith(systemPrefix) && m.ran()) {
                return m;
            }
        }
        return null;
    }

    private String ratio(Measurement pim, Measurement row) {
        if (pim == null || !row.ran() || row.throughput() == 0) {
            return "-";
        }
        return String.format(Locale.ROOT, "%.2fx", pim.throughput() / row.throughput());
    }

    private static final String[] HEADER = {"workload", "system", "tx/s", "p50 ms", "p99 ms", "retries", "failures",
            "PimSQL async / this", "PimSQL sync / this"};

    /** The rows grouped by workload (TPC-C first, then YCSB A, B, C, E, F), in run order within a workload. */
    private List<Measurement> ordered() {
        var sorted = new ArrayList<>(rows);
        sorted.sort(java.util.Comparator.comparing((Measurement m) -> m.workload().equals("TPC-C") ? "" : m.workload()));
        return sorted;
    }

    private List<String[]> cells() {
        var out = new ArrayList<String[]>();
        for (Measurement m : ordered()) {
            if (!m.ran()) {
                out.add(new String[] {m.workload(), m.system(), "not run: " + m.notRun(), "", "", "", "", "", ""});
                continue;
            }
            out.add(new String[] {m.workload(), m.system(),
                    String.format(Locale.ROOT, "%,.0f", m.throughput()),
                    String.format(Locale.ROOT, "%.2f", m.p50Millis()),
                    String.format(Locale.ROOT, "%.2f", m.p99Millis()),
                    String.format(Locale.ROOT, "%,d", m.retries()),
                    String.format(Locale.ROOT, "%,d", m.failures()),
                    ratio(find(m.workload(), PIMSQL_ASYNC), m),
                    ratio(find(m.workload(), PIMSQL_SYNC), m)});
        }
        return out;
    }

    /** The table as aligned text. */
    public void print(PrintWriter out) {
        List<String[]> cells = cells();
        int[] width = new int[HEADER.length];
        for (int i = 0; i < HEADER.length; i++) {
            width[i] = HEADER[i].length();
        }
        for (String[] row : cells) {
            for (int i = 0; i < row.length; i++) {
                if (!row[i].startsWith("not run")) {
                    width[i] = Math.max(width[i], row[i].length());
                }
            }
        }
        printRow(out, HEADER, width);
        for (String[] row : cells) {
            printRow(out, row, width);
        }
        for (String n : notes) {
            out.println(n);
        }
        out.flush();
    }

    private static void printRow(PrintWriter out, String[] row, int[] width) {
        var line = new StringBuilder();
        for (int i = 0; i < row.length; i++) {
            if (row[i].startsWith("not run")) {
                line.append(row[i]);
                break;
            }
            String cell = i < 2 ? String.format("%-" + width[i] + "s", row[i]) : String.format("%" + width[i] + "s", row[i]);
            line.append(cell).append(i + 1 < row.length ? "  " : "");
        }
        out.println(line.toString().stripTrailing());
    }

    /** The table as Markdown, under {@code heading} lines (date, machine, command). */
    public String markdown(List<String> heading) {
        var md = new StringBuilder();
        for (String h : heading) {
            md.append(h).append('\n');
        }
        md.append('\n');
        md.append("| ").append(String.join(" | ", HEADER)).append(" |\n");
        md.append("|---|---|").append("---:|".repeat(HEADER.length - 2)).append('\n');
        for (String[] row : cells()) {
            if (row[2].startsWith("not run")) {
                md.append("| ").append(row[0]).append(" | ").append(row[1]).append(" | ").append(row[2])
                        .append(" |").append(" |".repeat(HEADER.length - 3)).append('\n');
            } else {
                md.append("| ").append(String.join(" | ", row)).append(" |\n");
            }
        }
        if (!notes.isEmpty()) {
            md.append('\n');
            for (String n : notes) {
                md.append(n).append('\n');
            }
        }
        return md.toString();
    }

    /** A grouped bar chart of throughput: one group per workload, one bar per system. */
    public boolean writeChart(Path png, String title) throws IOException {
        if (rows.stream().noneMatch(Measurement::ran)) {
            return false; // nothing to draw
        }
        System.setProperty("java.awt.headless", "true");
        var workloads = new LinkedHashSet<String>();
        var systems = new LinkedHashSet<String>();
        for (Measurement m : rows) {
            workloads.add(m.workload());
            systems.add(m.system());
        }
        CategoryChart chart = new CategoryChartBuilder().width(1100).height(600).title(title)
                .xAxisTitle("workload").yAxisTitle("transactions per second").build();
        chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(org.knowm.xchart.style.Styler.LegendLayout.Horizontal);
        List<String> x = List.copyOf(workloads);
        for (String system : systems) {
            Map<String, Double> byWorkload = new LinkedHashMap<>();
            for (Measurement m : rows) {
                if (m.system().equals(system) && m.ran()) {
                    byWorkload.put(m.workload(), m.throughput());
                }
            }
            if (byWorkload.isEmpty()) {
                continue;
            }
            // a workload the system did not run gets no bar (the table says why)
            List<Double> y = x.stream().map(w -> byWorkload.getOrDefault(w, 0.0)).toList();
            chart.addSeries(system, x, y);
        }
        Files.createDirectories(png.toAbsolutePath().getParent());
        BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
        return true;
    }
}
