package org.pimsql.host.engine;

import java.util.List;

/**
 * What one participant of an exchange call reported after running it once (docs/multi-partition.md).
 *
 * @param status    0 = completed (its writes are kept until the host decides), 1 = failed (rolled back),
 *                  2 = blocked on a value it does not have (rolled back)
 * @param stop      the statement-instance ordinal where it failed or blocked
 * @param needDpu   when blocked: the DPU that owns the (first) missing value
 * @param needed    every DPU whose values it missed (when blocked: docs/multi-partition.md "Joins") and the owner of
 *                  every write it skipped
 * @param published the values of its local reads, one entry per statement instance
 */
public record ExchangeReport(int status, int stop, int needDpu, List<Integer> needed,
                             List<ExchangeVector.Entry> published) {
    public static final int COMPLETE = 0;
    public static final int FAILED = 1;
    public static final int BLOCKED = 2;

    public ExchangeReport {
        needed = List.copyOf(needed);
        published = List.copyOf(published);
    }

    public ExchangeReport(int status, int stop, int needDpu, List<ExchangeVector.Entry> published) {
        this(status, stop, needDpu, List.of(), published);
    }

    /**
     * Every DPU the participant needs, in report order: when blocked, those it needs values from; in any case, the
     * owners of the writes it skipped (a key computed on the DPU may name a DPU that does not take part yet).
     */
    public List<Integer> neededDpus() {
        if (status != BLOCKED) {
            return needed;
        }
        var all = new java.util.ArrayList<Integer>();
        all.add(needDpu);
        for (int d : needed) {
            if (!all.contains(d)) {
                all.add(d);
            }
        }
        return all;
    }
}
