-- TPC-C (TPC Benchmark C, Standard Specification, revision 5.11), clause 1.3: all nine tables with
-- every column at full width.
--
-- Types: "N unique IDs" are INTEGER; numeric(1)..numeric(4) quantities and counters that stay
-- small are SMALLINT and the others INTEGER (clause 1.3.1 asks for at least the digits given);
-- signed numeric(p,s) money and rates are DECIMAL(p,s) exactly as specified; "fixed text, size N"
-- is CHAR(N); "variable text, size N" is VARCHAR(N); "date and time" is TIMESTAMP.

CREATE TABLE warehouse (
    w_id       INTEGER       NOT NULL,
    w_name     VARCHAR(10)   NOT NULL,
    w_street_1 VARCHAR(20)   NOT NULL,
    w_street_2 VARCHAR(20)   NOT NULL,
    w_city     VARCHAR(20)   NOT NULL,
    w_state    CHAR(2)       NOT NULL,
    w_zip      CHAR(9)       NOT NULL,
    w_tax      DECIMAL(4,4)  NOT NULL,
    w_ytd      DECIMAL(12,2) NOT NULL,
    PRIMARY KEY (w_id)
);

CREATE TABLE district (
    d_id        INTEGER       NOT NULL,
    d_w_id      INTEGER       NOT NULL,
    d_name      VARCHAR(10)   NOT NULL,
    d_street_1  VARCHAR(20)   NOT NULL,
    d_street_2  VARCHAR(20)   NOT NULL,
    d_city      VARCHAR(20)   NOT NULL,
    d_state     CHAR(2)       NOT NULL,
    d_zip       CHAR(9)       NOT NULL,
    d_tax       DECIMAL(4,4)  NOT NULL,
    d_ytd       DECIMAL(12,2) NOT NULL,
    d_next_o_id INTEGER       NOT NULL,
    PRIMARY KEY (d_w_id, d_id)
);

CREATE TABLE customer (
    c_id           INTEGER       NOT NULL,
    c_d_id         INTEGER       NOT NULL,
    c_w_id         INTEGER       NOT NULL,
    c_first        VARCHAR(16)   NOT NULL,
    c_middle       CHAR(2)       NOT NULL,
    c_last         VARCHAR(16)   NOT NULL,
    c_street_1     VARCHAR(20)   NOT NULL,
    c_street_2     VARCHAR(20)   NOT NULL,
    c_city         VARCHAR(20)   NOT NULL,
    c_state        CHAR(2)       NOT NULL,
    c_zip          CHAR(9)       NOT NULL,
    c_phone        CHAR(16)      NOT NULL,
    c_since        TIMESTAMP     NOT NULL,
    c_credit       CHAR(2)       NOT NULL,
    c_credit_lim   DECIMAL(12,2) NOT NULL,
    c_discount     DECIMAL(4,4)  NOT NULL,
    c_balance      DECIMAL(12,2) NOT NULL,
    c_ytd_payment  DECIMAL(12,2) NOT NULL,
    c_payment_cnt  INTEGER       NOT NULL,
    c_delivery_cnt INTEGER       NOT NULL,
    c_data         VARCHAR(500)  NOT NULL,
    PRIMARY KEY (c_w_id, c_d_id, c_id)
);

-- The specification gives HISTORY no primary key ("rows in the History table do not need to be
-- uniquely identified"), but PimSQL requires one. h_id is a synthetic key, numbered per home
-- warehouse: the loader numbers the initial rows 1..30,000 of each warehouse, and Payment takes the
-- next number from history_key (a sequence per warehouse, below).
CREATE TABLE history (
    h_id     BIGINT       NOT NULL,
    h_c_id   INTEGER      NOT NULL,
    h_c_d_id INTEGER      NOT NULL,
    h_c_w_id INTEGER      NOT NULL,
    h_d_id   INTEGER      NOT NULL,
    h_w_id   INTEGER      NOT NULL,
    h_date   TIMESTAMP    NOT NULL,
    h_amount DECIMAL(6,2) NOT NULL,
    h_data   VARCHAR(24)  NOT NULL,
    PRIMARY KEY (h_w_id, h_id)
);

CREATE TABLE new_order (
    no_o_id INTEGER NOT NULL,
    no_d_id INTEGER NOT NULL,
    no_w_id INTEGER NOT NULL,
    PRIMARY KEY (no_w_id, no_d_id, no_o_id)
);

-- Two helper tables that are not in the specification; they replace ordered indexes, so that the
-- programs of Payment and Delivery maintain no B+tree (README.md, "Helper tables"):
-- history_key: per warehouse, the last h_id used (a sequence; Payment adds 1 and takes it).
CREATE TABLE history_key (
    hk_w_id    INTEGER NOT NULL,
    hk_last_id BIGINT  NOT NULL,
    PRIMARY KEY (hk_w_id)
);

-- new_order_head: per district, the head of its NEW-ORDER queue. New-Order inserts order ids
-- D_NEXT_O_ID, D_NEXT_O_ID + 1, ... and Delivery removes the oldest, so a district's NEW-ORDER rows
-- are always the ids nh_o_id .. D_NEXT_O_ID - 1 (consistency condition 3): the oldest is nh_o_id, and
-- there is none when no row has that id.
CREATE TABLE new_order_head (
    nh_w_id INTEGER NOT NULL,
    nh_d_id INTEGER NOT NULL,
    nh_o_id INTEGER NOT NULL,
    PRIMARY KEY (nh_w_id, nh_d_id)
);

CREATE TABLE orders (
    o_id         INTEGER   NOT NULL,
    o_d_id       INTEGER   NOT NULL,
    o_w_id       INTEGER   NOT NULL,
    o_c_id       INTEGER   NOT NULL,
    o_entry_d    TIMESTAMP NOT NULL,
    o_carrier_id SMALLINT,
    o_ol_cnt     SMALLINT  NOT NULL,
    o_all_local  SMALLINT  NOT NULL,
    PRIMARY KEY (o_w_id, o_d_id, o_id)
);

CREATE TABLE order_line (
    ol_o_id        INTEGER      NOT NULL,
    ol_d_id        INTEGER      NOT NULL,
    ol_w_id        INTEGER      NOT NULL,
    ol_number      INTEGER      NOT NULL,
    ol_i_id        INTEGER      NOT NULL,
    ol_supply_w_id INTEGER      NOT NULL,
    ol_delivery_d  TIMESTAMP,
    ol_quantity    SMALLINT     NOT NULL,
    ol_amount      DECIMAL(6,2) NOT NULL,
    ol_dist_info   CHAR(24)     NOT NULL,
    PRIMARY KEY (ol_w_id, ol_d_id, ol_o_id, ol_number)
);

CREATE TABLE item (
    i_id    INTEGER      NOT NULL,
    i_im_id INTEGER      NOT NULL,
    i_name  VARCHAR(24)  NOT NULL,
    i_price DECIMAL(5,2) NOT NULL,
    i_data  VARCHAR(50)  NOT NULL,
    PRIMARY KEY (i_id)
);

CREATE TABLE stock (
    s_i_id       INTEGER     NOT NULL,
    s_w_id       INTEGER     NOT NULL,
    s_quantity   SMALLINT    NOT NULL,
    s_dist_01    CHAR(24)    NOT NULL,
    s_dist_02    CHAR(24)    NOT NULL,
    s_dist_03    CHAR(24)    NOT NULL,
    s_dist_04    CHAR(24)    NOT NULL,
    s_dist_05    CHAR(24)    NOT NULL,
    s_dist_06    CHAR(24)    NOT NULL,
    s_dist_07    CHAR(24)    NOT NULL,
    s_dist_08    CHAR(24)    NOT NULL,
    s_dist_09    CHAR(24)    NOT NULL,
    s_dist_10    CHAR(24)    NOT NULL,
    s_ytd        INTEGER     NOT NULL,
    s_order_cnt  INTEGER     NOT NULL,
    s_remote_cnt INTEGER     NOT NULL,
    s_data       VARCHAR(50) NOT NULL,
    PRIMARY KEY (s_w_id, s_i_id)
);

-- Ordered secondary indexes (PimSQL's primary indexes are hashed, so every access by a key prefix,
-- a range, ORDER BY or MIN/MAX goes through one of these):
-- Payment and OrderStatus by last name: the customers of a district with one last name, by first
-- name (c_id last, so that customers with equal first names still have one deterministic order).
CREATE INDEX customer_by_name ON customer (c_w_id, c_d_id, c_last, c_first, c_id);
-- OrderStatus: a customer's most recent order.
CREATE INDEX orders_by_customer ON orders (o_w_id, o_d_id, o_c_id, o_id);
-- Delivery, OrderStatus and StockLevel: the lines of one order, or of a range of orders.
CREATE INDEX order_line_by_order ON order_line (ol_w_id, ol_d_id, ol_o_id, ol_number);

-- Partitioning (the arithmetic is in README.md, "Partitioning"). One warehouse is about 85 MB of rows
-- at full size, more than the 55 MiB of row space a DPU has, so its tables are spread three ways:
-- - the district's tables, by (warehouse, district), hashed: a district's customers, orders, new
--   orders, order lines and new_order_head (about 9 MB with their indexes) live together, so Order-Status and
--   Delivery (one district per call) run on one partition, and so does the district row that
--   New-Order and Payment update;
-- - the warehouse row, its HISTORY and its history_key by warehouse (partition w mod P): Payment's
--   W_YTD and the warehouse's next history id;
-- - STOCK by item (partition i mod P): every partition holds an equal slice of every warehouse's
--   stock (32.8 MB per warehouse, too large to sit next to anything else).
-- ITEM is not partitioned: it is read-only, so it is replicated (and its reads can be answered on
-- the host). New-Order (district, warehouse and the partitions of its items' stock), Payment
-- (warehouse, district, customer's district) and Stock-Level (district and the stock of the items
-- it finds) are multi-partition.
PARTITION TABLE warehouse ON COLUMN w_id;
PARTITION TABLE history ON COLUMN h_w_id;
PARTITION TABLE history_key ON COLUMN hk_w_id;
PARTITION TABLE district ON COLUMNS (d_w_id, d_id);
PARTITION TABLE customer ON COLUMNS (c_w_id, c_d_id);
PARTITION TABLE new_order ON COLUMNS (no_w_id, no_d_id);
PARTITION TABLE new_order_head ON COLUMNS (nh_w_id, nh_d_id);
PARTITION TABLE orders ON COLUMNS (o_w_id, o_d_id);
PARTITION TABLE order_line ON COLUMNS (ol_w_id, ol_d_id);
PARTITION TABLE stock ON COLUMN s_i_id;
