package org.pimsql.host.engine;

import java.util.List;

/**
 * What one participant of an exchange call reported after running it once (docs/multi-partition.md).
 *
 * @param status    0 = completed (its writes are kept until the host decides), 1 = failed (rolled back),
 *                  2 = blocked on a value it does not have (rolled back)
 * @param stop      the statement-instance ordinal where it failed or blocked
 * @param needDpu   when blocked: the DPU that owns the missing value
 * @param published the values of its local reads, one entry per statement instance
 */
public record ExchangeReport(int status, int stop, int needDpu, List<ExchangeVector.Entry> published) {
    public static final int COMPLETE = 0;
    public static final int FAILED = 1;
    public static final int BLOCKED = 2;

    public ExchangeReport {
        published = List.copyOf(published);
    }
}
