package org.pimsql.host.engine;

/**
 * How long one table's hash chains are, over the DPUs that hold rows of it (docs/wire-format.md "Hash index"):
 * its rows, those DPUs' buckets and non-empty buckets, the longest chain, and {@code linksPerLookup}, the links (the bucket's and
 * the rows' headers before the row) a lookup of an existing key reads on average, every key counted once. A
 * lookup costs that many 8-byte reads until the row, then the row itself; 1.0 is the least.
 */
public record HashChainStats(String table, long rows, long buckets, long usedBuckets, int longestChain,
                             double linksPerLookup) {
    /** Rows per non-empty bucket: the average length of a chain that exists. */
    public double meanChain() {
        return usedBuckets == 0 ? 0 : (double) rows / usedBuckets;
    }
}
