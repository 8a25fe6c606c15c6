-- Tables partitioned by HASH (several columns, FNV-1a) and by MOD, for ExchangeRoutingTest: the kernel
-- must route every access of a multi-partition call with exactly the host router's partition function.
CREATE TABLE acct (w INTEGER NOT NULL, d INTEGER NOT NULL, id INTEGER NOT NULL, bal DECIMAL(12,2) NOT NULL,
                   PRIMARY KEY (w, d, id));
CREATE TABLE line (w INTEGER NOT NULL, d INTEGER NOT NULL, o INTEGER NOT NULL, n INTEGER NOT NULL,
                   item INTEGER NOT NULL, qty INTEGER NOT NULL, PRIMARY KEY (w, d, o, n));
CREATE INDEX line_by_order ON line (w, d, o, n);
CREATE TABLE stock (item INTEGER NOT NULL PRIMARY KEY, qty INTEGER NOT NULL);
CREATE TABLE item (id INTEGER NOT NULL PRIMARY KEY, name VARCHAR(24) NOT NULL, price DECIMAL(5,2) NOT NULL);
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
