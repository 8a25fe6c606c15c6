-- Tables partitioned by HASH (two columns) and MOD, reached by a procedure whose every partition key is a
-- parameter: the host computes each partition once per call (route slots, docs/multi-partition.md
-- "Partitions the host computes"), so the program links no pim_mp_hash. For HostRoutedPartitionsTest.
CREATE TABLE acct (w INTEGER NOT NULL, d INTEGER NOT NULL, id INTEGER NOT NULL, bal DECIMAL(12,2) NOT NULL,
                   PRIMARY KEY (w, d, id));
CREATE TABLE journal (w INTEGER NOT NULL, d INTEGER NOT NULL, seq INTEGER NOT NULL, amount DECIMAL(12,2) NOT NULL,
                      PRIMARY KEY (w, d, seq));
CREATE TABLE branch (w INTEGER NOT NULL PRIMARY KEY, moves INTEGER NOT NULL);
PARTITION TABLE acct ON COLUMNS (w, d);
PARTITION TABLE journal ON COLUMNS (w, d);
PARTITION TABLE branch ON COLUMN w;

-- Moves amount from account (w1, d1) to account (w2, d2), journals it on the payer's partition and counts it
-- on the payee's branch; 45001: no payer, 45002: insufficient funds (decided on the payer's DPU). A missing
-- payee moves nothing to anyone but the journal and the count (its balance comes back NULL).
CREATE PROCEDURE Move(IN p_w1 INTEGER, IN p_d1 INTEGER, IN p_w2 INTEGER, IN p_d2 INTEGER, IN p_seq INTEGER,
                      IN p_amount DECIMAL(12,2), OUT p_b1 DECIMAL(12,2), OUT p_b2 DECIMAL(12,2))
    MODIFIES SQL DATA
BEGIN ATOMIC
    DECLARE v_bal DECIMAL(12,2);
    SET v_bal = (SELECT bal FROM acct WHERE w = p_w1 AND d = p_d1 AND id = 1);
    IF v_bal IS NULL THEN
        SIGNAL SQLSTATE '45001' SET MESSAGE_TEXT = 'Move: no payer';
    END IF;
    IF v_bal < p_amount THEN
        SIGNAL SQLSTATE '45002' SET MESSAGE_TEXT = 'Move: insufficient funds';
    END IF;
    UPDATE acct SET bal = bal - p_amount WHERE w = p_w1 AND d = p_d1 AND id = 1;
    UPDATE acct SET bal = bal + p_amount WHERE w = p_w2 AND d = p_d2 AND id = 1;
    INSERT INTO journal VALUES (p_w1, p_d1, p_seq, p_amount);
    UPDATE branch SET moves = moves + 1 WHERE w = p_w2;
    SELECT bal INTO p_b1 FROM acct WHERE w = p_w1 AND d = p_d1 AND id = 1;
    SET p_b2 = NULL; -- HSQLDB leaves a variable as it was when the subquery finds no row
    SET p_b2 = (SELECT bal FROM acct WHERE w = p_w2 AND d = p_d2 AND id = 1);
END;
