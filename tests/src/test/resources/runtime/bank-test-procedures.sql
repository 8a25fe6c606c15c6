-- Test-only procedures added to the bank example by the runtime acceptance tests
-- (tests/src/test/java/org/pimsql/tests/runtime). Both name one customer: single-partition.

-- Every column of one customer's three rows (all NULL for an unknown customer): how the tests read
-- the final tables back from PimSQL, which has no ad-hoc queries.
CREATE PROCEDURE ReadCustomer(IN p_custid BIGINT, OUT p_name VARCHAR(64), OUT p_sav DECIMAL(15,2),
                              OUT p_chk DECIMAL(15,2))
    READS SQL DATA
BEGIN ATOMIC
    -- (HSQLDB keeps a variable's old value when a scalar subquery finds no row, so clear them first.)
    SET p_name = NULL;
    SET p_sav = NULL;
    SET p_chk = NULL;
    SET p_name = (SELECT name FROM accounts WHERE custid = p_custid);
    SET p_sav = (SELECT bal FROM savings WHERE custid = p_custid);
    SET p_chk = (SELECT bal FROM checking WHERE custid = p_custid);
END;

-- Move p_amount from the customer's checking account to their savings (a negative amount moves it
-- back); aborts when either balance would become negative. Conserves the customer's total.
CREATE PROCEDURE MoveToSavings(IN p_custid BIGINT, IN p_amount DECIMAL(15,2))
    MODIFIES SQL DATA
BEGIN ATOMIC
    DECLARE v_name VARCHAR(64);
    DECLARE v_sav DECIMAL(15,2);
    DECLARE v_chk DECIMAL(15,2);
    SET v_name = (SELECT name FROM accounts WHERE custid = p_custid);
    IF v_name IS NULL THEN
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'MoveToSavings: unknown customer';
    END IF;
    SELECT bal INTO v_sav FROM savings WHERE custid = p_custid;
    SELECT bal INTO v_chk FROM checking WHERE custid = p_custid;
    IF v_chk - p_amount < 0 OR v_sav + p_amount < 0 THEN
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'MoveToSavings: insufficient funds';
    END IF;
    UPDATE savings SET bal = bal + p_amount WHERE custid = p_custid;
    UPDATE checking SET bal = bal - p_amount WHERE custid = p_custid;
END;

-- Multi-partition tests (MultiPartitionTest): a payment log partitioned by the paid customer, and a
-- payment with three participants whose writes come before the checks that may abort it, so that a
-- SIGNAL raised by the data of any participant (or a duplicate key on one of them) must undo writes
-- already made on the others.
CREATE TABLE paylog (
    custid BIGINT        NOT NULL,
    log_id BIGINT        NOT NULL,
    amount DECIMAL(15,2) NOT NULL,
    PRIMARY KEY (custid, log_id)
);
PARTITION TABLE paylog ON COLUMN custid;

CREATE PROCEDURE SplitPayment(IN src BIGINT, IN dst1 BIGINT, IN dst2 BIGINT, IN amount DECIMAL(15,2),
                              IN p_log BIGINT)
    MODIFIES SQL DATA
BEGIN ATOMIC
    DECLARE v_name VARCHAR(64);
    DECLARE v_bal DECIMAL(15,2);
    UPDATE checking SET bal = bal + amount WHERE custid = dst1;
    SET v_name = (SELECT name FROM accounts WHERE custid = dst1);
    IF v_name IS NULL THEN
        SIGNAL SQLSTATE '45001' SET MESSAGE_TEXT = 'SplitPayment: unknown first payee';
    END IF;
    UPDATE checking SET bal = bal + amount WHERE custid = dst2;
    INSERT INTO paylog VALUES (dst2, p_log, amount);
    SET v_name = NULL;
    SET v_name = (SELECT name FROM accounts WHERE custid = dst2);
    IF v_name IS NULL THEN
        SIGNAL SQLSTATE '45002' SET MESSAGE_TEXT = 'SplitPayment: unknown second payee';
    END IF;
    SELECT bal INTO v_bal FROM checking WHERE custid = src;
    IF v_bal IS NULL THEN
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'SplitPayment: unknown payer';
    END IF;
    IF v_bal < 2 * amount THEN
        SIGNAL SQLSTATE '45003' SET MESSAGE_TEXT = 'SplitPayment: insufficient funds';
    END IF;
    UPDATE checking SET bal = bal - 2 * amount WHERE custid = src;
END;
