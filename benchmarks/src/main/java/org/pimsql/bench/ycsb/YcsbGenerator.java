package org.pimsql.bench.ycsb;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The operation stream of one client: the workload's mix, keys from the chooser, a random field and a fresh
 * 100-character value for writes, a scan length uniform in [1, {@link YcsbWorkload#MAX_SCAN_LENGTH}], and for inserts
 * the next key of a counter the clients of a run share (the records after the loaded ones, as YCSB's
 * insertstart + its transaction insert sequence). Not thread-safe: one per client thread.
 */
public final class YcsbGenerator {
    private final YcsbWorkload workload;
    private final KeyChooser keys;
    private final SplittableRandom random;
    private final AtomicLong nextInsert;

    /** A generator whose inserts (if its workload has any) take the keys after {@code keys.records()}. */
    public YcsbGenerator(YcsbWorkload workload, KeyChooser keys, long seed) {
        this(workload, keys, seed, new AtomicLong(keys.records()));
    }

    /** A generator whose inserts take their keys from {@code nextInsert}, shared with the run's other clients. */
    public YcsbGenerator(YcsbWorkload workload, KeyChooser keys, long seed, AtomicLong nextInsert) {
        this.workload = workload;
        this.keys = keys;
        this.random = new SplittableRandom(seed);
        this.nextInsert = nextInsert;
    }

    public YcsbOperation next() {
        YcsbOperation.Kind kind = workload.kindFor(random.nextDouble());
        if (kind == YcsbOperation.Kind.INSERT) {
            long record = nextInsert.getAndIncrement();
            String[] fields = new String[YcsbRecords.FIELDS];
            for (int f = 0; f < fields.length; f++) {
                fields[f] = YcsbRecords.value(random);
            }
            return new YcsbOperation(kind, YcsbRecords.key(record), -1, null, -1, fields);
        }
        long key = YcsbRecords.key(keys.next(random));
        return switch (kind) {
            case READ -> new YcsbOperation(kind, key, -1, null);
            case UPDATE, READ_MODIFY_WRITE -> new YcsbOperation(kind, key, random.nextInt(YcsbRecords.FIELDS),
                    YcsbRecords.value(random));
            case SCAN -> new YcsbOperation(kind, key, -1, null, 1 + random.nextInt(YcsbWorkload.MAX_SCAN_LENGTH), null);
            case INSERT -> throw new IllegalStateException();
        };
    }

    public YcsbWorkload workload() {
        return workload;
    }
}
