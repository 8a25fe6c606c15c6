package org.pimsql.codegen;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Fewest programs for a handful of procedures: every way to put them into k programs (k = 2, 3, ...) is
 * ranked by its estimate (per program: the largest runtime of its members + the sum of their code), and
 * the best few of each k are built and measured until one fits. First-fit decreasing, which
 * {@link Codegen} falls back to, misses such packings when the sizes are close to the budget (TPC-C:
 * {NEWORDER, STOCKLEVEL} + {PAYMENT, DELIVERY, ORDERSTATUS}, each within a few percent of 4,096).
 */
final class ExactPacking {
    /** Procedures up to which every partition is ranked (Bell(8) = 4,140 partitions). */
    static final int MAX_PROCEDURES = 8;
    /** Packings built and measured per number of programs before trying one program more. */
    static final int TRIES_PER_COUNT = 4;
    /** Estimates may be this much over budget and still be tried (they are approximate, in percent). */
    static final int SLACK_PERCENT = 3;

    /** Builds every program of a packing and tells whether all of them fit the budget. */
    interface Verifier<P> {
        boolean fits(List<List<P>> bins) throws IOException, BuildException;
    }

    private ExactPacking() {}

    /** The packing into the fewest programs that verifies, or null when none was found within the limits. */
    static <P> List<List<P>> pack(List<P> all, Map<P, Integer> code, Map<P, Integer> runtime, int budget, Verifier<P> verifier)
            throws IOException, BuildException {
        if (all.size() > MAX_PROCEDURES) {
            return null;
        }
        long limit = (long) budget * (100 + SLACK_PERCENT) / 100;
        for (int k = 2; k < all.size(); k++) {
            List<List<List<P>>> candidates = new ArrayList<>();
            partitions(all, 0, k, new ArrayList<>(), candidates);
            candidates.sort(Comparator.comparingLong(c -> worst(c, code, runtime)));
            int tried = 0;
            for (List<List<P>> c : candidates) {
                if (tried == TRIES_PER_COUNT || worst(c, code, runtime) > limit) {
                    break;
                }
                tried++;
                if (verifier.fits(c)) {
                    return c;
                }
            }
        }
        return null;
    }

    /** The largest program estimate of a packing. */
    static <P> long worst(List<List<P>> bins, Map<P, Integer> code, Map<P, Integer> runtime) {
        long worst = 0;
        for (List<P> bin : bins) {
            long rt = 0;
            long sum = 0;
            for (P p : bin) {
                rt = Math.max(rt, runtime.get(p));
                sum += code.get(p);
            }
            worst = Math.max(worst, rt + sum);
        }
        return worst;
    }

    /** Every partition of all[i..] added to the bins so far, ending with exactly k non-empty bins. */
    private static <P> void partitions(List<P> all, int i, int k, List<List<P>> bins, List<List<List<P>>> out) {
        if (all.size() - i < k - bins.size()) {
            return; // too few procedures left to fill the remaining bins
        }
        if (i == all.size()) {
            List<List<P>> copy = new ArrayList<>();
            for (List<P> b : bins) {
                copy.add(List.copyOf(b));
            }
            out.add(copy);
            return;
        }
        P p = all.get(i);
        int existing = bins.size(); // by index: deeper calls add and remove bins while this loop runs
        for (int j = 0; j < existing; j++) {
            List<P> b = bins.get(j);
            b.add(p);
            partitions(all, i + 1, k, bins, out);
            b.remove(b.size() - 1);
        }
        if (bins.size() < k) {
            List<P> fresh = new ArrayList<>();
            fresh.add(p);
            bins.add(fresh);
            partitions(all, i + 1, k, bins, out);
            bins.remove(bins.size() - 1);
        }
    }
}
