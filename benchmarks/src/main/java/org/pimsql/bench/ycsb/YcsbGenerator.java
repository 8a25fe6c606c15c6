package org.pimsql.bench.ycsb;

import java.util.SplittableRandom;

/**
 * The operation stream of one client: the workload's mix, keys from the chooser, a random field and a
 * fresh 100-character value for writes. Not thread-safe: one per client thread.
 */
public final class YcsbGenerator {
    private final YcsbWorkload workload;
    private final KeyChooser keys;
    private final SplittableRandom random;

    public YcsbGenerator(YcsbWorkload workload, KeyChooser keys, long seed) {
        this.workload = workload;
        this.keys = keys;
        this.random = new SplittableRandom(seed);
    }

    public YcsbOperation next() {
        YcsbOperation.Kind kind = workload.kindFor(random.nextDouble());
        long key = YcsbRecords.key(keys.next(random));
        return switch (kind) {
            case READ -> new YcsbOperation(kind, key, -1, null);
            case UPDATE, READ_MODIFY_WRITE -> new YcsbOperation(kind, key, random.nextInt(YcsbRecords.FIELDS),
                    YcsbRecords.value(random));
        };
    }

    public YcsbWorkload workload() {
        return workload;
    }
}
