package org.pimsql.bench.compare;

import org.pimsql.bench.ycsb.KeyChooser;
import org.pimsql.host.cli.ClientScheduling;

/** What every system runs in the YCSB part of a comparison: the same records, key distribution and clients. */
public record YcsbSettings(long records, String distribution, double theta, int clients, int outstanding,
                          int warmupSeconds, int seconds, long seed, ClientScheduling scheduling) {

    public KeyChooser keyChooser() {
        return switch (distribution) {
            case "uniform" -> KeyChooser.uniform(records);
            case "zipfian" -> KeyChooser.zipfian(records, theta);
            default -> throw new IllegalArgumentException("unknown distribution '" + distribution
                    + "' (uniform or zipfian)");
        };
    }

    public String describeKeys() {
        return distribution.equals("zipfian") ? "scrambled zipfian, theta " + theta : "uniform";
    }
}
