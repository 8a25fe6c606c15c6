-- Tables partitioned by HASH (several columns, FNV-1a) and by MOD, for ExchangeRoutingTest: the kernel
-- must route every access of a multi-partition call with exactly the host router's partition function.
CREATE TABLE acct (w INTEGER NOT NULL, d INTEGER NOT NULL, id INTEGER NOT NULL, bal DECIMAL(12,2) NOT NULL,
                   PRIMARY KEY (w, d, id));
CREATE TABLE line (w INTEGER NOT NULL, d INTEGER NOT NULL, o INTEGER NOT NULL, n INTEGER NOT NULL,
                   item INTEGER NOT NULL, qty INTEGER NOT NULL, PRIMARY KEY (w, d, o, n));
CREATE INDEX line_by_order ON line (w, d, o, n);
CREATE TABLE stock (item INTEGER NOT NULL PRIMARY KEY, qty INTEGER NOT NULL);
CREATE TABLE item (id INTEGER NOT NULL PRIMARY KEY, name VARCHAR(24) NOT NULL, price DECIMAL(5,2) NOT NULL);
-- Replicated: where an account's partner lives (a HASH key read on the DPU, for ReadLinked).
CREATE TABLE link (id INTEGER NOT NULL PRIMARY KEY, w INTEGER NOT NULL, d INTEGER NOT NULL);
PARTITION TABLE acct ON COLUMNS (w, d);
PARTITION TABLE line ON COLUMNS (w, d);
PARTITION TABLE stock ON COLUMN item;

-- Reads two accounts (usually on two DPUs): both owners publish, everyone returns both balances.
CREATE PROCEDURE ReadPair(IN w1 INTEGER, IN d1 INTEGER, IN w2 INTEGER, IN d2 INTEGER,
                          OUT b1 DECIMAL(12,2), OUT b2 DECIMAL(12,2))
    READS SQL DATA
BEGIN ATOMIC
    SELECT bal INTO b1 FROM acct WHERE w = w1 AND d = d1 AND id = 1;
    SELECT bal INTO b2 FROM acct WHERE w = w2 AND d = d2 AND id = 1;
END;

-- Reads an account and its linked partner, whose key comes from a row: the host computes the first
-- account's partition (a route slot), the DPU hashes the partner's key (pim_mp_hash) as the loader did.
CREATE PROCEDURE ReadLinked(IN w1 INTEGER, IN d1 INTEGER, IN p_link INTEGER,
                            OUT b1 DECIMAL(12,2), OUT b2 DECIMAL(12,2))
    READS SQL DATA
BEGIN ATOMIC
    DECLARE v_w INTEGER;
    DECLARE v_d INTEGER;
    SELECT bal INTO b1 FROM acct WHERE w = w1 AND d = d1 AND id = 1;
    SELECT w, d INTO v_w, v_d FROM link WHERE id = p_link;
    SELECT bal INTO b2 FROM acct WHERE w = v_w AND d = v_d AND id = 1;
END;

-- An INOUT key the procedure changes before its second read: that key is hashed on the DPU (its value is
-- not the argument's any more), the first read's too.
CREATE PROCEDURE ReadNext(INOUT p_w INTEGER, IN p_d INTEGER, OUT b1 DECIMAL(12,2), OUT b2 DECIMAL(12,2))
    READS SQL DATA
BEGIN ATOMIC
    SELECT bal INTO b1 FROM acct WHERE w = p_w AND d = p_d AND id = 1;
    SET p_w = p_w + 1;
    SELECT bal INTO b2 FROM acct WHERE w = p_w AND d = p_d AND id = 1;
END;

-- Moves amount between two accounts; the payer's DPU signals 45001 (funds), the payee's 45002 (unknown).
CREATE PROCEDURE Transfer(IN w1 INTEGER, IN d1 INTEGER, IN w2 INTEGER, IN d2 INTEGER, IN p_id2 INTEGER,
                          IN amount DECIMAL(12,2))
    MODIFIES SQL DATA
BEGIN ATOMIC
    DECLARE v_bal DECIMAL(12,2);
    DECLARE v_to DECIMAL(12,2);
    UPDATE acct SET bal = bal + amount WHERE w = w2 AND d = d2 AND id = p_id2;
    UPDATE acct SET bal = bal - amount WHERE w = w1 AND d = d1 AND id = 1;
    SELECT bal INTO v_bal FROM acct WHERE w = w1 AND d = d1 AND id = 1;
    IF v_bal < 0 THEN
        SIGNAL SQLSTATE '45001' SET MESSAGE_TEXT = 'Transfer: insufficient funds';
    END IF;
    SET v_to = (SELECT bal FROM acct WHERE w = w2 AND d = d2 AND id = p_id2);
    IF v_to IS NULL THEN
        SIGNAL SQLSTATE '45002' SET MESSAGE_TEXT = 'Transfer: unknown payee';
    END IF;
END;

-- An order's lines with their items' names (a cursor over one partition joined with a replicated table),
-- in a call that also reads the stock of one item (another DPU): only the lines' owner opens the cursor.
CREATE PROCEDURE OrderLines(IN p_w INTEGER, IN p_d INTEGER, IN p_o INTEGER, IN p_item INTEGER, OUT p_qty INTEGER)
    READS SQL DATA
    DYNAMIC RESULT SETS 1
BEGIN ATOMIC
    DECLARE lines CURSOR WITH RETURN FOR
        SELECT n, item, name, qty FROM line, item
        WHERE w = p_w AND d = p_d AND o = p_o AND id = item
        ORDER BY n;
    SET p_qty = (SELECT qty FROM stock WHERE item = p_item);
    OPEN lines;
END;

-- Stock-Level's shape: the distinct items of a district's recent lines (one partition) whose stock (the
-- partition of each item) is below a threshold.
CREATE PROCEDURE LowStock(IN p_w INTEGER, IN p_d INTEGER, IN p_from INTEGER, IN p_threshold INTEGER,
                          OUT p_low INTEGER)
    READS SQL DATA
BEGIN ATOMIC
    DECLARE v_low INTEGER;
    DECLARE v_first INTEGER;
    SELECT COUNT(DISTINCT stock.item) INTO v_low
        FROM line, stock
        WHERE line.w = p_w AND line.d = p_d AND line.o >= p_from
          AND stock.item = line.item AND stock.qty < p_threshold;
    SET v_first = (SELECT MIN(stock.qty) FROM line, stock WHERE line.w = p_w AND line.d = p_d AND line.o = p_from
                   AND stock.item = line.item);
    IF v_first IS NULL THEN
        SIGNAL SQLSTATE '45003' SET MESSAGE_TEXT = 'LowStock: no lines';
    END IF;
    SET p_low = v_low;
END;

-- A FOR loop over one order's lines (one partition) whose body reads the stock of each line's item (any
-- partition): the lines' owner publishes them, every participant runs the body over them.
CREATE PROCEDURE SumLines(IN p_w INTEGER, IN p_d INTEGER, IN p_o INTEGER, OUT p_total INTEGER, OUT p_stock INTEGER)
    READS SQL DATA
BEGIN ATOMIC
    DECLARE v_total INTEGER DEFAULT 0;
    DECLARE v_stock INTEGER DEFAULT 0;
    DECLARE v_q INTEGER;
    FOR SELECT item AS v_item, qty AS v_qty FROM line WHERE w = p_w AND d = p_d AND o = p_o DO
        SET v_total = v_total + v_qty;
        SET v_q = (SELECT qty FROM stock WHERE item = v_item);
        SET v_stock = v_stock + v_q;
    END FOR;
    SET p_total = v_total;
    SET p_stock = v_stock;
END;
