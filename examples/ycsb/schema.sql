-- YCSB (Cooper et al., "Benchmarking Cloud Serving Systems with YCSB", SoCC 2010): one table of
-- records, each a key and ten 100-byte fields.
--
-- The key is a BIGINT (as in BenchBase's YCSB) rather than YCSB's "user<hash>" strings: the
-- client maps its record number to the key, and an 8-byte integer hashes and compares cheaply on
-- a DPU.

CREATE TABLE usertable (
    ycsb_key BIGINT       NOT NULL,
    field0   VARCHAR(100) NOT NULL,
    field1   VARCHAR(100) NOT NULL,
    field2   VARCHAR(100) NOT NULL,
    field3   VARCHAR(100) NOT NULL,
    field4   VARCHAR(100) NOT NULL,
    field5   VARCHAR(100) NOT NULL,
    field6   VARCHAR(100) NOT NULL,
    field7   VARCHAR(100) NOT NULL,
    field8   VARCHAR(100) NOT NULL,
    field9   VARCHAR(100) NOT NULL,
    PRIMARY KEY (ycsb_key)
);

-- PimSQL's primary index is a hash index (point lookups); the range scan of ScanRecords needs keys
-- in order, which an ordered secondary index on the key provides.
CREATE INDEX usertable_key_order ON usertable (ycsb_key);

-- Records are spread over the partitions by key: every single-key operation is single-partition.
-- A scan is a range over the partition key, so it visits every partition (allowed for reads; the
-- compiler flags it and the host merges the partial results in key order).
PARTITION TABLE usertable ON COLUMN ycsb_key;
