-- Reads of every partition (RelationsDifferentialTest, docs/multi-partition.md "Relations"): items, their stock
-- and orders of them, each table partitioned on its own key, so that a range over a key, a GROUP BY, a DISTINCT
-- or a join reads rows of every partition. STOCK and ITEM share the item number as partition key (a join on it
-- is co-located); ORDERS is partitioned on the order number (a join of an order with its item is not).

CREATE TABLE item (
    i_id    INTEGER      NOT NULL,
    i_cat   INTEGER      NOT NULL,
    i_name  VARCHAR(12),
    i_price DECIMAL(8,2) NOT NULL,
    PRIMARY KEY (i_id)
);
CREATE INDEX item_key ON item (i_id);
PARTITION TABLE item ON COLUMN i_id;

CREATE TABLE stock (
    s_i_id     INTEGER     NOT NULL,
    s_quantity INTEGER     NOT NULL,
    s_cat      INTEGER     NOT NULL,
    s_label    VARCHAR(10),
    PRIMARY KEY (s_i_id)
);
-- the primary index is a hash index: ranges over the key use this one
CREATE INDEX stock_key ON stock (s_i_id);
PARTITION TABLE stock ON COLUMN s_i_id;

CREATE TABLE orders (
    o_id   BIGINT  NOT NULL,
    o_i_id INTEGER NOT NULL,
    o_qty  INTEGER NOT NULL,
    PRIMARY KEY (o_id)
);
PARTITION TABLE orders ON COLUMN o_id;

-- A table partitioned on a string: the DPU hashes keys it reads from rows as the host does.
CREATE TABLE tag (
    t_name  VARCHAR(10) NOT NULL,
    t_count INTEGER     NOT NULL,
    PRIMARY KEY (t_name)
);
PARTITION TABLE tag ON COLUMN t_name;
