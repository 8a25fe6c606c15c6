-- SmallBank (Alomari, Cahill, Fekete, Roehm: "The Cost of Serializability on Platforms That Use
-- Snapshot Isolation", ICDE 2008), in the table layout BenchBase uses.
--
-- Balances are DECIMAL(15,2): money is exact (no binary floating point), HSQLDB and PimSQL agree
-- digit for digit, and since the precision is at most 18 PimSQL stores the value as a 64-bit
-- integer scaled by 100, so it costs exactly what a BIGINT number of cents would cost on a DPU.

CREATE TABLE accounts (
    custid BIGINT      NOT NULL,
    name   VARCHAR(64) NOT NULL,
    PRIMARY KEY (custid)
);

CREATE TABLE savings (
    custid BIGINT        NOT NULL,
    bal    DECIMAL(15,2) NOT NULL,
    PRIMARY KEY (custid)
);

CREATE TABLE checking (
    custid BIGINT        NOT NULL,
    bal    DECIMAL(15,2) NOT NULL,
    PRIMARY KEY (custid)
);

-- All three tables are partitioned by customer: the account row, the savings row and the checking
-- row of one customer live in the same partition, so every procedure that names one customer is
-- single-partition. Amalgamate and SendPayment name two customers and may span two partitions.
PARTITION TABLE accounts ON COLUMN custid;
PARTITION TABLE savings ON COLUMN custid;
PARTITION TABLE checking ON COLUMN custid;
