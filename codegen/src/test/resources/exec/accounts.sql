-- A tiny schema for the kernel execution test (runtime-dpu/src/test/c/kernel/exec_test.c hand-encodes
-- calls for exactly these procedures; KernelExecutionTest checks that the layouts it assumes hold).
CREATE TABLE acct (
    id INTEGER NOT NULL,
    name VARCHAR(16),
    bal DECIMAL(10,2) NOT NULL,
    PRIMARY KEY (id)
);
CREATE INDEX acct_by_name ON acct (name);
PARTITION TABLE acct ON COLUMN id;

CREATE PROCEDURE put_acct(IN p_id INTEGER, IN p_name VARCHAR(16), IN p_bal DECIMAL(10,2))
    MODIFIES SQL DATA
BEGIN ATOMIC
    INSERT INTO acct (id, name, bal) VALUES (p_id, p_name, p_bal);
END;

CREATE PROCEDURE get_acct(IN p_id INTEGER, OUT p_name VARCHAR(16), OUT p_bal DECIMAL(10,2))
    READS SQL DATA
BEGIN ATOMIC
    SELECT name, bal INTO p_name, p_bal FROM acct WHERE id = p_id;
END;

CREATE PROCEDURE pay(IN p_id INTEGER, IN p_amount DECIMAL(10,2))
    MODIFIES SQL DATA
BEGIN ATOMIC
    DECLARE v_bal DECIMAL(10,2);
    UPDATE acct SET bal = bal - p_amount WHERE id = p_id;
    SET v_bal = (SELECT bal FROM acct WHERE id = p_id);
    IF v_bal < 0 THEN
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'overdrawn';
    END IF;
END;

CREATE PROCEDURE list_from(IN p_lo VARCHAR(16))
    READS SQL DATA
    DYNAMIC RESULT SETS 1
BEGIN ATOMIC
    DECLARE c CURSOR WITH RETURN FOR
        SELECT id, name, bal FROM acct WHERE name >= p_lo ORDER BY name;
    OPEN c;
END;

CREATE PROCEDURE put_then_fail(IN p_id INTEGER, IN p_name VARCHAR(16))
    MODIFIES SQL DATA
BEGIN ATOMIC
    INSERT INTO acct (id, name, bal) VALUES (p_id, p_name, 0);
    SIGNAL SQLSTATE '45001' SET MESSAGE_TEXT = 'changed my mind';
END;
