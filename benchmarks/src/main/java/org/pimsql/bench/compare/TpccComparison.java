package org.pimsql.bench.compare;

import java.io.PrintWriter;
import org.pimsql.bench.measure.Measurement;

/** The TPC-C part of a comparison (placeholder until the TPC-C driver of issue 6 is merged). */
final class TpccComparison {
    TpccComparison(int warehouses, int clients, int outstanding, int warmup, int seconds, long seed, PrintWriter err) {}

    void runSystem(String which, int dpus, ComparisonReport report, CostSection cost, PrintWriter err) {
        report.add(Measurement.notRun(which, "TPC-C", "the TPC-C driver (issue 6) is not in this build yet"));
    }
}
