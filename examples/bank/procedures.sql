-- SmallBank transactions. Every procedure first checks that the customers it names exist and
-- aborts with SQLSTATE '45000' otherwise; a user abort (SIGNAL) undoes everything the call wrote.

-- Move all the funds of customer custid0 (savings and checking) into custid1's checking account.
CREATE PROCEDURE Amalgamate(IN custid0 BIGINT, IN custid1 BIGINT)
    MODIFIES SQL DATA
BEGIN ATOMIC
    DECLARE name0 VARCHAR(64);
    DECLARE name1 VARCHAR(64);
    DECLARE sav0 DECIMAL(15,2);
    DECLARE chk0 DECIMAL(15,2);
    SET name0 = (SELECT name FROM accounts WHERE custid = custid0);
    IF name0 IS NULL THEN
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'Amalgamate: unknown source customer';
    END IF;
    SET name1 = (SELECT name FROM accounts WHERE custid = custid1);
    IF name1 IS NULL THEN
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'Amalgamate: unknown destination customer';
    END IF;
    SELECT bal INTO sav0 FROM savings WHERE custid = custid0;
    SELECT bal INTO chk0 FROM checking WHERE custid = custid0;
    UPDATE savings SET bal = 0 WHERE custid = custid0;
    UPDATE checking SET bal = 0 WHERE custid = custid0;
    UPDATE checking SET bal = bal + sav0 + chk0 WHERE custid = custid1;
END;

-- The total balance (savings + checking) of one customer.
CREATE PROCEDURE Balance(IN p_custid BIGINT, OUT total DECIMAL(15,2))
    READS SQL DATA
BEGIN ATOMIC
    DECLARE v_name VARCHAR(64);
    DECLARE v_sav DECIMAL(15,2);
    DECLARE v_chk DECIMAL(15,2);
    SET v_name = (SELECT name FROM accounts WHERE custid = p_custid);
    IF v_name IS NULL THEN
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'Balance: unknown customer';
    END IF;
    SELECT bal INTO v_sav FROM savings WHERE custid = p_custid;
    SELECT bal INTO v_chk FROM checking WHERE custid = p_custid;
    SET total = v_sav + v_chk;
END;

-- Deposit a non-negative amount into a customer's checking account.
CREATE PROCEDURE DepositChecking(IN p_custid BIGINT, IN p_amount DECIMAL(15,2))
    MODIFIES SQL DATA
BEGIN ATOMIC
    DECLARE v_name VARCHAR(64);
    IF p_amount < 0 THEN
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'DepositChecking: negative amount';
    END IF;
    SET v_name = (SELECT name FROM accounts WHERE custid = p_custid);
    IF v_name IS NULL THEN
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'DepositChecking: unknown customer';
    END IF;
    UPDATE checking SET bal = bal + p_amount WHERE custid = p_custid;
END;

-- Move amount from src's checking account to dst's checking account; abort when src's checking
-- balance does not cover it.
CREATE PROCEDURE SendPayment(IN src BIGINT, IN dst BIGINT, IN amount DECIMAL(15,2))
    MODIFIES SQL DATA
BEGIN ATOMIC
    DECLARE src_name VARCHAR(64);
    DECLARE dst_name VARCHAR(64);
    DECLARE src_bal DECIMAL(15,2);
    SET src_name = (SELECT name FROM accounts WHERE custid = src);
    IF src_name IS NULL THEN
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'SendPayment: unknown source customer';
    END IF;
    SET dst_name = (SELECT name FROM accounts WHERE custid = dst);
    IF dst_name IS NULL THEN
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'SendPayment: unknown destination customer';
    END IF;
    SELECT bal INTO src_bal FROM checking WHERE custid = src;
    IF src_bal < amount THEN
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'SendPayment: insufficient funds';
    END IF;
    UPDATE checking SET bal = bal - amount WHERE custid = src;
    UPDATE checking SET bal = bal + amount WHERE custid = dst;
END;

-- Add amount (which may be negative: a withdrawal) to a customer's savings; abort when the
-- savings balance would become negative.
CREATE PROCEDURE TransactSavings(IN p_custid BIGINT, IN p_amount DECIMAL(15,2))
    MODIFIES SQL DATA
BEGIN ATOMIC
    DECLARE v_name VARCHAR(64);
    DECLARE v_sav DECIMAL(15,2);
    SET v_name = (SELECT name FROM accounts WHERE custid = p_custid);
    IF v_name IS NULL THEN
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'TransactSavings: unknown customer';
    END IF;
    SELECT bal INTO v_sav FROM savings WHERE custid = p_custid;
    IF v_sav + p_amount < 0 THEN
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'TransactSavings: insufficient funds';
    END IF;
    UPDATE savings SET bal = bal + p_amount WHERE custid = p_custid;
END;

-- Write a check against a customer's checking account. When savings plus checking do not cover
-- the check it is still paid, but overdrawing costs a penalty of 1.00.
CREATE PROCEDURE WriteCheck(IN p_custid BIGINT, IN p_amount DECIMAL(15,2))
    MODIFIES SQL DATA
BEGIN ATOMIC
    DECLARE v_name VARCHAR(64);
    DECLARE v_sav DECIMAL(15,2);
    DECLARE v_chk DECIMAL(15,2);
    SET v_name = (SELECT name FROM accounts WHERE custid = p_custid);
    IF v_name IS NULL THEN
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'WriteCheck: unknown customer';
    END IF;
    SELECT bal INTO v_sav FROM savings WHERE custid = p_custid;
    SELECT bal INTO v_chk FROM checking WHERE custid = p_custid;
    IF v_sav + v_chk < p_amount THEN
        UPDATE checking SET bal = bal - (p_amount + 1) WHERE custid = p_custid;
    ELSE
        UPDATE checking SET bal = bal - p_amount WHERE custid = p_custid;
    END IF;
END;
