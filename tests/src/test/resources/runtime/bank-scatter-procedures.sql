-- Broadcast reads in multi-partition calls (ScatterGatherTest, docs/multi-partition.md "Broadcast
-- reads"): reads of the bank's checking and accounts tables without an equality on the partition key
-- (custid), so they visit every partition; the host merges the partitions' partials. Each procedure
-- mixes such a read with partitioned reads and writes, and some abort after it.

-- The total and number of checking balances.
CREATE PROCEDURE TotalChecking(OUT p_total DECIMAL(15,2), OUT p_n BIGINT)
    READS SQL DATA
BEGIN ATOMIC
    SELECT SUM(bal), COUNT(*) INTO p_total, p_n FROM checking;
END;

-- Aggregates over the balances above a threshold: with a high threshold no row matches (COUNT 0, the
-- others NULL).
CREATE PROCEDURE CheckingStats(IN p_above DECIMAL(15,2), OUT p_n BIGINT, OUT p_sum DECIMAL(15,2),
                               OUT p_min DECIMAL(15,2), OUT p_max DECIMAL(15,2), OUT p_custs BIGINT)
    READS SQL DATA
BEGIN ATOMIC
    SELECT COUNT(*), SUM(bal), MIN(bal), MAX(bal), COUNT(DISTINCT custid)
        INTO p_n, p_sum, p_min, p_max, p_custs FROM checking WHERE bal > p_above;
END;

-- A deposit that is refused (45010) when the bank's total checking balance would exceed a cap: a
-- SIGNAL decided by a merged aggregate, before and after a partitioned write.
CREATE PROCEDURE CappedDeposit(IN p_custid BIGINT, IN p_amount DECIMAL(15,2), IN p_cap DECIMAL(15,2))
    MODIFIES SQL DATA
BEGIN ATOMIC
    DECLARE v_total DECIMAL(15,2);
    DECLARE v_name VARCHAR(64);
    UPDATE checking SET bal = bal + p_amount WHERE custid = p_custid;
    SET v_total = (SELECT SUM(bal) FROM checking);
    IF v_total > p_cap THEN
        SIGNAL SQLSTATE '45010' SET MESSAGE_TEXT = 'CappedDeposit: over the cap';
    END IF;
    SET v_name = (SELECT name FROM accounts WHERE custid = p_custid);
    IF v_name IS NULL THEN
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'CappedDeposit: unknown customer';
    END IF;
END;

-- Pays p_amount from the customer with the largest checking balance (ties: the lowest custid) to p_dst.
CREATE PROCEDURE PayFromRichest(IN p_dst BIGINT, IN p_amount DECIMAL(15,2), OUT p_src BIGINT)
    MODIFIES SQL DATA
BEGIN ATOMIC
    DECLARE v_src BIGINT;
    DECLARE v_bal DECIMAL(15,2);
    DECLARE v_name VARCHAR(64);
    SET v_src = (SELECT custid FROM checking ORDER BY bal DESC, custid LIMIT 1);
    SET p_src = v_src;
    SELECT bal INTO v_bal FROM checking WHERE custid = v_src;
    SET v_name = (SELECT name FROM accounts WHERE custid = p_dst);
    IF v_name IS NULL THEN
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'PayFromRichest: unknown payee';
    END IF;
    IF v_bal < p_amount THEN
        SIGNAL SQLSTATE '45003' SET MESSAGE_TEXT = 'PayFromRichest: insufficient funds';
    END IF;
    UPDATE checking SET bal = bal - p_amount WHERE custid = v_src;
    UPDATE checking SET bal = bal + p_amount WHERE custid = p_dst;
END;

-- The k-th poorest savings account above a threshold (0-based; ties: the lowest custid), NULL beyond the
-- last. (Each partition sends its first k + 2 rows: k stays small.)
CREATE PROCEDURE NthPoorest(IN p_above DECIMAL(15,2), IN p_k INTEGER, OUT p_custid BIGINT, OUT p_bal DECIMAL(15,2))
    READS SQL DATA
BEGIN ATOMIC
    DECLARE v_custid BIGINT;
    SET p_bal = NULL; -- (HSQLDB keeps an OUT parameter's value from the previous call when no row is found)
    SET v_custid = (SELECT custid FROM savings WHERE bal > p_above ORDER BY bal, custid LIMIT 1 OFFSET p_k);
    SET p_custid = v_custid;
    SET p_bal = (SELECT bal FROM savings WHERE custid = v_custid);
END;

-- A customer found by name (not the partition key): an unordered single-row read of every partition.
CREATE PROCEDURE DepositByName(IN p_name VARCHAR(64), IN p_amount DECIMAL(15,2), OUT p_custid BIGINT)
    MODIFIES SQL DATA
BEGIN ATOMIC
    DECLARE v_custid BIGINT;
    SET v_custid = (SELECT custid FROM accounts WHERE name = p_name);
    IF v_custid IS NULL THEN
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'DepositByName: unknown customer';
    END IF;
    SET p_custid = v_custid;
    UPDATE savings SET bal = bal + p_amount WHERE custid = v_custid;
END;
